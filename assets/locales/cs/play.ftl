# New game, playing, clocks, move list, result (src/gui/screens). See ../README.md.
