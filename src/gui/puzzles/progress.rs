//! What the trainer keeps in the data folder: the player's progress, their own puzzles and
//! where each came from, the filter; and one puzzle on offer.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::Glicko;
use crate::gui::kind::{AnyPuzzle, GameKind, PuzzleBook, Side};

/// Where a personal puzzle came from: the game's record and the move that missed the win.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Source {
    pub record: Option<PathBuf>,
    /// The 0-based ply of the move that missed the win (the puzzle is the position before).
    pub ply: usize,
    pub date: String,
}

/// A personal puzzle as the progress file keeps it: its game and the puzzle in the shipped
/// sets' text form (so it is proven and read by the same code).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Personal {
    pub game: String,
    pub text: String,
    pub source: Source,
}

/// Which puzzles the trainer offers: one family ("rule-renju", "game-connect4", [`YOURS`]) or all,
/// one difficulty or all. Kept in the progress file: a family is its id, never its words on
/// screen ([`family_name`]).
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Filter {
    pub family: Option<String>,
    pub difficulty: Option<u8>,
}

/// The family of the player's own puzzles in the filter (an id; older progress files wrote
/// it capitalised, which [`Trainer::ensure_loaded`] reads back).
pub const YOURS: &str = "yours";

/// The player's progress, kept in the data folder.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default)]
pub struct Progress {
    pub rating: Glicko,
    /// Puzzles solved in a row without a wrong move, a hint or the solution.
    pub streak: u32,
    pub best_streak: u32,
    /// Puzzle ids solved cleanly on their rated attempt, and failed on it.
    pub solved: BTreeSet<String>,
    pub failed: BTreeSet<String>,
    pub personal: Vec<Personal>,
    pub filter: Filter,
}

/// One puzzle the trainer can offer.
#[derive(Clone, Debug)]
pub struct Entry {
    pub kind: GameKind,
    pub puzzle: AnyPuzzle,
    pub family: String,
    pub source: Option<Source>,
}

impl Entry {
    /// The game's puzzle capability (every game with puzzles has one).
    pub fn book(&self) -> Option<&'static dyn PuzzleBook> {
        self.kind.def().puzzles()
    }

    /// The side the person plays: the puzzle's side to move.
    pub fn attacker(&self) -> Side {
        if self.puzzle.attacker() == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
}
