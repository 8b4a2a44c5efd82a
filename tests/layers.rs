//! No import cycle anywhere in `src/` (ARCHITECTURE.md, "Layers"). Reads every `.rs` file
//! under `src/` as text (`lib.rs`, `engine/`, `protocol/`, `gui/`; not `main.rs` nor `bin/`,
//! which are crates of their own) and builds the module graph at every level: for each module
//! (a folder, or a file with inline modules), the edges between its direct children. Fails on
//! any cycle inside any module, printing each one with the lines that make its edges. Needs
//! no Bevy and no parser crate.
//!
//! What counts as a reference from module `m` to module `t`:
//! - every `use` tree (`crate::`, `super::`, `self::` or a child module's name at its start)
//!   and every inline path starting with `crate::`, `$crate::`, `super::` or `self::`,
//!   resolved from the module the line is in (the file's module, or an inline `mod` in it);
//! - a path names the deepest module it reaches (`crate::engine::gomoku::ai::search::Engine`
//!   -> `engine::gomoku::ai::search`); if the next name is one that module re-exports with
//!   `pub use` (`crate::engine::gomoku::Board` -> `engine::gomoku::board`), the re-export is
//!   followed, so going through a parent's re-exports does not hide an edge. Glob re-exports are not followed (there are
//!   none).
//!
//! The edge: the first module below the common ancestor of `m` and `t`, on each side. So
//! `engine/gomoku/ai/search.rs` using `crate::engine::gomoku::board::Board` is the edge
//! `ai -> board` among the children of `engine::gomoku`, and `search -> movepick` among the
//! children of `engine::gomoku::ai`.
//!
//! Rule for parents and children: a folder's `mod.rs` (and `lib.rs`) is not a node of its
//! own. Its imports are the folder's imports one level up (as `gui_layers.rs` treated
//! `board/mod.rs` as part of `board`), and edges between a module and its own ancestors or
//! descendants are ignored: a `mod.rs` assembling its children and a child using `super::`
//! items defined in its parent are the normal shape of a Rust module, not a cycle. (Items a
//! parent only re-exports from a sibling do count, as above.)
//!
//! Left out: `#[cfg(test)] mod ... { }` blocks inside files (unit tests import their parent
//! with `use super::*`), comments and string literals. Test-only module files (`gui/tests/`,
//! `gui/kind/tictactoe/`) are in: they must not make cycles either.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

type ModPath = Vec<String>;
/// For one module: child -> child -> the lines that make the edge (`file:line: text`).
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

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

