//! The demo's script vocabulary: the steps a scripted run takes ([`Op`]) and the scripts each
//! game registers ([`DemoScripts`], filled by the games' boards). The runner is in `demo`;
//! steps only a game's board can take (a stone caught mid-drop, a disc mid-fall, the column
//! cursor) are [`Op::Board`] steps its board carries out (`board::BoardStep`).

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use bevy::prelude::*;

use super::flow::{Action, Screen, SetupAction};
use super::kind::{AnyLevel, Move, SearchRequest};
use super::persist::BoardTheme;
use super::session::Session;

/// One step of a script.
#[derive(Clone, Debug)]
pub enum Op {
    /// Waits for a screen, then `secs` more.
    Wait(Screen, f32),
    Pause(f32),
    Act(Action),
    Shot(&'static str),
    Theme(BoardTheme),
    Window((f32, f32)),
    /// The person's side plays with an engine (`level` on `scale` of its time) until it made
    /// `moves` moves and it is its turn again, or until the result with `None`. The game's
    /// seed is fixed first, so every run plays the same game.
    Play {
        level: AnyLevel,
        scale: f64,
        moves: Option<usize>,
        seed: u64,
    },
    /// Plays these moves as they are (two people).
    Moves(Vec<Move>),
    WaitHint,
    /// The replay at two thirds of the game.
    ReplayTwoThirds,
    /// Waits for the game review, then shows its turning point.
    ReviewTurningPoint,
    /// Puts these pieces on the analysis board.
    Analyse(Vec<Move>),
    /// Waits until the analysis board's engine reached this depth.
    WaitDepth(u32),
    /// Opens the trainer's puzzle with this id.
    OpenPuzzle(&'static str),
    /// A step of the shown game's board, by the name the board gives it, and the screenshot
    /// it ends with.
    Board(&'static str, Option<&'static str>),
    Done,
}

/// Setup actions as steps.
pub fn setup(actions: Vec<SetupAction>) -> Vec<Op> {
    actions
        .into_iter()
        .map(|a| Op::Act(Action::Setup(a)))
        .collect()
}

/// Each game's demo script, by game id (a board plugin adds its game's).
#[derive(Resource, Default)]
pub struct DemoScripts(pub BTreeMap<&'static str, fn() -> Vec<Op>>);

impl DemoScripts {
    pub fn add(app: &mut App, game: &'static str, script: fn() -> Vec<Op>) {
        app.world_mut()
            .get_resource_or_insert_with(DemoScripts::default)
            .0
            .insert(game, script);
    }
}

/// The window's normal and narrow sizes in the scripts (logical pixels).
pub const WINDOW: (f32, f32) = (1200.0, 780.0);
pub const NARROW: (f32, f32) = (780.0, 1100.0);

/// A move for the person's side, played by the game's engine at `level` (on `scale` of its
/// time), seeded by the game and the ply so a run repeats.
pub fn person_move(session: &Session, level: AnyLevel, scale: f64) -> Option<Move> {
    let never = AtomicBool::new(false);
    let request = SearchRequest {
        level,
        seed: session.seed ^ session.game.ply() as u64,
        time_scale: scale,
        clock: None,
    };
    session
        .game
        .search(&request, &never, &mut |_, _| {})
        .mv
        .ok()
}
