# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.
#
# Side names ($side, $defender: "Black", "White", "Red", "Yellow"), game and rule names (the
# filter's families: "Renju", "Connect Four") and moves ($move, $from, $to: "h8",
# "column 4") come from the game; $reason is the engine's or the system's words (English).

## The panel

puzzle-title = Puzzles
puzzle-button-hint = Hint
puzzle-button-solution = Solution
puzzle-button-retry = Try again
puzzle-button-next = Next
# Steps the filter through the games and Gomoku's rules.
puzzle-button-family = Game / rule
puzzle-button-difficulty = Difficulty
# Opens the game a puzzle of the player's own came from.
puzzle-button-open-game = Open the game
puzzle-button-menu = Menu
puzzle-click-to-play = Click to play the attacker's move
# Under the game's name and board size. $difficulty: 1 to 5; $rating: the puzzle's rating
# (about 800 to 2400, on the same scale as the player's).
puzzle-details = Difficulty { $difficulty } of 5 · rated { $rating }
# The same, for a Renju puzzle where Black's forbidden points are part of the solution.
puzzle-details-forbidden = Difficulty { $difficulty } of 5 · rated { $rating } · forbidden points matter
# The filter's name for the player's own puzzles (the missed wins of their games).
puzzle-family-yours = Yours

## What to find, under the title: "Black to play: win by fours"

# $goal: one of the puzzle-goal-… texts below.
puzzle-prompt = { $side } to play: { $goal }
# Win by continuous fours (VCF): every attacking move makes a four.
puzzle-goal-vcf = win by fours
# Win by threes and fours (VCT).
puzzle-goal-vct = win by threes and fours
# Connect Four: win with at most $moves moves of one's own, the winning one included.
puzzle-goal-win-in = win in { $moves }
puzzle-prompt-solved = Solved
puzzle-prompt-none = No puzzle

## The status line

puzzle-status-checking = Checking…
puzzle-status-right = Right. { $defender } must answer…
puzzle-status-answered = { $defender } answers { $move }. Go on.
# Solved without a wrong move, a hint or the solution (the rating goes up).
puzzle-status-solved-clean = Solved!
# Solved after a wrong move, a hint or the solution.
puzzle-status-solved = Solved.
puzzle-status-also-wins = That wins too, but more slowly: find the most forcing move.
# A wrong move: the defender's answer stops the attack.
puzzle-refuted-defence = Not this one: { $defender } answers { $move } and the attack runs out. Try again.
# A wrong move: the defender wins first, starting at $move; the winning line is drawn on
# the board.
puzzle-refuted-counter-win = Not this one: { $defender } wins first, from { $move } (shown on the board). Try again.
puzzle-status-not-judged = The puzzle could not judge that move ({ $reason }).
puzzle-hint-area = Hint: the move is between { $from } and { $to }.
puzzle-hint-move = Hint: play { $move }.
puzzle-hint-none = No hint here ({ $reason }).
# The solution is then played out on the board.
puzzle-solution = The solution:
puzzle-solution-none = No solution from here ({ $reason }).
puzzle-solution-shown = That was the solution.
puzzle-status-no-match = No puzzle matches these filters.
puzzle-status-no-setup = This puzzle's position does not set up.
puzzle-status-not-saved = Could not save your progress: { $reason }
# Open the game (G) on a puzzle that came with the game, not from the player's games.
puzzle-status-not-yours = This puzzle is not from one of your games.
puzzle-status-no-record = That game's record was not saved.
puzzle-status-open-failed = The game does not open: { $reason }

## Where a puzzle of the player's own came from

# $file: the game record's file name; $date: 2026-03-14; $move: the number of the move that
# missed the win.
puzzle-source = From your game { $file } ({ $date }): move { $move } missed this win. G opens the game.
# The same when the game's record was not saved.
puzzle-source-unsaved = From one of your games ({ $date }): move { $move } missed this win.

## The player's rating and the filter

# $rating: the player's puzzle rating (Glicko-2, 1500 to start); $range: the uncertainty
# either side (95 %).
puzzle-rating = Your rating: { $rating } ± { $range }
# The same while few puzzles are rated.
puzzle-rating-provisional = Your rating: { $rating } ± { $range } (provisional)
# After the rating: what the last puzzle changed, in rating points.
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
# $streak: puzzles solved in a row without a mistake; $best: the longest such run;
# $solved of $total: puzzles solved of all the trainer has.
puzzle-streak = Streak { $streak } · best { $best } · solved { $solved } of { $total }
# $family: a game or rule name, puzzle-family-yours or puzzle-filter-every-game;
# $difficulty: puzzle-filter-difficulty or puzzle-filter-every-difficulty; $count: the
# puzzles the filter lets through; $yours: how many puzzles of the player's own there are.
puzzle-filter = Showing { $family } · { $difficulty } · { $count ->
        [one] { $count } puzzle
       *[other] { $count } puzzles
    } ({ $yours } yours)
puzzle-filter-every-game = every game
puzzle-filter-every-difficulty = every difficulty
puzzle-filter-difficulty = difficulty { $difficulty }

## Notices (title screen)

# A puzzle of the player's own in the progress file does not parse.
puzzle-notice-unreadable = A puzzle of yours does not read ({ $reason }).

puzzle-status-solved-hint = Solved with a hint — not counted.
puzzle-status-solved-mistake = Solved after a wrong move — not counted.
puzzle-status-solved-retry = Solved on a second try — not counted (only the first try counts).
puzzle-prompt-solution-shown = Solution shown