/// The module path of a file under `src`: `engine/gomoku/ai/search.rs` ->
/// [engine, gomoku, ai, search], `engine/gomoku/ai/mod.rs` -> [engine, gomoku, ai], `lib.rs` -> [].
fn module_of(rel: &str) -> ModPath {
    let mut parts: Vec<String> = rel.split('/').map(String::from).collect();
    let last = parts.pop().expect("a file name");
    if last != "mod.rs" && last != "lib.rs" {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    Punct(char),
}

/// The tokens of a file with their line numbers, without comments, string and character
/// literals, and numbers.
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = text.chars().collect();
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let (mut out, mut line, mut i) = (Vec::new(), 1, 0);
    while i < c.len() {
        let at = |j: usize| c.get(j).copied().unwrap_or('\0');
        let start = i;
        let raw_hashes = c[i + 1..].iter().take_while(|&&ch| ch == '#').count();
        if c[i] == '/' && at(i + 1) == '/' {
            i = (i..c.len()).find(|&j| c[j] == '\n').unwrap_or(c.len());
        } else if c[i] == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                let two = (c[i], at(i + 1));
                i += if two == ('/', '*') || two == ('*', '/') {
                    2
                } else {
                    1
                };
                depth += i32::from(two == ('/', '*')) - i32::from(two == ('*', '/'));
                if depth == 0 {
                    break;
                }
            }
        } else if c[i] == 'r'
            && at(i + 1 + raw_hashes) == '"'
            && (i == 0 || !ident(c[i - 1]) || (c[i - 1] == 'b' && (i < 2 || !ident(c[i - 2]))))
        {
            // A raw string r"..." or r#"..."#.
            let close: Vec<char> = std::iter::once('"').chain(vec!['#'; raw_hashes]).collect();
            i = (i + 2 + raw_hashes..c.len())
                .find(|&j| c[j..].starts_with(&close))
                .map_or(c.len(), |j| j + close.len());
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c[i] == '\'' && at(i + 1) == '\\' {
            i = (i + 2..c.len())
                .find(|&j| c[j] == '\'')
                .map_or(c.len(), |j| j + 1);
        } else if c[i] == '\'' && at(i + 2) == '\'' {
            i += 3; // a character; a lifetime `'a` is a punctuation and a name
        } else if ident(c[i]) {
            i = (i..c.len()).find(|&j| !ident(c[j])).unwrap_or(c.len());
            if !c[start].is_ascii_digit() {
                out.push((Tok::Ident(c[start..i].iter().collect()), line));
            }
        } else if c[i] == ':' && at(i + 1) == ':' {
            out.push((Tok::Sep, line));
            i += 2;
        } else {
            if !c[i].is_whitespace() {
                out.push((Tok::Punct(c[i]), line));
            }
            i += 1;
        }
        i = i.min(c.len());
        line += c[start..i].iter().filter(|&&ch| ch == '\n').count();
    }
    out
}

fn is_ident(t: Option<&(Tok, usize)>, name: &str) -> bool {
    matches!(t, Some((Tok::Ident(s), _)) if s == name)
}

fn is_punct(t: Option<&(Tok, usize)>, ch: char) -> bool {
    matches!(t, Some((Tok::Punct(p), _)) if *p == ch)
}

/// One name a `use` tree brings in: its path as written and the name it binds (`*` for a
/// glob).
#[derive(Debug)]
struct Leaf {
    path: Vec<String>,
    name: String,
}

/// Parses one use tree at `t[*i]` into its leaves.
fn use_tree(t: &[(Tok, usize)], i: &mut usize, mut path: Vec<String>, out: &mut Vec<Leaf>) {
    loop {
        match t.get(*i).map(|(tok, _)| tok) {
            Some(Tok::Sep) => *i += 1,
            Some(Tok::Punct('{')) => {
                *i += 1;
                while !is_punct(t.get(*i), '}') && !is_punct(t.get(*i), ';') && *i < t.len() {
                    let at = *i;
                    use_tree(t, i, path.clone(), out);
                    *i += usize::from(*i == at || is_punct(t.get(*i), ','));
                }
                *i += 1;
                return;
            }
            Some(Tok::Punct('*')) => {
                *i += 1;
                let name = "*".into();
                return out.push(Leaf { path, name });
            }
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                *i += 1;
                if matches!(t.get(*i), Some((Tok::Sep, _))) {
                    continue;
                }
                let mut name = path.last().cloned();
                if is_ident(t.get(*i), "as")
                    && let Some((Tok::Ident(alias), _)) = t.get(*i + 1)
                {
                    name = Some(alias.clone());
                    *i += 2;
                }
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                    name = name.filter(|n| n != "self").or(path.last().cloned());
                }
                if let Some(name) = name.filter(|_| !path.is_empty()) {
                    out.push(Leaf { path, name });
                }
                return;
            }
            _ => return,
        }
    }
}

/// A reference found in a file: from module `from`, the path as written, at `line`.
#[derive(Debug)]
struct Reference {
    from: ModPath,
    path: Vec<String>,
    line: usize,
}

/// What one file holds.
#[derive(Default, Debug)]
struct Scan {
    refs: Vec<Reference>,
    /// `pub use` leaves: (module, leaf).
    reexports: Vec<(ModPath, Leaf)>,
    /// Inline (non-test) modules.
    inline: Vec<ModPath>,
}

