//! The end of a game over the final board (winning row highlighted): who won and how, where
//! the record was saved, the results against this level so far, and Replay / Rematch / Menu.

use bevy::prelude::*;

use super::playing::spawn_game_header;
use super::replay::Replay;
use super::review::start_review;
use super::{spawn_board_screen, spawn_panel_buttons};
use crate::gui::ai_task::AiWorker;
use crate::gui::flow::{Action, ResultAction, Screen, press};
use crate::gui::kind::Games;
use crate::gui::kind::Verdict;
use crate::gui::kind::files::{self, Recorded, Stats};
use crate::gui::persist::{Notices, Settings};
use crate::gui::review::Review;
use crate::gui::session::{GameEnd, Session};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, panel, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Result), spawn_result)
        .add_systems(Update, shortcuts.run_if(in_state(Screen::Result)))
        .add_observer(on_action);
}

/// Headline and its colour for the end of `session`.
pub fn headline(session: &Session, end: &GameEnd) -> (String, Color) {
    let on_time = matches!(end, GameEnd::Time { .. });
    match (session.person_result(end), end.winner()) {
        (Some(Verdict::Win), _) if on_time => ("You win on time!".into(), palette::GOOD),
        (Some(Verdict::Loss), _) if on_time => ("You lose on time".into(), palette::BAD),
        (Some(Verdict::Win), _) => ("You win!".into(), palette::GOOD),
        (Some(Verdict::Loss), _) => ("You lose".into(), palette::BAD),
        (Some(Verdict::Draw), _) | (None, None) => ("Draw".into(), palette::ACCENT),
        (None, Some(winner)) => (
            format!("{} wins!", session.game.side_name(winner)),
            palette::ACCENT,
        ),
    }
}

fn reason(session: &Session, end: &GameEnd) -> String {
    match end {
        GameEnd::Line { winner, line } => format!(
            "{} made {} in a row with move {}.",
            session.player_name(*winner),
            session.game.line_name(line.len()),
            session.game.ply()
        ),
        GameEnd::Resigned { loser } => format!(
            "{} resigned after {} moves.",
            session.player_name(*loser),
            session.game.ply()
        ),
        GameEnd::Time { loser } => format!(
            "{} ran out of time after {} moves.",
            session.player_name(*loser),
            session.game.ply()
        ),
        GameEnd::Draw => format!(
            "The board is full: nobody made {}.",
            session.game.line_name(0)
        ),
    }
}

fn spawn_result(mut commands: Commands, session: Res<Session>, stats: Res<Stats>) {
    let kind = session.game.kind();
    let panel_entity = spawn_board_screen(&mut commands, Screen::Result, kind);
    let Some(finished) = session.finished.clone() else {
        return;
    };
    let (title, color) = headline(&session, &finished.end);
    let why = reason(&session, &finished.end);
    let saved = match &finished.record {
        Some(path) => format!(
            // The name on a line of its own: a long name breaks there, not after "Saved as".
            "Saved as\n{}",
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        ),
        None => "The record could not be saved.".into(),
    };
    let tally = session.ai_level().map(|level| (level, stats.tally(level)));
    commands.entity(panel_entity).with_children(|p| {
        spawn_game_header(p, &session);
        p.spawn(panel(percent(100))).with_children(|card| {
            card.spawn(bold(title, 34.0, color));
            card.spawn(text(why, 16.0, palette::TEXT));
            if let Some((level, t)) = tally {
                card.spawn(text(
                    format!(
                        // The tally on its own line, so the panel never wraps inside it.
                        "Against {}:\n{} won · {} lost · {} drawn",
                        level.name(),
                        t.wins,
                        t.losses,
                        t.draws
                    ),
                    15.0,
                    palette::TEXT_DIM,
                ));
            }
            card.spawn(text(saved, 13.0, palette::TEXT_DIM));
        });
        let result = |a| Action::Result(a);
        spawn_panel_buttons(
            p,
            vec![
                ("Review the game", "V", result(ResultAction::Review)),
                ("Replay", "R", result(ResultAction::Replay)),
                (
                    "Rematch (colours swapped)",
                    "N",
                    result(ResultAction::Rematch),
                ),
                ("Menu", "Esc", result(ResultAction::Menu)),
            ],
        );
    });
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::KeyR, ResultAction::Replay),
        (KeyCode::KeyV, ResultAction::Review),
        (KeyCode::KeyN, ResultAction::Rematch),
        (KeyCode::Escape, ResultAction::Menu),
    ];
    press(
        &keys,
        &mut commands,
        map.map(|(k, a)| (k, Action::Result(a))),
    );
}

#[allow(clippy::too_many_arguments)]
fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut worker: ResMut<AiWorker>,
    mut replay: ResMut<Replay>,
    (mut review, settings, games): (ResMut<Review>, Res<Settings>, Res<Games>),
    mut notices: ResMut<Notices>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Result(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Result {
        return;
    }
    match action {
        ResultAction::Replay | ResultAction::Review => {
            // The saved file when there is one, so what is replayed is what was kept.
            let from_file = session
                .finished
                .as_ref()
                .and_then(|f| f.record.clone())
                .map(|path| (files::open_record(&path, &games), path));
            match from_file {
                Some((Ok(recorded), path)) => replay.load(recorded, &path),
                other => {
                    if let Some((Err(message), _)) = other {
                        notices.push(message);
                    }
                    replay.show(last_game(&session), "Last game".into());
                }
            }
            if *action == ResultAction::Review {
                start_review(&replay, &mut review, &settings);
            }
            next.set(Screen::Replay);
        }
        ResultAction::Rematch => {
            worker.cancel();
            *session = session.rematch();
            next.set(Screen::Playing);
        }
        ResultAction::Menu => next.set(Screen::Title),
    }
}

/// The session's game as the replay shows it (when its record could not be read back).
fn last_game(session: &Session) -> Recorded {
    let result = match session.end().and_then(|e| e.winner()) {
        Some(w) => format!("{} won", session.game.side_name(w)),
        None => "Draw".into(),
    };
    Recorded {
        start: session.game.fresh(),
        moves: (0..session.game.ply())
            .map(crate::gui::kind::Side::of_ply)
            .zip(session.game.moves())
            .collect(),
        names: session.record_names(),
        result,
        opening: session.opening_played.clone(),
        times: session
            .clock
            .as_ref()
            .map(|c| {
                c.per_move()
                    .into_iter()
                    .map(|(spent, left)| (Some(spent), Some(left)))
                    .collect()
            })
            .unwrap_or_default(),
    }
}
