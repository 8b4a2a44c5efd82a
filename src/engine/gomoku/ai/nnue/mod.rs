//! The pattern-bag network: a small learned evaluation, one trained net per rule, behind
//! `Params::nnue` (see docs/benchmarks/history.md, "A learned evaluation").
//!
//! Input per colour: how many of its empty points make each four-pattern combination
//! ([`super::pattern::pcode`], [`PCODE_COUNT`] codes; forbidden points count nothing), the
//! histogram `State::eval_pcodes` reports. A feature transformer shared by both colours
//! maps a histogram to [`ACC`] lanes: `acc = b1 + sum_code count x W1[code]`, kept up to
//! date move by move in `State` since a move changes few points' codes. Then
//! `[acc(to move), acc(waiting)]` -> clipped ReLU -> [`H1`] -> clipped ReLU -> [`H2`] ->
//! clipped ReLU -> 1: the logit of the side to move's winning chance, times [`Net::k`] in
//! the engine's evaluation units (the tables' logistic scale, so both read alike).
//!
//! Training ([`FloatNet`], `tune nnue`) is in f32 with activations clipped to 0..1.
//! Inference ([`Net`]) is integer, every scale 1024 (2^10):
//! - W1 and b1 as i16 at scale [`QA`]; the accumulator is i16 at that scale (wrapping
//!   sums: exact as long as the final value fits, |acc| < 32 in float; trained nets stay
//!   under 10) and its activation is `clamp(acc, 0, 1024)`. The trainer's last pass holds
//!   W1 on this grid (`--freeze-w1`): its rounding, times counts of up to 200 points,
//!   would otherwise move the accumulators by hundredths;
//! - hidden weights as i16 at scale [`QB`], biases as i32 at scale QA x QB; a layer's sum
//!   (i32: 128 inputs x 1024 x |w| <= 8 x 1024 stays under 2^31; the trainer clamps |w| to
//!   8) is at scale QA x QB and `clamp((sum + 512) >> 10, 0, 1024)` brings it back;
//! - the output sum is at scale QA x QB: logit = sum / 2^20.
//!
//! Weights file (little-endian): magic `GMKNNUE\0`, version u32 (1), then u32 dims
//! (inputs, acc, h1, h2), the scale K as f32, then the float parameters in the order of
//! [`FloatNet::params`]: W1 `[input][acc]`, b1, W2 `[h1][2 acc]`, b2, W3 `[h2][h1]`, b3,
//! W4 `[h2]`, b4. Float, so one file serves the trainer and the engine (which quantizes
//! when loading).
//!
//! Here the constants, the file format, the committed nets' bytes and the tests; the integer inference and
//! its AVX2 code are `net`, which net a rule uses `nets`, the trainer's float passes `train`
//! (developers' build and tests).

// Index loops over the layers' arrays read as the formulas they implement.
#![allow(clippy::needless_range_loop)]

pub use super::eval_table::PCODE_COUNT;

/// Accumulator lanes per colour.
pub const ACC: usize = 64;
pub const H1: usize = 32;
pub const H2: usize = 32;
/// The head's input: both colours' accumulators.
pub const IN2: usize = 2 * ACC;

/// Activation and first-layer scale: 1024 is 1.0.
pub const QA: i32 = 1 << 10;
/// Hidden and output weights' scale.
pub const QB: i32 = 1 << QB_SHIFT;
const QB_SHIFT: u32 = 10;
/// Rounding, not flooring, when a sum is brought back to the activations' scale: a
/// floor's half-step bias adds up over the lanes.
const HALF_QB: i32 = 1 << (QB_SHIFT - 1);
/// The largest |hidden or output weight| the trainer allows (the i32 sums' bound).
pub const HEAD_LIMIT: f32 = 8.0;

pub const MAGIC: &[u8; 8] = b"GMKNNUE\0";
pub const VERSION: u32 = 1;

// Offsets of the parameter blocks in `FloatNet::params`.
pub const W1: usize = 0;
pub const B1: usize = W1 + PCODE_COUNT * ACC;
pub const W2: usize = B1 + ACC;
pub const B2: usize = W2 + H1 * IN2;
pub const W3: usize = B2 + H1;
pub const B3: usize = W3 + H2 * H1;
pub const W4: usize = B3 + H2;
pub const B4: usize = W4 + H2;
/// Number of float parameters.
pub const PARAMS: usize = B4 + 1;

