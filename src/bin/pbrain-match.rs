//! A Gomocup manager: plays a match between any two Piskvork-protocol brains and checks the
//! protocol, the legality of every move (Renju forbidden points included: a forbidden move
//! loses) and every reply's latency against the time limit.
//!
//! ```text
//! pbrain-match [--games N] [--turn MS] [--match MS] [--size N] [--rule BITS]
//!              [--memory BYTES] [--threads N[,M]] [--settle MS] [--openings FILE] [--sgf DIR]
//!              [--sprt ELO0,ELO1[,ALPHA,BETA]] [BRAIN_A [BRAIN_B]]
//! ```
//!
//! Defaults: 20 games, 100 ms per move, no match clock, 15x15, freestyle, one thread, both
//! brains the `pbrain-gomoku` next to this program. Each opening (from `--openings`, one a
//! line, or a small built-in list) is played twice, once with each brain as Black. Every game
//! can be saved as SGF. The summary gives A's wins, draws and losses, its score and Elo with
//! a 95% margin, time forfeits, illegal moves and crashes; `--sprt` stops as soon as the
//! test accepts a hypothesis (after 30 games at least). A reply later than the limit plus a
//! grace period forfeits the game. A brain gets `--settle` ms (default 20) after each reply
//! before its next command (Rapfi, for one, drops a command that arrives while it is still
//! leaving its search).
//! Exits non-zero on any protocol error or time overrun.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use gomoku::engine::gomoku::{Game, Outcome, Pos, Stone};
use gomoku::engine::record::{self, Format, GameRecord, RecordResult, WinBy};
use gomoku::protocol::client::{EngineClient, EngineSpec, Fault as ClientFault, Limit};
use gomoku::protocol::matches::{Opening, Sprt, SprtState, Wdl, parse_openings};
use gomoku::protocol::rule_from_bits;
use lexopt::prelude::*;

#[path = "common/cli.rs"]
mod cli;

/// Openings as offsets from the centre, in move order from Black: short, and mild enough
/// that either side can still play.
const OPENINGS: [&[(i32, i32)]; 6] = [
    &[(0, 0), (1, 1)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (1, 0), (1, 2)],
    &[(0, 0), (1, 1), (-2, 1)],
    &[(0, 0), (0, 1), (2, -2)],
    &[(0, 0), (2, 1), (-1, -2)],
];

/// Beyond the turn limit, how long to wait before declaring a brain hung.
const HANG_GRACE: Duration = Duration::from_secs(2);

struct Options {
    games: usize,
    turn: Duration,
    match_time: Option<Duration>,
    size: usize,
    rule_bits: u64,
    memory: u64,
    /// `INFO thread_num` for brain A and brain B.
    threads: [u64; 2],
    settle: Duration,
    openings: Vec<Opening>,
    sgf_dir: Option<PathBuf>,
    sprt: Option<Sprt>,
    brains: [PathBuf; 2],
}

const USAGE: &str = "usage: pbrain-match [--games N] [--turn MS] [--match MS] [--size N] \
                     [--rule BITS] [--memory BYTES] [--threads N[,M]] [--settle MS] \
                     [--openings FILE] [--sgf DIR] [--sprt ELO0,ELO1[,ALPHA,BETA]] \
                     [BRAIN_A [BRAIN_B]]";

/// The built-in openings, as offsets from the centre: short, and mild enough that either
/// side can still play.
fn default_openings(size: usize) -> Vec<Opening> {
    let c = (size / 2) as u8;
    OPENINGS
        .iter()
        .map(|o| {
            o.iter()
                .filter_map(|&(dx, dy)| Pos::new(c, c).offset(dx, dy, 1, size))
                .collect()
        })
        .collect()
}

