//! The Connect Four board widget, in UI nodes like Gomoku's board so it takes part in the
//! layout next to the side panel. Back to front: the dark slots, the hovered column's glow,
//! the discs, the falling disc, the frame (a generated image with transparent holes, so
//! discs are seen through it and slide behind it), column numbers, marks (winning four,
//! hint), and the disc held over the column in the drop zone above the frame.
//!
//! Screens describe what to show in [`C4View`] (through `board::show`); [`FallAnimation`]
//! lets new discs fall one after the other and plays the landing sound; `render` turns both
//! into entities and `input` turns mouse and keys into
//! [`PlayAction::Place`](crate::gui::flow::PlayAction).

#[cfg(feature = "tools")]
pub mod demo;
pub mod frame;
pub mod input;
pub mod render;

use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

use crate::engine::connect4::{Cell, Game, Player};
use crate::gui::audio::Sfx;
use crate::gui::board::{
    BoardArea, BoardLooks, BoardSettled, BoardSystems, Shown, ShownMarks, ViewKey,
};
use crate::gui::frames::FrameRequests;
use crate::gui::kind::connect4::{ID, column};
use crate::gui::kind::{Rules, Side, Standing};
use crate::gui::persist::Settings;

pub fn plugin(app: &mut App) {
    app.init_resource::<C4View>()
        .init_resource::<FallAnimation>()
        .init_resource::<frame::FrameTextures>()
        .add_observer(spawn_in_area)
        .add_systems(
            Update,
            (sync_view, animate, report_settled)
                .chain()
                .in_set(BoardSystems),
        )
        .add_plugins((render::plugin, input::plugin));
    #[cfg(feature = "tools")]
    app.add_plugins(demo::plugin);
    app.world_mut()
        .resource_mut::<BoardLooks>()
        .add(ID, disc_color);
}

/// Turns the shown position into this board's view (when it is a Connect Four game).
fn sync_view(shown: Res<Shown>, marks: Res<ShownMarks>, mut view: ResMut<C4View>) {
    if !shown.is_changed() && !marks.is_changed() {
        return;
    }
    let Some(game) = shown.game.as_ref().and_then(|g| g.downcast_ref::<Game>()) else {
        return;
    };
    let win = match Rules::standing(game) {
        Standing::Won { line, .. } => line.iter().map(|&(col, row)| Cell { col, row }).collect(),
        _ => Vec::new(),
    };
    let first = shown.line.first().copied();
    // A refutation to come is on the line's first disc, in the next free cell of its column;
    // one on the board is the disc on top of it.
    let refute = marks.refute.and_then(|m| {
        let col = column(m).filter(|&c| c < game.width())?;
        let height = game.column_height(col);
        let row = if first == Some(m) {
            height
        } else {
            height.checked_sub(1)?
        };
        (row < game.height()).then_some(Cell { col, row })
    });
    *view = C4View {
        key: shown.key,
        game: Some(game.clone()),
        interactive: shown.interactive,
        win,
        // The best line's first disc is marked like a hint, unless it refutes the person.
        hint: shown
            .hint
            .or(first.filter(|&m| Some(m) != marks.refute))
            .and_then(column),
        numbers: shown.numbers,
        hint_area: marks
            .hint_area
            .and_then(|(a, b)| Some((column(a)?, column(b)?)))
            .map(|(a, b)| (a.min(b), a.max(b))),
        refute,
    };
}

/// Says when every disc of the shown position rests on the board.
fn report_settled(
    view: Res<C4View>,
    anim: Res<FallAnimation>,
    mut settled: MessageWriter<BoardSettled>,
    mut last: Local<Option<(ViewKey, u64)>>,
) {
    let Some(game) = view.game.as_ref() else {
        return;
    };
    if !anim.settled_on(game) {
        return;
    }
    let now = (view.key, Rules::key(game));
    if *last != Some(now) {
        *last = Some(now);
        settled.write(BoardSettled {
            key: now.0,
            position: now.1,
        });
    }
}

/// The board, in a board area made for a Connect Four game.
fn spawn_in_area(add: On<Add, BoardArea>, areas: Query<&BoardArea>, mut commands: Commands) {
    if areas.get(add.entity).map(|a| a.game) == Ok(ID) {
        commands.entity(add.entity).with_children(spawn_board);
    }
}

