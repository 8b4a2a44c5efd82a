# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.

## Replay screen

replay-title = 다시 보기
replay-play = 재생
replay-pause = 일시정지
replay-menu = 메뉴
replay-keys = Home · ← · Space · → · End · N 수 번호 · A 분석
replay-speed = 초당 { $speed }수
replay-move-counter = { $total }수 중 { $n }수
replay-left = { $clock } 남음
replay-opening-stone = 오프닝

## Review of a game

review-button = 이 대국 복기하기
review-seconds = { $seconds }초
review-failed = 복기에 실패했습니다: { $error }.
review-progress = 복기 중… { $total }개 국면 중 { $done }개
review-hint = V: 엔진이 이 대국의 모든 수를 복기합니다.
review-start = 시작 국면: 그래프를 누르거나 한 수씩 넘기면 각 수의 평가를 볼 수 있습니다.
review-move = { $n }수 · { $side } { $move }: { $grade }, { $outlook }.
review-move-timed = { $n }수 · { $side } { $move } ({ $time }): { $grade }, { $outlook }.
review-best = 최선은 { $move }: { $outlook }.
review-missed = { $side }, 필승 수순을 놓쳤습니다: { $outlook }.
review-opening-stone = 오프닝 돌, 평가 없음
review-not-graded = 평가 없음
review-accuracy = { $side }: 정확도 { $accuracy }%
review-count-inaccuracy = 아쉬운 수 { $n }개
review-count-mistake = 실수 { $n }개
review-count-blunder = 악수 { $n }개
review-count-missed-win = 승리 놓침 { $n }번
review-turning-point = 승부처: { $n }수 ({ $side } { $move })

## Grades of a move

review-grade-best = 최선
review-grade-good = 좋은 수
review-grade-inaccuracy = 아쉬운 수
review-grade-mistake = 실수
review-grade-blunder = 악수
review-grade-missed-win = 승리 놓침

## Load game screen

load-title = 기보 불러오기
load-folder = 저장 위치: { $folder }
load-empty = 저장된 기보가 아직 없습니다. 끝난 대국은 여기에 자동으로 저장됩니다.
load-newer = 최근
load-older = 이전
load-page = { $page } / { $pages } 페이지
load-back = 뒤로

## Analysis board

analysis-title = 분석판
analysis-take-back = 무르기
analysis-switch-side = 차례 바꾸기
analysis-threats = 위협
analysis-clear = 판 비우기
analysis-menu = 메뉴
analysis-click-hint = 클릭하면 둘 차례인 쪽이 돌을 놓습니다
analysis-engine = 엔진: { $name }
analysis-engine-own = 내장
analysis-no-engine = 설정에서 추가한 엔진 중 이 규칙과 판 크기로 둘 수 있는 엔진이 없습니다.
analysis-engine-fault = { $name }: { $what } — 분석할 수 없습니다.
analysis-one-line-not-asked = { $name }은(는) 수읽기를 하나만 보여 줍니다: 여러 수읽기를 묻기 전에 추가되었습니다. 설정에서 다시 추가하세요.
analysis-one-line-refused = { $name }은(는) 수읽기를 하나만 보여 줍니다: 여러 최선의 수를 묻는 명령 YXNBEST에 답하지 않습니다.
analysis-one-line-single = { $name }은(는) 수읽기를 하나만 보여 줍니다: YXNBEST에 수읽기 하나로만 답합니다.
analysis-stones-kept = 새 판에는 { $total }개 중 { $kept }개만 들어가서 나머지는 치웠습니다.
analysis-board-empty = 판이 비어 있습니다.
analysis-game-over = 대국 종료: { $line } 완성. 한 수 무르면 계속할 수 있습니다.
analysis-to-place = { $side } 차례
analysis-thinking = 엔진이 생각하는 중…
analysis-depth = 엔진, 깊이 { $depth }:
analysis-depth-deepening = 엔진, 깊이 { $depth }, 더 읽는 중:
analysis-lines = 엔진:
analysis-lines-deepening = 엔진, 더 읽는 중:

review-title = 복기
review-refutation = { $side }의 응수는 { $move }: { $outlook }.
