//! Gomoku online ([`GameOnline`]): a point is `place x, y` (0-based, as Gomocup counts),
//! the rules and the 15 and 19 boards the server plays; tournament openings not yet.

use super::{Gomoku, kind, opening_rule, point, pos, rule_value};
use crate::engine::gomoku::opening::OpeningRule;
use crate::engine::gomoku::{Game, Rule};
use crate::gui::kind::{AnyGame, GameOnline, Move, Options};
use crate::gui::msg::Msg;
use crate::online::protocol::{ClientMsg, GameKind as WireKind, PlayedMove, RuleName};

impl GameOnline for Gomoku {
    fn wire_kind(&self, options: &Options) -> Result<WireKind, Msg> {
        let options = kind().sanitize(options);
        if opening_rule(&options) != OpeningRule::None {
            return Err(Msg::key("online-opening-unsupported"));
        }
        let rule = match Rule::ALL[options["rule"] as usize % Rule::ALL.len()] {
            Rule::Freestyle => RuleName::Freestyle,
            Rule::Standard => RuleName::Standard,
            Rule::Renju => RuleName::Renju,
        };
        match options["size"] {
            size @ (15 | 19) => Ok(WireKind::Gomoku { rule, size }),
            size => Err(Msg::key("online-size-unsupported").with("size", size)),
        }
    }

    fn options(&self, kind: &WireKind) -> Option<Options> {
        let WireKind::Gomoku { rule, size } = *kind else {
            return None;
        };
        let rule = match rule {
            RuleName::Freestyle => Rule::Freestyle,
            RuleName::Standard => Rule::Standard,
            RuleName::Renju => Rule::Renju,
        };
        Some(Options::from([
            ("rule".to_string(), rule_value(rule)),
            ("size".to_string(), size),
            ("opening".to_string(), 0),
        ]))
    }

    fn send(&self, game: &AnyGame, mv: Move) -> Option<ClientMsg> {
        game.downcast_ref::<Game>()?;
        let p = pos(mv)?;
        Some(ClientMsg::Place {
            x: p.x as u32,
            y: p.y as u32,
        })
    }

    fn played(&self, game: &AnyGame, played: PlayedMove) -> Option<Move> {
        let size = game.downcast_ref::<Game>()?.size() as u32;
        match played {
            PlayedMove::Place { x, y } if x < size && y < size => {
                Some(point(crate::engine::gomoku::Pos::new(x as u8, y as u8)))
            }
            _ => None,
        }
    }
}
