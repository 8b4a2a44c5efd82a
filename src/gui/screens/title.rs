//! Main menu: New game, Continue, Replay last game, Load game, Settings, Quit; messages about
//! unreadable files are listed under the buttons.

use bevy::prelude::*;

use super::piece_icon;
use super::replay::Replay;
use crate::gui::flow::{Action, Screen, TitleAction, press};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::files;
use crate::gui::kind::files::record_extensions;
use crate::gui::kind::{GameKind, Games, Side};
use crate::gui::persist::{self, Notices, Paths, Settings};
use crate::gui::session::{Session, session_from_autosave};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{GameButton, bold, screen_root, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title)
        .add_systems(OnExit(Screen::Title), |mut notices: ResMut<Notices>| {
            // Shown once; the log keeps them.
            notices.0.clear();
        })
        .add_systems(Update, shortcuts.run_if(in_state(Screen::Title)))
        .add_observer(on_action);
}

fn spawn_title(
    mut commands: Commands,
    paths: Res<Paths>,
    notices: Res<Notices>,
    games: Res<Games>,
    i18n: Res<I18n>,
) {
    let can_continue = files::has_autosave(&paths, &games);
    let has_games = !persist::list_games(&paths, &record_extensions(&games)).is_empty();
    let notices = notices.0.clone();
    // The games on offer: "Gomoku · Connect Four".
    let subtitle = games
        .iter()
        .map(|kind| game_title(&i18n, kind))
        .collect::<Vec<_>>()
        .join(" · ");
    commands
        .spawn(screen_root(Screen::Title))
        .with_children(|root| {
            root.spawn(Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(8),
                ..default()
            })
            .with_children(|col| {
                col.spawn(title_stones(games.0[0]));
                col.spawn(bold(i18n.t("app-title"), 64.0, palette::TEXT));
                col.spawn((
                    text(subtitle, 18.0, palette::TEXT_DIM),
                    Node {
                        margin: UiRect::bottom(px(24)),
                        ..default()
                    },
                ));
                let node = || Node {
                    width: px(300),
                    height: px(42),
                    ..default()
                };
                let buttons = [
                    ("menu-new-game", "N", TitleAction::NewGame, true),
                    ("menu-continue", "C", TitleAction::Continue, can_continue),
                    ("menu-replay-last", "R", TitleAction::ReplayLast, has_games),
                    ("menu-load-game", "L", TitleAction::LoadGame, true),
                    ("menu-analysis", "A", TitleAction::Analysis, true),
                    ("menu-puzzles", "P", TitleAction::Puzzles, true),
                    ("menu-engine-match", "M", TitleAction::EngineMatch, true),
                    ("menu-online", "O", TitleAction::PlayOnline, true),
                    ("menu-settings", "S", TitleAction::Settings, true),
                    ("menu-quit", "Q", TitleAction::Quit, true),
                ];
                for (label, key, action, active) in buttons {
                    let label = i18n.t(label);
                    let id = spawn_button(col, label, key, Action::Title(action), node());
                    if !active {
                        col.commands().entity(id).insert(GameButton {
                            selected: false,
                            inactive: true,
                        });
                    }
                }
                for notice in notices {
                    col.spawn((
                        text(i18n.msg(&notice), 15.0, palette::BAD),
                        Node {
                            max_width: px(720),
                            margin: UiRect::top(px(8)),
                            ..default()
                        },
                    ));
                }
            });
        });
}

/// A game's name in the language in use ("game-gomoku"), else its own English title.
pub(super) fn game_title(i18n: &I18n, kind: GameKind) -> String {
    i18n.lookup(&format!("game-{}", kind.id()))
        .unwrap_or_else(|| kind.title().to_string())
}

/// A row of the first game's pieces over the title.
fn title_stones(kind: GameKind) -> impl Bundle {
    (
        Node {
            column_gap: px(6),
            margin: UiRect::bottom(px(6)),
            ..default()
        },
        Children::spawn(SpawnIter(
            [0, 1, 2, 3, 4]
                .into_iter()
                .map(move |i| piece_icon(kind, Side::of_ply(i), 26.0)),
        )),
    )
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::KeyN, TitleAction::NewGame),
        (KeyCode::KeyC, TitleAction::Continue),
        (KeyCode::KeyR, TitleAction::ReplayLast),
        (KeyCode::KeyL, TitleAction::LoadGame),
        (KeyCode::KeyA, TitleAction::Analysis),
        (KeyCode::KeyP, TitleAction::Puzzles),
        (KeyCode::KeyM, TitleAction::EngineMatch),
        (KeyCode::KeyO, TitleAction::PlayOnline),
        (KeyCode::KeyS, TitleAction::Settings),
        (KeyCode::KeyQ, TitleAction::Quit),
    ];
    press(
        &keys,
        &mut commands,
        map.map(|(k, a)| (k, Action::Title(a))),
    );
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    paths: Res<Paths>,
    games: Res<Games>,
    settings: Res<Settings>,
    mut notices: ResMut<Notices>,
    mut session: ResMut<Session>,
    mut replay: ResMut<Replay>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Action::Title(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Title {
        return;
    }
    match action {
        TitleAction::NewGame => next.set(Screen::Setup),
        // The more recent of the two games' unfinished games (each has its own file).
        TitleAction::Continue => {
            let restored = files::newest_autosave(&paths, &games).and_then(|kind| {
                session_from_autosave(&paths, kind, &mut notices, &settings.engines)
            });
            match restored {
                Some(s) => {
                    *session = s;
                    next.set(Screen::Playing);
                }
                None => {
                    if notices.0.is_empty() {
                        notices.push(Msg::key("notice-nothing-to-continue"));
                    }
                    // Enter the title again to show the message.
                    next.set(Screen::Title);
                }
            }
        }
        TitleAction::ReplayLast => {
            let Some(newest) = persist::list_games(&paths, &record_extensions(&games))
                .into_iter()
                .next()
            else {
                notices.push(Msg::key("notice-no-finished-game"));
                next.set(Screen::Title);
                return;
            };
            match files::open_record(&newest.path, &games) {
                Ok(recorded) => {
                    replay.load(recorded, &newest.path);
                    next.set(Screen::Replay);
                }
                Err(message) => {
                    notices.push(message);
                    next.set(Screen::Title);
                }
            }
        }
        TitleAction::LoadGame => next.set(Screen::Load),
        TitleAction::Analysis => next.set(Screen::Analysis),
        TitleAction::Puzzles => next.set(Screen::Puzzles),
        TitleAction::EngineMatch => next.set(Screen::MatchSetup),
        TitleAction::PlayOnline => next.set(Screen::Online),
        TitleAction::Settings => next.set(Screen::Settings),
        TitleAction::Quit => {
            exit.write(AppExit::Success);
        }
    }
}
