//! The trainer's side of the policy (`tune policytrain`, and the tests): the float forward
//! and backward passes and the weights file.
//!
//! (The file's format and its reading are `policy`'s: the engine reads it too.)

use super::{
    B, CODES, DL, EM, EO, FloatPolicy, LANES, MAGIC, PARAMS, PolicyInput, QA, ROW_LIMIT, TRUNK, U,
    U_LIMIT, V, V_LIMIT, VERSION, dl_at,
};

/// What a forward pass keeps for the backward pass.
#[derive(Clone, Debug)]
pub struct Activations {
    /// Each candidate's lanes before the clipped ReLU.
    pub h_pre: Vec<[f32; LANES]>,
    /// The board's input, 0..1.
    pub x: [f32; TRUNK],
    /// The head's per-lane weights: `u + V g`.
    pub m: [f32; LANES],
    /// One logit per candidate.
    pub logits: Vec<f32>,
}

/// The board's input as the float pass reads it: the integer lanes over [`QA`].
pub fn board_input(input: &PolicyInput) -> [f32; TRUNK] {
    input.trunk.map(|v| v as f32 / QA as f32)
}

/// The clipped ReLU of the float passes (the trainers' experiments use it too).
#[inline]
pub fn crelu(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

/// Clipped ReLU passes the gradient only inside (0, 1).
#[inline]
pub fn pass(v: f32) -> bool {
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
    fn row(&self, at: usize, code: u16) -> &[f32] {
        &self.params[at + code as usize * LANES..][..LANES]
    }

    /// The float forward pass.
    pub fn forward(&self, input: &PolicyInput) -> Activations {
        self.forward_with(input, &[])
    }

    /// [`FloatPolicy::forward`] with another input's share added to each candidate's
    /// lanes before the clipped ReLU (`extra[k]` for candidate `k`; empty for none): an
    /// experiment's way in (`tune policymix`).
    pub fn forward_with(&self, input: &PolicyInput, extra: &[[f32; LANES]]) -> Activations {
        let p = &self.params;
        let x = board_input(input);
        let mut m = [0.0; LANES];
        for j in 0..LANES {
            let row = &p[V + j * TRUNK..][..TRUNK];
            m[j] = p[U + j] + row.iter().zip(&x).map(|(v, x)| v * x).sum::<f32>();
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
            if let Some(e) = extra.get(h_pre.len()) {
                for j in 0..LANES {
                    h[j] += e[j];
                }
            }
            logits.push(h.iter().zip(&m).map(|(&h, m)| crelu(h) * m).sum());
            h_pre.push(h);
        }
        Activations {
            h_pre,
            x,
            m,
            logits,
        }
    }

    /// Adds to `grad` the gradient of the cross-entropy of the policy against the
    /// candidate `target` (an index into the input's candidates); returns that loss. The
    /// board input is the value network's and is not trained here.
    pub fn backward(
        &self,
        input: &PolicyInput,
        a: &Activations,
        target: usize,
        grad: &mut [f32],
    ) -> f32 {
        self.backward_to(input, a, &[(target, 1.0)], grad)
    }

    /// [`FloatPolicy::backward`] against a target distribution: `(candidate, share)` pairs,
    /// the shares summing to 1 (a ranking target from the candidates' scores).
    pub fn backward_to(
        &self,
        input: &PolicyInput,
        a: &Activations,
        target: &[(usize, f32)],
        grad: &mut [f32],
    ) -> f32 {
        self.backward_lanes(input, a, target, grad).0
    }

    /// [`FloatPolicy::backward_to`], also returning the loss's derivative at each
    /// candidate's lanes before the clipped ReLU (where an extra input enters,
    /// [`FloatPolicy::forward_with`]).
    pub fn backward_lanes(
        &self,
        input: &PolicyInput,
        a: &Activations,
        target: &[(usize, f32)],
        grad: &mut [f32],
    ) -> (f32, Vec<[f32; LANES]>) {
        let probs = softmax(&a.logits);
        let mut want = vec![0.0f32; probs.len()];
        for &(k, t) in target {
            want[k] += t;
        }
        let loss = -target
            .iter()
            .map(|&(k, t)| t * probs[k].max(1e-12).ln())
            .sum::<f32>();
        let mut dm = [0.0f32; LANES];
        let mut d_lanes = Vec::with_capacity(input.candidates.len());
        for (k, c) in input.candidates.iter().enumerate() {
            let dl = probs[k] - want[k];
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
            d_lanes.push(dh);
        }
        for j in 0..LANES {
            grad[U + j] += dm[j];
            let row = &mut grad[V + j * TRUNK..][..TRUNK];
            for (g, x) in row.iter_mut().zip(&a.x) {
                *g += dm[j] * x;
            }
        }
        (loss, d_lanes)
    }

    /// Holds every parameter inside the range the integer policy takes
    /// ([`super::net::Policy::quantize`]).
    pub fn clamp(&mut self) {
        let (p, dl) = self.params.split_at_mut(DL);
        for v in p[EM..U].iter_mut().chain(dl) {
            *v = v.clamp(-ROW_LIMIT, ROW_LIMIT);
        }
        for v in &mut p[U..V] {
            *v = v.clamp(-U_LIMIT, U_LIMIT);
        }
        for v in &mut p[V..DL] {
            *v = v.clamp(-V_LIMIT, V_LIMIT);
        }
    }

    /// The weights file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + 4 * PARAMS);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for d in [CODES, LANES, TRUNK] {
            out.extend_from_slice(&(d as u32).to_le_bytes());
        }
        for v in &self.params {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }
}
