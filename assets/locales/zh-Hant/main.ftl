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
menu-engine-match = 引擎對戰
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
file-engine = 已儲存對局的引擎
file-puzzle-progress = 謎題進度檔
notice-opening-misfit = 儲存的開局與儲存的對局不符，已捨棄。
notice-opening-none = 無法恢復儲存的開局（此棋沒有這種開局規則）。
notice-engine-gone = 已儲存對局的引擎（{ $name }）已不在設定中，或其檔案已不存在：對局改由大師級繼續。
notice-opening-action = 無法恢復儲存的開局（其中一步無法重播）。
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = 引擎
engines-about = Gomocup 引擎（pbrain-* 程式，如 Rapfi、Embryo 或 AIWine）可以作為你的五子棋對手。按檔案新增引擎，遊戲會詢問它支援哪些規則和棋盤。
engines-add = 新增引擎
engines-add-button = 新增
engines-path-hint = 點擊此處並輸入引擎路徑，例如 /opt/rapfi/pbrain-rapfi
engines-found = 在這台電腦上找到：
engines-remove = 移除
engines-turn = 每步用時
engines-threads = 執行緒
engines-memory = 記憶體
engines-seconds = { $seconds } 秒
engines-mib = { $mib } MB
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = 規則：{ $rules } · 棋盤：{ $sizes }
engines-three-lines = 局面分析中顯示三條最佳變化
engine-missing = 找不到：{ $path } 已不存在。
engine-checking = 正在檢查 { $file }…
engine-added = 已新增 { $name }：可在「新對局」中選它作對手。
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = 未能新增 { $file }：{ $what }。
engine-no-file = 沒有這個檔案（{ $path }）
engine-refused-every-rule = 它拒絕了詢問的所有規則
