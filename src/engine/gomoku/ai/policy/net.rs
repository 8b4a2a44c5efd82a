//! The integer policy the search reads ([`Policy`]): the float parameters rounded once
//! when a file is read, then only integer arithmetic, so the code compiled for AVX2 (chosen
//! at run time) and the portable code give the same logits.
//!
//! Scales: a point's lanes at [`QA`] (1024 is 1.0; the rows as i16, their five-term sum
//! in i16 within the trainer's [`ROW_LIMIT`]); the board's input at QA (the value network's
//! clipped accumulators); V as i16 at 2^10 and u as i32 at 2^20, so the head's sum is at
//! 2^20 (|sum| <= 128 inputs x 1024 x 8 x 1024 < 2^31) and is rounded to i16 at 2^8 (|m| <
//! 128); a logit is `sum_lanes h x m` at 2^18 (32 x 1024 x 32767 < 2^31).

use super::{
    B, BUCKETS, CODES, EM, EO, FloatPolicy, LANES, NO_CODE, QA, ROW_LIMIT, TRUNK, U, V, V_LIMIT,
    dl_at,
};

/// The head's weights' and the logits' scales.
const V_SHIFT: u32 = 10;
const U_SCALE: f32 = (1u32 << 20) as f32;
/// From the head's sum (2^20) to its i16 lanes (2^8).
const M_SHIFT: u32 = 12;
/// Logit units: 2^18 is one nat.
pub const LOGIT_SCALE: i32 = 1 << 18;

/// The quantized policy.
pub struct Policy {
    /// `[code][lane]` for the side to move and for the other side.
    em: Vec<[i16; LANES]>,
    eo: Vec<[i16; LANES]>,
    b: [i16; LANES],
    /// `[which recent move][bucket][lane]`.
    dl: [[[i16; LANES]; BUCKETS]; 2],
    u: [i32; LANES],
    /// `[lane of h][lane of x]`.
    v: Vec<[i16; TRUNK]>,
}

/// The head's per-lane weights of one position (`u + V x`, at 2^8).
pub type Head = [i16; LANES];

impl Policy {
    /// Rounds a float policy to the integer one; a parameter beyond what the integer sums
    /// allow is an error naming it (`name`: the file).
    pub fn quantize(f: &FloatPolicy, name: &str) -> Result<Policy, String> {
        let p = &f.params;
        let check = |i: usize, limit: f32| {
            if p[i].abs() > limit {
                Err(format!(
                    "{name}: parameter {i} ({}) is beyond the integer range (|x| <= {limit})",
                    p[i]
                ))
            } else {
                Ok(())
            }
        };
        let row = |at: usize| -> Result<[i16; LANES], String> {
            let mut r = [0i16; LANES];
            for j in 0..LANES {
                check(at + j, ROW_LIMIT)?;
                r[j] = (p[at + j] * QA as f32).round() as i16;
            }
            Ok(r)
        };
        let table = |at: usize| -> Result<Vec<[i16; LANES]>, String> {
            (0..CODES).map(|c| row(at + c * LANES)).collect()
        };
        let mut dl = [[[0i16; LANES]; BUCKETS]; 2];
        for (k, rows) in dl.iter_mut().enumerate() {
            for (bucket, r) in rows.iter_mut().enumerate() {
                *r = row(dl_at(k, bucket as u8))?;
            }
        }
        let mut u = [0i32; LANES];
        let mut v = vec![[0i16; TRUNK]; LANES];
        for j in 0..LANES {
            check(U + j, super::U_LIMIT)?;
            u[j] = (p[U + j] * U_SCALE).round() as i32;
            for i in 0..TRUNK {
                check(V + j * TRUNK + i, V_LIMIT)?;
                v[j][i] = (p[V + j * TRUNK + i] * (1 << V_SHIFT) as f32).round() as i16;
            }
        }
        Ok(Policy {
            em: table(EM)?,
            eo: table(EO)?,
            b: row(B)?,
            dl,
            u,
            v,
        })
    }

    /// Reads and quantizes a weights file's bytes (`name` heads the errors).
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Policy, String> {
        let f = FloatPolicy::from_bytes(bytes).map_err(|e| format!("{name}: {e}"))?;
        Policy::quantize(&f, name)
    }

    /// The head of a position from its board input ([`super::trunk_of`]).
    #[inline]
    pub fn head(&self, x: &[i16; TRUNK]) -> Head {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked at run time).
            return unsafe { self.head_avx2(x) };
        }
        self.head_portable(x)
    }

    /// [`Policy::head`] compiled for AVX2: the same integer code (16 products a
    /// multiply-add), so the same result.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn head_avx2(&self, x: &[i16; TRUNK]) -> Head {
        self.head_portable(x)
    }

    #[inline(always)]
    pub(super) fn head_portable(&self, x: &[i16; TRUNK]) -> Head {
        let mut m = [0i16; LANES];
        for j in 0..LANES {
            let dot: i32 = (self.v[j].iter().zip(x))
                .map(|(&w, &x)| w as i32 * x as i32)
                .sum();
            let s = (dot + self.u[j] + (1 << (M_SHIFT - 1))) >> M_SHIFT;
            m[j] = s.clamp(-(i16::MAX as i32), i16::MAX as i32) as i16;
        }
        m
    }

    /// The logits (at [`LOGIT_SCALE`]) of the points with codes `codes[k]` (the side to
    /// move's and the other side's, [`NO_CODE`] where forbidden) and recent-move buckets
    /// `recent[k]`, into `out`.
    #[inline]
    pub fn logits(&self, m: &Head, codes: &[[u16; 2]], recent: &[[u8; 2]], out: &mut [i32]) {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: the CPU has AVX2 (checked at run time).
            return unsafe { self.logits_avx2(m, codes, recent, out) };
        }
        self.logits_portable(m, codes, recent, out)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn logits_avx2(&self, m: &Head, codes: &[[u16; 2]], recent: &[[u8; 2]], out: &mut [i32]) {
        self.logits_portable(m, codes, recent, out)
    }

    #[inline(always)]
    pub(super) fn logits_portable(
        &self,
        m: &Head,
        codes: &[[u16; 2]],
        recent: &[[u8; 2]],
        out: &mut [i32],
    ) {
        for ((c, r), o) in codes.iter().zip(recent).zip(out.iter_mut()) {
            let (em, eo) = (&self.em[c[0] as usize], &self.eo[c[1] as usize]);
            let (d0, d1) = (&self.dl[0][r[0] as usize], &self.dl[1][r[1] as usize]);
            let mut dot = 0i32;
            for j in 0..LANES {
                let h = self.b[j]
                    .wrapping_add(em[j])
                    .wrapping_add(eo[j])
                    .wrapping_add(d0[j])
                    .wrapping_add(d1[j])
                    .clamp(0, QA as i16);
                dot += h as i32 * m[j] as i32;
            }
            *o = dot;
        }
    }
}

// Every code the state can give has a row.
const _: () = assert!(NO_CODE as usize == CODES - 1);

/// Whether this CPU runs AVX2 (the standard library caches the answer).
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}
