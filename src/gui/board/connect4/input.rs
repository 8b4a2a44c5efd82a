//! Connect Four's picking: columns for the shared mouse and keyboard handling
//! (`board::input`), and the digit keys. All end in one [`PlayAction::Place`] of a column;
//! the session decides whether the move is legal and says why not.

use bevy::prelude::*;

use super::{C4Board, C4View};
use crate::gui::board::input::{Pick, pick_plugin};
use crate::gui::flow::{Action, PlayAction, Screen, ctrl};
use crate::gui::kind::Move;
use crate::gui::kind::connect4::col;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(pick_plugin::<C4View>)
        .add_systems(Update, digit_keys);
}

impl Pick for C4View {
    type Root = C4Board;
    type Spot = usize;
    // Down drops the disc, like Enter.
    const VERTICAL: bool = false;
    const PLACE_KEYS: &'static [KeyCode] = &[
        KeyCode::Enter,
        KeyCode::NumpadEnter,
        KeyCode::Space,
        KeyCode::ArrowDown,
    ];
    fn spot_at(&self, normalized: Vec2) -> Option<usize> {
        self.geometry().column_at(normalized)
    }
    fn to_move(column: usize) -> Move {
        col(column)
    }
    fn step(&self, at: usize, dx: i32, _: i32) -> usize {
        at.saturating_add_signed(dx as isize)
            .min(self.geometry().width - 1)
    }
    fn inside(&self, at: usize) -> usize {
        let width = self.geometry().width;
        if at < width { at } else { width / 2 }
    }
}

/// A digit drops in that column at once (Left/Right, Enter, Space and Down are the shared
/// keyboard cursor's).
fn digit_keys(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    boards: Query<(), With<C4Board>>,
    view: Res<C4View>,
    mut commands: Commands,
) {
    // Ctrl+digit is nobody's shortcut today, but leave it alone.
    if !screen.get().takes_moves() || boards.is_empty() || ctrl(&keys) {
        return;
    }
    for (col, (digit, numpad)) in crate::gui::flow::DIGIT_KEYS
        .iter()
        .enumerate()
        .take(view.geometry().width)
    {
        if keys.any_just_pressed([*digit, *numpad]) {
            commands.trigger(Action::Play(PlayAction::Place(self::col(col))));
        }
    }
}
