//! Turns [`BoardView`] into entities: grid, star points, coordinates, stones, markers, the
//! hover ghost and the keyboard cursor; keeps the board square in its area.

use bevy::prelude::*;

use super::{
    BoardArea, BoardCursor, BoardHover, BoardMetrics, BoardRoot, BoardView, Ghost, GridLayer,
    KeyCursor, StoneLayer, at_point, cell_pct, line_pct,
};
use crate::engine::{Pos, Stone};
use crate::gui::persist::Settings;
use crate::gui::theme::{FONT_BOLD, FONT_REGULAR, palette};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (
            fit_board,
            rebuild_grid,
            rebuild_stones,
            update_overlays,
            scale_cell_text,
        )
            .chain()
            .before(bevy::ui::UiSystems::Prepare),
    );
}

/// Text sized in cells: font size = factor x cell width.
#[derive(Component, Clone, Copy)]
pub struct CellText(pub f32);

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

/// Grid lines, star points and coordinates: rebuilt when the size or the coordinate setting
/// changes.
fn rebuild_grid(
    mut commands: Commands,
    view: Res<BoardView>,
    settings: Res<Settings>,
    mut boards: Query<&mut BoardRoot>,
    layers: Query<Entity, With<GridLayer>>,
) {
    let (Ok(mut root), Ok(layer)) = (boards.single_mut(), layers.single()) else {
        return;
    };
    let size = view.size();
    if root.size == size && root.coordinates == settings.show_coordinates {
        return;
    }
    root.size = size;
    root.coordinates = settings.show_coordinates;
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
                BackgroundColor(palette::INK),
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
                BackgroundColor(palette::INK),
            ));
        }
        for p in star_points(size) {
            grid.spawn((
                Node {
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, size, 0.2)
                },
                BackgroundColor(palette::INK),
            ));
        }
        if settings.show_coordinates {
            for i in 0..size {
                let letter = ((b'a' + i as u8) as char).to_string();
                let number = (size - i).to_string();
                // Letters centred in the margin under the bottom line, numbers in the
                // margin left of the first column.
                let below = Pos::new(i as u8, (size - 1) as u8);
                let mut node = at_point(below, size, 1.0);
                node.top = percent(line_pct(size - 1, size) + 0.08 * cell_pct(size));
                grid.spawn(node).with_child(coord_text(letter));
                let left = Pos::new(0, i as u8);
                let mut node = at_point(left, size, 1.0);
                node.left = percent(line_pct(0, size) - 1.08 * cell_pct(size));
                grid.spawn(node).with_child(coord_text(number));
            }
        }
    });
}

