//! Runs Pascal Pons's Connect Four benchmark sets through the solver and prints, per set, the
//! mean time and nodes per position, nodes per second and the number of wrong scores.
//!
//! Usage: connect4-bench [--weak] [--book] [--table-bits N] [--limit N] [SET...]
//! SET is a file name such as Test_L2_R1 (looked up in tests/data/connect4) or a path. Without SETs, all five sets run.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use gomoku::engine::connect4::solver::DEFAULT_TABLE_BITS;
use gomoku::engine::connect4::testsets::{TEST_SETS, find_test_set, read_test_set};
use gomoku::engine::connect4::{BoardSize, OpeningBook, Position, Solver};
use lexopt::prelude::*;

#[path = "common/cli.rs"]
mod cli;

struct Options {
    weak: bool,
    book: bool,
    table_bits: u32,
    limit: Option<usize>,
    sets: Vec<String>,
}

const USAGE: &str = "usage: connect4-bench [--weak] [--book] [--table-bits N] [--limit N] [SET...]";

fn parse_args(p: &mut lexopt::Parser) -> Result<Options, lexopt::Error> {
    let mut o = Options {
        weak: false,
        book: false,
        table_bits: DEFAULT_TABLE_BITS,
        limit: None,
        sets: Vec::new(),
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("weak") => o.weak = true,
            Long("book") => o.book = true,
            Long("table-bits") => o.table_bits = cli::number(p, "--table-bits")?,
            Long("limit") => o.limit = Some(cli::number(p, "--limit")?),
            Value(set) => o.sets.push(set.string()?),
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    if o.sets.is_empty() {
        o.sets = TEST_SETS.iter().map(|s| s.0.to_string()).collect();
    }
    Ok(o)
}

fn main() -> ExitCode {
    let o = cli::parse_or_exit("connect4-bench", USAGE, parse_args);
    let size = BoardSize::STANDARD;
    let mut solver = Solver::with_table_bits(size, o.table_bits);
    if o.book {
        solver.set_book(OpeningBook::standard());
    }
    println!(
        "mode: {}, book: {}, table: 2^{} entries, table reset before each \
         position",
        if o.weak { "weak" } else { "strong" },
        if o.book { "yes" } else { "no" },
        solver.table_bits()
    );
    println!(
        "| set | positions | mean time | mean nodes | reference mean nodes | nodes/s | wrong |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut failed = false;
    for name in &o.sets {
        let path = if std::path::Path::new(name).is_file() {
            Some(name.into())
        } else {
            find_test_set(name)
        };
        let Some(path) = path else {
            eprintln!("{name}: not found in tests/data/connect4");
            failed = true;
            continue;
        };
        let cases = match read_test_set(&path) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                failed = true;
                continue;
            }
        };
        let cases = &cases[..o.limit.unwrap_or(cases.len()).min(cases.len())];
        let (mut time, mut nodes, mut wrong) = (Duration::ZERO, 0u64, 0usize);
        for case in cases {
            let p = match Position::from_moves(size, &case.moves) {
                Ok(p) => p,
                Err(e) => {
                    eprintln!("{}:{}: {e}", path.display(), case.line);
                    wrong += 1;
                    continue;
                }
            };
            // Clearing the 42 MB table is not part of the solve.
            solver.reset();
            let start = Instant::now();
            let score = if o.weak {
                solver.solve_weak(&p)
            } else {
                solver.solve(&p)
            };
            time += start.elapsed();
            nodes += solver.node_count();
            let expected = if o.weak {
                case.score.signum()
            } else {
                case.score
            };
            if score != expected {
                eprintln!(
                    "{}:{}: {} scored {score}, expected {expected}",
                    path.display(),
                    case.line,
                    case.moves
                );
                wrong += 1;
            }
        }
        let n = cases.len().max(1) as f64;
        // The reference counts are for strong solves.
        let reference = TEST_SETS
            .iter()
            .find(|s| name.ends_with(s.0) && !o.weak)
            .map_or("-".to_string(), |s| s.1.to_string());
        println!(
            "| {name} | {} | {} | {:.0} | {reference} | {:.2} M | {wrong} |",
            cases.len(),
            format_duration(time.as_secs_f64() / n),
            nodes as f64 / n,
            nodes as f64 / time.as_secs_f64().max(1e-9) / 1e6,
        );
        failed |= wrong > 0;
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn format_duration(secs: f64) -> String {
    if secs >= 1.0 {
        format!("{secs:.2} s")
    } else if secs >= 1e-3 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{:.1} µs", secs * 1e6)
    }
}
