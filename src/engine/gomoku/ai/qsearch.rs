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
            s.qsearch_inner(alpha, beta, ply, fours, last)
        })
    }

    /// Whether `me`, to move with no five or open four of either side on the board, wins by
    /// a four-three: the opponent must block the four and has no four of its own to answer
    /// with (`opp_fours`), and `me` is not Renju's Black (whose three may be fake).
    pub(super) fn four_three_wins(&self, me: Stone, opp_fours: bool) -> bool {
        self.st.count(me, Combo::Block4Flex3) > 0
            && !opp_fours
            && !(self.st.renju() && me == Stone::Black)
    }

    fn qsearch_inner(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        fours: i32,
        last: Option<Pos>,
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
            let v = -self.qsearch_inner(-beta, -alpha, ply + 1, fours, last);
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
        let orig_alpha = alpha;
        alpha = alpha.max(eval);
        let mut best = eval;
        let mut best_move = None;
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
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
            moves.push((self.st.value(i, me) as i32, i));
        }
        moves.sort_unstable_by_key(|&(v, _)| std::cmp::Reverse(v));
        for &(_, m) in &moves {
            let p = self.pos(m);
            self.st.make(p);
            let v = -self.qsearch_inner(-beta, -alpha, ply + 1, fours - 1, Some(p));
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
