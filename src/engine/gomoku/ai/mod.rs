//! The Gomoku AI: the search engine and the five-level difficulty ladder.
//!
//! Layout follows Rapfi: `pattern` (line shapes and their tables), `state` (the incremental
//! board the search plays on, with the evaluation), `tt` (hash table), `movepick` (move
//! ordering), `qsearch` (the VCF quiescence at the leaves), `search` (the main alpha-beta
//! and iterative deepening), `vcf` and `vct` (proof searches by fours, and by threes and
//! fours), `params` (the search's numbers), `time` (clocks to limits), and `levels` (the
//! players the menu offers).

#[cfg(feature = "tools")]
pub mod arena;
pub mod eval_table;
pub mod levels;
pub mod move_table;
mod movepick;
pub mod nnue;
pub mod novice;
pub mod params;
pub mod pattern;
pub mod policy;
mod policy_lmr;
mod qsearch;
mod root;
pub mod search;
mod searcher;
pub mod shapes;
pub mod state;
pub mod stats;
pub mod time;
pub mod tt;
mod vcf;
mod vct;

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::game::{Game, GameBuildError};
use super::pos::Pos;
use super::rules::Rule;

pub use levels::{Level, play_level, play_level_within};
pub use search::{CutOff, Engine, think};

/// Reads every rule's network and move policy in use (quantizing the policy), so that the
/// first search after a brain's START does not spend its clock on them.
pub fn load_networks() {
    nnue::load_nets();
    for rule in Rule::ALL {
        policy::for_rule(rule);
    }
}

/// How long or how deep to think. Unset fields do not limit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// Time the search aims to use.
    pub soft_time: Option<Duration>,
    /// Time it must never exceed.
    pub hard_time: Option<Duration>,
    /// Start iterations until the hard limit: with only a per-move limit (no match clock)
    /// time not used on this move is lost, so stopping early saves nothing.
    pub spend_all: bool,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Also search for wins by threes and fours (VCT) at the root.
    pub vct: bool,
    /// No threat-space search at all (no VCF at the root or the leaves): the Club level.
    pub plain: bool,
    /// Search threads sharing the hash table (Lazy SMP); 0 or 1: one thread.
    pub threads: u32,
    /// Root moves not to consider (to find the second and third best moves).
    pub exclude: Vec<Pos>,
    /// Value positions by the tables even where the network is switched on: the opening
    /// rules' balance thresholds are in the tables' terms.
    pub tables: bool,
}

impl Limits {
    /// A per-move budget: aim for `t`, never exceed it.
    pub fn time(t: Duration) -> Limits {
        Limits {
            soft_time: Some(t),
            hard_time: Some(t),
            ..Limits::default()
        }
    }

    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
}

/// A search score from the point of view of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Heuristic evaluation, 100 is about one open three.
    Eval(i32),
    /// A forced win in this many moves of our own (1 = five now).
    Win(u32),
    /// A forced loss after this many moves of the opponent.
    Loss(u32),
}

impl Score {
    /// The same score from the other side: a win in `n` is the other's loss after `n` moves.
    pub fn flip(self) -> Score {
        match self {
            Score::Eval(v) => Score::Eval(-v),
            Score::Win(n) => Score::Loss(n),
            Score::Loss(n) => Score::Win(n),
        }
    }

