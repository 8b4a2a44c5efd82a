//! `tune policylabel`: labels a policygen file's positions again with a deeper search (the
//! issue's "self-play data labelled by deeper searches"): every line keeps its game, rule,
//! moves and result and gets the new search's move and score. A game's positions are
//! searched in order by one engine, as policygen searched them while playing, so the hash
//! table carries from one move to the next in the same way.

use std::sync::atomic::AtomicBool;

use super::data::{rule_index, score_number};
use super::policy::{PositionLine, line_of, read_positions, write_in_order};
use super::{arg, fail, num};
use gomoku::engine::gomoku::ai::{Engine, Limits, NoInfo};
use gomoku::engine::gomoku::{Game, Pos};

/// `path`'s positions grouped by game, in file order: the first `games` games.
fn games_of(path: &str, games: usize) -> Vec<Vec<PositionLine>> {
    let mut out: Vec<Vec<PositionLine>> = Vec::new();
    for line in read_positions(path) {
        if out.last().is_some_and(|g| g[0].game == line.game) {
            out.last_mut().expect("a game").push(line);
        } else if out.len() == games {
            break;
        } else {
            out.push(vec![line]);
        }
    }
    out
}

/// Searches one game's positions in order and returns its new lines.
fn label(path: &str, game: &[PositionLine], nodes: u64) -> Result<Vec<String>, String> {
    let mut engine = Engine::new(8 << 20);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut out = Vec::new();
    for p in game {
        let at = |what: &str| format!("{path} line {}: {what}", p.line);
        let mut board = Game::new(15, p.rule).map_err(|e| at(&e.to_string()))?;
        for &m in &p.moves {
            board
                .play(Pos::from_index(m, 15))
                .map_err(|e| at(&format!("move {m}: {e}")))?;
        }
        let r = engine.think(&board, &limits, &stop, &mut NoInfo);
        let best = r.best.ok_or_else(|| at("the search found no move"))?;
        let line = line_of(
            p.game,
            rule_index(p.rule),
            best.index(15),
            score_number(r.score),
            p.result,
            &p.moves,
        );
        out.push(line);
    }
    Ok(out)
}

pub(super) fn policylabel() {
    let data = arg("--data").unwrap_or_else(|| fail("policylabel needs --data FILE"));
    let out = arg("--out").unwrap_or_else(|| fail("policylabel needs --out FILE"));
    let nodes = num("--nodes", 120_000);
    let threads = num("--threads", 1).clamp(1, 2) as usize;
    let games = games_of(&data, num("--games", u64::MAX) as usize);
    let start = std::time::Instant::now();
    let positions = write_in_order(&out, games.len(), threads, |g| {
        label(&data, &games[g], nodes).unwrap_or_else(|e| fail(&e))
    });
    println!(
        "tune policylabel: {} games of {data} ({nodes} nodes a move) -> {positions} positions \
         in {out} in {:.0} s",
        games.len(),
        start.elapsed().as_secs_f64()
    );
}
