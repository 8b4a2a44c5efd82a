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

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use gomoku::online::server::{Config, Server};
use gomoku::online::store::{Durability, MemoryStore, SqliteStore, Store};
use lexopt::prelude::*;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

#[path = "../common/cli.rs"]
mod cli;
mod measure;
mod players;

use measure::*;
use players::*;

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
             buffers)",
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
    use gomoku::online::protocol::PlayedMove;

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
