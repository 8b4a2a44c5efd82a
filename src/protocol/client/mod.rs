//! The one protocol client: everything a manager needs to have any Gomocup brain play a
//! game, used by the game (an external engine as an opponent or an analyst) and by
//! `pbrain-match`.
//!
//! [`EngineClient`] starts the brain (at a lower priority), asks its name (`ABOUT`), starts
//! games (`START`, the `INFO` settings), and asks for a move with the fewest words: `BEGIN`
//! on an empty board, `TURN` when the brain knows every move but the last, else the whole
//! position with `BOARD` (after an undo, a rule's opening, a restart). Every answer is
//! checked against the rules (on the board, empty, not forbidden), within the time allowed;
//! whatever a brain does wrong becomes a [`Fault`] that names it, and the process is ended
//! so that the next request starts a fresh one. Nothing a brain prints can grow memory
//! without bound or block the caller past its deadline.

mod about;
mod fault;
mod nbest;
mod process;
mod spec;
mod survey;
mod swap2;
mod thinking;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::manager::{BrainProcess, ManagerError, is_message};
use super::{rule_from_bits, shown};
use crate::engine::gomoku::{Game, Pos};

pub use about::{About, file_name};
pub use fault::{Fault, IllegalKind, Refusal};
pub use nbest::{NBest, PvLine, PvReader, engine_point};
use spec::{ABOUT_TIMEOUT, POLL, WARM_TURN};
pub use spec::{DEFAULT_GRACE, EngineSpec, FLOOD_LINES, Limit, NICE, SETUP_TIMEOUT, rule_bits};
pub use survey::Support;
pub use swap2::Swap2Answer;
pub use thinking::{Eval, Thinking, thinking};

/// A move a brain chose, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub pos: Pos,
    /// From just before the command was written to the moment its reply was read.
    pub time: Duration,
}

/// One external brain, started on demand and restarted after a fault.
pub struct EngineClient {
    spec: EngineSpec,
    process: Option<BrainProcess>,
    about: Option<About>,
    /// The board size and rule bits of the game the brain was started for.
    started: Option<(usize, u32)>,
    /// The moves the brain has seen, in order, its own replies included.
    known: Vec<Pos>,
    /// Whether the brain's board is exactly `known` (not after a stopped search, whose
    /// answer it has put on its board): only then may `BEGIN` or `TURN` be sent.
    in_step: bool,
    /// A command whose reply was not waited for (a stopped search): its deadline. The reply
    /// is read and dropped before the next command, so it cannot pass for the next answer.
    owed: Option<Instant>,
    /// The `timeout_turn` and `timeout_match` the brain was last told.
    told: (Duration, Duration),
    /// Whether this process has made its warm-up search ([`EngineClient::prepare`]).
    warmed: bool,
    /// Whether it answered `ABOUT` when it started (then an `ABOUT` can mark the end of
    /// what it was sent before).
    answers_about: bool,
    /// Whether `SWAP2BOARD`'s stones go as `BOARD` lines (`x,y,field`), which Rapfi wants,
    /// rather than the Gomocup form (`x,y`): set once the brain refused the Gomocup form.
    swap2_fields: bool,
}

impl EngineClient {
    /// A client for the brain `spec` describes; nothing runs until it is needed.
    pub fn new(spec: EngineSpec) -> EngineClient {
        EngineClient {
            spec,
            process: None,
            about: None,
            started: None,
            known: Vec::new(),
            in_step: false,
            owed: None,
            told: (Duration::ZERO, Duration::ZERO),
            warmed: false,
            answers_about: false,
            swap2_fields: false,
        }
    }

    /// The brain's `ABOUT`, once it has run.
    pub fn about(&self) -> Option<&About> {
        self.about.as_ref()
    }

    /// Whether a process is running now.
    pub fn is_running(&mut self) -> bool {
        self.process.as_mut().is_some_and(|p| p.is_running())
    }

    /// Starts the process if none runs and asks its name.
    pub fn launch(&mut self) -> Result<&About, Fault> {
        if self.process.as_mut().is_some_and(|p| !p.is_running()) {
            self.process = None;
        }
        if self.process.is_none() {
            let path = &self.spec.path;
            let mut process = BrainProcess::spawn_at(path, self.spec.nice)
                .map_err(|e| Fault::Start(format!("{}: {e}", path.display())))?;
            process.settle = self.spec.settle;
            self.process = Some(process);
            self.started = None;
            self.known.clear();
            self.owed = None;
            self.warmed = false;
            // ABOUT is optional: a brain that does not know it (or keeps quiet) still plays;
            // a late answer is drained before the next command.
            let reply = match self.running()?.command("ABOUT", ABOUT_TIMEOUT) {
                Ok((reply, _)) => reply,
                Err(ManagerError::Timeout(_)) => String::new(),
                Err(e) => return Err(self.fault(Fault::Crash(e.to_string()))),
            };
            self.answers_about = !reply.is_empty();
            let upper = reply.to_ascii_uppercase();
            self.about = Some(
                if upper.starts_with("UNKNOWN") || upper.starts_with("ERROR") {
                    About::default()
                } else {
                    About::parse(&reply)
                },
            );
        }
        Ok(self.about.get_or_insert_with(About::default))
    }

