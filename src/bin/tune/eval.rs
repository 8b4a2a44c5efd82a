//! `tune gen` and `tune fit`: self-play positions with their results, and the Texel fit of
//! the evaluation's tables (`src/engine/ai/eval_table.rs`).

use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use gomoku::engine::Outcome;
use gomoku::engine::ai::state::State;
use gomoku::engine::ai::{Engine, Limits};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{COMBOS, F, PATTERNS, arg, fail, num, opening};

/// A position's result for the side to move and its features (side to move first).
type Sample = (f32, [[u32; F]; 2]);
/// One self-play game: its quiet positions' features (side to move first) and, per
/// position, the side to move's result.
fn play(index: u64, seed: u64, nodes: u64) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(index));
    let mut game = opening(&mut rng);
    let mut engine = Engine::new(8 << 20);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut samples: Vec<(gomoku::engine::Stone, [[u32; F]; 2])> = Vec::new();
    while !game.outcome().is_over() {
        let st = State::from_game(&game);
        if game.ply() >= 6 && quiet(&st) {
            let f = st.eval_features();
            let mut row = [[0u32; F]; 2];
            for k in 0..2 {
                row[k].copy_from_slice(&f[k]);
            }
            samples.push((game.to_move(), row));
        }
        let r = engine.think(&game, &limits, &stop, &mut gomoku::engine::ai::NoInfo);
        let Some(mv) = r.best else { break };
        if let Err(e) = game.play(mv) {
            eprintln!("tune: game {index}: the engine chose {mv:?}: {e}");
            break;
        }
    }
    if std::env::var_os("TUNE_DEBUG").is_some() {
        eprintln!(
            "game {index}: {:?} after {} moves",
            game.outcome(),
            game.ply()
        );
    }
    let winner = match game.outcome() {
        Outcome::Win { winner, .. } => Some(*winner),
        _ => None,
    };
    samples
        .into_iter()
        .map(|(side, f)| {
            let result = match winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            (result, f)
        })
        .collect()
}

/// No winning threat for the side to move and no open three or four of the opponent to
/// answer: the evaluation, not a forced line, decides.
fn quiet(st: &State) -> bool {
    use gomoku::engine::ai::pattern::Combo;
    let me = st.side();
    st.count_at_least(me, Combo::Block4Flex3) == 0
        && st.count_at_least(me.opponent(), Combo::Flex4) == 0
}

