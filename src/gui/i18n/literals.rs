//! The check that no player-visible English is left in `src/gui`: every string literal of
//! the GUI's code (tests, `#[cfg(test)]` items and comments aside) that reads like English
//! words fails the test unless it is only for the log, a panic, a debug name, or one of the
//! named [`EXCEPTIONS`]. "Reads like English": a word of two or more letters and either a
//! space or a capital followed by a small letter ("Black", "New game"); catalog keys
//! ("menu-new-game"), ids ("gomoku"), paths and placeholders ("{} · {}") do not.

use std::fs;
use std::path::{Path, PathBuf};

/// Folders whose text no player sees: the headless tests, and the benchmarks that print
/// their figures to the terminal (`--bench-frames`, `--bench-cpu`).
/// (`kind/tictactoe` is the tests' third game, compiled for them only.)
const SKIPPED_DIRS: &[&str] = &[
    "src/gui/tests",
    "src/gui/board/gomoku/bench",
    "src/gui/demo",
    "src/gui/kind/tictactoe",
];

/// Files no player reads: the scripted demo's steps (names in the log), and this check.
fn skipped_file(rel: &str) -> bool {
    rel.ends_with("/tests.rs") || rel.ends_with("/demo.rs") || rel == "src/gui/i18n/literals.rs"
}

/// Calls whose text goes to the log, a panic or the developer, never the screen. A literal
/// anywhere inside their parentheses is exempt.
const QUIET_CALLS: &[&str] = &[
    "info!",
    "warn!",
    "error!",
    "debug!",
    "trace!",
    "panic!",
    "unreachable!",
    "todo!",
    "assert!",
    "assert_eq!",
    "assert_ne!",
    "debug_assert!",
    "expect",
    // Entity names for the inspector and logs, names of background jobs.
    "Name::new",
    "Job::spawn",
    // The command line's messages (the game's CLI stays English, as the engine's do).
    "eprintln!",
    "writeln!",
    // Attributes (#[serde(rename = "...")], #[expect(..., reason = "...")]).
    "serde",
    "expect_attr",
    "allow",
    "cfg",
    "derive",
];

/// Literals that are the same in every language, or that no player reads, each with why:
/// (file, the literal or, ending in "…", its beginning, why).
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "src/gui/kind/external.rs",
        "engine start",
        "a thread's name, for debuggers and logs",
    ),
    (
        "src/gui/kind/external.rs",
        "EngineSeat",
        "a type's name in its Debug form, for logs",
    ),
    (
        "src/gui/kind/plain.rs",
        "'{0}' is no side (first or second)",
        "a file's errors are in English, as the engine's file errors are",
    ),
    (
        "src/gui/kind/plain.rs",
        "move {index} ({code}): {why}",
        "a file's errors are in English, as the engine's file errors are",
    ),
    (
        "src/gui/kind/plain.rs",
        "a file of '{0}'",
        "a file's errors are in English, as the engine's file errors are",
    ),
    (
        "src/gui/kind/rules.rs",
        "{} has no review",
        "a game that neither judges positions nor reviews is a bug; the review's errors are \
         the engine's English",
    ),
    (
        "src/gui/kind/puzzles.rs",
        "AnyPuzzle",
        "the type's name in its Debug output, for developers",
    ),
    (
        "src/gui/mod.rs",
        "Gomoku",
        "the window's title, set before any language is known: the game's name",
    ),
    (
        "src/gui/persist.rs",
        "Gomoku",
        "the name of the game's folders on disk",
    ),
    (
        "src/gui/kind/gomoku/def.rs",
        "Gomoku",
        "the game's English name for records and logs (players read game-gomoku)",
    ),
    (
        "src/gui/kind/connect4/mod.rs",
        "Connect Four",
        "the game's English name for records and logs (players read game-connect4)",
    ),
    (
        "src/gui/mod.rs",
        "Usage: gomoku…",
        "the command line's help, with and without the tools (the CLI stays English, as the \
         engine's do)",
    ),
    (
        "src/gui/mod.rs",
        "a demo, --bench-frames and --bench-cpu run one at a time",
        "a command-line error of the developers' tools (the CLI stays English)",
    ),
    (
        "src/gui/kind/gomoku/def.rs",
        "not a Gomoku game",
        "a bug's detail (a game saved by another game's code), never reached",
    ),
    (
        "src/gui/kind/connect4/mod.rs",
        "not a Connect Four game",
        "a bug's detail (a game saved by another game's code), never reached",
    ),
    (
        "src/gui/kind/opening.rs",
        "Opening:",
        "the record's comment format, read back by the replay (records stay English)",
    ),
    (
        "src/gui/kind/gomoku/opening.rs",
        "level {} is not a {ID} level",
        "a bug's detail for the log (the AI was handed another game's level)",
    ),
    (
        "src/gui/kind/rules.rs",
        "the record has a move of another game",
        "a bug's detail (a review handed another game's moves), never reached",
    ),
    (
        "src/gui/screens/analysis.rs",
        "Esc",
        "a key's name, as printed on the key",
    ),
    (
        "src/gui/screens/load.rs",
        "Esc",
        "a key's name, as printed on the key",
    ),
    (
        "src/gui/screens/load.rs",
        "PgUp",
        "a key's name, as printed on the key",
    ),
    (
        "src/gui/screens/load.rs",
        "PgDn",
        "a key's name, as printed on the key",
    ),
    (
        "src/gui/screens/puzzles.rs",
        "Esc",
        "a key's name, as printed on the key",
    ),
    (
        "src/gui/screens/replay.rs",
        "Esc",
        "a key's name, as printed on the key",
    ),
    (
        "src/gui/job.rs",
        "the computation failed (a bug: it panicked)",
        "a bug's detail inside status-ai-failed, like the engine's own error text (English)",
    ),
    (
        "src/gui/job.rs",
        "no thread to compute on: {e}",
        "the system's error inside status-ai-failed (the OS's words are English too)",
    ),
    (
        "src/gui/persist.rs",
        "cannot create {}: {e}",
        "the system's error inside status-save-failed (the OS's words are English too)",
    ),
];