/// What the board shows. Screens replace it when their position changes.
#[derive(Resource, Default, Clone, Debug)]
pub struct C4View {
    pub key: ViewKey,
    pub game: Option<Game>,
    /// The person may drop a disc now (hover disc, column glow, clicks).
    pub interactive: bool,
    /// The winning four, highlighted once its last disc has landed.
    pub win: Vec<Cell>,
    pub hint: Option<usize>,
    /// Number the discs whatever the setting says (the replay's own toggle).
    pub numbers: bool,
    /// A hint's area to look in: the first and the last of its columns.
    pub hint_area: Option<(usize, usize)>,
    /// The opponent's answer refuting the person's move: a disc on the board or to come.
    pub refute: Option<Cell>,
}

impl C4View {
    pub fn geometry(&self) -> Geometry {
        self.game.as_ref().map_or(Geometry::new(7, 6), |g| {
            Geometry::new(g.width(), g.height())
        })
    }
}

/// The keyboard starts at the middle column.
impl Default for crate::gui::board::Cursor<usize> {
    fn default() -> Self {
        crate::gui::board::Cursor {
            at: 3,
            visible: false,
        }
    }
}

pub type C4Hover = crate::gui::board::Hover<usize>;
pub type C4Cursor = crate::gui::board::Cursor<usize>;

/// Frame border around the holes, in cells.
pub const SIDE: f32 = 0.3;
/// The drop zone above the frame, where the disc to drop is held.
pub const TOP: f32 = 1.0;
/// The strip under the frame with the column numbers.
pub const BOTTOM: f32 = 0.5;
/// Radius of a hole in the frame.
pub const HOLE_RADIUS: f32 = 0.40;
/// Diameter of a disc: a little wider than its hole, so no gap shows.
pub const DISC: f32 = 0.86;

/// Where things are on a board of `width` x `height`, in cells from the board node's top
/// left corner, and as percentages of the node (which [`render`] keeps at the right aspect).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    pub width: usize,
    pub height: usize,
}

impl Geometry {
    pub fn new(width: usize, height: usize) -> Geometry {
        Geometry {
            width: width.max(1),
            height: height.max(1),
        }
    }

    /// The node's size in cells.
    pub fn cells(&self) -> Vec2 {
        Vec2::new(
            self.width as f32 + 2.0 * SIDE,
            TOP + self.height as f32 + 2.0 * SIDE + BOTTOM,
        )
    }

    /// Centre of column `col`.
    pub fn col_x(&self, col: usize) -> f32 {
        SIDE + col as f32 + 0.5
    }

    /// Centre of row `row` (0 = bottom).
    pub fn row_y(&self, row: usize) -> f32 {
        TOP + SIDE + (self.height.saturating_sub(row + 1)) as f32 + 0.5
    }

    /// Centre height of the disc held in the drop zone.
    pub fn drop_y(&self) -> f32 {
        TOP * 0.5
    }

    /// Top left corner and size of the frame.
    pub fn frame_rect(&self) -> (Vec2, Vec2) {
        (
            Vec2::new(0.0, TOP),
            Vec2::new(
                self.width as f32 + 2.0 * SIDE,
                self.height as f32 + 2.0 * SIDE,
            ),
        )
    }

    /// An absolutely placed rectangle, in cells.
    pub fn rect(&self, top_left: Vec2, size: Vec2) -> Node {
        let cells = self.cells();
        Node {
            position_type: PositionType::Absolute,
            left: percent(top_left.x / cells.x * 100.0),
            top: percent(top_left.y / cells.y * 100.0),
            width: percent(size.x / cells.x * 100.0),
            height: percent(size.y / cells.y * 100.0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        }
    }

    /// A circle `diameter` cells wide centred on `centre`.
    pub fn circle(&self, centre: Vec2, diameter: f32) -> Node {
        Node {
            border_radius: BorderRadius::MAX,
            ..self.rect(centre - Vec2::splat(diameter / 2.0), Vec2::splat(diameter))
        }
    }

    pub fn cell_centre(&self, cell: Cell) -> Vec2 {
        Vec2::new(self.col_x(cell.col), self.row_y(cell.row))
    }

    /// The column under a cursor position relative to the board node (`-0.5..0.5`, as
    /// `RelativeCursorPosition`), anywhere from the drop zone to the numbers.
    pub fn column_at(&self, normalized: Vec2) -> Option<usize> {
        let cells = self.cells();
        let x = (normalized.x + 0.5) * cells.x - SIDE;
        let y = normalized.y + 0.5;
        if !(0.0..1.0).contains(&y) || x < 0.0 || x >= self.width as f32 {
            return None;
        }
        Some(x as usize)
    }
}

/// Newly played discs fall one after the other and land with a sound. The session counts a
/// move at once; this only decides how far the picture has caught up.
#[derive(Resource, Debug)]
pub struct FallAnimation {
    /// Falls are shown; when false (or with the reduced motion setting) discs appear at once.
    pub enabled: bool,
    key: Option<ViewKey>,
    /// The moves of the view, as last seen.
    known: Vec<usize>,
    /// Discs (in move order) resting on the board.
    landed: usize,
    fall: Option<Fall>,
}

impl Default for FallAnimation {
    fn default() -> Self {
        FallAnimation {
            enabled: true,
            key: None,
            known: Vec::new(),
            landed: 0,
            fall: None,
        }
    }
}

/// The disc in the air.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fall {
    /// Its move's index.
    pub index: usize,
    pub cell: Cell,
    /// Seconds since it was let go.
    pub t: f32,
    sounded: bool,
}

