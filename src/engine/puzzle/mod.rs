//! Threat puzzles proven by the engine: Gomoku "win by fours" (VCF) and "win by threes and
//! fours" (VCT) under freestyle, exactly five and Renju, and Connect Four "win in N".
//!
//! A [`Puzzle`] is a position (the moves in order, so the side to move is known), its kind
//! and its solution as a tree: an attacker move, then every defence the solver must answer,
//! each followed by the attacker's reply, down to the winning move. The first reply listed is
//! the hardest (the longest resistance): following first replies gives the main line.
//!
//! The trainer's calls: [`parse`] (or [`load`]) a set, then for the position reached
//! ([`check_try`], [`hint`], [`solution_line`]) with the moves played since the puzzle
//! position. [`from_gomoku`] and [`from_connect4`] turn any position (a review's missed win)
//! into a puzzle when it is one; [`prove`] checks a puzzle from scratch.
//!
//! Definitions (docs/puzzles.md):
//! - *unique*: for a VCF puzzle, the solution's first move is the only four after which the
//!   attacker wins by fours within the solver's limits ([`VCF_DEPTH`] attacker moves,
//!   [`VCF_NODES`] nodes per first move); for a VCT puzzle, no four wins by fours (same
//!   limits) and the first move is the only four or three after which the attacker wins by
//!   threes and fours within [`VCT_DEPTH`] attacker moves and [`VCT_NODES`] nodes per first
//!   move. Connect Four: the first move is the only winning column at all (exact solver),
//!   and it wins in exactly N moves of the winner.
//! - *difficulty* 1-5 and *rating* (Elo-like) from the main line's length, the number of
//!   other threat moves the attacker could try, whether threes are needed, the tree's size
//!   and (Renju) whether forbidden points matter: [`grade`].

mod c4;
mod format;
mod gomoku;
mod proof;
mod threats;

#[cfg(test)]
mod tests;

use std::path::Path;

use crate::engine::connect4::{BoardSize, Position};
use crate::engine::gomoku::game::{Game, GameBuildError};
use crate::engine::gomoku::pos::Pos;
use crate::engine::gomoku::rules::Rule;

pub use format::{FORMAT_VERSION, ParseError, write_puzzle, write_set};
pub use gomoku::{build_gomoku, from_gomoku};
pub use proof::ProofError;
pub use threats::{VCF_DEPTH, VCF_NODES, VCT_DEPTH, VCT_NODES};

/// A move in a puzzle: a Gomoku point or a 0-based Connect Four column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleMove {
    Point(Pos),
    Column(usize),
}

/// Which game and rules a puzzle is played under.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleGame {
    Gomoku { rule: Rule, size: usize },
    ConnectFour { size: BoardSize },
}

/// What the solver is asked to find.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Gomoku: win by continuous fours.
    Vcf,
    /// Gomoku: win by threes and fours.
    Vct,
    /// Connect Four: win with at most this many moves of the winner (the winning one
    /// included), against any defence.
    WinIn(u32),
}

impl Kind {
    /// Words for people.
    pub fn describe(self) -> String {
        match self {
            Kind::Vcf => "win by fours".into(),
            Kind::Vct => "win by threes and fours".into(),
            Kind::WinIn(n) => format!("win in {n}"),
        }
    }
}

/// An attacker move and the defender's replies it must meet (none: the move wins at once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub mv: PuzzleMove,
    /// Hardest first.
    pub replies: Vec<Reply>,
}

/// A defender move and the attacker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub mv: PuzzleMove,
    pub next: Node,
}

impl Node {
    /// Attacker moves along the longest line (this one and the winning move included).
    pub fn depth(&self) -> u32 {
        1 + self
            .replies
            .iter()
            .map(|r| r.next.depth())
            .max()
            .unwrap_or(0)
    }

    /// Moves in the tree (attacker's and defender's).
    pub fn size(&self) -> usize {
        1 + self
            .replies
            .iter()
            .map(|r| 1 + r.next.size())
            .sum::<usize>()
    }

