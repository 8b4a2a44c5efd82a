# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.

## The panel

puzzle-title = 谜题
puzzle-button-hint = 提示
puzzle-button-solution = 答案
puzzle-button-retry = 重试
puzzle-button-next = 下一题
puzzle-button-family = 游戏/规则
puzzle-button-difficulty = 难度
puzzle-button-open-game = 打开对局
puzzle-button-menu = 菜单
puzzle-click-to-play = 点击棋盘，替进攻方落子
puzzle-details = 难度 { $difficulty }/5 · 等级分 { $rating }
puzzle-details-forbidden = 难度 { $difficulty }/5 · 等级分 { $rating } · 涉及禁手
puzzle-family-yours = 我的谜题

## What to find

puzzle-prompt = { $side }先：{ $goal }
puzzle-goal-vcf = 以连续冲四取胜
puzzle-goal-vct = 以活三和冲四取胜
puzzle-goal-win-in = { $moves } 步内取胜
puzzle-prompt-solved = 已解出
puzzle-prompt-none = 没有谜题

## The status line

puzzle-status-checking = 正在判断…
puzzle-status-right = 正确。{ $defender }必须应对…
puzzle-status-answered = { $defender }应在 { $move }。请继续。
puzzle-status-solved-clean = 解出了！
puzzle-status-solved = 已解出。
puzzle-status-also-wins = 这步也能取胜，但更慢：请找出最强的先手。
puzzle-refuted-defence = 不对：{ $defender }应在 { $move }，进攻就此中断。再试一次。
puzzle-refuted-counter-win = 不对：{ $defender }从 { $move } 起抢先取胜（已在棋盘上标出）。再试一次。
puzzle-status-not-judged = 无法判断这步棋（{ $reason }）。
puzzle-hint-area = 提示：这步棋在 { $from } 与 { $to } 之间。
puzzle-hint-move = 提示：下在 { $move }。
puzzle-hint-none = 此处没有提示（{ $reason }）。
puzzle-solution = 答案：
puzzle-solution-none = 从这里无法给出答案（{ $reason }）。
puzzle-solution-shown = 以上就是答案。
puzzle-status-no-match = 没有符合筛选条件的谜题。
puzzle-status-no-setup = 无法摆出这道谜题的局面。
puzzle-status-not-saved = 无法保存你的进度：{ $reason }
puzzle-status-not-yours = 这道谜题不是来自你的对局。
puzzle-status-no-record = 那局棋的棋谱没有保存。
puzzle-status-open-failed = 无法打开该对局：{ $reason }

## Where a puzzle of the player's own came from

puzzle-source = 来自你的对局 { $file }（{ $date }）：第 { $move } 手错过了这个胜机。按 G 打开该对局。
puzzle-source-unsaved = 来自你的一局对局（{ $date }）：第 { $move } 手错过了这个胜机。

## The player's rating and the filter

puzzle-rating = 你的等级分：{ $rating } ± { $range }
puzzle-rating-provisional = 你的等级分：{ $rating } ± { $range }（暂定）
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
puzzle-streak = 连续解出 { $streak } · 最佳 { $best } · 已解 { $solved }/{ $total }
puzzle-filter = 显示：{ $family } · { $difficulty } · { $count } 道谜题（我的 { $yours } 道）
puzzle-filter-every-game = 全部游戏
puzzle-filter-every-difficulty = 全部难度
puzzle-filter-difficulty = 难度 { $difficulty }

## Notices (title screen)

puzzle-notice-unreadable = 你的一道谜题无法读取（{ $reason }）。

puzzle-status-solved-hint = 借助提示解出——不计入。
puzzle-status-solved-mistake = 走错一步后解出——不计入。
puzzle-status-solved-retry = 第二次尝试解出——不计入（只计第一次尝试）。
puzzle-prompt-solution-shown = 已显示答案