fn coord_text(label: String) -> impl Bundle {
    (
        Text::new(label),
        TextFont {
            font: FONT_REGULAR.into(),
            font_size: FontSize::Px(12.0),
            ..default()
        },
        TextColor(palette::INK_SOFT),
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

/// A stone with a soft highlight and a shadow; `alpha` below 1 for the hover ghost.
fn stone_look(stone: Stone, alpha: f32) -> (BackgroundGradient, BoxShadow) {
    let (hi, lo) = match stone {
        Stone::Black => (Color::srgb(0.45, 0.45, 0.48), Color::srgb(0.03, 0.03, 0.04)),
        Stone::White => (Color::srgb(1.0, 1.0, 1.0), Color::srgb(0.76, 0.75, 0.72)),
    };
    (
        BackgroundGradient::from(RadialGradient::new(
            UiPosition::TOP_LEFT.at_percent(36.0, 30.0),
            RadialGradientShape::FarthestCorner,
            vec![
                ColorStop::new(hi.with_alpha(alpha), percent(0)),
                ColorStop::new(lo.with_alpha(alpha), percent(70)),
            ],
        )),
        BoxShadow::new(
            Color::srgba(0.0, 0.0, 0.0, 0.45 * alpha),
            px(1.5),
            px(2.5),
            px(0),
            px(3),
        ),
    )
}

const STONE_CELLS: f32 = 0.94;

/// Stones and their marks: rebuilt when the view or the display settings change.
fn rebuild_stones(
    mut commands: Commands,
    view: Res<BoardView>,
    settings: Res<Settings>,
    layers: Query<Entity, With<StoneLayer>>,
    added: Query<(), Added<StoneLayer>>,
) {
    let Ok(layer) = layers.single() else {
        return;
    };
    if !view.is_changed() && !settings.is_changed() && added.is_empty() {
        return;
    }
    commands.entity(layer).despawn_children();
    let Some(game) = view.game.as_ref() else {
        return;
    };
    let size = game.size();
    let last = game.last_move().map(|m| m.pos);
    commands.entity(layer).with_children(|layer| {
        if let Some(hint) = view.hint {
            layer.spawn((
                Node {
                    border: UiRect::all(px(3)),
                    border_radius: BorderRadius::MAX,
                    ..at_point(hint, size, 0.86)
                },
                BorderColor::all(palette::HINT),
                BackgroundColor(palette::HINT.with_alpha(0.25)),
            ));
        }
        // A soft glow behind each stone of the winning line.
        for &p in &view.win_line {
            layer.spawn((
                Node {
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, size, 0.96)
                },
                BoxShadow::new(
                    palette::WIN_GLOW.with_alpha(0.95),
                    px(0),
                    px(0),
                    px(5),
                    px(14),
                ),
            ));
        }
        for (i, mv) in game.history().iter().enumerate() {
            let (gradient, shadow) = stone_look(mv.stone, 1.0);
            let mut stone = layer.spawn((
                Node {
                    border_radius: BorderRadius::MAX,
                    ..at_point(mv.pos, size, STONE_CELLS)
                },
                gradient,
                shadow,
            ));
            let is_last = Some(mv.pos) == last;
            let ink = match mv.stone {
                Stone::Black => Color::srgb(0.92, 0.92, 0.92),
                Stone::White => Color::srgb(0.12, 0.12, 0.12),
            };
            if settings.show_move_numbers || view.numbers {
                let number = (i + 1).to_string();
                let factor = if number.len() >= 3 { 0.34 } else { 0.42 };
                stone.with_child((
                    Text::new(number),
                    TextFont {
                        font: FONT_BOLD.into(),
                        font_size: FontSize::Px(12.0),
                        ..default()
                    },
                    TextColor(if is_last { palette::LAST_MOVE } else { ink }),
                    CellText(factor),
                ));
            } else if is_last {
                stone.with_child((
                    Node {
                        width: percent(30),
                        height: percent(30),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(palette::LAST_MOVE),
                ));
            }
        }
        // A translucent stroke through the winning line, then rings on its stones (their
        // glow is drawn behind the stones, above).
        if let (Some(&a), Some(&b)) = (view.win_line.first(), view.win_line.last()) {
            let c = cell_pct(size);
            let (ax, ay) = (line_pct(a.x as usize, size), line_pct(a.y as usize, size));
            let (bx, by) = (line_pct(b.x as usize, size), line_pct(b.y as usize, size));
            let length = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt() + 0.7 * c;
            let thick = 0.16 * c;
            let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
            layer.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: percent(mx - length / 2.0),
                    top: percent(my - thick / 2.0),
                    width: percent(length),
                    height: percent(thick),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                UiTransform::from_rotation(Rot2::radians((by - ay).atan2(bx - ax))),
                BackgroundColor(palette::WIN_GLOW.with_alpha(0.7)),
            ));
        }
        for &p in &view.win_line {
            layer.spawn((
                Node {
                    border: UiRect::all(px(3)),
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, size, 1.0)
                },
                BorderColor::all(palette::WIN_GLOW),
            ));
        }
        for &p in &view.forbidden {
            layer.spawn(at_point(p, size, 1.0)).with_child((
                Text::new("×"),
                TextFont {
                    font: FONT_BOLD.into(),
                    font_size: FontSize::Px(12.0),
                    ..default()
                },
                TextColor(palette::FORBIDDEN),
                CellText(0.75),
            ));
        }
    });
}

/// The ghost stone under the mouse (legal points only, on the person's turn) and the
/// keyboard cursor.
#[allow(clippy::type_complexity)] // Bevy queries with filters
fn update_overlays(
    view: Res<BoardView>,
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
        let target = hover
            .0
            .filter(|&p| view.interactive && !cursor.visible && game.check_move(p).is_ok());
        match target {
            Some(p) => {
                let wanted = Node {
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, size, STONE_CELLS)
                };
                if *node != wanted {
                    *node = wanted;
                }
                let (look, _) = stone_look(game.to_move(), 0.5);
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
                ..at_point(cursor.pos, size, 1.0)
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
