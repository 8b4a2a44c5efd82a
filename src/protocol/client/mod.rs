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
mod faults;
mod spec;
mod thinking_line;

pub use about::{About, file_name};
pub use faults::{Fault, IllegalKind, Refusal};
pub use spec::EngineSpec;
pub use thinking_line::{Eval, Thinking, thinking};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::manager::{BrainProcess, ManagerError, is_message};
use super::{rule_from_bits, shown};
use crate::engine::gomoku::{Game, Pos, Rule};

/// Time allowed for replies that involve no search (`OK` to `START`, `ABOUT`): a brain may
/// load its weights first.
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(15);

/// How long a brain may take to answer `ABOUT` before it is taken to have no name.
const ABOUT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a reply owed to a stopped search is waited for before the brain is restarted
/// (the game is waiting for the next move meanwhile).
const OWED_WAIT: Duration = Duration::from_secs(1);

/// Beyond the time a move is allowed, how long to wait before declaring a brain hung.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(2);

/// The time a brain is told for its warm-up search ([`EngineClient::prepare`]).
const WARM_TURN: Duration = Duration::from_millis(100);

/// Lines a brain may print while thinking about one move: a thousand times what a chatty
/// engine prints, and far less than a brain stuck in a printing loop reaches in a second.
pub const FLOOD_LINES: u64 = 100_000;

/// The priority external brains run at (Unix nice value): the interface stays smooth while
/// a brain thinks on every core.
pub const NICE: i32 = 10;

/// How often a wait for a reply looks at the stop flag.
const POLL: Duration = Duration::from_millis(20);

/// A move a brain chose, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub pos: Pos,
    /// From just before the command was written to the moment its reply was read.
    pub time: Duration,
}

/// What a brain said about a rule or a board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    Accepted,
    /// It answered `ERROR` (or something other than `OK` to `START`): its words.
    Refused(String),
}

