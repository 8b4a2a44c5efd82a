//! The trainer's systems: the verdict on a try and the missed wins delivered from their jobs,
//! the defender's reply and the solution played out at their pace.

use super::*;

/// Delivers the verdict on the person's move (a stale one, for another puzzle or line, is
/// dropped).
pub(super) fn poll_try(mut trainer: ResMut<Trainer>, mut sfx: MessageWriter<Sfx>) {
    let Some(job) = trainer.bypass_change_detection().job.as_mut() else {
        return;
    };
    let Some(result) = job.poll() else {
        return;
    };
    let Some(job) = trainer.job.take() else {
        return;
    };
    let (generation, len, mv) = *job.stamp();
    if generation != trainer.generation
        || len != trainer.line.len()
        || trainer.phase != Phase::Checking
    {
        return;
    }
    match result {
        Ok(verdict) => trainer.judged(mv, verdict, &mut sfx),
        Err(e) => {
            trainer.undo_board(1);
            trainer.phase = Phase::Solving;
            trainer.status = Some(not_judged(e));
        }
    }
}

/// Turns queued missed wins into personal puzzles, one batch at a time.
pub(super) fn poll_missed(mut trainer: ResMut<Trainer>, games: Option<Res<Games>>) {
    if let Some(job) = trainer.bypass_change_detection().missed.as_mut()
        && let Some(result) = job.poll()
    {
        trainer.missed = None;
        match result {
            Ok(found) if !found.is_empty() => trainer.add_personal(games.as_deref(), found),
            Ok(_) => {}
            Err(e) => warn!("missed wins: {e}"),
        }
    }
    if trainer.missed.is_none() && !trainer.queue.is_empty() {
        trainer.start_missed();
    }
}

/// The defender's answer after its pause, and the solution's next move.
pub(super) fn advance(
    mut trainer: ResMut<Trainer>,
    mut sfx: MessageWriter<Sfx>,
    mut frames: ResMut<FrameRequests>,
) {
    let now = Instant::now();
    // A sleeping window wakes for the answer and each step of the solution.
    match &trainer.phase {
        Phase::Replying { at, .. } | Phase::Solution { at, .. } => {
            frames.within(at.saturating_duration_since(now));
        }
        _ => {}
    }
    match trainer.phase.clone() {
        Phase::Replying { reply, at } if now >= at => {
            trainer.play_reply(reply);
            sfx.write(Sfx::Stone);
        }
        Phase::Solution { mut rest, at } if now >= at => {
            if rest.is_empty() {
                trainer.phase = Phase::SolutionShown;
                trainer.status = Some(Msg::key("puzzle-solution-shown"));
                return;
            }
            let mv = rest.remove(0);
            if let Some(game) = trainer.game.as_mut() {
                let _ = game.play(mv);
            }
            sfx.write(Sfx::Stone);
            trainer.phase = Phase::Solution {
                rest,
                at: now + SOLUTION_STEP,
            };
        }
        _ => {}
    }
}
