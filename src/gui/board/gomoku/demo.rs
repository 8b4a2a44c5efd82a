//! Gomoku's demo: its script (`--demo`) and the step only this board takes, a stone caught
//! mid-drop.

use bevy::prelude::*;

use super::BoardView;
use super::fx::{BoardFx, DROP_SECS};
use crate::engine::gomoku::Pos;
use crate::engine::gomoku::ai::Level;
use crate::gui::board::{BoardStep, BoardStepDone};
use crate::gui::flow::{
    Action, AnalysisAction, PlayAction, PuzzleAction, ReplayAction, ResultAction, Screen,
    SettingsAction, SetupAction, TitleAction,
};
use crate::gui::kind::gomoku::{ID, any_level, point};
use crate::gui::persist::{BoardTheme, ColourChoice, TimeControl};
use crate::gui::script::{DemoScripts, NARROW, Op, WINDOW, setup};
use crate::gui::session::Session;

pub fn plugin(app: &mut App) {
    DemoScripts::add(app, ID, script);
    app.add_systems(Update, catch_drop);
}

/// The set-up of the benches' games: the person Black against Expert, freestyle 15x15.
pub fn expert_game_setup() -> [SetupAction; 5] {
    [
        SetupAction::Opponent(Level::Expert.number()),
        SetupAction::Colour(ColourChoice::Black),
        SetupAction::Choose("rule", 0),
        SetupAction::Choose("size", 15),
        SetupAction::Start,
    ]
}

const CATCH_DROP: &str = "catch the last stone mid-drop";

