//! The evaluation's tables: each empty point's share by the line patterns it makes in its
//! four directions and by their combo, for the side to move (`[0]`) and for the side that
//! is not (`[1]`), in units of 1/[`EVAL_SCALE`]. Written by `tune fit` (see BENCHMARKS.md,
//! "Evaluation fitted to games"); edit by re-running it, not by hand.

/// The tables' unit: their sums are divided by this (finer steps for the fit).
pub const EVAL_SCALE: i32 = 8;

pub struct EvalTable {
    /// `[to move or not][Pattern]`
    pub line: [[i32; 11]; 2],
    /// `[to move or not][Combo]`
    pub combo: [[i32; 14]; 2],
    /// `[to move or not][pcode]`: what the four patterns together add to the two tables
    /// above (see [`super::pattern::pcode`]).
    pub pcode: [[i16; super::pattern::PCODE_COUNT]; 2],
    /// `[threat mask]`: what the kinds of threats on the board add for the side to move
    /// (see [`super::pattern::threat_mask`]), once per position.
    pub threat: [i16; super::pattern::THREAT_MASKS],
}

/// Fitted by `tune fit --data tune-s1.txt` on 210182 positions from 16000 games: logistic
/// loss 0.61293 -> 0.53870 (held-out games 0.61923 -> 0.55184), K = 241.0.
pub const EVAL: EvalTable = EvalTable {
    line: [
        [0, 0, 0, 8, 13, 240, 88, 404, 359, 720, 1800],
        [0, 0, -1, 7, 26, 67, 58, 220, 486, 600, 1500],
    ],
    combo: [
        [
            0, 0, -265, -48, -360, -52, -208, 227, 1727, -204, 452, 900, 1500, 3000,
        ],
        [
            0, 0, -95, -23, -92, 57, -121, 34, 156, -412, 157, 1870, 1250, 2500,
        ],
    ],
    pcode: [[0; super::pattern::PCODE_COUNT]; 2],
    threat: [0; super::pattern::THREAT_MASKS],
};
