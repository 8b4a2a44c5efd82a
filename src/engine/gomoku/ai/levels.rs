//! The difficulty ladder the menu offers.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::time::Clock;
use super::{Engine, InfoSink, Limits, Score, SearchResult, novice, shapes};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::Pos;
use crate::engine::gomoku::rules::Rule;

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
    /// ladder's step of 75% (BENCHMARKS.md, "Difficulty ladder"). One thread, so a seed and a
    /// position give the same move.
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
    play_level_within(level, game, seed, time_scale, None, stop, sink)
}

/// [`play_level`] on a game clock: Master's budget comes from `clock` alone (its share of
/// the time left and the increment, see [`Clock::limits`]); the other searching levels keep
/// their own budgets and never think past the clock's limit.
pub fn play_level_within(
    level: Level,
    game: &Game,
    seed: u64,
    time_scale: f64,
    clock: Option<Clock>,
    stop: &AtomicBool,
    sink: &mut dyn InfoSink,
) -> SearchResult {
    let started = Instant::now();
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
    let (limits, hash) = match level {
        Level::Novice => return novice::choose(game, &mut rng, 25),
        Level::Casual => return shapes::choose(game, &mut rng),
        _ => search_limits(level, time_scale),
    };
    let limits = match clock {
        Some(clock) => on_clock(level, limits, &clock),
        None => limits,
    };
    let mut engine = take_engine(level, game, hash);
    let result = if game.board().stone_count() >= VARIETY_STONES {
        engine.think(game, &less_spent(&limits, started), stop, sink)
    } else {
        // The variety search comes out of the same budget, so the wait and the clock's
        // charge stay what the level (or the clock) allows.
        let first_limits = Limits {
            soft_time: limits.soft_time.map(|t| t.mul_f64(1.0 - VARIETY_SHARE)),
            hard_time: limits.hard_time.map(|t| t.mul_f64(1.0 - VARIETY_SHARE)),
            ..limits.clone()
        };
        let first = engine.think(game, &less_spent(&first_limits, started), stop, sink);
        vary_opening(game, first, &limits, started, &mut engine, &mut rng, stop)
    };
    keep_engine(level, game, engine);
    result
}

/// Master's engines kept between its moves, each with the rule and board size its table
/// was filled under, one per search running at once. Clearing a 64 MB table takes a
/// quarter of a second on a thread starved by a busy machine, more than a 1 s move can
/// spare, and what one move's search stored helps the next. The levels that search by
/// nodes or depth start cleared, so that a seed and a position give the same move.
static KEPT: Mutex<Vec<(Rule, usize, Engine)>> = Mutex::new(Vec::new());

/// An engine for `level`'s search in `game`: Master's kept one when there is one (cleared if
/// it last played another rule or size), else a new one of `hash` bytes.
fn take_engine(level: Level, game: &Game, hash: usize) -> Engine {
    if level != Level::Master {
        return Engine::new(hash);
    }
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    let same = |&(rule, size, ref e): &(Rule, usize, Engine)| {
        rule == game.rule() && size == game.size() && e.hash_bytes() == hash
    };
    match kept.iter().position(same) {
        Some(i) => kept.swap_remove(i).2,
        None => match kept.iter().position(|k| k.2.hash_bytes() == hash) {
            Some(i) => {
                let mut engine = kept.swap_remove(i).2;
                drop(kept);
                engine.clear();
                engine
            }
            None => Engine::new(hash),
        },
    }
}

/// Gives Master's engine back for its next move (see [`KEPT`]).
fn keep_engine(level: Level, game: &Game, engine: Engine) {
    if level == Level::Master {
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        kept.push((game.rule(), game.size(), engine));
    }
}

/// `limits` less the time since `since`: setting up the search (clearing a 64 MB hash
/// table takes half a second on a starved thread) comes out of the move's time.
fn less_spent(limits: &Limits, since: Instant) -> Limits {
    let spent = since.elapsed();
    Limits {
        soft_time: limits.soft_time.map(|t| t.saturating_sub(spent)),
        hard_time: limits.hard_time.map(|t| t.saturating_sub(spent)),
        ..limits.clone()
    }
}

/// The share of a move's time budget the opening-variety search takes.
const VARIETY_SHARE: f64 = 0.25;

/// The first stones after which a searching level plays its best move only.
pub const VARIETY_STONES: usize = 8;
/// How much worse (in evaluation points; 100 is about an open three) a second choice in the
/// opening may be.
pub const VARIETY_MARGIN: i32 = 20;

