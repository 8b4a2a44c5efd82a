//! Depth-limited alpha-beta with a static evaluation, for the Club level and for the Perfect
//! level when the exact solve does not finish in time (iterative deepening).
//!
//! Scores: decided positions score `±(MATE + exact)` where `exact` is the solver's score (so a
//! proven result is never confused with an evaluation, and faster wins still score higher);
//! evaluations stay well inside `(-MATE, MATE)`.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::position::{BoardSize, Position, winning_cells};
use super::solver::{Budget, Limit, Unlimited, win_now_score};

/// Offset of decided scores.
pub const MATE: i32 = 10_000;

const INF: i32 = MATE * 2;

/// Weights of a four-cell line holding 1, 2 or 3 stones of one side and none of the other.
const LINE_WEIGHTS: [i32; 4] = [0, 1, 4, 12];
/// An empty cell completing a four, on a row whose parity favours its owner (the first player
/// profits from threats on odd rows counted from 1, the second from even rows: zugzwang).
const GOOD_THREAT: i32 = 40;
/// Any other empty cell completing a four.
const THREAT: i32 = 15;
/// Per stone in the central column.
const CENTRE: i32 = 3;

/// Result of a depth-limited search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// Chosen 0-based column.
    pub column: usize,
    /// Its score (see the module docs).
    pub score: i32,
    /// Deepest fully completed depth, in plies.
    pub depth: u32,
    /// True if the search saw every line to the end of the game (no evaluation was used for
    /// the result), so `score` gives the exact outcome.
    pub complete: bool,
    /// Nodes visited.
    pub nodes: u64,
}

