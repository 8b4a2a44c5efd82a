//! The game's side of the online protocol: a [`Connection`] to a server on a thread of its
//! own, so that nothing in a frame ever waits on the network (the game sends
//! [`ClientMsg`]s and polls [`Event`]s), and the [`EmbeddedServer`] a desktop game runs
//! in-process when its player hosts on the local network. No Bevy here.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::{mpsc as async_mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

use super::protocol::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use super::server::{Config, Server};
use super::store::{Durability, SqliteStore};
use super::tls;

/// The port a server listens on when none is given (`gomoku-server`'s default too).
pub const DEFAULT_PORT: u16 = 7627;
/// Longest wait for the server to answer the connection and the WebSocket handshake.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// A ping this often keeps a quiet connection (a long think) inside the server's idle
/// timeout, and finds a server that has gone within about this long.
const PING_EVERY: Duration = Duration::from_secs(20);
/// Longest a frame may be; the server's own limit is smaller.
const MAX_FRAME: usize = 1 << 20;

/// What the connection reports, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The WebSocket is open and `hello` has been sent.
    Connected,
    Message(ServerMsg),
    /// The connection is over: why, in English for the log and the player (the server went
    /// away, it could not be reached, it sent something that is not the protocol).
    Closed(String),
}

/// The port a `wss://` address means when it names none: TLS's own (a server behind a
/// reverse proxy, or listening there itself).
pub const DEFAULT_TLS_PORT: u16 = 443;

/// Where a connection goes, read from what a player typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    /// The host as the certificate names it (an IPv6 literal without its brackets).
    pub host: String,
    /// `host:port` to connect to, as typed (brackets kept).
    pub host_port: String,
    /// The WebSocket URL.
    pub url: String,
    /// `wss://`: TLS, the server's certificate checked.
    pub tls: bool,
}

/// A server address as a player types it: `host`, `host:port`, `ws://host:port/path` or
/// `wss://host[:port]/path` (TLS; port 443 unless given).
pub fn parse_address(text: &str) -> Result<Address, String> {
    let text = text.trim();
    let (rest, tls) = if let Some(rest) = text.strip_prefix("wss://") {
        (rest, true)
    } else {
        (text.strip_prefix("ws://").unwrap_or(text), false)
    };
    if let Some((scheme, _)) = rest.split_once("://") {
        return Err(format!(
            "'{text}': '{scheme}://' is not a game server's address (ws:// or wss://)"
        ));
    }
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    if authority.is_empty() {
        return Err("no server address".into());
    }
    if authority
        .chars()
        .any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(format!("'{text}': a server address has no spaces"));
    }
    // An IPv6 literal is written in brackets: [::1]:7627.
    let has_port = match authority.rfind(':') {
        Some(i) => !authority[i..].contains(']'),
        None => false,
    };
    let (host, host_port) = if has_port {
        let (host, port) = authority.rsplit_once(':').expect("checked");
        if host.is_empty() {
            return Err(format!("'{text}': no host before the port"));
        }
        port.parse::<u16>()
            .map_err(|_| format!("'{text}': '{port}' is not a port (1 to 65535)"))?;
        (host, authority.to_string())
    } else {
        let port = if tls { DEFAULT_TLS_PORT } else { DEFAULT_PORT };
        (authority, format!("{authority}:{port}"))
    };
    let host = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_string();
    let url = format!("{}://{host_port}{path}", if tls { "wss" } else { "ws" });
    Ok(Address {
        host,
        host_port,
        url,
        tls,
    })
}

/// An open (or opening) connection to a server. Dropping it closes the connection.
pub struct Connection {
    outgoing: async_mpsc::UnboundedSender<ClientMsg>,
    events: mpsc::Receiver<Event>,
    stop: Option<oneshot::Sender<()>>,
}

impl Connection {
    /// Connects to `address` (see [`parse_address`]) on a thread of its own and says
    /// `hello`. `wake` is called after each event is queued (the game's frame loop sleeps
    /// while nothing happens). A `wss://` server's certificate must come from an authority
    /// this computer trusts ([`tls::client_config`]).
    pub fn open(address: &str, wake: impl Fn() + Send + 'static) -> Connection {
        Connection::open_with(address, None, wake)
    }

