//! How a brain is run: [`EngineSpec`], its file and what it is told about time, memory and
//! threads.

use std::path::PathBuf;
use std::time::Duration;

use super::{DEFAULT_GRACE, NICE};

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