    /// The main line: this move, the hardest reply, the answer to it, ...
    pub fn main_line(&self) -> Vec<PuzzleMove> {
        let mut out = vec![self.mv];
        let mut node = self;
        while let Some(r) = node.replies.first() {
            out.push(r.mv);
            out.push(r.next.mv);
            node = &r.next;
        }
        out
    }
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub id: String,
    pub game: PuzzleGame,
    /// The position: moves from the empty board, in order (Gomoku from Black).
    pub moves: Vec<PuzzleMove>,
    pub kind: Kind,
    pub solution: Node,
    /// 1 (easiest) to 5.
    pub difficulty: u8,
    /// Elo-like puzzle rating, from the difficulty's figures ([`grade`]).
    pub rating: u32,
    /// Other first moves the attacker could plausibly try (Gomoku: other fours, and threes
    /// for VCT; Connect Four: other columns that do not lose at once).
    pub tries: u32,
    /// Renju: a point in the solution is forbidden for Black and that matters (Black cannot
    /// block there, or Black must avoid it).
    pub forbidden: bool,
}

/// A puzzle file's contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    pub version: u32,
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    pub fn new(puzzles: Vec<Puzzle>) -> PuzzleSet {
        PuzzleSet {
            version: FORMAT_VERSION,
            puzzles,
        }
    }

    /// The set in the file format, `header` lines first as comments.
    pub fn to_text(&self, header: &[String]) -> String {
        write_set(self, header)
    }
}

/// Reads a puzzle set from its text (errors name the line and what is wrong).
pub fn parse(text: &str) -> Result<PuzzleSet, ParseError> {
    format::parse(text)
}

/// Why a puzzle file could not be loaded.
// The wrapped error's own text; not exposed as a source (as before the derive).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Io(std::io::Error),
    #[error("{0}")]
    Parse(ParseError),
}

/// Reads a puzzle file.
pub fn load(path: &Path) -> Result<PuzzleSet, LoadError> {
    let text = std::fs::read_to_string(path).map_err(LoadError::Io)?;
    parse(&text).map_err(LoadError::Parse)
}

impl Puzzle {
    /// The Gomoku position as a game, the attacker to move.
    pub fn gomoku_game(&self) -> Result<Game, GameBuildError> {
        let PuzzleGame::Gomoku { rule, size } = self.game else {
            return Err(GameBuildError::Size(crate::engine::gomoku::BadSize(0)));
        };
        let moves: Vec<Pos> = self
            .moves
            .iter()
            .filter_map(|m| match m {
                PuzzleMove::Point(p) => Some(*p),
                PuzzleMove::Column(_) => None,
            })
            .collect();
        Game::from_moves(size, rule, &moves)
    }

    /// The Connect Four position, the attacker to move.
    pub fn connect4_position(&self) -> Result<Position, crate::engine::connect4::MoveError> {
        let size = match self.game {
            PuzzleGame::ConnectFour { size } => size,
            PuzzleGame::Gomoku { .. } => BoardSize::STANDARD,
        };
        let cols: Vec<usize> = self
            .moves
            .iter()
            .map(|m| match m {
                PuzzleMove::Column(c) => *c,
                PuzzleMove::Point(_) => usize::MAX,
            })
            .collect();
        Position::from_columns(size, &cols)
    }

    /// The side to move at the puzzle position: 0 the first player (Black), 1 the second.
    pub fn attacker(&self) -> usize {
        self.moves.len() % 2
    }
}

/// Difficulty (1-5) and rating from a puzzle's figures, in whole numbers so that every
/// machine agrees. Points:
/// - Gomoku: 6 per attacker move of the main line beyond 2 (the five included), 5 per
///   doubling of the other tries (`5 * floor(log2(tries + 1))`), 4 when Renju forbidden
///   points matter, and for VCT `4 + 2 * floor(log2(tree moves))`.
/// - Connect Four: 10 per move of the winner beyond 2, `5 * floor(log2(tries + 1))` and
///   `2 * floor(log2(tree moves))`.
///
/// Difficulty: below 12 points 1, below 24 2, below 36 3, below 48 4, else 5. Rating:
/// `800 + 25 * points`.
pub fn grade(p: &Puzzle) -> (u8, u32) {
    let log2 = |n: u64| i64::from(n.max(1).ilog2());
    let tries = log2(u64::from(p.tries) + 1);
    let size = log2(p.solution.size() as u64);
    let points = match p.kind {
        Kind::Vcf | Kind::Vct => {
            let len = i64::from(p.solution.depth());
            let mut pts = 6 * (len - 2).max(0) + 5 * tries + if p.forbidden { 4 } else { 0 };
            if p.kind == Kind::Vct {
                pts += 4 + 2 * size;
            }
            pts
        }
        Kind::WinIn(n) => 10 * (i64::from(n) - 2).max(0) + 5 * tries + 2 * size,
    };
    let difficulty = match points {
        ..12 => 1,
        12..24 => 2,
        24..36 => 3,
        36..48 => 4,
        _ => 5,
    };
    (difficulty, (800 + 25 * points).max(0) as u32)
}

