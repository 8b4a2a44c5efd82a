//! An online game's other side (issue 60): the connection to the server
//! ([`OnlineLink`], a socket on its own thread whose events are polled here, so no frame
//! waits on the network), the lobby before the game (host, join, watch), and the game's
//! remote seat ([`OnlineSeat`]): moves go to the server and are put on the board when it
//! relays them, the server's clocks and results are the game's, a dropped connection comes
//! back with the seat's token, and offers and requests wait for the other player's answer.

//!
//! `link.rs` holds the connection and the lobby, `events.rs` reads what the server sends;
//! here are the seat, its questions to the session, and the player's actions sent.

use super::*;
use crate::online::protocol::{ClientMsg, Clocks, GameResult, Seat};

mod events;
mod link;

pub(super) use events::poll_online;
pub use link::{Intent, Lobby, OnlineLink};

/// How the connection to the server stands during a game.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkState {
    Open,
    /// The connection dropped: attempts made so far, and when the next one is due.
    Reconnecting {
        attempts: u32,
        next: Instant,
    },
    /// Given up: why, as the client said it.
    Lost(String),
}

/// An online game's seat at this computer: the player's, or none for a watcher.
#[derive(Clone, Debug)]
pub struct OnlineSeat {
    pub code: String,
    /// The side this computer plays; `None` while watching.
    pub seat: Option<Side>,
    pub names: [String; 2],
    pub connected: [bool; 2],
    pub link: LinkState,
    /// A move was sent and the server has not relayed it yet.
    pub sent: bool,
    /// The other player's connection closed: when the win may be claimed.
    pub away: Option<(Side, Instant)>,
    /// Who offered a draw that is still open.
    pub draw_offer: Option<Side>,
    /// Who asked to take back a move, not yet answered.
    pub undo_request: Option<Side>,
    /// The server's result, once the game is over.
    pub result: Option<GameResult>,
    /// Menu was pressed once in a game still on: the next Menu resigns and leaves.
    pub leave_armed: bool,
    /// After the end: who asked for a rematch, not yet answered.
    pub rematch: Option<Side>,
}

impl OnlineSeat {
    fn name(&self, side: Side) -> String {
        self.names[side.index()].clone()
    }

    /// The other player's side (the second for a watcher, who has none of their own).
    fn other(&self) -> Side {
        self.seat.map_or(Side::Second, Side::other)
    }

    /// The panel's lines about the game and the connection: its code, then how the
    /// connection and the other player stand.
    pub fn describe(&self, now: Instant) -> [Msg; 2] {
        let code = Msg::key("online-panel-code").with("code", self.code.clone());
        let line = match &self.link {
            LinkState::Lost(why) => Msg::key("online-panel-lost").with("why", why.clone()),
            LinkState::Reconnecting { attempts, .. } => {
                Msg::key("online-panel-reconnecting").with("attempt", *attempts)
            }
            LinkState::Open => match self.away {
                Some((side, at)) if at > now => Msg::key("online-panel-away")
                    .with("name", self.name(side))
                    .with("seconds", at.saturating_duration_since(now).as_secs() + 1),
                Some((side, _)) => {
                    Msg::key("online-panel-away-claim").with("name", self.name(side))
                }
                None if self.seat.is_none() => Msg::key("online-panel-watching"),
                None => Msg::key("online-panel-connected").with("name", self.name(self.other())),
            },
        };
        [code, line]
    }

    /// Whether the other player may now be claimed to have left.
    pub fn may_claim(&self, now: Instant) -> bool {
        self.seat.is_some()
            && self.link == LinkState::Open
            && self
                .away
                .is_some_and(|(side, at)| Some(side) != self.seat && at <= now)
    }
}

fn side(seat: Seat) -> Side {
    match seat {
        Seat::First => Side::First,
        Seat::Second => Side::Second,
    }
}

fn wire_seat(side: Side) -> Seat {
    match side {
        Side::First => Seat::First,
        Side::Second => Seat::Second,
    }
}

impl Session {
    /// The seat that plays colour `side`, or the colour seat `side` plays (the same swap
    /// both ways). Seats are the server's (the first is the opening's first player); an
    /// opening's colour choice may have given Black to the second seat.
    pub fn seat_colour(&self, side: Side) -> Side {
        let black = self
            .opening
            .as_ref()
            .or(self.opening_played.as_ref())
            .map_or(Side::First, |p| p.first_holder());
        if black == Side::First {
            side
        } else {
            side.other()
        }
    }

