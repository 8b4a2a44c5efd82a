# 繁體中文. Keys and variables as in ../en/main.ftl. Terms: ../README.md.

## The language's own name, shown in the language picker.
language-name = 繁體中文

## Title screen

app-title = 五子棋
game-gomoku = 五子棋
game-connect4 = 四子棋
menu-new-game = 新對局
menu-continue = 繼續對局
menu-replay-last = 重播上一局
menu-load-game = 載入棋譜
menu-analysis = 局面分析
menu-puzzles = 謎題
menu-settings = 設定
menu-quit = 離開
notice-nothing-to-continue = 沒有可以繼續的未完對局。
notice-no-finished-game = 暫無已結束的對局。

## Settings screen

settings-title = 設定
settings-sound = 聲音
settings-effects = 音效
settings-music = 音樂
settings-volume = { $percent }%
settings-ambient = 背景音樂
settings-ambient-on = 開
settings-ambient-off = 關
settings-all-sound = 所有聲音
settings-sound-on = 開
settings-sound-muted = 靜音
settings-board = 棋盤
settings-theme = 主題
theme-classic = 經典木紋
theme-dark = 深色石板
settings-motion = 動畫
settings-motion-reduced = 精簡
settings-motion-full = 完整
settings-coordinates = 座標
settings-coordinates-shown = 顯示
settings-coordinates-hidden = 隱藏
settings-move-numbers = 落子序號
settings-move-numbers-shown = 顯示
settings-move-numbers-hidden = 隱藏
settings-forbidden = 禁手點
settings-forbidden-marked = 標示
settings-forbidden-hidden = 隱藏
settings-review = 對局覆盤
settings-review-deep = 深入（每步 { $seconds } 秒）
settings-review-fast = 快速（每步 { $seconds } 秒）
settings-language = 語言
settings-saved-in = 儲存於 { $file }
settings-back = 返回

## Notices about the game's files (title screen)

notice-file-unreadable-moved = 無法讀取{ $what }（{ $reason }）。已將其移至 { $path }，並改用新的{ $what }。
notice-file-unreadable = 無法讀取{ $what }（{ $reason }），已改用新的{ $what }。
file-settings = 設定檔
file-statistics = 統計檔
file-autosave = 自動儲存的對局
file-clock = 已儲存對局的計時
file-opening = 已儲存對局的開局
file-puzzle-progress = 謎題進度檔
notice-opening-misfit = 儲存的開局與儲存的對局不符，已捨棄。
notice-opening-none = 無法恢復儲存的開局（此棋沒有這種開局規則）。
notice-opening-action = 無法恢復儲存的開局（其中一步無法重播）。