/// Falls accelerate at this many cells per second²: about 0.4 s from the drop zone to the
/// bottom of a 7 x 6 board.
const GRAVITY: f32 = 80.0;
/// The little hop after landing.
const BOUNCE_HEIGHT: f32 = 0.12;
const BOUNCE_TIME: f32 = 0.13;

impl Fall {
    fn land_time(&self, geo: &Geometry) -> f32 {
        let distance = (geo.row_y(self.cell.row) - geo.drop_y()).max(0.0);
        (2.0 * distance / GRAVITY).sqrt()
    }

    /// Height of the disc's centre, in cells from the top of the board node.
    pub fn y(&self, geo: &Geometry) -> f32 {
        let land = self.land_time(geo);
        if self.t < land {
            return geo.drop_y() + 0.5 * GRAVITY * self.t * self.t;
        }
        let u = ((self.t - land) / BOUNCE_TIME).clamp(0.0, 1.0);
        geo.row_y(self.cell.row) - BOUNCE_HEIGHT * 4.0 * u * (1.0 - u)
    }

    fn done(&self, geo: &Geometry) -> bool {
        self.t >= self.land_time(geo) + BOUNCE_TIME
    }
}

impl FallAnimation {
    /// Every move of `game` is shown and resting: nothing is falling.
    pub fn settled_on(&self, game: &Game) -> bool {
        self.fall.is_none() && self.landed == self.known.len() && self.known == game.moves()
    }

    pub fn is_settled(&self) -> bool {
        self.fall.is_none() && self.landed == self.known.len()
    }

    /// Discs resting on the board, in move order.
    pub fn landed(&self) -> usize {
        self.landed
    }

    pub fn fall(&self) -> Option<Fall> {
        self.fall
    }
}

/// Follows the view: snaps to a new game, takes back undone discs at once, and lets new
/// ones fall one at a time (a jump of several moves, like the replay's End, drops only the
/// last). With no board on screen everything is simply shown, so no sound plays elsewhere.
fn animate(
    time: Res<Time>,
    view: Res<C4View>,
    settings: Res<Settings>,
    boards: Query<(), With<C4Board>>,
    mut anim: ResMut<FallAnimation>,
    mut sfx: MessageWriter<Sfx>,
    mut frames: ResMut<FrameRequests>,
) {
    let moves: &[usize] = view.game.as_ref().map_or(&[], |g| g.moves());
    if anim.key != Some(view.key) || boards.is_empty() {
        if anim.key != Some(view.key) || anim.known != moves || !anim.is_settled() {
            anim.key = Some(view.key);
            anim.known = moves.to_vec();
            anim.landed = moves.len();
            anim.fall = None;
        }
        return;
    }
    if anim.known != moves {
        let common = anim
            .known
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        anim.landed = anim.landed.min(common);
        if anim.fall.is_some_and(|f| f.index >= common) {
            anim.fall = None;
        }
        anim.known = moves.to_vec();
    }
    if anim.fall.is_none() && anim.landed < anim.known.len() {
        if !anim.enabled || settings.reduced_motion {
            // New discs appear at once, still with their sound.
            anim.landed = anim.known.len();
            sfx.write(Sfx::Stone);
            return;
        }
        if anim.known.len() - anim.landed > 2 {
            anim.landed = anim.known.len() - 1;
        }
        let index = anim.landed;
        let col = anim.known[index];
        let row = anim.known[..index].iter().filter(|&&c| c == col).count();
        anim.fall = Some(Fall {
            index,
            cell: Cell { col, row },
            t: 0.0,
            sounded: false,
        });
    }
    let geo = view.geometry();
    let Some(mut fall) = anim.fall else {
        return;
    };
    frames.animate();
    fall.t += time.delta_secs();
    if !fall.sounded && fall.t >= fall.land_time(&geo) {
        fall.sounded = true;
        sfx.write(Sfx::Stone);
    }
    if fall.done(&geo) {
        anim.fall = None;
        anim.landed = fall.index + 1;
    } else {
        anim.fall = Some(fall);
    }
}

