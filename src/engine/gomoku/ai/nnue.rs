//! The pattern-bag network: a small learned evaluation, one trained net per rule, behind
//! `Params::nnue` (see BENCHMARKS.md, "A learned evaluation").
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

// Index loops over the layers' arrays read as the formulas they implement.
#![allow(clippy::needless_range_loop)]

use crate::engine::gomoku::Rule;
use std::sync::OnceLock;

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

/// The float network the trainer fits and the file stores.
#[derive(Clone, Debug)]
pub struct FloatNet {
    /// All parameters, in the blocks at `W1`..`B4`.
    pub params: Vec<f32>,
    /// Evaluation units per logit unit: eval = logit x k.
    pub k: f32,
}

/// What a float forward pass keeps for the backward pass.
#[derive(Clone, Debug)]
pub struct Activations {
    /// Pre-activation accumulators, side to move first.
    pub acc: [[f32; ACC]; 2],
    /// Clipped accumulators, concatenated.
    pub x: [f32; IN2],
    pub h1_pre: [f32; H1],
    pub h1: [f32; H1],
    pub h2_pre: [f32; H2],
    pub h2: [f32; H2],
    /// The output logit.
    pub y: f32,
}

#[inline]
fn crelu(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

impl FloatNet {
    /// The float forward pass on sparse histograms: `(pcode, count)` pairs, side to move
    /// first.
    pub fn forward(&self, pcs: [&[(u16, u16)]; 2]) -> Activations {
        let p = &self.params;
        let mut a = Activations {
            acc: [[0.0; ACC]; 2],
            x: [0.0; IN2],
            h1_pre: [0.0; H1],
            h1: [0.0; H1],
            h2_pre: [0.0; H2],
            h2: [0.0; H2],
            y: 0.0,
        };
        for s in 0..2 {
            let acc = &mut a.acc[s];
            acc.copy_from_slice(&p[B1..B1 + ACC]);
            for &(code, n) in pcs[s] {
                let row = &p[W1 + code as usize * ACC..][..ACC];
                let n = n as f32;
                for (v, w) in acc.iter_mut().zip(row) {
                    *v += n * w;
                }
            }
            for j in 0..ACC {
                a.x[s * ACC + j] = crelu(acc[j]);
            }
        }
        for h in 0..H1 {
            let row = &p[W2 + h * IN2..][..IN2];
            let dot: f32 = row.iter().zip(&a.x).map(|(w, x)| w * x).sum();
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

    /// Adds to `grad` the gradient of the loss for one position, given the loss's
    /// derivative by the output logit (`dy`).
    pub fn backward(&self, pcs: [&[(u16, u16)]; 2], a: &Activations, dy: f32, grad: &mut [f32]) {
        let p = &self.params;
        // Clipped ReLU passes the gradient only inside (0, 1).
        let pass = |v: f32| v > 0.0 && v < 1.0;
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
            let row = &p[W3 + h * H1..][..H1];
            let grow = &mut grad[W3 + h * H1..][..H1];
            for i in 0..H1 {
                grow[i] += g * a.h1[i];
                d_h1[i] += g * row[i];
            }
        }
        let mut d_x = [0.0f32; IN2];
        for h in 0..H1 {
            if !pass(a.h1_pre[h]) {
                continue;
            }
            let g = d_h1[h];
            grad[B2 + h] += g;
            let row = &p[W2 + h * IN2..][..IN2];
            let grow = &mut grad[W2 + h * IN2..][..IN2];
            for i in 0..IN2 {
                grow[i] += g * a.x[i];
                d_x[i] += g * row[i];
            }
        }
        for s in 0..2 {
            let mut d_acc = [0.0f32; ACC];
            for j in 0..ACC {
                if pass(a.acc[s][j]) {
                    d_acc[j] = d_x[s * ACC + j];
                }
            }
            for j in 0..ACC {
                grad[B1 + j] += d_acc[j];
            }
            // Sparse: only the rows of the codes present.
            for &(code, n) in pcs[s] {
                let n = n as f32;
                let grow = &mut grad[W1 + code as usize * ACC..][..ACC];
                for (g, d) in grow.iter_mut().zip(&d_acc) {
                    *g += n * d;
                }
            }
        }
    }

    /// The file's bytes (module docs).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(36 + 4 * PARAMS);
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            PCODE_COUNT as u32,
            ACC as u32,
            H1 as u32,
            H2 as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.k.to_le_bytes());
        for v in &self.params {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

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

/// The quantized network the search evaluates with (module docs for the scales).
pub struct Net {
    /// `[pcode][lane]`, at scale [`QA`].
    pub w1: Vec<[i16; ACC]>,
    pub b1: [i16; ACC],
    w2: Vec<[i16; IN2]>,
    b2: [i32; H1],
    w3: [[i16; H1]; H2],
    b3: [i32; H2],
    w4: [i16; H2],
    b4: i32,
    /// Evaluation units per unit of the output sum: K / (QA x QB).
    out_scale: f32,
}

impl Net {
    /// Rounds a float network to the integer one; a weight beyond its integer range is an
    /// error naming it (`name`: the file).
    pub fn quantize(f: &FloatNet, name: &str) -> Result<Net, String> {
        let p = &f.params;
        let q16 = |i: usize, scale: i32| -> Result<i16, String> {
            let v = (p[i] * scale as f32).round();
            if v.abs() > i16::MAX as f32 {
                Err(format!(
                    "{name}: weight {i} ({}) is beyond the integer range at scale {scale}",
                    p[i]
                ))
            } else {
                Ok(v as i16)
            }
        };
        let q32 = |i: usize, scale: i32| (p[i] * scale as f32).round() as i32;
        let mut w1 = vec![[0i16; ACC]; PCODE_COUNT];
        for (c, row) in w1.iter_mut().enumerate() {
            for j in 0..ACC {
                row[j] = q16(W1 + c * ACC + j, QA)?;
            }
        }
        let mut b1 = [0i16; ACC];
        for j in 0..ACC {
            b1[j] = q16(B1 + j, QA)?;
        }
        let mut w2 = vec![[0i16; IN2]; H1];
        let mut b2 = [0i32; H1];
        for h in 0..H1 {
            for i in 0..IN2 {
                w2[h][i] = q16(W2 + h * IN2 + i, QB)?;
            }
            b2[h] = q32(B2 + h, QA * QB);
        }
        let mut w3 = [[0i16; H1]; H2];
        let mut b3 = [0i32; H2];
        for h in 0..H2 {
            for i in 0..H1 {
                w3[h][i] = q16(W3 + h * H1 + i, QB)?;
            }
            b3[h] = q32(B3 + h, QA * QB);
        }
        let mut w4 = [0i16; H2];
        for h in 0..H2 {
            w4[h] = q16(W4 + h, QB)?;
        }
        Ok(Net {
            w1,
            b1,
            w2,
            b2,
            w3,
            b3,
            w4,
            b4: q32(B4, QA * QB),
            out_scale: f.k / (QA * QB) as f32,
        })
    }

    /// Reads and quantizes a weights file's bytes.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Net, String> {
        Net::quantize(&FloatNet::from_bytes(bytes, name)?, name)
    }

    /// Adds (`sign` 1) or removes (-1) one point of code `code` from an accumulator.
    /// Wrapping: intermediate sums may leave the i16 range, the final ones do not.
    #[inline(always)]
    pub fn update(&self, acc: &mut [i16; ACC], code: usize, sign: i32) {
        let row = &self.w1[code];
        if sign > 0 {
            for (a, w) in acc.iter_mut().zip(row) {
                *a = a.wrapping_add(*w);
            }
        } else {
            for (a, w) in acc.iter_mut().zip(row) {
                *a = a.wrapping_sub(*w);
            }
        }
    }

    /// Moves one point from code `old` to code `new` ([`NO_CODE`]: none) in an accumulator,
    /// in one pass over it.
    #[inline(always)]
    pub fn replace(&self, acc: &mut [i16; ACC], old: u16, new: u16) {
        match (old, new) {
            (NO_CODE, NO_CODE) => {}
            (NO_CODE, n) => self.update(acc, n as usize, 1),
            (o, NO_CODE) => self.update(acc, o as usize, -1),
            (o, n) => {
                let (wo, wn) = (&self.w1[o as usize], &self.w1[n as usize]);
                for j in 0..ACC {
                    acc[j] = acc[j].wrapping_add(wn[j].wrapping_sub(wo[j]));
                }
            }
        }
    }

    /// An accumulator from scratch: the bias plus each `(pcode, count)`.
    pub fn accumulate(&self, pcs: &[(u16, u16)]) -> [i16; ACC] {
        let mut acc = self.b1;
        for &(code, n) in pcs {
            for (a, w) in acc.iter_mut().zip(&self.w1[code as usize]) {
                *a = a.wrapping_add(w.wrapping_mul(n as i16));
            }
        }
        acc
    }

    /// The output sum (scale QA x QB) from the two accumulators, side to move first.
    #[inline]
    pub fn output(&self, me: &[i16; ACC], opp: &[i16; ACC]) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked at run time).
            return unsafe { self.output_avx2(me, opp) };
        }
        self.output_portable(me, opp)
    }

    /// [`Net::output`] in AVX2: the same integer arithmetic, so the same result, with 16
    /// products a multiply-add and four rows' sums reduced together. (The compiler's own
    /// vectorization of the portable loops builds the hidden layer's input a lane at a
    /// time.) The release build targets baseline x86-64, so this is chosen at run time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn output_avx2(&self, me: &[i16; ACC], opp: &[i16; ACC]) -> i32 {
        use std::arch::x86_64::*;
        const V: usize = 16; // i16 lanes a vector
        let load = |s: &[i16]| {
            debug_assert!(s.len() >= V);
            // SAFETY: `s` holds at least 16 values (every caller slices whole vectors).
            unsafe { _mm256_loadu_si256(s.as_ptr().cast()) }
        };
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let clip = |v: __m256i| _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
        // The four rows' sums of `s`, lane r = row r.
        let sum4 = |s: [__m256i; 4]| {
            let a = _mm256_hadd_epi32(_mm256_hadd_epi32(s[0], s[1]), _mm256_hadd_epi32(s[2], s[3]));
            let v = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256::<1>(a));
            let mut out = [0i32; 4];
            // SAFETY: `out` holds four i32, one 128-bit store.
            unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), v) };
            out
        };
        // One hidden layer: inputs `x` (vectors), rows `w`, biases `b`, clipped outputs.
        macro_rules! layer {
            ($x:expr, $w:expr, $b:expr, $out:expr) => {
                for h in (0..$out.len()).step_by(4) {
                    let mut s = [zero; 4];
                    for (r, acc) in s.iter_mut().enumerate() {
                        let row = &$w[h + r];
                        for (k, &xv) in $x.iter().enumerate() {
                            let p = _mm256_madd_epi16(xv, load(&row[k * V..]));
                            *acc = _mm256_add_epi32(*acc, p);
                        }
                    }
                    for (r, dot) in sum4(s).into_iter().enumerate() {
                        $out[h + r] = ((dot + $b[h + r] + HALF_QB) >> QB_SHIFT).clamp(0, QA) as i16;
                    }
                }
            };
        }
        let mut x = [zero; IN2 / V];
        for k in 0..ACC / V {
            x[k] = clip(load(&me[k * V..]));
            x[ACC / V + k] = clip(load(&opp[k * V..]));
        }
        let mut h1 = [0i16; H1];
        layer!(x, self.w2, self.b2, h1);
        let x2: [__m256i; H1 / V] = std::array::from_fn(|k| load(&h1[k * V..]));
        let mut h2 = [0i16; H2];
        layer!(x2, self.w3, self.b3, h2);
        let dot: i32 = (self.w4.iter().zip(&h2))
            .map(|(&w, &v)| w as i32 * v as i32)
            .sum();
        dot + self.b4
    }

    /// [`Net::output`] in portable Rust (the compiler vectorizes it for the target).
    #[inline(always)]
    fn output_portable(&self, me: &[i16; ACC], opp: &[i16; ACC]) -> i32 {
        let mut x = [0i16; IN2];
        for j in 0..ACC {
            x[j] = me[j].clamp(0, QA as i16);
            x[ACC + j] = opp[j].clamp(0, QA as i16);
        }
        let mut h1 = [0i16; H1];
        for h in 0..H1 {
            let dot: i32 = (self.w2[h].iter().zip(&x))
                .map(|(&w, &v)| w as i32 * v as i32)
                .sum();
            h1[h] = ((dot + self.b2[h] + HALF_QB) >> QB_SHIFT).clamp(0, QA) as i16;
        }
        let mut h2 = [0i16; H2];
        for h in 0..H2 {
            let dot: i32 = (self.w3[h].iter().zip(&h1))
                .map(|(&w, &v)| w as i32 * v as i32)
                .sum();
            h2[h] = ((dot + self.b3[h] + HALF_QB) >> QB_SHIFT).clamp(0, QA) as i16;
        }
        let dot: i32 = (self.w4.iter().zip(&h2))
            .map(|(&w, &v)| w as i32 * v as i32)
            .sum();
        dot + self.b4
    }

    /// The evaluation for the side to move, in the engine's units.
    #[inline]
    pub fn evaluate(&self, me: &[i16; ACC], opp: &[i16; ACC]) -> i32 {
        let v = self.output(me, opp) as f32 * self.out_scale;
        (v as i32).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The output as a logit (for comparing with the float pass).
    pub fn logit(&self, me: &[i16; ACC], opp: &[i16; ACC]) -> f32 {
        self.output(me, opp) as f32 / (QA * QB) as f32
    }
}

