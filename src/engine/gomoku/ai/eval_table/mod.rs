//! The evaluation's tables: each empty point's share by the line patterns it makes in its
//! four directions, by their combo and by the four patterns together, for the side to
//! move (`[0]`) and for the side that is not (`[1]`), in units of 1/[`EVAL_SCALE`]; and a
//! threat table for the side to move. One set per rule, and under Renju one per colour to
//! move ([`table_index`]): a position is valued by the set of its rule and side to move.
//! The sets are written by `tune fit --write`; the files say what each was fitted to (see
//! docs/benchmarks/history.md, "The tables per rule and per Renju colour").

mod mixed;
mod renju_black;
mod renju_white;

use crate::engine::gomoku::{Rule, Stone};

/// The tables' unit: their sums are divided by this (finer steps for the fit).
pub const EVAL_SCALE: i32 = 8;

/// Multisets of four line patterns, the four-pattern additions' index (`pattern::pcode`).
pub const PCODE_COUNT: usize = 1001;
/// Threat masks, the threat table's index (`pattern::threat_mask`).
pub const THREAT_MASKS: usize = 512;

pub struct EvalTable {
    /// `[to move or not][Pattern]`
    pub line: [[i32; 11]; 2],
    /// `[to move or not][Combo]`
    pub combo: [[i32; 14]; 2],
    /// `[to move or not][pcode]`: what the four patterns together add to the two tables
    /// above (see `pattern::pcode`).
    pub pcode: [[i16; PCODE_COUNT]; 2],
    /// `[threat mask]`: what the kinds of threats on the board add for the side to move
    /// (see `pattern::threat_mask`), once per position.
    pub threat: [i16; THREAT_MASKS],
}

/// The sets by [`table_index`]: freestyle, exactly five, Renju with Black to move, Renju
/// with White to move. Freestyle and exactly five use the mixed set: theirs, fitted, have not
/// won their matches yet (docs/benchmarks/history.md, "Fits on all four chunks").
pub const TABLES: [&EvalTable; 4] = [
    &mixed::TABLE,
    &mixed::TABLE,
    &renju_black::TABLE,
    &renju_white::TABLE,
];

/// The names of the sets, as `tune fit --rule R --colour C` selects them.
pub const TABLE_NAMES: [&str; 4] = ["freestyle", "exact5", "renju-black", "renju-white"];

/// The set valuing a position of `rule` with `to_move` to play.
pub fn table_index(rule: Rule, to_move: Stone) -> usize {
    match (rule, to_move) {
        (Rule::Freestyle, _) => 0,
        (Rule::Standard, _) => 1,
        (Rule::Renju, Stone::Black) => 2,
        (Rule::Renju, _) => 3,
    }
}

/// The set valuing a position of `rule` with `to_move` to play.
pub fn table(rule: Rule, to_move: Stone) -> &'static EvalTable {
    TABLES[table_index(rule, to_move)]
}

/// The rule and colour to move each set values, by [`table_index`].
const SET_OF: [(Rule, Stone); 4] = [
    (Rule::Freestyle, Stone::Black),
    (Rule::Standard, Stone::Black),
    (Rule::Renju, Stone::Black),
    (Rule::Renju, Stone::White),
];

/// A point's two shares come from two sets: as the side to move from the set of its own
/// colour to move (`set`), as the side waiting from the set of the other colour to move,
/// which this gives: `set` itself outside Renju.
pub fn waiting_set(set: usize) -> usize {
    let (rule, colour) = SET_OF[set];
    table_index(rule, colour.opponent())
}
