//! Game records: SGF (FF[4], GM[4]) and Piskvork PSQ, read and written through one
//! [`GameRecord`] type, plus file loading and atomic saving for the GUI.
//!
//! Every reader validates the record by replaying it under its rule, so a record returned by
//! [`parse`], [`load`], [`GameRecord::from_sgf`] or [`GameRecord::from_psq`] always turns into
//! a [`Game`] with [`GameRecord::to_game`]. Readers never panic: hostile, truncated or
//! oversized input comes back as a [`RecordError`] that says what is wrong and where.
//!
//! The SGF reader is hand-written (see `sgf.rs` for why) and reads only the main line of a
//! file: side variations are syntax-checked and skipped, and only the first game of a
//! collection is read.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::game::{Game, MoveError, Outcome};
use super::pos::{MAX_SIZE, MIN_SIZE, Pos, Stone};
use super::rules::Rule;

pub mod psq;
pub mod sgf;

/// Largest record file read (1 MiB). A 25x25 game with long comments is far smaller; the cap
/// keeps a hostile or mistaken file (a video, `/dev/zero`) from eating memory.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// Deepest nesting of SGF variations accepted. A game has at most 625 moves, so even a file
/// branching at every move stays below this; deeper input is hostile.
pub const MAX_SGF_NESTING: usize = 1000;

/// The result of a game as recorded (SGF `RE`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RecordResult {
    Win {
        winner: Stone,
        by: WinBy,
    },
    Draw,
    /// No result, e.g. a suspended game (`RE[Void]`).
    Void,
    /// The result is not known (`RE[?]`).
    Unknown,
}

/// How a game was won.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum WinBy {
    /// Not stated (`B+`): in Gomoku normally a completed five.
    Unspecified,
    Resignation,
    Time,
    Forfeit,
}

impl RecordResult {
    /// The SGF `RE` text.
    pub fn to_sgf(self) -> String {
        match self {
            RecordResult::Win { winner, by } => {
                let c = match winner {
                    Stone::Black => 'B',
                    Stone::White => 'W',
                };
                let how = match by {
                    WinBy::Unspecified => "",
                    WinBy::Resignation => "R",
                    WinBy::Time => "T",
                    WinBy::Forfeit => "F",
                };
                format!("{c}+{how}")
            }
            RecordResult::Draw => "Draw".to_string(),
            RecordResult::Void => "Void".to_string(),
            RecordResult::Unknown => "?".to_string(),
        }
    }

    /// Reads an SGF `RE` value (`B+`, `W+R`, `B+Time`, `Draw`, `0`, `Void`, `?`), ignoring
    /// case and surrounding spaces. Scores (`B+3.5`) mean nothing in Gomoku and are refused.
    pub fn from_sgf(text: &str) -> Option<RecordResult> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "0" | "draw" => return Some(RecordResult::Draw),
            "void" => return Some(RecordResult::Void),
            "?" => return Some(RecordResult::Unknown),
            _ => {}
        }
        let (winner, how) = if let Some(rest) = t.strip_prefix("b+") {
            (Stone::Black, rest)
        } else if let Some(rest) = t.strip_prefix("w+") {
            (Stone::White, rest)
        } else {
            return None;
        };
        let by = match how {
            "" => WinBy::Unspecified,
            "r" | "resign" => WinBy::Resignation,
            "t" | "time" => WinBy::Time,
            "f" | "forfeit" => WinBy::Forfeit,
            _ => return None,
        };
        Some(RecordResult::Win { winner, by })
    }
}

/// One move of a record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordMove {
    pub pos: Pos,
    pub stone: Stone,
    /// SGF `C[]` of the move's node.
    pub comment: Option<String>,
    /// Thinking time in milliseconds (PSQ only; SGF has no per-move time).
    pub time_ms: Option<u32>,
}

impl RecordMove {
    pub fn new(pos: Pos, stone: Stone) -> RecordMove {
        RecordMove {
            pos,
            stone,
            comment: None,
            time_ms: None,
        }
    }
}

