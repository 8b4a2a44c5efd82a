# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = 黑方
side-gomoku-second = 白方
side-connect4-first = 紅方
side-connect4-second = 黃方
player-you = 你
player-ai = { $level }（AI）
player-engine = { $name }（引擎）
player-numbered = 玩家 { $number }
player-coloured = { $colour }玩家
level-headline = 等級 { $number } · { $name }
level-gomoku-1 = 入門
level-gomoku-1-about = 貪心：只挑看起來最好的點，從不往後算。
level-gomoku-2 = 初級
level-gomoku-2-about = 懂棋形：用三和四進攻，也會擋住你的。
level-gomoku-3 = 中級
level-gomoku-3-about = 往後算幾步，並全面評估棋形。
level-gomoku-4 = 高級
level-gomoku-4-about = 完整引擎，在固定節點數內搜尋威脅。
level-gomoku-5 = 大師
level-gomoku-5-about = 完整引擎，深度威脅搜尋，每步思考數秒。
level-connect4-1 = 初級
level-connect4-1-about = 能贏就贏，也會擋住你的勝著；其餘憑感覺下。
level-connect4-2 = 中級
level-connect4-2-about = 往後算六步，懂得好棋形。
level-connect4-3 = 完美
level-connect4-3-about = 能算清就把局面完全算清：每步數秒。
controls-gomoku = 滑鼠或方向鍵 + Enter 落子
controls-connect4 = 點選一個直行，或 ← → 加 Enter；按 1-7 直接落子

## Rules and board (setup rows, subtitles)

row-rule = 規則
row-board = 棋盤
row-opening = 開局
rule-freestyle = 無禁手
rule-freestyle-about = 連成五子或更多即勝。
rule-standard = 標準
rule-standard-about = 恰好連成五子才勝；六子及以上不算。
rule-renju = 連珠
rule-renju-about = 黑方不得走三三、四四或長連。白方連成五子或更多即勝。
rule-renju-note = 黑方不得走三三、四四或長連。
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · 連成四子即勝
c4-board-classic = 7 × 6（經典）
c4-setup-note = 把棋子投進各直行：橫、豎或斜連成四子即勝。
line-name = { $cells ->
    [4] 四子
    [5] 五子
    [6] 六子
    [7] 七子
    [8] 八子
    [9] 九子
   *[other] { $cells } 子
}
opening-rule-none = 無
opening-rule-none-about = 不用開局規則：黑方直接先走。
opening-rule-swap = Swap
opening-rule-swap-about = 用於無禁手和標準規則：先手方放三顆子（黑、白、黑），後手方選擇顏色。
opening-rule-swap2 = Swap2
opening-rule-swap2-about = 用於無禁手和標準規則：同 Swap，或由後手方再放兩顆子，先手方選擇顏色。
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = 用於連珠。先手方擺出 26 種開局之一，並聲明黑方將給出幾個五手打點；對方可以交換一次。之後白方從黑方的打點中選一個。
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = 用於連珠。先手方擺出 26 種開局之一，對方可以交換。白方下第四手，並聲明黑方將給出幾個五手打點（1 到 8 個）；對方可以再交換一次。之後白方從打點中選一個。
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = 用於連珠。前四手下在逐步擴大的中央區域內，每手之後對方都可以交換。然後黑方下第五手，或給出十個五手打點由白方選擇。

## Why a move was refused

move-taken = { $point } 已被{ $by }佔據。
move-forbidden = { $point } 是黑方的連珠禁手：{ $kind }。
move-off-board = 該點不在棋盤上。
move-game-over = 對局已結束。
move-out-of-turn = 現在不輪到這一方。
move-other-game = 這步棋屬於另一種棋。
foul-overline = 長連（六子或以上）
foul-double-four = 四四
foul-double-three = 三三
c4-no-column = 沒有第 { $column } 直行。
c4-column-full = 第 { $column } 直行已滿。
c4-column = 第 { $column } 直行
switch-side-refused = { $game }雙方總是輪流落子。
legend-threats = 帶圈的點：紅色成五，橙色成四，黃色成活三
legend-threats-renju = 帶圈的點：紅色成五，橙色成四，黃色成活三
    × 黑方禁手點

