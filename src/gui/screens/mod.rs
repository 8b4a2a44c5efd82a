//! The screens, one plugin each. A screen spawns its UI on enter under a root tagged
//! `DespawnOnExit`, and reacts to [`Action`]s: buttons and keyboard shortcuts trigger them,
//! and so do the tests and the demo, which therefore drive exactly what a player drives.

pub mod analysis;
pub mod clocks;
pub mod engine_match;
pub mod engines;
pub mod layout;
pub mod load;
pub mod match_setup;
pub mod move_list;
pub mod online;
pub mod online_lan;
pub mod online_panel;
pub mod playing;
pub mod puzzles;
pub mod replace_dialog;
pub mod replay;
pub mod replay_state;
pub mod result;
pub mod review;
pub mod settings;
pub mod setup;
pub mod setup_rows;
pub mod title;

use bevy::prelude::*;

use super::board::{self, BoardLooks};
use super::flow::Action;
use super::flow::Screen;
use super::kind::{GameKind, Side};
use super::theme::palette;
use super::theme::widgets::{screen_root, spawn_button};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        title::plugin,
        // New game and Engine match, the rows both are made of, New game's question.
        (
            setup::plugin,
            match_setup::plugin,
            setup_rows::plugin,
            replace_dialog::plugin,
        ),
        playing::plugin,
        result::plugin,
        replay::plugin,
        move_list::plugin,
        load::plugin,
        settings::plugin,
        engines::plugin,
        layout::plugin,
        review::plugin,
        analysis::plugin,
        puzzles::plugin,
        clocks::plugin,
        (
            engine_match::plugin,
            online::plugin,
            online_lan::plugin,
            online_panel::plugin,
        ),
    ))
    .init_resource::<PageScroll>()
    .add_systems(PostUpdate, paint_piece_icons)
    .add_systems(
        Update,
        (restore_page_scroll, scroll_page_to_end, note_page_scroll).chain(),
    );
}

/// Where the page of the screen in use was scrolled to (a [`scrolling_column`] or
/// [`scrolling_area`]), noted each frame: a screen built again in place (an engine added in
/// Settings, another game chosen in New game) opens where the player was, not at its top.
#[derive(Resource, Default)]
pub struct PageScroll {
    screen: Option<Screen>,
    y: f32,
    /// Scroll the page built next to its end once laid out (an engine added: the new
    /// entry and the word about it are at the end of Settings).
    end: bool,
}

impl PageScroll {
    pub fn to_end(&mut self) {
        self.end = true;
    }
}

/// The page of a scrolling screen (not the move lists inside a panel).
#[derive(Component)]
struct Page;

fn note_page_scroll(
    screen: Res<State<Screen>>,
    pages: Query<&ScrollPosition, With<Page>>,
    mut kept: ResMut<PageScroll>,
) {
    let y = pages.iter().next().map_or(0.0, |p| p.y);
    let now = Some(*screen.get());
    if kept.screen != now || kept.y != y {
        kept.screen = now;
        kept.y = y;
    }
}

/// A page built again after [`PageScroll::to_end`]: scrolled to its end once laid out.
#[derive(Component)]
struct ToEnd;

fn scroll_page_to_end(
    mut commands: Commands,
    mut pages: Query<(Entity, &mut ScrollPosition, &ComputedNode), With<ToEnd>>,
) {
    for (entity, mut page, node) in &mut pages {
        if node.content_size.y > 0.0 {
            let over = (node.content_size.y - node.size.y) * node.inverse_scale_factor();
            page.y = over.max(0.0);
            commands.entity(entity).remove::<ToEnd>();
        }
    }
}

/// A page spawned on the screen whose page was noted last frame: the same screen built
/// again, so it keeps its place. A screen entered from another starts at its top.
fn restore_page_scroll(
    screen: Res<State<Screen>>,
    mut kept: ResMut<PageScroll>,
    mut pages: Query<(Entity, &mut ScrollPosition), Added<Page>>,
    mut commands: Commands,
) {
    if kept.screen != Some(*screen.get()) {
        return;
    }
    for (entity, mut page) in &mut pages {
        page.y = kept.y;
        if kept.end {
            commands.entity(entity).insert(ToEnd);
        }
    }
    if !pages.is_empty() {
        kept.end = false;
    }
}