    /// The seat to act now: the opening's actor, else the seat of the colour to move.
    fn online_actor(&self) -> Option<Side> {
        match &self.opening {
            Some(phase) => phase.actor(),
            None => Some(self.seat_colour(self.game.to_move())),
        }
    }

    /// The moves as the server counts them: an opening's actions, then the moves after it.
    fn online_plies(&self) -> usize {
        match (&self.opening, &self.opening_played) {
            (Some(phase), _) => phase.texts().len(),
            (None, Some(phase)) => {
                phase.texts().len() + self.game.ply().saturating_sub(self.opening_stones)
            }
            (None, None) => self.game.ply(),
        }
    }

    /// Whether the side to act is played elsewhere (the other player online, or both
    /// while watching).
    pub fn is_remote_turn(&self) -> bool {
        self.online
            .as_ref()
            .is_some_and(|o| o.seat != self.online_actor())
    }

    /// Whether the server has ended this online game.
    pub fn online_over(&self) -> bool {
        self.online.as_ref().is_some_and(|o| o.result.is_some())
    }

    /// Menu in an online game still being played: the first press asks, the second resigns
    /// the game and leaves. Returns whether to leave now.
    pub fn may_leave_online(&mut self, link: &OnlineLink) -> bool {
        let playing = self.is_ongoing();
        let Some(online) = self.online.as_mut().filter(|o| o.seat.is_some() && playing) else {
            return true;
        };
        if !online.leave_armed {
            online.leave_armed = true;
            self.status = Some(Msg::key("online-leave-confirm"));
            return false;
        }
        link.send(ClientMsg::Resign {});
        true
    }

    /// The server's clocks (by seat) onto the game's clock (by colour; it only shows them).
    fn set_clocks(&mut self, clocks: Option<Clocks>, now: Instant) {
        let moves: Vec<u32> = self.game.moves().iter().map(|m| m.0).collect();
        let left = clocks.map(|c| {
            [Side::First, Side::Second]
                .map(|colour| Duration::from_millis(c.of(wire_seat(self.seat_colour(colour)))))
        });
        if let (Some(clock), Some(left)) = (self.clock.as_mut(), left) {
            clock.follow(&moves, now, None);
            clock.set_left(left, now);
        }
    }
}

