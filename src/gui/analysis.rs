//! The analysis board's state: a position of a game with an analysis board, set up or played
//! on by anyone, and the engine's three best moves for the side to move, found in the
//! background as the search deepens (the game's own [`Play::analyse`]), or an external
//! engine's best move as it reports it ([`GameEngines::analyse`](crate::gui::kind::GameEngines::analyse)). Changing the position or
//! leaving the screen stops the search.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use super::job::{Job, Jobs, NICE_BACKGROUND, cancel_on_exit};
use super::kind::{AnyGame, Candidate, EngineSeat, Games, Move};
use super::msg::Msg;
use super::persist::SetupChoice;

pub(super) fn plugin(app: &mut App) {
    let games = app.world().resource::<Games>().clone();
    let board = AnalysisBoard::new(default_game(&games, &SetupChoice::default()));
    app.insert_resource(board)
        .add_systems(Last, cancel_on_exit::<AnalysisBoard>);
}

/// The game of the setup screen if it has an analysis board, else the first that has one.
pub fn default_game(games: &Games, setup: &SetupChoice) -> AnyGame {
    let new = |k: super::kind::GameKind| k.def().new_game(&k.options(setup));
    let chosen = new(games.chosen(setup));
    if chosen.has_analysis() {
        return chosen;
    }
    games
        .iter()
        .map(new)
        .find(|g| g.has_analysis())
        .unwrap_or(chosen)
}

/// What the search has found so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lines {
    /// The last depth whose three candidates are all known.
    pub depth: u32,
    pub top: Vec<Candidate<Move>>,
    /// What went wrong with an external engine's analysis.
    pub fault: Option<Msg>,
}

#[derive(Resource)]
pub struct AnalysisBoard {
    pub game: AnyGame,
    /// The threat overlay (fours, open threes, forbidden points) is on.
    pub threats: bool,
    /// Why the last click did nothing.
    pub status: Option<Msg>,
    /// The external engine that analyses instead of the game's own, when one was chosen.
    pub engine: Option<EngineSeat>,
    /// The last search's lines (kept after it stops, until the next restart).
    lines: Arc<Mutex<Lines>>,
    /// The search deepening on the position; its progress is the lines found so far.
    job: Option<Job<(), (), Arc<Mutex<Lines>>>>,
}

impl AnalysisBoard {
    pub fn new(game: AnyGame) -> AnalysisBoard {
        AnalysisBoard {
            game,
            threats: false,
            status: None,
            engine: None,
            lines: Arc::default(),
            job: None,
        }
    }

    /// Analyses the current position from scratch (after every change).
    pub fn restart(&mut self) {
        self.cancel();
        if let Ok(mut lines) = self.lines.lock() {
            *lines = Lines::default();
        }
        if self.game.is_over() {
            return;
        }
        let game = self.game.clone();
        let lines = self.lines.clone();
        let engine = self.engine.clone();
        self.job = Some(Job::spawn(
            "analysis",
            NICE_BACKGROUND,
            (),
            lines,
            move |ctx| {
                let mut report = |depth, top| {
                    if let Ok(mut lines) = ctx.progress.lock() {
                        *lines = Lines {
                            depth,
                            top,
                            fault: None,
                        };
                    }
                    // The screen shows each depth as it comes.
                    crate::gui::frames::wake();
                };
                match &engine {
                    Some(seat) => {
                        let analysed = game.kind().engines().map_or(Ok(()), |engines| {
                            engines.analyse(&game, seat, ctx.stop, &mut report)
                        });
                        if let Err(fault) = analysed
                            && let Ok(mut lines) = ctx.progress.lock()
                        {
                            lines.fault = Some(fault);
                            crate::gui::frames::wake();
                        }
                    }
                    None => game.analyse(3, ctx.stop, &mut report),
                }
            },
        ));
    }

    /// Stops the search; what it found stays shown until the next restart.
    pub fn cancel(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
    }

    pub fn lines(&self) -> Lines {
        self.lines.lock().map(|l| l.clone()).unwrap_or_default()
    }

    pub fn is_searching(&self) -> bool {
        self.job.as_ref().is_some_and(|j| j.is_running())
    }
}

impl Jobs for AnalysisBoard {
    fn cancel_all(&mut self) {
        self.cancel();
    }
}
