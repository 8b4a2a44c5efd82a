//! Fits the evaluation's tables to game results (Texel tuning).
//!
//! tune gen --games 8000 --nodes 3000 --seed 1 --threads 2 --out FILE
//!     Plays fast self-play games (every move a search of `--nodes` nodes, so the games do
//!     not depend on the machine's speed) from random openings drawn from `--seed`, two in
//!     three freestyle and one in three Renju, and writes every quiet position (no four or
//!     open three for either side, from the 7th move on) with the game's result for the side
//!     to move and the evaluation's features. The same arguments give the same file.
//! tune fit --data FILE [--iters 3000] [--per-game 40] [--pcodes [--l2 1e-7] [--min-count 50]]
//!          [--write src/engine/gomoku/ai/eval_table.rs]
//!     Fits the tables by logistic regression: P(side to move wins) = 1 / (1 + e^(-eval/K)),
//!     K fitted first to the current tables and then held, so the evaluation keeps its scale
//!     (the search's margins are in its units). Games whose index ends in 0 are held out to
//!     show the fit generalises. Prints the loss before and after; writes the table file.
//!     `--pcodes` also fits what each multiset of four line patterns adds (`pattern::pcode`,
//!     1,001 per side), for those seen in `--min-count` training positions, held near zero
//!     by an L2 penalty (`gen` files record them; older files fit without).
//! tune movegen --games 2000 --nodes 3000 --seed 2 --out FILE
//!     Plays self-play games as `gen` does and writes, for every position where the move
//!     order matters (no five to block, no open four or double four of ours), each
//!     candidate point's shapes for the mover and the opponent and which one the search
//!     chose.
//! tune movefit --data FILE [--iters 2000] [--lr 4] [--div 1] [--write src/engine/gomoku/ai/move_table.rs]
//!     Fits the move picker's tables so that the chosen move ranks first: softmax over the
//!     candidates, P(chosen) = e^(s/T) / sum e^(s'/T), cross-entropy; T fitted first to the
//!     current tables and then held, so the scores keep their scale (killer, counter-move and
//!     history bonuses are in its units). Games whose index ends in 0 are held out.
//!
//! `eval.rs`: `gen` and `fit` (the evaluation's tables); `moves.rs`: `movegen` and `movefit`
//! (the move picker's tables).

// Index loops over the weight and feature arrays read as the formulas they implement.
#![allow(clippy::needless_range_loop)]

mod eval;
mod moves;

use gomoku::engine::gomoku::{Game, Pos, Rule};
use rand::RngExt;
use rand::rngs::StdRng;

use eval::{fit, generate};
use moves::{movefit, movegen};

const PATTERNS: usize = 11;
const COMBOS: usize = 14;
const F: usize = PATTERNS + COMBOS;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn num(name: &str, default: u64) -> u64 {
    arg(name).map_or(default, |v| {
        v.parse()
            .unwrap_or_else(|_| fail(&format!("{name}: '{v}' is not a whole number")))
    })
}

fn fail(msg: &str) -> ! {
    eprintln!("tune: {msg}");
    std::process::exit(2)
}

/// The lines of a data file as numbers, with their line numbers (1-based) for messages.
fn number_lines<T: std::str::FromStr>(path: &str) -> Vec<(usize, Vec<T>)> {
    use std::io::BufRead;
    let file = std::fs::File::open(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    std::io::BufReader::new(file)
        .lines()
        .enumerate()
        .map(|(n, line)| {
            let line = line.unwrap_or_else(|e| fail(&format!("{path}: {e}")));
            let v = line
                .split_whitespace()
                .map(|t| {
                    t.parse().unwrap_or_else(|_| {
                        fail(&format!("{path} line {}: '{t}' is not a number", n + 1))
                    })
                })
                .collect();
            (n + 1, v)
        })
        .collect()
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("gen") => generate(),
        Some("fit") => fit(),
        Some("movegen") => movegen(),
        Some("movefit") => movefit(),
        _ => fail(
            "usage: tune gen --games N --nodes N --seed S --threads T --out FILE | \
             tune fit --data FILE [--iters N] [--write FILE] | \
             tune movegen --games N --nodes N --seed S --out FILE | \
             tune movefit --data FILE [--iters N] [--write FILE]",
        ),
    }
}

/// A random opening: 2 to 5 stones near the centre, legal, with no threat yet.
fn opening(rng: &mut StdRng) -> Game {
    loop {
        let rule = if rng.random_range(0..3) == 2 {
            Rule::Renju
        } else {
            Rule::Freestyle
        };
        let mut game = Game::new(15, rule).expect("15x15");
        let stones = rng.random_range(2..=5);
        let mut ok = true;
        for _ in 0..stones {
            let mut placed = false;
            for _ in 0..50 {
                let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
                if game.check_move(p).is_ok() {
                    game.play(p).expect("checked");
                    placed = true;
                    break;
                }
            }
            ok &= placed;
        }
        if ok && !game.outcome().is_over() {
            return game;
        }
    }
}
