//! Connect Four solver on the command line, in the manner of Pascal Pons's reference solver:
//! reads one move string per line from stdin (1 = leftmost column) and prints
//! `<moves> <score>`, or `<moves> ERROR <why>` for a malformed line, then carries on.
//!
//! Usage: connect4-solve [--weak] [--width W] [--height H] [--no-book] [--table-bits N]
//! `--weak` prints only the sign (1 win, 0 draw, -1 loss). The opening book is used on 7x6.
//! An empty line is the empty board (instant with the book; very long without it).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use gomoku::engine::connect4::solver::DEFAULT_TABLE_BITS;
use gomoku::engine::connect4::{BoardSize, OpeningBook, Position, Solver};
use lexopt::prelude::*;

#[path = "common/cli.rs"]
mod cli;

const USAGE: &str =
    "usage: connect4-solve [--weak] [--width W] [--height H] [--no-book] [--table-bits N]";

struct Options {
    weak: bool,
    size: BoardSize,
    book: bool,
    table_bits: u32,
}

fn parse_args(p: &mut lexopt::Parser) -> Result<Options, lexopt::Error> {
    let (mut width, mut height) = (7, 6);
    let (mut weak, mut book, mut table_bits) = (false, true, DEFAULT_TABLE_BITS);
    while let Some(arg) = p.next()? {
        match arg {
            Long("weak") => weak = true,
            Long("no-book") => book = false,
            Long("width") => width = cli::number(p, "--width")?,
            Long("height") => height = cli::number(p, "--height")?,
            Long("table-bits") => table_bits = cli::number(p, "--table-bits")?,
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok(Options {
        weak,
        size: BoardSize::new(width, height).map_err(|e| e.to_string())?,
        book,
        table_bits,
    })
}

fn main() -> ExitCode {
    let o = cli::parse_or_exit("connect4-solve", USAGE, parse_args);
    let size = o.size;
    let mut solver = Solver::with_table_bits(size, o.table_bits);
    if o.book {
        solver.set_book(OpeningBook::standard());
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("cannot read stdin: {e}");
                break;
            }
        }
        // Invalid UTF-8 shows up as U+FFFD and is reported as a bad character.
        let text = String::from_utf8_lossy(&raw);
        let line = text.trim();
        let result = match Position::from_moves(size, line) {
            Ok(p) if o.weak => writeln!(out, "{line} {}", solver.solve_weak(&p)),
            Ok(p) => writeln!(out, "{line} {}", solver.solve(&p)),
            Err(e) => writeln!(out, "{line} ERROR {e}"),
        };
        // Stop quietly when the reader goes away (e.g. `| head`).
        if result.and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}
