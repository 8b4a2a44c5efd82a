# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = 黒
side-gomoku-second = 白
side-connect4-first = 赤
side-connect4-second = 黄
player-you = あなた
player-ai = { $level }（AI）
player-engine = { $name }（エンジン）
player-numbered = プレイヤー { $number }
player-coloured = プレイヤー（{ $colour }）
level-headline = レベル { $number } · { $name }
level-gomoku-1 = 入門
level-gomoku-1-about = 欲張り：一番良さそうな点に打つだけで、先は読みません。
level-gomoku-2 = 初級
level-gomoku-2-about = 形を知っている：三や四で攻め、あなたの三や四を止めます。
level-gomoku-3 = 中級
level-gomoku-3-about = 形を完全に評価しながら数手先まで読みます。
level-gomoku-4 = 上級
level-gomoku-4-about = フルエンジン：決まったノード数で脅威を探索します。
level-gomoku-5 = 名人
level-gomoku-5-about = フルエンジン：脅威を深く探索し、一手に数秒かけます。
level-connect4-1 = 初級
level-connect4-1-about = 勝てるときは勝ち、あなたの勝ちは止めます。あとは感覚で打ちます。
level-connect4-2 = 中級
level-connect4-2-about = 6 手先まで読み、良い形を知っています。
level-connect4-3 = 完全読み
level-connect4-3-about = 解ける局面は完全に解きます：一手に数秒。
controls-gomoku = マウスまたは矢印キー + Enter で石を置く
controls-connect4 = 列をクリック、または ← → と Enter。1-7 ですぐに落とす

## Rules and board (setup rows, subtitles)

row-rule = ルール
row-board = 盤
row-opening = 開局
rule-freestyle = 自由ルール
rule-freestyle-about = 五つ以上並べれば勝ち。
rule-standard = 標準ルール
rule-standard-about = ちょうど五つ並べれば勝ち。六つ以上は数えません。
rule-renju = 連珠
rule-renju-about = 黒は三三・四四・長連が禁じ手。白は五つ以上で勝ち。
rule-renju-note = 黒は三三・四四・長連を打てません。
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · 四つ並べれば勝ち
c4-board-classic = 7 × 6（クラシック）
c4-setup-note = 列に石を落とします：横・縦・斜めに四つ並べれば勝ち。
line-name = { $cells ->
    [4] 四つ
    [5] 五つ
    [6] 六つ
    [7] 七つ
    [8] 八つ
    [9] 九つ
   *[other] { $cells } 個
}
opening-rule-none = なし
opening-rule-none-about = 開局ルールなし：黒がそのまま先手です。
opening-rule-swap = Swap
opening-rule-swap-about = 自由・標準ルール用：先手が 3 石（黒・白・黒）を置き、後手が色を選びます。
opening-rule-swap2 = Swap2
opening-rule-swap2-about = 自由・標準ルール用：Swap と同じか、後手がさらに 2 石を置いて先手が色を選びます。
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = 連珠用。先手が 26 珠型の一つを打ち、黒が提示する 5 手目の数を宣言します。相手は一度だけ交替できます。その後、白が黒の提示から一つ選びます。
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = 連珠用。先手が 26 珠型の一つを打ち、相手は交替できます。白が 4 手目を打ち、黒が提示する 5 手目の数（1〜8）を宣言します。相手はもう一度交替できます。その後、白が提示から一つ選びます。
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = 連珠用。1〜4 手目は中央の広がっていく範囲に打ち、毎手の後に相手は交替できます。その後、黒は 5 手目を打つか、10 個を提示して白に選ばせます。

## Why a move was refused

move-taken = { $point } にはすでに{ $by }の石があります。
move-forbidden = { $point } は連珠の黒の禁じ手です：{ $kind }。
move-off-board = その点は盤の外です。
move-game-over = 対局は終わっています。
move-out-of-turn = この色の手番ではありません。
move-other-game = その手は別のゲームのものです。
foul-overline = 長連（六つ以上）
foul-double-four = 四四
foul-double-three = 三三
c4-no-column = { $column } 列目はありません。
c4-column-full = { $column } 列目はいっぱいです。
c4-column = { $column } 列目
switch-side-refused = { $game }では必ず交互に打ちます。
legend-threats = 丸印の点：赤は五、橙は四、黄は三ができる点
legend-threats-renju = 丸印の点：赤は五、橙は四、黄は三ができる点
    × は黒の禁じ手