/// Width of the side panel of the board screens.
pub const PANEL_WIDTH: f32 = 340.0;

/// Root of a screen with the board (Playing, Result, Replay): the board fills the space left
/// of a side panel. Returns the panel for the caller to fill.
pub fn spawn_board_screen(commands: &mut Commands, screen: Screen, kind: GameKind) -> Entity {
    let mut panel = Entity::PLACEHOLDER;
    commands.spawn(screen_root(screen)).with_children(|root| {
        board::spawn_board_area(root, kind);
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
                    // A window too short for the panel scrolls it (the mouse wheel).
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                BackgroundColor(palette::PANEL),
                BorderColor::all(palette::PANEL_BORDER),
                ScrollPosition::default(),
                bevy::ui::RelativeCursorPosition::default(),
                move_list::WheelScroll,
            ))
            .id();
    });
    panel
}

/// A small stone or disc for the side panel (turn indicator, players).
pub fn piece_icon(kind: GameKind, side: Side, diameter: f32) -> impl Bundle {
    (
        PieceIcon { kind, side },
        Node {
            width: px(diameter),
            height: px(diameter),
            min_width: px(diameter),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(Color::NONE),
        BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.35)),
    )
}

/// A round icon in a side's colour; change `side` to repaint it.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct PieceIcon {
    pub kind: GameKind,
    pub side: Side,
}

/// Paints icons in their game board's colours.
fn paint_piece_icons(
    looks: Res<BoardLooks>,
    mut icons: Query<(&PieceIcon, &mut BackgroundColor), Changed<PieceIcon>>,
) {
    for (icon, mut color) in &mut icons {
        color.set_if_neq(BackgroundColor(looks.piece_color(icon.kind, icon.side)));
    }
}

/// A full-window column of a dialog screen (New game, Settings), centred across and anchored
/// at the top with `padding` above and below; a window too short for it scrolls it with the
/// wheel.
pub fn scrolling_column(padding: f32) -> impl Bundle {
    (
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::FlexStart,
            padding: UiRect::vertical(px(padding)),
            row_gap: px(12),
            overflow: Overflow::scroll_y(),
            ..default()
        },
        ScrollPosition::default(),
        bevy::ui::RelativeCursorPosition::default(),
        move_list::WheelScroll,
        Page,
    )
}

/// [`scrolling_column`] that shares its column with a footer: it takes the room left and
/// scrolls within it.
pub fn scrolling_area(padding: f32) -> impl Bundle {
    (
        Node {
            width: percent(100),
            flex_grow: 1.0,
            min_height: px(0),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::FlexStart,
            padding: UiRect::vertical(px(padding)),
            row_gap: px(12),
            overflow: Overflow::scroll_y(),
            ..default()
        },
        ScrollPosition::default(),
        bevy::ui::RelativeCursorPosition::default(),
        move_list::WheelScroll,
        Page,
    )
}

/// Replaces a text only when it differs (a change would relayout it).
pub fn set_text(text: &mut Text, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}

/// The side panel's full-width buttons, pushed to its bottom: (label, shortcut, action).
/// As [`spawn_panel_buttons`], two to a row (an odd last one alone), for a panel with more
/// to show above them (the game's: its move list needs the room).
pub fn spawn_panel_button_pairs(p: &mut ChildSpawnerCommands, buttons: Vec<(&str, &str, Action)>) {
    p.spawn(Node {
        flex_grow: 1.0,
        ..default()
    });
    for pair in buttons.chunks(2) {
        p.spawn(Node {
            width: percent(100),
            column_gap: px(8),
            flex_shrink: 0.0,
            ..default()
        })
        .with_children(|row| {
            for (label, key, action) in pair {
                let node = Node {
                    flex_grow: 1.0,
                    flex_basis: px(0),
                    height: px(40),
                    ..default()
                };
                spawn_button(row, *label, key, action.clone(), node);
            }
        });
    }
}

pub fn spawn_panel_buttons(p: &mut ChildSpawnerCommands, buttons: Vec<(&str, &str, Action)>) {
    p.spawn(Node {
        flex_grow: 1.0,
        ..default()
    });
    for (label, key, action) in buttons {
        let node = Node {
            width: percent(100),
            height: px(42),
            ..default()
        };
        spawn_button(p, label, key, action, node);
    }
}
