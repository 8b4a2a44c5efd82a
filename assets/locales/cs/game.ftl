# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.

## The games' own words: sides, players, levels (src/gui/kind)

side-gomoku-first = Černý
side-gomoku-second = Bílý
side-connect4-first = Červený
side-connect4-second = Žlutý
player-you = Vy
player-ai = { $level } (AI)
player-engine = { $name } (program)
player-numbered = Hráč { $number }
player-coloured = { $colour } hráč
level-headline = Úroveň { $number } · { $name }
level-gomoku-1 = Začátečník
level-gomoku-1-about = Hladový: bere nejlépe vypadající pole a nikdy nepočítá dopředu.
level-gomoku-2 = Amatér
level-gomoku-2-about = Zná tvary: útočí trojkami a čtyřkami a blokuje ty vaše.
level-gomoku-3 = Klubový hráč
level-gomoku-3-about = Počítá pár tahů dopředu s úplným hodnocením tvarů.
level-gomoku-4 = Expert
level-gomoku-4-about = Plná síla programu: hledání hrozeb v pevném počtu uzlů.
level-gomoku-5 = Mistr
level-gomoku-5-about = Plná síla programu: hluboké hledání hrozeb, několik sekund na tah.
level-connect4-1 = Amatér
level-connect4-1-about = Vezme výhru a zablokuje tu vaši; jinak hraje od oka.
level-connect4-2 = Klubový hráč
level-connect4-2-about = Počítá šest tahů dopředu a zná dobré tvary.
level-connect4-3 = Dokonalý
level-connect4-3-about = Když to jde, pozici vyřeší: několik sekund na tah.
controls-gomoku = Myš nebo šipky + Enter: položit kámen
controls-connect4 = Klikněte na sloupec, nebo ← → a Enter; 1-7 vhodí hned

## Rules and board (setup rows, subtitles)

row-rule = Pravidla
row-board = Deska
row-opening = Zahájení
rule-freestyle = Volná
rule-freestyle-about = Vyhrává pět a více v řadě.
rule-standard = Standardní
rule-standard-about = Vyhrává přesně pět v řadě; šest a více se nepočítá.
rule-renju = Renju
rule-renju-about = Černý nesmí udělat dvojitou trojku, dvojitou čtyřku ani přesah. Bílý vyhrává pěti a více.
rule-renju-note = Černý nesmí hrát dvojitou trojku, dvojitou čtyřku ani přesah.
subtitle-gomoku = { $rule } · { $size } × { $size }
subtitle-connect4 = { $width } × { $height } · vyhrávají čtyři v řadě
c4-board-classic = 7 × 6 (klasická)
c4-setup-note = Vhazujte žetony do sloupců: vyhrávají čtyři v řadě vodorovně, svisle nebo úhlopříčně.
line-name = { $cells ->
    [4] čtyři
    [5] pět
    [6] šest
    [7] sedm
    [8] osm
    [9] devět
   *[other] { $cells }
}
opening-rule-none = Žádné
opening-rule-none-about = Bez pravidla zahájení: černý prostě táhne první.
opening-rule-swap = Swap
opening-rule-swap-about = Pro volná a standardní pravidla: první hráč položí tři kameny (černý, bílý, černý), druhý si vybere barvu.
opening-rule-swap2 = Swap2
opening-rule-swap2-about = Pro volná a standardní pravidla: jako Swap, nebo druhý hráč položí další dva kameny a barvu si vybere první.
opening-rule-yamaguchi = Yamaguchi
opening-rule-yamaguchi-about = Pro renju. První hráč položí jedno z 26 zahájení a ohlásí, kolik pátých tahů černý nabídne; soupeř si může jednou vyměnit barvy. Pak bílý vybere jednu z nabídek černého.
opening-rule-soosorv8 = Soosorv-8
opening-rule-soosorv8-about = Pro renju. První hráč položí jedno z 26 zahájení a soupeř si může vyměnit barvy. Bílý zahraje čtvrtý tah a ohlásí, kolik pátých tahů (1 až 8) černý nabídne; soupeř si může barvy vyměnit znovu. Pak bílý vybere jednu z nabídek.
opening-rule-taraguchi10 = Taraguchi-10
opening-rule-taraguchi10-about = Pro renju. První čtyři tahy se hrají ve stále větších středových čtvercích a po každém si soupeř může vyměnit barvy. Pak černý zahraje pátý tah, nebo nabídne deset, z nichž bílý vybere.

## Why a move was refused

move-taken = Pole { $point } už obsadil { $by }.
move-forbidden = Tah { $point } je pro černého v renju zakázaný: { $kind }.
move-off-board = To pole je mimo desku.
move-game-over = Partie skončila.
move-out-of-turn = Tato strana není na tahu.
move-other-game = Ten tah patří k jiné hře.
foul-overline = přesah (šest a více)
foul-double-four = dvojitá čtyřka
foul-double-three = dvojitá trojka
c4-no-column = Sloupec { $column } neexistuje.
c4-column-full = Sloupec { $column } je plný.
c4-column = sloupec { $column }
switch-side-refused = Ve hře { $game } se hráči vždy střídají.
legend-threats = Body v kroužku: červený dává pětku, oranžový čtyřku, žlutý otevřenou trojku
legend-threats-renju = Body v kroužku: červený dává pětku, oranžový čtyřku, žlutý otevřenou trojku
    × zakázaná pole černého

