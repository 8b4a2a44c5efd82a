//! `tune fit`: the Texel fit of the evaluation's tables
//! (`src/engine/gomoku/ai/eval_table/`, one set per rule and Renju colour to move) to the positions `tune gen` (data.rs) recorded.

use super::data::{FORMAT2, pcode_pairs, rule_index};
use super::{COMBOS, F, PATTERNS, arg, fail, num, real};

struct Row {
    game: usize,
    result: f64,
    /// Side to move's features, then the other side's.
    x: [[f64; F]; 2],
    /// Side to move's four-pattern combinations (pcode, count), then the other side's;
    /// empty in files written before they were recorded.
    pc: [Vec<(u16, f64)>; 2],
    /// The position's threat mask (`pattern::threat_mask`), from the combo counts.
    mask: usize,
}

/// The positions of the data files to fit (`--data A,B`: each file's games numbered
/// apart). In a format 2 file ([`FORMAT2`]) only the quiet ones, and only those of `--rule`
/// and of `--colour` to move when given.
fn load_all(paths: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for (f, path) in paths.split(',').enumerate() {
        rows.extend(load(path).into_iter().map(|mut r| {
            r.game += f * 100_000_000;
            r
        }));
    }
    rows
}

/// The evaluation set `--rule` and `--colour` select (`eval_table::table_index`): the one
/// the fit starts from and replaces. Mixed data starts from freestyle's.
fn eval_set() -> usize {
    use gomoku::engine::gomoku::ai::eval_table::table_index;
    use gomoku::engine::gomoku::{Rule, Stone};
    let colour = super::colour_arg();
    match super::rule_arg() {
        None => 0,
        Some(Rule::Renju) => match colour {
            Some(c) => table_index(Rule::Renju, c),
            None => fail("--rule renju needs --colour black or white: a set per colour to move"),
        },
        Some(rule) => table_index(rule, Stone::Black),
    }
}

/// The positions of a data file to fit. In a format 2 file ([`FORMAT2`]) only the quiet
/// ones, and only those of `--rule` and of `--colour` to move when given.
fn load(path: &str) -> Vec<Row> {
    let mut first = String::new();
    if let Ok(file) = std::fs::File::open(path) {
        use std::io::BufRead;
        let _ = std::io::BufReader::new(file).read_line(&mut first);
    }
    let first = first.trim_end();
    let format2 = first == FORMAT2;
    let rule = super::rule_arg().map(rule_index);
    let colour = super::colour_arg().map(|c| c.index() as f64);
    if !format2 && (rule.is_some() || colour.is_some()) {
        fail("--rule and --colour need a data file of format 2 (tune gen --all)");
    }
    let mut rows = Vec::new();
    for (n, mut v) in super::number_lines::<f64>(path) {
        let bad = |what: &str| -> ! { fail(&format!("{path} line {n}: {what}")) };
        if format2 {
            if v.len() < 6 {
                bad("a format 2 line needs game, result, rule, colour, score and quiet");
            }
            let keep = v[5] == 1.0
                && rule.is_none_or(|r| v[2] == r as f64)
                && colour.is_none_or(|c| v[3] == c);
            if !keep {
                continue;
            }
            // The rest reads as a format 1 line.
            v.drain(2..6);
        }
        if v.len() < 2 + 2 * F {
            bad(&format!(
                "{} fields, expected at least {}",
                v.len(),
                2 + 2 * F
            ));
        }
        let mut x = [[0.0; F]; 2];
        for k in 0..2 {
            x[k].copy_from_slice(&v[2 + k * F..2 + (k + 1) * F]);
        }
        // Then, per side, a count and that many (pcode, count) pairs (absent in old files).
        let mut pc: [Vec<(u16, f64)>; 2] = [Vec::new(), Vec::new()];
        if 2 + 2 * F < v.len() {
            let sides = pcode_pairs(&v, 2 + 2 * F).unwrap_or_else(|e| bad(&e));
            for (side, pairs) in pc.iter_mut().zip(sides) {
                side.extend(pairs.chunks_exact(2).map(|p| (p[0] as u16, p[1])));
            }
        }
        let mask = threat_mask(|k, c| x[k][PATTERNS + c as usize] as u32);
        rows.push(Row {
            game: v[0] as usize,
            result: v[1],
            x,
            pc,
            mask,
        });
    }
    rows
}

