# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.
# Side names ($side) are put after a colon or in brackets: they need no agreement.

## Replay screen

replay-title = Přehrávání partie
replay-play = Přehrát
replay-pause = Pauza
replay-menu = Nabídka
replay-keys = Home · ← · Space · → · End · N čísla · A rozbor
replay-speed = { $speed ->
    [one] { $speed } tah za sekundu
    [few] { $speed } tahy za sekundu
    [many] { $speed } tahu za sekundu
   *[other] { $speed } tahů za sekundu
}
replay-move-counter = Tah { $n } z { $total }
replay-left = zbývá { $clock }
replay-opening-stone = zahájení

## Review of a game

review-button = Rozebrat partii
review-seconds = { $seconds } s
review-failed = Rozbor selhal: { $error }.
review-progress = Rozbor… { $done } z { $total ->
    [one] { $total } pozice
   *[other] { $total } pozic
}
review-hint = V: program rozebere každý tah této partie.
review-start = Výchozí pozice: klepněte na graf nebo procházejte tahy a uvidíte hodnocení každého tahu.
review-move = Tah { $n } · { $side } { $move }: { $grade }, { $outlook }.
review-move-timed = Tah { $n } · { $side } { $move } ({ $time }): { $grade }, { $outlook }.
review-best = Nejlepší byl tah { $move }: { $outlook }.
review-missed = Promarněná vynucená výhra ({ $side }): { $outlook }.
review-opening-stone = kámen zahájení, bez hodnocení
review-not-graded = bez hodnocení
review-accuracy = { $side }: přesnost { $accuracy } %
review-count-inaccuracy = { $n ->
    [one] { $n } nepřesnost
    [few] { $n } nepřesnosti
   *[other] { $n } nepřesností
}
review-count-mistake = { $n ->
    [one] { $n } chyba
    [few] { $n } chyby
   *[other] { $n } chyb
}
review-count-blunder = { $n ->
    [one] { $n } hrubá chyba
    [few] { $n } hrubé chyby
   *[other] { $n } hrubých chyb
}
review-count-missed-win = { $n ->
    [one] { $n } promarněná výhra
    [few] { $n } promarněné výhry
   *[other] { $n } promarněných výher
}
review-turning-point = Zlom: tah { $n } ({ $side } { $move })

## Grades of a move

review-grade-best = nejlepší tah
review-grade-good = dobrý tah
review-grade-inaccuracy = nepřesnost
review-grade-mistake = chyba
review-grade-blunder = hrubá chyba
review-grade-missed-win = promarněná výhra

## Load game screen

load-title = Otevřít partii
load-folder = Uložené partie v { $folder }
load-empty = Zatím žádné uložené partie: dohrané partie se sem ukládají automaticky.
load-newer = Novější
load-older = Starší
load-page = Strana { $page } z { $pages }
load-back = Zpět

## Analysis board

analysis-title = Rozbor pozice
analysis-take-back = Vzít tah zpět
analysis-switch-side = Změnit stranu
analysis-threats = Hrozby
analysis-clear = Vyčistit desku
analysis-menu = Nabídka
analysis-click-hint = Klepnutím položíte kámen strany, která je na tahu
analysis-engine = Program: { $name }
analysis-engine-own = vestavěný
analysis-no-engine = Žádný program přidaný v Nastavení nehraje s těmito pravidly a velikostí desky.
analysis-engine-fault = { $name } { $what }: rozbor není možný.
analysis-one-line-not-asked = { $name } ukazuje jednu variantu: byl přidán dřív, než se hra začala ptát na více variant. Přidejte ho v Nastavení znovu.
analysis-one-line-refused = { $name } ukazuje jednu variantu: neodpovídá na YXNBEST, příkaz pro několik nejlepších tahů.
analysis-one-line-single = { $name } ukazuje jednu variantu: na YXNBEST odpovídá jen jednou variantou.
analysis-stones-kept = Na novou desku se vešlo { $kept } z { $total ->
    [one] { $total } kamene
   *[other] { $total } kamenů
}; ostatní byly odebrány.
analysis-board-empty = Deska je prázdná.
analysis-game-over = Konec partie: { $line } v řadě. Vezměte tah zpět a pokračujte.
analysis-to-place = Na tahu: { $side }
analysis-thinking = Program přemýšlí…
analysis-depth = Program, hloubka { $depth }:
analysis-depth-deepening = Program, hloubka { $depth }, prohlubuje:
analysis-lines = Program:
analysis-lines-deepening = Program, stále počítá:

review-title = Rozbor partie
review-refutation = { $side } odpoví { $move }: { $outlook }.
