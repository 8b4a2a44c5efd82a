//! The root of the search: [`Searcher::run`] checks the root moves and runs the threat
//! searches (VCF, VCT, the opponent's threats) within their shares of the budget, then
//! [`Searcher::iterate`] deepens the main search (`search`) iteration by iteration, with
//! aspiration windows, reporting each finished depth.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::pattern::Combo;
use super::search::*;
use super::{InfoSink, Limits, SearchResult};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::Pos;

impl Searcher<'_> {
    pub(super) fn first_with(
        &mut self,
        c: crate::engine::gomoku::pos::Stone,
        combo: Combo,
    ) -> Vec<usize> {
        let mut out = Vec::new();
        self.st.points_with(c, combo, &mut out);
        out
    }

    pub(super) fn run(
        &mut self,
        game: &Game,
        limits: &Limits,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        let legal: Vec<usize> = (0..self.root_legal.len())
            .filter(|&i| self.root_legal[i])
            .collect();
        if game.outcome().is_over() || legal.is_empty() {
            return self.result(None, 0, 0, Vec::new());
        }
        let size = self.st.size();
        if self.st.ply() == 0 || self.st.board().stone_count() == 0 {
            let c = Pos::new((size / 2) as u8, (size / 2) as u8).index(size);
            let mv = if self.root_legal[c] { c } else { legal[0] };
            return self.result(Some(mv), 0, 0, vec![mv]);
        }
        let me = self.st.side();
        let opp = me.opponent();
        // Certain outcomes need no search.
        if let Some(&f) = self
            .first_with(me, Combo::Five)
            .iter()
            .find(|&&i| self.root_legal[i])
        {
            return self.result(Some(f), WIN - 1, 1, vec![f]);
        }
        let opp_fives = self.first_with(opp, Combo::Five);
        if !opp_fives.is_empty() {
            let block = opp_fives.iter().copied().find(|&i| self.root_legal[i]);
            let mv = block.unwrap_or(legal[0]);
            let v = if opp_fives.len() >= 2 || block.is_none() {
                -(WIN - 2)
            } else {
                // Forced: no time is spent on it; the score is the position after the block.
                self.st.make(self.pos(mv));
                let v = -self.st.evaluate();
                self.st.unmake();
                v
            };
            return self.result(Some(mv), v, 1, vec![mv]);
        }
        if let Some(&f) = self
            .first_with(me, Combo::Flex4)
            .iter()
            .find(|&&i| self.root_legal[i])
        {
            return self.result(Some(f), WIN - 3, 3, vec![f]);
        }
        // Threat-space search first: a forced win is played in the fewest moves.
        let vcf_depth = if self.plain { 0 } else { ROOT_VCF_DEPTH };
        // With `root_vcf_share`, the VCF gets a share of the time and nodes: with many
        // fours on the board it could take the whole move and leave no search at all.
        let budget = (self.p().root_vcf_share > 0.0).then(|| {
            self.begin_phase(
                self.p().root_vcf_share as f64,
                self.p().root_vcf_nodes as u64,
            )
        });
        let mut vcf = None;
        for depth in 1..=vcf_depth {
            if let Some((mv, n)) = self.counted(Cat::RootVcf, |s| s.vcf_root(depth)) {
                vcf = Some((mv, n, depth));
                break;
            }
            if self.aborted {
                break;
            }
        }
        if let Some(saved) = budget {
            self.end_phase(saved);
        }
        if let Some((mv, n, depth)) = vcf {
            let r = self.result(Some(mv), WIN - (2 * n as i32 - 1), depth, vec![mv]);
            sink.info(&r);
            return r;
        }
        let vct_time = self.vct || (!self.plain && self.soft.is_none_or(|s| s >= LONG_THINK));
        if vct_time
            && !self.aborted
            && let Some(r) = self.counted(Cat::Vct, |s| s.vct_root())
        {
            sink.info(&r);
            return r;
        }
        self.aborted = self.stop.load(Ordering::Relaxed);
        // Only with time to spare: at a few hundred milliseconds a move the check costs more
        // depth than it saves (measured: -60 Elo at 0.3 s a move in self-play).
        if !self.plain && !self.aborted && self.soft.is_some_and(|s| s >= LONG_THINK) {
            self.counted(Cat::Vct, |s| s.drop_root_losses());
            self.aborted = self.stop.load(Ordering::Relaxed);
        }
        let legal: Vec<usize> = legal.into_iter().filter(|&i| self.root_legal[i]).collect();
        let threads = limits.threads.max(1) as usize;
        if threads == 1 {
            return self.iterate(&legal, sink);
        }
        // Lazy SMP: helpers search the same root (after the threat checks above) on their
        // own boards, sharing only the hash table; their results reach the main thread
        // through it. They stop when the main thread is done.
        let done = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let tt = self.tt;
        let start = self.start;
        let mut result = std::thread::scope(|scope| {
            for id in 1..threads {
                let (done, helper_nodes, legal) = (&done, &helper_nodes, &legal);
                let root_legal = self.root_legal.clone();
                scope.spawn(move || {
                    let mut h = Searcher::new(game, tt, limits, done, start);
                    h.root_legal = root_legal;
                    h.helper = id;
                    h.soft = None;
                    h.iterate(legal, &mut super::NoInfo);
                    helper_nodes.fetch_add(h.nodes, Ordering::Relaxed);
                });
            }
            let result = self.iterate(&legal, sink);
            done.store(true, Ordering::Relaxed);
            result
        });
        result.nodes += helper_nodes.load(Ordering::Relaxed);
        result
    }

    pub(super) fn iterate(&mut self, legal: &[usize], sink: &mut dyn InfoSink) -> SearchResult {
        let mut best: SearchResult = self.result(Some(legal[0]), 0, 0, vec![legal[0]]);
        let mut have_best = false;
        let mut prev: i32 = 0;
        // Iterations in a row that kept the same best move.
        let mut stable = 0;
        // Helpers start one ply deeper every other thread, so threads spread over depths.
        let first = 2 + (self.helper % 2) as i32;
        for depth in first..=self.max_depth {
            let mut delta = self.p().aspiration as i32;
            let (mut alpha, mut beta) = if depth >= 5 && prev.abs() < WIN_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            self.root_best = None;
            let v = loop {
                let v = self.search(depth as f32, alpha, beta, 0, false);
                if self.aborted {
                    break v;
                }
                // A failed window grows; a win or loss score opens it on that side.
                delta *= 2;
                if v <= alpha && alpha > -INF {
                    alpha = if v.abs() >= WIN_BOUND {
                        -INF
                    } else {
                        (v - delta).max(-INF)
                    };
                } else if v >= beta && beta < INF {
                    beta = if v.abs() >= WIN_BOUND {
                        INF
                    } else {
                        (v + delta).min(INF)
                    };
                } else {
                    break v;
                }
            };
            if self.aborted {
                // A root move proven better than the window's alpha in the stopped
                // iteration beats the last complete answer (its score is a lower bound).
                if let Some((mv, v)) = self.root_best
                    && have_best
                    && best.best != Some(self.pos(mv))
                    && v > -WIN_BOUND
                {
                    let pv: Vec<usize> = self.pv[0][..self.pv_len[0].max(1)].to_vec();
                    let pv = if pv.first() == Some(&mv) {
                        pv
                    } else {
                        vec![mv]
                    };
                    best = self.result(Some(mv), v, best.depth, pv);
                    sink.info(&best);
                }
                break;
            }
            let pv: Vec<usize> = self.pv[0][..self.pv_len[0]].to_vec();
            if let Some(&mv) = pv.first() {
                let changed = best.best != Some(self.pos(mv));
                stable = if changed || !have_best { 0 } else { stable + 1 };
                best = self.result(Some(mv), v, depth as u32, pv);
                have_best = true;
                sink.info(&best);
            }
            let won_before = prev > WIN_BOUND;
            prev = v;
            // The outcome is proven within the horizon.
            if v.abs() > WIN_BOUND && (WIN - v.abs()) <= depth {
                break;
            }
            if v > WIN_BOUND && won_before && stable >= 1 {
                // The same move has won in two iterations in a row: play it rather than
                // think on (the player waits; deeper search would only shorten the win).
                break;
            }
            if self.root_moves == 1 && depth >= 4 {
                break; // one move answers every threat: no need to think longer
            }
            if let Some(soft) = self.soft.filter(|_| !self.spend_all) {
                // The next iteration costs a few times this one. Start it while it can still
                // change the answer before the hard limit (a stopped iteration's better move
                // is kept); stop sooner when the best move has held for several iterations.
                let share = match stable {
                    0 => self.p().time_unstable,
                    1 | 2 => self.p().time_settling,
                    _ => self.p().time_stable,
                };
                if self.start.elapsed() >= soft.mul_f64(share as f64) {
                    break;
                }
            }
        }
        if !have_best {
            // Not even depth 2 finished: the best-valued legal candidate.
            let me = self.st.side();
            let opp = me.opponent();
            let mv = legal
                .iter()
                .copied()
                .max_by_key(|&i| self.st.value(i, me) as i32 + self.st.value(i, opp) as i32)
                .unwrap_or(legal[0]);
            best = self.result(Some(mv), self.st.evaluate(), 0, vec![mv]);
        }
        best.nodes = self.nodes;
        best.time = self.start.elapsed();
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::tt::Table;
    use super::super::{Limits, NoInfo, Score};
    use super::*;
    use crate::engine::gomoku::Rule;

    /// Freestyle (from a lost game against Rapfi, our White): White has a forced win
    /// (g3), but with fours everywhere the root's VCF ran through its whole budget
    /// without finding one and the move was played with no search at all. With a share
    /// of its own (`root_vcf_share`) the VCF gives up in time and the main search finds
    /// the win.
    #[test]
    fn the_root_vcf_leaves_the_search_its_budget() {
        let moves: Vec<Pos> = [
            "h8", "g8", "f6", "f10", "h10", "g7", "g6", "h6", "f8", "g9", "g11", "f7", "e7", "h9",
            "i10", "i9", "f9", "j7", "i8", "i5", "j6", "h5", "g4", "k5", "j5", "j4", "k3", "i3",
            "l6",
        ]
        .into_iter()
        .map(|h| Pos::from_human(h, 15).unwrap())
        .collect();
        let game = Game::from_moves(15, Rule::Freestyle, &moves).unwrap();
        let limits = Limits {
            nodes: Some(300_000),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let tt = Table::new(1 << 20);
        let mut s = Searcher::new(&game, &tt, &limits, &stop, std::time::Instant::now());
        let shared = s.run(&game, &limits, &mut NoInfo);
        assert!(shared.depth >= 4, "{shared:?}");
        assert!(matches!(shared.score, Score::Win(_)), "{shared:?}");
        assert_eq!(shared.best, Some(Pos::from_human("g3", 15).unwrap()));
        // Without the share (where it can be switched off) no search is left.
        #[cfg(feature = "tools")]
        {
            let tt = Table::new(1 << 20);
            let mut s = Searcher::new(&game, &tt, &limits, &stop, std::time::Instant::now());
            s.tuned = Box::leak(Box::new(super::super::params::Params {
                root_vcf_share: 0.0,
                ..super::super::params::Params::default()
            }));
            let unbounded = s.run(&game, &limits, &mut NoInfo);
            assert_eq!(unbounded.depth, 0, "{unbounded:?}");
        }
    }
}
