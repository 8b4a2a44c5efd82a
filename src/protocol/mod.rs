//! The Gomocup (Piskvork) protocol: the brain side as a state machine, plus the manager
//! side ([`client`] over [`manager`]) that the game, the match tool and the tests use to
//! drive any brain.
//!
//! [`Brain`] reads one command line at a time and writes its replies to any [`Write`], so
//! tests drive it with strings and the `pbrain-gomoku` binary with stdin and stdout. Every
//! input, however malformed, gets `ERROR`/`UNKNOWN` or is ignored; the brain never panics and
//! a rejected command leaves the state as it was. See `docs/PROTOCOL.md` for the commands.
//!
//! Colours: the protocol names stones as own (1) and opponent (2), never black and white, so
//! the brain works its colour out from what it sees (see [`Brain::colour`]): `BEGIN` makes it
//! Black; a first `TURN` on an empty board makes it White; after `BOARD`, under Renju the
//! first listed stone is Black (the manager sends them in move order), under the other rules
//! we are White when the opponent has more stones and Black otherwise.

mod blocks;
pub mod client;
mod commands;
pub mod lines;
pub mod manager;
#[cfg(feature = "tools")]
pub mod matches;
mod swap;
mod thinking;

use blocks::{Block, BlockKind, Entry};
pub use commands::rule_from_bits;
pub use swap::SWAP_BELOW;
use thinking::Decision;
pub use thinking::info_message;

use std::fmt::Write as _;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::gomoku::ai::search::DEFAULT_HASH_BYTES;
use crate::engine::gomoku::ai::time::{Clock, safety_margin};
use crate::engine::gomoku::ai::{self, Engine, InfoSink, Limits, SearchResult, novice};
use crate::engine::gomoku::{Game, MAX_SIZE, MIN_SIZE, Outcome, Pos, Rule, Stone};

/// Per-move budget when the manager states neither `timeout_turn` nor a match clock (a
/// person typing commands by hand).
pub const DEFAULT_TURN: Duration = Duration::from_secs(5);

/// Budget for `timeout_turn 0`, which Gomocup defines as "play as fast as possible".
pub const FAST_TURN: Duration = Duration::from_millis(10);

/// Largest hash table the brain asks for, however much memory `max_memory` allows: beyond
/// this, clearing the table at every new game costs more than the entries gain.
pub const MAX_HASH_BYTES: usize = 1 << 30;

/// From this hard limit on, the root also searches for threat-sequence wins (VCT): with
/// less time the extra search would eat the budget of the main search.
pub const VCT_FROM: Duration = Duration::from_secs(1);

/// Longest wait for the engine past the hard limit before answering without it (at most a
/// quarter of the safety margin: the rest is for the pipes and a busy machine).
pub const MAX_GRACE: Duration = Duration::from_millis(10);

/// What the caller should do after a line.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Control {
    Continue,
    /// `END` was received: exit now, without printing anything.
    Exit,
}

/// The search the brain calls. [`Engine`] is the real one; tests substitute scripted players
/// to get exact transcripts and to check what the brain does with bad answers. It runs on a
/// thread of its own during a search, hence `Send`.
pub trait Thinker: Send {
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult;
    fn resize_hash(&mut self, bytes: usize);
    fn clear(&mut self);
}

impl Thinker for Engine {
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        Engine::think(self, game, limits, stop, sink)
    }

    fn resize_hash(&mut self, bytes: usize) {
        Engine::resize_hash(self, bytes)
    }

    fn clear(&mut self) {
        Engine::clear(self);
        // The networks in use are read now, before a clock runs, not in the first search.
        crate::engine::gomoku::ai::load_networks();
    }
}

