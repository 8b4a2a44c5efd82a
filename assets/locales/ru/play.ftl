# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# Русский. Keys and variables as in ../en/play.ftl. Terms: ../README.md.
# Names from elsewhere ($side, $player, $level) stand after a colon or a dash, so no
# phrase has to agree with them in case, gender or number.

## Names of keys

play-key-esc = Esc
play-key-enter = Enter
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = Новая партия
setup-game = Игра
setup-opponent = Соперник
setup-colour = Ваш цвет
setup-colour-first = { $side } (первый ход)
setup-colour-random = Случайно
setup-clock = Часы
setup-more-below = Ниже есть ещё: прокрутите вниз
setup-own-clock = Свои часы
setup-clock-minute-less = − мин
setup-clock-minute-more = + мин
setup-clock-second-less = − с
setup-clock-second-more = + с
setup-clock-note-fischer = { $clock }: минуты на партию + секунды, добавляемые за ход
setup-clock-note-per-move = { $clock } (неиспользованное время не сохраняется)
setup-clock-note-none = Без часов: думайте сколько угодно
# Победы, поражения, ничьи.
setup-record = { $wins }В { $losses }П { $draws }Н
setup-two-players = Два игрока
setup-two-players-note = С другом за этим компьютером, по очереди.
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · движок
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = { $name } вступает в игру после дебюта: выбор в дебюте за него делает уровень «Мастер».
setup-engine-opening-asked = { $name } сам делает выбор в этом дебюте, если знает команду SWAP2BOARD; иначе за него выбирает уровень «Мастер».
setup-back = Назад
setup-start = Начать партию

## Time controls

clock-none = Без часов
clock-fischer = { $minutes } + { $increment }
clock-fischer-seconds = { $seconds } с + { $increment }
clock-per-move = { $seconds } с на ход
clock-tenths = { $seconds }

## Playing screen

play-undo = Отмена
play-redo = Повторить
play-hint = Подсказка
play-resign = Сдаться
play-menu = Меню
play-eval-black = Чёрные
play-eval-white = Белые
play-ai = ИИ
play-turn-game-over = Партия окончена
play-turn-opening = Дебют
play-turn-opening-ai = Дебют · { $level }
play-turn-opening-you = Дебют · ваш ход
play-turn-ai = Ход: { $level }
play-turn-ai-thinking = { $level } — думает
play-turn-ai-depth = { $level } — думает · глубина { $depth }
play-turn-you = Ваш ход
play-turn-side = Ход: { $side }
play-moves-played = Сделано ходов: { $count }
play-moves-played-redo = Сделано ходов: { $count }  (можно повторить: { $redo })
play-info-two-players = Два игрока: ходите по очереди за этим компьютером.

## Move list

moves-opening = дебют

## Result screen

result-win-on-time = Победа по времени!
result-loss-on-time = Поражение по времени
result-win = Победа!
result-loss = Поражение
result-draw = Ничья
result-side-wins = Победа: { $side }!
result-side-won = Победа: { $side }
result-reason-line = { $player }: { $line } в ряд, ход { $move }.
result-reason-resigned = { $player }: сдача после { $moves ->
        [one] { $moves } хода
       *[other] { $moves } ходов
    }.
result-reason-time = { $player }: время вышло после { $moves ->
        [one] { $moves } хода
       *[other] { $moves } ходов
    }.
result-reason-forfeit = { $player }: техническое поражение после { $moves ->
        [one] { $moves } хода
       *[other] { $moves } ходов
    } ({ $why }).
result-reason-board-full = Доска заполнена: никто не собрал { $line } в ряд.
result-saved-as =
    Сохранено как
    { $file }
result-not-saved = Запись партии не удалось сохранить.
result-tally =
    Соперник { $level }:
    побед { $wins } · поражений { $losses } · ничьих { $draws }
result-review = Разбор партии
result-replay = Повтор
result-rematch = Реванш (цвета меняются)
result-menu = Меню
result-last-game = Последняя партия

setup-replace-title = Заменить незаконченную партию?
setup-replace-body = Новая партия займёт место незаконченной, и продолжить ту уже не получится.
setup-replace-yes = Заменить
setup-replace-no = Оставить

## Engine match: two players (levels or engines) play each other, watched.
match-title = Матч движков
match-start = Начать матч
match-player = Игрок { $player }
match-games = Число партий
match-note = Каждый дебют играется дважды, со сменой цветов. Все партии сохраняются в папке партий («Открыть партию»).
match-note-opening = Игроки открывают партии по очереди, первым — игрок 1; цвета определяют решения по дебютному правилу. Все партии сохраняются в папке партий («Открыть партию»).
match-opening-balanced = Равные дебюты
match-opening-balanced-about = Без дебютного правила: каждая партия начинается с равного дебюта из трёх камней.
match-player-cannot = Игрок { $player } не может играть в эту игру с такими правилами и размером доски: выберите другого.
match-heading = Партия { $number } из { $total }
match-heading-over = Матч окончен: { $total } { $total ->
        [one] партия
        [few] партии
        [many] партий
       *[other] партии
    }
match-heading-stopped = Матч остановлен после { $played } { $played ->
        [one] партии
       *[other] партий
    }
match-score = { $a } { $a-points } – { $b-points } { $b }
match-elo = { $a }: Elo { $elo } ± { $margin } · { $wins } { $wins ->
        [one] победа
        [few] победы
        [many] побед
       *[other] победы
    }, { $losses } { $losses ->
        [one] поражение
        [few] поражения
        [many] поражений
       *[other] поражения
    }, { $draws } { $draws ->
        [one] ничья
        [few] ничьи
        [many] ничьих
       *[other] ничьей
    }
match-elo-wide = { $a }: Elo { $elo } (слишком мало партий для оценки погрешности) · { $wins } { $wins ->
        [one] победа
        [few] победы
        [many] побед
       *[other] победы
    }, { $losses } { $losses ->
        [one] поражение
        [few] поражения
        [many] поражений
       *[other] поражения
    }, { $draws } { $draws ->
        [one] ничья
        [few] ничьи
        [many] ничьих
       *[other] ничьей
    }
match-elo-unknown = { $wins } { $wins ->
        [one] победа
        [few] победы
        [many] побед
       *[other] победы
    }, { $losses } { $losses ->
        [one] поражение
        [few] поражения
        [many] поражений
       *[other] поражения
    }, { $draws } { $draws ->
        [one] ничья
        [few] ничьи
        [many] ничьих
       *[other] ничьей
    } · Elo появится, когда оба игрока наберут очки
match-stopped-game = Матч остановлен: эта партия не засчитывается.
match-stop = Остановить
match-again = Ещё раз
match-saved = Партии сохранены в { $dir }
match-game = { $number }. { $first } ({ $first-side }) – { $second } ({ $second-side }): { $how }
match-how-line = { $winner }: победа, { $line } в ряд
match-how-time = { $winner }: победа по времени
match-how-forfeit = { $winner }: техническая победа — { $loser } { $why }
match-how-resigned = { $winner }: победа, соперник сдался
match-how-draw = ничья
match-faults = Поражений по времени: { $time } · технических поражений: { $forfeits }
match-games-earlier = … более ранних партий: { $n }