## The AI's search: the side panel and hints

outlook-has-won = { $side }の勝ち
outlook-wins-in = { $side }が { $moves } 手で勝ち
outlook-draw = 引き分け
outlook-unclear = 形勢不明
outlook-chance = { $side }の勝率 { $percent }%
panel-search = { $level }
    前回の探索：深さ { $depth } · { $outlook }
    { $nodes } ノード、{ $seconds } 秒
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    直前の手：深さ { $depth } · { $seconds } 秒
panel-engine-timed = { $name }
    直前の手：{ $seconds } 秒
c4-how-forced = 必然の手
c4-how-feel = 感覚
c4-how-book = 定跡データより
c4-how-solved = 完全解析
c4-how-search = 探索の深さ { $depth }
c4-panel = { $level }
    直前の手：{ $column } 列目（{ $how }）
    { $outlook } · { $seconds } 秒
c4-panel-plain = { $level }
    直前の手：{ $column } 列目（{ $how }）
    { $seconds } 秒
c4-hint = ヒント：{ $column } 列目（{ $outlook }）
c4-hint-plain = ヒント：{ $column } 列目
hint-none = ヒントなし：{ $why }。
hint-no-legal-move = 打てる手がありません
hint-other-game = 別のゲームのレベルです
hint-no-defence = 防ぎようがありません：どう打っても{ $side }が { $moves } 手で勝ちます（{ $point } から）。
hint-move = ヒント：{ $point }（{ $level }：{ $outlook }）
hint-engine = ヒント：{ $point }（{ $name }）

## Tournament openings (prompts, buttons, the line of decisions)

opening-place-run = 石を { $count } 個置いてください：{ $black ->
    [0] {""}
   *[other] 黒 { $black }
}{ $black ->
    [0] {""}
   *[other] { $white ->
        [0] {""}
       *[other] 、
    }
}{ $white ->
    [0] {""}
   *[other] 白 { $white }
}（次は{ $within ->
    [0] {""}
    [1] 天元に
   *[other] 中央 { $within }×{ $within } の範囲に
}{ $colour ->
    [black] 黒
   *[white] 白
}）
opening-place-one = { $within ->
    [0] {""}
    [1] 天元に
   *[other] 中央 { $within }×{ $within } の範囲に
}{ $colour ->
    [black] 黒石
   *[white] 白石
}を置いてください
opening-choose-colour = 色を選んでください
opening-declare = 黒が提示する 5 手目の数を宣言してください（{ $min }〜{ $max }）
opening-offer = { $count ->
    [1] 黒の 5 手目をあと 1 つ提示してください：白が一つ選びます
   *[other] 黒の 5 手目をあと { $count } つ、互いに対称にならないように提示してください：白が一つ選びます
}
opening-pick = 黒が提示した 5 手目から一つ選んでください
opening-play-black = 黒を持つ
opening-play-white = 白を持つ
opening-place-two = さらに 2 石置く
opening-offer-ten = 黒のまま 5 手目を 10 個提示
opening-off-area = { $within ->
    [1] { $point } は天元ではありません：この石は天元に置きます。
   *[other] { $point } は中央 { $within }×{ $within } の範囲外です。
}
opening-not-offered = 今はその選択はできません。
opening-offered-already = { $point } はすでに提示されています。
opening-symmetric = この局面では { $point } は提示済みの { $other } と対称です：提示は互いに異なる必要があります。
opening-not-an-offer = { $point } は提示された手ではありません。
opening-over = 開局は終わりました。
opening-use-buttons = 先にボタンで選んでください。
decision-takes = { $who }は{ $colour ->
    [black] 黒
   *[white] 白
}を{ $you ->
    [yes] 選択
   *[no] 選択
}
decision-keeps = { $who }は{ $colour ->
    [black] 黒
   *[white] 白
}の{ $you ->
    [yes] まま
   *[no] まま
}
decision-places-two = { $who }は 2 石を{ $you ->
    [yes] 追加
   *[no] 追加
}
decision-offers-ten = { $who }は黒のまま 5 手目を{ $you ->
    [yes] 提示
   *[no] 提示
}
decision-declares = { $who }は 5 手目の提示数を { $count } と{ $you ->
    [yes] 宣言
   *[no] 宣言
}
decision-offers = { $who }の{ $you ->
    [yes] 提示
   *[no] 提示
}：{ $points }
decision-picks = { $who }は { $point } を{ $you ->
    [yes] 選択
   *[no] 選択
}

