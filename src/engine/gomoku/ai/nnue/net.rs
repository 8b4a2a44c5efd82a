//! The integer inference the search evaluates with: the quantized [`Net`] (its output
//! layers in AVX2 where the CPU has it) and the lazily updated accumulators ([`AccStack`]).

use super::{
    ACC, B1, B2, B3, B4, EVAL_LIMIT, FloatNet, H1, H2, HALF_QB, IN2, NO_CODE, PCODE_COUNT, QA, QB,
    QB_SHIFT, W1, W2, W3, W4,
};

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
    pub(super) fn output_portable(&self, me: &[i16; ACC], opp: &[i16; ACC]) -> i32 {
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
