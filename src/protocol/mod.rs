//! The Gomocup (Piskvork) protocol: the brain side as a state machine, plus the manager
//! side used by the match tool and the tests.
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

pub mod lines;
pub mod manager;
pub mod matches;

use std::fmt::Write as _;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::ai::search::DEFAULT_HASH_BYTES;
use crate::engine::ai::time::{Clock, safety_margin};
use crate::engine::ai::{self, Engine, InfoSink, Limits, SearchResult, novice};
use crate::engine::{Game, MAX_SIZE, MIN_SIZE, Outcome, Pos, Rule, Stone};

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

/// In a Swap2 choice, take Black instead of playing White when White's score (side to move)
/// is below this: about one and a half open threes behind.
pub const SWAP_BELOW: i32 = -150;

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
        Engine::clear(self)
    }
}

/// Which multi-line block is being read (all end with `DONE`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum BlockKind {
    Board,
    YxBoard,
    Swap2,
}

impl BlockKind {
    fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2 => "SWAP2BOARD",
        }
    }
}

/// One line of a block: a point (`None` for Yixin's `-1,-1` pass) and its field code.
#[derive(Copy, Clone, Debug)]
struct Entry {
    pos: Option<Pos>,
    field: u8,
}

/// A block being read. Errors are kept until `DONE` so the manager, which waits for one
/// answer after `DONE`, gets exactly one.
#[derive(Debug)]
struct Block {
    kind: BlockKind,
    entries: Vec<Entry>,
    error: Option<String>,
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

/// Printable, bounded form of untrusted text for echoing in a reply.
fn shown(text: &str) -> String {
    crate::engine::quote_input(text)
}

/// A time from the manager in ms. Capped at about 49 days (`u32::MAX` ms, which managers
/// use for "unlimited") so that no time arithmetic can overflow.
fn ms(v: i64) -> Duration {
    Duration::from_millis(v.clamp(0, u32::MAX as i64) as u64)
}

/// The rule a Gomocup `INFO rule` bitmask asks for, and a note on the bits we cannot honour.
/// Bits: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
pub fn rule_from_bits(bits: u64) -> (Rule, Option<String>) {
    let rule = if bits & 4 != 0 {
        Rule::Renju
    } else if bits & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    };
    let mut unsupported = Vec::new();
    if bits & 2 != 0 {
        unsupported.push("continuous game (2)".to_string());
    }
    if bits & 8 != 0 {
        unsupported.push("caro (8)".to_string());
    }
    if bits & !15 != 0 {
        unsupported.push(format!("unknown bits {}", bits & !15));
    }
    let note = (!unsupported.is_empty()).then(|| {
        format!(
            "rule {bits}: {} not supported, playing {}",
            unsupported.join(", "),
            rule.name()
        )
    });
    (rule, note)
}

/// The `MESSAGE` line for one finished search iteration. Moves of the PV in human notation
/// (`h8`), which is shorter to read than `x,y` lists in a manager's log.
pub fn info_message(r: &SearchResult, size: usize) -> String {
    let secs = r.time.as_secs_f64();
    let nps = if secs > 0.0 {
        (r.nodes as f64 / secs) as u64
    } else {
        0
    };
    let nps = match nps {
        n if n >= 10_000_000 => format!("{}M", n / 1_000_000),
        n if n >= 10_000 => format!("{}k", n / 1000),
        n => n.to_string(),
    };
    let mut s = format!(
        "MESSAGE depth {} score {} nodes {} nps {} time {} pv",
        r.depth,
        r.score,
        r.nodes,
        nps,
        r.time.as_millis()
    );
    for p in &r.pv {
        if p.on_board(size) {
            let _ = write!(s, " {}", p.to_human(size));
        }
    }
    s
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

/// What the brain answers to a search.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Decision {
    Move(Pos),
    /// Swap2: we take Black.
    Swap,
    /// No legal move: an `ERROR` was printed.
    Nothing,
}

