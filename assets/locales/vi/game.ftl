# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = Đen
side-gomoku-second = Trắng
side-connect4-first = Đỏ
side-connect4-second = Vàng
player-you = Bạn
player-ai = { $level } (AI)
player-engine = { $name } (máy)
player-numbered = Người chơi { $number }
player-coloured = Người chơi { $colour }
level-headline = Cấp { $number } · { $name }
level-gomoku-1 = Nhập môn
level-gomoku-1-about = Tham lam: chọn điểm trông tốt nhất, không bao giờ tính trước.
level-gomoku-2 = Sơ cấp
level-gomoku-2-about = Biết các thế cờ: tấn công bằng ba và bốn, chặn ba và bốn của bạn.
level-gomoku-3 = Trung cấp
level-gomoku-3-about = Tính trước vài nước với đánh giá thế cờ đầy đủ.
level-gomoku-4 = Cao cấp
level-gomoku-4-about = Máy dùng hết sức, tìm nước đe dọa trong một số nút giới hạn.
level-gomoku-5 = Bậc thầy
level-gomoku-5-about = Máy dùng hết sức, tìm nước đe dọa thật sâu, vài giây mỗi nước.
level-connect4-1 = Sơ cấp
level-connect4-1-about = Thắng được thì thắng, chặn nước thắng của bạn; còn lại đi theo cảm tính.
level-connect4-2 = Trung cấp
level-connect4-2-about = Tính trước sáu nước và biết các thế cờ tốt.
level-connect4-3 = Hoàn hảo
level-connect4-3-about = Giải trọn thế cờ khi có thể: vài giây mỗi nước.
controls-gomoku = Chuột hoặc phím mũi tên + Enter để đặt quân
controls-connect4 = Nhấp vào một cột, hoặc ← → và Enter; phím 1-7 thả ngay

## Rules and board (setup rows, subtitles)

row-rule = Luật
row-board = Bàn cờ
row-opening = Khai cuộc
rule-freestyle = Tự do
rule-freestyle-about = Năm quân liên tiếp trở lên là thắng.
rule-standard = Tiêu chuẩn
rule-standard-about = Đúng năm quân liên tiếp mới thắng; sáu quân trở lên không tính.
rule-renju = Renju
rule-renju-about = Đen không được đi 3-3, 4-4 hay quá năm. Trắng thắng với năm quân trở lên.
rule-renju-note = Đen không được đi 3-3, 4-4 hay quá năm.
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · bốn quân liên tiếp là thắng
c4-board-classic = 7 × 6 (cổ điển)
c4-setup-note = Thả quân vào các cột: bốn quân liên tiếp theo hàng ngang, dọc hoặc chéo là thắng.
line-name = { $cells ->
    [4] bốn
    [5] năm
    [6] sáu
    [7] bảy
    [8] tám
    [9] chín
   *[other] { $cells }
}
opening-rule-none = Không
opening-rule-none-about = Không có luật khai cuộc: Đen đi trước.
opening-rule-swap = Swap
opening-rule-swap-about = Cho luật Tự do và Tiêu chuẩn: người thứ nhất đặt ba quân (đen, trắng, đen), người thứ hai chọn màu.
opening-rule-swap2 = Swap2
opening-rule-swap2-about = Cho luật Tự do và Tiêu chuẩn: như Swap, hoặc người thứ hai đặt thêm hai quân và người thứ nhất chọn màu.
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = Cho Renju. Người thứ nhất đặt một trong 26 khai cuộc và khai báo số nước thứ năm Đen sẽ đề xuất; người kia được đổi bên một lần. Sau đó Trắng chọn một trong các đề xuất của Đen.
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = Cho Renju. Người thứ nhất đặt một trong 26 khai cuộc, người kia được đổi bên. Trắng đi nước thứ tư và khai báo số nước thứ năm (1 đến 8) Đen sẽ đề xuất; người kia lại được đổi bên. Sau đó Trắng chọn một đề xuất.
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = Cho Renju. Bốn nước đầu được đặt trong các ô vuông trung tâm lớn dần, sau mỗi nước người kia được đổi bên. Sau đó Đen đi nước thứ năm hoặc đề xuất mười nước để Trắng chọn.

## Why a move was refused

