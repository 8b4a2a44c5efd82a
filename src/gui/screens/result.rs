//! The end of a game over the final board (winning row highlighted): who won and how, where
//! the record was saved, the results against this level so far, and Replay / Rematch / Menu.

use bevy::prelude::*;

use super::playing::spawn_game_header;
use super::replay::Replay;
use super::review::start_review;
use super::{set_text, spawn_board_screen, spawn_panel_buttons};
use crate::gui::ai_task::AiWorker;
use crate::gui::flow::{Action, ResultAction, Screen, press};
use crate::gui::frames::FrameRequests;
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::Games;
use crate::gui::kind::Verdict;
use crate::gui::kind::files::{self, Recorded, Stats};
use crate::gui::persist::{Notices, Settings};
use crate::gui::review::Review;
use crate::gui::session::{GameEnd, OnlineLink, Session, SessionSystems};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, panel, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Result), spawn_result)
        .add_systems(Update, shortcuts.run_if(in_state(Screen::Result)))
        // After the server's news of this frame: the window sleeps once it is drawn.
        .add_systems(
            Update,
            update_rematch_line
                .after(SessionSystems)
                .run_if(in_state(Screen::Result)),
        )
        .add_systems(
            Update,
            enter_rematch
                .after(SessionSystems)
                .run_if(in_state(Screen::Result).or_else(in_state(Screen::Replay))),
        )
        .add_observer(on_action);
}

/// An online game's line about the rematch (asked, offered, declined, the server's word).
#[derive(Component)]
struct RematchLine;

fn update_rematch_line(
    session: Res<Session>,
    i18n: Res<I18n>,
    mut lines: Query<&mut Text, With<RematchLine>>,
) {
    let line = session
        .rematch_line()
        .map_or_else(String::new, |m| i18n.msg(&m));
    for mut t in &mut lines {
        set_text(&mut t, line.clone());
    }
}

/// The rematch the other player agreed to has come from the server: play it (from the
/// result, or from the replay of the game just finished).
fn enter_rematch(
    mut link: ResMut<OnlineLink>,
    mut next: ResMut<NextState<Screen>>,
    mut frames: ResMut<FrameRequests>,
) {
    if link.take_ready() {
        next.set(Screen::Playing);
        // The screen changes on the next frame, which nothing else may ask for.
        frames.animate();
    }
}

/// Headline and its colour for the end of `session`.
pub fn headline(session: &Session, end: &GameEnd) -> (Msg, Color) {
    let on_time = matches!(end, GameEnd::Time { .. });
    match (session.person_result(end), end.winner()) {
        (Some(Verdict::Win), _) if on_time => (Msg::key("result-win-on-time"), palette::GOOD),
        (Some(Verdict::Loss), _) if on_time => (Msg::key("result-loss-on-time"), palette::BAD),
        (Some(Verdict::Win), _) => (Msg::key("result-win"), palette::GOOD),
        (Some(Verdict::Loss), _) => (Msg::key("result-loss"), palette::BAD),
        (Some(Verdict::Draw), _) | (None, None) => (Msg::key("result-draw"), palette::ACCENT),
        (None, Some(winner)) => (
            Msg::key("result-side-wins").with("side", session.game.side_name(winner)),
            palette::ACCENT,
        ),
    }
}

/// How the game ended, in a sentence.
fn reason(session: &Session, end: &GameEnd) -> Msg {
    let moves = session.game.ply();
    match end {
        GameEnd::Line { winner, line } => Msg::key("result-reason-line")
            .with("player", session.player_name(*winner))
            .with("line", session.game.line_name(line.len()))
            .with("move", moves),
        GameEnd::Resigned { loser } => Msg::key("result-reason-resigned")
            .with("player", session.player_name(*loser))
            .with("moves", moves),
        GameEnd::Time { loser } => Msg::key("result-reason-time")
            .with("player", session.player_name(*loser))
            .with("moves", moves),
        GameEnd::Forfeit { loser } => Msg::key("result-reason-forfeit")
            .with("player", session.player_name(*loser))
            .with("moves", moves)
            .with(
                "why",
                session
                    .forfeit_reason
                    .clone()
                    .unwrap_or_else(|| Msg::key("fault-crash")),
            ),
        GameEnd::Draw => {
            Msg::key("result-reason-board-full").with("line", session.game.line_name(0))
        }
    }
}

fn spawn_result(mut commands: Commands, session: Res<Session>, stats: Res<Stats>, i18n: Res<I18n>) {
    let kind = session.game.kind();
    let panel_entity = spawn_board_screen(&mut commands, Screen::Result, kind);
    let Some(finished) = session.finished.clone() else {
        return;
    };
    let (title, color) = headline(&session, &finished.end);
    let title = i18n.msg(&title);
    let why = i18n.msg(&reason(&session, &finished.end));
    let saved = match &finished.record {
        // The name on a line of its own (the catalog's): a long name breaks there.
        Some(path) => i18n.msg(
            &Msg::key("result-saved-as").with(
                "file",
                path.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            ),
        ),
        None => i18n.t("result-not-saved"),
    };
    // The record against a level counts that level's games: not an engine's.
    let tally = session
        .ai_level()
        .filter(|_| session.engine.is_none())
        .map(|level| (level, stats.tally(level)));
    commands.entity(panel_entity).with_children(|p| {
        spawn_game_header(p, &session, &i18n);
        p.spawn(panel(percent(100))).with_children(|card| {
            card.spawn(bold(title, 34.0, color));
            card.spawn(text(why, 16.0, palette::TEXT));
            if let Some((level, t)) = tally {
                // The tally on its own line (the catalog's), so the panel never wraps inside it.
                let tally = Msg::key("result-tally")
                    .with("level", level.title())
                    .with("wins", t.wins)
                    .with("losses", t.losses)
                    .with("draws", t.draws);
                card.spawn(text(i18n.msg(&tally), 15.0, palette::TEXT_DIM));
            }
            card.spawn(text(saved, 13.0, palette::TEXT_DIM));
            if session.online.is_some() {
                card.spawn((text(String::new(), 15.0, palette::ACCENT), RematchLine));
            }
        });
        // (label, shortcut, action): a named key's name from the catalog, a letter as it is.
        let buttons: Vec<(String, String, Action)> = [
            ("result-review", "V".to_string(), ResultAction::Review),
            ("result-replay", "R".to_string(), ResultAction::Replay),
            ("result-rematch", "N".to_string(), ResultAction::Rematch),
            ("result-menu", i18n.t("play-key-esc"), ResultAction::Menu),
        ]
        .into_iter()
        .map(|(label, key, a)| (i18n.t(label), key, Action::Result(a)))
        .collect();
        spawn_panel_buttons(
            p,
            buttons
                .iter()
                .map(|(label, key, a)| (label.as_str(), key.as_str(), a.clone()))
                .collect(),
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

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut worker: ResMut<AiWorker>,
    mut replay: ResMut<Replay>,
    (mut review, settings, games): (ResMut<Review>, Res<Settings>, Res<Games>),
    (mut notices, i18n, link): (ResMut<Notices>, Res<I18n>, Res<OnlineLink>),
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
                    replay.show(last_game(&session), i18n.t("result-last-game"));
                }
            }
            if *action == ResultAction::Review {
                start_review(&replay, &mut review, &settings);
            }
            next.set(Screen::Replay);
        }
        // Online, the other player is asked; the server starts the game (`enter_rematch`).
        ResultAction::Rematch if session.online.is_some() => session.ask_rematch(&link),
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
        Some(w) => Msg::key("result-side-won").with("side", session.game.side_name(w)),
        None => Msg::key("result-draw"),
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
