# Tiếng Việt. Keys and variables as in ../en/main.ftl. Terms: ../README.md.

## The language's own name, shown in the language picker.
language-name = Tiếng Việt

## Title screen

app-title = Cờ caro
game-gomoku = Cờ caro
game-connect4 = Cờ thả bốn
menu-new-game = Ván mới
menu-continue = Chơi tiếp
menu-replay-last = Xem lại ván vừa chơi
menu-load-game = Mở ván đã lưu
menu-analysis = Bàn phân tích
menu-puzzles = Câu đố
menu-engine-match = Trận đấu giữa các máy cờ
menu-settings = Cài đặt
menu-quit = Thoát
notice-nothing-to-continue = Không có ván đang chơi dở để chơi tiếp.
notice-no-finished-game = Chưa có ván nào kết thúc.

## Settings screen

settings-title = Cài đặt
settings-sound = Âm thanh
settings-effects = Hiệu ứng
settings-music = Nhạc
settings-volume = { $percent }%
settings-ambient = Nhạc nền
settings-ambient-on = Bật
settings-ambient-off = Tắt
settings-all-sound = Toàn bộ âm thanh
settings-sound-on = Bật
settings-sound-muted = Tắt tiếng
settings-board = Bàn cờ
settings-theme = Giao diện
theme-classic = Gỗ cổ điển
theme-dark = Đá phiến tối
settings-motion = Chuyển động
settings-motion-reduced = Giảm bớt
settings-motion-full = Đầy đủ
settings-coordinates = Tọa độ
settings-coordinates-shown = Hiện
settings-coordinates-hidden = Ẩn
settings-move-numbers = Số thứ tự nước đi
settings-move-numbers-shown = Hiện
settings-move-numbers-hidden = Ẩn
settings-forbidden = Điểm cấm
settings-forbidden-marked = Đánh dấu
settings-forbidden-hidden = Ẩn
settings-review = Phân tích ván cờ
settings-review-deep = Kỹ ({ $seconds } giây mỗi nước)
settings-review-fast = Nhanh ({ $seconds } giây mỗi nước)
settings-language = Ngôn ngữ
settings-saved-in = Lưu tại { $file }
settings-back = Quay lại

## Notices about the game's files (title screen)

notice-file-unreadable-moved = Không đọc được { $what } ({ $reason }). Tệp đã được chuyển đến { $path } và một bản mới được dùng thay thế.
notice-file-unreadable = Không đọc được { $what } ({ $reason }); một bản mới được dùng thay thế.
file-settings = tệp cài đặt
file-statistics = tệp thống kê
file-autosave = ván đã tự động lưu
file-clock = đồng hồ của ván đã lưu
file-opening = khai cuộc của ván đã lưu
file-engine = máy của ván đã lưu
file-puzzle-progress = tệp tiến độ câu đố
notice-opening-misfit = Khai cuộc đã lưu không khớp với ván đã lưu: đã bỏ khai cuộc.
notice-opening-none = Không thể khôi phục khai cuộc đã lưu (trò chơi không có luật khai cuộc đó).
notice-engine-gone = Máy của ván đã lưu ({ $name }) không còn trong Cài đặt hoặc tệp của nó đã mất: ván tiếp tục với cấp Bậc thầy.
notice-opening-action = Không thể khôi phục khai cuộc đã lưu (một bước của nó không phát lại được).
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = Máy chơi cờ
engines-about = Các máy chơi cờ Gomocup (chương trình pbrain-* như Rapfi, Embryo hay AIWine) có thể làm đối thủ của bạn trong Cờ caro. Thêm máy bằng tệp của nó; trò chơi sẽ hỏi máy chơi được những gì.
engines-add = Thêm máy
engines-add-button = Thêm
engines-path-hint = Bấm vào đây và gõ đường dẫn của máy, ví dụ /opt/rapfi/pbrain-rapfi
engines-found = Tìm thấy trên máy tính này:
engines-remove = Xóa
engines-turn = Thời gian mỗi nước
engines-threads = Luồng
engines-memory = Bộ nhớ
engines-seconds = { $seconds } giây
engines-mib = { $mib } MB
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = Chơi luật { $rules } trên bàn { $sizes }
engines-three-lines = ba biến tốt nhất trên bàn phân tích
engine-missing = Không tìm thấy: { $path } không còn ở đó nữa.
engine-checking = Đang kiểm tra { $file }…
engine-added = Đã thêm { $name }: hãy chọn máy này làm đối thủ trong Ván mới.
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = Không thêm được { $file }: { $what }.
engine-no-file = không có tệp này ({ $path })
engine-refused-every-rule = máy từ chối mọi luật được hỏi
