//! Puzzles proven by the engine, the part every game shares: the solution tree, the set
//! file's format, the trainer's calls and the grade. Each game brings its side through
//! [`PuzzleRules`]: Gomoku's "win by fours" (VCF) and "win by threes and fours" (VCT) under
//! freestyle, exactly five and Renju in `engine::gomoku::puzzle`, Connect Four's "win in N"
//! in `engine::connect4::puzzle`. This module names no game.
//!
//! A [`Puzzle`] is a position (the moves in order, so the side to move is known), its kind
//! and its solution as a tree: an attacker move, then every defence the solver must answer,
//! each followed by the attacker's reply, down to the winning move. The first reply listed is
//! the hardest (the longest resistance): following first replies gives the main line.
//!
//! The trainer's calls: [`parse`] (or [`load`]) a set's puzzles of one game, then for the
//! position reached ([`check_try`], [`hint`], [`solution_line`]) with the moves played since
//! the puzzle position; [`prove`] checks a puzzle from scratch. Each game's module turns a
//! position (a review's missed win) into a puzzle when it is one.
//!
//! Definitions (docs/puzzles.md):
//! - *unique*: the solution's first move is the only one after which the attacker wins
//!   within the game solver's limits (each game's module says which moves and limits).
//! - *difficulty* 1-5 and *rating* (Elo-like) from the game's points ([`grade`]): the main
//!   line's length, the other moves the attacker could try, the tree's size and what else
//!   makes the puzzle hard in that game.

mod format;
#[cfg(test)]
pub(crate) mod tests;

use std::fmt::Debug;
use std::hash::Hash;
use std::path::Path;

pub use format::{FORMAT_VERSION, ParseError, write_puzzle, write_set};

/// A game's side of its puzzles: the words of its `game` line, its moves' text, the checks
/// a puzzle of it must pass when read, and its solver's verdicts. The value is the game's
/// variant (its rules and board size); Gomoku's lives in `engine::gomoku::puzzle`,
/// Connect Four's in `engine::connect4::puzzle`. This module names no game.
pub trait PuzzleRules: Copy + Eq + Debug + Send + Sync + 'static {
    /// The first word of the `game` line (`gomoku`, `connect4`).
    const GAME: &'static str;
    /// What the `game` line's words after [`Self::GAME`] should look like, for messages.
    const GAME_SYNTAX: &'static str;
    /// A move of the game.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The variant from the `game` line's words after [`Self::GAME`].
    fn parse_game(words: &[&str]) -> Result<Self, String>;
    /// The `game` line's words after [`Self::GAME`].
    fn game_text(&self) -> String;
    /// A move from its text, on this variant's board.
    fn parse_move(&self, token: &str) -> Result<Self::Move, String>;
    fn move_text(&self, m: Self::Move) -> String;
    /// The `position` line's moves (by default separated by spaces).
    fn parse_position(&self, text: &str) -> Result<Vec<Self::Move>, String> {
        text.split_whitespace()
            .map(|t| self.parse_move(t))
            .collect()
    }
    /// What goes between moves on the `position` line.
    fn position_separator(&self) -> &'static str {
        " "
    }
    /// The kinds of puzzle this game has, from the `kind` line's words.
    fn parse_kind(&self, words: &[&str]) -> Result<Kind, String>;

    /// The reading checks: the position is legal and not over.
    fn check_position(puzzle: &Puzzle<Self>) -> Result<(), String>;
    /// The reading checks: every move of the tree is legal in turn and every leaf wins at
    /// once.
    fn check_tree(puzzle: &Puzzle<Self>) -> Result<(), String>;
    /// The verdict on an attacker's move `mv` that is not the tree's `node.mv`, after `line`.
    fn judge(
        puzzle: &Puzzle<Self>,
        line: &[Self::Move],
        node: &Node<Self::Move>,
        mv: Self::Move,
    ) -> TryResult<Self::Move>;
    /// The proof of the tree and of the first move's uniqueness ([`prove`] adds the grade).
    fn prove(puzzle: &Puzzle<Self>) -> Result<(), ProofError>;
    /// The corners of the area hint around the attacker's move `mv` (see [`Hint::Area`]).
    fn hint_area(&self, mv: Self::Move) -> (Self::Move, Self::Move);
    /// The difficulty points of [`grade`].
    fn grade_points(puzzle: &Puzzle<Self>) -> i64;
}

