//! The move picker's tables: a candidate point's score by the line patterns it makes in its
//! four directions and by their combo, for the side that plays it (`[0]`, its own shape)
//! and for the opponent (`[1]`, the shape the move takes away). Written by `tune movefit`
//! (see docs/benchmarks/history.md, "Move scores fitted to the search's choices"); edit by
//! re-running it.

pub struct MoveTable {
    /// `[mover or opponent][Pattern]`
    pub line: [[i32; 11]; 2],
    /// `[mover or opponent][Combo]`
    pub combo: [[i32; 14]; 2],
}

/// Hand-set: the pattern values with the mover's shape weighted 6/5 of the opponent's.
pub const MOVE: MoveTable = MoveTable {
    line: [
        [0, 0, 1, 4, 7, 17, 24, 54, 66, 240, 1200],
        [0, 0, 1, 3, 6, 14, 20, 45, 55, 200, 1000],
    ],
    combo: [
        [0, 0, 0, 0, 12, 18, 0, 36, 480, 0, 72, 840, 1800, 9600],
        [0, 0, 0, 0, 10, 15, 0, 30, 400, 0, 60, 700, 1500, 8000],
    ],
};
