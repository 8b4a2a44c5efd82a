//! Online play as a capability ([`GameOnline`], returned by `GameDef::online`): how a game's
//! setup, clock and moves are written in the online protocol (`crate::online::protocol`)
//! and read back, so that the app's online code never names a game. A game without it is
//! not offered for online play.

use super::{AnyGame, Move, Options};
use crate::gui::clock::TimeControl;
use crate::gui::msg::Msg;
use crate::online::protocol::{ClientMsg, ClockSetting, GameKind as WireKind, PlayedMove};

/// A game the online server plays, in the protocol's words.
pub trait GameOnline: Send + Sync {
    /// The server's description of a game with these setup options, or why these options
    /// cannot be played online (a catalog message: "Opening rules are not played online
    /// yet.").
    fn wire_kind(&self, options: &Options) -> Result<WireKind, Msg>;
    /// The setup options of a game the server describes; `None` for another game's.
    fn options(&self, kind: &WireKind) -> Option<Options>;
    /// The message that plays `mv` in `game`; `None` for a move of another game.
    fn send(&self, game: &AnyGame, mv: Move) -> Option<ClientMsg>;
    /// A move the server relays, as this game's move; `None` for a move of another game.
    fn played(&self, game: &AnyGame, played: PlayedMove) -> Option<Move>;
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

    #[test]
    fn both_games_write_their_setup_and_moves_in_the_protocol_and_read_them_back() {
        for kind in [gomoku::kind(), connect4::kind()] {
            let online = kind.def().online().expect("both games play online");
            let options = kind.sanitize(&Options::new());
            let wire = online.wire_kind(&options).unwrap();
            let back = online.options(&wire).expect("its own game");
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
        let options = gomoku.options(&renju).unwrap();
        assert_eq!(gomoku.wire_kind(&options).unwrap(), renju);
        assert!(gomoku.options(&WireKind::Connect4).is_none());
        let off_board = PlayedMove::Place { x: 40, y: 2 };
        let game = gomoku::kind().def().new_game(&options);
        assert_eq!(gomoku.played(&game, off_board), None);
    }
}
