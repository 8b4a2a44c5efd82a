//! The WebSocket server: connections, join codes, tokens, limits, and the relay of every
//! game's events. Games live in one [`Hub`] behind a mutex that is never held across an
//! `.await`, so one slow connection never holds up another.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::game::{Action, Decision, OnlineGame, SeatInfo};
use super::protocol::{self, ClientMsg, ErrorCode, ProtoError, Role, Seat, SeatChoice, ServerMsg};
use super::store::Store;

/// The server's limits and its randomness.
#[derive(Clone, Debug)]
pub struct Config {
    /// Largest message (and frame) accepted, in bytes.
    pub max_message_bytes: usize,
    /// Messages a connection may send per second, on average...
    pub messages_per_second: f64,
    /// ...and at once.
    pub burst: f64,
    /// Open connections from one IP address.
    pub max_connections_per_address: usize,
    /// A connection that sends nothing for this long is closed.
    pub idle_timeout: Duration,
    /// How often running clocks are checked for a fallen flag.
    pub clock_tick: Duration,
    /// Seeds the codes and tokens (tests); `None` takes the operating system's randomness.
    pub seed: Option<u64>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_message_bytes: 4096,
            messages_per_second: 20.0,
            burst: 40.0,
            max_connections_per_address: 32,
            idle_timeout: Duration::from_secs(300),
            clock_tick: Duration::from_millis(100),
            seed: None,
        }
    }
}

/// Messages queued for one connection before it counts as too slow and is dropped.
const OUTBOX: usize = 256;

/// Crockford's base32: no I, L, O, U, so a code read aloud or typed is not misread.
const BASE32: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Join codes: 13 characters, 65 random bits.
const CODE_CHARS: usize = 13;
// Issue 60 asks for at least 64 random bits in a code.
const _: () = assert!(CODE_CHARS * 5 >= 64);
/// Seat tokens: 26 characters, 130 random bits.
const TOKEN_CHARS: usize = 26;

fn base32(rng: &mut StdRng, chars: usize) -> String {
    (0..chars)
        .map(|_| BASE32[rng.random_range(0..32usize)] as char)
        .collect()
}

