# English: the reference catalog. Every other catalog has exactly these keys and uses
# exactly these variables (checked by the i18n tests). See ../README.md.

## The language's own name, shown in the language picker.
language-name = English

## Title screen

app-title = Gomoku
game-gomoku = Gomoku
game-connect4 = Connect Four
menu-new-game = New game
menu-continue = Continue
menu-replay-last = Replay last game
menu-load-game = Load game
menu-analysis = Analysis board
menu-puzzles = Puzzles
menu-settings = Settings
menu-quit = Quit
notice-nothing-to-continue = There is no unfinished game to continue.
notice-no-finished-game = No finished game yet.

## Settings screen

settings-title = Settings
settings-sound = Sound
settings-effects = Effects
settings-music = Music
# A volume between the − and + buttons; $percent is 0 to 100.
settings-volume = { $percent } %
settings-ambient = Ambient music
settings-ambient-on = On
settings-ambient-off = Off
settings-all-sound = All sound
settings-sound-on = On
settings-sound-muted = Muted
settings-board = Board
settings-theme = Theme
theme-classic = Classic wood
theme-dark = Dark slate
settings-motion = Motion
settings-motion-reduced = Reduced
settings-motion-full = Full
settings-coordinates = Coordinates
settings-coordinates-shown = Shown
settings-coordinates-hidden = Hidden
settings-move-numbers = Move numbers
settings-move-numbers-shown = Shown
settings-move-numbers-hidden = Hidden
# Renju's forbidden points for Black, marked on the board.
settings-forbidden = Forbidden points
settings-forbidden-marked = Marked
settings-forbidden-hidden = Hidden
settings-review = Game review
# $seconds: the engine's time for each position of the review (1.5, 0.4).
settings-review-deep = Deep ({ $seconds } s a move)
settings-review-fast = Fast ({ $seconds } s a move)
settings-language = Language
# $file: the settings file's path.
settings-saved-in = Saved in { $file }
settings-back = Back
