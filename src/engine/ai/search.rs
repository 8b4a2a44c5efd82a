//! The search: iterative deepening principal-variation negamax with aspiration windows, a
//! transposition table, threat-aware move generation (forced replies to fours and open
//! threes), killer and history ordering, late-move reductions, and threat-space searches
//! (VCF: continuous fours; VCT: threes and fours) at the root and VCF at the leaves.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::pattern::{Combo, Pattern};
use super::state::State;
use super::tt::{Bound, Table};
use super::{InfoSink, Limits, Score, SearchResult};
use crate::engine::game::Game;
use crate::engine::pos::{DIRECTIONS, Pos};

/// Default hash table size.
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

/// A won position scores `WIN - plies to the five`.
pub const WIN: i32 = 30_000;
const WIN_BOUND: i32 = WIN - 1_000;
const INF: i32 = WIN + 1;
const MAX_PLY: usize = 96;
/// Fours a leaf may try in its VCF.
const LEAF_VCF_DEPTH: u32 = 5;
/// Fours the root VCF may chain.
const ROOT_VCF_DEPTH: u32 = 14;
/// Fours the opponent's VCF may chain when an inner node asks whether it must defend.
const THREAT_VCF_DEPTH: u32 = 6;
/// Root moves checked for an opponent's win by threats, the VCT depth (threats) reached at
/// most, and the share of the soft time limit the check may use.
const ROOT_THREAT_CANDIDATES: usize = 24;
const ROOT_THREAT_VCT_DEPTH: u32 = 6;
const ROOT_THREAT_SHARE: f64 = 0.25;
const ROOT_THREAT_MIN_TIME: Duration = Duration::from_millis(900);
/// Node cap of each root threat phase, which also bounds it when no time limit is set.
const PHASE_NODES: u64 = 400_000;
/// In-tree VCT probes: from this depth, this many threats deep, within this many nodes.
const TREE_VCT_MIN_DEPTH: i32 = 3;
const TREE_VCT_DEPTH: u32 = 3;
const TREE_VCT_NODES: u64 = 3_000;
/// Reverse futility: a quiet node this far above beta per ply of depth is cut.
const RFP_MARGIN: i32 = 70;
/// Move futility: a quiet move at a node this far below alpha (plus per ply) is skipped.
const FUTILITY_BASE: i32 = 60;
const FUTILITY_PER_PLY: i32 = 90;

/// Late-move reductions by depth and move number: logarithmic in both, so early moves and
/// shallow nodes are searched almost fully and the long quiet tail of deep nodes is not.
fn lmr(depth: i32, n: usize) -> i32 {
    static TABLE: std::sync::OnceLock<Vec<[u8; 64]>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..64)
            .map(|d| {
                let mut row = [0u8; 64];
                for (m, r) in row.iter_mut().enumerate() {
                    if d > 0 && m > 0 {
                        let v = 0.5 + (d as f64).ln() * (m as f64).ln() / 1.8;
                        *r = v.max(0.0) as u8;
                    }
                }
                row
            })
            .collect()
    });
    t[depth.clamp(0, 63) as usize][n.min(63)] as i32
}

/// A search engine with its hash table, kept between moves of a game.
pub struct Engine {
    tt: Table,
}

