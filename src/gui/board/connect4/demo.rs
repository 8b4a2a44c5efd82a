//! Connect Four's demo: its script (`--demo-game connect4`) and the steps only this board
//! takes (the column cursor, a disc caught mid-fall).

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::{C4Cursor, FallAnimation};
use crate::engine::connect4::{Game, Level};
use crate::gui::board::{BoardStep, BoardStepDone};
use crate::gui::flow::{
    Action, LoadAction, PlayAction, ReplayAction, ResultAction, Screen, SetupAction, TitleAction,
};
use crate::gui::kind::connect4::{ID, any_level, col, column};
use crate::gui::persist::ColourChoice;
use crate::gui::script::{DemoScripts, Op, setup};
use crate::gui::session::Session;

pub fn plugin(app: &mut App) {
    DemoScripts::add(app, ID, script);
    app.add_systems(Update, board_steps);
}

const POINT_AT_HINT: &str = "point two columns left of the hint";
const HIDE_CURSOR: &str = "hide the column cursor";
const CURSOR_AT_2: &str = "point at column 2";
const CATCH_FALL: &str = "catch one more disc in the air";

/// The setup; a game against Perfect (hint and hovered column, result, replay and its
/// review, a disc in mid-fall); a two-player game on 7 x 7; Load game with the saved game.
fn script() -> Vec<Op> {
    use Op::*;
    let play = |moves| Play {
        level: any_level(Level::Casual),
        scale: 1.0,
        moves,
        seed: 4,
    };
    let mut ops = vec![
        Wait(Screen::Title, 1.5),
        Act(Action::Title(TitleAction::NewGame)),
    ];
    ops.push(Wait(Screen::Setup, 0.3));
    ops.extend(setup(vec![
        SetupAction::Game(ID),
        SetupAction::Opponent(3), // Perfect
        SetupAction::Colour(ColourChoice::Black),
        SetupAction::Choose("rows", 6),
    ]));
    ops.extend([
        Pause(0.5),
        Shot("c4-setup.png"),
        Act(Action::Setup(SetupAction::Start)),
        play(Some(5)),
        Act(Action::Play(PlayAction::Hint)),
        WaitHint,
        Pause(0.3),
        Board(POINT_AT_HINT, None),
        Pause(0.4),
        Shot("c4-playing.png"),
        Board(HIDE_CURSOR, None),
        play(None),
        Wait(Screen::Result, 1.0),
        Shot("c4-result.png"),
        Act(Action::Result(ResultAction::Replay)),
        Wait(Screen::Replay, 0.3),
        ReplayTwoThirds,
        Act(Action::Replay(ReplayAction::ToggleNumbers)),
        Pause(1.0),
        Shot("c4-replay.png"),
        Act(Action::Replay(ReplayAction::Review)),
        ReviewTurningPoint,
        Pause(1.0),
        Shot("c4-review.png"),
        Pause(0.2),
        Board(CATCH_FALL, Some("c4-falling.png")),
        Pause(1.0),
        Act(Action::Replay(ReplayAction::Menu)),
        Wait(Screen::Title, 0.3),
        Act(Action::Title(TitleAction::NewGame)),
        Wait(Screen::Setup, 0.3),
    ]);
    ops.extend(setup(vec![
        SetupAction::Opponent(0),
        SetupAction::Choose("rows", 7),
        SetupAction::Start,
    ]));
    ops.extend([
        Moves([3, 3, 4, 2, 4, 4, 5].map(col).to_vec()),
        Board(CURSOR_AT_2, None),
        Pause(0.4),
        Shot("c4-two-players.png"),
        Act(Action::Play(PlayAction::Menu)),
        Wait(Screen::Title, 0.3),
        Act(Action::Title(TitleAction::LoadGame)),
        Wait(Screen::Load, 0.5),
        Shot("c4-load.png"),
        Act(Action::Load(LoadAction::Back)),
        Wait(Screen::Title, 0.0),
        Done,
    ]);
    ops
}

/// Takes this board's steps.
fn board_steps(
    mut steps: MessageReader<BoardStep>,
    mut done: MessageWriter<BoardStepDone>,
    mut commands: Commands,
    session: Res<Session>,
    mut cursor: ResMut<C4Cursor>,
    anim: Res<FallAnimation>,
    mut started: Local<Option<Instant>>,
) {
    let Some(step) = steps.read().last().cloned() else {
        return;
    };
    let finish = |done: &mut MessageWriter<BoardStepDone>, shot| {
        done.write(BoardStepDone {
            shot,
            paused_clock: false,
        });
    };
    match step.name {
        POINT_AT_HINT => {
            // Another column, as a player about to choose would point at.
            let game = session.game.downcast_ref::<Game>();
            if let (Some(hint), Some(game)) = (session.hint.and_then(column), game) {
                let width = game.width();
                cursor.at = (hint + width - 2) % width;
                cursor.visible = true;
            }
            finish(&mut done, None);
        }
        HIDE_CURSOR => {
            cursor.visible = false;
            finish(&mut done, None);
        }
        CURSOR_AT_2 => {
            cursor.at = 1;
            cursor.visible = true;
            finish(&mut done, None);
        }
        CATCH_FALL => match *started {
            None if anim.fall().is_none() && anim.is_settled() => {
                commands.trigger(Action::Replay(ReplayAction::Next));
                *started = Some(Instant::now());
            }
            None => {}
            Some(_) if anim.fall().is_some_and(|f| f.t >= 0.1) => {
                *started = None;
                finish(&mut done, step.shot);
            }
            Some(t) if t.elapsed() > Duration::from_secs(3) => {
                // Leaves the file missing, which the screenshot script reports.
                warn!("connect four demo: no disc fell");
                *started = None;
                finish(&mut done, None);
            }
            Some(_) => {}
        },
        _ => {}
    }
}
