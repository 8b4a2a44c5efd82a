//! Gomoku: the board and its coordinates, the three rules (Renju's forbidden points), a game
//! with its history, the tournament openings and the AI.

pub mod ai;
pub mod balanced;
pub mod board;
pub mod game;
pub mod opening;
pub mod pos;
pub mod puzzle;
pub mod rules;

pub use board::{BadSize, Board};
pub use game::{Game, GameBuildError, Move, MoveError, Outcome, SetUpError};
pub use pos::{CoordError, MAX_SIZE, MIN_SIZE, Pos, Stone, quote_input};
pub use rules::{Forbidden, Rule};
