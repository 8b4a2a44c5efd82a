//! Replay of a finished or loaded game: first / previous / next / last, autoplay at an
//! adjustable speed, move numbers and the list of moves around the current one.

use std::path::Path;

use bevy::prelude::*;

use super::{Action, ReplayAction, Screen, spawn_board_screen};
use crate::engine::game::Move;
use crate::engine::{Game, Outcome, Pos, Rule, Stone};
use crate::gui::audio::Sfx;
use crate::gui::board::{BoardRoot, BoardView};
use crate::gui::persist;
use crate::gui::records::{self, GameRecord};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, ButtonLabel, bold, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Replay>()
        .add_systems(OnEnter(Screen::Replay), spawn_replay)
        .add_systems(
            Update,
            (shortcuts, autoplay, sync_view, update_panel)
                .chain()
                .run_if(in_state(Screen::Replay)),
        )
        .add_observer(on_action);
}

/// Autoplay speeds in moves per second.
pub const SPEEDS: [f32; 6] = [0.5, 1.0, 2.0, 3.0, 5.0, 8.0];

/// The game being replayed and where we are in it.
#[derive(Resource, Debug)]
pub struct Replay {
    pub title: String,
    pub black: String,
    pub white: String,
    pub result: String,
    pub size: usize,
    pub rule: Rule,
    /// Stones on the board before the first move (records from other programs).
    pub setup: Vec<(Pos, Stone)>,
    pub moves: Vec<Move>,
    /// Number of moves shown (0 = empty board).
    pub cursor: usize,
    pub playing: bool,
    /// Move numbers on the stones (N toggles).
    pub numbers: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    elapsed: f32,
    /// Bumped by every load, so views know a different game arrived.
    generation: u64,
}

impl Default for Replay {
    fn default() -> Self {
        Replay {
            title: String::new(),
            black: String::new(),
            white: String::new(),
            result: String::new(),
            size: 15,
            rule: Rule::Freestyle,
            setup: Vec::new(),
            moves: Vec::new(),
            cursor: 0,
            playing: false,
            numbers: true,
            speed: 2,
            elapsed: 0.0,
            generation: 0,
        }
    }
}

impl Replay {
    /// Shows `record` from its last move.
    pub fn load(&mut self, record: &GameRecord, title: String) {
        *self = Replay {
            title,
            black: record.black.clone(),
            white: record.white.clone(),
            result: records::result_text(record.result),
            size: record.size,
            rule: record.rule,
            setup: record.setup.clone(),
            moves: record
                .moves
                .iter()
                .map(|m| Move {
                    pos: m.pos,
                    stone: m.stone,
                })
                .collect(),
            cursor: record.moves.len(),
            speed: self.speed,
            numbers: self.numbers,
            generation: self.generation + 1,
            ..Replay::default()
        };
    }

    /// The position after `cursor` moves. Records are validated on load, so every move is
    /// legal; an impossible one would only stop the replay there.
    pub fn position(&self) -> Game {
        let mut game = Game::new(self.size, self.rule)
            .unwrap_or_else(|_| Game::new(15, self.rule).expect("15 is a valid size"));
        for &(pos, stone) in &self.setup {
            if game.place(pos, stone).is_err() {
                break;
            }
        }
        for mv in &self.moves[..self.cursor.min(self.moves.len())] {
            if game.place(mv.pos, mv.stone).is_err() {
                break;
            }
        }
        game
    }

    pub fn step(&mut self, delta: isize) {
        let len = self.moves.len() as isize;
        self.cursor = (self.cursor as isize + delta).clamp(0, len) as usize;
    }
}

