//! Generates balanced openings for engine matches: random 3- and 5-stone openings around the
//! centre of a 15x15 board (Black, White, Black, ...), kept when they are legal under Renju
//! too (no forbidden stone, nobody already winning) and our engine, searching briefly with
//! White to move, scores them near zero. Reproducible: the search is limited by depth, not
//! time, so the same seed gives the same file on any machine.
//!
//! ```text
//! make-openings [--count 120] [--seed 2026] [--depth 5] [--max-eval 60] > openings.txt
//! ```

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use gomoku::engine::gomoku::ai::{Engine, Limits, NoInfo, Score};
use gomoku::engine::gomoku::{Game, Pos, Rule};
use lexopt::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[path = "common/cli.rs"]
mod cli;

const USAGE: &str =
    "usage: make-openings [--count 120] [--seed 2026] [--depth 5] [--max-eval 60] > openings.txt";

/// The openings wanted, the random seed, the judging search's depth and the largest
/// |evaluation| kept.
fn parse_args(p: &mut lexopt::Parser) -> Result<(usize, u64, u32, i32), lexopt::Error> {
    let (mut count, mut seed, mut depth, mut max_eval) = (120, 2026, 5, 60);
    while let Some(arg) = p.next()? {
        match arg {
            Long("count") => count = cli::number(p, "--count")?,
            Long("seed") => seed = cli::number(p, "--seed")?,
            Long("depth") => depth = cli::number(p, "--depth")?,
            Long("max-eval") => max_eval = cli::number(p, "--max-eval")?,
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok((count, seed, depth, max_eval))
}

fn main() {
    let (count, seed, depth, max_eval) = cli::parse_or_exit("make-openings", USAGE, parse_args);
    let mut rng = StdRng::seed_from_u64(seed);
    let stop = AtomicBool::new(false);
    let mut seen = HashSet::new();
    let (mut kept, mut tried) = (0, 0);
    println!(
        "# {count} balanced 15x15 openings (make-openings --count {count} --seed {seed} \
         --depth {depth} --max-eval {max_eval}): moves from Black; legal under Renju; our \
         engine's score with White to move within +/-{max_eval} (100 = an open three)"
    );
    while kept < count && tried < count * 50 {
        tried += 1;
        let stones = if rng.random_range(0..3) == 0 { 5 } else { 3 };
        let mut offsets: Vec<(i32, i32)> = vec![(0, 0)];
        while offsets.len() < stones {
            let r = if offsets.len() < 3 { 2 } else { 3 };
            let o = (rng.random_range(-r..=r), rng.random_range(-r..=r));
            if !offsets.contains(&o) {
                offsets.push(o);
            }
        }
        if !seen.insert(offsets.clone()) {
            continue;
        }
        let moves: Vec<Pos> = offsets
            .iter()
            .map(|&(x, y)| Pos::new((7 + x) as u8, (7 + y) as u8))
            .collect();
        let Ok(renju) = Game::from_moves(15, Rule::Renju, &moves) else {
            continue;
        };
        if renju.outcome().is_over() {
            continue;
        }
        let game = Game::from_moves(15, Rule::Freestyle, &moves).expect("legal under Renju");
        let r = Engine::new(16 << 20).think(&game, &Limits::depth(depth), &stop, &mut NoInfo);
        let Score::Eval(v) = r.score else { continue };
        if v.abs() > max_eval {
            continue;
        }
        kept += 1;
        let line: Vec<String> = moves.iter().map(|p| p.to_human(15)).collect();
        println!("{}", line.join(" "));
        eprintln!("{kept}/{count}: {} (White to move, {v:+})", line.join(" "));
    }
    if kept < count {
        eprintln!("only {kept} openings after {tried} tries");
        std::process::exit(1);
    }
}