/// A code as typed: case and dashes or spaces do not matter.
fn normalise_code(code: &str) -> String {
    code.chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// One connection's outbox and the bell that tells it to close.
#[derive(Clone)]
struct Peer {
    id: u64,
    tx: mpsc::Sender<ServerMsg>,
    kick: Arc<Notify>,
}

impl Peer {
    /// Queues a message; a connection whose outbox is full is told to close, so it never
    /// slows the game or the others.
    fn send(&self, msg: ServerMsg) {
        if self.tx.try_send(msg).is_err() {
            self.kick.notify_one();
        }
    }
}

struct Live {
    game: OnlineGame,
    watchers: Vec<(Peer, Role)>,
}

impl Live {
    /// The snapshot with who is connected.
    fn state(&self, now: Instant) -> ServerMsg {
        let mut state = self.game.state(now);
        for (_, role) in &self.watchers {
            if let Some(seat) = role.seat() {
                state.connected[seat.index()] = true;
            }
        }
        ServerMsg::State(state)
    }

    fn broadcast(&self, msg: &ServerMsg) {
        for (peer, _) in &self.watchers {
            peer.send(msg.clone());
        }
    }
}

/// Every game and the store: the state all connections share.
struct Hub {
    games: HashMap<String, Live>,
    store: Box<dyn Store>,
    rng: StdRng,
    per_address: HashMap<IpAddr, usize>,
    next_peer: u64,
}

/// Where a connection stands.
#[derive(Default)]
struct Seating {
    hello: bool,
    /// The game's code and this connection's role in it.
    place: Option<(String, Role)>,
}

enum After {
    Continue,
    Close,
}

impl Hub {
    fn lock(hub: &Mutex<Hub>) -> MutexGuard<'_, Hub> {
        // A panic elsewhere must not take every game down with it: the state stays usable
        // because every change is applied only after it is stored.
        hub.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn load(store: Box<dyn Store>, rng: StdRng) -> io::Result<Hub> {
        let mut hub = Hub {
            games: HashMap::new(),
            store,
            rng,
            per_address: HashMap::new(),
            next_peer: 0,
        };
        let now = Instant::now();
        let stored = hub.store.in_progress().map_err(io::Error::other)?;
        for s in stored {
            match OnlineGame::restore(s.code.clone(), s.settings, s.seats, &s.moves, now) {
                Ok(game) => {
                    // The last move was stored but the end was not: write it now.
                    if let Some(result) = game.result()
                        && let Err(e) = hub.store.finish(&s.code, &result, &game.record())
                    {
                        eprintln!("gomoku-server: {}: {e}", s.code);
                    }
                    hub.games.insert(
                        s.code,
                        Live {
                            game,
                            watchers: Vec::new(),
                        },
                    );
                }
                Err(e) => eprintln!("gomoku-server: game {} not restored: {e}", s.code),
            }
        }
        Ok(hub)
    }

    fn new_token(&mut self) -> String {
        base32(&mut self.rng, TOKEN_CHARS)
    }

    fn new_code(&mut self) -> String {
        loop {
            let code = base32(&mut self.rng, CODE_CHARS);
            if !self.games.contains_key(&code) {
                return code;
            }
        }
    }

    fn live(&mut self, code: &str) -> Result<&mut Live, ProtoError> {
        self.games.get_mut(code).ok_or_else(|| {
            ProtoError::new(
                ErrorCode::UnknownGame,
                format!("code {code}: no game in progress has this code"),
            )
        })
    }

    /// Handles one message from `peer`; an error goes back to that peer alone.
    fn handle(&mut self, peer: &Peer, seating: &mut Seating, msg: ClientMsg) -> After {
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

    fn dispatch(
        &mut self,
        peer: &Peer,
        seating: &mut Seating,
        msg: ClientMsg,
    ) -> Result<After, ProtoError> {
        let now = Instant::now();
        if let ClientMsg::Hello { version } = msg {
            if seating.hello {
                return Err(ProtoError::new(
                    ErrorCode::HelloFirst,
                    "hello: already said on this connection",
                ));
            }
            protocol::check_version(version)?;
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
        if entering && seating.place.is_some() {
            return Err(ProtoError::new(
                ErrorCode::AlreadyInGame,
                "this connection is already in a game; open another to enter a second",
            ));
        }
        match msg {
            ClientMsg::Hello { .. } => unreachable!("handled above"),
            ClientMsg::Host {
                settings,
                seat,
                name,
            } => {
                protocol::check_settings(&settings)?;
                let name = protocol::check_name(&name)?;
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
                let live = Live {
                    game,
                    watchers: vec![(peer.clone(), role)],
                };
                peer.send(live.state(now));
                self.games.insert(code.clone(), live);
                seating.place = Some((code, role));
            }
            ClientMsg::Join { code, name } => {
                let code = normalise_code(&code);
                let name = protocol::check_name(&name)?;
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
                let back = ServerMsg::Presence {
                    seat,
                    connected: true,
                };
                live.broadcast(&back);
                peer.send(ServerMsg::Welcome {
                    code: code.clone(),
                    role,
                    token: Some(token),
                });
                live.watchers.push((peer.clone(), role));
                peer.send(live.state(now));
                seating.place = Some((code, role));
            }
            ClientMsg::Place { x, y } => self.act(seating, Act::Move(Action::Place { x, y }))?,
            ClientMsg::Drop { column } => self.act(seating, Act::Move(Action::Drop { column }))?,
            ClientMsg::Resign {} => self.act(seating, Act::Resign)?,
        }
        Ok(After::Continue)
    }

    fn act(&mut self, seating: &Seating, act: Act) -> Result<(), ProtoError> {
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
    fn commit(&mut self, code: &str, decision: Decision, now: Instant) -> Result<(), ProtoError> {
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
            self.games[code].broadcast(&msg);
        }
        if let Some(result) = next.result() {
            // The moves are stored already; a failed end is written again on restart.
            if let Err(e) = self.store.finish(code, &result, &next.record()) {
                eprintln!("gomoku-server: {code}: {e}");
            }
            self.games[code].broadcast(&ServerMsg::GameOver {
                result,
                clocks: next.clocks(now),
            });
        }
        let live = self.games.get_mut(code).expect("a live game");
        live.game = next;
        Ok(())
    }

    /// Ends the games whose running clock reached zero.
    fn tick(&mut self, now: Instant) {
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
    }

    /// A connection is gone: it leaves its game, and a finished game nobody follows any
    /// more leaves memory (its record is in the store).
    fn leave(&mut self, peer_id: u64, seating: &Seating) {
        if let Some((code, _)) = &seating.place
            && let Some(live) = self.games.get_mut(code)
        {
            let before = live.watchers.len();
            live.watchers.retain(|(p, _)| p.id != peer_id);
            // A seated player's leaving is news to the others (not when a reconnect took
            // the seat over: that one is no longer among the watchers).
            if live.watchers.len() < before
                && let Some(seat) = seating.place.as_ref().and_then(|(_, r)| r.seat())
                && live.game.result().is_none()
            {
                live.broadcast(&ServerMsg::Presence {
                    seat,
                    connected: false,
                });
            }
            if live.watchers.is_empty() && live.game.result().is_some() {
                self.games.remove(code);
            }
        }
    }
}

enum Act {
    Move(Action),
    Resign,
}

fn internal(e: super::store::StoreError) -> ProtoError {
    eprintln!("gomoku-server: {e}");
    ProtoError::new(
        ErrorCode::Internal,
        "the server could not store this; nothing was played",
    )
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Binds `listen` (port 0 picks a free one), loads the games in progress from `store`
    /// and starts serving on the current tokio runtime.
    pub async fn start(listen: &str, config: Config, store: Box<dyn Store>) -> io::Result<Server> {
        let rng = match config.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => rand::make_rng::<StdRng>(),
        };
        let hub = Arc::new(Mutex::new(Hub::load(store, rng)?));
        let listener = TcpListener::bind(listen).await?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(accept_loop(listener, hub, Arc::new(config), stopped));
        Ok(Server { addr, stop, task })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Closes every connection and the store, and returns once they are gone.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }

    /// Serves until the listener fails (the standalone server's life).
    pub async fn wait(self) {
        let _ = self.task.await;
    }
}

async fn accept_loop(
    listener: TcpListener,
    hub: Arc<Mutex<Hub>>,
    config: Arc<Config>,
    mut stopped: watch::Receiver<bool>,
) {
    let mut conns = JoinSet::new();
    let ticker = {
        let hub = hub.clone();
        let tick = config.clock_tick;
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(tick);
            loop {
                interval.tick().await;
                Hub::lock(&hub).tick(Instant::now());
            }
        })
    };
    loop {
        tokio::select! {
            _ = stopped.changed() => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, addr)) => {
                    conns.spawn(connection(stream, addr.ip(), hub.clone(), config.clone()));
                }
                // Out of descriptors and the like: wait a moment rather than spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            },
            // Reap finished connections so the set does not grow.
            Some(_) = conns.join_next(), if !conns.is_empty() => {}
        }
    }
    ticker.abort();
    conns.shutdown().await;
    let _ = ticker.await;
    // The last reference: the store closes here, before `stop` returns.
    drop(hub);
}