/// The menu; a loss against Club on the classic board (a stone caught mid-drop, the game with
/// a hint in both themes, the result, the replay and its review); a win against Novice on the
/// dark board (the side panel below the board in a narrow window, the result mid-confetti);
/// the settings; the analysis board with its threat overlay.
fn script() -> Vec<Op> {
    use Op::*;
    let play = |level, scale, moves| Play {
        level: any_level(level),
        scale,
        moves,
        seed: 2024,
    };
    let mut ops = vec![Wait(Screen::Title, 1.5), Shot("menu.png")];
    ops.push(Act(Action::Title(TitleAction::NewGame)));
    ops.push(Wait(Screen::Setup, 0.5));
    ops.extend(setup(vec![
        SetupAction::Game(ID),
        SetupAction::Opponent(Level::Club.number()),
        SetupAction::Colour(ColourChoice::Black),
        SetupAction::Choose("rule", 0),
        SetupAction::Choose("size", 15),
    ]));
    ops.extend([
        Pause(0.5),
        Shot("setup.png"),
        Act(Action::Setup(SetupAction::Start)),
    ]);
    ops.extend([
        play(Level::Casual, 1.0, Some(5)),
        Board(CATCH_DROP, Some("placing.png")),
        play(Level::Casual, 1.0, Some(9)),
        Act(Action::Play(PlayAction::Hint)),
        WaitHint,
        Pause(0.5),
        Shot("playing.png"),
        Theme(BoardTheme::Dark),
        Pause(0.5),
        Shot("playing-dark.png"),
        Theme(BoardTheme::Classic),
        play(Level::Casual, 1.0, None),
        Wait(Screen::Result, 1.2),
        Shot("loss.png"),
        Act(Action::Result(ResultAction::Replay)),
        Wait(Screen::Replay, 0.3),
        ReplayTwoThirds,
        Pause(0.8),
        Shot("replay.png"),
        Act(Action::Replay(ReplayAction::Review)),
        ReviewTurningPoint,
        Pause(0.8),
        Shot("review.png"),
        Act(Action::Replay(ReplayAction::Menu)),
        Wait(Screen::Title, 0.3),
        Theme(BoardTheme::Dark),
        Act(Action::Title(TitleAction::NewGame)),
        Wait(Screen::Setup, 0.3),
        Act(Action::Setup(SetupAction::Opponent(Level::Novice.number()))),
        // A 3 + 2 game clock: both clocks beside the players.
        Act(Action::Setup(SetupAction::Clock(TimeControl::Fischer {
            seconds: 180,
            increment: 2,
        }))),
        Act(Action::Setup(SetupAction::Start)),
        // The strong engine for the person, on a short budget: a sure and quick win.
        play(Level::Expert, 0.3, Some(4)),
        Pause(1.2),
        Shot("clock.png"),
        Window(NARROW),
        Pause(1.0),
        Shot("narrow.png"),
        Window(WINDOW),
        play(Level::Expert, 0.3, None),
        Wait(Screen::Result, 1.25),
        Shot("win.png"),
        Act(Action::Result(ResultAction::Menu)),
        Wait(Screen::Title, 0.3),
        Act(Action::Title(TitleAction::Settings)),
        Wait(Screen::Settings, 0.8),
        Shot("settings.png"),
        Act(Action::Settings(SettingsAction::Back)),
        Wait(Screen::Title, 0.3),
        Act(Action::Title(TitleAction::Analysis)),
        Wait(Screen::Analysis, 0.3),
        Analyse(
            ["h8", "i9", "h9", "h10", "i8", "g8", "j7", "k6"]
                .map(|m| point(Pos::from_human(m, 15).expect("on the board")))
                .to_vec(),
        ),
        Act(Action::Analysis(AnalysisAction::ToggleThreats)),
        WaitDepth(4),
        Pause(0.3),
        Shot("analysis.png"),
        // A Swap2 opening: the AI, first player, places three stones; the person chooses.
        Act(Action::Analysis(AnalysisAction::Menu)),
        Wait(Screen::Title, 0.3),
        Theme(BoardTheme::Classic),
        Act(Action::Title(TitleAction::NewGame)),
        Wait(Screen::Setup, 0.3),
        Act(Action::Setup(SetupAction::Opponent(Level::Club.number()))),
        Act(Action::Setup(SetupAction::Colour(ColourChoice::White))),
        Act(Action::Setup(SetupAction::Choose("rule", 0))),
        Act(Action::Setup(SetupAction::Choose("opening", 2))),
        Act(Action::Setup(SetupAction::Clock(TimeControl::NoClock))),
        Act(Action::Setup(SetupAction::Start)),
        Pause(4.0),
        Shot("swap2.png"),
        // The puzzle trainer: a Renju puzzle where Black's forbidden points matter, a wrong
        // try refuted, then the solution and the rating.
        Act(Action::Play(PlayAction::Menu)),
        Wait(Screen::Title, 0.3),
        Act(Action::Title(TitleAction::Puzzles)),
        Wait(Screen::Puzzles, 0.5),
        OpenPuzzle("rj-015"),
        Pause(1.0),
        Shot("puzzle.png"),
        Act(Action::Play(PlayAction::Place(point(
            Pos::from_human("a1", 15).expect("on the board"),
        )))),
        Pause(2.5),
        Shot("puzzle-refuted.png"),
        Act(Action::Puzzle(PuzzleAction::Solution)),
        Pause(9.0),
        Shot("puzzle-solved.png"),
        Done,
    ]);
    ops
}

/// The AI's stone has landed: stop the clock and set its drop back to a fifth of the way
/// down (and redraw), so the shot shows the drop and the ripple starting at any frame rate.
fn catch_drop(
    mut steps: MessageReader<BoardStep>,
    mut done: MessageWriter<BoardStepDone>,
    session: Res<Session>,
    mut clock: ResMut<Time<Virtual>>,
    mut fx: ResMut<BoardFx>,
    mut view: ResMut<BoardView>,
    mut frozen: Local<Option<u32>>,
) {
    let Some(step) = steps.read().last().cloned() else {
        return;
    };
    if step.name != CATCH_DROP {
        return;
    }
    match *frozen {
        None => {
            let last = session
                .game
                .downcast_ref::<crate::engine::gomoku::Game>()
                .and_then(|g| g.last_move());
            if let Some(mv) = last {
                clock.pause();
                let now = clock.elapsed_secs_f64();
                fx.placed = Some((mv.pos, now - 0.18 * DROP_SECS as f64));
                view.set_changed();
                *frozen = Some(0);
            }
        }
        // A few frames for the rebuilt stones to reach the screen.
        Some(n) if n >= 3 => {
            *frozen = None;
            done.write(BoardStepDone {
                shot: step.shot,
                paused_clock: true,
            });
        }
        Some(n) => *frozen = Some(n + 1),
    }
}
