//! When a search must give up (a stop flag, a deadline, a node cap), and the error it ends
//! with then.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// When a search must give up: checked every 1024 nodes.
pub(crate) trait Budget {
    const CAN_STOP: bool;
    /// True once the search must stop; `nodes` is the searcher's own node counter.
    fn expired(&self, nodes: u64) -> bool;
}

/// No limit: the checks compile away.
pub(crate) struct Unlimited;

impl Budget for Unlimited {
    const CAN_STOP: bool = false;
    #[inline(always)]
    fn expired(&self, _nodes: u64) -> bool {
        false
    }
}

/// A stop flag, an optional deadline and an optional node cap (a value of the searcher's
/// node counter): the cap makes a limited search reproducible whatever the machine's load.
#[derive(Clone, Copy)]
pub(crate) struct Limit<'a> {
    pub(crate) stop: &'a AtomicBool,
    pub(crate) deadline: Option<Instant>,
    pub(crate) node_cap: Option<u64>,
}

impl<'a> Limit<'a> {
    pub(crate) fn new(stop: &'a AtomicBool, deadline: Option<Instant>) -> Limit<'a> {
        Limit {
            stop,
            deadline,
            node_cap: None,
        }
    }
}

impl Budget for Limit<'_> {
    const CAN_STOP: bool = true;
    fn expired(&self, nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.node_cap.is_some_and(|cap| nodes >= cap)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// The search was stopped (flag or deadline) before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("search stopped before it finished")]
pub struct Interrupted;
