//! Settings: volume and mute, coordinates, move numbers, forbidden points. Saved as soon as
//! they change (see `persist`).

use bevy::prelude::*;

use super::{Action, Screen, SettingsAction};
use crate::gui::audio::Sfx;
use crate::gui::persist::{Paths, Settings};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{
    ButtonAction, ButtonLabel, bold, panel, screen_root, spawn_button, text,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Settings), spawn_settings)
        .add_systems(
            Update,
            (shortcuts, show_values).run_if(in_state(Screen::Settings)),
        )
        .add_observer(on_action);
}

#[derive(Component)]
struct VolumeText;

fn spawn_settings(mut commands: Commands, paths: Res<Paths>) {
    let file = paths.settings_file().display().to_string();
    commands
        .spawn(screen_root(Screen::Settings))
        .with_children(|root| {
            root.spawn(Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(14),
                ..default()
            })
            .with_children(|col| {
                col.spawn(bold("Settings", 36.0, palette::TEXT));
                col.spawn(panel(px(560))).with_children(|card| {
                    let toggle = || Node {
                        width: px(130),
                        height: px(38),
                        ..default()
                    };
                    row(card, "Volume", |r| {
                        let small = || Node {
                            width: px(44),
                            height: px(38),
                            ..default()
                        };
                        spawn_button(
                            r,
                            "−",
                            "",
                            Action::Settings(SettingsAction::VolumeDown),
                            small(),
                        );
                        r.spawn((
                            VolumeText,
                            text("", 17.0, palette::TEXT),
                            Node {
                                width: px(64),
                                ..default()
                            },
                            TextLayout::justify(Justify::Center),
                        ));
                        spawn_button(
                            r,
                            "+",
                            "",
                            Action::Settings(SettingsAction::VolumeUp),
                            small(),
                        );
                    });
                    row(card, "Sound", |r| {
                        spawn_button(
                            r,
                            "",
                            "",
                            Action::Settings(SettingsAction::ToggleMute),
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
                    row(card, "Forbidden points (Renju)", |r| {
                        spawn_button(
                            r,
                            "",
                            "",
                            Action::Settings(SettingsAction::ToggleForbidden),
                            toggle(),
                        );
                    });
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
                        ..default()
                    },
                );
            });
        });
}

fn row(card: &mut ChildSpawnerCommands, label: &str, fill: impl FnOnce(&mut ChildSpawnerCommands)) {
    card.spawn(Node {
        align_items: AlignItems::Center,
        justify_content: JustifyContent::SpaceBetween,
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

/// Writes the current values into the volume text and the toggle buttons.
fn show_values(
    settings: Res<Settings>,
    mut volume: Query<&mut Text, (With<VolumeText>, Without<ButtonLabel>)>,
    buttons: Query<(&ButtonAction, &Children)>,
    mut labels: Query<&mut Text, (With<ButtonLabel>, Without<VolumeText>)>,
    added: Query<(), Added<VolumeText>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    for mut t in &mut volume {
        t.0 = format!("{:.0} %", settings.volume * 100.0);
    }
    let on_off = |on: bool, yes: &str, no: &str| if on { yes } else { no }.to_string();
    for (action, children) in &buttons {
        let label = match &action.0 {
            Action::Settings(SettingsAction::ToggleMute) => on_off(settings.muted, "Muted", "On"),
            Action::Settings(SettingsAction::ToggleCoordinates) => {
                on_off(settings.show_coordinates, "Shown", "Hidden")
            }
            Action::Settings(SettingsAction::ToggleMoveNumbers) => {
                on_off(settings.show_move_numbers, "Shown", "Hidden")
            }
            Action::Settings(SettingsAction::ToggleForbidden) => {
                on_off(settings.show_forbidden, "Marked", "Hidden")
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
        SettingsAction::ToggleMute => settings.muted = !settings.muted,
        SettingsAction::ToggleCoordinates => settings.show_coordinates = !settings.show_coordinates,
        SettingsAction::ToggleMoveNumbers => {
            settings.show_move_numbers = !settings.show_move_numbers
        }
        SettingsAction::ToggleForbidden => settings.show_forbidden = !settings.show_forbidden,
        SettingsAction::Back => next.set(Screen::Title),
    }
}
