//! `tune policygen`: self-play games for a policy and value network (Engine IV), each
//! position with the deeper search's move and score and the game's result. The positions
//! are written as the moves that make them (from the empty board), not as features, so
//! that any feature definition can be computed from them later by the trainer and the
//! engine alike.
//!
//! A line: `game rule ply best score result m1 ... m_ply`: the game's index, the rule's
//! place in `Rule::ALL`, the number of moves on the board, the search's move (a board
//! index, x + 15 y), its score for the side to move (wins and losses as +-(20000 - plies)),
//! the game's result for the side to move (1, 0, -1), then the moves in play order.

use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::data::{rule_index, score_number};
use super::{SelfPlay, arg, fail, num};
use gomoku::engine::gomoku::{Outcome, Rule, Stone};

/// The first line of a policygen file.
pub(super) const FORMAT: &str = "# tune policygen 1: game rule ply best score result moves";

/// The first line of a file whose positions also carry scored moves (`tune policylabel
/// --rank K`): after the moves, `k`, then `k` pairs `move score` (the score for the side to
/// move of playing that move, as the `score` field), the policy's ranking target.
pub(super) const FORMAT_RANKED: &str =
    "# tune policygen 2: game rule ply best score result moves k (move score) x k";

/// One position of a game, before its result is known.
struct Position {
    moves: Vec<usize>,
    best: usize,
    score: i32,
    mover: Stone,
}

/// Plays game `index` and returns its lines.
fn play(index: u64, seed: u64, nodes: u64) -> Vec<String> {
    let mut selfplay = SelfPlay::new(index, seed, nodes);
    let size = selfplay.game.size();
    let rule = rule_index(selfplay.game.rule());
    let mut positions = Vec::new();
    while !selfplay.game.outcome().is_over() {
        let r = selfplay.search();
        let Some(mv) = r.best else { break };
        positions.push(Position {
            moves: selfplay
                .game
                .history()
                .iter()
                .map(|m| m.pos.index(size))
                .collect(),
            best: mv.index(size),
            score: score_number(r.score),
            mover: selfplay.game.to_move(),
        });
        if selfplay.game.play(mv).is_err() {
            break;
        }
    }
    let winner = match selfplay.game.outcome() {
        Outcome::Win { winner, .. } => Some(*winner),
        _ => None,
    };
    positions
        .into_iter()
        .map(|p| {
            let result = match winner {
                Some(w) if w == p.mover => 1,
                Some(_) => -1,
                None => 0,
            };
            line_of(index as i64, rule, p.best, p.score, result, &p.moves)
        })
        .collect()
}

/// A position's line in the [`FORMAT`]: `rule` is the rule's place in `Rule::ALL`.
pub(super) fn line_of(
    game: i64,
    rule: usize,
    best: usize,
    score: i32,
    result: i64,
    moves: &[usize],
) -> String {
    let mut line = format!("{game} {rule} {} {best} {score} {result}", moves.len());
    for m in moves {
        line.push_str(&format!(" {m}"));
    }
    line
}

pub(super) fn policygen() {
    let games = num("--games", 1000);
    let nodes = num("--nodes", 30_000);
    let seed = num("--seed", 3);
    let threads = num("--threads", 1).clamp(1, 2) as usize;
    let out = arg("--out").unwrap_or_else(|| fail("policygen needs --out FILE"));
    let start = std::time::Instant::now();
    let positions = write_in_order(&out, FORMAT, games as usize, threads, |g| {
        play(g as u64, seed, nodes)
    });
    println!(
        "tune policygen: {games} games ({nodes} nodes a move, seed {seed}) -> {positions} \
         positions in {out} in {:.0} s",
        start.elapsed().as_secs_f64()
    );
}

