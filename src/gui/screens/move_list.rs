//! A list of a game's moves that scrolls: every move is a row (click it to go there), the
//! mouse wheel scrolls it, and it follows the current move so that row stays in sight.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::picking::Pickable;
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;

use crate::gui::flow::Action;
use crate::gui::i18n::I18n;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, on_click, text};

/// Height of one row (logical pixels); rows are exactly this tall so a position is a row.
pub const ROW_H: f32 = 21.0;
/// Pixels one wheel line scrolls.
const LINE: f32 = ROW_H;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (scroll_with_wheel, follow_current, show_top_fade).chain(),
    );
}

/// A node the mouse wheel scrolls while the pointer is over it (the innermost one that has
/// something to scroll): the move lists and the side panel on small windows.
#[derive(Component, Default)]
pub struct WheelScroll;

/// The list's node. `current`: the row to keep in sight (`None`: the start).
#[derive(Component, Default)]
pub struct MoveList {
    pub current: Option<usize>,
}

/// One row: its text and colour, a mark after it (a review grade, "opening"), and where a
/// click goes.
#[derive(Clone)]
pub struct Row {
    pub text: String,
    pub color: Color,
    /// A catalog key ("moves-opening"), shown in the language in use, or a sign the catalogs
    /// lack ("?!"), shown as it is.
    pub mark: Option<(&'static str, Color)>,
    pub action: Action,
}

/// The list's node, empty, at least `min_rows` rows tall; [`fill`] puts the rows in.
pub fn spawn(p: &mut ChildSpawnerCommands, min_rows: usize) {
    // The list sits in a frame that holds a fade over its top edge: a row cut by the edge
    // fades out instead of showing half its letters, and says there is more above.
    p.spawn(Node {
        flex_direction: FlexDirection::Column,
        flex_grow: 1.0,
        // Gives way to the panel's other lines: the list scrolls, the Menu button stays.
        min_height: px(ROW_H * min_rows as f32),
        margin: UiRect::top(px(6)),
        ..default()
    })
    .with_children(|frame| {
        frame.spawn((
            MoveList::default(),
            Node {
                flex_direction: FlexDirection::Column,
                flex_grow: 1.0,
                min_height: px(0),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            ScrollPosition::default(),
            RelativeCursorPosition::default(),
            WheelScroll,
        ));
        frame.spawn((
            TopFade,
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                left: px(0),
                right: px(0),
                height: px(ROW_H),
                ..default()
            },
            BackgroundGradient::from(LinearGradient::to_bottom(vec![
                palette::PANEL_SEEN.into(),
                palette::PANEL_SEEN.with_alpha(0.0).into(),
            ])),
            Pickable::IGNORE,
            Visibility::Hidden,
        ));
    });
}

/// The fade over a list's top edge, shown while rows are scrolled out above it.
#[derive(Component)]
pub struct TopFade;

/// Shows each list's top fade only while the list is scrolled (else it would dim the first
/// row for nothing).
fn show_top_fade(
    lists: Query<(&ScrollPosition, &ChildOf), With<MoveList>>,
    frames: Query<&Children>,
    mut fades: Query<&mut Visibility, With<TopFade>>,
) {
    for (scroll, child_of) in &lists {
        let Ok(children) = frames.get(child_of.parent()) else {
            continue;
        };
        let wanted = if scroll.y > 0.5 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        for child in children.iter() {
            if let Ok(mut v) = fades.get_mut(child) {
                v.set_if_neq(wanted);
            }
        }
    }
}

/// Replaces the rows of `list` and the row to keep in sight.
pub fn fill(commands: &mut Commands, list: Entity, rows: Vec<Row>, current: Option<usize>) {
    commands.entity(list).despawn_children();
    commands.entity(list).insert(MoveList { current });
    commands.entity(list).with_children(|l| {
        for row in rows {
            let mut r = l.spawn((
                Button,
                ButtonAction(row.action.clone()),
                Node {
                    column_gap: px(8),
                    height: px(ROW_H),
                    min_height: px(ROW_H),
                    flex_shrink: 0.0,
                    align_items: AlignItems::Center,
                    ..default()
                },
            ));
            r.with_children(|cells| {
                cells.spawn(text(row.text, 15.0, row.color));
                if let Some((mark, color)) = row.mark {
                    let id = cells.spawn(text(mark, 15.0, color)).id();
                    // In words when the catalog has them, before the row is first drawn.
                    cells.commands().queue(move |world: &mut World| {
                        let Some(words) = world.get_resource::<I18n>().and_then(|i| i.lookup(mark))
                        else {
                            return;
                        };
                        if let Some(mut shown) = world.get_mut::<Text>(id) {
                            shown.0 = words;
                        }
                    });
                }
            });
            r.observe(on_click(row.action));
        }
    });
}

/// The scroll offset that shows row `current` of a list `view` pixels tall, moving as
/// little as possible from `offset` (with a row of context above and below when it fits).
pub fn follow(offset: f32, current: Option<usize>, view: f32, rows: usize) -> f32 {
    let content = rows as f32 * ROW_H;
    let max = (content - view).max(0.0);
    let Some(row) = current else {
        return 0.0;
    };
    let context = if view >= 3.0 * ROW_H { ROW_H } else { 0.0 };
    let top = row as f32 * ROW_H - context;
    let bottom = (row + 1) as f32 * ROW_H + context;
    let wanted = if top < offset {
        top
    } else if bottom > offset + view {
        bottom - view
    } else {
        offset
    };
    wanted.clamp(0.0, max)
}

/// The offset after a wheel move of `lines` (positive scrolls up, as the wheel reports)
/// over content `content` pixels tall in a view `view` tall.
pub fn wheel(offset: f32, lines: f32, view: f32, content: f32) -> f32 {
    let max = (content - view).max(0.0);
    (offset - lines * LINE).clamp(0.0, max)
}

fn view_height(node: &ComputedNode) -> f32 {
    node.size().y * node.inverse_scale_factor()
}

fn scroll_with_wheel(
    mut wheels: MessageReader<MouseWheel>,
    mut nodes: Query<
        (&RelativeCursorPosition, &mut ScrollPosition, &ComputedNode),
        With<WheelScroll>,
    >,
) {
    for event in wheels.read() {
        let lines = match event.unit {
            MouseScrollUnit::Line => event.y,
            MouseScrollUnit::Pixel => event.y / LINE,
        };
        // The innermost (smallest) hovered node with something to scroll.
        let target = nodes
            .iter_mut()
            .filter(|(cursor, _, node)| {
                cursor.cursor_over() && content_height(node) > view_height(node) + 0.5
            })
            .min_by(|a, b| view_height(a.2).total_cmp(&view_height(b.2)));
        if let Some((_, mut scroll, node)) = target {
            scroll.y = wheel(scroll.y, lines, view_height(node), content_height(node));
        }
    }
}

fn content_height(node: &ComputedNode) -> f32 {
    node.content_size().y * node.inverse_scale_factor()
}

fn follow_current(
    mut lists: Query<
        (
            &MoveList,
            &mut ScrollPosition,
            &ComputedNode,
            Option<&Children>,
        ),
        Or<(Changed<MoveList>, Changed<ComputedNode>)>,
    >,
) {
    for (list, mut scroll, node, rows) in &mut lists {
        let rows = rows.map_or(0, |r| r.len());
        let wanted = follow(scroll.y, list.current, view_height(node), rows);
        if wanted != scroll.y {
            scroll.y = wanted;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_row_stays_in_sight() {
        // Five rows fit; 40 moves.
        let view = 5.0 * ROW_H;
        assert_eq!(follow(0.0, Some(2), view, 40), 0.0, "in sight: no move");
        // Move 18 (row 17) from the top: scrolled so it sits one row above the bottom.
        let at = follow(0.0, Some(17), view, 40);
        assert!(at > 0.0);
        let first_visible = at / ROW_H;
        assert!(
            17.0 >= first_visible && 18.0 <= first_visible + 5.0,
            "row 17 visible from {first_visible}"
        );
        // Back to row 3: it comes into sight from above.
        let back = follow(at, Some(3), view, 40);
        assert_eq!(back, 2.0 * ROW_H);
        // Never past the end, never before the start.
        assert_eq!(follow(0.0, Some(39), view, 40), 35.0 * ROW_H);
        assert_eq!(follow(100.0, None, view, 40), 0.0);
        assert_eq!(
            follow(0.0, Some(3), view, 2),
            0.0,
            "a short list does not scroll"
        );
    }

    #[test]
    fn the_wheel_scrolls_within_the_list() {
        let view = 5.0 * ROW_H;
        assert_eq!(
            wheel(0.0, -3.0, view, 40.0 * ROW_H),
            3.0 * ROW_H,
            "down three lines"
        );
        assert_eq!(
            wheel(3.0 * ROW_H, 10.0, view, 40.0 * ROW_H),
            0.0,
            "up, stops at the top"
        );
        assert_eq!(
            wheel(0.0, -100.0, view, 40.0 * ROW_H),
            35.0 * ROW_H,
            "stops at the end"
        );
        assert_eq!(
            wheel(0.0, -1.0, view, 3.0 * ROW_H),
            0.0,
            "nothing to scroll"
        );
    }
}
