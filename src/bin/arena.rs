//! Plays matches between AI levels and prints wins/draws/losses with an Elo difference.
//!
//! arena --a 4 --b 3 [--games 100] [--scale-a 0.1] [--scale-b 0.1] [--threads 2]
//!       [--size 15] [--rule freestyle|standard|renju] [--seed 1] [--sgf DIR]
//!       [--clock SECONDS+INCREMENT]
//!
//! With `--clock` both players are on a Fischer game clock (for example `60+0`, `180+2`): the
//! levels take their budgets from it, and a player whose clock runs out loses. The summary
//! then counts the losses on time and the least time each side had left.

use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gomoku::engine::gomoku::Rule;
use gomoku::engine::gomoku::ai::Level;
use gomoku::engine::gomoku::ai::arena::{Player, openings, run_match, summarize};
use lexopt::prelude::*;

#[path = "common/cli.rs"]
mod cli;

struct Args {
    a: Player,
    b: Player,
    games: usize,
    threads: usize,
    size: usize,
    rule: Rule,
    seed: u64,
    sgf: Option<String>,
}

/// `60+0`, `180+2.5`: seconds for the game and the increment per move.
fn parse_clock(v: &str) -> Option<(Duration, Duration)> {
    let (base, inc) = v.split_once('+')?;
    let secs = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(Duration::from_secs_f64)
    };
    Some((secs(base)?, secs(inc)?)).filter(|(b, _)| !b.is_zero())
}

const USAGE: &str = "usage: arena --a LEVEL --b LEVEL [--games N] [--scale-a X] [--scale-b X] \
                     [--threads N] [--size N] [--rule R] [--seed N] [--sgf DIR] \
                     [--clock SECONDS+INCREMENT]";

fn parse(p: &mut lexopt::Parser) -> Result<Args, lexopt::Error> {
    let mut args = Args {
        a: Player {
            level: Level::Expert,
            time_scale: 1.0,
            clock: None,
        },
        b: Player {
            level: Level::Club,
            time_scale: 1.0,
            clock: None,
        },
        games: 100,
        threads: 2,
        size: 15,
        rule: Rule::Freestyle,
        seed: 1,
        sgf: None,
    };
    let level = |p: &mut lexopt::Parser, flag: &str| {
        let n: u8 = cli::number(p, flag)?;
        Level::from_number(n)
            .ok_or_else(|| lexopt::Error::from(format!("{flag}: level must be 1-5, not {n}")))
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("a") => args.a.level = level(p, "--a")?,
            Long("b") => args.b.level = level(p, "--b")?,
            Long("scale-a") => args.a.time_scale = cli::number(p, "--scale-a")?,
            Long("scale-b") => args.b.time_scale = cli::number(p, "--scale-b")?,
            Long("games") => args.games = cli::number(p, "--games")?,
            Long("threads") => args.threads = cli::number(p, "--threads")?,
            Long("size") => args.size = cli::number(p, "--size")?,
            Long("seed") => args.seed = cli::number(p, "--seed")?,
            Long("rule") => {
                let v = p.value()?.string()?;
                args.rule = Rule::from_name(&v).ok_or(format!("unknown rule {v}"))?
            }
            Long("sgf") => args.sgf = Some(p.value()?.string()?),
            Long("clock") => {
                let v = p.value()?.string()?;
                let clock = parse_clock(&v).ok_or(format!(
                    "--clock wants SECONDS+INCREMENT such as 60+0 or 180+2, not {v}"
                ))?;
                args.a.clock = Some(clock);
                args.b.clock = Some(clock);
            }
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    if !(5..=25).contains(&args.size) {
        return Err(format!("size must be 5-25, not {}", args.size).into());
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = cli::parse_or_exit("arena", USAGE, parse);
    let ops = openings(args.games.div_ceil(2), args.size, args.seed);
    let done = AtomicUsize::new(0);
    let total = ops.len() * 2;
    let start = Instant::now();
    println!(
        "arena: {} (x{}) vs {} (x{}), {} games, {} {}x{}, {} threads, seed {}",
        args.a.level.name(),
        args.a.time_scale,
        args.b.level.name(),
        args.b.time_scale,
        total,
        args.rule,
        args.size,
        args.size,
        args.threads,
        args.seed
    );
    let results = run_match(
        args.a,
        args.b,
        &ops,
        args.size,
        args.rule,
        args.threads,
        args.seed,
        &|r| {
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(10) || n == total {
                eprintln!(
                    "  {n}/{total} games, last: opening {} A {} score {} in {} moves",
                    r.opening,
                    if r.a_black { "Black" } else { "White" },
                    r.a_score,
                    r.game.ply()
                );
            }
        },
    );
    let s = summarize(&results);
    let as_black: f64 = results
        .iter()
        .filter(|r| r.a_black)
        .map(|r| r.a_score)
        .sum();
    let as_white: f64 = results
        .iter()
        .filter(|r| !r.a_black)
        .map(|r| r.a_score)
        .sum();
    println!(
        "result: A {} wins, {} draws, {} losses; score {:.1}% (as Black {:.1}, as White {:.1}); \
         Elo {:+.0} +/- {:.0}; {:.0} s",
        s.wins,
        s.draws,
        s.losses,
        s.score * 100.0,
        as_black,
        as_white,
        s.elo,
        s.elo_error,
        start.elapsed().as_secs_f64()
    );
    if args.a.clock.is_some() {
        let lost = |a: bool| {
            results
                .iter()
                .filter(|r| r.a_lost_on_time == Some(a))
                .count()
        };
        let least = |i: usize| {
            results
                .iter()
                .filter_map(|r| r.least_left[i])
                .min()
                .map_or("-".into(), |d| format!("{:.2} s", d.as_secs_f64()))
        };
        println!(
            "clock: time losses A {} B {}; least time left after a move A {} B {}",
            lost(true),
            lost(false),
            least(0),
            least(1)
        );
    }
    if let Some(dir) = args.sgf.clone()
        && let Err(e) = save_games(&dir, &results, &args)
    {
        eprintln!("arena: could not save games to {dir}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn save_games(
    dir: &str,
    results: &[gomoku::engine::gomoku::ai::arena::GameResult],
    args: &Args,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (k, r) in results.iter().enumerate() {
        let (black, white) = if r.a_black {
            (args.a.level.name(), args.b.level.name())
        } else {
            (args.b.level.name(), args.a.level.name())
        };
        let text = gomoku::engine::record::GameRecord::from_game(&r.game, black, white)
            .to_sgf()
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        std::fs::write(format!("{dir}/game{k:03}.sgf"), text)?;
    }
    Ok(())
}
