//! Engine benchmark: nodes per second and time to each depth on fixed middle-game positions,
//! and time to find the win on the tactical suite.
//!
//! bench [--depth 10] [--positions 8] [--time 10]

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gomoku::engine::ai::arena::{Player, openings, play_game};
use gomoku::engine::ai::suite::{Expect, tactics};
use gomoku::engine::ai::{Engine, Level, Limits, Score, SearchResult};
use gomoku::engine::{Game, Rule};

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Middle-game positions: Club plays itself from seeded openings for 14 to 20 plies.
fn positions(count: usize) -> Vec<Game> {
    let ops = openings(count, 15, 2026);
    ops.iter()
        .enumerate()
        .filter_map(|(i, op)| {
            let club = Player {
                level: Level::Casual,
                time_scale: 1.0,
            };
            let (_, game) = play_game(club, club, true, op, 15, Rule::Freestyle, i as u64);
            let moves: Vec<_> = game.history().iter().map(|m| m.pos).collect();
            let n = (14 + i % 7).min(moves.len().saturating_sub(4));
            let g = Game::from_moves(15, Rule::Freestyle, &moves[..n]).ok()?;
            (n >= 8).then_some(g)
        })
        .collect()
}

fn main() {
    let depth = arg("--depth", 10) as u32;
    let count = arg("--positions", 8) as usize;
    let cap = Duration::from_secs(arg("--time", 10));
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
        "  total: {} nodes in {:.2}s = {:.0} k nodes/s (one thread)",
        total_nodes,
        total_time.as_secs_f64(),
        total_nodes as f64 / total_time.as_secs_f64().max(1e-9) / 1000.0
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

    if std::env::args().any(|a| a == "--speed-only") {
        return;
    }
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
}
