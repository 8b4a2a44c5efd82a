//! Mouse and keyboard on a board, for every board that implements [`Pick`]. Both end in one [`PlayAction::Place`]; the session
//! decides whether the move is legal and says why not.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::ui::{RelativeCursorPosition, UiSystems};

use super::{Cursor, Hover};
use crate::gui::flow::{Action, PlayAction, Screen};
use crate::gui::kind::Move;

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
///
/// A press in the first frames of a new screen, before its board has been laid out (no size,
/// so no point under the mouse yet), is held until the board has one and then played once;
/// the press that changed the screen (a Start button over where the board now is) is not
/// a move: a click right after a screen change is neither lost nor counted twice.
fn mouse_place<V: Pick>(
    mut presses: MessageReader<MouseButtonInput>,
    screen: Res<State<Screen>>,
    hover: Res<Hover<V::Spot>>,
    boards: Query<&ComputedNode, With<V::Root>>,
    mut held: Local<u8>,
    mut commands: Commands,
) {
    // A press read in the frame the screen changed was made on the screen before (its
    // button started the change): it is not a move on the new board.
    let takes_moves = screen.get().takes_moves() && !screen.is_changed();
    let laid_out = boards.single().is_ok_and(|n| n.size().x > 0.0);
    let place = |commands: &mut Commands| {
        if let Some(spot) = hover.0 {
            commands.trigger(Action::Play(PlayAction::Place(V::to_move(spot))));
        }
    };
    for press in presses.read() {
        if press.button != MouseButton::Left || press.state != ButtonState::Pressed {
            continue;
        }
        if !takes_moves {
            continue;
        }
        if laid_out {
            *held = 0;
            place(&mut commands);
        } else {
            *held = HOLD_FRAMES;
        }
    }
    if *held > 0 && takes_moves && laid_out {
        // Decided once, where the mouse is now that the board has its place: on a point,
        // that point; elsewhere (the press was on the panel), nothing.
        *held = 0;
        place(&mut commands);
    } else if *held > 0 {
        // Given up after a few frames (or on leaving the screen).
        *held = if takes_moves { *held - 1 } else { 0 };
    }
}

/// Frames a press waits for a new board to be laid out (it takes one or two).
const HOLD_FRAMES: u8 = 4;

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