/// At most `cap` positions of each game, evenly spread: a long drawn game (a full board
/// gives a hundred quiet positions) must not outweigh a hundred decisive ones.
fn thin(rows: Vec<Row>, cap: usize) -> Vec<Row> {
    let mut out = Vec::with_capacity(rows.len());
    let mut rest = rows.into_iter().peekable();
    while let Some(first) = rest.next() {
        let mut game = vec![first];
        while rest.peek().is_some_and(|r| r.game == game[0].game) {
            game.push(rest.next().expect("peeked"));
        }
        let n = game.len();
        if n <= cap {
            out.extend(game);
        } else {
            out.extend(
                game.into_iter()
                    .enumerate()
                    .filter(|(i, _)| i * cap / n != (i + 1) * cap / n)
                    .map(|(_, r)| r),
            );
        }
    }
    out
}

const PCODES: usize = gomoku::engine::gomoku::ai::pattern::PCODE_COUNT;
const MASKS: usize = gomoku::engine::gomoku::ai::pattern::THREAT_MASKS;
use gomoku::engine::gomoku::ai::pattern::threat_mask;

/// Weights: `[0]` the side to move's, `[1]` the other side's (subtracted); `line` the
/// patterns and combos, `pc` the four-pattern combinations' additions.
#[derive(Clone)]
struct Weights {
    line: [[f64; F]; 2],
    pc: [Vec<f64>; 2],
    /// By threat mask, for the side to move.
    threat: Vec<f64>,
}

impl Weights {
    fn zero() -> Weights {
        Weights {
            line: [[0.0; F]; 2],
            pc: [vec![0.0; PCODES], vec![0.0; PCODES]],
            threat: vec![0.0; MASKS],
        }
    }
}

/// The engine's evaluation of a row (before its integer division by the scale).
fn eval(w: &Weights, r: &Row) -> f64 {
    let mut v = w.threat[r.mask];
    for s in 0..2 {
        let sign = if s == 0 { 1.0 } else { -1.0 };
        let dense: f64 = w.line[s].iter().zip(&r.x[s]).map(|(a, b)| a * b).sum();
        let sparse: f64 = r.pc[s].iter().map(|&(i, c)| w.pc[s][i as usize] * c).sum();
        v += sign * (dense + sparse);
    }
    v / SCALE
}

const SCALE: f64 = gomoku::engine::gomoku::ai::eval_table::EVAL_SCALE as f64;

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

/// Mean logistic loss of the rows `pick` selects.
fn loss(w: &Weights, k: f64, rows: &[Row], pick: impl Fn(&Row) -> bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for r in rows.iter().filter(|r| pick(r)) {
        let p = sigmoid(eval(w, r) / k).clamp(1e-9, 1.0 - 1e-9);
        sum -= r.result * p.ln() + (1.0 - r.result) * (1.0 - p).ln();
        n += 1;
    }
    sum / n.max(1) as f64
}

/// Weights that must stay zero: the dead and overline patterns and the no-combo and
/// forbidden combos carry no threat (their counts mostly measure the empty board).
fn fixed(j: usize) -> bool {
    j == 0 || j == 1 || j == PATTERNS || j == PATTERNS + 1
}

