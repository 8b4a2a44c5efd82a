# Čeština. Keys and variables as in ../en/main.ftl. Terms: ../README.md.

## The language's own name, shown in the language picker.
language-name = Čeština

## Title screen

app-title = Piškvorky
game-gomoku = Piškvorky
game-connect4 = Čtyři v řadě
menu-new-game = Nová partie
menu-continue = Pokračovat
menu-replay-last = Přehrát poslední partii
menu-load-game = Otevřít partii
menu-analysis = Rozbor pozice
menu-puzzles = Úlohy
menu-engine-match = Zápas programů
menu-settings = Nastavení
menu-quit = Ukončit
notice-nothing-to-continue = Není žádná rozehraná partie, ve které by šlo pokračovat.
notice-no-finished-game = Zatím žádná dohraná partie.

## Settings screen

settings-title = Nastavení
settings-sound = Zvuk
settings-effects = Efekty
settings-music = Hudba
settings-volume = { $percent } %
settings-ambient = Hudba v pozadí
settings-ambient-on = Zapnuto
settings-ambient-off = Vypnuto
settings-all-sound = Veškerý zvuk
settings-sound-on = Zapnuto
settings-sound-muted = Ztlumeno
settings-board = Deska
settings-theme = Vzhled
theme-classic = Klasické dřevo
theme-dark = Tmavá břidlice
settings-motion = Animace
settings-motion-reduced = Omezená
settings-motion-full = Plná
settings-coordinates = Souřadnice
settings-coordinates-shown = Zobrazeny
settings-coordinates-hidden = Skryty
settings-move-numbers = Čísla tahů
settings-move-numbers-shown = Zobrazena
settings-move-numbers-hidden = Skryta
settings-forbidden = Zakázané tahy
settings-forbidden-marked = Vyznačeny
settings-forbidden-hidden = Skryty
settings-review = Rozbor partie
settings-review-deep = Důkladný ({ $seconds } s na tah)
settings-review-fast = Rychlý ({ $seconds } s na tah)
settings-language = Jazyk
settings-saved-in = Uloženo v { $file }
settings-back = Zpět

## Notices about the game's files (title screen)

notice-file-unreadable-moved = Nelze přečíst: { $what } ({ $reason }). Soubor byl přesunut do { $path } a používá se nový.
notice-file-unreadable = Nelze přečíst: { $what } ({ $reason }); používá se nový.
file-settings = soubor nastavení
file-statistics = soubor statistik
file-autosave = automaticky uložená partie
file-clock = hodiny uložené partie
file-opening = zahájení uložené partie
file-engine = program uložené partie
file-puzzle-progress = soubor postupu v úlohách
notice-opening-misfit = Uložené zahájení neodpovídá uložené partii, a proto bylo zahozeno.
notice-opening-none = Uložené zahájení nelze obnovit (hra takové pravidlo zahájení nemá).
notice-engine-gone = Program uložené partie ({ $name }) už není v Nastavení nebo chybí jeho soubor: hra pokračuje proti úrovni Mistr.
notice-opening-action = Uložené zahájení nelze obnovit (jeden z jeho kroků nelze přehrát).
# Settings' Engines card: external Gomocup engines (pbrain-*) to play against.
engines-title = Programy
engines-about = Programy z turnaje Gomocup (programy pbrain-*, například Rapfi, Embryo nebo AIWine) mohou být vaším soupeřem v piškvorkách. Přidejte program zadáním jeho souboru; hra se ho zeptá, co umí hrát.
engines-add = Přidat program
engines-add-button = Přidat
engines-path-hint = Klikněte sem a napište cestu k programu, např. /opt/rapfi/pbrain-rapfi
engines-found = Nalezeno v tomto počítači:
engines-remove = Odebrat
engines-turn = Čas na tah
engines-threads = Vlákna
engines-memory = Paměť
engines-seconds = { $seconds } s
engines-mib = { $mib } MB
# $rules: rule names joined by commas; $sizes: "15×15, 19×19".
engines-plays = Pravidla: { $rules } · desky { $sizes }
engines-three-lines = tři nejlepší varianty v rozboru pozice
engine-missing = Chybí: { $path } už neexistuje.
engine-checking = Kontroluji { $file }…
engine-added = Program { $name } byl přidán: vyberte ho jako soupeře v nabídce Nová partie.
# $what: in English, from the protocol client ("could not be started: ...").
engine-not-added = Soubor { $file } nebyl přidán: { $what }.
engine-no-file = takový soubor neexistuje ({ $path })
engine-refused-every-rule = odmítl všechna pravidla, na která byl dotázán
