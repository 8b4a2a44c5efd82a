//! Puzzles as an optional capability of a game ([`GameDef::puzzles`]): the engine makes and
//! proves them (`engine::puzzle`, over the game's own [`PuzzleRules`]); the trainer plays
//! them through this, in the app's moves, naming no game and no engine move type.
//!
//! A game implements [`GamePuzzles`] in its own types; every such game is a [`PuzzleBook`],
//! the object-safe face the trainer holds, whose puzzles are [`AnyPuzzle`]s.

use std::any::Any;
use std::sync::Arc;

use super::{AnyGame, Move};
use crate::engine::puzzle::{
    self, FORMAT_VERSION, Hint, HintLevel, Kind, LineError, ParseError, Puzzle, PuzzleRules,
    TryResult,
};

/// A puzzle of some game, as the trainer holds it: the figures it sorts, filters and shows
/// by, and the game's own puzzle behind them, which only that game's book reads.
#[derive(Clone)]
pub struct AnyPuzzle {
    pub id: String,
    pub kind: Kind,
    /// 1 (easiest) to 5.
    pub difficulty: u8,
    pub rating: u32,
    /// Moves from the empty board to the puzzle position.
    pub plies: usize,
    /// The rules' forbidden points matter (Renju).
    pub forbidden: bool,
    inner: Arc<dyn Any + Send + Sync>,
}

impl AnyPuzzle {
    pub fn new<R: PuzzleRules>(p: Puzzle<R>) -> AnyPuzzle {
        AnyPuzzle {
            id: p.id.clone(),
            kind: p.kind,
            difficulty: p.difficulty,
            rating: p.rating,
            plies: p.moves.len(),
            forbidden: p.forbidden,
            inner: Arc::new(p),
        }
    }

    /// The game's own puzzle, when it is one of game `R`.
    pub fn get<R: PuzzleRules>(&self) -> Option<&Puzzle<R>> {
        self.inner.downcast_ref()
    }

    /// The side to move at the puzzle position: 0 the first player, 1 the second.
    pub fn attacker(&self) -> usize {
        self.plies % 2
    }
}

impl std::fmt::Debug for AnyPuzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyPuzzle")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .field("difficulty", &self.difficulty)
            .field("rating", &self.rating)
            .field("plies", &self.plies)
            .field("forbidden", &self.forbidden)
            .finish_non_exhaustive()
    }
}

/// A game's puzzles, in its own types. A game implements the conversions and where its
/// puzzles come from; the verdicts, hints and solutions are the engine's.
pub trait GamePuzzles: Send + Sync {
    /// The engine's side of this game's puzzles: its variant, and through it its moves.
    type Rules: PuzzleRules;

    /// The shipped set's text (it may hold other games' puzzles: they are passed over).
    fn shipped_text(&self) -> &'static str;
    /// The puzzle's position as this game.
    fn position(&self, puzzle: &Puzzle<Self::Rules>) -> Option<AnyGame>;
    /// The engine's puzzle move as this game's move, and back.
    fn to_board(&self, mv: <Self::Rules as PuzzleRules>::Move) -> Move;
    fn to_puzzle(&self, mv: Move) -> Option<<Self::Rules as PuzzleRules>::Move>;
    /// The puzzle's family for the trainer's filter (a catalog key: "rule-renju").
    fn family(&self, puzzle: &Puzzle<Self::Rules>) -> String;
    /// Every family this game's puzzles may have, in the filter's order.
    fn families(&self) -> Vec<String>;
    /// A puzzle from a position of this game (a missed win the review found), when the side
    /// to move has a proven win with a unique first move. May take a second.
    fn puzzle_from(&self, position: &AnyGame, id: &str) -> Option<Puzzle<Self::Rules>>;
}

