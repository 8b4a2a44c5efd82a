# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# 日本語. Keys and variables as in ../en/play.ftl. Terms: ../README.md.

## Names of keys

play-key-esc = Esc
play-key-enter = Enter
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = 新しい対局
setup-game = ゲーム
setup-opponent = 相手
setup-colour = あなたの色
setup-colour-first = { $side }（先手）
setup-colour-random = ランダム
setup-clock = 持ち時間
setup-more-below = 下に続きがあります（スクロール）
setup-own-clock = 自分で設定
setup-clock-minute-less = − 分
setup-clock-minute-more = + 分
setup-clock-second-less = − 秒
setup-clock-second-more = + 秒
setup-clock-note-fischer = { $clock }：持ち時間（分）+ 1手ごとの加算（秒）
setup-clock-note-per-move = { $clock }（使い残した時間は持ち越しません）
setup-clock-note-none = 持ち時間なし：好きなだけ考えられます
setup-record = { $wins }勝 { $losses }敗 { $draws }分
setup-two-players = 二人で対局
setup-two-players-note = このコンピューターで友達と交互に打ちます。
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · エンジン
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = { $name }は開局の後から打ちます。開局での選択は名人が代わりに行います。
setup-engine-opening-asked = { $name }がSWAP2BOARDコマンドを知っていれば、この開局の選択を自分で行います。知らなければ名人が代わりに行います。
setup-back = 戻る
setup-start = 対局開始

## Time controls

clock-none = 持ち時間なし
clock-fischer = { $minutes } + { $increment }
clock-fischer-seconds = { $seconds }秒 + { $increment }
clock-per-move = 1手 { $seconds } 秒
clock-tenths = { $seconds }

## Playing screen

play-undo = 待った
play-redo = やり直し
play-hint = ヒント
play-resign = 投了
play-menu = メニュー
play-eval-black = 黒
play-eval-white = 白
play-ai = AI
play-turn-game-over = 終局
play-turn-opening = 開局
play-turn-opening-ai = 開局 · { $level }
play-turn-opening-you = 開局 · あなたの番
play-turn-ai = { $level }の番
play-turn-ai-thinking = { $level } 思考中
play-turn-ai-depth = { $level } 思考中 · 深さ { $depth }
play-turn-you = あなたの番
play-turn-side = { $side }の番
play-moves-played = 手数：{ $count }
play-moves-played-redo = 手数：{ $count }（やり直し { $redo } 手）
play-info-two-players = 二人で対局：このコンピューターで交互に打ちます。

## Move list

moves-opening = 開局

## Result screen

result-win-on-time = 時間切れであなたの勝ち！
result-loss-on-time = 時間切れであなたの負け
result-win = あなたの勝ち！
result-loss = あなたの負け
result-draw = 引き分け
result-side-wins = { $side }の勝ち！
result-side-won = { $side }の勝ち
result-reason-line = { $player }が{ $move }手目で{ $line }並べました。
result-reason-resigned = { $moves }手で{ $player }が投了しました。
result-reason-time = { $moves }手で{ $player }の時間が切れました。
result-reason-forfeit = { $moves }手で{ $player }の棄権負けとなりました（{ $why }）。
result-reason-board-full = 盤が埋まりました：どちらも{ $line }並べられませんでした。
result-saved-as =
    保存先
    { $file }
result-not-saved = 棋譜を保存できませんでした。
result-tally =
    { $level }との成績：
    { $wins }勝 · { $losses }敗 · { $draws }分
result-review = 検討する
result-replay = 再生
result-rematch = 再戦（先後交代）
result-menu = メニュー
result-last-game = 前回の対局

setup-replace-title = 途中の対局を置き換えますか？
setup-replace-body = 新しい対局が途中の対局に置き換わり、その対局は続けられなくなります。
setup-replace-yes = 置き換える
setup-replace-no = 残す

## Engine match: two players (levels or engines) play each other, watched.
match-title = エンジン対戦
match-start = 対戦開始
match-player = プレイヤー { $player }
match-games = 対局数
match-note = 各開局は先後を入れ替えて2回打ちます。すべての対局は棋譜フォルダーに保存されます（「棋譜を読み込む」）。
match-note-opening = 開局は1局ごとに交代で行い、プレイヤー 1 から始めます。色は開局ルールでの選択で決まります。すべての対局は棋譜フォルダーに保存されます（「棋譜を読み込む」）。
match-opening-balanced = 互角の開局
match-opening-balanced-about = 開局ルールなし：各対局は3石の互角の開局から始まります。
match-player-cannot = プレイヤー { $player }はこのルールと盤の大きさではこのゲームを打てません。別のプレイヤーを選んでください。
match-heading = 第{ $number }局 / 全{ $total }局
match-heading-over = 対戦終了：全{ $total }局
match-heading-stopped = { $played }局で対戦中止
match-score = { $a } { $a-points } – { $b-points } { $b }
match-elo = { $a }：Elo { $elo } ± { $margin } · { $wins }勝 { $losses }敗 { $draws }分
match-elo-wide = { $a }：Elo { $elo }（誤差を出すには対局数が不足） · { $wins }勝 { $losses }敗 { $draws }分
match-elo-unknown = { $wins }勝 { $losses }敗 { $draws }分 · Eloは双方に得点がついてから表示します
match-stopped-game = 対戦を中止しました。この対局は数えません。
match-stop = 中止
match-again = もう一度
match-saved = 棋譜の保存先: { $dir }
match-game = { $number }. { $first }（{ $first-side }）– { $second }（{ $second-side }）：{ $how }
match-how-line = { $winner }の勝ち（{ $line }並び）
match-how-time = { $winner }の時間切れ勝ち
match-how-forfeit = { $winner }の勝ち（{ $loser }の棄権負け：{ $why }）
match-how-resigned = { $winner }の中押し勝ち
match-how-draw = 引き分け
match-faults = 時間切れ負け { $time } 局 · 棄権負け { $forfeits } 局
match-games-earlier = … ほかに以前の { $n } 局