/// A move, an offer or an answer from the player, sent to the server: the session's part of
/// `PlayAction`s in an online game (`confirmed`: a Resign pressed the second time).
pub(super) fn act_online(
    session: &mut Session,
    link: &OnlineLink,
    action: &PlayAction,
    confirmed: bool,
    sfx: &mut MessageWriter<Sfx>,
) {
    let ongoing = session.is_ongoing();
    let actor = session.online_actor();
    let in_opening = session.in_opening();
    let Some(online) = session.online.as_mut() else {
        return;
    };
    if !matches!(action, PlayAction::Menu) {
        online.leave_armed = false;
    }
    let (seat, sent, open) = (online.seat, online.sent, online.link == LinkState::Open);
    let other = Some(online.other());
    let (draw_offer, undo_request) = (online.draw_offer, online.undo_request);
    let their_name = actor.map(|a| online.name(a)).unwrap_or_default();
    let say = |session: &mut Session, msg: Msg| session.status = Some(msg);
    if seat.is_none() {
        if !matches!(action, PlayAction::Look(_) | PlayAction::Menu) {
            say(session, Msg::key("online-watching"));
        }
        return;
    }
    let their_turn = |session: &mut Session, sfx: &mut MessageWriter<Sfx>| {
        say(
            session,
            Msg::key("online-their-turn").with("name", their_name.clone()),
        );
        sfx.write(Sfx::Illegal);
    };
    let msg = match *action {
        PlayAction::Place(_) | PlayAction::OpeningChoice(_) if ongoing && in_opening => {
            if seat != actor {
                return their_turn(session, sfx);
            }
            if sent {
                return;
            }
            match opening_message(session, action) {
                Ok(Some(msg)) => msg,
                Ok(None) => return,
                Err(why) => {
                    say(session, why);
                    sfx.write(Sfx::Illegal);
                    return;
                }
            }
        }
        PlayAction::Place(mv) if ongoing => {
            if seat != actor {
                return their_turn(session, sfx);
            }
            if sent {
                return;
            }
            // The rules are checked here first, for the same message as a game on one
            // machine gives; the server checks them again.
            let mut probe = session.game.clone();
            if let Err(why) = probe.play(mv) {
                say(session, why);
                sfx.write(Sfx::Illegal);
                return;
            }
            let kind = session.game.kind();
            let Some(msg) = kind.def().online().and_then(|o| o.send(&session.game, mv)) else {
                return;
            };
            msg
        }
        PlayAction::Undo if ongoing => ClientMsg::RequestUndo {},
        PlayAction::OfferDraw if ongoing => ClientMsg::OfferDraw {},
        PlayAction::Answer(yes) if ongoing => {
            match (draw_offer == other, undo_request == other, yes) {
                (true, _, true) => ClientMsg::AcceptDraw {},
                (true, _, false) => ClientMsg::DeclineDraw {},
                (_, true, true) => ClientMsg::AcceptUndo {},
                (_, true, false) => ClientMsg::DeclineUndo {},
                _ => return,
            }
        }
        PlayAction::ClaimWin if ongoing => ClientMsg::ClaimWin {},
        PlayAction::Resign if ongoing && confirmed => ClientMsg::Resign {},
        PlayAction::Redo => return say(session, Msg::key("online-no-redo")),
        PlayAction::Hint => return say(session, Msg::key("online-no-hints")),
        _ => return,
    };
    let placing = matches!(
        msg,
        ClientMsg::Place { .. }
            | ClientMsg::Drop { .. }
            | ClientMsg::Choose { .. }
            | ClientMsg::Declare { .. }
            | ClientMsg::Offer { .. }
            | ClientMsg::Pick { .. }
    );
    if !open || !link.send(msg) {
        say(session, Msg::key("online-not-connected"));
    } else if let Some(online) = session.online.as_mut() {
        // One move at a time until the server relays it.
        online.sent |= placing;
    }
}

impl Session {
    /// Rematch pressed after an online game: asks the other player, or accepts when they
    /// asked first. The game itself starts when the server says so.
    pub fn ask_rematch(&mut self, link: &OnlineLink) {
        let Some(online) = self.online.as_ref() else {
            return;
        };
        if online.seat.is_none() {
            self.status = Some(Msg::key("online-watching"));
            return;
        }
        let msg = if online.rematch.is_some_and(|by| Some(by) != online.seat) {
            ClientMsg::AcceptRematch {}
        } else {
            ClientMsg::OfferRematch {}
        };
        if online.link != LinkState::Open || !link.send(msg) {
            self.status = Some(Msg::key("online-not-connected"));
        }
    }

    /// The line under an online game's result: a rematch asked for, or whatever the
    /// server last said.
    pub fn rematch_line(&self) -> Option<Msg> {
        let online = self.online.as_ref()?;
        if self.status.is_some() {
            return self.status.clone();
        }
        Some(match online.rematch {
            Some(by) if Some(by) == online.seat => {
                Msg::key("online-rematch-you-offered").with("name", online.name(online.other()))
            }
            Some(by) => Msg::key("online-rematch-offered").with("name", online.name(by)),
            None if online.seat.is_some() && online.link == LinkState::Open => {
                Msg::key("online-rematch-hint").with("name", online.name(online.other()))
            }
            None => return None,
        })
    }
}

/// The person's action in an online opening as the message that takes it: checked first on
/// a copy of the opening, for the same words as on one machine (the server checks again).
fn opening_message(session: &Session, action: &PlayAction) -> Result<Option<ClientMsg>, Msg> {
    let Some(phase) = session.opening.as_ref() else {
        return Ok(None);
    };
    let mut trial = phase.boxed_clone();
    match *action {
        PlayAction::Place(mv) => trial.click(mv)?,
        PlayAction::OpeningChoice(i) => trial.choose(i)?,
        _ => return Ok(None),
    }
    let Some(text) = trial.texts().pop() else {
        return Ok(None);
    };
    let kind = session.game.kind();
    Ok(kind
        .def()
        .online()
        .and_then(|o| o.send_opening(&session.game, &text)))
}
