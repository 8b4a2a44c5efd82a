//! Matches between players, for the arena binary and for tests: balanced openings, both
//! colours, results with an Elo difference and its error bar.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::time::Clock;
use super::{Level, NoInfo, play_level_within};
use crate::engine::gomoku::game::{Game, Outcome};
use crate::engine::gomoku::pos::{Pos, Stone};
use crate::engine::gomoku::rules::Rule;

/// A player in a match: a level at a time scale, optionally on a game clock.
#[derive(Copy, Clone, Debug)]
pub struct Player {
    pub level: Level,
    pub time_scale: f64,
    /// Fischer clock (time for the game, increment per move): the level's budget comes from
    /// it (see [`play_level_within`]) and running out of it loses the game.
    pub clock: Option<(Duration, Duration)>,
}

pub use crate::engine::gomoku::balanced::openings;

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub opening: usize,
    /// Whether player A had Black.
    pub a_black: bool,
    /// 1.0 A won, 0.5 draw, 0.0 A lost.
    pub a_score: f64,
    pub game: Game,
    /// Who lost on time, if the game ended so: A (true) or B (false).
    pub a_lost_on_time: Option<bool>,
    /// The least time A and B had left after a move (game clocks only).
    pub least_left: [Option<Duration>; 2],
}

/// How one game ended, before it is a [`GameResult`].
pub struct Played {
    pub a_score: f64,
    pub game: Game,
    pub a_lost_on_time: Option<bool>,
    pub least_left: [Option<Duration>; 2],
}

/// Plays one game between A and B from `opening`; returns A's score and the game. Players on
/// a clock are timed on the wall clock around the whole move (the search and its set-up).
pub fn play_game(
    a: Player,
    b: Player,
    a_black: bool,
    opening: &[Pos],
    size: usize,
    rule: Rule,
    seed: u64,
) -> Played {
    let mut game = Game::new(size, rule).expect("arena board size");
    for &p in opening {
        if game.play(p).is_err() {
            break;
        }
    }
    let stop = AtomicBool::new(false);
    let mut ply_seed = seed;
    // Time left of A and B.
    let mut left = [a.clock.map(|c| c.0), b.clock.map(|c| c.0)];
    let mut least_left = left;
    let a_wins = |yes: bool| if yes { 1.0 } else { 0.0 };
    while !game.outcome().is_over() {
        let a_to_move = (game.to_move() == Stone::Black) == a_black;
        let (p, i) = if a_to_move { (a, 0) } else { (b, 1) };
        ply_seed = ply_seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let clock = p.clock.zip(left[i]).map(|((_, increment), left)| Clock {
            turn: None,
            left: Some(left),
            increment,
            empty_points: size * size - game.board().stone_count(),
        });
        let start = Instant::now();
        let r = play_level_within(
            p.level,
            &game,
            ply_seed,
            p.time_scale,
            clock,
            &stop,
            &mut NoInfo,
        );
        if let (Some(l), Some((_, increment))) = (left[i].as_mut(), p.clock) {
            let spent = start.elapsed();
            if spent > *l {
                return Played {
                    a_score: a_wins(!a_to_move),
                    game,
                    a_lost_on_time: Some(a_to_move),
                    least_left,
                };
            }
            *l = *l - spent + increment;
            least_left[i] = least_left[i].map(|m| m.min(*l - increment));
        }
        let Some(mv) = r.best else {
            break; // no legal move: Renju Black with only forbidden points left
        };
        if let Err(e) = game.play(mv) {
            // An illegal move loses on the spot: the engine promised never to make one.
            eprintln!("illegal move by {:?}: {e}", p.level);
            return Played {
                a_score: a_wins(!a_to_move),
                game,
                a_lost_on_time: None,
                least_left,
            };
        }
    }
    let a_score = match game.outcome() {
        Outcome::Win { winner, .. } => a_wins((*winner == Stone::Black) == a_black),
        _ => 0.5,
    };
    Played {
        a_score,
        game,
        a_lost_on_time: None,
        least_left,
    }
}

/// Plays `openings.len() * 2` games on `threads` threads.
pub fn run_match(
    a: Player,
    b: Player,
    openings: &[Vec<Pos>],
    size: usize,
    rule: Rule,
    threads: usize,
    seed: u64,
    progress: &(dyn Fn(&GameResult) + Sync),
) -> Vec<GameResult> {
    let jobs = openings.len() * 2;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(jobs));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let j = next.fetch_add(1, Ordering::Relaxed);
                    if j >= jobs {
                        break;
                    }
                    let opening = j / 2;
                    let a_black = j.is_multiple_of(2);
                    let played = play_game(
                        a,
                        b,
                        a_black,
                        &openings[opening],
                        size,
                        rule,
                        seed ^ (j as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    );
                    let r = GameResult {
                        opening,
                        a_black,
                        a_score: played.a_score,
                        game: played.game,
                        a_lost_on_time: played.a_lost_on_time,
                        least_left: played.least_left,
                    };
                    progress(&r);
                    results.lock().expect("results lock").push(r);
                }
            });
        }
    });
    let mut v = results.into_inner().expect("results lock");
    v.sort_by_key(|r| (r.opening, !r.a_black));
    v
}

/// Wins, draws, losses, score fraction, Elo difference and its 95% error bar for A.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub score: f64,
    pub elo: f64,
    pub elo_error: f64,
}

fn elo_of(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    -400.0 * (1.0 / p - 1.0).log10()
}

pub fn summarize(results: &[GameResult]) -> Summary {
    let n = results.len().max(1) as f64;
    let wins = results.iter().filter(|r| r.a_score == 1.0).count();
    let draws = results.iter().filter(|r| r.a_score == 0.5).count();
    let losses = results.len() - wins - draws;
    let score = results.iter().map(|r| r.a_score).sum::<f64>() / n;
    let var = results
        .iter()
        .map(|r| (r.a_score - score).powi(2))
        .sum::<f64>()
        / n;
    let margin = 1.96 * (var / n).sqrt();
    let elo = elo_of(score);
    let elo_error = (elo_of((score + margin).min(1.0)) - elo_of((score - margin).max(0.0))) / 2.0;
    Summary {
        wins,
        draws,
        losses,
        score,
        elo,
        elo_error,
    }
}
