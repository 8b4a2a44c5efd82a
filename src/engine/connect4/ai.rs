//! Computer players: three levels behind one call, [`Ai::choose_move`].

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::{Rng, RngExt};

use super::book::OpeningBook;
use super::game::Game;
use super::position::{BoardSize, Position};
use super::search::Searcher;
use super::solver::{Limit, Solver, win_now_score};

/// Playing strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Takes immediate wins, blocks immediate losses, otherwise a random column weighted
    /// toward the centre.
    Casual,
    /// Depth-limited alpha-beta with a static evaluation (threats, open lines, centre).
    Club,
    /// The exact solver with the opening book; when the time limit does not allow a full solve
    /// (7x7 early on), the deepest iterative-deepening result.
    Perfect,
}

impl Level {
    /// The levels in menu order.
    pub const ALL: [Level; 3] = [Level::Casual, Level::Club, Level::Perfect];

    /// 1..=3 in menu order.
    pub fn number(self) -> u8 {
        match self {
            Level::Casual => 1,
            Level::Club => 2,
            Level::Perfect => 3,
        }
    }

    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Perfect => "Perfect",
        }
    }

    /// One line for people choosing a level.
    pub fn description(self) -> &'static str {
        match self {
            Level::Casual => "Takes a win and blocks yours; otherwise plays by feel.",
            Level::Club => "Looks six moves ahead and knows good shapes.",
            Level::Perfect => "Solves the position when it can: a few seconds a move.",
        }
    }
}

/// Search limits for one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Wall-clock budget for the Perfect level; `None` solves exactly however long it takes
    /// (only sensible on 7x6). Club and Casual answer quickly regardless.
    pub time: Option<Duration>,
    /// Positions the Perfect level may explore (solver and fallback search together), on top
    /// of `time`: a node budget gives the same answer however busy the machine is (reviews).
    pub nodes: Option<u64>,
    /// Plies searched by the Club level.
    pub club_depth: u32,
    /// Club picks at random among moves whose evaluation is within this of the best, for
    /// variety (proven wins and losses are never traded away).
    pub club_margin: i32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Some(Duration::from_secs(3)),
            nodes: None,
            club_depth: 6,
            club_margin: 4,
        }
    }
}

/// How a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An immediate win or forced block.
    Tactic,
    /// A weighted random pick (Casual).
    Random,
    /// The opening book.
    Book,
    /// A completed exact solve.
    Solver,
    /// A depth-limited search (Club, or Perfect out of time).
    Search,
}

/// A chosen move with what is known about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveChoice {
    /// 0-based column.
    pub column: usize,
    /// Exact solver score of the move when known (win > 0, draw 0, loss < 0).
    pub score: Option<i32>,
    pub source: Source,
    /// Depth of the search that picked the move, when a depth-limited search did.
    pub depth: Option<u32>,
}

/// Why no move could be chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The game is over or the board is full: there is no legal move.
    #[error("no legal move: the game is over")]
    NoLegalMove,
    /// The position is for another board size than this [`Ai`].
    #[error("position is {position} but the AI was built for {ai}")]
    WrongSize { ai: BoardSize, position: BoardSize },
}

/// Table size of the Perfect level's solver (~42 MB), allocated on first use.
const SOLVER_TABLE_BITS: u32 = 23;
/// Table size of the heuristic search (16 bytes per entry: 4 MB).
const SEARCH_TABLE_BITS: u32 = 18;
/// Share of the Perfect level's time given to the exact solve before falling back to
/// iterative deepening.
const EXACT_SHARE: f64 = 0.5;

/// The computer player for one board size. Keep it across moves: the solver's table is
/// reused and the book is shared.
pub struct Ai {
    size: BoardSize,
    book: Option<Arc<OpeningBook>>,
    solver: Option<Solver>,
    searcher: Searcher,
}

impl Ai {
    /// An AI for `size`, using the shipped opening book when it matches the size.
    pub fn new(size: BoardSize) -> Ai {
        Ai::with_book(size, OpeningBook::standard())
    }

