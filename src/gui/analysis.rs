//! The analysis board's state: a Gomoku position anyone sets up or plays on, and the
//! engine's three best moves for the side to move, found in the background as the search
//! deepens (one search per candidate, the better ones excluded). Changing the position or
//! leaving the screen stops the search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use std::thread::JoinHandle;

use bevy::prelude::*;

use crate::engine::ai::{Engine, Limits, Score};
use crate::engine::review::top_moves;
use crate::engine::{Game, Pos, Rule};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(AnalysisBoard::new(15, Rule::Freestyle))
        .add_systems(Last, stop_on_exit);
}

/// Depth the live search stops at (it also stops when the position changes).
const MAX_DEPTH: u32 = 16;

/// A candidate move with its score for the side to move and the line it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Pos,
    pub score: Score,
    pub line: Vec<Pos>,
}

/// What the search has found so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lines {
    /// The last depth whose three candidates are all known.
    pub depth: u32,
    pub top: Vec<Candidate>,
}

#[derive(Resource)]
pub struct AnalysisBoard {
    pub game: Game,
    /// The threat overlay (fours, open threes, forbidden points) is on.
    pub threats: bool,
    /// Why the last click did nothing.
    pub status: String,
    /// The position came from a replay: entering the board keeps it (instead of a fresh
    /// board with the setup screen's rule and size).
    pub continued: bool,
    lines: Arc<Mutex<Lines>>,
    /// A thread of its own, not Bevy's task pool: a search that deepens for minutes must
    /// not hold a pool thread that rendering (screenshots, buffer readback) waits for.
    job: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

impl AnalysisBoard {
    pub fn new(size: usize, rule: Rule) -> AnalysisBoard {
        AnalysisBoard {
            game: Game::new(size, rule)
                .unwrap_or_else(|_| Game::new(15, rule).expect("15 is a valid size")),
            threats: false,
            status: String::new(),
            continued: false,
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
        if self.game.outcome().is_over() {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (task_stop, out, game) = (stop.clone(), self.lines.clone(), self.game.clone());
        let spawned = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                crate::gui::frames::yield_to_frames(19);
                let mut engine = Engine::default();
                for depth in 1..=MAX_DEPTH {
                    let limits = Limits {
                        depth: Some(depth),
                        ..Limits::default()
                    };
                    let top = top_moves(&mut engine, &game, 3, &limits, &task_stop);
                    if task_stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let top = top
                        .into_iter()
                        .filter_map(|r| {
                            Some(Candidate {
                                mv: r.best?,
                                score: r.score,
                                line: r.pv,
                            })
                        })
                        .collect();
                    if let Ok(mut lines) = out.lock() {
                        *lines = Lines { depth, top };
                    }
                    // The screen shows each depth as it comes.
                    crate::gui::frames::wake();
                }
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
