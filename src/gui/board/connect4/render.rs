//! Turns [`C4View`] and [`FallAnimation`] into entities: keeps the board at its aspect in
//! its area, builds the frame and column numbers for the size, the resting discs (last move
//! marked, numbers when asked), the falling disc, the winning four and the hint, and the
//! hover feedback (held disc, column glow, where the disc would land).

use bevy::prelude::*;

use super::Geometry;
use super::disc_shades;
use super::frame::FrameTextures;
use super::{
    BOTTOM, C4Board, C4Cursor, C4Hover, C4View, ColumnGlow, DISC, DiscLayer, FallAnimation,
    FallingDisc, Frame, HeldDisc, LabelLayer, LandingGhost, MarkLayer, SIDE, Slots, TOP,
};
use crate::engine::connect4::{Cell, Game, Player};
use crate::gui::board::BoardArea;
use crate::gui::kind::Side;
use crate::gui::persist::Settings;
use crate::gui::theme::{FONT_BOLD, FONT_REGULAR, palette};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (
            fit_board,
            build_frame,
            rebuild_discs,
            update_falling,
            update_hover,
            scale_cell_text,
        )
            .chain()
            .before(bevy::ui::UiSystems::Prepare),
    );
}

/// The empty slots seen through the holes.
pub const SLOT: Color = Color::srgb(0.045, 0.06, 0.10);
/// The hovered column, seen through its empty holes.
pub const GLOW: Color = Color::srgba(0.70, 0.82, 1.0, 0.10);
/// The winning four's rings and stroke: white reads on red and on yellow discs alike.
const WIN_RING: Color = Color::srgb(1.0, 1.0, 0.97);
/// The refuting disc's ring.
const REFUTE: Color = palette::BAD;

/// A node filling its parent.
pub fn full() -> Node {
    Node {
        position_type: PositionType::Absolute,
        width: percent(100),
        height: percent(100),
        ..default()
    }
}

/// Text sized in cells: font size = factor x cell width.
#[derive(Component, Clone, Copy)]
pub struct C4CellText(pub f32);

/// The face of a disc: a soft highlight towards the top left; `alpha` below 1 for ghosts.
pub fn disc_look(player: Player, alpha: f32) -> BackgroundGradient {
    let (hi, lo) = disc_shades(player);
    BackgroundGradient::from(RadialGradient::new(
        UiPosition::TOP_LEFT.at_percent(35.0, 30.0),
        RadialGradientShape::FarthestCorner,
        vec![
            ColorStop::new(hi.with_alpha(alpha), percent(0)),
            ColorStop::new(lo.with_alpha(alpha), percent(62)),
            ColorStop::new(lo.darker(0.12).with_alpha(alpha), percent(100)),
        ],
    ))
}

