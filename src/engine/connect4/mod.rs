//! Connect Four: rules, notation, an exact solver in the style of Pascal Pons's, an opening
//! book and three computer levels. No Bevy here; the GUI calls [`Game`] and [`Ai`].
//!
//! Columns are 0-based in the API and 1-based in move strings (`"4453"`).
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use gomoku::engine::connect4::{Ai, BoardSize, Game, Level, Limits, Outcome};
//! use rand::{SeedableRng, rngs::StdRng};
//!
//! let mut game = Game::from_moves(BoardSize::STANDARD, "4453").unwrap();
//! // Keep one Ai per board size: its tables are reused from move to move.
//! let mut ai = Ai::new(game.size());
//! let mut rng = StdRng::seed_from_u64(1);
//! let stop = AtomicBool::new(false); // set from another thread to cut a search short
//! let choice = ai
//!     .choose_move_in_game(Level::Club, &game, &Limits::default(), &mut rng, &stop)
//!     .unwrap();
//! game.play(choice.column).unwrap();
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! assert_eq!(game.to_move_string().len(), 5);
//! ```

pub mod ai;
pub mod book;
#[cfg(feature = "tools")]
pub mod book_build;
mod budget;
pub mod game;
pub mod position;
pub mod puzzle;
pub mod record;
pub mod search;
pub mod solver;
mod sorter;
mod table;
#[cfg(feature = "tools")]
pub mod testsets;

pub use ai::{Ai, AiError, Level, Limits, MoveChoice, Source, choose_move};
pub use book::{BookError, OpeningBook};
pub use game::{Cell, Game, Outcome, Player};
pub use position::{BoardSize, BoardSizeError, MoveError, Position};
pub use record::{Record, RecordResult, describe_score};
pub use search::{SearchReport, Searcher};
pub use solver::{Interrupted, Solver};
