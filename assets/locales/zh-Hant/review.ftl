# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.

## Replay screen

replay-title = 重播
replay-play = 播放
replay-pause = 暫停
replay-menu = 選單
replay-keys = Home · ← · Space · → · End · N 手數 · A 分析
replay-speed = 每秒 { $speed } 步
replay-move-counter = 第 { $n } 步 / 共 { $total } 步
replay-left = 剩餘 { $clock }
replay-opening-stone = 開局

## Review of a game

review-button = 覆盤本局
review-seconds = { $seconds } 秒
review-failed = 覆盤失敗：{ $error }。
review-progress = 覆盤中… 已分析 { $done } / { $total } 個局面
review-hint = V：引擎將逐手覆盤本局。
review-start = 開局前：點擊曲線圖或逐步前進，查看每一手的評價。
review-move = 第 { $n } 手 · { $side } { $move }：{ $grade }，{ $outlook }。
review-move-timed = 第 { $n } 手 · { $side } { $move }（{ $time }）：{ $grade }，{ $outlook }。
review-best = 最佳著法是 { $move }：{ $outlook }。
review-missed = { $side }錯過了必勝：{ $outlook }。
review-opening-stone = 開局子，不評價
review-not-graded = 未評價
review-accuracy = { $side }：準確率 { $accuracy }%
review-count-inaccuracy = { $n } 手欠佳
review-count-mistake = { $n } 手錯著
review-count-blunder = { $n } 手敗著
review-count-missed-win = { $n } 次錯失勝機
review-turning-point = 轉折點：第 { $n } 手（{ $side } { $move }）

## Grades of a move

review-grade-best = 最佳
review-grade-good = 好棋
review-grade-inaccuracy = 欠佳
review-grade-mistake = 錯著
review-grade-blunder = 敗著
review-grade-missed-win = 錯失勝機

## Load game screen

load-title = 載入棋譜
load-folder = 棋譜儲存在 { $folder }
load-empty = 還沒有儲存的棋譜：下完的對局會自動儲存在這裡。
load-newer = 較新
load-older = 較舊
load-page = 第 { $page } / { $pages } 頁
load-back = 返回

## Analysis board

analysis-title = 局面分析
analysis-take-back = 悔棋
analysis-switch-side = 交換落子方
analysis-threats = 威脅
analysis-clear = 清空棋盤
analysis-menu = 選單
analysis-click-hint = 點擊棋盤，為目前一方落子
analysis-engine = 引擎：{ $name }
analysis-engine-own = 內建
analysis-no-engine = 設定中新增的引擎都不能按這個規則和棋盤大小下棋。
analysis-engine-fault = { $name } 出錯（{ $what }），無法分析。
analysis-one-line-not-asked = { $name } 只顯示一條變化：它是在遊戲詢問多條變化之前加入的。請在設定中重新加入。
analysis-one-line-refused = { $name } 只顯示一條變化：它不回答 YXNBEST（詢問多個最佳著法的命令）。
analysis-one-line-single = { $name } 只顯示一條變化：它對 YXNBEST 只回答一條變化。
analysis-stones-kept = 新棋盤上放得下 { $total } 顆棋子中的 { $kept } 顆，其餘已移除。
analysis-board-empty = 棋盤上沒有棋子。
analysis-game-over = 對局結束：已連成{ $line }。悔棋後可繼續。
analysis-to-place = 輪到{ $side }落子
analysis-thinking = 引擎思考中…
analysis-depth = 引擎，深度 { $depth }：
analysis-depth-deepening = 引擎，深度 { $depth }，持續加深：
analysis-lines = 引擎：
analysis-lines-deepening = 引擎，持續計算：

review-title = 覆盤
review-refutation = { $side }應以 { $move }：{ $outlook }。
