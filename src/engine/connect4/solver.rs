//! Exact solver in the style of Pascal Pons's: negamax with alpha-beta pruning, null-window
//! searches narrowing toward the exact score, a transposition table storing lower and upper
//! bounds, threat-count move ordering and pruning of moves that lose at once.
//!
//! Scores are from the side to move with both sides perfect: a win by the move played when `n`
//! stones are on the board scores `(W*H + 1 - n) / 2` (faster wins score higher), a loss the
//! negative, a draw 0.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::book::OpeningBook;
use super::position::{BoardSize, Position};
use super::sorter::MoveSorter;
use super::table::TranspositionTable;

pub use super::budget::Interrupted;
pub(crate) use super::budget::{Budget, Limit, Unlimited};

/// Default transposition table size: 2^23 (rounded up to a prime) entries of 5 bytes, ~42 MB.
pub const DEFAULT_TABLE_BITS: u32 = 23;

/// Score of winning with the next move from `p`.
#[inline(always)]
pub fn win_now_score(p: &Position) -> i32 {
    ((p.width() * p.height() + 1 - p.moves_played()) / 2) as i32
}

/// Exact Connect Four solver for one board size. Keeps its transposition table between calls
/// (entries are always valid bounds), so consecutive positions of a game are solved faster.
pub struct Solver {
    size: BoardSize,
    table: TranspositionTable,
    table_bits: u32,
    nodes: u64,
    /// Column exploration order, centre first.
    order: Vec<usize>,
    book: Option<Arc<OpeningBook>>,
    aborted: bool,
    min_score: i32,
    max_score: i32,
}

impl Solver {
    /// A solver with the default table size and no opening book.
    pub fn new(size: BoardSize) -> Solver {
        Solver::with_table_bits(size, DEFAULT_TABLE_BITS)
    }

    /// A solver whose table holds about 2^`bits` entries (5 bytes each; 9 on boards whose keys
    /// exceed 32 + `bits` bits). `bits` is clamped to 4..=30.
    pub fn with_table_bits(size: BoardSize, bits: u32) -> Solver {
        let cells = size.cells() as i32;
        let key_bits = (size.width() * (size.height() + 1)) as u32;
        Solver {
            size,
            table: TranspositionTable::new(bits, key_bits),
            table_bits: bits.clamp(4, 30),
            nodes: 0,
            order: size.centre_order(),
            book: None,
            aborted: false,
            // Extreme scores: a four needs at least 7 stones on the board.
            min_score: -(cells / 2) + 3,
            max_score: (cells + 1) / 2 - 3,
        }
    }

    /// Uses `book` (exact scores of early positions) during searches. A book for another board
    /// size is ignored.
    pub fn set_book(&mut self, book: Option<Arc<OpeningBook>>) {
        self.book = book.filter(|b| b.size() == self.size);
    }

    /// The opening book in use.
    pub fn book(&self) -> Option<&Arc<OpeningBook>> {
        self.book.as_ref()
    }

    /// Board size this solver was built for.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// log2 of the transposition table size.
    pub fn table_bits(&self) -> u32 {
        self.table_bits
    }

    /// Positions explored since the last [`Solver::reset`] or [`Solver::reset_node_count`].
    pub fn node_count(&self) -> u64 {
        self.nodes
    }

    /// Sets the node counter to 0.
    pub fn reset_node_count(&mut self) {
        self.nodes = 0;
    }

    /// Empties the transposition table and zeroes the node counter.
    pub fn reset(&mut self) {
        self.table.reset();
        self.nodes = 0;
    }

    /// Exact score of `p` (see the module docs). A position of another board size than the
    /// solver's is solved with a temporary solver.
    pub fn solve(&mut self, p: &Position) -> i32 {
        if p.size() != self.size {
            return Solver::with_table_bits(p.size(), 20).solve(p);
        }
        self.aborted = false;
        self.solve_inner(p, false, &Unlimited)
    }

    /// Sign of the score only: 1 win, 0 draw, -1 loss (searches the window [-1, 1]).
    pub fn solve_weak(&mut self, p: &Position) -> i32 {
        if p.size() != self.size {
            return Solver::with_table_bits(p.size(), 20).solve_weak(p);
        }
        self.aborted = false;
        self.solve_inner(p, true, &Unlimited).signum()
    }

