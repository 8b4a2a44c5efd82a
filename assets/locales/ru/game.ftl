# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = Чёрные
side-gomoku-second = Белые
side-connect4-first = Красные
side-connect4-second = Жёлтые
player-you = Вы
player-ai = { $level } (ИИ)
player-engine = { $name } (движок)
player-numbered = Игрок { $number }
player-coloured = { $colour }
level-headline = Уровень { $number } · { $name }
level-gomoku-1 = Новичок
level-gomoku-1-about = Жадный: берёт самый привлекательный пункт и никогда не считает вперёд.
level-gomoku-2 = Любитель
level-gomoku-2-about = Знает фигуры: атакует тройками и четвёрками, блокирует ваши.
level-gomoku-3 = Клубный игрок
level-gomoku-3-about = Считает на несколько ходов вперёд с полной оценкой фигур.
level-gomoku-4 = Эксперт
level-gomoku-4-about = Полный движок: поиск угроз с фиксированным числом узлов.
level-gomoku-5 = Мастер
level-gomoku-5-about = Полный движок: глубокий поиск угроз, несколько секунд на ход.
level-connect4-1 = Любитель
level-connect4-1-about = Не упустит выигрыш и блокирует ваш; в остальном играет по наитию.
level-connect4-2 = Клубный игрок
level-connect4-2-about = Считает на шесть ходов вперёд и знает хорошие построения.
level-connect4-3 = Безупречный
level-connect4-3-about = Решает позицию, когда может: несколько секунд на ход.
controls-gomoku = Мышь или стрелки + Enter — поставить камень
controls-connect4 = Щелчок по столбцу или ← → и Enter; 1-7 — бросить сразу

## Rules and board (setup rows, subtitles)

row-rule = Правила
row-board = Доска
row-opening = Дебют
rule-freestyle = Свободные
rule-freestyle-about = Побеждает ряд из пяти и более камней.
rule-standard = Стандартные
rule-standard-about = Побеждает ровно пять в ряд; шесть и более не считаются.
rule-renju = Рэндзю
rule-renju-about = Чёрным запрещены вилки 3×3, 4×4 и длинный ряд. Белые побеждают пятью и более.
rule-renju-note = Чёрным запрещены вилки 3×3, 4×4 и длинный ряд.
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · побеждают четыре в ряд
c4-board-classic = 7 × 6 (классика)
c4-setup-note = Бросайте фишки в столбцы: побеждают четыре в ряд по горизонтали, вертикали или диагонали.
line-name = { $cells ->
    [4] четыре
    [5] пять
    [6] шесть
    [7] семь
    [8] восемь
    [9] девять
   *[other] { $cells }
}
opening-rule-none = Нет
opening-rule-none-about = Без дебютного правила: чёрные просто ходят первыми.
opening-rule-swap = Swap
opening-rule-swap-about = Для свободных и стандартных правил: первый игрок ставит три камня (чёрный, белый, чёрный), второй выбирает цвет.
opening-rule-swap2 = Swap2
opening-rule-swap2-about = Для свободных и стандартных правил: как Swap, или второй игрок ставит ещё два камня, и цвет выбирает первый.
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = Для рэндзю. Первый игрок ставит один из 26 дебютов и заявляет, сколько пятых ходов предложат чёрные; соперник может один раз сменить цвет. Затем белые выбирают одно из предложений чёрных.
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = Для рэндзю. Первый игрок ставит один из 26 дебютов, соперник может сменить цвет. Белые делают четвёртый ход и заявляют, сколько пятых ходов (от 1 до 8) предложат чёрные; соперник снова может сменить цвет. Затем белые выбирают одно из предложений.
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = Для рэндзю. Первые четыре хода делаются во всё больших центральных квадратах, и после каждого соперник может сменить цвет. Затем чёрные делают пятый ход или предлагают десять, из которых выбирают белые.

## Why a move was refused

move-taken = Пункт { $point } уже занят ({ $by }).
move-forbidden = Ход { $point } запрещён чёрным по правилам рэндзю: { $kind }.
move-off-board = Этот пункт вне доски.
move-game-over = Партия окончена.
move-out-of-turn = Сейчас не ход этой стороны.
move-other-game = Этот ход относится к другой игре.
foul-overline = длинный ряд (шесть и более)
foul-double-four = вилка 4×4
foul-double-three = вилка 3×3
c4-no-column = Столбца { $column } нет.
c4-column-full = Столбец { $column } заполнен.
c4-column = столбец { $column }
switch-side-refused = В игре «{ $game }» стороны всегда ходят по очереди.
legend-threats = Точки в кольцах: красная даёт пятёрку, оранжевая — четвёрку, жёлтая — открытую тройку
legend-threats-renju = Точки в кольцах: красная даёт пятёрку, оранжевая — четвёрку, жёлтая — открытую тройку
    × запрещённые пункты чёрных

