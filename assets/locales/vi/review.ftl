# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.

## Replay screen

replay-title = Xem lại
replay-play = Chạy
replay-pause = Dừng
replay-menu = Menu
replay-keys = Home · ← · Space · → · End · N số nước · A phân tích
replay-speed = { $speed } nước mỗi giây
replay-move-counter = Nước { $n } / { $total }
replay-left = còn { $clock }
replay-opening-stone = khai cuộc

## Review of a game

review-button = Phân tích ván cờ
review-seconds = { $seconds } giây
review-failed = Phân tích thất bại: { $error }.
review-progress = Đang phân tích… { $done } / { $total } thế cờ
review-hint = V: máy phân tích từng nước của ván này.
review-start = Thế cờ ban đầu: bấm vào biểu đồ hoặc đi từng nước để xem đánh giá của mỗi nước.
review-move = Nước { $n } · { $side } { $move }: { $grade }, { $outlook }.
review-move-timed = Nước { $n } · { $side } { $move } ({ $time }): { $grade }, { $outlook }.
review-best = Nước tốt nhất là { $move }: { $outlook }.
review-missed = { $side } bỏ lỡ thế thắng chắc: { $outlook }.
review-opening-stone = quân khai cuộc, không đánh giá
review-not-graded = không đánh giá
review-accuracy = { $side }: độ chính xác { $accuracy }%
review-count-inaccuracy = { $n } nước chưa chính xác
review-count-mistake = { $n } sai lầm
review-count-blunder = { $n } sai lầm nghiêm trọng
review-count-missed-win = { $n } lần bỏ lỡ thắng
review-turning-point = Bước ngoặt: nước { $n } ({ $side } { $move })

## Grades of a move

review-grade-best = tốt nhất
review-grade-good = tốt
review-grade-inaccuracy = chưa chính xác
review-grade-mistake = sai lầm
review-grade-blunder = sai lầm nghiêm trọng
review-grade-missed-win = bỏ lỡ thắng

## Load game screen

load-title = Mở ván đã lưu
load-folder = Các ván đã lưu trong { $folder }
load-empty = Chưa có ván nào được lưu: các ván đã kết thúc sẽ tự động được lưu ở đây.
load-newer = Mới hơn
load-older = Cũ hơn
load-page = Trang { $page } / { $pages }
load-back = Quay lại

## Analysis board

analysis-title = Bàn phân tích
analysis-take-back = Đi lại
analysis-switch-side = Đổi bên
analysis-threats = Đe dọa
analysis-clear = Xóa bàn cờ
analysis-menu = Menu
analysis-click-hint = Bấm để đặt quân cho bên đến lượt
analysis-engine = Máy: { $name }
analysis-engine-own = tích hợp sẵn
analysis-no-engine = Trong Cài đặt chưa có máy nào chơi được luật và cỡ bàn cờ này.
analysis-engine-fault = { $name } { $what }: không phân tích được.
analysis-one-line-not-asked = { $name } chỉ hiện một biến: nó được thêm trước khi trò chơi hỏi nhiều biến. Hãy thêm lại trong Cài đặt.
analysis-one-line-refused = { $name } chỉ hiện một biến: nó không trả lời YXNBEST, lệnh hỏi nhiều nước tốt nhất.
analysis-one-line-single = { $name } chỉ hiện một biến: nó trả lời YXNBEST chỉ với một biến.
analysis-stones-kept = { $kept } / { $total } quân vừa với bàn cờ mới; số còn lại đã được bỏ đi.
analysis-board-empty = Bàn cờ đang trống.
analysis-game-over = Ván cờ kết thúc: { $line } quân liên tiếp. Đi lại một nước để chơi tiếp.
analysis-to-place = { $side } đến lượt đặt
analysis-thinking = Máy đang tính…
analysis-depth = Máy, độ sâu { $depth }:
analysis-depth-deepening = Máy, độ sâu { $depth }, đang tính sâu hơn:
analysis-lines = Máy:
analysis-lines-deepening = Máy, đang tính tiếp:

review-title = Phân tích ván
review-refutation = { $side } đáp lại bằng { $move }: { $outlook }.