## The AI's search: the side panel and hints

outlook-has-won = { $side }已獲勝
outlook-wins-in = { $side } { $moves } 步勝
outlook-draw = 和棋
outlook-unclear = 形勢不明
outlook-chance = { $side }勝率 { $percent }%
panel-search = { $level }
    上次搜尋：深度 { $depth } · { $outlook }
    { $nodes } 個節點，用時 { $seconds } 秒
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    上一手：深度 { $depth } · { $seconds } 秒
panel-engine-timed = { $name }
    上一手：{ $seconds } 秒
c4-how-forced = 必走之著
c4-how-feel = 憑感覺
c4-how-book = 來自開局庫
c4-how-solved = 精確算出
c4-how-search = 搜尋深度 { $depth }
c4-panel = { $level }
    上一步：第 { $column } 直行（{ $how }）
    { $outlook } · { $seconds } 秒
c4-panel-plain = { $level }
    上一步：第 { $column } 直行（{ $how }）
    { $seconds } 秒
c4-hint = 提示：第 { $column } 直行（{ $outlook }）
c4-hint-plain = 提示：第 { $column } 直行
hint-none = 沒有提示：{ $why }。
hint-no-legal-move = 沒有合法的著法
hint-other-game = 這是另一種棋的等級
hint-no-defence = 無法防守：無論你怎麼走，{ $side }都將 { $moves } 步獲勝，從 { $point } 開始。
hint-move = 提示：{ $point }（{ $level }：{ $outlook }）
hint-engine = 提示：{ $point }（{ $name }）

## Tournament openings (prompts, buttons, the line of decisions)

opening-place-run = 放 { $count } 顆子：{ $black ->
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
}（現在{ $within ->
    [0] {""}
    [1] 在天元
   *[other] 在中央 { $within }×{ $within } 區域內
}放{ $colour ->
    [black] 黑子
   *[white] 白子
}）
opening-place-one = { $within ->
    [0] {""}
    [1] 在天元
   *[other] 在中央 { $within }×{ $within } 區域內
}放一顆{ $colour ->
    [black] 黑子
   *[white] 白子
}
opening-choose-colour = 選擇你執的顏色
opening-declare = 聲明黑方將給出幾個五手打點（{ $min } 到 { $max }）
opening-offer = { $count ->
    [1] 再為黑方給出 1 個五手打點：由白方選擇
   *[other] 再為黑方給出 { $count } 個五手打點，彼此不得對稱：白方將從中選一個
}
opening-pick = 從黑方的五手打點中選一個
opening-play-black = 執黑
opening-play-white = 執白
opening-place-two = 再放兩顆子
opening-offer-ten = 繼續執黑，給出十個打點
opening-off-area = { $within ->
    [1] { $point } 不是天元：這顆子要下在天元。
   *[other] { $point } 在中央 { $within }×{ $within } 區域之外。
}
opening-not-offered = 現在不能這樣選擇。
opening-offered-already = { $point } 已經給出過了。
opening-symmetric = 在此局面中 { $point } 與已給出的打點 { $other } 對稱：打點必須互不對稱。
opening-not-an-offer = { $point } 不是給出的打點之一。
opening-over = 開局已結束。
opening-use-buttons = 請先用按鈕做出選擇。
decision-takes = { $who }{ $you ->
    [yes] 選擇
   *[no] 選擇
}執{ $colour ->
    [black] 黑
   *[white] 白
}
decision-keeps = { $who }{ $you ->
    [yes] 繼續
   *[no] 繼續
}執{ $colour ->
    [black] 黑
   *[white] 白
}
decision-places-two = { $who }{ $you ->
    [yes] 再放
   *[no] 再放
}兩顆子
decision-offers-ten = { $who }{ $you ->
    [yes] 繼續
   *[no] 繼續
}執黑，給出五手打點
decision-declares = { $who }{ $you ->
    [yes] 聲明
   *[no] 聲明
} { $count } 個五手打點
decision-offers = { $who }{ $you ->
    [yes] 給出
   *[no] 給出
} { $points }
decision-picks = { $who }{ $you ->
    [yes] 選擇
   *[no] 選擇
} { $point }