/// Where the moves played since the puzzle position leave the solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Move `index` (0-based) of the line is not in the solution tree.
    #[error("move {} of the line is not in the solution", .index + 1)]
    NotInSolution { index: usize },
    /// The line ends with the attacker's move: the defender is to move.
    #[error("the defender is to move")]
    DefenderToMove,
    /// The solution ended (a win) before the line did.
    #[error("the puzzle is already solved")]
    Finished,
}

/// The attacker's node reached by `line` (attacker, defender, attacker, ... moves).
fn node_at<'a>(puzzle: &'a Puzzle, line: &[PuzzleMove]) -> Result<&'a Node, LineError> {
    if line.len() % 2 == 1 {
        return Err(LineError::DefenderToMove);
    }
    let mut node = &puzzle.solution;
    for (k, pair) in line.chunks(2).enumerate() {
        if pair[0] != node.mv {
            return Err(LineError::NotInSolution { index: 2 * k });
        }
        if node.replies.is_empty() {
            return Err(LineError::Finished);
        }
        let Some(r) = node.replies.iter().find(|r| r.mv == pair[1]) else {
            return Err(LineError::NotInSolution { index: 2 * k + 1 });
        };
        node = &r.next;
    }
    Ok(node)
}

/// Why a tried move does not win. `M`: the puzzle's moves, or a caller's own (see
/// [`TryResult::map`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation<M = PuzzleMove> {
    /// The defender answers here and the attack runs out (within the solver's limits).
    Defence(M),
    /// The defender wins first: the start of the defender's winning line.
    CounterWin(Vec<M>),
    /// The move cannot be played; why, in words.
    Illegal(String),
}

/// The verdict on an attacker's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TryResult<M = PuzzleMove> {
    /// Right; the defender answers with `reply`, the hardest defence in the solution.
    Correct { reply: M },
    /// Right, and it wins at once: the puzzle is solved.
    Solved,
    /// The move wins too, but the solution goes on with `main`: take it back and find that
    /// one (it can only happen after the first move, which is unique).
    AlsoWins { main: M },
    /// The move does not win.
    Wrong(Refutation<M>),
}

impl<M> TryResult<M> {
    /// The verdict in another game's move type (the app's moves): `None` when a move does
    /// not convert.
    pub fn map<N>(self, f: impl Fn(M) -> Option<N>) -> Option<TryResult<N>> {
        Some(match self {
            TryResult::Correct { reply } => TryResult::Correct { reply: f(reply)? },
            TryResult::Solved => TryResult::Solved,
            TryResult::AlsoWins { main } => TryResult::AlsoWins { main: f(main)? },
            TryResult::Wrong(Refutation::Defence(m)) => {
                TryResult::Wrong(Refutation::Defence(f(m)?))
            }
            TryResult::Wrong(Refutation::CounterWin(line)) => TryResult::Wrong(
                Refutation::CounterWin(line.into_iter().map(f).collect::<Option<_>>()?),
            ),
            TryResult::Wrong(Refutation::Illegal(why)) => {
                TryResult::Wrong(Refutation::Illegal(why))
            }
        })
    }
}

/// Judges the attacker's move `mv` after `line` (the moves played since the puzzle
/// position, attacker first, an even number of them, all in the solution).
///
/// A move of the solution is `Correct` (with the defender's reply from the tree) or `Solved`;
/// any other move is checked by the solver: `AlsoWins` when it wins within the puzzle kind's
/// limits, else `Wrong` with a refutation (a defence after which the attacker has no win, or
/// the defender's own win). Gomoku answers within a fraction of a second (node limits).
pub fn check_try(
    puzzle: &Puzzle,
    line: &[PuzzleMove],
    mv: PuzzleMove,
) -> Result<TryResult, LineError> {
    let node = node_at(puzzle, line)?;
    if mv == node.mv {
        return Ok(match node.replies.first() {
            None => TryResult::Solved,
            Some(r) => TryResult::Correct { reply: r.mv },
        });
    }
    Ok(match puzzle.game {
        PuzzleGame::Gomoku { .. } => gomoku::check(puzzle, line, node, mv),
        PuzzleGame::ConnectFour { .. } => c4::check(puzzle, line, node, mv),
    })
}

/// How much a hint gives away.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HintLevel {
    /// Where to look.
    Area,
    /// The move itself.
    Move,
}