impl Engine {
    pub fn new(hash_bytes: usize) -> Engine {
        Engine {
            tt: Table::new(hash_bytes),
        }
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
        let mut s = Searcher::new(game, &self.tt, limits, stop, start);
        let mut result = s.run(game, limits, sink);
        result.time = start.elapsed();
        result
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
fn to_tt(v: i32, ply: usize) -> i32 {
    if v > WIN_BOUND {
        v + ply as i32
    } else if v < -WIN_BOUND {
        v - ply as i32
    } else {
        v
    }
}

#[inline]
fn from_tt(v: i32, ply: usize) -> i32 {
    if v > WIN_BOUND {
        v - ply as i32
    } else if v < -WIN_BOUND {
        v + ply as i32
    } else {
        v
    }
}

struct Searcher<'a> {
    st: State,
    tt: &'a Table,
    stop: &'a AtomicBool,
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    max_depth: i32,
    node_limit: u64,
    vct: bool,
    plain: bool,
    nodes: u64,
    /// Calls of `poll`: its own counter, since node counts advance in uneven steps.
    polls: u32,
    aborted: bool,
    killers: [[usize; 2]; MAX_PLY],
    history: Vec<[i32; 2]>,
    pv: Vec<[usize; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Legal root moves (exactly checked against the rules).
    root_legal: Vec<bool>,
    buf: Vec<usize>,
    move_lists: Vec<Vec<(i32, usize)>>,
    /// The fours and replies of the VCF line being tried, and the last line found.
    vcf_stack: Vec<usize>,
    vcf_line: Vec<usize>,
    /// Points that may stop the opponent's threat at the node being generated: `mark[i] ==
    /// stamp` (a stamp saves clearing the array at every node).
    mark: Vec<u32>,
    stamp: u32,
    /// The best root move of the iteration in progress and its score, once one is proven
    /// better than alpha: a stopped iteration still improves the answer.
    root_best: Option<(usize, i32)>,
    /// Moves the root generated in the last iteration.
    root_moves: usize,
    /// Depth of the iteration in progress.
    root_depth: i32,
    /// 0 for the main thread, 1.. for Lazy SMP helpers (which only deepen, silently).
    helper: usize,
}

const NO_MOVE: usize = usize::MAX;

impl<'a> Searcher<'a> {
    fn new(
        game: &Game,
        tt: &'a Table,
        limits: &Limits,
        stop: &'a AtomicBool,
        start: Instant,
    ) -> Searcher<'a> {
        let n = game.size() * game.size();
        // Excluded moves (the analysis board's second and third choices) are as if illegal.
        let root_legal = (0..n)
            .map(|i| {
                let p = Pos::from_index(i, game.size());
                game.check_move(p).is_ok() && !limits.exclude.contains(&p)
            })
            .collect();
        Searcher {
            st: State::from_game(game),
            tt,
            stop,
            start,
            soft: limits.soft_time.or(limits.hard_time),
            hard: limits.hard_time,
            max_depth: limits
                .depth
                .map_or(MAX_PLY as i32 - 8, |d| d.clamp(1, 80) as i32),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            vct: limits.vct,
            plain: limits.plain,
            nodes: 0,
            polls: 0,
            aborted: false,
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: vec![[0; 2]; n],
            pv: vec![[NO_MOVE; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            root_legal,
            buf: Vec::new(),
            move_lists: vec![Vec::new(); MAX_PLY],
            vcf_stack: Vec::new(),
            vcf_line: Vec::new(),
            mark: vec![0; n],
            stamp: 0,
            root_best: None,
            root_moves: usize::MAX,
            root_depth: 0,
            helper: 0,
        }
    }

    fn pos(&self, i: usize) -> Pos {
        Pos::from_index(i, self.st.size())
    }

    /// Checks the stop flag, the clock and the node budget every 64 calls: a clock read is
    /// far cheaper than the 10 ms the stop flag allows.
    #[inline]
    fn poll(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.polls = self.polls.wrapping_add(1);
        if self.polls & 63 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.hard.is_some_and(|h| self.start.elapsed() >= h))
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn result(&self, best: Option<usize>, v: i32, depth: u32, pv: Vec<usize>) -> SearchResult {
        SearchResult {
            best: best.map(|i| self.pos(i)),
            score: score_of(v),
            depth,
            nodes: self.nodes,
            pv: pv.into_iter().map(|i| self.pos(i)).collect(),
            time: self.start.elapsed(),
        }
    }

    fn first_with(&mut self, c: crate::engine::pos::Stone, combo: Combo) -> Vec<usize> {
        let mut out = Vec::new();
        self.st.points_with(c, combo, &mut out);
        out
    }

    fn run(&mut self, game: &Game, limits: &Limits, sink: &mut dyn InfoSink) -> SearchResult {
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
        for depth in 1..=vcf_depth {
            if let Some((mv, n)) = self.vcf_root(depth) {
                let r = self.result(Some(mv), WIN - (2 * n as i32 - 1), depth, vec![mv]);
                sink.info(&r);
                return r;
            }
            if self.aborted {
                break;
            }
        }
        if (self.vct || !self.plain)
            && !self.aborted
            && let Some(r) = self.vct_root()
        {
            sink.info(&r);
            return r;
        }
        self.aborted = self.stop.load(Ordering::Relaxed);
        // Only with time to spare: at a few hundred milliseconds a move the check costs more
        // depth than it saves (measured: -60 Elo at 0.3 s a move in self-play).
        if !self.plain && !self.aborted && self.soft.is_some_and(|s| s >= ROOT_THREAT_MIN_TIME) {
            self.drop_root_losses();
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

    /// Starts a threat-search phase limited to `share` of the soft time (from now) and to
    /// `nodes` more nodes; returns the limits to restore.
    fn begin_phase(&mut self, share: f64, nodes: u64) -> (Option<Duration>, u64) {
        let saved = (self.hard, self.node_limit);
        let until = self.soft.map(|s| self.start.elapsed() + s.mul_f64(share));
        self.hard = match (until, self.hard) {
            (Some(s), Some(h)) => Some(s.min(h)),
            (s, h) => s.or(h),
        };
        // Under a node budget the phase gets the same share of what is left.
        let nodes = match self.node_limit {
            u64::MAX => nodes,
            limit => nodes.min((limit.saturating_sub(self.nodes) as f64 * share) as u64),
        };
        self.node_limit = self.node_limit.min(self.nodes.saturating_add(nodes));
        saved
    }

    /// Ends a phase: its running out of budget does not stop the search.
    fn end_phase(&mut self, saved: (Option<Duration>, u64)) {
        (self.hard, self.node_limit) = saved;
        self.aborted = self.stop.load(Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.hard.is_some_and(|h| self.start.elapsed() >= h);
    }

    /// Root moves after which the opponent wins by threats (VCF or VCT) are taken out of the
    /// search, as long as one move survives: the main search alone often meets such a line
    /// too late. Deeper threat sequences are tried while a share of the time lasts.
    fn drop_root_losses(&mut self) {
        let mut cands = Vec::new();
        self.generate(0, None, false, &mut cands);
        cands.truncate(ROOT_THREAT_CANDIDATES);
        if cands.len() <= 1 {
            return;
        }
        let saved = self.begin_phase(ROOT_THREAT_SHARE, PHASE_NODES);
        let mut lost = vec![false; cands.len()];
        'deepen: for depth in 1..=ROOT_THREAT_VCT_DEPTH {
            for (k, &(_, m)) in cands.iter().enumerate() {
                if lost[k] {
                    continue;
                }
                self.st.make(self.pos(m));
                let opp_wins = if depth == 1 {
                    self.vcf(ROOT_VCF_DEPTH).is_some()
                } else {
                    self.vct_attack(depth)
                };
                self.st.unmake();
                if self.aborted {
                    break 'deepen;
                }
                lost[k] = opp_wins;
            }
            if lost.iter().all(|&l| l) {
                break;
            }
        }
        self.end_phase(saved);
        if lost.iter().all(|&l| l) {
            return; // every move loses: let the search find the longest defence
        }
        for (k, &(_, m)) in cands.iter().enumerate() {
            if lost[k] {
                self.root_legal[m] = false;
            }
        }
    }

    fn iterate(&mut self, legal: &[usize], sink: &mut dyn InfoSink) -> SearchResult {
        let mut best: SearchResult = self.result(Some(legal[0]), 0, 0, vec![legal[0]]);
        let mut have_best = false;
        let mut prev: i32 = 0;
        // Iterations in a row that kept the same best move.
        let mut stable = 0;
        // Helpers start one ply deeper every other thread, so threads spread over depths.
        let first = 2 + (self.helper % 2) as i32;
        for depth in first..=self.max_depth {
            let (mut alpha, mut beta) = if depth >= 5 && prev.abs() < WIN_BOUND {
                (prev - 60, prev + 60)
            } else {
                (-INF, INF)
            };
            self.root_best = None;
            self.root_depth = depth;
            let v = loop {
                let v = self.search(depth, alpha, beta, 0);
                if self.aborted {
                    break v;
                }
                if v <= alpha && alpha > -INF {
                    alpha = -INF;
                } else if v >= beta && beta < INF {
                    beta = INF;
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
            prev = v;
            if v.abs() > WIN_BOUND && (WIN - v.abs()) <= depth {
                break; // the outcome is proven within the horizon
            }
            if self.root_moves == 1 && depth >= 4 {
                break; // one move answers every threat: no need to think longer
            }
            if let Some(soft) = self.soft {
                // The next iteration costs a few times this one. Start it while it can still
                // change the answer before the hard limit (a stopped iteration's better move
                // is kept); stop sooner when the best move has held for several iterations.
                let share = match stable {
                    0 => 0.9,
                    1 | 2 => 0.75,
                    _ => 0.55,
                };
                if self.start.elapsed() >= soft.mul_f64(share) {
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

    /// Candidate moves at this node, best first. With `restricted`, only the points marked
    /// with the current stamp (those that can stop the opponent's threat) and our own fours.
    fn generate(
        &mut self,
        ply: usize,
        tt_move: Option<usize>,
        restricted: bool,
        out: &mut Vec<(i32, usize)>,
    ) {
        out.clear();
        let me = self.st.side();
        let opp = me.opponent();
        let defending = self.st.count_at_least(opp, Combo::Flex4) > 0;
        let n = self.st.size() * self.st.size();
        for i in 0..n {
            if !self.st.near(i) || !self.st.playable(i) {
                continue;
            }
            if ply == 0 && !self.root_legal[i] {
                continue;
            }
            let mine = self.st.combo(i, me);
            let theirs = self.st.combo(i, opp);
            if defending && mine < Combo::Block4 && theirs < Combo::Block4 {
                continue;
            }
            if restricted && mine < Combo::Block4 && self.mark[i] != self.stamp {
                continue;
            }
            let mut score = self.st.value(i, me) as i32 * 6 / 5 + self.st.value(i, opp) as i32;
            score += self.history[i][me.index()] >> 6;
            if Some(i) == tt_move {
                score += 1 << 24;
            } else if ply < MAX_PLY && self.killers[ply].contains(&i) {
                score += 1 << 14;
            }
            out.push((score, i));
        }
        out.sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
    }

    /// If the opponent would win by continuous fours were it to move now, marks the points
    /// that can stop that line (its fours, our forced replies, its winning points, and every
    /// point where it makes a four) under a new stamp and returns true.
    fn mark_threat_defences(&mut self) -> bool {
        let opp = self.st.side().opponent();
        if self.st.count_at_least(opp, Combo::Block4) == 0 {
            return false;
        }
        self.st.flip_side();
        self.vcf_line.clear();
        let found = self.vcf(THREAT_VCF_DEPTH).is_some();
        self.st.flip_side();
        if !found || self.aborted {
            return false;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        for k in 0..self.vcf_line.len() {
            let i = self.vcf_line[k];
            self.mark[i] = self.stamp;
        }
        self.st.points_with(opp, Combo::Block4, &mut self.buf);
        for k in 0..self.buf.len() {
            let i = self.buf[k];
            self.mark[i] = self.stamp;
        }
        true
    }

    fn search(&mut self, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.poll() {
            return 0;
        }
        self.nodes += 1;
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            return WIN - (ply as i32 + 1);
        }
        if ply + 2 >= MAX_PLY {
            return self.st.evaluate();
        }
        if self.st.count(opp, Combo::Five) > 0 {
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
            let v = -self.search(depth, -beta, -alpha, ply + 1);
            self.st.unmake();
            self.set_pv(ply, f);
            return v;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            return WIN - (ply as i32 + 3);
        }
        if self.st.board().is_full() {
            return 0;
        }
        if depth <= 0 {
            return self.quiesce(ply);
        }
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
        if let Some(h) = self.tt.probe(key) {
            tt_move = h.best.filter(|&i| self.st.playable(i));
            if ply > 0 && h.depth >= depth {
                let v = from_tt(h.score, ply);
                match h.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }

        // Selectivity (not for the Club level's plain search, which keeps its character).
        let selective = !self.plain;
        let opp_three = self.st.count_at_least(opp, Combo::Flex4) > 0;
        let quiet_node = !opp_three && self.st.count_at_least(opp, Combo::Block4Flex3) == 0;
        let static_eval = self.st.evaluate();
        if selective
            && !pv_node
            && ply > 0
            && depth <= 3
            && quiet_node
            && beta.abs() < WIN_BOUND
            && static_eval - RFP_MARGIN * depth >= beta
        {
            return static_eval;
        }
        // When the opponent threatens a VCF, only the moves that can stop it (and our own
        // fours) are worth searching: the rest lose to the same line.
        let restricted = selective && !opp_three && depth >= 2 && self.mark_threat_defences();
        if self.aborted {
            return 0;
        }
        // A short VCT probe for the side to move, with a small node budget: wins by threes
        // and fours are found well before the main search would reach them.
        if selective
            && pv_node
            && !restricted
            && !opp_three
            && depth >= TREE_VCT_MIN_DEPTH
            && self.st.count_at_least(opp, Combo::Block4) == 0
            && self.st.count_at_least(me, Combo::Flex3) > 0
        {
            let saved = (self.hard, self.node_limit);
            self.node_limit = self.node_limit.min(self.nodes + TREE_VCT_NODES);
            let won = self.vct_attack(TREE_VCT_DEPTH);
            self.end_phase(saved);
            if self.aborted {
                return 0;
            }
            if won {
                // Threat wins are proven only as far as the probe looked: report a win that
                // is a few moves away, below any win the search itself proves sooner.
                let v = WIN - (ply as i32 + 2 * TREE_VCT_DEPTH as i32 + 5);
                self.tt.store(key, to_tt(v, ply), None, depth, Bound::Lower);
                return v;
            }
        }

        // One move list per ply, reused: no allocation per node.
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        self.generate(ply, tt_move, restricted, &mut moves);
        if moves.is_empty() && restricted {
            // Nothing stops the line: every move loses; search them all for the longest.
            self.generate(ply, tt_move, false, &mut moves);
        }
        if moves.is_empty() {
            self.move_lists[ply] = moves;
            return self.st.evaluate();
        }
        // Candidate pruning: the quiet tail of a long list rarely matters.
        let keep = if ply == 0 {
            40
        } else {
            12 + 2 * depth.min(6) as usize
        };
        if moves.len() > keep {
            let me_ = me;
            let opp_ = opp;
            let mut kept = 0;
            moves.retain(|&(_, i)| {
                kept += 1;
                kept <= keep
                    || self.st.combo(i, me_) >= Combo::Flex3
                    || self.st.combo(i, opp_) >= Combo::Block4
            });
        }
        if ply == 0 {
            self.root_moves = moves.len();
        }

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let futile = selective
            && !pv_node
            && depth <= 3
            && quiet_node
            && static_eval + FUTILITY_BASE + FUTILITY_PER_PLY * depth <= alpha;
        for (n, &(_, m)) in moves.iter().enumerate() {
            let quiet = self.st.combo(m, me) < Combo::Flex3 && self.st.combo(m, opp) < Combo::Flex3;
            if futile && n > 0 && quiet && best > -WIN_BOUND {
                continue;
            }
            // An open three forces a narrow reply, like a check: extend it (near the root, so
            // long threat lines cannot run away with the depth).
            let ext = (selective
                && (Combo::Flex3..=Combo::DoubleFlex3).contains(&self.st.combo(m, me))
                && (ply as i32) < self.root_depth) as i32;
            self.st.make(self.pos(m));
            let v = if n == 0 {
                -self.search(depth - 1 + ext, -beta, -alpha, ply + 1)
            } else {
                let r = if selective {
                    // Every move but a threat of ours or a block of a four-making point is
                    // reduced by its rank; blocks of the opponent's threes a little less.
                    let mine = self.st.combo(m, me);
                    let theirs = self.st.combo(m, opp);
                    let exempt = mine >= Combo::Flex3 || theirs >= Combo::Block4;
                    let killer = ply < MAX_PLY && self.killers[ply].contains(&m);
                    if exempt || depth < 2 {
                        0
                    } else {
                        (lmr(depth, n)
                            - pv_node as i32
                            - killer as i32
                            - (theirs >= Combo::Flex3) as i32)
                            .clamp(0, depth - 2)
                    }
                } else if !quiet || depth < 3 {
                    0
                } else if n >= 3 {
                    1
                } else {
                    0
                };
                let mut v = -self.search(depth - 1 - r + ext, -alpha - 1, -alpha, ply + 1);
                if v > alpha && !self.aborted && (r > 0 || v < beta) {
                    v = -self.search(depth - 1 + ext, -beta, -alpha, ply + 1);
                }
                v
            };
            self.st.unmake();
            if self.aborted {
                break;
            }
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
                        if quiet && ply < MAX_PLY && self.killers[ply][0] != m {
                            self.killers[ply][1] = self.killers[ply][0];
                            self.killers[ply][0] = m;
                        }
                        self.history[m][me.index()] += depth * depth;
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        if self.aborted {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, to_tt(best, ply), best_move, depth, bound);
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

    /// Leaf: a short VCF for the side to move, else the static evaluation.
    fn quiesce(&mut self, ply: usize) -> i32 {
        let me = self.st.side();
        if !self.plain
            && self.st.count_at_least(me, Combo::Block4) > 0
            && let Some(n) = self.vcf(LEAF_VCF_DEPTH)
        {
            return WIN - (ply as i32 + 2 * n as i32 - 1);
        }
        self.st.evaluate()
    }

    /// Continuous fours for the side to move. Returns how many of our moves win (including
    /// the five), or `None`. Sound: every line it finds is a forced win.
    fn vcf(&mut self, depth: u32) -> Option<u32> {
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            self.note_vcf_end(me, Combo::Five);
            return Some(1);
        }
        if self.st.count(opp, Combo::Five) > 0 {
            return None;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            self.note_vcf_end(me, Combo::Flex4);
            return Some(2);
        }
        if depth == 0 {
            return None;
        }
        let mut fours = Vec::new();
        self.st.points_with(me, Combo::Block4, &mut fours);
        fours.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
        for f in fours {
            if self.poll() {
                return None;
            }
            if let Some(n) = self.vcf_after_four(f, depth) {
                return Some(n);
            }
        }
        None
    }

    /// The winning line ends here: remember it (the fours and replies on the stack, and the
    /// points where the attacker now makes `combo`) for the threat defence.
    fn note_vcf_end(&mut self, attacker: crate::engine::pos::Stone, combo: Combo) {
        self.vcf_line.clear();
        self.vcf_line.extend_from_slice(&self.vcf_stack);
        let size = self.st.size();
        for i in 0..size * size {
            if !self.st.is_empty(i) || self.st.combo(i, attacker) < combo {
                continue;
            }
            self.vcf_line.push(i);
            // The line that makes the winning shape can also be broken elsewhere (the far
            // end of a three about to become an open four): every empty point of it counts.
            let p = self.pos(i);
            for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
                if self.st.line(i, attacker, d) < Pattern::Block4 {
                    continue;
                }
                for k in (-4..=4).filter(|&k| k != 0) {
                    if let Some(q) = p.offset(dx, dy, k, size) {
                        let j = q.index(size);
                        if self.st.is_empty(j) {
                            self.vcf_line.push(j);
                        }
                    }
                }
            }
        }
    }

    /// Plays our four at `f`, the forced block, and continues the VCF.
    fn vcf_after_four(&mut self, f: usize, depth: u32) -> Option<u32> {
        let opp = self.st.side().opponent();
        self.st.make(self.pos(f));
        self.vcf_stack.push(f);
        self.nodes += 1;
        let me = opp.opponent();
        // The only five points we can have are the ones this four made (none existed).
        self.st
            .points_near_with(self.pos(f), me, Combo::Five, &mut self.buf);
        let result = match self.buf.len() {
            0 => None,
            1 => {
                let b = self.buf[0];
                if !self.st.playable(b) {
                    // Black cannot block on a forbidden point.
                    self.note_vcf_end(me, Combo::Five);
                    Some(2)
                } else {
                    self.st.make(self.pos(b));
                    self.vcf_stack.push(b);
                    self.nodes += 1;
                    let r = if self.st.count(opp, Combo::Five) > 0 {
                        None
                    } else {
                        self.vcf(depth - 1).map(|n| n + 1)
                    };
                    self.vcf_stack.pop();
                    self.st.unmake();
                    r
                }
            }
            _ => {
                self.note_vcf_end(me, Combo::Five);
                Some(2)
            }
        };
        self.vcf_stack.pop();
        self.st.unmake();
        result
    }

    fn vcf_root(&mut self, depth: u32) -> Option<(usize, u32)> {
        let me = self.st.side();
        let mut fours = Vec::new();
        self.st.points_with(me, Combo::Block4, &mut fours);
        fours.retain(|&i| self.root_legal[i]);
        fours.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
        for f in fours {
            if self.poll() {
                return None;
            }
            if let Some(n) = self.vcf_after_four(f, depth) {
                return Some((f, n));
            }
        }
        None
    }

    /// VCT at the root with a share of the time: a win by threes and fours.
    fn vct_root(&mut self) -> Option<SearchResult> {
        // A third of the time when asked for (Master), a sixth otherwise.
        let saved = self.begin_phase(if self.vct { 1.0 / 3.0 } else { 1.0 / 6.0 }, PHASE_NODES);
        let me = self.st.side();
        let mut found = None;
        'outer: for depth in 2..=12u32 {
            let mut attacks = Vec::new();
            self.st.points_with(me, Combo::Flex3, &mut attacks);
            attacks.retain(|&i| self.root_legal[i]);
            attacks.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
            for a in attacks {
                if self.poll() {
                    break 'outer;
                }
                self.st.make(self.pos(a));
                let win = self.vct_defend(depth);
                self.st.unmake();
                if win && !self.aborted {
                    found =
                        Some(self.result(Some(a), WIN - (2 * depth as i32 + 1), depth, vec![a]));
                    break 'outer;
                }
            }
        }
        // Running out of the VCT share must not end the main search.
        self.end_phase(saved);
        found
    }

    /// Attacker to move: a win by threats within `depth` more threats?
    fn vct_attack(&mut self, depth: u32) -> bool {
        if self.poll() {
            return false;
        }
        self.nodes += 1;
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.count(me, Combo::Five) > 0 {
            return true;
        }
        if self.st.count(opp, Combo::Five) > 0 {
            return false;
        }
        if self.st.count(me, Combo::Flex4) > 0 {
            return true;
        }
        if depth == 0 {
            return false;
        }
        if self.vcf(LEAF_VCF_DEPTH + 2).is_some() {
            return true;
        }
        let mut attacks = Vec::new();
        self.st.points_with(me, Combo::Flex3, &mut attacks);
        attacks.sort_by_key(|&i| std::cmp::Reverse(self.st.value(i, me)));
        attacks.truncate(16);
        for a in attacks {
            self.st.make(self.pos(a));
            let win = self.vct_defend(depth - 1);
            self.st.unmake();
            if win {
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }

    /// Defender to move after a threat: does the attacker win against every defence?
    fn vct_defend(&mut self, depth: u32) -> bool {
        if self.poll() {
            return false;
        }
        self.nodes += 1;
        let def = self.st.side();
        let att = def.opponent();
        if self.st.count(def, Combo::Five) > 0 {
            return false;
        }
        let att_fives = self.st.count(att, Combo::Five);
        let mut defences = Vec::new();
        if att_fives >= 2 {
            return true;
        } else if att_fives == 1 {
            self.st.points_with(att, Combo::Five, &mut defences);
            if !self.st.playable(defences[0]) {
                return true;
            }
        } else if self.st.count_at_least(att, Combo::Flex4) > 0 {
            if self.st.count_at_least(def, Combo::Flex4) > 0 {
                return false; // an open four of our own outpaces the three
            }
            let n = self.st.size() * self.st.size();
            for i in 0..n {
                if self.st.playable(i)
                    && (self.st.combo(i, att) >= Combo::Block4
                        || self.st.combo(i, def) >= Combo::Block4)
                {
                    defences.push(i);
                }
            }
        } else {
            return false; // no threat on the board
        }
        for d in defences {
            self.st.make(self.pos(d));
            let att_wins = if self.st.count(def, Combo::Five) > 0 {
                // The defence was a four: the attacker must block, then defend again.
                self.st.points_with(def, Combo::Five, &mut self.buf);
                if self.buf.len() >= 2 || !self.st.playable(self.buf[0]) {
                    false
                } else {
                    let b = self.buf[0];
                    self.st.make(self.pos(b));
                    let r = self.vct_defend(depth);
                    self.st.unmake();
                    r
                }
            } else {
                self.vct_attack(depth)
            };
            self.st.unmake();
            if !att_wins || self.aborted {
                return false;
            }
        }
        true
    }
}

/// Searches with a fresh engine of the default size.
pub fn think(game: &Game, limits: &Limits, stop: &AtomicBool) -> SearchResult {
    Engine::new(16 << 20).think(game, limits, stop, &mut super::NoInfo)
}
