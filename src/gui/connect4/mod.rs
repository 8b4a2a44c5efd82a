//! Connect Four, the second game of the app. The engine is `crate::engine::connect4`; this
//! tree is its GUI, built like the Gomoku one and sharing the title, setup and load screens,
//! the theme, the sounds and the files folder.
//!
//! - [`session`]: the game being played, undo/redo by turns, hint, resignation, the AI's turn,
//!   autosave after every move and the end of a game (record, statistics, result screen).
//! - [`ai_task`]: the engine's search as a background task with a stop flag; results carry
//!   the game id and ply and stale ones are dropped.
//! - [`board`]: the board widget: frame with holes, discs, the falling animation and its
//!   landing sound, column hover, last move, winning four, hint; mouse and keyboard input.
//! - [`screens`]: the game, result and replay screens, and the setup rows.
//! - [`files`]: autosave, statistics and the `.c4` record files.
//! - [`demo`]: `--demo-connect4 DIR`, screenshots for the smoke test.
//!
//! Connect Four has its own screen states (`Screen::ConnectFour*`), so none of Gomoku's
//! playing, result and replay systems run while it is on screen, and vice versa.

pub mod ai_task;
pub mod board;
pub mod demo;
pub mod files;
pub mod screens;
pub mod session;

#[cfg(test)]
mod tests;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::connect4::{BoardSize, Level, Player};

pub use files::{C4Stats, is_record};
pub use screens::replay::{C4Replay, open_record_file};
pub use session::C4Session;

/// Everything that decides something (runs headless, like `CorePlugin`).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        files::plugin,
        ai_task::plugin,
        session::plugin,
        board::plugin,
        screens::plugin,
    ));
}

/// The computer levels in menu order.
pub const LEVELS: [Level; 3] = [Level::Casual, Level::Club, Level::Perfect];

/// 1..=3 in menu order (0 stands for a second person in the setup choice).
pub fn level_number(level: Level) -> u8 {
    match level {
        Level::Casual => 1,
        Level::Club => 2,
        Level::Perfect => 3,
    }
}

pub fn level_from_number(n: u8) -> Option<Level> {
    LEVELS.get(usize::from(n).checked_sub(1)?).copied()
}

pub fn level_name(level: Level) -> &'static str {
    match level {
        Level::Casual => "Casual",
        Level::Club => "Club",
        Level::Perfect => "Perfect",
    }
}

pub fn level_description(level: Level) -> &'static str {
    match level {
        Level::Casual => "Takes a win and blocks yours; otherwise plays by feel.",
        Level::Club => "Looks six moves ahead and knows good shapes.",
        Level::Perfect => "Solves the position when it can: a few seconds a move.",
    }
}

/// The colour a player's discs have: the first player is Red.
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "Red",
        Player::Second => "Yellow",
    }
}

/// Who played the move with 0-based index `ply`.
pub fn player_of_ply(ply: usize) -> Player {
    if ply.is_multiple_of(2) {
        Player::First
    } else {
        Player::Second
    }
}

/// Solid colour of a player's discs (panel icons).
pub fn disc_color(player: Player) -> Color {
    disc_shades(player).1
}

/// Highlight and base colour of a disc.
pub fn disc_shades(player: Player) -> (Color, Color) {
    match player {
        Player::First => (Color::srgb(1.0, 0.45, 0.38), Color::srgb(0.80, 0.10, 0.09)),
        Player::Second => (Color::srgb(1.0, 0.95, 0.58), Color::srgb(0.95, 0.72, 0.08)),
    }
}

/// The setup screen's Connect Four choices, kept in the settings file with the others.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct Connect4Setup {
    /// 0 = a second person, 1..=3 = Casual, Club, Perfect.
    pub opponent: u8,
    /// 6 (the standard 7 × 6 board) or 7.
    pub rows: usize,
}

impl Default for Connect4Setup {
    fn default() -> Self {
        Connect4Setup {
            opponent: level_number(Level::Club),
            rows: 6,
        }
    }
}

/// Rows of the boards offered.
pub const ROWS: [usize; 2] = [6, 7];

impl Connect4Setup {
    pub fn level(&self) -> Option<Level> {
        level_from_number(self.opponent)
    }