## The AI's search: the side panel and hints

outlook-has-won = { $side } выиграли
outlook-wins-in = { $side } выигрывают за { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
}
outlook-draw = ничья
outlook-unclear = неясно
outlook-chance = { $side }: шансы { $percent }%
panel-search = { $level }
    Последний поиск: глубина { $depth } · { $outlook }
    Узлов: { $nodes } за { $seconds } с
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    Последний ход: глубина { $depth } · { $seconds } с
panel-engine-timed = { $name }
    Последний ход: { $seconds } с
c4-how-forced = вынужденный ход
c4-how-feel = по наитию
c4-how-book = из дебютной книги
c4-how-solved = точный расчёт
c4-how-search = глубина поиска { $depth }
c4-panel = { $level }
    Последний ход: столбец { $column } ({ $how })
    { $outlook } · { $seconds } с
c4-panel-plain = { $level }
    Последний ход: столбец { $column } ({ $how })
    { $seconds } с
c4-hint = Подсказка: столбец { $column } ({ $outlook })
c4-hint-plain = Подсказка: столбец { $column }
hint-none = Подсказки нет: { $why }.
hint-no-legal-move = нет допустимых ходов
hint-other-game = это уровень другой игры
hint-no-defence = Защиты нет: что бы вы ни сыграли, { $side } выигрывают за { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
}, начиная с { $point }.
hint-move = Подсказка: { $point } ({ $level }: { $outlook })
hint-engine = Подсказка: { $point } ({ $name })

## Tournament openings (prompts, buttons, the line of decisions)

opening-place-run = Поставьте { $count ->
    [2] два камня
    [3] три камня
    [4] четыре камня
    [one] { $count } камень
    [few] { $count } камня
    [many] { $count } камней
   *[other] { $count } камня
}: { $black ->
    [0] {""}
    [1] один чёрный
    [2] два чёрных
   *[other] { $black } чёрных
}{ $black ->
    [0] {""}
   *[other] { $white ->
        [0] {""}
       *[other] ,{" "}
    }
}{ $white ->
    [0] {""}
    [1] один белый
    [2] два белых
   *[other] { $white } белых
} (сейчас { $colour ->
    [black] чёрный
   *[white] белый
}{ $within ->
    [0] {""}
    [1] {" "}в центральный пункт
   *[other] {" "}в центральный квадрат { $within } × { $within }
})
opening-place-one = Поставьте { $colour ->
    [black] чёрный
   *[white] белый
} камень{ $within ->
    [0] {""}
    [1] {" "}в центральный пункт
   *[other] {" "}в центральный квадрат { $within } × { $within }
}
opening-choose-colour = Выберите свой цвет
opening-declare = Заявите, сколько пятых ходов предложат чёрные (от { $min } до { $max })
opening-offer = { $count ->
    [1] Предложите ещё один пятый ход чёрных: белые выберут один
   *[other] Предложите ещё { $count ->
        [2] два пятых хода
        [3] три пятых хода
        [4] четыре пятых хода
        [5] пять пятых ходов
        [one] { $count } пятый ход
        [few] { $count } пятых хода
        [many] { $count } пятых ходов
       *[other] { $count } пятых хода
    } чёрных, не симметричных друг другу: белые выберут один
}
opening-pick = Выберите один из пятых ходов чёрных
opening-play-black = Играть чёрными
opening-play-white = Играть белыми
opening-place-two = Поставить ещё два камня
opening-offer-ten = Остаться чёрными, предложить десять пятых ходов
opening-off-area = { $within ->
    [1] { $point } — не центр: этот камень ставится в центр.
   *[other] { $point } вне центрального квадрата { $within } × { $within }.
}
opening-not-offered = Сейчас этот выбор недоступен.
opening-offered-already = Ход { $point } уже предложен.
opening-symmetric = В этой позиции ход { $point } симметричен предложению { $other }: предложения должны различаться.
opening-not-an-offer = Ход { $point } не входит в предложения.
opening-over = Дебют завершён.
opening-use-buttons = Сначала выберите кнопкой.
decision-takes = { $who } { $you ->
    [yes] берёте
   *[no] берёт
} { $colour ->
    [black] чёрные
   *[white] белые
}
decision-keeps = { $who } { $you ->
    [yes] остаётесь
   *[no] остаётся
} { $colour ->
    [black] чёрными
   *[white] белыми
}
decision-places-two = { $who } { $you ->
    [yes] ставите
   *[no] ставит
} ещё два камня
decision-offers-ten = { $who } { $you ->
    [yes] остаётесь чёрными и предлагаете пятые ходы
   *[no] остаётся чёрными и предлагает пятые ходы
}
decision-declares = { $who } { $you ->
    [yes] заявляете
   *[no] заявляет
} { $count } { $count ->
    [one] пятый ход
    [few] пятых хода
    [many] пятых ходов
   *[other] пятых хода
}
decision-offers = { $who } { $you ->
    [yes] предлагаете
   *[no] предлагает
} { $points }
decision-picks = { $who } { $you ->
    [yes] выбираете
   *[no] выбирает
} { $point }

