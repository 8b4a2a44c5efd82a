# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# Variables that hold a name the game gives elsewhere ($side "Black", $level "Novice",
# $player "You" or "Novice (AI)", $line "five") come translated from game.ftl.

## Names of keys, shown on the buttons beside their labels. As printed on the keyboards
## of the language (German would say "Strg" for Ctrl); the letters stay as they are.

play-key-esc = Esc
play-key-enter = Enter
# Undo: Ctrl+Z, or U alone.
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = New game
# The rows' labels, on the left (about 14 characters fit).
setup-game = Game
setup-opponent = Opponent
setup-colour = Your colour
# $side: the first player's colour ("Black"), who moves first.
setup-colour-first = { $side } (first)
setup-colour-random = Random
setup-clock = Clock
# Under a setup page whose lower rows are out of sight.
setup-more-below = More below: scroll down
setup-own-clock = Custom clock
# The steppers of a clock of one's own: a minute less or more for the game, a second less
# or more added per move. Small buttons.
setup-clock-minute-less = − min
setup-clock-minute-more = + min
setup-clock-second-less = − s
setup-clock-second-more = + s
# The chosen clock explained; $clock: its name (see clock-… below).
setup-clock-note-fischer = { $clock }: minutes for the game + seconds added per move
setup-clock-note-per-move = { $clock } (unused time is not kept)
setup-clock-note-none = No clock: think as long as you like
# The person's games against a level: wins, losses, draws, very short.
setup-record = { $wins }W { $losses }L { $draws }D
setup-two-players = Two players
setup-two-players-note = A friend at this computer; you take turns.
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · engine
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = { $name } plays after the opening: Master makes the engine's choices in the opening.
setup-engine-opening-asked = { $name } makes its own choices in this opening if it knows the protocol's SWAP2BOARD; otherwise Master makes them.
setup-back = Back
setup-start = Start game

## Time controls (the New game presets and the clock of one's own)

clock-none = No clock
# Fischer clock: $minutes for the game, $increment seconds added after each move ("3 + 2",
# as players say it).
clock-fischer = { $minutes } + { $increment }
# The same when the game's time is not whole minutes: $seconds for the game.
clock-fischer-seconds = { $seconds } s + { $increment }
# The same time for every move.
clock-per-move = { $seconds } s a move
# A clock under ten seconds, with tenths ("9.5"); $seconds is a number with one decimal.
clock-tenths = { $seconds }

## Playing screen

play-undo = Undo
play-redo = Redo
play-hint = Hint
play-resign = Resign
play-menu = Menu
# The two ends of the evaluation bar (small): the first and the second player.
play-eval-black = Black
play-eval-white = White
# The computer opponent when its level is not known.
play-ai = AI
# Whose turn it is (bold, beside the side's stone).
play-turn-game-over = Game over
# A tournament opening (Swap2, Soosorv) is being played.
play-turn-opening = Opening
play-turn-opening-ai = Opening · { $level }
play-turn-opening-you = Opening · your turn
play-turn-ai = { $level } to move
play-turn-ai-thinking = { $level } is thinking
# $depth: how many moves ahead the AI's search has looked so far.
play-turn-ai-depth = { $level } thinks · depth { $depth }
play-turn-you = Your move
play-turn-side = { $side } to move
play-moves-played = Moves played: { $count }
# $redo: moves taken back that Redo can play again.
play-moves-played-redo = Moves played: { $count }  ({ $redo } to redo)
play-info-two-players = Two players: take turns at this computer.

## Move list

# After the moves a tournament opening placed (small, beside the move).
moves-opening = opening

## Result screen

result-win-on-time = You win on time!
result-loss-on-time = You lose on time
result-win = You win!
result-loss = You lose
result-draw = Draw
# Between two people: $side is the winner's colour.
result-side-wins = { $side } wins!
# The game's result in the replay of the last game: $side is the winner's colour.
result-side-won = { $side } won
# $line: the winning line's length as a bare number word ("five", "four", "six"; line-name in
# game.ftl), the message says "in a row" itself; $move: the number of the winning move.
result-reason-line = { $player } made { $line } in a row with move { $move }.
result-reason-resigned = { $player } resigned after { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }.
result-reason-time = { $player } ran out of time after { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }.
# $why: what the engine did wrong (a fault- phrase).
result-reason-forfeit = { $player } forfeited the game after { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }: { $why }.
result-reason-board-full = The board is full: nobody made { $line } in a row.
# $file: the record's file name, on a line of its own.
result-saved-as =
    Saved as
    { $file }
result-not-saved = The record could not be saved.
# The person's games against this level, the numbers on a line of their own.
result-tally =
    Against { $level }:
    { $wins } won · { $losses } lost · { $draws } drawn
result-review = Review the game
result-replay = Replay
result-rematch = Rematch (colours swapped)
result-menu = Menu
# The replay's heading when the last game's record could not be read back.
result-last-game = Last game

setup-replace-title = Replace the unfinished game?
setup-replace-body = The new game takes the place of the unfinished one, which can then no longer be continued.
setup-replace-yes = Replace it
setup-replace-no = Keep it

## Engine match: two players (levels or engines) play each other, watched.
match-title = Engine match
match-start = Start match
# $player: 1 or 2.
match-player = Player { $player }
match-games = Games
match-note = Each opening is played twice, colours swapped. Every game is saved in the games folder (Load game).
match-note-opening = Each player opens every other game, player 1 first, and the opening rule's choices give the colours. Every game is saved in the games folder (Load game).
match-opening-balanced = Balanced openings
match-opening-balanced-about = No opening rule: each game starts from a balanced three-stone opening.
match-player-cannot = Player { $player } cannot play this game with this rule and board size: choose another.
# $number: the game on the board; $total: games in the match.
match-heading = Game { $number } of { $total }
match-heading-over = Match over: { $total } games
match-heading-stopped = Match stopped after { $played ->
        [one] { $played } game
       *[other] { $played } games
    }
# $a, $b: the players' names; $a-points, $b-points: their points ("2½").
match-score = { $a } { $a-points } – { $b-points } { $b }
# $elo: the first player's Elo difference with its sign ("+87"); $margin: its 95% margin.
match-elo = { $a }: Elo { $elo } ± { $margin } · { $wins } won, { $losses } lost, { $draws } drawn
match-elo-wide = { $a }: Elo { $elo } (too few games for a margin) · { $wins } won, { $losses } lost, { $draws } drawn
match-elo-unknown = { $wins } won, { $losses } lost, { $draws } drawn · Elo once both have scored
match-stopped-game = The match was stopped: this game does not count.
match-stop = Stop
match-again = Again
# $dir: the folder of the games' records.
match-saved = Games saved in { $dir }
# One finished game in the match's list: $number the game; $first and $second the players
# who had the first and the second colour, $first-side and $second-side those colours'
# names; $how one of the match-how- lines below.
match-game = { $number }. { $first } ({ $first-side }) – { $second } ({ $second-side }): { $how }
# $winner: the winner's name; $line: the winning line's length as a bare number word.
match-how-line = { $winner } won with { $line } in a row
match-how-time = { $winner } won on time
# $loser: the engine that forfeited; $why: what it did wrong (a fault- phrase).
match-how-forfeit = { $winner } won by forfeit: { $loser } { $why }
match-how-resigned = { $winner } won by resignation
match-how-draw = draw
# Under the list: the games lost on time and by forfeit in the whole match.
match-faults = Lost on time: { $time } · forfeited: { $forfeits }
# Above the list when it shows only the last games: how many earlier ones it leaves out.
match-games-earlier = … { $n } earlier
