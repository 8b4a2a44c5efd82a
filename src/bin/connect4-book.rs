//! Builds the Connect Four opening book (see `gomoku::engine::connect4::book_build::build`): exact
//! scores of every 7x6 position with up to `--depth` stones plus the best reply to each
//! position at that depth, one entry per mirror pair.
//!
//! Usage: connect4-book [--depth D] [--out PATH] [--table-bits N] [--root MOVES]
//!        connect4-book --check PATH [--verify N] [--table-bits N]
//!
//! Solved scores are appended to `PATH.progress` as they come, and a rerun with the same
//! output resumes from there (early positions take minutes each). `--check` verifies that
//! every shallow entry is the best of its children's and that each deepest position's best
//! reply is stored; `--verify N` also re-solves N of the deepest entries.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use gomoku::engine::connect4::book_build::{Solved, build, enumerate};
use gomoku::engine::connect4::solver::win_now_score;
use gomoku::engine::connect4::{BoardSize, OpeningBook, Position, Solver};
use lexopt::prelude::*;

#[path = "common/cli.rs"]
mod cli;

const USAGE: &str = "usage: connect4-book [--depth D] [--out PATH] [--table-bits N] [--root MOVES]\n       connect4-book --check PATH [--verify N] [--table-bits N]";

struct Options {
    depth: usize,
    out: String,
    table_bits: u32,
    root: Position,
    check: Option<String>,
    verify: usize,
}

fn parse_args(p: &mut lexopt::Parser) -> Result<Options, lexopt::Error> {
    let mut o = Options {
        depth: 1,
        out: "assets/connect4/book-7x6.c4b".into(),
        table_bits: 24,
        root: Position::new(BoardSize::STANDARD),
        check: None,
        verify: 0,
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("depth") => o.depth = cli::number(p, "--depth")?,
            Long("out") => o.out = p.value()?.string()?,
            Long("table-bits") => o.table_bits = cli::number(p, "--table-bits")?,
            Long("root") => {
                let v = p.value()?.string()?;
                o.root = Position::from_moves(BoardSize::STANDARD, &v)
                    .map_err(|e| format!("--root {v}: {e}"))?;
            }
            Long("check") => o.check = Some(p.value()?.string()?),
            Long("verify") => o.verify = cli::number(p, "--verify")?,
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let o = cli::parse_or_exit("connect4-book", USAGE, parse_args);
    let size = BoardSize::STANDARD;
    if let Some(path) = &o.check {
        return check(path, o.verify, o.table_bits);
    }

    // Resume from the progress file of an earlier run, if any.
    let progress_path = format!("{}.progress", o.out);
    let mut cache: HashMap<u64, i8> = HashMap::new();
    if let Ok(text) = std::fs::read_to_string(&progress_path) {
        for (i, line) in text.lines().enumerate() {
            let mut it = line.split_whitespace();
            match (
                it.next().and_then(|k| k.parse().ok()),
                it.next().and_then(|s| s.parse().ok()),
            ) {
                (Some(k), Some(s)) => {
                    cache.insert(k, s);
                }
                _ => eprintln!("{progress_path}:{}: ignoring malformed line", i + 1),
            }
        }
        eprintln!(
            "resuming with {} solved positions from {progress_path}",
            cache.len()
        );
    }
    let mut progress = match OpenOptions::new()
        .create(true)
        .append(true)
        .open(&progress_path)
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("cannot write {progress_path}: {e}");
            return ExitCode::FAILURE;
        }
    };

    let start = Instant::now();
    let mut solver = Solver::with_table_bits(size, o.table_bits);
    let mut write_failed = false;
    let book = build(&o.root, o.depth, &mut solver, &mut cache, |s: Solved| {
        write_failed |= writeln!(progress, "{} {}", s.key, s.score)
            .and_then(|_| progress.flush())
            .is_err();
        eprintln!(
            "[{:>6.0} s] {}/{} positions at depth {}: key {} scores {}",
            start.elapsed().as_secs_f64(),
            s.done,
            s.total,
            o.depth,
            s.key,
            s.score
        );
    });
    if write_failed {
        eprintln!("warning: could not record progress in {progress_path}");
    }
    let bytes = book.to_bytes();
    if let Err(e) = std::fs::write(&o.out, &bytes) {
        eprintln!("cannot write {}: {e}", o.out);
        return ExitCode::FAILURE;
    }
    println!(
        "wrote {}: {} entries, depth {} (+ best replies), {} bytes, {:.0} s, {} nodes",
        o.out,
        book.len(),
        o.depth,
        bytes.len(),
        start.elapsed().as_secs_f64(),
        solver.node_count()
    );
    ExitCode::SUCCESS
}

/// Checks a book built from the empty board (see the module docs).
fn check(path: &str, verify: usize, table_bits: u32) -> ExitCode {
    let book = match OpeningBook::load(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let size = book.size();
    // Full coverage stops one ply before the best replies.
    let depth = book.max_ply().saturating_sub(1);
    let levels = enumerate(&Position::new(size), depth);
    let mut problems = 0;
    let mut report = |msg: String| {
        problems += 1;
        eprintln!("{msg}");
    };
    for p in levels.iter().flatten() {
        let Some(score) = book.get(p) else {
            report(format!("missing entry at ply {}", p.moves_played()));
            continue;
        };
        // Every position up to the depth needs a child entry reaching its score.
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
        if best != Some(score) {
            report(format!(
                "ply {}: entry {score}, children give {best:?}",
                p.moves_played()
            ));
        }
    }
    let mut solver = Solver::with_table_bits(size, table_bits);
    for p in levels[depth].iter().take(verify) {
        let t = Instant::now();
        let solved = solver.solve(p);
        eprintln!(
            "verified ply {} in {:.0} s: solver {solved}, book {:?}",
            p.moves_played(),
            t.elapsed().as_secs_f64(),
            book.get(p)
        );
        if book.get(p) != Some(solved) {
            report(format!("solver disagrees at ply {}", p.moves_played()));
        }
    }
    println!("{}: {} entries, {problems} problems", path, book.len());
    if problems == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
