//! The move policy (Engine IV, see `docs/benchmarks/history.md`, sessions 39 and 40): a
//! probability for each candidate point of being the move a deep search plays, from the
//! shapes the point makes and from the value network's view of the whole board.
//!
//! Input per candidate point (empty, within two cells of a stone, playable by the side to
//! move): its four-pattern code ([`PCODE_COUNT`] codes, plus [`NO_CODE`] where the colour
//! may not play it) for the side to move and for the other side, and where it lies from the
//! last two moves ([`recent_bucket`]). The codes are the ones `State` keeps up to date move
//! by move for its tables, so a point's features are looked up, never recomputed. Input of
//! the board: the value network's two accumulators (`nnue`, side to move first, clipped to
//! 0..1), which `State` also keeps move by move: the policy is a second head on the value
//! network's first layer, and costs no board pass of its own.
//!
//! The net (float in the trainer, `train`; integer in the engine, [`net::Policy`]):
//! - a point's lanes: `h = crelu(b + EM[code to move] + EO[code waiting] + DL[0][where the
//!   last move is] + DL[1][where the mover's own last move is])`, [`LANES`] of them;
//! - a "dynamic pointwise" head: the point's logit is `h . (u + V x)`, `x` the board's
//!   [`TRUNK`] clipped accumulator lanes, so the board decides which shapes matter now
//!   (defend or attack, early or late);
//! - the policy is the softmax of the logits over the candidates.
//!
//! The input does not depend on the direction a pattern or a recent move lies in, and the
//! accumulators sum over the board, so the eight symmetries of the board give the same
//! input: data is deduplicated, not multiplied, by them.
//!
//! Weights file (little-endian): magic `GMKPOLY\0`, version u32 ([`VERSION`]), u32 dims
//! (codes, lanes, trunk), then the float parameters in the order of [`FloatPolicy::params`]
//! (the offsets below: EM, EO, b, u, V, DL). Float, so one file serves the trainer and the
//! engine (which quantizes when loading, [`net::Policy::quantize`]).

// Index loops over the layers' arrays read as the formulas they implement.
#![allow(clippy::needless_range_loop)]

use super::nnue::{ACC, IN2, QA};
use super::pattern::PCODE_COUNT;
use super::state::State;
use crate::engine::gomoku::Rule;

pub mod net;
#[cfg(any(test, feature = "tools"))]
pub mod train;

pub use net::Policy;

/// A point's lanes.
pub const LANES: usize = 32;
/// The board's lanes the head reads: the value network's two accumulators.
pub const TRUNK: usize = IN2;
/// The code of a point the colour may not play (Renju's forbidden points for Black).
pub const NO_CODE: u16 = PCODE_COUNT as u16;
/// Codes in the embedding tables: the four-pattern codes and [`NO_CODE`].
pub const CODES: usize = PCODE_COUNT + 1;

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

/// Where each part of the parameters starts in [`FloatPolicy::params`].
pub const EM: usize = 0;
pub const EO: usize = EM + CODES * LANES;
pub const B: usize = EO + CODES * LANES;
pub const U: usize = B + LANES;
/// `V[lane of h][lane of x]`.
pub const V: usize = U + LANES;
/// `DL[which recent move][bucket][lane]`.
pub const DL: usize = V + LANES * TRUNK;
pub const PARAMS: usize = DL + 2 * BUCKETS * LANES;

/// Where `DL[which][bucket]` starts.
pub fn dl_at(which: usize, bucket: u8) -> usize {
    DL + (which * BUCKETS + bucket as usize) * LANES
}

/// The largest |parameter| of the point lanes (EM, EO, b, DL) and of V the trainer allows:
/// a point's five-term sum then stays within the integer lanes' range (below 32 at scale
/// [`QA`]), and so do the head's sums ([`net`]).
pub const ROW_LIMIT: f32 = 6.0;
pub const V_LIMIT: f32 = 8.0;
pub const U_LIMIT: f32 = 100.0;

pub const MAGIC: &[u8; 8] = b"GMKPOLY\0";
pub const VERSION: u32 = 3;

/// The policy's float parameters: what the trainer fits and the file stores.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatPolicy {
    pub params: Vec<f32>,
}

impl FloatPolicy {
    /// All zeros: every candidate equally likely.
    pub fn zeros() -> FloatPolicy {
        FloatPolicy {
            params: vec![0.0; PARAMS],
        }
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
        let dims = [word(12), word(16), word(20)];
        let want = [CODES, LANES, TRUNK].map(|d| Some(d as u32));
        if dims != want {
            return Err(format!(
                "dimensions {dims:?}, this build has [{CODES}, {LANES}, {TRUNK}]"
            ));
        }
        let body = &bytes[24..];
        if body.len() != 4 * PARAMS {
            return Err(format!(
                "{} bytes of parameters, {} expected",
                body.len(),
                4 * PARAMS
            ));
        }
        let params: Vec<f32> = body
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if let Some(i) = params.iter().position(|v| !v.is_finite()) {
            return Err(format!("parameter {i} is not finite"));
        }
        Ok(FloatPolicy { params })
    }
}

