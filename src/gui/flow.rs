//! The app's vocabulary, below every screen: the [`Screen`] state and the [`Action`]s a
//! player can ask for. Buttons and shortcuts trigger actions, and so do the tests and the
//! demo, which therefore drive exactly what a player drives. Screens, the session and the
//! board all speak these, so this module sits under them and imports none of them.

use std::path::PathBuf;

use bevy::prelude::*;

use super::kind::Move;
use super::persist::{BoardTheme, ColourChoice, PlayerChoice, TimeControl};

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
    /// The analysis board: set up any position and see the engine's best moves.
    Analysis,
    /// The puzzle trainer.
    Puzzles,
    /// An engine match's setup: two players (levels or external engines), games, clock.
    MatchSetup,
    /// An engine match being played and watched.
    Match,
    /// Play online: host, join or watch a game over the network, and wait for the other
    /// player.
    Online,
}

impl Screen {
    /// Screens where a click on the board is a move.
    pub fn takes_moves(self) -> bool {
        matches!(self, Screen::Playing | Screen::Analysis | Screen::Puzzles)
    }

    /// Screens where the session's game goes on (its AI moves, its clock runs).
    pub fn runs_session(self) -> bool {
        matches!(self, Screen::Playing | Screen::Match)
    }
}

/// The keys 1 to 9, each on the number row and the pad: Connect Four's columns, the
/// opening's choice buttons.
pub const DIGIT_KEYS: [(KeyCode, KeyCode); 9] = [
    (KeyCode::Digit1, KeyCode::Numpad1),
    (KeyCode::Digit2, KeyCode::Numpad2),
    (KeyCode::Digit3, KeyCode::Numpad3),
    (KeyCode::Digit4, KeyCode::Numpad4),
    (KeyCode::Digit5, KeyCode::Numpad5),
    (KeyCode::Digit6, KeyCode::Numpad6),
    (KeyCode::Digit7, KeyCode::Numpad7),
    (KeyCode::Digit8, KeyCode::Numpad8),
    (KeyCode::Digit9, KeyCode::Numpad9),
];

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
    Engines(EngineAction),
    Load(LoadAction),
    Analysis(AnalysisAction),
    Puzzle(PuzzleAction),
    Match(MatchAction),
    Online(OnlineAction),
}

/// A text field of Play online.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineField {
    Name,
    Server,
    Code,
}

/// Play online: host, join or watch a game (the host's game is chosen with the setup rows'
/// `SetupAction`s).
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineAction {
    /// The keys go to this field.
    Focus(OnlineField),
    /// Hosts the game on this computer's own server, for the local network.
    HostHere,
    /// Hosts the game on the server typed.
    HostOnServer,
    /// Takes the free seat of the game with the typed code.
    Join,
    /// Follows the game with the typed code.
    Watch,
    /// Joins the game listed at this place among those heard on the local network.
    JoinLan(usize),
}

/// An engine match while it is watched.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchAction {
    /// Ends the match now: the game on the board is not counted.
    Stop,
    /// The same match again, from its first game.
    Again,
    Menu,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// The area of the next move, then the move.
    Hint,
    /// Plays the solution out.
    Solution,
    /// The same puzzle from its start.
    Retry,
    Next,
    /// The filter's next game or rule (or all).
    Family,
    /// The filter's next difficulty (or all).
    Difficulty,
    /// A personal puzzle's game in the replay, at the move that missed the win.
    OpenGame,
    Menu,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisAction {
    /// Takes back the last stone.
    Undo,
    /// The next stone is the other colour's (set up a position freely).
    SwitchSide,
    Clear,
    ToggleThreats,
    /// The next choice of the game's n-th row offered here (rule, board size): the board's
    /// own, kept on the stones that still fit.
    NextChoice(usize),
    /// The next engine to analyse with: the game's own, then each external engine that
    /// plays this board.
    NextEngine,
    Menu,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TitleAction {
    NewGame,
    Continue,
    ReplayLast,
    LoadGame,
    Analysis,
    Puzzles,
    /// Two players (levels or engines) play each other.
    EngineMatch,
    /// Host, join or watch a game over the network.
    PlayOnline,
    Settings,
    Quit,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetupAction {
    /// A game by id.
    Game(&'static str),
    /// 0 = a second person, else a level's number.
    Opponent(u8),
    /// An external engine, by its place in Settings' list.
    Engine(usize),
    Colour(ColourChoice),
    /// A game's own row (by key) set to a value.
    Choose(&'static str, u32),
    /// A clock preset.
    Clock(TimeControl),
    /// Steps the Fischer clock's minutes and increment seconds (see [`TimeControl::stepped`]).
    CustomClock {
        minutes: i32,
        increment: i32,
    },
    /// An engine match's player (0 or 1) chosen.
    Player(usize, PlayerChoice),
    /// An engine match's number of games.
    MatchGames(u32),
    /// An engine match's clock.
    MatchClock(TimeControl),
    /// An engine match's opening rule: a value of the game's opening row (its default, no
    /// rule, the balanced openings).
    MatchOpening(u32),
    Start,
    Back,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// A stone on a point (Gomoku) or a disc in a column (Connect Four).
    Place(Move),
    Undo,
    Redo,
    Hint,
    Resign,
    Menu,
    /// Shows the position after this many moves (the move list); the game's own ply (or
    /// more) shows the game again, which goes on from there.
    Look(usize),
    /// The button with this index of a tournament opening's choice step ("Play Black").
    OpeningChoice(usize),
    /// Online: offers the other player a draw.
    OfferDraw,
    /// Online: accepts (true) or declines the other player's draw offer or undo request.
    Answer(bool),
    /// Online: the win, once the other player has been gone for the reconnect grace.
    ClaimWin,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ResultAction {
    Replay,
    /// The replay with the engine's review of the game.
    Review,
    Rematch,
    Menu,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ReplayAction {
    /// Starts (or shows) the engine's review of the game.
    Review,
    /// Jumps to the position after this many moves (a point of the review's graph).
    Goto(usize),
    /// Opens the position shown on the analysis board (Gomoku).
    Analyse,
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
    Theme(BoardTheme),
    ToggleReducedMotion,
    ToggleCoordinates,
    ToggleMoveNumbers,
    ToggleForbidden,
    ToggleReviewDepth,
    /// The language at this index of `i18n::LANGUAGES`.
    Language(usize),
    Back,
}

/// An engine's setting that −/+ steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineValue {
    Turn,
    Threads,
    Memory,
}

/// Settings' Engines card.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineAction {
    /// The path field takes the keys.
    Focus,
    /// Adds the engine at the typed path.
    Add,
    /// Adds an engine found on this computer.
    AddFound(PathBuf),
    Remove(usize),
    /// Steps an engine's time, threads or memory up (1) or down (-1).
    Step(usize, EngineValue, i32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum LoadAction {
    Open(PathBuf),
    PrevPage,
    NextPage,
    Back,
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

/// Triggers the action of every key of `map` pressed this frame (the screens' shortcuts).
pub fn press(
    keys: &ButtonInput<KeyCode>,
    commands: &mut Commands,
    map: impl IntoIterator<Item = (KeyCode, Action)>,
) {
    for (key, action) in map {
        if keys.just_pressed(key) {
            commands.trigger(action);
        }
    }
}
