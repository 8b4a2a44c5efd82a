# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = 黑方
side-gomoku-second = 白方
side-connect4-first = 红方
side-connect4-second = 黄方
player-you = 你
player-ai = { $level }（AI）
player-engine = { $name }（引擎）
player-numbered = 玩家 { $number }
player-coloured = { $colour }玩家
level-headline = 等级 { $number } · { $name }
level-gomoku-1 = 入门
level-gomoku-1-about = 贪心：只挑看起来最好的点，从不往后算。
level-gomoku-2 = 初级
level-gomoku-2-about = 懂棋形：用三和四进攻，也会挡住你的。
level-gomoku-3 = 中级
level-gomoku-3-about = 往后算几步，并全面评估棋形。
level-gomoku-4 = 高级
level-gomoku-4-about = 完整引擎，在固定节点数内搜索威胁。
level-gomoku-5 = 大师
level-gomoku-5-about = 完整引擎，深度威胁搜索，每步思考数秒。
level-connect4-1 = 初级
level-connect4-1-about = 能赢就赢，也会挡住你的胜着；其余凭感觉下。
level-connect4-2 = 中级
level-connect4-2-about = 往后算六步，懂得好棋形。
level-connect4-3 = 完美
level-connect4-3-about = 能算清就把局面完全算清：每步数秒。
controls-gomoku = 鼠标或方向键 + Enter 落子
controls-connect4 = 点击一列，或 ← → 加 Enter；按 1-7 直接落子

## Rules and board (setup rows, subtitles)

row-rule = 规则
row-board = 棋盘
row-opening = 开局
rule-freestyle = 无禁手
rule-freestyle-about = 连成五子或更多即胜。
rule-standard = 标准
rule-standard-about = 恰好连成五子才胜；六子及以上不算。
rule-renju = 连珠
rule-renju-about = 黑方不得走三三、四四或长连。白方连成五子或更多即胜。
rule-renju-note = 黑方不得走三三、四四或长连。
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · 连成四子即胜
c4-board-classic = 7 × 6（经典）
c4-setup-note = 把棋子投进各列：横、竖或斜连成四子即胜。
line-name = { $cells ->
    [4] 四子
    [5] 五子
    [6] 六子
    [7] 七子
    [8] 八子
    [9] 九子
   *[other] { $cells } 子
}
opening-rule-none = 无
opening-rule-none-about = 不用开局规则：黑方直接先走。
opening-rule-swap = Swap
opening-rule-swap-about = 用于无禁手和标准规则：先手方放三颗子（黑、白、黑），后手方选择颜色。
opening-rule-swap2 = Swap2
opening-rule-swap2-about = 用于无禁手和标准规则：同 Swap，或由后手方再放两颗子，先手方选择颜色。
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = 用于连珠。先手方摆出 26 种开局之一，并声明黑方将给出几个五手打点；对方可以交换一次。之后白方从黑方的打点中选一个。
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = 用于连珠。先手方摆出 26 种开局之一，对方可以交换。白方下第四手，并声明黑方将给出几个五手打点（1 到 8 个）；对方可以再交换一次。之后白方从打点中选一个。
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = 用于连珠。前四手下在逐步扩大的中央区域内，每手之后对方都可以交换。然后黑方下第五手，或给出十个五手打点由白方选择。

## Why a move was refused

move-taken = { $point } 已被{ $by }占据。
move-forbidden = { $point } 是黑方的连珠禁手：{ $kind }。
move-off-board = 该点不在棋盘上。
move-game-over = 对局已结束。
move-out-of-turn = 现在不轮到这一方。
move-other-game = 这步棋属于另一种棋。
foul-overline = 长连（六子或以上）
foul-double-four = 四四
foul-double-three = 三三
c4-no-column = 没有第 { $column } 列。
c4-column-full = 第 { $column } 列已满。
c4-column = 第 { $column } 列
switch-side-refused = { $game }双方总是轮流落子。
legend-threats = 带圈的点：红色成五，橙色成四，黄色成活三
legend-threats-renju = 带圈的点：红色成五，橙色成四，黄色成活三
    × 黑方禁手点

