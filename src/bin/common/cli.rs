//! The binaries' command lines, read with `lexopt`, so that every tool answers alike: `-h` or
//! `--help` prints the usage and exits 0; an unknown flag, a missing value or a value that does
//! not parse prints what was wrong and the usage, and exits with status 2. Included by each
//! binary with `#[path]` (a folder without `main.rs` is no binary of its own).

use std::fmt::Display;
use std::io::Write;
use std::process::exit;
use std::str::FromStr;

use lexopt::{Arg, Error, Parser, ValueExt};

/// Runs `parse` on this process's arguments; on an error prints `name: error` and the usage
/// to stderr and exits with status 2.
pub fn parse_or_exit<T>(
    name: &str,
    usage: &str,
    parse: impl FnOnce(&mut Parser) -> Result<T, Error>,
) -> T {
    parse(&mut Parser::from_env()).unwrap_or_else(|e| {
        eprintln!("{name}: {e}\n\n{usage}");
        exit(2)
    })
}

/// For an argument that no flag of the tool took: `-h`/`--help` prints the usage to stdout and
/// exits 0; anything else is the error to return.
pub fn help_or_unexpected(arg: Arg, usage: &str) -> Error {
    if matches!(arg, Arg::Short('h') | Arg::Long("help")) {
        // Not println!: a closed pipe (`bench --help | head`) must not panic.
        let _ = writeln!(std::io::stdout(), "{usage}");
        exit(0);
    }
    arg.unexpected()
}

/// The value of `flag` as a number; the message names the flag (lexopt's own does not).
pub fn number<T: FromStr>(parser: &mut Parser, flag: &str) -> Result<T, Error>
where
    T::Err: Display,
{
    let v = parser.value()?.string()?;
    v.parse()
        .map_err(|e| format!("{flag}: '{v}' is not a valid number ({e})").into())
}
