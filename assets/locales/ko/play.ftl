# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# 한국어. Keys and variables as in ../en/play.ftl. Terms: ../README.md.

## Names of keys

play-key-esc = Esc
play-key-enter = Enter
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = 새 대국
setup-game = 게임
setup-opponent = 상대
setup-colour = 내 색
setup-colour-first = { $side } (선공)
setup-colour-random = 무작위
setup-clock = 시간
setup-more-below = 아래에 더 있습니다 (스크롤)
setup-own-clock = 직접 설정
setup-clock-minute-less = − 분
setup-clock-minute-more = + 분
setup-clock-second-less = − 초
setup-clock-second-more = + 초
setup-clock-note-fischer = { $clock }: 대국 시간(분) + 한 수마다 더해지는 시간(초)
setup-clock-note-per-move = { $clock } (쓰지 않은 시간은 이월되지 않음)
setup-clock-note-none = 시간 제한 없음: 마음껏 생각하세요
setup-record = { $wins }승 { $losses }패 { $draws }무
setup-two-players = 2인 대국
setup-two-players-note = 이 컴퓨터에서 친구와 번갈아 둡니다.
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · 엔진
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = { $name }은(는) 오프닝이 끝난 뒤부터 둡니다: 오프닝의 선택은 마스터가 대신 합니다.
setup-engine-opening-asked = { $name }이(가) SWAP2BOARD 명령을 알면 이 오프닝의 선택을 직접 합니다. 모르면 마스터가 대신 합니다.
setup-back = 뒤로
setup-start = 대국 시작

## Time controls

clock-none = 시간 제한 없음
clock-fischer = { $minutes } + { $increment }
clock-fischer-seconds = { $seconds }초 + { $increment }
clock-per-move = 한 수에 { $seconds }초
clock-tenths = { $seconds }

## Playing screen

play-undo = 무르기
play-redo = 다시 두기
play-hint = 힌트
play-resign = 기권
play-menu = 메뉴
play-eval-black = 흑
play-eval-white = 백
play-ai = AI
play-turn-game-over = 대국 종료
play-turn-opening = 오프닝
play-turn-opening-ai = 오프닝 · { $level }
play-turn-opening-you = 오프닝 · 내 차례
play-turn-ai = { $level } 차례
play-turn-ai-thinking = { $level } 생각 중
play-turn-ai-depth = { $level } 생각 중 · 깊이 { $depth }
play-turn-you = 내 차례
play-turn-side = { $side } 차례
play-moves-played = 둔 수: { $count }
play-moves-played-redo = 둔 수: { $count }  (다시 둘 수 있는 수: { $redo })
play-info-two-players = 2인 대국: 이 컴퓨터에서 번갈아 둡니다.

## Move list

moves-opening = 오프닝

## Result screen

result-win-on-time = 시간승!
result-loss-on-time = 시간패
result-win = 승리!
result-loss = 패배
result-draw = 무승부
result-side-wins = { $side } 승리!
result-side-won = { $side } 승
result-reason-line = { $player }: { $move }번째 수로 { $line } 완성.
result-reason-resigned = { $player }: { $moves }수 만에 기권.
result-reason-time = { $player }: { $moves }수 만에 시간 초과.
result-reason-forfeit = { $player }: { $moves }수 만에 몰수패({ $why }).
result-reason-board-full = 판이 가득 찼습니다. 아무도 { $line }을(를) 만들지 못했습니다.
result-saved-as =
    저장한 파일
    { $file }
result-not-saved = 기보를 저장하지 못했습니다.
result-tally =
    { $level } 상대 전적:
    { $wins }승 · { $losses }패 · { $draws }무
result-review = 복기
result-replay = 다시 보기
result-rematch = 재대국 (색 바꿔서)
result-menu = 메뉴
result-last-game = 지난 대국

setup-replace-title = 끝나지 않은 대국을 바꿀까요?
setup-replace-body = 새 대국이 끝나지 않은 대국을 대신하며, 그 대국은 더 이상 이어서 둘 수 없습니다.
setup-replace-yes = 바꾸기
setup-replace-no = 그대로 두기

## Engine match: two players (levels or engines) play each other, watched.
match-title = 엔진 대결
match-start = 대결 시작
match-player = 플레이어 { $player }
match-games = 대국 수
match-note = 각 오프닝은 색을 바꿔 두 번 둡니다. 모든 대국은 기보 폴더에 저장됩니다(기보 불러오기).
match-note-opening = 두 플레이어가 한 판씩 번갈아 오프닝을 열고, 플레이어 1이 먼저 엽니다. 색은 오프닝 규칙의 선택으로 정해집니다. 모든 대국은 기보 폴더에 저장됩니다(기보 불러오기).
match-opening-balanced = 균형 잡힌 오프닝
match-opening-balanced-about = 오프닝 규칙 없음: 각 대국은 세 돌로 된 균형 잡힌 오프닝에서 시작합니다.
match-player-cannot = 플레이어 { $player }은(는) 이 규칙과 판 크기로 이 게임을 둘 수 없습니다: 다른 플레이어를 고르세요.
match-heading = { $total }국 중 { $number }국
match-heading-over = 대결 종료: 총 { $total }국
match-heading-stopped = { $played }국 후 대결 중단
match-score = { $a } { $a-points } – { $b-points } { $b }
match-elo = { $a }: Elo { $elo } ± { $margin } · { $wins }승 { $losses }패 { $draws }무
match-elo-wide = { $a }: Elo { $elo } (오차를 내기엔 대국 수가 부족) · { $wins }승 { $losses }패 { $draws }무
match-elo-unknown = { $wins }승 { $losses }패 { $draws }무 · Elo는 양쪽 모두 득점하면 표시됩니다
match-stopped-game = 대결이 중단되었습니다: 이 대국은 집계하지 않습니다.
match-stop = 중단
match-again = 다시 하기
match-saved = 저장 위치: { $dir }
match-game = { $number }. { $first }({ $first-side }) – { $second }({ $second-side }): { $how }
match-how-line = { $winner } 승({ $line } 완성)
match-how-time = { $winner } 시간승
match-how-forfeit = { $winner } 몰수승({ $loser }: { $why })
match-how-resigned = { $winner } 기권승
match-how-draw = 무승부
match-faults = 시간패 { $time }국 · 몰수패 { $forfeits }국
match-games-earlier = … 이전 대국 { $n }국 더
