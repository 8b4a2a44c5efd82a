//! Move ordering: which candidate points a node searches, in what order, and what the
//! search learns from a cut-off (killers, counter-moves, history with gravity).
//!
//! The hash move comes first; then every candidate by a move score: the shapes the point
//! makes for us and for the opponent (from the pattern tables), killers and the counter-move
//! a little above quiet moves of the same shape (never above a threat), and history.

use super::pattern::{Combo, Pattern};
use super::search::{MAX_PLY, NO_MOVE, Searcher};
use crate::engine::gomoku::pos::{DIRECTIONS, Stone};

/// Bonus of a killer move and of the counter-move in the move score: about one open three's
/// worth, so they lead the quiet moves but never overtake a four or a three.
const KILLER_BONUS: i32 = 40;
const COUNTER_BONUS: i32 = 25;
/// History values are kept within +-HISTORY_MAX; divided by this in the move score.
pub(super) const HISTORY_MAX: i32 = 16_384;
const HISTORY_SCORE_DIV: i32 = 512;

impl Searcher<'_> {
    /// The attacker's combo at `i` as a defender reads it: with `forbid_shapes`, a point
    /// forbidden to the attacker (Renju's Black) still ends or splits its lines, so it
    /// counts by the shapes it would take, not as `Forbidden`.
    pub(super) fn attacker_combo(&self, i: usize, att: Stone) -> Combo {
        if self.p().forbid_shapes > 0.0 {
            self.st.shape_combo(i, att)
        } else {
            self.st.combo(i, att)
        }
    }

    /// The points that can stop the opponent's threats of an open four (its open threes,
    /// and points where it would make a double four): each such point, and every point
    /// where it would make a four on the lines through it (the three's other ends and
    /// gaps), forbidden to it or not. Fours of the opponent elsewhere on the board do not
    /// stop these threats.
    fn defence_points(&mut self, out: &mut Vec<usize>) {
        out.clear();
        let opp = self.st.side().opponent();
        self.st.points_with(opp, Combo::Flex4, &mut self.buf);
        for k in 0..self.buf.len() {
            let f = self.buf[k];
            out.push(f);
            for (_, j) in self.line_points(f, opp, Pattern::Block4) {
                if self.attacker_combo(j, opp) >= Combo::Block4 {
                    out.push(j);
                }
            }
        }
    }

    /// The points that can stop the opponent's four-three at its first such point `f`
    /// (`Params::defend_b4f3`): `f`, and every empty point within four cells of it on its
    /// four's and its three's lines, a superset of the exact defences. `false` when the
    /// block of that four would itself make a four of ours: then the four-three is no
    /// forced win and every move stays a candidate.
    fn b4f3_defence_points(&mut self, out: &mut Vec<usize>) -> bool {
        out.clear();
        let me = self.st.side();
        let opp = me.opponent();
        self.st.points_with(opp, Combo::Block4Flex3, &mut self.buf);
        let Some(&f) = self.buf.first() else {
            return false;
        };
        out.push(f);
        for (d, j) in self.line_points(f, opp, Pattern::Flex3) {
            if self.st.line(f, opp, d) == Pattern::Block4
                && self.st.line(j, opp, d) >= Pattern::Block4
            {
                if self.st.combo(j, me) >= Combo::Block4 {
                    return false;
                }
                if self.p().b4f3_prep > 0.0 {
                    out.extend(self.line_points(j, me, Pattern::Block3).map(|(_, k)| k));
                }
            }
            out.push(j);
        }
        true
    }

    /// The empty points within four cells of `f` on each line where a stone of `side` at
    /// `f` makes at least `min`, each with its line's direction. (With `b4f3_prep` and
    /// `min` a three, at a five point of the opponent's coming four: the points that
    /// would make our block there a four, so that it wins the tempo back.)
    fn line_points(
        &self,
        f: usize,
        side: Stone,
        min: Pattern,
    ) -> impl Iterator<Item = (usize, usize)> + '_ {
        let size = self.st.size();
        let p = self.pos(f);
        DIRECTIONS
            .into_iter()
            .enumerate()
            .filter(move |&(d, _)| self.st.line(f, side, d) >= min)
            .flat_map(move |(d, (dx, dy))| {
                (-4..=4)
                    .filter(|&s| s != 0)
                    .filter_map(move |step| p.offset(dx, dy, step, size))
                    .map(move |q| (d, q.index(size)))
            })
            .filter(move |&(_, j)| self.st.is_empty(j))
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
        let opp = me.opponent();
        let mut defending = defending;
        if defending {
            self.defence_points(&mut defences);
        } else if ply > 0
            && self.p().defend_b4f3 > 0.0
            && self.st.count(opp, Combo::Block4Flex3) > 0
            && !(self.st.renju() && opp == Stone::Black)
        {
            // Black's four-three under Renju may hide a forbidden point: left to the search.
            defending = self.b4f3_defence_points(&mut defences);
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
        let me = self.st.side();
        let side = me.index();
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
    #[cfg(feature = "tools")]
    use super::super::params::Params;
    use super::super::params::lmr;
    use super::*;
    use crate::engine::gomoku::Rule;

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

    /// A searcher at the freestyle position of `black` and `white` (alternating, Black
    /// first).
    fn searcher_at<'a>(
        black: &[(u8, u8)],
        white: &[(u8, u8)],
        tt: &'a super::super::tt::Table,
        stop: &'a std::sync::atomic::AtomicBool,
    ) -> Searcher<'a> {
        searcher_under(Rule::Freestyle, black, white, tt, stop)
    }

    /// The same under `rule`.
    fn searcher_under<'a>(
        rule: Rule,
        black: &[(u8, u8)],
        white: &[(u8, u8)],
        tt: &'a super::super::tt::Table,
        stop: &'a std::sync::atomic::AtomicBool,
    ) -> Searcher<'a> {
        use crate::engine::gomoku::{Game, Pos};
        let mut moves = Vec::new();
        for k in 0..black.len().max(white.len()) {
            for side in [black, white] {
                if let Some(&(x, y)) = side.get(k) {
                    moves.push(Pos::new(x, y));
                }
            }
        }
        let game = Game::from_moves(15, rule, &moves).unwrap();
        let limits = super::super::Limits::default();
        Searcher::new(&game, tt, &limits, stop, std::time::Instant::now())
    }

    /// The searcher after `moves` (as a player writes them, "h8") under `rule`.
    fn searcher_after<'a>(
        rule: Rule,
        moves: &[&str],
        tt: &'a super::super::tt::Table,
        stop: &'a std::sync::atomic::AtomicBool,
    ) -> Searcher<'a> {
        use crate::engine::gomoku::{Game, Pos};
        let moves: Vec<Pos> = moves
            .iter()
            .map(|h| Pos::from_human(h, 15).unwrap())
            .collect();
        let game = Game::from_moves(15, rule, &moves).unwrap();
        let limits = super::super::Limits::default();
        Searcher::new(&game, tt, &limits, stop, std::time::Instant::now())
    }

    /// The point named `h` ("h8") as an index.
    fn at(h: &str) -> usize {
        crate::engine::gomoku::Pos::from_human(h, 15)
            .unwrap()
            .index(15)
    }

    /// Runs the defence set of the four-three at this node: `point` is in it (with
    /// `b4f3_prep`, and only with it where the switch can be turned off), and so is every
    /// one of `always`.
    fn prep_adds(s: &mut Searcher, point: &str, always: &[&str]) {
        let mut set = Vec::new();
        let check = |s: &mut Searcher, set: &mut Vec<usize>, has: bool| {
            assert!(s.b4f3_defence_points(set));
            assert_eq!(set.contains(&at(point)), has, "{set:?}");
            for h in always {
                assert!(set.contains(&at(h)), "{h} missing from {set:?}");
            }
        };
        check(s, &mut set, true);
        #[cfg(feature = "tools")]
        {
            s.tuned = Box::leak(Box::new(Params {
                b4f3_prep: 0.0,
                ..Params::default()
            }));
            check(s, &mut set, false);
        }
    }

    #[test]
    fn a_four_three_is_answered_by_its_lines_unless_the_block_is_a_four() {
        let tt = super::super::tt::Table::new(1 << 20);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let at = |x: usize, y: usize| y * 15 + x;
        // Black's four-three point (6,7): a closed four on row 7 (completed at (7,7)) and
        // an open three down column 6. White to move.
        let black = [(3, 7), (4, 7), (5, 7), (6, 8), (6, 9)];
        let white = [(2, 7), (10, 10), (11, 12), (12, 3)];
        let mut s = searcher_at(&black, &white, &tt, &stop);
        assert_eq!(s.st.side(), Stone::White);
        assert_eq!(s.st.combo(at(6, 7), Stone::Black), Combo::Block4Flex3);
        let mut set = Vec::new();
        assert!(s.b4f3_defence_points(&mut set));
        // The point itself, the four's completion, the three's two ends.
        for p in [at(6, 7), at(7, 7), at(6, 6), at(6, 10)] {
            assert!(set.contains(&p), "{p} missing from {set:?}");
        }
        // Nothing off the two lines: not the points near White's own stones.
        for p in [at(10, 11), at(11, 11), at(7, 8), at(5, 8)] {
            assert!(!set.contains(&p), "{p} in {set:?}");
        }
        // White's column 4-6 makes the block at (7,7) an open four of its own: the
        // four-three is no forced win, and no narrowing applies.
        let white = [(7, 4), (7, 5), (7, 6), (2, 7)];
        let mut s = searcher_at(&black, &white, &tt, &stop);
        assert_eq!(s.st.combo(at(6, 7), Stone::Black), Combo::Block4Flex3);
        assert!(!s.b4f3_defence_points(&mut set));
    }

    /// A four-three wins statically only against an opponent with no four, and never for
    /// Renju's Black (its three may be fake).
    #[test]
    fn a_four_three_wins_only_against_no_four_and_never_for_renju_black() {
        let tt = super::super::tt::Table::new(1 << 20);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let at = |x: usize, y: usize| y * 15 + x;
        // Black's four-three point (6,7): a closed four on row 7 and an open three down
        // column 6. Black to move.
        let black = [(3, 7), (4, 7), (5, 7), (6, 8), (6, 9)];
        let white = [(2, 7), (0, 0), (14, 0), (0, 14), (14, 14)];
        for rule in Rule::ALL {
            let s = searcher_under(rule, &black, &white, &tt, &stop);
            assert_eq!(s.st.side(), Stone::Black);
            assert_eq!(s.st.combo(at(6, 7), Stone::Black), Combo::Block4Flex3);
            assert_eq!(s.four_three_wins(Stone::Black, false), rule != Rule::Renju);
            assert!(!s.four_three_wins(Stone::Black, true), "{rule:?}");
        }
    }

    /// Renju (from a lost game against Rapfi): Black's split three c10 _ e10 f10 threatens
    /// an open four at d10; its end b10 is forbidden to Black (a double four with the
    /// diagonal b10-f6) but is still where White blocks the line, and the only block that
    /// also stops Black's four at c9. With `forbid_shapes` the defence set has it.
    #[test]
    fn a_point_forbidden_to_black_is_still_a_defence() {
        let tt = super::super::tt::Table::new(1 << 20);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let moves = [
            "h8", "h7", "f6", "g7", "f7", "f8", "e9", "g5", "g8", "h9", "e10", "g9", "e7", "e8",
            "d8", "d7", "f10", "g11", "c10",
        ];
        let mut s = searcher_after(Rule::Renju, &moves, &tt, &stop);
        assert_eq!(s.st.side(), Stone::White);
        assert_eq!(s.st.combo(at("d10"), Stone::Black), Combo::Flex4);
        assert_eq!(s.st.combo(at("b10"), Stone::Black), Combo::Forbidden);
        assert!(s.st.shape_combo(at("b10"), Stone::Black) >= Combo::Block4);
        let mut set = Vec::new();
        s.defence_points(&mut set);
        for h in ["b10", "d10", "g10"] {
            assert!(set.contains(&at(h)), "{h} missing from {set:?}");
        }
        #[cfg(feature = "tools")]
        {
            s.tuned = Box::leak(Box::new(Params {
                forbid_shapes: 0.0,
                ..Params::default()
            }));
            s.defence_points(&mut set);
            assert!(!set.contains(&at("b10")), "without the switch: {set:?}");
        }
    }

    /// Freestyle (from a lost game against Rapfi, our Black): after i6 Black's four-three
    /// at g8 (the four g8-j8, whose five point is f8, and the split three g8 _ i6 j5)
    /// looks won, and i11 is off both its lines. But i11 gives White the three h10 i11 j12
    /// through f8, so White's forced block at f8 becomes a four and wins the tempo back
    /// (Rapfi played it and won). With `b4f3_prep` the defence set has it.
    #[test]
    fn a_point_that_makes_the_block_a_four_is_a_defence() {
        let tt = super::super::tt::Table::new(1 << 20);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let moves = [
            "h8", "j9", "h9", "k10", "j5", "h10", "i10", "j11", "i8", "i12", "l9", "j12", "j8",
            "k8", "i6",
        ];
        let mut s = searcher_after(Rule::Freestyle, &moves, &tt, &stop);
        assert_eq!(s.st.side(), Stone::White);
        assert_eq!(s.st.combo(at("g8"), Stone::Black), Combo::Block4Flex3);
        assert!(s.st.combo(at("f8"), Stone::White) < Combo::Block4);
        prep_adds(&mut s, "i11", &["g8", "f8", "h7"]);
    }

    /// Renju (from a lost game against Rapfi, our White): after k7 White's first
    /// four-three point is k9 (the four g9-k9, whose five point is j9, and the three k6 k7
    /// _ k9). Black's j6 is off both lines, but Black's block at j9 then makes the four
    /// j6-j9: Rapfi answered j6, and our White, whose search had left j6 out of Black's
    /// defences, had claimed "win in 5" three moves in a row.
    #[test]
    fn renju_white_four_three_is_met_by_a_point_that_makes_the_block_a_four() {
        let tt = super::super::tt::Table::new(1 << 20);
        let stop = std::sync::atomic::AtomicBool::new(false);
        let moves = [
            "h8", "i8", "g6", "h6", "j8", "i9", "i10", "i5", "g7", "h9", "g10", "g9", "f9", "i6",
            "i7", "k6", "j7", "k7",
        ];
        let mut s = searcher_after(Rule::Renju, &moves, &tt, &stop);
        assert_eq!(s.st.side(), Stone::Black);
        let mut firsts = Vec::new();
        s.st.points_with(Stone::White, Combo::Block4Flex3, &mut firsts);
        assert_eq!(firsts.first(), Some(&at("k9")));
        prep_adds(&mut s, "j6", &["j9", "k8"]);
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(lmr(8.0, 1), 0.0);
        assert!(lmr(8.0, 10) > lmr(4.0, 10));
        assert!(lmr(8.0, 20) > lmr(8.0, 5));
    }
}
