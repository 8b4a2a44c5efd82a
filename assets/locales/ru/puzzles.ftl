# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.
# The side names ($side, $defender) come from the game in the nominative; the messages put
# them where no verb or case has to agree with them.

## The panel

puzzle-title = Задачи
puzzle-button-hint = Подсказка
puzzle-button-solution = Решение
puzzle-button-retry = Ещё раз
puzzle-button-next = Дальше
puzzle-button-family = Игра / правила
puzzle-button-difficulty = Сложность
puzzle-button-open-game = Открыть партию
puzzle-button-menu = Меню
puzzle-click-to-play = Щёлкните, чтобы сыграть ход за атакующую сторону
puzzle-details = Сложность { $difficulty } из 5 · рейтинг { $rating }
puzzle-details-forbidden = Сложность { $difficulty } из 5 · рейтинг { $rating } · важны запрещённые ходы
puzzle-family-yours = Мои задачи

## What to find

puzzle-prompt = Вы играете: { $side }. Задача: { $goal }
puzzle-goal-vcf = выигрыш четвёрками
puzzle-goal-vct = выигрыш тройками и четвёрками
puzzle-goal-win-in = выигрыш за { $moves } { $moves ->
        [one] ход
        [few] хода
        [many] ходов
       *[other] хода
    }
puzzle-prompt-solved = Решено
puzzle-prompt-none = Задачи нет

## The status line

puzzle-status-checking = Проверка…
puzzle-status-right = Верно. Отвечает соперник ({ $defender })…
puzzle-status-answered = Ответ соперника ({ $defender }): { $move }. Продолжайте.
puzzle-status-solved-clean = Решено!
puzzle-status-solved = Решено.
puzzle-status-also-wins = Так тоже выигрывается, но медленнее: найдите самый форсированный ход.
puzzle-refuted-defence = Не этот ход: соперник ({ $defender }) отвечает { $move }, и атака иссякает. Попробуйте ещё раз.
puzzle-refuted-counter-win = Не этот ход: соперник ({ $defender }) выигрывает первым, начиная с { $move } (показано на доске). Попробуйте ещё раз.
puzzle-status-not-judged = Не удалось оценить этот ход ({ $reason }).
puzzle-hint-area = Подсказка: ход между { $from } и { $to }.
puzzle-hint-move = Подсказка: играйте { $move }.
puzzle-hint-none = Здесь подсказки нет ({ $reason }).
puzzle-solution = Решение:
puzzle-solution-none = Отсюда решения нет ({ $reason }).
puzzle-solution-shown = Это было решение.
puzzle-status-no-match = Нет задач, подходящих под эти фильтры.
puzzle-status-no-setup = Позицию этой задачи не удаётся расставить.
puzzle-status-not-saved = Не удалось сохранить ваши успехи: { $reason }
puzzle-status-not-yours = Эта задача не из ваших партий.
puzzle-status-no-record = Запись той партии не была сохранена.
puzzle-status-open-failed = Партия не открывается: { $reason }

## Where a puzzle of the player's own came from

puzzle-source = Из вашей партии { $file } ({ $date }): ход { $move } упустил этот выигрыш. G открывает партию.
puzzle-source-unsaved = Из одной из ваших партий ({ $date }): ход { $move } упустил этот выигрыш.

## The player's rating and the filter

puzzle-rating = Ваш рейтинг: { $rating } ± { $range }
puzzle-rating-provisional = Ваш рейтинг: { $rating } ± { $range } (предварительный)
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
puzzle-streak = Серия { $streak } · лучшая { $best } · решено { $solved } из { $total }
puzzle-filter = Показаны: { $family } · { $difficulty } · { $count } { $count ->
        [one] задача
        [few] задачи
        [many] задач
       *[other] задачи
    } (моих: { $yours })
puzzle-filter-every-game = все игры
puzzle-filter-every-difficulty = любая сложность
puzzle-filter-difficulty = сложность { $difficulty }

## Notices (title screen)

puzzle-notice-unreadable = Одна из ваших задач не читается ({ $reason }).

puzzle-status-solved-hint = Решено с подсказкой — не засчитано.
puzzle-status-solved-mistake = Решено после неверного хода — не засчитано.
puzzle-status-solved-retry = Решено со второй попытки — не засчитано (засчитывается только первая попытка).
puzzle-prompt-solution-shown = Показано решение
