//! Mouse and keyboard on the board. Both end in one [`PlayAction::Place`]; the session
//! decides whether the move is legal and says why not.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::ui::{RelativeCursorPosition, UiSystems};

use super::{BoardCursor, BoardHover, BoardRoot, BoardView, point_at};
use crate::engine::Pos;
use crate::gui::screens::{Action, PlayAction, Screen};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, track_hover.after(UiSystems::Focus))
        .add_systems(Update, (mouse_place, keyboard_board));
}

fn track_hover(
    boards: Query<&RelativeCursorPosition, With<BoardRoot>>,
    view: Res<BoardView>,
    mut hover: ResMut<BoardHover>,
    mut cursor: ResMut<BoardCursor>,
) {
    let point = boards
        .single()
        .ok()
        .filter(|r| r.cursor_over)
        .and_then(|r| r.normalized)
        .and_then(|n| point_at(n, view.size()));
    if hover.0 != point {
        hover.0 = point;
        // The mouse took over from the keyboard.
        if point.is_some() && cursor.visible {
            cursor.visible = false;
        }
    }
}

/// Every left press over the board is one placement attempt: presses are read as messages,
/// so two quick clicks are two attempts and none is seen twice. Runs on every screen to keep
/// its reader current, acting only while playing.
fn mouse_place(
    mut presses: MessageReader<MouseButtonInput>,
    screen: Res<State<Screen>>,
    hover: Res<BoardHover>,
    mut commands: Commands,
) {
    for press in presses.read() {
        if press.button != MouseButton::Left || press.state != ButtonState::Pressed {
            continue;
        }
        if *screen.get() != Screen::Playing {
            continue;
        }
        if let Some(pos) = hover.0 {
            commands.trigger(Action::Play(PlayAction::Place(pos)));
        }
    }
}

/// Arrows move the cursor, Enter or Space places a stone there.
fn keyboard_board(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    view: Res<BoardView>,
    hover: Res<BoardHover>,
    mut cursor: ResMut<BoardCursor>,
    mut commands: Commands,
) {
    if *screen.get() != Screen::Playing {
        return;
    }
    let size = view.size() as i32;
    let mut step = |dx: i32, dy: i32| {
        if !cursor.visible {
            // Start where the mouse was, else where the cursor was left.
            cursor.pos = hover.0.unwrap_or(cursor.pos);
            cursor.visible = true;
        } else {
            let x = (cursor.pos.x as i32 + dx).clamp(0, size - 1);
            let y = (cursor.pos.y as i32 + dy).clamp(0, size - 1);
            cursor.pos = Pos::new(x as u8, y as u8);
        }
    };
    if keys.just_pressed(KeyCode::ArrowLeft) {
        step(-1, 0);
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        step(1, 0);
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        step(0, -1);
    }
    if keys.just_pressed(KeyCode::ArrowDown) {
        step(0, 1);
    }
    // A board of another size may have left the cursor outside.
    if !cursor.pos.on_board(size as usize) {
        cursor.pos = Pos::new((size / 2) as u8, (size / 2) as u8);
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        if cursor.visible {
            commands.trigger(Action::Play(PlayAction::Place(cursor.pos)));
        } else {
            cursor.visible = true;
        }
    }
}
