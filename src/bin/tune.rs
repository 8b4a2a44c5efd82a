//! Fits the evaluation's tables to game results (Texel tuning).
//!
//! tune gen --games 8000 --nodes 3000 --seed 1 --threads 2 --out FILE
//!     Plays fast self-play games (every move a search of `--nodes` nodes, so the games do
//!     not depend on the machine's speed) from random openings drawn from `--seed`, two in
//!     three freestyle and one in three Renju, and writes every quiet position (no four or
//!     open three for either side, from the 7th move on) with the game's result for the side
//!     to move and the evaluation's features. The same arguments give the same file.
//! tune fit --data FILE [--iters 3000] [--per-game 40] [--write src/engine/ai/eval_table.rs]
//!     Fits the tables by logistic regression: P(side to move wins) = 1 / (1 + e^(-eval/K)),
//!     K fitted first to the current tables and then held, so the evaluation keeps its scale
//!     (the search's margins are in its units). Games whose index ends in 0 are held out to
//!     show the fit generalises. Prints the loss before and after; writes the table file.
//! tune movegen --games 2000 --nodes 3000 --seed 2 --out FILE
//!     Plays self-play games as `gen` does and writes, for every position where the move
//!     order matters (no five to block, no open four or double four of ours), each
//!     candidate point's shapes for the mover and the opponent and which one the search
//!     chose.
//! tune movefit --data FILE [--iters 2000] [--lr 4] [--div 1] [--write src/engine/ai/move_table.rs]
//!     Fits the move picker's tables so that the chosen move ranks first: softmax over the
//!     candidates, P(chosen) = e^(s/T) / sum e^(s'/T), cross-entropy; T fitted first to the
//!     current tables and then held, so the scores keep their scale (killer, counter-move and
//!     history bonuses are in its units). Games whose index ends in 0 are held out.

// Index loops over the weight and feature arrays read as the formulas they implement.
#![allow(clippy::needless_range_loop)]

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use gomoku::engine::ai::state::State;
use gomoku::engine::ai::{Engine, Limits};
use gomoku::engine::{Game, Outcome, Pos, Rule};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const PATTERNS: usize = 11;
const COMBOS: usize = 14;
const F: usize = PATTERNS + COMBOS;

/// A position's result for the side to move and its features (side to move first).
type Sample = (f32, [[u32; F]; 2]);

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

fn num(name: &str, default: u64) -> u64 {
    arg(name).map_or(default, |v| {
        v.parse()
            .unwrap_or_else(|_| fail(&format!("{name}: '{v}' is not a whole number")))
    })
}

fn fail(msg: &str) -> ! {
    eprintln!("tune: {msg}");
    std::process::exit(2)
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("gen") => generate(),
        Some("fit") => fit(),
        Some("movegen") => movegen(),
        Some("movefit") => movefit(),
        _ => fail(
            "usage: tune gen --games N --nodes N --seed S --threads T --out FILE | \
             tune fit --data FILE [--iters N] [--write FILE] | \
             tune movegen --games N --nodes N --seed S --out FILE | \
             tune movefit --data FILE [--iters N] [--write FILE]",
        ),
    }
}

/// A random opening: 2 to 5 stones near the centre, legal, with no threat yet.
fn opening(rng: &mut StdRng) -> Game {
    loop {
        let rule = if rng.random_range(0..3) == 2 {
            Rule::Renju
        } else {
            Rule::Freestyle
        };
        let mut game = Game::new(15, rule).expect("15x15");
        let stones = rng.random_range(2..=5);
        let mut ok = true;
        for _ in 0..stones {
            let mut placed = false;
            for _ in 0..50 {
                let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
                if game.check_move(p).is_ok() {
                    game.play(p).expect("checked");
                    placed = true;
                    break;
                }
            }
            ok &= placed;
        }
        if ok && !game.outcome().is_over() {
            return game;
        }
    }
}

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

