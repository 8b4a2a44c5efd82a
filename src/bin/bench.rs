//! Engine benchmark: nodes per second and time to each depth on fixed middle-game positions,
//! and time to find the win on the tactical suite.
//!
//! bench [--depth 10] [--positions 8] [--time 10] [--threads 1] [--speed-only] [--budget-only]
//! bench --overshoot [--positions 8] [--scale-percent 100]
//! bench --signature
//!
//! The budget section searches each position at 0.3 s and 1 s a move, as in a match, and
//! prints the depth completed, where the nodes went (main search, leaf VCF, opponent-threat
//! VCF, VCT, root VCF) and the effective branching factor of the last iterations.
//!
//! `--signature` prints the bench signature, the node count per rule of fixed-depth searches
//! that a test pins (`ai::bench_signature`): a change meant to be pure must keep it.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gomoku::engine::gomoku::ai::search::NodeStats;
#[path = "common/cli.rs"]
mod cli;
#[path = "../../tests/support/suite.rs"]
mod suite;

use gomoku::engine::gomoku::ai::{
    Engine, Limits, SIGNATURE_DEPTH, Score, SearchResult, bench_position, bench_signature,
};
use gomoku::engine::gomoku::{Game, Rule};
use lexopt::prelude::*;
use suite::{Expect, missed_defences, open_defences, tactics};

const USAGE: &str = "usage: bench [--depth 10] [--positions 8] [--time 10] [--threads 1] \
                     [--speed-only] [--budget-only]\n       \
                     bench --overshoot [--positions 8] [--scale-percent 100]\n       \
                     bench --signature";

struct Options {
    depth: u32,
    positions: usize,
    /// Seconds each speed search may take at most.
    time: u64,
    threads: u32,
    speed_only: bool,
    budget_only: bool,
    overshoot: bool,
    scale_percent: u64,
    signature: bool,
}

