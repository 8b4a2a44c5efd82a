//! SGF FF[4] for Gomoku (GM[4]): reading the main line and writing records.
//!
//! Hand-written rather than built on the `sgf-parse` crate (4.2.8, evaluated): that crate
//! stores the tree as nested nodes whose drop and serialisation recurse, so a long main line
//! or deep nesting (300 000 `;` in under 1 MiB) aborts the whole process with a stack
//! overflow; it also drops token positions, so its errors cannot say where a file is broken,
//! and it keeps soft line breaks. This reader is a flat loop over bytes with a nesting cap.
//!
//! What is read: `GM` (must be 4; a missing `GM` is taken as Gomoku), `FF` (1 to 4), `SZ`
//! (5..=25, square; 15 when missing), `RU` (a rule name, Freestyle when missing), `PB`, `PW`,
//! `DT`, `RE`, `C` (on the root: the game comment; on a move: that move's comment; on a node
//! without a move: appended to the previous move's comment), `AB`/`AW` (setup stones, in any
//! node before the first move, points or `aa:cc` rectangles), `B`/`W` moves. Other
//! properties are ignored. `AE` and setup between moves are refused. Points are two letters,
//! column then row, `aa` the top-left corner, so `Pos { x, y }` maps to `'a' + x, 'a' + y`.
//!
//! Variations: only the main line (the first child at every branch) is read; side variations
//! are checked for syntax and skipped, and only the first game of a collection is read.

use std::fmt::Write as _;

use super::{
    GameRecord, Loc, MAX_RECORD_BYTES, MAX_SGF_NESTING, RecordError, RecordMove, RecordResult, clip,
};
use crate::engine::gomoku::pos::{MAX_SIZE, MIN_SIZE, Pos, Stone};
use crate::engine::gomoku::rules::Rule;

/// Longest property name accepted; real ones, FF[3] names like `CoPyright` included, are far
/// shorter.
const MAX_IDENT: usize = 32;

/// Board side when `SZ` is missing: the usual Gomoku board.
const DEFAULT_SIZE: usize = 15;

/// One property of a main-line node, with byte offsets for error messages.
struct Prop {
    ident: String,
    offset: usize,
    /// Unescaped values and the offset of each value's `[`.
    values: Vec<(String, usize)>,
}

#[derive(Default)]
struct Node {
    props: Vec<Prop>,
}

/// Reads an SGF text: the first game of the collection, main line only. The record is
/// replayed under its rule before it is returned, so an illegal move is an error here.
pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            limit: MAX_RECORD_BYTES,
        });
    }
    let b = text.as_bytes();
    let nodes = read_main_line(text)?;
    let (record, setup_offsets, move_offsets) = interpret(b, &nodes)?;
    let setup_locs = locs(b, &setup_offsets);
    let move_locs = locs(b, &move_offsets);
    record.replay(&setup_locs, &move_locs)?;
    Ok(record)
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

fn syntax(b: &[u8], offset: usize, problem: impl Into<String>) -> RecordError {
    RecordError::Syntax {
        at: Loc::at(b, offset),
        problem: problem.into(),
    }
}

/// The character at `offset` for a message, never slicing inside a UTF-8 sequence.
fn describe_char(text: &str, offset: usize) -> String {
    match text.get(offset..).and_then(|s| s.chars().next()) {
        Some(c) if !c.is_control() => format!("'{c}'"),
        Some(c) => format!("character U+{:04X}", c as u32),
        None => format!("byte {offset}"),
    }
}

