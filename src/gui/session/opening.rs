//! The tournament opening in the session: the AI's actions in it, each on a background
//! [`Job`] (one decision at a time, never blocking a frame), and what happens when the
//! opening ends (the session's methods in `mod.rs`: `sync_opening`, `undo_opening`).

use bevy::prelude::*;

use super::Session;
use crate::gui::audio::Sfx;
use crate::gui::job::{Job, Jobs, NICE_WAITED};
use crate::gui::kind::OpeningPhase;

/// What an opening decision answers: the game and the opening's actions when it started.
type Stamp = (u64, Vec<String>);
/// The opening after the AI's action, or why it could not act.
type Decided = Result<Box<dyn OpeningPhase>, String>;

/// At most one decision of the AI's in an opening at a time.
#[derive(Resource, Default)]
pub struct OpeningWorker {
    job: Option<Job<Stamp, Decided>>,
}

impl OpeningWorker {
    pub fn cancel(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
    }

    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }
}

impl Jobs for OpeningWorker {
    fn cancel_all(&mut self) {
        self.cancel();
    }
}

/// Applies the AI's finished decision (a stale one, for another game or another state of
/// the opening, is dropped), then starts the next one when the AI's player is to act.
pub(super) fn run_opening_ai(
    mut session: ResMut<Session>,
    mut worker: ResMut<OpeningWorker>,
    mut sfx: MessageWriter<Sfx>,
) {
    let finished = worker
        .bypass_change_detection()
        .job
        .as_mut()
        .and_then(|job| job.poll());
    if let Some(result) = finished {
        let stamp = worker
            .job
            .take()
            .map(|job| job.stamp().clone())
            .unwrap_or_default();
        let current = session.id == stamp.0
            && session.is_ai_turn()
            && session
                .opening
                .as_ref()
                .is_some_and(|o| o.texts() == stamp.1);
        if current {
            apply(&mut session, result.and_then(|r| r), &mut sfx);
        } else {
            debug!("dropping a stale opening decision (game {})", stamp.0);
        }
    }
    if !session.is_ai_turn() {
        return;
    }
    let (Some(phase), Some(level)) = (session.opening.as_ref(), session.ai_level()) else {
        return;
    };
    let texts = phase.texts();
    if worker
        .job
        .as_ref()
        .is_some_and(|j| *j.stamp() == (session.id, texts.clone()))
    {
        return;
    }
    let seed = session.seed ^ (texts.len() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut trial = phase.boxed_clone();
    worker.cancel();
    worker.job = Some(Job::spawn(
        "opening ai",
        NICE_WAITED,
        (session.id, texts),
        (),
        move |ctx| trial.ai_step(level, seed, ctx.stop).map(|()| trial),
    ));
}

fn apply(session: &mut Session, result: Decided, sfx: &mut MessageWriter<Sfx>) {
    match result {
        Ok(phase) => {
            let stones = session.game.ply();
            session.opening = Some(phase);
            session.status.clear();
            session.sync_opening();
            if session.game.ply() > stones && session.game.kind().clicks_when_placed() {
                sfx.write(Sfx::Stone);
            }
        }
        Err(e) => {
            // An engine bug: the game must go on, so the AI forfeits.
            warn!("the AI could not act in the opening: {e}");
            session.status = format!("The AI could not play the opening ({e}) and resigns.");
            session.resigned = Some(session.human.other());
        }
    }
}