/// A point's code for one colour, or none (an occupied or forbidden point).
pub const NO_CODE: u16 = u16::MAX;

/// The accumulators along the search's line, computed lazily: a move records which
/// points' codes changed (most moves, those of the threat searches, are never evaluated),
/// and an evaluation applies the recorded changes from the last computed position on. An
/// unmake drops its position's level, so nothing is subtracted back.
pub struct AccStack {
    net: &'static Net,
    /// Per level (the position `level` moves after the base): the accumulators by colour
    /// (`[Black, White]`), whether they are computed, and where the level's changes start.
    acc: Vec<[[i16; ACC]; 2]>,
    fresh: Vec<bool>,
    starts: Vec<usize>,
    /// (colour, old code, new code).
    changes: Vec<(u8, u16, u16)>,
    top: usize,
    /// Off until the first [`AccStack::reset`]: the changes made while the state is built
    /// are already in the base computed from scratch.
    track: bool,
}

impl AccStack {
    pub fn new(net: &'static Net) -> AccStack {
        AccStack {
            net,
            acc: vec![[net.b1; 2]],
            fresh: vec![true],
            starts: vec![0],
            changes: Vec::with_capacity(1024),
            top: 0,
            track: false,
        }
    }

    #[inline]
    pub fn net(&self) -> &'static Net {
        self.net
    }

    /// One point's code for `colour` changed from `old` to `new` in the top level's move.
    #[inline]
    pub fn record(&mut self, colour: usize, old: u16, new: u16) {
        if self.track && old != new {
            self.changes.push((colour as u8, old, new));
        }
    }

    /// A new level for a move about to be made.
    #[inline]
    pub fn push(&mut self) {
        self.top += 1;
        if self.top == self.acc.len() {
            self.acc.push([[0; ACC]; 2]);
            self.fresh.push(false);
            self.starts.push(0);
        }
        self.fresh[self.top] = false;
        self.starts[self.top] = self.changes.len();
    }

    /// Drops the top level (a move unmade); false when it is the base, whose predecessor
    /// is unknown: the caller then [`AccStack::reset`]s.
    #[inline]
    pub fn pop(&mut self) -> bool {
        if self.top == 0 {
            return false;
        }
        self.changes.truncate(self.starts[self.top]);
        self.top -= 1;
        true
    }

    /// Starts over from `acc`, computed from scratch, as the base; changes are recorded
    /// from here on.
    pub fn reset(&mut self, acc: [[i16; ACC]; 2]) {
        self.track = true;
        self.top = 0;
        self.acc[0] = acc;
        self.fresh[0] = true;
        self.starts[0] = 0;
        self.changes.clear();
    }

    /// The accumulators of the current position, `[Black, White]`.
    #[inline]
    pub fn current(&mut self) -> &[[i16; ACC]; 2] {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked at run time).
            unsafe { self.catch_up_avx2() };
            return &self.acc[self.top];
        }
        self.catch_up();
        &self.acc[self.top]
    }

    /// [`AccStack::catch_up`] compiled for AVX2 (as [`Net::output`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn catch_up_avx2(&mut self) {
        self.catch_up();
    }

    /// Applies the recorded changes from the last computed level up to the top.
    #[inline(always)]
    fn catch_up(&mut self) {
        let mut k = self.top;
        while !self.fresh[k] {
            k -= 1; // level 0 is always computed
        }
        while k < self.top {
            let end = if k + 1 == self.top {
                self.changes.len()
            } else {
                self.starts[k + 2]
            };
            let (done, rest) = self.acc.split_at_mut(k + 1);
            let next = &mut rest[0];
            *next = done[k];
            for &(c, old, new) in &self.changes[self.starts[k + 1]..end] {
                self.net.replace(&mut next[c as usize], old, new);
            }
            self.fresh[k + 1] = true;
            k += 1;
        }
    }
}

