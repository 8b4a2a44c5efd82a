//! The end of a Connect Four game over the final board (winning four highlighted): who won
//! and how, where the record was saved, the results against this level so far, and Replay /
//! Rematch / Menu.

use bevy::prelude::*;

use super::playing::spawn_game_header;
use super::replay::{C4Replay, open_record_file};
use super::spawn_board_screen;
use crate::gui::connect4::ai_task::C4Worker;
use crate::gui::connect4::files::C4Stats;
use crate::gui::connect4::level_name;
use crate::gui::connect4::player_name;
use crate::gui::connect4::session::{C4Session, GameEnd};
use crate::gui::persist::Notices;
use crate::gui::screens::{Action, ResultAction, Screen};
use crate::gui::session::PersonResult;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, panel, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ConnectFourResult), spawn_result)
        .add_systems(
            Update,
            shortcuts.run_if(in_state(Screen::ConnectFourResult)),
        )
        .add_observer(on_action);
}

/// Headline and its colour for the end of `session`.
pub fn headline(session: &C4Session, end: &GameEnd) -> (String, Color) {
    match (session.person_result(end), end.winner()) {
        (Some(PersonResult::Won), _) => ("You win!".into(), palette::GOOD),
        (Some(PersonResult::Lost), _) => ("You lose".into(), palette::BAD),
        (Some(PersonResult::Draw), _) | (None, None) => ("Draw".into(), palette::ACCENT),
        (None, Some(winner)) => (format!("{} wins!", player_name(winner)), palette::ACCENT),
    }
}

fn reason(session: &C4Session, end: &GameEnd) -> String {
    match *end {
        GameEnd::Four { winner, .. } => format!(
            "{} made four in a row with move {}.",
            session.player_name(winner),
            session.ply()
        ),
        GameEnd::Resigned { loser } => format!(
            "{} resigned after {} moves.",
            session.player_name(loser),
            session.ply()
        ),
        GameEnd::Draw => "The board is full: nobody made four.".into(),
    }
}

fn spawn_result(mut commands: Commands, session: Res<C4Session>, stats: Res<C4Stats>) {
    let panel_entity = spawn_board_screen(&mut commands, Screen::ConnectFourResult);
    let Some(finished) = session.finished.clone() else {
        return;
    };
    let (title, color) = headline(&session, &finished.end);
    let why = reason(&session, &finished.end);
    let saved = match &finished.record {
        Some(path) => format!(
            "Saved as {}",
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
                        "Against {}: {} won · {} lost · {} drawn",
                        level_name(level),
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
        p.spawn(Node {
            flex_grow: 1.0,
            ..default()
        });
        let node = || Node {
            width: percent(100),
            height: px(42),
            ..default()
        };
        spawn_button(
            p,
            "Replay",
            "R",
            Action::Result(ResultAction::Replay),
            node(),
        );
        spawn_button(
            p,
            "Rematch (the other starts)",
            "N",
            Action::Result(ResultAction::Rematch),
            node(),
        );
        spawn_button(p, "Menu", "Esc", Action::Result(ResultAction::Menu), node());
    });
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    if keys.just_pressed(KeyCode::KeyR) {
        commands.trigger(Action::Result(ResultAction::Replay));
    }
    if keys.just_pressed(KeyCode::KeyN) {
        commands.trigger(Action::Result(ResultAction::Rematch));
    }
    if keys.just_pressed(KeyCode::Escape) {
        commands.trigger(Action::Result(ResultAction::Menu));
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut session: ResMut<C4Session>,
    mut worker: ResMut<C4Worker>,
    mut replay: ResMut<C4Replay>,
    mut notices: ResMut<Notices>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Result(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::ConnectFourResult {
        return;
    }
    match action {
        ResultAction::Replay => {
            // The saved file when there is one, so what is replayed is what was kept.
            let from_file = session
                .finished
                .as_ref()
                .and_then(|f| f.record.clone())
                .map(|path| open_record_file(&path, &mut replay));
            match from_file {
                Some(Ok(())) => {}
                other => {
                    if let Some(Err(message)) = other {
                        notices.push(message);
                    }
                    replay.load(&session.record(), "Last game".into());
                }
            }
            next.set(Screen::ConnectFourReplay);
        }
        ResultAction::Rematch => {
            worker.cancel();
            *session = session.rematch();
            next.set(Screen::ConnectFour);
        }
        ResultAction::Menu => next.set(Screen::Title),
    }
}
