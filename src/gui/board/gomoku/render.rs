//! Turns [`BoardView`] into entities: grid, star points, coordinates, stones, markers, the
//! hover ghost and the keyboard cursor, in the colours of the chosen [`BoardTheme`]; keeps
//! the board square in its area. Stones and marks carry the components of
//! [`fx`](super::fx), which animates them.

use bevy::prelude::*;

use super::fx::{BoardFx, Veil, track_view};
use super::paint::{CellText, Paint, STONE_CELLS, stone_look};
use super::{
    BoardArea, BoardCursor, BoardHover, BoardMetrics, BoardRoot, BoardView, Ghost, GridLayer,
    KeyCursor, StoneLayer, at_point, cell_pct, line_pct,
};
use crate::engine::gomoku::Pos;
use crate::gui::board::before_ui_frame;
use crate::gui::kind::Verdict;
use crate::gui::persist::Settings;
use crate::gui::theme::{BoardPalette, BoardTheme, FONT_REGULAR};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardFx>().add_systems(
        PostUpdate,
        (
            fit_board,
            apply_theme,
            rebuild_grid,
            track_view,
            rebuild_stones,
            update_overlays,
            scale_cell_text,
        )
            .chain()
            .in_set(BoardRenderSystems),
    );
    before_ui_frame(app, BoardRenderSystems);
}

/// The board's rendering systems (effects animate after them).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardRenderSystems;

/// Keeps the board square and as large as its area allows.
fn fit_board(
    areas: Query<&ComputedNode, With<BoardArea>>,
    mut boards: Query<&mut Node, With<BoardRoot>>,
    mut metrics: ResMut<BoardMetrics>,
) {
    let (Ok(area), Ok(mut node)) = (areas.single(), boards.single_mut()) else {
        return;
    };
    let size = area.size() * area.inverse_scale_factor();
    // A small margin so the shadow and the window edge do not touch the wood.
    let side = (size.x.min(size.y) - 24.0).max(0.0).floor();
    if node.width != Val::Px(side) {
        node.width = Val::Px(side);
        node.height = Val::Px(side);
    }
    if metrics.side != side {
        metrics.side = side;
    }
}

/// The theme's surface on the board and its colour on the keyboard cursor.
fn apply_theme(
    settings: Res<Settings>,
    mut boards: Query<&mut ImageNode, With<BoardRoot>>,
    mut cursors: Query<&mut BorderColor, With<KeyCursor>>,
    added: Query<(), Added<BoardRoot>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let texture = settings.theme.texture();
    for mut image in &mut boards {
        if image.image != texture {
            image.image = texture.clone();
        }
    }
    let cursor = BorderColor::all(settings.theme.palette().cursor);
    for mut border in &mut cursors {
        if *border != cursor {
            *border = cursor;
        }
    }
}

/// Grid lines, star points and coordinates: rebuilt when the size, the coordinate setting or
/// the theme changes.
fn rebuild_grid(
    mut commands: Commands,
    view: Res<BoardView>,
    settings: Res<Settings>,
    mut boards: Query<&mut BoardRoot>,
    layers: Query<Entity, With<GridLayer>>,
    mut drawn_theme: Local<Option<BoardTheme>>,
) {
    let (Ok(mut root), Ok(layer)) = (boards.single_mut(), layers.single()) else {
        return;
    };
    let size = view.size();
    if root.size == size
        && root.coordinates == settings.show_coordinates
        && *drawn_theme == Some(settings.theme)
    {
        return;
    }
    root.size = size;
    root.coordinates = settings.show_coordinates;
    *drawn_theme = Some(settings.theme);
    let pal = settings.theme.palette();
    commands.entity(layer).despawn_children();
    let first = line_pct(0, size);
    let span = line_pct(size - 1, size) - first;
    commands.entity(layer).with_children(|grid| {
        for i in 0..size {
            let at = line_pct(i, size);
            // Border lines slightly heavier, as on a real board.
            let thick = if i == 0 || i + 1 == size { 2.0 } else { 1.2 };
            grid.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: percent(first),
                    top: percent(at),
                    width: percent(span),
                    height: px(thick),
                    margin: UiRect::top(px(-thick / 2.0)),
                    ..default()
                },
                BackgroundColor(pal.ink),
            ));
            grid.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    top: percent(first),
                    left: percent(at),
                    height: percent(span),
                    width: px(thick),
                    margin: UiRect::left(px(-thick / 2.0)),
                    ..default()
                },
                BackgroundColor(pal.ink),
            ));
        }
        for p in star_points(size) {
            grid.spawn((
                Node {
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, size, 0.2)
                },
                BackgroundColor(pal.ink),
            ));
        }
        if settings.show_coordinates {
            for i in 0..size {
                let letter = ((b'a' + i as u8) as char).to_string();
                let number = (size - i).to_string();
                // Letters under the bottom line, numbers left of the first column, centred
                // three quarters of a cell out: clear of an edge stone (half a cell) and
                // still on the wood (one cell).
                let below = Pos::new(i as u8, (size - 1) as u8);
                let mut node = at_point(below, size, 1.0);
                node.top = percent(line_pct(size - 1, size) + 0.25 * cell_pct(size));
                grid.spawn(node).with_child(coord_text(letter, pal));
                let left = Pos::new(0, i as u8);
                let mut node = at_point(left, size, 1.0);
                node.left = percent(line_pct(0, size) - 1.25 * cell_pct(size));
                grid.spawn(node).with_child(coord_text(number, pal));
            }
        }
    });
}

fn coord_text(label: String, pal: &BoardPalette) -> impl Bundle {
    (
        Text::new(label),
        TextFont {
            font: FONT_REGULAR.into(),
            font_size: FontSize::Px(12.0),
            ..default()
        },
        TextColor(pal.ink_soft),
        CellText(0.34),
    )
}

