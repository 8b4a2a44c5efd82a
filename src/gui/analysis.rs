//! The analysis board's state: a position of a game with an analysis board, set up or played
//! on by anyone, and the engine's three best moves for the side to move, found in the
//! background as the search deepens (the game's own [`Play::analyse`]). Changing the
//! position or leaving the screen stops the search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use std::thread::JoinHandle;

use bevy::prelude::*;

use super::kind::{AnyGame, Candidate, Games, Move};
use super::persist::SetupChoice;

pub(super) fn plugin(app: &mut App) {
    let games = app.world().resource::<Games>().clone();
    let board = AnalysisBoard::new(default_game(&games, &SetupChoice::default()));
    app.insert_resource(board).add_systems(Last, stop_on_exit);
}

/// The game of the setup screen if it has an analysis board, else the first that has one.
pub fn default_game(games: &Games, setup: &SetupChoice) -> AnyGame {
    let new = |k: super::kind::GameKind| k.def().new_game(&k.options(setup));
    let chosen = new(games.chosen(setup));
    if chosen.has_analysis() {
        return chosen;
    }
    games
        .iter()
        .map(new)
        .find(|g| g.has_analysis())
        .unwrap_or(chosen)
}

/// What the search has found so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lines {
    /// The last depth whose three candidates are all known.
    pub depth: u32,
    pub top: Vec<Candidate<Move>>,
}

#[derive(Resource)]
pub struct AnalysisBoard {
    pub game: AnyGame,
    /// The threat overlay (fours, open threes, forbidden points) is on.
    pub threats: bool,
    /// Why the last click did nothing.
    pub status: String,
    lines: Arc<Mutex<Lines>>,
    /// A thread of its own, not Bevy's task pool: a search that deepens for minutes must
    /// not hold a pool thread that rendering (screenshots, buffer readback) waits for.
    job: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

impl AnalysisBoard {
    pub fn new(game: AnyGame) -> AnalysisBoard {
        AnalysisBoard {
            game,
            threats: false,
            status: String::new(),
            lines: Arc::default(),
            job: None,
        }
    }

    /// Analyses the current position from scratch (after every change).
    pub fn restart(&mut self) {
        self.cancel();
        if let Ok(mut lines) = self.lines.lock() {
            *lines = Lines::default();
        }
        if self.game.is_over() {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (task_stop, out, game) = (stop.clone(), self.lines.clone(), self.game.clone());
        let spawned = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                crate::gui::frames::yield_to_frames(19);
                game.analyse(3, &task_stop, &mut |depth, top| {
                    if let Ok(mut lines) = out.lock() {
                        *lines = Lines { depth, top };
                    }
                    // The screen shows each depth as it comes.
                    crate::gui::frames::wake();
                });
            });
        match spawned {
            Ok(handle) => self.job = Some((stop, handle)),
            Err(e) => self.status = format!("The engine could not start: {e}"),
        }
    }

    /// Stops the search; what it found stays shown until the next restart.
    pub fn cancel(&mut self) {
        if let Some((stop, _thread)) = self.job.take() {
            // The thread sees the flag within milliseconds and ends; nobody waits for it.
            stop.store(true, Ordering::Relaxed);
        }
    }

    pub fn lines(&self) -> Lines {
        self.lines.lock().map(|l| l.clone()).unwrap_or_default()
    }

    pub fn is_searching(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|(_, thread)| !thread.is_finished())
    }
}

impl Drop for AnalysisBoard {
    fn drop(&mut self) {
        self.cancel();
    }
}

fn stop_on_exit(mut exits: MessageReader<AppExit>, mut board: ResMut<AnalysisBoard>) {
    if exits.read().next().is_some() {
        board.cancel();
    }
}
