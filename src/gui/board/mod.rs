//! The board widget. Drawn with UI nodes over a generated wood texture so it takes part in
//! the layout next to the side panel: it stays square and centred in whatever space the
//! window leaves, and every mark is placed in percent of the board.
//!
//! Screens describe what to show in [`BoardView`]; `render` turns that into entities and
//! `input` turns mouse and keyboard into [`PlayAction::Place`](crate::gui::screens::PlayAction).

pub mod input;
pub mod render;

use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

use super::theme::WOOD;
use crate::engine::{Game, Pos};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardView>()
        .init_resource::<BoardHover>()
        .init_resource::<BoardCursor>()
        .init_resource::<BoardMetrics>()
        .add_plugins((render::plugin, input::plugin));
}

/// What the board shows. Screens replace it when their position changes; the renderer
/// rebuilds the stones whenever it changes.
#[derive(Resource, Default, Clone, Debug)]
pub struct BoardView {
    pub game: Option<Game>,
    /// The person may put a stone now (hover ghost, clicks).
    pub interactive: bool,
    pub win_line: Vec<Pos>,
    pub hint: Option<Pos>,
    /// Black's forbidden points to mark (empty unless shown).
    pub forbidden: Vec<Pos>,
    /// Number the stones whatever the setting says (the replay's own toggle).
    pub numbers: bool,
}

impl BoardView {
    pub fn size(&self) -> usize {
        self.game.as_ref().map_or(15, Game::size)
    }
}

/// The point under the mouse, if the mouse is over the board.
#[derive(Resource, Default, Debug, PartialEq, Eq, Clone, Copy)]
pub struct BoardHover(pub Option<Pos>);

/// The keyboard cursor; shown once an arrow key is used, hidden when the mouse moves.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor {
    pub pos: Pos,
    pub visible: bool,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor {
            pos: Pos::new(7, 7),
            visible: false,
        }
    }
}

/// Side of the board in logical pixels (for text that scales with the cells).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct BoardMetrics {
    pub side: f32,
}

/// The space the board is fitted into.
#[derive(Component)]
pub struct BoardArea;

/// The wooden square. `size` is the number of lines its grid was built for.
#[derive(Component)]
pub struct BoardRoot {
    pub size: usize,
    pub coordinates: bool,
}

/// Children of the board, back to front.
#[derive(Component)]
pub struct GridLayer;
#[derive(Component)]
pub struct StoneLayer;
#[derive(Component)]
pub struct Ghost;
#[derive(Component)]
pub struct KeyCursor;

/// Percent of the board's side taken by one cell (a margin of one cell on each side).
pub fn cell_pct(size: usize) -> f32 {
    100.0 / (size as f32 + 1.0)
}

/// Percent position of line `i`.
pub fn line_pct(i: usize, size: usize) -> f32 {
    (i as f32 + 1.0) * cell_pct(size)
}

/// An absolutely placed square `cells` wide centred on `pos`.
pub fn at_point(pos: Pos, size: usize, cells: f32) -> Node {
    let w = cells * cell_pct(size);
    Node {
        position_type: PositionType::Absolute,
        left: percent(line_pct(pos.x as usize, size) - w / 2.0),
        top: percent(line_pct(pos.y as usize, size) - w / 2.0),
        width: percent(w),
        height: percent(w),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    }
}

/// Maps a cursor position relative to the board (`-0.5..0.5`, as `RelativeCursorPosition`)
/// to the nearest point.
pub fn point_at(normalized: Vec2, size: usize) -> Option<Pos> {
    let n = size as f32 + 1.0;
    let fx = (normalized.x + 0.5) * n - 1.0;
    let fy = (normalized.y + 0.5) * n - 1.0;
    let (x, y) = (fx.round(), fy.round());
    if x < 0.0 || y < 0.0 || x >= size as f32 || y >= size as f32 {
        return None;
    }
    Some(Pos::new(x as u8, y as u8))
}

/// Spawns the board area (filling the space left of the side panel) with the board in it.
pub fn spawn_board_area(parent: &mut ChildSpawnerCommands) {
    parent
        .spawn((
            Name::new("Board area"),
            BoardArea,
            Node {
                flex_grow: 1.0,
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .with_children(|area| {
            area.spawn((
                Name::new("Board"),
                BoardRoot {
                    size: 0,
                    coordinates: false,
                },
                Node {
                    width: px(0),
                    height: px(0),
                    border_radius: BorderRadius::all(px(6)),
                    ..default()
                },
                ImageNode::new(WOOD),
                BoxShadow::new(
                    Color::srgba(0.0, 0.0, 0.0, 0.55),
                    px(0),
                    px(6),
                    px(2),
                    px(18),
                ),
                RelativeCursorPosition::default(),
            ))
            .with_children(|board| {
                let full = Node {
                    position_type: PositionType::Absolute,
                    width: percent(100),
                    height: percent(100),
                    ..default()
                };
                board.spawn((Name::new("Grid"), GridLayer, full.clone()));
                board.spawn((Name::new("Stones"), StoneLayer, full));
                board.spawn((
                    Name::new("Ghost stone"),
                    Ghost,
                    Node::default(),
                    BackgroundGradient::default(),
                    Visibility::Hidden,
                ));
                board.spawn((
                    Name::new("Keyboard cursor"),
                    KeyCursor,
                    Node::default(),
                    BorderColor::all(super::theme::palette::CURSOR),
                    Visibility::Hidden,
                ));
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursor_maps_to_points() {
        // Centre of a 15x15 board is h8 = (7, 7).
        assert_eq!(point_at(Vec2::ZERO, 15), Some(Pos::new(7, 7)));
        // The first line sits one cell in from the edge.
        let first = -0.5 + 1.0 / 16.0;
        assert_eq!(point_at(Vec2::new(first, first), 15), Some(Pos::new(0, 0)));
        assert_eq!(point_at(Vec2::new(-0.49, 0.0), 15), None);
        assert_eq!(
            point_at(Vec2::new(0.5 - 1.0 / 16.0, 0.0), 15),
            Some(Pos::new(14, 7))
        );
        assert_eq!(point_at(Vec2::new(0.9, 0.0), 15), None);
    }
}