struct Literal {
    file: String,
    line: usize,
    text: String,
}

/// Every `.rs` file under `dir`, skipped folders aside.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if path.is_dir() {
            if !SKIPPED_DIRS.contains(&rel.as_str()) {
                rust_files(root, &path, out);
            }
        } else if rel.ends_with(".rs") && !skipped_file(&rel) {
            out.push(path);
        }
    }
}

/// The string literals of `source` that are not exempt by where they stand: outside
/// comments, `#[cfg(test)]` items and [`QUIET_CALLS`].
fn literals(file: &str, source: &str) -> Vec<Literal> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    // The callee of each open parenthesis or bracket ("warn!", "expect", "" for none).
    let mut calls: Vec<String> = Vec::new();
    // The last identifier-ish run before the current point ("Name::new", "warn!").
    let mut word = String::new();
    // Code seen since the last literal, without spaces, to spot `#[cfg(test)]`.
    let mut recent = String::new();
    // Inside a `#[cfg(test)]` item: the brace depth that ends it, or `Some(0)` before its
    // first brace or semicolon.
    let mut skip: Option<usize> = None;
    let mut depth = 0usize;
    let mut pending_test = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied().unwrap_or('\0');
        if c == '\n' {
            line += 1;
        }
        // Comments.
        if c == '/' && next == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && next == '*' {
            let mut nest = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    nest += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    nest -= 1;
                    i += 2;
                    if nest == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
            continue;
        }
        // Char literals ('"', '\n', 'x') and lifetimes ('a).
        if c == '\'' {
            if next == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                continue;
            }
            if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                continue;
            }
            i += 1;
            word.clear();
            continue;
        }
        // String literals: "...", r"...", r#"..."#, b"..." (bytes: never shown).
        let raw_start = (c == 'r' || (c == 'b' && next == 'r'))
            && !word_char(chars.get(i.wrapping_sub(1)).copied().unwrap_or(' '))
            && {
                let mut j = i + if c == 'b' { 2 } else { 1 };
                while chars.get(j) == Some(&'#') {
                    j += 1;
                }
                chars.get(j) == Some(&'"')
            };
        let byte_string = c == 'b' && next == '"' && !word_char(prev(&chars, i));
        if c == '"' || raw_start || byte_string {
            let start_line = line;
            let is_bytes = c == 'b';
            let mut text = String::new();
            if raw_start {
                let mut j = i + if c == 'b' { 2 } else { 1 };
                let mut hashes = 0;
                while chars[j] == '#' {
                    hashes += 1;
                    j += 1;
                }
                j += 1;
                loop {
                    if j >= chars.len() {
                        break;
                    }
                    if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    if chars[j] == '\n' {
                        line += 1;
                    }
                    text.push(chars[j]);
                    j += 1;
                }
                i = j;
            } else {
                let mut j = i + if byte_string { 2 } else { 1 };
                while j < chars.len() && chars[j] != '"' {
                    if chars[j] == '\\' {
                        // An escaped newline continues the string after the next line's
                        // indent; other escapes stand for one character.
                        if chars.get(j + 1) == Some(&'\n') {
                            line += 1;
                            j += 2;
                            while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                                if chars[j] == '\n' {
                                    line += 1;
                                }
                                j += 1;
                            }
                        } else {
                            text.push(' ');
                            j += 2;
                        }
                        continue;
                    }
                    if chars[j] == '\n' {
                        line += 1;
                    }
                    text.push(chars[j]);
                    j += 1;
                }
                i = j + 1;
            }
            // A macro by its path (`bevy::log::error!`) is the macro.
            let quiet = calls.iter().any(|c| {
                let last = c.rsplit("::").next().unwrap_or(c);
                QUIET_CALLS.contains(&c.as_str())
                    || (last.ends_with('!') && QUIET_CALLS.contains(&last))
            });
            if skip.is_none() && !quiet && !is_bytes {
                out.push(Literal {
                    file: file.to_string(),
                    line: start_line,
                    text,
                });
            }
            word.clear();
            recent.clear();
            continue;
        }
        // Code.
        if !c.is_whitespace() {
            recent.push(c);
            if recent.len() > 64 {
                recent.drain(..recent.len() - 32);
            }
            if recent.ends_with("#[cfg(test)]") && skip.is_none() {
                pending_test = true;
            }
        }
        match c {
            '(' | '[' => {
                let mut callee = word.clone();
                // `#[expect(...)]` is an attribute, not `Option::expect`.
                if callee == "expect" && recent.ends_with("#[expect(") {
                    callee = "expect_attr".into();
                }
                calls.push(callee);
                word.clear();
            }
            ')' | ']' => {
                calls.pop();
                word.clear();
                // The attribute ended: the item it marks comes next.
                if c == ']' && pending_test && skip.is_none() {
                    skip = Some(0);
                    pending_test = false;
                }
            }
            '{' => {
                depth += 1;
                if skip == Some(0) {
                    skip = Some(depth);
                }
                word.clear();
            }
            '}' => {
                if skip == Some(depth) {
                    skip = None;
                }
                depth = depth.saturating_sub(1);
                word.clear();
            }
            ';' => {
                if skip == Some(0) {
                    skip = None;
                }
                word.clear();
            }
            c if word_char(c) || c == '!' || c == ':' => word.push(c),
            c if c.is_whitespace() => {}
            _ => word.clear(),
        }
        i += 1;
    }
    out
}