    /// An AI with an explicit book (`None` for none; a book of another size is ignored).
    pub fn with_book(size: BoardSize, book: Option<Arc<OpeningBook>>) -> Ai {
        Ai {
            size,
            book: book.filter(|b| b.size() == size),
            solver: None,
            searcher: Searcher::new(size, SEARCH_TABLE_BITS),
        }
    }

    /// Board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Picks a move for the side to move in `p`.
    ///
    /// `rng` drives Casual's random choice and Club's choice among near-equal moves, so a fixed
    /// seed gives a fixed move (Perfect is deterministic unless its time limit cuts a search).
    /// Setting `stop` makes a running search return its best result so far.
    pub fn choose_move<R: Rng + ?Sized>(
        &mut self,
        level: Level,
        p: &Position,
        limits: &Limits,
        rng: &mut R,
        stop: &AtomicBool,
    ) -> Result<MoveChoice, AiError> {
        if p.size() != self.size {
            return Err(AiError::WrongSize {
                ai: self.size,
                position: p.size(),
            });
        }
        if p.is_full() {
            return Err(AiError::NoLegalMove);
        }
        Ok(match level {
            Level::Casual => casual(p, rng),
            Level::Club => self.club(p, limits, rng),
            Level::Perfect => self.perfect(p, limits, stop),
        })
    }

    /// [`Ai::choose_move`] for a [`Game`].
    pub fn choose_move_in_game<R: Rng + ?Sized>(
        &mut self,
        level: Level,
        game: &Game,
        limits: &Limits,
        rng: &mut R,
        stop: &AtomicBool,
    ) -> Result<MoveChoice, AiError> {
        let p = game.position().ok_or(AiError::NoLegalMove)?;
        self.choose_move(level, &p, limits, rng, stop)
    }

    fn club<R: Rng + ?Sized>(&mut self, p: &Position, limits: &Limits, rng: &mut R) -> MoveChoice {
        let report = self
            .searcher
            .search_depth(p, limits.club_depth, limits.club_margin, |n| {
                if n <= 1 { 0 } else { rng.random_range(0..n) }
            });
        match report {
            Some(r) => MoveChoice {
                column: r.column,
                score: r.proven_score(),
                source: Source::Search,
                depth: Some(r.depth),
            },
            None => casual(p, rng),
        }
    }

    fn perfect(&mut self, p: &Position, limits: &Limits, stop: &AtomicBool) -> MoveChoice {
        let start = Instant::now();
        let order = p.size().centre_order();
        if let Some(&col) = order.iter().find(|&&c| p.is_winning_move(c)) {
            return MoveChoice {
                column: col,
                score: Some(win_now_score(p)),
                source: Source::Tactic,
                depth: None,
            };
        }
        if let Some(choice) = self.book_move(p) {
            return choice;
        }
        let book = self.book.clone();
        let solver = self.solver.get_or_insert_with(|| {
            let mut s = Solver::with_table_bits(p.size(), SOLVER_TABLE_BITS);
            s.set_book(book);
            s
        });
        let exact_deadline = limits
            .time
            .map(|t| start + Duration::from_secs_f64(t.as_secs_f64() * EXACT_SHARE));
        let exact_nodes = limits.nodes.map(|n| (n as f64 * EXACT_SHARE) as u64);
        let before = solver.node_count();
        let exact = solver.best_move_within(p, stop, exact_deadline, exact_nodes);
        let spent = solver.node_count() - before;
        if let Ok(Some((column, score))) = exact {
            return MoveChoice {
                column,
                score: Some(score),
                source: Source::Solver,
                depth: None,
            };
        }
        // Out of time for an exact answer: deepest heuristic result in the remaining time.
        let limit = Limit {
            stop,
            deadline: limits.time.map(|t| start + t),
            node_cap: limits.nodes.map(|n| n.saturating_sub(spent).max(1)),
        };
        let cells = (p.width() * p.height()) as u32;
        match self.searcher.iterate(p, cells, &limit) {
            Some(r) => MoveChoice {
                column: r.column,
                // A complete search that proved nothing else is a draw.
                score: r.proven_score().or(r.complete.then_some(0)),
                source: Source::Search,
                depth: Some(r.depth),
            },
            // Unreachable on a non-full board; any legal column will do.
            None => MoveChoice {
                column: p.legal_columns().first().copied().unwrap_or(0),
                score: None,
                source: Source::Search,
                depth: None,
            },
        }
    }

