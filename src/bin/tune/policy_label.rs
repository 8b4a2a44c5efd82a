//! `tune policylabel`: labels a policygen file's positions again with a deeper search (the
//! issue's "self-play data labelled by deeper searches"): every line keeps its game, rule,
//! moves and result and gets the new search's move and score. A game's positions are
//! searched in order by one engine, as policygen searched them while playing, so the hash
//! table carries from one move to the next in the same way.
//!
//! With `--rank K` each position also gets a ranking target: its `K` first candidates by
//! the shipped policy (the tables' order where a rule has none), the search's move among
//! them, each played and the reply searched with `--rank-nodes` nodes, so that every one
//! has a score of its own (`FORMAT_RANKED`); the trainer turns their scores into a target
//! distribution (`policytrain --rank-temp`).

use std::sync::atomic::AtomicBool;

use super::data::{rule_index, score_number};
use super::policy::{FORMAT, FORMAT_RANKED, PositionLine, line_of, read_positions, write_in_order};
use super::{arg, fail, num};
use gomoku::engine::gomoku::ai::policy::{self, PolicyInput};
use gomoku::engine::gomoku::ai::state::State;
use gomoku::engine::gomoku::ai::{Engine, Limits, NoInfo};
use gomoku::engine::gomoku::{Game, Outcome, Pos};

/// How the ranking target is made: candidates scored, and nodes for each one's reply.
#[derive(Clone, Copy)]
struct Rank {
    moves: usize,
    nodes: u64,
}

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
fn label(
    path: &str,
    game: &[PositionLine],
    nodes: u64,
    rank: Option<Rank>,
) -> Result<Vec<String>, String> {
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
        let mut line = line_of(
            p.game,
            rule_index(p.rule),
            best.index(15),
            score_number(r.score),
            p.result,
            &p.moves,
        );
        if let Some(rank) = rank {
            let scored = scored_moves(&mut engine, &board, best.index(15), rank);
            line.push_str(&format!(" {}", scored.len()));
            for (m, v) in scored {
                line.push_str(&format!(" {m} {v}"));
            }
        }
        out.push(line);
    }
    Ok(out)
}

/// The first `rank.moves` candidates of `board` (the search's move `best` first, then the
/// shipped policy's order, or the tables' where the rule has no policy), each with its
/// score for the side to move: the reply's search, negated (a move that ends the game: its
/// result). A candidate the rules refuse (Renju's forbidden points) is left out.
fn scored_moves(engine: &mut Engine, board: &Game, best: usize, rank: Rank) -> Vec<(usize, i32)> {
    let st = State::from_game(board);
    let input = PolicyInput::of(&st);
    let points: Vec<usize> = input.candidates.iter().map(|c| c.point as usize).collect();
    let mut keys: Vec<i64> = match policy::for_rule(board.rule()) {
        Some(net) => {
            let codes: Vec<[u16; 2]> = input.candidates.iter().map(|c| c.codes).collect();
            let recent: Vec<[u8; 2]> = input.candidates.iter().map(|c| c.recent).collect();
            let mut logits = vec![0; codes.len()];
            net.logits(&net.head(&input.trunk), &codes, &recent, &mut logits);
            logits.into_iter().map(i64::from).collect()
        }
        None => points
            .iter()
            .map(|&i| i64::from(st.move_score(i, st.side())))
            .collect(),
    };
    // The search's move first, whatever its key.
    if let Some(k) = points.iter().position(|&i| i == best) {
        keys[k] = i64::MAX;
    }
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|&k| (std::cmp::Reverse(keys[k]), points[k]));
    let mut chosen: Vec<usize> = order.iter().map(|&k| points[k]).collect();
    if !chosen.contains(&best) {
        chosen.insert(0, best);
    }
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(rank.nodes),
        ..Limits::default()
    };
    let mut out = Vec::new();
    for m in chosen {
        if out.len() == rank.moves {
            break;
        }
        let mut child = board.clone();
        if child.play(Pos::from_index(m, 15)).is_err() {
            continue;
        }
        let v = match child.outcome() {
            Outcome::Win { .. } => 19_999,
            o if o.is_over() => 0,
            _ => -score_number(engine.think(&child, &limits, &stop, &mut NoInfo).score),
        };
        out.push((m, v));
    }
    out
}

pub(super) fn policylabel() {
    let data = arg("--data").unwrap_or_else(|| fail("policylabel needs --data FILE"));
    let out = arg("--out").unwrap_or_else(|| fail("policylabel needs --out FILE"));
    let nodes = num("--nodes", 120_000);
    let threads = num("--threads", 1).clamp(1, 2) as usize;
    let rank = match num("--rank", 0) {
        0 => None,
        k => Some(Rank {
            moves: k as usize,
            nodes: num("--rank-nodes", nodes / 4).max(1),
        }),
    };
    let games = games_of(&data, num("--games", u64::MAX) as usize);
    let start = std::time::Instant::now();
    let header = if rank.is_some() {
        FORMAT_RANKED
    } else {
        FORMAT
    };
    let positions = write_in_order(&out, header, games.len(), threads, |g| {
        label(&data, &games[g], nodes, rank).unwrap_or_else(|e| fail(&e))
    });
    println!(
        "tune policylabel: {} games of {data} ({nodes} nodes a move) -> {positions} positions \
         in {out} in {:.0} s",
        games.len(),
        start.elapsed().as_secs_f64()
    );
}
