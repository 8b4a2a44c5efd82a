//! An online game's other side (issue 60): the connection to the server
//! ([`OnlineLink`], a socket on its own thread whose events are polled here, so no frame
//! waits on the network), the lobby before the game (host, join, watch), and the game's
//! remote seat ([`OnlineSeat`]): moves go to the server and are put on the board when it
//! relays them, the server's clocks and results are the game's, a dropped connection comes
//! back with the seat's token, and offers and requests wait for the other player's answer.

use std::path::Path;
use std::sync::Mutex;

use super::*;
use crate::gui::clock::GameClock;
use crate::gui::frames;
use crate::gui::kind::online::time_control;
use crate::online::client::{Connection, DEFAULT_PORT, EmbeddedServer, Event, lan_addresses};
use crate::online::protocol::{
    ClientMsg, Clocks, EndReason, ErrorCode, GameResult, GameState, Role, Seat, SeatChoice,
    ServerMsg, Settings as WireSettings,
};

/// Attempts to reconnect after a dropped connection, one a second: about the server's
/// grace before the other player may claim the win.
const RECONNECT_ATTEMPTS: u32 = 60;
const RECONNECT_EVERY: Duration = Duration::from_secs(1);

/// What the player asked the server for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Host {
        settings: WireSettings,
        seat: SeatChoice,
        name: String,
    },
    Join {
        code: String,
        name: String,
    },
    Watch {
        code: String,
    },
}

/// The lobby, as the Play online screen shows it.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Lobby {
    #[default]
    Idle,
    /// Connecting to the server and asking for the game.
    Connecting,
    /// Hosted: the code to tell the other player, and this computer's addresses when it
    /// serves the game itself.
    Waiting {
        code: String,
        lan: Vec<String>,
    },
    Failed(Msg),
}

/// The connection to the server (and the server itself when this computer hosts).
#[derive(Resource, Default)]
pub struct OnlineLink {
    /// A `Mutex` only because a receiver may not be shared between threads; the game's
    /// systems take it in turn and never wait on it for long.
    connection: Option<Mutex<Connection>>,
    server: Option<EmbeddedServer>,
    address: String,
    intent: Option<Intent>,
    pub lobby: Lobby,
    /// The seat's secret for `reconnect`, and its game's code.
    token: Option<(String, String)>,
    role: Option<Role>,
    /// A game to show: the screens move to Playing once.
    ready: bool,
}

impl OnlineLink {
    /// Connects to `address` and asks for `intent`; with `host_here`, first starts this
    /// computer's own server (on the default port, or any free one) with its games in
    /// `data_dir`, and connects to that.
    pub fn start(&mut self, address: &str, intent: Intent, host_here: bool, data_dir: &Path) {
        self.close();
        if host_here {
            let dir = data_dir.join("online");
            let started = EmbeddedServer::start(&format!("0.0.0.0:{DEFAULT_PORT}"), &dir)
                .or_else(|_| EmbeddedServer::start("0.0.0.0:0", &dir));
            match started {
                Ok(server) => {
                    self.address = server.local_address();
                    self.server = Some(server);
                }
                Err(e) => {
                    self.lobby = Lobby::Failed(
                        Msg::key("online-server-failed").with("error", e.to_string()),
                    );
                    return;
                }
            }
        } else {
            self.address = address.trim().to_string();
        }
        self.intent = Some(intent);
        self.lobby = Lobby::Connecting;
        self.connect();
    }

    fn connect(&mut self) {
        let connection = Connection::open(&self.address, frames::wake);
        self.connection = Some(Mutex::new(connection));
    }

    /// Ends the connection and this computer's server (the title screen, Back).
    pub fn close(&mut self) {
        *self = OnlineLink::default();
    }

    /// Queues `msg` for the server; false when there is no connection.
    pub fn send(&self, msg: ClientMsg) -> bool {
        self.connection
            .as_ref()
            .is_some_and(|c| c.lock().is_ok_and(|c| c.send(msg)))
    }

    /// True once, when a game has come to show.
    pub fn take_ready(&mut self) -> bool {
        std::mem::take(&mut self.ready)
    }

