//! `tune policymix`: the policy half of Engine IV's item 2 (design note, "The network's
//! shape", step 2), measured before it is built: does the move policy gain from its
//! neighbours' shapes, on the same data?
//!
//! Today's policy (`ai::policy`) reads a candidate's own four-pattern codes, where it lies
//! from the last two moves and the board's accumulators. This model adds a neighbourhood:
//! every cell's feature `f = crelu(c + A[code to move] + B[code waiting])` (a stone: its
//! own rows, as `tune cellnet` reads cells), a depthwise convolution over the candidate's
//! `(2r + 1)^2` square (`--radius r`, 1 or 2), `g = crelu(d + sum K[offset] f[cell +
//! offset])`, and `W g` added to the candidate's lanes before their clipped ReLU. `W`
//! starts at zero, so training starts from the given policy's function (`--init`, e.g. the
//! committed freestyle policy). `--no-mix` trains the same policy without the
//! neighbourhood on the same data and schedule: the control (`--out` writes it, a policy
//! file the engine reads). Held out: the same tenth of the games as `tune policytrain`;
//! figures: loss, top-1 and top-3 against the search's move.
//!
//! Session 53 (docs/benchmarks/history.md): the neighbourhood gained 1.5 points of top-1
//! held out, and nothing against Rapfi through a float trial in the search (not kept).

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::adam::{Adam, summed};
use super::cellnet::{CA, CC, CELLS, L, cell_features, cell_features_backward, cell_rows};
use super::policy_train::{Data, figures as held_figures, held_out, load};
use super::{arg, fail, num, real};
use gomoku::engine::gomoku::ai::policy::train::{Activations, crelu, pass};
use gomoku::engine::gomoku::ai::policy::{FloatPolicy, LANES, PARAMS};

const SIZE: usize = 15;
/// The widest square's taps (radius 2).
const TAPS: usize = 25;

// Where each part of the neighbourhood's parameters starts: the cell tables as `tune
// cellnet` lays them out, then these.
const KM: usize = CC + L;
const DB: usize = KM + TAPS * L;
const WM: usize = DB + L;
const MIX_PARAMS: usize = WM + LANES * L;

/// The cells of the square of `radius` around `c` on the board: `(tap, cell)`, the tap
/// counted row by row over the radius-2 square (so a radius-1 model's taps are a subset).
fn square(c: usize, radius: i32) -> impl Iterator<Item = (usize, usize)> {
    let (x, y) = ((c % SIZE) as i32, (c / SIZE) as i32);
    (-radius..=radius)
        .flat_map(move |dy| (-radius..=radius).map(move |dx| (dx, dy)))
        .filter_map(move |(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            ((0..SIZE as i32).contains(&nx) && (0..SIZE as i32).contains(&ny)).then_some((
                ((dy + 2) * 5 + dx + 2) as usize,
                (nx + ny * SIZE as i32) as usize,
            ))
        })
}

/// The positions: the policy's inputs and targets, and every cell's table rows.
struct Set {
    data: Data,
    cells: Vec<[u16; 2]>,
}

impl Set {
    fn cells(&self, i: usize) -> &[[u16; 2]] {
        &self.cells[i * CELLS..(i + 1) * CELLS]
    }
}

struct Model {
    /// `None`: no neighbourhood (the control).
    radius: Option<i32>,
}

/// What a forward pass keeps.
struct Act {
    a: Activations,
    f_pre: Vec<[f32; L]>,
    f: Vec<[f32; L]>,
    /// Per candidate.
    g_pre: Vec<[f32; L]>,
}