/// Whether `t[i..]` starts with `#[cfg(test)]`.
fn cfg_test_at(t: &[(Tok, usize)], i: usize) -> bool {
    let want = ["#", "[", "cfg", "(", "test", ")", "]"];
    want.iter().enumerate().all(|(k, w)| match t.get(i + k) {
        Some((Tok::Ident(s), _)) => s == w,
        Some((Tok::Punct(p), _)) => w.starts_with(*p) && w.len() == 1,
        _ => false,
    })
}

/// The index after the brace block opening at `t[i]`.
fn block_end(t: &[(Tok, usize)], mut i: usize) -> usize {
    let mut depth = 0;
    while i < t.len() {
        depth += i32::from(is_punct(t.get(i), '{')) - i32::from(is_punct(t.get(i), '}'));
        i += 1;
        if depth == 0 {
            break;
        }
    }
    i
}

/// Reads one file of module `module`.
fn scan(module: &[String], text: &str) -> Scan {
    let t = tokens(text);
    let mut out = Scan::default();
    // The inline modules we are in: (module path, brace depth inside them).
    let mut stack: Vec<(ModPath, usize)> = vec![(module.to_vec(), 0)];
    let (mut depth, mut i) = (0, 0);
    while i < t.len() {
        let here = stack.last().unwrap().0.clone();
        let line = t[i].1;
        if cfg_test_at(&t, i) {
            // `#[cfg(test)]`, other attributes, a visibility: a `mod x { }` is skipped.
            let mut j = i + 7;
            while is_punct(t.get(j), '#') {
                j = block_end_square(&t, j + 1);
            }
            if is_ident(t.get(j), "pub") {
                j += 1;
                if is_punct(t.get(j), '(') {
                    j = (j..t.len()).find(|&k| is_punct(t.get(k), ')')).unwrap_or(j) + 1;
                }
            }
            if is_ident(t.get(j), "mod") && is_punct(t.get(j + 2), '{') {
                i = block_end(&t, j + 2);
                continue;
            }
        }
        match &t[i].0 {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                if stack.len() > 1 && stack.last().unwrap().1 == depth {
                    stack.pop();
                }
                depth -= 1;
            }
            Tok::Ident(kw) if kw == "mod" && is_punct(t.get(i + 2), '{') => {
                if let Some((Tok::Ident(name), _)) = t.get(i + 1) {
                    let inner: ModPath = here.iter().chain([name]).cloned().collect();
                    out.inline.push(inner.clone());
                    depth += 1;
                    stack.push((inner, depth));
                    i += 2;
                }
            }
            Tok::Ident(kw) if kw == "use" => {
                let public = is_ident(t.get(i.wrapping_sub(1)), "pub")
                    || is_punct(t.get(i.wrapping_sub(1)), ')');
                let mut leaves = Vec::new();
                i += 1;
                use_tree(&t, &mut i, Vec::new(), &mut leaves);
                for leaf in leaves {
                    let (from, path) = (here.clone(), leaf.path.clone());
                    out.refs.push(Reference { from, path, line });
                    if public {
                        out.reexports.push((here.clone(), leaf));
                    }
                }
                continue;
            }
            Tok::Ident(kw)
                if ["crate", "super", "self"].contains(&kw.as_str())
                    && matches!(t.get(i + 1), Some((Tok::Sep, _)))
                    && !(i > 0 && t[i - 1].0 == Tok::Sep) =>
            {
                let mut path = vec![kw.clone()];
                while let (Some((Tok::Sep, _)), Some((Tok::Ident(s), _))) =
                    (t.get(i + 1), t.get(i + 2))
                {
                    path.push(s.clone());
                    i += 2;
                }
                out.refs.push(Reference {
                    from: here,
                    path,
                    line,
                });
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The index after the `[...]` opening at `t[i]`.
fn block_end_square(t: &[(Tok, usize)], mut i: usize) -> usize {
    let mut depth = 0;
    while i < t.len() {
        depth += i32::from(is_punct(t.get(i), '[')) - i32::from(is_punct(t.get(i), ']'));
        i += 1;
        if depth == 0 {
            break;
        }
    }
    i
}

/// Every module of the crate and what the files say.
struct Crate {
    modules: BTreeSet<ModPath>,
    /// module -> name -> the path it re-exports (from the crate root).
    reexports: BTreeMap<ModPath, BTreeMap<String, Vec<String>>>,
    /// (file, reference)
    refs: Vec<(String, Reference)>,
    /// file -> its lines, for the report.
    lines: BTreeMap<String, Vec<String>>,
}

impl Crate {
    /// The files under `src/` (their paths there, their text), binaries left out.
    fn sources() -> Vec<(String, String)> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let rel = |f: &PathBuf| {
            f.strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        };
        files
            .iter()
            .filter(|f| !rel(f).starts_with("bin/") && rel(f) != "main.rs")
            .map(|f| (rel(f), fs::read_to_string(f).unwrap()))
            .collect()
    }

    fn new(files: &[(String, String)]) -> Crate {
        let mut krate = Crate {
            modules: BTreeSet::new(),
            reexports: BTreeMap::new(),
            refs: Vec::new(),
            lines: BTreeMap::new(),
        };
        let mut scans = Vec::new();
        for (rel, text) in files {
            let module = module_of(rel);
            let s = scan(&module, text);
            krate.modules.insert(module);
            krate.modules.extend(s.inline.iter().cloned());
            let name = format!("src/{rel}");
            krate
                .lines
                .insert(name.clone(), text.lines().map(String::from).collect());
            scans.push((name, s));
        }
        for (name, s) in scans {
            for (module, leaf) in s.reexports {
                if let Some(abs) = krate.absolute(&module, &leaf.path) {
                    krate
                        .reexports
                        .entry(module)
                        .or_default()
                        .insert(leaf.name, abs);
                }
            }
            krate
                .refs
                .extend(s.refs.into_iter().map(|r| (name.clone(), r)));
        }
        krate
    }

    /// A path as written in `module`, from the crate root; `None` for another crate's or a
    /// local name.
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let (first, _) = path.split_first()?;
        let (mut abs, mut rest) = match first.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (module.to_vec(), &path[1..]),
            "super" => (module.to_vec(), path),
            _ if self.modules.contains(&[module, &path[..1]].concat()) => (module.to_vec(), path),
            _ => return None,
        };
        while let Some((_, r)) = rest.split_first().filter(|(s, _)| *s == "super") {
            abs.pop()?;
            rest = r;
        }
        Some([abs.as_slice(), rest].concat())
    }

    /// The module an absolute path names: the deepest module it reaches, through re-exports.
    fn resolve(&self, abs: &[String], hops: usize) -> ModPath {
        let len = (0..=abs.len())
            .rev()
            .find(|&n| self.modules.contains(&abs[..n]))
            .unwrap_or(0);
        let module = abs[..len].to_vec();
        if let Some(name) = abs.get(len)
            && hops < 8
            && let Some(target) = self.reexports.get(&module).and_then(|m| m.get(name))
        {
            return self.resolve(&[target.as_slice(), &abs[len + 1..]].concat(), hops + 1);
        }
        module
    }

    /// For each module, the edges between its children.
    fn graphs(&self) -> BTreeMap<ModPath, Graph> {
        let mut graphs: BTreeMap<ModPath, Graph> = BTreeMap::new();
        for (file, r) in &self.refs {
            let Some(abs) = self.absolute(&r.from, &r.path) else {
                continue;
            };
            let to = self.resolve(&abs, 0);
            let common = r.from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == r.from.len() || common == to.len() {
                continue; // a module and its own ancestor or descendant
            }
            let line = self.lines[file][r.line - 1].trim();
            graphs
                .entry(r.from[..common].to_vec())
                .or_default()
                .entry(r.from[common].clone())
                .or_default()
                .entry(to[common].clone())
                .or_default()
                .insert(format!("{file}:{}: {line}", r.line));
        }
        graphs
    }
}

