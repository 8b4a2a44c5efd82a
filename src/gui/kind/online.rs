//! Online play as a capability ([`GameOnline`], returned by `GameDef::online`): how a game's
//! setup, clock and moves are written in the online protocol (`crate::online::protocol`)
//! and read back, so that the app's online code never names a game. A game without it is
//! not offered for online play.

use super::{AnyGame, Move, Options};
use crate::gui::clock::TimeControl;
use crate::gui::msg::Msg;
use crate::online::protocol::{
    ClientMsg, ClockSetting, GameKind as WireKind, OpeningName, PlayedMove,
};

/// A game the online server plays, in the protocol's words.
pub trait GameOnline: Send + Sync {
    /// The server's description of a game with these setup options, or why these options
    /// cannot be played online (a catalog message: "Boards of 17 are not played online.").
    fn wire_kind(&self, options: &Options) -> Result<WireKind, Msg>;
    /// The tournament opening these setup options play (none for a game without them).
    fn wire_opening(&self, _options: &Options) -> OpeningName {
        OpeningName::None
    }
    /// The setup options of a game the server describes; `None` for another game's (or an
    /// opening this game does not have).
    fn options(&self, kind: &WireKind, opening: OpeningName) -> Option<Options>;
    /// The message that plays `mv` in `game`; `None` for a move of another game.
    fn send(&self, game: &AnyGame, mv: Move) -> Option<ClientMsg>;
    /// A move the server relays, as this game's move; `None` for a move of another game.
    fn played(&self, game: &AnyGame, played: PlayedMove) -> Option<Move>;
    /// The message that takes an opening's action, given in the opening's text form
    /// ([`OpeningPhase::texts`](super::OpeningPhase::texts)) on the position `game`.
    fn send_opening(&self, _game: &AnyGame, _text: &str) -> Option<ClientMsg> {
        None
    }
    /// An opening's action the server relays, in the opening's text form
    /// ([`OpeningPhase::replay`](super::OpeningPhase::replay) takes it).
    fn opening_text(&self, _game: &AnyGame, _played: PlayedMove) -> Option<String> {
        None
    }
}

/// The protocol's clock for a time control, or why it has none (the server keeps Fischer
/// clocks in whole minutes, and no time per move).
pub fn wire_clock(control: TimeControl) -> Result<ClockSetting, Msg> {
    match control {
        TimeControl::NoClock => Ok(ClockSetting::None),
        TimeControl::Fischer { seconds, increment } if seconds % 60 == 0 && seconds > 0 => {
            Ok(ClockSetting::Fischer {
                minutes: seconds / 60,
                increment_seconds: increment,
            })
        }
        TimeControl::Fischer { .. } | TimeControl::PerMove { .. } => {
            Err(Msg::key("online-clock-unsupported"))
        }
    }
}