/// The protocol state machine.
pub struct Brain<T: Thinker = Engine> {
    engine: T,
    /// `None` until `START`.
    game: Option<Game>,
    /// Our colour, once known.
    me: Option<Stone>,
    /// Rule for the next game (the current game keeps its own, see [`Game::rule`]).
    rule: Rule,
    timeout_turn: Option<Duration>,
    timeout_match: Option<Duration>,
    time_left: Option<Duration>,
    hash_bytes: usize,
    game_type: Option<i64>,
    /// `INFO thread_num`: search threads (0 = one).
    threads: u32,
    folder: Option<String>,
    block: Option<Block>,
    /// Stop requests (`END`, `STOP`, `YXSTOP`) seen by the binary's reader thread and not yet
    /// handled here: while it is above zero a search stops at once.
    interrupts: Arc<AtomicUsize>,
    rng: StdRng,
}

impl Brain<Engine> {
    /// A brain with the real engine and the default hash size.
    pub fn new() -> Brain<Engine> {
        Brain::with_engine(Engine::new(DEFAULT_HASH_BYTES))
    }
}

impl Default for Brain<Engine> {
    fn default() -> Self {
        Brain::new()
    }
}

fn emit(out: &mut impl Write, line: &str) {
    // A closed pipe means the manager is gone; the binary notices on its own flush.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn error(out: &mut impl Write, what: &str) {
    emit(out, &format!("ERROR {what}"));
}

/// Printable, bounded form of untrusted text for echoing in a reply (or quoting a brain's).
fn shown(text: &str) -> String {
    crate::engine::gomoku::quote_input(text)
}

/// A time from the manager in ms. Capped at about 49 days (`u32::MAX` ms, which managers
/// use for "unlimited") so that no time arithmetic can overflow.
fn ms(v: i64) -> Duration {
    Duration::from_millis(v.clamp(0, u32::MAX as i64) as u64)
}

/// Parses `x,y` for a board of `size`, with a message fit for `ERROR`.
fn parse_pos(text: &str, size: usize) -> Result<Pos, String> {
    Pos::from_gomocup(text.trim(), size).map_err(|e| e.to_string())
}