## The AI's search: the side panel and hints

outlook-has-won = { $side }已获胜
outlook-wins-in = { $side } { $moves } 步胜
outlook-draw = 和棋
outlook-unclear = 形势不明
outlook-chance = { $side }胜率 { $percent }%
panel-search = { $level }
    上次搜索：深度 { $depth } · { $outlook }
    { $nodes } 个节点，用时 { $seconds } 秒
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    上一手：深度 { $depth } · { $seconds } 秒
panel-engine-timed = { $name }
    上一手：{ $seconds } 秒
c4-how-forced = 必走之着
c4-how-feel = 凭感觉
c4-how-book = 来自开局库
c4-how-solved = 精确算出
c4-how-search = 搜索深度 { $depth }
c4-panel = { $level }
    上一步：第 { $column } 列（{ $how }）
    { $outlook } · { $seconds } 秒
c4-panel-plain = { $level }
    上一步：第 { $column } 列（{ $how }）
    { $seconds } 秒
c4-hint = 提示：第 { $column } 列（{ $outlook }）
c4-hint-plain = 提示：第 { $column } 列
hint-none = 没有提示：{ $why }。
hint-no-legal-move = 没有合法的着法
hint-other-game = 这是另一种棋的等级
hint-no-defence = 无法防守：无论你怎么走，{ $side }都将 { $moves } 步获胜，从 { $point } 开始。
hint-move = 提示：{ $point }（{ $level }：{ $outlook }）
hint-engine = 提示：{ $point }（{ $name }）

## Tournament openings (prompts, buttons, the line of decisions)

opening-place-run = 放 { $count } 颗子：{ $black ->
    [0] {""}
   *[other] { $black } 黑
}{ $black ->
    [0] {""}
   *[other] { $white ->
        [0] {""}
       *[other] 、
    }
}{ $white ->
    [0] {""}
   *[other] { $white } 白
}（现在{ $within ->
    [0] {""}
    [1] 在天元
   *[other] 在中央 { $within }×{ $within } 区域内
}放{ $colour ->
    [black] 黑子
   *[white] 白子
}）
opening-place-one = { $within ->
    [0] {""}
    [1] 在天元
   *[other] 在中央 { $within }×{ $within } 区域内
}放一颗{ $colour ->
    [black] 黑子
   *[white] 白子
}
opening-choose-colour = 选择你执的颜色
opening-declare = 声明黑方将给出几个五手打点（{ $min } 到 { $max }）
opening-offer = { $count ->
    [1] 再为黑方给出 1 个五手打点：由白方选择
   *[other] 再为黑方给出 { $count } 个五手打点，彼此不得对称：白方将从中选一个
}
opening-pick = 从黑方的五手打点中选一个
opening-play-black = 执黑
opening-play-white = 执白
opening-place-two = 再放两颗子
opening-offer-ten = 继续执黑，给出十个打点
opening-off-area = { $within ->
    [1] { $point } 不是天元：这颗子要下在天元。
   *[other] { $point } 在中央 { $within }×{ $within } 区域之外。
}
opening-not-offered = 现在不能这样选择。
opening-offered-already = { $point } 已经给出过了。
opening-symmetric = 在此局面中 { $point } 与已给出的打点 { $other } 对称：打点必须互不对称。
opening-not-an-offer = { $point } 不是给出的打点之一。
opening-over = 开局已结束。
opening-use-buttons = 请先用按钮做出选择。
decision-takes = { $who }{ $you ->
    [yes] 选择
   *[no] 选择
}执{ $colour ->
    [black] 黑
   *[white] 白
}
decision-keeps = { $who }{ $you ->
    [yes] 继续
   *[no] 继续
}执{ $colour ->
    [black] 黑
   *[white] 白
}
decision-places-two = { $who }{ $you ->
    [yes] 再放
   *[no] 再放
}两颗子
decision-offers-ten = { $who }{ $you ->
    [yes] 继续
   *[no] 继续
}执黑，给出五手打点
decision-declares = { $who }{ $you ->
    [yes] 声明
   *[no] 声明
} { $count } 个五手打点
decision-offers = { $who }{ $you ->
    [yes] 给出
   *[no] 给出
} { $points }
decision-picks = { $who }{ $you ->
    [yes] 选择
   *[no] 选择
} { $point }

