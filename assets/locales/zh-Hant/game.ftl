# Game rules, levels, openings, statuses (src/gui/kind, src/gui/session). See ../README.md.
