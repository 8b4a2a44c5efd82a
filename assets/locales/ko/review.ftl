# Review, replay, load, analysis (src/gui/screens, src/gui/review.rs). See ../README.md.