/// A connection's rate budget: a token bucket.
struct Bucket {
    tokens: f64,
    at: Instant,
    /// Messages refused in a row; a flood that goes on is closed.
    refused: u32,
}

async fn connection(stream: TcpStream, ip: IpAddr, hub: Arc<Mutex<Hub>>, config: Arc<Config>) {
    let ws_config = WebSocketConfig::default()
        .max_message_size(Some(config.max_message_bytes))
        .max_frame_size(Some(config.max_message_bytes));
    let handshake = tokio_tungstenite::accept_async_with_config(stream, Some(ws_config));
    let Ok(Ok(mut ws)) = tokio::time::timeout(Duration::from_secs(10), handshake).await else {
        return;
    };
    let admitted = {
        let mut hub = Hub::lock(&hub);
        let n = hub.per_address.entry(ip).or_insert(0);
        if *n >= config.max_connections_per_address {
            false
        } else {
            *n += 1;
            true
        }
    };
    if !admitted {
        let msg = ProtoError::new(
            ErrorCode::TooManyConnections,
            format!(
                "{ip}: at most {} connections from one address",
                config.max_connections_per_address
            ),
        )
        .to_msg();
        let _ = ws.send(text(&msg)).await;
        let _ = ws.close(None).await;
        return;
    }
    let (tx, mut rx) = mpsc::channel(OUTBOX);
    let peer = {
        let mut hub = Hub::lock(&hub);
        hub.next_peer += 1;
        Peer {
            id: hub.next_peer,
            tx,
            kick: Arc::new(Notify::new()),
        }
    };
    let mut seating = Seating::default();
    let mut bucket = Bucket {
        tokens: config.burst,
        at: Instant::now(),
        refused: 0,
    };
    let mut deadline = tokio::time::Instant::now() + config.idle_timeout;
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(msg) = out else { break };
                if ws.send(text(&msg)).await.is_err() {
                    break;
                }
            }
            _ = peer.kick.notified() => break,
            _ = tokio::time::sleep_until(deadline) => {
                let msg = ProtoError::new(
                    ErrorCode::Idle,
                    format!("no message for {} s", config.idle_timeout.as_secs()),
                )
                .to_msg();
                let _ = ws.send(text(&msg)).await;
                break;
            }
            incoming = ws.next() => {
                deadline = tokio::time::Instant::now() + config.idle_timeout;
                let frame = match incoming {
                    None => break,
                    Some(Ok(frame)) => frame,
                    Some(Err(e)) => {
                        // A frame over the limit or broken framing: say so, then close,
                        // since the stream cannot be read past it.
                        let code = match e {
                            tokio_tungstenite::tungstenite::Error::Capacity(_) => {
                                ErrorCode::TooLarge
                            }
                            _ => ErrorCode::BadMessage,
                        };
                        let msg = ProtoError::new(code, format!("frame refused: {e}")).to_msg();
                        let _ = ws.send(text(&msg)).await;
                        break;
                    }
                };
                let body = match frame {
                    Message::Text(body) => body,
                    Message::Binary(_) => {
                        peer.send(ProtoError::new(
                            ErrorCode::BadMessage,
                            "binary frame: messages are JSON in text frames",
                        ).to_msg());
                        continue;
                    }
                    Message::Close(_) => break,
                    // Pings are answered by the WebSocket layer itself.
                    _ => continue,
                };
                if !bucket.allow(&config) {
                    if bucket.refused == 1 {
                        peer.send(ProtoError::new(
                            ErrorCode::RateLimited,
                            format!(
                                "more than {} messages a second: messages are dropped until the \
                                 rate falls",
                                config.messages_per_second
                            ),
                        ).to_msg());
                    }
                    if bucket.refused as f64 > 4.0 * config.burst {
                        break;
                    }
                    continue;
                }
                let after = match protocol::parse_client(body.as_str()) {
                    Ok(msg) => Hub::lock(&hub).handle(&peer, &mut seating, msg),
                    Err(e) => {
                        peer.send(e.to_msg());
                        After::Continue
                    }
                };
                if let After::Close = after {
                    // Deliver what is queued (the error) before closing.
                    while let Ok(msg) = rx.try_recv() {
                        let _ = ws.send(text(&msg)).await;
                    }
                    break;
                }
            }
        }
    }
    let _ = ws.close(None).await;
    let mut hub = Hub::lock(&hub);
    hub.leave(peer.id, &seating);
    if let Some(n) = hub.per_address.get_mut(&ip) {
        *n -= 1;
        if *n == 0 {
            hub.per_address.remove(&ip);
        }
    }
}

