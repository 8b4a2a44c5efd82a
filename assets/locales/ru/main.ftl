# Русский. Keys and variables as in ../en/main.ftl. Terms: ../README.md.

## The language's own name, shown in the language picker.
language-name = Русский

## Title screen

app-title = Гомоку
game-gomoku = Гомоку
game-connect4 = Четыре в ряд
menu-new-game = Новая партия
menu-continue = Продолжить
menu-replay-last = Повтор последней партии
menu-load-game = Открыть партию
menu-analysis = Доска анализа
menu-puzzles = Задачи
menu-engine-match = Матч движков
menu-settings = Настройки
menu-quit = Выход
notice-nothing-to-continue = Нет неоконченной партии, которую можно продолжить.
notice-no-finished-game = Сыгранных партий пока нет.

## Settings screen

settings-title = Настройки
settings-sound = Звук
settings-effects = Эффекты
settings-music = Музыка
settings-volume = { $percent } %
settings-ambient = Фоновая музыка
settings-ambient-on = Вкл.
settings-ambient-off = Выкл.
settings-all-sound = Весь звук
settings-sound-on = Вкл.
settings-sound-muted = Выключен
settings-board = Доска
settings-theme = Оформление
theme-classic = Классическое дерево
theme-dark = Тёмный сланец
settings-motion = Анимация
settings-motion-reduced = Упрощённая
settings-motion-full = Полная
settings-coordinates = Координаты
settings-coordinates-shown = Показаны
settings-coordinates-hidden = Скрыты
settings-move-numbers = Номера ходов
settings-move-numbers-shown = Показаны
settings-move-numbers-hidden = Скрыты
settings-forbidden = Запрещённые ходы
settings-forbidden-marked = Отмечены
settings-forbidden-hidden = Скрыты
settings-review = Разбор партии
settings-review-deep = Подробный ({ $seconds } с на ход)
settings-review-fast = Быстрый ({ $seconds } с на ход)
settings-language = Язык
settings-saved-in = Файл настроек: { $file }
settings-back = Назад

## Notices about the game's files (title screen)

notice-file-unreadable-moved = Не удалось прочитать: { $what } ({ $reason }). Файл перемещён в { $path }, вместо него создан новый.
notice-file-unreadable = Не удалось прочитать: { $what } ({ $reason }); вместо него создан новый.
file-settings = файл настроек
file-statistics = файл статистики
file-autosave = автосохранённая партия
file-clock = часы сохранённой партии
file-opening = дебют сохранённой партии
file-engine = движок сохранённой партии
file-puzzle-progress = файл прогресса задач
notice-opening-misfit = Сохранённый дебют не подходит к сохранённой партии и отброшен.
notice-opening-none = Не удалось восстановить сохранённый дебют (в этой игре нет такого дебютного правила).
notice-engine-gone = Движок сохранённой партии ({ $name }) удалён из настроек или его файл пропал: партия продолжается против уровня «Мастер».
notice-opening-action = Не удалось восстановить сохранённый дебют (один из его шагов не воспроизводится).
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = Движки
engines-about = Движки Gomocup (программы pbrain-*, например Rapfi, Embryo или AIWine) могут быть вашим соперником в гомоку. Добавьте движок, указав его файл: игра сама спросит у него, во что он играет.
engines-add = Добавить движок
engines-add-button = Добавить
engines-path-hint = Щёлкните здесь и введите путь к движку, например /opt/rapfi/pbrain-rapfi
engines-found = Найдены на этом компьютере:
engines-remove = Удалить
engines-turn = Время на ход
engines-threads = Потоки
engines-memory = Память
engines-seconds = { $seconds } с
engines-mib = { $mib } МБ
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = Правила: { $rules } · доски { $sizes }
engines-three-lines = три лучших варианта на доске анализа
engine-missing = Отсутствует: { $path } больше не существует.
engine-checking = Проверка { $file }…
engine-added = Движок { $name } добавлен: выберите его соперником в разделе «Новая партия».
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = Файл { $file } не добавлен: { $what }.
engine-no-file = такого файла нет ({ $path })
engine-refused-every-rule = он отказался от всех предложенных правил