/// Traditional star points: 3 or 4 lines in from the edges, the centre, and on 19x19 the
/// side midpoints.
pub fn star_points(size: usize) -> Vec<Pos> {
    if size < 9 {
        return Vec::new();
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - edge;
    let mid = size / 2;
    let mut lines = vec![edge, far];
    if size >= 19 {
        lines.push(mid);
    }
    let mut points = Vec::new();
    for &x in &lines {
        for &y in &lines {
            points.push(Pos::new(x as u8, y as u8));
        }
    }
    if size % 2 == 1 && size < 19 {
        points.push(Pos::new(mid as u8, mid as u8));
    }
    points
}

/// Stones and their marks: rebuilt when the view or the display settings change. Effects
/// in progress (a stone dropping, the winning line lighting up, the veil after a loss) are
/// spawned in their current phase, so a rebuild in the middle does not restart them.
fn rebuild_stones(
    mut commands: Commands,
    view: Res<BoardView>,
    settings: Res<Settings>,
    fx: Res<BoardFx>,
    time: Res<Time>,
    layers: Query<Entity, With<StoneLayer>>,
    added: Query<(), Added<StoneLayer>>,
    mut last_end: Local<Option<Verdict>>,
) {
    let Ok(layer) = layers.single() else {
        return;
    };
    let end = fx.end_kind();
    let end_changed = *last_end != end;
    *last_end = end;
    if !view.is_changed() && !settings.is_changed() && added.is_empty() && !end_changed {
        return;
    }
    commands.entity(layer).despawn_children();
    let Some(game) = view.game.as_ref() else {
        return;
    };
    let paint = Paint {
        pal: settings.theme.palette(),
        size: game.size(),
        now: time.elapsed_secs_f64(),
        reduced: settings.reduced_motion,
        numbers: settings.show_move_numbers || view.numbers,
        last: game.last_move().map(|m| m.pos),
        line_color: if end == Some(Verdict::Loss) {
            settings.theme.palette().loss_glow
        } else {
            settings.theme.palette().win_glow
        },
        view: &view,
        fx: &fx,
    };
    // After a loss or a draw the board dims and the winning line is lifted above the veil;
    // after a win its glow and bar lie under all stones (over them they would smear the
    // neighbours).
    let veil = match end {
        Some(Verdict::Loss) => Some(paint.pal.veil_loss),
        Some(Verdict::Draw) => Some(paint.pal.veil_draw),
        _ => None,
    };
    let lifted = veil.is_some();
    let in_line = |p: Pos| lifted && view.win_line.contains(&p);
    commands.entity(layer).with_children(|layer| {
        paint.allowed_area(layer);
        paint.hint_area(layer);
        paint.hint(layer);
        paint.ripple(layer);
        paint.threats(layer);
        paint.ghosts(layer);
        if !lifted {
            paint.line_glow(layer);
        }
        for (i, mv) in game.history().iter().enumerate() {
            if !in_line(mv.pos) {
                paint.stone(layer, i, *mv);
            }
        }
        if let (Some(color), Some((_, started))) = (veil, fx.end) {
            paint.veil(layer, Veil { started, color });
        }
        if lifted {
            paint.line_glow(layer);
        }
        for (i, mv) in game.history().iter().enumerate() {
            if in_line(mv.pos) {
                paint.stone(layer, i, *mv);
            }
        }
        paint.rings(layer);
        paint.refute(layer);
        paint.forbidden(layer);
    });
}

/// The ghost stone under the mouse (only where a click could place, on the person's turn)
/// and the keyboard cursor.
fn update_overlays(
    view: Res<BoardView>,
    settings: Res<Settings>,
    hover: Res<BoardHover>,
    cursor: Res<BoardCursor>,
    mut ghosts: Query<
        (
            &mut Node,
            &mut Visibility,
            Option<&mut BackgroundGradient>,
            Entity,
        ),
        (With<Ghost>, Without<KeyCursor>),
    >,
    mut cursors: Query<(&mut Node, &mut Visibility), (With<KeyCursor>, Without<Ghost>)>,
    mut commands: Commands,
) {
    let Some(game) = view.game.as_ref() else {
        return;
    };
    let size = game.size();
    if let Ok((mut node, mut visibility, gradient, entity)) = ghosts.single_mut() {
        let target = view.ghost_at(hover.0.filter(|_| !cursor.visible));
        match target {
            Some(p) => {
                let wanted = Node {
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, size, STONE_CELLS)
                };
                if *node != wanted {
                    *node = wanted;
                }
                let (look, _) = stone_look(settings.theme.palette(), game.to_move(), 0.5);
                match gradient {
                    Some(mut g) if *g != look => *g = look,
                    Some(_) => {}
                    None => {
                        commands.entity(entity).insert(look);
                    }
                }
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
    if let Ok((mut node, mut visibility)) = cursors.single_mut() {
        if cursor.visible && view.interactive {
            let wanted = Node {
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(3)),
                ..at_point(cursor.at, size, 1.0)
            };
            if *node != wanted {
                *node = wanted;
            }
            visibility.set_if_neq(Visibility::Inherited);
        } else {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

fn scale_cell_text(
    metrics: Res<BoardMetrics>,
    view: Res<BoardView>,
    mut texts: Query<(&CellText, &mut TextFont)>,
    added: Query<(), Added<CellText>>,
) {
    if !metrics.is_changed() && added.is_empty() {
        return;
    }
    let cell = metrics.side / (view.size() as f32 + 1.0);
    for (scale, mut font) in &mut texts {
        let px = (scale.0 * cell).max(6.0);
        if font.font_size != FontSize::Px(px) {
            font.font_size = FontSize::Px(px);
        }
    }
}
