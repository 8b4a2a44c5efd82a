# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.

## Replay screen

replay-title = 回放
replay-play = 播放
replay-pause = 暂停
replay-menu = 菜单
replay-keys = Home · ← · Space · → · End · N 手数 · A 分析
replay-speed = 每秒 { $speed } 步
replay-move-counter = 第 { $n } 步 / 共 { $total } 步
replay-left = 剩余 { $clock }
replay-opening-stone = 开局

## Review of a game

review-button = 复盘本局
review-seconds = { $seconds } 秒
review-failed = 复盘失败：{ $error }。
review-progress = 复盘中… 已分析 { $done } / { $total } 个局面
review-hint = V：引擎将逐手复盘本局。
review-start = 开局前：点击曲线图或逐步前进，查看每一手的评价。
review-move = 第 { $n } 手 · { $side } { $move }：{ $grade }，{ $outlook }。
review-move-timed = 第 { $n } 手 · { $side } { $move }（{ $time }）：{ $grade }，{ $outlook }。
review-best = 最佳着法是 { $move }：{ $outlook }。
review-missed = { $side }错过了必胜：{ $outlook }。
review-opening-stone = 开局子，不评价
review-not-graded = 未评价
review-accuracy = { $side }：准确率 { $accuracy }%
review-count-inaccuracy = { $n } 手欠佳
review-count-mistake = { $n } 手错着
review-count-blunder = { $n } 手败着
review-count-missed-win = { $n } 次错失胜机
review-turning-point = 转折点：第 { $n } 手（{ $side } { $move }）

## Grades of a move

review-grade-best = 最佳
review-grade-good = 好棋
review-grade-inaccuracy = 欠佳
review-grade-mistake = 错着
review-grade-blunder = 败着
review-grade-missed-win = 错失胜机

## Load game screen

load-title = 载入棋谱
load-folder = 棋谱保存在 { $folder }
load-empty = 还没有保存的棋谱：下完的对局会自动保存在这里。
load-newer = 较新
load-older = 较早
load-page = 第 { $page } / { $pages } 页
load-back = 返回

## Analysis board

analysis-title = 局面分析
analysis-take-back = 悔棋
analysis-switch-side = 交换落子方
analysis-threats = 威胁
analysis-clear = 清空棋盘
analysis-menu = 菜单
analysis-click-hint = 点击棋盘，为当前一方落子
analysis-engine = 引擎：{ $name }
analysis-engine-own = 内置
analysis-no-engine = 设置中添加的引擎都不能按这个规则和棋盘大小下棋。
analysis-engine-fault = { $name } 出错（{ $what }），无法分析。
analysis-one-line-not-asked = { $name } 只显示一条变化：它是在游戏询问多条变化之前添加的。请在设置中重新添加。
analysis-one-line-refused = { $name } 只显示一条变化：它不回答 YXNBEST（询问多个最佳着法的命令）。
analysis-one-line-single = { $name } 只显示一条变化：它对 YXNBEST 只回答一条变化。
analysis-stones-kept = 新棋盘上放得下 { $total } 枚棋子中的 { $kept } 枚，其余已移除。
analysis-board-empty = 棋盘上没有棋子。
analysis-game-over = 对局结束：已连成{ $line }。悔棋后可继续。
analysis-to-place = 轮到{ $side }落子
analysis-thinking = 引擎思考中…
analysis-depth = 引擎，深度 { $depth }：
analysis-depth-deepening = 引擎，深度 { $depth }，继续加深：
analysis-lines = 引擎：
analysis-lines-deepening = 引擎，继续计算：

review-title = 复盘
review-refutation = { $side }应以 { $move }：{ $outlook }。
