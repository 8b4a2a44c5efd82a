//! Replay of a finished or loaded Connect Four game: first / previous / next / last,
//! autoplay at an adjustable speed, disc numbers and the list of moves around the current
//! one. Same controls and shortcuts as the Gomoku replay.

use std::path::Path;

use bevy::prelude::*;

use super::{disc_icon, set_text, spawn_board_screen};
use crate::engine::connect4::{BoardSize, Game, Outcome, Player};
use crate::gui::connect4::board::{C4BoardSystems, C4View, ViewKey};
use crate::gui::connect4::files::{self, C4Record};
use crate::gui::connect4::{player_name, player_of_ply};
use crate::gui::persist;
use crate::gui::screens::replay::{
    CounterText, MoveList, SPEEDS, SpeedText, shortcuts, spawn_replay_controls,
};
use crate::gui::screens::{Action, ReplayAction, Screen};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, ButtonLabel, bold, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<C4Replay>()
        .add_systems(OnEnter(Screen::ConnectFourReplay), spawn_replay)
        .add_systems(
            Update,
            (shortcuts, autoplay, sync_view, update_panel)
                .chain()
                .before(C4BoardSystems)
                .run_if(in_state(Screen::ConnectFourReplay)),
        )
        .add_observer(on_action);
}

/// The game being replayed and where we are in it.
#[derive(Resource, Debug)]
pub struct C4Replay {
    pub title: String,
    pub red: String,
    pub yellow: String,
    pub result: String,
    pub size: BoardSize,
    /// 0-based columns.
    pub moves: Vec<usize>,
    /// Number of moves shown (0 = empty board).
    pub cursor: usize,
    pub playing: bool,
    /// Move numbers on the discs (N toggles).
    pub numbers: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    elapsed: f32,
    /// Bumped by every load, so the board knows a different game arrived.
    generation: u64,
}

impl Default for C4Replay {
    fn default() -> Self {
        C4Replay {
            title: String::new(),
            red: String::new(),
            yellow: String::new(),
            result: String::new(),
            size: BoardSize::STANDARD,
            moves: Vec::new(),
            cursor: 0,
            playing: false,
            numbers: false,
            speed: 2,
            elapsed: 0.0,
            generation: 0,
        }
    }
}

impl C4Replay {
    /// Shows `record` from its last move.
    pub fn load(&mut self, record: &C4Record, title: String) {
        *self = C4Replay {
            title,
            red: record.red.clone(),
            yellow: record.yellow.clone(),
            result: files::result_text(record.result),
            size: record.size,
            moves: record.moves.clone(),
            cursor: record.moves.len(),
            speed: self.speed,
            numbers: self.numbers,
            generation: self.generation + 1,
            ..C4Replay::default()
        };
    }

    /// The position after `cursor` moves. Records are checked on load, so every move is
    /// legal; an impossible one would only stop the replay there.
    pub fn position(&self) -> Game {
        let mut game = Game::new(self.size);
        for &col in &self.moves[..self.cursor.min(self.moves.len())] {
            if game.play(col).is_err() {
                break;
            }
        }
        game
    }

    pub fn step(&mut self, delta: isize) {
        self.cursor = self
            .cursor
            .saturating_add_signed(delta)
            .min(self.moves.len());
    }
}

/// Loads a record file into the replay. An unreadable file is moved aside; the error says so.
pub fn open_record_file(path: &Path, replay: &mut C4Replay) -> Result<(), String> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    match files::load_record(path) {
        Ok(record) => {
            replay.load(&record, name);
            Ok(())
        }
        Err(reason) => {
            let moved = persist::move_aside(path)
                .map(|to| format!(" It was moved to {}.", to.display()))
                .unwrap_or_default();
            Err(format!("{name} could not be read: {reason}.{moved}"))
        }
    }
}

fn spawn_replay(mut commands: Commands, replay: Res<C4Replay>) {
    let panel = spawn_board_screen(&mut commands, Screen::ConnectFourReplay);
    commands.entity(panel).with_children(|p| {
        p.spawn(bold("Replay", 28.0, palette::TEXT));
        p.spawn(text(replay.title.clone(), 14.0, palette::TEXT_FAINT));
        p.spawn(text(
            format!(
                "Connect Four · {} × {}",
                replay.size.width(),
                replay.size.height()
            ),
            16.0,
            palette::TEXT_DIM,
        ));
        for (player, name) in [
            (Player::First, &replay.red),
            (Player::Second, &replay.yellow),
        ] {
            p.spawn(Node {
                align_items: AlignItems::Center,
                column_gap: px(10),
                ..default()
            })
            .with_children(|row| {
                row.spawn(disc_icon(player, 16.0));
                let name = if name.is_empty() {
                    player_name(player)
                } else {
                    name.as_str()
                };
                row.spawn(text(name.to_string(), 16.0, palette::TEXT));
            });
        }
        p.spawn(text(replay.result.clone(), 16.0, palette::ACCENT));
        spawn_replay_controls(p);
    });
}

