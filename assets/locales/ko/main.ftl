# 한국어. Keys and variables as in ../en/main.ftl. Terms: ../README.md.

## The language's own name, shown in the language picker.
language-name = 한국어

## Title screen

app-title = 오목
game-gomoku = 오목
game-connect4 = 사목
menu-new-game = 새 대국
menu-continue = 이어하기
menu-replay-last = 지난 대국 다시 보기
menu-load-game = 기보 불러오기
menu-analysis = 분석판
menu-puzzles = 퍼즐
menu-settings = 설정
menu-quit = 종료
notice-nothing-to-continue = 이어서 둘 대국이 없습니다.
notice-no-finished-game = 아직 끝난 대국이 없습니다.

## Settings screen

settings-title = 설정
settings-sound = 소리
settings-effects = 효과음
settings-music = 음악
settings-volume = { $percent }%
settings-ambient = 배경 음악
settings-ambient-on = 켬
settings-ambient-off = 끔
settings-all-sound = 모든 소리
settings-sound-on = 켬
settings-sound-muted = 음소거
settings-board = 판
settings-theme = 테마
theme-classic = 클래식 나무
theme-dark = 다크 슬레이트
settings-motion = 애니메이션
settings-motion-reduced = 줄임
settings-motion-full = 전체
settings-coordinates = 좌표
settings-coordinates-shown = 표시
settings-coordinates-hidden = 숨김
settings-move-numbers = 수순 번호
settings-move-numbers-shown = 표시
settings-move-numbers-hidden = 숨김
settings-forbidden = 금수
settings-forbidden-marked = 표시
settings-forbidden-hidden = 숨김
settings-review = 대국 복기
settings-review-deep = 깊게 (한 수에 { $seconds }초)
settings-review-fast = 빠르게 (한 수에 { $seconds }초)
settings-language = 언어
settings-saved-in = 저장 위치: { $file }
settings-back = 뒤로

## Notices about the game's files (title screen)

notice-file-unreadable-moved = { $what }을(를) 읽을 수 없습니다({ $reason }). { $path }(으)로 옮기고 새로 만들어 사용합니다.
notice-file-unreadable = { $what }을(를) 읽을 수 없습니다({ $reason }). 새로 만들어 사용합니다.
file-settings = 설정 파일
file-statistics = 통계 파일
file-autosave = 자동 저장된 대국
file-clock = 저장된 대국의 시계
file-opening = 저장된 대국의 오프닝
file-puzzle-progress = 퍼즐 진행 파일
notice-opening-misfit = 저장된 오프닝이 저장된 대국과 맞지 않아 버렸습니다.
notice-opening-none = 저장된 오프닝을 복원할 수 없습니다(이 게임에는 그런 오프닝 규칙이 없습니다).
notice-opening-action = 저장된 오프닝을 복원할 수 없습니다(단계 중 하나를 재현할 수 없습니다).