/// Largest |evaluation| the net may return: well inside the search's win scores.
const EVAL_LIMIT: i32 = 10_000;

mod net;
mod nets;
#[cfg(any(test, feature = "tools"))]
mod train;

pub use net::{AccStack, Net};
pub(in crate::engine::gomoku::ai) use nets::rule_slot;
pub use nets::{built_in, built_in_heads, check_head, heads_for, load_nets, net_for};
#[cfg(any(test, feature = "tools"))]
pub use train::{Activations, sparse};
#[cfg(test)]
pub use train::{random_head, random_net};

/// A point's code for one colour, or none (an occupied or forbidden point).
pub const NO_CODE: u16 = u16::MAX;

/// The float network the trainer fits and the file stores.
#[derive(Clone, Debug)]
pub struct FloatNet {
    /// All parameters, in the blocks at `W1`..`B4`.
    pub params: Vec<f32>,
    /// Evaluation units per logit unit: eval = logit x k.
    pub k: f32,
}

// The file's reading, which the engine needs too; its writing is the trainer's (`train`).
impl FloatNet {
    /// Reads a weights file's bytes; `name` (its path) heads the error messages.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<FloatNet, String> {
        let err = |what: String| format!("{name}: {what}");
        let header = 8 + 5 * 4 + 4;
        if bytes.len() < header {
            return Err(err(format!(
                "{} bytes, shorter than the {header}-byte header",
                bytes.len()
            )));
        }
        if &bytes[..8] != MAGIC {
            return Err(err("not a network file (bad magic)".into()));
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = u32_at(8);
        if version != VERSION {
            return Err(err(format!(
                "version {version}, this build reads {VERSION}"
            )));
        }
        let dims = [u32_at(12), u32_at(16), u32_at(20), u32_at(24)];
        let want = [PCODE_COUNT, ACC, H1, H2].map(|d| d as u32);
        if dims != want {
            return Err(err(format!("dimensions {dims:?}, this build has {want:?}")));
        }
        let k = f32::from_le_bytes([bytes[28], bytes[29], bytes[30], bytes[31]]);
        if !(k.is_finite() && k > 0.0) {
            return Err(err(format!("scale K {k} is not a positive number")));
        }
        let body = &bytes[header..];
        if body.len() != 4 * PARAMS {
            return Err(err(format!(
                "{} bytes of weights, expected {}",
                body.len(),
                4 * PARAMS
            )));
        }
        let params: Vec<f32> = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if let Some(i) = params.iter().position(|v| !v.is_finite()) {
            return Err(err(format!("weight {i} is not finite")));
        }
        Ok(FloatNet { params, k })
    }
}

