//! The move policy (Engine IV, see `docs/benchmarks/history.md`, session 39): a
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
//! - a point's lanes: `h = crelu(b + EM[code to move] + EO[code waiting] + DL[0][where the
//!   last move is] + DL[1][where the mover's own last move is])`, [`LANES`] of them (a
//!   learned vector per shape: the pattern tables' scores, made nonlinear; and how the point
//!   lies from the last two moves, [`recent_bucket`]: an answer is usually near them);
//! - the board's: `g = crelu(gb + sum_code count / COUNT_SCALE x (GM[code] | GO[code]))`,
//!   kept as the value network's accumulators are (a move changes few points' codes);
//! - a "dynamic pointwise" head: the point's logit is `h . (u + V g)`, so the board decides
//!   which shapes matter now (defend or attack, early or late);
//! - the policy is the softmax of the logits over the candidates.
//!
//! The input does not depend on the direction a pattern or a recent move lies in, so the
//! eight symmetries of the board give the same input: data is deduplicated, not
//! multiplied, by them.

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

/// Classes of where a point lies from a recent move ([`recent_bucket`]).
pub const BUCKETS: usize = 8;

/// Where the point `i` lies from the recent move `m` on a board of `size`: on one of its
/// four lines within four cells (0..4 by distance), off its lines two or three cells away
/// (4, 5), farther (6), or no such move (7).
pub fn recent_bucket(i: usize, m: Option<usize>, size: usize) -> u8 {
    let Some(m) = m else {
        return 7;
    };
    let (dx, dy) = ((i % size).abs_diff(m % size), (i / size).abs_diff(m / size));
    let d = dx.max(dy);
    let aligned = dx == 0 || dy == 0 || dx == dy;
    match (aligned, d) {
        (true, 1..=4) => (d - 1) as u8,
        (false, 2..=3) => (d + 2) as u8,
        _ => 6,
    }
}

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
/// `DL[which recent move][bucket][lane]`.
pub const DL: usize = V + LANES * LANES;
pub const PARAMS: usize = DL + 2 * BUCKETS * LANES;

/// One candidate point: its index, its codes for the side to move and the other side, and
/// where it lies from the last move and the mover's own last move ([`recent_bucket`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub point: u16,
    pub codes: [u16; 2],
    pub recent: [u8; 2],
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
        let recent = [st.recent_move_index(0), st.recent_move_index(1)];
        let mut candidates = Vec::new();
        for i in 0..size * size {
            if st.near(i) && st.playable(i) {
                candidates.push(Candidate {
                    point: i as u16,
                    codes: [code(i, me), code(i, me.opponent())],
                    recent: recent.map(|m| recent_bucket(i, m, size)),
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

/// A trial policy for the search (developers' build): the weights file named by
/// `GOMOKU_POLICY`, read once, with its uses: `GOMOKU_POLICY_ORDER` (move-score units one
/// nat of its logits adds to a candidate's score, 0 by default) and `GOMOKU_POLICY_LMR`
/// ("scale,bias": a late move's reduction grows by `scale x (best logit - its logit) -
/// bias`, clamped to -1..3 plies; none by default), both at nodes of `GOMOKU_POLICY_DEPTH`
/// plies or more (3 by default: the float pass is too slow for every node).
#[cfg(feature = "tools")]
pub struct Trial {
    pub net: train::FloatPolicy,
    pub order: f32,
    pub lmr: Option<(f32, f32)>,
    pub depth: f32,
}

/// The trial policy, `None` without `GOMOKU_POLICY`. A file that cannot be read stops the
/// program with its reason: a trial must not quietly run without its policy.
#[cfg(feature = "tools")]
pub fn trial() -> Option<&'static Trial> {
    use std::sync::OnceLock;
    static TRIAL: OnceLock<Option<Trial>> = OnceLock::new();
    TRIAL
        .get_or_init(|| {
            let path = std::env::var("GOMOKU_POLICY").ok()?;
            let net = std::fs::read(&path)
                .map_err(|e| e.to_string())
                .and_then(|b| train::FloatPolicy::from_bytes(&b))
                .unwrap_or_else(|e| panic!("GOMOKU_POLICY={path}: {e}"));
            let var = |name| std::env::var(name).ok();
            let order = var("GOMOKU_POLICY_ORDER")
                .and_then(|s| s.parse().ok())
                .unwrap_or(0.0);
            let lmr = var("GOMOKU_POLICY_LMR").and_then(|s| {
                let (a, b) = s.split_once(',')?;
                Some((a.parse().ok()?, b.parse().ok()?))
            });
            let depth = var("GOMOKU_POLICY_DEPTH")
                .and_then(|s| s.parse().ok())
                .unwrap_or(3.0);
            Some(Trial {
                net,
                order,
                lmr,
                depth,
            })
        })
        .as_ref()
}