/// The lines to print for a search result and what they mean for the state.
fn decide(game: &Game, result: Option<&SearchResult>, may_swap: bool) -> (Decision, Vec<String>) {
    if may_swap && result.is_some_and(|r| r.score.rank() < SWAP_BELOW) {
        return (Decision::Swap, vec!["SWAP".into()]);
    }
    let proposed = result.and_then(|r| r.best);
    let Some(mv) = legal_choice(game, proposed) else {
        return (Decision::Nothing, vec!["ERROR no legal move left".into()]);
    };
    let mut lines = Vec::new();
    if let Some(p) = proposed
        && p != mv
    {
        lines.push(format!(
            "MESSAGE engine move {} is not legal here, playing {} instead",
            p.to_gomocup(),
            mv.to_gomocup()
        ));
    }
    lines.push(mv.to_gomocup());
    (Decision::Move(mv), lines)
}

/// When a search must stop and when the answer must be out.
#[derive(Copy, Clone, Debug)]
struct Timing {
    /// The search is told to stop here (the hard limit).
    stop_at: Option<Instant>,
    /// If the engine has not returned by then, the brain answers without it.
    answer_by: Option<Instant>,
}

/// How long a stop request (`YXSTOP`, `END`) waits for the engine before answering.
const INTERRUPT_GRACE: Duration = Duration::from_millis(20);

/// Reports from the search thread.
enum Report {
    Info(SearchResult),
    Done(SearchResult),
    Failed,
}