/// The trained networks, committed with the source, one a rule (one net for both colours,
/// the side to move first).
static FREESTYLE: &[u8] = include_bytes!("freestyle.bin");
static STANDARD: &[u8] = include_bytes!("standard.bin");
static RENJU: &[u8] = include_bytes!("renju.bin");
/// The colour heads (`heads_for`) of every rule: the rule net's first layer, the layers
/// after it refitted to the positions with that colour to move (`tune nnue --colour`).
static FREESTYLE_BLACK: &[u8] = include_bytes!("freestyle_black.bin");
static FREESTYLE_WHITE: &[u8] = include_bytes!("freestyle_white.bin");
static STANDARD_BLACK: &[u8] = include_bytes!("standard_black.bin");
static STANDARD_WHITE: &[u8] = include_bytes!("standard_white.bin");
static RENJU_BLACK: &[u8] = include_bytes!("renju_black.bin");
static RENJU_WHITE: &[u8] = include_bytes!("renju_white.bin");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::Rule;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// The run-time chosen code (AVX2 where the CPU has it) gives the portable code's
    /// sums exactly, over the accumulators' whole range, saturated lanes included.
    #[test]
    fn the_wide_code_gives_the_portable_result() {
        let net = Net::quantize(&random_net(7), "t").unwrap();
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..500 {
            let mut acc = [[0i16; ACC]; 2];
            for a in acc.iter_mut().flatten() {
                *a = rng.random_range(-1500..2500);
            }
            assert_eq!(
                net.output(&acc[0], &acc[1]),
                net.output_portable(&acc[0], &acc[1])
            );
        }
    }

    #[test]
    fn file_round_trips() {
        let f = random_net(1);
        let g = FloatNet::from_bytes(&f.to_bytes(), "t").unwrap();
        assert_eq!(f.params, g.params);
        assert_eq!(f.k, g.k);
    }

    /// Every rule's committed colour heads load and share their rule net's first layer,
    /// and each values some position otherwise than the rule net (they are not copies of
    /// it), nor as the other colour's head does.
    #[test]
    fn built_in_heads_fit_their_rule_net() {
        for rule in Rule::ALL {
            let (bytes, name) = built_in(rule).unwrap();
            let base = Net::from_bytes(bytes, name).unwrap();
            let probe = base.accumulate(&[(17, 3), (400, 1), (900, 2)]);
            let other = base.accumulate(&[(5, 6), (250, 2)]);
            let mut values = Vec::new();
            for (c, head) in built_in_heads(rule).into_iter().enumerate() {
                let (bytes, name) = head.unwrap_or_else(|| panic!("{rule:?} head {c}"));
                let head = Net::from_bytes(bytes, name).unwrap();
                check_head(&base, &head, name).unwrap();
                let v = head.output(&probe, &other);
                assert_ne!(v, base.output(&probe, &other), "{name}");
                values.push(v);
            }
            assert_ne!(values[0], values[1], "{rule:?}: the two heads are one");
        }
    }

    /// A second head is taken only with the rule net's first layer: one W1 weight or b1
    /// lane off is an error that names the file.
    #[test]
    fn a_head_must_share_the_first_layer() {
        let base_f = random_net(3);
        let base = Net::quantize(&base_f, "base").unwrap();
        let head = Net::quantize(&random_head(&base_f, 4), "head").unwrap();
        assert!(check_head(&base, &head, "head.bin").is_ok());
        for i in [W1 + 5 * ACC + 7, B1 + 3] {
            let mut f = random_head(&base_f, 4);
            f.params[i] += 1.0 / QA as f32;
            let off = Net::quantize(&f, "off").unwrap();
            let e = check_head(&base, &off, "off.bin").unwrap_err();
            assert!(e.contains("off.bin") && e.contains("first layer"), "{e}");
        }
    }

    /// A corrupt or short file is an error naming the file, never a panic.
    #[test]
    fn bad_files_are_errors() {
        let good = random_net(2).to_bytes();
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (Vec::new(), "shorter than"),
            (good[..20].to_vec(), "shorter than"),
            (good[..good.len() - 3].to_vec(), "bytes of weights"),
            ([good.clone(), vec![0]].concat(), "bytes of weights"),
            (
                [b"GMKNNUF\0".to_vec(), good[8..].to_vec()].concat(),
                "magic",
            ),
            (
                [&good[..8], &2u32.to_le_bytes()[..], &good[12..]].concat(),
                "version 2",
            ),
            (
                [&good[..12], &7u32.to_le_bytes()[..], &good[16..]].concat(),
                "dimensions",
            ),
            (
                [&good[..28], &f32::NAN.to_le_bytes()[..], &good[32..]].concat(),
                "scale K",
            ),
            (
                [&good[..40], &f32::INFINITY.to_le_bytes()[..], &good[44..]].concat(),
                "not finite",
            ),
            (
                [&good[..36], &1000.0f32.to_le_bytes()[..], &good[40..]].concat(),
                "integer range",
            ),
        ];
        for (bytes, want) in cases {
            let e = Net::from_bytes(&bytes, "weights.bin").err().expect(want);
            assert!(e.starts_with("weights.bin: ") && e.contains(want), "{e}");
        }
    }

    /// The built-in networks load, one a rule.
    #[test]
    fn built_in_net_loads() {
        for rule in Rule::ALL {
            let (bytes, name) = built_in(rule).unwrap();
            Net::from_bytes(bytes, name).unwrap();
        }
    }

    /// The integer pass agrees with the float pass within 0.02 logit (5 evaluation units at
    /// K 238) on random histograms of a board's size.
    #[test]
    fn quantized_matches_float() {
        let mut rng = StdRng::seed_from_u64(3);
        for seed in 0..4 {
            let f = random_net(seed);
            let q = Net::quantize(&f, "t").unwrap();
            let mut worst = 0.0f32;
            for _ in 0..200 {
                let hist = |rng: &mut StdRng| {
                    let mut left = rng.random_range(100..225u16);
                    let mut v = Vec::new();
                    let mut code = 0u16;
                    while left > 0 && code < PCODE_COUNT as u16 {
                        code += rng.random_range(1..60);
                        let n = if v.is_empty() {
                            left.min(150)
                        } else {
                            rng.random_range(1..=left.min(8))
                        };
                        if code < PCODE_COUNT as u16 {
                            v.push((code, n));
                            left -= n;
                        }
                    }
                    v
                };
                let (a, b) = (hist(&mut rng), hist(&mut rng));
                let y = f.forward([&a, &b]).y;
                let yq = q.logit(&q.accumulate(&a), &q.accumulate(&b));
                worst = worst.max((y - yq).abs());
            }
            assert!(worst < 0.02, "seed {seed}: {worst}");
        }
    }

    /// The built-in network's integer pass agrees with its float pass within 0.03 logit (7
    /// evaluation units) in positions of random freestyle games (the trainer measured at
    /// most 0.027 on its 67,000 held-out positions).
    #[test]
    fn built_in_net_quantized_matches_float_on_positions() {
        use crate::engine::gomoku::ai::state::State;
        use crate::engine::gomoku::{Game, Rule};
        let f = FloatNet::from_bytes(FREESTYLE, "freestyle.bin").unwrap();
        let q = Net::quantize(&f, "freestyle.bin").unwrap();
        let mut rng = StdRng::seed_from_u64(4);
        let mut worst = 0.0f32;
        for _ in 0..20 {
            let mut game = Game::new(15, Rule::Freestyle).unwrap();
            for _ in 0..rng.random_range(5..60) {
                let st = State::from_game(&game);
                let pc = st.eval_pcodes();
                let sparse = super::sparse;
                let (a, b) = (sparse(&pc[0]), sparse(&pc[1]));
                let y = f.forward([&a, &b]).y;
                worst = worst.max((y - q.logit(&q.accumulate(&a), &q.accumulate(&b))).abs());
                // Random moves near the stones, as in a game.
                let moves: Vec<_> = (game.board().empty_points())
                    .filter(|&p| (5..10).contains(&p.x) && (5..10).contains(&p.y))
                    .collect();
                if moves.is_empty() {
                    break;
                }
                let p = moves[rng.random_range(0..moves.len())];
                if game.play(p).unwrap().is_over() {
                    break;
                }
            }
        }
        assert!(worst < 0.03, "{worst}");
    }

    /// The backward pass is the forward pass's gradient (central differences).
    #[test]
    fn gradient_matches_differences() {
        let mut f = random_net(5);
        let pcs: [&[(u16, u16)]; 2] = [&[(3, 40), (17, 2), (500, 1)], &[(3, 30), (18, 3)]];
        let a = f.forward(pcs);
        let mut grad = vec![0.0f32; PARAMS];
        f.backward(pcs, &a, 1.0, &mut grad);
        for i in [
            W1 + 3 * ACC + 5,
            W1 + 17 * ACC,
            B1 + 2,
            W2 + 7,
            B2 + 1,
            W3 + 40,
            B3,
            W4 + 3,
            B4,
        ] {
            let old = f.params[i];
            // Small steps, since a count of 40 multiplies a first-layer step; one-sided
            // differences on both sides, since a step across a clipped ReLU's kink measures
            // the slope beyond it: the gradient must match one of them.
            let e = if i < B1 { 1e-4 } else { 1e-3 };
            f.params[i] = old + e;
            let up = (f.forward(pcs).y - a.y) / e;
            f.params[i] = old - e;
            let down = (a.y - f.forward(pcs).y) / e;
            f.params[i] = old;
            let near = |num: f32| (num - grad[i]).abs() < 2e-2 * (1.0 + num.abs());
            assert!(near(up) || near(down), "{i}: {up} / {down} vs {}", grad[i]);
        }
    }
}
