//! `tune policylabel`: labels a policygen file's positions again with a deeper search (the
//! issue's "self-play data labelled by deeper searches"): every line keeps its game, rule,
//! moves and result and gets the new search's move and score. A game's positions are
//! searched in order by one engine, as policygen searched them while playing, so the hash
//! table carries from one move to the next in the same way.

use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::data::score_number;
use super::policy::FORMAT;
use super::{arg, fail, num};
use gomoku::engine::gomoku::ai::{Engine, Limits, NoInfo};
use gomoku::engine::gomoku::{Game, Pos, Rule};

/// One position read: the line's numbers, checked.
struct Line {
    game: i64,
    rule: Rule,
    result: i64,
    moves: Vec<usize>,
}

/// Reads `path`'s positions grouped by game, in file order; the first `games` games.
fn load(path: &str, games: usize) -> Vec<Vec<Line>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, h)) if h.starts_with("# tune policygen 1") => {}
        _ => fail(&format!(
            "{path}: not a policygen file (no '# tune policygen 1' line)"
        )),
    }
    let mut out: Vec<Vec<Line>> = Vec::new();
    for (n, line) in lines {
        let at = |what: &str| format!("{path} line {}: {what}", n + 1);
        let v: Vec<i64> = line
            .split(' ')
            .map(|w| {
                w.parse()
                    .unwrap_or_else(|_| fail(&at(&format!("'{w}' is not a number"))))
            })
            .collect();
        if v.len() < 6 || v.len() != 6 + v[2].max(0) as usize {
            fail(&at(
                "a line is: game rule ply best score result, then ply moves",
            ));
        }
        let rule = *Rule::ALL
            .get(v[1] as usize)
            .unwrap_or_else(|| fail(&at(&format!("no rule {}", v[1]))));
        let moves = v[6..]
            .iter()
            .map(|&m| {
                if (0..225).contains(&m) {
                    m as usize
                } else {
                    fail(&at(&format!("{m} is not a point of the board")))
                }
            })
            .collect();
        let line = Line {
            game: v[0],
            rule,
            result: v[5],
            moves,
        };
        let same = out.last().is_some_and(|g| g[0].game == line.game);
        if same {
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
fn label(game: &[Line], nodes: u64) -> Result<Vec<String>, String> {
    let mut engine = Engine::new(8 << 20);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut out = Vec::new();
    for p in game {
        let mut board = Game::new(15, p.rule).map_err(|e| e.to_string())?;
        for &m in &p.moves {
            board
                .play(Pos::from_index(m, 15))
                .map_err(|e| format!("game {}, move {m}: {e}", p.game))?;
        }
        let r = engine.think(&board, &limits, &stop, &mut NoInfo);
        let Some(best) = r.best else {
            return Err(format!(
                "game {}, ply {}: the search found no move",
                p.game,
                p.moves.len()
            ));
        };
        let mut line = format!(
            "{} {} {} {} {} {}",
            p.game,
            super::data::rule_index(p.rule),
            p.moves.len(),
            best.index(15),
            score_number(r.score),
            p.result
        );
        for m in &p.moves {
            line.push_str(&format!(" {m}"));
        }
        out.push(line);
    }
    Ok(out)
}

pub(super) fn policylabel() {
    let data = arg("--data").unwrap_or_else(|| fail("policylabel needs --data FILE"));
    let out = arg("--out").unwrap_or_else(|| fail("policylabel needs --out FILE"));
    let nodes = num("--nodes", 120_000);
    let threads = num("--threads", 1).clamp(1, 2) as usize;
    let games = load(&data, num("--games", u64::MAX) as usize);
    let start = std::time::Instant::now();
    // As policygen: whole games go to the .tmp file in order, renamed when all are in.
    let tmp = format!("{out}.tmp");
    let file = std::fs::File::create(&tmp).unwrap_or_else(|e| fail(&format!("{tmp}: {e}")));
    let mut w = BufWriter::new(file);
    let _ = writeln!(w, "{FORMAT}");
    let next = AtomicUsize::new(0);
    let written = Mutex::new((w, vec![None; games.len()], 0usize, 0usize));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games.len() {
                        break;
                    }
                    let lines =
                        label(&games[g], nodes).unwrap_or_else(|e| fail(&format!("{data}: {e}")));
                    let mut guard = written.lock().unwrap_or_else(|e| e.into_inner());
                    let (w, done, cursor, positions) = &mut *guard;
                    done[g] = Some(lines);
                    while let Some(lines) = done.get_mut(*cursor).and_then(Option::take) {
                        for l in lines {
                            let _ = writeln!(w, "{l}");
                            *positions += 1;
                        }
                        *cursor += 1;
                        if cursor.is_multiple_of(50) {
                            eprintln!(
                                "tune: {cursor} games, {positions} positions, {:.0} s",
                                start.elapsed().as_secs_f64()
                            );
                        }
                    }
                    let _ = w.flush();
                }
            });
        }
    });
    let (mut w, _, _, positions) = written.into_inner().unwrap_or_else(|e| e.into_inner());
    w.flush()
        .and_then(|_| std::fs::rename(&tmp, &out))
        .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    println!(
        "tune policylabel: {} games of {data} ({nodes} nodes a move) -> {positions} positions \
         in {out} in {:.0} s",
        games.len(),
        start.elapsed().as_secs_f64()
    );
}
