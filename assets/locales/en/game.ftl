# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = Black
side-gomoku-second = White
side-connect4-first = Red
side-connect4-second = Yellow
# A person against the AI.
player-you = You
# The AI's name in play: $level is a level's name ("Master").
player-ai = { $level } (AI)
player-engine = { $name } (engine)
# Between two people: $number is 1 or 2.
player-numbered = Player { $number }
# Between two people in Connect Four: $colour is "Red" or "Yellow".
player-coloured = Player { $colour }
# The side panel's heading: $number 1 to 5, $name the level's name.
level-headline = Level { $number } · { $name }
level-gomoku-1 = Novice
level-gomoku-1-about = Greedy: takes the best-looking point, never looks ahead.
level-gomoku-2 = Casual
level-gomoku-2-about = Knows its shapes: attacks with threes and fours, blocks yours.
level-gomoku-3 = Club
level-gomoku-3-about = Reads a few moves ahead with a full shape evaluation.
level-gomoku-4 = Expert
level-gomoku-4-about = The full engine with threat search on a fixed node budget.
level-gomoku-5 = Master
level-gomoku-5-about = The full engine with deep threat search, several seconds a move.
level-connect4-1 = Casual
level-connect4-1-about = Takes a win and blocks yours; otherwise plays by feel.
level-connect4-2 = Club
level-connect4-2-about = Looks six moves ahead and knows good shapes.
level-connect4-3 = Perfect
level-connect4-3-about = Solves the position when it can: a few seconds a move.
controls-gomoku = Mouse or arrows + Enter to place a stone
controls-connect4 = Click a column, or ← → and Enter; 1-7 drop at once

## Rules and board (setup rows, subtitles)

row-rule = Rule
row-board = Board
row-opening = Opening
rule-freestyle = Freestyle
rule-freestyle-about = Five or more in a row wins.
rule-standard = Standard
rule-standard-about = Exactly five in a row wins; six or more does not count.
rule-renju = Renju
rule-renju-about = Black may not make a double three, a double four or an overline. White wins with five or more.
rule-renju-note = Black may not play double three, double four or overline.
# Under the title: $rule a rule's name, $size 13, 15 or 19.
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · four in a row wins
c4-board-classic = 7 × 6 (classic)
c4-setup-note = Drop discs into the columns: four in a row across, up or diagonally wins.
# The winning row's length as a bare number word: $cells is 4, 5 or more (an overline).
# The messages that show it ($line in play.ftl, review.ftl) say "in a row" themselves.
line-name = { $cells ->
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
    [9] nine
   *[other] { $cells }
}
opening-rule-none = None
opening-rule-none-about = No opening rule: Black simply moves first.
opening-rule-swap = Swap
opening-rule-swap-about = For Freestyle and Standard: the first player places three stones (black, white, black), the second chooses a colour.
opening-rule-swap2 = Swap2
opening-rule-swap2-about = For Freestyle and Standard: as Swap, or the second player places two more stones and the first chooses a colour.
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = For Renju. The first player sets one of the 26 openings and declares how many fifth moves Black will offer; the other player may swap once. White then picks one of Black's offers.
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = For Renju. The first player sets one of the 26 openings and the other may swap. White plays the fourth move and declares how many fifth moves (1 to 8) Black will offer; the other player may swap again. White then picks one of the offers.
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = For Renju. The first four moves go in ever larger central squares, and after each one the other player may swap. Black then plays a fifth move or offers ten for White to pick from.

## Why a move was refused

# $point: a coordinate ("h8"); $by: a side's name.
move-taken = { $point } is already taken by { $by }.
# $kind: one of the foul- names below.
move-forbidden = { $point } is forbidden for Black under Renju: { $kind }.
move-off-board = That point is off the board.
move-game-over = The game is over.
move-out-of-turn = That is not this side's turn.
move-other-game = That move belongs to another game.
foul-overline = overline (six or more)
foul-double-four = double four
foul-double-three = double three
c4-no-column = There is no column { $column }.
c4-column-full = Column { $column } is full.
# A Connect Four move: $column 1 to 7.
c4-column = column { $column }
# The analysis board's Switch side, for games that always alternate; $game: the game's name.
switch-side-refused = { $game } players always take turns.
legend-threats = Ringed dots: red makes five, orange a four, yellow an open three
legend-threats-renju = Ringed dots: red makes five, orange a four, yellow an open three
    × Black's forbidden points

## The AI's search: the side panel and hints

