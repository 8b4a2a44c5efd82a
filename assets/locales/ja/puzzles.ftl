# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.

## The panel

puzzle-title = 詰め問題
puzzle-button-hint = ヒント
puzzle-button-solution = 解答
puzzle-button-retry = もう一度
puzzle-button-next = 次の問題
puzzle-button-family = ゲーム/ルール
puzzle-button-difficulty = 難易度
puzzle-button-open-game = 対局を開く
puzzle-button-menu = メニュー
puzzle-click-to-play = 盤をクリックして攻め方の手を打ちます
puzzle-details = 難易度 { $difficulty }/5 · レーティング { $rating }
puzzle-details-forbidden = 難易度 { $difficulty }/5 · レーティング { $rating } · 禁じ手が関係します
puzzle-family-yours = 自分の問題

## What to find

puzzle-prompt = { $side }番：{ $goal }
# 四追い: the Renju players' word for a win by continuous fours.
puzzle-goal-vcf = 四追いで勝つ
puzzle-goal-vct = 三追いで勝つ
puzzle-goal-win-in = { $moves } 手以内で勝つ
puzzle-prompt-solved = 正解
puzzle-prompt-none = 問題なし

## The status line

puzzle-status-checking = 判定中…
puzzle-status-right = 正しい手です。{ $defender }の応手を待ちます…
puzzle-status-answered = { $defender }は { $move } で受けました。続けてください。
puzzle-status-solved-clean = 正解！
puzzle-status-solved = 解けました。
puzzle-status-also-wins = その手でも勝てますが、遅い勝ち方です。最も厳しい手を探してください。
puzzle-refuted-defence = 違います：{ $defender }が { $move } で受けると攻めが切れます。もう一度どうぞ。
puzzle-refuted-counter-win = 違います：{ $defender }が { $move } から先に勝ちます（盤上に表示）。もう一度どうぞ。
puzzle-status-not-judged = この手を判定できませんでした（{ $reason }）。
puzzle-hint-area = ヒント：{ $from } と { $to } の間に打ちます。
puzzle-hint-move = ヒント：{ $move } に打ちます。
puzzle-hint-none = ここではヒントがありません（{ $reason }）。
puzzle-solution = 解答：
puzzle-solution-none = ここからの解答はありません（{ $reason }）。
puzzle-solution-shown = 以上が解答です。
puzzle-status-no-match = この条件に合う問題はありません。
puzzle-status-no-setup = この問題の局面を並べられません。
puzzle-status-not-saved = 成績を保存できませんでした：{ $reason }
puzzle-status-not-yours = この問題はあなたの対局から作られたものではありません。
puzzle-status-no-record = その対局の棋譜は保存されていません。
puzzle-status-open-failed = 対局を開けません：{ $reason }

## Where a puzzle of the player's own came from

puzzle-source = あなたの対局 { $file }（{ $date }）より：{ $move } 手目でこの勝ちを逃しました。G で対局を開きます。
puzzle-source-unsaved = あなたの対局（{ $date }）より：{ $move } 手目でこの勝ちを逃しました。

## The player's rating and the filter

puzzle-rating = あなたのレーティング：{ $rating } ± { $range }
puzzle-rating-provisional = あなたのレーティング：{ $rating } ± { $range }（暫定）
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
puzzle-streak = 連続正解 { $streak } · 最高 { $best } · 正解 { $solved }/{ $total }
puzzle-filter = 表示：{ $family } · { $difficulty } · { $count } 問（自分の問題 { $yours } 問）
puzzle-filter-every-game = すべてのゲーム
puzzle-filter-every-difficulty = すべての難易度
puzzle-filter-difficulty = 難易度 { $difficulty }

## Notices (title screen)

puzzle-notice-unreadable = あなたの問題の一つを読み込めません（{ $reason }）。

puzzle-status-solved-hint = ヒントを使って解けました（記録には数えません）。
puzzle-status-solved-mistake = 一度間違えてから解けました（記録には数えません）。
puzzle-status-solved-retry = 二度目で解けました（記録に数えるのは最初の挑戦だけです）。
puzzle-prompt-solution-shown = 正解手順を表示しました
