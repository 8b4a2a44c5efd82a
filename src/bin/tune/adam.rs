//! What `tune nnue` and `tune policytrain` share: a mini-batch's gradient summed over the
//! threads, and the Adam step.

use super::fail;

/// The summed gradient (of `len` parameters) and loss of the positions `chunk`, from
/// `part`, which returns them for a slice of it: the chunk is cut in `threads` parts whose
/// sums are added in a fixed order, so the result does not depend on timing.
pub(super) fn summed<F>(chunk: &[usize], threads: usize, len: usize, part: F) -> (Vec<f32>, f64)
where
    F: Fn(&[usize]) -> (Vec<f32>, f64) + Sync,
{
    if threads <= 1 {
        return part(chunk);
    }
    let per = chunk.len().div_ceil(threads);
    let part = &part;
    let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|s| {
        let hs: Vec<_> = chunk
            .chunks(per)
            .map(|c| s.spawn(move || part(c)))
            .collect();
        hs.into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| fail("a training thread failed"))
            })
            .collect()
    });
    let mut grad = vec![0.0f32; len];
    let mut loss = 0.0;
    for (g, l) in parts {
        loss += l;
        for (a, b) in grad.iter_mut().zip(g) {
            *a += b;
        }
    }
    (grad, loss)
}

/// Adam's moments and step count.
pub(super) struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
}

impl Adam {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;
    const EPS: f32 = 1e-8;

    pub(super) fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            step: 0,
        }
    }

    /// One step of `params[from..]` at rate `lr` along `grad x scale` (a summed gradient
    /// times one over the batch).
    pub(super) fn update(
        &mut self,
        params: &mut [f32],
        grad: &[f32],
        scale: f32,
        lr: f32,
        from: usize,
    ) {
        self.step += 1;
        let (b1, b2) = (Self::B1, Self::B2);
        let (c1, c2) = (1.0 - b1.powi(self.step), 1.0 - b2.powi(self.step));
        for i in from..params.len() {
            let g = grad[i] * scale;
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
            params[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + Self::EPS);
        }
    }
}