/// Runs one search on its own thread and answers on time whatever the engine does: the
/// search is told to stop at the hard limit, and if it has not returned shortly after, the
/// move of its last finished iteration is printed while it winds down. Each finished
/// iteration is printed as a `MESSAGE` line. Returns the decision and when it was printed;
/// `None` when no thread could be started.
fn search_on_thread<T: Thinker>(
    engine: &mut T,
    game: &Game,
    limits: &Limits,
    timing: Timing,
    interrupts: &AtomicUsize,
    may_swap: bool,
    out: &mut impl Write,
) -> Option<(Decision, Instant)> {
    let stop = AtomicBool::new(interrupts.load(Ordering::Acquire) > 0);
    let (tx, rx) = mpsc::channel();
    let size = game.size();
    std::thread::scope(|s| {
        let stop = &stop;
        let worker = move || {
            let mut sink = |r: &SearchResult| {
                let _ = tx.send(Report::Info(r.clone()));
            };
            // A bug in the search must not cost the game by a crash.
            let report = match std::panic::catch_unwind(AssertUnwindSafe(|| {
                engine.think(game, limits, stop, &mut sink)
            })) {
                Ok(r) => Report::Done(r),
                Err(_) => Report::Failed,
            };
            let _ = tx.send(report);
        };
        std::thread::Builder::new()
            .name("pbrain-search".into())
            .spawn_scoped(s, worker)
            .ok()?;
        let mut best: Option<SearchResult> = None;
        let mut answer_by = timing.answer_by;
        let mut interrupted = false;
        // Polls for stop requests: the reader thread that counts them cannot wake us.
        const POLL: Duration = Duration::from_millis(5);
        loop {
            let now = Instant::now();
            if !interrupted && interrupts.load(Ordering::Acquire) > 0 {
                interrupted = true;
                stop.store(true, Ordering::Release);
                answer_by =
                    Some(answer_by.map_or(now + INTERRUPT_GRACE, |a| a.min(now + INTERRUPT_GRACE)));
            }
            if timing.stop_at.is_some_and(|t| now >= t) {
                stop.store(true, Ordering::Release);
            }
            if answer_by.is_some_and(|a| now >= a) {
                emit(
                    out,
                    &format!(
                        "MESSAGE search still running at the time limit; answering from depth {}",
                        best.as_ref().map_or(0, |r| r.depth)
                    ),
                );
                let (decision, lines) = decide(game, best.as_ref(), may_swap);
                for l in &lines {
                    emit(out, l);
                }
                // Leaving the scope waits for the search, which has been told to stop.
                return Some((decision, Instant::now()));
            }
            let mut wake = now + POLL;
            for t in [timing.stop_at, answer_by].into_iter().flatten() {
                if t > now {
                    wake = wake.min(t);
                }
            }
            match rx.recv_timeout(wake.saturating_duration_since(now)) {
                Ok(Report::Info(r)) => {
                    emit(out, &info_message(&r, size));
                    best = Some(r);
                }
                Ok(Report::Done(r)) => {
                    let (decision, lines) = decide(game, Some(&r), may_swap);
                    for l in &lines {
                        emit(out, l);
                    }
                    return Some((decision, Instant::now()));
                }
                Ok(Report::Failed) | Err(RecvTimeoutError::Disconnected) => {
                    emit(out, "MESSAGE the search failed; playing a fallback move");
                    let (decision, lines) = decide(game, best.as_ref(), may_swap);
                    for l in &lines {
                        emit(out, l);
                    }
                    return Some((decision, Instant::now()));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    })
}

/// The same search on the calling thread, for when no thread can be started: only the
/// engine's own clock bounds it.
fn search_here<T: Thinker>(
    engine: &mut T,
    game: &Game,
    limits: &Limits,
    may_swap: bool,
    out: &mut impl Write,
) -> (Decision, Instant) {
    let stop = AtomicBool::new(false);
    let size = game.size();
    let result = {
        let mut sink = |r: &SearchResult| emit(out, &info_message(r, size));
        std::panic::catch_unwind(AssertUnwindSafe(|| {
            engine.think(game, limits, &stop, &mut sink)
        }))
    };
    if result.is_err() {
        emit(out, "MESSAGE the search failed; playing a fallback move");
    }
    let (decision, lines) = decide(game, result.as_ref().ok(), may_swap);
    for l in &lines {
        emit(out, l);
    }
    (decision, Instant::now())
}

/// The move to play: the engine's if it is legal, else the greedy scorer's, else any legal
/// point. `None` only when nothing is legal.
fn legal_choice(game: &Game, proposed: Option<Pos>) -> Option<Pos> {
    if let Some(p) = proposed
        && game.check_move(p).is_ok()
    {
        return Some(p);
    }
    let size = game.size();
    let centre = Pos::new((size / 2) as u8, (size / 2) as u8);
    if game.board().stone_count() == 0 && game.check_move(centre).is_ok() {
        return Some(centre);
    }
    let greedy = novice::choose(game, &mut StdRng::seed_from_u64(0), 0).best;
    greedy
        .filter(|&p| game.check_move(p).is_ok())
        .or_else(|| ai::legal_moves(game).first().copied())
}

/// The 3-stone Swap2 openings we propose, as offsets from the centre (Black, White,
/// Black): the third stone stands off from the first two, which keeps Black's edge small
/// so the opponent's choice of colour gains little.
const SWAP2_OPENINGS: [[(i8, i8); 3]; 4] = [
    [(0, 0), (1, 0), (1, 2)],
    [(0, 0), (1, 1), (-2, 1)],
    [(0, 0), (0, 1), (2, -2)],
    [(0, 0), (1, -1), (-1, -2)],
];

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

    /// The search limits a move would get now, and the hard deadline (counted from
    /// `received`, when the command was read).
    pub fn move_limits(&self, received: Instant) -> (Limits, Option<Instant>) {
        let empty_points = self
            .game
            .as_ref()
            .map_or(0, |g| g.size() * g.size() - g.board().stone_count());
        // `timeout_match 0` means no match clock; otherwise the clock runs from the last
        // `time_left`, or from the whole match time until the first one arrives.
        let left = match self.timeout_match {
            Some(Duration::ZERO) => None,
            m => self.time_left.or(m),
        };
        let mut limits = if self.timeout_turn == Some(Duration::ZERO) && left.is_none() {
            Limits {
                depth: Some(1),
                ..Limits::time(FAST_TURN)
            }
        } else {
            let turn = match self.timeout_turn {
                Some(Duration::ZERO) => Some(FAST_TURN),
                Some(t) => Some(t),
                None if left.is_none() => Some(DEFAULT_TURN),
                None => None,
            };
            Clock {
                turn,
                left,
                empty_points,
            }
            .limits()
        };
        let deadline = limits.hard_time.and_then(|h| received.checked_add(h));
        // Time already spent since the line was read (parsing, set-up) comes off both.
        let spent = received.elapsed();
        limits.hard_time = limits.hard_time.map(|h| h.saturating_sub(spent));
        limits.soft_time = limits
            .soft_time
            .map(|s| s.saturating_sub(spent).min(limits.hard_time.unwrap_or(s)));
        limits.vct = limits.hard_time.is_some_and(|h| h >= VCT_FROM);
        limits.threads = self.threads;
        (limits, deadline)
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

    fn no_args(&self, cmd: &str, args: &str, out: &mut impl Write) -> bool {
        if args.is_empty() {
            true
        } else {
            error(
                out,
                &format!("{cmd} takes no arguments, got '{}'", shown(args)),
            );
            false
        }
    }

    /// The current game, or an `ERROR` when there is none.
    fn need_game(&self, out: &mut impl Write) -> bool {
        if self.game.is_none() {
            error(out, "no board yet: send START first");
        }
        self.game.is_some()
    }

    fn new_game(&mut self, size: usize, out: &mut impl Write) {
        match Game::new(size, self.rule) {
            Ok(g) => {
                self.game = Some(g);
                self.me = None;
                // `time_left` is kept: some managers send it before START.
                self.engine.clear();
                emit(out, "OK");
            }
            Err(e) => error(out, &e.to_string()),
        }
    }

    fn cmd_start(&mut self, args: &str, out: &mut impl Write) {
        match parse_count(args) {
            Some(n) if (MIN_SIZE as u64..=MAX_SIZE as u64).contains(&n) => {
                self.new_game(n as usize, out)
            }
            Some(n) => error(
                out,
                &format!("unsupported board size {n}: use {MIN_SIZE} to {MAX_SIZE}"),
            ),
            None => error(
                out,
                &format!("START needs a board size, got '{}'", shown(args)),
            ),
        }
    }

    fn cmd_rectstart(&mut self, args: &str, out: &mut impl Write) {
        let parsed = args
            .split_once(',')
            .and_then(|(w, h)| Some((parse_count(w)?, parse_count(h)?)));
        match parsed {
            Some((w, h)) if w != h => error(
                out,
                &format!("rectangular boards are not supported ({w}x{h})"),
            ),
            Some((n, _)) => self.cmd_start(&n.to_string(), out),
            None => error(
                out,
                &format!("RECTSTART needs width,height, got '{}'", shown(args)),
            ),
        }
    }

    fn cmd_restart(&mut self, args: &str, out: &mut impl Write) {
        if !self.no_args("RESTART", args, out) || !self.need_game(out) {
            return;
        }
        let size = self.game.as_ref().map_or(MIN_SIZE, Game::size);
        self.new_game(size, out);
    }

    fn cmd_begin(&mut self, args: &str, received: Instant, out: &mut impl Write) {
        if !self.no_args("BEGIN", args, out) || !self.need_game(out) {
            return;
        }
        if self
            .game
            .as_ref()
            .is_some_and(|g| g.board().stone_count() > 0)
        {
            error(out, "BEGIN needs an empty board (use BOARD for a position)");
            return;
        }
        let saved = self.me.replace(Stone::Black);
        if !self.think_and_play(received, out) {
            self.me = saved;
        }
    }

    fn cmd_turn(&mut self, args: &str, received: Instant, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pos = match parse_pos(args, game.size()) {
            Ok(p) => p,
            Err(e) => return error(out, &format!("TURN: {e}")),
        };
        // The opponent's stone, even out of alternation (the manager is the referee).
        let saved = (game.clone(), self.me);
        let theirs = self.me.map_or(game.to_move(), Stone::opponent);
        if let Err(e) = game.place(pos, theirs) {
            return error(out, &format!("TURN: {e}"));
        }
        self.me = Some(theirs.opponent());
        // No answer (their move ended the game): the command is rejected as a whole.
        if !self.think_and_play(received, out) {
            (self.game, self.me) = (Some(saved.0), saved.1);
        }
    }

    fn cmd_takeback(&mut self, args: &str, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pos = match parse_pos(args, game.size()) {
            Ok(p) => p,
            Err(e) => return error(out, &format!("TAKEBACK: {e}")),
        };
        match game.last_move() {
            Some(m) if m.pos == pos => {
                game.undo();
                emit(out, "OK");
            }
            Some(m) => error(
                out,
                &format!(
                    "TAKEBACK {}: only the last move ({}) can be taken back",
                    pos.to_gomocup(),
                    m.pos.to_gomocup()
                ),
            ),
            None => error(out, "TAKEBACK: the board is empty"),
        }
    }

    fn cmd_play(&mut self, args: &str, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pos = match parse_pos(args, game.size()) {
            Ok(p) => p,
            Err(e) => return error(out, &format!("PLAY: {e}")),
        };
        let ours = self.me.unwrap_or(game.to_move());
        if let Err(e) = game.place(pos, ours) {
            return error(out, &format!("PLAY: {e}"));
        }
        self.me = Some(ours);
        emit(out, &pos.to_gomocup());
    }

    fn cmd_showforbid(&mut self, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let mut line = String::from("FORBID ");
        if let Some(g) = self.game.as_ref() {
            for (p, _) in g.forbidden_points() {
                let _ = write!(line, "{:02}{:02}", p.x, p.y);
            }
        }
        line.push('.');
        emit(out, &line);
    }

    fn cmd_info(&mut self, args: &str, out: &mut impl Write) {
        let (key, value) = match args.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => (args.to_ascii_lowercase(), ""),
        };
        if key.is_empty() {
            return error(out, "INFO needs a key and a value");
        }
        let numeric = matches!(
            key.as_str(),
            "timeout_turn"
                | "timeout_match"
                | "time_left"
                | "max_memory"
                | "game_type"
                | "rule"
                | "thread_num"
        );
        if !numeric {
            if key == "folder" {
                self.folder = Some(value.to_string());
            }
            // Other keys (evaluate, ...) are optional and ignored.
            return;
        }
        // Times may come negative when a clock has run out: treat as zero.
        let number = if let Some(rest) = value.strip_prefix('-') {
            parse_count(rest).map(|_| 0i64)
        } else {
            parse_count(value).map(|v| v.min(i64::MAX as u64) as i64)
        };
        let Some(v) = number else {
            return error(
                out,
                &format!("INFO {key}: '{}' is not a whole number", shown(value)),
            );
        };
        match key.as_str() {
            "timeout_turn" => self.timeout_turn = Some(ms(v)),
            "timeout_match" => self.timeout_match = Some(ms(v)),
            "time_left" => self.time_left = Some(ms(v)),
            "game_type" => self.game_type = Some(v),
            // More threads than cores only slow each other down.
            "thread_num" => self.threads = v.clamp(0, 256) as u32,
            "max_memory" => {
                // 0 means no limit. Otherwise keep the table within half of the limit,
                // leaving the rest for the process itself.
                let bytes = if v == 0 {
                    DEFAULT_HASH_BYTES
                } else {
                    usize::try_from(v / 2)
                        .unwrap_or(usize::MAX)
                        .min(MAX_HASH_BYTES)
                };
                if bytes != self.hash_bytes {
                    self.hash_bytes = bytes;
                    self.engine.resize_hash(bytes);
                }
            }
            "rule" => self.set_rule(v as u64, out),
            _ => {}
        }
    }

    fn set_rule(&mut self, bits: u64, out: &mut impl Write) {
        let (rule, note) = rule_from_bits(bits);
        if let Some(note) = note {
            emit(out, &format!("MESSAGE {note}"));
        }
        self.rule = rule;
        // The game in progress follows too, replayed under the new rule when it can be.
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if game.rule() == rule {
            return;
        }
        let stones: Vec<(Pos, Stone)> = game.history().iter().map(|m| (m.pos, m.stone)).collect();
        match Game::set_up(game.size(), rule, &stones) {
            Ok(mut g) => {
                g.set_to_move(game.to_move());
                self.game = Some(g);
            }
            Err(e) => emit(
                out,
                &format!(
                    "MESSAGE the current position stays under {} ({e}); {} from the next game",
                    game.rule().name(),
                    rule.name()
                ),
            ),
        }
    }

    fn open_block(&mut self, kind: BlockKind, args: &str, out: &mut impl Write) {
        if !self.no_args(kind.name(), args, out) || !self.need_game(out) {
            return;
        }
        self.block = Some(Block {
            kind,
            entries: Vec::new(),
            error: None,
        });
    }

    /// Records one line of a block, or the first thing wrong with it.
    fn block_line(&mut self, line: &str) {
        let size = self.game.as_ref().map_or(MIN_SIZE, Game::size);
        let Some(block) = self.block.as_mut() else {
            return;
        };
        if block.error.is_some() {
            return;
        }
        let n = block.entries.len() + 1;
        let parts: Vec<&str> = line.split(',').map(str::trim).collect();
        let parsed = match (block.kind, parts.as_slice()) {
            (BlockKind::Swap2, [x, y]) => Ok((x, y, "0")),
            (BlockKind::Board | BlockKind::YxBoard, [x, y, f]) => Ok((x, y, *f)),
            (BlockKind::Swap2, _) => Err(format!("line {n} '{}' is not x,y", shown(line))),
            _ => Err(format!("line {n} '{}' is not x,y,field", shown(line))),
        };
        let entry = parsed.and_then(|(x, y, f)| {
            let field = match f {
                "0" if block.kind == BlockKind::Swap2 => 0,
                "1" => 1,
                "2" => 2,
                "3" => 3,
                _ => return Err(format!("line {n}: field '{}' is not 1, 2 or 3", shown(f))),
            };
            // Yixin marks a pass as -1,-1.
            if *x == "-1" && *y == "-1" && block.kind != BlockKind::Swap2 {
                return Ok(Entry { pos: None, field });
            }
            let pos = parse_pos(&format!("{x},{y}"), size).map_err(|e| format!("line {n}: {e}"))?;
            Ok(Entry {
                pos: Some(pos),
                field,
            })
        });
        match entry {
            Ok(e) if block.entries.len() < size * size + 8 => block.entries.push(e),
            Ok(_) => block.error = Some(format!("more than {} lines", size * size + 8)),
            Err(e) => block.error = Some(e),
        }
    }

    fn finish_block(&mut self, received: Instant, out: &mut impl Write) -> Control {
        let Some(block) = self.block.take() else {
            return Control::Continue;
        };
        if let Some(e) = block.error {
            error(out, &format!("{}: {e}", block.kind.name()));
            return Control::Continue;
        }
        match block.kind {
            BlockKind::Board | BlockKind::YxBoard => {
                let markers = block.entries.iter().filter(|e| e.field == 3).count();
                match self.position_from(&block.entries) {
                    Ok((game, me)) => {
                        if markers > 0 {
                            emit(
                                out,
                                &format!(
                                    "MESSAGE ignored {markers} continuous-game marker stone(s) (field 3)"
                                ),
                            );
                        }
                        let saved = (self.game.replace(game), self.me.replace(me));
                        if block.kind == BlockKind::Board && !self.think_and_play(received, out) {
                            (self.game, self.me) = saved;
                        }
                    }
                    Err(e) => error(out, &format!("{}: {e}", block.kind.name())),
                }
            }
            BlockKind::Swap2 => self.swap2(&block.entries, received, out),
        }
        Control::Continue
    }

    /// The position of a `BOARD`/`YXBOARD` block (own = 1, opponent = 2), with us to move.
    fn position_from(&self, entries: &[Entry]) -> Result<(Game, Stone), String> {
        let Some(old) = self.game.as_ref() else {
            return Err("no board yet: send START first".into());
        };
        let rule = old.rule();
        let own = entries
            .iter()
            .filter(|e| e.field == 1 && e.pos.is_some())
            .count();
        let theirs = entries
            .iter()
            .filter(|e| e.field == 2 && e.pos.is_some())
            .count();
        let me = match entries.iter().find(|e| e.field == 1 || e.field == 2) {
            // Renju managers list stones in move order, passes included: the first is Black.
            Some(first) if rule == Rule::Renju => {
                if first.field == 1 {
                    Stone::Black
                } else {
                    Stone::White
                }
            }
            // Otherwise counts decide: Black moves with equal counts, White is one behind.
            _ if theirs > own => Stone::White,
            _ => Stone::Black,
        };
        let stones: Vec<(Pos, Stone)> = entries
            .iter()
            .filter_map(|e| {
                let p = e.pos?;
                match e.field {
                    1 => Some((p, me)),
                    2 => Some((p, me.opponent())),
                    _ => None,
                }
            })
            .collect();
        // A board is a set of stones: any order, no forbidden check on them (see set_up).
        let mut game = Game::set_up(old.size(), rule, &stones).map_err(|e| e.to_string())?;
        game.set_to_move(me);
        Ok((game, me))
    }

    fn swap2(&mut self, entries: &[Entry], received: Instant, out: &mut impl Write) {
        let Some(old) = self.game.as_ref() else {
            return;
        };
        let (size, rule) = (old.size(), old.rule());
        let points: Vec<Pos> = entries.iter().filter_map(|e| e.pos).collect();
        if !matches!(points.len(), 0 | 3 | 5) {
            return error(
                out,
                &format!("SWAP2BOARD needs 0, 3 or 5 stones, got {}", points.len()),
            );
        }
        let game = match Game::from_moves(size, rule, &points) {
            Ok(g) if !g.outcome().is_over() => g,
            Ok(_) => return error(out, "SWAP2BOARD: the position already has a winning line"),
            Err(e) => return error(out, &format!("SWAP2BOARD: {e}")),
        };
        if points.is_empty() {
            // We propose the opening; who plays which colour is decided later.
            let pick = SWAP2_OPENINGS[self.rng.random_range(0..SWAP2_OPENINGS.len())];
            let c = (size / 2) as i32;
            let mut game = game;
            let mut text = Vec::new();
            for (dx, dy) in pick {
                let Some(p) = Pos::new(c as u8, c as u8).offset(dx as i32, dy as i32, 1, size)
                else {
                    return error(out, "SWAP2BOARD: board too small for an opening");
                };
                if let Err(e) = game.play(p) {
                    return error(out, &format!("SWAP2BOARD: {e}"));
                }
                text.push(p.to_gomocup());
            }
            self.game = Some(game);
            self.me = None;
            return emit(out, &text.join(" "));
        }
        // White to move: play White if its prospects are fair, else take Black.
        let saved = (self.game.replace(game), self.me.replace(Stone::White));
        match self.search(received, true, out) {
            Some(Decision::Swap) => self.me = Some(Stone::Black),
            Some(Decision::Move(_)) => {}
            Some(Decision::Nothing) | None => (self.game, self.me) = saved,
        }
    }

    /// Searches for our move (we are to move) within the time limits, prints the answer and
    /// plays the move. `None` when the game is already over (an `ERROR` was printed).
    fn search(
        &mut self,
        received: Instant,
        may_swap: bool,
        out: &mut impl Write,
    ) -> Option<Decision> {
        let (limits, stop_at) = self.move_limits(received);
        // Past the hard limit the engine has part of the safety margin to return before
        // the brain answers without it.
        let grace = self
            .timeout_turn
            .map_or(MAX_GRACE, |t| (safety_margin(t) / 4).min(MAX_GRACE));
        let timing = Timing {
            stop_at,
            answer_by: stop_at.and_then(|t| t.checked_add(grace)),
        };
        let game = self.game.as_mut()?;
        let me = self.me.unwrap_or(game.to_move());
        game.set_to_move(me);
        match game.outcome() {
            Outcome::Ongoing => {}
            Outcome::Win { winner, .. } => {
                error(out, &format!("the game is over: {winner} has won"));
                return None;
            }
            Outcome::Draw => {
                error(out, "the game is over: the board is full");
                return None;
            }
        }
        let (decision, answered) = match search_on_thread(
            &mut self.engine,
            game,
            &limits,
            timing,
            &self.interrupts,
            may_swap,
            out,
        ) {
            Some(d) => d,
            None => search_here(&mut self.engine, game, &limits, may_swap, out),
        };
        if let Decision::Move(mv) = decision {
            // Legal by `decide`, so this cannot fail.
            let _ = game.play(mv);
        }
        // Our own time comes off the match clock until the manager restates it.
        if let Some(left) = self.time_left.or(self.timeout_match) {
            self.time_left =
                Some(left.saturating_sub(answered.saturating_duration_since(received)));
        }
        Some(decision)
    }

    /// Searches and plays our move; false when there is none (an `ERROR` was printed).
    fn think_and_play(&mut self, received: Instant, out: &mut impl Write) -> bool {
        matches!(self.search(received, false, out), Some(Decision::Move(_)))
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
