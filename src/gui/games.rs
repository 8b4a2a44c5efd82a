//! The registration: the games the app offers, in menu order, each with its board. Adding a
//! game is its folders (`kind/<game>/`, `board/<game>/`) and one line in each list below.

use bevy::prelude::*;

use super::board;
use super::kind::{self, GameKind, Games};

/// The in-game benchmarks measure Gomoku's board and engine.
#[cfg(feature = "tools")]
pub use super::board::gomoku::bench::{CpuBenchPlugin, FrameBenchPlugin, bench_home};

/// The games, in menu order (the first is the default).
pub fn registered() -> Vec<GameKind> {
    vec![kind::gomoku::kind(), kind::connect4::kind()]
}

/// Inserts [`Games`] (unless a test put in its own list) and every game's board.
pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Games>() {
        app.insert_resource(Games(registered()));
    }
    app.add_plugins((board::gomoku::plugin, board::connect4::plugin));
}
