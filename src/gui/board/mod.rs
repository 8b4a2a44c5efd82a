//! The boards: the only part of the app that differs per game beyond `gui::kind`. Both are
//! drawn with UI nodes so they take part in the layout next to the side panel.
//!
//! - Gomoku's grid (this module, `render`, `input`, `fx`): a square over a generated wood
//!   texture, every mark placed in percent of the board.
//! - Connect Four's frame with falling discs ([`connect4`]).
//!
//! Screens say what to show with [`show`]; each board's renderer turns its view into
//! entities, and its input turns mouse and keys into one
//! [`PlayAction::Place`](crate::gui::flow::PlayAction). Boards read the session's state and
//! the settings; nothing below them (session, kind) knows they exist.

pub mod connect4;
pub mod fx;
pub mod input;
pub mod render;

use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

use super::kind::{AnyGame, GameKind, Move, Standing};
use super::theme::WOOD;
use crate::engine::review::Threat;
use crate::engine::{Game, Pos, Rule, Stone};
use connect4::{C4View, ViewKey};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardView>()
        .init_resource::<BoardMetrics>()
        .add_plugins((render::plugin, input::plugin, fx::plugin, connect4::plugin));
}

/// What a screen puts on the board.
pub struct Shown<'a> {
    /// Which game this is (the session's id or the replay's load): a different one is put up
    /// at once, without falling discs.
    pub key: ViewKey,
    pub game: &'a AnyGame,
    /// The person may move now (hover ghost, clicks).
    pub interactive: bool,
    pub hint: Option<Move>,
    /// Mark Black's forbidden points (Renju, Black to move).
    pub forbidden: bool,
    /// Number the pieces whatever the setting says.
    pub numbers: bool,
    /// A line of moves to show as numbered ghost pieces (the review's best line).
    pub line: Vec<Move>,
    /// Candidate moves for the side to move, numbered ghosts of its colour (analysis).
    pub candidates: Vec<Move>,
    /// Points where a side makes an open three or better (the analysis overlay).
    pub threats: Vec<(Pos, Stone, Threat)>,
}

/// Puts a position on its game's board; the winning row comes from the position itself.
pub fn show(shown: Shown, gomoku: &mut BoardView, connect4: &mut C4View) {
    let line = match shown.game.standing() {
        Standing::Won { line, .. } => line,
        _ => Vec::new(),
    };
    match shown.game {
        AnyGame::Gomoku(game) => {
            let forbidden = if shown.forbidden
                && game.rule() == Rule::Renju
                && game.to_move() == Stone::Black
                && !game.outcome().is_over()
            {
                game.forbidden_points()
                    .into_iter()
                    .map(|(p, _)| p)
                    .collect()
            } else {
                Vec::new()
            };
            *gomoku = BoardView {
                game: Some(game.clone()),
                interactive: shown.interactive,
                win_line: line
                    .iter()
                    .map(|&(x, y)| Pos::new(x as u8, y as u8))
                    .collect(),
                hint: match shown.hint {
                    Some(Move::Point(p)) => Some(p),
                    _ => None,
                },
                forbidden,
                numbers: shown.numbers,
                ghosts: shown
                    .line
                    .iter()
                    .enumerate()
                    .filter_map(|(i, m)| match m {
                        // Alternating colours from the side to move.
                        Move::Point(p) if i % 2 == 0 => Some((*p, game.to_move())),
                        Move::Point(p) => Some((*p, game.to_move().opponent())),
                        Move::Column(_) => None,
                    })
                    .chain(shown.candidates.iter().filter_map(|m| match m {
                        Move::Point(p) => Some((*p, game.to_move())),
                        Move::Column(_) => None,
                    }))
                    .collect(),
                threats: shown.threats,
            };
        }
        AnyGame::ConnectFour(game) => {
            *connect4 = C4View {
                key: shown.key,
                game: Some(game.clone()),
                interactive: shown.interactive,
                win: line
                    .iter()
                    .map(|&(col, row)| crate::engine::connect4::Cell { col, row })
                    .collect(),
                // The best line's first disc is marked like a hint.
                hint: match shown.hint.or(shown.line.first().copied()) {
                    Some(Move::Column(c)) => Some(c),
                    _ => None,
                },
                numbers: shown.numbers,
            };
        }
    }
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
    /// Translucent numbered stones: a line of moves to come (the review's best line).
    pub ghosts: Vec<(Pos, Stone)>,
    /// Threat marks: where a side would make five, a four or an open three.
    pub threats: Vec<(Pos, Stone, Threat)>,
}

impl BoardView {
    pub fn size(&self) -> usize {
        self.game.as_ref().map_or(15, Game::size)
    }
}

/// The spot (a Gomoku point, a Connect Four column) under the mouse, if it is over a board.
#[derive(Resource, Debug, PartialEq, Eq, Clone, Copy)]
pub struct Hover<T>(pub Option<T>);

impl<T> Default for Hover<T> {
    fn default() -> Self {
        Hover(None)
    }
}

/// The keyboard's spot; shown once an arrow key is used, hidden when the mouse moves.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor<T> {
    pub at: T,
    pub visible: bool,
}

/// Both start at the board's centre (the keyboard recentres on a smaller board).
impl Default for Cursor<Pos> {
    fn default() -> Self {
        Cursor {
            at: Pos::new(7, 7),
            visible: false,
        }
    }
}

impl Default for Cursor<usize> {
    fn default() -> Self {
        Cursor {
            at: 3,
            visible: false,
        }
    }
}

pub type BoardHover = Hover<Pos>;
pub type BoardCursor = Cursor<Pos>;

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

/// Spawns the board area (filling the space left of the side panel) with `kind`'s board in it.
pub fn spawn_board_area(parent: &mut ChildSpawnerCommands, kind: GameKind) {
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
        .with_children(|area| match kind {
            GameKind::Gomoku => spawn_grid(area),
            GameKind::ConnectFour => connect4::spawn_board(area),
        });
}

/// Gomoku's wooden board with its layers.
fn spawn_grid(area: &mut ChildSpawnerCommands) {
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
