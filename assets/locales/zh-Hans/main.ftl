# 简体中文. Keys and variables as in ../en/main.ftl. Terms: ../README.md.

## The language's own name, shown in the language picker.
language-name = 简体中文

## Title screen

app-title = 五子棋
game-gomoku = 五子棋
game-connect4 = 四子棋
menu-new-game = 新对局
menu-continue = 继续对局
menu-replay-last = 回放上一局
menu-load-game = 载入棋谱
menu-analysis = 局面分析
menu-puzzles = 谜题
menu-engine-match = 引擎对战
menu-settings = 设置
menu-quit = 退出
notice-nothing-to-continue = 没有可以继续的未完对局。
notice-no-finished-game = 暂无已结束的对局。

## Settings screen

settings-title = 设置
settings-sound = 声音
settings-effects = 音效
settings-music = 音乐
settings-volume = { $percent }%
settings-ambient = 背景音乐
settings-ambient-on = 开
settings-ambient-off = 关
settings-all-sound = 全部声音
settings-sound-on = 开
settings-sound-muted = 静音
settings-board = 棋盘
settings-theme = 主题
theme-classic = 经典木纹
theme-dark = 深色石板
settings-motion = 动画
settings-motion-reduced = 精简
settings-motion-full = 完整
settings-coordinates = 坐标
settings-coordinates-shown = 显示
settings-coordinates-hidden = 隐藏
settings-move-numbers = 落子序号
settings-move-numbers-shown = 显示
settings-move-numbers-hidden = 隐藏
settings-forbidden = 禁手点
settings-forbidden-marked = 标出
settings-forbidden-hidden = 隐藏
settings-review = 对局复盘
settings-review-deep = 深入（每步 { $seconds } 秒）
settings-review-fast = 快速（每步 { $seconds } 秒）
settings-language = 语言
settings-saved-in = 保存于 { $file }
settings-back = 返回

## Notices about the game's files (title screen)

notice-file-unreadable-moved = 无法读取{ $what }（{ $reason }）。已将其移至 { $path }，并改用新的{ $what }。
notice-file-unreadable = 无法读取{ $what }（{ $reason }），已改用新的{ $what }。
file-settings = 设置文件
file-statistics = 统计文件
file-autosave = 自动保存的对局
file-clock = 已保存对局的计时
file-opening = 已保存对局的开局
file-engine = 已保存对局的引擎
file-puzzle-progress = 谜题进度文件
notice-opening-misfit = 保存的开局与保存的对局不符，已舍弃。
notice-opening-none = 无法恢复保存的开局（该棋没有这种开局规则）。
notice-engine-gone = 已保存对局的引擎（{ $name }）已不在设置中，或其文件已不存在：对局改由大师级继续。
notice-opening-action = 无法恢复保存的开局（其中一步无法重放）。
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = 引擎
engines-about = Gomocup 引擎（pbrain-* 程序，如 Rapfi、Embryo 或 AIWine）可以作为你的五子棋对手。按文件添加引擎，游戏会询问它支持哪些规则和棋盘。
engines-add = 添加引擎
engines-add-button = 添加
engines-path-hint = 点击此处并输入引擎路径，例如 /opt/rapfi/pbrain-rapfi
engines-found = 在这台电脑上找到：
engines-remove = 移除
engines-turn = 每步用时
engines-threads = 线程
engines-memory = 内存
engines-seconds = { $seconds } 秒
engines-mib = { $mib } MB
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = 规则：{ $rules } · 棋盘：{ $sizes }
engines-three-lines = 局面分析中显示三条最佳变化
engine-missing = 找不到：{ $path } 已不存在。
engine-checking = 正在检查 { $file }…
engine-added = 已添加 { $name }：可在“新对局”中选它作对手。
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = 未能添加 { $file }：{ $what }。
engine-no-file = 没有这个文件（{ $path }）
engine-refused-every-rule = 它拒绝了询问的所有规则