impl Model {
    fn forward(&self, base: &FloatPolicy, mix: &[f32], set: &Set, i: usize) -> Act {
        let input = &set.data.inputs[i];
        let Some(radius) = self.radius else {
            return Act {
                a: base.forward(input),
                f_pre: Vec::new(),
                f: Vec::new(),
                g_pre: Vec::new(),
            };
        };
        let p = mix;
        let f_pre = cell_features(p, set.cells(i));
        let f: Vec<[f32; L]> = f_pre.iter().map(|v| v.map(crelu)).collect();
        let mut g_pre = Vec::with_capacity(input.candidates.len());
        let mut extra = Vec::with_capacity(input.candidates.len());
        for c in &input.candidates {
            let mut v = [0.0f32; L];
            v.copy_from_slice(&p[DB..DB + L]);
            for (t, n) in square(c.point as usize, radius) {
                for l in 0..L {
                    v[l] += p[KM + t * L + l] * f[n][l];
                }
            }
            let g = v.map(crelu);
            let mut e = [0.0f32; LANES];
            for (j, e) in e.iter_mut().enumerate() {
                *e = p[WM + j * L..][..L]
                    .iter()
                    .zip(&g)
                    .map(|(w, g)| w * g)
                    .sum();
            }
            g_pre.push(v);
            extra.push(e);
        }
        Act {
            a: base.forward_with(input, &extra),
            f_pre,
            f,
            g_pre,
        }
    }

    /// Adds the gradient of the cross-entropy against the search's move to `grad` (the
    /// policy's [`PARAMS`], then the neighbourhood's); returns the loss.
    fn backward(
        &self,
        base: &FloatPolicy,
        mix: &[f32],
        set: &Set,
        i: usize,
        act: &Act,
        grad: &mut [f32],
    ) -> f32 {
        let input = &set.data.inputs[i];
        let target = [(set.data.target[i], 1.0)];
        let (gb, gm) = grad.split_at_mut(PARAMS);
        let (loss, dh) = base.backward_lanes(input, &act.a, &target, gb);
        let Some(radius) = self.radius else {
            return loss;
        };
        let p = mix;
        let mut d_f = vec![[0.0f32; L]; CELLS];
        for (k, c) in input.candidates.iter().enumerate() {
            let g = act.g_pre[k].map(crelu);
            let mut dg = [0.0f32; L];
            for j in 0..LANES {
                if dh[k][j] == 0.0 {
                    continue;
                }
                for l in 0..L {
                    gm[WM + j * L + l] += dh[k][j] * g[l];
                    dg[l] += dh[k][j] * p[WM + j * L + l];
                }
            }
            for l in 0..L {
                if !pass(act.g_pre[k][l]) {
                    dg[l] = 0.0;
                }
                gm[DB + l] += dg[l];
            }
            for (t, n) in square(c.point as usize, radius) {
                for l in 0..L {
                    gm[KM + t * L + l] += dg[l] * act.f[n][l];
                    d_f[n][l] += dg[l] * p[KM + t * L + l];
                }
            }
        }
        cell_features_backward(&act.f_pre, set.cells(i), &d_f, gm);
        loss
    }
}

/// Held-out loss, top-1 and top-3 against the search's move.
fn figures(model: &Model, base: &FloatPolicy, mix: &[f32], set: &Set, ix: &[usize]) -> String {
    let (loss, top1, top3) =
        held_figures(&set.data, ix, |i| model.forward(base, mix, set, i).a.logits);
    format!(
        "held-out loss {loss:.4}, top-1 {:.2}%, top-3 {:.2}%",
        100.0 * top1,
        100.0 * top3
    )
}

/// The neighbourhood's first weights: small random code rows, lanes starting inside the
/// clipped ReLU, a kernel near the identity; `W` zero (the given policy's function).
fn mix_init(rng: &mut StdRng) -> Vec<f32> {
    let mut c = vec![0.0f32; MIX_PARAMS];
    for v in &mut c[CA..CC] {
        *v = rng.random_range(-0.1..0.1);
    }
    for l in 0..L {
        c[CC + l] = 0.2;
        for t in 0..TAPS {
            c[KM + t * L + l] = rng.random_range(-0.3..0.3) + if t == 12 { 0.5 } else { 0.0 };
        }
    }
    c
}

