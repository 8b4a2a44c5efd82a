# 日本語. Keys and variables as in ../en/main.ftl. Terms: ../README.md.

## The language's own name, shown in the language picker.
language-name = 日本語

## Title screen

app-title = 五目並べ
game-gomoku = 五目並べ
game-connect4 = 四目並べ
menu-new-game = 新しい対局
menu-continue = 続きから
menu-replay-last = 前回の対局を再生
menu-load-game = 棋譜を読み込む
menu-analysis = 検討盤
menu-puzzles = 詰め問題
menu-engine-match = エンジン対戦
menu-settings = 設定
menu-quit = 終了
notice-nothing-to-continue = 続きから再開できる対局はありません。
notice-no-finished-game = 終局した対局はまだありません。

## Settings screen

settings-title = 設定
settings-sound = サウンド
settings-effects = 効果音
settings-music = 音楽
settings-volume = { $percent }%
settings-ambient = BGM
settings-ambient-on = オン
settings-ambient-off = オフ
settings-all-sound = すべての音
settings-sound-on = オン
settings-sound-muted = ミュート
settings-board = 盤
settings-theme = テーマ
theme-classic = 木目（クラシック）
theme-dark = ダークスレート
settings-motion = アニメーション
settings-motion-reduced = 控えめ
settings-motion-full = フル
settings-coordinates = 座標
settings-coordinates-shown = 表示
settings-coordinates-hidden = 非表示
settings-move-numbers = 手数
settings-move-numbers-shown = 表示
settings-move-numbers-hidden = 非表示
settings-forbidden = 禁じ手
settings-forbidden-marked = 表示
settings-forbidden-hidden = 非表示
settings-review = 対局の検討
settings-review-deep = じっくり（1手 { $seconds } 秒）
settings-review-fast = 速く（1手 { $seconds } 秒）
settings-language = 言語
settings-saved-in = 保存先: { $file }
settings-back = 戻る

## Notices about the game's files (title screen)

notice-file-unreadable-moved = { $what }を読み込めませんでした（{ $reason }）。{ $path } に移動し、新しいものを使います。
notice-file-unreadable = { $what }を読み込めませんでした（{ $reason }）。新しいものを使います。
file-settings = 設定ファイル
file-statistics = 統計ファイル
file-autosave = 自動保存された対局
file-clock = 保存した対局の持ち時間
file-opening = 保存した対局の開局
file-engine = 保存した対局のエンジン
file-puzzle-progress = 詰め問題の進行状況ファイル
notice-opening-misfit = 保存された開局が保存された対局と合わないため、破棄しました。
notice-opening-none = 保存された開局を復元できませんでした（このゲームにはその開局ルールがありません）。
notice-engine-gone = 保存した対局のエンジン（{ $name }）が設定にないか、ファイルがありません。名人を相手に続けます。
notice-opening-action = 保存された開局を復元できませんでした（手順の一部を再現できません）。
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = エンジン
engines-about = Gomocup のエンジン（Rapfi、Embryo、AIWine などの pbrain-* プログラム）を五目並べの相手にできます。ファイルを指定して追加すると、何が打てるかをエンジンに問い合わせます。
engines-add = エンジンを追加
engines-add-button = 追加
engines-path-hint = ここをクリックしてエンジンのパスを入力（例：/opt/rapfi/pbrain-rapfi）
engines-found = このコンピューターで見つかったもの：
engines-remove = 削除
engines-turn = 1手の時間
engines-threads = スレッド
engines-memory = メモリ
engines-seconds = { $seconds } 秒
engines-mib = { $mib } MB
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = 対応ルール：{ $rules } · 盤：{ $sizes }
engines-three-lines = 検討盤で最善の読み筋を3つ表示
engine-missing = 見つかりません：{ $path } はもうありません。
engine-checking = { $file } を確認しています…
engine-added = { $name } を追加しました。「新しい対局」で相手に選べます。
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = { $file } を追加できませんでした：{ $what }。
engine-no-file = そのファイルはありません（{ $path }）
engine-refused-every-rule = 問い合わせたルールをすべて拒否しました
