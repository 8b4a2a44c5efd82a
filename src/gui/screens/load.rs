//! Load game: the records in the games folder, newest first, a page at a time; choosing one
//! opens it in the replay.

use bevy::prelude::*;

use super::replay::Replay;
use crate::gui::flow::{Action, LoadAction, Screen, press};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::{Games, files};
use crate::gui::persist::{self, Paths, SavedFile};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{
    GameButton, bold, on_click, panel, screen_root, spawn_button, text,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadList>()
        .add_systems(OnEnter(Screen::Load), spawn_load)
        // Coming from the menu starts at the newest games.
        .add_systems(OnEnter(Screen::Title), |mut list: ResMut<LoadList>| {
            list.page = 0
        })
        .add_systems(Update, shortcuts.run_if(in_state(Screen::Load)))
        .add_observer(on_action);
}

const PAGE: usize = 8;

/// The page shown and the last error, kept across the re-entries that refresh the list.
#[derive(Resource, Default, Debug)]
pub struct LoadList {
    pub page: usize,
    pub message: Option<Msg>,
}

fn spawn_load(
    mut commands: Commands,
    paths: Res<Paths>,
    games: Res<Games>,
    i18n: Res<I18n>,
    mut list: ResMut<LoadList>,
) {
    let files = persist::list_games(&paths, &files::record_extensions(&games));
    let pages = files.len().div_ceil(PAGE).max(1);
    list.page = list.page.min(pages - 1);
    let page = list.page;
    let message = std::mem::take(&mut list.message);
    let shown: Vec<SavedFile> = files.iter().skip(page * PAGE).take(PAGE).cloned().collect();
    let folder = paths.games_dir().display().to_string();
    commands
        .spawn(screen_root(Screen::Load))
        .with_children(|root| {
            root.spawn(Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(12),
                ..default()
            })
            .with_children(|col| {
                col.spawn(bold(i18n.t("load-title"), 36.0, palette::TEXT));
                col.spawn((
                    text(
                        i18n.t_args("load-folder", &[("folder", folder.into())]),
                        14.0,
                        palette::TEXT_FAINT,
                    ),
                    Node {
                        max_width: px(720),
                        ..default()
                    },
                ));
                if let Some(message) = message {
                    col.spawn((
                        text(i18n.msg(&message), 15.0, palette::BAD),
                        Node {
                            max_width: px(720),
                            ..default()
                        },
                    ));
                }
                col.spawn(panel(px(720))).with_children(|card| {
                    if shown.is_empty() {
                        card.spawn(text(i18n.t("load-empty"), 16.0, palette::TEXT_DIM));
                    }
                    for file in &shown {
                        spawn_file_row(card, file, &games, &i18n);
                    }
                });
                col.spawn(Node {
                    column_gap: px(12),
                    align_items: AlignItems::Center,
                    ..default()
                })
                .with_children(|row| {
                    // At least 150 wide, wider for longer words.
                    let node = || Node {
                        min_width: px(150),
                        height: px(42),
                        ..default()
                    };
                    let prev = spawn_button(
                        row,
                        i18n.t("load-newer"),
                        "PgUp",
                        Action::Load(LoadAction::PrevPage),
                        node(),
                    );
                    row.spawn(text(
                        i18n.t_args(
                            "load-page",
                            &[("page", (page + 1).into()), ("pages", pages.into())],
                        ),
                        15.0,
                        palette::TEXT_DIM,
                    ));
                    let next = spawn_button(
                        row,
                        i18n.t("load-older"),
                        "PgDn",
                        Action::Load(LoadAction::NextPage),
                        node(),
                    );
                    let mut c = row.commands();
                    if page == 0 {
                        c.entity(prev).insert(GameButton {
                            selected: false,
                            inactive: true,
                        });
                    }
                    if page + 1 >= pages {
                        c.entity(next).insert(GameButton {
                            selected: false,
                            inactive: true,
                        });
                    }
                    spawn_button(
                        row,
                        i18n.t("load-back"),
                        "Esc",
                        Action::Load(LoadAction::Back),
                        node(),
                    );
                });
            });
        });
}

/// One file: its name and what is in it (or why it cannot be read).
fn spawn_file_row(card: &mut ChildSpawnerCommands, file: &SavedFile, games: &Games, i18n: &I18n) {
    let summary = files::summary(&file.path, games);
    let action = Action::Load(LoadAction::Open(file.path.clone()));
    card.spawn((
        Button,
        GameButton::default(),
        crate::gui::theme::widgets::ButtonAction(action.clone()),
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(12), px(6)),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(7)),
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
    ))
    .with_children(|b| {
        b.spawn((
            crate::gui::theme::widgets::ButtonLabel,
            text(file.name.clone(), 16.0, palette::TEXT),
        ));
        b.spawn(text(i18n.msg(&summary), 13.0, palette::TEXT_DIM));
    })
    .observe(on_click(action));
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::PageUp, LoadAction::PrevPage),
        (KeyCode::PageDown, LoadAction::NextPage),
        (KeyCode::Escape, LoadAction::Back),
    ];
    press(&keys, &mut commands, map.map(|(k, a)| (k, Action::Load(a))));
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    games: Res<Games>,
    mut list: ResMut<LoadList>,
    mut replay: ResMut<Replay>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Load(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Load {
        return;
    }
    match action {
        LoadAction::Open(path) => match files::open_record(path, &games) {
            Ok(recorded) => {
                replay.load(recorded, path);
                next.set(Screen::Replay);
            }
            Err(message) => {
                list.message = Some(message);
                // Enter again: the list without the moved file, and the message.
                next.set(Screen::Load);
            }
        },
        LoadAction::PrevPage => {
            if list.page > 0 {
                list.page -= 1;
                next.set(Screen::Load);
            }
        }
        LoadAction::NextPage => {
            list.page += 1;
            next.set(Screen::Load);
        }
        LoadAction::Back => next.set(Screen::Title),
    }
}
