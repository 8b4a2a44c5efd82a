//! Building blocks of the screens: text, buttons (click -> [`Action`]), panels.

use bevy::picking::Pickable;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

use super::{FONT_BOLD, FONT_REGULAR, Face, palette};
use crate::gui::audio::Sfx;
use crate::gui::flow::{Action, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (style_buttons, hover_tick));
}

/// A clickable button. `selected` marks the chosen option of a group; `inactive` buttons are
/// greyed and ignore clicks (e.g. Continue without a saved game).
#[derive(Component, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameButton {
    pub selected: bool,
    pub inactive: bool,
}

/// The action a button sends, kept on the entity so screens can find and update buttons.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct ButtonAction(pub Action);

/// Text in the regular face (in the language's font, see `theme::apply_fonts`).
pub fn text(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Face::Regular,
        Text::new(value),
        TextFont {
            font: FONT_REGULAR.into(),
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// Text in the bold face (in the language's font, see `theme::apply_fonts`).
pub fn bold(value: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Face::Bold,
        Text::new(value),
        TextFont {
            font: FONT_BOLD.into(),
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// The full-window root of a screen, removed when the screen is left.
pub fn screen_root(screen: Screen) -> impl Bundle {
    (
        Name::new(format!("{screen:?} screen")),
        DespawnOnExit(screen),
        Node {
            width: percent(100),
            height: percent(100),
            ..default()
        },
        BackgroundGradient::from(LinearGradient::to_bottom(vec![
            palette::BACKGROUND.into(),
            palette::BACKGROUND_DEEP.into(),
        ])),
    )
}

/// A translucent card holding a column of content.
pub fn panel(width: Val) -> impl Bundle {
    (
        Node {
            width,
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(18)),
            row_gap: px(8),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        BorderColor::all(palette::PANEL_BORDER),
    )
}

/// Spawns a button showing `label` and, dimmed at its right, the keyboard `shortcut`.
pub fn spawn_button(
    parent: &mut ChildSpawnerCommands,
    label: impl Into<String>,
    shortcut: &str,
    action: Action,
    node: Node,
) -> Entity {
    let label = label.into();
    let shortcut = shortcut.to_string();
    parent
        .spawn((
            Name::new(format!("Button {label}")),
            Button,
            GameButton::default(),
            ButtonAction(action.clone()),
            Node {
                justify_content: if shortcut.is_empty() {
                    JustifyContent::Center
                } else {
                    JustifyContent::SpaceBetween
                },
                align_items: AlignItems::Center,
                padding: UiRect::axes(px(14), px(8)),
                column_gap: px(10),
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(7)),
                ..node
            },
            BackgroundColor(palette::BUTTON),
            BorderColor::all(palette::BUTTON_BORDER),
        ))
        .with_children(|b| {
            b.spawn((
                ButtonLabel,
                text(label, 17.0, palette::TEXT),
                // Short labels like "|<-" must not break inside narrow buttons.
                TextLayout::no_wrap(),
                // The button takes every click inside it (a click on its key hint did not
                // reach it under Xvfb).
                Pickable::IGNORE,
            ));
            if !shortcut.is_empty() {
                // A key hint ("Ctrl+Z / U") reads as one unit: never split over two lines.
                b.spawn((
                    text(shortcut, 13.0, palette::TEXT_FAINT),
                    TextLayout::no_wrap(),
                    Pickable::IGNORE,
                ));
            }
        })
        .observe(on_click(action))
        .id()
}

/// The main text of a button (screens rewrite it, e.g. "Mute: on").
#[derive(Component)]
pub struct ButtonLabel;

/// Observer body of a button: a primary click on an active button plays the click sound and
/// triggers its action.
pub fn on_click(
    action: Action,
) -> impl FnMut(On<Pointer<Click>>, Query<&GameButton>, Commands, MessageWriter<Sfx>) {
    move |click, buttons, mut commands, mut sfx| {
        if click.event.button != PointerButton::Primary {
            return;
        }
        if buttons.get(click.entity).is_ok_and(|b| b.inactive) {
            return;
        }
        sfx.write(Sfx::Click);
        commands.trigger(action.clone());
    }
}

fn style_buttons(
    mut buttons: Query<
        (
            &Interaction,
            &GameButton,
            &mut BackgroundColor,
            &mut BorderColor,
            &Children,
        ),
        Or<(Changed<Interaction>, Changed<GameButton>)>,
    >,
    mut labels: Query<&mut TextColor, With<ButtonLabel>>,
) {
    for (interaction, button, mut bg, mut border, children) in &mut buttons {
        bg.0 = match (button.inactive, button.selected, interaction) {
            (true, _, _) => palette::BUTTON_INACTIVE,
            (false, true, Interaction::None) => palette::BUTTON_SELECTED,
            (false, true, _) => palette::BUTTON_SELECTED_HOVER,
            (false, false, Interaction::Pressed) => palette::BUTTON_PRESSED,
            (false, false, Interaction::Hovered) => palette::BUTTON_HOVER,
            (false, false, Interaction::None) => palette::BUTTON,
        };
        *border = BorderColor::all(if button.selected && !button.inactive {
            palette::ACCENT
        } else {
            palette::BUTTON_BORDER
        });
        for child in children.iter() {
            if let Ok(mut color) = labels.get_mut(child) {
                color.0 = if button.inactive {
                    palette::TEXT_FAINT
                } else {
                    palette::TEXT
                };
            }
        }
    }
}

fn hover_tick(
    buttons: Query<(&Interaction, &GameButton), Changed<Interaction>>,
    mut sfx: MessageWriter<Sfx>,
) {
    for (interaction, button) in &buttons {
        if *interaction == Interaction::Hovered && !button.inactive {
            sfx.write(Sfx::Hover);
        }
    }
}
