//! Layout that follows the window: the UI scale grows on large windows (4K at scale factor 1
//! would otherwise show 17 px text on a 2000 px board), and on narrow windows the side panel
//! of the board screens moves below the board in two columns.
//!
//! Both work on whatever the screens spawned, so no screen needs to know about them.

use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow};

use super::PANEL_WIDTH;
use crate::gui::board::BoardArea;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        (fit_window, scale_ui, place_side_panel).in_set(LayoutSystems),
    );
    crate::gui::board::before_ui_frame(app, LayoutSystems);
}

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
struct LayoutSystems;

/// The smallest window (logical pixels): the window's resize limit, and what a window
/// fitted to a small monitor keeps at least.
pub const MIN_WINDOW: Vec2 = Vec2::new(640.0, 480.0);
/// Room a window fitted to its monitor leaves for the desktop's panels and its title bar.
const MONITOR_MARGIN: Vec2 = Vec2::new(40.0, 80.0);

/// The size for a window of `window` logical pixels on a monitor of `monitor`: `None` when
/// it fits, else the largest that fits beside the desktop's panels (never below
/// [`MIN_WINDOW`]), so that no button opens off-screen on a small display.
pub fn fit_to_monitor(window: Vec2, monitor: Vec2) -> Option<Vec2> {
    let room = (monitor - MONITOR_MARGIN).max(MIN_WINDOW);
    let fitted = window.min(room);
    (fitted != window).then_some(fitted)
}

/// Once the primary monitor is known (winit reports it after the window exists), shrinks a
/// window that would not fit on it.
fn fit_window(
    mut done: Local<bool>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
) {
    if *done {
        return;
    }
    let (Ok(mut window), Ok(monitor)) = (windows.single_mut(), monitors.single()) else {
        return;
    };
    *done = true;
    let physical = Vec2::new(
        monitor.physical_width as f32,
        monitor.physical_height as f32,
    );
    let logical = physical / monitor.scale_factor.max(0.1) as f32;
    if let Some(size) = fit_to_monitor(window.resolution.size(), logical) {
        info!(
            "the window shrinks to {}x{} to fit the {}x{} monitor",
            size.x, size.y, logical.x, logical.y
        );
        window.resolution.set(size.x, size.y);
    }
}

/// UI scale for a window of `width` x `height` logical pixels: 1 from the default window's
/// height (780) up to about 1600x1000, then growing with the window up to 2; below 780 high
/// it shrinks with the height down to 0.8, so a short window (800x600) still shows the side
/// panel's move list, buttons and help line without scrolling. Steps of 0.05 (each step
/// re-rasterises the fonts).
pub fn ui_scale_for(width: f32, height: f32) -> f32 {
    let grow = (width / 1600.0).min(height / 1000.0);
    let raw = if grow >= 1.0 {
        grow.min(2.0)
    } else {
        (height / DEFAULT_HEIGHT).clamp(MIN_SCALE, 1.0)
    };
    (raw * 20.0).floor() / 20.0
}

/// The default window's height: the panel is laid out to fit it at scale 1.
const DEFAULT_HEIGHT: f32 = 780.0;
/// The smallest UI scale (17 px text at about 14 px).
const MIN_SCALE: f32 = 0.8;

fn scale_ui(windows: Query<&Window, With<PrimaryWindow>>, scale: Option<ResMut<UiScale>>) {
    let (Ok(window), Some(mut scale)) = (windows.single(), scale) else {
        return;
    };
    let wanted = ui_scale_for(window.width(), window.height());
    if (scale.0 - wanted).abs() > 0.001 {
        scale.0 = wanted;
    }
}

/// Height the side panel takes when it sits below the board (two columns).
pub const PANEL_BELOW_HEIGHT: f32 = 380.0;

/// Whether the side panel goes below the board in a `width` x `height` screen (UI units):
/// when that leaves a clearly larger board than beside it. `below` is the current state, so
/// a window near the threshold does not flip back and forth.
pub fn panel_below(width: f32, height: f32, below: bool) -> bool {
    if width <= 0.0 || height <= 0.0 {
        return below;
    }
    let beside_side = (width - PANEL_WIDTH).min(height);
    let below_side = width.min(height - PANEL_BELOW_HEIGHT);
    let margin = if below { 20.0 } else { 60.0 };
    below_side > beside_side + margin
}

/// On a board screen whose panel is below the board: the two column nodes the panel's
/// children were moved into, and the nodes as the screen made them, to restore.
#[derive(Component)]
pub struct PanelBelow {
    columns: [Entity; 2],
    root: Node,
    area: Node,
    panel: Node,
}