## The AI's search: the side panel and hints

outlook-has-won = { $side } vyhrál
outlook-wins-in = { $side } vyhraje za { $moves } { $moves ->
    [one] tah
    [few] tahy
    [many] tahu
   *[other] tahů
}
outlook-draw = remíza
outlook-unclear = nejasné
outlook-chance = { $side }: šance { $percent } %
panel-search = { $level }
    Poslední hledání: hloubka { $depth } · { $outlook }
    Uzlů: { $nodes } za { $seconds } s
# An external engine's last move: its name, the depth it reported (0 when it reported
# none) and the time it took.
panel-engine = { $name }
    Poslední tah: hloubka { $depth } · { $seconds } s
panel-engine-timed = { $name }
    Poslední tah: { $seconds } s
c4-how-forced = vynucený tah
c4-how-feel = od oka
c4-how-book = z knihovny zahájení
c4-how-solved = přesně vyřešeno
c4-how-search = hloubka hledání { $depth }
c4-panel = { $level }
    Poslední tah: sloupec { $column } ({ $how })
    { $outlook } · { $seconds } s
c4-panel-plain = { $level }
    Poslední tah: sloupec { $column } ({ $how })
    { $seconds } s
c4-hint = Nápověda: sloupec { $column } ({ $outlook })
c4-hint-plain = Nápověda: sloupec { $column }
hint-none = Bez nápovědy: { $why }.
hint-no-legal-move = není žádný platný tah
hint-other-game = úroveň jiné hry
hint-no-defence = Obrana není: ať zahrajete cokoli, { $side } vyhraje za { $moves } { $moves ->
    [one] tah
    [few] tahy
    [many] tahu
   *[other] tahů
}, počínaje { $point }.
hint-move = Nápověda: { $point } ({ $level }: { $outlook })
hint-engine = Nápověda: { $point } ({ $name })

## Tournament openings (prompts, buttons, the line of decisions)

opening-place-run = Položte { $count ->
    [2] dva kameny
    [3] tři kameny
    [4] čtyři kameny
    [one] { $count } kámen
    [few] { $count } kameny
    [many] { $count } kamene
   *[other] { $count } kamenů
}: { $black ->
    [0] {""}
    [1] jeden černý
    [2] dva černé
    [few] { $black } černé
   *[other] { $black } černých
}{ $black ->
    [0] {""}
   *[other] { $white ->
        [0] {""}
       *[other] ,{" "}
    }
}{ $white ->
    [0] {""}
    [1] jeden bílý
    [2] dva bílé
    [few] { $white } bílé
   *[other] { $white } bílých
} (teď { $colour ->
    [black] černý
   *[white] bílý
}{ $within ->
    [0] {""}
    [1] {" "}na středový bod
   *[other] {" "}do středového čtverce { $within } × { $within }
})
opening-place-one = Položte { $colour ->
    [black] černý
   *[white] bílý
} kámen{ $within ->
    [0] {""}
    [1] {" "}na středový bod
   *[other] {" "}do středového čtverce { $within } × { $within }
}
opening-choose-colour = Vyberte si barvu
opening-declare = Ohlaste, kolik pátých tahů černý nabídne ({ $min } až { $max })
opening-offer = { $count ->
    [1] Nabídněte za černého ještě jeden pátý tah: bílý jeden vybere
   *[other] Nabídněte za černého ještě { $count ->
        [2] dva páté tahy
        [3] tři páté tahy
        [4] čtyři páté tahy
        [5] pět pátých tahů
        [one] { $count } pátý tah
        [few] { $count } páté tahy
        [many] { $count } pátého tahu
       *[other] { $count } pátých tahů
    }, navzájem nesouměrné: bílý jeden vybere
}
opening-pick = Vyberte jeden z pátých tahů černého
opening-play-black = Hrát černými
opening-play-white = Hrát bílými
opening-place-two = Položit další dva kameny
opening-offer-ten = Zůstat černým, nabídnout deset pátých tahů
opening-off-area = { $within ->
    [1] { $point } není střed: tento kámen patří do středu.
   *[other] { $point } je mimo středový čtverec { $within } × { $within }.
}
opening-not-offered = Tuto volbu teď nelze použít.
opening-offered-already = Tah { $point } už je nabídnutý.
opening-symmetric = Tah { $point } je v této pozici souměrný s nabídkou { $other }: nabídky se musí lišit.
opening-not-an-offer = Tah { $point } není mezi nabídkami.
opening-over = Zahájení skončilo.
opening-use-buttons = Nejdřív vyberte tlačítkem.
decision-takes = { $who } { $you ->
    [yes] volíte
   *[no] volí
} { $colour ->
    [black] černé
   *[white] bílé
}
decision-keeps = { $who } { $you ->
    [yes] hrajete dál
   *[no] hraje dál
} { $colour ->
    [black] černými
   *[white] bílými
}
decision-places-two = { $who } { $you ->
    [yes] pokládáte
   *[no] pokládá
} další dva kameny
decision-offers-ten = { $who } { $you ->
    [yes] hrajete dál černými a nabízíte páté tahy
   *[no] hraje dál černými a nabízí páté tahy
}
decision-declares = { $who } { $you ->
    [yes] ohlašujete
   *[no] ohlašuje
} { $count } { $count ->
    [one] pátý tah
    [few] páté tahy
    [many] pátého tahu
   *[other] pátých tahů
}
decision-offers = { $who } { $you ->
    [yes] nabízíte
   *[no] nabízí
} { $points }
decision-picks = { $who } { $you ->
    [yes] vybíráte
   *[no] vybírá
} { $point }