move-taken = { $point } đã có quân của { $by }.
move-forbidden = { $point } là nước cấm của Đen theo luật Renju: { $kind }.
move-off-board = Điểm đó nằm ngoài bàn cờ.
move-game-over = Ván cờ đã kết thúc.
move-out-of-turn = Chưa đến lượt bên này.
move-other-game = Nước đi đó thuộc về trò chơi khác.
foul-overline = quá năm (sáu quân trở lên)
foul-double-four = 4-4 (hai đường bốn)
foul-double-three = 3-3 (hai đường ba)
c4-no-column = Không có cột { $column }.
c4-column-full = Cột { $column } đã đầy.
c4-column = cột { $column }
switch-side-refused = Trong { $game }, hai bên luôn đi luân phiên.
legend-threats = Chấm có vòng: đỏ tạo năm, cam tạo bốn, vàng tạo ba mở
legend-threats-renju = Chấm có vòng: đỏ tạo năm, cam tạo bốn, vàng tạo ba mở
    × điểm cấm của Đen

## The AI's search: the side panel and hints

outlook-has-won = { $side } đã thắng
outlook-wins-in = { $side } thắng sau { $moves } nước
outlook-draw = hòa
outlook-unclear = chưa rõ
outlook-chance = cơ hội của { $side } { $percent }%
panel-search = { $level }
    Lần tìm gần nhất: độ sâu { $depth } · { $outlook }
    { $nodes } nút trong { $seconds } giây
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    Nước gần nhất: độ sâu { $depth } · { $seconds } giây
panel-engine-timed = { $name }
    Nước gần nhất: { $seconds } giây
c4-how-forced = nước bắt buộc
c4-how-feel = theo cảm tính
c4-how-book = từ sách khai cuộc
c4-how-solved = giải chính xác
c4-how-search = tìm với độ sâu { $depth }
c4-panel = { $level }
    Nước vừa đi: cột { $column } ({ $how })
    { $outlook } · { $seconds } giây
c4-panel-plain = { $level }
    Nước vừa đi: cột { $column } ({ $how })
    { $seconds } giây
c4-hint = Gợi ý: cột { $column } ({ $outlook })
c4-hint-plain = Gợi ý: cột { $column }
hint-none = Không có gợi ý: { $why }.
hint-no-legal-move = không còn nước đi hợp lệ
hint-other-game = đây là cấp độ của trò chơi khác
hint-no-defence = Không thể chống đỡ: dù bạn đi thế nào, { $side } cũng thắng sau { $moves } nước, bắt đầu từ { $point }.
hint-move = Gợi ý: { $point } ({ $level }: { $outlook })
hint-engine = Gợi ý: { $point } ({ $name })

## Tournament openings (prompts, buttons, the line of decisions)

opening-place-run = Đặt { $count } quân: { $black ->
    [0] {""}
   *[other] { $black } đen
}{ $black ->
    [0] {""}
   *[other] { $white ->
        [0] {""}
       *[other] ,{" "}
    }
}{ $white ->
    [0] {""}
   *[other] { $white } trắng
} (bây giờ là quân { $colour ->
    [black] đen
   *[white] trắng
}{ $within ->
    [0] {""}
    [1] {" "}ở điểm trung tâm
   *[other] {" "}trong ô vuông trung tâm { $within } × { $within }
})
opening-place-one = Đặt một quân { $colour ->
    [black] đen
   *[white] trắng
}{ $within ->
    [0] {""}
    [1] {" "}ở điểm trung tâm
   *[other] {" "}trong ô vuông trung tâm { $within } × { $within }
}
opening-choose-colour = Chọn màu quân của bạn
opening-declare = Khai báo số nước thứ năm Đen sẽ đề xuất ({ $min } đến { $max })
opening-offer = { $count ->
    [1] Đề xuất thêm một nước thứ năm cho Đen: Trắng sẽ chọn một
   *[other] Đề xuất thêm { $count } nước thứ năm cho Đen, không nước nào đối xứng với nước khác: Trắng sẽ chọn một
}
opening-pick = Chọn một trong các nước thứ năm của Đen
opening-play-black = Cầm Đen
opening-play-white = Cầm Trắng
opening-place-two = Đặt thêm hai quân
opening-offer-ten = Giữ Đen, đề xuất mười nước thứ năm
opening-off-area = { $within ->
    [1] { $point } không phải điểm trung tâm: quân này phải đặt ở trung tâm.
   *[other] { $point } nằm ngoài ô vuông trung tâm { $within } × { $within }.
}
opening-not-offered = Hiện không có lựa chọn đó.
opening-offered-already = { $point } đã được đề xuất rồi.
opening-symmetric = { $point } đối xứng với đề xuất { $other } trong thế cờ này: các đề xuất phải khác nhau.
opening-not-an-offer = { $point } không nằm trong các đề xuất.
opening-over = Khai cuộc đã kết thúc.
opening-use-buttons = Hãy chọn bằng các nút trước.
decision-takes = { $who } { $you ->
    [yes] chọn
   *[no] chọn
} { $colour ->
    [black] Đen
   *[white] Trắng
}
decision-keeps = { $who } { $you ->
    [yes] giữ
   *[no] giữ
} { $colour ->
    [black] Đen
   *[white] Trắng
}
decision-places-two = { $who } { $you ->
    [yes] đặt
   *[no] đặt
} thêm hai quân
decision-offers-ten = { $who } { $you ->
    [yes] giữ
   *[no] giữ
} Đen, đề xuất các nước thứ năm
decision-declares = { $who } { $you ->
    [yes] khai báo
   *[no] khai báo
} { $count } nước thứ năm
decision-offers = { $who } { $you ->
    [yes] đề xuất
   *[no] đề xuất
} { $points }
decision-picks = { $who } { $you ->
    [yes] chọn
   *[no] chọn
} { $point }

