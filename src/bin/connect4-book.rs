//! Builds the Connect Four opening book: the exact score of every position with up to
//! `--depth` stones (one entry per mirror pair).
//!
//! Only the positions at the full depth are solved; shallower ones are backed up from their
//! children, so the cost is the number of depth-`D` positions times their solve time.
//!
//! Usage: connect4-book [--depth D] [--out PATH] [--table-bits N] [--estimate N] [--check PATH]
//! - `--estimate N` solves N evenly spread depth-D positions and prints the projected time.
//! - `--check PATH` loads a book and compares it with the solver on its deepest positions.

use std::collections::HashMap;
use std::process::ExitCode;
use std::time::Instant;

use gomoku::engine::connect4::solver::win_now_score;
use gomoku::engine::connect4::{BoardSize, OpeningBook, Position, Solver};

struct Options {
    depth: usize,
    out: String,
    table_bits: u32,
    estimate: Option<usize>,
    check: Option<String>,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        depth: 8,
        out: "assets/connect4/book-7x6.c4b".into(),
        table_bits: 24,
        estimate: None,
        check: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--depth" => {
                o.depth = value("--depth")?
                    .parse()
                    .map_err(|_| "--depth needs a number")?
            }
            "--out" => o.out = value("--out")?,
            "--table-bits" => {
                o.table_bits = value("--table-bits")?
                    .parse()
                    .map_err(|_| "--table-bits needs a number")?
            }
            "--estimate" => {
                o.estimate = Some(
                    value("--estimate")?
                        .parse()
                        .map_err(|_| "--estimate needs a number")?,
                )
            }
            "--check" => o.check = Some(value("--check")?),
            _ => {
                return Err(format!(
                    "unknown argument {a}\nusage: connect4-book [--depth D] [--out PATH] \
                     [--table-bits N] [--estimate N] [--check PATH]"
                ));
            }
        }
    }
    Ok(o)
}

/// Positions by number of stones, one per mirror pair, in depth-first discovery order (so that
/// consecutive positions share subtrees in the transposition table).
fn enumerate(size: BoardSize, depth: usize) -> Vec<Vec<Position>> {
    let mut levels: Vec<Vec<Position>> = vec![Vec::new(); depth + 1];
    let mut seen: Vec<std::collections::HashSet<u64>> = vec![Default::default(); depth + 1];
    let mut stack = vec![Position::new(size)];
    while let Some(p) = stack.pop() {
        let ply = p.moves_played();
        if !seen[ply].insert(p.canonical_key()) {
            continue;
        }
        levels[ply].push(p);
        if ply == depth {
            continue;
        }
        // Reverse so that the leftmost child is explored first.
        for col in (0..size.width()).rev() {
            // Finished games are not positions; the parent scores them directly.
            if p.can_play(col) && !p.is_winning_move(col) {
                let mut child = p;
                if child.try_play(col).is_ok() {
                    stack.push(child);
                }
            }
        }
    }
    levels
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let size = BoardSize::STANDARD;
    if let Some(path) = &o.check {
        return check(path, o.table_bits);
    }
    let start = Instant::now();
    let levels = enumerate(size, o.depth);
    for (ply, l) in levels.iter().enumerate() {
        eprintln!("ply {ply}: {} positions (mirror pairs merged)", l.len());
    }
    let mut solver = Solver::with_table_bits(size, o.table_bits);
    let deepest = &levels[o.depth];

    if let Some(n) = o.estimate {
        let step = (deepest.len() / n.max(1)).max(1);
        let t = Instant::now();
        let mut solved = 0;
        for p in deepest.iter().step_by(step).take(n) {
            solver.solve(p);
            solved += 1;
        }
        let each = t.elapsed().as_secs_f64() / solved.max(1) as f64;
        println!(
            "{solved} positions at ply {}: {:.3} s each, {} nodes; projected total {:.0} s \
             (sampled positions do not share the table, so this overestimates)",
            o.depth,
            each,
            solver.node_count(),
            each * deepest.len() as f64
        );
        return ExitCode::SUCCESS;
    }

    let mut scores: HashMap<u64, i8> = HashMap::new();
    let t = Instant::now();
    for (i, p) in deepest.iter().enumerate() {
        scores.insert(p.canonical_key(), solver.solve(p) as i8);
        if (i + 1) % 500 == 0 || i + 1 == deepest.len() {
            let elapsed = t.elapsed().as_secs_f64();
            let eta = elapsed / (i + 1) as f64 * (deepest.len() - i - 1) as f64;
            eprintln!(
                "{}/{} solved, {:.0} s elapsed, ~{:.0} s left, {:.2e} nodes",
                i + 1,
                deepest.len(),
                elapsed,
                eta,
                solver.node_count() as f64
            );
        }
    }
    // Back up shallower plies from their children.
    for ply in (0..o.depth).rev() {
        for p in &levels[ply] {
            let mut best = i32::MIN;
            for col in 0..size.width() {
                if !p.can_play(col) {
                    continue;
                }
                let s = if p.is_winning_move(col) {
                    win_now_score(p)
                } else {
                    let mut child = *p;
                    if child.try_play(col).is_err() {
                        continue;
                    }
                    match scores.get(&child.canonical_key()) {
                        Some(&s) => -i32::from(s),
                        None => {
                            eprintln!("internal error: child of a ply-{ply} position missing");
                            return ExitCode::FAILURE;
                        }
                    }
                };
                best = best.max(s);
            }
            // A full board cannot occur this early; treat it as a draw anyway.
            let best = if best == i32::MIN { 0 } else { best };
            scores.insert(p.canonical_key(), best as i8);
        }
    }
    let book = OpeningBook::from_entries(size, o.depth, scores.into_iter().collect());
    let bytes = book.to_bytes();
    if let Err(e) = std::fs::write(&o.out, &bytes) {
        eprintln!("cannot write {}: {e}", o.out);
        return ExitCode::FAILURE;
    }
    println!(
        "wrote {}: {} entries up to ply {}, {} bytes, in {:.0} s",
        o.out,
        book.len(),
        o.depth,
        bytes.len(),
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Checks a book: every shallow entry must equal the best of its children's entries, and a
/// sample of the deepest entries must match fresh solves.
fn check(path: &str, table_bits: u32) -> ExitCode {
    let book = match OpeningBook::load(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let size = book.size();
    let levels = enumerate(size, book.max_ply());
    let mut wrong = 0;
    let mut checked = 0;
    for p in levels[..book.max_ply()].iter().flatten() {
        let best = (0..size.width())
            .filter(|&c| p.can_play(c))
            .filter_map(|c| {
                if p.is_winning_move(c) {
                    return Some(win_now_score(p));
                }
                let mut child = *p;
                child.try_play(c).ok()?;
                book.get(&child).map(|s| -s)
            })
            .max();
        checked += 1;
        if best.is_none() || book.get(p) != best {
            wrong += 1;
            eprintln!("inconsistent entry at ply {}", p.moves_played());
        }
    }
    let mut solver = Solver::with_table_bits(size, table_bits);
    let deepest = &levels[book.max_ply()];
    for p in deepest.iter().step_by((deepest.len() / 40).max(1)) {
        let expected = solver.solve(p);
        checked += 1;
        if book.get(p) != Some(expected) {
            wrong += 1;
            eprintln!("book {:?}, solver {expected} at ply {}", book.get(p), p.moves_played());
        }
    }
    println!("{checked} positions checked, {wrong} wrong");
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
