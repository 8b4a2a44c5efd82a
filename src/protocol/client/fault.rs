//! What a brain can do wrong ([`Fault`]): each ends its process.

use std::time::Duration;

/// What a brain did wrong. Each ends the process; in a game it forfeits, as Gomocup
/// managers rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("could not be started: {0}")]
    Start(String),
    #[error("stopped running ({0})")]
    Crash(String),
    #[error("did not answer within {:.1} s", .0.as_secs_f64())]
    Time(Duration),
    #[error("answered '{0}' instead of a move")]
    NotAMove(String),
    #[error("played {reply}, which is not allowed: {reason}")]
    Illegal {
        reply: String,
        /// The rules' words (English).
        reason: String,
        /// What is wrong with the point, for a caller that words it itself.
        kind: IllegalKind,
    },
    #[error("printed more than {0} lines for one move")]
    Flood(u64),
    #[error("refused {what}: '{reply}'")]
    Refused { what: Refusal, reply: String },
}

/// What is wrong with a point a brain played ([`Fault::Illegal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalKind {
    /// Off the board (or not a point at all: three numbers).
    OffBoard,
    /// Already taken by a stone.
    Taken,
    /// Forbidden for Black (Renju).
    Forbidden,
    /// The game was over.
    GameOver,
}

impl From<&crate::engine::gomoku::game::MoveError> for IllegalKind {
    fn from(e: &crate::engine::gomoku::game::MoveError) -> IllegalKind {
        use crate::engine::gomoku::game::MoveError;
        match e {
            MoveError::OffBoard { .. } => IllegalKind::OffBoard,
            MoveError::Occupied { .. } => IllegalKind::Taken,
            MoveError::Forbidden { .. } => IllegalKind::Forbidden,
            MoveError::GameOver => IllegalKind::GameOver,
        }
    }
}

/// What a brain refused ([`Fault::Refused`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Every board size it was offered (`START`).
    #[error("every board size offered ({})", list(.0))]
    Sizes(Vec<u32>),
    /// A game on a board of this size.
    #[error("a {0}x{0} board")]
    Board(usize),
    /// A command it does not know (a protocol extension such as `SWAP2BOARD`).
    #[error("the command {0}")]
    Command(&'static str),
}

fn list(sizes: &[u32]) -> String {
    sizes
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