impl SearchReport {
    /// The solver-scale score if the result is a proven win or loss (`None` otherwise).
    pub fn proven_score(&self) -> Option<i32> {
        if self.score >= MATE {
            Some(self.score - MATE)
        } else if self.score <= -MATE {
            Some(self.score + MATE)
        } else {
            None
        }
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    depth: u8,
    bound: Bound,
    best: u8,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// Heuristic searcher for one board size.
pub struct Searcher {
    size: BoardSize,
    /// Every four-cell line as a bitmask.
    lines: Vec<u64>,
    /// Cells of rows 1, 3, 5... counted from 1 (0-based even rows).
    odd_rows: u64,
    centre_mask: u64,
    order: Vec<usize>,
    table: Vec<Entry>,
    nodes: u64,
    aborted: bool,
    /// Set when some leaf used the evaluation (the result is not a full solve).
    used_eval: bool,
}

impl Searcher {
    /// A searcher with a table of 2^`table_bits` entries (16 bytes each), clamped to 8..=26.
    pub fn new(size: BoardSize, table_bits: u32) -> Searcher {
        let (w, h) = (size.width() as i32, size.height() as i32);
        let bit = |c: i32, r: i32| 1u64 << (c * (h + 1) + r);
        let mut lines = Vec::new();
        for c in 0..w {
            for r in 0..h {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if (0..w).contains(&ec) && (0..h).contains(&er) {
                        lines.push((0..4).fold(0, |m, i| m | bit(c + i * dc, r + i * dr)));
                    }
                }
            }
        }
        let mut odd_rows = 0;
        let mut centre_mask = 0;
        for c in 0..w {
            for r in 0..h {
                if r % 2 == 0 {
                    odd_rows |= bit(c, r);
                }
                // Both middle columns on even widths.
                if c == w / 2 || (w % 2 == 0 && c == w / 2 - 1) {
                    centre_mask |= bit(c, r);
                }
            }
        }
        Searcher {
            size,
            lines,
            odd_rows,
            centre_mask,
            order: size.centre_order(),
            table: vec![Entry::default(); 1 << table_bits.clamp(8, 26)],
            nodes: 0,
            aborted: false,
            used_eval: false,
        }
    }

    /// Board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Static evaluation from the side to move's point of view.
    pub fn evaluate(&self, p: &Position) -> i32 {
        let mask = p.all_stones();
        let me = p.current_stones();
        let opp = me ^ mask;
        let mut s = 0;
        for &line in &self.lines {
            let a = (line & me).count_ones() as usize;
            let b = (line & opp).count_ones() as usize;
            if b == 0 {
                s += LINE_WEIGHTS[a.min(3)];
            } else if a == 0 {
                s -= LINE_WEIGHTS[b.min(3)];
            }
        }
        let h = p.height() as u32;
        let board = p.board_mask();
        let my_threats = winning_cells(me, mask, h, board);
        let opp_threats = winning_cells(opp, mask, h, board);
        // The first player is to move when an even number of stones is down.
        let (my_rows, opp_rows) = if p.moves_played().is_multiple_of(2) {
            (self.odd_rows, !self.odd_rows)
        } else {
            (!self.odd_rows, self.odd_rows)
        };
        let threat_value = |t: u64, good: u64| {
            (t & good).count_ones() as i32 * GOOD_THREAT + (t & !good).count_ones() as i32 * THREAT
        };
        s += threat_value(my_threats, my_rows) - threat_value(opp_threats, opp_rows);
        s += CENTRE
            * ((me & self.centre_mask).count_ones() as i32
                - (opp & self.centre_mask).count_ones() as i32);
        s
    }

    /// Searches exactly `depth` plies and returns a column whose score is within `margin` of
    /// the best (never a worse proven result); among those, `pick` chooses by index into the
    /// candidates, which are listed best first (ties centre first). `None` on a full board.
    pub fn search_depth(
        &mut self,
        p: &Position,
        depth: u32,
        margin: i32,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<SearchReport> {
        self.start(p);
        let scored = self.root(p, depth.max(1), margin, &[], &Unlimited)?;
        Some(self.report(p, scored, depth.max(1), margin, pick))
    }

    /// Iterative deepening up to `max_depth` plies, until `stop` is set or `deadline` passes:
    /// the move of the deepest completed iteration (the first always completes), most central
    /// among equals. Stops early on a proven result or once the search reaches the end of the
    /// game (`complete`). `None` on a full board.
    pub fn iterative_deepening(
        &mut self,
        p: &Position,
        max_depth: u32,
        stop: &AtomicBool,
        deadline: Option<Instant>,
    ) -> Option<SearchReport> {
        self.iterate(p, max_depth, &Limit::new(stop, deadline))
    }

    pub(crate) fn iterate(
        &mut self,
        p: &Position,
        max_depth: u32,
        limit: &Limit<'_>,
    ) -> Option<SearchReport> {
        self.start(p);
        let empty = (p.width() * p.height() - p.moves_played()) as u32;
        let mut scored = self.root(p, 1, 0, &[], &Unlimited)?;
        let mut depth = 1;
        let mut complete = !self.used_eval;
        while depth < max_depth.max(1) && !complete && !is_decided(&scored) {
            self.used_eval = false;
            let next = self.root(p, depth + 1, 0, &scored, limit);
            match next {
                Some(s) if !self.aborted => {
                    scored = s;
                    depth += 1;
                    complete = !self.used_eval || depth >= empty;
                }
                _ => break,
            }
        }
        let mut report = self.report(p, scored, depth, 0, |_| 0);
        report.complete = complete;
        Some(report)
    }

    fn start(&mut self, p: &Position) {
        // The lines and masks are per board size: adapt to a position of another size.
        if p.size() != self.size {
            *self = Searcher::new(p.size(), self.table.len().trailing_zeros());
        }
        // A fresh table per call keeps results independent of earlier calls.
        self.table.fill(Entry::default());
        self.nodes = 0;
        self.aborted = false;
        self.used_eval = false;
    }

    fn report(
        &self,
        p: &Position,
        scored: Vec<(usize, i32, bool)>,
        depth: u32,
        margin: i32,
        pick: impl FnOnce(usize) -> usize,
    ) -> SearchReport {
        let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
        // Randomise only among undecided moves.
        let margin = if best.abs() >= MATE { 0 } else { margin };
        let mut candidates: Vec<(usize, i32)> = scored
            .iter()
            .filter(|s| s.2 && s.1 >= best - margin && s.1.abs() < MATE || s.1 == best)
            .map(|s| (s.0, s.1))
            .collect();
        // Stable: equal scores keep centre-first order.
        candidates.sort_by_key(|c| std::cmp::Reverse(c.1));
        let i = pick(candidates.len()).min(candidates.len().saturating_sub(1));
        let (column, score) = candidates
            .get(i)
            .copied()
            .unwrap_or((p.legal_columns().first().copied().unwrap_or(0), best));
        SearchReport {
            column,
            score,
            depth,
            complete: !self.used_eval,
            nodes: self.nodes,
        }
    }

    /// Scores root moves: `(column, score, exact)` in centre order, or `None` on a full board.
    /// Moves are searched in the order of `previous` (best first) when given.
    fn root<B: Budget>(
        &mut self,
        p: &Position,
        depth: u32,
        margin: i32,
        previous: &[(usize, i32, bool)],
        budget: &B,
    ) -> Option<Vec<(usize, i32, bool)>> {
        let legal: Vec<usize> = self
            .order
            .iter()
            .copied()
            .filter(|&c| p.can_play(c))
            .collect();
        if legal.is_empty() {
            return None;
        }
        if let Some(&c) = legal.iter().find(|&&c| p.is_winning_move(c)) {
            return Some(vec![(c, MATE + win_now_score(p), true)]);
        }
        let safe = p.possible_non_losing_moves();
        let mut cols: Vec<usize> = legal
            .iter()
            .copied()
            .filter(|&c| safe & p.column_mask(c) != 0)
            .collect();
        if cols.is_empty() {
            // Every move loses at once: report them all as such.
            let lose = -(MATE + ((p.width() * p.height() - p.moves_played()) / 2) as i32);
            return Some(legal.iter().map(|&c| (c, lose, true)).collect());
        }
        if !previous.is_empty() {
            let mut ranked = previous.to_vec();
            ranked.sort_by_key(|s| std::cmp::Reverse(s.1));
            cols.sort_by_key(|c| ranked.iter().position(|s| s.0 == *c).unwrap_or(usize::MAX));
        }
        let mut out = Vec::with_capacity(cols.len());
        let mut best = -INF;
        for col in cols {
            let mut child = *p;
            child.play_col(col);
            // Moves within `margin` of the best get exact scores; worse ones only a bound.
            let alpha = if best == -INF {
                -INF
            } else {
                best - margin - 1
            };
            let score = -self.negamax(&child, depth - 1, -INF, -alpha, budget);
            if self.aborted {
                return None;
            }
            out.push((col, score, score > alpha));
            best = best.max(score);
        }
        // Back to centre order so that ties resolve toward the centre.
        let order = &self.order;
        out.sort_by_key(|s| order.iter().position(|&c| c == s.0));
        Some(out)
    }

    fn negamax<B: Budget>(
        &mut self,
        p: &Position,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        budget: &B,
    ) -> i32 {
        self.nodes += 1;
        if B::CAN_STOP {
            if self.nodes & 1023 == 0 && budget.expired(self.nodes) {
                self.aborted = true;
            }
            if self.aborted {
                return 0;
            }
        }
        if p.can_win_next() {
            return MATE + win_now_score(p);
        }
        let cells = (p.width() * p.height()) as i32;
        let n = p.moves_played() as i32;
        let possible = p.possible_non_losing_moves();
        if possible == 0 {
            return -(MATE + (cells - n) / 2);
        }
        if n >= cells - 2 {
            return 0;
        }
        if depth == 0 {
            self.used_eval = true;
            return self.evaluate(p);
        }

        let key = p.key();
        let slot =
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & (self.table.len() - 1);
        let entry = self.table[slot];
        let mut tt_move = None;
        if entry.key == key && entry.depth > 0 {
            tt_move = Some(entry.best as usize);
            if u32::from(entry.depth) >= depth {
                match entry.bound {
                    Bound::Exact => return entry.score,
                    Bound::Lower => alpha = alpha.max(entry.score),
                    Bound::Upper => beta = beta.min(entry.score),
                }
                if alpha >= beta {
                    return entry.score;
                }
            }
        }

        // Order: table move, then most threats created, centre first on ties.
        let mut moves: [(usize, i32); 9] = [(0, 0); 9];
        let mut len = 0;
        for &col in &self.order {
            let mv = possible & p.column_mask(col);
            if mv != 0 {
                let key = if tt_move == Some(col) {
                    i32::MAX
                } else {
                    p.move_score(mv) as i32
                };
                moves[len] = (col, key);
                len += 1;
            }
        }
        let moves = &mut moves[..len];
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_col = moves[0].0;
        for &(col, _) in moves.iter() {
            let mut child = *p;
            child.play_col(col);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, budget);
            if B::CAN_STOP && self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_col = col;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key,
            score: best,
            depth: depth.min(255) as u8,
            bound,
            best: best_col as u8,
        };
        best
    }
}

fn is_decided(scored: &[(usize, i32, bool)]) -> bool {
    let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
    // A proven win ends the search; so does every move being a proven loss.
    best >= MATE || best <= -MATE
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("size", &self.size)
            .field("table_entries", &self.table.len())
            .field("nodes", &self.nodes)
            .finish()
    }
}
