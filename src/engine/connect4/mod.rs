//! Connect Four: rules, notation, an exact solver in the style of Pascal Pons's, an opening
//! book and three computer levels. No Bevy here; the GUI calls [`Game`] and [`Ai`].
//!
//! Columns are 0-based in the API and 1-based in move strings (`"4453"`).

pub mod ai;
pub mod book;
pub mod game;
pub mod position;
pub mod search;
pub mod solver;
pub mod testsets;

pub use ai::{Ai, AiError, Level, Limits, MoveChoice, Source, choose_move};
pub use book::{BookError, OpeningBook};
pub use game::{Cell, Game, Outcome, Player};
pub use position::{BoardSize, BoardSizeError, MoveError, Position};
pub use search::{SearchReport, Searcher};
pub use solver::{Interrupted, Solver};
