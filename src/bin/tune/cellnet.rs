//! `tune cellnet`: an experiment of Engine IV's item 2 (design note, "The network's shape"):
//! does a value that also reads per-cell features predict games better than the
//! pattern-bag network alone, on the same data?
//!
//! The model is today's network (`ai::nnue`: the pattern-bag histograms -> 64 + 64 lanes ->
//! 32 -> 32 -> 1) with one more input to its first hidden layer: `p`, [`L`] lanes pooled
//! over the board from per-cell features. A cell's feature reads both colours' four-pattern
//! codes at once, `f = crelu(c + A[code to move] + B[code waiting])` (a stone: its own rows
//! in both tables), which the bag cannot: it sums each colour's codes apart and clips only
//! the sums. With `--mix`, a 3x3 depthwise convolution over the cells' features and a
//! second clipped ReLU come before the pooling (`g = crelu(d + sum K[offset] f[cell +
//! offset])`), so a cell also sees its neighbours' shapes. `p` is the mean of `g` (or `f`)
//! over the 225 cells.
//!
//! The extra columns start at zero, so training starts from the given network's function
//! (`--init`, e.g. the committed freestyle net). `--no-cells` trains the same network
//! without the cells on the same data and schedule: the control. Data: a policygen file
//! (positions as moves, the search's score and the game's result); target `lambda` x
//! result + the rest x sigmoid(score / K); a tenth of the games held out.
//!
//! `--no-cells --out FILE` also trains the network itself on such data (labels of deeper
//! searches than `tune gen`'s), `--freeze-trunk` only its layers after the accumulators
//! (which the move policy reads), `--colour` a colour head. Session 52 (docs/benchmarks/
//! history.md): the cells gained nothing held out, and heads on 10,000- and 30,000-node
//! labels nothing against Rapfi.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::adam::Adam;
use super::policy::read_positions;
use super::{arg, fail, num, real};
use gomoku::engine::gomoku::ai::nnue::{
    ACC, B1, B2, B3, B4, FloatNet, H1, H2, IN2, PARAMS, PCODE_COUNT, QA, W1, W2, W3, W4,
};
use gomoku::engine::gomoku::ai::state::State;
use gomoku::engine::gomoku::{Game, Pos};

/// Cell lanes.
const L: usize = 16;
const SIZE: usize = 15;
const CELLS: usize = SIZE * SIZE;
/// Rows of the cell tables: the codes, a forbidden point, a stone of the side to move, a
/// stone of the other side.
const NO_CODE: u16 = PCODE_COUNT as u16;
const MINE: u16 = NO_CODE + 1;
const THEIRS: u16 = NO_CODE + 2;
const ROWS: usize = PCODE_COUNT + 3;

// The cell parameters after the network's.
const CA: usize = PARAMS;
const CB: usize = CA + ROWS * L;
const CC: usize = CB + ROWS * L;
const KM: usize = CC + L;
const DB: usize = KM + 9 * L;
const W2P: usize = DB + L;
const ALL: usize = W2P + H1 * L;

const K: f32 = 238.3;

