//! The record a finished online game is stored with.

use super::*;
use crate::engine::record::{self, GameRecord, RecordResult, WinBy};

impl OnlineGame {
    /// The finished record: SGF for Gomoku (with `PB`/`PW` and the result), the engine's
    /// Connect Four text otherwise.
    pub fn record(&self) -> String {
        let name = |seat: Seat| self.seat(seat).map(|s| s.name.clone()).unwrap_or_default();
        match &self.position {
            Position::Gomoku { game, opening, .. } => {
                let black = self.position.black();
                // An opening that never finished still has its stones on the record.
                let game = match opening {
                    Some(o) if !o.is_done() => o.game(),
                    _ => game,
                };
                let mut rec = GameRecord::from_game(game, &name(black), &name(black.other()));
                rec.comment = opening.as_ref().map(|o| {
                    let size = o.size();
                    let texts: Vec<String> = o.actions().iter().map(|a| a.text(size)).collect();
                    // As the game's own records write it (gui::kind::opening).
                    format!("Opening: {}; {}", o.opening_rule().name(), texts.join(" "))
                });
                if let Some(result) = self.result {
                    rec.result = Some(match (result.winner, result.reason) {
                        // Nobody won a game left unplayed: SGF's "no result".
                        (None, EndReason::Abandoned) => RecordResult::Void,
                        (None, _) => RecordResult::Draw,
                        (Some(w), reason) => RecordResult::Win {
                            winner: stone_of(w, black),
                            by: match reason {
                                EndReason::Resignation => WinBy::Resignation,
                                EndReason::Time => WinBy::Time,
                                EndReason::Abandoned => WinBy::Forfeit,
                                _ => WinBy::Unspecified,
                            },
                        },
                    });
                }
                record::sgf::write(&rec).unwrap_or_default()
            }
            Position::Connect4(game) => {
                let resigned = self
                    .result
                    .filter(|r| r.reason == EndReason::Resignation)
                    .and_then(|r| r.winner.map(|w| to_player(w.other())));
                let mut rec = connect4::record::Record::from_game(
                    game,
                    &name(Seat::First),
                    &name(Seat::Second),
                    "",
                    resigned,
                );
                if let Some(GameResult {
                    winner: Some(w),
                    reason: EndReason::Time,
                }) = self.result
                {
                    rec = rec.lost_on_time(to_player(w.other()));
                }
                // The Connect Four record has no forfeit: a claimed win is written as a win,
                // an agreed draw as a draw, a game nobody finished as unfinished.
                match self.result {
                    Some(GameResult {
                        winner: Some(w),
                        reason: EndReason::Abandoned,
                    }) => {
                        rec.result = connect4::record::RecordResult::Win {
                            winner: to_player(w),
                            resignation: false,
                        };
                    }
                    Some(GameResult {
                        reason: EndReason::Agreement,
                        ..
                    }) => rec.result = connect4::record::RecordResult::Draw,
                    _ => {}
                }
                rec.to_text()
            }
        }
    }
}

fn to_player(seat: Seat) -> connect4::Player {
    match seat {
        Seat::First => connect4::Player::First,
        Seat::Second => connect4::Player::Second,
    }
}
