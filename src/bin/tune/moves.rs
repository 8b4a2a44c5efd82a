//! `tune movegen` and `tune movefit`: self-play positions with the search's chosen move, and
//! the fit of the move picker's tables (`src/engine/gomoku/ai/move_table.rs`).

use std::io::{BufWriter, Write};

use gomoku::engine::gomoku::ai::state::State;

use super::{COMBOS, F, PATTERNS, SelfPlay, arg, fail, num};

/// A candidate point's shapes: the mover's combo index and combo, the opponent's.
type Cand = [u16; 4];

/// Cut-off nodes kept from one search (`--cutoffs`), evenly spread over those recorded.
const CUTOFFS_PER_SEARCH: usize = 16;

/// One self-play game's positions for the move fit: each position's candidates and the
/// index of the one the search chose; with `cutoffs`, instead, nodes inside the searches
/// and the move that cut off there.
fn play_moves(index: u64, seed: u64, nodes: u64, cutoffs: bool) -> Vec<(usize, Vec<Cand>)> {
    use gomoku::engine::gomoku::ai::pattern::Combo;
    let mut selfplay = SelfPlay::new(index, seed, nodes);
    let mut out = Vec::new();
    selfplay.engine.record_cutoffs(cutoffs);
    while !selfplay.game.outcome().is_over() {
        let st = State::from_game(&selfplay.game);
        let r = selfplay.search();
        let Some(mv) = r.best else { break };
        if cutoffs {
            let found = selfplay.engine.take_cutoffs();
            let step = (found.len() / CUTOFFS_PER_SEARCH).max(1);
            out.extend(
                found
                    .into_iter()
                    .step_by(step)
                    .take(CUTOFFS_PER_SEARCH)
                    .map(|c| (c.label, c.cands)),
            );
        }
        let me = st.side();
        let opp = me.opponent();
        // Forced or already won: the order does not matter there.
        let ordered = st.count(opp, Combo::Five) == 0 && st.count_at_least(me, Combo::Flex4) == 0;
        if ordered && !cutoffs {
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
                let (a, b) = (st.shape(i, me), st.shape(i, opp));
                cands.push([a[0], a[1], b[0], b[1]]);
            }
            if let Some(l) = label
                && cands.len() > 1
            {
                out.push((l, cands));
            }
        }
        if let Err(e) = selfplay.game.play(mv) {
            eprintln!("tune: game {index}: the engine chose {mv:?}: {e}");
            break;
        }
    }
    out
}

pub(super) fn movegen() {
    let games = num("--games", 2000);
    let nodes = num("--nodes", 3000);
    let seed = num("--seed", 2);
    let cutoffs = arg("--cutoffs").is_some();
    let out = arg("--out").unwrap_or_else(|| fail("movegen needs --out FILE"));
    let start = std::time::Instant::now();
    let tmp = format!("{out}.tmp");
    let file = std::fs::File::create(&tmp).unwrap_or_else(|e| fail(&format!("{tmp}: {e}")));
    let mut w = BufWriter::new(file);
    let mut positions = 0;
    for g in 0..games {
        for (label, cands) in play_moves(g, seed, nodes, cutoffs) {
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
    use gomoku::engine::gomoku::ai::pattern::PATTERN_COUNT as N;
    let mut rows = Vec::new();
    for (n, v) in super::number_lines::<usize>(path) {
        if v.len() < 3 || v.len() != 3 + 4 * v[2] || v[1] >= v[2] {
            fail(&format!("{path} line {n}: malformed"));
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

fn move_weights(t: &gomoku::engine::gomoku::ai::move_table::MoveTable) -> [f64; MF] {
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

pub(super) fn movefit() {
    let path = arg("--data").unwrap_or_else(|| fail("movefit needs --data FILE"));
    let iters = num("--iters", 2000);
    let rows = load_moves(&path);
    let train = |r: &MoveRow| !r.game.is_multiple_of(10);
    let held = |r: &MoveRow| r.game.is_multiple_of(10);
    let table = &gomoku::engine::gomoku::ai::move_table::MOVE;
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
             //! (see docs/benchmarks/history.md, \"Move scores fitted to the search's choices\"); edit by\n\
             //! re-running it.\n\
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