// The AVX2 code takes whole vectors of 16 lanes and rows four at a time.
const _: () = assert!(ACC.is_multiple_of(16) && H1.is_multiple_of(16) && H2.is_multiple_of(4));

/// Whether this CPU runs AVX2 (the standard library caches the answer).
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// The trained networks, committed with the source, one a rule (one net for both colours,
/// the side to move first).
static FREESTYLE: &[u8] = include_bytes!("nnue/freestyle.bin");
static STANDARD: &[u8] = include_bytes!("nnue/standard.bin");
static RENJU: &[u8] = include_bytes!("nnue/renju.bin");
/// The colour heads (`heads_for`) of every rule: the rule net's first layer, the layers
/// after it refitted to the positions with that colour to move (`tune nnue --colour`).
static FREESTYLE_BLACK: &[u8] = include_bytes!("nnue/freestyle_black.bin");
static FREESTYLE_WHITE: &[u8] = include_bytes!("nnue/freestyle_white.bin");
static STANDARD_BLACK: &[u8] = include_bytes!("nnue/standard_black.bin");
static STANDARD_WHITE: &[u8] = include_bytes!("nnue/standard_white.bin");
static RENJU_BLACK: &[u8] = include_bytes!("nnue/renju_black.bin");
static RENJU_WHITE: &[u8] = include_bytes!("nnue/renju_white.bin");

