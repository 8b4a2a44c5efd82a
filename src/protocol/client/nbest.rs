//! Several best moves through a brain (multi-PV): `YXNBEST n`, the Yixin Board command that
//! Rapfi answers with its n best lines, each reported as its search completes it, then its
//! move. [`EngineClient::probe_nbest`] asks once whether a brain does it (when it is added);
//! [`EngineClient::nbest`] asks for a position's lines; [`PvReader`] reads them in the three
//! forms brains print: the `INFO PV` blocks that `INFO show_detail 2` asks for (Yixin
//! Board's, with `x,y` points), and Rapfi's `MESSAGE` lines in its "normal" and "ucilike"
//! modes (`(2) 35 | 12-20 | H8 I9`, `depth 12-20 multipv 2 ev 35 ... pv H8 I9`), whose points
//! are a column letter and the row counted from the top, as Rapfi prints them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::spec::{Limit, SETUP_TIMEOUT};
use super::thinking::{depth_word, eval_word};
use super::{Answer, EngineClient, Eval, Fault, checked_point, position_block, rule_bits};
use crate::engine::gomoku::{Game, Pos};

/// The time the probe gives a brain for its two lines.
const PROBE_TIME: Duration = Duration::from_millis(500);

/// What a brain said to `YXNBEST` when it was added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NBest {
    /// Added before the game asked.
    #[default]
    NotAsked,
    /// It reports several lines.
    Lines,
    /// It does not know the command (`ERROR`, `UNKNOWN`, or no answer in time).
    Refused,
    /// It answered with a move but reported one line or none.
    OneLine,
}

/// One of a brain's best lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// 1 for its best.
    pub rank: usize,
    pub depth: Option<u32>,
    pub eval: Option<Eval>,
    /// The line from the position, its first move the one ranked.
    pub moves: Vec<Pos>,
}

/// Reads a brain's lines as they come, keeping the latest line of each rank.
#[derive(Clone, Debug)]
pub struct PvReader {
    size: usize,
    /// An `INFO PV` block still open.
    block: Option<PvLine>,
    lines: Vec<PvLine>,
}

impl PvReader {
    pub fn new(size: usize) -> PvReader {
        PvReader {
            size,
            block: None,
            lines: Vec::new(),
        }
    }

    /// The latest line of each rank, best first.
    pub fn lines(&self) -> &[PvLine] {
        &self.lines
    }

    /// Reads one line of the brain's output; true when a line of moves came with it.
    pub fn read(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(head) = words.next() else {
            return false;
        };
        let rest: Vec<&str> = words.collect();
        if head.eq_ignore_ascii_case("INFO") {
            self.info(&rest)
        } else if head.eq_ignore_ascii_case("MESSAGE") {
            match self.message(&rest) {
                Some(line) => self.store(line),
                None => false,
            }
        } else {
            false
        }
    }

    /// One line of an `INFO PV <index>` ... `INFO PV DONE` block.
    fn info(&mut self, words: &[&str]) -> bool {
        let Some((key, value)) = words.split_first() else {
            return false;
        };
        let first = value.first().copied().unwrap_or("");
        match key.to_ascii_uppercase().as_str() {
            "PV" if first.eq_ignore_ascii_case("DONE") => match self.block.take() {
                Some(line) if !line.moves.is_empty() => self.store(line),
                _ => false,
            },
            "PV" => {
                self.block = first.parse::<usize>().ok().map(|index| PvLine {
                    rank: index + 1,
                    depth: None,
                    eval: None,
                    moves: Vec::new(),
                });
                false
            }
            key => {
                if let Some(block) = self.block.as_mut() {
                    match key {
                        "DEPTH" => block.depth = depth_word(first),
                        "EVAL" => block.eval = eval_word(first),
                        "BESTLINE" => block.moves = points(value, self.size),
                        _ => {}
                    }
                }
                false
            }
        }
    }

    /// Rapfi's multi-PV `MESSAGE` line, in its normal or its ucilike form.
    fn message(&self, words: &[&str]) -> Option<PvLine> {
        let first = *words.first()?;
        if let Some(rank) = first.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
            // (2) 35 | 12-20 | H8 I9 J10
            let text = words[1..].join(" ");
            let parts: Vec<&str> = text.split('|').map(str::trim).collect();
            let [eval, depth, line] = parts[..] else {
                return None;
            };
            let moves: Vec<&str> = line.split_whitespace().collect();
            return line_of(
                rank.parse().ok()?,
                depth_word(depth),
                eval_word(eval),
                points(&moves, self.size),
            );
        }
        let after = |key: &str| {
            words
                .iter()
                .position(|w| w.eq_ignore_ascii_case(key))
                .map(|i| &words[i + 1..])
        };
        let rank = after("multipv")?.first()?.parse().ok()?;
        let depth = after("depth").and_then(|w| w.first().copied().and_then(depth_word));
        let eval = after("ev").and_then(|w| w.first().copied().and_then(eval_word));
        line_of(rank, depth, eval, points(after("pv")?, self.size))
    }

    fn store(&mut self, line: PvLine) -> bool {
        match self.lines.iter_mut().find(|l| l.rank == line.rank) {
            Some(old) => *old = line,
            None => {
                self.lines.push(line);
                self.lines.sort_by_key(|l| l.rank);
            }
        }
        true
    }
}

