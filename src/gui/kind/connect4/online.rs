//! Connect Four online ([`GameOnline`]): a move is `drop column` on the standard 7 x 6
//! board, the one the server plays.

use super::{ConnectFour, col, column};
use crate::engine::connect4::Game;
use crate::gui::kind::{AnyGame, GameOnline, Move, Options};
use crate::gui::msg::Msg;
use crate::online::protocol::{ClientMsg, GameKind as WireKind, OpeningName, PlayedMove};

/// The server's board: 6 rows.
const ROWS: u32 = 6;

impl GameOnline for ConnectFour {
    fn wire_kind(&self, options: &Options) -> Result<WireKind, Msg> {
        match options.get("rows").copied().unwrap_or(ROWS) {
            ROWS => Ok(WireKind::Connect4),
            _ => Err(Msg::key("online-board-unsupported")),
        }
    }

    fn options(&self, kind: &WireKind, opening: OpeningName) -> Option<Options> {
        (matches!(kind, WireKind::Connect4) && opening.is_none())
            .then(|| Options::from([("rows".to_string(), ROWS)]))
    }

    fn send(&self, game: &AnyGame, mv: Move) -> Option<ClientMsg> {
        game.downcast_ref::<Game>()?;
        Some(ClientMsg::Drop {
            column: column(mv)? as u32,
        })
    }

    fn played(&self, game: &AnyGame, played: PlayedMove) -> Option<Move> {
        let game = game.downcast_ref::<Game>()?;
        match played {
            // The row is the server's word for where the disc landed: it must be where this
            // board would put it, or the two boards disagree.
            PlayedMove::Drop { column, row }
                if (column as usize) < game.width()
                    && game.column_height(column as usize) == row as usize =>
            {
                Some(col(column as usize))
            }
            _ => None,
        }
    }
}
