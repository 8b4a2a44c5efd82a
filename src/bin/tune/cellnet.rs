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
use super::nnue::{sigmoid, value_target, xent};
use super::policy::read_positions;
use super::policy_train::held_out;
use super::{arg, fail, num, real};
use gomoku::engine::gomoku::ai::nnue::{
    Activations, FloatNet, H1, PARAMS, PCODE_COUNT, QA, W1, W2, sparse,
};
use gomoku::engine::gomoku::ai::policy::train::{crelu, pass};
use gomoku::engine::gomoku::ai::state::State;
use gomoku::engine::gomoku::{Game, Pos};

/// Cell lanes.
pub(super) const L: usize = 16;
const SIZE: usize = 15;
pub(super) const CELLS: usize = SIZE * SIZE;
/// Rows of the cell tables: the codes, a forbidden point, a stone of the side to move, a
/// stone of the other side.
const NO_CODE: u16 = PCODE_COUNT as u16;
const MINE: u16 = NO_CODE + 1;
const THEIRS: u16 = NO_CODE + 2;
pub(super) const ROWS: usize = PCODE_COUNT + 3;

// Where each part of the cells' parameters starts.
pub(super) const CA: usize = 0;
pub(super) const CB: usize = CA + ROWS * L;
pub(super) const CC: usize = CB + ROWS * L;
const KM: usize = CC + L;
const DB: usize = KM + 9 * L;
const W2P: usize = DB + L;
const CELL_PARAMS: usize = W2P + H1 * L;

struct Data {
    game: Vec<u32>,
    target: Vec<f32>,
    start: Vec<u32>,
    mid: Vec<u32>,
    pairs: Vec<(u16, u16)>,
    cells: Vec<[u16; 2]>,
}

/// Each cell's feature before its clipped ReLU, `c + A[row to move] + B[row waiting]`,
/// from the cell tables `p` (at [`CA`], [`CB`], [`CC`]) and the cells' `rows`.
pub(super) fn cell_features(p: &[f32], rows: &[[u16; 2]]) -> Vec<[f32; L]> {
    rows.iter()
        .map(|&[cm, co]| {
            let (ra, rb) = (
                &p[CA + cm as usize * L..][..L],
                &p[CB + co as usize * L..][..L],
            );
            std::array::from_fn(|l| p[CC + l] + ra[l] + rb[l])
        })
        .collect()
}

/// Adds to `grad` (laid out as the cell tables) the gradient that reaches the cells'
/// tables from `d_f`, the loss's derivative at each cell's feature after its clipped ReLU
/// (`f_pre` before it, [`cell_features`]).
pub(super) fn cell_features_backward(
    f_pre: &[[f32; L]],
    rows: &[[u16; 2]],
    d_f: &[[f32; L]],
    grad: &mut [f32],
) {
    for ((pre, &[cm, co]), d) in f_pre.iter().zip(rows).zip(d_f) {
        for l in 0..L {
            if !pass(pre[l]) || d[l] == 0.0 {
                continue;
            }
            grad[CC + l] += d[l];
            grad[CA + cm as usize * L + l] += d[l];
            grad[CB + co as usize * L + l] += d[l];
        }
    }
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

    /// Position `i`'s histograms, side to move first.
    fn pcs(&self, i: usize) -> [&[(u16, u16)]; 2] {
        let (s, m, e) = (
            self.start[i] as usize,
            self.mid[i] as usize,
            self.start[i + 1] as usize,
        );
        [&self.pairs[s..m], &self.pairs[m..e]]
    }

    /// Adds `game`'s position (the side to move's view) with its `target`, of game `id`.
    fn push(&mut self, game: &Game, target: f32, id: u32) {
        let st = State::from_game(game);
        for (k, hist) in st.eval_pcodes().iter().enumerate() {
            self.pairs.extend(sparse(hist));
            if k == 0 {
                self.mid.push(self.pairs.len() as u32);
            }
        }
        self.start.push(self.pairs.len() as u32);
        cell_rows(&st, game, &mut self.cells);
        self.target.push(target);
        self.game.push(id);
    }
}

