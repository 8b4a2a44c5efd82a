//! The Connect Four AI as a background task, the same path as Gomoku's (`gui::ai_task`): a
//! search runs on `AsyncComputeTaskPool` with its own copy of the game and an
//! `Arc<AtomicBool>` stop flag, [`poll_worker`] checks it every frame without blocking and
//! turns a finished search into a [`C4AiMoved`] or [`C4HintReady`] message stamped with the
//! game id and ply it was started for; the session drops results whose id or ply no longer
//! match.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::connect4::{Ai, AiError, Game, Level, Limits, MoveChoice, Source};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<C4Worker>()
        .init_resource::<C4Backend>()
        .add_message::<C4AiMoved>()
        .add_message::<C4HintReady>()
        .add_systems(PreUpdate, poll_worker)
        .add_systems(Last, stop_on_exit);
}

/// Everything a search needs, owned, so the task shares nothing with the app.
#[derive(Clone, Debug)]
pub struct AiRequest {
    pub level: Level,
    pub game: Game,
    pub seed: u64,
    pub limits: Limits,
}

/// The function that searches: the engine's [`Ai`] in the game; tests put in slow or
/// scripted ones.
pub type SearchFn = dyn Fn(&AiRequest, &AtomicBool) -> Result<MoveChoice, AiError> + Send + Sync;

#[derive(Resource, Clone)]
pub struct C4Backend {
    pub search: Arc<SearchFn>,
    /// Limits of every search (the Perfect level's time budget, Club's depth).
    pub limits: Limits,
}

impl Default for C4Backend {
    fn default() -> Self {
        // One `Ai` per board size, kept across moves: the Perfect level's 42 MB solver table
        // is allocated once and what it learnt about earlier positions is reused.
        let cache: Arc<Mutex<Vec<Ai>>> = Arc::default();
        C4Backend {
            search: Arc::new(move |req: &AiRequest, stop: &AtomicBool| {
                let mut ais = match cache.lock() {
                    Ok(guard) => guard,
                    Err(poisoned) => {
                        // A search panicked while holding it: its tables may be half written.
                        cache.clear_poison();
                        let mut guard = poisoned.into_inner();
                        guard.clear();
                        guard
                    }
                };
                let size = req.game.size();
                let index = match ais.iter().position(|ai| ai.size() == size) {
                    Some(i) => i,
                    None => {
                        ais.push(Ai::new(size));
                        ais.len() - 1
                    }
                };
                let mut rng = StdRng::seed_from_u64(req.seed);
                ais[index].choose_move_in_game(req.level, &req.game, &req.limits, &mut rng, stop)
            }),
            limits: Limits::default(),
        }
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The AI's own move.
    Move,
    /// A suggestion for the person.
    Hint,
}

/// A finished search, for the side panel.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    pub level: Level,
    pub choice: Option<MoveChoice>,
    pub time: Duration,
    /// Stones on the board when it started (to read the score).
    pub moves_played: usize,
    pub cells: usize,
}

/// The AI answered in game `game_id` at `ply` (moves played when it started).
#[derive(Message, Clone, Debug)]
pub struct C4AiMoved {
    pub game_id: u64,
    pub ply: usize,
    pub result: Result<MoveChoice, AiError>,
    pub info: SearchInfo,
}

/// A hint for the person in game `game_id` at `ply`.
#[derive(Message, Clone, Debug)]
pub struct C4HintReady {
    pub game_id: u64,
    pub ply: usize,
    pub result: Result<MoveChoice, AiError>,
    pub info: SearchInfo,
}

type Answer = (Result<MoveChoice, AiError>, Duration);

struct Job {
    kind: JobKind,
    game_id: u64,
    ply: usize,
    level: Level,
    cells: usize,
    stop: Arc<AtomicBool>,
    task: Task<Answer>,
    started: Instant,
}

/// At most one search at a time.
#[derive(Resource, Default)]
pub struct C4Worker {
    job: Option<Job>,
}

impl C4Worker {
    /// Starts a search, stopping any running one first.
    pub fn start(&mut self, kind: JobKind, game_id: u64, request: AiRequest, backend: &C4Backend) {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        let ply = request.game.moves().len();
        let level = request.level;
        let cells = request.game.size().cells();
        let search = backend.search.clone();
        let task_stop = stop.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let start = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(|| search(&request, &task_stop)))
                .unwrap_or_else(|_| {
                    // An engine bug must not take the game down: the most central free column.
                    error!("the Connect Four search panicked; playing the most central column");
                    let legal = request.game.legal_columns();
                    request
                        .game
                        .size()
                        .centre_order()
                        .into_iter()
                        .find(|c| legal.contains(c))
                        .map(|column| MoveChoice {
                            column,
                            score: None,
                            source: Source::Random,
                            depth: None,
                        })
                        .ok_or(AiError::NoLegalMove)
                });
            (result, start.elapsed())
        });
        self.job = Some(Job {
            kind,
            game_id,
            ply,
            level,
            cells,
            stop,
            task,
            started: Instant::now(),
        });
    }

    /// Stops the running search, if any; its result will never be delivered.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            // The search returns on its own soon after; nobody waits for it.
            job.task.detach();
        }
    }

    /// Kind, game id and ply of the running search.
    pub fn current(&self) -> Option<(JobKind, u64, usize)> {
        self.job.as_ref().map(|j| (j.kind, j.game_id, j.ply))
    }

    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    pub fn kind(&self) -> Option<JobKind> {
        self.job.as_ref().map(|j| j.kind)
    }

    /// How long the running search has been thinking.
    pub fn elapsed(&self) -> Option<Duration> {
        self.job.as_ref().map(|j| j.started.elapsed())
    }
}

impl Drop for C4Worker {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Delivers a finished search as a message. Runs every frame on every screen.
pub fn poll_worker(
    mut worker: ResMut<C4Worker>,
    mut moved: MessageWriter<C4AiMoved>,
    mut hints: MessageWriter<C4HintReady>,
) {
    // Look without marking the resource changed: most frames nothing happens.
    let Some(job) = worker.bypass_change_detection().job.as_mut() else {
        return;
    };
    let Some((result, time)) = check_ready(&mut job.task) else {
        return;
    };
    let Some(job) = worker.job.take() else {
        return;
    };
    let info = SearchInfo {
        level: job.level,
        choice: result.ok(),
        time,
        moves_played: job.ply,
        cells: job.cells,
    };
    match job.kind {
        JobKind::Move => {
            moved.write(C4AiMoved {
                game_id: job.game_id,
                ply: job.ply,
                result,
                info,
            });
        }
        JobKind::Hint => {
            hints.write(C4HintReady {
                game_id: job.game_id,
                ply: job.ply,
                result,
                info,
            });
        }
    }
}

/// Quitting stops the search so the process does not wait for it.
fn stop_on_exit(mut exits: MessageReader<AppExit>, mut worker: ResMut<C4Worker>) {
    if exits.read().next().is_some() {
        worker.cancel();
    }
}
