# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# Tiếng Việt. Keys and variables as in ../en/play.ftl. Terms: ../README.md.

## Names of keys

play-key-esc = Esc
play-key-enter = Enter
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = Ván mới
setup-game = Trò chơi
setup-opponent = Đối thủ
setup-colour = Màu quân
setup-colour-first = { $side } (đi trước)
setup-colour-random = Ngẫu nhiên
setup-clock = Đồng hồ
setup-more-below = Còn nữa bên dưới: cuộn xuống
setup-own-clock = Tự đặt giờ
setup-clock-minute-less = − phút
setup-clock-minute-more = + phút
setup-clock-second-less = − giây
setup-clock-second-more = + giây
setup-clock-note-fischer = { $clock }: số phút cho cả ván + số giây cộng thêm mỗi nước
setup-clock-note-per-move = { $clock } (thời gian không dùng hết không được cộng dồn)
setup-clock-note-none = Không tính giờ: suy nghĩ bao lâu tùy thích
setup-record = { $wins }T { $losses }B { $draws }H
setup-two-players = Hai người chơi
setup-two-players-note = Chơi với bạn trên máy tính này, lần lượt từng người.
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · máy
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = { $name } chơi từ sau khai cuộc: các lựa chọn trong khai cuộc do cấp Bậc thầy thực hiện thay.
setup-engine-opening-asked = { $name } tự đưa ra các lựa chọn trong khai cuộc này nếu biết lệnh SWAP2BOARD; nếu không, cấp Bậc thầy làm thay.
setup-back = Quay lại
setup-start = Bắt đầu ván

## Time controls

clock-none = Không tính giờ
clock-fischer = { $minutes } + { $increment }
clock-fischer-seconds = { $seconds } giây + { $increment }
clock-per-move = { $seconds } giây mỗi nước
clock-tenths = { $seconds }

## Playing screen

play-undo = Đi lại
play-redo = Làm lại
play-hint = Gợi ý
play-resign = Đầu hàng
play-menu = Menu
play-eval-black = Đen
play-eval-white = Trắng
play-ai = AI
play-turn-game-over = Ván cờ kết thúc
play-turn-opening = Khai cuộc
play-turn-opening-ai = Khai cuộc · { $level }
play-turn-opening-you = Khai cuộc · đến lượt bạn
play-turn-ai = Đến lượt { $level }
play-turn-ai-thinking = { $level } đang nghĩ
play-turn-ai-depth = { $level } đang nghĩ · độ sâu { $depth }
play-turn-you = Đến lượt bạn
play-turn-side = Đến lượt { $side }
play-moves-played = Số nước đã đi: { $count }
play-moves-played-redo = Số nước đã đi: { $count }  (có thể làm lại { $redo })
play-info-two-players = Hai người chơi: lần lượt đi trên máy tính này.

## Move list

moves-opening = khai cuộc

## Result screen

result-win-on-time = Bạn thắng vì đối thủ hết giờ!
result-loss-on-time = Bạn thua vì hết giờ
result-win = Bạn thắng!
result-loss = Bạn thua
result-draw = Hòa
result-side-wins = { $side } thắng!
result-side-won = { $side } thắng
result-reason-line = { $player } xếp được { $line } quân liên tiếp ở nước thứ { $move }.
result-reason-resigned = { $player } đầu hàng sau { $moves } nước.
result-reason-time = { $player } hết giờ sau { $moves } nước.
result-reason-forfeit = { $player } bị xử thua sau { $moves } nước ({ $why }).
result-reason-board-full = Bàn cờ đã kín: không ai xếp được { $line } quân liên tiếp.
result-saved-as =
    Đã lưu thành
    { $file }
result-not-saved = Không lưu được ván cờ.
result-tally =
    Gặp { $level }:
    thắng { $wins } · thua { $losses } · hòa { $draws }
result-review = Phân tích ván cờ
result-replay = Xem lại
result-rematch = Chơi lại (đổi màu quân)
result-menu = Menu
result-last-game = Ván vừa chơi

setup-replace-title = Thay ván đang dở?
setup-replace-body = Ván mới sẽ thay cho ván đang dở, và ván đó sẽ không thể chơi tiếp.
setup-replace-yes = Thay
setup-replace-no = Giữ lại

## Engine match: two players (levels or engines) play each other, watched.
match-title = Trận đấu giữa các máy cờ
match-start = Bắt đầu trận đấu
match-player = Người chơi { $player }
match-games = Số ván
match-note = Mỗi khai cuộc được chơi hai lần, đổi màu quân. Mọi ván đều được lưu trong thư mục ván cờ (Mở ván đã lưu).
match-note-opening = Hai người chơi lần lượt mở từng ván, người chơi 1 mở trước; màu quân do các lựa chọn trong luật khai cuộc quyết định. Mọi ván đều được lưu trong thư mục ván cờ (Mở ván đã lưu).
match-opening-balanced = Khai cuộc cân bằng
match-opening-balanced-about = Không có luật khai cuộc: mỗi ván bắt đầu từ một khai cuộc cân bằng ba quân.
match-player-cannot = Người chơi { $player } không chơi được trò này với luật và cỡ bàn cờ này: hãy chọn người chơi khác.
match-heading = Ván { $number } / { $total }
match-heading-over = Trận đấu kết thúc: { $total } ván
match-heading-stopped = Trận đấu dừng sau { $played } ván
match-score = { $a } { $a-points } – { $b-points } { $b }
match-elo = { $a }: Elo { $elo } ± { $margin } · thắng { $wins }, thua { $losses }, hòa { $draws }
match-elo-wide = { $a }: Elo { $elo } (quá ít ván để tính sai số) · thắng { $wins }, thua { $losses }, hòa { $draws }
match-elo-unknown = Thắng { $wins }, thua { $losses }, hòa { $draws } · có Elo khi cả hai đều đã ghi điểm
match-stopped-game = Trận đấu đã dừng: ván này không được tính.
match-stop = Dừng
match-again = Đấu lại
match-saved = Các ván đã lưu trong { $dir }
match-game = { $number }. { $first } ({ $first-side }) – { $second } ({ $second-side }): { $how }
match-how-line = { $winner } thắng với { $line } quân liên tiếp
match-how-time = { $winner } thắng do đối phương hết giờ
match-how-forfeit = { $winner } thắng do đối phương bị xử thua: { $loser } { $why }
match-how-resigned = { $winner } thắng do đối phương đầu hàng
match-how-draw = hòa
match-faults = Thua do hết giờ: { $time } · bị xử thua: { $forfeits }
match-games-earlier = … và { $n } ván trước đó
