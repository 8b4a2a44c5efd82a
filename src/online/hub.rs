//! The games in play and who is at them: every live game with its seats, tokens and
//! watchers, the decisions on each message (taken under the server's one lock, never across
//! an `.await`), and what is written to the store before anything is acknowledged.

use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rand::RngExt;
use rand::rngs::StdRng;
use tokio::sync::{Notify, mpsc};

use super::checks;
use super::game::{Action, Decision, OnlineGame, SeatInfo};
use super::offers::{Answer, Ask, Offers};
use super::protocol::{self, ClientMsg, ErrorCode, ProtoError, Role, Seat, SeatChoice, ServerMsg};
use super::store::Store;

/// Crockford's base32: no I, L, O, U, so a code read aloud or typed is not misread.
pub(super) const BASE32: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Join codes: 13 characters, 65 random bits.
pub(super) const CODE_CHARS: usize = 13;
// Issue 60 asks for at least 64 random bits in a code.
const _: () = assert!(CODE_CHARS * 5 >= 64);
/// Seat tokens: 26 characters, 130 random bits.
const TOKEN_CHARS: usize = 26;

pub(super) fn base32(rng: &mut StdRng, chars: usize) -> String {
    (0..chars)
        .map(|_| BASE32[rng.random_range(0..32usize)] as char)
        .collect()
}