## The status line in play

status-looking = Đang xem thế cờ sau nước { $shown }/{ $ply }: nhấp vào nước { $ply } hoặc nhấn End để quay lại ván cờ.
status-wait-ai = Hãy chờ AI đi.
status-nothing-to-undo = Không có gì để hoàn tác.
status-nothing-to-redo = Không có gì để làm lại.
status-no-redo-in-opening = Không thể làm lại trong khai cuộc.
status-no-hints-in-opening = Không có gợi ý trong khai cuộc.
status-hint-own-turn = Chỉ xem gợi ý được khi đến lượt bạn.
status-hint-looking = Đang tìm nước hay…
status-resign-confirm = Đầu hàng ván này? Nhấn Đầu hàng (Ctrl+R) lần nữa để xác nhận; thao tác khác sẽ hủy.
status-ai-failed = AI không đi được ({ $error }) và đầu hàng.
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name } { $what } nên bị xử thua ván này.
engine-stopped = Máy đã bị dừng trước khi trả lời.
fault-start = không khởi động được ({ $error })
fault-crash = đã ngừng chạy
fault-time = không trả lời trong { $seconds } giây
fault-not-a-move = trả lời “{ $reply }” thay vì một nước đi
fault-off-board = đi { $point }, nằm ngoài bàn cờ
fault-taken = đi { $point }, nơi đã có quân
fault-forbidden = đi { $point }, một nước cấm với quân Đen
fault-after-the-end = đi { $point } sau khi ván cờ đã kết thúc
fault-flood = in ra hơn { $lines } dòng cho một nước đi
fault-refused-sizes = từ chối mọi cỡ bàn cờ được đề nghị ({ $sizes })
fault-refused-board = từ chối bàn cờ { $size }×{ $size }: “{ $reply }”
fault-refused-command = không biết lệnh { $command }: “{ $reply }”
hint-engine-fault = { $name } { $what }
engine-not-this-game = Máy cờ ngoài không chơi trò chơi này.
status-ai-placing = { $level } đang đặt quân…
status-ai-choosing = { $level } đang chọn…
status-player-prompt = { $player }: { $prompt }
status-autosave-failed = Không thể tự động lưu: { $error }
status-save-failed = Không thể lưu ván cờ: { $error }

## Saved games and records (the Load list, notices)

notice-autosave-unrestorable = Không thể khôi phục ván { $game } đã tự động lưu ({ $reason }).
notice-record-unreadable = Không đọc được { $file }: { $reason }.
notice-moved-to = Tệp đã được chuyển đến { $path }.
autosave-bad-version = phiên bản tự động lưu không xác định { $version }
autosave-bad-rule = luật không xác định '{ $rule }'
autosave-bad-colour = màu không xác định '{ $colour }'
autosave-bad-level = cấp độ không xác định { $level }
autosave-over = ván đã lưu đã kết thúc
record-unknown-extension = không trò chơi nào đọc được tệp .{ $ext }
record-set-up-position = bản ghi bắt đầu từ một thế cờ xếp sẵn
record-unreadable-line = Không đọc được: { $reason }
players-vs = { $first } vs { $second }
record-result-unfinished = Chưa xong
record-result-unknown = Không rõ kết quả
record-result-draw = Hòa
record-result-won = { $how ->
    [resignation] { $winner } thắng (đối phương đầu hàng)
    [time] { $winner } thắng do đối phương hết giờ
    [forfeit] { $winner } thắng do đối phương bị xử thua
   *[won] { $winner } thắng
}
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves } nước
summary-connect4 = Cờ thả bốn { $width } × { $height } · { $players } · { $result } · { $moves } nước

online-board-unsupported = Cờ thả bốn trực tuyến chơi trên bàn chuẩn 7 × 6.
online-clock-unsupported = Đồng hồ trực tuyến tính theo phút tròn cộng thời gian thêm; thời gian mỗi nước chưa chơi được trực tuyến.