/// A hint for the attacker's next move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hint<M = PuzzleMove> {
    /// The move lies in the rectangle from `from` to `to` (corners included): a 5x5 square of
    /// points in Gomoku (the move not always at its centre), three adjacent columns in
    /// Connect Four.
    Area {
        from: M,
        to: M,
    },
    Move(M),
}

impl<M> Hint<M> {
    /// The hint in another game's move type: `None` when a move does not convert.
    pub fn map<N>(self, f: impl Fn(M) -> Option<N>) -> Option<Hint<N>> {
        Some(match self {
            Hint::Area { from, to } => Hint::Area {
                from: f(from)?,
                to: f(to)?,
            },
            Hint::Move(m) => Hint::Move(f(m)?),
        })
    }
}

/// A hint for the attacker's move after `line`: first the area, then the move.
pub fn hint(puzzle: &Puzzle, line: &[PuzzleMove], level: HintLevel) -> Result<Hint, LineError> {
    let node = node_at(puzzle, line)?;
    if level == HintLevel::Move {
        return Ok(Hint::Move(node.mv));
    }
    // The window's place depends on the move in a fixed way, so the same hint repeats.
    let start = |v: usize, salt: usize, span: usize, len: usize| {
        let shift = salt % span;
        v.saturating_sub(shift).min(len.saturating_sub(span))
    };
    Ok(match (node.mv, puzzle.game) {
        (PuzzleMove::Point(p), PuzzleGame::Gomoku { size, .. }) => {
            let (x, y) = (p.x as usize, p.y as usize);
            let x0 = start(x, x * 7 + y * 3, 5, size);
            let y0 = start(y, y * 7 + x * 3 + 2, 5, size);
            let x1 = (x0 + 4).min(size - 1);
            let y1 = (y0 + 4).min(size - 1);
            Hint::Area {
                from: PuzzleMove::Point(Pos::new(x0 as u8, y0 as u8)),
                to: PuzzleMove::Point(Pos::new(x1 as u8, y1 as u8)),
            }
        }
        (PuzzleMove::Column(c), PuzzleGame::ConnectFour { size }) => {
            let c0 = start(c, c * 5 + 1, 3, size.width());
            Hint::Area {
                from: PuzzleMove::Column(c0),
                to: PuzzleMove::Column((c0 + 2).min(size.width() - 1)),
            }
        }
        (m, _) => Hint::Move(m),
    })
}

/// The rest of the main line after `line`: the attacker's move, the hardest reply, ...
/// down to the winning move (for replaying the solution).
pub fn solution_line(puzzle: &Puzzle, line: &[PuzzleMove]) -> Result<Vec<PuzzleMove>, LineError> {
    Ok(node_at(puzzle, line)?.main_line())
}

/// Checks a puzzle from scratch: the solution tree wins against every defence (a proof on
/// the rules core alone for Gomoku, on the position's own move rules for Connect Four) and
/// the first move is the only winning one by the definition in the module docs (the solver
/// again for Gomoku, the exact solver for Connect Four). Also checks the grade and the
/// figures it comes from.
pub fn prove(puzzle: &Puzzle) -> Result<(), ProofError> {
    let fail = |reason: String| ProofError {
        line: String::new(),
        reason,
    };
    match puzzle.game {
        PuzzleGame::Gomoku { rule, .. } => gomoku::prove(puzzle, rule)?,
        PuzzleGame::ConnectFour { .. } => c4::prove(puzzle)?,
    }
    let (d, r) = grade(puzzle);
    if (d, r) != (puzzle.difficulty, puzzle.rating) {
        return Err(fail(format!("the grade is {d} and the rating {r}")));
    }
    Ok(())
}

/// Turns a Connect Four position (0-based columns from the empty board) into a "win in N"
/// puzzle for the side to move: `None` unless exactly one column wins, in 2 to `max_n` moves
/// of the winner. Solves every column exactly: fast in the middle game, slow near the
/// start of a game.
pub fn from_connect4(size: BoardSize, columns: &[usize], id: &str, max_n: u32) -> Option<Puzzle> {
    let mut solver = crate::engine::connect4::Solver::with_table_bits(size, 20);
    c4::build(size, columns, id, &mut solver, max_n)
}

/// [`from_connect4`] with the caller's solver (kept from position to position: the
/// generator's entry).
pub fn build_connect4(
    columns: &[usize],
    id: &str,
    solver: &mut crate::engine::connect4::Solver,
    max_n: u32,
) -> Option<Puzzle> {
    c4::build(solver.size(), columns, id, solver, max_n)
}
