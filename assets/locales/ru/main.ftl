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
file-puzzle-progress = файл прогресса задач
notice-opening-misfit = Сохранённый дебют не подходит к сохранённой партии и отброшен.
notice-opening-none = Не удалось восстановить сохранённый дебют (в этой игре нет такого дебютного правила).
notice-opening-action = Не удалось восстановить сохранённый дебют (один из его шагов не воспроизводится).
