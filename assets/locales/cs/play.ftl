# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
# Čeština. Keys and variables as in ../en/play.ftl. Terms: ../README.md.
# Names from elsewhere ($side, $player, $level) stand after a colon where a verb would
# have to agree with them.

## Names of keys

play-key-esc = Esc
play-key-enter = Enter
play-key-undo = Ctrl+Z / U
play-key-redo = Ctrl+Y
play-key-resign = Ctrl+R

## New game (setup screen)

setup-title = Nová partie
setup-game = Hra
setup-opponent = Soupeř
setup-colour = Vaše barva
setup-colour-first = { $side } (první tah)
setup-colour-random = Náhodně
setup-clock = Hodiny
setup-more-below = Další volby níže: posuňte dolů
setup-own-clock = Vlastní hodiny
setup-clock-minute-less = − min
setup-clock-minute-more = + min
setup-clock-second-less = − s
setup-clock-second-more = + s
setup-clock-note-fischer = { $clock }: minuty na partii + sekundy přidané za každý tah
setup-clock-note-per-move = { $clock } (nevyužitý čas se nepřevádí)
setup-clock-note-none = Bez hodin: přemýšlejte, jak dlouho chcete
# Výhry, prohry, remízy.
setup-record = { $wins }V { $losses }P { $draws }R
setup-two-players = Dva hráči
setup-two-players-note = S kamarádem u tohoto počítače, střídáte se.
# An external engine added in Settings, as an opponent: its name, and its file.
setup-engine = { $name } · program
setup-engine-note = { $path }
# Under the opening rule's note when an engine is the opponent; $name: the engine's name.
setup-engine-opening = Program { $name } hraje až po zahájení: volby v zahájení za něj dělá úroveň Mistr.
setup-engine-opening-asked = Program { $name } dělá volby v tomto zahájení sám, pokud zná příkaz SWAP2BOARD; jinak je za něj dělá úroveň Mistr.
setup-back = Zpět
setup-start = Začít partii

## Time controls

clock-none = Bez hodin
clock-fischer = { $minutes } + { $increment }
clock-fischer-seconds = { $seconds } s + { $increment }
clock-per-move = { $seconds } s na tah
clock-tenths = { $seconds }

## Playing screen

play-undo = Zpět
play-redo = Znovu
play-hint = Nápověda
play-resign = Vzdát
play-menu = Nabídka
play-eval-black = Černý
play-eval-white = Bílý
play-ai = AI
play-turn-game-over = Konec partie
play-turn-opening = Zahájení
play-turn-opening-ai = Zahájení · { $level }
play-turn-opening-you = Zahájení · jste na tahu
play-turn-ai = Na tahu: { $level }
play-turn-ai-thinking = { $level } přemýšlí
play-turn-ai-depth = { $level } přemýšlí · hloubka { $depth }
play-turn-you = Jste na tahu
play-turn-side = Na tahu: { $side }
play-moves-played = Odehráno tahů: { $count }
play-moves-played-redo = Odehráno tahů: { $count }  (lze zopakovat: { $redo })
play-info-two-players = Dva hráči: střídejte se u tohoto počítače.

## Move list

moves-opening = zahájení

## Result screen

result-win-on-time = Výhra na čas!
result-loss-on-time = Prohra na čas
result-win = Vyhráli jste!
result-loss = Prohráli jste
result-draw = Remíza
result-side-wins = Vítězí { $side }!
result-side-won = Vítěz: { $side }
result-reason-line = { $player }: { $line } v řadě tahem { $move }.
result-reason-resigned = { $player }: vzdáno po { $moves ->
        [one] { $moves } tahu
       *[other] { $moves } tazích
    }.
result-reason-time = { $player }: došel čas po { $moves ->
        [one] { $moves } tahu
       *[other] { $moves } tazích
    }.
result-reason-forfeit = { $player }: kontumační prohra po { $moves ->
        [one] { $moves } tahu
       *[other] { $moves } tazích
    } ({ $why }).
