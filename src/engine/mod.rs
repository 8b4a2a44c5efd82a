//! Everything that is not presentation, one folder per game (`gomoku/`: rules, tournament
//! openings and the AI; `connect4/`: rules, book, search and solver) beside what both games
//! use (records, reviews, puzzles).
//! Builds without Bevy (`--no-default-features`).

pub mod connect4;
pub mod elo;
pub mod gomoku;
pub mod puzzle;
pub mod record;
pub mod review;
pub mod side;
