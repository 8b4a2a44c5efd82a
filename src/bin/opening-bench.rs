//! How balanced the AI's proposed openings are, judged by its own deeper search; or, with
//! `--play-out`, the AI's whole openings for a person to look at.
//!
//! opening-bench [--count 100] [--rule freestyle] [--opening swap2] [--level 5]
//!               [--nodes 2000000] [--seed 1]
//! opening-bench --play-out [--count 4] [--level 4] [--nodes 30000] [--seed 0]
//!
//! For each seed the level proposes the first player's stones (Swap2's three; the Renju
//! rules' first three), then a search of `--nodes` nodes (far more than the proposer's
//! probes) judges the position for Black. Prints each opening and the distribution of
//! |evaluation| (100 is about an open three; a forced win counts as 10,000).
//!
//! With `--play-out`, the level plays both sides of Swap2 (freestyle), Yamaguchi, Soosorv-8
//! and Taraguchi-10 (Renju) to the end of the opening, for each seed, and prints per opening
//! the actions taken, Black's evaluation after the first three stones (`e3`) and at the end
//! (`final`, `--nodes` nodes each), the player who ended up Black, the canonical opening the
//! stones make (if one) and the time taken.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use gomoku::engine::gomoku::ai::Level;
use gomoku::engine::gomoku::opening::ai::{DECIDED, black_eval, play_out, propose_balanced};
use gomoku::engine::gomoku::opening::{Opening, OpeningRule, canonical_opening};
use gomoku::engine::gomoku::{Game, Rule};
use lexopt::prelude::*;

#[path = "common/cli.rs"]
mod cli;

struct Args {
    count: u64,
    rule: Rule,
    opening: OpeningRule,
    level: Level,
    nodes: u64,
    seed: u64,
    play_out: bool,
}

const USAGE: &str = "usage: opening-bench [--count N] [--rule R] [--opening O] [--level 1-5] \
                     [--nodes N] [--seed N]\n       \
                     opening-bench --play-out [--count N] [--level 1-5] [--nodes N] [--seed N]";

/// The rules and openings `--play-out` plays.
const PLAYED_OUT: [(Rule, OpeningRule); 4] = [
    (Rule::Freestyle, OpeningRule::Swap2),
    (Rule::Renju, OpeningRule::Yamaguchi),
    (Rule::Renju, OpeningRule::Soosorv8),
    (Rule::Renju, OpeningRule::Taraguchi10),
];

fn parse(p: &mut lexopt::Parser) -> Result<Args, lexopt::Error> {
    let (mut count, mut level, mut nodes, mut seed) = (None, None, None, None);
    let (mut rule, mut opening, mut play_out) = (None, None, false);
    while let Some(arg) = p.next()? {
        match arg {
            Long("count") => count = Some(cli::number(p, "--count")?),
            Long("nodes") => nodes = Some(cli::number(p, "--nodes")?),
            Long("seed") => seed = Some(cli::number(p, "--seed")?),
            Long("level") => {
                level = Some(
                    Level::from_number(cli::number(p, "--level")?).ok_or("level must be 1-5")?,
                )
            }
            Long("rule") => {
                let v = p.value()?.string()?;
                rule = Some(Rule::from_name(&v).ok_or(format!("unknown rule {v}"))?)
            }
            Long("opening") => {
                let v = p.value()?.string()?;
                opening = Some(OpeningRule::from_name(&v).ok_or(format!("unknown opening {v}"))?)
            }
            Long("play-out") => play_out = true,
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    if play_out && (rule.is_some() || opening.is_some()) {
        return Err("--play-out plays its own rules and openings: no --rule or --opening".into());
    }
    // What the proposals are judged with, or (`--play-out`) what a person looks at.
    let (counts, levels, judged, seeds) = if play_out {
        (4, Level::Expert, 30_000, 0)
    } else {
        (100, Level::Master, 2_000_000, 1)
    };
    Ok(Args {
        count: count.unwrap_or(counts),
        rule: rule.unwrap_or(Rule::Freestyle),
        opening: opening.unwrap_or(OpeningRule::Swap2),
        level: level.unwrap_or(levels),
        nodes: nodes.unwrap_or(judged),
        seed: seed.unwrap_or(seeds),
        play_out,
    })
}

fn main() -> ExitCode {
    let a = cli::parse_or_exit("opening-bench", USAGE, parse);
    if a.play_out {
        return play_outs(&a);
    }
    println!(
        "opening-bench: {} {} openings proposed by {} (seeds {}..{}), judged by {} nodes",
        a.count,
        a.opening.name(),
        a.level.name(),
        a.seed,
        a.seed + a.count,
        a.nodes
    );
    let never = AtomicBool::new(false);
    let start = Instant::now();
    let mut values = Vec::new();
    for seed in a.seed..a.seed + a.count {
        let o = match propose_balanced(15, a.rule, a.opening, a.level, seed) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("opening-bench: seed {seed}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let game = o.game();
        let stones: Vec<String> = game.history().iter().map(|m| m.pos.to_human(15)).collect();
        let v = black_eval(game, a.nodes, &never);
        println!("seed {seed:3}: {:<12} Black {v:+}", stones.join(" "));
        values.push(v.abs());
    }
    values.sort_unstable();
    let n = values.len().max(1);
    let bucket = |lo: i32, hi: i32| values.iter().filter(|&&v| v >= lo && v < hi).count();
    println!(
        "|eval| buckets: <25: {}  25-49: {}  50-99: {}  100-199: {}  200-399: {}  >=400: {}  \
         forced: {}",
        bucket(0, 25),
        bucket(25, 50),
        bucket(50, 100),
        bucket(100, 200),
        bucket(200, 400),
        bucket(400, DECIDED),
        bucket(DECIDED, i32::MAX)
    );
    println!(
        "|eval| median {}  mean {:.0}  90th percentile {}  max {}; {:.0} s",
        values[n / 2],
        values.iter().map(|&v| v as f64).sum::<f64>() / n as f64,
        values[(n * 9 / 10).min(n - 1)],
        values[n - 1],
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// `--play-out`: the level plays both sides of each of [`PLAYED_OUT`] from each seed; one
/// line an opening.
fn play_outs(a: &Args) -> ExitCode {
    let never = AtomicBool::new(false);
    for (rule, opening) in PLAYED_OUT {
        for seed in a.seed..a.seed + a.count {
            let mut o = match Opening::new(15, rule, opening) {
                Ok(o) => o,
                Err(e) => return failed(opening, seed, &e),
            };
            let t = Instant::now();
            let taken = match play_out(&mut o, [a.level; 2], seed, &never) {
                Ok(taken) => taken,
                Err(e) => return failed(opening, seed, &e),
            };
            let text: Vec<String> = taken.iter().map(|a| a.text(15)).collect();
            let first: Vec<_> = o.game().history().iter().take(3).map(|m| m.pos).collect();
            let e3 = match Game::from_moves(15, rule, &first) {
                Ok(g) => black_eval(&g, a.nodes, &never),
                Err(e) => return failed(opening, seed, &e),
            };
            println!(
                "{opening} {seed}: {} | e3 {e3} final {} black {:?} {:?} {:?}",
                text.join(" "),
                black_eval(o.game(), a.nodes, &never),
                o.black(),
                canonical_opening(o.game()),
                t.elapsed()
            );
        }
    }
    ExitCode::SUCCESS
}

fn failed(opening: OpeningRule, seed: u64, e: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("opening-bench: {opening} seed {seed}: {e}");
    ExitCode::FAILURE
}