impl Bucket {
    fn allow(&mut self, config: &Config) -> bool {
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + elapsed * config.messages_per_second).min(config.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.refused = 0;
            true
        } else {
            self.refused += 1;
            false
        }
    }
}

fn text(msg: &ServerMsg) -> Message {
    Message::Text(
        serde_json::to_string(msg)
            .expect("server messages serialise")
            .into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_base32_and_normalised() {
        let mut rng = StdRng::seed_from_u64(1);
        let code = base32(&mut rng, CODE_CHARS);
        assert_eq!(code.len(), 13);
        assert!(code.bytes().all(|b| BASE32.contains(&b)));
        assert_ne!(code, base32(&mut rng, CODE_CHARS));
        assert_eq!(normalise_code("ab-cd ef"), "ABCDEF");
    }

    #[test]
    fn bucket_allows_a_burst_then_the_rate() {
        let config = Config {
            burst: 3.0,
            messages_per_second: 1.0,
            ..Config::default()
        };
        let mut b = Bucket {
            tokens: 3.0,
            at: Instant::now(),
            refused: 0,
        };
        assert!(b.allow(&config) && b.allow(&config) && b.allow(&config));
        assert!(!b.allow(&config));
        assert_eq!(b.refused, 1);
        b.at -= Duration::from_secs(2);
        assert!(b.allow(&config));
    }
}