    /// Best move from the book: the best child when all children are in it, otherwise the
    /// most central child whose entry matches the position's own score (books store the best
    /// reply to their deepest positions).
    fn book_move(&self, p: &Position) -> Option<MoveChoice> {
        let book = self.book.as_ref()?;
        if p.moves_played() >= book.max_ply() {
            return None;
        }
        let mut best: Option<(usize, i32)> = None;
        let mut complete = true;
        let mut scores = Vec::with_capacity(p.width());
        for col in p.size().centre_order() {
            if !p.can_play(col) {
                continue;
            }
            let score = if p.is_winning_move(col) {
                Some(win_now_score(p))
            } else {
                let mut child = *p;
                child.play_col(col);
                book.get(&child).map(|s| -s)
            };
            scores.push((col, score));
            match score {
                Some(s) if best.is_none_or(|(_, b)| s > b) => best = Some((col, s)),
                Some(_) => {}
                None => complete = false,
            }
        }
        if !complete {
            let target = book.get(p)?;
            best = scores
                .iter()
                .find(|(_, s)| *s == Some(target))
                .map(|&(c, _)| (c, target));
        }
        best.map(|(column, score)| MoveChoice {
            column,
            score: Some(score),
            source: Source::Book,
            depth: None,
        })
    }
}

impl fmt::Debug for Ai {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ai")
            .field("size", &self.size)
            .field("book", &self.book.as_ref().map(|b| b.len()))
            .field("solver", &self.solver)
            .finish()
    }
}

/// Casual: win, block, or a centre-weighted random column.
fn casual<R: Rng + ?Sized>(p: &Position, rng: &mut R) -> MoveChoice {
    let order = p.size().centre_order();
    if let Some(&col) = order.iter().find(|&&c| p.is_winning_move(c)) {
        return MoveChoice {
            column: col,
            score: Some(win_now_score(p)),
            source: Source::Tactic,
            depth: None,
        };
    }
    let threats = p.opponent_winning_position() & p.possible();
    if let Some(&col) = order.iter().find(|&&c| threats & p.column_mask(c) != 0) {
        return MoveChoice {
            column: col,
            score: None,
            source: Source::Tactic,
            depth: None,
        };
    }
    let w = p.width();
    // Centre column weight w/2 + 1, falling by one per column outward.
    let weight = |c: usize| (w / 2 + 1).saturating_sub((2 * c).abs_diff(w - 1) / 2);
    let legal = p.legal_columns();
    let total: usize = legal.iter().map(|&c| weight(c)).sum();
    let mut x = rng.random_range(0..total.max(1));
    let mut column = legal.first().copied().unwrap_or(0);
    for &c in &legal {
        if x < weight(c) {
            column = c;
            break;
        }
        x -= weight(c);
    }
    MoveChoice {
        column,
        score: None,
        source: Source::Random,
        depth: None,
    }
}

/// One-off [`Ai::choose_move`] for a [`Game`], returning the 0-based column. Builds a fresh
/// [`Ai`] (and, for Perfect, a ~42 MB table) per call: keep an [`Ai`] for repeated use.
pub fn choose_move<R: Rng + ?Sized>(
    level: Level,
    game: &Game,
    limits: &Limits,
    rng: &mut R,
    stop: &AtomicBool,
) -> Result<usize, AiError> {
    Ai::new(game.size())
        .choose_move_in_game(level, game, limits, rng, stop)
        .map(|c| c.column)
}
