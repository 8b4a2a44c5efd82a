//! An external engine at the table: a Gomocup-protocol brain the player added in Settings,
//! as the opponent. The seat holds the one protocol client (`protocol::client`) behind a
//! lock, shared by the session (which keeps the process alive for the game) and the search
//! job that asks it for a move. Dropping the last handle ends the process.

use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::protocol::client::{EngineClient, EngineSpec};

/// An external engine playing in the current game.
#[derive(Clone)]
pub struct EngineSeat {
    /// The name it gave (`ABOUT`), for the panel, the record and messages.
    pub name: String,
    pub path: PathBuf,
    client: Arc<Mutex<EngineClient>>,
    /// Set when the game was left while the engine thought: the search ends the process
    /// on its way out.
    ending: Arc<AtomicBool>,
    /// Set while the engine starts before its game ([`EngineSeat::warm_up`]): the clock
    /// waits for it.
    warming: Arc<AtomicBool>,
}

impl EngineSeat {
    /// A seat for the engine `spec` describes; its process starts on its first move.
    pub fn new(name: impl Into<String>, spec: EngineSpec) -> EngineSeat {
        EngineSeat {
            name: name.into(),
            path: spec.path.clone(),
            client: Arc::new(Mutex::new(EngineClient::new(spec))),
            ending: Arc::new(AtomicBool::new(false)),
            warming: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Runs `prepare` (the game's start of the engine and its game, `Play::external_prepare`)
    /// on a thread of its own, so that the engine's start is not charged to its clock (a
    /// Gomocup manager does not count it either).
    pub fn warm_up(&self, prepare: impl FnOnce(&EngineSeat) + Send + 'static) {
        self.warming.store(true, Ordering::Relaxed);
        let seat = self.clone();
        let started = std::thread::Builder::new()
            .name("engine start".into())
            .spawn(move || {
                prepare(&seat);
                seat.warming.store(false, Ordering::Relaxed);
            });
        if started.is_err() {
            // Its first move starts it instead.
            self.warming.store(false, Ordering::Relaxed);
        }
    }

    /// Whether the engine is still starting ([`EngineSeat::warm_up`]).
    pub fn is_warming(&self) -> bool {
        self.warming.load(Ordering::Relaxed)
    }

    /// The client, for one request at a time (a search that panicked left it usable: the
    /// next request restarts what is out of step).
    pub fn client(&self) -> MutexGuard<'_, EngineClient> {
        // A new request wants the process: a pending end is cancelled.
        self.ending.store(false, Ordering::Relaxed);
        self.client.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the game was left while a search used the engine (see [`EngineSeat::end_if_idle`]).
    pub fn ending(&self) -> bool {
        self.ending.load(Ordering::Relaxed)
    }

    /// Ends the engine's process unless a search is using it now (never waits: a search
    /// owns the lock until it has stopped). The next move starts the process again.
    pub fn end_if_idle(&self) {
        match self.client.try_lock() {
            Ok(mut client) => {
                client.end(std::time::Duration::ZERO);
            }
            // A search holds it: it ends the process when it returns.
            Err(_) => self.ending.store(true, Ordering::Relaxed),
        }
    }
}

impl fmt::Debug for EngineSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineSeat")
            .field("name", &self.name)
            .field("path", &self.path)
            .finish()
    }
}
