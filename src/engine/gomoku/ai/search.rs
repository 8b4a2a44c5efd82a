//! The main search: iterative deepening principal-variation alpha-beta over fractional
//! depth, laid out as a tournament engine's: a bucketed hash table that keeps the static
//! evaluation (`tt`), a move picker with hash move, killers, counter-moves and bounded
//! history (`movepick`), a VCF quiescence at the leaves (`qsearch`), reverse futility,
//! razoring, move-count and no-shape pruning with an "improving" flag, late-move reductions
//! at full scale, static four-three wins, and threat-space searches at the root (`vcf`,
//! `vct`). Its numbers live in `params`; `time` turns clocks into limits.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::params::lmr;
use super::pattern::Combo;
pub use super::searcher::CutOff;
pub(super) use super::searcher::{MAX_PLY, NO_MOVE, Searcher};
pub(crate) use super::stats::Cat;
pub use super::stats::NodeStats;
use super::tt::{Bound, Table};
use super::{InfoSink, Limits, Score, SearchResult};
use crate::engine::gomoku::game::Game;

/// Default hash table size.
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

/// A won position scores `WIN - plies to the five`.
pub const WIN: i32 = 30_000;
pub(super) const WIN_BOUND: i32 = WIN - 1_000;
pub(super) const INF: i32 = WIN + 1;
/// Fours the VCT's attacking nodes try in their VCF.
pub(super) const LEAF_VCF_DEPTH: u32 = 5;
/// Fours the root VCF may chain.
pub(super) const ROOT_VCF_DEPTH: u32 = 14;
/// Root moves checked for an opponent's win by threats, the VCT depth (threats) reached at
/// most, and the share of the soft time limit the check may use.
pub(super) const ROOT_THREAT_CANDIDATES: usize = 24;
pub(super) const ROOT_THREAT_VCT_DEPTH: u32 = 6;
pub(super) const ROOT_THREAT_SHARE: f64 = 0.25;
/// The root's threat phases (our own VCT unless asked for, the check of every candidate
/// against the opponent's) run only with this much time: at a few hundred milliseconds a
/// move the main search finds the same wins and they cost more depth than they save.
pub(super) const LONG_THINK: Duration = Duration::from_millis(900);
/// Node cap of each root threat phase, which also bounds it when no time limit is set.
pub(super) const PHASE_NODES: u64 = 400_000;

/// A search engine with its hash table, kept between moves of a game.
pub struct Engine {
    tt: Table,
    last_stats: NodeStats,
    /// Whether searches record their cut-off nodes, and those of the last one.
    record: bool,
    cutoffs: Vec<CutOff>,
}

impl Engine {
    pub fn new(hash_bytes: usize) -> Engine {
        Engine {
            tt: Table::new(hash_bytes),
            last_stats: NodeStats::default(),
            record: false,
            cutoffs: Vec::new(),
        }
    }

    /// From now on, each search records the nodes of depth 2 or more where a move cut off
    /// (for fitting the move picker); [`Engine::take_cutoffs`] hands them over.
    pub fn record_cutoffs(&mut self, on: bool) {
        self.record = on;
    }

    /// The cut-off nodes the last search recorded.
    pub fn take_cutoffs(&mut self) -> Vec<CutOff> {
        std::mem::take(&mut self.cutoffs)
    }

    /// Changes the hash table size (clears it).
    pub fn resize_hash(&mut self, bytes: usize) {
        self.tt = Table::new(bytes);
    }

    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets everything learnt (a new game). Searches from a cleared engine are
    /// reproducible for the same limits by depth or nodes.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches the position for the side to move within `limits`; returns when a limit is
    /// reached, when `stop` is set, or when the result is certain. Never returns an illegal
    /// move, nor a forbidden one for Black under Renju.
    pub fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let mut s = Searcher::new(game, &self.tt, limits, stop, start);
        if self.record {
            s.record = Some(Vec::new());
        }
        let mut result = s.run(game, limits, sink);
        result.time = start.elapsed();
        self.last_stats = s.stats;
        self.cutoffs = s.record.take().unwrap_or_default();
        result
    }

    /// Where the last search's main thread spent its nodes.
    pub fn last_stats(&self) -> NodeStats {
        self.last_stats
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(DEFAULT_HASH_BYTES)
    }
}

