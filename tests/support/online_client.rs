//! The online tests' client and helpers: a WebSocket client on 127.0.0.1 whose every wait
//! is bounded by a guard, and the moves and games the tests share.

#![allow(dead_code)] // each includer uses its own part

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use gomoku::online::protocol::{
    ClientMsg, ClockSetting, ErrorCode, GameKind, GameResult, GameState, PROTOCOL_VERSION,
    PlayedMove, Role, RuleName, Seat, SeatChoice, ServerMsg, Settings,
};
use gomoku::online::server::{Config, Server};
use gomoku::online::store::{MemoryStore, Store};
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

/// Longest any single wait may take before the test counts it as a hang.
pub const GUARD: Duration = Duration::from_secs(20);
/// Most messages read while looking for one kind.
pub const MAX_SKIP: usize = 20;

pub fn config() -> Config {
    Config {
        seed: Some(7),
        ..Config::default()
    }
}

pub async fn server_with(config: Config, store: Box<dyn Store>) -> Server {
    Server::start("127.0.0.1:0", config, store).await.unwrap()
}

pub async fn server() -> Server {
    server_with(config(), Box::new(MemoryStore::new())).await
}

pub struct Client {
    pub ws: WebSocketStream<TcpStream>,
}

impl Client {
    pub async fn connect(server: &Server) -> Client {
        Client::connect_to(server.addr()).await
    }

    pub async fn connect_to(addr: SocketAddr) -> Client {
        let stream = tokio::time::timeout(GUARD, TcpStream::connect(addr))
            .await
            .unwrap()
            .unwrap();
        let (ws, _) = tokio::time::timeout(
            GUARD,
            tokio_tungstenite::client_async(format!("ws://{addr}/"), stream),
        )
        .await
        .unwrap()
        .unwrap();
        Client { ws }
    }

    /// Connected and past `hello`.
    pub async fn ready(server: &Server) -> Client {
        Client::ready_at(server.addr()).await
    }

    pub async fn ready_at(addr: SocketAddr) -> Client {
        let mut c = Client::connect_to(addr).await;
        c.send(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
        })
        .await;
        assert_eq!(
            c.recv().await,
            ServerMsg::Hello {
                version: PROTOCOL_VERSION
            }
        );
        c
    }

    pub async fn send(&mut self, msg: &ClientMsg) {
        self.raw(&serde_json::to_string(msg).unwrap()).await;
    }

    pub async fn raw(&mut self, text: &str) {
        self.frame(Message::Text(text.to_string().into())).await;
    }

    pub async fn frame(&mut self, msg: Message) {
        tokio::time::timeout(GUARD, self.ws.send(msg))
            .await
            .unwrap()
            .unwrap();
    }

    /// The next server message, or `None` once the server closed the connection.
    pub async fn next(&mut self) -> Option<ServerMsg> {
        loop {
            let frame = tokio::time::timeout(GUARD, self.ws.next())
                .await
                .expect("no message within the guard");
            match frame {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return None,
                Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(&t).unwrap()),
                Some(Ok(_)) => continue,
            }
        }
    }

    pub async fn recv(&mut self) -> ServerMsg {
        self.next().await.expect("connection closed")
    }

    pub async fn error(&mut self) -> (ErrorCode, String) {
        match self.recv().await {
            ServerMsg::Error { code, message } => (code, message),
            other => panic!("expected an error, got {other:?}"),
        }
    }

    /// Reads until a message `pick` accepts, skipping others (a bounded number).
    pub async fn until<T>(&mut self, mut pick: impl FnMut(ServerMsg) -> Option<T>) -> T {
        for _ in 0..MAX_SKIP {
            if let Some(t) = pick(self.recv().await) {
                return t;
            }
        }
        panic!("nothing matched in {MAX_SKIP} messages");
    }

    pub async fn state(&mut self) -> GameState {
        self.until(|m| match m {
            ServerMsg::State(s) => Some(s),
            _ => None,
        })
        .await
    }

    pub async fn welcome(&mut self) -> (String, Role, Option<String>) {
        match self.recv().await {
            ServerMsg::Welcome { code, role, token } => (code, role, token),
            other => panic!("expected welcome, got {other:?}"),
        }
    }

    pub async fn move_played(&mut self) -> (u32, Seat, PlayedMove) {
        self.until(|m| match m {
            ServerMsg::MovePlayed {
                ply, seat, played, ..
            } => Some((ply, seat, played)),
            _ => None,
        })
        .await
    }

    pub async fn game_over(&mut self) -> GameResult {
        self.until(|m| match m {
            ServerMsg::GameOver { result, .. } => Some(result),
            _ => None,
        })
        .await
    }
}

