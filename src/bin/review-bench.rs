//! How long a game review takes: plays a seeded Gomoku game of about `--moves` moves (Club
//! against itself on a short clock, so it has mistakes to find) and a Connect Four game, reviews both with the
//! fast (default) and the deep setting on one core, and prints the times and the grades.
//!
//! `cargo run --release --no-default-features --bin review-bench [-- --moves 60 --seed 7]`

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use gomoku::engine::connect4 as c4;
use gomoku::engine::gomoku::ai::{Level, NoInfo, play_level};
use gomoku::engine::gomoku::{Game, Pos, Rule};
use gomoku::engine::review::{
    GameReview, Grade, Progress, ReviewLimits, review_connect4, review_gomoku,
};
use lexopt::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

#[path = "common/cli.rs"]
mod cli;

const USAGE: &str = "usage: review-bench [--moves N] [--seed S]";

/// The Gomoku game's length in moves and the seed of both games.
fn parse_args(p: &mut lexopt::Parser) -> Result<(usize, u64), lexopt::Error> {
    let (mut moves, mut seed) = (60, 7);
    while let Some(arg) = p.next()? {
        match arg {
            Long("moves") => moves = cli::number(p, "--moves")?,
            Long("seed") => seed = cli::number(p, "--seed")?,
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok((moves, seed))
}

fn main() {
    let (moves, seed) = cli::parse_or_exit("review-bench", USAGE, parse_args);
    let never = AtomicBool::new(false);

    // A Gomoku game between two Club players, cut at `moves` if nobody has won.
    let start = Game::new(15, Rule::Freestyle).expect("15x15");
    let mut game = start.clone();
    let mut played: Vec<Pos> = Vec::new();
    while played.len() < moves && !game.outcome().is_over() {
        let r = play_level(
            Level::Club,
            &game,
            seed + played.len() as u64,
            0.2,
            &never,
            &mut NoInfo,
        );
        let Some(mv) = r.best else { break };
        game.play(mv).expect("the engine plays legal moves");
        played.push(mv);
    }
    for (name, limits) in [("fast", ReviewLimits::FAST), ("deep", ReviewLimits::DEEP)] {
        let t = Instant::now();
        let progress = Progress::default();
        let r = review_gomoku(&start, &played, limits, &never, &progress).expect("not stopped");
        report(
            &format!("gomoku {} moves, {name}", played.len()),
            t.elapsed().as_secs_f64(),
            &r,
        );
    }

    // A Connect Four game: Club against Casual on 7 x 6.
    let size = c4::BoardSize::STANDARD;
    let mut g = c4::Game::new(size);
    let mut ai = c4::Ai::new(size);
    let mut rng = StdRng::seed_from_u64(seed);
    while !g.is_over() {
        let level = if g.moves().len().is_multiple_of(2) {
            c4::Level::Club
        } else {
            c4::Level::Casual
        };
        let limits = c4::Limits::default();
        let Ok(choice) = ai.choose_move_in_game(level, &g, &limits, &mut rng, &never) else {
            break;
        };
        g.play(choice.column).expect("legal");
    }
    let columns = g.moves().to_vec();
    let t = Instant::now();
    let progress = Progress::default();
    let r = review_connect4(size, &columns, ReviewLimits::FAST, &never, &progress)
        .expect("not stopped");
    report(
        &format!("connect4 {} moves, fast", columns.len()),
        t.elapsed().as_secs_f64(),
        &r,
    );
}

fn report<M>(what: &str, secs: f64, r: &GameReview<M>) {
    let counts = |side: usize| {
        Grade::ALL
            .iter()
            .zip(r.summary[side].counts)
            .filter(|(_, n)| *n > 0)
            .map(|(g, n)| format!("{n} {}", g.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "review-bench: {what}: {secs:.1} s; first player {:.1}% ({}); second {:.1}% ({}); turning point {}",
        r.summary[0].accuracy,
        counts(0),
        r.summary[1].accuracy,
        counts(1),
        r.turning_point
            .map_or("none".to_string(), |p| format!("move {}", p + 1))
    );
}