## The status line in play

status-looking = Zobrazena pozice po tahu { $shown } z { $ply }: klikněte na tah { $ply } nebo stiskněte End pro návrat do hry.
status-wait-ai = Počkejte na tah AI.
status-nothing-to-undo = Není co vrátit.
status-nothing-to-redo = Není co zopakovat.
status-no-redo-in-opening = V zahájení nelze tah zopakovat.
status-no-hints-in-opening = V zahájení nejsou nápovědy.
status-hint-own-turn = Nápověda je jen pro váš tah.
status-hint-looking = Hledám dobrý tah…
status-resign-confirm = Vzdát partii? Pro potvrzení stiskněte Vzdát (Ctrl+R) znovu; jakákoli jiná akce to zruší.
status-ai-failed = AI nemohla táhnout ({ $error }) a vzdává.
# $what: what the engine did, in English from the protocol client ("did not answer within
# 7.0 s", "played 7,7, which is not allowed: ...").
engine-fault = { $name } { $what }, a prohrává partii kontumačně.
engine-stopped = Program byl zastaven dřív, než odpověděl.
fault-start = nešel spustit ({ $error })
fault-crash = přestal běžet
fault-time = neodpověděl do { $seconds } s
fault-not-a-move = místo tahu odpověděl „{ $reply }“
fault-off-board = zahrál { $point }, což je mimo desku
fault-taken = zahrál { $point }, ale to pole je už obsazené
fault-forbidden = zahrál { $point }, což je pro černého zakázaný tah
fault-after-the-end = zahrál { $point } až po konci partie
fault-flood = vypsal k jednomu tahu víc než { $lines } řádků
fault-refused-sizes = odmítl všechny nabídnuté velikosti desky ({ $sizes })
fault-refused-board = odmítl desku { $size }×{ $size }: „{ $reply }“
fault-refused-command = nezná příkaz { $command }: „{ $reply }“
hint-engine-fault = { $name } { $what }
engine-not-this-game = Externí programy tuto hru nehrají.
status-ai-placing = { $level } pokládá kameny…
status-ai-choosing = { $level } vybírá…
status-player-prompt = { $player }: { $prompt }
status-autosave-failed = Automatické uložení selhalo: { $error }
status-save-failed = Partii nelze uložit: { $error }

## Saved games and records (the Load list, notices)

notice-autosave-unrestorable = Automaticky uloženou partii hry { $game } nelze obnovit ({ $reason }).
notice-record-unreadable = { $file } nelze přečíst: { $reason }.
notice-moved-to = Soubor byl přesunut do { $path }.
autosave-bad-version = neznámá verze automatického uložení { $version }
autosave-bad-rule = neznámé pravidlo „{ $rule }“
autosave-bad-colour = neznámá barva „{ $colour }“
autosave-bad-level = neznámá úroveň { $level }
autosave-over = uložená partie už skončila
record-unknown-extension = soubory .{ $ext } žádná hra nečte
record-set-up-position = záznam začíná z připravené pozice
record-unreadable-line = Nečitelné: { $reason }
players-vs = { $first } – { $second }
record-result-unfinished = Nedohráno
record-result-unknown = Výsledek neznámý
record-result-draw = Remíza
record-result-won = { $how ->
    [resignation] { $winner } vyhrál vzdáním soupeře
    [time] { $winner } vyhrál na čas
    [forfeit] { $winner } vyhrál kontumačně
   *[won] { $winner } vyhrál
}
summary-gomoku = { $size } × { $size } { $rule } · { $players } · { $result } · { $moves } { $moves ->
    [one] tah
    [few] tahy
    [many] tahu
   *[other] tahů
}
summary-connect4 = Čtyři v řadě { $width } × { $height } · { $players } · { $result } · { $moves } { $moves ->
    [one] tah
    [few] tahy
    [many] tahu
   *[other] tahů
}

online-board-unsupported = Čtyři v řadě se po síti hrají na běžné desce 7 × 6.
online-clock-unsupported = Hodiny po síti počítají celé minuty s přídavkem; čas na tah se po síti zatím nehraje.
