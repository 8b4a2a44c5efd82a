//! Every cited benchmark section exists, and the benchmark reference stays short.
//!
//! Code and docs cite a section of `BENCHMARKS.md` (the current figures) or of its diary,
//! `docs/benchmarks/history.md`, by the file's path from the repository root, then a comma, a
//! space and the section's heading (or its first words) in double quotes, all on one line; in
//! Markdown the path may be a link's target, the comma after the link's `)`, and in a Rust
//! string literal the quotes may be escaped. This test reads every Rust, shell, Python and
//! Markdown file under `src/`, `scripts/`, `tests/` and `docs/`, the scripts in `scripts/`,
//! and the top-level Markdown files, and fails, naming `file:line`, when a cited file has no
//! heading that starts with the cited name (where a word ends: "Session 2" does not name
//! "Session 21"). A mention of either file followed by a quoted name in another form (no
//! comma, a parenthesis, the name on the next line) fails too, so that every citation keeps
//! the one form this test reads. The diary itself is not read: it is kept as it was written,
//! and its references mean the file as it was then. Needs nothing but `std`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The most lines `BENCHMARKS.md` may have: a reference, not a diary.
const MAX_LINES: usize = 320;

/// The files a citation may name, by their path from the repository root.
const CITED: [&str; 2] = ["BENCHMARKS.md", "docs/benchmarks/history.md"];

/// The diary, kept as it was written: its own references are not checked.
const NOT_SCANNED: &str = "docs/benchmarks/history.md";

/// A citation: its line (from 1), the file it names, the heading it names.
type Citation = (usize, &'static str, String);

/// A mention written in another form: its line (from 1) and what is wrong.
type Problem = (usize, String);

fn read(path: &Path) -> String {
    match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => panic!("cannot read {}: {e}", path.display()),
    }
}

/// The headings of a Markdown text (`#` to `######` and a space), outside fenced code.
fn headings_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let level = line.len() - line.trim_start_matches('#').len();
        if fenced || !(1..=6).contains(&level) {
            continue;
        }
        if let Some(title) = line[level..].strip_prefix(' ') {
            out.push(title.trim().to_string());
        }
    }
    out
}

/// Whether `name` is one of `headings` or its first words: what follows it in the heading,
/// if anything, is not a letter or a digit.
fn names_a_heading(name: &str, headings: &[String]) -> bool {
    for heading in headings {
        let rest = match heading.strip_prefix(name) {
            Some(rest) => rest,
            None => continue,
        };
        if !rest.starts_with(|c: char| c.is_alphanumeric()) {
            return true;
        }
    }
    false
}

/// What follows a cited file's path on its line: `Ok(Some(heading))` for a citation,
/// `Ok(None)` for a plain mention of the file, `Err` for a citation in another form.
fn citation_after(rest: &str) -> Result<Option<&str>, &'static str> {
    // The `)` that closes a Markdown link whose target is the file.
    let rest = rest.strip_prefix(')').unwrap_or(rest);
    let trimmed = rest.trim_end();
    if trimmed == "," || trimmed == ",\\n\\" {
        return Err("the quoted heading must follow on the same line");
    }
    let other_forms = [" \"", " (\"", " \\\"", ",\""];
    if other_forms.iter().any(|form| rest.starts_with(*form)) {
        return Err("write the path, a comma, a space and the heading in double quotes");
    }
    let quoted = match rest.strip_prefix(", ") {
        Some(quoted) => quoted,
        None => return Ok(None),
    };
    // In a Rust string literal the quotes are escaped.
    let quoted = quoted.strip_prefix('\\').unwrap_or(quoted);
    let name = match quoted.strip_prefix('"') {
        Some(name) => name,
        None => return Ok(None),
    };
    let end = match name.find('"') {
        Some(end) => end,
        None => return Err("the quoted heading must end on the same line"),
    };
    let heading = name[..end].trim_end_matches('\\');
    if heading.is_empty() {
        return Err("the quoted heading is empty");
    }
    Ok(Some(heading))
}

