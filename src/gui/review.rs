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
use crate::engine::review::{Analysis, GameReview, Progress, ReviewLimits, assemble_from};

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
    first_graded: usize,
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
    /// Limits that replace the settings' (tests: a node budget gives the same review on a
    /// busy machine as on an idle one).
    pub limits_override: Option<ReviewLimits>,
}

impl Review {
    /// Reviews `moves` from `start` for replay load `generation`: from the cache beside
    /// `record` when it matches, else in the background. Stops any review running. Moves
    /// before `first_graded` (a tournament opening's stones) get no grade.
    pub fn start(
        &mut self,
        generation: u64,
        start: &AnyGame,
        moves: &[(Side, Move)],
        record: Option<&Path>,
        limits: ReviewLimits,
        first_graded: usize,
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
            self.result = Some(assemble_from(&analyses, &played, first_graded));
            self.from_cache = true;
            return;
        }
        let start = start.clone();
        let task_moves = played.clone();
        let stamp = Stamp {
            total: played.len() + 1,
            moves: played,
            first_graded,
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
                cached.positions = analyses.clone();
                if let Err(e) = persist::write_ron(path, &cached) {
                    warn!("could not cache the review: {e}");
                }
            }
            review.result = Some(assemble_from(&analyses, &stamp.moves, stamp.first_graded));
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

/// One position: the engine's own [`Analysis`] (its `serde` feature), moves as numbers.
type CachedPosition = Analysis<Move>;

/// 2: moves in the games' own encoding.
const CACHE_VERSION: u32 = 2;

impl CachedReview {
    fn key(start: &AnyGame, moves: &[Move], limits: ReviewLimits) -> CachedReview {
        // In English: the cache must not depend on the language the player reads.
        let text: Vec<String> = moves
            .iter()
            .map(|&m| start.move_text(m).english())
            .collect();
        CachedReview {
            version: CACHE_VERSION,
            game: format!(
                "{} {} {}",
                start.title(),
                start.subtitle().english(),
                text.join(" ")
            ),
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
        same.then_some(cached.positions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::review::Outlook;

    /// Caches written before the engine's types were serializable read the same.
    #[test]
    fn a_cache_of_the_mirror_types_still_reads() {
        let old = "(version: 2, game: \"Gomoku Freestyle · 15 × 15 h8\", per_position_ms: 300, \
                   positions: [(best: Some(1799), line: [1799, 1800], outlook: Win(3)), \
                   (best: None, line: [], outlook: Eval(-40))])";
        let cached: CachedReview = ron::from_str(old).unwrap();
        assert_eq!(cached.positions[0].best, Some(Move(1799)));
        assert_eq!(cached.positions[0].line, [Move(1799), Move(1800)]);
        assert_eq!(cached.positions[1].outlook, Outlook::Eval(-40));
        let again: CachedReview = ron::from_str(&ron::to_string(&cached).unwrap()).unwrap();
        assert_eq!(again, cached);
    }
}