/// Appends each cell's rows in the cell tables, `[side to move, side waiting]`: an empty
/// cell's two four-pattern codes ([`NO_CODE`] where that colour may not play), a stone's
/// [`MINE`] or [`THEIRS`] in both.
pub(super) fn cell_rows(st: &State, game: &Game, out: &mut Vec<[u16; 2]>) {
    let me = st.side();
    for i in 0..CELLS {
        out.push(if st.is_empty(i) {
            [me, me.opponent()].map(|c| st.pcode_at(i, c).unwrap_or(NO_CODE))
        } else if game.board().get(Pos::from_index(i, SIZE)) == Some(me) {
            [MINE; 2]
        } else {
            [THEIRS; 2]
        });
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
            let result = (p.result as f32 + 1.0) / 2.0;
            let target = value_target(p.score, result, lambda);
            d.push(&game, target, (file * 1_000_000) as u32 + p.game as u32);
        }
    }
    d
}

/// The weights: the network's, and the cells' (at [`CA`]..[`CELL_PARAMS`]).
struct Weights {
    net: FloatNet,
    c: Vec<f32>,
}

/// What the forward pass keeps: the network's activations, and the cells'.
struct Act {
    a: Activations,
    f_pre: Vec<[f32; L]>,
    f: Vec<[f32; L]>,
    g_pre: Vec<[f32; L]>,
    pooled: [f32; L],
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
    fn forward(&self, w: &Weights, d: &Data, i: usize) -> Act {
        let p = &w.c;
        let (mut f_pre, mut f, mut g_pre, mut g) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut pooled = [0.0f32; L];
        // The cells' share of the first hidden layer's sums (none without cells).
        let mut extra = [0.0f32; H1];
        if self.cells {
            f_pre = cell_features(p, &d.cells[i * CELLS..(i + 1) * CELLS]);
            f = f_pre.iter().map(|v| v.map(crelu)).collect();
            if self.mix {
                for c in 0..CELLS {
                    let mut v = [0.0f32; L];
                    v.copy_from_slice(&p[DB..DB + L]);
                    for (k, n) in neighbours(c) {
                        for l in 0..L {
                            v[l] += p[KM + k * L + l] * f[n][l];
                        }
                    }
                    g_pre.push(v);
                    g.push(v.map(crelu));
                }
            }
            for v in if self.mix { &g } else { &f } {
                for l in 0..L {
                    pooled[l] += v[l] / CELLS as f32;
                }
            }
            for (h, e) in extra.iter_mut().enumerate() {
                *e = (p[W2P + h * L..][..L].iter().zip(&pooled))
                    .map(|(w, x)| w * x)
                    .sum();
            }
        }
        Act {
            a: w.net.forward_with(d.pcs(i), &extra),
            f_pre,
            f,
            g_pre,
            pooled,
        }
    }

    /// Adds the gradient of the loss (its derivative by the output `dy`) to `grad`'s two
    /// parts, the network's and the cells'.
    fn backward(&self, w: &Weights, d: &Data, i: usize, act: &Act, dy: f32, grad: &mut Weights) {
        let d_pre = w.net.backward(d.pcs(i), &act.a, dy, &mut grad.net.params);
        if !self.cells {
            return;
        }
        let (p, gc) = (&w.c, &mut grad.c);
        let mut d_pool = [0.0f32; L];
        for h in 0..H1 {
            for l in 0..L {
                gc[W2P + h * L + l] += d_pre[h] * act.pooled[l];
                d_pool[l] += d_pre[h] * p[W2P + h * L + l];
            }
        }
        if d_pool.iter().all(|&v| v == 0.0) {
            return;
        }
        let dg = d_pool.map(|v| v / CELLS as f32);
        let mut d_f = vec![[0.0f32; L]; CELLS];
        if self.mix {
            for c in 0..CELLS {
                let mut dgp = [0.0f32; L];
                for l in 0..L {
                    if pass(act.g_pre[c][l]) {
                        dgp[l] = dg[l];
                        gc[DB + l] += dg[l];
                    }
                }
                for (k, n) in neighbours(c) {
                    for l in 0..L {
                        gc[KM + k * L + l] += dgp[l] * act.f[n][l];
                        d_f[n][l] += dgp[l] * p[KM + k * L + l];
                    }
                }
            }
        } else {
            d_f.fill(dg);
        }
        let cells = &d.cells[i * CELLS..(i + 1) * CELLS];
        cell_features_backward(&act.f_pre, cells, &d_f, gc);
    }
}