/// Runs `work` on each game `0..games` on `threads` threads and writes the games' lines to
/// `out` in game order, with the `header` line first; returns the number of lines. Games
/// go to `out.tmp` as soon as all before them are in, so a long run cut off keeps its whole
/// games there; it is renamed into place when all are in.
pub(super) fn write_in_order(
    out: &str,
    header: &str,
    games: usize,
    threads: usize,
    work: impl Fn(usize) -> Vec<String> + Sync,
) -> usize {
    let start = std::time::Instant::now();
    let tmp = format!("{out}.tmp");
    let file = std::fs::File::create(&tmp).unwrap_or_else(|e| fail(&format!("{tmp}: {e}")));
    let mut w = BufWriter::new(file);
    let _ = writeln!(w, "{header}");
    let next = AtomicUsize::new(0);
    let written = Mutex::new(Written {
        w,
        done: vec![None; games],
        cursor: 0,
        positions: 0,
    });
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let lines = work(g);
                    let mut written = written.lock().unwrap_or_else(|e| e.into_inner());
                    written.done[g] = Some(lines);
                    written.flush_ready();
                    if written.cursor.is_multiple_of(50) {
                        eprintln!(
                            "tune: {} games, {} positions, {:.0} s",
                            written.cursor,
                            written.positions,
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let mut written = written.into_inner().unwrap_or_else(|e| e.into_inner());
    written
        .w
        .flush()
        .and_then(|_| std::fs::rename(&tmp, out))
        .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    written.positions
}

/// A position line of a policygen file, checked: the moves are points of the board (not
/// yet whether they make a legal game).
pub(super) struct PositionLine {
    /// The line's number in the file, from 1.
    pub line: usize,
    pub game: i64,
    pub rule: Rule,
    pub best: usize,
    /// The search's score for the side to move (wins and losses as +-(20000 - plies)).
    pub score: i32,
    pub result: i64,
    pub moves: Vec<usize>,
    /// The scored moves of a ranked file ([`FORMAT_RANKED`]): `(move, score)`; none in a
    /// plain one.
    pub scored: Vec<(usize, i32)>,
}

/// Reads `path` (a policygen file, or the `.tmp` of a run still going): each position
/// line, in file order. A file or line that is not one stops the run with its line.
pub(super) fn read_positions(path: &str) -> Vec<PositionLine> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let mut lines = text.lines().enumerate();
    let ranked = match lines.next() {
        Some((_, h)) if h.starts_with("# tune policygen 1") => false,
        Some((_, h)) if h.starts_with("# tune policygen 2") => true,
        _ => fail(&format!(
            "{path}: not a policygen file (no '# tune policygen 1' or '2' line)"
        )),
    };
    let mut out = Vec::new();
    for (n, line) in lines {
        let at = |what: &str| format!("{path} line {}: {what}", n + 1);
        let v: Vec<i64> = line
            .split(' ')
            .map(|w| {
                w.parse()
                    .unwrap_or_else(|_| fail(&at(&format!("'{w}' is not a number"))))
            })
            .collect();
        // At least 6 (a missing ply counts as 0), so the shape checks below also refuse a
        // line short of its six fixed fields.
        let end = 6 + v.get(2).map_or(0, |&p| p.max(0) as usize);
        let shape_ok = if ranked {
            // Compared as counts left, so that no number in the line can overflow the sum.
            v.len() > end && {
                let rest = v.len() - end - 1;
                rest.is_multiple_of(2) && (rest / 2) as i64 == v[end]
            }
        } else {
            v.len() == end
        };
        if !shape_ok {
            fail(&at(if ranked {
                "a line is: game rule ply best score result, ply moves, k, then k move-score pairs"
            } else {
                "a line is: game rule ply best score result, then ply moves"
            }));
        }
        let rule = *Rule::ALL
            .get(v[1] as usize)
            .unwrap_or_else(|| fail(&at(&format!("no rule {}", v[1]))));
        let point = |m: i64| {
            if (0..225).contains(&m) {
                m as usize
            } else {
                fail(&at(&format!("{m} is not a point of the board")))
            }
        };
        out.push(PositionLine {
            line: n + 1,
            game: v[0],
            rule,
            best: point(v[3]),
            score: v[4].clamp(-20_000, 20_000) as i32,
            result: v[5],
            moves: v[6..end].iter().map(|&m| point(m)).collect(),
            scored: v
                .get(end + 1..)
                .unwrap_or_default()
                .chunks(2)
                .map(|ms| (point(ms[0]), ms[1].clamp(-20_000, 20_000) as i32))
                .collect(),
        });
    }
    out
}

/// The output and the games finished but not yet written.
struct Written {
    w: BufWriter<std::fs::File>,
    done: Vec<Option<Vec<String>>>,
    /// The first game not yet written.
    cursor: usize,
    positions: usize,
}

impl Written {
    /// Writes the games from the cursor on that are finished, in order.
    fn flush_ready(&mut self) {
        while let Some(lines) = self.done.get_mut(self.cursor).and_then(Option::take) {
            for l in lines {
                let _ = writeln!(self.w, "{l}");
                self.positions += 1;
            }
            self.cursor += 1;
        }
        let _ = self.w.flush();
    }
}
