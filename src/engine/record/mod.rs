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
//!
//! Here: the record types and the conversions between them and a [`Game`]; the errors in
//! `error.rs`, reading and saving files in `file.rs` (both re-exported here).

use std::path::Path;

use super::gomoku::game::{Game, Outcome};
use super::gomoku::pos::{Pos, Stone};
use super::gomoku::rules::Rule;

mod error;
mod file;
pub mod psq;
pub mod sgf;

pub use error::{Loc, RecordError};
pub use file::{load, parse, save, save_atomic};

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
    /// Thinking time in milliseconds (PSQ's third number; in SGF the move's comment
    /// `time 12.3 s`, SGF having no property for it).
    pub time_ms: Option<u32>,
    /// The mover's clock after the move, in milliseconds (SGF `BL`/`WL`, in seconds).
    pub time_left_ms: Option<u32>,
}

impl RecordMove {
    pub fn new(pos: Pos, stone: Stone) -> RecordMove {
        RecordMove {
            pos,
            stone,
            comment: None,
            time_ms: None,
            time_left_ms: None,
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
