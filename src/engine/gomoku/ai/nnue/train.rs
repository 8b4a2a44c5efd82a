//! The trainer's side of the network (`tune nnue`, and the tests): the float forward and
//! backward passes, the file's writing, and the sparse input of a data line.

#[cfg(test)]
use super::QA;
use super::{
    ACC, B1, B2, B3, B4, FloatNet, H1, H2, IN2, MAGIC, PARAMS, PCODE_COUNT, VERSION, W1, W2, W3, W4,
};

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
        self.forward_with(pcs, &[0.0; H1])
    }

    /// [`FloatNet::forward`] with `extra` added to the first hidden layer's sums: another
    /// input's share, as a trainer's experiment computes it (`tune cellnet`).
    pub fn forward_with(&self, pcs: [&[(u16, u16)]; 2], extra: &[f32; H1]) -> Activations {
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
            a.h1_pre[h] = dot + p[B2 + h] + extra[h];
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
    /// derivative by the output logit (`dy`); returns the derivative by the first hidden
    /// layer's sums (what an `extra` input of [`FloatNet::forward_with`] passes on).
    pub fn backward(
        &self,
        pcs: [&[(u16, u16)]; 2],
        a: &Activations,
        dy: f32,
        grad: &mut [f32],
    ) -> [f32; H1] {
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
        let mut d_pre = [0.0f32; H1];
        for h in 0..H1 {
            if !pass(a.h1_pre[h]) {
                continue;
            }
            let g = d_h1[h];
            d_pre[h] = g;
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
        d_pre
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