/// Walks the game tree once, without recursion, collecting the nodes of the main line.
fn read_main_line(text: &str) -> Result<Vec<Node>, RecordError> {
    let b = text.as_bytes();
    let start = if b.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    let mut i = skip_ws(b, start);
    match b.get(i) {
        None => return Err(RecordError::Empty),
        Some(b'(') => {}
        Some(_) => return Err(syntax(b, i, "an SGF file must start with '('")),
    }
    // `main_depth` is the nesting level of the deepest game tree on the main line while
    // `main_open`; once that tree closes, everything else is a side variation.
    let mut depth = 0usize;
    let mut main_depth = 0usize;
    let mut main_open = true;
    // Grammar state: right after '(' a node must follow; properties need an open node; after
    // a child tree closes only another child or ')' may follow.
    let mut expect_node = false;
    let mut in_node = false;
    let mut after_child = false;
    let mut on_main = false;
    let mut nodes: Vec<Node> = Vec::new();
    loop {
        i = skip_ws(b, i);
        let Some(&c) = b.get(i) else {
            return Err(RecordError::Truncated { at: Loc::at(b, i) });
        };
        if expect_node && c != b';' {
            return Err(syntax(b, i, "a game tree must begin with a node (';')"));
        }
        match c {
            b'(' => {
                depth += 1;
                if depth > MAX_SGF_NESTING {
                    return Err(RecordError::TooDeep {
                        at: Loc::at(b, i),
                        limit: MAX_SGF_NESTING,
                    });
                }
                if main_open && depth - 1 == main_depth {
                    main_depth = depth;
                }
                expect_node = true;
                in_node = false;
                after_child = false;
                i += 1;
            }
            b')' => {
                if main_open && depth == main_depth {
                    main_open = false;
                }
                depth -= 1;
                in_node = false;
                after_child = true;
                i += 1;
                if depth == 0 {
                    break;
                }
            }
            b';' => {
                if after_child {
                    return Err(syntax(b, i, "a node cannot follow a variation"));
                }
                expect_node = false;
                in_node = true;
                on_main = main_open && depth == main_depth;
                if on_main {
                    nodes.push(Node::default());
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                if !in_node {
                    return Err(syntax(b, i, "a property must be inside a node (after ';')"));
                }
                let start = i;
                while b.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
                    i += 1;
                }
                let raw = &text[start..i];
                if raw.len() > MAX_IDENT {
                    return Err(syntax(b, start, "property name is too long"));
                }
                // FF[3] names may mix in lower-case letters (`CoPyright`); FF[4] keeps the
                // capitals only.
                let ident: String = raw.chars().filter(|c| c.is_ascii_uppercase()).collect();
                if ident.is_empty() {
                    return Err(syntax(
                        b,
                        start,
                        format!("property name '{}' has no capital letters", clip(raw)),
                    ));
                }
                i = skip_ws(b, i);
                if b.get(i) != Some(&b'[') {
                    return Err(syntax(
                        b,
                        i,
                        format!("property {ident} has no value (expected '[')"),
                    ));
                }
                let mut values = Vec::new();
                while b.get(i) == Some(&b'[') {
                    let (value, next) = read_value(b, i, &ident)?;
                    if on_main {
                        values.push((value, i));
                    }
                    i = skip_ws(b, next);
                }
                if on_main && let Some(node) = nodes.last_mut() {
                    node.props.push(Prop {
                        ident,
                        offset: start,
                        values,
                    });
                }
            }
            _ => {
                return Err(syntax(
                    b,
                    i,
                    format!("unexpected {}", describe_char(text, i)),
                ));
            }
        }
    }
    // Further games of a collection are not read; anything else after the game is an error
    // (an extra ')' usually means the brackets are unbalanced).
    let j = skip_ws(b, i);
    if j < b.len() && b[j] != b'(' {
        return Err(syntax(
            b,
            j,
            format!(
                "unexpected {} after the end of the game",
                describe_char(text, j)
            ),
        ));
    }
    Ok(nodes)
}

/// Reads the value opening at `open` (a `[`): unescapes `\x` to `x` and drops soft line
/// breaks (`\` before a line break). Returns the value and the offset after its `]`.
fn read_value(b: &[u8], open: usize, ident: &str) -> Result<(String, usize), RecordError> {
    let unterminated = || RecordError::Unterminated {
        property: ident.to_string(),
        at: Loc::at(b, open),
    };
    let mut out = Vec::new();
    let mut j = open + 1;
    loop {
        match b.get(j) {
            None => return Err(unterminated()),
            Some(b']') => break,
            Some(b'\\') => match b.get(j + 1) {
                None => return Err(unterminated()),
                Some(&nl @ (b'\n' | b'\r')) => {
                    j += 2;
                    // A soft break may be CRLF or LFCR.
                    let other = if nl == b'\n' { b'\r' } else { b'\n' };
                    if b.get(j) == Some(&other) {
                        j += 1;
                    }
                }
                Some(&c) => {
                    out.push(c);
                    j += 2;
                }
            },
            Some(&c) => {
                out.push(c);
                j += 1;
            }
        }
    }
    // Only ASCII backslashes and line breaks were dropped from valid UTF-8, so this cannot
    // fail; the lossy fallback just avoids a panic path.
    let value = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Ok((value, j + 1))
}