/// The command line; the openings file is read afterwards, by [`prepare`].
fn parse_args(p: &mut lexopt::Parser) -> Result<(Options, Option<PathBuf>), lexopt::Error> {
    let default_brain = std::env::current_exe()
        .map_err(|e| format!("cannot locate this program: {e}"))?
        .with_file_name(format!("pbrain-gomoku{}", std::env::consts::EXE_SUFFIX));
    let mut o = Options {
        games: 20,
        turn: Duration::from_millis(100),
        match_time: None,
        size: 15,
        rule_bits: 0,
        memory: 64 << 20,
        threads: [1, 1],
        settle: Duration::from_millis(20),
        openings: Vec::new(),
        sgf_dir: None,
        sprt: None,
        brains: [default_brain.clone(), default_brain],
    };
    let mut paths = Vec::new();
    let mut openings_file: Option<PathBuf> = None;
    let ms = |p: &mut lexopt::Parser, flag: &str| cli::number(p, flag).map(Duration::from_millis);
    while let Some(arg) = p.next()? {
        match arg {
            Long("games") => o.games = cli::number(p, "--games")?,
            Long("turn") => o.turn = ms(p, "--turn")?,
            Long("match") => o.match_time = Some(ms(p, "--match")?),
            Long("size") => o.size = cli::number(p, "--size")?,
            Long("rule") => o.rule_bits = cli::number(p, "--rule")?,
            Long("memory") => o.memory = cli::number(p, "--memory")?,
            Long("threads") => {
                // N for both brains, or N,M for A and B (to measure threads against one).
                let v = p.value()?.string()?;
                let parse = |t: &str| {
                    t.trim()
                        .parse::<u64>()
                        .map_err(|_| format!("--threads: '{t}' is not a whole number"))
                };
                o.threads = match v.split_once(',') {
                    Some((a, b)) => [parse(a)?, parse(b)?],
                    None => [parse(&v)?; 2],
                };
            }
            Long("settle") => o.settle = ms(p, "--settle")?,
            Long("openings") => openings_file = Some(p.value()?.into()),
            Long("sgf") => o.sgf_dir = Some(p.value()?.into()),
            Long("sprt") => {
                let v = p.value()?.string()?;
                o.sprt = Some(Sprt::parse(&v).map_err(|e| format!("--sprt {v}: {e}"))?);
            }
            Value(path) => paths.push(PathBuf::from(path)),
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    match paths.len() {
        0 => {}
        1 => o.brains = [paths[0].clone(), paths[0].clone()],
        2 => o.brains = [paths[0].clone(), paths[1].clone()],
        _ => return Err("at most two brains".into()),
    }
    if !(5..=25).contains(&o.size) {
        return Err("--size must be 5 to 25".into());
    }
    Ok((o, openings_file))
}

/// Reads the openings (the built-in ones without a file) and creates the SGF folder.
fn prepare(mut o: Options, openings_file: Option<PathBuf>) -> Result<Options, String> {
    o.openings = match openings_file {
        Some(f) => {
            let text = std::fs::read_to_string(&f)
                .map_err(|e| format!("cannot read {}: {e}", f.display()))?;
            parse_openings(&text, o.size).map_err(|e| format!("{}: {e}", f.display()))?
        }
        None => default_openings(o.size),
    };
    if let Some(dir) = &o.sgf_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    Ok(o)
}

#[derive(Default)]
struct Stats {
    games: usize,
    /// Wins of brain A and B, and as which colour.
    wins: [usize; 2],
    wins_as_black: [usize; 2],
    draws: usize,
    errors: Vec<String>,
    replies: usize,
    latencies: Vec<Duration>,
    /// Per brain: the sum of its reply times and their number, for each brain's mean.
    side_time: [Duration; 2],
    side_replies: [usize; 2],
    overruns: usize,
    moves: usize,
    /// Per brain: games lost on time, by an illegal move, by a crash or protocol fault.
    forfeits: [usize; 2],
    illegal: [usize; 2],
    crashes: [usize; 2],
}

/// How one game ended.
enum End {
    Won(usize),
    Draw,
    /// Brain `0`/`1` broke the protocol (or the clock); the other wins.
    Fault(usize, Fault, String),
}

#[derive(Copy, Clone)]
enum Fault {
    Time,
    Illegal,
    Crash,
}

struct Runner<'a> {
    o: &'a Options,
    clients: [EngineClient; 2],
}

impl Runner<'_> {
    /// Plays game `g`: brain `g % 2` is Black.
    fn play(&mut self, g: usize, stats: &mut Stats, game: &mut Game) -> End {
        let o = self.o;
        let black = g % 2;
        for (i, client) in self.clients.iter_mut().enumerate() {
            if let Err(e) = client.start_game(o.size, o.rule_bits as u32) {
                return End::Fault(i, Fault::Crash, e.to_string());
            }
        }
        for &p in &o.openings[(g / 2) % o.openings.len()] {
            if game.play(p).is_err() || game.outcome().is_over() {
                return End::Fault(0, Fault::Crash, "opening does not fit the board".into());
            }
        }
        let mut clocks = [o.match_time; 2];
        let never = AtomicBool::new(false);
        loop {
            match game.outcome() {
                Outcome::Win { winner, .. } => {
                    let w = if *winner == Stone::Black {
                        black
                    } else {
                        1 - black
                    };
                    return End::Won(w);
                }
                Outcome::Draw => return End::Draw,
                Outcome::Ongoing => {}
            }
            let side = if game.to_move() == Stone::Black {
                black
            } else {
                1 - black
            };
            let allowed = clocks[side].map_or(o.turn, |left| left.min(o.turn));
            let limit = clocks[side].map_or(Limit::Turn, Limit::Left);
            let answer = match self.clients[side].think(game, limit, &never, &mut |_| {}) {
                Ok(Some(answer)) => answer,
                Ok(None) => return End::Fault(side, Fault::Crash, "stopped".into()),
                Err(e) => {
                    let fault = match e {
                        ClientFault::Time(_) => {
                            stats.overruns += 1;
                            Fault::Time
                        }
                        ClientFault::Illegal { .. } => Fault::Illegal,
                        _ => Fault::Crash,
                    };
                    return End::Fault(side, fault, e.to_string());
                }
            };
            let latency = answer.time;
            stats.replies += 1;
            stats.latencies.push(latency);
            stats.side_time[side] += latency;
            stats.side_replies[side] += 1;
            if latency > allowed {
                stats.overruns += 1;
                eprintln!(
                    "game {} ply {}: brain {} took {} ms (limit {} ms)",
                    g + 1,
                    game.ply(),
                    side_name(side),
                    latency.as_millis(),
                    allowed.as_millis()
                );
            }
            if let Some(left) = clocks[side].as_mut() {
                *left = left.saturating_sub(latency);
                if left.is_zero() {
                    return End::Fault(side, Fault::Time, "match clock ran out".into());
                }
            }
            if let Err(e) = game.play(answer.pos) {
                return End::Fault(
                    side,
                    Fault::Illegal,
                    format!("illegal move {}: {e}", answer.pos.to_gomocup()),
                );
            }
            stats.moves += 1;
        }
    }
}