/// A game as stored in a file: metadata, opening stones and the main line of moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// Board side, 5..=25.
    pub size: usize,
    pub rule: Rule,
    /// Player names (SGF `PB`/`PW`); empty when unknown.
    pub black: String,
    pub white: String,
    pub result: Option<RecordResult>,
    /// SGF `DT`, kept as written (normally `YYYY-MM-DD`).
    pub date: Option<String>,
    /// Stones on the board before the first move (SGF `AB`/`AW`), e.g. an opening.
    pub setup: Vec<(Pos, Stone)>,
    pub moves: Vec<RecordMove>,
    /// Comment on the game as a whole (SGF `C[]` of the root node).
    pub comment: Option<String>,
}

/// Which file format.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Format {
    Sgf,
    Psq,
}

impl Format {
    /// Guesses the format from the content: SGF starts with `(`, PSQ with `Piskvorky`
    /// (after an optional byte order mark and white space).
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        let b = strip_bom(bytes);
        let start = b.iter().position(|c| !c.is_ascii_whitespace())?;
        let b = &b[start..];
        if b.first() == Some(&b'(') {
            Some(Format::Sgf)
        } else if b.starts_with(b"Piskvorky") {
            Some(Format::Psq)
        } else {
            None
        }
    }

    /// The format a file name's extension names (`.sgf`, `.psq`, any case).
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "sgf" => Some(Format::Sgf),
            "psq" => Some(Format::Psq),
            _ => None,
        }
    }

    /// File extension without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Sgf => "sgf",
            Format::Psq => "psq",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Sgf => "SGF",
            Format::Psq => "PSQ",
        }
    }
}

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
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// Opening, reading or writing a file failed.
    Io {
        path: PathBuf,
        kind: io::ErrorKind,
        message: String,
    },
    /// The input is larger than [`MAX_RECORD_BYTES`].
    TooLarge { limit: usize },
    /// The input is empty or only white space.
    Empty,
    /// The input is not UTF-8; `offset` is the first bad byte.
    NotUtf8 { offset: usize },
    /// Neither SGF nor PSQ.
    UnknownFormat,
    /// SGF structure is broken (stray character, empty game tree, node after a variation...).
    Syntax { at: Loc, problem: String },
    /// The SGF ends inside a game tree (missing `)`).
    Truncated { at: Loc },
    /// An SGF property value is not closed with `]`.
    Unterminated { property: String, at: Loc },
    /// SGF variations nested deeper than [`MAX_SGF_NESTING`].
    TooDeep { at: Loc, limit: usize },
    /// An SGF property has a value or a place that makes no sense (duplicate, several values
    /// where one is expected, a result like `B+3.5`, `FF[9]`...).
    BadProperty {
        property: String,
        at: Loc,
        problem: String,
    },
    /// An SGF point is not two letters (a pass `B[]` included).
    BadPoint {
        property: String,
        at: Loc,
        value: String,
    },
    /// An SGF point is off the board.
    OffBoard {
        property: String,
        at: Loc,
        value: String,
        size: usize,
    },
    /// `SZ` is out of 5..=25 or not square.
    BadSize {
        at: Loc,
        value: String,
        problem: &'static str,
    },
    /// `GM` is not 4 (Gomoku).
    NotGomoku { at: Loc, value: String },
    /// `RU` names no known rule.
    UnknownRule { at: Loc, value: String },
    /// A valid SGF feature this reader does not handle (`AE`, setup stones between moves).
    Unsupported {
        property: String,
        at: Loc,
        what: &'static str,
    },
    /// The PSQ first line is not `Piskvorky WxH, A:B, F` or names an unsupported board.
    PsqHeader { at: Loc, problem: String },
    /// A PSQ move line is malformed.
    PsqMove {
        at: Loc,
        text: String,
        problem: &'static str,
    },
    /// A PSQ move is off the board (coordinates are 1-based).
    PsqOffBoard {
        at: Loc,
        x: i64,
        y: i64,
        size: usize,
    },
    /// The record's board size is outside 5..=25.
    InvalidSize { size: usize },
    /// Setup stone `index` (1-based) cannot be placed.
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
    OutOfTurn {
        number: usize,
        expected: Stone,
        found: Stone,
        at: Option<Loc>,
    },
    /// The record cannot be written in this format without changing the game.
    Unrepresentable { format: Format, problem: String },
}