/// A non-negative integer argument.
fn parse_count(text: &str) -> Option<u64> {
    let t = text.trim();
    if t.is_empty() || t.len() > 19 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

impl<T: Thinker> Brain<T> {
    /// A brain around any search.
    pub fn with_engine(engine: T) -> Brain<T> {
        Brain {
            engine,
            game: None,
            me: None,
            rule: Rule::Freestyle,
            timeout_turn: None,
            timeout_match: None,
            time_left: None,
            hash_bytes: DEFAULT_HASH_BYTES,
            game_type: None,
            threads: 0,
            folder: None,
            block: None,
            interrupts: Arc::new(AtomicUsize::new(0)),
            rng: StdRng::seed_from_u64(0x5_3A_B2),
        }
    }

    /// The current game, `None` before `START`.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Our colour, once the brain has seen enough to know it.
    pub fn colour(&self) -> Option<Stone> {
        self.me
    }

    /// The rule for the next game (`INFO rule`).
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The hash size asked of the engine.
    pub fn hash_bytes(&self) -> usize {
        self.hash_bytes
    }

    pub fn engine(&self) -> &T {
        &self.engine
    }

    /// Search threads asked for by `INFO thread_num` (0: one).
    pub fn threads(&self) -> u32 {
        self.threads
    }

    /// `INFO game_type` and `INFO folder` as last received (stored, not used).
    pub fn game_type(&self) -> Option<i64> {
        self.game_type
    }

    pub fn folder(&self) -> Option<&str> {
        self.folder.as_deref()
    }

    /// True while a `BOARD`/`YXBOARD`/`SWAP2BOARD` block waits for `DONE`.
    pub fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Shared counter of stop requests: a reader thread increments it when it sees `END`,
    /// `STOP` or `YXSTOP` so a running search stops; handling that line decrements it.
    pub fn interrupt_handle(&self) -> Arc<AtomicUsize> {
        Arc::clone(&self.interrupts)
    }

    /// Handles one line read just now.
    pub fn handle_line(&mut self, line: &str, out: &mut impl Write) -> Control {
        self.handle_line_at(line, Instant::now(), out)
    }

    /// Handles one raw input line; text that is not UTF-8 is an error.
    pub fn handle_bytes(
        &mut self,
        line: &[u8],
        received: Instant,
        out: &mut impl Write,
    ) -> Control {
        match std::str::from_utf8(line) {
            Ok(text) => self.handle_line_at(text, received, out),
            Err(_) => {
                if let Some(block) = self.block.as_mut() {
                    block
                        .error
                        .get_or_insert_with(|| "a line is not UTF-8 text".to_string());
                } else {
                    error(out, "input line is not UTF-8 text");
                }
                Control::Continue
            }
        }
    }

    /// Answers an input line longer than [`lines::MAX_LINE`]: it is not interpreted at all
    /// (a command cut at the limit could mean something else), and inside a BOARD-style
    /// block the whole block is refused at DONE.
    pub fn handle_too_long(&mut self, head: &[u8], len: usize, out: &mut impl Write) -> Control {
        let what = format!(
            "input line of {len} bytes is longer than the {}-byte limit, ignored: '{}'",
            lines::MAX_LINE,
            shown(&String::from_utf8_lossy(head))
        );
        if let Some(block) = self.block.as_mut() {
            block.error.get_or_insert(what);
        } else {
            error(out, &what);
        }
        Control::Continue
    }

    /// Handles one line read at `received` (time limits count from then).
    pub fn handle_line_at(
        &mut self,
        line: &str,
        received: Instant,
        out: &mut impl Write,
    ) -> Control {
        let line = line.trim();
        if line.is_empty() {
            return Control::Continue;
        }
        let (word, args) = match line.split_once(char::is_whitespace) {
            Some((w, a)) => (w, a.trim()),
            None => (line, ""),
        };
        let cmd = word.to_ascii_uppercase();
        if self.block.is_some() {
            if cmd == "DONE" {
                return self.finish_block(received, out);
            }
            if cmd == "END" {
                return Control::Exit;
            }
            if !is_command(&cmd) {
                self.block_line(line);
                return Control::Continue;
            }
            // A known command inside a block means the manager (or a person) forgot DONE.
            let kind = self.block.take().map_or("block", |b| b.kind.name());
            error(out, &format!("{kind} not closed by DONE, ignored"));
        }
        match cmd.as_str() {
            "START" => self.cmd_start(args, out),
            "RECTSTART" => self.cmd_rectstart(args, out),
            "RESTART" => self.cmd_restart(args, out),
            "BEGIN" => self.cmd_begin(args, received, out),
            "TURN" => self.cmd_turn(args, received, out),
            "BOARD" => self.open_block(BlockKind::Board, args, out),
            "YXBOARD" => self.open_block(BlockKind::YxBoard, args, out),
            "SWAP2BOARD" => self.open_block(BlockKind::Swap2, args, out),
            "INFO" => self.cmd_info(args, out),
            "TAKEBACK" => self.cmd_takeback(args, out),
            "PLAY" => self.cmd_play(args, out),
            "ABOUT" => emit(
                out,
                &format!(
                    "name=\"gomoku\", version=\"{}\", author=\"The gomoku developers\", country=\"International\"",
                    env!("CARGO_PKG_VERSION")
                ),
            ),
            "YXSHOWFORBID" => self.cmd_showforbid(out),
            "STOP" | "YXSTOP" => {
                // Nothing is running now; the request has done its work (if any).
                self.consume_interrupt();
            }
            "END" => return Control::Exit,
            "DONE" => error(out, "DONE without BOARD, YXBOARD or SWAP2BOARD"),
            _ => emit(out, &format!("UNKNOWN {}", shown(word))),
        }
        Control::Continue
    }

    fn consume_interrupt(&self) {
        let _ = self
            .interrupts
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |v| v.checked_sub(1));
    }
}

/// The command words this brain knows (a known word inside a block ends the block).
fn is_command(cmd: &str) -> bool {
    matches!(
        cmd,
        "START"
            | "RECTSTART"
            | "RESTART"
            | "BEGIN"
            | "TURN"
            | "BOARD"
            | "YXBOARD"
            | "SWAP2BOARD"
            | "INFO"
            | "TAKEBACK"
            | "PLAY"
            | "ABOUT"
            | "YXSHOWFORBID"
            | "STOP"
            | "YXSTOP"
            | "END"
    )
}
