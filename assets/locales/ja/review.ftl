# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.

## Replay screen

replay-title = 棋譜再生
replay-play = 再生
replay-pause = 停止
replay-menu = メニュー
replay-keys = Home · ← · Space · → · End · N 手数 · A 検討
replay-speed = 毎秒 { $speed } 手
replay-move-counter = { $n } 手目 / 全 { $total } 手
replay-left = 残り { $clock }
replay-opening-stone = 開局

## Review of a game

review-button = この対局を検討する
review-seconds = { $seconds } 秒
review-failed = 検討に失敗しました：{ $error }。
review-progress = 検討中… { $total } 局面中 { $done } 局面
review-hint = V：エンジンがこの対局の全手を検討します。
review-start = 開始局面：グラフをクリックするか一手ずつ進めると、各手の評価を見られます。
review-move = { $n } 手目 · { $side } { $move }：{ $grade }、{ $outlook }。
review-move-timed = { $n } 手目 · { $side } { $move }（{ $time }）：{ $grade }、{ $outlook }。
review-best = 最善は { $move }：{ $outlook }。
review-missed = { $side }は必勝手順を逃しました：{ $outlook }。
review-opening-stone = 開局の石、評価なし
review-not-graded = 評価なし
review-accuracy = { $side }：正確度 { $accuracy }%
review-count-inaccuracy = 疑問手 { $n }
review-count-mistake = 悪手 { $n }
review-count-blunder = 大悪手 { $n }
review-count-missed-win = 勝ち逃し { $n }
review-turning-point = 分岐点：{ $n } 手目（{ $side } { $move }）

## Grades of a move

review-grade-best = 最善手
review-grade-good = 好手
review-grade-inaccuracy = 疑問手
review-grade-mistake = 悪手
review-grade-blunder = 大悪手
review-grade-missed-win = 勝ち逃し

## Load game screen

load-title = 棋譜を読み込む
load-folder = 保存先: { $folder }
load-empty = 保存された棋譜はまだありません。終局した対局はここに自動で保存されます。
load-newer = 新しい棋譜
load-older = 古い棋譜
load-page = { $page } / { $pages } ページ
load-back = 戻る

## Analysis board

analysis-title = 検討盤
analysis-take-back = 一手戻す
analysis-switch-side = 手番を替える
analysis-threats = 脅威
analysis-clear = 盤面を消去
analysis-menu = メニュー
analysis-click-hint = クリックすると手番の側が打ちます
analysis-engine = エンジン：{ $name }
analysis-engine-own = 内蔵
analysis-no-engine = 設定で追加したエンジンに、このルールと盤の大きさで打てるものはありません。
analysis-engine-fault = { $name }に問題が起きました（{ $what }）。検討できません。
analysis-one-line-not-asked = { $name }は読み筋を1つだけ示します。複数の読み筋を尋ねる前に追加されたためです。設定でもう一度追加してください。
analysis-one-line-refused = { $name }は読み筋を1つだけ示します。複数の最善手を求めるコマンドYXNBESTに答えません。
analysis-one-line-single = { $name }は読み筋を1つだけ示します。YXNBESTに1つの読み筋しか返しません。
analysis-stones-kept = 新しい盤に収まったのは { $total } 個中 { $kept } 個です。残りは取り除きました。
analysis-board-empty = 盤には何もありません。
analysis-game-over = 終局：{ $line }並びました。一手戻すと続けられます。
analysis-to-place = { $side }の番
analysis-thinking = エンジン思考中…
analysis-depth = エンジン（深さ { $depth }）：
analysis-depth-deepening = エンジン（深さ { $depth }、さらに読み中）：
analysis-lines = エンジン：
analysis-lines-deepening = エンジン（さらに読み中）：

review-title = 検討
review-refutation = { $side }の応手は { $move }：{ $outlook }。
