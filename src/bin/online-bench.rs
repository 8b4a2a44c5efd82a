//! The online server under load: one server in this process on 127.0.0.1 (port 0), N games
//! played at once by pairs of WebSocket clients in the same process, each choosing random
//! legal moves from a seeded generator until the game ends or `--moves` moves, then
//! resigning. Prints games completed, moves per second, each move's round trip (sending it to
//! its `move_played` on the mover's connection), errors by kind, the process's memory (both
//! ends together; the clients' small read buffers leave it mostly the server's) and its CPU
//! time.
//!
//! Every wait is bounded by `--timeout` and the whole run by `--time-limit`: on the limit it
//! reports what it has. Clients keep within the server's message rate; the only limits
//! raised are the connections per address (every client is on 127.0.0.1) and the idle
//! timeout (a connection waits while the others connect).
//!
//! `cargo run --release --no-default-features --features tools --bin online-bench
//! [-- --games 1000 --moves 40 --seed 1 --store sqlite --game gomoku]`

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use gomoku::online::protocol::{
    ClientMsg, ClockSetting, ErrorCode, GameKind, GameResult, PROTOCOL_VERSION, PlayedMove,
    RuleName, SeatChoice, ServerMsg, Settings,
};
use gomoku::online::server::{Config, Server};
use gomoku::online::store::{Durability, MemoryStore, SqliteStore, Store};
use lexopt::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[path = "common/cli.rs"]
mod cli;

const USAGE: &str = "usage: online-bench [--games N] [--moves M] [--seed S] [--store KIND]
                    [--game gomoku|connect4] [--time-limit SECONDS] [--timeout SECONDS]
                    [--threads N] [--think-ms MS]

  --games N           games played at once, two connections each (default 1000)
  --moves M           moves a game at most, then the side to move resigns (default 40)
  --seed S            seeds every game's moves (default 1)
  --store KIND        sqlite (in a fresh temporary folder, the default: a move survives
                      the process killed), sqlite-fsync (an fsync a move: it survives a
                      power cut too, as gomoku-server --fsync) or memory
  --game KIND         gomoku (freestyle 15x15, the default) or connect4
  --time-limit SECS   the whole run at most; then it reports what it has (default 300)
  --timeout SECS      any one message at most (default 10)
  --threads N         tokio worker threads (default: one a CPU)
  --think-ms MS       a pause before each move (default 0: as fast as the rate limit allows)";

/// Handshakes in flight at once while the games connect: more would overflow the listener's
/// backlog, and a refused SYN is retried only after a second.
const CONNECTING: usize = 64;

/// The clients' WebSocket read buffer, in bytes. tungstenite's default (128 KiB, zero-filled
/// at the first read) would make the clients half of the process's memory; with 4 KiB the
/// memory measured is mostly the server's, and the figure per game an upper bound on it.
const CLIENT_READ_BUFFER: usize = 4096;

/// How often the memory is sampled during play.
const SAMPLE: Duration = Duration::from_millis(100);