impl RecordError {
    fn io(path: &Path, e: &io::Error) -> RecordError {
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

fn loc_suffix(at: &Option<Loc>) -> String {
    match at {
        Some(at) => format!(", {at}"),
        None => String::new(),
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordError as E;
        match self {
            E::Io {
                path,
                kind: _,
                message,
            } => write!(f, "{}: {message}", path.display()),
            E::TooLarge { limit } => write!(
                f,
                "the file is larger than {limit} bytes, too large for a game record"
            ),
            E::Empty => f.write_str("the file is empty"),
            E::NotUtf8 { offset } => {
                write!(f, "the file is not UTF-8 text (bad byte at byte {offset})")
            }
            E::UnknownFormat => f.write_str(
                "not a game record: expected SGF (starting with '(') \
                 or Piskvork PSQ (starting with 'Piskvorky')",
            ),
            E::Syntax { at, problem } => write!(f, "SGF syntax error at {at}: {problem}"),
            E::Truncated { at } => write!(
                f,
                "SGF ends too early at {at}: a game tree is not closed with ')'"
            ),
            E::Unterminated { property, at } => write!(
                f,
                "SGF property {property} at {at}: the value is not closed with ']'"
            ),
            E::TooDeep { at, limit } => write!(
                f,
                "SGF at {at}: variations are nested deeper than {limit} levels"
            ),
            E::BadProperty {
                property,
                at,
                problem,
            } => write!(f, "SGF property {property} at {at}: {problem}"),
            E::BadPoint {
                property,
                at,
                value,
            } if value.is_empty() => write!(
                f,
                "SGF property {property} at {at}: an empty value (a pass) is not a Gomoku move"
            ),
            E::BadPoint {
                property,
                at,
                value,
            } => write!(
                f,
                "SGF property {property} at {at}: '{value}' is not a point \
                 (expected two letters, column then row, like hh)"
            ),
            E::OffBoard {
                property,
                at,
                value,
                size,
            } => write!(
                f,
                "SGF property {property} at {at}: point '{value}' is off the {size}x{size} board"
            ),
            E::BadSize { at, value, problem } => {
                write!(f, "SGF property SZ at {at}: '{value}' {problem}")
            }
            E::NotGomoku { at, value } => write!(
                f,
                "SGF property GM at {at}: game type '{value}' is not Gomoku (GM[4])"
            ),
            E::UnknownRule { at, value } => write!(
                f,
                "SGF property RU at {at}: unknown rule '{value}' \
                 (expected Freestyle, Standard or Renju)"
            ),
            E::Unsupported { property, at, what } => {
                write!(
                    f,
                    "SGF property {property} at {at}: {what} is not supported"
                )
            }
            E::PsqHeader { at, problem } => write!(f, "PSQ header at {at}: {problem}"),
            E::PsqMove { at, text, problem } => write!(f, "PSQ {at}: '{text}' {problem}"),
            E::PsqOffBoard { at, x, y, size } => write!(
                f,
                "PSQ {at}: move {x},{y} is off the {size}x{size} board (coordinates run 1 to {size})"
            ),
            E::InvalidSize { size } => write!(
                f,
                "board size {size} is not supported (use {MIN_SIZE} to {MAX_SIZE})"
            ),
            E::IllegalSetup {
                index,
                pos,
                stone,
                size,
                error,
                at,
            } => {
                write!(
                    f,
                    "setup stone {index} ({stone} {}{}): {}",
                    point_name(*pos, *size),
                    loc_suffix(at),
                    move_reason(error)
                )
            }
            E::IllegalMove {
                number,
                pos,
                stone,
                size,
                error,
                at,
            } => {
                write!(
                    f,
                    "move {number} ({stone} {}{}): {}",
                    point_name(*pos, *size),
                    loc_suffix(at),
                    move_reason(error)
                )
            }
            E::OutOfTurn {
                number,
                expected,
                found,
                at,
            } => write!(
                f,
                "move {number}{}: {found} moves but it is {expected}'s turn",
                loc_suffix(at)
            ),
            E::Unrepresentable { format, problem } => {
                write!(f, "cannot write this game as {}: {problem}", format.name())
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// An empty record: no players, no moves.
    pub fn new(size: usize, rule: Rule) -> GameRecord {
        GameRecord {
            size,
            rule,
            black: String::new(),
            white: String::new(),
            result: None,
            date: None,
            setup: Vec::new(),
            moves: Vec::new(),
            comment: None,
        }
    }

    /// The record of `game` (its played moves; the redo stack is not part of a game).
    ///
    /// Stones put with [`Game::place`] out of alternation become setup stones: everything up
    /// to the last place where one colour moved twice running is setup, the rest are moves.
    /// The result comes from the outcome (a five or a full board); a resignation or a date
    /// can be set on the returned record.
    pub fn from_game(game: &Game, black: &str, white: &str) -> GameRecord {
        let history = game.history();
        let mut split = 0;
        for i in 1..history.len() {
            if history[i].stone == history[i - 1].stone {
                split = i;
            }
        }
        // Without setup the first move is Black's; a game begun by White keeps that stone as
        // setup so the record still reads back.
        if split == 0 && history.first().is_some_and(|m| m.stone == Stone::White) {
            split = 1;
        }
        let result = match game.outcome() {
            Outcome::Ongoing => None,
            Outcome::Win { winner, .. } => Some(RecordResult::Win {
                winner: *winner,
                by: WinBy::Unspecified,
            }),
            Outcome::Draw => Some(RecordResult::Draw),
        };
        GameRecord {
            size: game.size(),
            rule: game.rule(),
            black: black.to_string(),
            white: white.to_string(),
            result,
            date: None,
            setup: history[..split].iter().map(|m| (m.pos, m.stone)).collect(),
            moves: history[split..]
                .iter()
                .map(|m| RecordMove::new(m.pos, m.stone))
                .collect(),
            comment: None,
        }
    }

    /// Replays the record under its rule: setup stones first, then the moves.
    ///
    /// Without setup stones the first move must be Black's; after setup either colour may
    /// start. Moves then alternate. The first move that breaks a rule (off the board,
    /// occupied, forbidden under Renju, after the game ended, out of turn) is reported with
    /// its number rather than applied.
    pub fn to_game(&self) -> Result<Game, RecordError> {
        self.replay(&[], &[])
    }

    /// [`GameRecord::to_game`] with the file locations of setup stones and moves, for errors.
    pub(crate) fn replay(
        &self,
        setup_locs: &[Loc],
        move_locs: &[Loc],
    ) -> Result<Game, RecordError> {
        let mut game = Game::new(self.size, self.rule)
            .map_err(|_| RecordError::InvalidSize { size: self.size })?;
        for (i, &(pos, stone)) in self.setup.iter().enumerate() {
            game.place(pos, stone)
                .map_err(|error| RecordError::IllegalSetup {
                    index: i + 1,
                    pos,
                    stone,
                    size: self.size,
                    error,
                    at: setup_locs.get(i).copied(),
                })?;
        }
        if !self.setup.is_empty() {
            // After an opening it is White's turn when Black has more stones.
            let blacks = self.setup.iter().filter(|s| s.1 == Stone::Black).count();
            let whites = self.setup.len() - blacks;
            let next = match self.moves.first() {
                Some(m) => m.stone,
                None if blacks > whites => Stone::White,
                None => Stone::Black,
            };
            game.set_to_move(next);
        }
        for (i, m) in self.moves.iter().enumerate() {
            let at = move_locs.get(i).copied();
            if m.stone != game.to_move() && !game.outcome().is_over() {
                return Err(RecordError::OutOfTurn {
                    number: i + 1,
                    expected: game.to_move(),
                    found: m.stone,
                    at,
                });
            }
            game.place(m.pos, m.stone)
                .map_err(|error| RecordError::IllegalMove {
                    number: i + 1,
                    pos: m.pos,
                    stone: m.stone,
                    size: self.size,
                    error,
                    at,
                })?;
        }
        Ok(game)
    }

    /// Reads an SGF text (see [`sgf::parse`]).
    pub fn from_sgf(text: &str) -> Result<GameRecord, RecordError> {
        sgf::parse(text)
    }

    /// Reads a Piskvork PSQ text. PSQ does not store the rule, so the caller says which one
    /// the moves are replayed under (Piskvork's default is [`Rule::Freestyle`]).
    pub fn from_psq(text: &str, rule: Rule) -> Result<GameRecord, RecordError> {
        psq::parse(text, rule)
    }

    /// Writes SGF FF[4] GM[4]. Fails only when the record does not replay.
    pub fn to_sgf(&self) -> Result<String, RecordError> {
        sgf::write(self)
    }

    /// Writes Piskvork PSQ. Loses the rule, result, date and comments (PSQ has no place for
    /// them); fails when the record does not replay or its setup stones cannot be written as
    /// alternating moves.
    pub fn to_psq(&self) -> Result<String, RecordError> {
        psq::write(self)
    }

    /// Writes the record in `format`.
    pub fn to_format(&self, format: Format) -> Result<String, RecordError> {
        match format {
            Format::Sgf => self.to_sgf(),
            Format::Psq => self.to_psq(),
        }
    }
}

/// Today's date in UTC as `YYYY-MM-DD`, the SGF `DT` form, for records being saved.
pub fn today_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`),
/// so dates need no calendar dependency.
pub fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A value shortened for an error message, so a hostile 1 MiB value does not become a 1 MiB
/// message.
pub(crate) fn clip(s: &str) -> String {
    const MAX_CHARS: usize = 40;
    match s.char_indices().nth(MAX_CHARS) {
        Some((cut, _)) => format!("{}...", &s[..cut]),
        None => s.to_string(),
    }
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// Checks size, emptiness and encoding. A byte order mark stays in the text (the readers
/// skip it) so that byte offsets in errors count from the start of the file.
fn decode(bytes: &[u8]) -> Result<&str, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            limit: MAX_RECORD_BYTES,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| RecordError::NotUtf8 {
        offset: e.valid_up_to(),
    })?;
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(RecordError::Empty);
    }
    Ok(text)
}

/// Reads a record of either format, detected from the content. PSQ records are replayed
/// under [`Rule::Freestyle`] (PSQ does not store the rule): set `rule` on the result and call
/// [`GameRecord::to_game`] to use another.
pub fn parse(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    let text = decode(bytes)?;
    match Format::detect(text.as_bytes()) {
        Some(Format::Sgf) => sgf::parse(text),
        Some(Format::Psq) => psq::parse(text, Rule::Freestyle),
        None => Err(RecordError::UnknownFormat),
    }
}

/// Reads the record file at `path` (SGF or PSQ, detected from the content; see [`parse`]).
/// Reads at most [`MAX_RECORD_BYTES`] + 1 bytes, so a huge or endless file is refused quickly.
pub fn load(path: &Path) -> Result<GameRecord, RecordError> {
    let file = File::open(path).map_err(|e| RecordError::io(path, &e))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::io(path, &e))?;
    parse(&bytes)
}

/// Writes `record` to `path` in `format` with [`save_atomic`].
pub fn save(path: &Path, record: &GameRecord, format: Format) -> Result<(), RecordError> {
    let text = record.to_format(format)?;
    save_atomic(path, text.as_bytes())
}

/// Distinguishes temporary files of one process.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Replaces the file at `path` with `bytes` so that a crash leaves either the old file or the
/// new one, never a mix: the bytes go to a temporary file in the same directory (a rename is
/// only atomic within one file system), which is flushed to disk and then renamed over
/// `path`. The temporary file is removed if anything fails.
pub fn save_atomic(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let file_name = path.file_name().ok_or_else(|| RecordError::Io {
        path: path.to_path_buf(),
        kind: io::ErrorKind::InvalidInput,
        message: "not a file name".to_string(),
    })?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // A few tries in case a stale file from an earlier process with the same id is in the way.
    let mut last_err = None;
    for _ in 0..8 {
        let mut name = OsString::from(".");
        name.push(file_name);
        name.push(format!(
            ".{}-{}.tmp",
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp = dir.join(name);
        let file = match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                last_err = Some(e);
                continue;
            }
            Err(e) => return Err(RecordError::io(path, &e)),
        };
        let written = write_and_rename(file, bytes, &tmp, path);
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(RecordError::io(path, &e));
        }
        sync_dir(dir);
        return Ok(());
    }
    let e = last_err.unwrap_or_else(|| io::Error::other("no temporary file name free"));
    Err(RecordError::io(path, &e))
}

fn write_and_rename(mut file: File, bytes: &[u8], tmp: &Path, path: &Path) -> io::Result<()> {
    file.write_all(bytes)?;
    // The data must be on disk before the rename makes it the file, or a crash could leave
    // an empty file under the real name.
    file.sync_all()?;
    drop(file);
    fs::rename(tmp, path)
}

/// Makes the rename itself durable. Best effort: not every platform can open a directory.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
        let today = today_utc();
        assert_eq!(today.len(), 10, "{today}");
    }

    #[test]
    fn clip_cuts_on_char_boundaries() {
        assert_eq!(clip("short"), "short");
        let long = "ž".repeat(100);
        assert_eq!(clip(&long).chars().count(), 43);
    }
}
