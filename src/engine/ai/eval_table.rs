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
}

/// Hand-set weights (x 6 to move, x 5 not), before any fit.
pub const EVAL: EvalTable = EvalTable {
    line: [
        [0, 0, 6, 12, 24, 60, 84, 210, 240, 720, 1800],
        [0, 0, 5, 10, 20, 50, 70, 175, 200, 600, 1500],
    ],
    combo: [
        [0, 0, 0, 0, 30, 48, 0, 90, 600, 0, 180, 900, 1500, 3000],
        [0, 0, 0, 0, 25, 40, 0, 75, 500, 0, 150, 750, 1250, 2500],
    ],
};