/// The moulded ring of a real disc.
fn disc_ring(player: Player) -> impl Bundle {
    let (_, lo) = disc_shades(player);
    (
        Node {
            position_type: PositionType::Absolute,
            left: percent(17),
            top: percent(17),
            width: percent(66),
            height: percent(66),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BorderColor::all(lo.darker(0.10)),
    )
}

/// Keeps the board at its aspect and as large as its area allows.
fn fit_board(
    areas: Query<&ComputedNode, With<BoardArea>>,
    mut boards: Query<&mut Node, With<C4Board>>,
    view: Res<C4View>,
) {
    let (Ok(area), Ok(mut node)) = (areas.single(), boards.single_mut()) else {
        return;
    };
    let space = area.size() * area.inverse_scale_factor() - Vec2::splat(24.0);
    let cells = view.geometry().cells();
    let cell = (space.x / cells.x).min(space.y / cells.y).max(0.0);
    let (w, h) = ((cell * cells.x).floor(), (cell * cells.y).floor());
    if node.width != Val::Px(w) || node.height != Val::Px(h) {
        node.width = Val::Px(w);
        node.height = Val::Px(h);
    }
}

/// Slots, frame and column numbers: rebuilt when the size or the coordinate setting changes.
fn build_frame(
    mut commands: Commands,
    view: Res<C4View>,
    settings: Res<Settings>,
    mut boards: Query<&mut C4Board>,
    mut slots: Query<&mut Node, (With<Slots>, Without<Frame>)>,
    mut frames: Query<(&mut Node, &mut ImageNode), (With<Frame>, Without<Slots>)>,
    labels: Query<Entity, With<LabelLayer>>,
    mut textures: ResMut<FrameTextures>,
    mut images: Option<ResMut<Assets<Image>>>,
) {
    let Ok(mut board) = boards.single_mut() else {
        return;
    };
    let geo = view.geometry();
    let wanted = (geo.width, geo.height, settings.show_coordinates);
    if board.built == Some(wanted) {
        return;
    }
    board.built = Some(wanted);
    let (corner, size) = geo.frame_rect();
    for mut node in &mut slots {
        // Slightly inside the frame so no dark line shows at its rounded edge.
        *node = Node {
            border_radius: BorderRadius::all(percent(3)),
            ..geo.rect(corner + Vec2::splat(0.1), size - Vec2::splat(0.2))
        };
    }
    let texture = textures.get(images.as_deref_mut(), geo.width, geo.height);
    for (mut node, mut image) in &mut frames {
        *node = geo.rect(corner, size);
        image.image = texture.clone();
    }
    for layer in &labels {
        commands.entity(layer).despawn_children();
        if !settings.show_coordinates {
            continue;
        }
        commands.entity(layer).with_children(|l| {
            let y = TOP + geo.height as f32 + 2.0 * SIDE;
            for col in 0..geo.width {
                l.spawn(geo.rect(Vec2::new(geo.col_x(col) - 0.5, y), Vec2::new(1.0, BOTTOM)))
                    .with_child((
                        Text::new((col + 1).to_string()),
                        TextFont {
                            font: FONT_REGULAR.into(),
                            font_size: FontSize::Px(12.0),
                            ..default()
                        },
                        TextColor(palette::TEXT_DIM),
                        C4CellText(0.3),
                    ));
            }
        });
    }
}

/// Resting discs, the falling one and the marks: rebuilt when the view, the landed discs,
/// the disc in the air or the display settings change.
fn rebuild_discs(
    mut commands: Commands,
    view: Res<C4View>,
    anim: Res<FallAnimation>,
    settings: Res<Settings>,
    discs: Query<Entity, With<DiscLayer>>,
    marks: Query<Entity, With<MarkLayer>>,
    added: Query<(), Added<DiscLayer>>,
    mut last: Local<Option<(usize, bool, Option<usize>)>>,
) {
    let (Ok(disc_layer), Ok(mark_layer)) = (discs.single(), marks.single()) else {
        return;
    };
    let key = (
        anim.landed(),
        anim.is_settled(),
        anim.fall().map(|f| f.index),
    );
    if !view.is_changed() && !settings.is_changed() && added.is_empty() && *last == Some(key) {
        return;
    }
    *last = Some(key);
    commands.entity(disc_layer).despawn_children();
    commands.entity(mark_layer).despawn_children();
    let Some(game) = view.game.as_ref() else {
        return;
    };
    let geo = view.geometry();
    let moves = game.moves();
    let landed = anim.landed().min(moves.len());
    let settled = anim.is_settled();
    let numbers = settings.show_move_numbers || view.numbers;
    // Resting discs with their rows, then the one in the air.
    let mut heights = vec![0usize; geo.width];
    let mut placed = Vec::with_capacity(landed + 1);
    for (i, &col) in moves.iter().enumerate().take(landed) {
        let Some(h) = heights.get_mut(col) else {
            continue;
        };
        placed.push((i, col, *h));
        *h += 1;
    }
    let falling = anim.fall().filter(|f| f.index < moves.len());
    placed.extend(falling.map(|f| (f.index, f.cell.col, f.cell.row)));
    let last_landed = settled.then_some(moves.len());
    commands.entity(disc_layer).with_children(|layer| {
        for (i, col, row) in placed {
            let falls = falling.is_some_and(|f| f.index == i);
            spawn_disc(
                layer,
                &geo,
                (i, Cell { col, row }),
                last_landed,
                numbers,
                falls,
            );
        }
    });
    if settled {
        commands
            .entity(mark_layer)
            .with_children(|layer| spawn_marks(layer, &geo, &view, game));
    }
}

/// Moves the disc in the air to its height at this frame.
fn update_falling(
    view: Res<C4View>,
    anim: Res<FallAnimation>,
    mut discs: Query<&mut Node, With<FallingDisc>>,
) {
    let Some(fall) = anim.fall() else {
        return;
    };
    let geo = view.geometry();
    for mut node in &mut discs {
        *node = geo.circle(Vec2::new(geo.col_x(fall.cell.col), fall.y(&geo)), DISC);
    }
}

/// The disc held over the column the person points at (mouse or keyboard), that column's
/// glow, and a faint disc where it would land.
fn update_hover(
    view: Res<C4View>,
    anim: Res<FallAnimation>,
    hover: Res<C4Hover>,
    cursor: Res<C4Cursor>,
    mut held: Query<
        (
            &mut Node,
            &mut Visibility,
            &mut BackgroundGradient,
            &mut BoxShadow,
        ),
        (With<HeldDisc>, Without<ColumnGlow>, Without<LandingGhost>),
    >,
    mut glows: Query<
        (&mut Node, &mut Visibility),
        (With<ColumnGlow>, Without<HeldDisc>, Without<LandingGhost>),
    >,
    mut ghosts: Query<
        (&mut Node, &mut Visibility, &mut BackgroundGradient),
        (With<LandingGhost>, Without<HeldDisc>, Without<ColumnGlow>),
    >,
) {
    let geo = view.geometry();
    let column = if cursor.visible {
        Some(cursor.at)
    } else {
        hover.0
    };
    let target = view.game.as_ref().and_then(|game| {
        let col =
            column.filter(|&c| view.interactive && anim.fall().is_none() && game.can_play(c))?;
        Some((col, game.column_height(col), game.side_to_move()))
    });
    let Some((col, row, player)) = target else {
        for (_, mut v, _, _) in &mut held {
            v.set_if_neq(Visibility::Hidden);
        }
        for (_, mut v) in &mut glows {
            v.set_if_neq(Visibility::Hidden);
        }
        for (_, mut v, _) in &mut ghosts {
            v.set_if_neq(Visibility::Hidden);
        }
        return;
    };
    let set = |node: &mut Node, wanted: Node| {
        if *node != wanted {
            *node = wanted;
        }
    };
    for (mut node, mut v, mut look, mut shadow) in &mut held {
        set(
            &mut node,
            geo.circle(Vec2::new(geo.col_x(col), geo.drop_y()), DISC),
        );
        let wanted = disc_look(player, 1.0);
        if *look != wanted {
            *look = wanted;
            *shadow = BoxShadow::new(
                Color::srgba(0.0, 0.0, 0.0, 0.45),
                px(1.5),
                px(3),
                px(0),
                px(4),
            );
        }
        v.set_if_neq(Visibility::Inherited);
    }
    for (mut node, mut v) in &mut glows {
        set(
            &mut node,
            Node {
                border_radius: BorderRadius::all(px(6)),
                ..geo.rect(
                    Vec2::new(geo.col_x(col) - 0.5, TOP + SIDE),
                    Vec2::new(1.0, geo.height as f32),
                )
            },
        );
        v.set_if_neq(Visibility::Inherited);
    }
    for (mut node, mut v, mut look) in &mut ghosts {
        set(
            &mut node,
            geo.circle(geo.cell_centre(Cell { col, row }), DISC),
        );
        let wanted = disc_look(player, 0.35);
        if *look != wanted {
            *look = wanted;
        }
        v.set_if_neq(Visibility::Inherited);
    }
}

fn scale_cell_text(
    view: Res<C4View>,
    boards: Query<&ComputedNode, With<C4Board>>,
    mut texts: Query<(&C4CellText, &mut TextFont)>,
    mut last: Local<f32>,
    added: Query<(), Added<C4CellText>>,
) {
    let Ok(board) = boards.single() else {
        return;
    };
    let width = board.size().x * board.inverse_scale_factor();
    let cell = width / view.geometry().cells().x;
    if (cell - *last).abs() < 0.01 && added.is_empty() {
        return;
    }
    *last = cell;
    for (scale, mut font) in &mut texts {
        let size = FontSize::Px((scale.0 * cell).max(6.0));
        if font.font_size != size {
            font.font_size = size;
        }
    }
}

/// Disc `i` at `cell` with its number, or the last-move dot on the last landed disc
/// (`last_landed`: the moves shown, once nothing falls).
fn spawn_disc(
    layer: &mut ChildSpawnerCommands,
    geo: &Geometry,
    (i, cell): (usize, Cell),
    last_landed: Option<usize>,
    numbers: bool,
    falls: bool,
) {
    let player = Side::of_ply(i);
    let centre = geo.cell_centre(cell);
    let is_last = last_landed == Some(i + 1);
    let ink = match player {
        Player::First => Color::srgb(1.0, 0.93, 0.90),
        Player::Second => Color::srgb(0.40, 0.24, 0.02),
    };
    let mut disc = layer.spawn((geo.circle(centre, DISC), disc_look(player, 1.0)));
    if falls {
        // `update_falling` moves it.
        disc.insert(FallingDisc);
    }
    disc.with_child(disc_ring(player));
    if numbers {
        disc.with_child((
            Text::new((i + 1).to_string()),
            TextFont {
                font: FONT_BOLD.into(),
                font_size: FontSize::Px(12.0),
                ..default()
            },
            // The last move's number in the other side's colour.
            TextColor(if is_last {
                disc_shades(player.other()).0
            } else {
                ink
            }),
            C4CellText(0.34),
        ));
    } else if is_last {
        disc.with_child((
            Node {
                width: percent(26),
                height: percent(26),
                border_radius: BorderRadius::MAX,
                ..default()
            },
            BackgroundColor(ink.with_alpha(0.9)),
        ));
    }
}

/// The hint's rings, and the winning four: a translucent stroke through it, then a glowing
/// ring on each disc.
fn spawn_marks(layer: &mut ChildSpawnerCommands, geo: &Geometry, view: &C4View, game: &Game) {
    // A hint's area: its columns washed in the hint's colour, from the drop zone down.
    if let Some((c0, c1)) = view.hint_area.filter(|&(_, c1)| c1 < geo.width) {
        layer.spawn((
            Node {
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(6)),
                ..geo.rect(
                    Vec2::new(geo.col_x(c0) - 0.5, 0.0),
                    Vec2::new((c1 - c0 + 1) as f32, TOP + SIDE + geo.height as f32),
                )
            },
            BorderColor::all(palette::HINT.with_alpha(0.8)),
            BackgroundColor(palette::HINT.with_alpha(0.14)),
        ));
    }
    // The refuting disc: a ring in the colour of a bad outcome, not the hint's green.
    if let Some(cell) = view.refute {
        layer.spawn((
            Node {
                border: UiRect::all(px(4)),
                ..geo.circle(geo.cell_centre(cell), 0.96)
            },
            BorderColor::all(REFUTE),
        ));
        if game.column_height(cell.col) == cell.row {
            layer.spawn((
                Node {
                    border: UiRect::all(px(3)),
                    ..geo.circle(Vec2::new(geo.col_x(cell.col), geo.drop_y()), 0.7)
                },
                BorderColor::all(REFUTE),
                BackgroundColor(REFUTE.with_alpha(0.22)),
            ));
        }
    }
    if let Some(col) = view.hint
        && game.can_play(col)
    {
        let row = game.column_height(col);
        let ring = |centre: Vec2, d: f32| {
            (
                Node {
                    border: UiRect::all(px(3)),
                    ..geo.circle(centre, d)
                },
                BorderColor::all(palette::HINT),
                BackgroundColor(palette::HINT.with_alpha(0.22)),
            )
        };
        layer.spawn(ring(geo.cell_centre(Cell { col, row }), 0.9));
        layer.spawn(ring(Vec2::new(geo.col_x(col), geo.drop_y()), 0.7));
    }
    // A translucent stroke through the winning four, then a glowing ring on each disc.
    if let (Some(&a), Some(&b)) = (view.win.first(), view.win.last()) {
        let (pa, pb) = (geo.cell_centre(a), geo.cell_centre(b));
        let length = pa.distance(pb) + 0.6;
        let thick = 0.14;
        let mid = (pa + pb) / 2.0;
        layer.spawn((
            Node {
                border_radius: BorderRadius::MAX,
                ..geo.rect(
                    mid - Vec2::new(length, thick) / 2.0,
                    Vec2::new(length, thick),
                )
            },
            UiTransform::from_rotation(Rot2::radians((pb.y - pa.y).atan2(pb.x - pa.x))),
            BackgroundColor(WIN_RING.with_alpha(0.8)),
        ));
    }
    for &cell in &view.win {
        // The glow is a ring of its own around the white one: a box shadow would fill the
        // transparent circle too and paint a red disc gold.
        layer.spawn((
            Node {
                border: UiRect::all(px(5)),
                ..geo.circle(geo.cell_centre(cell), 1.0)
            },
            BorderColor::all(palette::WIN_GLOW.with_alpha(0.55)),
        ));
        layer.spawn((
            Node {
                border: UiRect::all(px(4)),
                ..geo.circle(geo.cell_centre(cell), 0.9)
            },
            BorderColor::all(WIN_RING),
        ));
    }
}
