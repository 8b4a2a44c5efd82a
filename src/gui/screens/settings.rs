//! Settings: effects and music volume, the ambient loop, mute; board theme, reduced motion,
//! coordinates, move numbers, forbidden points. Saved as soon as they change (see `persist`).

use bevy::prelude::*;

use crate::gui::audio::Sfx;
use crate::gui::flow::{Action, Screen, SettingsAction};
use crate::gui::persist::{Paths, Settings};
use crate::gui::theme::widgets::{
    ButtonAction, ButtonLabel, GameButton, bold, panel, screen_root, spawn_button, text,
};
use crate::gui::theme::{BoardTheme, palette};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Settings), spawn_settings)
        .add_systems(
            Update,
            (shortcuts, show_values).run_if(in_state(Screen::Settings)),
        )
        .add_observer(on_action);
}

/// The percentage shown between a channel's − and + buttons.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum VolumeText {
    Effects,
    Music,
}

fn spawn_settings(mut commands: Commands, paths: Res<Paths>) {
    let file = paths.settings_file().display().to_string();
    commands
        .spawn(screen_root(Screen::Settings))
        .with_children(|root| {
            // A short window scrolls the cards; the auto margins of the first and last child
            // centre them when they fit (a scrolling container cannot centre by itself).
            root.spawn(super::scrolling_column(16.0))
                .with_children(|col| {
                    col.spawn((
                        bold("Settings", 36.0, palette::TEXT),
                        Node {
                            margin: UiRect::top(Val::Auto),
                            ..default()
                        },
                    ));
                    col.spawn(Node {
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::FlexStart,
                        column_gap: px(20),
                        row_gap: px(14),
                        flex_shrink: 0.0,
                        ..default()
                    })
                    .with_children(|cards| {
                        cards.spawn(panel(px(420))).with_children(sound_card);
                        cards.spawn(panel(px(420))).with_children(board_card);
                    });
                    col.spawn(text(format!("Saved in {file}"), 13.0, palette::TEXT_FAINT));
                    spawn_button(
                        col,
                        "Back",
                        "Esc",
                        Action::Settings(SettingsAction::Back),
                        Node {
                            width: px(200),
                            height: px(44),
                            flex_shrink: 0.0,
                            margin: UiRect::bottom(Val::Auto),
                            ..default()
                        },
                    );
                });
        });
}

fn toggle() -> Node {
    Node {
        min_width: px(130),
        padding: UiRect::horizontal(px(12)),
        height: px(38),
        ..default()
    }
}

fn sound_card(card: &mut ChildSpawnerCommands) {
    card.spawn(bold("Sound", 19.0, palette::ACCENT));
    for (label, which, down, up) in [
        (
            "Effects",
            VolumeText::Effects,
            SettingsAction::VolumeDown,
            SettingsAction::VolumeUp,
        ),
        (
            "Music",
            VolumeText::Music,
            SettingsAction::MusicDown,
            SettingsAction::MusicUp,
        ),
    ] {
        row(card, label, |r| {
            let small = || Node {
                width: px(44),
                height: px(38),
                ..default()
            };
            spawn_button(r, "−", "", Action::Settings(down), small());
            // A box as tall as the buttons, so the number sits on their centre line.
            r.spawn(Node {
                width: px(64),
                height: px(38),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            })
            .with_child((which, text("", 17.0, palette::TEXT)));
            spawn_button(r, "+", "", Action::Settings(up), small());
        });
    }
    row(card, "Ambient music", |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleAmbient),
            toggle(),
        );
    });
    row(card, "All sound", |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleMute),
            toggle(),
        );
    });
}

fn board_card(card: &mut ChildSpawnerCommands) {
    card.spawn(bold("Board", 19.0, palette::ACCENT));
    row(card, "Theme", |r| {
        for theme in BoardTheme::ALL {
            spawn_button(
                r,
                theme.name(),
                "",
                Action::Settings(SettingsAction::Theme(theme)),
                Node {
                    width: px(122),
                    height: px(38),
                    padding: UiRect::axes(px(6), px(8)),
                    ..default()
                },
            );
        }
    });
    row(card, "Motion", |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleReducedMotion),
            toggle(),
        );
    });
    row(card, "Coordinates", |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleCoordinates),
            toggle(),
        );
    });
    row(card, "Move numbers", |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleMoveNumbers),
            toggle(),
        );
    });
    row(card, "Forbidden points", |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleForbidden),
            toggle(),
        );
    });
    row(card, "Game review", |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleReviewDepth),
            toggle(),
        );
    });
}