    pub fn size(&self) -> BoardSize {
        if self.rows == 7 {
            BoardSize::SEVEN_BY_SEVEN
        } else {
            BoardSize::STANDARD
        }
    }

    /// Repairs values a hand-edited file may hold.
    pub fn sanitized(mut self) -> Connect4Setup {
        if self.opponent > 3 {
            self.opponent = Connect4Setup::default().opponent;
        }
        if !ROWS.contains(&self.rows) {
            self.rows = 6;
        }
        self
    }
}

/// A change on the setup screen's Connect Four rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupChange {
    /// 0 = a second person, 1..=3 = AI level.
    Opponent(u8),
    Rows(usize),
}

impl SetupChange {
    pub fn apply(self, setup: &mut Connect4Setup) {
        match self {
            SetupChange::Opponent(n) => setup.opponent = n.min(3),
            SetupChange::Rows(r) => {
                if ROWS.contains(&r) {
                    setup.rows = r;
                }
            }
        }
    }

    pub fn is_selected(self, setup: &Connect4Setup) -> bool {
        match self {
            SetupChange::Opponent(n) => n == setup.opponent,
            SetupChange::Rows(r) => r == setup.rows,
        }
    }
}

/// Describes a solver score (side to move, `moves_played` stones on the board) in moves of
/// that side: "win in 3", "loss in 5", "draw".
///
/// A win by the move played with `n` stones on the board scores `(cells + 1 - n) / 2`, so
/// `n` is one of two values; the one with the right parity is the winner's move.
pub fn describe_score(score: i32, cells: usize, moves_played: usize) -> String {
    let stones_at_win = |s: i32, winner_parity: usize| -> Option<usize> {
        let a = (cells + 1).checked_sub(2 * s as usize)?;
        let n = if a % 2 == winner_parity % 2 {
            a
        } else {
            a.checked_sub(1)?
        };
        Some(n)
    };
    match score {
        0 => "draw".into(),
        s if s > 0 => match stones_at_win(s, moves_played) {
            Some(n) if n >= moves_played => format!("win in {}", (n - moves_played) / 2 + 1),
            _ => "win".into(),
        },
        s => match stones_at_win(-s, moves_played + 1) {
            Some(n) if n > moves_played => format!("loss in {}", (n - moves_played - 1) / 2 + 1),
            _ => "loss".into(),
        },
    }
}

#[cfg(test)]
mod unit_tests {
    use super::*;

    #[test]
    fn levels_round_trip() {
        for level in LEVELS {
            assert_eq!(level_from_number(level_number(level)), Some(level));
        }
        assert_eq!(level_from_number(0), None);
        assert_eq!(level_from_number(4), None);
    }

    #[test]
    fn scores_read_as_moves() {
        // Winning with the next disc on an empty 7x6 board scores (42 + 1 - 0) / 2 = 21.
        assert_eq!(describe_score(21, 42, 0), "win in 1");
        // After 10 stones, a win with the side's 3rd disc from now: n = 14, (43 - 14) / 2 = 14.
        assert_eq!(describe_score(14, 42, 10), "win in 3");
        // The opponent (moving at odd counts from 10) wins at n = 13: (43 - 13) / 2 = 15.
        assert_eq!(describe_score(-15, 42, 10), "loss in 2");
        assert_eq!(describe_score(0, 42, 10), "draw");
        // Nonsense scores do not panic.
        assert_eq!(describe_score(99, 42, 10), "win");
        assert_eq!(describe_score(-99, 42, 10), "loss");
    }

    #[test]
    fn setup_is_repaired() {
        let bad = Connect4Setup {
            opponent: 9,
            rows: 12,
        };
        assert_eq!(bad.sanitized(), Connect4Setup::default());
        let mut s = Connect4Setup::default();
        SetupChange::Rows(7).apply(&mut s);
        SetupChange::Opponent(0).apply(&mut s);
        assert_eq!(s.size(), BoardSize::SEVEN_BY_SEVEN);
        assert_eq!(s.level(), None);
        SetupChange::Rows(5).apply(&mut s);
        assert_eq!(s.rows, 7);
    }
}