/// Converts an internal score to the public form.
pub fn score_of(v: i32) -> Score {
    if v > WIN_BOUND {
        Score::Win(((WIN - v) as u32).div_ceil(2).max(1))
    } else if v < -WIN_BOUND {
        Score::Loss(((WIN + v) as u32 / 2).max(1))
    } else {
        Score::Eval(v)
    }
}

#[inline]
pub(super) fn to_tt(v: i32, ply: usize) -> i32 {
    if v > WIN_BOUND {
        v + ply as i32
    } else if v < -WIN_BOUND {
        v - ply as i32
    } else {
        v
    }
}

#[inline]
pub(super) fn from_tt(v: i32, ply: usize) -> i32 {
    if v > WIN_BOUND {
        v - ply as i32
    } else if v < -WIN_BOUND {
        v + ply as i32
    } else {
        v
    }
}

impl<'a> Searcher<'a> {
    pub(super) fn result(
        &self,
        best: Option<usize>,
        v: i32,
        depth: u32,
        pv: Vec<usize>,
    ) -> SearchResult {
        SearchResult {
            best: best.map(|i| self.pos(i)),
            score: score_of(v),
            depth,
            nodes: self.nodes,
            pv: pv.into_iter().map(|i| self.pos(i)).collect(),
            time: self.start.elapsed(),
        }
    }

    /// The main alpha-beta search. `depth` is fractional: reductions move it by parts of a
    /// ply. `cut_node`: a cut-off is expected here (a null-window child of a reduced or later
    /// move), where reductions may be larger.
    pub(super) fn search(
        &mut self,
        depth: f32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            self.tick();
            return WIN - (ply as i32 + 1);
        }
        if ply + 2 >= MAX_PLY {
            return self.st.evaluate();
        }
        if self.st.count(opp, Combo::Five) > 0 {
            self.tick();
            self.st.points_with(opp, Combo::Five, &mut self.buf);
            if self.buf.len() >= 2 {
                return -(WIN - (ply as i32 + 2));
            }
            let f = self.buf[0];
            if !self.st.playable(f) || (ply == 0 && !self.root_legal[f]) {
                return -(WIN - (ply as i32 + 2));
            }
            // A forced reply costs no depth.
            self.st.make(self.pos(f));
            let v = -self.search(depth, -beta, -alpha, ply + 1, !cut_node);
            self.st.unmake();
            self.set_pv(ply, f);
            return v;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            self.tick();
            return WIN - (ply as i32 + 3);
        }
        if self.st.board().is_full() {
            return 0;
        }
        if depth <= 0.0 {
            return self.qsearch(alpha, beta, ply, self.p().qvcf_depth as i32, None);
        }
        self.tick();
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            // Mate distance: no line from here beats a win already found nearer the root.
            alpha = alpha.max(-(WIN - ply as i32));
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let key = self.st.hash();
        let mut tt_move = None;
        let mut tt_eval = None;
        let mut was_pv = pv_node;
        if let Some(h) = self.tt.probe(key) {
            tt_move = h.best.filter(|&i| self.st.playable(i));
            tt_eval = Some(h.eval);
            was_pv |= h.pv;
            if ply > 0
                && !pv_node
                && h.depth as f32 >= depth
                && let Some(v) = h.cutoff(from_tt(h.score, ply), alpha, beta)
            {
                return v;
            }
        }

        let selective = !self.plain;
        let static_eval = tt_eval.unwrap_or_else(|| self.st.evaluate());
        self.evals[ply] = static_eval;
        let improving = ply < 2 || static_eval > self.evals[ply - 2];
        // The opponent threatens an open four (it has an open three) or more.
        let opp_three = self.st.count_at_least(opp, Combo::Flex4) > 0;
        // Nothing the opponent can do next move forces us: no four-three or better (with
        // `prune_b4f3`: no open three or four; a four-three point is answered by the
        // defence set, not by a wider search).
        let quiet_node = if self.p().prune_b4f3 > 0.0 {
            !opp_three
        } else {
            self.st.count_at_least(opp, Combo::Block4Flex3) == 0
        };
        let opp_fours = self.st.count_at_least(opp, Combo::Block4) > 0;

