//! Transcript tests of the Gomocup protocol state machine: input lines against the exact
//! output lines. A scripted player stands in for the engine so every answer is known; a few
//! tests use the real engine where only legality can be checked.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use gomoku::engine::gomoku::ai::{Engine, InfoSink, Limits, Score, SearchResult};
use gomoku::engine::gomoku::{Game, MoveError, Pos, Rule, Stone};
use gomoku::protocol::{Brain, Control, DEFAULT_TURN, Thinker, rule_from_bits};

/// Plays the empty point nearest the centre (ties: top row first, then left), unless a
/// move was queued; reports one fixed iteration. Remembers what it was asked.
#[derive(Default)]
struct Script {
    queue: VecDeque<Option<Pos>>,
    score: Option<Score>,
    /// Waits for the stop flag instead of answering at once.
    slow: bool,
    limits: Vec<Limits>,
    to_move: Vec<Stone>,
    hash: Vec<usize>,
    clears: usize,
}

fn nearest_centre(game: &Game) -> Option<Pos> {
    let c = (game.size() / 2) as i32;
    game.board()
        .empty_points()
        .filter(|&p| game.check_move(p).is_ok())
        .min_by_key(|p| {
            let (dx, dy) = (p.x as i32 - c, p.y as i32 - c);
            (dx.abs().max(dy.abs()), p.y, p.x)
        })
}

impl Thinker for Script {
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        self.limits.push(limits.clone());
        self.to_move.push(game.to_move());
        if self.slow {
            // Ignores its limits on purpose: the brain must stop it at the deadline.
            let t = Instant::now();
            while !stop.load(Ordering::Relaxed) && t.elapsed() < Duration::from_secs(20) {
                std::thread::yield_now();
            }
        }
        let best = self
            .queue
            .pop_front()
            .unwrap_or_else(|| nearest_centre(game));
        let r = SearchResult {
            best,
            score: self.score.unwrap_or(Score::Eval(12)),
            depth: 3,
            nodes: 1000,
            pv: best.into_iter().collect(),
            time: Duration::from_millis(10),
        };
        sink.info(&r);
        r
    }

    fn resize_hash(&mut self, bytes: usize) {
        self.hash.push(bytes);
    }

    fn clear(&mut self) {
        self.clears += 1;
    }
}

fn brain() -> Brain<Script> {
    Brain::with_engine(Script::default())
}

/// Feeds one line, returns the output lines and whether the brain asked to exit.
fn feed<T: Thinker>(b: &mut Brain<T>, line: &str) -> (Vec<String>, Control) {
    let mut out = Vec::new();
    let c = b.handle_line(line, &mut out);
    let text = String::from_utf8(out).expect("replies are UTF-8");
    (text.lines().map(str::to_string).collect(), c)
}

/// Runs a transcript: lines starting with `> ` are input, the others the exact output
/// expected since the previous input.
fn transcript<T: Thinker>(b: &mut Brain<T>, script: &str) {
    let mut expected: Vec<String> = Vec::new();
    let mut got: Vec<String> = Vec::new();
    let mut last_input = String::from("(start)");
    let check = |input: &str, got: &mut Vec<String>, expected: &mut Vec<String>| {
        assert_eq!(got, expected, "after input '{input}'");
        got.clear();
        expected.clear();
    };
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(input) = line.strip_prefix("> ") {
            check(&last_input, &mut got, &mut expected);
            let (out, c) = feed(b, input);
            assert_eq!(c, Control::Continue, "'{input}' must not exit");
            got = out;
            last_input = input.to_string();
        } else {
            expected.push(line.to_string());
        }
    }
    check(&last_input, &mut got, &mut expected);
}

const MSG: &str = "MESSAGE depth 3 score +12 nodes 1000 nps 100k time 10 pv";

fn stones(b: &Brain<Script>) -> Vec<(u8, u8, Stone)> {
    let g = b.game().expect("a game");
    g.history()
        .iter()
        .map(|m| (m.pos.x, m.pos.y, m.stone))
        .collect()
}

mod boards;
mod commands;
mod start;
mod timing;