fn generate() {
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
    let file = std::fs::File::open(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let mut rows = Vec::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let v: Vec<f64> = line
            .split_whitespace()
            .map(|t| {
                t.parse().unwrap_or_else(|_| {
                    fail(&format!("{path} line {}: '{t}' is not a number", n + 1))
                })
            })
            .collect();
        if v.len() != 2 + 2 * F {
            fail(&format!(
                "{path} line {}: {} fields, expected {}",
                n + 1,
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

fn fit() {
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

/// A candidate point's shapes: the mover's combo index and combo, the opponent's.
type Cand = [u16; 4];

/// One self-play game's positions for the move fit: each position's candidates and the
/// index of the one the search chose.
fn play_moves(index: u64, seed: u64, nodes: u64) -> Vec<(usize, Vec<Cand>)> {
    use gomoku::engine::ai::pattern::{Combo, Pattern, combo_index};
    let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(index));
    let mut game = opening(&mut rng);
    let mut engine = Engine::new(8 << 20);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut out = Vec::new();
    let shape = |st: &State, i: usize, c: gomoku::engine::Stone| -> [u16; 2] {
        let combo = st.combo(i, c);
        if combo == Combo::Forbidden {
            return [0, combo as u16];
        }
        let pats: [Pattern; 4] = std::array::from_fn(|d| st.line(i, c, d));
        [combo_index(pats) as u16, combo as u16]
    };
    while !game.outcome().is_over() {
        let st = State::from_game(&game);
        let r = engine.think(&game, &limits, &stop, &mut gomoku::engine::ai::NoInfo);
        let Some(mv) = r.best else { break };
        let me = st.side();
        let opp = me.opponent();
        // Forced or already won: the order does not matter there.
        let ordered = st.count(opp, Combo::Five) == 0 && st.count_at_least(me, Combo::Flex4) == 0;
        if ordered {
            let size = st.size();
            let chosen = mv.index(size);
            let mut cands = Vec::new();
            let mut label = None;
            for i in 0..size * size {
                if !st.near(i) || !st.playable(i) {
                    continue;
                }
                if i == chosen {
                    label = Some(cands.len());
                }
                let (a, b) = (shape(&st, i, me), shape(&st, i, opp));
                cands.push([a[0], a[1], b[0], b[1]]);
            }
            if let Some(l) = label
                && cands.len() > 1
            {
                out.push((l, cands));
            }
        }
        if let Err(e) = game.play(mv) {
            eprintln!("tune: game {index}: the engine chose {mv:?}: {e}");
            break;
        }
    }
    out
}

fn movegen() {
    let games = num("--games", 2000);
    let nodes = num("--nodes", 3000);
    let seed = num("--seed", 2);
    let out = arg("--out").unwrap_or_else(|| fail("movegen needs --out FILE"));
    let start = std::time::Instant::now();
    let tmp = format!("{out}.tmp");
    let file = std::fs::File::create(&tmp).unwrap_or_else(|e| fail(&format!("{tmp}: {e}")));
    let mut w = BufWriter::new(file);
    let mut positions = 0;
    for g in 0..games {
        for (label, cands) in play_moves(g, seed, nodes) {
            positions += 1;
            let _ = write!(w, "{g} {label} {}", cands.len());
            for c in cands.iter().flatten() {
                let _ = write!(w, " {c}");
            }
            let _ = writeln!(w);
        }
        if (g + 1).is_multiple_of(200) {
            eprintln!(
                "tune: {} games, {positions} positions, {:.0} s",
                g + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    w.flush()
        .and_then(|_| std::fs::rename(&tmp, &out))
        .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    println!(
        "tune movegen: {games} games ({nodes} nodes a move, seed {seed}) -> {positions} \
         positions in {out} in {:.0} s",
        start.elapsed().as_secs_f64()
    );
}

/// A position for the move fit: its game, the chosen candidate, and per candidate the
/// indices of its ten features into the weights (four line patterns and the combo, for
/// the mover and for the opponent).
struct MoveRow {
    game: usize,
    label: usize,
    feats: Vec<[u16; 10]>,
}

/// Weights: `[mover line 11, mover combo 14, opponent line 11, opponent combo 14]`.
const MF: usize = 2 * F;

fn load_moves(path: &str) -> Vec<MoveRow> {
    use gomoku::engine::ai::pattern::PATTERN_COUNT as N;
    let file = std::fs::File::open(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let mut rows = Vec::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let v: Vec<usize> = line
            .split_whitespace()
            .map(|t| {
                t.parse().unwrap_or_else(|_| {
                    fail(&format!("{path} line {}: '{t}' is not a number", n + 1))
                })
            })
            .collect();
        if v.len() < 3 || v.len() != 3 + 4 * v[2] || v[1] >= v[2] {
            fail(&format!("{path} line {}: malformed", n + 1));
        }
        let feats = v[3..]
            .chunks(4)
            .map(|c| {
                let mut f = [0u16; 10];
                for (side, (cidx, combo)) in [(c[0], c[1]), (c[2], c[3])].into_iter().enumerate() {
                    let base = side * F;
                    let pats = [
                        cidx / (N * N * N),
                        (cidx / (N * N)) % N,
                        (cidx / N) % N,
                        cidx % N,
                    ];
                    for d in 0..4 {
                        f[side * 5 + d] = (base + pats[d]) as u16;
                    }
                    f[side * 5 + 4] = (base + PATTERNS + combo) as u16;
                }
                f
            })
            .collect();
        rows.push(MoveRow {
            game: v[0],
            label: v[1],
            feats,
        });
    }
    rows
}

fn move_scores(w: &[f64; MF], r: &MoveRow, out: &mut Vec<f64>) {
    out.clear();
    out.extend(
        r.feats
            .iter()
            .map(|f| f.iter().map(|&j| w[j as usize]).sum::<f64>()),
    );
}

/// Mean cross-entropy of the chosen moves, top-1 accuracy, and mean rank (1 = first) of
/// the chosen move, over the rows `pick` selects; `t` the softmax temperature.
fn move_loss(
    w: &[f64; MF],
    t: f64,
    rows: &[MoveRow],
    pick: impl Fn(&MoveRow) -> bool,
) -> (f64, f64, f64) {
    let (mut sum, mut top, mut rank, mut n) = (0.0, 0usize, 0usize, 0usize);
    let mut s = Vec::new();
    for r in rows.iter().filter(|r| pick(r)) {
        move_scores(w, r, &mut s);
        let max = s.iter().cloned().fold(f64::MIN, f64::max);
        let z: f64 = s.iter().map(|v| ((v - max) / t).exp()).sum();
        sum -= (s[r.label] - max) / t - z.ln();
        // Ties count against the chosen move, as the engine's sort gives no preference.
        let above = s.iter().filter(|&&v| v >= s[r.label]).count();
        rank += above;
        top += (above == 1) as usize;
        n += 1;
    }
    let n = n.max(1) as f64;
    (sum / n, top as f64 / n, rank as f64 / n)
}

/// Weights held: the dead pattern and the empty combo are the reference (every point has
/// four patterns and one combo, so a shift of either group changes no order).
fn move_fixed(j: usize) -> bool {
    j.is_multiple_of(F) || j % F == PATTERNS
}

fn move_weights(t: &gomoku::engine::ai::move_table::MoveTable) -> [f64; MF] {
    let mut w = [0.0; MF];
    for k in 0..2 {
        for j in 0..PATTERNS {
            w[k * F + j] = t.line[k][j] as f64;
        }
        for j in 0..COMBOS {
            w[k * F + PATTERNS + j] = t.combo[k][j] as f64;
        }
    }
    w
}

fn movefit() {
    let path = arg("--data").unwrap_or_else(|| fail("movefit needs --data FILE"));
    let iters = num("--iters", 2000);
    let rows = load_moves(&path);
    let train = |r: &MoveRow| !r.game.is_multiple_of(10);
    let held = |r: &MoveRow| r.game.is_multiple_of(10);
    let table = &gomoku::engine::ai::move_table::MOVE;
    let mut w = move_weights(table);
    // T for the current tables: a golden-section search on the training loss.
    let (mut a, mut b) = (1.0f64, 500.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..50 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if move_loss(&w, c, &rows, train).0 < move_loss(&w, d, &rows, train).0 {
            b = d;
        } else {
            a = c;
        }
    }
    let t = (a + b) / 2.0;
    let games = rows.iter().map(|r| r.game).max().map_or(0, |g| g + 1);
    let cands: usize = rows.iter().map(|r| r.feats.len()).sum();
    println!(
        "tune movefit: {} positions ({:.1} candidates each) from {games} games ({} held out); T = {t:.1}",
        rows.len(),
        cands as f64 / rows.len().max(1) as f64,
        rows.iter().filter(|r| held(r)).count()
    );
    let show = |label: &str, w: &[f64; MF]| {
        let (l, top, rank) = move_loss(w, t, &rows, train);
        let (hl, htop, hrank) = move_loss(w, t, &rows, held);
        println!(
            "  {label}: loss {l:.5}, chosen first {:.1}%, mean rank {rank:.2} \
             (held out {hl:.5}, {:.1}%, {hrank:.2})",
            top * 100.0,
            htop * 100.0
        );
        (l, hl, top, htop)
    };
    let before = show("before", &w);
    let train_rows: Vec<&MoveRow> = rows.iter().filter(|r| train(r)).collect();
    // Adam's step in score units: the scores span hundreds.
    let lr = num("--lr", 4) as f64;
    let (b1, b2) = (0.9, 0.999);
    let mut m = [0.0; MF];
    let mut v = [0.0; MF];
    let mut s = Vec::new();
    for it in 1..=iters {
        let mut g = [0.0; MF];
        for r in &train_rows {
            move_scores(&w, r, &mut s);
            let max = s.iter().cloned().fold(f64::MIN, f64::max);
            for x in s.iter_mut() {
                *x = ((*x - max) / t).exp();
            }
            let z: f64 = s.iter().sum();
            for (c, f) in r.feats.iter().enumerate() {
                let d = (s[c] / z - (c == r.label) as u8 as f64) / t;
                for &j in f {
                    g[j as usize] += d;
                }
            }
        }
        let n = train_rows.len() as f64;
        for j in 0..MF {
            if move_fixed(j) {
                continue;
            }
            let gj = g[j] / n;
            m[j] = b1 * m[j] + (1.0 - b1) * gj;
            v[j] = b2 * v[j] + (1.0 - b2) * gj * gj;
            let mh = m[j] / (1.0 - b1.powi(it as i32));
            let vh = v[j] / (1.0 - b2.powi(it as i32));
            w[j] -= lr * mh / (vh.sqrt() + 1e-8);
        }
        if it % 250 == 0 || it == iters {
            show(&format!("iteration {it}"), &w);
        }
    }
    for x in w.iter_mut() {
        *x = x.round().clamp(-8000.0, 16000.0);
    }
    let after = show("after (rounded)", &w);
    // The fitted scale is the softmax's; `--div` writes the table smaller, so that the
    // killer, counter-move and history bonuses weigh more against it.
    let div = num("--div", 1).max(1) as f64;
    for x in w.iter_mut() {
        *x = (*x / div).round();
    }
    let part = |k: usize, from: usize, len: usize| -> Vec<i32> {
        (0..len).map(|j| w[k * F + from + j] as i32).collect()
    };
    let (l0, l1, c0, c1) = (
        part(0, 0, PATTERNS),
        part(1, 0, PATTERNS),
        part(0, PATTERNS, COMBOS),
        part(1, PATTERNS, COMBOS),
    );
    println!("  line mover     {l0:?}\n  line opponent  {l1:?}");
    println!("  combo mover    {c0:?}\n  combo opponent {c1:?}");
    if let Some(out) = arg("--write") {
        let text = format!(
            "//! The move picker's tables: a candidate point's score by the line patterns it makes in its\n\
             //! four directions and by their combo, for the side that plays it (`[0]`, its own shape)\n\
             //! and for the opponent (`[1]`, the shape the move takes away). Written by `tune movefit`\n\
             //! (see BENCHMARKS.md, \"Move scores fitted to the search's choices\"); edit by re-running it.\n\
             \n\
             pub struct MoveTable {{\n    \
                 /// `[mover or opponent][Pattern]`\n    \
                 pub line: [[i32; 11]; 2],\n    \
                 /// `[mover or opponent][Combo]`\n    \
                 pub combo: [[i32; 14]; 2],\n\
             }}\n\
             \n\
             /// Fitted by `tune movefit --data {data}` on {n} positions from {games} games: the\n\
             /// search's move first {tb:.1}% -> {ta:.1}%, cross-entropy {lb:.4} -> {la:.4} (held-out\n\
             /// games {htb:.1}% -> {hta:.1}%, {hlb:.4} -> {hla:.4}), T = {t:.1}; written divided by {div}.\n\
             pub const MOVE: MoveTable = MoveTable {{\n    \
                 line: [\n        {l0:?},\n        {l1:?},\n    ],\n    \
                 combo: [\n        {c0:?},\n        {c1:?},\n    ],\n\
             }};\n",
            data = std::path::Path::new(&path)
                .file_name()
                .map_or(path.clone(), |f| f.to_string_lossy().into_owned()),
            n = rows.len(),
            tb = before.2 * 100.0,
            ta = after.2 * 100.0,
            lb = before.0,
            la = after.0,
            htb = before.3 * 100.0,
            hta = after.3 * 100.0,
            hlb = before.1,
            hla = after.1,
        );
        let tmp = format!("{out}.tmp");
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, &out))
            .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
        println!("  written to {out}");
    }
}