## The status line in play

status-looking = Показана позиция после хода { $shown } из { $ply }: щёлкните ход { $ply } или нажмите End, чтобы вернуться к игре.
status-wait-ai = Дождитесь хода ИИ.
status-nothing-to-undo = Нечего отменять.
status-nothing-to-redo = Нечего повторять.
status-no-redo-in-opening = В дебюте нечего повторять.
status-no-hints-in-opening = В дебюте подсказок нет.
status-hint-own-turn = Подсказка доступна только в ваш ход.
status-hint-looking = Ищу хороший ход…
status-resign-confirm = Сдать партию? Нажмите «Сдаться» (Ctrl+R) ещё раз для подтверждения; любое другое действие отменит сдачу.
status-ai-failed = ИИ не смог сделать ход ({ $error }) и сдаётся.
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name } { $what } — засчитано техническое поражение.
engine-stopped = Движок остановлен, не успев ответить.
fault-start = не запустился ({ $error })
fault-crash = перестал работать
fault-time = не ответил за { $seconds } с
fault-not-a-move = ответил «{ $reply }» вместо хода
fault-off-board = сыграл { $point } — за пределами доски
fault-taken = сыграл { $point }, но это поле уже занято
fault-forbidden = сыграл { $point } — запрещённый ход для чёрных
fault-after-the-end = сыграл { $point } после окончания партии
fault-flood = вывел больше { $lines } строк на один ход
fault-refused-sizes = отказался от всех предложенных размеров доски ({ $sizes })
fault-refused-board = отказался от доски { $size }×{ $size }: «{ $reply }»
fault-refused-command = не знает команды { $command }: «{ $reply }»
hint-engine-fault = { $name } { $what }
engine-not-this-game = Внешние движки не играют в эту игру.
status-ai-placing = { $level } ставит камни…
status-ai-choosing = { $level } выбирает…
status-player-prompt = { $player }: { $prompt }
status-autosave-failed = Ошибка автосохранения: { $error }
status-save-failed = Не удалось сохранить партию: { $error }

## Saved games and records (the Load list, notices)

notice-autosave-unrestorable = Не удалось восстановить автосохранённую партию «{ $game }» ({ $reason }).
notice-record-unreadable = Не удалось прочитать { $file }: { $reason }.
notice-moved-to = Файл перемещён в { $path }.
autosave-bad-version = неизвестная версия автосохранения { $version }
autosave-bad-rule = неизвестные правила «{ $rule }»
autosave-bad-colour = неизвестный цвет «{ $colour }»
autosave-bad-level = неизвестный уровень { $level }
autosave-over = сохранённая партия уже окончена
record-unknown-extension = ни одна игра не читает файлы .{ $ext }
record-set-up-position = запись начинается с расставленной позиции
record-unreadable-line = Не читается: { $reason }
players-vs = { $first } — { $second }
record-result-unfinished = Не окончена
record-result-unknown = Результат неизвестен
record-result-draw = Ничья
record-result-won = { $how ->
    [resignation] { $winner } выиграли: соперник сдался
    [time] { $winner } выиграли по времени
    [forfeit] { $winner } выиграли: техническая победа
   *[won] { $winner } выиграли
}
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
}
summary-connect4 = Четыре в ряд { $width } × { $height } · { $players } · { $result } · { $moves } { $moves ->
    [one] ход
    [few] хода
    [many] ходов
   *[other] хода
}

online-board-unsupported = По сети «Четыре в ряд» играют на обычной доске 7 × 6.
online-clock-unsupported = Сетевые часы — целые минуты с добавкой; время на ход по сети пока не поддерживается.
