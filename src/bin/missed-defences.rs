//! Finds missed defences in lost games: for every game (SGF or PSQ) that `--player` lost, the
//! last position where that side still had a move that holds, the move it played instead,
//! the opponent's forced win after it, and every move that holds there. Prints them as
//! tactical-suite entries (`tests/support/suite.rs`) and as a readable summary.
//!
//! ```text
//! missed-defences [--player NAME] [--think MS] [--check MS] [--win-within N] FILE...
//! ```
//!
//! A move "loses" when the opponent, to move after it, proves a win in at most N of its
//! own moves within `--check` ms; a position "holds" when our side, given `--think` ms,
//! finds no forced loss. Defences are the moves near the stones after which the opponent
//! proves no win within `--check` ms: a superset of the true defences (a win missed by the
//! check counts as a defence), so a test built on them never demands the impossible.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use gomoku::engine::gomoku::ai::{Engine, Limits, NoInfo, Score, SearchResult};
use gomoku::engine::gomoku::rules;
use gomoku::engine::gomoku::{Game, Outcome, Pos, Stone};
use gomoku::engine::record::{self, RecordResult};
use lexopt::prelude::*;

#[path = "common/cli.rs"]
mod cli;

struct Options {
    player: Option<String>,
    think: Duration,
    check: Duration,
    win_within: u32,
    files: Vec<PathBuf>,
}

const USAGE: &str =
    "usage: missed-defences [--player NAME] [--think MS] [--check MS] [--win-within N] FILE...";

fn parse_args(p: &mut lexopt::Parser) -> Result<Options, lexopt::Error> {
    let mut o = Options {
        player: None,
        think: Duration::from_millis(2000),
        check: Duration::from_millis(400),
        win_within: 8,
        files: Vec::new(),
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("player") => o.player = Some(p.value()?.string()?),
            Long("think") => o.think = Duration::from_millis(cli::number(p, "--think")?),
            Long("check") => o.check = Duration::from_millis(cli::number(p, "--check")?),
            Long("win-within") => o.win_within = cli::number(p, "--win-within")?,
            Value(file) => o.files.push(PathBuf::from(file)),
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    if o.files.is_empty() {
        return Err("no FILE given".into());
    }
    Ok(o)
}

thread_local! {
    /// One engine for every search, cleared before each: a fresh 32 MB table per search
    /// spent most of a run in the kernel, mapping the new pages (5 of 6.5 minutes on 22
    /// games).
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(32 << 20));
}

/// A search of `game` for `t` from a cleared engine.
fn search(game: &Game, t: Duration) -> SearchResult {
    let stop = AtomicBool::new(false);
    ENGINE.with_borrow_mut(|engine| {
        engine.clear();
        engine.think(game, &Limits::time(t), &stop, &mut NoInfo)
    })
}

/// Whether `stone` could make five at once.
fn has_five_point(game: &Game, stone: Stone) -> bool {
    let mut board = game.board().clone();
    let empty: Vec<Pos> = board.empty_points().collect();
    empty.into_iter().any(|p| {
        board.place(p, stone);
        let five = rules::winning_line(&board, p, stone, game.rule()).is_some();
        board.remove(p);
        five
    })
}

/// Forced replies `loses` follows, at most: a chain of fours and their blocks.
const MAX_FORCED: usize = 16;

/// The opponent's proven win (its moves) with `mv` played in `game`, if any. The engine
/// answers a forced block at once, without searching what follows: so while the side to
/// move must block a four, its block is played and the question asked again after it. The
/// fours may go on, each side's block making a new one: asking only once (as this tool did
/// until session 51) let through "defences" after which the opponent still mates.
fn loses(game: &Game, mv: Pos, o: &Options) -> Option<u32> {
    let us = game.to_move();
    let mut g = game.clone();
    g.play(mv).ok()?;
    for _ in 0..MAX_FORCED {
        if let Outcome::Win { winner, .. } = g.outcome() {
            return (*winner != us).then_some(1);
        }
        if g.outcome().is_over() {
            return None;
        }
        let r = search(&g, o.check);
        let proven = match r.score {
            Score::Win(n) if g.to_move() != us => Some(n),
            Score::Loss(n) if g.to_move() == us => Some(n),
            _ => None,
        };
        if let Some(n) = proven {
            return (n <= o.win_within).then_some(n);
        }
        if !has_five_point(&g, g.to_move().opponent()) {
            return None;
        }
        g.play(r.best?).ok()?;
    }
    None
}