struct Data {
    game: Vec<u32>,
    target: Vec<f32>,
    start: Vec<u32>,
    mid: Vec<u32>,
    pairs: Vec<(u16, u16)>,
    cells: Vec<[u16; 2]>,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn crelu(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

fn pass(v: f32) -> bool {
    v > 0.0 && v < 1.0
}

fn held_out(game: u32) -> bool {
    (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32 & 0xFFFF < 0x10000 / 10
}

impl Data {
    fn new() -> Data {
        Data {
            game: Vec::new(),
            target: Vec::new(),
            start: vec![0],
            mid: Vec::new(),
            pairs: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// Adds `game`'s position (the side to move's view) with its `target`, of game `id`.
    fn push(&mut self, game: &Game, target: f32, id: u32) {
        let st = State::from_game(game);
        let me = st.side();
        for (k, hist) in st.eval_pcodes().iter().enumerate() {
            for (code, &n) in hist.iter().enumerate() {
                if n > 0 {
                    self.pairs.push((code as u16, n));
                }
            }
            if k == 0 {
                self.mid.push(self.pairs.len() as u32);
            }
        }
        self.start.push(self.pairs.len() as u32);
        for i in 0..CELLS {
            let cell = if st.is_empty(i) {
                [me, me.opponent()].map(|c| st.pcode_at(i, c).unwrap_or(NO_CODE))
            } else if game.board().get(Pos::from_index(i, SIZE)) == Some(me) {
                [MINE; 2]
            } else {
                [THEIRS; 2]
            };
            self.cells.push(cell);
        }
        self.target.push(target);
        self.game.push(id);
    }
}

/// Reads the positions of `paths` (comma-separated policygen files) with `colour` to move
/// (0 Black, 1 White; all for `None`).
fn load(paths: &str, lambda: f32, colour: Option<usize>) -> Data {
    let mut d = Data::new();
    for (file, path) in paths.split(',').enumerate() {
        for p in read_positions(path) {
            if colour.is_some_and(|c| c != p.moves.len() % 2) {
                continue;
            }
            let at = |what: &str| format!("{path} line {}: {what}", p.line);
            let mut game = Game::new(SIZE, p.rule).unwrap_or_else(|e| fail(&at(&e.to_string())));
            for &m in &p.moves {
                game.play(Pos::from_index(m, SIZE))
                    .unwrap_or_else(|e| fail(&at(&format!("move {m}: {e}"))));
            }
            let outcome = if p.score.abs() >= 10_000 {
                if p.score > 0 { 1.0 } else { 0.0 }
            } else {
                sigmoid(p.score as f32 / K)
            };
            let result = (p.result as f32 + 1.0) / 2.0;
            let target = lambda * result + (1.0 - lambda) * outcome;
            d.push(&game, target, (file * 1_000_000) as u32 + p.game as u32);
        }
    }
    d
}

/// What the forward pass keeps.
struct Act {
    acc: [[f32; ACC]; 2],
    x: [f32; IN2],
    f_pre: Vec<[f32; L]>,
    f: Vec<[f32; L]>,
    g_pre: Vec<[f32; L]>,
    g: Vec<[f32; L]>,
    pooled: [f32; L],
    h1_pre: [f32; H1],
    h1: [f32; H1],
    h2_pre: [f32; H2],
    h2: [f32; H2],
    y: f32,
}

/// The 3x3 neighbourhood's offsets, in `KM`'s order.
fn neighbours(c: usize) -> impl Iterator<Item = (usize, usize)> {
    let (x, y) = ((c % SIZE) as i32, (c / SIZE) as i32);
    (0..9).filter_map(move |k| {
        let (nx, ny) = (x + k % 3 - 1, y + k / 3 - 1);
        ((0..SIZE as i32).contains(&nx) && (0..SIZE as i32).contains(&ny))
            .then_some((k as usize, (nx + ny * SIZE as i32) as usize))
    })
}

struct Model {
    cells: bool,
    mix: bool,
}

impl Model {
    fn forward(&self, p: &[f32], d: &Data, i: usize) -> Act {
        let mut a = Act {
            acc: [[0.0; ACC]; 2],
            x: [0.0; IN2],
            f_pre: Vec::new(),
            f: Vec::new(),
            g_pre: Vec::new(),
            g: Vec::new(),
            pooled: [0.0; L],
            h1_pre: [0.0; H1],
            h1: [0.0; H1],
            h2_pre: [0.0; H2],
            h2: [0.0; H2],
            y: 0.0,
        };
        let (s, m, e) = (
            d.start[i] as usize,
            d.mid[i] as usize,
            d.start[i + 1] as usize,
        );
        for (k, pairs) in [&d.pairs[s..m], &d.pairs[m..e]].into_iter().enumerate() {
            let acc = &mut a.acc[k];
            acc.copy_from_slice(&p[B1..B1 + ACC]);
            for &(code, n) in pairs {
                let row = &p[W1 + code as usize * ACC..][..ACC];
                for (v, w) in acc.iter_mut().zip(row) {
                    *v += n as f32 * w;
                }
            }
            for j in 0..ACC {
                a.x[k * ACC + j] = crelu(acc[j]);
            }
        }
        if self.cells {
            let cells = &d.cells[i * CELLS..(i + 1) * CELLS];
            for &[cm, co] in cells {
                let (ra, rb) = (
                    &p[CA + cm as usize * L..][..L],
                    &p[CB + co as usize * L..][..L],
                );
                let mut v = [0.0f32; L];
                for l in 0..L {
                    v[l] = p[CC + l] + ra[l] + rb[l];
                }
                a.f_pre.push(v);
                a.f.push(v.map(crelu));
            }
            if self.mix {
                for c in 0..CELLS {
                    let mut v = [0.0f32; L];
                    v.copy_from_slice(&p[DB..DB + L]);
                    for (k, n) in neighbours(c) {
                        for l in 0..L {
                            v[l] += p[KM + k * L + l] * a.f[n][l];
                        }
                    }
                    a.g_pre.push(v);
                    a.g.push(v.map(crelu));
                }
            }
            let g = if self.mix { &a.g } else { &a.f };
            for v in g {
                for l in 0..L {
                    a.pooled[l] += v[l];
                }
            }
            for l in 0..L {
                a.pooled[l] /= CELLS as f32;
            }
        }
        for h in 0..H1 {
            let row = &p[W2 + h * IN2..][..IN2];
            let mut dot: f32 = row.iter().zip(&a.x).map(|(w, x)| w * x).sum();
            if self.cells {
                let row = &p[W2P + h * L..][..L];
                dot += row.iter().zip(&a.pooled).map(|(w, x)| w * x).sum::<f32>();
            }
            a.h1_pre[h] = dot + p[B2 + h];
            a.h1[h] = crelu(a.h1_pre[h]);
        }
        for h in 0..H2 {
            let row = &p[W3 + h * H1..][..H1];
            let dot: f32 = row.iter().zip(&a.h1).map(|(w, x)| w * x).sum();
            a.h2_pre[h] = dot + p[B3 + h];
            a.h2[h] = crelu(a.h2_pre[h]);
        }
        let dot: f32 = p[W4..W4 + H2].iter().zip(&a.h2).map(|(w, x)| w * x).sum();
        a.y = dot + p[B4];
        a
    }

    fn backward(&self, p: &[f32], d: &Data, i: usize, a: &Act, dy: f32, grad: &mut [f32]) {
        let mut d_h2 = [0.0f32; H2];
        for h in 0..H2 {
            grad[W4 + h] += dy * a.h2[h];
            if pass(a.h2_pre[h]) {
                d_h2[h] = dy * p[W4 + h];
            }
        }
        grad[B4] += dy;
        let mut d_h1 = [0.0f32; H1];
        for h in 0..H2 {
            let g = d_h2[h];
            if g == 0.0 {
                continue;
            }
            grad[B3 + h] += g;
            for j in 0..H1 {
                grad[W3 + h * H1 + j] += g * a.h1[j];
                d_h1[j] += g * p[W3 + h * H1 + j];
            }
        }
        let mut d_x = [0.0f32; IN2];
        let mut d_pool = [0.0f32; L];
        for h in 0..H1 {
            if !pass(a.h1_pre[h]) {
                continue;
            }
            let g = d_h1[h];
            grad[B2 + h] += g;
            for j in 0..IN2 {
                grad[W2 + h * IN2 + j] += g * a.x[j];
                d_x[j] += g * p[W2 + h * IN2 + j];
            }
            if self.cells {
                for l in 0..L {
                    grad[W2P + h * L + l] += g * a.pooled[l];
                    d_pool[l] += g * p[W2P + h * L + l];
                }
            }
        }
        let (s, m, e) = (
            d.start[i] as usize,
            d.mid[i] as usize,
            d.start[i + 1] as usize,
        );
        for (k, pairs) in [&d.pairs[s..m], &d.pairs[m..e]].into_iter().enumerate() {
            let mut d_acc = [0.0f32; ACC];
            let mut any = false;
            for j in 0..ACC {
                if pass(a.acc[k][j]) {
                    d_acc[j] = d_x[k * ACC + j];
                    any |= d_acc[j] != 0.0;
                }
            }
            if !any {
                continue;
            }
            for j in 0..ACC {
                grad[B1 + j] += d_acc[j];
            }
            for &(code, n) in pairs {
                let row = &mut grad[W1 + code as usize * ACC..][..ACC];
                for j in 0..ACC {
                    row[j] += n as f32 * d_acc[j];
                }
            }
        }
        if !self.cells || d_pool.iter().all(|&v| v == 0.0) {
            return;
        }
        let dg = d_pool.map(|v| v / CELLS as f32);
        let mut d_f = vec![[0.0f32; L]; CELLS];
        if self.mix {
            for c in 0..CELLS {
                let mut dgp = [0.0f32; L];
                for l in 0..L {
                    if pass(a.g_pre[c][l]) {
                        dgp[l] = dg[l];
                        grad[DB + l] += dg[l];
                    }
                }
                for (k, n) in neighbours(c) {
                    for l in 0..L {
                        grad[KM + k * L + l] += dgp[l] * a.f[n][l];
                        d_f[n][l] += dgp[l] * p[KM + k * L + l];
                    }
                }
            }
        } else {
            d_f.fill(dg);
        }
        let cells = &d.cells[i * CELLS..(i + 1) * CELLS];
        for (c, &[cm, co]) in cells.iter().enumerate() {
            for l in 0..L {
                if !pass(a.f_pre[c][l]) {
                    continue;
                }
                let g = d_f[c][l];
                grad[CC + l] += g;
                grad[CA + cm as usize * L + l] += g;
                grad[CB + co as usize * L + l] += g;
            }
        }
    }
}

fn xent(p: f32, t: f32) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6) as f64;
    let t = t as f64;
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The held-out figures of positions `ix`: the mean excess loss (cross-entropy minus the
/// target's own entropy, 0 for a perfect fit) and the mean |logit| (the value's scale, which
/// the search's margins are set in).
fn held_out_figures(model: &Model, p: &[f32], d: &Data, ix: &[usize]) -> String {
    let (mut loss, mut scale) = (0.0, 0.0);
    for &i in ix {
        let a = model.forward(p, d, i);
        loss += xent(sigmoid(a.y), d.target[i]) - xent(d.target[i], d.target[i]);
        scale += a.y.abs() as f64;
    }
    let n = ix.len().max(1) as f64;
    format!(
        "held-out excess loss {:.5}, mean |logit| {:.3}",
        loss / n,
        scale / n
    )
}

pub(super) fn train() {
    let path = arg("--data").unwrap_or_else(|| fail("cellnet needs --data FILE"));
    let init = arg("--init").unwrap_or_else(|| fail("cellnet needs --init FILE"));
    let epochs = num("--epochs", 6) as usize;
    let seed = num("--seed", 1);
    let batch = num("--batch", 512).max(1) as usize;
    let lr0 = real("--lr", 5e-4) as f32;
    let decay = real("--decay", 0.75) as f32;
    let lambda = real("--lambda", 0.5) as f32;
    let colour = super::colour_arg().map(|c| c.index());
    // Only the layers after the accumulators: the policy reads those as its board input.
    let from = if arg("--freeze-trunk").is_some() {
        W2
    } else {
        0
    };
    let model = Model {
        cells: arg("--no-cells").is_none(),
        mix: arg("--mix").is_some(),
    };
    let bytes = std::fs::read(&init).unwrap_or_else(|e| fail(&format!("{init}: {e}")));
    let net = FloatNet::from_bytes(&bytes, &init).unwrap_or_else(|e| fail(&e));
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = vec![0.0f32; ALL];
    p[..PARAMS].copy_from_slice(&net.params);
    for v in &mut p[CA..CC] {
        *v = rng.random_range(-0.1..0.1);
    }
    for l in 0..L {
        p[CC + l] = 0.2;
        p[DB + l] = 0.0;
        for k in 0..9 {
            p[KM + k * L + l] = rng.random_range(-0.3..0.3) + if k == 4 { 0.5 } else { 0.0 };
        }
    }
    let t0 = std::time::Instant::now();
    let d = load(&path, lambda, colour);
    let (mut train, mut test): (Vec<usize>, Vec<usize>) =
        (0..d.game.len()).partition(|&i| !held_out(d.game[i]));
    test.sort_unstable();
    eprintln!(
        "cellnet: {} positions ({} held out) read in {:.0} s; cells {}, mix {}",
        d.game.len(),
        test.len(),
        t0.elapsed().as_secs_f64(),
        model.cells,
        model.mix
    );
    eprintln!("epoch 0: {}", held_out_figures(&model, &p, &d, &test));
    let mut adam = Adam::new(ALL);
    let mut lr = lr0;
    // A trained trunk is rounded to the engine's integer grid at the end and held for one
    // more epoch, as `tune nnue --freeze-w1` does: the rounding, times counts of up to 200
    // points, would otherwise move the accumulators.
    let extra = usize::from(epochs > 0 && from == 0 && !model.cells);
    for epoch in 1..=epochs + extra {
        let from = if epoch > epochs {
            for v in &mut p[W1..W2] {
                *v = (*v * QA as f32).round() / QA as f32;
            }
            W2
        } else {
            from
        };
        train.shuffle(&mut rng);
        let mut sum = 0.0;
        for chunk in train.chunks(batch) {
            let mut grad = vec![0.0f32; ALL];
            for &i in chunk {
                let a = model.forward(&p, &d, i);
                let q = sigmoid(a.y);
                sum += xent(q, d.target[i]) - xent(d.target[i], d.target[i]);
                model.backward(&p, &d, i, &a, q - d.target[i], &mut grad);
            }
            adam.update(&mut p, &grad, 1.0 / chunk.len() as f32, lr, from);
        }
        eprintln!(
            "epoch {epoch}: lr {lr:.1e}, train excess loss {:.5}, {} ({:.0} s)",
            sum / train.len() as f64,
            held_out_figures(&model, &p, &d, &test),
            t0.elapsed().as_secs_f64()
        );
        lr *= decay;
    }
    if let Some(out) = arg("--out") {
        if model.cells {
            fail("--out writes the network without cells: add --no-cells");
        }
        let net = FloatNet {
            params: p[..PARAMS].to_vec(),
            k: net.k,
        };
        std::fs::write(&out, net.to_bytes()).unwrap_or_else(|e| fail(&format!("{out}: {e}")));
        eprintln!("cellnet: wrote {out}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gomoku::engine::gomoku::Rule;
    use gomoku::engine::gomoku::ai::nnue;

    /// A position of `moves` random moves near the centre, not over (from `seed`).
    fn position(moves: usize, seed: u64) -> Game {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut game = Game::new(SIZE, Rule::Freestyle).unwrap();
        while game.history().len() < moves {
            let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
            if game.check_move(p).is_ok() && game.play(p).unwrap().is_over() {
                return position(moves, seed + 1000);
            }
        }
        game
    }

    fn committed() -> FloatNet {
        let bytes = nnue::built_in(Rule::Freestyle).unwrap().0;
        FloatNet::from_bytes(bytes, "freestyle").unwrap()
    }

    /// Without the cells the model is the pattern-bag network read from the same
    /// histograms the engine reads; with them, while their columns are zero, it still is.
    #[test]
    fn it_starts_as_the_given_network() {
        let net = committed();
        let mut d = Data::new();
        for seed in 0..4 {
            d.push(&position(9 + seed as usize, seed), 0.5, seed as u32);
        }
        let mut p = vec![0.0f32; ALL];
        p[..PARAMS].copy_from_slice(&net.params);
        let mut rng = StdRng::seed_from_u64(9);
        for v in &mut p[CA..W2P] {
            *v = rng.random_range(-0.5..0.5);
        }
        for i in 0..4 {
            let st = State::from_game(&position(9 + i, i as u64));
            let sparse: Vec<Vec<(u16, u16)>> = st
                .eval_pcodes()
                .iter()
                .map(|h| {
                    (h.iter().enumerate())
                        .filter(|(_, n)| **n > 0)
                        .map(|(c, &n)| (c as u16, n))
                        .collect()
                })
                .collect();
            let want = net.forward([&sparse[0], &sparse[1]]).y;
            for (cells, mix) in [(false, false), (true, false), (true, true)] {
                let y = Model { cells, mix }.forward(&p, &d, i).y;
                assert!((y - want).abs() < 1e-4, "{cells} {mix}: {y} against {want}");
            }
        }
    }

    /// The backward pass gives the loss's gradient (central differences), in every block
    /// of parameters, with the cells mixed.
    #[test]
    fn the_backward_pass_is_the_loss_s_gradient() {
        let game = position(14, 5);
        let mut d = Data::new();
        d.push(&game, 0.7, 0);
        let mut rng = StdRng::seed_from_u64(6);
        let mut p: Vec<f32> = committed().params;
        p.resize(ALL, 0.0);
        for v in &mut p[CA..ALL] {
            *v = rng.random_range(-0.6..0.6);
        }
        for l in 0..L {
            p[CC + l] = 0.4;
            p[DB + l] = 0.3;
        }
        let model = Model {
            cells: true,
            mix: true,
        };
        let loss = |p: &[f32]| xent(sigmoid(model.forward(p, &d, 0).y), 0.7);
        let a = model.forward(&p, &d, 0);
        let mut grad = vec![0.0f32; ALL];
        model.backward(&p, &d, 0, &a, sigmoid(a.y) - 0.7, &mut grad);
        // A cell's code and a stone's row in each table, the kernel, the pooled columns,
        // the trunk, the head.
        let [cm, co] = d.cells[7 * SIZE + 7];
        let empty = (0..CELLS).find(|&c| d.cells[c][0] < NO_CODE).unwrap();
        let [em, eo] = d.cells[empty];
        let code = d.pairs[0].0 as usize;
        let checks = [
            CA + cm as usize * L + 2,
            CB + co as usize * L + 5,
            CA + em as usize * L + 1,
            CB + eo as usize * L + 9,
            CC + 3,
            KM + 4 * L + 6,
            KM + 8 * L + 11,
            DB + 2,
            W2P + 5 * L + 4,
            W1 + code * ACC + 10,
            W2 + 3 * IN2 + 17,
            W4 + 1,
            B4,
        ];
        let mut checked = 0;
        for at in checks {
            let eps = 1e-3;
            let keep = p[at];
            p[at] = keep + eps;
            let up = loss(&p);
            p[at] = keep - eps;
            let down = loss(&p);
            p[at] = keep;
            let numeric = (up - down) / (2.0 * eps as f64);
            assert!(
                (numeric - grad[at] as f64).abs() < 2e-3 + 0.03 * numeric.abs(),
                "parameter {at}: numeric {numeric}, backward {}",
                grad[at]
            );
            checked += usize::from(grad[at] != 0.0);
        }
        assert!(
            checked >= 9,
            "only {checked} gradients checked are not zero"
        );
    }
}