result-reason-board-full = Deska je plná: nikdo nesložil { $line } v řadě.
result-saved-as =
    Uloženo jako
    { $file }
result-not-saved = Záznam partie se nepodařilo uložit.
result-tally =
    Proti soupeři { $level }:
    výhry { $wins } · prohry { $losses } · remízy { $draws }
result-review = Rozbor partie
result-replay = Přehrát
result-rematch = Odveta (prohozené barvy)
result-menu = Nabídka
result-last-game = Poslední partie

setup-replace-title = Nahradit nedohranou partii?
setup-replace-body = Nová partie nahradí tu nedohranou a v té už nebude možné pokračovat.
setup-replace-yes = Nahradit
setup-replace-no = Ponechat

## Engine match: two players (levels or engines) play each other, watched.
match-title = Zápas programů
match-start = Začít zápas
match-player = Hráč { $player }
match-games = Počet partií
match-note = Každé zahájení se hraje dvakrát, s prohozenými barvami. Každá partie se uloží do složky partií (Otevřít partii).
match-note-opening = Hráči zahajují partie střídavě, hráč 1 první; barvy určí volby pravidla zahájení. Každá partie se uloží do složky partií (Otevřít partii).
match-opening-balanced = Vyrovnaná zahájení
match-opening-balanced-about = Bez pravidla zahájení: každá partie začíná vyrovnaným zahájením ze tří kamenů.
match-player-cannot = Hráč { $player } nemůže hrát tuto hru s těmito pravidly a velikostí desky: vyberte jiného.
match-heading = Partie { $number } z { $total }
match-heading-over = Zápas skončil: { $total } { $total ->
        [one] partie
        [few] partie
        [many] partie
       *[other] partií
    }
match-heading-stopped = Zápas zastaven po { $played } { $played ->
        [one] partii
       *[other] partiích
    }
match-score = { $a } { $a-points } – { $b-points } { $b }
match-elo = { $a }: Elo { $elo } ± { $margin } · { $wins } { $wins ->
        [one] výhra
        [few] výhry
        [many] výhry
       *[other] výher
    }, { $losses } { $losses ->
        [one] prohra
        [few] prohry
        [many] prohry
       *[other] proher
    }, { $draws } { $draws ->
        [one] remíza
        [few] remízy
        [many] remízy
       *[other] remíz
    }
match-elo-wide = { $a }: Elo { $elo } (na odchylku je málo partií) · { $wins } { $wins ->
        [one] výhra
        [few] výhry
        [many] výhry
       *[other] výher
    }, { $losses } { $losses ->
        [one] prohra
        [few] prohry
        [many] prohry
       *[other] proher
    }, { $draws } { $draws ->
        [one] remíza
        [few] remízy
        [many] remízy
       *[other] remíz
    }
match-elo-unknown = { $wins } { $wins ->
        [one] výhra
        [few] výhry
        [many] výhry
       *[other] výher
    }, { $losses } { $losses ->
        [one] prohra
        [few] prohry
        [many] prohry
       *[other] proher
    }, { $draws } { $draws ->
        [one] remíza
        [few] remízy
        [many] remízy
       *[other] remíz
    } · Elo se ukáže, až oba hráči získají body
match-stopped-game = Zápas byl zastaven: tato partie se nepočítá.
match-stop = Zastavit
match-again = Hrát znovu
match-saved = Partie uloženy v { $dir }
match-game = { $number }. { $first } ({ $first-side }) – { $second } ({ $second-side }): { $how }
match-how-line = { $winner } vyhrál, { $line } v řadě
match-how-time = { $winner } vyhrál na čas
match-how-forfeit = { $winner } vyhrál kontumačně: { $loser } { $why }
match-how-resigned = { $winner } vyhrál vzdáním soupeře
match-how-draw = remíza
match-faults = Prohry na čas: { $time } · kontumační prohry: { $forfeits }
match-games-earlier = … dřívější partie: { $n }