# $side: a side's or player's name; $moves: that side's moves to the win.
outlook-has-won = { $side } has won
outlook-wins-in = { $side } wins in { $moves } { $moves ->
    [one] move
   *[other] moves
}
outlook-draw = a draw
outlook-unclear = unclear
# $percent: 0 to 100.
outlook-chance = { $side }'s chance { $percent }%
# $level: level-headline; $outlook: an outlook- line; $seconds with two decimals.
panel-search = { $level }
    Last search: depth { $depth } · { $outlook }
    { $nodes } nodes in { $seconds } s
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    Last move: depth { $depth } · { $seconds } s
# An external engine that reports no depth: its name and the time its move took.
panel-engine-timed = { $name }
    Last move: { $seconds } s
c4-how-forced = a forced move
c4-how-feel = by feel
c4-how-book = from the opening book
c4-how-solved = solved exactly
c4-how-search = search depth { $depth }
# $level: level-headline; $how: one of the c4-how- lines; $outlook: an outlook- line.
c4-panel = { $level }
    Last move: column { $column } ({ $how })
    { $outlook } · { $seconds } s
# The same when the outlook is not known.
c4-panel-plain = { $level }
    Last move: column { $column } ({ $how })
    { $seconds } s
c4-hint = Hint: column { $column } ({ $outlook })
c4-hint-plain = Hint: column { $column }
# $why: one of the hint- reasons.
hint-none = No hint: { $why }.
hint-no-legal-move = there is no legal move
hint-other-game = a level of another game
# $side wins in $moves whatever the person plays; $point: where that win starts.
hint-no-defence = No defence: { $side } wins in { $moves } { $moves ->
    [one] move
   *[other] moves
} whatever you play, starting at { $point }.
hint-move = Hint: { $point } ({ $level }: { $outlook })
# A hint from the external engine being played against: its name.
hint-engine = Hint: { $point } ({ $name })

## Tournament openings (prompts, buttons, the line of decisions)

# $count stones in all: $black black and $white white; $colour (black or white) is the one to
# place now; $within: 0 anywhere, 1 on the centre point, else the side of the central square.
opening-place-run = Place { $count ->
    [2] two
    [3] three
   *[other] { $count }
} stones: { $black ->
    [0] {""}
    [1] one black
    [2] two black
   *[other] { $black } black
}{ $black ->
    [0] {""}
   *[other] { $white ->
        [0] {""}
       *[other] ,{" "}
    }
}{ $white ->
    [0] {""}
    [1] one white
    [2] two white
   *[other] { $white } white
} (now a { $colour } one{ $within ->
    [0] {""}
    [1] {" "}on the centre point
   *[other] {" "}within the central { $within } × { $within } square
})
opening-place-one = Place a { $colour } stone{ $within ->
    [0] {""}
    [1] {" "}on the centre point
   *[other] {" "}within the central { $within } × { $within } square
}
opening-choose-colour = Choose your colour
opening-declare = Declare how many fifth moves Black will offer ({ $min } to { $max })
opening-offer = { $count ->
    [1] Offer one more fifth move for Black: White will choose one
   *[other] Offer { $count ->
        [2] two
        [3] three
        [4] four
        [5] five
       *[other] { $count }
    } more fifth moves for Black, none symmetric to another: White will choose one
}
opening-pick = Choose one of Black's fifth moves
opening-play-black = Play Black
opening-play-white = Play White
opening-place-two = Place two more stones
opening-offer-ten = Keep Black, offer ten fifth moves
# $point: a coordinate; $within: 1 the centre point, else the side of the central square.
opening-off-area = { $within ->
    [1] { $point } is not the centre: this stone goes in the centre.
   *[other] { $point } is outside the central { $within } × { $within } square.
}
opening-not-offered = That choice is not offered now.
opening-offered-already = { $point } is offered already.
# $point is symmetric to the earlier offer $other.
opening-symmetric = { $point } is symmetric to the offer { $other } in this position: offers must differ.
opening-not-an-offer = { $point } is not one of the offers.
opening-over = The opening is over.
opening-use-buttons = Choose with the buttons first.
# The line of decisions: $who is a player's name ("Master", "You", "Player 1"); $you is
# "yes" when the person took it (the verb agrees with "you"); $colour black or white.
decision-takes = { $who } { $you ->
    [yes] take
   *[no] takes
} { $colour ->
    [black] Black
   *[white] White
}
decision-keeps = { $who } { $you ->
    [yes] keep
   *[no] keeps
} { $colour ->
    [black] Black
   *[white] White
}
decision-places-two = { $who } { $you ->
    [yes] place
   *[no] places
} two more stones
decision-offers-ten = { $who } { $you ->
    [yes] keep
   *[no] keeps
} Black, offering fifth moves
decision-declares = { $who } { $you ->
    [yes] declare
   *[no] declares
} { $count } fifth { $count ->
    [one] move
   *[other] moves
}
# $points: coordinates ("h10, j9").
decision-offers = { $who } { $you ->
    [yes] offer
   *[no] offers
} { $points }
decision-picks = { $who } { $you ->
    [yes] pick
   *[no] picks
} { $point }

