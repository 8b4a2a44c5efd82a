//! The move policy (Engine IV, see `docs/benchmarks/history.md`, "A learned policy"): a
//! probability for each candidate point of being the move a deep search plays, from the
//! shapes the point makes and from the whole board's.
//!
//! Input per candidate point (empty, within two cells of a stone, playable by the side to
//! move): its four-pattern code ([`PCODE_COUNT`] codes, plus [`NO_CODE`] where the colour
//! may not play it) for the side to move and for the other side. Input of the board: per
//! colour, how many empty points make each code (`State::eval_pcodes`, the histogram the
//! value network reads).
//!
//! The net, float in the trainer (`train`, developers' build and tests):
//! - a point's lanes: `h = crelu(b + EM[code to move] + EO[code waiting])`, [`LANES`] of
//!   them (a learned vector per shape: the pattern tables' scores, made nonlinear);
//! - the board's: `g = crelu(gb + sum_code count / COUNT_SCALE x (GM[code] | GO[code]))`,
//!   kept as the value network's accumulators are (a move changes few points' codes);
//! - a "dynamic pointwise" head: the point's logit is `h . (u + V g)`, so the board decides
//!   which shapes matter now (defend or attack, early or late);
//! - the policy is the softmax of the logits over the candidates.
//!
//! The point lanes do not depend on the direction a pattern lies in, so the eight
//! symmetries of the board give the same input: data is deduplicated, not multiplied, by
//! them.

// Index loops over the layers' arrays read as the formulas they implement.
#![allow(clippy::needless_range_loop)]

use super::pattern::{Combo, PCODE_COUNT, pcode};
use super::state::State;

#[cfg(any(test, feature = "tools"))]
pub mod train;

/// A point's and the board's lanes.
pub const LANES: usize = 32;
/// The code of a point the colour may not play (Renju's forbidden points for Black).
pub const NO_CODE: u16 = PCODE_COUNT as u16;
/// Codes in the embedding tables: the four-pattern codes and [`NO_CODE`].
pub const CODES: usize = PCODE_COUNT + 1;
/// A histogram's counts (up to 225 points) are divided by this before they weigh: the
/// board's lanes then start in the range of a point's.
pub const COUNT_SCALE: f32 = 32.0;

/// Where each part of the parameters starts in [`train::FloatPolicy::params`].
pub const EM: usize = 0;
pub const EO: usize = EM + CODES * LANES;
pub const B: usize = EO + CODES * LANES;
pub const GM: usize = B + LANES;
pub const GO: usize = GM + CODES * LANES;
pub const GB: usize = GO + CODES * LANES;
pub const U: usize = GB + LANES;
/// `V[lane of h][lane of g]`.
pub const V: usize = U + LANES;
pub const PARAMS: usize = V + LANES * LANES;

/// One candidate point: its index and its codes for the side to move and the other side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub point: u16,
    pub codes: [u16; 2],
}

/// What the policy reads of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolicyInput {
    /// The candidates in board order.
    pub candidates: Vec<Candidate>,
    /// Per colour (the side to move first), the `(code, count)` pairs of the empty points'
    /// histogram, codes ascending, counts above zero.
    pub histogram: [Vec<(u16, u16)>; 2],
}

impl PolicyInput {
    /// The input of `st`'s position, side to move first.
    pub fn of(st: &State) -> PolicyInput {
        let me = st.side();
        let size = st.size();
        let code = |i: usize, c| {
            if st.combo(i, c) == Combo::Forbidden {
                NO_CODE
            } else {
                pcode(std::array::from_fn(|d| st.line(i, c, d))) as u16
            }
        };
        let mut candidates = Vec::new();
        for i in 0..size * size {
            if st.near(i) && st.playable(i) {
                candidates.push(Candidate {
                    point: i as u16,
                    codes: [code(i, me), code(i, me.opponent())],
                });
            }
        }
        let histogram = st.eval_pcodes().map(|counts| {
            counts
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(|(c, &n)| (c as u16, n))
                .collect()
        });
        PolicyInput {
            candidates,
            histogram,
        }
    }
}

#[cfg(test)]
mod tests;
