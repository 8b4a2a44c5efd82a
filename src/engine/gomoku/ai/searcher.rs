//! One search thread's state (the board, the shared table, limits, counters, killers,
//! history, principal variations) and its bookkeeping: ticks, polls of the clock, the
//! result. The alpha-beta itself is `search.rs`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::Limits;
use super::params::Params;
use super::policy::Policy;
use super::state::State;
use super::stats::{Cat, NodeStats};
use super::tt::Table;
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::Pos;

/// The deepest ply a search reaches (the size of the per-ply tables).
pub(crate) const MAX_PLY: usize = 96;
/// No move: an empty killer or counter-move slot.
pub(crate) const NO_MOVE: usize = usize::MAX;

/// A node where a move cut off, as `tune movegen --cutoffs` records it for the move
/// picker's fit: each candidate's shapes ([`State::shape`] for the mover,
/// then for the opponent) in the order they were generated, and which one cut off
/// (`label`). Those before it failed; those after it were not tried.
#[derive(Clone, Debug, PartialEq)]
pub struct CutOff {
    pub label: usize,
    pub cands: Vec<[u16; 4]>,
}

/// The state of one search thread.
pub(super) struct Searcher<'a> {
    pub(super) st: State,
    pub(super) tt: &'a Table,
    /// The numbers this search uses (`GOMOKU_TUNE`'s, or a test's); [`Searcher::p`].
    #[cfg(feature = "tools")]
    pub(super) tuned: &'static Params,
    pub(super) stop: &'a AtomicBool,
    pub(super) start: Instant,
    pub(super) soft: Option<Duration>,
    pub(super) hard: Option<Duration>,
    /// Iterations start until `hard` (see [`Limits::spend_all`]).
    pub(super) spend_all: bool,
    pub(super) max_depth: i32,
    pub(super) node_limit: u64,
    pub(super) vct: bool,
    pub(super) plain: bool,
    pub(super) nodes: u64,
    pub(super) stats: NodeStats,
    pub(super) cat: Cat,
    /// Calls of `poll`: its own counter, since node counts advance in uneven steps.
    pub(super) polls: u32,
    pub(super) aborted: bool,
    pub(super) killers: [[usize; 2]; MAX_PLY],
    /// `[move][side]`: how often a move caused a cut-off, with gravity (bounded).
    pub(super) history: Vec<[i32; 2]>,
    /// `[previous move][side]`: the reply that last refuted it.
    pub(super) counter: Vec<[usize; 2]>,
    /// Static evaluation by ply, for the "improving" flag.
    pub(super) evals: [i32; MAX_PLY],
    pub(super) pv: Vec<[usize; MAX_PLY]>,
    pub(super) pv_len: [usize; MAX_PLY],
    /// Legal root moves (exactly checked against the rules).
    pub(super) root_legal: Vec<bool>,
    pub(super) buf: Vec<usize>,
    /// Scratch list of the defence points (movepick).
    pub(super) defences: Vec<usize>,
    pub(super) move_lists: Vec<Vec<(i32, usize)>>,
    /// The best root move of the iteration in progress and its score, once one is proven
    /// better than alpha: a stopped iteration still improves the answer.
    pub(super) root_best: Option<(usize, i32)>,
    /// Moves the root generated in the last iteration.
    pub(super) root_moves: usize,
    /// 0 for the main thread, 1.. for Lazy SMP helpers (which only deepen, silently).
    pub(super) helper: usize,
    /// The cut-off nodes recorded for `tune movegen --cutoffs`, when asked for.
    pub(super) record: Option<Vec<CutOff>>,
    /// The move policy and what the search keeps of it, where the rule has one and the
    /// value network runs (`policy_lmr`).
    pub(super) policy: Option<PolicyLine>,
}