/// The time control of a clock the server keeps.
pub fn time_control(clock: &ClockSetting) -> TimeControl {
    match *clock {
        ClockSetting::None => TimeControl::NoClock,
        ClockSetting::Fischer {
            minutes,
            increment_seconds,
        } => TimeControl::Fischer {
            seconds: minutes * 60,
            increment: increment_seconds,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kind::{connect4, gomoku};
    use crate::online::protocol::RuleName;

    #[test]
    fn clocks_cross_as_the_server_keeps_them() {
        for control in TimeControl::PRESETS {
            match wire_clock(control) {
                Ok(clock) => assert_eq!(time_control(&clock), control),
                Err(_) => assert!(matches!(control, TimeControl::PerMove { .. })),
            }
        }
        let odd = TimeControl::Fischer {
            seconds: 90,
            increment: 1,
        };
        assert!(wire_clock(odd).is_err(), "whole minutes only");
    }

    /// The boards New game offers are the ones the server accepts, each written and read
    /// back through the protocol.
    #[test]
    fn every_board_the_game_offers_is_played_online() {
        let offered: Vec<u32> = gomoku::BOARD_SIZES.iter().map(|&s| s as u32).collect();
        assert_eq!(offered, crate::online::checks::BOARD_SIZES);
        let online = gomoku::kind().def().online().unwrap();
        for size in offered {
            let mut options = gomoku::kind().sanitize(&Options::new());
            options.insert("size".into(), size);
            let wire = online.wire_kind(&options).unwrap();
            let settings = crate::online::protocol::Settings {
                kind: wire.clone(),
                clock: crate::online::protocol::ClockSetting::None,
                opening: OpeningName::None,
            };
            assert!(crate::online::checks::check_settings(&settings).is_ok());
            let back = online.options(&wire, OpeningName::None).unwrap();
            assert_eq!(back["size"], size);
        }
    }

    #[test]
    fn both_games_write_their_setup_and_moves_in_the_protocol_and_read_them_back() {
        for kind in [gomoku::kind(), connect4::kind()] {
            let online = kind.def().online().expect("both games play online");
            let options = kind.sanitize(&Options::new());
            let wire = online.wire_kind(&options).unwrap();
            let opening = online.wire_opening(&options);
            let back = online.options(&wire, opening).expect("its own game");
            assert_eq!(
                kind.def().new_game(&back).options(),
                kind.def().new_game(&options).options()
            );
            let mut game = kind.def().new_game(&options);
            // Three moves each way through the protocol, each one legal where it lands.
            for _ in 0..3 {
                let ai = game.fallback(1);
                let mv = ai.mv.expect("a move");
                let msg = online.send(&game, mv).expect("a message");
                let played = match msg {
                    ClientMsg::Place { x, y } => PlayedMove::Place { x, y },
                    ClientMsg::Drop { column } => {
                        let row = game.moves().iter().filter(|&&m| m == mv).count() as u32;
                        PlayedMove::Drop { column, row }
                    }
                    other => panic!("{other:?}"),
                };
                assert_eq!(online.played(&game, played), Some(mv));
                game.play(mv).unwrap();
            }
        }
        let gomoku = gomoku::kind().def().online().unwrap();
        let renju = WireKind::Gomoku {
            rule: RuleName::Renju,
            size: 15,
        };
        let options = gomoku.options(&renju, OpeningName::None).unwrap();
        assert_eq!(gomoku.wire_kind(&options).unwrap(), renju);
        assert!(
            gomoku
                .options(&WireKind::Connect4, OpeningName::None)
                .is_none()
        );
        // Swap2's actions cross as the protocol's messages and come back as the same text.
        let freestyle = WireKind::Gomoku {
            rule: RuleName::Freestyle,
            size: 15,
        };
        let options = gomoku.options(&freestyle, OpeningName::Swap2).unwrap();
        assert_eq!(gomoku.wire_opening(&options), OpeningName::Swap2);
        let mut phase = gomoku::kind().def().opening(&options).expect("Swap2");
        for text in ["h8", "i9", "g9", "two", "j7", "f7", "white"] {
            let position = phase.position();
            let msg = gomoku.send_opening(&position, text).expect(text);
            let played = match msg {
                ClientMsg::Place { x, y } => PlayedMove::Place { x, y },
                ClientMsg::Choose { choice } => PlayedMove::Choose { choice },
                other => panic!("{other:?}"),
            };
            let back = gomoku.opening_text(&position, played).expect(text);
            assert_eq!(back, text);
            phase.replay(&back).unwrap();
        }
        assert!(phase.is_done());
        assert_eq!(phase.first_holder(), crate::gui::kind::Side::Second);
        let c4 = connect4::kind().def().online().unwrap();
        assert!(c4.options(&WireKind::Connect4, OpeningName::Swap).is_none());
        let off_board = PlayedMove::Place { x: 40, y: 2 };
        let game = gomoku::kind().def().new_game(&options);
        assert_eq!(gomoku.played(&game, off_board), None);
    }
}