/// The client's share of the server's message rate and burst: a margin so that scheduling
/// jitter never tips a client over the server's limit.
const PACE_SHARE: f64 = 0.9;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum StoreKind {
    Sqlite(Durability),
    Memory,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum GameChoice {
    Gomoku,
    Connect4,
}

#[derive(Clone, Debug)]
struct Args {
    games: usize,
    moves: u32,
    seed: u64,
    store: StoreKind,
    game: GameChoice,
    time_limit: Duration,
    timeout: Duration,
    threads: Option<usize>,
    think: Duration,
}

fn seconds(p: &mut lexopt::Parser, flag: &str) -> Result<Duration, lexopt::Error> {
    let s: f64 = cli::number(p, flag)?;
    Duration::try_from_secs_f64(s).map_err(|e| format!("{flag}: {s} ({e})").into())
}

fn parse_args(p: &mut lexopt::Parser) -> Result<Args, lexopt::Error> {
    let mut args = Args {
        games: 1000,
        moves: 40,
        seed: 1,
        store: StoreKind::Sqlite(Durability::Process),
        game: GameChoice::Gomoku,
        time_limit: Duration::from_secs(300),
        timeout: Duration::from_secs(10),
        threads: None,
        think: Duration::ZERO,
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("games") => args.games = cli::number(p, "--games")?,
            Long("moves") => args.moves = cli::number(p, "--moves")?,
            Long("seed") => args.seed = cli::number(p, "--seed")?,
            Long("store") => {
                args.store = match p.value()?.string()?.as_str() {
                    "sqlite" => StoreKind::Sqlite(Durability::Process),
                    "sqlite-fsync" => StoreKind::Sqlite(Durability::Power),
                    "memory" => StoreKind::Memory,
                    v => {
                        return Err(format!(
                            "--store: '{v}' is not sqlite, sqlite-fsync or memory"
                        )
                        .into());
                    }
                }
            }
            Long("game") => {
                args.game = match p.value()?.string()?.as_str() {
                    "gomoku" => GameChoice::Gomoku,
                    "connect4" => GameChoice::Connect4,
                    v => return Err(format!("--game: '{v}' is not gomoku or connect4").into()),
                }
            }
            Long("time-limit") => args.time_limit = seconds(p, "--time-limit")?,
            Long("timeout") => args.timeout = seconds(p, "--timeout")?,
            Long("threads") => args.threads = Some(cli::number(p, "--threads")?),
            Long("think-ms") => args.think = Duration::from_millis(cli::number(p, "--think-ms")?),
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    if args.games == 0 || args.moves == 0 || args.threads == Some(0) {
        return Err("--games, --moves and --threads must be at least 1".into());
    }
    Ok(args)
}

// ---- The board as a client keeps it ----

/// What a move did to the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Continues,
    Won,
    Drawn,
}

/// The position a client tracks to choose legal moves and to know when the server will end
/// the game. Cells are `x + y * width` (Gomoku: `y` from the top; Connect Four: `x` the
/// column, `y` the row from the bottom), 0 empty, 1 or 2 the seat's stone.
struct Board {
    game: GameChoice,
    width: usize,
    height: usize,
    /// Stones in a row that win: five or more (freestyle) or four (Connect Four).
    line: usize,
    cells: Vec<u8>,
    stones: usize,
}

impl Board {
    fn new(game: GameChoice) -> Board {
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
    fn free_row(&self, column: usize) -> Option<usize> {
        (0..self.height).find(|&y| self.cells[column + y * self.width] == 0)
    }

    /// Every legal move, as the server will report it.
    fn legal(&self) -> Vec<PlayedMove> {
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

    fn random_move(&self, rng: &mut StdRng) -> Option<PlayedMove> {
        let legal = self.legal();
        (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
    }

    /// Plays a move the server reported; `Err` when it is not legal here (the two sides
    /// disagree about the position).
    fn play(&mut self, played: PlayedMove, stone: u8) -> Result<Outcome, &'static str> {
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

fn to_client(played: PlayedMove) -> ClientMsg {
    match played {
        PlayedMove::Place { x, y } => ClientMsg::Place { x, y },
        PlayedMove::Drop { column, .. } => ClientMsg::Drop { column },
    }
}

// ---- Clients ----

/// Why a game stopped short.
#[derive(Clone, Debug)]
enum Fail {
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
    fn kind(&self) -> String {
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
struct Bounds {
    timeout: Duration,
    deadline: tokio::time::Instant,
}

impl Bounds {
    /// `fut` within the per-message timeout and the deadline.
    async fn message<T>(&self, fut: impl Future<Output = T>) -> Result<T, Fail> {
        let at = (tokio::time::Instant::now() + self.timeout).min(self.deadline);
        match tokio::time::timeout_at(at, fut).await {
            Ok(v) => Ok(v),
            Err(_) if at >= self.deadline => Err(Fail::TimeLimit),
            Err(_) => Err(Fail::Timeout),
        }
    }

    /// `fut` within the deadline alone (waiting for the other games).
    async fn run<T>(&self, fut: impl Future<Output = T>) -> Result<T, Fail> {
        tokio::time::timeout_at(self.deadline, fut)
            .await
            .map_err(|_| Fail::TimeLimit)
    }
}

/// A client-side token bucket below the server's, so the benchmark never trips the rate
/// limit it is not meant to measure.
struct Pace {
    tokens: f64,
    at: Instant,
    rate: f64,
    burst: f64,
}

impl Pace {
    fn new(config: &Config) -> Pace {
        let burst = (config.burst * PACE_SHARE / 2.0).floor().max(1.0);
        Pace {
            tokens: burst,
            at: Instant::now(),
            rate: config.messages_per_second * PACE_SHARE,
            burst,
        }
    }

    /// Waits until one more message keeps within the rate.
    async fn take(&mut self) {
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

struct Client {
    ws: WebSocketStream<TcpStream>,
    pace: Pace,
}

impl Client {
    /// Connected and past `hello`.
    async fn ready(addr: SocketAddr, config: &Config, b: Bounds) -> Result<Client, Fail> {
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

    async fn send(&mut self, msg: &ClientMsg, b: Bounds) -> Result<(), Fail> {
        b.message(self.pace.take()).await?;
        self.write(msg, b).await
    }

    /// Sends without pacing: the caller has taken the rate's token.
    async fn write(&mut self, msg: &ClientMsg, b: Bounds) -> Result<(), Fail> {
        let text = serde_json::to_string(msg).expect("client messages serialise");
        b.message(self.ws.send(Message::Text(text.into())))
            .await?
            .map_err(|_| Fail::Closed)
    }

    /// The next server message; an `error` is a failure.
    async fn recv(&mut self, b: Bounds) -> Result<ServerMsg, Fail> {
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

    async fn welcome(&mut self, b: Bounds) -> Result<String, Fail> {
        match self.recv(b).await? {
            ServerMsg::Welcome { code, .. } => Ok(code),
            _ => Err(Fail::Unexpected("no welcome")),
        }
    }

    /// The next `state`: true when both seats are taken in it.
    async fn state(&mut self, b: Bounds) -> Result<bool, Fail> {
        match self.recv(b).await? {
            ServerMsg::State(s) => Ok(s.to_move.is_some()),
            _ => Err(Fail::Unexpected("no state")),
        }
    }

    async fn move_played(&mut self, ply: u32, b: Bounds) -> Result<PlayedMove, Fail> {
        match self.recv(b).await? {
            ServerMsg::MovePlayed { ply: p, played, .. } if p == ply => Ok(played),
            ServerMsg::MovePlayed { .. } => Err(Fail::Unexpected("a move with another ply")),
            ServerMsg::GameOver { .. } => Err(Fail::Unexpected("the game ended early")),
            _ => Err(Fail::Unexpected("no move_played")),
        }
    }

    async fn game_over(&mut self, b: Bounds) -> Result<GameResult, Fail> {
        match self.recv(b).await? {
            ServerMsg::GameOver { result, .. } => Ok(result),
            _ => Err(Fail::Unexpected("no game_over")),
        }
    }
}

// ---- One game ----

/// How a game ended for the benchmark.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum End {
    /// Never got going, or stopped by a failure.
    #[default]
    Unfinished,
    Won,
    Drawn,
    /// `--moves` played, then resigned.
    Resigned,
}

#[derive(Default)]
struct Report {
    connected: bool,
    moves: u64,
    /// Each move's round trip in microseconds.
    latencies: Vec<u32>,
    end: End,
    fail: Option<Fail>,
}

/// What the games share with the main task while they run.
struct Shared {
    args: Args,
    config: Config,
    addr: SocketAddr,
    bounds: Bounds,
    /// Games past their connection phase, connected or not.
    ready: AtomicUsize,
    moves: AtomicU64,
    connecting: Semaphore,
}

async fn game(index: usize, shared: Arc<Shared>, start: watch::Receiver<bool>) -> Report {
    let mut report = Report::default();
    if let Err(fail) = play(index, &shared, start, &mut report).await {
        report.fail = Some(fail);
    }
    report
}

async fn play(
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
        own.write(&to_client(choice), b).await?;
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
async fn connect_pair(index: usize, shared: &Shared) -> Result<[Client; 2], Fail> {
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

// ---- Measurements ----

/// The `q` quantile (0 to 1) of sorted values, nearest rank; `None` when there are none.
fn percentile(sorted: &[u32], q: f64) -> Option<u32> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// The process's resident memory in KiB (`VmRSS`), 0 where /proc is missing.
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The process's CPU time (user and system) in seconds.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes only into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_SELF, &mut usage) != 0 {
            return 0.0;
        }
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Raises the soft limit on open files to the hard one; returns (soft, hard) after.
fn raise_open_files() -> (u64, u64) {
    // SAFETY: getrlimit and setrlimit read and write only the struct they are given.
    unsafe {
        let mut lim: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return (0, 0);
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                lim = raised;
            }
        }
        (lim.rlim_cur as u64, lim.rlim_max as u64)
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// The bytes of the store's files (the database and its write-ahead log).
fn store_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

fn main() {
    let args = cli::parse_or_exit("online-bench", USAGE, parse_args);
    let command: Vec<String> = std::env::args().collect();
    println!("online-bench: {}", command.join(" "));
    // Each game holds four descriptors: two client sockets and the server's two.
    let needed = args.games as u64 * 4 + 64;
    let (soft, hard) = raise_open_files();
    let files = if soft >= needed {
        format!("open files: {soft} allowed (hard limit {hard}), about {needed} needed")
    } else {
        format!(
            "open files: TOO FEW: {soft} allowed (hard limit {hard}), about {needed} needed; \
             games past the limit will fail to connect"
        )
    };
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = args.threads {
        builder.worker_threads(n);
    }
    let runtime = builder.enable_all().build().expect("a tokio runtime");
    let workers = runtime.metrics().num_workers();
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!("online-bench: {files}; tokio worker threads {workers} ({cpus} CPUs)");
    runtime.block_on(bench(args));
}

async fn bench(args: Args) {
    let rss_start = rss_kib();
    let load_start = load_average();
    let folder = matches!(args.store, StoreKind::Sqlite(_)).then(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        std::env::temp_dir().join(format!("online-bench-{}-{nanos}", std::process::id()))
    });
    let durability = match args.store {
        StoreKind::Sqlite(d) => d,
        StoreKind::Memory => Durability::Process,
    };
    let store: Box<dyn Store> = match &folder {
        Some(dir) => match SqliteStore::open_dir(dir, durability) {
            Ok(store) => Box::new(store),
            Err(e) => {
                eprintln!("online-bench: {}: {e}", dir.display());
                std::process::exit(1);
            }
        },
        None => Box::new(MemoryStore::new()),
    };
    let defaults = Config::default();
    let config = Config {
        // Every client comes from 127.0.0.1.
        max_connections_per_address: 2 * args.games + 16,
        // Connections wait idle while the other games connect.
        idle_timeout: defaults.idle_timeout.max(args.time_limit + args.timeout),
        seed: Some(args.seed),
        ..defaults
    };
    // Loopback only: nothing outside this machine is ever reached.
    let server = match Server::start("127.0.0.1:0", config.clone(), store).await {
        Ok(server) => server,
        Err(e) => {
            eprintln!("online-bench: 127.0.0.1:0: {e}");
            std::process::exit(1);
        }
    };
    let addr = server.addr();
    assert!(
        addr.ip().is_loopback(),
        "the server listens on loopback only"
    );
    let store_name = match &folder {
        Some(dir) if durability == Durability::Power => {
            format!("sqlite, an fsync a move, in {}", dir.display())
        }
        Some(dir) => format!("sqlite in {}", dir.display()),
        None => "memory".into(),
    };
    let game_name = match args.game {
        GameChoice::Gomoku => "gomoku freestyle 15x15",
        GameChoice::Connect4 => "connect4 7x6",
    };
    let pace = Pace::new(&config);
    println!(
        "online-bench: {} games of {game_name} (clock 10 min + 5 s), at most {} moves each then \
         resign; seed {}; store {store_name}",
        args.games, args.moves, args.seed
    );
    println!(
        "online-bench: server ws://{addr}: default limits but {} connections per address and \
         idle {} s; clients paced at {:.0} msg/s, bursts of {:.0} (server: {:.0}/s, {:.0}){}",
        config.max_connections_per_address,
        config.idle_timeout.as_secs(),
        pace.rate,
        pace.burst,
        config.messages_per_second,
        config.burst,
        if args.think.is_zero() {
            String::new()
        } else {
            format!("; {} ms before each move", args.think.as_millis())
        }
    );
    println!(
        "online-bench: limits: {} s in all, {} s a message; load average {load_start}",
        args.time_limit.as_secs_f64(),
        args.timeout.as_secs_f64()
    );
    let rss_server = rss_kib();

    let began = Instant::now();
    let shared = Arc::new(Shared {
        config,
        addr,
        bounds: Bounds {
            timeout: args.timeout,
            deadline: tokio::time::Instant::now() + args.time_limit,
        },
        ready: AtomicUsize::new(0),
        moves: AtomicU64::new(0),
        connecting: Semaphore::new(CONNECTING),
        args,
    });
    let args = &shared.args;
    let (go, start) = watch::channel(false);
    let mut games = JoinSet::new();
    for index in 0..args.games {
        games.spawn(game(index, shared.clone(), start.clone()));
    }
    // Every game connected (or failed to) before any move: the memory of idle connections.
    while shared.ready.load(Ordering::Relaxed) < args.games
        && tokio::time::Instant::now() < shared.bounds.deadline
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let connect_secs = began.elapsed().as_secs_f64();
    let rss_connected = rss_kib();
    let cpu_before = cpu_seconds();
    let play_began = Instant::now();
    let _ = go.send(true);

    // Mid-play: the first sample once half the moves the connected games will play are in.
    let half = (shared.ready.load(Ordering::Relaxed) as u64 * u64::from(args.moves)) / 2;
    let (mut rss_mid, mut rss_peak) = (None, rss_connected);
    let mut sample = tokio::time::interval(SAMPLE);
    let mut reports = Vec::new();
    let mut lost = 0;
    // Every wait inside the games is bounded; this is the guard should one not be.
    let hard_stop = shared.bounds.deadline + args.timeout + Duration::from_secs(5);
    loop {
        tokio::select! {
            joined = games.join_next() => match joined {
                Some(Ok(report)) => reports.push(report),
                Some(Err(_)) => lost += 1,
                None => break,
            },
            _ = sample.tick() => {
                let rss = rss_kib();
                rss_peak = rss_peak.max(rss);
                if rss_mid.is_none() && shared.moves.load(Ordering::Relaxed) >= half.max(1) {
                    rss_mid = Some(rss);
                }
            }
            _ = tokio::time::sleep_until(hard_stop) => games.abort_all(),
        }
    }
    let play_secs = play_began.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu_before;
    let _ = tokio::time::timeout(Duration::from_secs(10), server.stop()).await;
    let store_size = folder.as_deref().map(store_bytes);
    if let Some(dir) = &folder {
        let _ = std::fs::remove_dir_all(dir);
    }

    print_report(&Figures {
        args,
        reports: &reports,
        lost,
        connect_secs,
        play_secs,
        cpu,
        rss: [
            rss_start,
            rss_server,
            rss_connected,
            rss_mid.unwrap_or(0),
            rss_peak,
        ],
        store_size,
        load: [load_start, load_average()],
    });
}

struct Figures<'a> {
    args: &'a Args,
    reports: &'a [Report],
    /// Game tasks that panicked or were aborted.
    lost: usize,
    connect_secs: f64,
    play_secs: f64,
    cpu: f64,
    /// KiB: at the start, server started, all connected, mid-play (0: not reached), peak.
    rss: [u64; 5],
    store_size: Option<u64>,
    load: [String; 2],
}

fn print_report(f: &Figures) {
    let reports = f.reports;
    let count = |end: End| reports.iter().filter(|r| r.end == end).count();
    let connected = reports.iter().filter(|r| r.connected).count();
    let (won, drawn, resigned) = (count(End::Won), count(End::Drawn), count(End::Resigned));
    let moves: u64 = reports.iter().map(|r| r.moves).sum();
    println!(
        "online-bench: connected {connected} of {} games ({} connections) in {:.1} s",
        f.args.games,
        2 * connected,
        f.connect_secs
    );
    println!(
        "online-bench: games completed {} of {connected} started ({won} won, {drawn} drawn, \
         {resigned} resigned at {} moves)",
        won + drawn + resigned,
        f.args.moves
    );
    println!(
        "online-bench: moves {moves} in {:.1} s of play: {:.0} moves/s (wall)",
        f.play_secs,
        moves as f64 / f.play_secs.max(1e-9)
    );
    let mut latencies: Vec<u32> = reports.iter().flat_map(|r| r.latencies.clone()).collect();
    latencies.sort_unstable();
    let ms = |q: f64| {
        percentile(&latencies, q).map_or("-".into(), |us| format!("{:.1}", us as f64 / 1000.0))
    };
    println!(
        "online-bench: move round trip (send to own move_played), {} moves: p50 {} ms, p90 {} \
         ms, p99 {} ms, max {} ms",
        latencies.len(),
        ms(0.5),
        ms(0.9),
        ms(0.99),
        ms(1.0)
    );
    let mut errors = std::collections::BTreeMap::<String, usize>::new();
    for fail in reports.iter().filter_map(|r| r.fail.as_ref()) {
        *errors.entry(fail.kind()).or_default() += 1;
    }
    if f.lost > 0 {
        errors.insert("game task lost (panicked or aborted)".into(), f.lost);
    }
    let errors = if errors.is_empty() {
        "none".to_string()
    } else {
        errors
            .iter()
            .map(|(kind, n)| format!("{kind} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!("online-bench: errors (games stopped, by kind): {errors}");
    println!(
        "online-bench: CPU {:.1} s over the play (clients and server): {:.2} cores",
        f.cpu,
        f.cpu / f.play_secs.max(1e-9)
    );
    let [start, server, all, mid, peak] = f.rss;
    let mid = if mid == 0 {
        "not reached".into()
    } else {
        mib(mid)
    };
    println!(
        "online-bench: memory (VmRSS of this one process: clients AND server): at start {}, \
         server started {}, all games connected {}, mid-play {mid}, peak {}",
        mib(start),
        mib(server),
        mib(all),
        mib(peak)
    );
    if connected > 0 {
        let per_game = all.saturating_sub(server) as f64 / connected as f64;
        println!(
            "online-bench: per connected game {per_game:.0} KiB, per player connection {:.0} KiB \
             (both ends counted, so at most this on the server; clients read through {} KiB \
             buffers, the server through tungstenite's default 128 KiB)",
            per_game / 2.0,
            CLIENT_READ_BUFFER / 1024
        );
    }
    if let Some(bytes) = f.store_size {
        println!(
            "online-bench: store files at the end: {:.1} MiB",
            bytes as f64 / 1048576.0
        );
    }
    println!(
        "online-bench: load average at the start {}, at the end {}",
        f.load[0], f.load[1]
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank() {
        let v: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&v, 0.5), Some(50));
        assert_eq!(percentile(&v, 0.9), Some(90));
        assert_eq!(percentile(&v, 0.99), Some(99));
        assert_eq!(percentile(&v, 1.0), Some(100));
        assert_eq!(percentile(&v, 0.0), Some(1));
        assert_eq!(percentile(&[7], 0.5), Some(7));
        assert_eq!(percentile(&[], 0.5), None);
    }

    #[test]
    fn the_client_board_sees_wins_and_full_columns() {
        let mut b = Board::new(GameChoice::Gomoku);
        for x in 0..4 {
            assert_eq!(
                b.play(PlayedMove::Place { x, y: 3 }, 1),
                Ok(Outcome::Continues)
            );
        }
        assert!(b.play(PlayedMove::Place { x: 0, y: 3 }, 2).is_err());
        assert_eq!(
            b.play(PlayedMove::Place { x: 4, y: 3 }, 1),
            Ok(Outcome::Won)
        );

        let mut c = Board::new(GameChoice::Connect4);
        for row in 0..6 {
            let stone = 1 + (row % 2) as u8;
            assert_eq!(
                c.play(PlayedMove::Drop { column: 2, row }, stone),
                Ok(Outcome::Continues)
            );
        }
        assert!(!c.legal().contains(&PlayedMove::Drop { column: 2, row: 6 }));
        assert_eq!(c.legal().len(), 6);
        assert!(c.play(PlayedMove::Drop { column: 3, row: 1 }, 1).is_err());
    }
}
