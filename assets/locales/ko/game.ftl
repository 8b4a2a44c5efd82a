# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = 흑
side-gomoku-second = 백
side-connect4-first = 빨강
side-connect4-second = 노랑
player-you = 나
player-ai = { $level }(AI)
player-engine = { $name }(엔진)
player-numbered = 플레이어 { $number }
player-coloured = 플레이어 { $colour }
level-headline = 레벨 { $number } · { $name }
level-gomoku-1 = 입문
level-gomoku-1-about = 욕심쟁이: 가장 좋아 보이는 자리에 두고, 앞을 내다보지 않습니다.
level-gomoku-2 = 초급
level-gomoku-2-about = 모양을 압니다: 삼과 사로 공격하고 상대의 것을 막습니다.
level-gomoku-3 = 중급
level-gomoku-3-about = 모양을 꼼꼼히 평가하며 몇 수 앞을 읽습니다.
level-gomoku-4 = 고급
level-gomoku-4-about = 정해진 노드 수 안에서 위협을 탐색하는 전체 엔진입니다.
level-gomoku-5 = 마스터
level-gomoku-5-about = 위협을 깊이 탐색하는 전체 엔진, 한 수에 몇 초씩 씁니다.
level-connect4-1 = 초급
level-connect4-1-about = 이길 수 있으면 이기고 상대의 승리는 막습니다. 나머지는 감으로 둡니다.
level-connect4-2 = 중급
level-connect4-2-about = 여섯 수 앞을 읽고 좋은 모양을 압니다.
level-connect4-3 = 완벽
level-connect4-3-about = 풀 수 있으면 국면을 완전히 풉니다: 한 수에 몇 초.
controls-gomoku = 마우스 또는 방향키 + Enter로 돌 놓기
controls-connect4 = 열을 클릭하거나 ← →와 Enter, 1-7로 바로 떨어뜨리기

## Rules and board (setup rows, subtitles)

row-rule = 규칙
row-board = 판
row-opening = 오프닝
rule-freestyle = 자유룰
rule-freestyle-about = 다섯 개 이상 이으면 이깁니다.
rule-standard = 표준룰
rule-standard-about = 정확히 다섯 개를 이어야 이깁니다. 여섯 개 이상은 인정되지 않습니다.
rule-renju = 렌주룰
rule-renju-about = 흑은 삼삼, 사사, 장목을 둘 수 없습니다. 백은 다섯 개 이상이면 이깁니다.
rule-renju-note = 흑은 삼삼, 사사, 장목을 둘 수 없습니다.
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · 넷을 이으면 승리
c4-board-classic = 7 × 6(클래식)
c4-setup-note = 열에 말을 떨어뜨립니다: 가로, 세로, 대각선으로 넷을 이으면 승리.
line-name = { $cells ->
    [4] 사목
    [5] 오목
   *[other] 장목({ $cells }개)
}
opening-rule-none = 없음
opening-rule-none-about = 오프닝 규칙 없음: 흑이 그냥 먼저 둡니다.
opening-rule-swap = Swap
opening-rule-swap-about = 자유룰과 표준룰용: 첫 플레이어가 돌 세 개(흑, 백, 흑)를 놓고 두 번째 플레이어가 색을 고릅니다.
opening-rule-swap2 = Swap2
opening-rule-swap2-about = 자유룰과 표준룰용: Swap과 같거나, 두 번째 플레이어가 돌 두 개를 더 놓고 첫 플레이어가 색을 고릅니다.
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = 렌주용입니다. 첫 플레이어가 26가지 오프닝 중 하나를 놓고, 흑이 제시할 5수째의 개수를 선언합니다. 상대는 한 번 교체할 수 있습니다. 그다음 백이 흑의 제시 중 하나를 고릅니다.
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = 렌주용입니다. 첫 플레이어가 26가지 오프닝 중 하나를 놓고, 상대는 교체할 수 있습니다. 백이 4수째를 두고 흑이 제시할 5수째의 개수(1~8)를 선언합니다. 상대는 한 번 더 교체할 수 있습니다. 그다음 백이 제시 중 하나를 고릅니다.
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = 렌주용입니다. 1~4수째는 점점 넓어지는 중앙 영역에 두고, 매 수 뒤에 상대가 교체할 수 있습니다. 그다음 흑은 5수째를 두거나, 10개를 제시해 백이 고르게 합니다.

## Why a move was refused