fn prev(chars: &[char], i: usize) -> char {
    if i == 0 { ' ' } else { chars[i - 1] }
}

fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether a literal reads like English words a player would see.
fn reads_like_english(text: &str) -> bool {
    // Placeholders ("{}", "{name}", "{:.1}") are not words.
    let mut plain = String::new();
    let mut in_brace = false;
    for c in text.chars() {
        match c {
            '{' => in_brace = true,
            '}' if in_brace => in_brace = false,
            _ if !in_brace => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = plain
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .collect();
    if words.is_empty() {
        return false;
    }
    let spaced = plain.trim().contains(' ');
    // One token with a dash, dot or slash is an id, a tag or a path ("zh-Hans", "a/b.ttf").
    if !spaced && plain.contains(['-', '_', '.', '/']) {
        return false;
    }
    let capitalised = words.iter().any(|w| {
        let mut cs = w.chars();
        cs.next().is_some_and(|c| c.is_ascii_uppercase())
            && cs.next().is_some_and(|c| c.is_ascii_lowercase())
    });
    spaced || capitalised
}

/// The literals of `src/gui` that fail the check.
fn english_literals() -> Vec<Literal> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, &root.join("src/gui"), &mut files);
    let mut found = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let source = fs::read_to_string(&path).unwrap();
        for lit in literals(&rel, &source) {
            if reads_like_english(&lit.text)
                && !EXCEPTIONS
                    .iter()
                    .any(|(file, text, _)| *file == lit.file && exempts(text, &lit.text))
            {
                found.push(lit);
            }
        }
    }
    found
}

/// Whether an exception's text covers a literal: equal, or its beginning when it ends in "…".
fn exempts(exception: &str, literal: &str) -> bool {
    match exception.strip_suffix('…') {
        Some(start) => literal.starts_with(start),
        None => exception == literal,
    }
}

#[test]
fn no_player_visible_english_is_left_in_the_gui_code() {
    let found = english_literals();
    let listing: Vec<String> = found
        .iter()
        .map(|l| format!("{}:{}: {:?}", l.file, l.line, l.text))
        .collect();
    assert!(
        found.is_empty(),
        "{} English literals outside the catalogs (move them to assets/locales, or name them \
         in EXCEPTIONS with why):\n{}",
        found.len(),
        listing.join("\n")
    );
}

#[test]
fn every_exception_is_still_in_the_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, text, _) in EXCEPTIONS {
        let source = fs::read_to_string(root.join(file)).unwrap();
        assert!(
            literals(file, &source)
                .iter()
                .any(|l| exempts(text, &l.text)),
            "{file}: the exception {text:?} is gone; drop it from EXCEPTIONS"
        );
    }
}

#[test]
fn the_scanner_finds_english_and_passes_what_is_not() {
    let source = r##"
        fn f() {
            let a = "New game";
            let b = i18n.t("menu-new-game");
            warn!("could not {} the file", x);
            let c = format!("{} · {}", x, y);
            let d = "Black";
            // let e = "In a comment";
            let f = 'x';
            let g = r#"Raw "text" here"#;
            let h = x.expect("a bug if this fails");
            let i = format!(
                "Spread {} over \
                 two lines",
                n
            );
        }
        #[cfg(test)]
        mod tests {
            const T: &str = "Test only";
        }
        const AFTER: &str = "After the tests";
    "##;
    let found: Vec<(usize, String)> = literals("x.rs", source)
        .into_iter()
        .filter(|l| reads_like_english(&l.text))
        .map(|l| (l.line, l.text))
        .collect();
    let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "New game",
            "Black",
            "Raw \"text\" here",
            "Spread {} over two lines",
            "After the tests"
        ],
        "{found:?}"
    );
    assert_eq!(found[0].0, 3);
    assert_eq!(found[3].0, 13);
    assert_eq!(found[4].0, 22);
}