/// Why a solution tree is not a proof.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {reason}", place(.line))]
pub struct ProofError {
    /// The moves from the puzzle position to where the proof fails, in the game's text.
    pub line: String,
    pub reason: String,
}

/// Where a proof fails, for its message: an empty line is the puzzle position itself.
fn place(line: &str) -> String {
    if line.is_empty() {
        "at the start".to_string()
    } else {
        format!("after {line}")
    }
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
pub struct Node<M> {
    pub mv: M,
    /// Hardest first.
    pub replies: Vec<Reply<M>>,
}

/// A defender move and the attacker's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply<M> {
    pub mv: M,
    pub next: Node<M>,
}

impl<M: Copy> Node<M> {
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
    pub fn main_line(&self) -> Vec<M> {
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

/// One puzzle of the game whose variant is `R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle<R: PuzzleRules> {
    pub id: String,
    /// The game's variant: its rules and board.
    pub game: R,
    /// The position: moves from the empty board, in order (the first player first).
    pub moves: Vec<R::Move>,
    pub kind: Kind,
    pub solution: Node<R::Move>,
    /// 1 (easiest) to 5.
    pub difficulty: u8,
    /// Elo-like puzzle rating, from the difficulty's figures ([`grade`]).
    pub rating: u32,
    /// Other first moves the attacker could plausibly try (Gomoku: other fours, and threes
    /// for VCT; Connect Four: other columns that do not lose at once).
    pub tries: u32,
    /// A point in the solution is forbidden by the rules and that matters (Renju: Black
    /// cannot block there, or Black must avoid it).
    pub forbidden: bool,
}

impl<R: PuzzleRules> Puzzle<R> {
    /// The side to move at the puzzle position: 0 the first player (Black), 1 the second.
    pub fn attacker(&self) -> usize {
        self.moves.len() % 2
    }
}

/// A puzzle file's contents: the puzzles of one game (a file may hold other games' too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet<R: PuzzleRules> {
    pub version: u32,
    pub puzzles: Vec<Puzzle<R>>,
    /// Blocks of other games in the text, passed over.
    pub others: usize,
}

impl<R: PuzzleRules> PuzzleSet<R> {
    pub fn new(puzzles: Vec<Puzzle<R>>) -> PuzzleSet<R> {
        PuzzleSet {
            version: FORMAT_VERSION,
            puzzles,
            others: 0,
        }
    }

    /// The set in the file format, `header` lines first as comments.
    pub fn to_text(&self, header: &[String]) -> String {
        write_set(self, header)
    }
}

/// Reads the puzzles of game `R` from a set's text (errors name the line and what is
/// wrong); blocks whose `game` line names another game are passed over unread.
pub fn parse<R: PuzzleRules>(text: &str) -> Result<PuzzleSet<R>, ParseError> {
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

/// Reads the puzzles of game `R` from a file.
pub fn load<R: PuzzleRules>(path: &Path) -> Result<PuzzleSet<R>, LoadError> {
    let text = std::fs::read_to_string(path).map_err(LoadError::Io)?;
    parse(&text).map_err(LoadError::Parse)
}

/// Difficulty (1-5) and rating from a puzzle's figures, in whole numbers so that every
/// machine agrees. The game gives the points ([`PuzzleRules::grade_points`]); difficulty:
/// below 12 points 1, below 24 2, below 36 3, below 48 4, else 5. Rating:
/// `800 + 25 * points`.
pub fn grade<R: PuzzleRules>(p: &Puzzle<R>) -> (u8, u32) {
    let points = R::grade_points(p);
    let difficulty = match points {
        ..12 => 1,
        12..24 => 2,
        24..36 => 3,
        36..48 => 4,
        _ => 5,
    };
    (difficulty, (800 + 25 * points).max(0) as u32)
}

/// `floor(log2(n))`, 0 for 0: the grades' doubling steps.
pub fn log2_steps(n: u64) -> i64 {
    i64::from(n.max(1).ilog2())
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
fn node_at<'a, R: PuzzleRules>(
    puzzle: &'a Puzzle<R>,
    line: &[R::Move],
) -> Result<&'a Node<R::Move>, LineError> {
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

/// Why a tried move does not win, in the game's moves `M` (or a caller's own: see
/// [`TryResult::map`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation<M> {
    /// The defender answers here and the attack runs out (within the solver's limits).
    Defence(M),
    /// The defender wins first: the start of the defender's winning line.
    CounterWin(Vec<M>),
    /// The move cannot be played; why, in words.
    Illegal(String),
}