move-taken = { $point }에는 이미 { $by } 돌이 있습니다.
move-forbidden = { $point } 자리는 렌주룰에서 흑의 금수입니다: { $kind }.
move-off-board = 판 밖의 자리입니다.
move-game-over = 대국이 끝났습니다.
move-out-of-turn = 이쪽 차례가 아닙니다.
move-other-game = 다른 게임의 수입니다.
foul-overline = 장목(여섯 개 이상)
foul-double-four = 사사
foul-double-three = 삼삼
c4-no-column = { $column }열은 없습니다.
c4-column-full = { $column }열이 꽉 찼습니다.
c4-column = { $column }열
switch-side-refused = { $game }에서는 항상 번갈아 둡니다.
legend-threats = 동그라미 점: 빨강은 오목, 주황은 사, 노랑은 열린 삼이 되는 자리
legend-threats-renju = 동그라미 점: 빨강은 오목, 주황은 사, 노랑은 열린 삼이 되는 자리
    × 흑의 금수 자리

## The AI's search: the side panel and hints

outlook-has-won = { $side } 승리
outlook-wins-in = { $side } { $moves }수 만에 승리
outlook-draw = 무승부
outlook-unclear = 형세 불명
outlook-chance = { $side } 승률 { $percent }%
panel-search = { $level }
    마지막 탐색: 깊이 { $depth } · { $outlook }
    노드 { $nodes }개, { $seconds }초
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    마지막 수: 깊이 { $depth } · { $seconds }초
panel-engine-timed = { $name }
    마지막 수: { $seconds }초
c4-how-forced = 외길 수
c4-how-feel = 감으로
c4-how-book = 오프닝 북
c4-how-solved = 완전 해석
c4-how-search = 탐색 깊이 { $depth }
c4-panel = { $level }
    마지막 수: { $column }열({ $how })
    { $outlook } · { $seconds }초
c4-panel-plain = { $level }
    마지막 수: { $column }열({ $how })
    { $seconds }초
c4-hint = 힌트: { $column }열({ $outlook })
c4-hint-plain = 힌트: { $column }열
hint-none = 힌트 없음: { $why }.
hint-no-legal-move = 둘 수 있는 수가 없습니다
hint-other-game = 다른 게임의 레벨입니다
hint-no-defence = 막을 수 없습니다: 어디에 두어도 { $side }이(가) { $moves }수 만에 이깁니다({ $point }부터).
hint-move = 힌트: { $point }({ $level }: { $outlook })
hint-engine = 힌트: { $point }({ $name })

## Tournament openings (prompts, buttons, the line of decisions)

opening-place-run = 돌 { $count }개를 놓으세요: { $black ->
    [0] {""}
   *[other] 흑 { $black }
}{ $black ->
    [0] {""}
   *[other] { $white ->
        [0] {""}
       *[other] ,{" "}
    }
}{ $white ->
    [0] {""}
   *[other] 백 { $white }
}(지금은 { $within ->
    [0] {""}
    [1] 천원에{" "}
   *[other] 중앙 { $within }×{ $within } 안에{" "}
}{ $colour ->
    [black] 흑
   *[white] 백
})
opening-place-one = { $within ->
    [0] {""}
    [1] 천원에{" "}
   *[other] 중앙 { $within }×{ $within } 안에{" "}
}{ $colour ->
    [black] 흑돌
   *[white] 백돌
}을 놓으세요
opening-choose-colour = 색을 고르세요
opening-declare = 흑이 제시할 5수째의 개수를 선언하세요({ $min }~{ $max })
opening-offer = { $count ->
    [1] 흑의 5수째를 하나 더 제시하세요: 백이 하나를 고릅니다
   *[other] 서로 대칭이 아닌 흑의 5수째를 { $count }개 더 제시하세요: 백이 하나를 고릅니다
}
opening-pick = 흑이 제시한 5수째 중 하나를 고르세요
opening-play-black = 흑으로 두기
opening-play-white = 백으로 두기
opening-place-two = 돌 두 개 더 놓기
opening-offer-ten = 흑 유지, 5수째 10개 제시
opening-off-area = { $within ->
    [1] { $point } 자리는 천원이 아닙니다: 이 돌은 천원에 놓습니다.
   *[other] { $point } 자리는 중앙 { $within }×{ $within } 영역 밖입니다.
}
opening-not-offered = 지금은 그 선택을 할 수 없습니다.
opening-offered-already = { $point } 자리는 이미 제시되었습니다.
opening-symmetric = 이 국면에서 { $point } 자리는 먼저 제시한 { $other } 자리와 대칭입니다: 제시는 서로 달라야 합니다.
opening-not-an-offer = { $point } 자리는 제시된 수가 아닙니다.
opening-over = 오프닝이 끝났습니다.
opening-use-buttons = 먼저 버튼으로 고르세요.
decision-takes = { $who }: { $colour ->
    [black] 흑
   *[white] 백
} { $you ->
    [yes] 선택
   *[no] 선택
}
decision-keeps = { $who }: { $colour ->
    [black] 흑
   *[white] 백
} { $you ->
    [yes] 유지
   *[no] 유지
}
decision-places-two = { $who }: 돌 두 개 더 { $you ->
    [yes] 놓음
   *[no] 놓음
}
decision-offers-ten = { $who }: 흑 유지, 5수째 { $you ->
    [yes] 제시
   *[no] 제시
}
decision-declares = { $who }: 5수째 { $count }개 { $you ->
    [yes] 선언
   *[no] 선언
}
decision-offers = { $who }: { $points } { $you ->
    [yes] 제시
   *[no] 제시
}
decision-picks = { $who }: { $point } { $you ->
    [yes] 선택
   *[no] 선택
}

