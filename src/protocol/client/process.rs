//! The brain's process as the client drives it: sending lines, reading replies within
//! their time, the time told for a move, and a fault ending the process.

use std::time::{Duration, Instant};

use super::spec::OWED_WAIT;
use super::{EngineClient, Fault, Limit};
use crate::protocol::manager::{BrainProcess, ManagerError};

impl EngineClient {
    pub(super) fn running(&mut self) -> Result<&mut BrainProcess, Fault> {
        self.process
            .as_mut()
            .ok_or_else(|| Fault::Crash("not running".into()))
    }

    /// Records `fault`: the process is ended so that the next request starts a fresh one.
    pub(super) fn fault(&mut self, fault: Fault) -> Fault {
        self.end(Duration::ZERO);
        fault
    }

    pub(super) fn send(&mut self, line: &str) -> Result<(), Fault> {
        let result = self.running()?.send(line);
        result.map_err(|e| self.fault(Fault::Crash(e.to_string())))
    }

    /// A command that must be answered within `timeout`.
    pub(super) fn command(&mut self, line: &str, timeout: Duration) -> Result<String, Fault> {
        self.running()?.drain_pending();
        let result = self.running()?.command(line, timeout);
        match result {
            Ok((reply, _)) => Ok(reply),
            Err(ManagerError::Timeout(t)) => Err(self.fault(Fault::Time(t))),
            Err(e) => Err(self.fault(Fault::Crash(e.to_string()))),
        }
    }

    /// The next reply line, for a command already sent.
    pub(super) fn command_reply(&mut self, timeout: Duration) -> Result<String, Fault> {
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
    pub(super) fn tell_limit(&mut self, limit: Limit) -> Result<Duration, Fault> {
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
    pub(super) fn settle_owed(&mut self) -> Result<(), Fault> {
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
