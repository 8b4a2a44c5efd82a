//! The players: the board as a client keeps it, its connections, their pacing within the
//! server's rate, and one game played from connecting to the end.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use gomoku::online::protocol::{
    ClientMsg, ClockSetting, ErrorCode, GameKind, GameResult, PROTOCOL_VERSION, PlayedMove,
    RuleName, SeatChoice, ServerMsg, Settings,
};
use gomoku::online::server::Config;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::*;

/// What a move did to the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Outcome {
    Continues,
    Won,
    Drawn,
}

/// The position a client tracks to choose legal moves and to know when the server will end
/// the game. Cells are `x + y * width` (Gomoku: `y` from the top; Connect Four: `x` the
/// column, `y` the row from the bottom), 0 empty, 1 or 2 the seat's stone.
pub(crate) struct Board {
    pub(crate) game: GameChoice,
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// Stones in a row that win: five or more (freestyle) or four (Connect Four).
    pub(crate) line: usize,
    pub(crate) cells: Vec<u8>,
    pub(crate) stones: usize,
}

impl Board {
    pub(crate) fn new(game: GameChoice) -> Board {
        let (width, height, line) = match game {
            GameChoice::Gomoku => (15, 15, 5),
            GameChoice::Connect4 => (7, 6, 4),
        };
        Board {
            game,
            width,
            height,
            line,
            cells: vec![0; width * height],
            stones: 0,
        }
    }

    /// The lowest free row of a Connect Four column.
    pub(crate) fn free_row(&self, column: usize) -> Option<usize> {
        (0..self.height).find(|&y| self.cells[column + y * self.width] == 0)
    }

    /// Every legal move, as the server will report it.
    pub(crate) fn legal(&self) -> Vec<PlayedMove> {
        match self.game {
            GameChoice::Gomoku => (0..self.cells.len())
                .filter(|&i| self.cells[i] == 0)
                .map(|i| PlayedMove::Place {
                    x: (i % self.width) as u32,
                    y: (i / self.width) as u32,
                })
                .collect(),
            GameChoice::Connect4 => (0..self.width)
                .filter_map(|c| {
                    self.free_row(c).map(|row| PlayedMove::Drop {
                        column: c as u32,
                        row: row as u32,
                    })
                })
                .collect(),
        }
    }

    pub(crate) fn random_move(&self, rng: &mut StdRng) -> Option<PlayedMove> {
        let legal = self.legal();
        (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
    }

    /// Plays a move the server reported; `Err` when it is not legal here (the two sides
    /// disagree about the position).
    pub(crate) fn play(&mut self, played: PlayedMove, stone: u8) -> Result<Outcome, &'static str> {
        let (x, y) = match (self.game, played) {
            (GameChoice::Gomoku, PlayedMove::Place { x, y }) => (x as usize, y as usize),
            (GameChoice::Connect4, PlayedMove::Drop { column, row }) => {
                let column = column as usize;
                if column >= self.width || self.free_row(column) != Some(row as usize) {
                    return Err("a drop that does not land where the client expects");
                }
                (column, row as usize)
            }
            _ => return Err("the other game's kind of move"),
        };
        if x >= self.width || y >= self.height || self.cells[x + y * self.width] != 0 {
            return Err("a move on an occupied or missing point");
        }
        self.cells[x + y * self.width] = stone;
        self.stones += 1;
        let at = |x: isize, y: isize| {
            (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
                .then(|| self.cells[x as usize + y as usize * self.width])
        };
        let run = |dx: isize, dy: isize| {
            let (mut n, mut cx, mut cy) = (0, x as isize + dx, y as isize + dy);
            while at(cx, cy) == Some(stone) {
                n += 1;
                cx += dx;
                cy += dy;
            }
            n
        };
        let won = [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dx, dy)| 1 + run(dx, dy) + run(-dx, -dy) >= self.line);
        Ok(if won {
            Outcome::Won
        } else if self.stones == self.cells.len() {
            Outcome::Drawn
        } else {
            Outcome::Continues
        })
    }
}

// ---- Clients ----