## The status line in play

status-looking = { $ply }수 중 { $shown }수째 뒤의 국면을 보는 중: { $ply }수째를 클릭하거나 End를 눌러 대국으로 돌아가세요.
status-wait-ai = AI의 수를 기다리세요.
status-nothing-to-undo = 무를 수가 없습니다.
status-nothing-to-redo = 다시 둘 수가 없습니다.
status-no-redo-in-opening = 오프닝 중에는 다시 둘 수 없습니다.
status-no-hints-in-opening = 오프닝 중에는 힌트가 없습니다.
status-hint-own-turn = 힌트는 내 차례에만 볼 수 있습니다.
status-hint-looking = 좋은 수를 찾는 중…
status-resign-confirm = 기권할까요? 기권(Ctrl+R)을 한 번 더 누르면 확정, 다른 동작을 하면 취소됩니다.
status-ai-failed = AI가 수를 두지 못해({ $error }) 기권합니다.
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name }: { $what } — 몰수패입니다.
engine-stopped = 엔진이 응답하기 전에 중지되었습니다.
fault-start = 실행할 수 없음({ $error })
fault-crash = 실행이 멈춤
fault-time = { $seconds }초 안에 응답하지 않음
fault-not-a-move = 수 대신 “{ $reply }”(이)라고 응답함
fault-off-board = 판 밖의 { $point }에 둠
fault-taken = 이미 돌이 있는 { $point }에 둠
fault-forbidden = 흑의 금수인 { $point }에 둠
fault-after-the-end = 대국이 끝난 뒤 { $point }에 둠
fault-flood = 한 수에 { $lines }줄 넘게 출력함
fault-refused-sizes = 제시한 모든 판 크기를 거부함({ $sizes })
fault-refused-board = { $size }×{ $size } 판을 거부함: “{ $reply }”
fault-refused-command = { $command } 명령을 모름: “{ $reply }”
hint-engine-fault = { $name }이(가) { $what }
engine-not-this-game = 외부 엔진은 이 게임을 지원하지 않습니다.
status-ai-placing = { $level }이(가) 돌을 놓는 중…
status-ai-choosing = { $level }이(가) 고르는 중…
status-player-prompt = { $player }: { $prompt }
status-autosave-failed = 자동 저장 실패: { $error }
status-save-failed = 대국을 저장할 수 없습니다: { $error }

## Saved games and records (the Load list, notices)

notice-autosave-unrestorable = 자동 저장된 { $game } 대국을 복원할 수 없습니다({ $reason }).
notice-record-unreadable = { $file }을(를) 읽을 수 없습니다: { $reason }.
notice-moved-to = { $path }(으)로 옮겼습니다.
autosave-bad-version = 알 수 없는 자동 저장 버전 { $version }
autosave-bad-rule = 알 수 없는 규칙 '{ $rule }'
autosave-bad-colour = 알 수 없는 색 '{ $colour }'
autosave-bad-level = 알 수 없는 레벨 { $level }
autosave-over = 저장된 대국은 이미 끝났습니다
record-unknown-extension = .{ $ext } 파일을 읽는 게임이 없습니다
record-set-up-position = 기보가 배치된 국면에서 시작합니다
record-unreadable-line = 읽을 수 없음: { $reason }
players-vs = { $first } 대 { $second }
record-result-unfinished = 미완료
record-result-unknown = 결과 모름
record-result-draw = 무승부
record-result-won = { $how ->
    [resignation] { $winner } 기권승
    [time] { $winner } 시간승
    [forfeit] { $winner } 몰수승
   *[won] { $winner } 승
}
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves }수
summary-connect4 = 사목 { $width } × { $height } · { $players } · { $result } · { $moves }수

online-board-unsupported = 온라인 사목은 표준 7 × 6 판에서 둡니다.
online-clock-unsupported = 온라인 시계는 분 단위와 추가 시간만 됩니다. 수당 시간은 아직 온라인에서 쓸 수 없습니다.
