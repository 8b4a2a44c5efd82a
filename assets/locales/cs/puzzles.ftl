# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.
# The side names ($side, $defender) come from the game in the nominative; the messages put
# them where no verb or case has to agree with them. A three and a four are "trojka" and
# "čtyřka" here as everywhere in the catalog (see the glossary in ../README.md).

## The panel

puzzle-title = Úlohy
puzzle-button-hint = Nápověda
puzzle-button-solution = Řešení
puzzle-button-retry = Znovu
puzzle-button-next = Další
puzzle-button-family = Hra / pravidla
puzzle-button-difficulty = Obtížnost
puzzle-button-open-game = Otevřít partii
puzzle-button-menu = Nabídka
puzzle-click-to-play = Kliknutím zahrajete tah útočící strany
puzzle-details = Obtížnost { $difficulty } z 5 · hodnocení { $rating }
puzzle-details-forbidden = Obtížnost { $difficulty } z 5 · hodnocení { $rating } · záleží na zakázaných tazích
puzzle-family-yours = Moje úlohy

## What to find

puzzle-prompt = { $side } na tahu: { $goal }
puzzle-goal-vcf = výhra samými čtyřkami
puzzle-goal-vct = výhra trojkami a čtyřkami
puzzle-goal-win-in = výhra do { $moves } { $moves ->
        [one] tahu
       *[other] tahů
    }
puzzle-prompt-solved = Vyřešeno
puzzle-prompt-none = Žádná úloha

## The status line

puzzle-status-checking = Ověřuji…
puzzle-status-right = Správně. Na tahu je soupeř ({ $defender })…
puzzle-status-answered = Soupeř ({ $defender }) odpověděl { $move }. Pokračujte.
puzzle-status-solved-clean = Vyřešeno!
puzzle-status-solved = Vyřešeno.
puzzle-status-also-wins = I to vyhrává, ale pomaleji: najděte nejdůraznější tah.
puzzle-refuted-defence = Tudy ne: soupeř ({ $defender }) odpoví { $move } a útok se vyčerpá. Zkuste to znovu.
puzzle-refuted-counter-win = Tudy ne: soupeř ({ $defender }) vyhraje dřív, od { $move } (ukázáno na desce). Zkuste to znovu.
puzzle-status-not-judged = Tento tah se nepodařilo posoudit ({ $reason }).
puzzle-hint-area = Nápověda: tah leží mezi { $from } a { $to }.
puzzle-hint-move = Nápověda: zahrajte { $move }.
puzzle-hint-none = Tady nápověda není ({ $reason }).
puzzle-solution = Řešení:
puzzle-solution-none = Odsud žádné řešení není ({ $reason }).
puzzle-solution-shown = To bylo řešení.
puzzle-status-no-match = Těmto filtrům neodpovídá žádná úloha.
puzzle-status-no-setup = Pozici této úlohy nelze sestavit.
puzzle-status-not-saved = Váš postup se nepodařilo uložit: { $reason }
puzzle-status-not-yours = Tato úloha nepochází z žádné vaší partie.
puzzle-status-no-record = Záznam té partie nebyl uložen.
puzzle-status-open-failed = Partii nelze otevřít: { $reason }

## Where a puzzle of the player's own came from

puzzle-source = Z vaší partie { $file } ({ $date }): tah { $move } tuto výhru promarnil. Klávesa G partii otevře.
puzzle-source-unsaved = Z jedné vaší partie ({ $date }): tah { $move } tuto výhru promarnil.

## The player's rating and the filter

puzzle-rating = Vaše hodnocení: { $rating } ± { $range }
puzzle-rating-provisional = Vaše hodnocení: { $rating } ± { $range } (předběžné)
puzzle-rating-gain = (+{ $points })
puzzle-rating-loss = (−{ $points })
puzzle-streak = Série { $streak } · nejlepší { $best } · vyřešeno { $solved } z { $total }
puzzle-filter = Zobrazeno: { $family } · { $difficulty } · { $count } { $count ->
        [one] úloha
        [few] úlohy
       *[other] úloh
    } (vašich: { $yours })
puzzle-filter-every-game = všechny hry
puzzle-filter-every-difficulty = všechny obtížnosti
puzzle-filter-difficulty = obtížnost { $difficulty }

## Notices (title screen)

puzzle-notice-unreadable = Jednu z vašich úloh nelze přečíst ({ $reason }).

puzzle-status-solved-hint = Vyřešeno s nápovědou — nezapočítává se.
puzzle-status-solved-mistake = Vyřešeno po chybném tahu — nezapočítává se.
puzzle-status-solved-retry = Vyřešeno na druhý pokus — nezapočítává se (počítá se jen první pokus).
puzzle-prompt-solution-shown = Zobrazeno řešení