fn line_of(rank: usize, depth: Option<u32>, eval: Option<Eval>, moves: Vec<Pos>) -> Option<PvLine> {
    (rank > 0 && !moves.is_empty()).then_some(PvLine {
        rank,
        depth,
        eval,
        moves,
    })
}

/// The points of a line as far as they read ([`engine_point`]).
fn points(words: &[&str], size: usize) -> Vec<Pos> {
    words.iter().map_while(|w| engine_point(w, size)).collect()
}

/// A point as brains print it in their lines: `x,y`; Rapfi's and Yixin's `H8` (an upper
/// case column letter, the row counted from the top from 1); our brain's `h8` (lower case,
/// the board's own notation, the row counted from the bottom).
pub fn engine_point(word: &str, size: usize) -> Option<Pos> {
    if word.contains(',') {
        return Pos::from_gomocup(word, size).ok();
    }
    let col = word.chars().next()?;
    if col.is_ascii_lowercase() {
        return Pos::from_human(word, size).ok();
    }
    if !col.is_ascii_uppercase() {
        return None;
    }
    let row: usize = word[1..].parse().ok()?;
    if row == 0 {
        return None;
    }
    Pos::from_gomocup(&format!("{},{}", col as u8 - b'A', row - 1), size).ok()
}

impl EngineClient {
    /// Whether the brain reports several best lines to `YXNBEST`: a game on 15 x 15 with one
    /// stone of the opponent's, set with `YXBOARD` (which asks no search), then
    /// `YXNBEST 2` in half a second. A brain that refuses `YXBOARD` or `YXNBEST`, or says
    /// nothing in time, has [`NBest::Refused`]; a crash is the fault it is. Its game is
    /// started afresh for the next request.
    pub fn probe_nbest(&mut self) -> Result<NBest, Fault> {
        self.start_game(15, rule_bits(crate::engine::gomoku::Rule::Freestyle))?;
        self.send("INFO show_detail 2")?;
        self.send("YXBOARD\n7,7,2\nDONE")?;
        if self.answers_about {
            // Whatever it says of the block comes before ABOUT's answer.
            self.send("ABOUT")?;
            if refusal(&self.command_reply(SETUP_TIMEOUT)?) {
                // More of its complaints may follow: a fresh process next time.
                self.end(Duration::ZERO);
                return Ok(NBest::Refused);
            }
        }
        self.running()?.wait_settled();
        self.running()?.drain_pending();
        let allowed = self.tell_limit(Limit::Move(PROBE_TIME))?;
        let mut reader = PvReader::new(15);
        let asked = self.ask("YXNBEST 2", allowed, &AtomicBool::new(false), &mut |l| {
            reader.read(l);
        });
        let found = match asked {
            Ok(Some((reply, _))) if refusal(&reply) => NBest::Refused,
            Ok(Some((reply, _))) if Pos::from_gomocup(&reply, 15).is_err() => {
                // Not a move: what it means is anyone's guess, so the process goes.
                self.end(Duration::ZERO);
                NBest::Refused
            }
            Ok(Some(_)) if reader.lines().len() >= 2 => NBest::Lines,
            Ok(Some(_)) => NBest::OneLine,
            // The process was ended.
            Ok(None) | Err(Fault::Time(_)) => NBest::Refused,
            Err(fault) => return Err(fault),
        };
        self.forget_game();
        Ok(found)
    }

    /// The brain's `n` best lines for the side to move in `game`, within `limit`: the
    /// position set with `YXBOARD`, then `YXNBEST n`; `on_lines` hears the lines (best
    /// first) each time one comes. Returns its move, checked as a move is, or `Ok(None)` if
    /// `stop` was raised first.
    pub fn nbest(
        &mut self,
        game: &Game,
        n: usize,
        limit: Limit,
        stop: &AtomicBool,
        on_lines: &mut dyn FnMut(&[PvLine]),
    ) -> Result<Option<Answer>, Fault> {
        self.settle_owed()?;
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if !self.fits(game) || !self.is_running() {
            self.start_game(game.size(), rule_bits(game.rule()))?;
        }
        self.send("INFO show_detail 2")?;
        let block = position_block("YXBOARD", game);
        self.send(&block)?;
        let allowed = self.prepare_ask(limit)?;
        let mut reader = PvReader::new(game.size());
        let asked = self.ask(&format!("YXNBEST {n}"), allowed, stop, &mut |l| {
            if reader.read(l) {
                on_lines(reader.lines());
            }
        })?;
        let Some((reply, time)) = asked else {
            return Ok(None);
        };
        // It played its move on its board, as after a search.
        self.known = game.history().iter().map(|m| m.pos).collect();
        self.in_step = true;
        let pos = match checked_point(&reply, game) {
            Ok(pos) => pos,
            Err(fault) => return Err(self.fault(fault)),
        };
        self.known.push(pos);
        Ok(Some(Answer { pos, time }))
    }

