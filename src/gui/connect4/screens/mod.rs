//! Connect Four's own screens, laid out like Gomoku's (board left, side panel right) and
//! driven by the same [`Action`](crate::gui::screens::Action)s: the game, the result and the
//! replay; plus the rows it adds to the shared setup screen.

pub mod playing;
pub mod replay;
pub mod result;
pub mod setup;

use bevy::prelude::*;

use super::board::spawn_board_area;
use crate::engine::connect4::Player;
use crate::gui::screens::{PANEL_WIDTH, Screen};
use crate::gui::theme::{palette, widgets::screen_root};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((playing::plugin, result::plugin, replay::plugin));
}

/// Root of a screen with the board: the board fills the space left of a side panel. Returns
/// the panel for the caller to fill.
pub fn spawn_board_screen(commands: &mut Commands, screen: Screen) -> Entity {
    let mut panel = Entity::PLACEHOLDER;
    commands.spawn(screen_root(screen)).with_children(|root| {
        spawn_board_area(root);
        panel = root
            .spawn((
                Name::new("Side panel"),
                Node {
                    width: px(PANEL_WIDTH),
                    min_width: px(PANEL_WIDTH),
                    height: percent(100),
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::all(px(20)),
                    row_gap: px(10),
                    border: UiRect::left(px(1)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(palette::PANEL),
                BorderColor::all(palette::PANEL_BORDER),
            ))
            .id();
    });
    panel
}

/// A small disc for the side panel (turn indicator, players).
pub fn disc_icon(player: Player, diameter: f32) -> impl Bundle {
    (
        Node {
            width: px(diameter),
            height: px(diameter),
            min_width: px(diameter),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(super::disc_color(player)),
        BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.35)),
    )
}

pub(crate) fn set_text(text: &mut Text, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}