/// A code as typed: case and dashes or spaces do not matter.
pub(super) fn normalise_code(code: &str) -> String {
    code.chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// One connection's outbox and the bell that tells it to close.
#[derive(Clone)]
pub(super) struct Peer {
    pub(super) id: u64,
    pub(super) tx: mpsc::Sender<ServerMsg>,
    pub(super) kick: Arc<Notify>,
}

impl Peer {
    /// Queues a message; a connection whose outbox is full is told to close, so it never
    /// slows the game or the others.
    pub(super) fn send(&self, msg: ServerMsg) {
        if self.tx.try_send(msg).is_err() {
            self.kick.notify_one();
        }
    }
}

pub(super) struct Live {
    pub(super) game: OnlineGame,
    pub(super) watchers: Vec<(Peer, Role)>,
    /// Since when each seat's player has had no connection open (`None`: connected, or
    /// nobody in the seat yet).
    pub(super) absent_since: [Option<Instant>; 2],
    /// When the game was hosted (or restored, after a restart).
    pub(super) created: Instant,
    pub(super) offers: Offers,
}

impl Live {
    pub(super) fn new(game: OnlineGame, watchers: Vec<(Peer, Role)>, now: Instant) -> Live {
        Live {
            game,
            watchers,
            absent_since: [None; 2],
            created: now,
            offers: Offers::default(),
        }
    }

    /// The snapshot with who is connected.
    pub(super) fn state(&self, now: Instant) -> ServerMsg {
        let mut state = self.game.state(now);
        for (_, role) in &self.watchers {
            if let Some(seat) = role.seat() {
                state.connected[seat.index()] = true;
            }
        }
        ServerMsg::State(state)
    }

    pub(super) fn broadcast(&self, msg: &ServerMsg) {
        for (peer, _) in &self.watchers {
            peer.send(msg.clone());
        }
    }

    /// To the seated players' connections only (what spectators have no part in).
    pub(super) fn tell_players(&self, msg: &ServerMsg) {
        for (peer, role) in &self.watchers {
            if role.seat().is_some() {
                peer.send(msg.clone());
            }
        }
    }
}

/// How long the server waits on absent players (from `server::Config`).
#[derive(Copy, Clone, Debug)]
pub(super) struct Times {
    pub(super) reconnect_grace: Duration,
    pub(super) abandon_after: Duration,
    pub(super) unjoined_after: Duration,
}

/// Every game and the store: the state all connections share.
pub(super) struct Hub {
    pub(super) games: HashMap<String, Live>,
    pub(super) times: Times,
    pub(super) store: Box<dyn Store>,
    pub(super) rng: StdRng,
    pub(super) per_address: HashMap<IpAddr, usize>,
    pub(super) next_peer: u64,
}

/// Where a connection stands.
#[derive(Default)]
pub(super) struct Seating {
    pub(super) hello: bool,
    /// The game's code and this connection's role in it.
    pub(super) place: Option<(String, Role)>,
}

pub(super) enum After {
    Continue,
    Close,
}

impl Hub {
    pub(super) fn lock(hub: &Mutex<Hub>) -> MutexGuard<'_, Hub> {
        // A panic elsewhere must not take every game down with it: the state stays usable
        // because every change is applied only after it is stored.
        hub.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn load(store: Box<dyn Store>, rng: StdRng, times: Times) -> io::Result<Hub> {
        let mut hub = Hub {
            games: HashMap::new(),
            times,
            store,
            rng,
            per_address: HashMap::new(),
            next_peer: 0,
        };
        let now = Instant::now();
        let stored = hub.store.in_progress().map_err(io::Error::other)?;
        for s in stored {
            let seated = [0, 1].map(|i| s.seats[i].is_some());
            match OnlineGame::restore(s.code.clone(), s.settings, s.seats, &s.moves, now) {
                Ok(mut game) => {
                    if let (true, Some(clocks)) = (s.moves.is_empty(), s.clocks) {
                        game.set_clocks(clocks, now);
                    }
                    // The last move was stored but the end was not: write it now.
                    if let Some(result) = game.result()
                        && let Err(e) = hub.store.finish(&s.code, &result, &game.record())
                    {
                        eprintln!("gomoku-server: {}: {e}", s.code);
                    }
                    let mut live = Live::new(game, Vec::new(), now);
                    // Nobody is connected after a restart: the graces count from now.
                    live.absent_since = seated.map(|taken| taken.then_some(now));
                    hub.games.insert(s.code, live);
                }
                Err(e) => eprintln!("gomoku-server: game {} not restored: {e}", s.code),
            }
        }
        Ok(hub)
    }

    pub(super) fn new_token(&mut self) -> String {
        base32(&mut self.rng, TOKEN_CHARS)
    }

    pub(super) fn new_code(&mut self) -> String {
        loop {
            let code = base32(&mut self.rng, CODE_CHARS);
            if !self.games.contains_key(&code) {
                return code;
            }
        }
    }

    pub(super) fn live(&mut self, code: &str) -> Result<&mut Live, ProtoError> {
        self.games.get_mut(code).ok_or_else(|| {
            ProtoError::new(
                ErrorCode::UnknownGame,
                format!("code {code}: no game in progress has this code"),
            )
        })
    }

    /// Handles one message from `peer`; an error goes back to that peer alone.
    pub(super) fn handle(&mut self, peer: &Peer, seating: &mut Seating, msg: ClientMsg) -> After {
        match self.dispatch(peer, seating, msg) {
            Ok(after) => after,
            Err(e) => {
                peer.send(e.to_msg());
                if e.code == ErrorCode::UnsupportedVersion {
                    After::Close
                } else {
                    After::Continue
                }
            }
        }
    }

    pub(super) fn dispatch(
        &mut self,
        peer: &Peer,
        seating: &mut Seating,
        msg: ClientMsg,
    ) -> Result<After, ProtoError> {
        let now = Instant::now();
        let grace = self.times.reconnect_grace;
        if let ClientMsg::Hello { version } = msg {
            if seating.hello {
                return Err(ProtoError::new(
                    ErrorCode::HelloFirst,
                    "hello: already said on this connection",
                ));
            }
            checks::check_version(version)?;
            seating.hello = true;
            peer.send(ServerMsg::Hello {
                version: protocol::PROTOCOL_VERSION,
            });
            return Ok(After::Continue);
        }
        if !seating.hello {
            return Err(ProtoError::new(
                ErrorCode::HelloFirst,
                "the first message must be hello with the protocol version",
            ));
        }
        let entering = matches!(
            msg,
            ClientMsg::Host { .. }
                | ClientMsg::Join { .. }
                | ClientMsg::Watch { .. }
                | ClientMsg::Reconnect { .. }
        );
        if entering && let Some((code, _)) = &seating.place {
            // A finished game is left for the next one (a rematch's, say); one still being
            // played holds its connection.
            let over = self
                .games
                .get(code)
                .is_none_or(|live| live.game.result().is_some());
            if !over {
                return Err(ProtoError::new(
                    ErrorCode::AlreadyInGame,
                    "this connection is already in a game still being played; open another \
                     to enter a second",
                ));
            }
            self.leave(peer.id, seating);
            seating.place = None;
        }
        match msg {
            ClientMsg::Hello { .. } => unreachable!("handled above"),
            ClientMsg::Host {
                settings,
                seat,
                name,
            } => {
                checks::check_settings(&settings)?;
                let name = checks::check_name(&name)?;
                let seat = match seat {
                    SeatChoice::First => Seat::First,
                    SeatChoice::Second => Seat::Second,
                    SeatChoice::Random => {
                        if self.rng.random::<bool>() {
                            Seat::First
                        } else {
                            Seat::Second
                        }
                    }
                };
                let code = self.new_code();
                let info = SeatInfo {
                    name,
                    token: self.new_token(),
                };
                self.store
                    .create(&code, &settings, seat, &info)
                    .map_err(internal)?;
                let token = info.token.clone();
                let game = OnlineGame::new(code.clone(), settings, seat, info);
                let role = Role::of(seat);
                peer.send(ServerMsg::Welcome {
                    code: code.clone(),
                    role,
                    token: Some(token),
                });
                let live = Live::new(game, vec![(peer.clone(), role)], now);
                peer.send(live.state(now));
                self.games.insert(code.clone(), live);
                seating.place = Some((code, role));
            }
            ClientMsg::Join { code, name } => {
                let code = normalise_code(&code);
                let name = checks::check_name(&name)?;
                let token = self.new_token();
                let live = self.live(&code)?;
                if live.game.result().is_some() {
                    return Err(ProtoError::new(
                        ErrorCode::GameOver,
                        format!("code {code}: the game is over"),
                    ));
                }
                let Some(seat) = live.game.free_seat() else {
                    return Err(ProtoError::new(
                        ErrorCode::GameFull,
                        format!("code {code}: both seats are taken; watch instead"),
                    ));
                };
                let info = SeatInfo { name, token };
                self.store.sit(&code, seat, &info).map_err(internal)?;
                let live = self.live(&code)?;
                let token = info.token.clone();
                live.game.sit(seat, info, now);
                let role = Role::of(seat);
                peer.send(ServerMsg::Welcome {
                    code: code.clone(),
                    role,
                    token: Some(token),
                });
                live.watchers.push((peer.clone(), role));
                live.broadcast(&live.state(now));
                // A host who left before the game began gets the whole grace from its start.
                for since in live.absent_since.iter_mut().flatten() {
                    *since = now;
                }
                for msg in live.pending(grace, now) {
                    peer.send(msg);
                }
                seating.place = Some((code, role));
            }
            ClientMsg::Watch { code } => {
                let code = normalise_code(&code);
                let live = self.live(&code)?;
                let role = Role::Spectator;
                peer.send(ServerMsg::Welcome {
                    code: code.clone(),
                    role,
                    token: None,
                });
                peer.send(live.state(now));
                for msg in live.pending(grace, now) {
                    peer.send(msg);
                }
                live.watchers.push((peer.clone(), role));
                seating.place = Some((code, role));
            }
            ClientMsg::Reconnect { code, token } => {
                let code = normalise_code(&code);
                let live = self.live(&code)?;
                let Some(seat) = live.game.seat_of_token(&token) else {
                    return Err(ProtoError::new(
                        ErrorCode::BadToken,
                        format!("code {code}: this token holds no seat of the game"),
                    ));
                };
                let role = Role::of(seat);
                // The seat's older connection, if still open, gives way to this one.
                live.watchers.retain(|(p, r)| {
                    if *r == role {
                        p.kick.notify_one();
                        false
                    } else {
                        true
                    }
                });
                live.absent_since[seat.index()] = None;
                let back = ServerMsg::Presence {
                    seat,
                    connected: true,
                    grace_ms: None,
                };
                live.broadcast(&back);
                peer.send(ServerMsg::Welcome {
                    code: code.clone(),
                    role,
                    token: Some(token),
                });
                live.watchers.push((peer.clone(), role));
                peer.send(live.state(now));
                for msg in live.pending(grace, now) {
                    peer.send(msg);
                }
                // After the end, a rematch offered still waits (a player's news only).
                if let (Some(_), Some(by)) = (live.game.result(), live.offers.rematch) {
                    peer.send(ServerMsg::RematchOffered { seat: by });
                }
                seating.place = Some((code, role));
            }
            ClientMsg::Place { x, y } => self.act(seating, Act::Move(Action::Place { x, y }))?,
            ClientMsg::Drop { column } => self.act(seating, Act::Move(Action::Drop { column }))?,
            ClientMsg::Choose { choice } => self.act(seating, Act::Move(Action::Choose(choice)))?,
            ClientMsg::Declare { offers } => {
                self.act(seating, Act::Move(Action::Declare(offers)))?
            }
            ClientMsg::Offer { x, y } => self.act(seating, Act::Move(Action::Offer { x, y }))?,
            ClientMsg::Pick { x, y } => self.act(seating, Act::Move(Action::Pick { x, y }))?,
            ClientMsg::Resign {} => self.act(seating, Act::Resign)?,
            ClientMsg::ClaimWin {} => self.request(seating, Ask::ClaimWin)?,
            ClientMsg::OfferDraw {} => self.request(seating, Ask::OfferDraw)?,
            ClientMsg::AcceptDraw {} => self.request(seating, Ask::AcceptDraw)?,
            ClientMsg::DeclineDraw {} => self.request(seating, Ask::DeclineDraw)?,
            ClientMsg::RequestUndo {} => self.request(seating, Ask::RequestUndo)?,
            ClientMsg::AcceptUndo {} => self.request(seating, Ask::AcceptUndo)?,
            ClientMsg::DeclineUndo {} => self.request(seating, Ask::DeclineUndo)?,
            ClientMsg::OfferRematch {} => self.rematch(seating, Answer::Offer)?,
            ClientMsg::AcceptRematch {} => self.rematch(seating, Answer::Accept)?,
            ClientMsg::DeclineRematch {} => self.rematch(seating, Answer::Decline)?,
        }
        Ok(After::Continue)
    }

    pub(super) fn act(&mut self, seating: &Seating, act: Act) -> Result<(), ProtoError> {
        let Some((code, role)) = &seating.place else {
            return Err(ProtoError::new(
                ErrorCode::NotAPlayer,
                "this connection is in no game: host or join one first",
            ));
        };
        let now = Instant::now();
        let live = self.live(code)?;
        let decision = match act {
            Act::Move(action) => live.game.decide(role.seat(), action, now)?,
            Act::Resign => live.game.decide_resign(role.seat(), now)?,
        };
        self.commit(&code.clone(), decision, now)
    }

    /// Stores a decision, then applies it and tells everyone in the game: nothing is
    /// acknowledged that a restarted server would not have.
    pub(super) fn commit(
        &mut self,
        code: &str,
        decision: Decision,
        now: Instant,
    ) -> Result<(), ProtoError> {
        let live = self.games.get(code).expect("a live game");
        let mut next = live.game.clone();
        next.apply(decision.clone(), now);
        if let Decision::Move {
            seat,
            played,
            clocks,
            ..
        } = &decision
        {
            let ply = next.moves().len() as u32;
            self.store
                .add_move(code, ply, played, *clocks)
                .map_err(internal)?;
            let msg = ServerMsg::MovePlayed {
                ply,
                seat: *seat,
                played: *played,
                clocks: *clocks,
            };
            let live = self.games.get_mut(code).expect("a live game");
            live.offers.after_move(*seat);
            live.broadcast(&msg);
        }
        if let Some(result) = next.result() {
            // The moves are stored already; a failed end is written again on restart.
            if let Err(e) = self.store.finish(code, &result, &next.record()) {
                eprintln!("gomoku-server: {code}: {e}");
            }
            let live = self.games.get_mut(code).expect("a live game");
            live.offers = Offers::default();
            live.broadcast(&ServerMsg::GameOver {
                result,
                clocks: next.clocks(now),
            });
        }
        let live = self.games.get_mut(code).expect("a live game");
        live.game = next;
        Ok(())
    }

    /// Ends the games whose running clock reached zero, then those nobody plays any more.
    pub(super) fn tick(&mut self, now: Instant) {
        let flagged: Vec<(String, Decision)> = self
            .games
            .iter()
            .filter_map(|(code, live)| live.game.flag(now).map(|d| (code.clone(), d)))
            .collect();
        for (code, decision) in flagged {
            if let Err(e) = self.commit(&code, decision, now) {
                eprintln!("gomoku-server: {code}: {}", e.message);
            }
        }
        self.sweep(now);
    }

    /// A connection is gone: it leaves its game, and a finished game nobody follows any
    /// more leaves memory (its record is in the store).
    pub(super) fn leave(&mut self, peer_id: u64, seating: &Seating) {
        let now = Instant::now();
        let grace = self.times.reconnect_grace;
        if let Some((code, _)) = &seating.place
            && let Some(live) = self.games.get_mut(code)
        {
            let before = live.watchers.len();
            live.watchers.retain(|(p, _)| p.id != peer_id);
            // A seated player's leaving is news to the others (not when a reconnect took
            // the seat over: that one is no longer among the watchers).
            if live.watchers.len() < before
                && let Some(seat) = seating.place.as_ref().and_then(|(_, r)| r.seat())
            {
                live.absent_since[seat.index()] = Some(now);
                if live.game.result().is_none() {
                    live.broadcast(&ServerMsg::Presence {
                        seat,
                        connected: false,
                        grace_ms: Some(grace.as_millis() as u64),
                    });
                } else if live.offers.rematch.take().is_some() {
                    // A rematch offered by or to a player who left will not be taken up.
                    live.tell_players(&ServerMsg::RematchDeclined { seat });
                }
            }
            if live.watchers.is_empty() && live.game.result().is_some() {
                self.games.remove(code);
            }
        }
    }
}

pub(super) enum Act {
    Move(Action),
    Resign,
}

pub(super) fn internal(e: super::store::StoreError) -> ProtoError {
    eprintln!("gomoku-server: {e}");
    ProtoError::new(
        ErrorCode::Internal,
        "the server could not store this; nothing was played",
    )
}