pub(super) fn train() {
    let path = arg("--data").unwrap_or_else(|| fail("policymix needs --data FILE"));
    let init = arg("--init").unwrap_or_else(|| fail("policymix needs --init FILE"));
    let rule = super::rule_arg();
    let epochs = num("--epochs", 6) as usize;
    let seed = num("--seed", 1);
    let threads = num("--threads", 1).clamp(1, 2) as usize;
    let batch = num("--batch", 256).max(1) as usize;
    let lr0 = real("--lr", 1e-3) as f32;
    let decay = real("--decay", 0.8) as f32;
    let radius = num("--radius", 1);
    if !(1..=2).contains(&radius) {
        fail("--radius is 1 (a 3x3 square) or 2 (5x5)");
    }
    let model = Model {
        radius: arg("--no-mix").is_none().then_some(radius as i32),
    };
    if model.radius.is_some() && arg("--out").is_some() {
        // The engine reads no neighbourhood (session 53's trial lost; its float code was
        // not kept): only the policy without one is worth a file.
        fail("--out writes the policy without the neighbourhood: add --no-mix");
    }
    let bytes = std::fs::read(&init).unwrap_or_else(|e| fail(&format!("{init}: {e}")));
    let mut base =
        FloatPolicy::from_bytes(&bytes).unwrap_or_else(|e| fail(&format!("{init}: {e}")));
    let mut rng = StdRng::seed_from_u64(seed);
    let mut mix = mix_init(&mut rng);
    let t0 = std::time::Instant::now();
    let mut cells = Vec::new();
    let (data, duplicates, outside) = load(&path, rule, None, |st, game| {
        cell_rows(st, game, &mut cells)
    });
    let set = Set { data, cells };
    let (mut train, held): (Vec<usize>, Vec<usize>) =
        (0..set.data.inputs.len()).partition(|&i| !held_out(set.data.game[i]));
    if train.is_empty() || held.is_empty() {
        fail(&format!(
            "{path}: too few positions to train and hold some out"
        ));
    }
    println!(
        "tune policymix: {} positions ({duplicates} duplicates, {outside} far moves left out), \
         {} held out, read in {:.0} s; neighbourhood {}",
        set.data.inputs.len(),
        held.len(),
        t0.elapsed().as_secs_f64(),
        model
            .radius
            .map_or("none".into(), |r| format!("{0}x{0}", 2 * r + 1))
    );
    println!("  epoch 0: {}", figures(&model, &base, &mix, &set, &held));
    let total = PARAMS + MIX_PARAMS;
    let (mut adam, mut adam_m) = (Adam::new(PARAMS), Adam::new(MIX_PARAMS));
    for epoch in 1..=epochs {
        let lr = lr0 * decay.powi(epoch as i32 - 1);
        train.shuffle(&mut rng);
        let mut sum = 0.0f64;
        for chunk in train.chunks(batch) {
            let (grad, loss) = summed(chunk, threads, total, |part| {
                let mut grad = vec![0.0f32; total];
                let mut loss = 0.0f64;
                for &i in part {
                    let act = model.forward(&base, &mix, &set, i);
                    loss += model.backward(&base, &mix, &set, i, &act, &mut grad) as f64;
                }
                (grad, loss)
            });
            sum += loss;
            let scale = 1.0 / chunk.len() as f32;
            adam.update(&mut base.params, &grad[..PARAMS], scale, lr, 0);
            base.clamp();
            if model.radius.is_some() {
                adam_m.update(&mut mix, &grad[PARAMS..], scale, lr, 0);
            }
        }
        println!(
            "  epoch {epoch}: lr {lr:.1e}, train loss {:.4}, {} ({:.0} s)",
            sum / train.len() as f64,
            figures(&model, &base, &mix, &set, &held),
            t0.elapsed().as_secs_f64()
        );
    }
    if let Some(out) = arg("--out") {
        super::write_whole(&out, &base.to_bytes());
        println!("  written to {out}");
    }
}

#[cfg(test)]
mod tests {
    use super::super::cellnet::CB;
    use super::super::cellnet::tests::position;
    use super::*;
    use gomoku::engine::gomoku::ai::policy::PolicyInput;
    use gomoku::engine::gomoku::ai::policy::train::softmax;
    use gomoku::engine::gomoku::ai::state::State;