fn place_side_panel(
    mut commands: Commands,
    areas: Query<(Entity, &ChildOf), With<BoardArea>>,
    roots: Query<(&ComputedNode, &Children, Option<&PanelBelow>)>,
    mut nodes: Query<&mut Node>,
    children: Query<&Children>,
) {
    for (area, child_of) in &areas {
        let root = child_of.parent();
        let Ok((computed, root_children, below)) = roots.get(root) else {
            continue;
        };
        let Some(panel) = root_children.iter().find(|&c| c != area) else {
            continue;
        };
        let size = computed.size() * computed.inverse_scale_factor();
        let wanted = panel_below(size.x, size.y, below.is_some());
        match (wanted, below) {
            (true, None) => {
                let items: Vec<Entity> = children
                    .get(panel)
                    .map(|c| c.iter().collect())
                    .unwrap_or_default();
                // Everything from the first growing child (the spacer above the buttons, the
                // replay's move list) goes to the right column.
                let split = items
                    .iter()
                    .position(|&e| nodes.get(e).is_ok_and(|n| n.flex_grow > 0.0))
                    .unwrap_or(items.len().div_ceil(2));
                let column = || Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    flex_basis: px(0),
                    min_width: px(0),
                    row_gap: px(8),
                    ..default()
                };
                let left = commands.spawn((Name::new("Panel column"), column())).id();
                let right = commands.spawn((Name::new("Panel column"), column())).id();
                commands.entity(left).insert(ChildOf(panel));
                commands.entity(right).insert(ChildOf(panel));
                for (i, &item) in items.iter().enumerate() {
                    let to = if i < split { left } else { right };
                    commands.entity(item).insert(ChildOf(to));
                }
                let (Ok(root_node), Ok(area_node), Ok(panel_node)) =
                    (nodes.get(root), nodes.get(area), nodes.get(panel))
                else {
                    continue;
                };
                let saved = PanelBelow {
                    columns: [left, right],
                    root: root_node.clone(),
                    area: area_node.clone(),
                    panel: panel_node.clone(),
                };
                if let Ok(mut n) = nodes.get_mut(root) {
                    n.flex_direction = FlexDirection::Column;
                }
                if let Ok(mut n) = nodes.get_mut(area) {
                    n.width = percent(100);
                    n.height = Val::Auto;
                    n.flex_grow = 1.0;
                    n.flex_basis = px(0);
                    // Else the board's size from the last frame keeps the area from shrinking.
                    n.min_height = px(0);
                }
                if let Ok(mut n) = nodes.get_mut(panel) {
                    *n = Node {
                        width: percent(100),
                        min_width: px(0),
                        flex_shrink: 0.0,
                        flex_direction: FlexDirection::Row,
                        column_gap: px(28),
                        padding: UiRect::axes(px(24), px(14)),
                        border: UiRect::top(px(1)),
                        overflow: Overflow::clip(),
                        ..default()
                    };
                }
                commands.entity(root).insert(saved);
            }
            (false, Some(saved)) => {
                // Back beside the board, children in their original order.
                for column in saved.columns {
                    if let Ok(items) = children.get(column) {
                        for item in items.iter() {
                            commands.entity(item).insert(ChildOf(panel));
                        }
                    }
                    commands.entity(column).despawn();
                }
                for (entity, node) in [
                    (root, &saved.root),
                    (area, &saved.area),
                    (panel, &saved.panel),
                ] {
                    if let Ok(mut n) = nodes.get_mut(entity) {
                        *n = node.clone();
                    }
                }
                commands.entity(root).remove::<PanelBelow>();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panel_goes_below_only_on_narrow_windows() {
        for (w, h) in [
            (1024.0, 700.0),
            (1200.0, 780.0),
            (760.0, 660.0),
            (3840.0, 2160.0),
        ] {
            assert!(!panel_below(w, h, false), "{w}x{h} keeps the panel beside");
        }
        for (w, h) in [(760.0, 1000.0), (900.0, 1400.0)] {
            assert!(panel_below(w, h, false), "{w}x{h} puts the panel below");
        }
        // Hysteresis: just past the switch point it stays where it is.
        let (w, h) = (760.0, 840.0);
        assert!(!panel_below(w, h, false));
        assert!(panel_below(w, h, true));
        assert!(!panel_below(0.0, 0.0, false));
    }

    #[test]
    fn a_window_larger_than_its_monitor_is_fitted_to_it() {
        let default = Vec2::new(1200.0, 780.0);
        assert_eq!(fit_to_monitor(default, Vec2::new(1920.0, 1080.0)), None);
        assert_eq!(
            fit_to_monitor(default, Vec2::new(800.0, 600.0)),
            Some(Vec2::new(760.0, 520.0))
        );
        assert_eq!(
            fit_to_monitor(default, Vec2::new(1280.0, 800.0)),
            Some(Vec2::new(1200.0, 720.0)),
            "only the side that does not fit"
        );
        assert_eq!(
            fit_to_monitor(default, Vec2::new(320.0, 240.0)),
            Some(MIN_WINDOW),
            "never below the smallest window"
        );
    }

    /// The system on a world as winit leaves it: an 800 x 600 primary monitor and the
    /// default window.
    #[test]
    fn the_window_opens_within_a_small_monitor() {
        let mut app = App::new();
        app.add_systems(Update, fit_window);
        app.world_mut().spawn((
            Monitor {
                name: None,
                physical_height: 600,
                physical_width: 800,
                physical_position: IVec2::ZERO,
                refresh_rate_millihertz: None,
                scale_factor: 1.0,
                video_modes: Vec::new(),
            },
            PrimaryMonitor,
        ));
        let window = app
            .world_mut()
            .spawn((
                Window {
                    resolution: (1200, 780).into(),
                    ..default()
                },
                PrimaryWindow,
            ))
            .id();
        app.update();
        let size = app.world().get::<Window>(window).unwrap().resolution.size();
        assert_eq!(size, Vec2::new(760.0, 520.0));
    }

    #[test]
    fn ui_scale_grows_with_large_windows_and_shrinks_a_little_with_short_ones() {
        assert_eq!(ui_scale_for(1200.0, 780.0), 1.0);
        assert_eq!(ui_scale_for(1024.0, 700.0), 0.85);
        assert_eq!(ui_scale_for(800.0, 600.0), 0.8);
        assert_eq!(ui_scale_for(800.0, 400.0), 0.8, "never below 0.8");
        assert_eq!(ui_scale_for(1600.0, 1000.0), 1.0);
        assert_eq!(ui_scale_for(3840.0, 2160.0), 2.0);
        let s = ui_scale_for(2560.0, 1440.0);
        assert!(s > 1.3 && s < 1.6, "{s}");
    }
}
