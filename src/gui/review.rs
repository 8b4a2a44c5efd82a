//! The game review in the background: the engine analyses every position of a game
//! (the game's own `Play::review`) as a [`Job`] with a stop flag and a progress counter,
//! never blocking a frame; leaving the replay stops it. A finished review is cached beside the
//! game's record (`<record>.review`, RON) so reopening it is instant; a cache that does not
//! read, or belongs to other moves or another setting, is ignored and rebuilt.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::frames::FrameRequests;
use super::job::{Job, Jobs, NICE_BACKGROUND, cancel_on_exit};
use super::kind::{AnyGame, Move, Side};
use super::persist;
use crate::engine::review::{Analysis, GameReview, Outlook, Progress, ReviewLimits, assemble};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>()
        .add_systems(PreUpdate, poll_review)
        .add_systems(Last, cancel_on_exit::<Review>);
}

type Answer = Option<Result<Vec<Analysis<Move>>, String>>;

/// What a running review answers: its moves and where its cache goes.
struct Stamp {
    total: usize,
    moves: Vec<Move>,
    cache: Option<(PathBuf, CachedReview)>,
}

/// The review of the game on the replay screen: running, finished or failed.
#[derive(Resource, Default)]
pub struct Review {
    /// The replay load this review belongs to.
    pub generation: u64,
    job: Option<Job<Stamp, Answer, Progress>>,
    pub result: Option<GameReview<Move>>,
    pub error: Option<String>,
    /// Whether the last result came from the cache (tests, the panel).
    pub from_cache: bool,
}

impl Review {
    /// Reviews `moves` from `start` for replay load `generation`: from the cache beside
    /// `record` when it matches, else in the background. Stops any review running.
    pub fn start(
        &mut self,
        generation: u64,
        start: &AnyGame,
        moves: &[(Side, Move)],
        record: Option<&Path>,
        limits: ReviewLimits,
    ) {
        self.cancel();
        self.generation = generation;
        self.result = None;
        self.error = None;
        self.from_cache = false;
        let played: Vec<Move> = moves.iter().map(|&(_, m)| m).collect();
        let key = CachedReview::key(start, &played, limits);
        let cache = record.map(|r| {
            let mut name = r.as_os_str().to_owned();
            name.push(".review");
            (PathBuf::from(name), key)
        });
        if let Some((path, key)) = &cache
            && let Some(analyses) = CachedReview::read(path, key, played.len())
        {
            self.result = Some(assemble(&analyses, &played));
            self.from_cache = true;
            return;
        }
        let start = start.clone();
        let task_moves = played.clone();
        let stamp = Stamp {
            total: played.len() + 1,
            moves: played,
            cache,
        };
        self.job = Some(Job::spawn(
            "review",
            NICE_BACKGROUND,
            stamp,
            Progress::default(),
            move |ctx| start.review(&task_moves, limits, ctx.stop, ctx.progress),
        ));
    }

    /// Stops the running review; its result is never used.
    pub fn cancel(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
    }

    /// Positions analysed and to analyse, while running.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let job = self.job.as_ref()?;
        Some((job.progress().load(Ordering::Relaxed), job.stamp().total))
    }

    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }
}

impl Jobs for Review {
    fn cancel_all(&mut self) {
        self.cancel();
    }
}

/// How often the progress bar is redrawn while a review runs (its end wakes the window at
/// once).
pub const PROGRESS_STEP: Duration = Duration::from_millis(250);

/// Delivers a finished review and writes its cache. Runs every frame; never blocks.
fn poll_review(mut review: ResMut<Review>, mut frames: ResMut<FrameRequests>) {
    let Some(job) = review.bypass_change_detection().job.as_mut() else {
        return;
    };
    let Some(answer) = job.poll() else {
        frames.within(PROGRESS_STEP);
        return;
    };
    let Some(job) = review.job.take() else {
        return;
    };
    match answer {
        Ok(None) => {}
        Err(e) | Ok(Some(Err(e))) => review.error = Some(e),
        Ok(Some(Ok(analyses))) => {
            let stamp = job.stamp();
            if let Some((path, cached)) = &stamp.cache {
                let mut cached = cached.clone();
                cached.positions = analyses.iter().map(CachedPosition::from).collect();
                if let Err(e) = persist::write_ron(path, &cached) {
                    warn!("could not cache the review: {e}");
                }
            }
            review.result = Some(assemble(&analyses, &stamp.moves));
        }
    }
}

/// The cache file: what was reviewed (so another game or setting is not mistaken for it)
/// and one analysis per position.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct CachedReview {
    version: u32,
    /// The start position and the moves, as text.
    game: String,
    per_position_ms: u64,
    positions: Vec<CachedPosition>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct CachedPosition {
    best: Option<CachedMove>,
    line: Vec<CachedMove>,
    outlook: CachedOutlook,
}

/// A move in the game's own encoding ([`Move`]).
type CachedMove = u32;

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
enum CachedOutlook {
    Eval(i32),
    Win(u32),
    Loss(u32),
    Draw,
    Unknown,
}

/// 2: moves in the games' own encoding.
const CACHE_VERSION: u32 = 2;

impl CachedReview {
    fn key(start: &AnyGame, moves: &[Move], limits: ReviewLimits) -> CachedReview {
        let text: Vec<String> = moves.iter().map(|&m| start.move_text(m)).collect();
        CachedReview {
            version: CACHE_VERSION,
            game: format!("{} {} {}", start.title(), start.subtitle(), text.join(" ")),
            per_position_ms: limits.per_position.as_millis() as u64,
            positions: Vec::new(),
        }
    }

    /// The cached analyses if the file reads and is the review of `key`'s game of `moves`
    /// moves (one analysis per position).
    fn read(path: &Path, key: &CachedReview, moves: usize) -> Option<Vec<Analysis<Move>>> {
        let text = std::fs::read_to_string(path).ok()?;
        let cached: CachedReview = match ron::from_str(&text) {
            Ok(c) => c,
            Err(e) => {
                info!("ignoring the review cache {}: {e}", path.display());
                return None;
            }
        };
        let same = cached.version == key.version
            && cached.game == key.game
            && cached.per_position_ms == key.per_position_ms
            && cached.positions.len() == moves + 1;
        same.then(|| {
            cached
                .positions
                .iter()
                .map(CachedPosition::to_analysis)
                .collect()
        })
    }
}

impl From<&Analysis<Move>> for CachedPosition {
    fn from(a: &Analysis<Move>) -> CachedPosition {
        let m = |m: &Move| m.0;
        CachedPosition {
            best: a.best.as_ref().map(m),
            line: a.line.iter().map(m).collect(),
            outlook: match a.outlook {
                Outlook::Eval(v) => CachedOutlook::Eval(v),
                Outlook::Win(n) => CachedOutlook::Win(n),
                Outlook::Loss(n) => CachedOutlook::Loss(n),
                Outlook::Draw => CachedOutlook::Draw,
                Outlook::Unknown => CachedOutlook::Unknown,
            },
        }
    }
}

impl CachedPosition {
    fn to_analysis(&self) -> Analysis<Move> {
        let m = |&m: &CachedMove| Move(m);
        Analysis {
            best: self.best.as_ref().map(m),
            line: self.line.iter().map(m).collect(),
            outlook: match self.outlook {
                CachedOutlook::Eval(v) => Outlook::Eval(v),
                CachedOutlook::Win(n) => Outlook::Win(n),
                CachedOutlook::Loss(n) => Outlook::Loss(n),
                CachedOutlook::Draw => Outlook::Draw,
                CachedOutlook::Unknown => Outlook::Unknown,
            },
        }
    }
}