## The status line in play

status-looking = 正在显示第 { $shown } 手后的局面（共 { $ply } 手）：点击第 { $ply } 手或按 End 返回对局。
status-wait-ai = 请等待 AI 落子。
status-nothing-to-undo = 没有可悔的棋。
status-nothing-to-redo = 没有可重做的棋。
status-no-redo-in-opening = 开局阶段不能重做。
status-no-hints-in-opening = 开局阶段没有提示。
status-hint-own-turn = 轮到你走时才能看提示。
status-hint-looking = 正在寻找好棋…
status-resign-confirm = 认输这局吗？再按一次“认输”（Ctrl+R）确认；其他任何操作都会取消。
status-ai-failed = AI 无法落子（{ $error }），判为认输。
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name } 判负（{ $what }）。
engine-stopped = 引擎尚未应答就被停止了。
fault-start = 无法启动（{ $error }）
fault-crash = 停止运行
fault-time = 没有在 { $seconds } 秒内应答
fault-not-a-move = 应答了“{ $reply }”而不是着法
fault-off-board = 下在棋盘外的 { $point }
fault-taken = 下在已有棋子的 { $point }
fault-forbidden = 下在黑棋的禁手点 { $point }
fault-after-the-end = 在对局结束后下了 { $point }
fault-flood = 一步棋输出了超过 { $lines } 行
fault-refused-sizes = 拒绝了提供的所有棋盘大小（{ $sizes }）
fault-refused-board = 拒绝了 { $size }×{ $size } 的棋盘：“{ $reply }”
fault-refused-command = 不认识命令 { $command }：“{ $reply }”
hint-engine-fault = { $name } { $what }
engine-not-this-game = 外部引擎不下这种棋。
status-ai-placing = { $level }正在放子…
status-ai-choosing = { $level }正在选择…
status-player-prompt = { $player }：{ $prompt }
status-autosave-failed = 自动保存失败：{ $error }
status-save-failed = 无法保存对局：{ $error }

## Saved games and records (the Load list, notices)

notice-autosave-unrestorable = 无法恢复自动保存的{ $game }对局（{ $reason }）。
notice-record-unreadable = 无法读取 { $file }：{ $reason }。
notice-moved-to = 它已被移到 { $path }。
autosave-bad-version = 未知的自动保存版本 { $version }
autosave-bad-rule = 未知规则“{ $rule }”
autosave-bad-colour = 未知颜色“{ $colour }”
autosave-bad-level = 未知等级 { $level }
autosave-over = 保存的对局已经结束
record-unknown-extension = 没有哪种棋能读取 .{ $ext } 文件
record-set-up-position = 该棋谱从摆好的局面开始
record-unreadable-line = 无法读取：{ $reason }
players-vs = { $first } 对 { $second }
record-result-unfinished = 未完
record-result-unknown = 结果未知
record-result-draw = 和棋
record-result-won = { $how ->
    [resignation] { $winner }胜（对方认输）
    [time] { $winner }超时胜
    [forfeit] { $winner }判胜
   *[won] { $winner }胜
}
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves } 手
summary-connect4 = 四子棋 { $width } × { $height } · { $players } · { $result } · { $moves } 手

online-board-unsupported = 在线四子棋使用标准的 7 × 6 棋盘。
online-clock-unsupported = 在线计时只支持整分钟加每步加秒；每步限时暂不支持在线对局。
