//! External engines: [`GameEngines`], the capability of a game that Gomocup-protocol brains
//! can play, and [`EngineSeat`], such an engine at the table (a brain the player added in
//! Settings, as the opponent). The seat holds the one protocol client (`protocol::client`) behind a
//! lock, shared by the session (which keeps the process alive for the game) and the search
//! job that asks it for a move. Dropping the last handle ends the process.

use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::rules::{Candidate, Progress, SearchRequest};
use super::{AnyGame, Move, Options, SearchInfo};
use crate::gui::msg::Msg;
use crate::protocol::client::{EngineClient, EngineSpec, NBest};

/// External Gomocup-protocol engines playing a game, an optional capability
/// ([`super::GameDef::engines`]): what an added engine is asked about, what it may play, and
/// its moves and analysis in the game's positions (another game's position gets an answer
/// that says so, never a panic).
pub trait GameEngines: Send + Sync {
    /// The `INFO rule` numbers and board sizes an added engine is asked about.
    fn variants(&self) -> (Vec<u32>, Vec<u32>);
    /// The name of an `INFO rule` number, for players, if it is one of this game's rules.
    fn rule_name(&self, bits: u32) -> Option<Msg>;
    /// Whether an engine that accepted these `INFO rule` numbers and board sizes can play a
    /// game with these options.
    fn accepts(&self, options: &Options, rules: &[u32], sizes: &[u32]) -> bool;
    /// The row whose choice an external engine may not play itself, when one applies (a
    /// tournament opening: our strongest level makes the choices the protocol cannot ask
    /// of it), with the catalog key of the note that says so when an engine is the
    /// opponent (its `$name`).
    fn stand_in(&self, _options: &Options) -> Option<(&'static str, &'static str)> {
        None
    }
    /// Starts the engine's process and its game for this board, so its first move is not
    /// charged its start.
    fn prepare(&self, game: &AnyGame, seat: &EngineSeat);
    /// The engine's move in `game`; stops soon after `stop` is set.
    fn search(
        &self,
        game: &AnyGame,
        seat: &EngineSeat,
        request: &SearchRequest,
        stop: &AtomicBool,
        progress: Progress,
    ) -> SearchInfo;
    /// The engine's analysis of `game` for the side to move: its three best lines where it
    /// reports them ([`EngineSeat::nbest`]), else its best move as it reports it while
    /// thinking (depth, evaluation), then the move it answers. An error names the engine
    /// and what it did.
    fn analyse(
        &self,
        game: &AnyGame,
        seat: &EngineSeat,
        stop: &AtomicBool,
        report: &mut dyn FnMut(u32, Vec<Candidate<Move>>),
    ) -> Result<(), Msg>;
}

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
    /// Set once it refused an opening command (`SWAP2BOARD`): Master acts in its place in
    /// the opening from then on, without asking again.
    no_opening: Arc<AtomicBool>,
    /// What it said to `YXNBEST` when it was added: with [`NBest::Lines`] the analysis
    /// board asks it for its three best lines.
    pub nbest: NBest,
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
            no_opening: Arc::new(AtomicBool::new(false)),
            nbest: NBest::NotAsked,
        }
    }

    /// The seat of an engine that said `nbest` to `YXNBEST`.
    pub fn with_nbest(self, nbest: NBest) -> EngineSeat {
        EngineSeat { nbest, ..self }
    }

    /// Whether the engine has refused the protocol's opening command.
    pub fn refused_opening(&self) -> bool {
        self.no_opening.load(Ordering::Relaxed)
    }

    /// Records that it refused the opening command.
    pub fn refuse_opening(&self) {
        self.no_opening.store(true, Ordering::Relaxed);
    }

    /// Runs `prepare` (the game's start of the engine and its game, [`GameEngines::prepare`])
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