        if selective && ply > 0 {
            // Static wins: a four-three, or a double three against an opponent that has no
            // four to answer with (never Renju's Black: its double three is forbidden).
            if self.four_three_wins(me, opp_fours) {
                return WIN - (ply as i32 + 5);
            }
            let renju_black = self.st.renju() && me == crate::engine::gomoku::pos::Stone::Black;
            if !opp_fours && !renju_black && self.st.count(me, Combo::DoubleFlex3) > 0 {
                return WIN - (ply as i32 + 7);
            }
        }

        if selective && !pv_node && ply > 0 && quiet_node && beta.abs() < WIN_BOUND {
            // Reverse futility: far enough above beta that no quiet line will come back.
            let rfp = if self.p().rfp_renju > 0.0 && self.st.renju() {
                self.p().rfp_renju
            } else {
                self.p().rfp
            };
            if depth < self.p().rfp_depth
                && static_eval as f32 - rfp * (depth - improving as i32 as f32).max(0.5)
                    >= beta as f32
            {
                return static_eval;
            }
            // Razoring: far below alpha, only a win by fours can save the node.
            if depth < self.p().razor_depth
                && (static_eval as f32 + self.p().razor + self.p().razor_per_ply * depth)
                    < alpha as f32
            {
                let v = self.qsearch(alpha, alpha + 1, ply, self.p().qvcf_depth as i32, None);
                if v <= alpha {
                    return v;
                }
            }
        }

        // Internal iterative reduction: no hash move, so the order below is a guess; a
        // shallower search here is cheaper and leaves one for the next iteration.
        let iir = selective && ply > 0 && tt_move.is_none();
        let depth = if iir && depth >= self.p().iir_depth {
            depth - 1.0
        } else {
            depth
        };

