//! Why a record could not be read, replayed, written or saved, and where in the file.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::Format;
use crate::engine::gomoku::game::MoveError;
use crate::engine::gomoku::pos::{MAX_SIZE, MIN_SIZE, Pos, Stone};

/// Where in a file something is: a byte offset (SGF) and a 1-based line.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Loc {
    pub offset: Option<usize>,
    pub line: usize,
}

impl Loc {
    /// The location of byte `offset` of `text`.
    pub(crate) fn at(text: &[u8], offset: usize) -> Loc {
        let end = offset.min(text.len());
        let line = 1 + text[..end].iter().filter(|&&b| b == b'\n').count();
        Loc {
            offset: Some(offset),
            line,
        }
    }

    pub(crate) fn line(line: usize) -> Loc {
        Loc { offset: None, line }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(o) => write!(f, "byte {o}, line {}", self.line),
            None => write!(f, "line {}", self.line),
        }
    }
}

/// Why a record could not be read, replayed, written or saved.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// Opening, reading or writing a file failed.
    #[error("{}: {message}", .path.display())]
    Io {
        path: PathBuf,
        kind: io::ErrorKind,
        message: String,
    },
    /// The input is larger than [`MAX_RECORD_BYTES`](super::MAX_RECORD_BYTES).
    #[error("the file is larger than {limit} bytes, too large for a game record")]
    TooLarge { limit: usize },
    /// The input is empty or only white space.
    #[error("the file is empty")]
    Empty,
    /// The input is not UTF-8; `offset` is the first bad byte.
    #[error("the file is not UTF-8 text (bad byte at byte {offset})")]
    NotUtf8 { offset: usize },
    /// Neither SGF nor PSQ.
    #[error(
        "not a game record: expected SGF (starting with '(') \
         or Piskvork PSQ (starting with 'Piskvorky')"
    )]
    UnknownFormat,
    /// SGF structure is broken (stray character, empty game tree, node after a variation...).
    #[error("SGF syntax error at {at}: {problem}")]
    Syntax { at: Loc, problem: String },
    /// The SGF ends inside a game tree (missing `)`).
    #[error("SGF ends too early at {at}: a game tree is not closed with ')'")]
    Truncated { at: Loc },
    /// An SGF property value is not closed with `]`.
    #[error("SGF property {property} at {at}: the value is not closed with ']'")]
    Unterminated { property: String, at: Loc },
    /// SGF variations nested deeper than [`MAX_SGF_NESTING`](super::MAX_SGF_NESTING).
    #[error("SGF at {at}: variations are nested deeper than {limit} levels")]
    TooDeep { at: Loc, limit: usize },
    /// An SGF property has a value or a place that makes no sense (duplicate, several values
    /// where one is expected, a result like `B+3.5`, `FF[9]`...).
    #[error("SGF property {property} at {at}: {problem}")]
    BadProperty {
        property: String,
        at: Loc,
        problem: String,
    },
    /// An SGF point is not two letters (a pass `B[]` included).
    #[error("SGF property {property} at {at}: {}", bad_point_problem(.value))]
    BadPoint {
        property: String,
        at: Loc,
        value: String,
    },
    /// An SGF point is off the board.
    #[error("SGF property {property} at {at}: point '{value}' is off the {size}x{size} board")]
    OffBoard {
        property: String,
        at: Loc,
        value: String,
        size: usize,
    },
    /// `SZ` is out of 5..=25 or not square.
    #[error("SGF property SZ at {at}: '{value}' {problem}")]
    BadSize {
        at: Loc,
        value: String,
        problem: &'static str,
    },
    /// `GM` is not 4 (Gomoku).
    #[error("SGF property GM at {at}: game type '{value}' is not Gomoku (GM[4])")]
    NotGomoku { at: Loc, value: String },
    /// `RU` names no known rule.
    #[error(
        "SGF property RU at {at}: unknown rule '{value}' \
         (expected Freestyle, Standard or Renju)"
    )]
    UnknownRule { at: Loc, value: String },
    /// A valid SGF feature this reader does not handle (`AE`, setup stones between moves).
    #[error("SGF property {property} at {at}: {what} is not supported")]
    Unsupported {
        property: String,
        at: Loc,
        what: &'static str,
    },
    /// The PSQ first line is not `Piskvorky WxH, A:B, F` or names an unsupported board.
    #[error("PSQ header at {at}: {problem}")]
    PsqHeader { at: Loc, problem: String },
    /// A PSQ move line is malformed.
    #[error("PSQ {at}: '{text}' {problem}")]
    PsqMove {
        at: Loc,
        text: String,
        problem: &'static str,
    },
    /// A PSQ move is off the board (coordinates are 1-based).
    #[error("PSQ {at}: move {x},{y} is off the {size}x{size} board (coordinates run 1 to {size})")]
    PsqOffBoard {
        at: Loc,
        x: i64,
        y: i64,
        size: usize,
    },
    /// The record's board size is outside 5..=25.
    #[error("board size {size} is not supported (use {MIN_SIZE} to {MAX_SIZE})")]
    InvalidSize { size: usize },
    /// Setup stone `index` (1-based) cannot be placed.
    #[error(
        "setup stone {index} ({stone} {}{}): {}",
        point_name(*.pos, *.size),
        loc_suffix(.at),
        move_reason(.error)
    )]
    IllegalSetup {
        index: usize,
        pos: Pos,
        stone: Stone,
        /// The board side, for naming the point.
        size: usize,
        error: MoveError,
        at: Option<Loc>,
    },
    /// Move `number` (1-based, setup stones not counted) breaks the rules.
    #[error(
        "move {number} ({stone} {}{}): {}",
        point_name(*.pos, *.size),
        loc_suffix(.at),
        move_reason(.error)
    )]
    IllegalMove {
        number: usize,
        pos: Pos,
        stone: Stone,
        /// The board side, for naming the point.
        size: usize,
        error: MoveError,
        at: Option<Loc>,
    },
    /// Move `number` is by the colour that has just moved.
    #[error("move {number}{}: {found} moves but it is {expected}'s turn", loc_suffix(.at))]
    OutOfTurn {
        number: usize,
        expected: Stone,
        found: Stone,
        at: Option<Loc>,
    },
    /// The record cannot be written in this format without changing the game.
    #[error("cannot write this game as {}: {problem}", .format.name())]
    Unrepresentable { format: Format, problem: String },
}

