//! Settings: effects and music volume, the ambient loop, mute; board theme, reduced motion,
//! coordinates, move numbers, forbidden points; the language, each named in its own words
//! and font. Saved as soon as they change (see `persist`); a new language applies at once
//! (the screen is entered again in it).

use bevy::prelude::*;

use crate::gui::audio::Sfx;
use crate::gui::engines::EngineSurvey;
use crate::gui::flow::{Action, Screen, SettingsAction};
use crate::gui::i18n::{I18n, LANGUAGES};
use crate::gui::kind::Games;
use crate::gui::persist::{Paths, Settings};
use crate::gui::theme::widgets::{
    ButtonAction, ButtonLabel, GameButton, bold, panel, screen_root, spawn_button, text,
};
use crate::gui::theme::{BoardTheme, OwnScript, palette};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Settings), spawn_settings)
        .add_systems(
            Update,
            (shortcuts, show_values, own_fonts).run_if(in_state(Screen::Settings)),
        )
        .add_observer(on_action);
}

/// The percentage shown between a channel's − and + buttons.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum VolumeText {
    Effects,
    Music,
}

fn spawn_settings(
    mut commands: Commands,
    paths: Res<Paths>,
    settings: Res<Settings>,
    games: Res<Games>,
    i18n: Res<I18n>,
) {
    let file = paths.settings_file().display().to_string();
    let i18n = &*i18n;
    commands
        .spawn(screen_root(Screen::Settings))
        .with_children(|root| {
            // A short window scrolls the cards; the auto margins of the first and last child
            // centre them when they fit (a scrolling container cannot centre by itself).
            root.spawn(super::scrolling_column(16.0))
                .with_children(|col| {
                    col.spawn((
                        bold(i18n.t("settings-title"), 36.0, palette::TEXT),
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
                        // The three small cards keep their width and wrap onto the next
                        // line in a narrower window: squeezed, a row's + button slid under
                        // its value (1200 px wide, the default on a small monitor).
                        let fill: [fn(&mut ChildSpawnerCommands, &I18n); 3] =
                            [sound_card, board_card, language_card];
                        for fill in fill {
                            let mut card = cards.spawn(panel(px(420)));
                            card.entry::<Node>().and_modify(|mut n| n.flex_shrink = 0.0);
                            card.with_children(|c| fill(c, i18n));
                        }
                        cards.spawn(panel(px(700))).with_children(|c| {
                            super::engines::engines_card(c, &settings, &paths, &games, i18n)
                        });
                    });
                    col.spawn(text(
                        i18n.t_args("settings-saved-in", &[("file", file.into())]),
                        13.0,
                        palette::TEXT_FAINT,
                    ));
                    spawn_button(
                        col,
                        i18n.t("settings-back"),
                        &i18n.t("play-key-esc"),
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

fn sound_card(card: &mut ChildSpawnerCommands, i18n: &I18n) {
    card.spawn(bold(i18n.t("settings-sound"), 19.0, palette::ACCENT));
    for (label, which, down, up) in [
        (
            "settings-effects",
            VolumeText::Effects,
            SettingsAction::VolumeDown,
            SettingsAction::VolumeUp,
        ),
        (
            "settings-music",
            VolumeText::Music,
            SettingsAction::MusicDown,
            SettingsAction::MusicUp,
        ),
    ] {
        row(card, &i18n.t(label), |group| {
            let small = || Node {
                width: px(44),
                height: px(38),
                ..default()
            };
            // −, the value and + stay on one line: as three items of the wrapping group, a
            // rounding at a UI scale of 0.9 sent + onto the line below, under the value.
            group
                .spawn(Node {
                    align_items: AlignItems::Center,
                    column_gap: px(8),
                    flex_shrink: 0.0,
                    ..default()
                })
                .with_children(|r| {
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
        });
    }
    row(card, &i18n.t("settings-ambient"), |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleAmbient),
            toggle(),
        );
    });
    row(card, &i18n.t("settings-all-sound"), |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleMute),
            toggle(),
        );
    });
}

fn board_card(card: &mut ChildSpawnerCommands, i18n: &I18n) {
    card.spawn(bold(i18n.t("settings-board"), 19.0, palette::ACCENT));
    row(card, &i18n.t("settings-theme"), |r| {
        for theme in BoardTheme::ALL {
            spawn_button(
                r,
                i18n.t(theme.key()),
                "",
                Action::Settings(SettingsAction::Theme(theme)),
                // At least as wide as its neighbours, wider for a longer name (Japanese and
                // Russian theme names): a label never runs out of its button.
                Node {
                    min_width: px(122),
                    height: px(38),
                    padding: UiRect::axes(px(6), px(8)),
                    ..default()
                },
            );
        }
    });
    row(card, &i18n.t("settings-motion"), |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleReducedMotion),
            toggle(),
        );
    });
    row(card, &i18n.t("settings-coordinates"), |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleCoordinates),
            toggle(),
        );
    });
    row(card, &i18n.t("settings-move-numbers"), |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleMoveNumbers),
            toggle(),
        );
    });
    row(card, &i18n.t("settings-forbidden"), |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleForbidden),
            toggle(),
        );
    });
    row(card, &i18n.t("settings-review"), |r| {
        spawn_button(
            r,
            "",
            "",
            Action::Settings(SettingsAction::ToggleReviewDepth),
            toggle(),
        );
    });
}