/// The committed network file of `rule` and its name, if one is shipped (a rule without
/// one keeps the tables).
pub fn built_in(rule: Rule) -> Option<(&'static [u8], &'static str)> {
    match rule {
        Rule::Freestyle => Some((FREESTYLE, "nnue/freestyle.bin (built in)")),
        Rule::Renju => Some((RENJU, "nnue/renju.bin (built in)")),
        Rule::Standard => Some((STANDARD, "nnue/standard.bin (built in)")),
    }
}

/// The committed colour heads of `rule` (`[Black, White]`) and their names, where shipped.
pub fn built_in_heads(rule: Rule) -> [Option<(&'static [u8], &'static str)>; 2] {
    match rule {
        Rule::Freestyle => [
            Some((FREESTYLE_BLACK, "nnue/freestyle_black.bin (built in)")),
            Some((FREESTYLE_WHITE, "nnue/freestyle_white.bin (built in)")),
        ],
        Rule::Renju => [
            Some((RENJU_BLACK, "nnue/renju_black.bin (built in)")),
            Some((RENJU_WHITE, "nnue/renju_white.bin (built in)")),
        ],
        Rule::Standard => [
            Some((STANDARD_BLACK, "nnue/standard_black.bin (built in)")),
            Some((STANDARD_WHITE, "nnue/standard_white.bin (built in)")),
        ],
    }
}

