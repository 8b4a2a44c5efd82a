//! The screens, one plugin each. A screen spawns its UI on enter under a root tagged
//! `DespawnOnExit`, and reacts to [`Action`]s: buttons and keyboard shortcuts trigger them,
//! and so do the tests and the demo, which therefore drive exactly what a player drives.

pub mod load;
pub mod playing;
pub mod replay;
pub mod result;
pub mod settings;
pub mod setup;
pub mod title;

use std::path::PathBuf;

use bevy::prelude::*;

use super::board::spawn_board_area;
use super::persist::{ColourChoice, GameKind};
use super::theme::{palette, widgets::screen_root};
use crate::engine::{Pos, Rule};

#[derive(States, Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Title,
    Setup,
    Playing,
    Result,
    Replay,
    Load,
    Settings,
    /// Connect Four's game, result and replay (`gui::connect4::screens`).
    ConnectFour,
    ConnectFourResult,
    ConnectFourReplay,
}

/// Everything a player can ask for. Triggered as an observer event: it is handled at once,
/// so an action can never be read again by the next screen.
#[derive(Event, Clone, Debug, PartialEq)]
pub enum Action {
    Title(TitleAction),
    Setup(SetupAction),
    Play(PlayAction),
    Result(ResultAction),
    Replay(ReplayAction),
    Settings(SettingsAction),
    Load(LoadAction),
}

#[derive(Clone, Debug, PartialEq)]
pub enum TitleAction {
    NewGame,
    Continue,
    ReplayLast,
    LoadGame,
    Settings,
    Quit,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetupAction {
    Game(GameKind),
    /// 0 = a second person, 1..=5 = AI level.
    Opponent(u8),
    Colour(ColourChoice),
    Rule(Rule),
    Size(usize),
    /// Connect Four's own choices (opponent, board).
    Connect4(crate::gui::connect4::SetupChange),
    Start,
    Back,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    Place(Pos),
    Undo,
    Redo,
    Hint,
    Resign,
    Menu,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ResultAction {
    Replay,
    Rematch,
    Menu,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ReplayAction {
    First,
    Prev,
    Next,
    Last,
    TogglePlay,
    ToggleNumbers,
    Slower,
    Faster,
    Menu,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SettingsAction {
    VolumeDown,
    VolumeUp,
    MusicDown,
    MusicUp,
    ToggleAmbient,
    ToggleMute,
    Theme(crate::gui::theme::BoardTheme),
    ToggleReducedMotion,
    ToggleCoordinates,
    ToggleMoveNumbers,
    ToggleForbidden,
    Back,
}

#[derive(Clone, Debug, PartialEq)]
pub enum LoadAction {
    Open(PathBuf),
    PrevPage,
    NextPage,
    Back,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_plugins((
        title::plugin,
        setup::plugin,
        playing::plugin,
        result::plugin,
        replay::plugin,
        load::plugin,
        settings::plugin,
    ));
}

/// Width of the side panel of the board screens.
pub const PANEL_WIDTH: f32 = 340.0;

/// Root of a screen with the board (Playing, Result, Replay): the board fills the space left
/// of a side panel. Returns the panel for the caller to fill.
pub fn spawn_board_screen(commands: &mut Commands, screen: Screen) -> Entity {
    let mut panel = Entity::PLACEHOLDER;
    commands.spawn(screen_root(screen)).with_children(|root| {
        spawn_board_area(root);
        panel = root
            .spawn((
                Name::new("Side panel"),
                Node {
                    width: px(PANEL_WIDTH),
                    min_width: px(PANEL_WIDTH),
                    height: percent(100),
                    flex_direction: FlexDirection::Column,
                    padding: UiRect::all(px(20)),
                    row_gap: px(10),
                    border: UiRect::left(px(1)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(palette::PANEL),
                BorderColor::all(palette::PANEL_BORDER),
            ))
            .id();
    });
    panel
}

/// A small stone for the side panel (turn indicator, players).
pub fn stone_icon(stone: crate::engine::Stone, diameter: f32) -> impl Bundle {
    let color = match stone {
        crate::engine::Stone::Black => Color::srgb(0.05, 0.05, 0.06),
        crate::engine::Stone::White => Color::srgb(0.95, 0.95, 0.93),
    };
    (
        Node {
            width: px(diameter),
            height: px(diameter),
            min_width: px(diameter),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(color),
        BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.35)),
    )
}

/// True when Ctrl (or Cmd on macOS) is held.
pub fn ctrl(keys: &ButtonInput<KeyCode>) -> bool {
    keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ])
}