/// Why a game stopped short.
#[derive(Clone, Debug)]
pub(crate) enum Fail {
    /// A message did not come within `--timeout`.
    Timeout,
    /// The run's `--time-limit` came first.
    TimeLimit,
    /// The connection could not be opened or the WebSocket handshake failed.
    Connect,
    /// The server closed the connection.
    Closed,
    /// The server answered with an `error` message.
    Protocol(ErrorCode),
    /// A message the protocol does not allow here.
    Unexpected(&'static str),
}

impl Fail {
    pub(crate) fn kind(&self) -> String {
        match self {
            Fail::Timeout => "timeout".into(),
            Fail::TimeLimit => "cut by the time limit".into(),
            Fail::Connect => "connect failed".into(),
            Fail::Closed => "connection closed".into(),
            Fail::Protocol(code) => {
                let name = serde_json::to_string(code).unwrap_or_default();
                format!("error {}", name.trim_matches('"'))
            }
            Fail::Unexpected(what) => format!("unexpected: {what}"),
        }
    }
}

/// The bounds on a wait: the per-message timeout and the run's deadline.
#[derive(Clone, Copy)]
pub(crate) struct Bounds {
    pub(crate) timeout: Duration,
    pub(crate) deadline: tokio::time::Instant,
}

impl Bounds {
    /// `fut` within the per-message timeout and the deadline.
    pub(crate) async fn message<T>(&self, fut: impl Future<Output = T>) -> Result<T, Fail> {
        let at = (tokio::time::Instant::now() + self.timeout).min(self.deadline);
        match tokio::time::timeout_at(at, fut).await {
            Ok(v) => Ok(v),
            Err(_) if at >= self.deadline => Err(Fail::TimeLimit),
            Err(_) => Err(Fail::Timeout),
        }
    }

    /// `fut` within the deadline alone (waiting for the other games).
    pub(crate) async fn run<T>(&self, fut: impl Future<Output = T>) -> Result<T, Fail> {
        tokio::time::timeout_at(self.deadline, fut)
            .await
            .map_err(|_| Fail::TimeLimit)
    }
}

/// A client-side token bucket below the server's, so the benchmark never trips the rate
/// limit it is not meant to measure.
pub(crate) struct Pace {
    pub(crate) tokens: f64,
    pub(crate) at: Instant,
    pub(crate) rate: f64,
    pub(crate) burst: f64,
}

impl Pace {
    pub(crate) fn new(config: &Config) -> Pace {
        let burst = (config.burst * PACE_SHARE / 2.0).floor().max(1.0);
        Pace {
            tokens: burst,
            at: Instant::now(),
            rate: config.messages_per_second * PACE_SHARE,
            burst,
        }
    }

