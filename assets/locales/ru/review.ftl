# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.
# Side names ($side) are put after a colon or in brackets: they need no agreement.

## Replay screen

replay-title = Повтор партии
replay-play = Пуск
replay-pause = Пауза
replay-menu = Меню
replay-keys = Home · ← · Space · → · End · N номера · A анализ
replay-speed = { $speed ->
    [one] { $speed } ход в секунду
    [few] { $speed } хода в секунду
    [many] { $speed } ходов в секунду
   *[other] { $speed } хода в секунду
}
replay-move-counter = Ход { $n } из { $total }
replay-left = осталось { $clock }
replay-opening-stone = дебют

## Review of a game

review-button = Разобрать партию
review-seconds = { $seconds } с
review-failed = Разбор не удался: { $error }.
review-progress = Разбор… { $done } из { $total ->
    [one] { $total } позиции
   *[other] { $total } позиций
}
review-hint = V: движок разберёт каждый ход этой партии.
review-start = Начальная позиция: нажмите на график или идите по ходам, чтобы увидеть оценку каждого хода.
review-move = Ход { $n } · { $side } { $move }: { $grade }, { $outlook }.
review-move-timed = Ход { $n } · { $side } { $move } ({ $time }): { $grade }, { $outlook }.
review-best = Лучше было { $move }: { $outlook }.
review-missed = Упущен форсированный выигрыш ({ $side }): { $outlook }.
review-opening-stone = дебютный камень, без оценки
review-not-graded = без оценки
review-accuracy = { $side }: точность { $accuracy } %
review-count-inaccuracy = { $n ->
    [one] { $n } неточность
    [few] { $n } неточности
   *[many] { $n } неточностей
}
review-count-mistake = { $n ->
    [one] { $n } ошибка
    [few] { $n } ошибки
   *[many] { $n } ошибок
}
review-count-blunder = { $n ->
    [one] { $n } грубая ошибка
    [few] { $n } грубые ошибки
   *[many] { $n } грубых ошибок
}
review-count-missed-win = { $n ->
    [one] { $n } упущенный выигрыш
    [few] { $n } упущенных выигрыша
   *[many] { $n } упущенных выигрышей
}
review-turning-point = Перелом: ход { $n } ({ $side } { $move })

## Grades of a move

review-grade-best = лучший ход
review-grade-good = хороший ход
review-grade-inaccuracy = неточность
review-grade-mistake = ошибка
review-grade-blunder = грубая ошибка
review-grade-missed-win = упущенный выигрыш

## Load game screen

load-title = Открыть партию
load-folder = Сохранённые партии в { $folder }
load-empty = Сохранённых партий пока нет: сыгранные партии сохраняются здесь автоматически.
load-newer = Новые
load-older = Старые
load-page = Страница { $page } из { $pages }
load-back = Назад

## Analysis board

analysis-title = Доска анализа
analysis-take-back = Вернуть ход
analysis-switch-side = Сменить сторону
analysis-threats = Угрозы
analysis-clear = Очистить доску
analysis-menu = Меню
analysis-click-hint = Щёлкните, чтобы поставить камень стороны, чей ход
analysis-engine = Движок: { $name }
analysis-engine-own = встроенный
analysis-no-engine = Ни один из движков, добавленных в настройках, не играет с такими правилами и размером доски.
analysis-engine-fault = { $name } { $what } — анализ невозможен.
analysis-one-line-not-asked = { $name } показывает один вариант: он добавлен раньше, чем игра стала спрашивать несколько. Добавьте его в Настройках заново.
analysis-one-line-refused = { $name } показывает один вариант: он не отвечает на YXNBEST, команду нескольких лучших ходов.
analysis-one-line-single = { $name } показывает один вариант: на YXNBEST он отвечает только одним.
analysis-stones-kept = На новой доске поместилось { $kept } из { $total ->
    [one] { $total } камня
   *[other] { $total } камней
}; остальные убраны.
analysis-board-empty = Доска пуста.
analysis-game-over = Партия окончена: { $line } в ряд. Верните ход, чтобы продолжить.
analysis-to-place = Ход: { $side }
analysis-thinking = Движок думает…
analysis-depth = Движок, глубина { $depth }:
analysis-depth-deepening = Движок, глубина { $depth }, углубляется:
analysis-lines = Движок:
analysis-lines-deepening = Движок, ещё считает:

review-title = Разбор партии
review-refutation = { $side } отвечают { $move }: { $outlook }.