    /// Starts a game: `START size`, then the settings (`INFO`). `rule_bits` is the `INFO
    /// rule` number (see [`rule_bits`]; a match may send others).
    pub fn start_game(&mut self, size: usize, rule_bits: u32) -> Result<(), Fault> {
        self.launch()?;
        self.started = None;
        self.known.clear();
        let reply = self.command(&format!("START {size}"), SETUP_TIMEOUT)?;
        if !reply.eq_ignore_ascii_case("OK") {
            return Err(self.fault(Fault::Refused {
                what: Refusal::Board(size),
                reply,
            }));
        }
        let spec = &self.spec;
        let lines = [
            format!("INFO timeout_turn {}", spec.turn.as_millis()),
            format!(
                "INFO timeout_match {}",
                spec.match_time.map_or(0, |t| t.as_millis())
            ),
            format!("INFO max_memory {}", spec.memory),
            "INFO game_type 1".to_string(),
            format!("INFO rule {rule_bits}"),
            format!("INFO thread_num {}", spec.threads),
        ];
        let told = (spec.turn, spec.match_time.unwrap_or_default());
        for line in lines {
            self.send(&line)?;
        }
        self.told = told;
        self.started = Some((size, rule_bits));
        self.in_step = true;
        Ok(())
    }

    /// Starts the brain and its game for `game`'s board and rule unless it runs one already,
    /// so that its first move is not charged its start (a match's engines before the clock
    /// runs). A fresh process also makes a first search whose answer is dropped: what a
    /// brain does on its first search only (a hash table allocated or cleared, weights
    /// loaded, threads started: Rapfi clears 300 MB after `INFO max_memory`, taking 1.6 s on
    /// a busy machine) is not charged to its first move either. Then an answered `ABOUT`
    /// says the brain has read everything sent before it.
    pub fn prepare(&mut self, game: &Game) -> Result<(), Fault> {
        self.settle_owed()?;
        let mut told = !self.fits(game) || !self.is_running();
        if told {
            self.start_game(game.size(), rule_bits(game.rule()))?;
        }
        if !self.warmed {
            self.warm_up(game)?;
            told = true;
        }
        if told && self.answers_about {
            self.command("ABOUT", SETUP_TIMEOUT)?;
        }
        Ok(())
    }

    /// The warm-up search: a position with one stone of the opponent's in the centre, told
    /// [`WARM_TURN`] and allowed a move's time; whatever it answers is dropped and its game
    /// begins again (`START`).
    fn warm_up(&mut self, game: &Game) -> Result<(), Fault> {
        let c = game.size() / 2;
        self.tell_limit(Limit::Move(WARM_TURN))?;
        self.running()?.wait_settled();
        self.running()?.drain_pending();
        self.send(&format!("BOARD\n{c},{c},2\nDONE"))?;
        self.command_reply(self.spec.turn + self.spec.grace)?;
        self.warmed = true;
        self.start_game(game.size(), rule_bits(game.rule()))
    }

    /// Whether the brain's game is for `game`'s board and rule.
    fn fits(&self, game: &Game) -> bool {
        self.started.is_some_and(|(size, b)| {
            size == game.size() && rule_from_bits(b as u64).0 == game.rule()
        })
    }

    /// Asks the brain for its move in `game` (the side to move is the brain's) within
    /// `limit`. Returns `Ok(None)` if `stop` was raised first: the brain's late reply is
    /// dropped before the next command.
    pub fn think(
        &mut self,
        game: &Game,
        limit: Limit,
        stop: &AtomicBool,
        on_message: &mut dyn FnMut(&str),
    ) -> Result<Option<Answer>, Fault> {
        self.settle_owed()?;
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let exited = self.process.is_some() && !self.is_running();
        if exited && !self.spec.restart {
            return Err(self.fault(Fault::Crash("exited between moves".into())));
        }
        let history: Vec<Pos> = game.history().iter().map(|m| m.pos).collect();
        // BEGIN does not clear a brain's board: an empty position it is not in step with
        // (after an undo to the start, a rematch) begins with START.
        if !self.fits(game)
            || !self.is_running()
            || (history.is_empty() && !(self.in_step && self.known.is_empty()))
        {
            self.start_game(game.size(), rule_bits(game.rule()))?;
        }
        let command = if history.is_empty() {
            "BEGIN".to_string()
        } else if self.in_step
            && self.known.len() + 1 == history.len()
            && history.starts_with(&self.known)
        {
            format!("TURN {}", history[history.len() - 1].to_gomocup())
        } else {
            position_block("BOARD", game)
        };
        let allowed = self.prepare_ask(limit)?;
        let Some((reply, time)) = self.ask(&command, allowed, stop, on_message)? else {
            return Ok(None);
        };
        // The brain now holds the position, whatever it answered.
        self.known = history;
        self.in_step = true;
        let pos = match checked_point(&reply, game) {
            Ok(pos) => pos,
            Err(fault) => return Err(self.fault(fault)),
        };
        self.known.push(pos);
        Ok(Some(Answer { pos, time }))
    }

