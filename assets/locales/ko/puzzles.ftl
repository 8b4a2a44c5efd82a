# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.

## The panel

puzzle-title = 퍼즐
puzzle-button-hint = 힌트
puzzle-button-solution = 정답
puzzle-button-retry = 다시 하기
puzzle-button-next = 다음
puzzle-button-family = 게임/규칙
puzzle-button-difficulty = 난이도
puzzle-button-open-game = 대국 열기
puzzle-button-menu = 메뉴
puzzle-click-to-play = 판을 클릭해 공격하는 쪽의 수를 두세요
puzzle-details = 난이도 { $difficulty }/5 · 레이팅 { $rating }
puzzle-details-forbidden = 난이도 { $difficulty }/5 · 레이팅 { $rating } · 금수가 관련됨
puzzle-family-yours = 내 퍼즐

## What to find

puzzle-prompt = { $side } 차례: { $goal }
puzzle-goal-vcf = 연속 사로 이기기
puzzle-goal-vct = 삼과 사로 이기기
puzzle-goal-win-in = { $moves }수 안에 이기기
puzzle-prompt-solved = 해결
puzzle-prompt-none = 퍼즐 없음

## The status line

puzzle-status-checking = 확인 중…
puzzle-status-right = 맞습니다. { $defender }의 응수를 기다립니다…
puzzle-status-answered = { $defender }의 응수: { $move }. 계속하세요.
puzzle-status-solved-clean = 해결!
puzzle-status-solved = 해결했습니다.
puzzle-status-also-wins = 그 수로도 이기지만 더 느립니다. 가장 강하게 몰아붙이는 수를 찾으세요.
puzzle-refuted-defence = 아닙니다: { $defender }의 응수 { $move }에 공격이 끊깁니다. 다시 해 보세요.
puzzle-refuted-counter-win = 아닙니다: { $defender } 쪽이 { $move }부터 먼저 이깁니다(판에 표시). 다시 해 보세요.
puzzle-status-not-judged = 이 수를 판정하지 못했습니다({ $reason }).
puzzle-hint-area = 힌트: { $from }에서 { $to } 사이의 수입니다.
puzzle-hint-move = 힌트: { $move }에 두세요.
puzzle-hint-none = 여기서는 힌트가 없습니다({ $reason }).
puzzle-solution = 정답:
puzzle-solution-none = 여기서부터는 정답이 없습니다({ $reason }).
puzzle-solution-shown = 이것이 정답이었습니다.
puzzle-status-no-match = 이 조건에 맞는 퍼즐이 없습니다.
puzzle-status-no-setup = 이 퍼즐의 국면을 놓을 수 없습니다.
puzzle-status-not-saved = 진행 상황을 저장하지 못했습니다: { $reason }
puzzle-status-not-yours = 이 퍼즐은 내 대국에서 나온 것이 아닙니다.
puzzle-status-no-record = 그 대국의 기보는 저장되지 않았습니다.
puzzle-status-open-failed = 대국을 열 수 없습니다: { $reason }

## Where a puzzle of the player's own came from

puzzle-source = 내 대국 { $file }({ $date })에서: { $move }수째에 이 승리를 놓쳤습니다. G를 누르면 대국이 열립니다.
puzzle-source-unsaved = 내 대국({ $date })에서: { $move }수째에 이 승리를 놓쳤습니다.

## The player's rating and the filter

puzzle-rating = 내 레이팅: { $rating } ± { $range }
puzzle-rating-provisional = 내 레이팅: { $rating } ± { $range } (잠정)
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
puzzle-streak = 연속 해결 { $streak } · 최고 { $best } · 해결 { $solved }/{ $total }
puzzle-filter = 표시: { $family } · { $difficulty } · 퍼즐 { $count }개(내 퍼즐 { $yours }개)
puzzle-filter-every-game = 모든 게임
puzzle-filter-every-difficulty = 모든 난이도
puzzle-filter-difficulty = 난이도 { $difficulty }

## Notices (title screen)

puzzle-notice-unreadable = 내 퍼즐 하나를 읽을 수 없습니다({ $reason }).

puzzle-status-solved-hint = 힌트를 보고 해결했습니다 — 기록에 넣지 않습니다.
puzzle-status-solved-mistake = 한 번 틀린 뒤 해결했습니다 — 기록에 넣지 않습니다.
puzzle-status-solved-retry = 두 번째 시도에 해결했습니다 — 기록에 넣지 않습니다 (첫 시도만 셉니다).
puzzle-prompt-solution-shown = 정답 수순을 표시했습니다