    /// The addresses the other player on this network joins at, when this computer hosts.
    fn lan(&self) -> Vec<String> {
        let Some(server) = &self.server else {
            return Vec::new();
        };
        let port = server.addr().port();
        let mut found: Vec<String> = lan_addresses()
            .into_iter()
            .map(|ip| match port {
                DEFAULT_PORT => ip.to_string(),
                _ => format!("{ip}:{port}"),
            })
            .collect();
        if found.is_empty() {
            found.push(server.local_address());
        }
        found
    }

    /// Drops the connection as a network fault would, without a word to the server (the
    /// tests' cut cable).
    #[cfg(test)]
    pub fn drop_connection(&mut self) {
        self.connection = None;
    }

    fn next_event(&self) -> Option<Event> {
        self.connection.as_ref()?.lock().ok()?.try_recv()
    }
}

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

fn duration_pair(clocks: &Clocks) -> [Duration; 2] {
    [
        Duration::from_millis(clocks.first_ms),
        Duration::from_millis(clocks.second_ms),
    ]
}

impl Session {
    /// Whether the side to move is played elsewhere (the other player online, or both
    /// while watching).
    pub fn is_remote_turn(&self) -> bool {
        self.online
            .as_ref()
            .is_some_and(|o| o.seat != Some(self.game.to_move()))
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

    /// The server's clocks onto the game's clock (it only shows them).
    fn set_clocks(&mut self, clocks: Option<Clocks>, now: Instant) {
        let moves: Vec<u32> = self.game.moves().iter().map(|m| m.0).collect();
        if let (Some(clock), Some(clocks)) = (self.clock.as_mut(), clocks) {
            clock.follow(&moves, now, None);
            clock.set_left(duration_pair(&clocks), now);
        }
    }
}

/// Builds the position the server describes, or says what in it does not fit.
fn position(state: &GameState, games: &Games) -> Result<(GameKind, AnyGame), Msg> {
    let unknown = || Msg::key("online-unknown-game");
    let (kind, options) = games
        .iter()
        .find_map(|k| Some((k, k.def().online()?.options(&state.settings.kind)?)))
        .ok_or_else(unknown)?;
    let online = kind.def().online().ok_or_else(unknown)?;
    let mut game = kind.def().new_game(&options);
    for (i, played) in state.moves.iter().enumerate() {
        let bad = || Msg::key("online-bad-move").with("ply", i + 1);
        let mv = online.played(&game, *played).ok_or_else(bad)?;
        game.play(mv).map_err(|_| bad())?;
    }
    Ok((kind, game))
}

/// Reads everything the server sent since the last frame, and reconnects a dropped seat.
pub(super) fn poll_online(
    mut link: ResMut<OnlineLink>,
    mut session: ResMut<Session>,
    games: Res<Games>,
    paths: Res<Paths>,
    mut frames: ResMut<FrameRequests>,
    mut sfx: MessageWriter<Sfx>,
) {
    let now = Instant::now();
    // Bounded: a flood of events is read over several frames.
    for _ in 0..256 {
        let Some(event) = link.next_event() else {
            break;
        };
        match event {
            Event::Connected => connected(&mut link, &session),
            Event::Message(msg) => {
                message(msg, &mut link, &mut session, &games, &mut sfx, now);
            }
            Event::Closed(why) => closed(why, &mut link, &mut session, &paths, now),
        }
    }
    let retry = match session.online.as_ref().map(|o| &o.link) {
        Some(LinkState::Reconnecting { attempts, next }) if *next <= now => Some(*attempts),
        _ => None,
    };
    if let (Some(attempts), Some(online)) = (retry, session.online.as_mut()) {
        online.link = LinkState::Reconnecting {
            attempts: attempts + 1,
            next: now + RECONNECT_EVERY,
        };
        link.connect();
    }
    if let Some(online) = &session.online {
        match online.link {
            LinkState::Reconnecting { .. } => frames.within(Duration::from_millis(250)),
            // The countdown to a claim ticks by the second.
            LinkState::Open if online.away.is_some() => frames.within(Duration::from_secs(1)),
            _ => {}
        }
    }
}

/// The connection is open: ask for the game from the lobby, or during a game the seat
/// back (a watcher watches again).
fn connected(link: &mut OnlineLink, session: &Session) {
    let lobby = link.lobby != Lobby::Idle;
    let msg = match (&link.intent, &link.token) {
        (Some(Intent::Watch { code }), _) => ClientMsg::Watch { code: code.clone() },
        (
            Some(Intent::Host {
                settings,
                seat,
                name,
            }),
            _,
        ) if lobby => ClientMsg::Host {
            settings: settings.clone(),
            seat: *seat,
            name: name.clone(),
        },
        (Some(Intent::Join { code, name }), _) if lobby => ClientMsg::Join {
            code: code.clone(),
            name: name.clone(),
        },
        (_, Some((code, token))) if session.online.is_some() => ClientMsg::Reconnect {
            code: code.clone(),
            token: token.clone(),
        },
        _ => return,
    };
    link.send(msg);
}

fn closed(why: String, link: &mut OnlineLink, session: &mut Session, paths: &Paths, now: Instant) {
    link.connection = None;
    warn!("online: {why}");
    if link.lobby != Lobby::Idle || session.online.is_none() {
        // Before the game: the lobby says so, and Host or Join may be tried again.
        if link.intent.is_some() {
            link.lobby = Lobby::Failed(Msg::key("online-closed").with("why", why));
        }
        return;
    }
    let ongoing = session.is_ongoing();
    let Some(online) = session.online.as_mut() else {
        return;
    };
    let attempts = match online.link {
        LinkState::Reconnecting { attempts, .. } => attempts,
        _ => 0,
    };
    if !ongoing {
        online.link = LinkState::Lost(why);
    } else if attempts < RECONNECT_ATTEMPTS {
        online.link = LinkState::Reconnecting {
            attempts,
            next: now + RECONNECT_EVERY,
        };
    } else {
        // The server is gone: the game so far is kept in a record.
        online.link = LinkState::Lost(why);
        save_unfinished(session, paths);
    }
}

/// The record of an online game the server could not finish, with a comment saying so.
fn save_unfinished(session: &mut Session, paths: &Paths) {
    let end = RecordEnd {
        resigned: None,
        forfeited: None,
        lost_on_time: None,
        times: session
            .clock
            .as_ref()
            .map(|c| c.per_move())
            .unwrap_or_default(),
        comment: Some(Msg::key("online-record-unfinished").english()),
    };
    let names = session.record_names();
    match files::save_record(
        paths,
        &session.game,
        &names,
        &session.started,
        &end,
        "online",
    ) {
        Ok(path) => {
            info!("the online game so far saved to {}", path.display());
            session.status = Some(Msg::key("online-kept").with("path", path.display().to_string()));
        }
        Err(e) => session.status = Some(Msg::key("status-save-failed").with("error", e)),
    }
}

fn message(
    msg: ServerMsg,
    link: &mut OnlineLink,
    session: &mut Session,
    games: &Games,
    sfx: &mut MessageWriter<Sfx>,
    now: Instant,
) {
    match msg {
        ServerMsg::Hello { .. } => {}
        ServerMsg::Welcome { code, role, token } => {
            link.role = Some(role);
            if let Some(token) = token {
                link.token = Some((code, token));
            }
        }
        ServerMsg::State(state) => game_state(state, link, session, games, now),
        ServerMsg::MovePlayed {
            ply,
            played,
            clocks,
            ..
        } => {
            let Some(online) = session.online.as_ref() else {
                return;
            };
            let code = online.code.clone();
            let mv = session
                .game
                .kind()
                .def()
                .online()
                .and_then(|o| o.played(&session.game, played));
            let in_step = ply as usize == session.game.ply() + 1;
            match mv.filter(|_| in_step).map(|mv| session.game.play(mv)) {
                Some(Ok(())) => {
                    placed_sound(&session.game, sfx);
                    session.status = None;
                    session.looking = None;
                    if let Some(online) = session.online.as_mut() {
                        online.sent = false;
                        online.draw_offer = None;
                        online.undo_request = None;
                        online.leave_armed = false;
                    }
                    session.set_clocks(clocks, now);
                }
                _ => {
                    // Out of step with the server: its whole state again, by reconnecting.
                    warn!("online game {code}: move {ply} does not follow; resynchronising");
                    resync(link, session);
                }
            }
        }
        ServerMsg::GameOver { result, clocks } => {
            session.set_clocks(clocks, now);
            game_over(session, result);
        }
        ServerMsg::Presence {
            seat,
            connected,
            grace_ms,
        } => {
            if let Some(online) = session.online.as_mut() {
                online.connected[seat.index()] = connected;
                online.away = (!connected).then(|| {
                    let grace = Duration::from_millis(grace_ms.unwrap_or(0));
                    (side(seat), now + grace)
                });
            }
        }
        ServerMsg::DrawOffered { seat } => {
            offer(
                session,
                seat,
                "online-draw-offered",
                "online-draw-you-offered",
            );
            if let Some(online) = session.online.as_mut() {
                online.draw_offer = Some(side(seat));
            }
        }
        ServerMsg::DrawDeclined { seat } => {
            offer(session, seat, "online-draw-declined", "online-answered");
            if let Some(online) = session.online.as_mut() {
                online.draw_offer = None;
            }
        }
        ServerMsg::UndoRequested { seat, .. } => {
            offer(
                session,
                seat,
                "online-undo-requested",
                "online-undo-you-asked",
            );
            if let Some(online) = session.online.as_mut() {
                online.undo_request = Some(side(seat));
            }
        }
        ServerMsg::UndoDeclined { seat } => {
            offer(session, seat, "online-undo-declined", "online-answered");
            if let Some(online) = session.online.as_mut() {
                online.undo_request = None;
            }
        }
        ServerMsg::MovesUndone { moves, clocks, .. } => {
            let mut game = session.game.fresh();
            for (side, mv) in session.game.placed().into_iter().take(moves as usize) {
                if game.place(side, mv).is_err() {
                    break;
                }
            }
            session.game = game;
            session.looking = None;
            session.status = Some(Msg::key("online-undone"));
            if let Some(online) = session.online.as_mut() {
                online.undo_request = None;
                online.sent = false;
            }
            session.set_clocks(clocks, now);
        }
        ServerMsg::Error { code, message } => {
            warn!("online: the server says {code:?}: {message}");
            let said = Msg::key("online-server-said").with("message", message);
            match session
                .online
                .as_mut()
                .filter(|_| link.lobby == Lobby::Idle)
            {
                Some(online) => {
                    online.sent = false;
                    if code == ErrorCode::BadToken || code == ErrorCode::UnknownGame {
                        // The seat cannot come back (the game is gone from the server).
                        online.link = LinkState::Lost(said.english());
                    }
                    session.status = Some(said);
                }
                None => link.lobby = Lobby::Failed(said),
            }
        }
    }
}

/// An offer or request from `seat`: said to the other player as `to_other`, to the one
/// who made it as `to_self`.
fn offer(session: &mut Session, seat: Seat, to_other: &'static str, to_self: &'static str) {
    let Some(online) = &session.online else {
        return;
    };
    let name = online.name(side(seat));
    session.status = Some(if online.seat == Some(side(seat)) {
        Msg::key(to_self)
    } else {
        Msg::key(to_other).with("name", name)
    });
}

/// The whole game as the server holds it: the first one shows the game (or, for a host
/// whose second seat is empty, the lobby's code); later ones (the second player sat down,
/// a reconnection) bring the board up to date.
fn game_state(
    state: GameState,
    link: &mut OnlineLink,
    session: &mut Session,
    games: &Games,
    now: Instant,
) {
    let role = link.role.unwrap_or(Role::Spectator);
    let seat = role.seat().map(side);
    let names = state.names.clone().map(|n| n.unwrap_or_default());
    let started = state.to_move.is_some() || state.result.is_some();
    // A game not on show yet: the lobby's (a session may still hold an earlier one).
    let shown = session
        .online
        .as_ref()
        .is_some_and(|o| o.code == state.code);
    if !started && role != Role::Spectator && !shown {
        link.lobby = Lobby::Waiting {
            code: state.code.clone(),
            lan: link.lan(),
        };
        return;
    }
    let (kind, game) = match position(&state, games) {
        Ok(found) => found,
        Err(why) => {
            warn!("online: {}", why.english());
            link.lobby = Lobby::Failed(why);
            return;
        }
    };
    if shown {
        if session.game.moves() != game.moves() {
            session.game = game;
        }
    } else {
        *session = Session::new(game, Opponent::Person, seat.unwrap_or(Side::First), 0);
        session.clock = GameClock::new(time_control(&state.settings.clock));
        debug!("online game {} of {}", state.code, kind.id());
        link.ready = true;
        link.lobby = Lobby::Idle;
    }
    let online = session.online.get_or_insert_with(|| OnlineSeat {
        code: state.code.clone(),
        seat,
        names: names.clone(),
        connected: state.connected,
        link: LinkState::Open,
        sent: false,
        away: None,
        draw_offer: None,
        undo_request: None,
        result: None,
        leave_armed: false,
    });
    online.names = names;
    online.connected = state.connected;
    online.link = LinkState::Open;
    online.sent = false;
    // A seat shown away in the snapshot has been away an unknown while: its claim waits
    // for the server's presence message.
    if state.connected.iter().all(|&c| c) {
        online.away = None;
    }
    if started {
        session.set_clocks(state.clocks, now);
    }
    if let Some(result) = state.result {
        game_over(session, result);
    }
}

/// The server ended the game: its reason becomes the session's end.
fn game_over(session: &mut Session, result: GameResult) {
    let loser = result.winner.map(|w| side(w).other());
    match (result.reason, loser) {
        (EndReason::Resignation, Some(loser)) => session.resigned = Some(loser),
        (EndReason::Time, Some(loser)) => session.flagged = Some(loser),
        (EndReason::Abandoned, Some(loser)) => {
            session.forfeited = Some(loser);
            session.forfeit_reason = Some(Msg::key("online-left"));
        }
        // A line or a full board is on the board itself; an agreed or abandoned draw is
        // the result below.
        _ => {}
    }
    if let Some(online) = session.online.as_mut() {
        online.result = Some(result);
        online.away = None;
        online.draw_offer = None;
        online.undo_request = None;
    }
}

/// Out of step with the server: reconnect (a watcher watches again), which sends the whole
/// game.
fn resync(link: &mut OnlineLink, session: &mut Session) {
    link.connection = None;
    if let Some(online) = session.online.as_mut() {
        online.link = LinkState::Reconnecting {
            attempts: 0,
            next: Instant::now(),
        };
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
    let to_move = session.game.to_move();
    let Some(online) = session.online.as_mut() else {
        return;
    };
    if !matches!(action, PlayAction::Menu) {
        online.leave_armed = false;
    }
    let (seat, sent, open) = (online.seat, online.sent, online.link == LinkState::Open);
    let other = Some(online.other());
    let (draw_offer, undo_request) = (online.draw_offer, online.undo_request);
    let their_name = online.name(to_move);
    let say = |session: &mut Session, msg: Msg| session.status = Some(msg);
    if seat.is_none() {
        if !matches!(action, PlayAction::Look(_) | PlayAction::Menu) {
            say(session, Msg::key("online-watching"));
        }
        return;
    }
    let msg = match *action {
        PlayAction::Place(mv) if ongoing => {
            if seat != Some(to_move) {
                say(
                    session,
                    Msg::key("online-their-turn").with("name", their_name),
                );
                sfx.write(Sfx::Illegal);
                return;
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
    let placing = matches!(msg, ClientMsg::Place { .. } | ClientMsg::Drop { .. });
    if !open || !link.send(msg) {
        say(session, Msg::key("online-not-connected"));
    } else if let Some(online) = session.online.as_mut() {
        // One move at a time until the server relays it.
        online.sent |= placing;
    }
}