/// Solid colour of a side's discs (panel icons).
pub fn disc_color(side: Side) -> Color {
    disc_shades(side).1
}

/// Highlight and base colour of a disc: the first player is Red.
pub fn disc_shades(player: Player) -> (Color, Color) {
    match player {
        Player::First => (Color::srgb(1.0, 0.45, 0.38), Color::srgb(0.80, 0.10, 0.09)),
        Player::Second => (Color::srgb(1.0, 0.95, 0.58), Color::srgb(0.95, 0.72, 0.08)),
    }
}

/// The board node. `built` is the size its frame and numbers were built for.
#[derive(Component, Default)]
pub struct C4Board {
    pub built: Option<(usize, usize, bool)>,
}

/// Children of the board, back to front.
#[derive(Component)]
pub struct Slots;
#[derive(Component)]
pub struct ColumnGlow;
#[derive(Component)]
pub struct LandingGhost;
#[derive(Component)]
pub struct DiscLayer;
#[derive(Component)]
pub struct FallingDisc;
#[derive(Component)]
pub struct Frame;
#[derive(Component)]
pub struct LabelLayer;
#[derive(Component)]
pub struct MarkLayer;
#[derive(Component)]
pub struct HeldDisc;

/// Spawns the board with its layers into the board area.
pub fn spawn_board(area: &mut ChildSpawnerCommands) {
    area.spawn((
        Name::new("Connect Four board"),
        C4Board::default(),
        Node {
            width: px(0),
            height: px(0),
            ..default()
        },
        RelativeCursorPosition::default(),
    ))
    .with_children(|board| {
        let hidden = || (Node::default(), Visibility::Hidden);
        board.spawn((
            Name::new("Slots"),
            Slots,
            Node::default(),
            BackgroundColor(render::SLOT),
        ));
        board.spawn((
            Name::new("Column glow"),
            ColumnGlow,
            BackgroundColor(render::GLOW),
            hidden(),
        ));
        board.spawn((
            Name::new("Landing ghost"),
            LandingGhost,
            BackgroundGradient::default(),
            hidden(),
        ));
        // Resting discs and the falling one.
        board.spawn((Name::new("Discs"), DiscLayer, render::full()));
        board.spawn((
            Name::new("Frame"),
            Frame,
            Node::default(),
            ImageNode::default(),
        ));
        board.spawn((Name::new("Column numbers"), LabelLayer, render::full()));
        board.spawn((Name::new("Marks"), MarkLayer, render::full()));
        board.spawn((
            Name::new("Held disc"),
            HeldDisc,
            BackgroundGradient::default(),
            BoxShadow::default(),
            hidden(),
        ));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursor_maps_to_columns() {
        let g = Geometry::new(7, 6);
        assert_eq!(g.column_at(Vec2::ZERO), Some(3));
        let cells = g.cells();
        let at = |x_cells: f32| Vec2::new(x_cells / cells.x - 0.5, 0.0);
        assert_eq!(g.column_at(at(SIDE + 0.01)), Some(0));
        assert_eq!(g.column_at(at(SIDE - 0.01)), None);
        assert_eq!(g.column_at(at(SIDE + 6.99)), Some(6));
        assert_eq!(g.column_at(at(SIDE + 7.01)), None);
        assert_eq!(g.column_at(Vec2::new(0.0, 0.7)), None);
    }

    #[test]
    fn rows_count_from_the_bottom() {
        let g = Geometry::new(7, 6);
        assert!(g.row_y(0) > g.row_y(5));
        assert!((g.row_y(5) - (TOP + SIDE + 0.5)).abs() < 1e-6);
        assert!(g.drop_y() < g.row_y(5));
    }

    #[test]
    fn a_fall_lands_bounces_and_rests() {
        let g = Geometry::new(7, 6);
        let mut f = Fall {
            index: 0,
            cell: Cell { col: 3, row: 0 },
            t: 0.0,
            sounded: false,
        };
        assert!((f.y(&g) - g.drop_y()).abs() < 1e-6);
        let land = f.land_time(&g);
        assert!((0.3..0.5).contains(&land), "{land}");
        f.t = land;
        assert!((f.y(&g) - g.row_y(0)).abs() < 1e-3);
        f.t = land + BOUNCE_TIME / 2.0;
        assert!(f.y(&g) < g.row_y(0));
        f.t = land + BOUNCE_TIME;
        assert!(f.done(&g));
    }
}
