# Puzzle trainer (src/gui/puzzles, src/gui/screens/puzzles.rs). See ../README.md.
