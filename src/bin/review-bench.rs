//! How long a game review takes: plays a seeded Gomoku game of about `--moves` moves (Club
//! against itself on a short clock, so it has mistakes to find) and a Connect Four game, reviews both with the
//! fast (default) and the deep setting on one core, and prints the times and the grades.
//!
//! With `--levels N` it measures what a player's accuracy says instead: N games of each
//! player (a random mover, a stone on every other edge point, then every level) against
//! Club, colours alternating, each cut at `--moves`, reviewed at the fast setting; it prints
//! each player's mean accuracy.
//!
//! `cargo run --release --no-default-features --features tools --bin review-bench
//! [-- --moves 60 --seed 7] [--levels 4]`

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use gomoku::engine::connect4 as c4;
use gomoku::engine::gomoku::ai::{Level, NoInfo, play_level};
use gomoku::engine::gomoku::{Game, Outcome, Pos, Rule};
use gomoku::engine::review::{
    GameReview, Grade, Progress, ReviewLimits, review_connect4, review_gomoku,
};
use lexopt::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[path = "common/cli.rs"]
mod cli;

const USAGE: &str = "usage: review-bench [--moves N] [--seed S] [--levels GAMES]";

/// The Gomoku game's length in moves, the seed of both games, and the games per player of
/// the accuracy survey (`None`: the timing run).
fn parse_args(p: &mut lexopt::Parser) -> Result<(usize, u64, Option<u32>), lexopt::Error> {
    let (mut moves, mut seed, mut levels) = (60, 7, None);
    while let Some(arg) = p.next()? {
        match arg {
            Long("moves") => moves = cli::number(p, "--moves")?,
            Long("seed") => seed = cli::number(p, "--seed")?,
            Long("levels") => levels = Some(cli::number(p, "--levels")?),
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok((moves, seed, levels))
}

/// Who makes a move in the accuracy survey.
#[derive(Clone, Copy)]
enum Mover {
    /// Any empty point, uniformly.
    Random,
    /// The next free point of a1, a3, a5, ... along the edge, then any.
    Edge,
    Level(Level),
}

impl Mover {
    fn name(self) -> String {
        match self {
            Mover::Random => "random mover".into(),
            Mover::Edge => "edge stones".into(),
            Mover::Level(l) => format!("{l:?}"),
        }
    }

    fn play(self, game: &Game, rng: &mut StdRng, seed: u64, never: &AtomicBool) -> Option<Pos> {
        let size = game.size();
        let empty: Vec<Pos> = game
            .board()
            .empty_points()
            .filter(|&p| game.check_move(p).is_ok())
            .collect();
        match self {
            Mover::Random => (!empty.is_empty()).then(|| empty[rng.random_range(0..empty.len())]),
            Mover::Edge => (0..size)
                .step_by(2)
                .map(|y| Pos::from_index(y * size, size))
                .find(|p| empty.contains(p))
                .or_else(|| Mover::Random.play(game, rng, seed, never)),
            Mover::Level(l) => play_level(l, game, seed, 0.2, never, &mut NoInfo).best,
        }
    }
}

/// The accuracy survey: `games` games of each player against Club, colours alternating,
/// reviewed at the fast setting; the player's own side is scored. (Self-play says less: a
/// game between two beginners ends in a few moves with one blunder, and each level's
/// games differ in kind.)
fn survey(games: u32, moves: usize, seed: u64, never: &AtomicBool) {
    let opponent = Mover::Level(Level::Club);
    let mut players = vec![Mover::Random, Mover::Edge];
    players.extend(Level::ALL.map(Mover::Level));
    for player in players {
        let (mut sum, mut linear, mut plies, mut wins) = (0.0, 0.0, 0, 0);
        for g in 0..games {
            let game_seed = seed.wrapping_add(u64::from(g) * 1_000);
            let mut rng = StdRng::seed_from_u64(game_seed);
            let start = Game::new(15, Rule::Freestyle).expect("15x15");
            let mut game = start.clone();
            let mut played = Vec::new();
            let side = (g % 2) as usize;
            while played.len() < moves && !game.outcome().is_over() {
                let mover = if played.len() % 2 == side {
                    player
                } else {
                    opponent
                };
                let Some(mv) = mover.play(&game, &mut rng, game_seed + played.len() as u64, never)
                else {
                    break;
                };
                game.play(mv).expect("legal moves only");
                played.push(mv);
            }
            // The last stone won the game: the player's when its colour placed it.
            if matches!(game.outcome(), Outcome::Win { .. }) && (played.len() - 1) % 2 == side {
                wins += 1;
            }
            let progress = Progress::default();
            let r = review_gomoku(&start, &played, ReviewLimits::FAST, never, &progress)
                .expect("not stopped");
            plies += played.len();
            sum += r.summary[side].accuracy;
            // The linear scale the review used before, `100 (1 - drop)`, for comparison.
            let graded: Vec<f64> = r
                .moves
                .iter()
                .filter(|m| m.ply % 2 == side && m.grade.is_some())
                .map(|m| 100.0 * (1.0 - m.drop))
                .collect();
            linear += graded.iter().sum::<f64>() / graded.len().max(1) as f64;
        }
        let n = f64::from(games.max(1));
        println!(
            "review-bench: accuracy of {:<12} {:>5.1}% (linear {:>5.1}%) against Club: {wins} of {games} won, {:.0} moves a game",
            player.name(),
            sum / n,
            linear / n,
            plies as f64 / n,
        );
    }
}

fn main() {
    let (moves, seed, levels) = cli::parse_or_exit("review-bench", USAGE, parse_args);
    let never = AtomicBool::new(false);
    if let Some(games) = levels {
        survey(games, moves, seed, &never);
        return;
    }

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