/// A shortest cycle through `start`, if there is one.
fn cycle_through(graph: &Graph, start: &String) -> Option<Vec<String>> {
    let mut back: BTreeMap<&String, &String> = BTreeMap::new();
    let mut todo = VecDeque::from([start]);
    while let Some(n) = todo.pop_front() {
        for next in graph.get(n).into_iter().flat_map(|m| m.keys()) {
            if back.contains_key(next) {
                continue;
            }
            back.insert(next, n);
            if next == start {
                let mut cycle = vec![start.clone()];
                let mut at = n;
                while at != start {
                    cycle.push(at.clone());
                    at = back[at];
                }
                cycle.push(start.clone());
                cycle.reverse();
                return Some(cycle);
            }
            todo.push_back(next);
        }
    }
    None
}

/// Every cycle (a shortest one through each node that is on one, each node set once), with
/// the lines making each edge.
fn report(graphs: &BTreeMap<ModPath, Graph>) -> Vec<String> {
    let mut out = Vec::new();
    for (module, graph) in graphs {
        let at = if module.is_empty() {
            "crate".into()
        } else {
            module.join("::")
        };
        let mut seen = BTreeSet::new();
        for start in graph.keys() {
            let Some(cycle) = cycle_through(graph, start) else {
                continue;
            };
            if !seen.insert(cycle[1..].iter().cloned().collect::<BTreeSet<_>>()) {
                continue;
            }
            let mut text = format!("cycle in {at}: {}", cycle.join(" -> "));
            for pair in cycle.windows(2) {
                text += &format!("\n  {} -> {}:", pair[0], pair[1]);
                for why in &graph[&pair[0]][&pair[1]] {
                    text += &format!("\n    {why}");
                }
            }
            out.push(text);
        }
    }
    out
}