pub(super) fn generate() {
    let games = num("--games", 8000);
    let nodes = num("--nodes", 3000);
    let seed = num("--seed", 1);
    let threads = num("--threads", 1).max(1) as usize;
    let out = arg("--out").unwrap_or_else(|| fail("gen needs --out FILE"));
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<Vec<Sample>>>> = Mutex::new(vec![None; games as usize]);
    let start = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games as usize {
                        break;
                    }
                    let rows = play(i as u64, seed, nodes);
                    done.lock().unwrap()[i] = Some(rows);
                    if (i + 1).is_multiple_of(500) {
                        eprintln!(
                            "tune: {} games, {:.0} s",
                            i + 1,
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    // Written in game order once all are in, so the file does not depend on the threads.
    let tmp = format!("{out}.tmp");
    let file = std::fs::File::create(&tmp).unwrap_or_else(|e| fail(&format!("{tmp}: {e}")));
    let mut w = BufWriter::new(file);
    let mut positions = 0;
    let (mut wins, mut draws) = (0, 0);
    for (g, rows) in done.into_inner().unwrap().into_iter().enumerate() {
        for (result, f) in rows.expect("every game played") {
            positions += 1;
            wins += (result == 1.0) as u32;
            draws += (result == 0.5) as u32;
            let _ = write!(w, "{g} {result}");
            for v in f.iter().flatten() {
                let _ = write!(w, " {v}");
            }
            let _ = writeln!(w);
        }
    }
    w.flush()
        .and_then(|_| std::fs::rename(&tmp, &out))
        .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    println!(
        "tune gen: {games} games ({nodes} nodes a move, seed {seed}) -> {positions} quiet \
         positions in {out} (side to move won {wins}, drawn {draws}) in {:.0} s",
        start.elapsed().as_secs_f64()
    );
}

struct Row {
    game: usize,
    result: f64,
    /// Side to move's features, then the other side's.
    x: [[f64; F]; 2],
}

fn load(path: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for (n, v) in super::number_lines::<f64>(path) {
        if v.len() != 2 + 2 * F {
            fail(&format!(
                "{path} line {}: {} fields, expected {}",
                n,
                v.len(),
                2 + 2 * F
            ));
        }
        let mut x = [[0.0; F]; 2];
        for k in 0..2 {
            x[k].copy_from_slice(&v[2 + k * F..2 + (k + 1) * F]);
        }
        rows.push(Row {
            game: v[0] as usize,
            result: v[1],
            x,
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

/// Weights: `w[0]` the side to move's, `w[1]` the other side's (subtracted).
type Weights = [[f64; F]; 2];

/// The engine's evaluation of a row (before its integer division by the scale).
fn eval(w: &Weights, r: &Row) -> f64 {
    let mine: f64 = w[0].iter().zip(&r.x[0]).map(|(a, b)| a * b).sum();
    let theirs: f64 = w[1].iter().zip(&r.x[1]).map(|(a, b)| a * b).sum();
    (mine - theirs) / SCALE
}

const SCALE: f64 = gomoku::engine::ai::eval_table::EVAL_SCALE as f64;

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
    let rows = thin(load(&path), cap);
    let train = |r: &Row| !r.game.is_multiple_of(10);
    let held = |r: &Row| r.game.is_multiple_of(10);
    let t = &gomoku::engine::ai::eval_table::EVAL;
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
    let games = rows.iter().map(|r| r.game).max().map_or(0, |g| g + 1);
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
    // Adam on the full training batch.
    let lr = 0.5;
    let (b1, b2) = (0.9, 0.999);
    let mut m: Weights = [[0.0; F]; 2];
    let mut v: Weights = [[0.0; F]; 2];
    let train_rows: Vec<&Row> = rows.iter().filter(|r| train(r)).collect();
    for it in 1..=iters {
        let mut g: Weights = [[0.0; F]; 2];
        for r in &train_rows {
            let p = sigmoid(eval(&w, r) / k);
            let d = (p - r.result) / k / SCALE;
            for j in 0..F {
                g[0][j] += d * r.x[0][j];
                g[1][j] -= d * r.x[1][j];
            }
        }
        let n = train_rows.len() as f64;
        for s in 0..2 {
            for j in 0..F {
                if fixed(j) {
                    continue;
                }
                let gj = g[s][j] / n;
                m[s][j] = b1 * m[s][j] + (1.0 - b1) * gj;
                v[s][j] = b2 * v[s][j] + (1.0 - b2) * gj * gj;
                let mh = m[s][j] / (1.0 - b1.powi(it as i32));
                let vh = v[s][j] / (1.0 - b2.powi(it as i32));
                w[s][j] -= lr * mh / (vh.sqrt() + 1e-8);
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
        .map(|s| (0..PATTERNS).map(|j| round(w[s][j])).collect())
        .collect();
    let combo: Vec<Vec<i32>> = (0..2)
        .map(|s| (0..COMBOS).map(|j| round(w[s][PATTERNS + j])).collect())
        .collect();
    let mut wr: Weights = [[0.0; F]; 2];
    for s in 0..2 {
        for j in 0..PATTERNS {
            wr[s][j] = line[s][j] as f64;
        }
        for j in 0..COMBOS {
            wr[s][PATTERNS + j] = combo[s][j] as f64;
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
    if let Some(out) = arg("--write") {
        let text = format!(
            "//! The evaluation's tables: each empty point's share by the line patterns it makes in its\n\
             //! four directions and by their combo, for the side to move (`[0]`) and for the side that\n\
             //! is not (`[1]`), in units of 1/[`EVAL_SCALE`]. Written by `tune fit` (see BENCHMARKS.md,\n\
             //! \"Evaluation fitted to games\"); edit by re-running it, not by hand.\n\
             \n\
             /// The tables' unit: their sums are divided by this (finer steps for the fit).\n\
             pub const EVAL_SCALE: i32 = 8;\n\
             \n\
             pub struct EvalTable {{\n    \
                 /// `[to move or not][Pattern]`\n    \
                 pub line: [[i32; 11]; 2],\n    \
                 /// `[to move or not][Combo]`\n    \
                 pub combo: [[i32; 14]; 2],\n\
             }}\n\
             \n\
             /// Fitted by `tune fit --data {data}` on {n} positions from {games} games: logistic\n\
             /// loss {before:.5} -> {after:.5} (held-out games {hb:.5} -> {ha:.5}), K = {k:.1}.\n\
             pub const EVAL: EvalTable = EvalTable {{\n    \
                 line: [{l0:?}, {l1:?}],\n    \
                 combo: [{c0:?}, {c1:?}],\n\
             }};\n",
            data = std::path::Path::new(&path)
                .file_name()
                .map_or(path.clone(), |f| f.to_string_lossy().into_owned()),
            n = rows.len(),
            before = loss(&fixed_weights(t), k, &rows, train),
            after = loss(&wr, k, &rows, train),
            hb = loss(&fixed_weights(t), k, &rows, held),
            ha = loss(&wr, k, &rows, held),
            l0 = line[0],
            l1 = line[1],
            c0 = combo[0],
            c1 = combo[1],
        );
        let tmp = format!("{out}.tmp");
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, &out))
            .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
        println!("  written to {out}");
    }
}

fn fixed_weights(t: &gomoku::engine::ai::eval_table::EvalTable) -> Weights {
    let mut w: Weights = [[0.0; F]; 2];
    for k in 0..2 {
        for j in 0..PATTERNS {
            w[k][j] = t.line[k][j] as f64;
        }
        for j in 0..COMBOS {
            w[k][PATTERNS + j] = t.combo[k][j] as f64;
        }
    }
    w
}
