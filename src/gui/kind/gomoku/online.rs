//! Gomoku online ([`GameOnline`]): a point is `place x, y` (0-based, as Gomocup counts),
//! the rules and the boards the server plays (13, 15 and 19), and the tournament openings, whose
//! actions cross as the protocol's `place`, `choose`, `declare`, `offer` and `pick`.

use super::{Gomoku, kind, opening_rule, opening_value, point, pos, rule_value};
use crate::engine::gomoku::opening::Action;
use crate::engine::gomoku::{Game, Pos, Rule};
use crate::gui::kind::{AnyGame, GameOnline, Move, Options};
use crate::gui::msg::Msg;
use crate::online::protocol::{
    ChoiceName, ClientMsg, GameKind as WireKind, OpeningName, PlayedMove, RuleName,
};

impl GameOnline for Gomoku {
    fn wire_kind(&self, options: &Options) -> Result<WireKind, Msg> {
        let options = kind().sanitize(options);
        let rule = match Rule::ALL[options["rule"] as usize % Rule::ALL.len()] {
            Rule::Freestyle => RuleName::Freestyle,
            Rule::Standard => RuleName::Standard,
            Rule::Renju => RuleName::Renju,
        };
        // Every board the game offers is one the server plays (a test holds them equal).
        Ok(WireKind::Gomoku {
            rule,
            size: options["size"],
        })
    }

    fn wire_opening(&self, options: &Options) -> OpeningName {
        OpeningName::of(opening_rule(options))
    }

    fn options(&self, kind: &WireKind, opening: OpeningName) -> Option<Options> {
        let WireKind::Gomoku { rule, size } = *kind else {
            return None;
        };
        let rule = rule.rule();
        if !opening.rule().applies_to(rule) {
            return None;
        }
        Some(Options::from([
            ("rule".to_string(), rule_value(rule)),
            ("size".to_string(), size),
            ("opening".to_string(), opening_value(opening.rule())),
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
                Some(point(Pos::new(x as u8, y as u8)))
            }
            _ => None,
        }
    }

    fn send_opening(&self, game: &AnyGame, text: &str) -> Option<ClientMsg> {
        let size = game.downcast_ref::<Game>()?.size();
        let xy = |p: Pos| (p.x as u32, p.y as u32);
        Some(match Action::parse(text, size).ok()? {
            Action::Place(p) => {
                let (x, y) = xy(p);
                ClientMsg::Place { x, y }
            }
            Action::Choose(c) => ClientMsg::Choose {
                choice: ChoiceName::of(c),
            },
            Action::Declare(n) => ClientMsg::Declare {
                offers: u32::from(n),
            },
            Action::Offer(p) => {
                let (x, y) = xy(p);
                ClientMsg::Offer { x, y }
            }
            Action::Pick(p) => {
                let (x, y) = xy(p);
                ClientMsg::Pick { x, y }
            }
        })
    }

    fn opening_text(&self, game: &AnyGame, played: PlayedMove) -> Option<String> {
        let size = game.downcast_ref::<Game>()?.size();
        let at = |x: u32, y: u32| {
            ((x as usize) < size && (y as usize) < size).then(|| Pos::new(x as u8, y as u8))
        };
        let action = match played {
            PlayedMove::Place { x, y } => Action::Place(at(x, y)?),
            PlayedMove::Choose { choice } => Action::Choose(choice.choice()),
            PlayedMove::Declare { offers } => Action::Declare(u8::try_from(offers).ok()?),
            PlayedMove::Offer { x, y } => Action::Offer(at(x, y)?),
            PlayedMove::Pick { x, y } => Action::Pick(at(x, y)?),
            PlayedMove::Drop { .. } => return None,
        };
        Some(action.text(size))
    }
}
