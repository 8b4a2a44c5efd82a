//! How a brain is run: its spec (time, memory, threads, priority), the time it has for one
//! move, and the limits and waits the client keeps to.

use std::path::PathBuf;
use std::time::Duration;

use crate::engine::gomoku::Rule;

/// Time allowed for replies that involve no search (`OK` to `START`, `ABOUT`): a brain may
/// load its weights first.
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(15);

/// How long a brain may take to answer `ABOUT` before it is taken to have no name.
pub(super) const ABOUT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a reply owed to a stopped search is waited for before the brain is restarted
/// (the game is waiting for the next move meanwhile).
pub(super) const OWED_WAIT: Duration = Duration::from_secs(1);

/// Beyond the time a move is allowed, how long to wait before declaring a brain hung.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(2);

/// The time a brain is told for its warm-up search
/// ([`EngineClient::prepare`](super::EngineClient::prepare)).
pub(super) const WARM_TURN: Duration = Duration::from_millis(100);

/// Lines a brain may print while thinking about one move: a thousand times what a chatty
/// engine prints, and far less than a brain stuck in a printing loop reaches in a second.
pub const FLOOD_LINES: u64 = 100_000;

/// The priority external brains run at (Unix nice value): the interface stays smooth while
/// a brain thinks on every core.
pub const NICE: i32 = 10;

/// How often a wait for a reply looks at the stop flag.
pub(super) const POLL: Duration = Duration::from_millis(20);

/// How a brain is run: its file and what it is told about time, memory and threads.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub path: PathBuf,
    /// `INFO timeout_turn`: the longest a move may take.
    pub turn: Duration,
    /// `INFO timeout_match`: the whole game's time, if there is a match clock.
    pub match_time: Option<Duration>,
    /// `INFO max_memory` in bytes; 0 = no limit.
    pub memory: u64,
    /// `INFO thread_num`; 0 = the brain's choice.
    pub threads: u32,
    /// How long past its time a brain may answer before it forfeits.
    pub grace: Duration,
    /// Least time between a reply and the next command (see
    /// [`BrainProcess::settle`](crate::protocol::manager::BrainProcess::settle)).
    pub settle: Duration,
    /// Unix nice value for the process; `None` = the caller's priority.
    pub nice: Option<i32>,
    /// A brain that exited between moves is started again for the next one (the game);
    /// `false` makes that a crash (a match counts it).
    pub restart: bool,
}

impl EngineSpec {
    /// The brain at `path` with a manager's usual settings: 5 s a move, no match clock,
    /// 350 MB (Gomocup's limit), one thread, a 2 s grace, at a lower priority.
    pub fn new(path: impl Into<PathBuf>) -> EngineSpec {
        EngineSpec {
            path: path.into(),
            turn: Duration::from_secs(5),
            match_time: None,
            memory: 350 * 1024 * 1024,
            threads: 1,
            grace: DEFAULT_GRACE,
            settle: Duration::from_millis(20),
            nice: Some(NICE),
            restart: true,
        }
    }
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
