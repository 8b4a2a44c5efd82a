//! Gomoku's board: a square over a generated wood texture, every mark placed in percent of the
//! board. [`sync_view`] turns the shown position into [`BoardView`]; `render` turns that into
//! entities, `fx` adds the effects, `input` turns mouse and keys into moves.

#[cfg(feature = "tools")]
pub mod bench;
#[cfg(feature = "tools")]
pub mod demo;
pub mod fx;
pub mod input;
mod paint;
pub mod render;

use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

use super::{Allowed, BoardLooks, BoardSettled, BoardSystems, Cursor, Hover, Shown, ShownMarks};
pub use super::{BoardArea, BoardMetrics};
use crate::engine::gomoku::{Game, Pos, Rule, Stone};
use crate::engine::review::{Threat, threat_points};
use crate::gui::kind::gomoku::{ID, pos, stone};
use crate::gui::kind::{Side, Standing};
use crate::gui::theme::WOOD;

pub fn plugin(app: &mut App) {
    app.init_resource::<BoardView>()
        .add_observer(spawn_grid)
        .add_systems(Update, sync_view.in_set(BoardSystems))
        .add_plugins((render::plugin, input::plugin, fx::plugin))
        // The effects animate what the rebuild spawned this frame.
        .configure_sets(
            PostUpdate,
            crate::gui::effects::FxSystems.after(render::BoardRenderSystems),
        );
    #[cfg(feature = "tools")]
    app.add_plugins(demo::plugin);
    app.world_mut()
        .resource_mut::<BoardLooks>()
        .add(ID, piece_color);
}

/// A stone's colour in the side panel's icons.
pub fn piece_color(side: Side) -> Color {
    match side {
        Side::First => Color::srgb(0.05, 0.05, 0.06),
        Side::Second => Color::srgb(0.95, 0.95, 0.93),
    }
}

/// Turns the shown position into this board's view (when it is a Gomoku game); the board is
/// drawn at once, so it has settled as soon as it shows the position.
fn sync_view(
    shown: Res<Shown>,
    marks: Res<ShownMarks>,
    allowed: Res<Allowed>,
    mut view: ResMut<BoardView>,
    mut settled: MessageWriter<BoardSettled>,
) {
    if !shown.is_changed() && !marks.is_changed() && !allowed.is_changed() {
        return;
    }
    let Some(game) = shown.game.as_ref().and_then(|g| g.downcast_ref::<Game>()) else {
        return;
    };
    let line = match shown.game.as_ref().map(|g| g.standing()) {
        Some(Standing::Won { line, .. }) => line,
        _ => Vec::new(),
    };
    let playing_black =
        game.rule() == Rule::Renju && game.to_move() == Stone::Black && !game.outcome().is_over();
    let forbidden = if shown.marks && playing_black {
        game.forbidden_points()
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    } else {
        Vec::new()
    };
    let to_move = game.to_move();
    let first = shown.line_by.map_or(to_move, stone);
    // The line lettered (A, B, ...: never taken for the stones' move numbers), alternating
    // colours from its first mover, on empty points; the candidates numbered by rank.
    let ghosts = shown
        .line
        .iter()
        .enumerate()
        .filter_map(|(i, &m)| {
            let colour = if i % 2 == 0 { first } else { first.opponent() };
            let p = pos(m).filter(|&p| game.board().get(p).is_none())?;
            Some((p, colour, char::from(b'A' + i as u8).to_string()))
        })
        .chain(
            shown
                .candidates
                .iter()
                .enumerate()
                .filter_map(|(i, &m)| Some((pos(m)?, to_move, (i + 1).to_string()))),
        )
        .collect();
    let (allowed_area, targets) = allowed.for_view(&shown);
    let allowed_area: Vec<Pos> = allowed_area.iter().filter_map(|&m| pos(m)).collect();
    *view = BoardView {
        game: Some(game.clone()),
        interactive: shown.interactive,
        allowed: bounds(&allowed_area),
        targets: targets.iter().filter_map(|&m| pos(m)).collect(),
        win_line: line
            .iter()
            .map(|&(x, y)| Pos::new(x as u8, y as u8))
            .collect(),
        hint: shown.hint.and_then(pos),
        forbidden,
        numbers: shown.numbers,
        ghosts,
        threats: if shown.overlay {
            threat_points(game)
        } else {
            Vec::new()
        },
        hint_area: marks.hint_area.and_then(|(a, b)| Some((pos(a)?, pos(b)?))),
        refute: marks.refute.and_then(pos),
    };
    settled.write(BoardSettled {
        key: shown.key,
        position: shown.position(),
    });
}

/// The corners (top left, bottom right) of the rectangle holding `points`.
fn bounds(points: &[Pos]) -> Option<(Pos, Pos)> {
    let first = *points.first()?;
    Some(points.iter().fold((first, first), |(lo, hi), p| {
        (
            Pos::new(lo.x.min(p.x), lo.y.min(p.y)),
            Pos::new(hi.x.max(p.x), hi.y.max(p.y)),
        )
    }))
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
    pub ghosts: Vec<(Pos, Stone, String)>,
    /// Threat marks: where a side would make five, a four or an open three.
    pub threats: Vec<(Pos, Stone, Threat)>,
    /// A hint's area to look in: two opposite corners, both inside it.
    pub hint_area: Option<(Pos, Pos)>,
    /// The opponent's answer refuting the person's move (a stone or the line's first ghost).
    pub refute: Option<Pos>,
    /// The square an opening's rule keeps the next stone in (top left, bottom right), drawn.
    pub allowed: Option<(Pos, Pos)>,
    /// The only points a click may take now (empty: any legal one).
    pub targets: Vec<Pos>,
}

impl BoardView {
    pub fn size(&self) -> usize {
        self.game.as_ref().map_or(15, Game::size)
    }

    /// Where the hover ghost goes for the mouse at `at`: only on a point where a click
    /// could put a stone now.
    pub fn ghost_at(&self, at: Option<Pos>) -> Option<Pos> {
        let game = self.game.as_ref()?;
        at.filter(|&p| {
            self.interactive
                && (self.targets.is_empty() || self.targets.contains(&p))
                && game.check_move(p).is_ok()
        })
    }
}

/// The mouse's and the keyboard's point.
pub type BoardHover = Hover<Pos>;
pub type BoardCursor = Cursor<Pos>;

/// Both start at the board's centre (the keyboard recentres on a smaller board).
impl Default for Cursor<Pos> {
    fn default() -> Self {
        Cursor {
            at: Pos::new(7, 7),
            visible: false,
        }
    }
}

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
/// The square of an opening step's allowed area.
#[derive(Component)]
pub struct AllowedArea;
/// A mark of the threat overlay.
#[derive(Component)]
pub struct ThreatMark;
/// The rectangle of a hint's area.
#[derive(Component)]
pub struct HintAreaMark;
/// The ring on a refuting point.
#[derive(Component)]
pub struct RefuteMark;

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

/// Gomoku's wooden board with its layers, in a board area made for a Gomoku game.
fn spawn_grid(add: On<Add, BoardArea>, areas: Query<&BoardArea>, mut commands: Commands) {
    if areas.get(add.entity).map(|a| a.game) != Ok(ID) {
        return;
    }
    commands.entity(add.entity).with_children(spawn_board);
}

fn spawn_board(area: &mut ChildSpawnerCommands) {
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
            BorderColor::all(crate::gui::theme::palette::CURSOR),
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
