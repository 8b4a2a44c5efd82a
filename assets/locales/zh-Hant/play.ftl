# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# 繁體中文. Keys and variables as in ../en/play.ftl. Terms: ../README.md.

## Names of keys

play-key-esc = Esc
play-key-enter = Enter
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = 新對局
setup-game = 遊戲
setup-opponent = 對手
setup-colour = 執子
setup-colour-first = { $side }（先手）
setup-colour-random = 隨機
setup-clock = 計時
setup-more-below = 下方還有選項（向下捲動）
setup-own-clock = 自訂計時
setup-clock-minute-less = − 分
setup-clock-minute-more = + 分
setup-clock-second-less = − 秒
setup-clock-second-more = + 秒
setup-clock-note-fischer = { $clock }：每方總時間（分）+ 每步加時（秒）
setup-clock-note-per-move = { $clock }（每步未用完的時間不累積）
setup-clock-note-none = 不計時：想多久都可以
setup-record = { $wins }勝 { $losses }負 { $draws }和
setup-two-players = 雙人對弈
setup-two-players-note = 和朋友在這台電腦上輪流下。
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · 引擎
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = 開局後由 { $name } 下棋：開局中的選擇由大師級代為決定。
setup-engine-opening-asked = 如果 { $name } 認識 SWAP2BOARD 命令，這個開局中的選擇由它自己決定；否則由大師級代為決定。
setup-back = 返回
setup-start = 開始對局

## Time controls

clock-none = 不計時
clock-fischer = { $minutes } + { $increment }
clock-fischer-seconds = { $seconds }秒 + { $increment }
clock-per-move = 每步 { $seconds } 秒
clock-tenths = { $seconds }

## Playing screen

play-undo = 悔棋
play-redo = 重做
play-hint = 提示
play-resign = 認輸
play-menu = 選單
play-eval-black = 黑
play-eval-white = 白
play-ai = AI
play-turn-game-over = 對局結束
play-turn-opening = 開局
play-turn-opening-ai = 開局 · { $level }
play-turn-opening-you = 開局 · 輪到你
play-turn-ai = 輪到 { $level }
play-turn-ai-thinking = { $level } 思考中
play-turn-ai-depth = { $level } 思考中 · 深度 { $depth }
play-turn-you = 輪到你
play-turn-side = 輪到{ $side }
play-moves-played = 已下 { $count } 手
play-moves-played-redo = 已下 { $count } 手（可重做 { $redo } 手）
play-info-two-players = 雙人對弈：在這台電腦上輪流下。

## Move list

moves-opening = 開局

## Result screen

result-win-on-time = 對方超時，你贏了！
result-loss-on-time = 你超時了，判負
result-win = 你贏了！
result-loss = 你輸了
result-draw = 和棋
result-side-wins = { $side }勝！
result-side-won = { $side }勝
result-reason-line = { $player }在第 { $move } 手連成{ $line }。
result-reason-resigned = 下了 { $moves } 手後，{ $player }認輸。
result-reason-time = 下了 { $moves } 手後，{ $player }超時。
result-reason-forfeit = 下了 { $moves } 手後，{ $player }被判負（{ $why }）。
result-reason-board-full = 棋盤已滿：雙方都沒有連成{ $line }。
result-saved-as =
    已儲存為
    { $file }
result-not-saved = 棋譜未能儲存。
result-tally =
    對戰 { $level }：
    { $wins } 勝 · { $losses } 負 · { $draws } 和
result-review = 覆盤
result-replay = 重播
result-rematch = 再來一局（交換先後）
result-menu = 選單
result-last-game = 上一局

setup-replace-title = 取代未下完的對局？
setup-replace-body = 新對局將取代未下完的對局，之後無法再繼續那一局。
setup-replace-yes = 取代
setup-replace-no = 保留

## Engine match: two players (levels or engines) play each other, watched.
match-title = 引擎對戰
match-start = 開始對戰
match-player = 玩家 { $player }
match-games = 局數
match-note = 每個開局下兩次，交換先後。每局棋譜都儲存在棋譜資料夾中（「載入棋譜」）。
match-note-opening = 雙方每局輪流開局，玩家 1 先開；執黑執白由開局規則中的選擇決定。每局棋譜都儲存在棋譜資料夾中（「載入棋譜」）。
match-opening-balanced = 均衡開局
match-opening-balanced-about = 不用開局規則：每局從一個三子的均衡開局開始。
match-player-cannot = 玩家 { $player } 無法在這個規則和棋盤大小下進行這個遊戲：請另選一個。
match-heading = 第 { $number } 局 / 共 { $total } 局
match-heading-over = 對戰結束：共 { $total } 局
match-heading-stopped = 下了 { $played } 局後，對戰已中止
match-score = { $a } { $a-points } – { $b-points } { $b }
match-elo = { $a }：Elo { $elo } ± { $margin } · { $wins } 勝，{ $losses } 負，{ $draws } 和
match-elo-wide = { $a }：Elo { $elo }（對局太少，無法估計誤差） · { $wins } 勝，{ $losses } 負，{ $draws } 和
match-elo-unknown = { $wins } 勝，{ $losses } 負，{ $draws } 和 · 雙方都得分後顯示 Elo
match-stopped-game = 對戰已中止：本局不計。
match-stop = 停止
match-again = 再賽一場
match-saved = 棋譜儲存在 { $dir }
match-game = { $number }. { $first }（{ $first-side }）– { $second }（{ $second-side }）：{ $how }
match-how-line = { $winner }連成{ $line }獲勝
match-how-time = { $winner }因對方超時獲勝
match-how-forfeit = { $winner }因對方被判負獲勝：{ $loser } { $why }
match-how-resigned = { $winner }因對方認輸獲勝
match-how-draw = 和棋
match-faults = 超時負：{ $time } 局 · 判負：{ $forfeits } 局
match-games-earlier = … 另有更早的 { $n } 局
