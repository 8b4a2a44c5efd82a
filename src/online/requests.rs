//! What a player asks beyond a move: the win over an opponent gone longer than the reconnect
//! grace, a draw offer and an undo request with their answers. Decided under the hub's lock
//! like a move; whatever changes the game is stored before anyone hears of it.

use std::time::{Duration, Instant};

use super::hub::{Hub, Live, Seating, internal};
use super::offers::{Ask, Offers};
use super::protocol::{EndReason, ErrorCode, ProtoError, Seat, ServerMsg};

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Live {
    pub(super) fn connected(&self, seat: Seat) -> bool {
        self.watchers.iter().any(|(_, r)| r.seat() == Some(seat))
    }

    /// For a seat whose player is gone: how long until the other may claim the win.
    fn grace_left(&self, seat: Seat, grace: Duration, now: Instant) -> Option<Duration> {
        let since = self.absent_since[seat.index()]?;
        Some(grace.saturating_sub(now.saturating_duration_since(since)))
    }

    /// What a connection that enters a game under way has missed: which player is gone
    /// (with the time left of the grace) and the offers waiting for an answer.
    pub(super) fn pending(&self, grace: Duration, now: Instant) -> Vec<ServerMsg> {
        let mut msgs = Vec::new();
        if self.game.result().is_some() {
            return msgs;
        }
        for seat in [Seat::First, Seat::Second] {
            if let Some(left) = self.grace_left(seat, grace, now)
                && !self.connected(seat)
            {
                msgs.push(ServerMsg::Presence {
                    seat,
                    connected: false,
                    grace_ms: Some(ms(left)),
                });
            }
        }
        if let Some(seat) = self.offers.draw {
            msgs.push(ServerMsg::DrawOffered { seat });
        }
        if let Some((seat, plies)) = self.offers.undo {
            msgs.push(ServerMsg::UndoRequested { seat, plies });
        }
        msgs
    }
}

impl Hub {
    /// Handles one request from the connection `seating` describes.
    pub(super) fn request(&mut self, seating: &Seating, request: Ask) -> Result<(), ProtoError> {
        let what = request.name();
        let Some((code, role)) = &seating.place else {
            return Err(ProtoError::new(
                ErrorCode::NotAPlayer,
                format!("{what}: this connection is in no game; host or join one first"),
            ));
        };
        let code = code.clone();
        let now = Instant::now();
        let grace = self.times.reconnect_grace;
        let live = self.live(&code)?;
        let seat = live.game.check_player(role.seat(), what)?;
        // A flag that has fallen decides the game before anything asked after it.
        if let Some(flag) = live.game.flag(now) {
            return self.commit(&code, flag, now);
        }
        let other = seat.other();
        let them = live
            .game
            .seat(other)
            .map_or_else(|| other.name().to_string(), |i| i.name.clone());
        match request {
            Ask::ClaimWin => {
                let Some(left) = live.grace_left(other, grace, now) else {
                    return Err(ProtoError::new(
                        ErrorCode::OpponentConnected,
                        format!("claim_win: {them} is connected"),
                    ));
                };
                if !left.is_zero() {
                    return Err(ProtoError::new(
                        ErrorCode::TooEarly,
                        format!(
                            "claim_win: {them} may still come back; the win may be claimed in \
                             {} s",
                            left.as_millis().div_ceil(1000)
                        ),
                    ));
                }
                let decision = live.game.decide_end(Some(seat), EndReason::Abandoned, now);
                self.commit(&code, decision, now)
            }
            Ask::OfferDraw => {
                match live.offers.draw {
                    Some(s) if s == seat => {
                        return Err(ProtoError::new(
                            ErrorCode::OfferPending,
                            "offer_draw: your draw offer still waits for an answer",
                        ));
                    }
                    Some(_) => {
                        return Err(ProtoError::new(
                            ErrorCode::OfferPending,
                            format!(
                                "offer_draw: {them} offers a draw already; send accept_draw or \
                                 decline_draw"
                            ),
                        ));
                    }
                    None => {}
                }
                live.offers.draw = Some(seat);
                live.broadcast(&ServerMsg::DrawOffered { seat });
                Ok(())
            }
            Ask::AcceptDraw | Ask::DeclineDraw => {
                if live.offers.draw != Some(other) {
                    return Err(ProtoError::new(
                        ErrorCode::NoOffer,
                        format!("{what}: {them} offers no draw"),
                    ));
                }
                if request == Ask::DeclineDraw {
                    live.offers.draw = None;
                    live.broadcast(&ServerMsg::DrawDeclined { seat });
                    return Ok(());
                }
                let decision = live.game.decide_end(None, EndReason::Agreement, now);
                self.commit(&code, decision, now)
            }
            Ask::RequestUndo => {
                match live.offers.undo {
                    Some((s, _)) if s == seat => {
                        return Err(ProtoError::new(
                            ErrorCode::OfferPending,
                            "request_undo: your undo request still waits for an answer",
                        ));
                    }
                    Some(_) => {
                        return Err(ProtoError::new(
                            ErrorCode::OfferPending,
                            format!(
                                "request_undo: {them} asks for an undo already; send \
                                 accept_undo or decline_undo"
                            ),
                        ));
                    }
                    None => {}
                }
                let plies = live.game.undo_plies(seat)? as u32;
                live.offers.undo = Some((seat, plies));
                live.broadcast(&ServerMsg::UndoRequested { seat, plies });
                Ok(())
            }
            Ask::AcceptUndo | Ask::DeclineUndo => {
                let plies = match live.offers.undo {
                    Some((s, plies)) if s == other => plies,
                    _ => {
                        return Err(ProtoError::new(
                            ErrorCode::NoOffer,
                            format!("{what}: {them} asks for no undo"),
                        ));
                    }
                };
                live.offers.undo = None;
                if request == Ask::DeclineUndo {
                    live.broadcast(&ServerMsg::UndoDeclined { seat });
                    return Ok(());
                }
                let next = live.game.undone(plies as usize, now);
                let moves = next.moves().len() as u32;
                let clocks = next.clocks(now);
                let to_move = next.to_move().expect("an undone game goes on");
                if let Err(e) = self.store.take_back(&code, moves, clocks) {
                    // Nothing changed: the request stands for another try.
                    self.live(&code)?.offers.undo = Some((other, plies));
                    return Err(internal(e));
                }
                let live = self.live(&code)?;
                live.game = next;
                // Whatever was offered was about the position that is gone.
                live.offers = Offers::default();
                live.broadcast(&ServerMsg::MovesUndone {
                    plies,
                    moves,
                    to_move,
                    clocks,
                });
                Ok(())
            }
        }
    }
}
