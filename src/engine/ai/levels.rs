//! The difficulty ladder the menu offers.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::{Engine, InfoSink, Limits, Score, SearchResult, novice, shapes};
use crate::engine::game::Game;
use crate::engine::pos::Pos;

/// Expert's node budget per move (see [`Level::nodes`]).
pub const EXPERT_NODES: u64 = 20_000;

/// The five AI levels, weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Novice = 1,
    Casual = 2,
    Club = 3,
    Expert = 4,
    Master = 5,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Expert,
        Level::Master,
    ];

    pub fn number(self) -> u8 {
        self as u8
    }

    pub fn from_number(n: u8) -> Option<Level> {
        Level::ALL.get((n as usize).checked_sub(1)?).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "Novice",
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Expert => "Expert",
            Level::Master => "Master",
        }
    }

    /// One line for the menu.
    pub fn description(self) -> &'static str {
        match self {
            Level::Novice => "Greedy: takes the best-looking point, never looks ahead.",
            Level::Casual => "Knows its shapes: attacks with threes and fours, blocks yours.",
            Level::Club => "Reads a few moves ahead with a full shape evaluation.",
            Level::Expert => "The full engine with threat search on a fixed node budget.",
            Level::Master => "The full engine with deep threat search, several seconds a move.",
        }
    }

    /// Nominal thinking time per move: Master's budget, Expert's cap (it stops at its node
    /// budget long before); the levels below answer at once.
    pub fn budget(self) -> Option<Duration> {
        match self {
            Level::Expert => Some(Duration::from_millis(1000)),
            Level::Master => Some(Duration::from_millis(5000)),
            _ => None,
        }
    }

    /// Nodes per move of a level that searches by a node budget (Expert): the same strength
    /// on every machine and at every arena time scale, far enough below Master's (about
    /// 700,000 nodes in Master's 0.5 s at the arena's x0.1, millions in the game) for the
    /// ladder's step of 75% (measured in BENCHMARKS.md). One thread, so a seed and a position
    /// give the same move.
    pub fn nodes(self) -> Option<u64> {
        match self {
            Level::Expert => Some(EXPERT_NODES),
            _ => None,
        }
    }
}

/// Lets `level` choose a move for the side to move. `seed` makes the choice reproducible;
/// `time_scale` multiplies Master's time budget (1.0 in the game, smaller in the arena;
/// Expert searches by nodes);
/// `stop` ends the search early with the best move so far.
pub fn play_level(
    level: Level,
    game: &Game,
    seed: u64,
    time_scale: f64,
    stop: &AtomicBool,
    sink: &mut dyn InfoSink,
) -> SearchResult {
    let mut rng = StdRng::seed_from_u64(seed);
    if game.outcome().is_over() {
        return SearchResult::instant(None, Score::Eval(0));
    }
    // Opening variety for the searching levels: the first stone lands near the centre.
    if level >= Level::Club && game.board().stone_count() == 0 {
        let c = game.size() as i32 / 2;
        let p = Pos::new(
            (c + rng.random_range(-1..=1)) as u8,
            (c + rng.random_range(-1..=1)) as u8,
        );
        if game.check_move(p).is_ok() {
            return SearchResult::instant(Some(p), Score::Eval(0));
        }
    }
    match level {
        Level::Novice => novice::choose(game, &mut rng, 25),
        Level::Casual => shapes::choose(game, &mut rng),
        Level::Club => Engine::new(8 << 20).think(
            game,
            &Limits {
                depth: Some(4),
                plain: true,
                ..Limits::default()
            },
            stop,
            sink,
        ),
        Level::Expert => {
            // Not scaled: the node budget decides, the same in the game and in the arena. The
            // one-second cap (a safety on a slow machine) also lets the root's threat phases
            // run (VCT, the check of the root moves; they want a second to spare), each
            // within its share of the nodes.
            let limits = Limits {
                nodes: level.nodes(),
                hard_time: level.budget(),
                threads: 1,
                ..Limits::default()
            };
            Engine::new(8 << 20).think(game, &limits, stop, sink)
        }
        Level::Master => {
            let t = level
                .budget()
                .expect("Master has a budget")
                .mul_f64(time_scale.max(0.001));
            let limits = Limits {
                soft_time: Some(t),
                hard_time: Some(t.mul_f64(1.5)),
                vct: true,
                threads: super::default_threads(),
                ..Limits::default()
            };
            Engine::new(64 << 20).think(game, &limits, stop, sink)
        }
    }
}
