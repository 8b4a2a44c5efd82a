//! Everything that is not presentation: Gomoku rules, tournament openings, game records, the AI
//! and Connect Four.
//! Builds without Bevy (`--no-default-features`).

pub mod ai;
pub mod board;
pub mod game;
pub mod opening;
pub mod pos;
pub mod puzzle;
pub mod record;
pub mod review;
pub mod rules;

pub use board::{BadSize, Board};
pub use game::{Game, GameBuildError, Move, MoveError, Outcome, SetUpError};
pub use pos::{CoordError, MAX_SIZE, MIN_SIZE, Pos, Stone, quote_input};
pub use rules::{Forbidden, Rule};
pub mod connect4;