    /// A number that sorts scores: wins above evaluations above losses, sooner wins higher.
    pub fn rank(self) -> i32 {
        match self {
            Score::Win(n) => 1_000_000 - n as i32,
            Score::Loss(n) => -1_000_000 + n as i32,
            Score::Eval(v) => v,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(v) => write!(f, "{v:+}"),
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `None` only when no legal move exists.
    pub best: Option<Pos>,
    pub score: Score,
    /// Depth of the last completed iteration (plies).
    pub depth: u32,
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Pos>,
    pub time: Duration,
}

impl SearchResult {
    /// A result for a move chosen without search.
    pub fn instant(best: Option<Pos>, score: Score) -> SearchResult {
        SearchResult {
            best,
            score,
            depth: 0,
            nodes: 0,
            pv: best.into_iter().collect(),
            time: Duration::ZERO,
        }
    }
}

/// Receives progress reports while a search runs (one per finished iteration).
pub trait InfoSink {
    fn info(&mut self, result: &SearchResult);
}

impl<F: FnMut(&SearchResult)> InfoSink for F {
    fn info(&mut self, result: &SearchResult) {
        self(result)
    }
}

/// No progress reports.
pub struct NoInfo;

impl InfoSink for NoInfo {
    fn info(&mut self, _: &SearchResult) {}
}

/// Every legal move for the side to move.
pub fn legal_moves(game: &Game) -> Vec<Pos> {
    if game.outcome().is_over() {
        return Vec::new();
    }
    game.board()
        .empty_points()
        .filter(|&p| game.check_move(p).is_ok())
        .collect()
}

/// Search threads for the game's strongest levels: the machine's cores less one (the game
/// itself keeps one), at least one.
pub fn default_threads() -> u32 {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get() as u32)
        .saturating_sub(1)
        .max(1)
}

/// Middle-game positions (freestyle 15x15, human coordinates), frozen from Club self-play
/// games so every speed measurement (`bench`, the game's `--bench-cpu`) does the same work.
pub const BENCH_POSITIONS: &[&str] = &[
    "h8 h9 f9 g8 f7 f6 f10 g6 f11 f8 g9 e11",
    "h8 h9 i6 i9 g9 g8 f7 f11 g10 f10 f9 h11 i11 h10",
    "h8 h9 i9 i8 g10 g6 f5 g7 g5 h5 f7 f8 h6 k10 j9",
    "h8 g8 i6 g5 i7 j6 i5 i8 g7 j7 h9 j9 j10 j5 j8 i9 k10",
    "h8 h7 j8 i8 i7 j6 g6 k6 l6 k9 k7 m5 l5 l7 j5 j10 m7 k5",
    "h8 i8 f7 i7 i9 h9 g10 k10 j9 j10 i10 k8 k7 j8 l8 i5 i6 m9 h6",
    "h8 g8 g9 h9 i10 e10 d11 f10 d10 d9 g12 f13 f11 g11 e9 i6 h7 j7 k8 j9",
    "h8 g8 g7 h7 f9 f5 e4 f6 f4 g4 d7 c6",
];

/// [`BENCH_POSITIONS`]`[i]` as a game.
pub fn bench_position(i: usize) -> Game {
    bench_position_under(i, Rule::Freestyle).expect("bench position")
}

/// [`BENCH_POSITIONS`]`[i]` as a game under `rule` (all of them are legal under every rule).
pub fn bench_position_under(i: usize, rule: Rule) -> Result<Game, GameBuildError> {
    let moves: Vec<Pos> = BENCH_POSITIONS[i]
        .split_whitespace()
        .map(|t| Pos::from_human(t, 15).expect("bench position"))
        .collect();
    Game::from_moves(15, rule, &moves)
}

/// The depth of the bench signature's searches.
pub const SIGNATURE_DEPTH: u32 = 12;

/// The bench signature of `rule`: the nodes of single-threaded searches to
/// [`SIGNATURE_DEPTH`] of every bench position, each from a fresh engine with a table of a
/// fixed size. No clock is read, so it depends on the search's behaviour alone: a change
/// meant to be pure must keep it (`bench --signature` prints it; a test pins it).
pub fn bench_signature(rule: Rule) -> u64 {
    let limits = Limits {
        depth: Some(SIGNATURE_DEPTH),
        threads: 1,
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    (0..BENCH_POSITIONS.len())
        .map(|i| {
            let game = bench_position_under(i, rule).expect("bench position");
            Engine::new(16 << 20)
                .think(&game, &limits, &stop, &mut NoInfo)
                .nodes
        })
        .sum()
}

/// Signals the search to return as soon as it can (within milliseconds).
pub type StopFlag = std::sync::Arc<AtomicBool>;

#[cfg(test)]
mod tests {
    use super::*;

    /// The bench signature per rule, as Rapfi's CI checks its own: a commit that changes
    /// these numbers changes what the search does. Update them only with such a change,
    /// from `bench --signature`.
    #[test]
    fn bench_signature_is_unchanged() {
        let got = Rule::ALL.map(|rule| (rule, bench_signature(rule)));
        let want = [
            (Rule::Freestyle, 940_576),
            (Rule::Standard, 1_367_024),
            (Rule::Renju, 1_748_011),
        ];
        assert_eq!(got, want);
    }
}