#[test]
fn no_import_cycle_in_any_module() {
    let graphs = Crate::new(&Crate::sources()).graphs();
    for (module, graph) in &graphs {
        println!(
            "{}:",
            if module.is_empty() {
                "crate".into()
            } else {
                module.join("::")
            }
        );
        for (from, to) in graph {
            let to: Vec<_> = to.keys().cloned().collect();
            println!("  {from} -> {}", to.join(", "));
        }
    }
    for folder in [
        &[][..],
        &["engine"],
        &["engine", "gomoku"],
        &["engine", "gomoku", "ai"],
        &["engine", "connect4"],
    ] {
        let folder: ModPath = folder.iter().map(|s| s.to_string()).collect();
        assert!(graphs.contains_key(&folder), "no edges found in {folder:?}");
    }
    let cycles = report(&graphs);
    assert!(
        cycles.is_empty(),
        "{} import cycle(s):\n{}",
        cycles.len(),
        cycles.join("\n")
    );
}

#[test]
fn gui_module_folders_import_one_way() {
    let graphs = Crate::new(&Crate::sources()).graphs();
    let top = &graphs[&Vec::new()];
    // The online server builds without Bevy and is embedded by the game: never the reverse.
    for low in ["engine", "protocol", "online"] {
        assert!(
            !top.get(low).is_some_and(|d| d.contains_key("gui")),
            "{low} imports gui"
        );
    }
    let Some(graph) = graphs.get(&vec!["gui".to_string()]) else {
        return; // no gui sources
    };
    assert!(graph.len() >= 8, "the gui modules were found: {graph:?}");
    // The layers named in ARCHITECTURE.md: nothing below the session knows about it.
    for low in ["kind", "flow", "persist", "ai_task"] {
        let deps = graph.get(low).cloned().unwrap_or_default();
        for high in ["session", "board", "screens", "effects", "demo"] {
            assert!(
                !deps.contains_key(high),
                "{low} imports {high}: {:?}",
                deps[high]
            );
        }
    }
    assert!(!graph["session"].contains_key("board") && !graph["session"].contains_key("screens"));
}