    /// Before a search is asked: the settle time after the last reply, the lines still
    /// waiting dropped, the time told. Returns the time allowed.
    fn prepare_ask(&mut self, limit: Limit) -> Result<Duration, Fault> {
        self.running()?.wait_settled();
        self.running()?.drain_pending();
        self.tell_limit(limit)
    }

    /// Sends `command` and reads its one-line reply within `allowed` and the grace, handing
    /// `MESSAGE` lines to `on_message`; returns the reply and how long it took. `Ok(None)`
    /// if `stop` was raised first: the brain's late reply is dropped before the next
    /// command, and its board is no longer known.
    fn ask(
        &mut self,
        command: &str,
        allowed: Duration,
        stop: &AtomicBool,
        on_message: &mut dyn FnMut(&str),
    ) -> Result<Option<(String, Duration)>, Fault> {
        let grace = self.spec.grace;
        let process = self.running()?;
        let sent = Instant::now();
        let deadline = sent + allowed + grace;
        if let Err(e) = process.send(command) {
            return Err(self.fault(Fault::Crash(e.to_string())));
        }
        let lines_before = self.running()?.lines_read;
        let (reply, at) = loop {
            if stop.load(Ordering::Relaxed) {
                // Its answer will land on its board, not in `known`: BOARD next time.
                self.owed = Some(deadline);
                self.in_step = false;
                return Ok(None);
            }
            let process = self.running()?;
            match process.line_by(deadline, POLL) {
                Ok(Some((line, _))) if is_message(&line) => {
                    if process.lines_read - lines_before > FLOOD_LINES {
                        return Err(self.fault(Fault::Flood(FLOOD_LINES)));
                    }
                    on_message(&line);
                }
                Ok(Some(line)) => break line,
                Ok(None) => {}
                Err(ManagerError::Timeout(_)) => {
                    return Err(self.fault(Fault::Time(allowed + grace)));
                }
                Err(e) => return Err(self.fault(Fault::Crash(e.to_string()))),
            }
        };
        self.running()?.replied_at(at);
        Ok(Some((reply, at.saturating_duration_since(sent))))
    }

    /// Ends the process: `END`, up to `grace` to exit, then killed. A later request starts a
    /// fresh one.
    pub fn end(&mut self, grace: Duration) -> bool {
        self.started = None;
        self.known.clear();
        self.in_step = false;
        self.owed = None;
        match self.process.take() {
            Some(p) => p.quit(grace),
            None => true,
        }
    }
}

/// The whole position as a `BOARD` or `YXBOARD` block: the side to move's stones 1, the
/// opponent's 2, in move order (Renju brains tell the colours from the order).
fn position_block(command: &str, game: &Game) -> String {
    let me = game.to_move();
    let mut s = String::from(command);
    for m in game.history() {
        let f = if m.stone == me { 1 } else { 2 };
        s.push_str(&format!("\n{},{},{f}", m.pos.x, m.pos.y));
    }
    s.push_str("\nDONE");
    s
}

/// A brain's reply read as a point of `game` that may be played now, or the fault it is.
fn checked_point(reply: &str, game: &Game) -> Result<Pos, Fault> {
    let pos = Pos::from_gomocup(reply, game.size()).map_err(|e| {
        let looks_like_point =
            reply.contains(',') && reply.split(',').all(|n| n.trim().parse::<i64>().is_ok());
        if looks_like_point {
            Fault::Illegal {
                reply: reply.to_string(),
                reason: e.to_string(),
                kind: IllegalKind::OffBoard,
            }
        } else {
            Fault::NotAMove(shown(reply))
        }
    })?;
    game.check_move(pos).map_err(|e| Fault::Illegal {
        reply: pos.to_gomocup(),
        reason: e.to_string(),
        kind: IllegalKind::from(&e),
    })?;
    Ok(pos)
}

impl Drop for EngineClient {
    fn drop(&mut self) {
        // END, then killed at once if still there: dropping must never wait on a brain.
        self.end(Duration::ZERO);
    }
}