## The status line in play

# $shown: the move shown; $ply: the moves played.
status-looking = Showing the position after move { $shown } of { $ply }: click move { $ply } or press End to go back to the game.
status-wait-ai = Wait for the AI's move.
status-nothing-to-undo = Nothing to undo.
status-nothing-to-redo = Nothing to redo.
status-no-redo-in-opening = Nothing to redo in the opening.
status-no-hints-in-opening = No hints during the opening.
status-hint-own-turn = A hint is for your own turn.
status-hint-looking = Looking for a good move…
status-resign-confirm = Resign this game? Press Resign (Ctrl+R) again to confirm; any other action cancels.
# $error: the engine's words (English).
status-ai-failed = The AI could not move ({ $error }) and resigns.
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name } { $what }, and forfeits the game.
engine-stopped = The engine was stopped before it answered.
# What an external engine did wrong: a phrase that follows the engine's name ("Rapfi did not
# answer within 7.0 s"), with no stop of its own: engine-fault, analysis-engine-fault,
# engine-not-added, hint-engine-fault, result-reason-forfeit and match-how-forfeit put it in
# their sentences. $error: the system's words (English); $reply: what the engine printed;
# $point: the point it played ("h8", or its own numbers when off the board).
fault-start = could not be started ({ $error })
fault-crash = stopped running
# $seconds: the time it was allowed, with one decimal.
fault-time = did not answer within { $seconds } s
fault-not-a-move = answered “{ $reply }” instead of a move
fault-off-board = played { $point }, which is off the board
fault-taken = played { $point }, which is already taken
fault-forbidden = played { $point }, which is forbidden for Black
fault-after-the-end = played { $point } after the game was over
fault-flood = printed more than { $lines } lines for one move
# $sizes: "15, 20".
fault-refused-sizes = refused every board size it was offered ({ $sizes })
fault-refused-board = refused a { $size }×{ $size } board: “{ $reply }”
fault-refused-command = does not know the command { $command }: “{ $reply }”
# hint-none's reason when an engine failed: $what is one of the fault- phrases.
hint-engine-fault = { $name } { $what }
engine-not-this-game = External engines do not play this game.
# $level: a level's name.
status-ai-placing = { $level } is placing its stones…
status-ai-choosing = { $level } is choosing…
# Between two people: $player's turn in the opening, $prompt what to do.
status-player-prompt = { $player }: { $prompt }
# $error: the system's words.
status-autosave-failed = Could not autosave: { $error }
status-save-failed = Could not save the game: { $error }

## Saved games and records (the Load list, notices)

# $game: a game's name; $reason: why (one of the autosave- lines, or the engine's words).
notice-autosave-unrestorable = The autosaved { $game } game could not be restored ({ $reason }).
# $file: a file name.
notice-record-unreadable = { $file } could not be read: { $reason }.
notice-moved-to = It was moved to { $path }.
autosave-bad-version = unknown autosave version { $version }
autosave-bad-rule = unknown rule '{ $rule }'
autosave-bad-colour = unknown colour '{ $colour }'
autosave-bad-level = unknown level { $level }
autosave-over = the saved game is already over
record-unknown-extension = no game reads .{ $ext } files
record-set-up-position = the record starts from a set-up position
# A Load list line that cannot be read.
record-unreadable-line = Unreadable: { $reason }
# $first, $second: the players' names.
players-vs = { $first } vs { $second }
record-result-unfinished = Unfinished
record-result-unknown = Result unknown
record-result-draw = Draw
# $winner: a side's name; $how: won, resignation, time or forfeit.
record-result-won = { $how ->
    [resignation] { $winner } won by resignation
    [time] { $winner } won on time
    [forfeit] { $winner } won by forfeit
   *[won] { $winner } won
}
# The Load list: $size the board's side, $rule its rule, $players, $result, $moves played.
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves } { $moves ->
    [one] move
   *[other] moves
}
summary-connect4 = Connect Four { $width } × { $height } · { $players } · { $result } · { $moves } { $moves ->
    [one] move
   *[other] moves
}

## Online play: what the server does not play yet.
online-board-unsupported = Online Connect Four is played on the standard 7 × 6 board.
online-clock-unsupported = Online clocks are whole minutes with an increment; a time per move is not played online yet.