pub fn gomoku(rule: RuleName) -> Settings {
    Settings {
        kind: GameKind::Gomoku { rule, size: 15 },
        clock: ClockSetting::Fischer {
            minutes: 10,
            increment_seconds: 5,
        },
        opening: Default::default(),
    }
}

/// A hosts in the first seat, B joins: both past the opening state.
pub async fn pair(server: &Server, settings: Settings) -> (Client, Client, String, [String; 2]) {
    let mut a = Client::ready(server).await;
    a.send(&ClientMsg::Host {
        settings,
        seat: SeatChoice::First,
        name: "Ana".into(),
    })
    .await;
    let (code, role, token_a) = a.welcome().await;
    assert_eq!(role, Role::First);
    assert_eq!(code.len(), 13);
    let first = a.state().await;
    assert_eq!(first.names, [Some("Ana".into()), None]);
    assert_eq!(first.to_move, None);
    assert_eq!(first.connected, [true, false]);
    let mut b = Client::ready(server).await;
    // Codes are read whatever the case.
    b.send(&ClientMsg::Join {
        code: code.to_lowercase(),
        name: "Bo".into(),
    })
    .await;
    let (_, role, token_b) = b.welcome().await;
    assert_eq!(role, Role::Second);
    let sb = b.state().await;
    let sa = a.state().await;
    assert_eq!(sa, sb);
    assert_eq!(sa.names, [Some("Ana".into()), Some("Bo".into())]);
    assert_eq!(sa.to_move, Some(Seat::First));
    (a, b, code, [token_a.unwrap(), token_b.unwrap()])
}

/// `mover` places at (x, y); every client in `all` sees it as move `ply`.
pub async fn place(mover: &mut Client, others: &mut [&mut Client], x: u32, y: u32, ply: u32) {
    mover.send(&ClientMsg::Place { x, y }).await;
    let played = PlayedMove::Place { x, y };
    assert_eq!(mover.move_played().await.0, ply);
    for c in others.iter_mut() {
        let (p, _, m) = c.move_played().await;
        assert_eq!((p, m), (ply, played));
    }
}

/// `mover` takes `played` (a stone or an opening's action); every client in `others` sees
/// it as move `ply` by the same seat, which is returned.
pub async fn act(
    mover: &mut Client,
    others: &mut [&mut Client],
    played: PlayedMove,
    ply: u32,
) -> Seat {
    mover.send(&played.to_client()).await;
    let (p, seat, m) = mover.move_played().await;
    assert_eq!((p, m), (ply, played));
    for c in others.iter_mut() {
        assert_eq!(c.move_played().await, (ply, seat, played));
    }
    seat
}

/// `mover` drops in `column`; everyone sees it land in `row` as move `ply`.
pub async fn drop_in(
    mover: &mut Client,
    others: &mut [&mut Client],
    column: u32,
    row: u32,
    ply: u32,
) {
    mover.send(&ClientMsg::Drop { column }).await;
    let played = PlayedMove::Drop { column, row };
    assert_eq!(mover.move_played().await, (ply, mover_seat(ply), played));
    for c in others.iter_mut() {
        assert_eq!(c.move_played().await, (ply, mover_seat(ply), played));
    }
}

pub fn mover_seat(ply: u32) -> Seat {
    if ply % 2 == 1 {
        Seat::First
    } else {
        Seat::Second
    }
}
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-online-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