/// Loads a record file into the replay. An unreadable file is moved aside; the error says so.
pub fn open_record_file(path: &Path, replay: &mut Replay) -> Result<(), String> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    match records::load(path) {
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

#[derive(Component)]
pub(crate) struct CounterText;
#[derive(Component)]
pub(crate) struct SpeedText;
#[derive(Component)]
pub(crate) struct MoveList;

fn spawn_replay(mut commands: Commands, replay: Res<Replay>) {
    let panel = spawn_board_screen(&mut commands, Screen::Replay);
    let size = replay.size;
    commands.entity(panel).with_children(|p| {
        p.spawn(bold("Replay", 28.0, palette::TEXT));
        p.spawn(text(replay.title.clone(), 14.0, palette::TEXT_FAINT));
        p.spawn(text(
            format!("{} · {size} × {size}", replay.rule.name()),
            16.0,
            palette::TEXT_DIM,
        ));
        for (stone, name) in [(Stone::Black, &replay.black), (Stone::White, &replay.white)] {
            p.spawn(Node {
                align_items: AlignItems::Center,
                column_gap: px(10),
                ..default()
            })
            .with_children(|row| {
                row.spawn(super::stone_icon(stone, 16.0));
                let name = if name.is_empty() {
                    stone.name()
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

/// The move counter, step and autoplay buttons, speed, move list and Menu button: the same
/// for every game's replay (Connect Four's uses them too).
pub(crate) fn spawn_replay_controls(p: &mut ChildSpawnerCommands) {
    p.spawn((CounterText, bold("", 20.0, palette::TEXT)));
    p.spawn(Node {
        column_gap: px(6),
        ..default()
    })
    .with_children(|row| {
        let node = || Node {
            flex_grow: 1.0,
            height: px(40),
            ..default()
        };
        spawn_button(row, "|←", "", Action::Replay(ReplayAction::First), node());
        spawn_button(row, "←", "", Action::Replay(ReplayAction::Prev), node());
        spawn_button(
            row,
            "Play",
            "",
            Action::Replay(ReplayAction::TogglePlay),
            Node {
                min_width: px(78),
                ..node()
            },
        );
        spawn_button(row, "→", "", Action::Replay(ReplayAction::Next), node());
        spawn_button(row, "→|", "", Action::Replay(ReplayAction::Last), node());
    });
    p.spawn(text(
        "Home · ← · Space · → · End · N numbers",
        13.0,
        palette::TEXT_FAINT,
    ));
    p.spawn(Node {
        column_gap: px(6),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|row| {
        let node = || Node {
            width: px(44),
            height: px(34),
            ..default()
        };
        spawn_button(row, "−", "", Action::Replay(ReplayAction::Slower), node());
        row.spawn((
            SpeedText,
            text("", 15.0, palette::TEXT_DIM),
            Node {
                min_width: px(140),
                justify_content: JustifyContent::Center,
                ..default()
            },
            TextLayout::justify(Justify::Center),
        ));
        spawn_button(row, "+", "", Action::Replay(ReplayAction::Faster), node());
    });
    p.spawn((
        MoveList,
        Node {
            flex_direction: FlexDirection::Column,
            flex_grow: 1.0,
            row_gap: px(1),
            overflow: Overflow::clip(),
            margin: UiRect::top(px(6)),
            ..default()
        },
    ));
    spawn_button(
        p,
        "Menu",
        "Esc",
        Action::Replay(ReplayAction::Menu),
        Node {
            width: percent(100),
            height: px(42),
            ..default()
        },
    );
}

/// Keyboard shortcuts of every replay screen.
pub(crate) fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::Home, ReplayAction::First),
        (KeyCode::ArrowLeft, ReplayAction::Prev),
        (KeyCode::ArrowRight, ReplayAction::Next),
        (KeyCode::End, ReplayAction::Last),
        (KeyCode::Space, ReplayAction::TogglePlay),
        (KeyCode::Minus, ReplayAction::Slower),
        (KeyCode::NumpadSubtract, ReplayAction::Slower),
        (KeyCode::Equal, ReplayAction::Faster),
        (KeyCode::NumpadAdd, ReplayAction::Faster),
        (KeyCode::KeyN, ReplayAction::ToggleNumbers),
        (KeyCode::Escape, ReplayAction::Menu),
    ];
    for (key, action) in map {
        if keys.just_pressed(key) {
            commands.trigger(Action::Replay(action));
        }
    }
}

fn autoplay(time: Res<Time>, mut replay: ResMut<Replay>, mut sfx: MessageWriter<Sfx>) {
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
        sfx.write(Sfx::Stone);
    }
    if replay.cursor >= replay.moves.len() {
        replay.playing = false;
    }
}

fn sync_view(
    replay: Res<Replay>,
    mut view: ResMut<BoardView>,
    new_board: Query<(), Added<BoardRoot>>,
    mut last: Local<Option<(u64, usize, bool)>>,
) {
    let key = (replay.generation, replay.cursor, replay.numbers);
    if *last == Some(key) && new_board.is_empty() {
        return;
    }
    *last = Some(key);
    let game = replay.position();
    let win_line = match game.outcome() {
        Outcome::Win { line, .. } => line.clone(),
        _ => Vec::new(),
    };
    *view = BoardView {
        game: Some(game),
        interactive: false,
        win_line,
        hint: None,
        forbidden: Vec::new(),
        numbers: replay.numbers,
    };
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)] // Bevy system parameters
fn update_panel(
    mut commands: Commands,
    replay: Res<Replay>,
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
        t.0 = format!("Move {} of {}", replay.cursor, replay.moves.len());
    }
    for mut t in &mut speeds {
        let s = SPEEDS[replay.speed.min(SPEEDS.len() - 1)];
        t.0 = format!("{s} moves per second");
    }
    for (action, children) in &buttons {
        if action.0 == Action::Replay(ReplayAction::TogglePlay) {
            for child in children.iter() {
                if let Ok(mut label) = labels.get_mut(child) {
                    label.0 = if replay.playing { "Pause" } else { "Play" }.into();
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
            for (i, mv) in replay.moves.iter().enumerate().skip(start).take(ROWS) {
                let n = i + 1;
                let color = if n == replay.cursor {
                    palette::ACCENT
                } else if n < replay.cursor {
                    palette::TEXT
                } else {
                    palette::TEXT_FAINT
                };
                let line = format!(
                    "{n:>3}.  {}  {}",
                    mv.stone.name(),
                    mv.pos.to_human(replay.size)
                );
                l.spawn(text(line, 15.0, color));
            }
        });
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut replay: ResMut<Replay>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Replay(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Replay {
        return;
    }
    let before = replay.cursor;
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
    if replay.cursor > before && replay.cursor - before == 1 {
        sfx.write(Sfx::Stone);
    }
    if matches!(
        action,
        ReplayAction::First | ReplayAction::Prev | ReplayAction::Next | ReplayAction::Last
    ) {
        replay.playing = false;
    }
}
