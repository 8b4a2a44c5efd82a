//! The person's actions in a game (`PlayAction`): a move or an opening's step, looking at an
//! earlier position, undo and redo by turns, a hint, resigning (asked twice) and Menu.

use super::*;

// A Bevy observer: one parameter per resource it touches.
pub(super) fn on_play_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut worker: ResMut<AiWorker>,
    mut opening_worker: ResMut<OpeningWorker>,
    backend: Res<AiBackend>,
    link: Res<OnlineLink>,
    mut sfx: MessageWriter<Sfx>,
) {
    let Action::Play(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Playing {
        return;
    }
    let session = &mut *session;
    if session.autoplay.is_some() {
        // An engine match is only watched.
        return;
    }
    let confirmed = resign_confirmed(action, &mut session.resign_armed, &mut session.status);
    if !matches!(action, PlayAction::Look(_)) {
        // Any other action is about the game as it stands.
        session.looking = None;
    }
    if session.online.is_some() {
        // Online, the game's actions go to the server; the board changes when it relays them.
        match *action {
            PlayAction::Look(n) => session.look(n),
            PlayAction::Menu => {}
            _ => online::act_online(session, &link, action, confirmed, &mut sfx),
        }
        return;
    }
    match *action {
        PlayAction::Look(n) => session.look(n),
        PlayAction::Place(mv) if session.in_opening() => {
            opening_action(session, &mut sfx, |phase| phase.click(mv));
        }
        PlayAction::OpeningChoice(i) => {
            opening_action(session, &mut sfx, |phase| phase.choose(i));
        }
        PlayAction::Place(mv) => {
            if !session.is_ongoing() {
                return;
            }
            if session.is_ai_turn() {
                session.status = Some(Msg::key("status-wait-ai"));
                sfx.write(Sfx::Illegal);
                return;
            }
            match session.game.play(mv) {
                Err(why) => {
                    session.status = Some(why);
                    sfx.write(Sfx::Illegal);
                }
                Ok(()) => {
                    if matches!(worker.kind(), Some(JobKind::Hint | JobKind::Evaluate)) {
                        worker.cancel();
                    }
                    session.hint = None;
                    session.status = None;
                    placed_sound(&session.game, &mut sfx);
                }
            }
        }
        PlayAction::Undo => {
            if session.finished.is_some() {
                return;
            }
            // A search for the position being taken back is pointless now.
            worker.cancel();
            opening_worker.cancel();
            let undone = session.undo_for_person();
            session.hint = None;
            // The last search was about a position that is gone.
            session.last_search = None;
            session.status = (undone == 0).then(|| Msg::key("status-nothing-to-undo"));
        }
        PlayAction::Redo => {
            if session.finished.is_some() {
                return;
            }
            if worker.kind() == Some(JobKind::Move) {
                session.status = Some(Msg::key("status-wait-ai"));
                return;
            }
            if session.in_opening() {
                session.status = Some(Msg::key("status-no-redo-in-opening"));
                return;
            }
            worker.cancel();
            let redone = session.redo_for_person();
            session.hint = None;
            session.last_search = None;
            if redone == 0 {
                session.status = Some(Msg::key("status-nothing-to-redo"));
            } else {
                session.status = None;
                placed_sound(&session.game, &mut sfx);
            }
        }
        PlayAction::Hint => {
            if session.in_opening() {
                session.status = Some(Msg::key("status-no-hints-in-opening"));
                return;
            }
            if !session.is_person_turn() {
                session.status = Some(Msg::key("status-hint-own-turn"));
                return;
            }
            if worker.is_busy() && worker.kind() != Some(JobKind::Evaluate) {
                return;
            }
            let request = session.request(JobKind::Hint, session.game.hint_level(), &backend);
            worker.start(session.id, request, &backend);
            session.hint = None;
            session.status = Some(Msg::key("status-hint-looking"));
        }
        PlayAction::Resign => {
            // Asked first: one click must not end a game.
            if session.is_ongoing() && confirmed {
                session.hint = None;
                worker.cancel();
                opening_worker.cancel();
                session.resigned = Some(match session.opponent {
                    Opponent::Ai(_) => session.human,
                    Opponent::Person => session.game.to_move(),
                });
            }
        }
        PlayAction::Menu => {
            // The screen itself changes in `screens::playing`.
            worker.cancel();
            opening_worker.cancel();
        }
        // Online only.
        PlayAction::OfferDraw | PlayAction::Answer(_) | PlayAction::ClaimWin => {}
    }
}

/// Resigning takes two presses: the first asks (in the status line), the second confirms;
/// any other action in between cancels. Returns whether this press confirms.
pub fn resign_confirmed(action: &PlayAction, armed: &mut bool, status: &mut Option<Msg>) -> bool {
    if !matches!(action, PlayAction::Resign) {
        if *armed {
            *armed = false;
            *status = None;
        }
        return false;
    }
    if *armed {
        *armed = false;
        return true;
    }
    *armed = true;
    *status = Some(Msg::key("status-resign-confirm"));
    false
}