/// Opening variety without weakening: in the first [`VARIETY_STONES`] stones, the level
/// also searches for its best move other than `first` (on [`VARIETY_SHARE`] of the time
/// budget, a third of the nodes) and plays
/// it half the time (seeded) when it scores within [`VARIETY_MARGIN`] of `first`. Forced
/// wins and losses are never varied. The brain and the review call the engine directly, so
/// they play the best move only.
fn vary_opening(
    game: &Game,
    first: SearchResult,
    limits: &Limits,
    started: Instant,
    engine: &mut Engine,
    rng: &mut StdRng,
    stop: &AtomicBool,
) -> SearchResult {
    let (Some(best), Score::Eval(v)) = (first.best, first.score) else {
        return first;
    };
    if game.board().stone_count() >= VARIETY_STONES || stop.load(Ordering::Relaxed) {
        return first;
    }
    // Its share of the move's time, and never past what the first search left of it (that
    // one may have run a little past its own share).
    let left = less_spent(limits, started);
    let share = |t: Option<Duration>, left: Option<Duration>| {
        t.map(|t| t.mul_f64(VARIETY_SHARE))
            .zip(left)
            .map(|(s, l)| s.min(l))
    };
    let limits = Limits {
        exclude: vec![best],
        soft_time: share(limits.soft_time, left.soft_time),
        hard_time: share(limits.hard_time, left.hard_time),
        nodes: limits.nodes.map(|n| n / 3),
        ..limits.clone()
    };
    // The same engine and table: the second search allocates nothing, and the first one's
    // entries help it (the root skips the excluded move).
    let second = engine.think(game, &limits, stop, &mut super::NoInfo);
    // Either way both searches were waited for: the time and nodes are the sum.
    let (nodes, time) = (first.nodes + second.nodes, first.time + second.time);
    match (second.best, second.score) {
        (Some(_), Score::Eval(w)) if v - w <= VARIETY_MARGIN && rng.random_bool(0.5) => {
            SearchResult {
                nodes,
                time,
                ..second
            }
        }
        _ => SearchResult {
            nodes,
            time,
            ..first
        },
    }
}

/// A level's limits bounded by a game clock's.
fn on_clock(level: Level, own: Limits, clock: &Clock) -> Limits {
    let timed = clock.limits();
    let min = |a: Option<Duration>, b: Option<Duration>| match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if level == Level::Master {
        return Limits {
            soft_time: timed.soft_time,
            hard_time: timed.hard_time,
            ..own
        };
    }
    Limits {
        soft_time: min(own.soft_time, timed.soft_time),
        hard_time: min(own.hard_time, timed.hard_time),
        ..own
    }
}

/// The search limits and hash size (bytes) of a searching level.
fn search_limits(level: Level, time_scale: f64) -> (Limits, usize) {
    match level {
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
            (limits, 8 << 20)
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
            (limits, 64 << 20)
        }
        _ => {
            let limits = Limits {
                depth: Some(4),
                plain: true,
                ..Limits::default()
            };
            (limits, 8 << 20)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::engine::gomoku::ai::NoInfo;
    use crate::engine::gomoku::rules::Rule;

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new(15, Rule::Freestyle).unwrap();
        for m in moves {
            g.play(Pos::from_human(m, 15).unwrap()).unwrap();
        }
        g
    }

    fn choices(level: Level, g: &Game, seeds: std::ops::Range<u64>) -> Vec<Option<Pos>> {
        let never = AtomicBool::new(false);
        seeds
            .map(|seed| play_level(level, g, seed, 1.0, &never, &mut NoInfo).best)
            .collect()
    }

    #[test]
    fn the_opening_varies_by_seed_and_a_seed_repeats() {
        let g = game(&["h8", "i9"]);
        let moves = choices(Level::Club, &g, 0..16);
        let distinct: BTreeSet<_> = moves.iter().collect();
        assert!(distinct.len() >= 2, "one move for every seed: {moves:?}");
        assert_eq!(choices(Level::Club, &g, 3..4), moves[3..4], "seed 3 again");
    }

    #[test]
    fn after_the_opening_the_best_move_only() {
        let g = game(&["h8", "i9", "h9", "h10", "i8", "g8", "j7", "k6", "g9"]);
        let moves = choices(Level::Club, &g, 0..8);
        let distinct: BTreeSet<_> = moves.iter().collect();
        assert_eq!(distinct.len(), 1, "{moves:?}");
    }

    /// On a game clock Master's five seconds give way to its share of the clock (0.6 s over
    /// 60 moves is 10 ms a move, and one move runs to 2.5 shares at most): the limits it
    /// searches under say so.
    /// (Whether a search keeps to its limits on a busy machine is measured by a benchmark,
    /// not raced here.)
    #[test]
    fn on_a_clock_master_thinks_within_its_share() {
        let g = game(&["h8", "i9", "h9", "h10", "i8"]);
        let clock = Clock {
            turn: None,
            left: Some(Duration::from_millis(600)),
            increment: Duration::ZERO,
            empty_points: 220,
        };
        let (own, _) = search_limits(Level::Master, 1.0);
        assert_eq!(own.hard_time, Some(Duration::from_millis(7500)), "{own:?}");
        let limits = on_clock(Level::Master, own, &clock);
        assert_eq!(limits.hard_time, Some(Duration::from_millis(25)));
        assert!(
            limits.soft_time.unwrap() <= Duration::from_millis(25),
            "{limits:?}"
        );
        assert!(
            limits.vct,
            "Master keeps its own search, only its time changes"
        );
        // Club keeps its own depth-limited budget; the clock only caps its time.
        let (club, _) = search_limits(Level::Club, 1.0);
        let club = on_clock(Level::Club, club, &clock);
        assert_eq!(
            (club.depth, club.hard_time),
            (Some(4), Some(Duration::from_millis(25)))
        );
        let never = AtomicBool::new(false);
        let r = play_level_within(Level::Master, &g, 1, 1.0, Some(clock), &never, &mut NoInfo);
        assert!(r.best.is_some());
    }
}
