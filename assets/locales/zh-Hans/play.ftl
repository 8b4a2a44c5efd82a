# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# 简体中文. Keys and variables as in ../en/play.ftl. Terms: ../README.md.

## Names of keys

play-key-esc = Esc
play-key-enter = Enter
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = 新对局
setup-game = 游戏
setup-opponent = 对手
setup-colour = 执子
setup-colour-first = { $side }（先手）
setup-colour-random = 随机
setup-clock = 计时
setup-more-below = 下方还有选项（向下滚动）
setup-own-clock = 自定义计时
setup-clock-minute-less = − 分
setup-clock-minute-more = + 分
setup-clock-second-less = − 秒
setup-clock-second-more = + 秒
setup-clock-note-fischer = { $clock }：每方总时间（分）+ 每步加时（秒）
setup-clock-note-per-move = { $clock }（每步未用完的时间不累积）
setup-clock-note-none = 不计时：想多久都可以
setup-record = { $wins }胜 { $losses }负 { $draws }和
setup-two-players = 双人对弈
setup-two-players-note = 和朋友在这台电脑上轮流下。
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · 引擎
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = 开局后由 { $name } 下棋：开局中的选择由大师级代为决定。
setup-engine-opening-asked = 如果 { $name } 认识 SWAP2BOARD 命令，这个开局中的选择由它自己决定；否则由大师级代为决定。
setup-back = 返回
setup-start = 开始对局

## Time controls

clock-none = 不计时
clock-fischer = { $minutes } + { $increment }
clock-fischer-seconds = { $seconds }秒 + { $increment }
clock-per-move = 每步 { $seconds } 秒
clock-tenths = { $seconds }

## Playing screen

play-undo = 悔棋
play-redo = 重做
play-hint = 提示
play-resign = 认输
play-menu = 菜单
play-eval-black = 黑
play-eval-white = 白
play-ai = AI
play-turn-game-over = 对局结束
play-turn-opening = 开局
play-turn-opening-ai = 开局 · { $level }
play-turn-opening-you = 开局 · 轮到你
play-turn-ai = 轮到 { $level }
play-turn-ai-thinking = { $level } 思考中
play-turn-ai-depth = { $level } 思考中 · 深度 { $depth }
play-turn-you = 轮到你
play-turn-side = 轮到{ $side }
play-moves-played = 已下 { $count } 手
play-moves-played-redo = 已下 { $count } 手（可重做 { $redo } 手）
play-info-two-players = 双人对弈：在这台电脑上轮流下。

## Move list

moves-opening = 开局

## Result screen

result-win-on-time = 对方超时，你赢了！
result-loss-on-time = 你超时了，判负
result-win = 你赢了！
result-loss = 你输了
result-draw = 和棋
result-side-wins = { $side }胜！
result-side-won = { $side }胜
result-reason-line = { $player }在第 { $move } 手连成{ $line }。
result-reason-resigned = 下了 { $moves } 手后，{ $player }认输。
result-reason-time = 下了 { $moves } 手后，{ $player }超时。
result-reason-forfeit = 下了 { $moves } 手后，{ $player }被判负（{ $why }）。
result-reason-board-full = 棋盘已满：双方都没有连成{ $line }。
result-saved-as =
    已保存为
    { $file }
result-not-saved = 棋谱未能保存。
result-tally =
    对战 { $level }：
    { $wins } 胜 · { $losses } 负 · { $draws } 和
result-review = 复盘
result-replay = 回放
result-rematch = 再来一局（交换先后）
result-menu = 菜单
result-last-game = 上一局

setup-replace-title = 替换未下完的对局？
setup-replace-body = 新对局将取代未下完的对局，之后无法再继续那一局。
setup-replace-yes = 替换
setup-replace-no = 保留

## Engine match: two players (levels or engines) play each other, watched.
match-title = 引擎对战
match-start = 开始对战
match-player = 玩家 { $player }
match-games = 局数
match-note = 每个开局下两次，交换先后。每局棋谱都保存在棋谱文件夹中（“载入棋谱”）。
match-note-opening = 双方每局轮流开局，玩家 1 先开；执黑执白由开局规则中的选择决定。每局棋谱都保存在棋谱文件夹中（“载入棋谱”）。
match-opening-balanced = 均衡开局
match-opening-balanced-about = 不用开局规则：每局从一个三子的均衡开局开始。
match-player-cannot = 玩家 { $player } 无法在这个规则和棋盘大小下进行这个游戏：请另选一个。
match-heading = 第 { $number } 局 / 共 { $total } 局
match-heading-over = 对战结束：共 { $total } 局
match-heading-stopped = 下了 { $played } 局后，对战已中止
match-score = { $a } { $a-points } – { $b-points } { $b }
match-elo = { $a }：Elo { $elo } ± { $margin } · { $wins } 胜，{ $losses } 负，{ $draws } 和
match-elo-wide = { $a }：Elo { $elo }（对局太少，无法估计误差） · { $wins } 胜，{ $losses } 负，{ $draws } 和
match-elo-unknown = { $wins } 胜，{ $losses } 负，{ $draws } 和 · 双方都得分后显示 Elo
match-stopped-game = 对战已中止：本局不计。
match-stop = 停止
match-again = 再赛一场
match-saved = 棋谱保存在 { $dir }
match-game = { $number }. { $first }（{ $first-side }）– { $second }（{ $second-side }）：{ $how }
match-how-line = { $winner }连成{ $line }获胜
match-how-time = { $winner }因对方超时获胜
match-how-forfeit = { $winner }因对方被判负获胜：{ $loser } { $why }
match-how-resigned = { $winner }因对方认输获胜
match-how-draw = 和棋
match-faults = 超时负：{ $time } 局 · 判负：{ $forfeits } 局
match-games-earlier = … 另有更早的 { $n } 局