    /// [`Solver::solve`] (or the weak variant) that gives up when `stop` becomes true or the
    /// deadline passes. Table entries found so far are kept.
    pub fn solve_until(
        &mut self,
        p: &Position,
        weak: bool,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Result<i32, Interrupted> {
        if p.size() != self.size {
            return Solver::with_table_bits(p.size(), 20).solve_until(p, weak, stop, deadline);
        }
        self.aborted = false;
        let score = self.solve_inner(p, weak, &Limit::new(stop, deadline));
        if self.aborted {
            Err(Interrupted)
        } else if weak {
            Ok(score.signum())
        } else {
            Ok(score)
        }
    }

    /// Score of every column from the side to move's point of view (`None` for full columns).
    pub fn analyze(&mut self, p: &Position, weak: bool) -> Vec<Option<i32>> {
        let never = AtomicBool::new(false);
        // Cannot be interrupted without a deadline and with a flag nobody sets.
        self.analyze_until(p, weak, &never, None)
            .into_iter()
            .map(|s| s.and_then(Result::ok))
            .collect()
    }

    /// [`Solver::analyze`] with a stop flag and deadline: each playable column gets `Ok(score)`
    /// once solved or `Err(Interrupted)` if time ran out first. Columns are solved centre first.
    pub fn analyze_until(
        &mut self,
        p: &Position,
        weak: bool,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Vec<Option<Result<i32, Interrupted>>> {
        let mut out = vec![None; p.width()];
        let order = p.size().centre_order();
        for &col in &order {
            if !p.can_play(col) {
                continue;
            }
            out[col] = Some(if p.is_winning_move(col) {
                Ok(if weak { 1 } else { win_now_score(p) })
            } else {
                let mut child = *p;
                child.play_col(col);
                self.solve_until(&child, weak, stop, deadline).map(|s| -s)
            });
        }
        out
    }

    /// Best column (0-based) and its exact score; ties go to the most central column. `None` if
    /// the board is full.
    pub fn best_move(&mut self, p: &Position) -> Option<(usize, i32)> {
        let never = AtomicBool::new(false);
        self.best_move_until(p, &never, None).ok().flatten()
    }

    /// [`Solver::best_move`] that gives up when `stop` is set or the deadline passes.
    ///
    /// Solves the position, then finds the most central move reaching that score with one
    /// null-window test per column, which is cheaper than solving every column exactly.
    pub fn best_move_until(
        &mut self,
        p: &Position,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Result<Option<(usize, i32)>, Interrupted> {
        self.best_move_within(p, stop, deadline, None)
    }

    /// [`Solver::best_move_until`] that also gives up after `nodes` positions (counted from
    /// this call), so that the same position gets the same answer however busy the machine.
    pub fn best_move_within(
        &mut self,
        p: &Position,
        stop: &AtomicBool,
        deadline: Option<Instant>,
        nodes: Option<u64>,
    ) -> Result<Option<(usize, i32)>, Interrupted> {
        if p.size() != self.size {
            return Solver::with_table_bits(p.size(), 20)
                .best_move_within(p, stop, deadline, nodes);
        }
        let order = p.size().centre_order();
        if p.is_full() {
            return Ok(None);
        }
        if let Some(&col) = order.iter().find(|&&c| p.is_winning_move(c)) {
            return Ok(Some((col, win_now_score(p))));
        }
        let limit = Limit {
            stop,
            deadline,
            node_cap: nodes.map(|n| self.nodes.saturating_add(n)),
        };
        self.aborted = false;
        let target = self.solve_inner(p, false, &limit);
        if self.aborted {
            return Err(Interrupted);
        }
        self.move_with_score_limited(p, target, &limit)
            .map(|c| c.map(|c| (c, target)))
    }

    /// The most central column achieving `score`, the exact score of `p` already known (from a
    /// book or an earlier solve); `None` on a full board. One null-window test per column.
    pub fn move_with_score(&mut self, p: &Position, score: i32) -> Option<usize> {
        if p.size() != self.size {
            return Solver::with_table_bits(p.size(), 20).move_with_score(p, score);
        }
        let never = AtomicBool::new(false);
        self.move_with_score_limited(p, score, &Limit::new(&never, None))
            .ok()
            .flatten()
    }

    fn move_with_score_limited(
        &mut self,
        p: &Position,
        target: i32,
        limit: &Limit<'_>,
    ) -> Result<Option<usize>, Interrupted> {
        let mut fallback = None;
        for col in p.size().centre_order() {
            if !p.can_play(col) {
                continue;
            }
            if p.is_winning_move(col) {
                if win_now_score(p) == target {
                    return Ok(Some(col));
                }
                continue;
            }
            let mut child = *p;
            child.play_col(col);
            fallback.get_or_insert(col);
            if child.can_win_next() {
                // Losing at once: only right if the target is that loss.
                if -win_now_score(&child) == target {
                    return Ok(Some(col));
                }
                continue;
            }
            // Our score via `col` is >= target iff the child's is <= -target.
            self.aborted = false;
            let r = self.child_at_most(&child, -target, limit);
            if self.aborted {
                return Err(Interrupted);
            }
            if r {
                return Ok(Some(col));
            }
        }
        // Only reached if `target` was wrong; still answer with a legal move.
        Ok(fallback)
    }

    /// True if the exact score of `p` (which cannot win at once) is <= `bound`.
    fn child_at_most<B: Budget>(&mut self, p: &Position, bound: i32, budget: &B) -> bool {
        if let Some(s) = self.book_score(p) {
            return s <= bound;
        }
        self.negamax(p, bound, bound + 1, budget) <= bound
    }

    #[inline]
    fn book_score(&self, p: &Position) -> Option<i32> {
        let book = self.book.as_ref()?;
        if p.moves_played() > book.max_ply() {
            return None;
        }
        book.get(p)
    }

    /// The iterative null-window driver.
    fn solve_inner<B: Budget>(&mut self, p: &Position, weak: bool, budget: &B) -> i32 {
        if p.can_win_next() {
            return win_now_score(p);
        }
        if let Some(s) = self.book_score(p) {
            return s;
        }
        let cells = p.width() * p.height();
        let n = p.moves_played();
        let (mut min, mut max) = if weak {
            (-1, 1)
        } else {
            (-(((cells - n) / 2) as i32), ((cells + 1 - n) / 2) as i32)
        };
        while min < max {
            // Probe near 0 first: most positions are close to a draw in score terms, and the
            // halving keeps the number of probes logarithmic.
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(p, med, med + 1, budget);
            if B::CAN_STOP && self.aborted {
                return 0;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        min
    }

    /// Alpha-beta negamax. Assumes nobody has won and the side to move cannot win at once.
    /// Returns the exact score if it lies in (alpha, beta), otherwise a bound on the right side.
    fn negamax<B: Budget>(
        &mut self,
        p: &Position,
        mut alpha: i32,
        mut beta: i32,
        budget: &B,
    ) -> i32 {
        debug_assert!(alpha < beta);
        self.nodes += 1;
        if B::CAN_STOP {
            if self.nodes & 1023 == 0 && budget.expired(self.nodes) {
                self.aborted = true;
            }
            if self.aborted {
                return 0;
            }
        }

        let possible = p.possible_non_losing_moves();
        let cells = (p.width() * p.height()) as i32;
        let n = p.moves_played() as i32;
        if possible == 0 {
            // Every move lets the opponent win with their next stone.
            return -(cells - n) / 2;
        }
        if n >= cells - 2 {
            // Two cells left, we cannot win and have a safe move: the opponent cannot win either.
            return 0;
        }

        // The opponent cannot win with their next stone, so we lose at best later.
        let min = -(cells - 2 - n) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // We cannot win with this stone.
        let max = (cells - 1 - n) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        let key = p.key();
        let stored = self.table.get(key) as i32;
        if stored != 0 {
            // Values above (max - min + 1) encode lower bounds, the rest upper bounds.
            if stored > self.max_score - self.min_score + 1 {
                let lower = stored + 2 * self.min_score - self.max_score - 2;
                if alpha < lower {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                let upper = stored + self.min_score - 1;
                if beta > upper {
                    beta = upper;
                    if alpha >= beta {
                        return beta;
                    }
                }
            }
        }

        if let Some(s) = self.book_score(p) {
            return s;
        }

        let mut moves = MoveSorter::new();
        for &col in self.order.iter().rev() {
            let mv = possible & p.column_mask(col);
            if mv != 0 {
                self.table.prefetch(p.child_key(mv));
                moves.add(mv, p.move_score(mv));
            }
        }

        while let Some(mv) = moves.next() {
            let mut child = *p;
            child.play(mv);
            let score = -self.negamax(&child, -beta, -alpha, budget);
            if B::CAN_STOP && self.aborted {
                return 0;
            }
            if score >= beta {
                self.store(key, score + self.max_score - 2 * self.min_score + 2);
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.store(key, alpha - self.min_score + 1);
        alpha
    }

    #[inline(always)]
    fn store(&mut self, key: u64, value: i32) {
        // Scores stay within [min_score, max_score] on real boards; guard odd tiny boards.
        if (1..=255).contains(&value) {
            self.table.put(key, value as u8);
        }
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("size", &self.size)
            .field("table_bits", &self.table_bits)
            .field("nodes", &self.nodes)
            .field("book", &self.book.as_ref().map(|b| b.len()))
            .finish()
    }
}