/// The held-out figures of positions `ix`: the mean excess loss (cross-entropy minus the
/// target's own entropy, 0 for a perfect fit) and the mean |logit| (the value's scale, which
/// the search's margins are set in).
fn held_out_figures(model: &Model, w: &Weights, d: &Data, ix: &[usize]) -> String {
    let (mut loss, mut scale) = (0.0, 0.0);
    for &i in ix {
        let y = model.forward(w, d, i).a.y;
        loss += xent(sigmoid(y), d.target[i]) - xent(d.target[i], d.target[i]);
        scale += y.abs() as f64;
    }
    let n = ix.len().max(1) as f64;
    format!(
        "held-out excess loss {:.5}, mean |logit| {:.3}",
        loss / n,
        scale / n
    )
}

/// The cells' first weights: small random code rows, lanes starting inside the clipped
/// ReLU, a kernel near the identity; the pooled columns zero (the network's function).
fn cell_init(rng: &mut StdRng) -> Vec<f32> {
    let mut c = vec![0.0f32; CELL_PARAMS];
    for v in &mut c[CA..CC] {
        *v = rng.random_range(-0.1..0.1);
    }
    for l in 0..L {
        c[CC + l] = 0.2;
        for k in 0..9 {
            c[KM + k * L + l] = rng.random_range(-0.3..0.3) + if k == 4 { 0.5 } else { 0.0 };
        }
    }
    c
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
    if model.cells && arg("--out").is_some() {
        fail("--out writes the network without cells: add --no-cells");
    }
    let bytes = std::fs::read(&init).unwrap_or_else(|e| fail(&format!("{init}: {e}")));
    let net = FloatNet::from_bytes(&bytes, &init).unwrap_or_else(|e| fail(&e));
    let mut rng = StdRng::seed_from_u64(seed);
    let mut w = Weights {
        net,
        c: cell_init(&mut rng),
    };
    let t0 = std::time::Instant::now();
    let d = load(&path, lambda, colour);
    let (mut train, mut test): (Vec<usize>, Vec<usize>) =
        (0..d.game.len()).partition(|&i| !held_out(d.game[i] as u64));
    test.sort_unstable();
    eprintln!(
        "cellnet: {} positions ({} held out) read in {:.0} s; cells {}, mix {}",
        d.game.len(),
        test.len(),
        t0.elapsed().as_secs_f64(),
        model.cells,
        model.mix
    );
    eprintln!("epoch 0: {}", held_out_figures(&model, &w, &d, &test));
    let (mut adam, mut adam_c) = (Adam::new(PARAMS), Adam::new(CELL_PARAMS));
    let mut lr = lr0;
    // A trained trunk is rounded to the engine's integer grid at the end and held for one
    // more epoch, as `tune nnue --freeze-w1` does: the rounding, times counts of up to 200
    // points, would otherwise move the accumulators.
    let extra = usize::from(epochs > 0 && from == 0 && !model.cells);
    for epoch in 1..=epochs + extra {
        let from = if epoch > epochs {
            for v in &mut w.net.params[W1..W2] {
                *v = (*v * QA as f32).round() / QA as f32;
            }
            W2
        } else {
            from
        };
        train.shuffle(&mut rng);
        let mut sum = 0.0;
        for chunk in train.chunks(batch) {
            let mut grad = Weights {
                net: FloatNet {
                    params: vec![0.0; PARAMS],
                    k: 1.0,
                },
                c: vec![0.0; CELL_PARAMS],
            };
            for &i in chunk {
                let act = model.forward(&w, &d, i);
                let q = sigmoid(act.a.y);
                sum += xent(q, d.target[i]) - xent(d.target[i], d.target[i]);
                model.backward(&w, &d, i, &act, q - d.target[i], &mut grad);
            }
            let scale = 1.0 / chunk.len() as f32;
            adam.update(&mut w.net.params, &grad.net.params, scale, lr, from);
            if model.cells {
                adam_c.update(&mut w.c, &grad.c, scale, lr, 0);
            }
        }
        eprintln!(
            "epoch {epoch}: lr {lr:.1e}, train excess loss {:.5}, {} ({:.0} s)",
            sum / train.len() as f64,
            held_out_figures(&model, &w, &d, &test),
            t0.elapsed().as_secs_f64()
        );
        lr *= decay;
    }
    if let Some(out) = arg("--out") {
        std::fs::write(&out, w.net.to_bytes()).unwrap_or_else(|e| fail(&format!("{out}: {e}")));
        eprintln!("cellnet: wrote {out}");
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use gomoku::engine::gomoku::Rule;
    use gomoku::engine::gomoku::ai::nnue::{self, ACC, B4, IN2, W4};

    /// A position of `moves` random moves near the centre, not over (from `seed`).
    pub(in super::super) fn position(moves: usize, seed: u64) -> Game {
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

    /// Parameter `at` of the cells' part or of the network's.
    fn slot(w: &mut Weights, cells: bool, at: usize) -> &mut f32 {
        if cells {
            &mut w.c[at]
        } else {
            &mut w.net.params[at]
        }
    }

    /// With the cells' columns zero the model is the given network, mixed or not: the
    /// cells start from its function.
    #[test]
    fn it_starts_as_the_given_network() {
        let net = committed();
        let mut d = Data::new();
        for seed in 0..4 {
            d.push(&position(9 + seed as usize, seed), 0.5, seed as u32);
        }
        let mut rng = StdRng::seed_from_u64(9);
        let w = Weights {
            net: net.clone(),
            c: cell_init(&mut rng),
        };
        for i in 0..4 {
            let want = net.forward(d.pcs(i)).y;
            for (cells, mix) in [(false, false), (true, false), (true, true)] {
                let y = Model { cells, mix }.forward(&w, &d, i).a.y;
                assert!((y - want).abs() < 1e-5, "{cells} {mix}: {y} against {want}");
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
        let mut w = Weights {
            net: committed(),
            c: (0..CELL_PARAMS)
                .map(|_| rng.random_range(-0.6..0.6))
                .collect(),
        };
        for l in 0..L {
            w.c[CC + l] = 0.4;
            w.c[DB + l] = 0.3;
        }
        let model = Model {
            cells: true,
            mix: true,
        };
        let loss = |w: &Weights| xent(sigmoid(model.forward(w, &d, 0).a.y), 0.7);
        let act = model.forward(&w, &d, 0);
        let mut grad = Weights {
            net: FloatNet {
                params: vec![0.0; PARAMS],
                k: 1.0,
            },
            c: vec![0.0; CELL_PARAMS],
        };
        model.backward(&w, &d, 0, &act, sigmoid(act.a.y) - 0.7, &mut grad);
        // A stone's and an empty cell's rows in each table, the kernel, the pooled
        // columns; the network's first layer and head.
        let [cm, co] = d.cells[7 * SIZE + 7];
        let empty = (0..CELLS).find(|&c| d.cells[c][0] < NO_CODE).unwrap();
        let [em, eo] = d.cells[empty];
        let code = d.pairs[0].0 as usize;
        // A pooled column of a first hidden lane inside its clipped ReLU's slope.
        let live = (0..H1)
            .find(|&h| act.a.h1_pre[h] > 0.0 && act.a.h1_pre[h] < 1.0)
            .unwrap();
        let checks = [
            (true, CA + cm as usize * L + 2),
            (true, CB + co as usize * L + 5),
            (true, CA + em as usize * L + 1),
            (true, CB + eo as usize * L + 9),
            (true, CC + 3),
            (true, KM + 4 * L + 6),
            (true, KM + 8 * L + 11),
            (true, DB + 2),
            (true, W2P + live * L + 4),
            (false, W1 + code * ACC + 10),
            (false, W2 + 3 * IN2 + 17),
            (false, W4 + 1),
            (false, B4),
        ];
        let mut checked = 0;
        for (cells, at) in checks {
            let eps = 1e-3;
            let keep = *slot(&mut w, cells, at);
            *slot(&mut w, cells, at) = keep + eps;
            let up = loss(&w);
            *slot(&mut w, cells, at) = keep - eps;
            let down = loss(&w);
            *slot(&mut w, cells, at) = keep;
            let numeric = (up - down) / (2.0 * eps as f64);
            let backward = if cells {
                grad.c[at]
            } else {
                grad.net.params[at]
            };
            assert!(
                (numeric - backward as f64).abs() < 2e-3 + 0.03 * numeric.abs(),
                "parameter {at} (cells {cells}): numeric {numeric}, backward {backward}"
            );
            checked += usize::from(backward != 0.0);
        }
        assert!(
            checked >= 9,
            "only {checked} gradients checked are not zero"
        );
    }
}