fn near_stones(game: &Game) -> Vec<Pos> {
    let size = game.size() as i32;
    game.board()
        .empty_points()
        .filter(|p| game.check_move(*p).is_ok())
        .filter(|p| {
            (-2..=2).any(|dy| {
                (-2..=2).any(|dx| {
                    let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                    x >= 0
                        && y >= 0
                        && x < size
                        && y < size
                        && game.board().get(Pos::new(x as u8, y as u8)).is_some()
                })
            })
        })
        .collect()
}

fn list(points: &[Pos]) -> String {
    let items: Vec<String> = points
        .iter()
        .map(|p| format!("({}, {})", p.x, p.y))
        .collect();
    items.join(", ")
}

fn analyse(path: &Path, o: &Options) -> Result<Option<String>, String> {
    let rec = record::load(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let Some(RecordResult::Win { winner, .. }) = rec.result else {
        return Ok(None);
    };
    let loser = winner.opponent();
    let loser_name = if loser == Stone::Black {
        &rec.black
    } else {
        &rec.white
    };
    if o.player.as_ref().is_some_and(|p| p != loser_name) {
        return Ok(None);
    }
    let full = rec
        .to_game()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let history = full.history().to_vec();
    let size = full.size();
    // From the end back: the last move of the loser that lost a position that still held.
    for k in (0..history.len()).rev() {
        if history[k].stone != loser {
            continue;
        }
        let mut before = Game::new(size, full.rule()).map_err(|e| e.to_string())?;
        for m in &history[..k] {
            before.place(m.pos, m.stone).map_err(|e| e.to_string())?;
        }
        before.set_to_move(loser);
        let Some(n) = loses(&before, history[k].pos, o) else {
            return Ok(None); // the loss came later, through moves that held
        };
        let defences: Vec<Pos> = near_stones(&before)
            .into_iter()
            .filter(|&p| loses(&before, p, o).is_none())
            .collect();
        if defences.is_empty() {
            continue; // already lost here: look further back
        }
        let best = search(&before, o.think);
        let black: Vec<Pos> = history[..k]
            .iter()
            .filter(|m| m.stone == Stone::Black)
            .map(|m| m.pos)
            .collect();
        let white: Vec<Pos> = history[..k]
            .iter()
            .filter(|m| m.stone == Stone::White)
            .map(|m| m.pos)
            .collect();
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
        let side = if loser == Stone::Black {
            "Black"
        } else {
            "White"
        };
        return Ok(Some(format!(
            "// {name}: {side} played {} at move {} and lost to a win in {n}; \
             the engine (given {} ms) prefers {} ({})\n\
             t!(\"defence: {name} move {}\", {:?}, {side}, &[{}], &[{}], Move(&[{}])),",
            history[k].pos.to_human(size),
            k + 1,
            o.think.as_millis(),
            best.best.map(|p| p.to_human(size)).unwrap_or_default(),
            best.score,
            k + 1,
            full.rule(),
            list(&black),
            list(&white),
            list(&defences),
        )));
    }
    Ok(None)
}

fn main() -> ExitCode {
    let o = cli::parse_or_exit("missed-defences", USAGE, parse_args);
    let mut found = 0;
    let mut failed = false;
    for path in &o.files {
        match analyse(path, &o) {
            Ok(Some(entry)) => {
                found += 1;
                println!("{entry}");
            }
            Ok(None) => {}
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    eprintln!("{found} missed defences in {} files", o.files.len());
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
