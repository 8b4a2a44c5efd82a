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
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let count = arg("--count", 120) as usize;
    let seed = arg("--seed", 2026);
    let depth = arg("--depth", 5) as u32;
    let max_eval = arg("--max-eval", 60) as i32;
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
