//! Mouse and keyboard on the board. Both end in one [`PlayAction::Place`]; the session
//! decides whether the move is legal and says why not.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::ui::{RelativeCursorPosition, UiSystems};

use super::{BoardRoot, BoardView, Cursor, Hover, point_at};
use crate::engine::Pos;
use crate::gui::flow::{Action, PlayAction, Screen};
use crate::gui::kind::Move;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(pick_plugin::<BoardView>);
}

/// A board the mouse and the keyboard point into: its root node, how a position on it
/// (`-0.5..0.5`, as `RelativeCursorPosition`) maps to a spot that is a move, and how the
/// keyboard cursor steps.
pub trait Pick: Resource {
    type Root: Component;
    type Spot: Copy + PartialEq + Send + Sync + 'static;
    /// Up and Down move the cursor (else they are free for the board's own use).
    const VERTICAL: bool;
    /// Keys that play at the cursor.
    const PLACE_KEYS: &'static [KeyCode];
    fn spot_at(&self, normalized: Vec2) -> Option<Self::Spot>;
    fn to_move(spot: Self::Spot) -> Move;
    /// The spot `dx`, `dy` away, kept on the board.
    fn step(&self, at: Self::Spot, dx: i32, dy: i32) -> Self::Spot;
    /// `at`, or the centre when `at` is off this board.
    fn inside(&self, at: Self::Spot) -> Self::Spot;
}

impl Pick for BoardView {
    type Root = BoardRoot;
    type Spot = Pos;
    const VERTICAL: bool = true;
    const PLACE_KEYS: &'static [KeyCode] = &[KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space];
    fn spot_at(&self, normalized: Vec2) -> Option<Pos> {
        point_at(normalized, self.size())
    }
    fn to_move(spot: Pos) -> Move {
        Move::Point(spot)
    }
    fn step(&self, at: Pos, dx: i32, dy: i32) -> Pos {
        let last = self.size() as i32 - 1;
        let x = (at.x as i32 + dx).clamp(0, last);
        let y = (at.y as i32 + dy).clamp(0, last);
        Pos::new(x as u8, y as u8)
    }
    fn inside(&self, at: Pos) -> Pos {
        let centre = (self.size() / 2) as u8;
        if at.on_board(self.size()) {
            at
        } else {
            Pos::new(centre, centre)
        }
    }
}

/// Hover tracking and clicks for the board whose view is `V`.
pub fn pick_plugin<V: Pick>(app: &mut App)
where
    Hover<V::Spot>: Default,
    Cursor<V::Spot>: Default,
{
    app.init_resource::<Hover<V::Spot>>()
        .init_resource::<Cursor<V::Spot>>()
        .add_systems(PreUpdate, track_hover::<V>.after(UiSystems::Focus))
        .add_systems(Update, (mouse_place::<V>, keyboard_board::<V>));
}

fn track_hover<V: Pick>(
    boards: Query<&RelativeCursorPosition, With<V::Root>>,
    view: Res<V>,
    mut hover: ResMut<Hover<V::Spot>>,
    mut cursor: ResMut<Cursor<V::Spot>>,
) {
    let spot = boards
        .single()
        .ok()
        .filter(|r| r.cursor_over)
        .and_then(|r| r.normalized)
        .and_then(|n| view.spot_at(n));
    if hover.0 != spot {
        hover.0 = spot;
        // The mouse took over from the keyboard.
        if spot.is_some() && cursor.visible {
            cursor.visible = false;
        }
    }
}

/// Every left press over the board is one move attempt: presses are read as messages, so two
/// quick clicks are two attempts and none is seen twice. Runs on every screen to keep its
/// reader current, acting only while playing.
fn mouse_place<V: Pick>(
    mut presses: MessageReader<MouseButtonInput>,
    screen: Res<State<Screen>>,
    hover: Res<Hover<V::Spot>>,
    mut commands: Commands,
) {
    for press in presses.read() {
        if press.button != MouseButton::Left || press.state != ButtonState::Pressed {
            continue;
        }
        if screen.get().takes_moves()
            && let Some(spot) = hover.0
        {
            commands.trigger(Action::Play(PlayAction::Place(V::to_move(spot))));
        }
    }
}

/// Arrows move the keyboard cursor (started where the mouse was), the place keys play there.
fn keyboard_board<V: Pick>(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    boards: Query<(), With<V::Root>>,
    view: Res<V>,
    hover: Res<Hover<V::Spot>>,
    mut cursor: ResMut<Cursor<V::Spot>>,
    mut commands: Commands,
) {
    if !screen.get().takes_moves() || boards.is_empty() {
        return;
    }
    let arrows = [
        (KeyCode::ArrowLeft, -1, 0),
        (KeyCode::ArrowRight, 1, 0),
        (KeyCode::ArrowUp, 0, -1),
        (KeyCode::ArrowDown, 0, 1),
    ];
    let place = keys.any_just_pressed(V::PLACE_KEYS.iter().copied());
    for (key, dx, dy) in arrows {
        if !keys.just_pressed(key) || (dy != 0 && !V::VERTICAL) {
            continue;
        }
        if cursor.visible {
            cursor.at = view.step(cursor.at, dx, dy);
        } else {
            cursor.at = hover.0.unwrap_or(cursor.at);
            cursor.visible = true;
        }
    }
    // A board of another size may have left the cursor outside.
    let inside = view.inside(cursor.at);
    if inside != cursor.at {
        cursor.at = inside;
    }
    if place {
        if cursor.visible {
            commands.trigger(Action::Play(PlayAction::Place(V::to_move(cursor.at))));
        } else {
            cursor.at = hover.0.unwrap_or(cursor.at);
            cursor.visible = true;
        }
    }
}
