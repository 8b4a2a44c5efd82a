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
menu-engine-match = Engine match
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

## Notices about the game's files (title screen)

# $what: one of the file-… names below; $reason: the system's or the parser's words (English);
# $path: where the bad file now is.
notice-file-unreadable-moved = The { $what } could not be read ({ $reason }). It was moved to { $path } and a fresh one is used.
notice-file-unreadable = The { $what } could not be read ({ $reason }); a fresh one is used.
file-settings = settings file
file-statistics = statistics file
file-autosave = autosaved game
file-clock = saved game clock
file-opening = saved game opening
file-engine = saved game engine
file-puzzle-progress = puzzle progress file
notice-opening-misfit = The saved opening does not fit the saved game: it is dropped.
notice-opening-none = The saved opening could not be restored (the game has no such opening rule).
notice-engine-gone = The engine of the saved game ({ $name }) is no longer in Settings or its file is gone: the game goes on against Master.
notice-opening-action = The saved opening could not be restored (one of its steps does not replay).
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = Engines
engines-about = Gomocup engines (pbrain-* programs such as Rapfi, Embryo or AIWine) can be your opponent in Gomoku. Add one by its file; it is asked what it plays.
engines-add = Add an engine
engines-add-button = Add
engines-path-hint = Click here and type the engine's path, e.g. /opt/rapfi/pbrain-rapfi
engines-found = Found on this computer:
engines-remove = Remove
engines-turn = Time per move
engines-threads = Threads
engines-memory = Memory
engines-seconds = { $seconds } s
engines-mib = { $mib } MB
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = Plays { $rules } on { $sizes }
# After engines-plays, for an engine that answers YXNBEST.
engines-three-lines = three best lines on the analysis board
engine-missing = Missing: { $path } is not there any more.
engine-checking = Checking { $file }…
engine-added = { $name } added: choose it as the opponent in New game.
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = { $file } was not added: { $what }.
engine-no-file = there is no such file ({ $path })
engine-refused-every-rule = it refused every rule it was asked about