/// Reads the network of every rule whose switch is on (`Params::nnue_for`), and its
/// colour heads where given, so that the first search does not pay for them.
pub fn load_nets() {
    let p = super::params::Params::get();
    for rule in Rule::ALL {
        heads_for(rule, net_for(rule, p.nnue_for(rule)));
    }
}

/// The network the search uses for `rule` when the switch (`Params::nnue`) is `on`: in the
/// developers' build the file named by `GOMOKU_NNUE` (for every rule: a trial net), else
/// the rule's committed one. `None` when the switch is off, when the rule has no network, or, said once on
/// stderr, when it does not load: the search then keeps the tables.
pub fn net_for(rule: Rule, on: bool) -> Option<&'static Net> {
    static NETS: [OnceLock<Option<Net>>; 3] = [const { OnceLock::new() }; 3];
    if !on {
        return None;
    }
    NETS[rule_slot(rule)]
        .get_or_init(|| {
            let loaded = match trial_file("GOMOKU_NNUE") {
                Some(path) => read_net(&path),
                None => {
                    let (bytes, name) = built_in(rule)?;
                    Net::from_bytes(bytes, name)
                }
            };
            loaded
                .map_err(|e| eprintln!("nnue: {e}; evaluating with the tables"))
                .ok()
        })
        .as_ref()
}

