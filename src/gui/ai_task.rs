//! The AI as a background task, for every game.
//!
//! A search runs on Bevy's `AsyncComputeTaskPool` with its own copy of the game and an
//! `Arc<AtomicBool>` stop flag; [`poll_worker`] checks it every frame without blocking and
//! turns a finished search into an [`AiMoved`] or [`HintReady`] message stamped with the game
//! id and ply it was started for. The session applies a message only if both still match, so
//! a result that arrives after Undo, New game, Resign or leaving the screen is dropped.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::frames;
use super::kind::{AnyGame, Progress, SearchInfo, SearchRequest};
use crate::engine::ai::Score;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiWorker>()
        .init_resource::<AiBackend>()
        .add_message::<AiMoved>()
        .add_message::<HintReady>()
        .add_systems(PreUpdate, poll_worker)
        .add_systems(Last, stop_on_exit);
}

/// Everything a search needs, owned, so the task shares nothing with the app.
#[derive(Clone, Debug)]
pub struct AiRequest {
    pub game: AnyGame,
    pub search: SearchRequest,
}

/// The function that searches: the game's own ([`engine_search`]); tests put in slow or
/// scripted ones to exercise cancellation. It reports finished iterations to `progress`.
pub type SearchFn = dyn Fn(&AiRequest, &AtomicBool, Progress) -> SearchInfo + Send + Sync;

#[derive(Resource, Clone)]
pub struct AiBackend {
    pub search: Arc<SearchFn>,
    /// Multiplies every level's time budget (1.0 in the game).
    pub time_scale: f64,
}

impl Default for AiBackend {
    fn default() -> Self {
        AiBackend {
            search: Arc::new(engine_search),
            time_scale: 1.0,
        }
    }
}

/// The game's own search at the requested level.
pub fn engine_search(req: &AiRequest, stop: &AtomicBool, progress: Progress) -> SearchInfo {
    req.game.search(&req.search, stop, progress)
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The AI's own move.
    Move,
    /// A suggestion for the person.
    Hint,
}

/// The AI chose `info.mv` in game `game_id` at `ply` (moves played when it started).
#[derive(Message, Clone, Debug)]
pub struct AiMoved {
    pub game_id: u64,
    pub ply: usize,
    pub info: SearchInfo,
}

/// A hint for the person in game `game_id` at `ply`.
#[derive(Message, Clone, Debug)]
pub struct HintReady {
    pub game_id: u64,
    pub ply: usize,
    pub info: SearchInfo,
}

struct Job {
    kind: JobKind,
    game_id: u64,
    ply: usize,
    stop: Arc<AtomicBool>,
    task: Task<SearchInfo>,
    /// Depth and score of the last finished iteration, written by the search thread.
    live: Arc<Mutex<Option<(u32, Score)>>>,
    started: Instant,
}

/// Nice value of the AI's search thread: frames (few, on demand) come first.
const SEARCH_NICE: i32 = 10;

/// At most one search at a time (the machine may have two cores; the UI needs one).
#[derive(Resource, Default)]
pub struct AiWorker {
    job: Option<Job>,
}

impl AiWorker {
    /// Starts a search, stopping any running one first.
    pub fn start(&mut self, kind: JobKind, game_id: u64, request: AiRequest, backend: &AiBackend) {
        self.cancel();
        let stop = Arc::new(AtomicBool::new(false));
        let live = Arc::new(Mutex::new(None));
        let ply = request.game.ply();
        let search = backend.search.clone();
        let (task_stop, task_live) = (stop.clone(), live.clone());
        let fallback_request = request.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            let mut sink = move |depth: u32, score: Score| {
                // No wake-up: the thinking dots' frames (three a second) show the new depth,
                // and a frame per iteration would cost the search more than it shows.
                if let Ok(mut slot) = task_live.lock() {
                    *slot = Some((depth, score));
                }
            };
            // A thread of its own at a lower priority (the pool's thread only waits for it):
            // frames are drawn on time beside it and a pool thread keeps its priority.
            let searched = std::thread::Builder::new()
                .name("ai search".into())
                .spawn(move || {
                    frames::yield_to_frames(SEARCH_NICE);
                    catch_unwind(AssertUnwindSafe(|| search(&request, &task_stop, &mut sink)))
                        .unwrap_or_else(|_| {
                            // An engine bug must not take the game down: answer like the
                            // weakest level.
                            error!("the AI search panicked; falling back to a simple move");
                            request.game.fallback(request.search.seed)
                        })
                })
                .map(|thread| thread.join());
            let info = match searched {
                Ok(Ok(info)) => info,
                // Not started (no thread to be had) or died outside the search: the weakest
                // level's answer, found here.
                _ => fallback_request
                    .game
                    .fallback(fallback_request.search.seed),
            };
            // The sleeping window wakes and `poll_worker` picks the answer up at once.
            frames::wake();
            info
        });
        self.job = Some(Job {
            kind,
            game_id,
            ply,
            stop,
            task,
            live,
            started: Instant::now(),
        });
    }

    /// Stops the running search, if any; its result will never be delivered.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            // The thread finishes on its own within milliseconds; nobody waits for it.
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

    /// Depth and score of the running search's last finished iteration.
    pub fn live(&self) -> Option<(u32, Score)> {
        self.job
            .as_ref()
            .and_then(|j| j.live.lock().ok().and_then(|slot| *slot))
    }
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Delivers a finished search as a message. Runs every frame on every screen, so a search is
/// never left running unnoticed.
pub fn poll_worker(
    mut worker: ResMut<AiWorker>,
    mut moved: MessageWriter<AiMoved>,
    mut hints: MessageWriter<HintReady>,
) {
    // Look without marking the resource changed: most frames nothing happens.
    let worker_ref = worker.bypass_change_detection();
    let Some(job) = worker_ref.job.as_mut() else {
        return;
    };
    let Some(result) = check_ready(&mut job.task) else {
        return;
    };
    let Some(job) = worker.job.take() else {
        return;
    };
    let (game_id, ply, info) = (job.game_id, job.ply, result);
    match job.kind {
        JobKind::Move => {
            moved.write(AiMoved { game_id, ply, info });
        }
        JobKind::Hint => {
            hints.write(HintReady { game_id, ply, info });
        }
    }
}

/// Quitting stops the search so the process does not wait for it.
fn stop_on_exit(mut exits: MessageReader<AppExit>, mut worker: ResMut<AiWorker>) {
    if exits.read().next().is_some() {
        worker.cancel();
    }
}
