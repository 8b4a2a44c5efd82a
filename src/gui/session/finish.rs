//! After moves: the autosave of an unfinished game, or the end of a finished one (record,
//! statistics, the end sound).

use super::*;

/// After moves: autosave the unfinished game, or finish an ended one (saved at once, so
/// quitting while the result is on its way loses nothing).
pub(super) fn settle(
    mut session: ResMut<Session>,
    mut worker: ResMut<AiWorker>,
    paths: Res<Paths>,
    mut stats: ResMut<Stats>,
    mut last_saved: Local<Option<(u64, usize, usize, usize)>>,
) {
    if session.finished.is_some() {
        return;
    }
    if let Some(end) = session.end() {
        worker.cancel();
        finish(&mut session, end, &paths, &mut stats);
        return;
    }
    // An opening's choices put no stone: they count as changes too.
    let actions = session.opening.as_ref().map_or(0, |o| o.texts().len());
    let key = (
        session.id,
        session.game.ply(),
        session.game.redo_len(),
        actions,
    );
    if *last_saved == Some(key) || session.autoplay.is_some() || session.online.is_some() {
        // An engine match's games are not the person's to continue, and an online game
        // is the server's to keep (it would replace the player's own unfinished game).
        return;
    }
    *last_saved = Some(key);
    let kind = session.game.kind();
    if key.1 == 0 && key.2 == 0 && key.3 == 0 {
        // Nothing worth continuing.
        files::remove_autosave(&paths, kind);
        return;
    }
    let written = files::write_autosave(&paths, &session.saved())
        .and_then(|()| files::write_clock(&paths, kind, session.clock.as_ref()))
        .and_then(|()| files::write_opening(&paths, kind, session.saved_opening().as_ref()))
        .and_then(|()| {
            let engine = session.engine.as_ref().map(|e| files::SavedEngine {
                path: e.path.display().to_string(),
                name: e.name.clone(),
            });
            files::write_engine(&paths, kind, engine.as_ref())
        });
    if let Err(e) = written {
        warn!("autosave failed: {e}");
        session.status = Some(Msg::key("status-autosave-failed").with("error", e));
    }
}

/// The record's comment: the opening's line, and what an engine that forfeited did wrong
/// (in English, as records are).
fn record_comment(session: &Session) -> Option<String> {
    let opening = session
        .opening
        .as_ref()
        .map(|o| o.record_comment())
        .or_else(|| session.opening_comment());
    let forfeit = session
        .forfeited
        .and(session.forfeit_message.as_ref())
        .map(Msg::english);
    let lines: Vec<String> = opening.into_iter().chain(forfeit).collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Saves the record, counts the result, removes the autosave and picks the end sound.
pub(super) fn finish(session: &mut Session, end: GameEnd, paths: &Paths, stats: &mut Stats) {
    let who = match (&session.opponent, &session.engine) {
        _ if session.autoplay.is_some() => "match".into(),
        _ if session.online.is_some() => "online".into(),
        (Opponent::Ai(_), Some(_)) => "engine".into(),
        (Opponent::Ai(level), None) => level.name().to_ascii_lowercase(),
        (Opponent::Person, _) => "two-players".into(),
    };
    let names = session.record_names();
    let saved = files::save_record(
        paths,
        &session.game,
        &names,
        &session.started,
        &RecordEnd {
            resigned: session.resigned,
            forfeited: session.forfeited,
            lost_on_time: session.flagged,
            times: session
                .clock
                .as_ref()
                .map(|c| c.per_move())
                .unwrap_or_default(),
            comment: record_comment(session),
        },
        &who,
    );
    let record = match saved {
        Ok(path) => {
            info!("game saved to {}", path.display());
            Some(path)
        }
        Err(e) => {
            warn!("could not save the game record: {e}");
            session.status = Some(Msg::key("status-save-failed").with("error", e));
            None
        }
    };
    let person = session.person_result(&end);
    let kind = session.game.kind();
    // The record against each level counts games against that level only.
    if session.engine.is_none()
        && session.autoplay.is_none()
        && session.online.is_none()
        && let Err(e) = stats.count(paths, kind, session.ai_level(), person)
    {
        warn!("could not save statistics: {e}");
    }
    if session.autoplay.is_none() && session.online.is_none() {
        files::remove_autosave(paths, kind);
    }
    let sound = match (person, end.winner()) {
        (Some(Verdict::Win), _) | (None, Some(_)) => Sfx::Win,
        (Some(Verdict::Loss), _) => Sfx::Loss,
        (Some(Verdict::Draw), _) | (None, None) => Sfx::Draw,
    };
    session.finished = Some(Finished { end, record, sound });
}
