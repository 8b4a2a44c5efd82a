//! Mouse and keys on the Connect Four board. All end in one
//! [`DropDisc`](crate::gui::connect4::session::DropDisc); the session decides whether the
//! move is legal and says why not.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::ui::{RelativeCursorPosition, UiSystems};

use super::{C4Board, C4Cursor, C4Hover, C4View};
use crate::gui::connect4::session::DropDisc;
use crate::gui::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, track_hover.after(UiSystems::Focus))
        .add_systems(Update, (mouse_drop, keyboard_board));
}

fn track_hover(
    boards: Query<&RelativeCursorPosition, With<C4Board>>,
    view: Res<C4View>,
    mut hover: ResMut<C4Hover>,
    mut cursor: ResMut<C4Cursor>,
) {
    let column = boards
        .single()
        .ok()
        .filter(|r| r.cursor_over)
        .and_then(|r| r.normalized)
        .and_then(|n| view.geometry().column_at(n));
    if hover.0 != column {
        hover.0 = column;
        // The mouse took over from the keyboard.
        if column.is_some() && cursor.visible {
            cursor.visible = false;
        }
    }
}

/// Every left press over the board is one drop: presses are read as messages, so two quick
/// clicks are two attempts and none is seen twice. Runs on every screen to keep its reader
/// current, acting only while playing.
fn mouse_drop(
    mut presses: MessageReader<MouseButtonInput>,
    screen: Res<State<Screen>>,
    hover: Res<C4Hover>,
    mut commands: Commands,
) {
    for press in presses.read() {
        if press.button != MouseButton::Left || press.state != ButtonState::Pressed {
            continue;
        }
        if *screen.get() != Screen::ConnectFour {
            continue;
        }
        if let Some(col) = hover.0 {
            commands.trigger(DropDisc(col));
        }
    }
}

const DIGITS: [(KeyCode, KeyCode); 9] = [
    (KeyCode::Digit1, KeyCode::Numpad1),
    (KeyCode::Digit2, KeyCode::Numpad2),
    (KeyCode::Digit3, KeyCode::Numpad3),
    (KeyCode::Digit4, KeyCode::Numpad4),
    (KeyCode::Digit5, KeyCode::Numpad5),
    (KeyCode::Digit6, KeyCode::Numpad6),
    (KeyCode::Digit7, KeyCode::Numpad7),
    (KeyCode::Digit8, KeyCode::Numpad8),
    (KeyCode::Digit9, KeyCode::Numpad9),
];

/// Left/Right choose a column, Enter, Space or Down drop there; a digit drops in that column
/// at once.
fn keyboard_board(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    view: Res<C4View>,
    hover: Res<C4Hover>,
    mut cursor: ResMut<C4Cursor>,
    mut commands: Commands,
) {
    if *screen.get() != Screen::ConnectFour {
        return;
    }
    let width = view.geometry().width;
    let mut step = |delta: isize| {
        if !cursor.visible {
            // Start where the mouse was, else where the cursor was left.
            cursor.col = hover.0.unwrap_or(cursor.col);
            cursor.visible = true;
        } else {
            cursor.col = cursor.col.saturating_add_signed(delta).min(width - 1);
        }
    };
    if keys.just_pressed(KeyCode::ArrowLeft) {
        step(-1);
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        step(1);
    }
    // A board of another width may have left the cursor outside.
    if cursor.col >= width {
        cursor.col = width / 2;
    }
    if keys.any_just_pressed([
        KeyCode::Enter,
        KeyCode::NumpadEnter,
        KeyCode::Space,
        KeyCode::ArrowDown,
    ]) {
        if cursor.visible {
            commands.trigger(DropDisc(cursor.col));
        } else {
            cursor.col = hover.0.unwrap_or(cursor.col);
            cursor.visible = true;
        }
    }
    // Ctrl+digit is nobody's shortcut today, but leave it alone.
    if crate::gui::screens::ctrl(&keys) {
        return;
    }
    for (col, (digit, numpad)) in DIGITS.iter().enumerate().take(width) {
        if keys.any_just_pressed([*digit, *numpad]) {
            commands.trigger(DropDisc(col));
        }
    }
}
