//! Board coordinates and stone colours.
//!
//! A [`Pos`] stores Gomocup coordinates: `x` is the column from the left, `y` the row from
//! the top, both 0-based. Human text (`h8`) uses letters across from `a` and numbers up from
//! the bottom, so converting needs the board size.

use std::fmt;

/// Smallest supported board side.
pub const MIN_SIZE: usize = 5;
/// Largest supported board side (letters `a`..`y`).
pub const MAX_SIZE: usize = 25;

/// A point on the board in Gomocup orientation (x right, y down, 0-based).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

/// Why a coordinate text could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CoordError {
    /// The text is not of the expected form; the message says which form.
    #[error("'{}' is not a coordinate (expected {expected})", quote_input(.text))]
    Syntax {
        text: String,
        expected: &'static str,
    },
    /// The point lies outside a board of this size.
    #[error("'{}' is off the {size}x{size} board", quote_input(.text))]
    OffBoard { text: String, size: usize },
}

/// Characters of untrusted input an error message quotes at most.
pub const QUOTE_CHARS: usize = 60;

/// Untrusted text as an error may quote it: at most [`QUOTE_CHARS`] characters, control
/// characters escaped (`\n`, `\u{1b}`) so a reply stays one printable line, and `...` where
/// the text was cut.
pub fn quote_input(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == QUOTE_CHARS {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

impl Pos {
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// Cell index in a row-major board of side `size`.
    #[inline]
    pub fn index(self, size: usize) -> usize {
        self.y as usize * size + self.x as usize
    }

    /// Inverse of [`Pos::index`].
    #[inline]
    pub fn from_index(index: usize, size: usize) -> Pos {
        Pos::new((index % size) as u8, (index / size) as u8)
    }

    /// True when the point lies on a board of side `size`.
    #[inline]
    pub fn on_board(self, size: usize) -> bool {
        (self.x as usize) < size && (self.y as usize) < size
    }

    /// The point `steps` cells along direction `(dx, dy)`, if it stays on the board.
    #[inline]
    pub fn offset(self, dx: i32, dy: i32, steps: i32, size: usize) -> Option<Pos> {
        let x = self.x as i32 + dx * steps;
        let y = self.y as i32 + dy * steps;
        if x >= 0 && y >= 0 && (x as usize) < size && (y as usize) < size {
            Some(Pos::new(x as u8, y as u8))
        } else {
            None
        }
    }

    /// Human notation: column letter from `a`, row number from 1 at the bottom (`h8`).
    pub fn to_human(self, size: usize) -> String {
        let col = (b'a' + self.x) as char;
        let row = size - self.y as usize;
        format!("{col}{row}")
    }

    /// Reads human notation (`h8`, case-insensitive) for a board of side `size`.
    pub fn from_human(text: &str, size: usize) -> Result<Pos, CoordError> {
        let syntax = || CoordError::Syntax {
            text: text.to_string(),
            expected: "a column letter then a row number, like h8",
        };
        let t = text.trim();
        let mut chars = t.chars();
        let col = chars.next().ok_or_else(syntax)?.to_ascii_lowercase();
        if !col.is_ascii_lowercase() {
            return Err(syntax());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        let row: usize = digits.parse().map_err(|_| syntax())?;
        let x = (col as u8 - b'a') as usize;
        if row == 0 || row > size || x >= size {
            return Err(CoordError::OffBoard {
                text: text.to_string(),
                size,
            });
        }
        Ok(Pos::new(x as u8, (size - row) as u8))
    }

    /// Gomocup protocol text `x,y`.
    pub fn to_gomocup(self) -> String {
        format!("{},{}", self.x, self.y)
    }

    /// Reads Gomocup `x,y` (spaces around numbers allowed) for a board of side `size`.
    pub fn from_gomocup(text: &str, size: usize) -> Result<Pos, CoordError> {
        let syntax = || CoordError::Syntax {
            text: text.to_string(),
            expected: "two numbers separated by a comma, like 7,7",
        };
        let mut parts = text.split(',');
        let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(syntax());
        };
        let parse = |s: &str| -> Result<i64, CoordError> {
            let s = s.trim();
            if s.is_empty() || s.len() > 6 {
                return Err(syntax());
            }
            s.parse::<i64>().map_err(|_| syntax())
        };
        let (x, y) = (parse(a)?, parse(b)?);
        if x < 0 || y < 0 || x as usize >= size || y as usize >= size {
            return Err(CoordError::OffBoard {
                text: text.to_string(),
                size,
            });
        }
        Ok(Pos::new(x as u8, y as u8))
    }
}

/// A stone colour. Black moves first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    #[inline]
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Stone::Black => "Black",
            Stone::White => "White",
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The four line directions: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_input_is_short_and_printable() {
        assert_eq!(quote_input("7,7"), "7,7");
        assert_eq!(quote_input("a\u{1b}[2Jb\r\n"), "a\\u{1b}[2Jb\\r\\n");
        let long = "x".repeat(1000);
        let q = quote_input(&long);
        assert_eq!(q, format!("{}...", "x".repeat(QUOTE_CHARS)));
        let e = Pos::from_gomocup(&format!("7,{long}"), 15)
            .unwrap_err()
            .to_string();
        assert!(e.len() < 160, "{e}");
    }

    #[test]
    fn human_round_trip_and_orientation() {
        // h8 is the centre of a 15x15 board: column 7, row 7 from the top.
        assert_eq!(Pos::from_human("h8", 15).unwrap(), Pos::new(7, 7));
        assert_eq!(Pos::from_human("A1", 15).unwrap(), Pos::new(0, 14));
        assert_eq!(Pos::new(0, 0).to_human(15), "a15");
        for size in [5, 13, 15, 19, 25] {
            for i in 0..size * size {
                let p = Pos::from_index(i, size);
                assert_eq!(Pos::from_human(&p.to_human(size), size).unwrap(), p);
                assert_eq!(Pos::from_gomocup(&p.to_gomocup(), size).unwrap(), p);
            }
        }
    }

    #[test]
    fn bad_coordinates_are_typed_errors() {
        assert!(matches!(
            Pos::from_human("z3", 15),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Pos::from_human("h0", 15),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Pos::from_human("8h", 15),
            Err(CoordError::Syntax { .. })
        ));
        assert!(matches!(
            Pos::from_human("", 15),
            Err(CoordError::Syntax { .. })
        ));
        assert!(matches!(
            Pos::from_gomocup("7,15", 15),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Pos::from_gomocup("-1,3", 15),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Pos::from_gomocup("7;7", 15),
            Err(CoordError::Syntax { .. })
        ));
        assert!(matches!(
            Pos::from_gomocup("1,2,3", 15),
            Err(CoordError::Syntax { .. })
        ));
        assert_eq!(Pos::from_gomocup(" 3 , 4 ", 15).unwrap(), Pos::new(3, 4));
    }
}
