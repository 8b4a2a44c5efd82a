# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.
#
# Variables named $side hold a side's name as the game calls it ("Black", "White", "Red",
# "Yellow"); $move a move as the game writes it ("h8", "column 4"). Key names on keyboards
# (Home, Space, End, Esc, PgUp, PgDn) stay as printed on the keys.

## Replay screen

replay-title = Replay
replay-play = Play
replay-pause = Pause
replay-menu = Menu
# The keyboard shortcuts under the step buttons (first, back, play, forward, last; N shows or
# hides move numbers; A opens the position on the analysis board).
replay-keys = Home · ← · Space · → · End · N numbers · A analyse
# Autoplay speed; $speed is 0.5, 1, 2, 3, 5 or 8.
replay-speed = { $speed ->
    [one] { $speed } move per second
   *[other] { $speed } moves per second
}
# Above the step buttons; $n: the moves shown (0 at the start), $total: the game's moves.
replay-move-counter = Move { $n } of { $total }
# After the move counter when the game had a clock: the clock of the side that moved, after
# its move ($clock: "2:41" or "9.5").
replay-left = { $clock } left
# The mark in the move list beside the stones of a tournament opening.
replay-opening-stone = opening

## Review of a game (the replay screen's review panel)

review-button = Review the game
# A time a move took, under a minute; $seconds has one decimal (2.0, 13.4).
review-seconds = { $seconds } s
# $error: the engine's own words (English).
review-failed = The review failed: { $error }.
review-progress = Reviewing… { $done } of { $total } positions
review-hint = V: the engine reviews every move of this game.
review-start = The start: click the graph or step to see each move's grade.
# The verdict on the move shown: $n its number, $grade one of the review-grade-… words (or
# review-opening-stone, review-not-graded), $outlook one of the outlook-… lines (game.ftl) for the
# position after the move.
review-move = Move { $n } · { $side } { $move }: { $grade }, { $outlook }.
# The same with the time the move took ($time: a review-seconds text or "1:05").
review-move-timed = Move { $n } · { $side } { $move } ({ $time }): { $grade }, { $outlook }.
# Under the verdict when the engine preferred another move; $outlook: the position after it.
review-best = Best was { $move }: { $outlook }.
review-missed = { $side } missed a forced win: { $outlook }.
review-opening-stone = an opening stone, not graded
review-not-graded = not graded
# A side's accuracy, 0 to 100; the counts of its weaker moves follow, after " · ".
review-accuracy = { $side }: { $accuracy }% accuracy
review-count-inaccuracy = { $n ->
    [one] { $n } inaccuracy
   *[other] { $n } inaccuracies
}
review-count-mistake = { $n ->
    [one] { $n } mistake
   *[other] { $n } mistakes
}
review-count-blunder = { $n ->
    [one] { $n } blunder
   *[other] { $n } blunders
}
review-count-missed-win = { $n ->
    [one] { $n } missed win
   *[other] { $n } missed wins
}
# The move that decided the game; $n: its number.
review-turning-point = Turning point: move { $n } ({ $side } { $move })

## Grades of a move (in the verdict; "missed win" is also the move list's mark)

review-grade-best = best
review-grade-good = good
review-grade-inaccuracy = inaccuracy
review-grade-mistake = mistake
review-grade-blunder = blunder
# A proven win was on the board and the move played does not win.
review-grade-missed-win = missed win

## Load game screen

load-title = Load game
# $folder: the games folder's path.
load-folder = Saved games in { $folder }
load-empty = No saved games yet: finished games are saved here automatically.
# Page buttons: newer games, older games.
load-newer = Newer
load-older = Older
load-page = Page { $page } of { $pages }
load-back = Back

## Analysis board

analysis-title = Analysis board
analysis-take-back = Take back
# Makes the other side the one to place next.
analysis-switch-side = Switch side
# Shows or hides the marks of fives, fours and open threes.
analysis-threats = Threats
analysis-clear = Clear the board
analysis-menu = Menu
analysis-click-hint = Click to put a piece of the side to move
# The button that picks who analyses: the game's own engine, or an engine added in Settings.
analysis-engine = Engine: { $name }
analysis-engine-own = built-in
analysis-no-engine = No engine added in Settings plays this rule and board size.
# $what: what the engine did, in English from the protocol client.
analysis-engine-fault = { $name } { $what }: no analysis.
# Why an external engine shows one line on the analysis board (YXNBEST: the protocol's command for several best moves).
analysis-one-line-not-asked = { $name } shows one line: it was added before the game asked engines for several. Add it again in Settings.
analysis-one-line-refused = { $name } shows one line: it does not answer YXNBEST, the command for several best moves.
analysis-one-line-single = { $name } shows one line: it answers YXNBEST with one line only.
# After a change of rule or board size.
analysis-stones-kept = { $kept } of { $total } stones fit the new board; the rest were taken off.
analysis-board-empty = The board is empty.
# The position is won; $line: the winning line's length as a bare number word ("five",
# "four"; line-name in game.ftl).
analysis-game-over = Game over: { $line } in a row. Take back a move to go on.
analysis-to-place = { $side } to place
analysis-thinking = The engine is thinking…
# Above the engine's three best moves; $depth: the search depth reached.
analysis-depth = Engine, depth { $depth }:
analysis-depth-deepening = Engine, depth { $depth }, deepening:
# The same, for an engine that reports no depth.
analysis-lines = Engine:
analysis-lines-deepening = Engine, still thinking:

review-title = Review
# The opponent's best answer to a mistake: why it was one.
review-refutation = { $side } answers { $move }: { $outlook }.
