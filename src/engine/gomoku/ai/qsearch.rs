//! The leaf search: a VCF quiescence. Below the main search's horizon the side to move may
//! stand pat on its static evaluation or continue with fours; the opponent's only replies
//! to a four are its forced blocks. Bounded by alpha and beta, with hash entries, and after
//! the first four only fours on the lines of the last one (a continuation that does not use
//! the last four was available a move earlier).

use super::pattern::Combo;
use super::search::{Cat, MAX_PLY, Searcher, WIN, from_tt, to_tt};
use super::tt::Bound;
use crate::engine::gomoku::pos::{Pos, Stone};

impl Searcher<'_> {
    /// Leaf value for the side to move within `alpha..beta`; `fours`: how many more fours
    /// it may play; `last`: our last four in this line, if any.
    pub(super) fn qsearch(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: usize,
        fours: i32,
        last: Option<Pos>,
    ) -> i32 {
        self.counted(Cat::LeafVcf, |s| {
            s.qsearch_inner(alpha, beta, ply, fours, last, 0)
        })
    }

    /// Whether `me`, to move with no five or open four of either side on the board, wins by
    /// a four-three: the opponent must block the four and loses unless that block makes a
    /// four of its own. Without `b43_check` only where the opponent has no four at all
    /// (`opp_fours` false), and never for Renju's Black; with it, each four-three point is
    /// played to see its forced block (see [`super::params::Params::b43_check`]).
    pub(super) fn four_three_wins(&mut self, me: Stone, opp_fours: bool) -> bool {
        if self.st.count(me, Combo::Block4Flex3) == 0 {
            return false;
        }
        let renju_black = self.st.renju() && me == Stone::Black;
        if !opp_fours && !renju_black {
            return true;
        }
        if self.p.b43_check <= 0.0 {
            return false;
        }
        let mut points = std::mem::take(&mut self.four_threes);
        self.st.points_with(me, Combo::Block4Flex3, &mut points);
        let wins = points.iter().any(|&f| {
            self.st.combo(f, me) == Combo::Block4Flex3 && self.four_three_point_wins(f, me)
        });
        self.four_threes = points;
        wins
    }

    /// Whether `me`'s four-three at `f` wins: the forced block of its four makes no four of
    /// the opponent's, and under Renju Black's three can still become an open four.
    pub(super) fn four_three_point_wins(&mut self, f: usize, me: Stone) -> bool {
        let opp = me.opponent();
        self.st.make(self.pos(f));
        self.st.points_with(me, Combo::Five, &mut self.buf);
        // A forbidden block (Black's, under Renju) is no block: `Forbidden` < `Block4`.
        let defended = self
            .buf
            .first()
            .is_none_or(|&b| self.st.combo(b, opp) >= Combo::Block4);
        // The block is on the four's line, never on the three's: the open-four point found
        // now is still there after it.
        let real = !(self.st.renju() && me == Stone::Black) || self.st.count(me, Combo::Flex4) > 0;
        self.st.unmake();
        !defended && real
    }

    /// `shaped`: how many of our fours in a row, up to here, came with another shape.
    fn qsearch_inner(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        fours: i32,
        last: Option<Pos>,
        shaped: u8,
    ) -> i32 {
        if self.poll() {
            return 0;
        }
        self.tick();
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            return WIN - (ply as i32 + 1);
        }
        if ply + 2 >= MAX_PLY {
            return self.st.evaluate();
        }
        if self.st.count(opp, Combo::Five) > 0 {
            // Our forced block: it costs the attacker's four budget nothing.
            self.st.points_with(opp, Combo::Five, &mut self.buf);
            let f = self.buf[0];
            if self.buf.len() >= 2 || !self.st.playable(f) {
                return -(WIN - (ply as i32 + 2));
            }
            self.st.make(self.pos(f));
            let v = -self.qsearch_inner(-beta, -alpha, ply + 1, fours, last, shaped);
            self.st.unmake();
            return v;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            return WIN - (ply as i32 + 3);
        }
        let opp_fours = self.st.count_at_least(opp, Combo::Block4) > 0;
        if !self.plain && self.four_three_wins(me, opp_fours) {
            return WIN - (ply as i32 + 5);
        }
        let key = self.st.hash();
        let mut eval = None;
        if let Some(h) = self.tt.probe(key) {
            if let Some(v) = h.cutoff(from_tt(h.score, ply), alpha, beta) {
                return v;
            }
            eval = Some(h.eval);
        }
        let eval = eval.unwrap_or_else(|| self.st.evaluate());
        // Stand pat: the side to move need not play a four.
        if eval >= beta || fours <= 0 || self.plain {
            return eval;
        }
        if self.st.count_at_least(me, Combo::Block4) == 0 {
            return eval;
        }
        // Which four of the line this is (0: the first).
        let k = self.p.qvcf_depth as i32 - fours;
        // Delta pruning: so far below alpha that fours which do not win cannot help.
        if self.p.qvcf_delta > 0.0
            && beta - alpha == 1
            && (eval as f32) + (self.p.qvcf_delta - self.p.qvcf_delta_ply * k as f32).max(768.0)
                < alpha as f32
        {
            return alpha;
        }
        // Late in the line, a plain four only after two fours with shapes.
        let plain_ok = self.p.qvcf_plain <= 0.0 || (k as f32) < self.p.qvcf_plain || shaped >= 2;
        let orig_alpha = alpha;
        alpha = alpha.max(eval);
        let mut best = eval;
        let mut best_move = None;
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        // The first four: anywhere, or (`qvcf_near`) near our own last move.
        let near = match last {
            None if self.p.qvcf_near > 0.0 => self.st.move_back(1),
            _ => None,
        };
        match last {
            Some(p) => self
                .st
                .points_near_with(p, me, Combo::Block4, &mut self.buf),
            None => self.st.points_with(me, Combo::Block4, &mut self.buf),
        }
        for &i in &self.buf {
            if !self.st.playable(i) {
                continue;
            }
            let c = self.st.combo(i, me);
            if !plain_ok && c == Combo::Block4 {
                continue;
            }
            if let Some(q) = near {
                let p = self.pos(i);
                let (dx, dy) = (p.x as i32 - q.x as i32, p.y as i32 - q.y as i32);
                let ring = dx.abs().max(dy.abs());
                let on_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
                if ring > 2 && !(on_line && ring <= 4) {
                    continue;
                }
            }
            moves.push((self.st.value(i, me) as i32, i));
        }
        moves.sort_unstable_by_key(|&(v, _)| std::cmp::Reverse(v));
        for &(_, m) in &moves {
            let p = self.pos(m);
            let next = if self.st.combo(m, me) > Combo::Block4 {
                shaped.saturating_add(1)
            } else {
                0
            };
            self.st.make(p);
            let v = -self.qsearch_inner(-beta, -alpha, ply + 1, fours - 1, Some(p), next);
            self.st.unmake();
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        if self.aborted {
            return 0;
        }
        let bound = Bound::of(best, orig_alpha, beta);
        self.tt
            .store(key, to_tt(best, ply), eval, best_move, 0, bound, false);
        best
    }
}