fn side_name(i: usize) -> &'static str {
    if i == 0 { "A" } else { "B" }
}

fn main() -> ExitCode {
    let (o, openings_file) = cli::parse_or_exit("pbrain-match", USAGE, parse_args);
    let o = match prepare(o, openings_file) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let (rule, note) = rule_from_bits(o.rule_bits);
    if let Some(n) = note {
        eprintln!("note: {n}");
    }
    println!(
        "match: {} games, {}x{} {}, {} ms per move{}, A = {}, B = {}",
        o.games,
        o.size,
        o.size,
        rule.name(),
        o.turn.as_millis(),
        o.match_time.map_or(String::new(), |t| format!(
            ", {} ms per game",
            t.as_millis()
        )),
        o.brains[0].display(),
        o.brains[1].display()
    );
    let spec = |i: usize| EngineSpec {
        turn: o.turn,
        match_time: o.match_time,
        memory: o.memory,
        threads: o.threads[i] as u32,
        grace: HANG_GRACE,
        settle: o.settle,
        // The two brains share the machine equally: neither is lowered.
        nice: None,
        // A brain that exits mid-game has crashed, not restarted.
        restart: false,
        ..EngineSpec::new(o.brains[i].clone())
    };
    let mut runner = Runner {
        o: &o,
        clients: [EngineClient::new(spec(0)), EngineClient::new(spec(1))],
    };
    let mut stats = Stats::default();
    let mut wdl = Wdl::default();
    let mut sprt_end = None;
    for g in 0..o.games {
        let black = g % 2;
        let mut game = match Game::new(o.size, rule) {
            Ok(game) => game,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        let end = runner.play(g, &mut stats, &mut game);
        stats.games += 1;
        let (winner, by) = match &end {
            End::Won(w) => (Some(*w), WinBy::Unspecified),
            End::Draw => (None, WinBy::Unspecified),
            End::Fault(side, fault, _) => (
                Some(1 - side),
                match fault {
                    Fault::Time => WinBy::Time,
                    _ => WinBy::Forfeit,
                },
            ),
        };
        let text = match end {
            End::Won(w) => {
                stats.wins[w] += 1;
                if w == black {
                    stats.wins_as_black[w] += 1;
                }
                format!("{} wins", side_name(w))
            }
            End::Draw => {
                stats.draws += 1;
                "draw".to_string()
            }
            End::Fault(side, fault, e) => {
                let msg = format!("game {}: brain {}: {e}", g + 1, side_name(side));
                eprintln!("{msg}");
                stats.errors.push(msg);
                stats.wins[1 - side] += 1;
                match fault {
                    Fault::Time => stats.forfeits[side] += 1,
                    Fault::Illegal => stats.illegal[side] += 1,
                    Fault::Crash => stats.crashes[side] += 1,
                }
                // Fresh processes for the next game: this pair may be out of step.
                for client in &mut runner.clients {
                    client.end(Duration::ZERO);
                }
                format!(
                    "{} wins (fault of {})",
                    side_name(1 - side),
                    side_name(side)
                )
            }
        };
        match winner {
            Some(0) => wdl.wins += 1,
            Some(_) => wdl.losses += 1,
            None => wdl.draws += 1,
        }
        if let Some(dir) = &o.sgf_dir {
            let name = |i: usize| {
                o.brains[i].file_name().map_or_else(
                    || format!("brain {}", side_name(i)),
                    |n| n.to_string_lossy().into(),
                )
            };
            let mut rec = GameRecord::from_game(&game, &name(black), &name(1 - black));
            if let Some(w) = winner {
                let stone = if w == black {
                    Stone::Black
                } else {
                    Stone::White
                };
                rec.result = Some(RecordResult::Win { winner: stone, by });
            }
            let path = dir.join(format!("game-{:04}.sgf", g + 1));
            if let Err(e) = record::save(&path, &rec, Format::Sgf) {
                eprintln!("cannot save {}: {e}", path.display());
            }
        }
        println!(
            "game {:>2}: A plays {}: {text}",
            g + 1,
            if black == 0 { "Black" } else { "White" }
        );
        // Stop early only after complete pairs, so both colours of an opening count.
        if let Some(sprt) = &o.sprt
            && g % 2 == 1
        {
            let state = sprt.state(&wdl);
            if state != SprtState::Continue {
                sprt_end = Some((state, sprt.llr(&wdl)));
                break;
            }
        }
    }
    for (i, client) in runner.clients.iter_mut().enumerate() {
        if !client.end(Duration::from_secs(2)) {
            stats
                .errors
                .push(format!("brain {} did not exit after END", side_name(i)));
        }
    }
    stats.latencies.sort();
    let n = stats.latencies.len();
    let mean = if n > 0 {
        stats.latencies.iter().sum::<Duration>() / n as u32
    } else {
        Duration::ZERO
    };
    let p99 = stats
        .latencies
        .get(n * 99 / 100)
        .copied()
        .unwrap_or_default();
    let max = stats.latencies.last().copied().unwrap_or_default();
    let side_mean =
        |i: usize| stats.side_time[i].as_secs_f64() * 1000.0 / stats.side_replies[i].max(1) as f64;
    println!(
        "mean reply A {:.1} ms  B {:.1} ms",
        side_mean(0),
        side_mean(1)
    );
    println!(
        "games {}  A wins {} ({} as Black)  B wins {} ({} as Black)  draws {}",
        stats.games,
        stats.wins[0],
        stats.wins_as_black[0],
        stats.wins[1],
        stats.wins_as_black[1],
        stats.draws
    );
    println!(
        "moves {}  replies {}  latency mean {:.1} ms  p99 {:.1} ms  max {:.1} ms  limit {} ms  \
         overruns {}",
        stats.moves,
        stats.replies,
        mean.as_secs_f64() * 1000.0,
        p99.as_secs_f64() * 1000.0,
        max.as_secs_f64() * 1000.0,
        o.turn.as_millis(),
        stats.overruns
    );
    let elo = match wdl.elo() {
        Some((e, m)) if m.is_finite() => format!("{e:+.0} +/- {m:.0}"),
        Some((e, _)) => format!("{e:+.0}, too few games for a margin"),
        None => "unbounded".to_string(),
    };
    println!(
        "A: {} W / {} D / {} L  score {:.1}%  Elo {elo} (95%)",
        wdl.wins,
        wdl.draws,
        wdl.losses,
        wdl.score() * 100.0
    );
    println!(
        "time forfeits A {} B {}  illegal moves A {} B {}  crashes/protocol A {} B {}",
        stats.forfeits[0],
        stats.forfeits[1],
        stats.illegal[0],
        stats.illegal[1],
        stats.crashes[0],
        stats.crashes[1]
    );
    if let Some(sprt) = &o.sprt {
        let (lo, hi) = sprt.bounds();
        let verdict = match sprt_end {
            Some((SprtState::AcceptH1, _)) => "H1 accepted (A is stronger by elo1)",
            Some((SprtState::AcceptH0, _)) => "H0 accepted (A is not stronger by elo1)",
            _ => "no decision yet",
        };
        println!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} in [{lo:.2}, {hi:.2}]: {verdict}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(&wdl)
        );
    }
    println!("protocol errors {}", stats.errors.len());
    for e in &stats.errors {
        println!("  {e}");
    }
    if stats.errors.is_empty() && stats.overruns == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
