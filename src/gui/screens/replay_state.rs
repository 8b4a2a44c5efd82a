//! The game on the replay screen and where we are in it: what the replay and the review
//! panels read and the replay's actions change.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;

use crate::gui::audio::Sfx;
use crate::gui::kind::files::Recorded;
use crate::gui::kind::{AnyGame, Move, Side, opening_line};
use crate::gui::msg::Msg;

/// Autoplay speeds in moves per second.
pub const SPEEDS: [f32; 6] = [0.5, 1.0, 2.0, 3.0, 5.0, 8.0];

/// The game being replayed and where we are in it.
#[derive(Resource, Debug)]
pub struct Replay {
    /// The file's name (or "Last game").
    pub title: String,
    pub names: [String; 2],
    pub result: Msg,
    /// The position before the first move (set-up stones of other programs' records).
    pub start: AnyGame,
    pub moves: Vec<(Side, Move)>,
    /// Per move, the thinking time and the clock after it, when the record kept them.
    pub times: Vec<(Option<Duration>, Option<Duration>)>,
    /// The opening's decisions with the players' names, and how many of the moves are its
    /// stones (none without an opening).
    pub opening: Option<(Msg, usize)>,
    /// Number of moves shown (0 = empty board).
    pub cursor: usize,
    pub playing: bool,
    /// Move numbers on the pieces (N toggles).
    pub numbers: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    pub(super) elapsed: f32,
    /// Bumped by every load, so views know a different game arrived.
    pub(super) generation: u64,
    /// The record file, if the game came from one (the review's cache goes beside it).
    pub source: Option<PathBuf>,
}

impl Replay {
    /// Nothing loaded yet: `start` with no moves.
    pub fn empty(start: AnyGame) -> Self {
        Replay {
            title: String::new(),
            names: Default::default(),
            result: Msg::verbatim(""),
            start,
            moves: Vec::new(),
            times: Vec::new(),
            opening: None,
            cursor: 0,
            playing: false,
            numbers: true,
            speed: 2,
            elapsed: 0.0,
            generation: 0,
            source: None,
        }
    }

    /// Shows a record file's game from its last move.
    pub fn load(&mut self, recorded: Recorded, path: &Path) {
        let source = Some(path.to_path_buf());
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        self.show(recorded, name);
        self.source = source;
    }

    /// Shows `recorded` from its last move. Move numbers stay as the player left them, and
    /// start on for Gomoku and off for Connect Four (whose discs are easy to follow).
    pub fn show(&mut self, recorded: Recorded, title: String) {
        let numbers = if recorded.start.kind() == self.start.kind() && self.generation > 0 {
            self.numbers
        } else {
            recorded.start.kind().def().numbers_by_default()
        };
        let start = recorded.start.clone();
        let opening = recorded.opening.as_ref().map(|phase| {
            // The player's colour at the end of the opening names them.
            let colour = |player| {
                if phase.first_holder() == player {
                    Side::First
                } else {
                    Side::Second
                }
            };
            let name = |player| match recorded.names[colour(player).index()].as_str() {
                "" => start.side_name(colour(player)),
                name => crate::gui::kind::files::shown_name(name, start.kind()),
            };
            // Records name the person "You" (in English): their verbs agree with it.
            let you = Msg::key("player-you").english();
            let line = opening_line(&**phase, name, |player| {
                recorded.names[colour(player).index()] == you
            });
            (line, phase.position().ply())
        });
        *self = Replay {
            title,
            names: recorded.names,
            result: recorded.result,
            cursor: recorded.moves.len(),
            start: recorded.start,
            moves: recorded.moves,
            times: recorded.times,
            opening,
            speed: self.speed,
            numbers,
            generation: self.generation + 1,
            ..Replay::empty(start)
        };
    }

    /// The position after `cursor` moves. Records are validated on load, so every move is
    /// legal; an impossible one would only stop the replay there.
    pub fn position(&self) -> AnyGame {
        self.position_at(self.cursor)
    }

    /// The position after `n` moves.
    pub fn position_at(&self, n: usize) -> AnyGame {
        let mut game = self.start.clone();
        for &(side, mv) in &self.moves[..n.min(self.moves.len())] {
            if game.place(side, mv).is_err() {
                break;
            }
        }
        game
    }

    /// Changes with every game loaded (the review belongs to one).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn step(&mut self, delta: isize) {
        self.cursor = self
            .cursor
            .saturating_add_signed(delta)
            .min(self.moves.len());
    }

    pub(super) fn click(&self, sfx: &mut MessageWriter<Sfx>) {
        if self.start.kind().clicks_when_placed() {
            sfx.write(Sfx::Stone);
        }
    }
}
