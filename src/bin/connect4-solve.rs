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

const USAGE: &str =
    "usage: connect4-solve [--weak] [--width W] [--height H] [--no-book] [--table-bits N]";

struct Options {
    weak: bool,
    width: usize,
    height: usize,
    book: bool,
    table_bits: u32,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        weak: false,
        width: 7,
        height: 6,
        book: true,
        table_bits: DEFAULT_TABLE_BITS,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{name} needs a number\n{USAGE}"))
        };
        match a.as_str() {
            "--weak" => o.weak = true,
            "--no-book" => o.book = false,
            "--width" => o.width = number("--width")?,
            "--height" => o.height = number("--height")?,
            "--table-bits" => o.table_bits = number("--table-bits")? as u32,
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument {a}\n{USAGE}")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let size = match BoardSize::new(o.width, o.height) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
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