    /// A set of one position of `moves` random moves near the centre, not over (from
    /// `seed`), its target the candidate `target`.
    fn one(moves: usize, seed: u64, target: usize) -> Set {
        let game = position(moves, seed);
        let st = State::from_game(&game);
        let mut cells = Vec::new();
        cell_rows(&st, &game, &mut cells);
        let input = PolicyInput::of(&st);
        let target = target % input.candidates.len();
        Set {
            data: Data {
                inputs: vec![input],
                target: vec![target],
                soft: vec![Vec::new()],
                game: vec![0],
                table_rank: vec![0],
            },
            cells,
        }
    }

    fn committed() -> FloatPolicy {
        let bytes = include_bytes!("../../engine/gomoku/ai/policy/freestyle.bin");
        FloatPolicy::from_bytes(bytes).unwrap()
    }

    #[test]
    fn it_starts_as_the_given_policy() {
        let base = committed();
        let mix = mix_init(&mut StdRng::seed_from_u64(3));
        for radius in [1, 2] {
            let set = one(9, 5, 7);
            let model = Model {
                radius: Some(radius),
            };
            let with = model.forward(&base, &mix, &set, 0).a.logits;
            let without = base.forward(&set.data.inputs[0]).logits;
            assert_eq!(with, without);
            // A kernel that reads anything moves them once W is not zero.
            let mut m = mix.clone();
            m[WM] = 1.0;
            let moved = model.forward(&base, &m, &set, 0).a.logits;
            assert_ne!(moved, without);
        }
    }

    /// The backward pass agrees with central differences of the loss in every block of
    /// the neighbourhood and in the policy's own rows.
    #[test]
    fn the_backward_pass_is_the_loss_s_gradient() {
        let base = committed();
        let mut rng = StdRng::seed_from_u64(9);
        let mut mix = mix_init(&mut rng);
        for v in &mut mix[WM..] {
            *v = rng.random_range(-0.5..0.5);
        }
        let set = one(12, 11, 5);
        let model = Model { radius: Some(2) };
        let loss = |base: &FloatPolicy, mix: &[f32]| {
            let a = model.forward(base, mix, &set, 0).a;
            -(softmax(&a.logits)[set.data.target[0]] as f64).ln()
        };
        let mut grad = vec![0.0f32; PARAMS + MIX_PARAMS];
        let act = model.forward(&base, &mix, &set, 0);
        model.backward(&base, &mix, &set, 0, &act, &mut grad);
        // The largest gradient of each block: a live parameter to check.
        let blocks = [
            (CA, CB),
            (CB, CC),
            (CC, KM),
            (KM, DB),
            (DB, WM),
            (WM, MIX_PARAMS),
        ];
        let mut checked = 0;
        for (from, to) in blocks {
            let at = (from..to)
                .max_by(|&a, &b| grad[PARAMS + a].abs().total_cmp(&grad[PARAMS + b].abs()))
                .unwrap();
            let g = grad[PARAMS + at] as f64;
            assert!(g != 0.0, "block at {from} has no gradient");
            let h = 1e-3;
            let (mut up, mut down) = (mix.clone(), mix.clone());
            up[at] += h;
            down[at] -= h;
            let num = (loss(&base, &up) - loss(&base, &down)) / (2.0 * h as f64);
            assert!(
                (num - g).abs() <= 0.05 * g.abs().max(1e-3),
                "parameter {at}: backward {g}, differences {num}"
            );
            checked += 1;
        }
        // And one of the policy's own rows, through the added lanes' share.
        let at = (0..PARAMS)
            .max_by(|&a, &b| grad[a].abs().total_cmp(&grad[b].abs()))
            .unwrap();
        let (mut up, mut down) = (base.clone(), base.clone());
        up.params[at] += 1e-2;
        down.params[at] -= 1e-2;
        let num = (loss(&up, &mix) - loss(&down, &mix)) / 2e-2;
        let g = grad[at] as f64;
        assert!(
            (num - g).abs() <= 0.05 * g.abs(),
            "policy {at}: {g} vs {num}"
        );
        assert_eq!(checked, 6);
    }
}