/// Locations of sorted-or-not byte offsets, scanning the text once when they are in order.
fn locs(b: &[u8], offsets: &[usize]) -> Vec<Loc> {
    let mut out = Vec::with_capacity(offsets.len());
    let (mut pos, mut line) = (0usize, 1usize);
    for &o in offsets {
        let o = o.min(b.len());
        if o < pos {
            pos = 0;
            line = 1;
        }
        line += b[pos..o].iter().filter(|&&c| c == b'\n').count();
        pos = o;
        out.push(Loc {
            offset: Some(o),
            line,
        });
    }
    out
}

fn bad_property(b: &[u8], p: &Prop, problem: impl Into<String>) -> RecordError {
    RecordError::BadProperty {
        property: p.ident.clone(),
        at: Loc::at(b, p.offset),
        problem: problem.into(),
    }
}

/// The single value of a property that takes one.
fn single<'a>(b: &[u8], p: &'a Prop) -> Result<(&'a str, usize), RecordError> {
    match p.values.as_slice() {
        [(v, o)] => Ok((v.as_str(), *o)),
        vs => Err(bad_property(
            b,
            p,
            format!("takes one value, found {}", vs.len()),
        )),
    }
}

/// A point `hh` on a board of side `size`.
fn point(
    b: &[u8],
    ident: &str,
    value: &str,
    offset: usize,
    size: usize,
) -> Result<Pos, RecordError> {
    let coord = |c: u8| match c {
        b'a'..=b'z' => Some((c - b'a') as usize),
        // FF[4] extends to capitals for boards over 26; all of them are off a 25 board.
        b'A'..=b'Z' => Some((c - b'A') as usize + 26),
        _ => None,
    };
    let bad = || RecordError::BadPoint {
        property: ident.to_string(),
        at: Loc::at(b, offset),
        value: clip(value),
    };
    let [cx, cy] = value.as_bytes() else {
        return Err(bad());
    };
    let (Some(x), Some(y)) = (coord(*cx), coord(*cy)) else {
        return Err(bad());
    };
    if x >= size || y >= size {
        return Err(RecordError::OffBoard {
            property: ident.to_string(),
            at: Loc::at(b, offset),
            value: clip(value),
            size,
        });
    }
    Ok(Pos::new(x as u8, y as u8))
}

/// The points of an `AB`/`AW` value: one point or an `aa:cc` rectangle, row by row.
fn points(
    b: &[u8],
    ident: &str,
    value: &str,
    offset: usize,
    size: usize,
) -> Result<Vec<Pos>, RecordError> {
    match value.split_once(':') {
        None => Ok(vec![point(b, ident, value, offset, size)?]),
        Some((from, to)) => {
            let p = point(b, ident, from, offset, size)?;
            let q = point(b, ident, to, offset, size)?;
            let mut out = Vec::new();
            for y in p.y.min(q.y)..=p.y.max(q.y) {
                for x in p.x.min(q.x)..=p.x.max(q.x) {
                    out.push(Pos::new(x, y));
                }
            }
            Ok(out)
        }
    }
}

fn parse_size(b: &[u8], value: &str, offset: usize) -> Result<usize, RecordError> {
    let bad = |problem| RecordError::BadSize {
        at: Loc::at(b, offset),
        value: clip(value),
        problem,
    };
    let number = |s: &str| -> Result<usize, RecordError> {
        let s = s.trim();
        if s.is_empty() || s.len() > 4 || !s.bytes().all(|c| c.is_ascii_digit()) {
            return Err(bad("is not a board size"));
        }
        s.parse().map_err(|_| bad("is not a board size"))
    };
    let (w, h) = match value.split_once(':') {
        None => {
            let n = number(value)?;
            (n, n)
        }
        Some((w, h)) => (number(w)?, number(h)?),
    };
    if w != h {
        return Err(bad("is not square; only square boards are supported"));
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&w) {
        return Err(bad("is not a supported board size (use 5 to 25)"));
    }
    Ok(w)
}

/// Properties that belong only in the root node and change how the rest is read.
const ROOT_ONLY: [&str; 3] = ["GM", "FF", "SZ"];
/// Game-info properties: once per main line, in any node.
const GAME_INFO: [&str; 5] = ["PB", "PW", "DT", "RE", "RU"];

type Interpreted = (GameRecord, Vec<usize>, Vec<usize>);