/// One candidate point: its index, its codes for the side to move and the other side, and
/// where it lies from the last move and the mover's own last move ([`recent_bucket`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub point: u16,
    pub codes: [u16; 2],
    pub recent: [u8; 2],
}

/// What the policy reads of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyInput {
    /// The candidates in board order.
    pub candidates: Vec<Candidate>,
    /// The value network's accumulators, side to move first, clipped to 0..[`QA`] (all
    /// zeros where the rule has no network).
    pub trunk: [i16; TRUNK],
}

impl PolicyInput {
    /// The input of `st`'s position, side to move first.
    pub fn of(st: &State) -> PolicyInput {
        let me = st.side();
        let size = st.size();
        let code = |i: usize, c| code_at(st, i, c);
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
        PolicyInput {
            candidates,
            trunk: trunk(st).unwrap_or([0; TRUNK]),
        }
    }
}

/// `c`'s code at the empty point `i` of `st` as the policy reads it: [`NO_CODE`] where `c`
/// may not play.
#[inline]
pub fn code_at(st: &State, i: usize, c: crate::engine::gomoku::pos::Stone) -> u16 {
    st.pcode_at(i, c).unwrap_or(NO_CODE)
}

/// The board input of `st`'s position ([`trunk_of`] its value network's accumulators);
/// `None` without a network.
pub fn trunk(st: &State) -> Option<[i16; TRUNK]> {
    Some(trunk_of(&st.accumulators()?, st.side().index()))
}

/// The value network's accumulators `[Black, White]` as the policy's board input: side to
/// move (`me`, a colour index) first, each lane clipped to 0..[`QA`].
pub fn trunk_of(acc: &[[i16; ACC]; 2], me: usize) -> [i16; TRUNK] {
    let mut x = [0i16; TRUNK];
    for j in 0..ACC {
        x[j] = acc[me][j].clamp(0, QA as i16);
        x[ACC + j] = acc[1 - me][j].clamp(0, QA as i16);
    }
    x
}

#[cfg(test)]
mod tests;

/// The committed policy of freestyle (`tune policytrain --rule freestyle`; its figures in
/// BENCHMARKS.md, "Move policy (Engine IV, `tune policytrain`)"). The other rules have none yet.
static FREESTYLE: &[u8] = include_bytes!("freestyle.bin");

/// The committed policy files, by rule (`None`: that rule's search has none yet). Each
/// reads its own rule's value network (the trunk), so one is trained a rule.
pub fn built_in(rule: Rule) -> Option<(&'static [u8], &'static str)> {
    match rule {
        Rule::Freestyle => Some((FREESTYLE, "policy/freestyle.bin (built in)")),
        Rule::Standard | Rule::Renju => None,
    }
}

/// The policy `rule`'s search reduces by, where there is one, read once: in the
/// developers' build the file named by `GOMOKU_POLICY_FREESTYLE`, `_STANDARD` or `_RENJU`,
/// else by `GOMOKU_POLICY` (a trial for every rule), `none` for no policy; else the rule's
/// committed one. A trial file that cannot be read stops the program with its reason (a
/// trial must not quietly run without its policy); a committed one is checked by the tests.
pub fn for_rule(rule: Rule) -> Option<&'static Policy> {
    use std::sync::OnceLock;
    static POLICIES: [OnceLock<Option<Policy>>; 3] = [const { OnceLock::new() }; 3];
    POLICIES[super::nnue::rule_slot(rule)]
        .get_or_init(|| {
            #[cfg(feature = "tools")]
            if let Some((var, path)) = trial_file(rule) {
                if path == "none" {
                    return None;
                }
                let policy = std::fs::read(&path)
                    .map_err(|e| e.to_string())
                    .and_then(|b| Policy::from_bytes(&b, &path))
                    .unwrap_or_else(|e| panic!("{var}={path}: {e}"));
                return Some(policy);
            }
            let (bytes, name) = built_in(rule)?;
            Policy::from_bytes(bytes, name)
                .map_err(|e| eprintln!("policy: {e}; ordering without it"))
                .ok()
        })
        .as_ref()
}

/// The trial policy named for `rule` in the environment: the variable and its value.
#[cfg(feature = "tools")]
fn trial_file(rule: Rule) -> Option<(String, String)> {
    let own = format!("GOMOKU_POLICY_{}", rule.name().to_ascii_uppercase());
    [own, "GOMOKU_POLICY".to_string()]
        .into_iter()
        .find_map(|var| std::env::var(&var).ok().map(|v| (var, v)))
}
