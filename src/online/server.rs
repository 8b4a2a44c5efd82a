//! The WebSocket server: connections, join codes, tokens, limits, and the relay of every
//! game's events. Games live in one [`Hub`] behind a mutex that is never held across an
//! `.await`, so one slow connection never holds up another.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::hub::{After, Hub, Peer, Seating, Times};
use super::protocol::{ErrorCode, ProtoError, ServerMsg};
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
    /// How often running clocks are checked for a fallen flag (and games nobody plays any
    /// more are swept).
    pub clock_tick: Duration,
    /// How long a seated player whose connection closed may take to come back before the
    /// opponent may `claim_win`.
    pub reconnect_grace: Duration,
    /// A game under way with no seated player connected for this long ends abandoned.
    pub abandon_after: Duration,
    /// A game whose second seat stays empty this long ends abandoned.
    pub unjoined_after: Duration,
    /// Seeds the codes and tokens (tests); `None` takes the operating system's randomness.
    pub seed: Option<u64>,
    /// Serves `wss://` with this certificate (see [`super::tls::server_config`]); `None`
    /// serves plain `ws://` (the local network, or behind a proxy that ends TLS).
    pub tls: Option<Arc<rustls::ServerConfig>>,
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
            reconnect_grace: Duration::from_secs(60),
            abandon_after: Duration::from_secs(24 * 3600),
            unjoined_after: Duration::from_secs(3600),
            seed: None,
            tls: None,
        }
    }
}

/// A connection's read buffer: a few messages' worth.
const BUFFER: usize = 8 * 1024;

/// Messages queued for one connection before it counts as too slow and is dropped.
const OUTBOX: usize = 256;

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
        let times = Times {
            reconnect_grace: config.reconnect_grace,
            abandon_after: config.abandon_after,
            unjoined_after: config.unjoined_after,
        };
        let hub = Arc::new(Mutex::new(Hub::load(store, rng, times)?));
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
                    conns.spawn(open(stream, addr.ip(), hub.clone(), config.clone()));
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

/// Longest a new connection may take over its TLS and WebSocket handshakes.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// A new connection: TLS first where the server has a certificate.
async fn open(stream: TcpStream, ip: IpAddr, hub: Arc<Mutex<Hub>>, config: Arc<Config>) {
    match config.tls.clone() {
        None => connection(stream, ip, hub, config).await,
        Some(tls) => {
            let accept = tokio_rustls::TlsAcceptor::from(tls).accept(stream);
            // A client that is not TLS, or does not trust the certificate, just ends here;
            // it is told by its own TLS layer.
            if let Ok(Ok(stream)) = tokio::time::timeout(HANDSHAKE, accept).await {
                connection(stream, ip, hub, config).await;
            }
        }
    }
}

async fn connection<S>(stream: S, ip: IpAddr, hub: Arc<Mutex<Hub>>, config: Arc<Config>)
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    // Messages are at most a few KiB: tungstenite's default 128 KiB buffers each way would
    // be most of a connection's memory (online-bench: 295 KiB a game).
    let ws_config = WebSocketConfig::default()
        .max_message_size(Some(config.max_message_bytes))
        .max_frame_size(Some(config.max_message_bytes))
        .read_buffer_size(BUFFER)
        .write_buffer_size(0);
    let handshake = tokio_tungstenite::accept_async_with_config(stream, Some(ws_config));
    let Ok(Ok(mut ws)) = tokio::time::timeout(HANDSHAKE, handshake).await else {
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
                let after = match super::checks::parse_client(body.as_str()) {
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
    use crate::online::hub::{BASE32, CODE_CHARS, base32, normalise_code};

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