/// Turns main-line nodes into a record plus the offsets of its setup stones and moves.
fn interpret(b: &[u8], nodes: &[Node]) -> Result<Interpreted, RecordError> {
    let mut record = GameRecord::new(DEFAULT_SIZE, Rule::default());
    let mut setup_offsets = Vec::new();
    let mut move_offsets = Vec::new();
    let mut seen_info: Vec<&str> = Vec::new();

    for (k, node) in nodes.iter().enumerate() {
        for (idx, p) in node.props.iter().enumerate() {
            if node.props[..idx].iter().any(|q| q.ident == p.ident) {
                return Err(bad_property(b, p, "appears twice in one node"));
            }
            if k > 0 && ROOT_ONLY.contains(&p.ident.as_str()) {
                return Err(bad_property(b, p, "belongs in the root node only"));
            }
            if let Some(&name) = GAME_INFO.iter().find(|&&n| n == p.ident) {
                if seen_info.contains(&name) {
                    return Err(bad_property(b, p, "appears twice on the main line"));
                }
                seen_info.push(name);
            }
        }
        let find = |id: &str| node.props.iter().find(|p| p.ident == id);

        if k == 0 {
            // GM first, so a Go file is reported as such rather than by its first odd point.
            if let Some(p) = find("GM") {
                let (v, o) = single(b, p)?;
                if v.trim() != "4" {
                    return Err(RecordError::NotGomoku {
                        at: Loc::at(b, o),
                        value: clip(v),
                    });
                }
            }
            if let Some(p) = find("FF") {
                let (v, _) = single(b, p)?;
                if !matches!(v.trim(), "1" | "2" | "3" | "4") {
                    return Err(bad_property(
                        b,
                        p,
                        format!("file format '{}' is not 1 to 4", clip(v)),
                    ));
                }
            }
            if let Some(p) = find("SZ") {
                let (v, o) = single(b, p)?;
                record.size = parse_size(b, v, o)?;
            }
        }

        let mut node_move: Option<usize> = None;
        let mut node_comment: Option<String> = None;
        let mut node_time_left: Option<u32> = None;
        for p in &node.props {
            match p.ident.as_str() {
                "RU" => {
                    let (v, o) = single(b, p)?;
                    record.rule = Rule::from_name(v).ok_or_else(|| RecordError::UnknownRule {
                        at: Loc::at(b, o),
                        value: clip(v),
                    })?;
                }
                "PB" => record.black = single(b, p)?.0.to_string(),
                "PW" => record.white = single(b, p)?.0.to_string(),
                "DT" => record.date = Some(single(b, p)?.0.to_string()),
                "RE" => {
                    let (v, _) = single(b, p)?;
                    record.result = Some(RecordResult::from_sgf(v).ok_or_else(|| {
                        bad_property(
                            b,
                            p,
                            format!(
                                "result '{}' is not B+, W+ (R, T, F), Draw, 0, Void or ?",
                                clip(v)
                            ),
                        )
                    })?);
                }
                "C" => node_comment = Some(single(b, p)?.0.to_string()),
                "BL" | "WL" => {
                    let (v, _) = single(b, p)?;
                    let secs = v
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|s| s.is_finite() && (0.0..4e6).contains(s))
                        .ok_or_else(|| {
                            bad_property(b, p, format!("time left '{}' is not seconds", clip(v)))
                        })?;
                    node_time_left = Some((secs * 1000.0).round() as u32);
                }
                "AB" | "AW" => {
                    if !record.moves.is_empty() {
                        return Err(RecordError::Unsupported {
                            property: p.ident.clone(),
                            at: Loc::at(b, p.offset),
                            what: "adding stones after the first move",
                        });
                    }
                    let stone = if p.ident == "AB" {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    for (v, o) in &p.values {
                        for pos in points(b, &p.ident, v, *o, record.size)? {
                            record.setup.push((pos, stone));
                            setup_offsets.push(*o);
                        }
                    }
                }
                "AE" => {
                    return Err(RecordError::Unsupported {
                        property: p.ident.clone(),
                        at: Loc::at(b, p.offset),
                        what: "removing stones (AE)",
                    });
                }
                "B" | "W" => {
                    if node_move.is_some() {
                        return Err(bad_property(b, p, "a node cannot hold both B and W"));
                    }
                    let (v, o) = single(b, p)?;
                    if v.is_empty() {
                        return Err(RecordError::BadPoint {
                            property: p.ident.clone(),
                            at: Loc::at(b, o),
                            value: String::new(),
                        });
                    }
                    let pos = point(b, &p.ident, v, o, record.size)?;
                    let stone = if p.ident == "B" {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    record.moves.push(RecordMove::new(pos, stone));
                    move_offsets.push(p.offset);
                    node_move = Some(record.moves.len() - 1);
                }
                _ => {}
            }
        }

        if let (Some(ms), Some(m)) = (node_time_left, node_move) {
            record.moves[m].time_left_ms = Some(ms);
        }
        if let (Some(c), Some(m)) = (&node_comment, node_move) {
            record.moves[m].time_ms = thinking_time(c);
        }
        if let Some(c) = node_comment {
            let target = match node_move {
                Some(m) => record.moves.get_mut(m).map(|m| &mut m.comment),
                None if record.moves.is_empty() => Some(&mut record.comment),
                None => record.moves.last_mut().map(|m| &mut m.comment),
            };
            if let Some(slot) = target {
                match slot {
                    Some(old) => {
                        old.push('\n');
                        old.push_str(&c);
                    }
                    None => *slot = Some(c),
                }
            }
        }
    }
    Ok((record, setup_offsets, move_offsets))
}

/// Escapes an SGF text value: `\` and `]` get a backslash.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn sgf_point(pos: Pos) -> String {
    let mut s = String::with_capacity(2);
    s.push((b'a' + pos.x) as char);
    s.push((b'a' + pos.y) as char);
    s
}