fn parse_args(p: &mut lexopt::Parser) -> Result<Options, lexopt::Error> {
    let mut o = Options {
        depth: 10,
        positions: 8,
        time: 10,
        threads: 1,
        speed_only: false,
        budget_only: false,
        overshoot: false,
        scale_percent: 100,
        signature: false,
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("depth") => o.depth = cli::number(p, "--depth")?,
            Long("positions") => o.positions = cli::number(p, "--positions")?,
            Long("time") => o.time = cli::number(p, "--time")?,
            Long("threads") => o.threads = cli::number(p, "--threads")?,
            Long("speed-only") => o.speed_only = true,
            Long("budget-only") => o.budget_only = true,
            Long("overshoot") => o.overshoot = true,
            Long("scale-percent") => o.scale_percent = cli::number(p, "--scale-percent")?,
            Long("signature") => o.signature = true,
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok(o)
}

const POSITIONS: &[&str] = gomoku::engine::gomoku::ai::BENCH_POSITIONS;

fn positions(count: usize) -> Vec<Game> {
    (0..count.min(POSITIONS.len()))
        .map(bench_position)
        .collect()
}

/// Effective branching factor: the geometric mean growth of the cumulative node count per
/// completed iteration, from depth 3 on (earlier ones are dominated by the root phases).
fn ebf(iters: &[(u32, u64)]) -> Option<f64> {
    let from = iters.iter().find(|&&(d, _)| d >= 3)?;
    let to = iters.last()?;
    (to.0 > from.0 && from.1 > 0)
        .then(|| (to.1 as f64 / from.1 as f64).powf(1.0 / (to.0 - from.0) as f64))
}

/// Searches every position with a match's time budget; prints depth, node categories, EBF.
fn budget_section(count: usize, threads: u32) {
    let stop = AtomicBool::new(false);
    for ms in [300u64, 1000] {
        println!("== budget {ms} ms a move (as in a match: soft = hard = budget - margin)");
        println!(
            "  {:>3} {:>5} {:>9} {:>6} {:>6} {:>6} {:>6} {:>6} {:>5}  best",
            "pos", "depth", "nodes", "main%", "leaf%", "thrt%", "vct%", "root%", "ebf"
        );
        let mut depths = Vec::new();
        let mut sum = NodeStats::default();
        let mut ebfs = Vec::new();
        for (i, game) in positions(count).iter().enumerate() {
            let mut engine = Engine::new(64 << 20);
            let clock = gomoku::engine::gomoku::ai::time::Clock {
                turn: Some(Duration::from_millis(ms)),
                left: None,
                increment: Duration::ZERO,
                empty_points: 225 - game.ply(),
            };
            let mut limits = clock.limits();
            limits.threads = threads;
            let mut iters: Vec<(u32, u64)> = Vec::new();
            let mut sink = |r: &SearchResult| {
                if iters.last().is_none_or(|&(d, _)| r.depth > d) {
                    iters.push((r.depth, r.nodes));
                }
            };
            let r = engine.think(game, &limits, &stop, &mut sink);
            let st = engine.last_stats();
            let pct = |v: u64| 100.0 * v as f64 / st.total().max(1) as f64;
            let e = ebf(&iters);
            println!(
                "  {i:>3} {:>5} {:>9} {:>6.1} {:>6.1} {:>6.1} {:>6.1} {:>6.1} {:>5}  {}",
                r.depth,
                st.total(),
                pct(st.main),
                pct(st.leaf_vcf),
                pct(st.threat_vcf),
                pct(st.vct),
                pct(st.root_vcf),
                e.map_or("-".into(), |v| format!("{v:.2}")),
                r.best.map(|p| p.to_human(15)).unwrap_or_default()
            );
            depths.push(r.depth);
            ebfs.extend(e);
            sum.main += st.main;
            sum.leaf_vcf += st.leaf_vcf;
            sum.threat_vcf += st.threat_vcf;
            sum.vct += st.vct;
            sum.root_vcf += st.root_vcf;
        }
        let pct = |v: u64| 100.0 * v as f64 / sum.total().max(1) as f64;
        println!(
            "  all: depth mean {:.1} (min {}, max {}); nodes {}: main {:.1}%, leaf VCF {:.1}%, \
             threat VCF {:.1}%, VCT {:.1}%, root VCF {:.1}%; EBF mean {:.2}",
            depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64,
            depths.iter().min().unwrap_or(&0),
            depths.iter().max().unwrap_or(&0),
            sum.total(),
            pct(sum.main),
            pct(sum.leaf_vcf),
            pct(sum.threat_vcf),
            pct(sum.vct),
            pct(sum.root_vcf),
            ebfs.iter().sum::<f64>() / ebfs.len().max(1) as f64
        );
    }
}

/// Master as the game calls it (its own budget, then on a game clock, opening variety
/// included), timed from outside: how far past its hard limit the answer comes. Run it with
/// both cores busy and at the game's lowered priority (`scripts/bench-overshoot.sh`).
fn overshoot_section(count: usize, scale: f64) {
    use gomoku::engine::gomoku::ai::time::Clock;
    use gomoku::engine::gomoku::ai::{Level, NoInfo, play_level_within};
    let stop = AtomicBool::new(false);
    // Master's own budget (scaled), then a 3 + 2 game clock early in the game.
    let master_hard = Level::Master.budget().unwrap().mul_f64(scale * 1.5);
    let clock = Clock {
        turn: None,
        left: Some(Duration::from_secs(180)),
        increment: Duration::from_secs(2),
        empty_points: 215,
    };
    let clock_hard = clock.limits().hard_time.unwrap();
    // A second a move, as an engine match's shortest clock gives it: the game tells the
    // search its second less a tenth, and the clock is the second itself.
    let second = Clock {
        turn: Some(Duration::from_millis(900)),
        left: None,
        increment: Duration::ZERO,
        empty_points: 225,
    };
    for (name, with_clock, hard) in [
        ("own budget", None, master_hard),
        ("3 + 2 clock", Some(clock), clock_hard),
        ("1 s a move", Some(second), Duration::from_secs(1)),
    ] {
        println!(
            "== overshoot: Master, {name} (hard limit {:.2}s)",
            hard.as_secs_f64()
        );
        let mut worst = Duration::ZERO;
        let mut total = Duration::ZERO;
        // The first moves too, where Master also searches for a second choice (variety).
        let openings = ["", "h8", "h8 i9", "h8 i9 j8", "h8 i9 j8 g8"].map(|moves| {
            let mut g = Game::new(15, gomoku::engine::gomoku::Rule::Freestyle).ok()?;
            for m in moves.split_whitespace() {
                g.play(gomoku::engine::gomoku::Pos::from_human(m, 15).ok()?)
                    .ok()?;
            }
            Some(g)
        });
        let games: Vec<Game> = openings
            .into_iter()
            .flatten()
            .chain(positions(count))
            .collect();
        for (i, game) in games.iter().enumerate() {
            let start = Instant::now();
            let r = play_level_within(
                Level::Master,
                game,
                i as u64,
                scale,
                with_clock,
                &stop,
                &mut NoInfo,
            );
            let wall = start.elapsed();
            let over = wall.saturating_sub(hard);
            worst = worst.max(over);
            total += wall;
            println!(
                "  position {i} (ply {}): waited {:.3}s, reported {:.3}s, over the limit {:.3}s",
                game.ply(),
                wall.as_secs_f64(),
                r.time.as_secs_f64(),
                over.as_secs_f64()
            );
        }
        println!(
            "  mean wait {:.3}s, worst overshoot {:.3}s",
            total.as_secs_f64() / games.len() as f64,
            worst.as_secs_f64()
        );
    }
}

/// The bench signature per rule, as the test `bench_signature_is_unchanged` pins it.
fn signature_section() {
    println!(
        "== signature: nodes to depth {SIGNATURE_DEPTH} on {} positions, one thread",
        POSITIONS.len()
    );
    let mut total = 0;
    for rule in Rule::ALL {
        let start = Instant::now();
        let nodes = bench_signature(rule);
        total += nodes;
        println!(
            "  {:10} {nodes:>10} ({:.2}s)",
            rule.name(),
            start.elapsed().as_secs_f64()
        );
    }
    println!("  {:10} {total:>10}", "total");
}

fn main() {
    let o = cli::parse_or_exit("bench", USAGE, parse_args);
    if o.signature {
        signature_section();
        return;
    }
    if o.overshoot {
        overshoot_section(o.positions, o.scale_percent as f64 / 100.0);
        return;
    }
    if o.budget_only {
        budget_section(o.positions, o.threads);
        return;
    }
    let depth = o.depth;
    let count = o.positions;
    let cap = Duration::from_secs(o.time);
    let threads = o.threads;
    let stop = AtomicBool::new(false);

    println!("== speed: fixed depth {depth} (capped at {cap:?}) on {count} middle-game positions");
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    let mut depth_times: Vec<Vec<f64>> = vec![Vec::new(); depth as usize + 1];
    for (i, game) in positions(count).iter().enumerate() {
        let mut engine = Engine::new(64 << 20);
        let limits = Limits {
            depth: Some(depth),
            hard_time: Some(cap),
            threads,
            ..Limits::default()
        };
        let start = Instant::now();
        let mut sink = |r: &SearchResult| {
            if (r.depth as usize) < depth_times.len() {
                depth_times[r.depth as usize].push(start.elapsed().as_secs_f64());
            }
        };
        let r = engine.think(game, &limits, &stop, &mut sink);
        total_nodes += r.nodes;
        total_time += r.time;
        println!(
            "  position {i} (ply {}): depth {} score {} nodes {} time {:.3}s nps {:.0}k best {}",
            game.ply(),
            r.depth,
            r.score,
            r.nodes,
            r.time.as_secs_f64(),
            r.nodes as f64 / r.time.as_secs_f64().max(1e-9) / 1000.0,
            r.best.map(|p| p.to_human(15)).unwrap_or_default()
        );
    }
    println!(
        "  total: {} nodes in {:.2}s = {:.0} k nodes/s ({threads} thread{})",
        total_nodes,
        total_time.as_secs_f64(),
        total_nodes as f64 / total_time.as_secs_f64().max(1e-9) / 1000.0,
        if threads == 1 { "" } else { "s" }
    );
    println!("  mean time to reach each depth (positions that reached it):");
    for (d, ts) in depth_times.iter().enumerate() {
        if !ts.is_empty() {
            println!(
                "    depth {d:2}: {:8.3}s ({} positions)",
                ts.iter().sum::<f64>() / ts.len() as f64,
                ts.len()
            );
        }
    }

    if o.speed_only {
        return;
    }
    budget_section(count, threads);
    println!("== tactics: time to find the answer (limit 5 s each)");
    let mut solved = 0;
    let mut worst_vcf = Duration::ZERO;
    let suite = tactics();
    for t in &suite {
        let game = t.game();
        let mut engine = Engine::new(32 << 20);
        let r = engine.think(
            &game,
            &Limits::time(Duration::from_secs(5)),
            &stop,
            &mut |_: &SearchResult| {},
        );
        let ok = t.check(&r).is_ok();
        solved += ok as usize;
        if matches!(t.expect, Expect::Win { .. }) && t.name.starts_with("vcf") {
            worst_vcf = worst_vcf.max(r.time);
        }
        println!(
            "  {:50} {} {:8.1} ms  {} ({})",
            t.name,
            if ok { "ok  " } else { "MISS" },
            r.time.as_secs_f64() * 1000.0,
            r.best.map(|p| p.to_human(game.size())).unwrap_or_default(),
            match r.score {
                Score::Win(n) => format!("win in {n}"),
                s => s.to_string(),
            }
        );
    }
    println!(
        "  solved {solved}/{}; slowest VCF found in {:.1} ms",
        suite.len(),
        worst_vcf.as_secs_f64() * 1000.0
    );
    println!("== defences missed in matches (1,000,000 nodes each)");
    for (name, set) in [("regression", missed_defences()), ("open", open_defences())] {
        let found = set
            .iter()
            .filter(|t| {
                let limits = Limits {
                    nodes: Some(1_000_000),
                    ..Limits::default()
                };
                let r = Engine::new(16 << 20).think(
                    &t.game(),
                    &limits,
                    &stop,
                    &mut |_: &SearchResult| {},
                );
                t.check(&r).is_ok()
            })
            .count();
        println!("  {name}: {found}/{} found", set.len());
    }
}