## The status line in play

status-looking = { $ply } 手中 { $shown } 手目の局面を表示中：{ $ply } 手目をクリックするか End キーで対局に戻ります。
status-wait-ai = AI の手を待ってください。
status-nothing-to-undo = 戻せる手がありません。
status-nothing-to-redo = やり直せる手がありません。
status-no-redo-in-opening = 開局中はやり直しできません。
status-no-hints-in-opening = 開局中はヒントを使えません。
status-hint-own-turn = ヒントは自分の手番に使えます。
status-hint-looking = 良い手を探しています…
status-resign-confirm = 投了しますか？もう一度「投了」（Ctrl+R）で確定、他の操作で取り消します。
status-ai-failed = AI が着手できず（{ $error }）、投了しました。
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name }の棄権負けです（{ $what }）。
engine-stopped = エンジンは応答する前に停止されました。
fault-start = 起動できなかった（{ $error }）
fault-crash = 動作が止まった
fault-time = { $seconds } 秒以内に応答しなかった
fault-not-a-move = 手ではなく「{ $reply }」と応答した
fault-off-board = 盤の外の { $point } に打った
fault-taken = すでに石のある { $point } に打った
fault-forbidden = 黒の禁じ手になる { $point } に打った
fault-after-the-end = 終局後に { $point } に打った
fault-flood = 1手で { $lines } 行を超えて出力した
fault-refused-sizes = 示したすべての盤の大きさを拒否した（{ $sizes }）
fault-refused-board = { $size }×{ $size } の盤を拒否した：「{ $reply }」
fault-refused-command = コマンド { $command } を知らない：「{ $reply }」
hint-engine-fault = { $name }が{ $what }
engine-not-this-game = 外部エンジンはこのゲームに対応していません。
status-ai-placing = { $level }が石を置いています…
status-ai-choosing = { $level }が選んでいます…
status-player-prompt = { $player }：{ $prompt }
status-autosave-failed = 自動保存できませんでした：{ $error }
status-save-failed = 対局を保存できませんでした：{ $error }

## Saved games and records (the Load list, notices)

notice-autosave-unrestorable = 自動保存された{ $game }の対局を復元できませんでした（{ $reason }）。
notice-record-unreadable = { $file } を読み込めませんでした：{ $reason }。
notice-moved-to = { $path } に移動しました。
autosave-bad-version = 不明な自動保存バージョン { $version }
autosave-bad-rule = 不明なルール「{ $rule }」
autosave-bad-colour = 不明な色「{ $colour }」
autosave-bad-level = 不明なレベル { $level }
autosave-over = 保存された対局はすでに終わっています
record-unknown-extension = .{ $ext } ファイルを読めるゲームはありません
record-set-up-position = 棋譜が配置済みの局面から始まっています
record-unreadable-line = 読み込めません：{ $reason }
players-vs = { $first } 対 { $second }
record-result-unfinished = 未完
record-result-unknown = 結果不明
record-result-draw = 引き分け
record-result-won = { $how ->
    [resignation] { $winner }の中押し勝ち
    [time] { $winner }の時間切れ勝ち
    [forfeit] { $winner }の勝ち（相手の棄権）
   *[won] { $winner }の勝ち
}
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves } 手
summary-connect4 = 四目並べ { $width } × { $height } · { $players } · { $result } · { $moves } 手

online-board-unsupported = オンラインの四目並べは標準の7 × 6の盤で行います。
online-clock-unsupported = オンラインの持ち時間は分単位と加算秒です。一手ごとの持ち時間はまだ使えません。
