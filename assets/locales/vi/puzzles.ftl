# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.

## The panel

puzzle-title = Câu đố
puzzle-button-hint = Gợi ý
puzzle-button-solution = Lời giải
puzzle-button-retry = Thử lại
puzzle-button-next = Câu tiếp
puzzle-button-family = Trò chơi / luật
puzzle-button-difficulty = Độ khó
puzzle-button-open-game = Mở ván cờ
puzzle-button-menu = Menu
puzzle-click-to-play = Bấm để đi nước của bên tấn công
puzzle-details = Độ khó { $difficulty }/5 · hệ số { $rating }
puzzle-details-forbidden = Độ khó { $difficulty }/5 · hệ số { $rating } · có liên quan đến nước cấm
puzzle-family-yours = Của bạn

## What to find

puzzle-prompt = { $side } đi: { $goal }
puzzle-goal-vcf = thắng bằng các nước tạo bốn
puzzle-goal-vct = thắng bằng các nước tạo ba và bốn
puzzle-goal-win-in = thắng trong { $moves } nước
puzzle-prompt-solved = Đã giải
puzzle-prompt-none = Không có câu đố

## The status line

puzzle-status-checking = Đang kiểm tra…
puzzle-status-right = Đúng. { $defender } phải chặn…
puzzle-status-answered = { $defender } chặn ở { $move }. Đi tiếp.
puzzle-status-solved-clean = Giải được rồi!
puzzle-status-solved = Đã giải.
puzzle-status-also-wins = Nước đó cũng thắng, nhưng chậm hơn: hãy tìm nước ép mạnh nhất.
puzzle-refuted-defence = Không phải: { $defender } chặn ở { $move } và đợt tấn công hết đà. Thử lại.
puzzle-refuted-counter-win = Không phải: { $defender } thắng trước, bắt đầu từ { $move } (hiện trên bàn cờ). Thử lại.
puzzle-status-not-judged = Không đánh giá được nước đó ({ $reason }).
puzzle-hint-area = Gợi ý: nước đi nằm giữa { $from } và { $to }.
puzzle-hint-move = Gợi ý: đi { $move }.
puzzle-hint-none = Không có gợi ý ở đây ({ $reason }).
puzzle-solution = Lời giải:
puzzle-solution-none = Không có lời giải từ đây ({ $reason }).
puzzle-solution-shown = Đó là lời giải.
puzzle-status-no-match = Không có câu đố nào khớp với bộ lọc.
puzzle-status-no-setup = Không dựng được thế cờ của câu đố này.
puzzle-status-not-saved = Không lưu được tiến độ của bạn: { $reason }
puzzle-status-not-yours = Câu đố này không lấy từ ván cờ của bạn.
puzzle-status-no-record = Biên bản ván cờ đó chưa được lưu.
puzzle-status-open-failed = Không mở được ván cờ: { $reason }

## Where a puzzle of the player's own came from

puzzle-source = Từ ván cờ { $file } của bạn ({ $date }): nước thứ { $move } đã bỏ lỡ thế thắng này. Nhấn G để mở ván cờ.
puzzle-source-unsaved = Từ một ván cờ của bạn ({ $date }): nước thứ { $move } đã bỏ lỡ thế thắng này.

## The player's rating and the filter

puzzle-rating = Hệ số của bạn: { $rating } ± { $range }
puzzle-rating-provisional = Hệ số của bạn: { $rating } ± { $range } (tạm tính)
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
puzzle-streak = Chuỗi { $streak } · tốt nhất { $best } · đã giải { $solved }/{ $total }
puzzle-filter = Đang hiện { $family } · { $difficulty } · { $count } câu đố ({ $yours } của bạn)
puzzle-filter-every-game = mọi trò chơi
puzzle-filter-every-difficulty = mọi độ khó
puzzle-filter-difficulty = độ khó { $difficulty }

## Notices (title screen)

puzzle-notice-unreadable = Một câu đố của bạn không đọc được ({ $reason }).

puzzle-status-solved-hint = Giải được nhờ gợi ý — không được tính.
puzzle-status-solved-mistake = Giải được sau một nước sai — không được tính.
puzzle-status-solved-retry = Giải được ở lần thử thứ hai — không được tính (chỉ tính lần thử đầu).
puzzle-prompt-solution-shown = Đã xem lời giải
