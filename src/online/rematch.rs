//! A rematch after the end: one player offers, the other accepts (or offers too), and the
//! server opens a new game with the same settings and the seats swapped, both players
//! already seated. Each is sent the new game's code and a new token, and takes its seat
//! with `reconnect`, which a connection whose game is over may send.

use std::time::Instant;

use super::game::{OnlineGame, SeatInfo};
use super::hub::{Hub, Live, Seating, internal};
use super::offers::Answer;
use super::protocol::{ErrorCode, ProtoError, Role, Seat, ServerMsg};

impl Hub {
    /// `offer_rematch`, `accept_rematch` or `decline_rematch` from the connection `seating`
    /// describes.
    pub(super) fn rematch(&mut self, seating: &Seating, ask: Answer) -> Result<(), ProtoError> {
        let what = ask.name();
        let Some((code, role)) = &seating.place else {
            return Err(ProtoError::new(
                ErrorCode::NotAPlayer,
                format!("{what}: this connection is in no game"),
            ));
        };
        let code = code.clone();
        let live = self.live(&code)?;
        let seat = role.seat().ok_or_else(|| {
            ProtoError::new(
                ErrorCode::NotAPlayer,
                format!("{what}: only a seated player may"),
            )
        })?;
        if live.game.result().is_none() {
            return Err(ProtoError::new(
                ErrorCode::NotOver,
                format!("{what}: the game is still being played"),
            ));
        }
        let other = seat.other();
        let them = live
            .game
            .seat(other)
            .map_or_else(|| other.name().to_string(), |i| i.name.clone());
        let offered_by_them = live.offers.rematch == Some(other);
        match ask {
            // Both asking is both agreeing.
            Answer::Offer if !offered_by_them => {
                if live.offers.rematch == Some(seat) {
                    return Err(ProtoError::new(
                        ErrorCode::OfferPending,
                        "offer_rematch: your rematch offer still waits for an answer",
                    ));
                }
                if !live.connected(other) {
                    return Err(ProtoError::new(
                        ErrorCode::OpponentAway,
                        format!("offer_rematch: {them} has left the game"),
                    ));
                }
                live.offers.rematch = Some(seat);
                live.tell_players(&ServerMsg::RematchOffered { seat });
                Ok(())
            }
            Answer::Accept | Answer::Decline if !offered_by_them => Err(ProtoError::new(
                ErrorCode::NoOffer,
                format!("{what}: {them} offers no rematch"),
            )),
            Answer::Decline => {
                live.offers.rematch = None;
                live.tell_players(&ServerMsg::RematchDeclined { seat });
                Ok(())
            }
            _ => self.start_rematch(&code),
        }
    }

    /// The new game, stored with both seats before either player hears of it.
    fn start_rematch(&mut self, code: &str) -> Result<(), ProtoError> {
        let now = Instant::now();
        let live = self.live(code)?;
        let settings = live.game.settings().clone();
        let name = |seat: Seat| live.game.seat(seat).map(|i| i.name.clone());
        let (Some(was_first), Some(was_second)) = (name(Seat::First), name(Seat::Second)) else {
            return Err(ProtoError::new(
                ErrorCode::NotStarted,
                "accept_rematch: the game had only one player",
            ));
        };
        if !live.connected(Seat::First) || !live.connected(Seat::Second) {
            return Err(ProtoError::new(
                ErrorCode::OpponentAway,
                "accept_rematch: the other player has left the game",
            ));
        }
        let new_code = self.new_code();
        // The seats swapped: who moved second moves first.
        let first = SeatInfo {
            name: was_second,
            token: self.new_token(),
        };
        let second = SeatInfo {
            name: was_first,
            token: self.new_token(),
        };
        self.store
            .create(&new_code, &settings, Seat::First, &first)
            .map_err(internal)?;
        // Half a game stored is swept as one never joined; the players may ask again.
        self.store
            .sit(&new_code, Seat::Second, &second)
            .map_err(internal)?;
        let tokens = [first.token.clone(), second.token.clone()];
        let mut game = OnlineGame::new(new_code.clone(), settings, Seat::First, first);
        game.sit(Seat::Second, second, now);
        let mut next = Live::new(game, Vec::new(), now);
        // Until each player's `reconnect`, as after a restart.
        next.absent_since = [Some(now); 2];
        self.games.insert(new_code.clone(), next);
        let old = self.live(code)?;
        old.offers.rematch = None;
        for (peer, role) in &old.watchers {
            // Their old seat's other: the first seat's player is now the second.
            if let Some(seat) = role.seat().map(Seat::other) {
                peer.send(ServerMsg::Rematch {
                    code: new_code.clone(),
                    role: Role::of(seat),
                    token: tokens[seat.index()].clone(),
                });
            }
        }
        Ok(())
    }
}