        // One move list per ply, reused: no allocation per node. Staged: below the root and
        // when not answering an open three, the hash move is searched before anything is
        // generated, and the rest only if it does not cut off.
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        let staged = match tt_move {
            Some(m) if ply > 0 && !opp_three && self.st.near(m) => {
                moves.clear();
                moves.push((i32::MAX, m));
                true
            }
            _ => {
                self.generate(ply, tt_move, opp_three, &mut moves);
                false
            }
        };
        let mut generated = !staged;
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return self.st.evaluate();
        }
        if ply == 0 {
            self.root_moves = moves.len();
        }

        let prev = self.st.last_move_index();
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let futile = selective
            && !pv_node
            && depth <= 3.0
            && quiet_node
            && static_eval as f32 + self.p().fut_base + self.p().fut_per_ply * depth
                <= alpha as f32;
        let lmp_limit = if selective && ply > 0 {
            let mc = 3.0 + depth.floor().max(0.0).powf(self.p().lmp_exp);
            (if improving { mc } else { mc / 2.0 }) as usize
        } else {
            usize::MAX
        };
        // Our open threes (attacks the opponent must answer) are skipped later, if at all.
        let lmp_three_limit = match self.p().lmp_keep_three {
            k if k <= 0.0 => lmp_limit,
            k if k < 2.0 => usize::MAX,
            k => lmp_limit.saturating_mul(k as usize),
        };
        let mut tried = 0usize;
        let mut n = usize::MAX;
        loop {
            n = n.wrapping_add(1);
            if n == moves.len() {
                if generated {
                    break;
                }
                // The hash move did not cut off: the rest, with it kept first (searched).
                generated = true;
                let searched = moves[0];
                self.generate(ply, tt_move, opp_three, &mut moves);
                match moves.iter().position(|&(_, i)| i == searched.1) {
                    Some(k) => {
                        let e = moves.remove(k);
                        moves.insert(0, e);
                    }
                    None => moves.insert(0, searched),
                }
                if n == moves.len() {
                    break;
                }
            }
            let m = moves[n].1;
            let mine = self.st.combo(m, me);
            let theirs = self.st.combo(m, opp);
            // A threat of ours, or a move that takes a three- or four-point of theirs.
            let tactical = mine >= Combo::Flex3 || theirs >= Combo::Flex3;
            let count_limit = if mine >= Combo::Flex3 {
                lmp_three_limit
            } else {
                lmp_limit
            };
            if selective
                && ply > 0
                && best > -WIN_BOUND
                && mine < Combo::Block4
                && tried + 1 >= count_limit
            {
                continue;
            }
            if selective && ply > 0 && best > -WIN_BOUND && !tactical {
                // No shape at all for either side: such moves only matter deep down.
                if depth < self.p().noshape_depth && mine < Combo::Block3 && theirs < Combo::Block3
                {
                    continue;
                }
                if futile && tried > 0 {
                    continue;
                }
            }
            self.st.make(self.pos(m));
            let v = if tried == 0 {
                -self.search(depth - 1.0, -beta, -alpha, ply + 1, !pv_node && !cut_node)
            } else {
                let mut r = 0.0f32;
                if selective && depth >= 2.0 {
                    r = self.p().lmr_base + lmr(depth, tried + 1) / self.p().lmr_div;
                    // At an expected cut node a late move is unlikely to matter.
                    if cut_node {
                        r += self.p().lmr_cut;
                    }
                    if !pv_node && !improving {
                        r += self.p().lmr_not_improving;
                    }
                    if was_pv {
                        r -= self.p().lmr_was_pv;
                    }
                    if mine >= Combo::Flex3 {
                        r -= self.p().lmr_threat;
                    }
                    r -= self.history[m][me.index()] as f32 / self.p().lmr_history;
                    r = r.clamp(0.0, depth - 1.0);
                } else if !selective && !tactical && depth >= 3.0 && tried >= 3 {
                    r = 1.0;
                }
                let reduced = depth - 1.0 - r;
                let mut v = -self.search(reduced, -alpha - 1, -alpha, ply + 1, true);
                // A reduced search that beat alpha is checked at full depth.
                if v > alpha && reduced < depth - 1.0 && !self.aborted {
                    v = -self.search(depth - 1.0, -alpha - 1, -alpha, ply + 1, !cut_node);
                }
                if v > alpha && v < beta && pv_node && !self.aborted {
                    v = -self.search(depth - 1.0, -beta, -alpha, ply + 1, false);
                }
                v
            };
            self.st.unmake();
            if self.aborted {
                break;
            }
            tried += 1;
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    self.set_pv(ply, m);
                    if ply == 0 {
                        self.root_best = Some((m, v));
                    }
                    if v >= beta {
                        self.reward(ply, m, prev, depth, &moves[..n], tactical);
                        if self.record.is_some() && depth >= 2.0 && ply > 0 {
                            if !generated {
                                // The hash move cut off before the rest was generated.
                                self.generate(ply, tt_move, opp_three, &mut moves);
                            }
                            self.record_cutoff(&moves, m);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        if self.aborted {
            return 0;
        }
        if best == -INF {
            // No move searched: every move was pruned (kept safe).
            return static_eval;
        }
        let bound = Bound::of(best, orig_alpha, beta);
        self.tt.store(
            key,
            to_tt(best, ply),
            static_eval,
            best_move,
            depth as i32,
            bound,
            was_pv,
        );
        best
    }

    fn set_pv(&mut self, ply: usize, m: usize) {
        let child_len = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            ply + 1
        };
        self.pv[ply][ply] = m;
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let end = child_len.max(ply + 1);
        head[ply][ply + 1..end].copy_from_slice(&tail[0][ply + 1..end]);
        self.pv_len[ply] = end;
    }
}

/// Searches with a fresh engine of the default size.
pub fn think(game: &Game, limits: &Limits, stop: &AtomicBool) -> SearchResult {
    Engine::new(16 << 20).think(game, limits, stop, &mut super::NoInfo)
}
