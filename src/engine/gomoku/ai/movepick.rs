//! Move ordering: which candidate points a node searches, in what order, and what the
//! search learns from a cut-off (killers, counter-moves, history with gravity).
//!
//! The hash move comes first; then every candidate by a move score: the shapes the point
//! makes for us and for the opponent (from the pattern tables), killers and the counter-move
//! a little above quiet moves of the same shape (never above a threat), and history.

use super::pattern::{Combo, Pattern};
use super::search::{MAX_PLY, NO_MOVE, Searcher};
use crate::engine::gomoku::pos::DIRECTIONS;

/// Bonus of a killer move and of the counter-move in the move score: about one open three's
/// worth, so they lead the quiet moves but never overtake a four or a three.
const KILLER_BONUS: i32 = 40;
const COUNTER_BONUS: i32 = 25;
/// History values are kept within +-HISTORY_MAX; divided by this in the move score.
pub(super) const HISTORY_MAX: i32 = 16_384;
const HISTORY_SCORE_DIV: i32 = 512;

impl Searcher<'_> {
    /// The points that can stop the opponent's threats of an open four (its open threes,
    /// and points where it would make a double four): each such point, and every point
    /// where it would make a four on the lines through it (the three's other ends and
    /// gaps). Fours of the opponent elsewhere on the board do not stop these threats.
    fn defence_points(&mut self, out: &mut Vec<usize>) {
        out.clear();
        let opp = self.st.side().opponent();
        let size = self.st.size();
        self.st.points_with(opp, Combo::Flex4, &mut self.buf);
        for k in 0..self.buf.len() {
            let f = self.buf[k];
            out.push(f);
            let p = self.pos(f);
            for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
                if self.st.line(f, opp, d) < Pattern::Block4 {
                    continue;
                }
                for step in (-4..=4).filter(|&s| s != 0) {
                    if let Some(q) = p.offset(dx, dy, step, size) {
                        let j = q.index(size);
                        if self.st.is_empty(j) && self.st.combo(j, opp) >= Combo::Block4 {
                            out.push(j);
                        }
                    }
                }
            }
        }
    }

    /// Candidate moves at this node, best first. `defending`: the opponent threatens an
    /// open four, so only our fours and the defence points can hold.
    pub(super) fn generate(
        &mut self,
        ply: usize,
        tt_move: Option<usize>,
        defending: bool,
        out: &mut Vec<(i32, usize)>,
    ) {
        out.clear();
        let me = self.st.side();
        let side = me.index();
        let n = self.st.size() * self.st.size();
        let (killers, counter) = if ply < MAX_PLY {
            let prev = self.st.last_move_index();
            (
                self.killers[ply],
                prev.map_or(NO_MOVE, |p| self.counter[p][side]),
            )
        } else {
            ([NO_MOVE; 2], NO_MOVE)
        };
        let mut defences = std::mem::take(&mut self.defences);
        if defending {
            self.defence_points(&mut defences);
        }
        for i in 0..n {
            if !self.st.near(i) || !self.st.playable(i) {
                continue;
            }
            if ply == 0 && !self.root_legal[i] {
                continue;
            }
            let mine = self.st.combo(i, me);
            if defending && mine < Combo::Block4 && !defences.contains(&i) {
                continue;
            }
            let mut score = self.st.move_score(i, me);
            score += self.history[i][side] / HISTORY_SCORE_DIV;
            if Some(i) == tt_move {
                score += 1 << 24;
            } else if killers.contains(&i) {
                score += KILLER_BONUS;
            } else if i == counter {
                score += COUNTER_BONUS;
            }
            out.push((score, i));
        }
        self.defences = defences;
        out.sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
    }

    /// A move caused a cut-off: it becomes a killer and the counter-move of the previous
    /// move, and gains history while the quiet moves tried before it lose some.
    pub(super) fn reward(
        &mut self,
        ply: usize,
        m: usize,
        prev: Option<usize>,
        depth: f32,
        tried_before: &[(i32, usize)],
        tactical: bool,
    ) {
        let side = self.st.side().index();
        let bonus = ((depth * depth * 32.0) as i32).min(2_000);
        if !tactical {
            if ply < MAX_PLY && self.killers[ply][0] != m {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = m;
            }
            if let Some(p) = prev {
                self.counter[p][side] = m;
            }
        }
        gravity(&mut self.history[m][side], bonus);
        for &(_, q) in tried_before {
            gravity(&mut self.history[q][side], -bonus);
        }
    }
}

/// Moves a history value toward +-HISTORY_MAX by `bonus`, less the nearer it already is.
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::super::params::lmr;
    use super::*;

    #[test]
    fn history_stays_bounded() {
        let mut h = 0;
        for _ in 0..10_000 {
            gravity(&mut h, 2_000);
        }
        assert!((HISTORY_MAX - 2_000..=HISTORY_MAX).contains(&h), "{h}");
        for _ in 0..10_000 {
            gravity(&mut h, -2_000);
        }
        assert!((-HISTORY_MAX..-HISTORY_MAX + 2_000).contains(&h), "{h}");
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(lmr(8.0, 1), 0.0);
        assert!(lmr(8.0, 10) > lmr(4.0, 10));
        assert!(lmr(8.0, 20) > lmr(8.0, 5));
    }
}
