//! The game's module folders import one way (ARCHITECTURE.md, "Layers"): this reads every
//! `use` under `src/gui/` (and inline `crate::gui::x::` paths), maps each to the top-level
//! module folder it names (`board`, `session`, `kind`, ...) and fails on a cycle between
//! folders, printing it. Reads the sources as text; needs no Bevy.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/gui`: `board/fx.rs` -> [board, fx], `board/mod.rs`
/// -> [board], `mod.rs` -> [].
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).expect("under the root");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    if last != "mod.rs" {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

/// Splits `a, b::{c, d}, e` at the commas outside braces.
fn split_top(list: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// The top-level gui modules a use tree names, seen from module `here`.
fn targets(here: &[String], tree: &str, out: &mut BTreeSet<String>) {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    // Resolve the path's start to a module path inside gui.
    let mut path: Vec<String> = Vec::new();
    let mut rest = tree.as_str();
    if let Some(r) = rest.strip_prefix("crate::gui::") {
        rest = r;
    } else if rest.starts_with("super::") || rest.starts_with("self::") {
        path = here.to_vec();
        if let Some(r) = rest.strip_prefix("self::") {
            rest = r;
        }
        while let Some(r) = rest.strip_prefix("super::") {
            if path.pop().is_none() {
                return; // above gui: not ours
            }
            rest = r;
        }
    } else {
        return;
    }
    if let Some(top) = path.first() {
        out.insert(top.clone());
        return;
    }
    // At the gui root: the next segment (or each item of a group) is the module.
    if let Some(group) = rest.strip_prefix('{') {
        for item in split_top(group.trim_end_matches('}')) {
            targets(&[], &format!("crate::gui::{item}"), out);
        }
        return;
    }
    let first: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    // Items of the root itself (`headless_app`, `CorePlugin`) are not a folder.
    if !first.is_empty() && rest[first.len()..].starts_with("::") {
        out.insert(first);
    }
}

/// Every `use ...;` and every inline `crate::gui::x::` path of a file.
fn imports(here: &[String], text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let code: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut rest = code.as_str();
    while let Some(i) = rest.find("use ") {
        let boundary = i == 0 || !rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let after = &rest[i + 4..];
        let Some(end) = after.find(';') else { break };
        if boundary {
            targets(here, &after[..end], &mut out);
        }
        rest = &after[end.min(after.len())..];
    }
    for (i, _) in code.match_indices("crate::gui::") {
        let tail: String = code[i..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        targets(here, &tail, &mut out);
    }
    out
}

/// A cycle in `graph`, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

fn gui_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let here = module_of(&root, &file);
        let Some(top) = here.first().cloned() else {
            continue; // the root assembles the plugins: it may name everything
        };
        let text = fs::read_to_string(&file).unwrap();
        let deps = graph.entry(top.clone()).or_default();
        deps.extend(imports(&here, &text).into_iter().filter(|t| *t != top));
    }
    graph
}

#[test]
fn gui_module_folders_import_one_way() {
    let graph = gui_graph();
    assert!(graph.len() >= 8, "the gui modules were found: {graph:?}");
    for (module, deps) in &graph {
        println!(
            "{module} -> {}",
            deps.iter().cloned().collect::<Vec<_>>().join(", ")
        );
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle between gui modules: {}", cycle.join(" -> "));
    }
    // The layers named in ARCHITECTURE.md: nothing below the session knows about it.
    for low in ["kind", "flow", "persist", "ai_task"] {
        let deps = &graph[low];
        for high in ["session", "board", "screens", "effects", "demo"] {
            assert!(!deps.contains(high), "{low} imports {high}");
        }
    }
    assert!(!graph["session"].contains("board") && !graph["session"].contains("screens"));
}

#[test]
fn the_cycle_finder_sees_cycles_and_resolves_paths() {
    let mut deps = BTreeSet::new();
    let here = vec!["board".to_string(), "fx".to_string()];
    let text = "use super::{BoardView, line_pct};\nuse crate::gui::{kind::Move, flow::{Action, Screen}};\n\
                use crate::gui::session::Session;\nfn f() { crate::gui::effects::progress(1); }\n\
                // use crate::gui::demo::X;\n";
    deps.extend(imports(&here, text));
    let want: BTreeSet<String> = ["board", "kind", "flow", "session", "effects"]
        .map(String::from)
        .into();
    assert_eq!(deps, want);
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    graph.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
    graph.get_mut("c").unwrap().clear();
    assert_eq!(find_cycle(&graph), None);
}