/// Every language the game speaks, each in its own name (and its own font, see
/// `show_values`); the one in use selected.
fn language_card(card: &mut ChildSpawnerCommands, i18n: &I18n) {
    card.spawn(bold(i18n.t("settings-language"), 19.0, palette::ACCENT));
    card.spawn(Node {
        flex_wrap: FlexWrap::Wrap,
        column_gap: px(8),
        row_gap: px(8),
        ..default()
    })
    .with_children(|r| {
        for index in 0..LANGUAGES.len() {
            spawn_button(
                r,
                i18n.t_in(index, "language-name"),
                "",
                Action::Settings(SettingsAction::Language(index)),
                // At least as wide as its neighbours, wider for a longer name (Japanese and
                // Russian theme names): a label never runs out of its button.
                Node {
                    min_width: px(122),
                    height: px(38),
                    padding: UiRect::axes(px(6), px(8)),
                    ..default()
                },
            );
        }
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
        // One line (a wrapping CJK label is measured one character per line).
        r.spawn((text(label, 17.0, palette::TEXT_DIM), TextLayout::no_wrap()));
        // Buttons with long names wrap onto a second line rather than overlap. The group
        // takes the row's width left over: sized to its content alone, a rounding at a UI
        // scale of 0.9 wrapped its last button onto a line the row had no room for, hidden
        // under the next row (Dark slate under Motion).
        r.spawn(Node {
            flex_grow: 1.0,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::FlexEnd,
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(8),
            row_gap: px(8),
            ..default()
        })
        .with_children(fill);
    });
}

/// Writes the current values into the volume texts and the buttons (labels, the selected
/// theme).
fn show_values(
    settings: Res<Settings>,
    i18n: Res<I18n>,
    mut volume: Query<(&VolumeText, &mut Text), Without<ButtonLabel>>,
    mut buttons: Query<(&ButtonAction, &Children, &mut GameButton)>,
    mut labels: Query<&mut Text, (With<ButtonLabel>, Without<VolumeText>)>,
    added: Query<(), Added<VolumeText>>,
) {
    if !settings.is_changed() && !i18n.is_changed() && added.is_empty() {
        return;
    }
    for (which, mut t) in &mut volume {
        let v = match which {
            VolumeText::Effects => settings.volume,
            VolumeText::Music => settings.music_volume,
        };
        let percent = (v * 100.0).round() as i64;
        t.0 = i18n.t_args("settings-volume", &[("percent", percent.into())]);
    }
    let on_off = |on: bool, yes: &str, no: &str| i18n.t(if on { yes } else { no });
    let review = |deep: bool| {
        let (key, seconds) = if deep {
            ("settings-review-deep", 1.5)
        } else {
            ("settings-review-fast", 0.4)
        };
        i18n.t_args(key, &[("seconds", seconds.into())])
    };
    for (action, children, mut button) in &mut buttons {
        let label = match &action.0 {
            Action::Settings(SettingsAction::ToggleMute) => {
                on_off(settings.muted, "settings-sound-muted", "settings-sound-on")
            }
            Action::Settings(SettingsAction::ToggleAmbient) => on_off(
                settings.ambient,
                "settings-ambient-on",
                "settings-ambient-off",
            ),
            Action::Settings(SettingsAction::ToggleReducedMotion) => on_off(
                settings.reduced_motion,
                "settings-motion-reduced",
                "settings-motion-full",
            ),
            Action::Settings(SettingsAction::ToggleCoordinates) => on_off(
                settings.show_coordinates,
                "settings-coordinates-shown",
                "settings-coordinates-hidden",
            ),
            Action::Settings(SettingsAction::ToggleMoveNumbers) => on_off(
                settings.show_move_numbers,
                "settings-move-numbers-shown",
                "settings-move-numbers-hidden",
            ),
            Action::Settings(SettingsAction::ToggleReviewDepth) => review(settings.review_deep),
            Action::Settings(SettingsAction::ToggleForbidden) => on_off(
                settings.show_forbidden,
                "settings-forbidden-marked",
                "settings-forbidden-hidden",
            ),
            Action::Settings(SettingsAction::Theme(theme)) => {
                let selected = *theme == settings.theme;
                if button.selected != selected {
                    button.selected = selected;
                }
                continue;
            }
            Action::Settings(SettingsAction::Language(index)) => {
                let selected = *index == i18n.index();
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

/// Each language's name in the picker in its own font, whatever the language in use.
fn own_fonts(
    mut commands: Commands,
    buttons: Query<(&ButtonAction, &Children), Added<ButtonAction>>,
    labels: Query<(), With<ButtonLabel>>,
) {
    for (action, children) in &buttons {
        let Action::Settings(SettingsAction::Language(index)) = action.0 else {
            continue;
        };
        for child in children.iter().filter(|c| labels.contains(*c)) {
            commands
                .entity(child)
                .insert(OwnScript(LANGUAGES[index].script));
        }
    }
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    field: Res<super::engines::PathField>,
    mut commands: Commands,
) {
    // Escape while typing a path leaves the field, not the screen.
    if keys.just_pressed(KeyCode::Escape) && !field.focused && !field.is_changed() {
        commands.trigger(Action::Settings(SettingsAction::Back));
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<Settings>,
    mut i18n: ResMut<I18n>,
    mut sfx: MessageWriter<Sfx>,
    mut survey: ResMut<EngineSurvey>,
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
        SettingsAction::Language(index) => {
            let Some(lang) = LANGUAGES.get(*index) else {
                return;
            };
            settings.language = Some(lang.id.to_string());
            if i18n.index() != *index {
                i18n.set(*index);
                // Every text of the screen in the new language.
                next.set(Screen::Settings);
            }
        }
        SettingsAction::Back => {
            // "... added" belongs to this visit; a survey still running reports when done.
            if !survey.is_busy() {
                survey.status = None;
            }
            next.set(Screen::Title)
        }
    }
}