impl RecordError {
    pub(super) fn io(path: &Path, e: &io::Error) -> RecordError {
        RecordError::Io {
            path: path.to_path_buf(),
            kind: e.kind(),
            message: e.to_string(),
        }
    }
}

/// A point for messages: `h8` when on the board, raw `x,y` otherwise (so a corrupt record
/// never trips the human-notation arithmetic).
fn point_name(pos: Pos, size: usize) -> String {
    if pos.on_board(size) && (MIN_SIZE..=MAX_SIZE).contains(&size) {
        pos.to_human(size)
    } else {
        format!("{},{}", pos.x, pos.y)
    }
}

fn move_reason(error: &MoveError) -> String {
    match error {
        MoveError::OffBoard { size, .. } => format!("the point is off the {size}x{size} board"),
        MoveError::Occupied { by, .. } => format!("the point is already taken by {by}"),
        MoveError::Forbidden { kind, .. } => format!("forbidden for Black under Renju ({kind})"),
        MoveError::GameOver => "the game was already over".to_string(),
    }
}

/// What is wrong with an SGF point value: an empty one is a pass.
fn bad_point_problem(value: &str) -> String {
    if value.is_empty() {
        "an empty value (a pass) is not a Gomoku move".to_string()
    } else {
        format!("'{value}' is not a point (expected two letters, column then row, like hh)")
    }
}

fn loc_suffix(at: &Option<Loc>) -> String {
    match at {
        Some(at) => format!(", {at}"),
        None => String::new(),
    }
}
