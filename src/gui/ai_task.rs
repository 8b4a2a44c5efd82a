//! The AI as a background task, for every game.
//!
//! A search is a [`Job`] (an async compute task awaiting a lowered-priority thread) with its
//! own copy of the game and a stop flag; [`poll_worker`] checks it every frame without
//! blocking and
//! turns a finished search into an [`AiMoved`] or [`HintReady`] message stamped with the game
//! id and ply it was started for. The session applies a message only if both still match, so
//! a result that arrives after Undo, New game, Resign or leaving the screen is dropped.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::job::{Job, Jobs, NICE_ON_CLOCK, NICE_WAITED, cancel_on_exit};
use super::kind::{AnyGame, EngineSeat, Progress, SearchInfo, SearchRequest};
use crate::engine::review::Outlook;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiWorker>()
        .init_resource::<AiBackend>()
        .add_message::<AiMoved>()
        .add_message::<HintReady>()
        .add_message::<PositionEvaluated>()
        .add_systems(PreUpdate, poll_worker)
        .add_systems(Last, cancel_on_exit::<AiWorker>);
}

/// Everything a search needs, owned, so the task shares nothing with the app.
#[derive(Clone, Debug)]
pub struct AiRequest {
    pub game: AnyGame,
    pub search: SearchRequest,
    /// What the search is for: its answer comes back as that job's message.
    pub purpose: JobKind,
    /// An external engine answers instead of the game's own AI.
    pub external: Option<EngineSeat>,
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

/// The game's own search at the requested level, or the external engine's move.
pub fn engine_search(req: &AiRequest, stop: &AtomicBool, progress: Progress) -> SearchInfo {
    match &req.external {
        Some(seat) => match req.game.kind().engines() {
            Some(engines) => engines.search(&req.game, seat, &req.search, stop, progress),
            None => SearchInfo::unanswered(req.search.level, "engine-not-this-game"),
        },
        None => req.game.search(&req.search, stop, progress),
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// The AI's own move.
    Move,
    /// A suggestion for the person.
    Hint,
    /// The position's evaluation for the evaluation bar when no search of the AI's speaks
    /// of it (after Continue, Undo or Redo on the person's turn).
    Evaluate,
}

/// The AI chose `info.mv` in game `game_id` at `ply` (moves played when it started).
#[derive(Message, Clone, Debug)]
pub struct AiMoved {
    pub game_id: u64,
    pub ply: usize,
    pub info: SearchInfo,
    /// From the search asked for to its answer ready: what its clock is charged (the
    /// frames before the answer reaches the board are not).
    pub thought: Duration,
}

/// The evaluation of game `game_id` at `ply`, searched for the side to move.
#[derive(Message, Clone, Debug)]
pub struct PositionEvaluated {
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

/// What a search answers, and the weakest answer should it fail.
struct Stamp {
    kind: JobKind,
    game_id: u64,
    ply: usize,
    request: AiRequest,
    /// When the search was asked for (the position sent).
    asked: Instant,
}

/// Depth and score of the last finished iteration, written by the search thread.
type Live = Mutex<Option<(u32, Outlook)>>;

/// At most one search at a time (the machine may have two cores; the UI needs one).
#[derive(Resource, Default)]
pub struct AiWorker {
    /// The search and when its answer was ready.
    job: Option<Job<Stamp, (SearchInfo, Instant), Live>>,
}

impl AiWorker {
    /// Starts a search for `request.purpose`, stopping any running one first.
    pub fn start(&mut self, game_id: u64, request: AiRequest, backend: &AiBackend) {
        self.cancel();
        let kind = request.purpose;
        let search = backend.search.clone();
        let stamp = Stamp {
            kind,
            game_id,
            ply: request.game.ply(),
            request: request.clone(),
            asked: Instant::now(),
        };
        let on_clock = kind == JobKind::Move && request.search.clock.is_some();
        let nice = if on_clock { NICE_ON_CLOCK } else { NICE_WAITED };
        self.job = Some(Job::spawn(
            "ai search",
            nice,
            stamp,
            Live::default(),
            move |ctx| {
                let mut sink = |depth: u32, score: Outlook| {
                    // No wake-up: the thinking dots' frames (three a second) show the new
                    // depth, and a frame per iteration would cost the search more than it
                    // shows.
                    if let Ok(mut slot) = ctx.progress.lock() {
                        *slot = Some((depth, score));
                    }
                };
                (search(&request, ctx.stop, &mut sink), Instant::now())
            },
        ));
    }

    /// Stops the running search, if any; its result will never be delivered.
    pub fn cancel(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
    }

    /// Kind, game id and ply of the running search.
    pub fn current(&self) -> Option<(JobKind, u64, usize)> {
        let s = self.job.as_ref()?.stamp();
        Some((s.kind, s.game_id, s.ply))
    }

    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    pub fn kind(&self) -> Option<JobKind> {
        self.job.as_ref().map(|j| j.stamp().kind)
    }

    /// How long the running search has been thinking (since it was asked for).
    pub fn elapsed(&self) -> Option<Duration> {
        self.job.as_ref().map(|j| j.stamp().asked.elapsed())
    }

    /// Depth and score of the running search's last finished iteration.
    pub fn live(&self) -> Option<(u32, Outlook)> {
        self.job
            .as_ref()
            .and_then(|j| j.progress().lock().ok().and_then(|slot| *slot))
    }
}

impl Jobs for AiWorker {
    fn cancel_all(&mut self) {
        self.cancel();
    }
}

/// Delivers a finished search as a message. Runs every frame on every screen, so a search is
/// never left running unnoticed.
pub fn poll_worker(
    mut worker: ResMut<AiWorker>,
    mut moved: MessageWriter<AiMoved>,
    mut hints: MessageWriter<HintReady>,
    mut evaluated: MessageWriter<PositionEvaluated>,
) {
    // Look without marking the resource changed: most frames nothing happens.
    let Some(job) = worker.bypass_change_detection().job.as_mut() else {
        return;
    };
    let Some(result) = job.poll() else {
        return;
    };
    let Some(job) = worker.job.take() else {
        return;
    };
    let stamp = job.stamp();
    let (info, ready) = result.unwrap_or_else(|e| {
        // An engine bug must not take the game down: answer like the weakest level.
        error!("the AI search ended badly ({e}); falling back to a simple move");
        let request = &stamp.request;
        (request.game.fallback(request.search.seed), Instant::now())
    });
    let (game_id, ply) = (stamp.game_id, stamp.ply);
    match stamp.kind {
        JobKind::Move => {
            let thought = ready.saturating_duration_since(stamp.asked);
            moved.write(AiMoved {
                game_id,
                ply,
                info,
                thought,
            });
        }
        JobKind::Hint => {
            hints.write(HintReady { game_id, ply, info });
        }
        JobKind::Evaluate => {
            evaluated.write(PositionEvaluated { game_id, ply, info });
        }
    }
}
