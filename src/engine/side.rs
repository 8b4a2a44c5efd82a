//! The two players of every game: the one who moves first (Black, Red, the first player of
//! an opening) and the other. One type for the rules, the openings and the app.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// Who played the move with 0-based index `ply` (the games alternate strictly).
    pub fn of_ply(ply: usize) -> Side {
        if ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// "first player", in English (logs, records).
    pub fn name(self) -> &'static str {
        match self {
            Side::First => "first player",
            Side::Second => "second player",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
