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
menu-engine-match = 엔진 대결
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
file-engine = 저장된 대국의 엔진
file-puzzle-progress = 퍼즐 진행 파일
notice-opening-misfit = 저장된 오프닝이 저장된 대국과 맞지 않아 버렸습니다.
notice-opening-none = 저장된 오프닝을 복원할 수 없습니다(이 게임에는 그런 오프닝 규칙이 없습니다).
notice-engine-gone = 저장된 대국의 엔진({ $name })이 설정에 없거나 파일이 없습니다: 마스터를 상대로 계속합니다.
notice-opening-action = 저장된 오프닝을 복원할 수 없습니다(단계 중 하나를 재현할 수 없습니다).
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = 엔진
engines-about = Gomocup 엔진(Rapfi, Embryo, AIWine 같은 pbrain-* 프로그램)을 오목 상대로 삼을 수 있습니다. 파일을 지정해 추가하면 무엇을 둘 수 있는지 엔진에 물어봅니다.
engines-add = 엔진 추가
engines-add-button = 추가
engines-path-hint = 여기를 클릭하고 엔진 경로를 입력하세요. 예: /opt/rapfi/pbrain-rapfi
engines-found = 이 컴퓨터에서 찾은 엔진:
engines-remove = 제거
engines-turn = 한 수 시간
engines-threads = 스레드
engines-memory = 메모리
engines-seconds = { $seconds }초
engines-mib = { $mib } MB
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = 규칙: { $rules } · 판: { $sizes }
engines-three-lines = 분석판에 최선의 수읽기 3개
engine-missing = 찾을 수 없음: { $path } 파일이 더 이상 없습니다.
engine-checking = { $file } 확인 중…
engine-added = { $name }을(를) 추가했습니다. 새 대국에서 상대로 고르세요.
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = { $file }을(를) 추가하지 못했습니다: { $what }.
engine-no-file = 그런 파일이 없습니다 ({ $path })
engine-refused-every-rule = 물어본 규칙을 모두 거부했습니다
