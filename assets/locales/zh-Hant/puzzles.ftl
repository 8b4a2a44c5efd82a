# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.

## The panel

puzzle-title = 謎題
puzzle-button-hint = 提示
puzzle-button-solution = 答案
puzzle-button-retry = 重試
puzzle-button-next = 下一題
puzzle-button-family = 遊戲/規則
puzzle-button-difficulty = 難度
puzzle-button-open-game = 開啟對局
puzzle-button-menu = 選單
puzzle-click-to-play = 點擊棋盤，替進攻方落子
puzzle-details = 難度 { $difficulty }/5 · 等級分 { $rating }
puzzle-details-forbidden = 難度 { $difficulty }/5 · 等級分 { $rating } · 涉及禁手
puzzle-family-yours = 我的謎題

## What to find

puzzle-prompt = { $side }先：{ $goal }
puzzle-goal-vcf = 以連續衝四取勝
puzzle-goal-vct = 以活三和衝四取勝
puzzle-goal-win-in = { $moves } 步內取勝
puzzle-prompt-solved = 已解出
puzzle-prompt-none = 沒有謎題

## The status line

puzzle-status-checking = 正在判斷…
puzzle-status-right = 正確。{ $defender }必須應對…
puzzle-status-answered = { $defender }應在 { $move }。請繼續。
puzzle-status-solved-clean = 解出了！
puzzle-status-solved = 已解出。
puzzle-status-also-wins = 這步也能取勝，但較慢：請找出最強的先手。
puzzle-refuted-defence = 不對：{ $defender }應在 { $move }，進攻就此中斷。再試一次。
puzzle-refuted-counter-win = 不對：{ $defender }從 { $move } 起搶先取勝（已在棋盤上標出）。再試一次。
puzzle-status-not-judged = 無法判斷這步棋（{ $reason }）。
puzzle-hint-area = 提示：這步棋在 { $from } 與 { $to } 之間。
puzzle-hint-move = 提示：下在 { $move }。
puzzle-hint-none = 此處沒有提示（{ $reason }）。
puzzle-solution = 答案：
puzzle-solution-none = 從這裡無法給出答案（{ $reason }）。
puzzle-solution-shown = 以上就是答案。
puzzle-status-no-match = 沒有符合篩選條件的謎題。
puzzle-status-no-setup = 無法擺出這道謎題的局面。
puzzle-status-not-saved = 無法儲存你的進度：{ $reason }
puzzle-status-not-yours = 這道謎題不是來自你的對局。
puzzle-status-no-record = 那局棋的棋譜沒有儲存。
puzzle-status-open-failed = 無法開啟該對局：{ $reason }

## Where a puzzle of the player's own came from

puzzle-source = 來自你的對局 { $file }（{ $date }）：第 { $move } 手錯過了這個勝機。按 G 開啟該對局。
puzzle-source-unsaved = 來自你的一局對局（{ $date }）：第 { $move } 手錯過了這個勝機。

## The player's rating and the filter

puzzle-rating = 你的等級分：{ $rating } ± { $range }
puzzle-rating-provisional = 你的等級分：{ $rating } ± { $range }（暫定）
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
puzzle-streak = 連續解出 { $streak } · 最佳 { $best } · 已解 { $solved }/{ $total }
puzzle-filter = 顯示：{ $family } · { $difficulty } · { $count } 道謎題（我的 { $yours } 道）
puzzle-filter-every-game = 全部遊戲
puzzle-filter-every-difficulty = 全部難度
puzzle-filter-difficulty = 難度 { $difficulty }

## Notices (title screen)

puzzle-notice-unreadable = 你的一道謎題無法讀取（{ $reason }）。

puzzle-status-solved-hint = 藉助提示解出——不計入。
puzzle-status-solved-mistake = 走錯一步後解出——不計入。
puzzle-status-solved-retry = 第二次嘗試解出——不計入（只計第一次嘗試）。
puzzle-prompt-solution-shown = 已顯示答案