/// The index of `rule` in the per-rule caches of nets and heads.
fn rule_slot(rule: Rule) -> usize {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

/// The trial weights file named by the environment variable `var` (`GOMOKU_NNUE*`), read
/// only in the developers' build: the game a player builds keeps its committed nets.
#[cfg(feature = "tools")]
fn trial_file(var: &str) -> Option<String> {
    std::env::var(var).ok()
}

#[cfg(not(feature = "tools"))]
fn trial_file(_: &str) -> Option<String> {
    None
}

/// A trial weights file (`GOMOKU_NNUE*`), read and quantized; errors name the file.
fn read_net(path: &str) -> Result<Net, String> {
    std::fs::read(path)
        .map_err(|e| format!("{path}: {e}"))
        .and_then(|b| Net::from_bytes(&b, path))
}

/// Checks that `head` can value positions from `base`'s accumulators: the same first
/// layer (W1 and b1, integer), so that only the layers after it differ. `name`: the head's
/// file, for the error.
pub fn check_head(base: &Net, head: &Net, name: &str) -> Result<(), String> {
    if head.w1 != base.w1 || head.b1 != base.b1 {
        return Err(format!(
            "{name}: its first layer (W1, b1) is not the rule net's; train it with --init \
             on that net and --freeze-w1"
        ));
    }
    Ok(())
}

/// The heads that value positions with each colour to move (`[Black, White]`), where
/// given: in the developers' build the net files named by `GOMOKU_NNUE_BLACK` and
/// `GOMOKU_NNUE_WHITE` (trials, for every rule with a net), else, with `Params::nnue_heads` on, the rule's committed ones
/// ([`built_in_heads`]). Each must share the rule net's first layer ([`check_head`]), so
/// both colours read the same accumulators through their own hidden and output layers: a
/// rule's positions differ by colour (Renju's forbidden points are Black's only) while the
/// input says only whose turn it is. `None` for a colour without one, or, said once on
/// stderr, whose file does not load or match: the rule net values it (a trial head
/// matches one rule's net; the other rules say so and go on without it).
pub fn heads_for(rule: Rule, base: Option<&'static Net>) -> [Option<&'static Net>; 2] {
    static HEADS: [[OnceLock<Option<Net>>; 2]; 3] = [const { [const { OnceLock::new() }; 2] }; 3];
    let Some(base) = base else {
        return [None, None];
    };
    let slot = rule_slot(rule);
    let built_in = built_in_heads(rule);
    let on = super::params::Params::get().nnue_heads > 0.0;
    [("GOMOKU_NNUE_BLACK", 0), ("GOMOKU_NNUE_WHITE", 1)].map(|(var, c)| {
        HEADS[slot][c]
            .get_or_init(|| {
                let loaded = match trial_file(var) {
                    Some(path) => read_net(&path).map(|n| (n, path)),
                    None => {
                        let (bytes, name) = built_in[c].filter(|_| on)?;
                        Net::from_bytes(bytes, name).map(|n| (n, name.to_string()))
                    }
                };
                loaded
                    .and_then(|(head, name)| check_head(base, &head, &name).map(|()| head))
                    .map_err(|e| eprintln!("nnue: {e}; the {rule:?} net values this colour"))
                    .ok()
            })
            .as_ref()
    })
}

/// A random float net of a trained net's magnitudes, its first layer on the integer grid as
/// the trainer leaves it (for tests).
#[cfg(test)]
pub fn random_net(seed: u64) -> FloatNet {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut params = vec![0.0f32; PARAMS];
    for (i, v) in params.iter_mut().enumerate() {
        let a = match i {
            _ if i < B1 => 0.02,
            _ if i < W2 => 0.5,
            _ if i < W4 => 0.3,
            _ => 1.0,
        };
        *v = rng.random_range(-a..a);
        if i < W2 {
            *v = (*v * QA as f32).round() / QA as f32;
        }
    }
    FloatNet { params, k: 238.0 }
}

/// A net with `base`'s first layer and the hidden and output layers of `random_net(seed)`:
/// a second head for `base` (for tests).
#[cfg(test)]
pub fn random_head(base: &FloatNet, seed: u64) -> FloatNet {
    let mut head = random_net(seed);
    head.params[..W2].copy_from_slice(&base.params[..W2]);
    head
}

/// The non-zero counts of a dense pcode histogram, as (code, count) pairs: the network's
/// sparse input (and a format 2 data line's).
pub fn sparse(v: &[u16]) -> Vec<(u16, u16)> {
    (v.iter().enumerate())
        .filter(|&(_, &n)| n > 0)
        .map(|(i, &n)| (i as u16, n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