impl<'a> Searcher<'a> {
    pub(super) fn new(
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
            st: if limits.tables {
                State::with_net(game, None)
            } else {
                State::from_game(game)
            },
            tt,
            #[cfg(feature = "tools")]
            tuned: Params::get(),
            stop,
            start,
            soft: limits.soft_time.or(limits.hard_time),
            hard: limits.hard_time,
            spend_all: limits.spend_all,
            max_depth: limits
                .depth
                .map_or(MAX_PLY as i32 - 8, |d| d.clamp(1, 80) as i32),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            vct: limits.vct,
            plain: limits.plain,
            nodes: 0,
            stats: NodeStats::default(),
            cat: Cat::Main,
            polls: 0,
            aborted: false,
            killers: [[NO_MOVE; 2]; MAX_PLY],
            history: vec![[0; 2]; n],
            counter: vec![[NO_MOVE; 2]; n],
            evals: [0; MAX_PLY],
            pv: vec![[NO_MOVE; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            root_legal,
            buf: Vec::new(),
            defences: Vec::new(),
            move_lists: vec![Vec::new(); MAX_PLY],
            root_best: None,
            root_moves: usize::MAX,
            helper: 0,
            record: None,
            policy: super::policy::for_rule(game.rule())
                .filter(|_| !limits.tables)
                .map(|net| PolicyLine::new(net, n)),
        }
    }

    /// Records a node where `m`, one of the candidates `moves`, cut off.
    pub(super) fn record_cutoff(&mut self, moves: &[(i32, usize)], m: usize) {
        let me = self.st.side();
        let opp = me.opponent();
        let Some(label) = moves.iter().position(|&(_, i)| i == m) else {
            return;
        };
        if moves.len() < 2 {
            return;
        }
        let cands = moves
            .iter()
            .map(|&(_, i)| {
                let (a, b) = (self.st.shape(i, me), self.st.shape(i, opp));
                [a[0], a[1], b[0], b[1]]
            })
            .collect();
        if let Some(r) = &mut self.record {
            r.push(CutOff { label, cands });
        }
    }

    #[inline]
    pub(super) fn tick(&mut self) {
        self.nodes += 1;
        self.stats.add(self.cat);
    }

    /// Runs `f` with its nodes counted under `cat`.
    #[inline]
    pub(super) fn counted<R>(&mut self, cat: Cat, f: impl FnOnce(&mut Self) -> R) -> R {
        let saved = std::mem::replace(&mut self.cat, cat);
        let r = f(self);
        self.cat = saved;
        r
    }

    /// The search's numbers: the constants of `params`, which the compiler folds into the
    /// search, or in the developers' build the ones this search was given.
    #[inline(always)]
    pub(super) fn p(&self) -> &'static Params {
        #[cfg(feature = "tools")]
        let p = self.tuned;
        #[cfg(not(feature = "tools"))]
        let p = &Params::DEFAULT;
        p
    }

    pub(super) fn pos(&self, i: usize) -> Pos {
        Pos::from_index(i, self.st.size())
    }

    /// Checks the stop flag, the clock and the node budget every 64 calls: a clock read is
    /// far cheaper than the 10 ms the stop flag allows.
    #[inline]
    pub(super) fn poll(&mut self) -> bool {
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

    /// Puts `m` at the head of ply `ply`'s principal variation, its child's line after it.
    pub(super) fn set_pv(&mut self, ply: usize, m: usize) {
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

/// What a search keeps of its policy: the net, and by ply the candidates' logit gaps.
pub(super) struct PolicyLine {
    pub(super) net: &'static Policy,
    /// By ply, each point's logit less the best candidate's (at `policy::net::LOGIT_SCALE`;
    /// 0 for the best, below for the rest), valid where `fresh[ply]`.
    pub(super) gap: Vec<Vec<i32>>,
    pub(super) fresh: [bool; MAX_PLY],
    /// Scratch lists of one pass: the candidates' points, codes and buckets, and logits.
    pub(super) points: Vec<usize>,
    pub(super) codes: Vec<[u16; 2]>,
    pub(super) recent: Vec<[u8; 2]>,
    pub(super) logits: Vec<i32>,
}

impl PolicyLine {
    pub(super) fn new(net: &'static Policy, points: usize) -> PolicyLine {
        PolicyLine {
            net,
            gap: vec![vec![0; points]; MAX_PLY],
            fresh: [false; MAX_PLY],
            points: Vec::with_capacity(points),
            codes: Vec::with_capacity(points),
            recent: Vec::with_capacity(points),
            logits: Vec::with_capacity(points),
        }
    }
}