/// A game's puzzles as the trainer sees them: [`AnyPuzzle`]s and the app's moves. Every
/// [`GamePuzzles`] is one; a puzzle of another game gets `None` or an error, never a panic.
pub trait PuzzleBook: Send + Sync {
    /// The shipped puzzles. A set that does not read is a bug (the tests prove every shipped
    /// puzzle), so it is logged and skipped.
    fn shipped(&self) -> Vec<AnyPuzzle>;
    /// This game's puzzles in a set's text (a personal puzzle as the progress file keeps it).
    fn parse(&self, text: &str) -> Result<Vec<AnyPuzzle>, ParseError>;
    /// The puzzle as a set's text with its header (`None` for another game's puzzle).
    fn write(&self, puzzle: &AnyPuzzle) -> Option<String>;
    /// The puzzle's position as this game, or `None` for another game's puzzle.
    fn position(&self, puzzle: &AnyPuzzle) -> Option<AnyGame>;
    /// The puzzle's family for the trainer's filter (empty for another game's puzzle).
    fn family(&self, puzzle: &AnyPuzzle) -> String;
    /// Every family this game's puzzles may have, in the filter's order.
    fn families(&self) -> Vec<String>;
    /// See [`GamePuzzles::puzzle_from`].
    fn puzzle_from(&self, position: &AnyGame, id: &str) -> Option<AnyPuzzle>;
    /// The engine's verdict on the attacker's `mv` after `line` (the moves since the puzzle
    /// position).
    fn check(
        &self,
        puzzle: &AnyPuzzle,
        line: &[Move],
        mv: Move,
    ) -> Result<TryResult<Move>, LineError>;
    /// A hint for the attacker's move after `line`: the area, then the move.
    fn hint(
        &self,
        puzzle: &AnyPuzzle,
        line: &[Move],
        level: HintLevel,
    ) -> Result<Hint<Move>, LineError>;
    /// The rest of the main line after `line`, down to the winning move.
    fn solution(&self, puzzle: &AnyPuzzle, line: &[Move]) -> Result<Vec<Move>, LineError>;
}

/// Another game's puzzle is in no solution of this one.
const NOT_MINE: LineError = LineError::NotInSolution { index: 0 };

impl<G: GamePuzzles> PuzzleBook for G {
    fn shipped(&self) -> Vec<AnyPuzzle> {
        match puzzle::parse::<G::Rules>(self.shipped_text()) {
            Ok(set) => set.puzzles.into_iter().map(AnyPuzzle::new).collect(),
            Err(e) => {
                bevy::log::error!("a shipped puzzle set does not read: {e}");
                Vec::new()
            }
        }
    }

    fn parse(&self, text: &str) -> Result<Vec<AnyPuzzle>, ParseError> {
        let set = puzzle::parse::<G::Rules>(text)?;
        Ok(set.puzzles.into_iter().map(AnyPuzzle::new).collect())
    }

    fn write(&self, puzzle: &AnyPuzzle) -> Option<String> {
        let mut text = String::new();
        puzzle::write_puzzle(puzzle.get::<G::Rules>()?, &mut text);
        Some(format!("puzzles {FORMAT_VERSION}\n\n{text}"))
    }

    fn position(&self, puzzle: &AnyPuzzle) -> Option<AnyGame> {
        GamePuzzles::position(self, puzzle.get()?)
    }

    fn family(&self, puzzle: &AnyPuzzle) -> String {
        puzzle
            .get()
            .map(|p| GamePuzzles::family(self, p))
            .unwrap_or_default()
    }

    fn families(&self) -> Vec<String> {
        GamePuzzles::families(self)
    }

    fn puzzle_from(&self, position: &AnyGame, id: &str) -> Option<AnyPuzzle> {
        GamePuzzles::puzzle_from(self, position, id).map(AnyPuzzle::new)
    }

    fn check(
        &self,
        puzzle: &AnyPuzzle,
        line: &[Move],
        mv: Move,
    ) -> Result<TryResult<Move>, LineError> {
        let p = puzzle.get::<G::Rules>().ok_or(NOT_MINE)?;
        let (line, mv) = (engine_line(self, line)?, engine_move(self, mv, line.len())?);
        let verdict = puzzle::check_try(p, &line, mv)?;
        Ok(verdict.map(|m| self.to_board(m)))
    }

    fn hint(
        &self,
        puzzle: &AnyPuzzle,
        line: &[Move],
        level: HintLevel,
    ) -> Result<Hint<Move>, LineError> {
        let p = puzzle.get::<G::Rules>().ok_or(NOT_MINE)?;
        let hint = puzzle::hint(p, &engine_line(self, line)?, level)?;
        Ok(hint.map(|m| self.to_board(m)))
    }

    fn solution(&self, puzzle: &AnyPuzzle, line: &[Move]) -> Result<Vec<Move>, LineError> {
        let p = puzzle.get::<G::Rules>().ok_or(NOT_MINE)?;
        let rest = puzzle::solution_line(p, &engine_line(self, line)?)?;
        Ok(rest.into_iter().map(|m| self.to_board(m)).collect())
    }
}

/// `line` as the engine's moves; a move off this game's board is not in the solution.
fn engine_line<G: GamePuzzles + ?Sized>(
    book: &G,
    line: &[Move],
) -> Result<Vec<<G::Rules as PuzzleRules>::Move>, LineError> {
    line.iter()
        .enumerate()
        .map(|(index, &m)| engine_move(book, m, index))
        .collect()
}

fn engine_move<G: GamePuzzles + ?Sized>(
    book: &G,
    mv: Move,
    index: usize,
) -> Result<<G::Rules as PuzzleRules>::Move, LineError> {
    book.to_puzzle(mv).ok_or(LineError::NotInSolution { index })
}
