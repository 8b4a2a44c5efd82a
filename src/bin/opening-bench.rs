//! How balanced the AI's proposed openings are, judged by its own deeper search.
//!
//! opening-bench [--count 100] [--rule freestyle] [--opening swap2] [--level 5]
//!               [--nodes 2000000] [--seed 1]
//!
//! For each seed the level proposes the first player's stones (Swap2's three; the Renju
//! rules' first three), then a search of `--nodes` nodes (far more than the proposer's
//! probes) judges the position for Black. Prints each opening and the distribution of
//! |evaluation| (100 is about an open three; a forced win counts as 10,000).

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use gomoku::engine::gomoku::Rule;
use gomoku::engine::gomoku::ai::Level;
use gomoku::engine::gomoku::opening::OpeningRule;
use gomoku::engine::gomoku::opening::ai::{DECIDED, black_eval, propose_balanced};
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
}

const USAGE: &str = "usage: opening-bench [--count N] [--rule R] [--opening O] [--level 1-5] \
                     [--nodes N] [--seed N]";

fn parse(p: &mut lexopt::Parser) -> Result<Args, lexopt::Error> {
    let mut a = Args {
        count: 100,
        rule: Rule::Freestyle,
        opening: OpeningRule::Swap2,
        level: Level::Master,
        nodes: 2_000_000,
        seed: 1,
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("count") => a.count = cli::number(p, "--count")?,
            Long("nodes") => a.nodes = cli::number(p, "--nodes")?,
            Long("seed") => a.seed = cli::number(p, "--seed")?,
            Long("level") => {
                a.level =
                    Level::from_number(cli::number(p, "--level")?).ok_or("level must be 1-5")?
            }
            Long("rule") => {
                let v = p.value()?.string()?;
                a.rule = Rule::from_name(&v).ok_or(format!("unknown rule {v}"))?
            }
            Long("opening") => {
                let v = p.value()?.string()?;
                a.opening = OpeningRule::from_name(&v).ok_or(format!("unknown opening {v}"))?
            }
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    let a = cli::parse_or_exit("opening-bench", USAGE, parse);
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