    /// As [`Connection::open`], a `wss://` server's certificate checked against `trust`
    /// (tests, and tools that name their authority) instead of this computer's.
    pub fn open_trusting(
        address: &str,
        trust: Arc<rustls::ClientConfig>,
        wake: impl Fn() + Send + 'static,
    ) -> Connection {
        Connection::open_with(address, Some(trust), wake)
    }

    fn open_with(
        address: &str,
        trust: Option<Arc<rustls::ClientConfig>>,
        wake: impl Fn() + Send + 'static,
    ) -> Connection {
        let (outgoing, queue) = async_mpsc::unbounded_channel();
        let (sender, events) = mpsc::channel();
        let (stop, stopped) = oneshot::channel();
        let target = parse_address(address);
        // Detached: it ends within a close handshake's time of the stop, and leaving a game
        // never waits on the network for it.
        let _ = std::thread::Builder::new()
            .name("online connection".into())
            .spawn(move || {
                let report = |event: Event| {
                    let _ = sender.send(event);
                    wake();
                };
                let target = match target {
                    Ok(t) => t,
                    Err(why) => return report(Event::Closed(why)),
                };
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(r) => r,
                    Err(e) => return report(Event::Closed(format!("no network runtime: {e}"))),
                };
                let why = runtime.block_on(run(target, trust, queue, stopped, &report));
                report(Event::Closed(why));
            });
        Connection {
            outgoing,
            events,
            stop: Some(stop),
        }
    }

    /// Queues `msg` for the server; false once the connection is over.
    pub fn send(&self, msg: ClientMsg) -> bool {
        self.outgoing.send(msg).is_ok()
    }

    /// The next event, if one has arrived (never waits).
    pub fn try_recv(&self) -> Option<Event> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting at most `limit` (tests and tools; the game polls).
    pub fn recv_timeout(&self, limit: Duration) -> Option<Event> {
        self.events.recv_timeout(limit).ok()
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The connection's life: connect (TLS for `wss://`), `hello`, then relay both ways until
/// either side ends. Returns why it ended.
async fn run(
    target: Address,
    trust: Option<Arc<rustls::ClientConfig>>,
    queue: async_mpsc::UnboundedReceiver<ClientMsg>,
    stopped: oneshot::Receiver<()>,
    report: &dyn Fn(Event),
) -> String {
    let host_port = &target.host_port;
    // One deadline for the connection and every handshake on it.
    let deadline = tokio::time::Instant::now() + CONNECT_TIMEOUT;
    let late = || {
        format!(
            "{host_port} did not answer within {} s",
            CONNECT_TIMEOUT.as_secs()
        )
    };
    let stream = match tokio::time::timeout_at(deadline, TcpStream::connect(host_port)).await {
        Ok(Ok(stream)) => stream,
        Ok(Err(e)) => return format!("could not reach {host_port}: {e}"),
        Err(_) => return late(),
    };
    let _ = stream.set_nodelay(true);
    if !target.tls {
        return relay(stream, &target, deadline, queue, stopped, report).await;
    }
    let name = match rustls::pki_types::ServerName::try_from(target.host.clone()) {
        Ok(name) => name,
        Err(_) => {
            return format!(
                "'{}' is not a host name a certificate can name",
                target.host
            );
        }
    };
    // The system's roots are read here, off the game's frame.
    let trust = trust.unwrap_or_else(tls::client_config);
    let handshake = tokio_rustls::TlsConnector::from(trust).connect(name, stream);
    match tokio::time::timeout_at(deadline, handshake).await {
        Ok(Ok(stream)) => relay(stream, &target, deadline, queue, stopped, report).await,
        Ok(Err(e)) => format!(
            "{host_port}: no secure connection: {}",
            tls_failure(&e, &target)
        ),
        Err(_) => late(),
    }
}

/// Why a TLS handshake failed, as a player can act on it.
fn tls_failure(e: &io::Error, target: &Address) -> String {
    use rustls::{CertificateError, Error};
    let plain = || {
        format!(
            "it does not speak TLS (a server without a certificate: ws://{})",
            target.host_port
        )
    };
    let Some(tls) = e.get_ref().and_then(|inner| inner.downcast_ref::<Error>()) else {
        // A plain WebSocket server reads the TLS greeting as a bad request and hangs up.
        return match e.kind() {
            io::ErrorKind::UnexpectedEof | io::ErrorKind::ConnectionReset => {
                format!("it closed the connection: {}", plain())
            }
            _ => e.to_string(),
        };
    };
    match tls {
        Error::InvalidCertificate(CertificateError::UnknownIssuer) => {
            "its certificate is not from an authority this computer trusts (a server with \
             its own authority: add it to the system's, or name its file in SSL_CERT_FILE)"
                .into()
        }
        Error::InvalidCertificate(
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
        ) => format!("its certificate is not for '{}'", target.host),
        Error::InvalidCertificate(
            CertificateError::Expired | CertificateError::ExpiredContext { .. },
        ) => "its certificate has expired".into(),
        Error::InvalidMessage(_) | Error::InappropriateMessage { .. } => plain(),
        other => other.to_string(),
    }
}

/// The WebSocket over an open stream (TCP, or TLS over it): its handshake within
/// `deadline`, `hello`, then the relay.
async fn relay<S>(
    stream: S,
    target: &Address,
    deadline: tokio::time::Instant,
    mut queue: async_mpsc::UnboundedReceiver<ClientMsg>,
    mut stopped: oneshot::Receiver<()>,
    report: &dyn Fn(Event),
) -> String
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let host_port = &target.host_port;
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .max_message_size(Some(MAX_FRAME))
        .max_frame_size(Some(MAX_FRAME));
    let handshake =
        tokio_tungstenite::client_async_with_config(target.url.as_str(), stream, Some(config));
    let mut ws = match tokio::time::timeout_at(deadline, handshake).await {
        Ok(Ok((ws, _))) => ws,
        Ok(Err(e)) => return format!("{host_port} is not a game server: {e}"),
        Err(_) => {
            return format!(
                "{host_port} did not answer within {} s",
                CONNECT_TIMEOUT.as_secs()
            );
        }
    };
    let hello = ClientMsg::Hello {
        version: PROTOCOL_VERSION,
    };
    if let Err(e) = ws.send(text(&hello)).await {
        return format!("the connection to {host_port} failed: {e}");
    }
    report(Event::Connected);
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    // Pings unanswered in a row: the server (or the way to it) is gone.
    let mut unanswered = 0u32;
    loop {
        tokio::select! {
            _ = &mut stopped => {
                // What the game queued before it let go (a resignation as it leaves) is
                // sent first.
                while let Ok(msg) = queue.try_recv() {
                    if ws.send(text(&msg)).await.is_err() {
                        break;
                    }
                }
                let _ = ws.close(None).await;
                return "closed by the game".into();
            }
            msg = queue.recv() => {
                let Some(msg) = msg else {
                    let _ = ws.close(None).await;
                    return "closed by the game".into();
                };
                if let Err(e) = ws.send(text(&msg)).await {
                    return format!("the connection to {host_port} failed: {e}");
                }
            }
            _ = ping.tick() => {
                if unanswered >= 2 {
                    return format!("{host_port} stopped answering");
                }
                unanswered += 1;
                if let Err(e) = ws.send(Message::Ping(Vec::new().into())).await {
                    return format!("the connection to {host_port} failed: {e}");
                }
            }
            frame = ws.next() => {
                unanswered = 0;
                match frame {
                    Some(Ok(Message::Text(body))) => match serde_json::from_str::<ServerMsg>(&body) {
                        Ok(msg) => report(Event::Message(msg)),
                        Err(e) => return format!("{host_port} sent what is not the protocol ({e})"),
                    },
                    Some(Ok(Message::Close(_))) | None => {
                        return format!("{host_port} closed the connection");
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return format!("the connection to {host_port} failed: {e}"),
                }
            }
        }
    }
}

fn text(msg: &ClientMsg) -> Message {
    Message::Text(
        serde_json::to_string(msg)
            .expect("client messages serialise")
            .into(),
    )
}

/// The server a desktop game runs for its own player's games on the local network: the
/// same server as `gomoku-server`, its games in the game's data folder, on a thread of its
/// own. Dropping it stops it.
pub struct EmbeddedServer {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl EmbeddedServer {
    /// Starts serving on `listen` ("0.0.0.0:7627" for the local network; port 0 picks a
    /// free one) with its store in `data_dir`. Returns once it listens, or why it cannot.
    pub fn start(listen: &str, data_dir: &Path) -> io::Result<EmbeddedServer> {
        let store = SqliteStore::open_dir(data_dir, Durability::Process)
            .map_err(|e| io::Error::other(format!("{}: {e}", data_dir.display())))?;
        let listen = listen.to_string();
        let (ready, started) = mpsc::channel();
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("embedded server".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(1)
                    .enable_all()
                    .build()
                {
                    Ok(r) => r,
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                runtime.block_on(async move {
                    match Server::start(&listen, Config::default(), Box::new(store)).await {
                        Ok(server) => {
                            let _ = ready.send(Ok(server.addr()));
                            let _ = stopped.await;
                            server.stop().await;
                        }
                        Err(e) => {
                            let _ = ready.send(Err(e));
                        }
                    }
                });
            })?;
        let addr = started
            .recv_timeout(CONNECT_TIMEOUT)
            .map_err(|_| io::Error::other("the embedded server did not start"))??;
        Ok(EmbeddedServer {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address this computer's own connection uses.
    pub fn local_address(&self) -> String {
        format!("127.0.0.1:{}", self.addr.port())
    }
}

impl Drop for EmbeddedServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            // Stopping closes every connection and the store: quick, and the store must
            // be closed before the game exits.
            let _ = thread.join();
        }
    }
}

/// This computer's addresses on its networks (IPv4, not loopback), for the host to tell
/// the other player; read from the system's interface list, nothing is sent.
pub fn lan_addresses() -> Vec<IpAddr> {
    let mut found = Vec::new();
    // SAFETY: getifaddrs fills a list that freeifaddrs releases; each entry's address is
    // read only when present and of the IPv4 family, whose layout is sockaddr_in.
    unsafe {
        let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
        if libc::getifaddrs(&mut list) != 0 {
            return found;
        }
        let mut entry = list;
        while !entry.is_null() {
            let addr = (*entry).ifa_addr;
            if !addr.is_null() && i32::from((*addr).sa_family) == libc::AF_INET {
                let v4 = &*(addr as *const libc::sockaddr_in);
                let ip = std::net::Ipv4Addr::from(u32::from_be(v4.sin_addr.s_addr));
                if !ip.is_loopback() && !ip.is_unspecified() && !found.contains(&IpAddr::V4(ip)) {
                    found.push(IpAddr::V4(ip));
                }
            }
            entry = (*entry).ifa_next;
        }
        libc::freeifaddrs(list);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::protocol::{
        ClockSetting, GameKind, PlayedMove, Role, RuleName, SeatChoice, Settings,
    };

    const GUARD: Duration = Duration::from_secs(20);

    #[test]
    fn addresses_read_as_players_type_them() {
        let ok = |t: &str| parse_address(t).unwrap();
        assert_eq!(ok("127.0.0.1").host_port, "127.0.0.1:7627");
        assert_eq!(ok(" host.example:80 ").url, "ws://host.example:80/");
        assert_eq!(ok("ws://h:9/games").url, "ws://h:9/games");
        assert_eq!(ok("[::1]:7000").host_port, "[::1]:7000");
        assert_eq!(ok("[::1]").host_port, "[::1]:7627");
        assert_eq!(ok("[::1]").host, "::1");
        assert!(!ok("h").tls);
        // TLS: its own default port, the host as a certificate names it.
        let secure = ok("wss://games.example/play");
        assert!(secure.tls);
        assert_eq!(secure.host_port, "games.example:443");
        assert_eq!(secure.host, "games.example");
        assert_eq!(secure.url, "wss://games.example:443/play");
        assert_eq!(ok("wss://[::1]:9").url, "wss://[::1]:9/");
        for bad in [
            "",
            "h:0x",
            "h:70000",
            ":80",
            "a b",
            "wss://",
            "http://h",
            "ws://wss://h",
        ] {
            let why = parse_address(bad).unwrap_err();
            assert!(!why.is_empty(), "{bad}");
        }
        assert!(parse_address("h:70000").unwrap_err().contains("70000"));
        assert!(parse_address("http://h").unwrap_err().contains("http://"));
    }

    /// The next message, skipping none: the protocol's order is part of what is tested.
    fn next(c: &Connection) -> ServerMsg {
        match c.recv_timeout(GUARD) {
            Some(Event::Message(m)) => m,
            other => panic!("expected a message, got {other:?}"),
        }
    }

    #[test]
    fn two_connections_play_through_an_embedded_server() {
        let dir = std::env::temp_dir().join(format!("gomoku-embedded-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let server = EmbeddedServer::start("127.0.0.1:0", &dir).unwrap();
        let address = server.local_address();
        let host = Connection::open(&address, || {});
        assert_eq!(host.recv_timeout(GUARD), Some(Event::Connected));
        assert!(matches!(next(&host), ServerMsg::Hello { .. }));
        let settings = Settings {
            kind: GameKind::Gomoku {
                rule: RuleName::Freestyle,
                size: 15,
            },
            clock: ClockSetting::None,
            opening: Default::default(),
        };
        host.send(ClientMsg::Host {
            settings,
            seat: SeatChoice::First,
            name: "Ana".into(),
        });
        let ServerMsg::Welcome { code, role, token } = next(&host) else {
            panic!("no welcome");
        };
        assert_eq!((role, token.is_some()), (Role::First, true));
        assert!(matches!(next(&host), ServerMsg::State(_)));

        let guest = Connection::open(&address, || {});
        assert_eq!(guest.recv_timeout(GUARD), Some(Event::Connected));
        assert!(matches!(next(&guest), ServerMsg::Hello { .. }));
        guest.send(ClientMsg::Join {
            code: code.clone(),
            name: "Ben".into(),
        });
        assert!(matches!(
            next(&guest),
            ServerMsg::Welcome {
                role: Role::Second,
                ..
            }
        ));
        let ServerMsg::State(state) = next(&guest) else {
            panic!("no state");
        };
        assert_eq!(state.names, [Some("Ana".into()), Some("Ben".into())]);
        assert!(matches!(next(&host), ServerMsg::State(_)));

        host.send(ClientMsg::Place { x: 7, y: 7 });
        for c in [&host, &guest] {
            let ServerMsg::MovePlayed { ply, played, .. } = next(c) else {
                panic!("no move");
            };
            assert_eq!((ply, played), (1, PlayedMove::Place { x: 7, y: 7 }));
        }
        // The server refuses what the rules refuse, to the sender alone.
        guest.send(ClientMsg::Place { x: 7, y: 7 });
        assert!(matches!(next(&guest), ServerMsg::Error { .. }));

        // The server gone: the connection says so (its store closed cleanly first).
        drop(server);
        let closed = (0..10).find_map(|_| match guest.recv_timeout(GUARD) {
            Some(Event::Closed(why)) => Some(why),
            Some(_) => None,
            None => Some("no event".into()),
        });
        let why = closed.expect("the end is reported");
        assert!(why.contains(&address), "the reason names the server: {why}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unreachable_server_is_reported_not_waited_for_in_the_caller() {
        // A port nobody listens on, on this machine: bind one and let it go.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let c = Connection::open(&format!("127.0.0.1:{port}"), || {});
        match c.recv_timeout(GUARD) {
            Some(Event::Closed(why)) => assert!(why.contains("could not reach"), "{why}"),
            other => panic!("expected the failure, got {other:?}"),
        }
    }
}
