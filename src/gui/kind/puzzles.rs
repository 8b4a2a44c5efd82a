//! Puzzles as an optional capability of a game ([`GameDef::puzzles`]): the engine makes and
//! proves them (`engine::puzzle`); the trainer plays them through this, in the app's moves,
//! naming no game and no engine move type.

use super::{AnyGame, Move};
use crate::engine::puzzle::{self, Hint, HintLevel, LineError, Puzzle, PuzzleMove, TryResult};

/// A game's puzzles. A game implements the conversions and where its puzzles come from;
/// the verdicts, hints and solutions are the engine's, in the app's moves.
pub trait PuzzleBook: Send + Sync {
    /// The shipped puzzles. A set that does not read is a bug (the tests prove every shipped
    /// puzzle), so it is logged and skipped.
    fn shipped(&self) -> Vec<Puzzle>;
    /// The puzzle's position as this game, or `None` for another game's puzzle.
    fn position(&self, puzzle: &Puzzle) -> Option<AnyGame>;
    /// The engine's puzzle move as this game's move, and back.
    fn to_board(&self, mv: PuzzleMove) -> Option<Move>;
    fn to_puzzle(&self, mv: Move) -> Option<PuzzleMove>;
    /// The puzzle's family for the trainer's filter (a catalog key: "rule-renju").
    fn family(&self, puzzle: &Puzzle) -> String;
    /// Every family this game's puzzles may have, in the filter's order.
    fn families(&self) -> Vec<String>;
    /// A puzzle from a position of this game (a missed win the review found), when the side
    /// to move has a proven win with a unique first move. May take a second.
    fn puzzle_from(&self, position: &AnyGame, id: &str) -> Option<Puzzle>;

    /// The engine's verdict on the attacker's `mv` after `line` (the moves since the puzzle
    /// position).
    fn check(
        &self,
        puzzle: &Puzzle,
        line: &[Move],
        mv: Move,
    ) -> Result<TryResult<Move>, LineError> {
        let (line, mv) = (engine_line(self, line)?, engine_move(self, mv, line.len())?);
        let verdict = puzzle::check_try(puzzle, &line, mv)?;
        Ok(verdict.map(|m| self.to_board(m)).unwrap_or_else(|| {
            TryResult::Wrong(puzzle::Refutation::Illegal("a move off this board".into()))
        }))
    }
    /// A hint for the attacker's move after `line`: the area, then the move.
    fn hint(
        &self,
        puzzle: &Puzzle,
        line: &[Move],
        level: HintLevel,
    ) -> Result<Hint<Move>, LineError> {
        let hint = puzzle::hint(puzzle, &engine_line(self, line)?, level)?;
        hint.map(|m| self.to_board(m))
            .ok_or(LineError::NotInSolution { index: line.len() })
    }
    /// The rest of the main line after `line`, down to the winning move.
    fn solution(&self, puzzle: &Puzzle, line: &[Move]) -> Result<Vec<Move>, LineError> {
        let rest = puzzle::solution_line(puzzle, &engine_line(self, line)?)?;
        Ok(rest.into_iter().filter_map(|m| self.to_board(m)).collect())
    }
}

/// `line` as the engine's moves; a move off this game's board is not in the solution.
fn engine_line<B: PuzzleBook + ?Sized>(
    book: &B,
    line: &[Move],
) -> Result<Vec<PuzzleMove>, LineError> {
    line.iter()
        .enumerate()
        .map(|(index, &m)| engine_move(book, m, index))
        .collect()
}

fn engine_move<B: PuzzleBook + ?Sized>(
    book: &B,
    mv: Move,
    index: usize,
) -> Result<PuzzleMove, LineError> {
    book.to_puzzle(mv).ok_or(LineError::NotInSolution { index })
}

/// The puzzles of a shipped set that belong to a game (`mine`); a set that does not read is
/// logged and gives none (the tests prove every shipped puzzle, so it cannot ship broken).
pub fn shipped(text: &str, mine: impl Fn(&Puzzle) -> bool) -> Vec<Puzzle> {
    match puzzle::parse(text) {
        Ok(set) => set.puzzles.into_iter().filter(|p| mine(p)).collect(),
        Err(e) => {
            bevy::log::error!("a shipped puzzle set does not read: {e}");
            Vec::new()
        }
    }
}
