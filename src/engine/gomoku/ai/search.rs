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
use crate::engine::gomoku::pos::Stone;

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

/// What a node knows once past its entry, for its pruning, its move loop and its exit.
struct Node {
    ply: usize,
    /// After the internal iterative reduction.
    depth: f32,
    pv_node: bool,
    cut_node: bool,
    /// Not a plain search: the selective pruning and reductions apply.
    selective: bool,
    me: Stone,
    opp: Stone,
    key: u64,
    tt_move: Option<usize>,
    was_pv: bool,
    static_eval: i32,
    improving: bool,
    /// The opponent threatens an open four (it has an open three) or more.
    opp_three: bool,
    /// Nothing the opponent can do next move forces us.
    quiet_node: bool,
    /// The opponent has a four to answer with.
    opp_fours: bool,
}

/// The move loop's pruning limits: futility, and the move counts past which quiet moves
/// (`count`) and our open threes (`three_count`) are skipped.
struct MovePruning {
    futile: bool,
    count: usize,
    three_count: usize,
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
        if let Some(v) = self.settled(depth, alpha, beta, ply, cut_node) {
            return v;
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
        let mut node = match self.enter(depth, alpha, beta, ply, pv_node, cut_node) {
            Ok(node) => node,
            Err(v) => return v,
        };
        if let Some(v) = self.prune_before_moves(&node, alpha, beta) {
            return v;
        }
        // Internal iterative reduction: no hash move, so the order below is a guess; a
        // shallower search here is cheaper and leaves one for the next iteration.
        if node.selective && ply > 0 && node.tt_move.is_none() && depth >= self.p().iir_depth {
            node.depth = depth - 1.0;
        }
        self.search_moves(&node, alpha, beta)
    }

    /// The node's value when the board alone settles it (a five, a forced reply, an open
    /// four, a full board, the horizon), before any node of the main search is counted.
    #[inline]
    fn settled(
        &mut self,
        depth: f32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<i32> {
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            self.tick();
            return Some(WIN - (ply as i32 + 1));
        }
        if ply + 2 >= MAX_PLY {
            return Some(self.st.evaluate());
        }
        if self.st.count(opp, Combo::Five) > 0 {
            self.tick();
            self.st.points_with(opp, Combo::Five, &mut self.buf);
            if self.buf.len() >= 2 {
                return Some(-(WIN - (ply as i32 + 2)));
            }
            let f = self.buf[0];
            if !self.st.playable(f) || (ply == 0 && !self.root_legal[f]) {
                return Some(-(WIN - (ply as i32 + 2)));
            }
            // A forced reply costs no depth.
            self.st.make(self.pos(f));
            let v = -self.search(depth, -beta, -alpha, ply + 1, !cut_node);
            self.st.unmake();
            self.set_pv(ply, f);
            return Some(v);
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            self.tick();
            return Some(WIN - (ply as i32 + 3));
        }
        if self.st.board().is_full() {
            return Some(0);
        }
        if depth <= 0.0 {
            return Some(self.qsearch(alpha, beta, ply, self.p().qvcf_depth as i32, None));
        }
        None
    }

