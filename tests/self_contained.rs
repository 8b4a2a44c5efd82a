//! A clone with nothing beside it must build and pass its tests: no source file, test, script
//! or build step may refer to a path outside the repository (the shared folder that only the
//! build machines have beside the clone, an absolute path on a developer's machine, a relative
//! path climbing out of the crate root).

use std::path::{Path, PathBuf};

/// What counts as "outside": each needle is assembled at run time so that this file does not
/// match itself.
fn needles() -> Vec<(String, &'static str)> {
    let up = ".".repeat(2);
    vec![
        (format!("{up}/shared"), "the build machines' shared folder"),
        (format!("{up}\\shared"), "the build machines' shared folder"),
        (
            format!("join(\"{up}\")"),
            "a path joined above the crate root",
        ),
        (
            format!("/{}/", "work"),
            "an absolute path on a developer's machine",
        ),
        (
            format!("/{}/", "home"),
            "an absolute path on a developer's machine",
        ),
        (
            format!("/{}/.", "root"),
            "an absolute path on a developer's machine",
        ),
    ]
}

/// Whether the relative path `rel`, seen from `base` (a folder inside the repository, as
/// components below its root), climbs out of the repository.
fn escapes(base: &[&str], rel: &str) -> bool {
    let mut depth = base.len() as i64;
    for part in rel.split(['/', '\\']) {
        match part {
            p if p == ".".repeat(2) => depth -= 1,
            "" | "." => {}
            _ => depth += 1,
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

/// `(line number, what, why)` for every suspicious reference in `text`, from a file in the
/// folder `dir` (components below the repository root). A quoted relative path is resolved
/// from the file's folder in `include_bytes!`-like macros and `#[path = ...]` attributes
/// (that is how Rust reads them) and from the repository root otherwise (where tests, tools
/// and scripts run).
fn findings(text: &str, dir: &[&str]) -> Vec<(usize, String, &'static str)> {
    let needles = needles();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        for (needle, why) in &needles {
            if line.contains(needle.as_str()) {
                out.push((i + 1, needle.clone(), *why));
            }
        }
        let from_file = line.contains("include") || line.trim_start().starts_with("#[path");
        let base: &[&str] = if from_file { dir } else { &[] };
        for quoted in line.split('"').skip(1).step_by(2) {
            if quoted.starts_with(&".".repeat(2)) && escapes(base, quoted) {
                out.push((
                    i + 1,
                    quoted.to_string(),
                    "a relative path out of the repository",
                ));
            }
        }
    }
    out
}

/// Source, test, script and build files: by extension, plus the extension-less scripts in
/// `scripts/` and `.ci/`. Data files (tests/data, assets) are facts, not references.
fn is_checked(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "rs" | "sh" | "toml" | "py") {
        return true;
    }
    let parent = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str());
    ext.is_empty() && matches!(parent, Some("scripts" | ".ci"))
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !matches!(name.as_ref(), "target" | ".git" | "data") {
                walk(&path, out);
            }
        } else if is_checked(&path) {
            out.push(path);
        }
    }
}

#[test]
fn the_scanner_flags_references_outside_the_clone() {
    let up = ".".repeat(2);
    let bad = format!(
        "let a = \"{up}/shared/data/x\";\nok line\nroot.join(\"{up}\")\ncat /{w}/x\n",
        w = "work"
    );
    let found = findings(&bad, &[]);
    let lines: Vec<usize> = found.iter().map(|f| f.0).collect();
    assert!(lines.contains(&1) && lines.contains(&3) && lines.contains(&4));
    assert!(!lines.contains(&2));
    // What the scripts legitimately do: climb from scripts/ to the repository root.
    assert!(
        findings(
            "cd \"$(dirname \"$0\")/..\"\nCARGO_TARGET_DIR=/var/tmp/t",
            &["scripts"]
        )
        .is_empty()
    );
    // A macro path is read from the file's folder: inside from src/gui, outside from src.
    let include = format!("include_bytes!(\"{up}/{up}/assets/a.ogg\")");
    assert!(findings(&include, &["src", "gui"]).is_empty());
    assert_eq!(findings(&include, &["src"]).len(), 1);
    assert_eq!(findings(&format!("read(\"{up}/x\")"), &["tests"]).len(), 1);
    // So is a module's `#[path]`: from src/bin to tests/support stays inside.
    let module = format!("#[path = \"{up}/{up}/tests/support/suite.rs\"]");
    assert!(findings(&module, &["src", "bin"]).is_empty());
    assert_eq!(findings(&module, &["src"]).len(), 1);
}

#[test]
fn no_file_refers_to_a_path_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for top in ["src", "tests", "scripts", ".ci", "assets"] {
        walk(&root.join(top), &mut files);
    }
    for top in ["Cargo.toml", "build.rs"] {
        if root.join(top).is_file() {
            files.push(root.join(top));
        }
    }
    assert!(
        files.len() > 50,
        "expected the whole source tree, found {} files",
        files.len()
    );
    let mut problems = Vec::new();
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        let rel = file.strip_prefix(root).unwrap_or(file);
        let dir: Vec<&str> = rel
            .parent()
            .map(|p| p.iter().filter_map(|c| c.to_str()).collect())
            .unwrap_or_default();
        for (line, needle, why) in findings(&text, &dir) {
            problems.push(format!("{}:{line}: `{needle}`: {why}", rel.display()));
        }
    }
    assert!(
        problems.is_empty(),
        "references outside the repository:\n{}",
        problems.join("\n")
    );
}
