//! Opening book: exact scores of positions near the start, one entry per mirror pair (keys are
//! [`Position::canonical_key`]).
//!
//! [`build`] (used by `connect4-book`) stores every position up to a depth, plus the best
//! reply to each position at that depth, so that a player can pick a move instantly in any
//! position with at most `depth` stones: from the scores of all children, or from the
//! position's own score and the child reaching it.
//!
//! File format (little-endian), written by `connect4-book`:
//! - magic `C4BK`, version byte (1), width, height, max_ply (bytes), entry count (u32);
//! - entries sorted by key, each a LEB128 varint of the key's difference from the previous key
//!   (the first from 0) followed by the score as one signed byte.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::position::{BoardSize, Position};

const MAGIC: &[u8; 4] = b"C4BK";
const VERSION: u8 = 1;
const HEADER_LEN: usize = 12;

/// The 7x6 book shipped with the game (see `assets/connect4/README.md`).
static STANDARD_BOOK_BYTES: &[u8] = include_bytes!("../../../assets/connect4/book-7x6.c4b");

/// Why a book could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// Reading the file failed.
    #[error("cannot read book {path}: {error}")]
    Io {
        path: String,
        #[source]
        error: std::io::Error,
    },
    /// Fewer than the 12 header bytes.
    #[error("book is {len} bytes, shorter than its {HEADER_LEN}-byte header")]
    TooShort { len: usize },
    /// The first 4 bytes are not `C4BK`.
    #[error("not a Connect Four book (magic is not C4BK)")]
    BadMagic,
    /// A format version this code does not read.
    #[error("book format version {version} is not supported (expected {VERSION})")]
    UnsupportedVersion { version: u8 },
    /// The header's board size is invalid.
    #[error("book board size {width}x{height} is not supported")]
    InvalidSize { width: u8, height: u8 },
    /// The data ends inside entry `entry` (0-based) at byte `offset`.
    #[error("book data ends inside entry {entry} at byte {offset}")]
    Truncated { entry: usize, offset: usize },
    /// Entry `entry`'s key overflows or does not increase.
    #[error("book entry {entry} at byte {offset}: key overflows or is not increasing")]
    BadKey { entry: usize, offset: usize },
    /// Entry `entry`'s score is outside the possible range for the board.
    #[error("book entry {entry} at byte {offset}: score {score} is out of range")]
    BadScore {
        entry: usize,
        offset: usize,
        score: i8,
    },
    /// Bytes remain after the last entry.
    #[error("book has unexpected bytes after the last entry at byte {offset}")]
    TrailingBytes { offset: usize },
}

/// Exact scores of positions with at most [`OpeningBook::max_ply`] stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningBook {
    size: BoardSize,
    max_ply: usize,
    keys: Vec<u64>,
    scores: Vec<i8>,
}

impl OpeningBook {
    /// The book shipped for 7x6, parsed once. `None` if the embedded data is unusable (which
    /// the test suite rules out).
    pub fn standard() -> Option<Arc<OpeningBook>> {
        static BOOK: OnceLock<Option<Arc<OpeningBook>>> = OnceLock::new();
        BOOK.get_or_init(|| {
            OpeningBook::from_bytes(STANDARD_BOOK_BYTES)
                .ok()
                .filter(|b| !b.is_empty())
                .map(Arc::new)
        })
        .clone()
    }

    /// A book from (canonical key, score) pairs; duplicates keep the first score.
    pub fn from_entries(
        size: BoardSize,
        max_ply: usize,
        mut entries: Vec<(u64, i8)>,
    ) -> OpeningBook {
        entries.sort_by_key(|e| e.0);
        entries.dedup_by_key(|e| e.0);
        OpeningBook {
            size,
            max_ply,
            keys: entries.iter().map(|e| e.0).collect(),
            scores: entries.iter().map(|e| e.1).collect(),
        }
    }

    /// Reads a book file.
    pub fn load(path: impl AsRef<Path>) -> Result<OpeningBook, BookError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|error| BookError::Io {
            path: path.display().to_string(),
            error,
        })?;
        OpeningBook::from_bytes(&bytes)
    }

    /// Parses the file format described in the module docs.
    pub fn from_bytes(bytes: &[u8]) -> Result<OpeningBook, BookError> {
        if bytes.len() < HEADER_LEN {
            return Err(BookError::TooShort { len: bytes.len() });
        }
        if &bytes[0..4] != MAGIC {
            return Err(BookError::BadMagic);
        }
        if bytes[4] != VERSION {
            return Err(BookError::UnsupportedVersion { version: bytes[4] });
        }
        let (width, height) = (bytes[5], bytes[6]);
        let size = BoardSize::new(width as usize, height as usize)
            .map_err(|_| BookError::InvalidSize { width, height })?;
        let max_ply = bytes[7] as usize;
        let count = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
        let limit = (size.cells() as i32 + 1) / 2;

        // Each entry takes at least 2 bytes: do not trust `count` for the allocation.
        let capacity = count.min((bytes.len() - HEADER_LEN) / 2);
        let mut keys = Vec::with_capacity(capacity);
        let mut scores = Vec::with_capacity(capacity);
        let mut at = HEADER_LEN;
        let mut prev = 0u64;
        for entry in 0..count {
            let start = at;
            let mut delta = 0u64;
            let mut shift = 0;
            loop {
                let &b = bytes
                    .get(at)
                    .ok_or(BookError::Truncated { entry, offset: at })?;
                at += 1;
                if shift > 63 || (shift == 63 && b & 0x7f > 1) {
                    return Err(BookError::BadKey {
                        entry,
                        offset: start,
                    });
                }
                delta |= u64::from(b & 0x7f) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            let key = prev.checked_add(delta).ok_or(BookError::BadKey {
                entry,
                offset: start,
            })?;
            if entry > 0 && delta == 0 {
                return Err(BookError::BadKey {
                    entry,
                    offset: start,
                });
            }
            let &s = bytes
                .get(at)
                .ok_or(BookError::Truncated { entry, offset: at })?;
            let score = s as i8;
            if i32::from(score).abs() > limit {
                return Err(BookError::BadScore {
                    entry,
                    offset: at,
                    score,
                });
            }
            at += 1;
            keys.push(key);
            scores.push(score);
            prev = key;
        }
        if at != bytes.len() {
            return Err(BookError::TrailingBytes { offset: at });
        }
        Ok(OpeningBook {
            size,
            max_ply,
            keys,
            scores,
        })
    }

    /// Serialises to the file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.keys.len() * 5);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.push(self.size.width() as u8);
        out.push(self.size.height() as u8);
        out.push(self.max_ply.min(255) as u8);
        out.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        let mut prev = 0u64;
        for (&key, &score) in self.keys.iter().zip(&self.scores) {
            let mut delta = key - prev;
            loop {
                let b = (delta & 0x7f) as u8;
                delta >>= 7;
                if delta == 0 {
                    out.push(b);
                    break;
                }
                out.push(b | 0x80);
            }
            out.push(score as u8);
            prev = key;
        }
        out
    }

    /// Board size the book is for.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// No entry has more stones than this.
    pub fn max_ply(&self) -> usize {
        self.max_ply
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True if the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Exact score of `p` if it is in the book.
    pub fn get(&self, p: &Position) -> Option<i32> {
        if p.size() != self.size || p.moves_played() > self.max_ply {
            return None;
        }
        let key = p.canonical_key();
        self.keys
            .binary_search(&key)
            .ok()
            .map(|i| i32::from(self.scores[i]))
    }
}