fn row(card: &mut ChildSpawnerCommands, label: &str, fill: impl FnOnce(&mut ChildSpawnerCommands)) {
    card.spawn(Node {
        align_items: AlignItems::Center,
        justify_content: JustifyContent::SpaceBetween,
        column_gap: px(12),
        ..default()
    })
    .with_children(|r| {
        r.spawn(text(label, 17.0, palette::TEXT_DIM));
        r.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(8),
            ..default()
        })
        .with_children(fill);
    });
}

/// Writes the current values into the volume texts and the buttons (labels, the selected
/// theme).
fn show_values(
    settings: Res<Settings>,
    mut volume: Query<(&VolumeText, &mut Text), Without<ButtonLabel>>,
    mut buttons: Query<(&ButtonAction, &Children, &mut GameButton)>,
    mut labels: Query<&mut Text, (With<ButtonLabel>, Without<VolumeText>)>,
    added: Query<(), Added<VolumeText>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    for (which, mut t) in &mut volume {
        let v = match which {
            VolumeText::Effects => settings.volume,
            VolumeText::Music => settings.music_volume,
        };
        t.0 = format!("{:.0} %", v * 100.0);
    }
    let on_off = |on: bool, yes: &str, no: &str| if on { yes } else { no }.to_string();
    for (action, children, mut button) in &mut buttons {
        let label = match &action.0 {
            Action::Settings(SettingsAction::ToggleMute) => on_off(settings.muted, "Muted", "On"),
            Action::Settings(SettingsAction::ToggleAmbient) => {
                on_off(settings.ambient, "On", "Off")
            }
            Action::Settings(SettingsAction::ToggleReducedMotion) => {
                on_off(settings.reduced_motion, "Reduced", "Full")
            }
            Action::Settings(SettingsAction::ToggleCoordinates) => {
                on_off(settings.show_coordinates, "Shown", "Hidden")
            }
            Action::Settings(SettingsAction::ToggleMoveNumbers) => {
                on_off(settings.show_move_numbers, "Shown", "Hidden")
            }
            Action::Settings(SettingsAction::ToggleReviewDepth) => on_off(
                settings.review_deep,
                "Deep (1.5 s a move)",
                "Fast (0.4 s a move)",
            ),
            Action::Settings(SettingsAction::ToggleForbidden) => {
                on_off(settings.show_forbidden, "Marked", "Hidden")
            }
            Action::Settings(SettingsAction::Theme(theme)) => {
                let selected = *theme == settings.theme;
                if button.selected != selected {
                    button.selected = selected;
                }
                continue;
            }
            _ => continue,
        };
        for child in children.iter() {
            if let Ok(mut t) = labels.get_mut(child) {
                t.0 = label.clone();
            }
        }
    }
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    if keys.just_pressed(KeyCode::Escape) {
        commands.trigger(Action::Settings(SettingsAction::Back));
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<Settings>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Settings(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Settings {
        return;
    }
    match action {
        SettingsAction::VolumeDown => {
            settings.volume = ((settings.volume * 10.0).round() - 1.0).max(0.0) / 10.0;
            // Let the player hear the new level.
            sfx.write(Sfx::Stone);
        }
        SettingsAction::VolumeUp => {
            settings.volume = ((settings.volume * 10.0).round() + 1.0).min(10.0) / 10.0;
            sfx.write(Sfx::Stone);
        }
        SettingsAction::MusicDown => {
            settings.music_volume = ((settings.music_volume * 10.0).round() - 1.0).max(0.0) / 10.0;
        }
        SettingsAction::MusicUp => {
            settings.music_volume = ((settings.music_volume * 10.0).round() + 1.0).min(10.0) / 10.0;
        }
        SettingsAction::ToggleAmbient => settings.ambient = !settings.ambient,
        SettingsAction::ToggleMute => settings.muted = !settings.muted,
        SettingsAction::Theme(theme) => settings.theme = *theme,
        SettingsAction::ToggleReducedMotion => settings.reduced_motion = !settings.reduced_motion,
        SettingsAction::ToggleCoordinates => settings.show_coordinates = !settings.show_coordinates,
        SettingsAction::ToggleMoveNumbers => {
            settings.show_move_numbers = !settings.show_move_numbers
        }
        SettingsAction::ToggleForbidden => settings.show_forbidden = !settings.show_forbidden,
        SettingsAction::ToggleReviewDepth => settings.review_deep = !settings.review_deep,
        SettingsAction::Back => next.set(Screen::Title),
    }
}