/// Writes `record` as SGF FF[4] GM[4] after checking that it replays.
///
/// Setup stones keep their order: runs of one colour go into `AB`/`AW` of the root and, when
/// colours alternate more than once, of further setup nodes before the first move.
pub fn write(record: &GameRecord) -> Result<String, RecordError> {
    // Only a record that replays is written, so every file we write reads back; this also
    // guarantees the points are on a board of at most 25, so `sgf_point` stays in `a..=y`.
    record.to_game()?;
    let mut out = String::new();
    let _ = write!(
        out,
        "(;GM[4]FF[4]CA[UTF-8]AP[gomoku:{}]SZ[{}]RU[{}]",
        env!("CARGO_PKG_VERSION"),
        record.size,
        record.rule.name()
    );
    if !record.black.is_empty() {
        let _ = write!(out, "PB[{}]", escape(&record.black));
    }
    if !record.white.is_empty() {
        let _ = write!(out, "PW[{}]", escape(&record.white));
    }
    if let Some(date) = &record.date {
        let _ = write!(out, "DT[{}]", escape(date));
    }
    if let Some(result) = record.result {
        let _ = write!(out, "RE[{}]", escape(&result.to_sgf()));
    }
    if let Some(c) = &record.comment {
        let _ = write!(out, "C[{}]", escape(c));
    }

    // Setup: consecutive stones of one colour form a run; a node takes at most one AB and one
    // AW, so a colour seen again in the same node starts a new node.
    let mut used: [bool; 2] = [false; 2];
    let mut i = 0;
    while i < record.setup.len() {
        let stone = record.setup[i].1;
        let mut j = i;
        while j < record.setup.len() && record.setup[j].1 == stone {
            j += 1;
        }
        if used[stone.index()] {
            out.push_str("\n;");
            used = [false; 2];
        }
        used[stone.index()] = true;
        out.push_str(if stone == Stone::Black { "AB" } else { "AW" });
        for (pos, _) in &record.setup[i..j] {
            let _ = write!(out, "[{}]", sgf_point(*pos));
        }
        i = j;
    }
    out.push('\n');

    for (n, m) in record.moves.iter().enumerate() {
        let c = if m.stone == Stone::Black { 'B' } else { 'W' };
        let _ = write!(out, ";{c}[{}]", sgf_point(m.pos));
        if let Some(ms) = m.time_left_ms {
            let _ = write!(out, "{c}L[{:.1}]", ms as f64 / 1000.0);
        }
        // The thinking time as a comment line `time 12.3 s` (read back by the parser).
        let comment = match (m.time_ms, &m.comment) {
            (Some(ms), Some(c)) if thinking_time(c).is_none() => {
                Some(format!("{}\n{c}", time_comment(ms)))
            }
            (Some(ms), None) => Some(time_comment(ms)),
            (_, c) => c.clone(),
        };
        if let Some(comment) = &comment {
            let _ = write!(out, "C[{}]", escape(comment));
        }
        // Short lines keep the file readable in a text editor.
        if (n + 1) % 10 == 0 || comment.is_some() {
            out.push('\n');
        }
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(")\n");
    Ok(out)
}

/// A move comment's line giving the move's thinking time.
fn time_comment(ms: u32) -> String {
    format!("time {:.1} s", ms as f64 / 1000.0)
}

/// The thinking time in a move comment's first line `time 12.3 s`, if it has one.
fn thinking_time(comment: &str) -> Option<u32> {
    let line = comment.lines().next()?;
    let secs: f64 = line
        .strip_prefix("time ")?
        .strip_suffix(" s")?
        .parse()
        .ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| (secs * 1000.0).round() as u32)
}
