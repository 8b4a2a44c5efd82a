//! The trainer's side of the policy (`tune policytrain`, and the tests): the float forward
//! and backward passes and the weights file.
//!
//! Weights file (little-endian): magic `GMKPOLY\0`, version u32 (2), u32 dims (codes,
//! lanes), then the float parameters in the order of [`FloatPolicy::params`] (the
//! constants of `policy`: EM, EO, b, GM, GO, gb, u, V, DL).

use super::{
    B, BUCKETS, CODES, COUNT_SCALE, DL, EM, EO, GB, GM, GO, LANES, PARAMS, PolicyInput, U, V,
};

pub const MAGIC: &[u8; 8] = b"GMKPOLY\0";
pub const VERSION: u32 = 2;

/// The policy's float parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatPolicy {
    pub params: Vec<f32>,
}

/// What a forward pass keeps for the backward pass.
#[derive(Clone, Debug)]
pub struct Activations {
    /// Each candidate's lanes before the clipped ReLU.
    pub h_pre: Vec<[f32; LANES]>,
    /// The board's lanes before the clipped ReLU, and after.
    pub g_pre: [f32; LANES],
    pub g: [f32; LANES],
    /// The head's per-lane weights: `u + V g`.
    pub m: [f32; LANES],
    /// One logit per candidate.
    pub logits: Vec<f32>,
}

/// Where `DL[which][bucket]` starts.
pub fn dl_at(which: usize, bucket: u8) -> usize {
    DL + (which * BUCKETS + bucket as usize) * LANES
}

#[inline]
fn crelu(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

/// Clipped ReLU passes the gradient only inside (0, 1).
#[inline]
fn pass(v: f32) -> bool {
    v > 0.0 && v < 1.0
}

/// The softmax of `logits` (empty for none).
pub fn softmax(logits: &[f32]) -> Vec<f32> {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = logits.iter().map(|&l| (l - max).exp()).collect();
    let sum: f32 = exp.iter().sum();
    exp.into_iter().map(|e| e / sum).collect()
}

impl FloatPolicy {
    /// All zeros: every candidate equally likely.
    pub fn zeros() -> FloatPolicy {
        FloatPolicy {
            params: vec![0.0; PARAMS],
        }
    }

    fn row(&self, at: usize, code: u16) -> &[f32] {
        &self.params[at + code as usize * LANES..][..LANES]
    }

    /// The float forward pass.
    pub fn forward(&self, input: &PolicyInput) -> Activations {
        let p = &self.params;
        let mut g_pre = [0.0; LANES];
        g_pre.copy_from_slice(&p[GB..GB + LANES]);
        for (side, at) in [GM, GO].into_iter().enumerate() {
            for &(code, n) in &input.histogram[side] {
                let w = n as f32 / COUNT_SCALE;
                for (v, r) in g_pre.iter_mut().zip(self.row(at, code)) {
                    *v += w * r;
                }
            }
        }
        let g = g_pre.map(crelu);
        let mut m = [0.0; LANES];
        for j in 0..LANES {
            let row = &p[V + j * LANES..][..LANES];
            m[j] = p[U + j] + row.iter().zip(&g).map(|(v, g)| v * g).sum::<f32>();
        }
        let mut h_pre = Vec::with_capacity(input.candidates.len());
        let mut logits = Vec::with_capacity(input.candidates.len());
        for c in &input.candidates {
            let mut h = [0.0; LANES];
            let (em, eo) = (self.row(EM, c.codes[0]), self.row(EO, c.codes[1]));
            let [d0, d1] = [0, 1].map(|k| &p[dl_at(k, c.recent[k])..][..LANES]);
            for j in 0..LANES {
                h[j] = p[B + j] + em[j] + eo[j] + d0[j] + d1[j];
            }
            logits.push(h.iter().zip(&m).map(|(&h, m)| crelu(h) * m).sum());
            h_pre.push(h);
        }
        Activations {
            h_pre,
            g_pre,
            g,
            m,
            logits,
        }
    }

    /// Adds to `grad` the gradient of the cross-entropy of the policy against the
    /// candidate `target` (an index into the input's candidates); returns that loss.
    pub fn backward(
        &self,
        input: &PolicyInput,
        a: &Activations,
        target: usize,
        grad: &mut [f32],
    ) -> f32 {
        let p = &self.params;
        let probs = softmax(&a.logits);
        let loss = -probs[target].max(1e-12).ln();
        let mut dm = [0.0f32; LANES];
        for (k, c) in input.candidates.iter().enumerate() {
            let dl = probs[k] - f32::from(k == target);
            let h = &a.h_pre[k];
            let mut dh = [0.0f32; LANES];
            for j in 0..LANES {
                dm[j] += dl * crelu(h[j]);
                if pass(h[j]) {
                    dh[j] = dl * a.m[j];
                }
            }
            let [d0, d1] = [0, 1].map(|k| dl_at(k, c.recent[k]));
            for j in 0..LANES {
                grad[EM + c.codes[0] as usize * LANES + j] += dh[j];
                grad[EO + c.codes[1] as usize * LANES + j] += dh[j];
                grad[B + j] += dh[j];
                grad[d0 + j] += dh[j];
                grad[d1 + j] += dh[j];
            }
        }
        let mut dg_pre = [0.0f32; LANES];
        for j in 0..LANES {
            grad[U + j] += dm[j];
            for i in 0..LANES {
                grad[V + j * LANES + i] += dm[j] * a.g[i];
                if pass(a.g_pre[i]) {
                    dg_pre[i] += dm[j] * p[V + j * LANES + i];
                }
            }
        }
        for (side, at) in [GM, GO].into_iter().enumerate() {
            for &(code, n) in &input.histogram[side] {
                let w = n as f32 / COUNT_SCALE;
                for j in 0..LANES {
                    grad[at + code as usize * LANES + j] += w * dg_pre[j];
                }
            }
        }
        for j in 0..LANES {
            grad[GB + j] += dg_pre[j];
        }
        loss
    }

    /// The weights file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(20 + 4 * PARAMS);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for d in [CODES, LANES] {
            out.extend_from_slice(&(d as u32).to_le_bytes());
        }
        for v in &self.params {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads a weights file, saying what is wrong with one that is not.
    pub fn from_bytes(bytes: &[u8]) -> Result<FloatPolicy, String> {
        let word = |at: usize| -> Option<u32> {
            Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
        };
        if bytes.get(..8) != Some(&MAGIC[..]) {
            return Err("not a policy file (no GMKPOLY magic)".into());
        }
        if word(8) != Some(VERSION) {
            return Err(format!("version {:?}, this build reads {VERSION}", word(8)));
        }
        let dims = [word(12), word(16)];
        if dims != [Some(CODES as u32), Some(LANES as u32)] {
            return Err(format!(
                "dimensions {dims:?}, this build has [{CODES}, {LANES}]"
            ));
        }
        let body = &bytes[20..];
        if body.len() != 4 * PARAMS {
            return Err(format!(
                "{} bytes of parameters, {} expected",
                body.len(),
                4 * PARAMS
            ));
        }
        let params = body
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(FloatPolicy { params })
    }
}