    /// After a probe: the next request starts its game with `START`.
    fn forget_game(&mut self) {
        self.started = None;
        self.known.clear();
        self.in_step = false;
    }
}

fn refusal(reply: &str) -> bool {
    let upper = reply.trim().to_ascii_uppercase();
    upper.starts_with("UNKNOWN") || upper.starts_with("ERROR")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: u8, y: u8) -> Pos {
        Pos::new(x, y)
    }

    #[test]
    fn yixin_info_blocks_are_read_by_rank() {
        let mut r = PvReader::new(15);
        let block = |i: usize, ev: &str, line: &str| {
            vec![
                format!("INFO PV {i}"),
                "INFO NUMPV 3".into(),
                "INFO DEPTH 12".into(),
                "INFO SELDEPTH 20".into(),
                format!("INFO EVAL {ev}"),
                format!("INFO BESTLINE {line}"),
                "INFO PV DONE".into(),
            ]
        };
        let mut changed = Vec::new();
        for l in block(1, "-20", "8,7 7,8")
            .into_iter()
            .chain(block(0, "35", "7,7 8,8 9,9"))
        {
            changed.push(r.read(&l));
        }
        assert_eq!(changed.iter().filter(|&&c| c).count(), 2, "one per DONE");
        assert_eq!(
            r.lines(),
            [
                PvLine {
                    rank: 1,
                    depth: Some(12),
                    eval: Some(Eval::Score(35)),
                    moves: vec![at(7, 7), at(8, 8), at(9, 9)]
                },
                PvLine {
                    rank: 2,
                    depth: Some(12),
                    eval: Some(Eval::Score(-20)),
                    moves: vec![at(8, 7), at(7, 8)]
                }
            ]
        );
        // A later depth replaces its rank's line.
        for l in block(0, "+M7", "6,6") {
            r.read(&l);
        }
        assert_eq!(r.lines()[0].eval, Some(Eval::Win(7)));
        assert_eq!(r.lines()[0].moves, [at(6, 6)]);
        assert_eq!(r.lines().len(), 2);
    }

    #[test]
    fn rapfi_messages_in_both_forms() {
        let mut r = PvReader::new(15);
        // Rapfi's letters: the column, then the row from the top counted from 1.
        assert!(r.read("MESSAGE (2) -15 | 10-18 | A1 B2"));
        assert!(r.read("MESSAGE depth 11-19 multipv 1 ev 40 n 1.2M n/ms 900 tm 300 pv H8 I9"));
        assert_eq!(r.lines()[0].moves, [at(7, 7), at(8, 8)]);
        assert_eq!(r.lines()[0].depth, Some(11));
        assert_eq!(r.lines()[1].moves, [at(0, 0), at(1, 1)]);
        assert_eq!(r.lines()[1].eval, Some(Eval::Score(-15)));
        // Lines that are not multi-PV lines change nothing.
        assert!(!r.read("MESSAGE depth 11-19 ev 40 pv H8"));
        assert!(!r.read("MESSAGE Speed 900K | Depth 11-19 | Eval 40"));
        assert!(!r.read("MESSAGE (1) 40 | 11-19"));
        assert!(!r.read("INFO DEPTH 12"));
        assert!(!r.read("INFO PV 0"));
        assert!(!r.read("INFO PV DONE"), "a block without a line");
        // Off the board ends the line where it goes off.
        assert!(r.read("MESSAGE (3) 1 | 9 | C3 Z99 D4"));
        assert_eq!(r.lines()[2].moves, [at(2, 2)]);
        // Our brain's lower case is the board's notation, the row from the bottom.
        assert_eq!(engine_point("a1", 15), Some(at(0, 14)));
        assert_eq!(engine_point("A1", 15), Some(at(0, 0)));
        assert_eq!(engine_point("3,4", 15), Some(at(3, 4)));
        assert_eq!(engine_point("?1", 15), None);
        assert_eq!(engine_point("Ä1", 15), None);
        assert_eq!(engine_point("A0", 15), None);
    }
}