/// The engine is laid out per game: neither game's folder imports the other's, and what
/// both use (records, reviews, puzzles) sits beside them.
#[test]
fn the_engines_games_do_not_import_each_other() {
    let graphs = Crate::new(&Crate::sources()).graphs();
    let engine = &graphs[&vec!["engine".to_string()]];
    for game in ["gomoku", "connect4"] {
        assert!(
            engine.contains_key(game) || engine.values().any(|d| d.contains_key(game)),
            "engine::{game} was found: {engine:?}"
        );
    }
    for (a, b) in [("gomoku", "connect4"), ("connect4", "gomoku")] {
        let edge = engine.get(a).and_then(|d| d.get(b));
        assert!(edge.is_none(), "engine::{a} imports engine::{b}: {edge:?}");
    }
    // The puzzles' shared core names no game: each game brings its side (PuzzleRules).
    assert!(
        engine
            .get("gomoku")
            .is_some_and(|d| d.contains_key("puzzle"))
            && engine
                .get("connect4")
                .is_some_and(|d| d.contains_key("puzzle")),
        "both games implement engine::puzzle: {engine:?}"
    );
    for game in ["gomoku", "connect4"] {
        let edge = engine.get("puzzle").and_then(|d| d.get(game));
        assert!(
            edge.is_none(),
            "engine::puzzle imports engine::{game}: {edge:?}"
        );
    }
}

#[test]
fn the_reader_resolves_paths_and_finds_cycles() {
    let files = [
        ("lib.rs", "pub mod a;\npub mod b;\n"),
        (
            "a/mod.rs",
            "pub mod x;\npub mod y;\npub use x::Thing;\nuse crate::b::B; // crate::c\n",
        ),
        (
            "a/x.rs",
            "use super::{y::{self, Why as W}, Local};\nconst S: &str = \"crate::b::Nope\";\n\
             pub struct Thing;\n#[cfg(test)]\n#[allow(unused)]\nmod tests {\n    use crate::b::T;\n}\n",
        ),
        (
            "a/y.rs",
            "pub struct Why;\nfn f() { let _ = super::Thing; } /* crate::b */\n",
        ),
        (
            "b.rs",
            "pub struct B;\nmod inner {\n    fn g() { super::super::a::x::Thing; }\n}\n",
        ),
    ];
    let files: Vec<_> = files.map(|(f, t)| (f.to_string(), t.to_string())).into();
    let graphs = Crate::new(&files).graphs();
    let edges = |module: &[&str]| -> Vec<String> {
        let module: ModPath = module.iter().map(|s| s.to_string()).collect();
        let graph = graphs.get(&module).cloned().unwrap_or_default();
        let pairs = graph
            .into_iter()
            .flat_map(|(a, n)| n.into_keys().map(move |b| (a.clone(), b)));
        pairs.map(|(a, b)| format!("{a}->{b}")).collect()
    };
    // a/mod.rs -> b; b's inline module -> a::x: a cycle at the crate's top.
    assert_eq!(edges(&[]), ["a->b", "b->a"]);
    // x -> y through a group with self and an alias; y -> x through the parent's re-export;
    // comments, strings and the test module are not read; `Local` in the parent is no edge.
    assert_eq!(edges(&["a"]), ["x->y", "y->x"]);
    assert!(edges(&["b"]).is_empty());
    let cycles = report(&graphs);
    assert_eq!(cycles.len(), 2, "{cycles:#?}");
    assert!(
        cycles[0].starts_with("cycle in crate: a -> b -> a"),
        "{}",
        cycles[0]
    );
    assert!(
        cycles[1].starts_with("cycle in a: x -> y -> x"),
        "{}",
        cycles[1]
    );
    assert!(
        cycles[1].contains("src/a/y.rs:2: fn f() { let _ = super::Thing; }"),
        "{}",
        cycles[1]
    );
}