pub(super) fn fit() {
    let path = arg("--data").unwrap_or_else(|| fail("fit needs --data FILE"));
    let iters = num("--iters", 3000);
    let cap = num("--per-game", 40) as usize;
    let rows = thin(load_all(&path), cap);
    if rows.is_empty() {
        fail(&format!(
            "{path}: no positions to fit (--rule and --colour leave none?)"
        ));
    }
    let train = |r: &Row| !r.game.is_multiple_of(10);
    let held = |r: &Row| r.game.is_multiple_of(10);
    let set = eval_set();
    let t = gomoku::engine::gomoku::ai::eval_table::TABLES[set];
    println!(
        "tune fit: starting from the {} set",
        gomoku::engine::gomoku::ai::eval_table::TABLE_NAMES[set]
    );
    let mut w = fixed_weights(t);
    // K for the current tables: a golden-section search on the training loss.
    let (mut a, mut b) = (10.0f64, 2000.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if loss(&w, c, &rows, train) < loss(&w, d, &rows, train) {
            b = d;
        } else {
            a = c;
        }
    }
    let k = (a + b) / 2.0;
    let games = rows
        .iter()
        .map(|r| r.game)
        .collect::<std::collections::HashSet<_>>()
        .len();
    println!(
        "tune fit: {} positions from {games} games ({} held out); K = {k:.1}",
        rows.len(),
        rows.iter().filter(|r| held(r)).count()
    );
    println!(
        "  before: loss {:.5} (held out {:.5})",
        loss(&w, k, &rows, train),
        loss(&w, k, &rows, held)
    );
    // The four-pattern additions: only combinations seen in at least `--min-count`
    // training positions move, each pulled towards 0 by an L2 penalty `--l2` x weight^2
    // (the sum of the patterns and the combo stays the model, these correct it).
    let use_pc = arg("--pcodes").is_some();
    let l2 = real("--l2", 1e-7);
    let min_count = num("--min-count", 50) as f64;
    let mut seen = [vec![0.0f64; PCODES], vec![0.0f64; PCODES]];
    for r in rows.iter().filter(|r| train(r)) {
        for s in 0..2 {
            for &(i, _) in &r.pc[s] {
                seen[s][i as usize] += 1.0;
            }
        }
    }
    let free = |s: usize, i: usize| use_pc && seen[s][i] >= min_count;
    // The threat table: masks seen in at least `--min-count` training positions.
    let use_threats = arg("--threats").is_some();
    let mut seen_mask = vec![0.0f64; MASKS];
    for r in rows.iter().filter(|r| train(r)) {
        seen_mask[r.mask] += 1.0;
    }
    let free_mask = |i: usize| use_threats && seen_mask[i] >= min_count;
    if use_threats {
        println!(
            "  threat masks fitted: {} of {MASKS} (seen in >= {min_count} positions)",
            (0..MASKS).filter(|&i| free_mask(i)).count()
        );
    }
    if use_pc {
        println!(
            "  four-pattern combinations fitted: {} to move, {} waiting (seen in >= {min_count} \
             positions), L2 {l2:e}",
            (0..PCODES).filter(|&i| free(0, i)).count(),
            (0..PCODES).filter(|&i| free(1, i)).count()
        );
    }
    // Adam on the full training batch.
    let lr = 0.5;
    let (b1, b2) = (0.9, 0.999);
    let mut m = Weights::zero();
    let mut v = Weights::zero();
    let train_rows: Vec<&Row> = rows.iter().filter(|r| train(r)).collect();
    let adam = |w: &mut f64, m: &mut f64, v: &mut f64, gj: f64, it: i32| {
        *m = b1 * *m + (1.0 - b1) * gj;
        *v = b2 * *v + (1.0 - b2) * gj * gj;
        let mh = *m / (1.0 - b1.powi(it));
        let vh = *v / (1.0 - b2.powi(it));
        *w -= lr * mh / (vh.sqrt() + 1e-8);
    };
    for it in 1..=iters {
        let mut g = Weights::zero();
        for r in &train_rows {
            let p = sigmoid(eval(&w, r) / k);
            let d = (p - r.result) / k / SCALE;
            for j in 0..F {
                g.line[0][j] += d * r.x[0][j];
                g.line[1][j] -= d * r.x[1][j];
            }
            if use_threats {
                g.threat[r.mask] += d;
            }
            if use_pc {
                for &(i, c) in &r.pc[0] {
                    g.pc[0][i as usize] += d * c;
                }
                for &(i, c) in &r.pc[1] {
                    g.pc[1][i as usize] -= d * c;
                }
            }
        }
        let n = train_rows.len() as f64;
        for s in 0..2 {
            for j in 0..F {
                if fixed(j) {
                    continue;
                }
                adam(
                    &mut w.line[s][j],
                    &mut m.line[s][j],
                    &mut v.line[s][j],
                    g.line[s][j] / n,
                    it as i32,
                );
            }
            for i in 0..PCODES {
                if !free(s, i) {
                    continue;
                }
                let gi = g.pc[s][i] / n + 2.0 * l2 * w.pc[s][i];
                adam(
                    &mut w.pc[s][i],
                    &mut m.pc[s][i],
                    &mut v.pc[s][i],
                    gi,
                    it as i32,
                );
            }
        }
        for i in 0..MASKS {
            if free_mask(i) {
                let gi = g.threat[i] / n + 2.0 * l2 * w.threat[i];
                adam(
                    &mut w.threat[i],
                    &mut m.threat[i],
                    &mut v.threat[i],
                    gi,
                    it as i32,
                );
            }
        }
        if it % 500 == 0 || it == iters {
            println!(
                "  iteration {it}: loss {:.5} (held out {:.5})",
                loss(&w, k, &rows, train),
                loss(&w, k, &rows, held)
            );
        }
    }
    let round = |v: f64| v.round() as i32;
    let line: Vec<Vec<i32>> = (0..2)
        .map(|s| (0..PATTERNS).map(|j| round(w.line[s][j])).collect())
        .collect();
    let combo: Vec<Vec<i32>> = (0..2)
        .map(|s| {
            (0..COMBOS)
                .map(|j| round(w.line[s][PATTERNS + j]))
                .collect()
        })
        .collect();
    let pc: Vec<Vec<i16>> = (0..2)
        .map(|s| {
            w.pc[s]
                .iter()
                .map(|&v| v.round().clamp(-3000.0, 3000.0) as i16)
                .collect()
        })
        .collect();
    let threat: Vec<i16> = w
        .threat
        .iter()
        .map(|&v| v.round().clamp(-8000.0, 8000.0) as i16)
        .collect();
    let mut wr = Weights::zero();
    for i in 0..MASKS {
        wr.threat[i] = threat[i] as f64;
    }
    for s in 0..2 {
        for j in 0..PATTERNS {
            wr.line[s][j] = line[s][j] as f64;
        }
        for j in 0..COMBOS {
            wr.line[s][PATTERNS + j] = combo[s][j] as f64;
        }
        for i in 0..PCODES {
            wr.pc[s][i] = pc[s][i] as f64;
        }
    }
    println!(
        "  after (rounded to the table's integers): loss {:.5} (held out {:.5})",
        loss(&wr, k, &rows, train),
        loss(&wr, k, &rows, held)
    );
    println!(
        "  line to move   {:?}\n  line waiting   {:?}",
        line[0], line[1]
    );
    println!(
        "  combo to move  {:?}\n  combo waiting  {:?}",
        combo[0], combo[1]
    );
    for s in 0..2 {
        let mut big: Vec<(usize, i16)> = (0..PCODES)
            .filter(|&i| pc[s][i] != 0)
            .map(|i| (i, pc[s][i]))
            .collect();
        big.sort_by_key(|&(_, v)| -(v as i32).abs());
        println!(
            "  four-pattern additions {}: {} non-zero, largest {:?}",
            ["to move", "waiting"][s],
            big.len(),
            &big[..big.len().min(8)]
        );
    }
    {
        let mut big: Vec<(usize, i16)> = (0..MASKS)
            .filter(|&i| threat[i] != 0)
            .map(|i| (i, threat[i]))
            .collect();
        big.sort_by_key(|&(_, v)| -(v as i32).abs());
        println!(
            "  threat table: {} non-zero, largest {:?}",
            big.len(),
            &big[..big.len().min(10)]
        );
    }
    if let Some(out) = arg("--write") {
        // The additions as rows of 20 numbers, so the file stays readable.
        let table = |v: &[i16]| -> String {
            let rows: Vec<String> = v
                .chunks(20)
                .map(|c| {
                    let nums: Vec<String> = c.iter().map(|x| x.to_string()).collect();
                    format!("            {},", nums.join(", "))
                })
                .collect();
            format!("[\n{}\n        ]", rows.join("\n"))
        };
        let selection: String = [("--rule", arg("--rule")), ("--colour", arg("--colour"))]
            .into_iter()
            .filter_map(|(flag, v)| v.map(|v| format!(" {flag} {v}")))
            .collect();
        let flags = format!(
            "{selection}{}{}{}",
            if use_pc { " --pcodes" } else { "" },
            if use_threats { " --threats" } else { "" },
            if use_pc || use_threats {
                format!(" --l2 {l2:e} --min-count {min_count}")
            } else {
                String::new()
            }
        );
        let what = [
            "freestyle",
            "exactly five",
            "Renju, Black to move",
            "Renju, White to move",
        ][set];
        let text = format!(
            "//! The evaluation's tables for {what}. Written by `tune fit --write`; edit by\n\
             //! re-running it, not by hand (see docs/benchmarks/history.md, \"Engine III: data per rule\").\n\
             \n\
             use super::EvalTable;\n\
             \n\
             /// Fitted by `tune fit --data {data}{flags}` on {n} positions from {games} games:\n\
             /// logistic loss {before:.5} -> {after:.5} (held-out games {hb:.5} -> {ha:.5}), K = {k:.1}.\n\
             #[rustfmt::skip]\n\
             pub const TABLE: EvalTable = EvalTable {{\n    \
                 line: [{l0:?}, {l1:?}],\n    \
                 combo: [{c0:?}, {c1:?}],\n    \
                 pcode: [\n        {p0},\n        {p1},\n    ],\n    \
                 threat: {th},\n\
             }};\n",
            data = path
                .split(',')
                .map(|p| std::path::Path::new(p)
                    .file_name()
                    .map_or(p.to_string(), |f| f.to_string_lossy().into_owned()))
                .collect::<Vec<_>>()
                .join(","),
            n = rows.len(),
            before = loss(&fixed_weights(t), k, &rows, train),
            after = loss(&wr, k, &rows, train),
            hb = loss(&fixed_weights(t), k, &rows, held),
            ha = loss(&wr, k, &rows, held),
            l0 = line[0],
            l1 = line[1],
            c0 = combo[0],
            c1 = combo[1],
            p0 = table(&pc[0]),
            p1 = table(&pc[1]),
            th = table(&threat)
                .replace("\n        ]", "\n    ]")
                .replace("            ", "        "),
        );
        super::write_whole(&out, text.as_bytes());
        println!("  written to {out}");
    }
}

fn fixed_weights(t: &gomoku::engine::gomoku::ai::eval_table::EvalTable) -> Weights {
    let mut w = Weights::zero();
    for k in 0..2 {
        for j in 0..PATTERNS {
            w.line[k][j] = t.line[k][j] as f64;
        }
        for j in 0..COMBOS {
            w.line[k][PATTERNS + j] = t.combo[k][j] as f64;
        }
        for i in 0..PCODES {
            w.pc[k][i] = t.pcode[k][i] as f64;
        }
    }
    for i in 0..MASKS {
        w.threat[i] = t.threat[i] as f64;
    }
    w
}