/// The verdict on an attacker's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TryResult<M> {
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
    /// The verdict in another move type (the app's moves).
    pub fn map<N>(self, f: impl Fn(M) -> N) -> TryResult<N> {
        match self {
            TryResult::Correct { reply } => TryResult::Correct { reply: f(reply) },
            TryResult::Solved => TryResult::Solved,
            TryResult::AlsoWins { main } => TryResult::AlsoWins { main: f(main) },
            TryResult::Wrong(Refutation::Defence(m)) => TryResult::Wrong(Refutation::Defence(f(m))),
            TryResult::Wrong(Refutation::CounterWin(line)) => {
                TryResult::Wrong(Refutation::CounterWin(line.into_iter().map(f).collect()))
            }
            TryResult::Wrong(Refutation::Illegal(why)) => {
                TryResult::Wrong(Refutation::Illegal(why))
            }
        }
    }
}

/// Judges the attacker's move `mv` after `line` (the moves played since the puzzle
/// position, attacker first, an even number of them, all in the solution).
///
/// A move of the solution is `Correct` (with the defender's reply from the tree) or `Solved`;
/// any other move is judged by the game's solver ([`PuzzleRules::judge`]): `AlsoWins` when it
/// wins within the puzzle kind's limits, else `Wrong` with a refutation (a defence after
/// which the attacker has no win, or the defender's own win).
pub fn check_try<R: PuzzleRules>(
    puzzle: &Puzzle<R>,
    line: &[R::Move],
    mv: R::Move,
) -> Result<TryResult<R::Move>, LineError> {
    let node = node_at(puzzle, line)?;
    if mv == node.mv {
        return Ok(match node.replies.first() {
            None => TryResult::Solved,
            Some(r) => TryResult::Correct { reply: r.mv },
        });
    }
    Ok(R::judge(puzzle, line, node, mv))
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
pub enum Hint<M> {
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
    /// The hint in another move type (the app's moves).
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Hint<N> {
        match self {
            Hint::Area { from, to } => Hint::Area {
                from: f(from),
                to: f(to),
            },
            Hint::Move(m) => Hint::Move(f(m)),
        }
    }
}

/// A hint for the attacker's move after `line`: first the area, then the move.
pub fn hint<R: PuzzleRules>(
    puzzle: &Puzzle<R>,
    line: &[R::Move],
    level: HintLevel,
) -> Result<Hint<R::Move>, LineError> {
    let node = node_at(puzzle, line)?;
    Ok(match level {
        HintLevel::Move => Hint::Move(node.mv),
        HintLevel::Area => {
            let (from, to) = puzzle.game.hint_area(node.mv);
            Hint::Area { from, to }
        }
    })
}

/// Where an area hint of `span` cells along one axis of `len` starts, for a move at `v`:
/// the window's place depends on the move (through `salt`) in a fixed way, so the same
/// hint repeats and the move is not always at its centre.
pub fn hint_window(v: usize, salt: usize, span: usize, len: usize) -> usize {
    let shift = salt % span;
    v.saturating_sub(shift).min(len.saturating_sub(span))
}

/// The rest of the main line after `line`: the attacker's move, the hardest reply, ...
/// down to the winning move (for replaying the solution).
pub fn solution_line<R: PuzzleRules>(
    puzzle: &Puzzle<R>,
    line: &[R::Move],
) -> Result<Vec<R::Move>, LineError> {
    Ok(node_at(puzzle, line)?.main_line())
}

/// Checks a puzzle from scratch: the solution tree wins against every defence and the
/// first move is the only winning one by the definition in the module docs
/// ([`PuzzleRules::prove`]); also checks the grade and the figures it comes from.
pub fn prove<R: PuzzleRules>(puzzle: &Puzzle<R>) -> Result<(), ProofError> {
    R::prove(puzzle)?;
    let (d, r) = grade(puzzle);
    if (d, r) != (puzzle.difficulty, puzzle.rating) {
        return Err(ProofError {
            line: String::new(),
            reason: format!("the grade is {d} and the rating {r}"),
        });
    }
    Ok(())
}