/// The `INFO rule` number of a rule.
pub fn rule_bits(rule: Rule) -> u32 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// The time a brain has for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Its own time per move ([`EngineSpec::turn`]).
    Turn,
    /// This much for this move (`INFO timeout_turn`: a clock that gives every move the same
    /// time).
    Move(Duration),
    /// This much left on its clock for the game (`INFO time_left`), its own time per move
    /// as the cap.
    Left(Duration),
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

    /// Whether the brain plays on a `size` board under `rule`: `START` must answer `OK`, and
    /// `INFO rule` must not answer `ERROR` (an `ABOUT` after it marks where its answer would
    /// be).
    pub fn probe(&mut self, size: usize, rule: Rule) -> Result<Support, Fault> {
        self.launch()?;
        self.started = None;
        let reply = self.command(&format!("START {size}"), SETUP_TIMEOUT)?;
        if !reply.eq_ignore_ascii_case("OK") {
            return Ok(Support::Refused(reply));
        }
        self.send(&format!("INFO rule {}", rule_bits(rule)))?;
        // Not drained first: an ERROR already waiting is the rule's answer.
        let asked = self.running()?.command("ABOUT", SETUP_TIMEOUT);
        let reply = match asked {
            Ok((reply, _)) => reply,
            Err(ManagerError::Timeout(t)) => return Err(self.fault(Fault::Time(t))),
            Err(e) => return Err(self.fault(Fault::Crash(e.to_string()))),
        };
        if reply.to_ascii_uppercase().starts_with("ERROR") {
            // The ABOUT's own reply is still to come.
            self.command_reply(SETUP_TIMEOUT)?;
            return Ok(Support::Refused(reply));
        }
        // A game still starts with START and the settings (the probe sent none of them).
        self.started = None;
        self.known.clear();
        Ok(Support::Accepted)
    }

    /// What the brain plays, of `sizes` and `rules` (`INFO rule` numbers): the sizes its
    /// `START` accepts, then the rules it does not refuse on the first of them (15 where it
    /// accepts 15). A brain that accepts no size is refused as a whole.
    pub fn survey(&mut self, sizes: &[u32], rules: &[u32]) -> Result<(Vec<u32>, Vec<u32>), Fault> {
        self.launch()?;
        let mut accepted_sizes = Vec::new();
        for &size in sizes {
            self.started = None;
            let reply = self.command(&format!("START {size}"), SETUP_TIMEOUT)?;
            if reply.eq_ignore_ascii_case("OK") {
                accepted_sizes.push(size);
            }
        }
        let Some(&size) = accepted_sizes
            .iter()
            .find(|&&s| s == 15)
            .or(accepted_sizes.first())
        else {
            return Err(self.fault(Fault::Refused {
                what: Refusal::Sizes(sizes.to_vec()),
                reply: "START".into(),
            }));
        };
        let mut accepted_rules = Vec::new();
        for &bits in rules {
            let rule = rule_from_bits(bits as u64).0;
            if self.probe(size as usize, rule)? == Support::Accepted {
                accepted_rules.push(bits);
            }
        }
        self.started = None;
        Ok((accepted_sizes, accepted_rules))
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
            // The whole position, own stones 1, the opponent's 2, in move order (Renju
            // brains tell the colours from the order).
            let me = game.to_move();
            let mut s = String::from("BOARD");
            for m in game.history() {
                let f = if m.stone == me { 1 } else { 2 };
                s.push_str(&format!("\n{},{},{f}", m.pos.x, m.pos.y));
            }
            s.push_str("\nDONE");
            s
        };
        self.running()?.wait_settled();
        self.running()?.drain_pending();
        let allowed = self.tell_limit(limit)?;
        let grace = self.spec.grace;
        let process = self.running()?;
        let sent = Instant::now();
        let deadline = sent + allowed + grace;
        if let Err(e) = process.send(&command) {
            return Err(self.fault(Fault::Crash(e.to_string())));
        }
        // The brain now holds the position, whatever it answers.
        self.known = history;
        self.in_step = true;
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
        let time = at.saturating_duration_since(sent);
        let pos = match Pos::from_gomocup(&reply, game.size()) {
            Ok(pos) => pos,
            Err(e) => {
                let looks_like_point = reply.contains(',')
                    && reply.split(',').all(|n| n.trim().parse::<i64>().is_ok());
                return Err(self.fault(if looks_like_point {
                    Fault::Illegal {
                        reply,
                        reason: e.to_string(),
                        kind: IllegalKind::OffBoard,
                    }
                } else {
                    Fault::NotAMove(shown(&reply))
                }));
            }
        };
        if let Err(e) = game.check_move(pos) {
            return Err(self.fault(Fault::Illegal {
                reply: pos.to_gomocup(),
                reason: e.to_string(),
                kind: IllegalKind::from(&e),
            }));
        }
        self.known.push(pos);
        Ok(Some(Answer { pos, time }))
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

    fn running(&mut self) -> Result<&mut BrainProcess, Fault> {
        self.process
            .as_mut()
            .ok_or_else(|| Fault::Crash("not running".into()))
    }

    /// Records `fault`: the process is ended so that the next request starts a fresh one.
    fn fault(&mut self, fault: Fault) -> Fault {
        self.end(Duration::ZERO);
        fault
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        let result = self.running()?.send(line);
        result.map_err(|e| self.fault(Fault::Crash(e.to_string())))
    }

    /// A command that must be answered within `timeout`.
    fn command(&mut self, line: &str, timeout: Duration) -> Result<String, Fault> {
        self.running()?.drain_pending();
        let result = self.running()?.command(line, timeout);
        match result {
            Ok((reply, _)) => Ok(reply),
            Err(ManagerError::Timeout(t)) => Err(self.fault(Fault::Time(t))),
            Err(e) => Err(self.fault(Fault::Crash(e.to_string()))),
        }
    }

    /// The next reply line, for a command already sent.
    fn command_reply(&mut self, timeout: Duration) -> Result<String, Fault> {
        let result = self.running()?.reply(timeout);
        match result {
            Ok((reply, at)) => {
                self.running()?.replied_at(at);
                Ok(reply)
            }
            Err(ManagerError::Timeout(t)) => Err(self.fault(Fault::Time(t))),
            Err(e) => Err(self.fault(Fault::Crash(e.to_string()))),
        }
    }

    /// Tells the brain its time for the coming move; returns it.
    fn tell_limit(&mut self, limit: Limit) -> Result<Duration, Fault> {
        let (turn, matched) = self.told;
        let allowed = match limit {
            Limit::Turn => self.spec.turn,
            Limit::Move(d) => d,
            Limit::Left(left) => {
                // A match time of 0 means "none" in the protocol: a brain would not look at
                // its time left.
                if matched.is_zero() {
                    self.send(&format!("INFO timeout_match {}", left.as_millis().max(1)))?;
                    self.told.1 = left;
                }
                self.send(&format!("INFO time_left {}", left.as_millis()))?;
                return Ok(left.min(self.spec.turn));
            }
        };
        if turn != allowed {
            self.send(&format!("INFO timeout_turn {}", allowed.as_millis()))?;
            self.told.0 = allowed;
        }
        Ok(allowed)
    }

    /// Reads and drops the reply owed to a stopped search; a brain that does not give it
    /// within [`OWED_WAIT`] (or its deadline) is restarted, quietly: the game is waiting.
    fn settle_owed(&mut self) -> Result<(), Fault> {
        let Some(deadline) = self.owed.take() else {
            return Ok(());
        };
        let Some(process) = self.process.as_mut() else {
            return Ok(());
        };
        let wait = deadline
            .saturating_duration_since(Instant::now())
            .min(OWED_WAIT);
        match process.reply(wait) {
            Ok((_, at)) => process.replied_at(at),
            Err(_) => {
                self.end(Duration::ZERO);
            }
        }
        Ok(())
    }
}

impl Drop for EngineClient {
    fn drop(&mut self) {
        // END, then killed at once if still there: dropping must never wait on a brain.
        self.end(Duration::ZERO);
    }
}