/// Steps by itself at the chosen speed; the board makes the landing sounds.
fn autoplay(time: Res<Time>, mut replay: ResMut<C4Replay>) {
    if !replay.playing {
        return;
    }
    replay.elapsed += time.delta_secs();
    let period = 1.0 / SPEEDS[replay.speed.min(SPEEDS.len() - 1)];
    if replay.elapsed < period {
        return;
    }
    replay.elapsed = 0.0;
    if replay.cursor < replay.moves.len() {
        replay.cursor += 1;
    }
    if replay.cursor >= replay.moves.len() {
        replay.playing = false;
    }
}

fn sync_view(
    replay: Res<C4Replay>,
    mut view: ResMut<C4View>,
    mut last: Local<Option<(u64, usize, bool)>>,
) {
    let key = (replay.generation, replay.cursor, replay.numbers);
    if *last == Some(key) && view.key == ViewKey::Replay(replay.generation) {
        return;
    }
    *last = Some(key);
    let game = replay.position();
    let win = match game.outcome() {
        Outcome::Win { four, .. } => four.to_vec(),
        _ => Vec::new(),
    };
    *view = C4View {
        key: ViewKey::Replay(replay.generation),
        game: Some(game),
        interactive: false,
        win,
        hint: None,
        numbers: replay.numbers,
    };
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)] // Bevy system parameters
fn update_panel(
    mut commands: Commands,
    replay: Res<C4Replay>,
    mut counters: Query<&mut Text, (With<CounterText>, Without<SpeedText>)>,
    mut speeds: Query<&mut Text, (With<SpeedText>, Without<CounterText>)>,
    lists: Query<Entity, With<MoveList>>,
    buttons: Query<(&ButtonAction, &Children)>,
    mut labels: Query<&mut Text, (With<ButtonLabel>, Without<CounterText>, Without<SpeedText>)>,
    new_list: Query<(), Added<MoveList>>,
    mut last: Local<Option<(u64, usize, bool, usize)>>,
) {
    let key = (
        replay.generation,
        replay.cursor,
        replay.playing,
        replay.speed,
    );
    if *last == Some(key) && new_list.is_empty() {
        return;
    }
    *last = Some(key);
    for mut t in &mut counters {
        set_text(
            &mut t,
            format!("Move {} of {}", replay.cursor, replay.moves.len()),
        );
    }
    for mut t in &mut speeds {
        let s = SPEEDS[replay.speed.min(SPEEDS.len() - 1)];
        set_text(&mut t, format!("{s} moves per second"));
    }
    for (action, children) in &buttons {
        if action.0 == Action::Replay(ReplayAction::TogglePlay) {
            for child in children.iter() {
                if let Ok(mut label) = labels.get_mut(child) {
                    let wanted = if replay.playing { "Pause" } else { "Play" };
                    set_text(&mut label, wanted.into());
                }
            }
        }
    }
    // The moves around the current one; the current move highlighted.
    const ROWS: usize = 14;
    let len = replay.moves.len();
    let start = replay
        .cursor
        .saturating_sub(ROWS - 3)
        .min(len.saturating_sub(ROWS));
    for list in &lists {
        commands.entity(list).despawn_children();
        commands.entity(list).with_children(|l| {
            for (i, &col) in replay.moves.iter().enumerate().skip(start).take(ROWS) {
                let n = i + 1;
                let color = if n == replay.cursor {
                    palette::ACCENT
                } else if n < replay.cursor {
                    palette::TEXT
                } else {
                    palette::TEXT_FAINT
                };
                let line = format!(
                    "{n:>3}.  {} · column {}",
                    player_name(player_of_ply(i)),
                    col + 1
                );
                l.spawn(text(line, 15.0, color));
            }
        });
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut replay: ResMut<C4Replay>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Replay(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::ConnectFourReplay {
        return;
    }
    match action {
        ReplayAction::First => replay.cursor = 0,
        ReplayAction::Prev => replay.step(-1),
        ReplayAction::Next => replay.step(1),
        ReplayAction::Last => replay.cursor = replay.moves.len(),
        ReplayAction::TogglePlay => {
            if !replay.playing && replay.cursor >= replay.moves.len() {
                // Playing from the end starts again from the beginning.
                replay.cursor = 0;
            }
            replay.playing = !replay.playing;
            replay.elapsed = 0.0;
        }
        ReplayAction::ToggleNumbers => replay.numbers = !replay.numbers,
        ReplayAction::Slower => replay.speed = replay.speed.saturating_sub(1),
        ReplayAction::Faster => replay.speed = (replay.speed + 1).min(SPEEDS.len() - 1),
        ReplayAction::Menu => {
            replay.playing = false;
            next.set(Screen::Title);
        }
    }
    if matches!(
        action,
        ReplayAction::First | ReplayAction::Prev | ReplayAction::Next | ReplayAction::Last
    ) {
        replay.playing = false;
    }
}
