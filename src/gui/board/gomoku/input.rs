//! Gomoku's points for the shared mouse and keyboard handling.

use bevy::prelude::*;

use super::{BoardRoot, BoardView, point_at};
use crate::engine::gomoku::Pos;
use crate::gui::board::input::{Pick, pick_plugin};
use crate::gui::kind::Move;
use crate::gui::kind::gomoku::point;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(pick_plugin::<BoardView>);
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
        point(spot)
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