    /// The node's entry: the hash probe (its cut-off is the `Err`), the static evaluation
    /// and the threats that decide what may be pruned.
    #[inline]
    fn enter(
        &mut self,
        depth: f32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> Result<Node, i32> {
        let me = self.st.side();
        let opp = me.opponent();
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
                return Err(v);
            }
        }

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
        Ok(Node {
            ply,
            depth,
            pv_node,
            cut_node,
            selective: !self.plain,
            me,
            opp,
            key,
            tt_move,
            was_pv,
            static_eval,
            improving,
            opp_three,
            quiet_node,
            opp_fours,
        })
    }

    /// The pruning before any move: static wins, reverse futility and razoring. `Some` is
    /// the node's value.
    #[inline]
    fn prune_before_moves(&mut self, node: &Node, alpha: i32, beta: i32) -> Option<i32> {
        let (ply, depth, me) = (node.ply, node.depth, node.me);
        if node.selective && ply > 0 {
            // Static wins: a four-three, or a double three against an opponent that has no
            // four to answer with (never Renju's Black: its double three is forbidden).
            if self.four_three_wins(me, node.opp_fours) {
                return Some(WIN - (ply as i32 + 5));
            }
            let renju_black = self.st.renju() && me == Stone::Black;
            if !node.opp_fours && !renju_black && self.st.count(me, Combo::DoubleFlex3) > 0 {
                return Some(WIN - (ply as i32 + 7));
            }
        }

        if node.selective && !node.pv_node && ply > 0 && node.quiet_node && beta.abs() < WIN_BOUND {
            let static_eval = node.static_eval;
            // Reverse futility: far enough above beta that no quiet line will come back.
            let rfp = if self.p().rfp_renju > 0.0 && self.st.renju() {
                self.p().rfp_renju
            } else {
                self.p().rfp
            };
            if depth < self.p().rfp_depth
                && static_eval as f32 - rfp * (depth - node.improving as i32 as f32).max(0.5)
                    >= beta as f32
            {
                return Some(static_eval);
            }
            // Razoring: far below alpha, only a win by fours can save the node.
            if depth < self.p().razor_depth
                && (static_eval as f32 + self.p().razor + self.p().razor_per_ply * depth)
                    < alpha as f32
            {
                let v = self.qsearch(alpha, alpha + 1, ply, self.p().qvcf_depth as i32, None);
                if v <= alpha {
                    return Some(v);
                }
            }
        }
        None
    }

    /// The move loop: each candidate in order, pruned, reduced or searched, until one cuts
    /// off; then the node's exit.
    fn search_moves(&mut self, node: &Node, mut alpha: i32, beta: i32) -> i32 {
        let ply = node.ply;
        // One move list per ply, reused: no allocation per node.
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        let mut generated = !self.first_moves(node, &mut moves);
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
        let limits = self.move_pruning(node, alpha);
        let mut tried = 0usize;
        let mut n = usize::MAX;
        loop {
            n = n.wrapping_add(1);
            if n == moves.len() {
                if generated {
                    break;
                }
                generated = true;
                self.generate_rest(node, &mut moves);
                if n == moves.len() {
                    break;
                }
            }
            let m = moves[n].1;
            let mine = self.st.combo(m, node.me);
            let theirs = self.st.combo(m, node.opp);
            // A threat of ours, or a move that takes a three- or four-point of theirs.
            let tactical = mine >= Combo::Flex3 || theirs >= Combo::Flex3;
            if self.skipped(node, &limits, best, tried, mine, theirs, tactical) {
                continue;
            }
            self.st.make(self.pos(m));
            let v = self.search_move(node, m, tried, alpha, beta, mine, tactical);
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
                        self.reward(ply, m, prev, node.depth, &moves[..n], tactical);
                        if self.record.is_some() && node.depth >= 2.0 && ply > 0 {
                            if !generated {
                                // The hash move cut off before the rest was generated.
                                self.generate(ply, node.tt_move, node.opp_three, &mut moves);
                            }
                            self.record_cutoff(&moves, m);
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        self.exit(node, best, best_move, orig_alpha, beta)
    }

    /// Fills `moves` with the first moves to search; `true` when that is the hash move
    /// alone (staged): below the root and when not answering an open three, the hash move
    /// is searched before anything is generated, and the rest only if it does not cut off.
    #[inline]
    fn first_moves(&mut self, node: &Node, moves: &mut Vec<(i32, usize)>) -> bool {
        match node.tt_move {
            Some(m) if node.ply > 0 && !node.opp_three && self.st.near(m) => {
                moves.clear();
                moves.push((i32::MAX, m));
                true
            }
            _ => {
                self.policy_at(node);
                self.generate(node.ply, node.tt_move, node.opp_three, moves);
                false
            }
        }
    }

    /// The move policy's pass at a node deep enough for its cost (`policy_lmr`).
    #[inline]
    fn policy_at(&mut self, node: &Node) {
        if self.wants_policy(node.depth) {
            self.policy_pass(node.ply);
        }
    }

    /// The hash move did not cut off: the rest, with it kept first (searched).
    #[inline]
    fn generate_rest(&mut self, node: &Node, moves: &mut Vec<(i32, usize)>) {
        let searched = moves[0];
        self.policy_at(node);
        self.generate(node.ply, node.tt_move, node.opp_three, moves);
        match moves.iter().position(|&(_, i)| i == searched.1) {
            Some(k) => {
                let e = moves.remove(k);
                moves.insert(0, e);
            }
            None => moves.insert(0, searched),
        }
    }

    /// The node's move-count and futility limits, for the move loop's pruning.
    #[inline]
    fn move_pruning(&self, node: &Node, alpha: i32) -> MovePruning {
        let depth = node.depth;
        let futile = node.selective
            && !node.pv_node
            && depth <= 3.0
            && node.quiet_node
            && node.static_eval as f32 + self.p().fut_base + self.p().fut_per_ply * depth
                <= alpha as f32;
        let count = if node.selective && node.ply > 0 {
            let mc = 3.0 + depth.floor().max(0.0).powf(self.p().lmp_exp);
            (if node.improving { mc } else { mc / 2.0 }) as usize
        } else {
            usize::MAX
        };
        // Our open threes (attacks the opponent must answer) are skipped later, if at all.
        let three_count = match self.p().lmp_keep_three {
            k if k <= 0.0 => count,
            k if k < 2.0 => usize::MAX,
            k => count.saturating_mul(k as usize),
        };
        MovePruning {
            futile,
            count,
            three_count,
        }
    }

    /// Whether the move loop skips a move unsearched: move-count pruning, moves of no
    /// shape, futility. Never before a move has been searched, nor once all lose.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn skipped(
        &self,
        node: &Node,
        limits: &MovePruning,
        best: i32,
        tried: usize,
        mine: Combo,
        theirs: Combo,
        tactical: bool,
    ) -> bool {
        if !(node.selective && node.ply > 0 && best > -WIN_BOUND) {
            return false;
        }
        let count_limit = if mine >= Combo::Flex3 {
            limits.three_count
        } else {
            limits.count
        };
        if mine < Combo::Block4 && tried + 1 >= count_limit {
            return true;
        }
        if !tactical {
            // No shape at all for either side: such moves only matter deep down.
            if node.depth < self.p().noshape_depth && mine < Combo::Block3 && theirs < Combo::Block3
            {
                return true;
            }
            if limits.futile && tried > 0 {
                return true;
            }
        }
        false
    }

    /// Searches the move `m` just made: the first at full window, the later ones with a
    /// null window (reduced, then checked at full depth), re-searched at full window in a
    /// PV node when they land inside it.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        node: &Node,
        m: usize,
        tried: usize,
        alpha: i32,
        beta: i32,
        mine: Combo,
        tactical: bool,
    ) -> i32 {
        let (depth, ply) = (node.depth, node.ply);
        if tried == 0 {
            return -self.search(
                depth - 1.0,
                -beta,
                -alpha,
                ply + 1,
                !node.pv_node && !node.cut_node,
            );
        }
        let reduced = depth - 1.0 - self.reduction(node, m, tried, mine, tactical);
        let mut v = -self.search(reduced, -alpha - 1, -alpha, ply + 1, true);
        // A reduced search that beat alpha is checked at full depth.
        if v > alpha && reduced < depth - 1.0 && !self.aborted {
            v = -self.search(depth - 1.0, -alpha - 1, -alpha, ply + 1, !node.cut_node);
        }
        if v > alpha && v < beta && node.pv_node && !self.aborted {
            v = -self.search(depth - 1.0, -beta, -alpha, ply + 1, false);
        }
        v
    }

    /// The late-move reduction of the `tried + 1`-th move `m`, in plies.
    #[inline]
    fn reduction(&self, node: &Node, m: usize, tried: usize, mine: Combo, tactical: bool) -> f32 {
        let depth = node.depth;
        if node.selective && depth >= 2.0 {
            let mut r = self.p().lmr_base + lmr(depth, tried + 1) / self.p().lmr_div;
            // At an expected cut node a late move is unlikely to matter.
            if node.cut_node {
                r += self.p().lmr_cut;
            }
            if !node.pv_node && !node.improving {
                r += self.p().lmr_not_improving;
            }
            if node.was_pv {
                r -= self.p().lmr_was_pv;
            }
            if mine >= Combo::Flex3 {
                r -= self.p().lmr_threat;
            }
            r -= self.history[m][node.me.index()] as f32 / self.p().lmr_history;
            if self.wants_policy(depth) {
                r += self.policy_reduction(node.ply, m);
            }
            r.clamp(0.0, depth - 1.0)
        } else if !node.selective && !tactical && depth >= 3.0 && tried >= 3 {
            1.0
        } else {
            0.0
        }
    }

    /// The node's exit: its value, stored in the hash table unless the search stopped.
    #[inline]
    fn exit(
        &mut self,
        node: &Node,
        best: i32,
        best_move: Option<usize>,
        orig_alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.aborted {
            return 0;
        }
        if best == -INF {
            // No move searched: every move was pruned (kept safe).
            return node.static_eval;
        }
        let bound = Bound::of(best, orig_alpha, beta);
        self.tt.store(
            node.key,
            to_tt(best, node.ply),
            node.static_eval,
            best_move,
            node.depth as i32,
            bound,
            node.was_pv,
        );
        best
    }
}

/// Searches with a fresh engine of the default size.
pub fn think(game: &Game, limits: &Limits, stop: &AtomicBool) -> SearchResult {
    Engine::new(16 << 20).think(game, limits, stop, &mut super::NoInfo)
}