    /// Waits until one more message keeps within the rate.
    pub(crate) async fn take(&mut self) {
        let now = Instant::now();
        self.tokens = (self.tokens + (now - self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
        if self.tokens < 1.0 {
            let wait = (1.0 - self.tokens) / self.rate;
            tokio::time::sleep(Duration::from_secs_f64(wait)).await;
            self.tokens = 1.0;
            self.at = Instant::now();
        }
        self.tokens -= 1.0;
    }
}

pub(crate) struct Client {
    pub(crate) ws: WebSocketStream<TcpStream>,
    pub(crate) pace: Pace,
}

impl Client {
    /// Connected and past `hello`.
    pub(crate) async fn ready(
        addr: SocketAddr,
        config: &Config,
        b: Bounds,
    ) -> Result<Client, Fail> {
        let stream = b
            .message(TcpStream::connect(addr))
            .await?
            .map_err(|_| Fail::Connect)?;
        let (ws, _) = b
            .message(tokio_tungstenite::client_async_with_config(
                format!("ws://{addr}/"),
                stream,
                Some(WebSocketConfig::default().read_buffer_size(CLIENT_READ_BUFFER)),
            ))
            .await?
            .map_err(|_| Fail::Connect)?;
        let mut c = Client {
            ws,
            pace: Pace::new(config),
        };
        c.send(
            &ClientMsg::Hello {
                version: PROTOCOL_VERSION,
            },
            b,
        )
        .await?;
        match c.recv(b).await? {
            ServerMsg::Hello { .. } => Ok(c),
            _ => Err(Fail::Unexpected("no hello")),
        }
    }

    pub(crate) async fn send(&mut self, msg: &ClientMsg, b: Bounds) -> Result<(), Fail> {
        b.message(self.pace.take()).await?;
        self.write(msg, b).await
    }

    /// Sends without pacing: the caller has taken the rate's token.
    pub(crate) async fn write(&mut self, msg: &ClientMsg, b: Bounds) -> Result<(), Fail> {
        let text = serde_json::to_string(msg).expect("client messages serialise");
        b.message(self.ws.send(Message::Text(text.into())))
            .await?
            .map_err(|_| Fail::Closed)
    }

    /// The next server message; an `error` is a failure.
    pub(crate) async fn recv(&mut self, b: Bounds) -> Result<ServerMsg, Fail> {
        loop {
            let frame = match b.message(self.ws.next()).await? {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return Err(Fail::Closed),
                Some(Ok(frame)) => frame,
            };
            let Message::Text(text) = frame else {
                continue; // pings and pongs
            };
            return match serde_json::from_str(&text) {
                Ok(ServerMsg::Error { code, .. }) => Err(Fail::Protocol(code)),
                Ok(msg) => Ok(msg),
                Err(_) => Err(Fail::Unexpected("not a server message")),
            };
        }
    }

    pub(crate) async fn welcome(&mut self, b: Bounds) -> Result<String, Fail> {
        match self.recv(b).await? {
            ServerMsg::Welcome { code, .. } => Ok(code),
            _ => Err(Fail::Unexpected("no welcome")),
        }
    }

    /// The next `state`: true when both seats are taken in it.
    pub(crate) async fn state(&mut self, b: Bounds) -> Result<bool, Fail> {
        match self.recv(b).await? {
            ServerMsg::State(s) => Ok(s.to_move.is_some()),
            _ => Err(Fail::Unexpected("no state")),
        }
    }

    pub(crate) async fn move_played(&mut self, ply: u32, b: Bounds) -> Result<PlayedMove, Fail> {
        match self.recv(b).await? {
            ServerMsg::MovePlayed { ply: p, played, .. } if p == ply => Ok(played),
            ServerMsg::MovePlayed { .. } => Err(Fail::Unexpected("a move with another ply")),
            ServerMsg::GameOver { .. } => Err(Fail::Unexpected("the game ended early")),
            _ => Err(Fail::Unexpected("no move_played")),
        }
    }

    pub(crate) async fn game_over(&mut self, b: Bounds) -> Result<GameResult, Fail> {
        match self.recv(b).await? {
            ServerMsg::GameOver { result, .. } => Ok(result),
            _ => Err(Fail::Unexpected("no game_over")),
        }
    }
}

// ---- One game ----

/// How a game ended for the benchmark.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum End {
    /// Never got going, or stopped by a failure.
    #[default]
    Unfinished,
    Won,
    Drawn,
    /// `--moves` played, then resigned.
    Resigned,
}

#[derive(Default)]
pub(crate) struct Report {
    pub(crate) connected: bool,
    pub(crate) moves: u64,
    /// Each move's round trip in microseconds.
    pub(crate) latencies: Vec<u32>,
    pub(crate) end: End,
    pub(crate) fail: Option<Fail>,
}

/// What the games share with the main task while they run.
pub(crate) struct Shared {
    pub(crate) args: Args,
    pub(crate) config: Config,
    pub(crate) addr: SocketAddr,
    pub(crate) bounds: Bounds,
    /// Games past their connection phase, connected or not.
    pub(crate) ready: AtomicUsize,
    pub(crate) moves: AtomicU64,
    pub(crate) connecting: Semaphore,
}

pub(crate) async fn game(
    index: usize,
    shared: Arc<Shared>,
    start: watch::Receiver<bool>,
) -> Report {
    let mut report = Report::default();
    if let Err(fail) = play(index, &shared, start, &mut report).await {
        report.fail = Some(fail);
    }
    report
}

pub(crate) async fn play(
    index: usize,
    shared: &Shared,
    mut start: watch::Receiver<bool>,
    report: &mut Report,
) -> Result<(), Fail> {
    let b = shared.bounds;
    let args = &shared.args;
    let connected = connect_pair(index, shared).await;
    shared.ready.fetch_add(1, Ordering::Relaxed);
    // By seat: the host takes the first seat.
    let mut seats = connected?;
    report.connected = true;
    b.run(start.wait_for(|go| *go))
        .await?
        .map_err(|_| Fail::TimeLimit)?;

    // Each game its own stream, so a game's moves do not depend on the others' timing.
    let mut rng =
        StdRng::seed_from_u64(args.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut board = Board::new(args.game);
    let mut ply = 0u32;
    let outcome = loop {
        if ply == args.moves {
            break Outcome::Continues;
        }
        let mover = (ply % 2) as usize;
        let Some(choice) = board.random_move(&mut rng) else {
            return Err(Fail::Unexpected("no legal move, yet no draw"));
        };
        if !args.think.is_zero() {
            b.run(tokio::time::sleep(args.think)).await?;
        }
        ply += 1;
        let [first, second] = &mut seats;
        let (own, other) = if mover == 0 {
            (first, second)
        } else {
            (second, first)
        };
        // The round trip starts once the rate allows the message, not while it is held.
        b.message(own.pace.take()).await?;
        let sent = Instant::now();
        own.write(&choice.to_client(), b).await?;
        let played = own.move_played(ply, b).await?;
        let micros = sent.elapsed().as_micros().min(u32::MAX as u128) as u32;
        report.latencies.push(micros);
        if played != choice {
            return Err(Fail::Unexpected("move_played is not the move sent"));
        }
        if other.move_played(ply, b).await? != played {
            return Err(Fail::Unexpected("the two players saw different moves"));
        }
        report.moves += 1;
        shared.moves.fetch_add(1, Ordering::Relaxed);
        match board
            .play(played, mover as u8 + 1)
            .map_err(Fail::Unexpected)?
        {
            Outcome::Continues => {}
            end => break end,
        }
    };
    if outcome == Outcome::Continues {
        // `--moves` played: the side to move resigns.
        seats[(ply % 2) as usize]
            .send(&ClientMsg::Resign {}, b)
            .await?;
    }
    for client in &mut seats {
        let result = client.game_over(b).await?;
        let winner = result.winner.is_some();
        if winner != (outcome != Outcome::Drawn) {
            return Err(Fail::Unexpected("a result the client did not expect"));
        }
    }
    report.end = match outcome {
        Outcome::Won => End::Won,
        Outcome::Drawn => End::Drawn,
        Outcome::Continues => End::Resigned,
    };
    // A finished game leaves the server's memory once both players have left.
    for client in &mut seats {
        let _ = b.message(client.ws.close(None)).await;
    }
    Ok(())
}

/// Host and guest, connected, past `hello`, seated, and the game started: `[first, second]`.
pub(crate) async fn connect_pair(index: usize, shared: &Shared) -> Result<[Client; 2], Fail> {
    let b = shared.bounds;
    let _permit = b
        .run(shared.connecting.acquire())
        .await?
        .map_err(|_| Fail::TimeLimit)?;
    let kind = match shared.args.game {
        GameChoice::Gomoku => GameKind::Gomoku {
            rule: RuleName::Freestyle,
            size: 15,
        },
        GameChoice::Connect4 => GameKind::Connect4,
    };
    let mut host = Client::ready(shared.addr, &shared.config, b).await?;
    host.send(
        &ClientMsg::Host {
            settings: Settings {
                kind,
                clock: ClockSetting::Fischer {
                    minutes: 10,
                    increment_seconds: 5,
                },
                opening: Default::default(),
            },
            seat: SeatChoice::First,
            name: format!("host {index}"),
        },
        b,
    )
    .await?;
    let code = host.welcome(b).await?;
    host.state(b).await?;
    let mut guest = Client::ready(shared.addr, &shared.config, b).await?;
    guest
        .send(
            &ClientMsg::Join {
                code,
                name: format!("guest {index}"),
            },
            b,
        )
        .await?;
    guest.welcome(b).await?;
    for c in [&mut host, &mut guest] {
        if !c.state(b).await? {
            return Err(Fail::Unexpected("a state without the second player"));
        }
    }
    Ok([host, guest])
}