## The status line in play

status-looking = 正在顯示第 { $shown } 手後的局面（共 { $ply } 手）：點選第 { $ply } 手或按 End 返回對局。
status-wait-ai = 請等待 AI 落子。
status-nothing-to-undo = 沒有可悔的棋。
status-nothing-to-redo = 沒有可重做的棋。
status-no-redo-in-opening = 開局階段不能重做。
status-no-hints-in-opening = 開局階段沒有提示。
status-hint-own-turn = 輪到你走時才能看提示。
status-hint-looking = 正在尋找好棋…
status-resign-confirm = 認輸這局嗎？再按一次「認輸」（Ctrl+R）確認；其他任何操作都會取消。
status-ai-failed = AI 無法落子（{ $error }），判為認輸。
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name } 判負（{ $what }）。
engine-stopped = 引擎尚未回應就被停止了。
fault-start = 無法啟動（{ $error }）
fault-crash = 停止執行
fault-time = 沒有在 { $seconds } 秒內回應
fault-not-a-move = 回應了「{ $reply }」而不是著法
fault-off-board = 下在棋盤外的 { $point }
fault-taken = 下在已有棋子的 { $point }
fault-forbidden = 下在黑棋的禁手點 { $point }
fault-after-the-end = 在對局結束後下了 { $point }
fault-flood = 一步棋輸出了超過 { $lines } 行
fault-refused-sizes = 拒絕了提供的所有棋盤大小（{ $sizes }）
fault-refused-board = 拒絕了 { $size }×{ $size } 的棋盤：「{ $reply }」
fault-refused-command = 不認識命令 { $command }：「{ $reply }」
hint-engine-fault = { $name } { $what }
engine-not-this-game = 外部引擎不下這種棋。
status-ai-placing = { $level }正在放子…
status-ai-choosing = { $level }正在選擇…
status-player-prompt = { $player }：{ $prompt }
status-autosave-failed = 自動儲存失敗：{ $error }
status-save-failed = 無法儲存對局：{ $error }

## Saved games and records (the Load list, notices)

notice-autosave-unrestorable = 無法恢復自動儲存的{ $game }對局（{ $reason }）。
notice-record-unreadable = 無法讀取 { $file }：{ $reason }。
notice-moved-to = 它已被移到 { $path }。
autosave-bad-version = 未知的自動儲存版本 { $version }
autosave-bad-rule = 未知規則「{ $rule }」
autosave-bad-colour = 未知顏色「{ $colour }」
autosave-bad-level = 未知等級 { $level }
autosave-over = 儲存的對局已經結束
record-unknown-extension = 沒有哪種棋能讀取 .{ $ext } 檔案
record-set-up-position = 此棋譜從擺好的局面開始
record-unreadable-line = 無法讀取：{ $reason }
players-vs = { $first } 對 { $second }
record-result-unfinished = 未完
record-result-unknown = 結果未知
record-result-draw = 和棋
record-result-won = { $how ->
    [resignation] { $winner }勝（對方認輸）
    [time] { $winner }超時勝
    [forfeit] { $winner }判勝
   *[won] { $winner }勝
}
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves } 手
summary-connect4 = 四子棋 { $width } × { $height } · { $players } · { $result } · { $moves } 手

online-board-unsupported = 線上四子棋使用標準的 7 × 6 棋盤。
online-clock-unsupported = 線上計時只支援整分鐘加每步加秒；每步限時暫不支援線上對局。