/// The citations in `text`, and the mentions of a cited file written in another form.
fn scan(text: &str) -> (Vec<Citation>, Vec<Problem>) {
    let mut citations = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for file in CITED {
            for (at, _) in line.match_indices(file) {
                let rest = &line[at + file.len()..];
                match citation_after(rest) {
                    Ok(Some(heading)) => citations.push((i + 1, file, heading.to_string())),
                    Ok(None) => {}
                    Err(why) => problems.push((i + 1, format!("{file}: {why}"))),
                }
            }
        }
    }
    (citations, problems)
}

/// Rust, shell, Python and Markdown files, and the scripts without an extension in
/// `scripts/`.
fn is_scanned(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "rs" | "sh" | "py" | "md") {
        return true;
    }
    let parent = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str());
    ext.is_empty() && parent == Some("scripts")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(_) => return,
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != "data" {
                walk(&path, out);
            }
        } else if is_scanned(&path) {
            out.push(path);
        }
    }
}

#[test]
fn every_cited_benchmark_section_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for top in ["src", "scripts", "tests", "docs"] {
        walk(&root.join(top), &mut files);
    }
    let top = std::fs::read_dir(root).expect("the repository root");
    for entry in top.flatten() {
        let path = entry.path();
        if path.is_file() && path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let history = root.join(NOT_SCANNED);
    files.retain(|file| *file != history);
    files.sort();
    assert!(
        files.len() > 50,
        "expected the whole source tree, found {} files",
        files.len()
    );

    let mut headings = BTreeMap::new();
    for file in CITED {
        headings.insert(file, headings_in(&read(&root.join(file))));
    }
    let mut missing = Vec::new();
    let mut count = 0;
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(_) => continue,
        };
        let rel = file.strip_prefix(root).unwrap_or(file).display();
        let (citations, problems) = scan(&text);
        for (line, why) in problems {
            missing.push(format!("{rel}:{line}: {why}"));
        }
        for (line, cited, heading) in citations {
            count += 1;
            if !names_a_heading(&heading, &headings[cited]) {
                let why = format!("no section \"{heading}\" in {cited}");
                missing.push(format!("{rel}:{line}: {why}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "cited benchmark sections that do not exist:\n{}",
        missing.join("\n")
    );
    assert!(
        count >= 10,
        "only {count} citations found: the scanner reads none of the usual form"
    );
}

#[test]
fn the_benchmark_reference_stays_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = read(&root.join(CITED[0]));
    let lines = text.lines().count();
    assert!(
        lines <= MAX_LINES,
        "the reference has {lines} lines, more than {MAX_LINES}: move old figures to the diary"
    );
    for link in [NOT_SCANNED, "docs/benchmarks/removed-switches.md"] {
        assert!(
            text.contains(link),
            "the reference does not say where {link} is"
        );
    }
}

#[test]
fn the_scanner_reads_citations_and_flags_other_forms() {
    let [reference, history] = CITED;
    let lines = [
        format!("see {reference}, \"Difficulty ladder\"."),
        format!("([{reference}]({reference}), \"CPU use\")"),
        format!("\"(see {history}, \\\"Session 21\\\"); edit\\n\\"),
        format!("the latest figures are in {reference}."),
        format!("as in {reference} (\"Tactics\")"),
        format!("the figures are recorded in {reference},"),
        format!("{history}, \"Session 2"),
    ];
    let (citations, problems) = scan(&lines.join("\n"));
    assert_eq!(citations.len(), 3);
    assert_eq!((citations[0].0, citations[0].1), (1, reference));
    assert_eq!(citations[0].2, "Difficulty ladder");
    assert_eq!(citations[1].2, "CPU use");
    assert_eq!(citations[2].1, history);
    assert_eq!(citations[2].2, "Session 21");
    let flagged: Vec<usize> = problems.iter().map(|p| p.0).collect();
    assert_eq!(flagged, [5, 6, 7]);

    let md = "# Top\n\n## Session 21 (2026-11-27): x\n```sh\n## Not one\n```\n";
    let headings = headings_in(md);
    assert!(names_a_heading("Session 21", &headings));
    assert!(names_a_heading("Top", &headings));
    assert!(!names_a_heading("Session 2", &headings));
    assert!(!names_a_heading("Not one", &headings));
}
