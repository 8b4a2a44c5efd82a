//! `--demo-connect4 <dir>`: a scripted Connect Four session through the same actions a
//! player uses (the person's side played by the Casual level against Perfect), with
//! screenshots of the setup, a game in progress with a hint and the hovered column, the
//! result, the replay, a disc in mid-fall, a two-player game on 7 x 7 and the Load game
//! list with the saved game (`c4-*.png` in `<dir>`). Exits by itself, non-zero on a timeout or a missing screenshot, so it doubles
//! as a smoke test.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::ai_task::C4Worker;
use super::board::{C4Cursor, FallAnimation};
use super::session::{C4Session, DropDisc};
use super::{SetupChange, level_number};
use crate::engine::connect4::{Level, Limits, choose_move};
use crate::gui::persist::{ColourChoice, GameKind};
use crate::gui::screens::{
    Action, LoadAction, PlayAction, ReplayAction, ResultAction, Screen, SetupAction, TitleAction,
};

/// The whole demo must finish within this.
const TIME_LIMIT: Duration = Duration::from_secs(300);
/// Waiting for one screenshot file.
const SHOT_LIMIT: Duration = Duration::from_secs(30);
/// Discs of the person before the mid-game screenshot.
const MIDGAME_MOVES: usize = 5;
/// Seed of the demo game (both sides' choices derive from it).
const DEMO_SEED: u64 = 4;
/// The two-player game's discs (no four among them).
const TWO_PLAYER_MOVES: [usize; 7] = [3, 3, 4, 2, 4, 4, 5];

pub struct DemoPlugin {
    pub dir: PathBuf,
}

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Demo {
            dir: self.dir.clone(),
            step: Step::Start,
            since: Instant::now(),
            started: Instant::now(),
            shot: None,
            frames: 0,
        })
        .add_systems(Update, run_demo);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Start,
    ChooseGame,
    SetupChoose,
    SetupShot,
    StartGame,
    Midgame,
    Hint,
    HintShot,
    ToTheEnd,
    Result,
    ToReplay,
    ReplayPosition,
    ReplayShot,
    Falling,
    FallShot,
    ToMenu,
    TwoPlayersSetup,
    TwoPlayersStart,
    TwoPlayers,
    TwoPlayersShot,
    Load,
    LoadShot,
    Done,
}

#[derive(Resource)]
struct Demo {
    dir: PathBuf,
    step: Step,
    /// When the current step began.
    since: Instant,
    started: Instant,
    /// Screenshot being written and when it was asked for.
    shot: Option<(PathBuf, Instant)>,
    frames: u64,
}

impl Demo {
    fn go(&mut self, step: Step) {
        info!("connect four demo: {step:?}");
        self.step = step;
        self.since = Instant::now();
    }

    fn waited(&self, secs: f32) -> bool {
        self.since.elapsed().as_secs_f32() >= secs
    }

    fn shoot(&mut self, commands: &mut Commands, name: &str) {
        let path = self.dir.join(name);
        let _ = std::fs::remove_file(&path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path.clone()));
        self.shot = Some((path, Instant::now()));
    }
}

#[allow(clippy::too_many_arguments)] // Bevy system parameters
fn run_demo(
    mut demo: ResMut<Demo>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
    mut session: ResMut<C4Session>,
    worker: Res<C4Worker>,
    anim: Res<FallAnimation>,
    mut cursor: ResMut<C4Cursor>,
    mut exit: MessageWriter<AppExit>,
) {
    demo.frames += 1;
    if demo.started.elapsed() > TIME_LIMIT {
        error!("connect four demo: timed out in step {:?}", demo.step);
        exit.write(AppExit::error());
        return;
    }
    // A screenshot in flight: wait for its file before anything else happens on screen.
    if let Some((path, asked)) = demo.shot.clone() {
        if std::fs::metadata(&path).is_ok_and(|m| m.len() > 0) {
            info!("connect four demo: saved {}", path.display());
            demo.shot = None;
        } else if asked.elapsed() > SHOT_LIMIT {
            error!(
                "connect four demo: screenshot {} was not written",
                path.display()
            );
            exit.write(AppExit::error());
        }
        return;
    }
    let screen = *screen.get();
    let act = |commands: &mut Commands, action: Action| commands.trigger(action);
    match demo.step {
        Step::Start => {
            // Let the window, fonts and first layout settle.
            if screen == Screen::Title && demo.frames > 30 && demo.waited(1.5) {
                act(&mut commands, Action::Title(TitleAction::NewGame));
                demo.go(Step::ChooseGame);
            }
        }
        Step::ChooseGame => {
            if screen == Screen::Setup && demo.waited(0.3) {
                act(
                    &mut commands,
                    Action::Setup(SetupAction::Game(GameKind::ConnectFour)),
                );
                demo.go(Step::SetupChoose);
            }
        }
        Step::SetupChoose => {
            if screen == Screen::Setup && demo.waited(0.3) {
                for a in [
                    SetupAction::Connect4(SetupChange::Opponent(level_number(Level::Perfect))),
                    SetupAction::Colour(ColourChoice::Black),
                    SetupAction::Connect4(SetupChange::Rows(6)),
                ] {
                    act(&mut commands, Action::Setup(a));
                }
                demo.go(Step::SetupShot);
            }
        }
        Step::SetupShot => {
            if demo.waited(0.5) {
                demo.shoot(&mut commands, "c4-setup.png");
                demo.go(Step::StartGame);
            }
        }
        Step::StartGame => {
            act(&mut commands, Action::Setup(SetupAction::Start));
            demo.go(Step::Midgame);
        }
        Step::Midgame => {
            if screen != Screen::ConnectFour {
                return;
            }
            if session.ply() == 0 && session.seed != DEMO_SEED {
                // The same game every run, so the screenshots only change with the code.
                session.seed = DEMO_SEED;
            }
            let ready = session.is_person_turn() && !worker.is_busy() && anim.is_settled();
            let person_moves = (0..session.ply())
                .filter(|&i| super::player_of_ply(i) == session.human)
                .count();
            if person_moves >= MIDGAME_MOVES && ready {
                act(&mut commands, Action::Play(PlayAction::Hint));
                demo.go(Step::Hint);
                return;
            }
            if ready {
                play_person_move(&mut commands, &session);
            }
        }
        Step::Hint => {
            if let Some(hint) = session.hint
                && demo.waited(0.3)
            {
                // Point at another column, as a player about to choose would.
                let width = session.game.width();
                cursor.col = (hint.column + width - 2) % width;
                cursor.visible = true;
                demo.go(Step::HintShot);
            }
        }
        Step::HintShot => {
            if demo.waited(0.4) {
                demo.shoot(&mut commands, "c4-playing.png");
                demo.go(Step::ToTheEnd);
            }
        }
        Step::ToTheEnd => {
            // The screenshot is written by now: put the keyboard cursor away.
            if cursor.visible {
                cursor.visible = false;
            }
            if screen == Screen::ConnectFourResult {
                demo.go(Step::Result);
                return;
            }
            if screen == Screen::ConnectFour
                && session.is_person_turn()
                && !worker.is_busy()
                && anim.is_settled()
            {
                play_person_move(&mut commands, &session);
            }
        }
        Step::Result => {
            if demo.waited(1.0) {
                demo.shoot(&mut commands, "c4-result.png");
                demo.go(Step::ToReplay);
            }
        }
        Step::ToReplay => {
            act(&mut commands, Action::Result(ResultAction::Replay));
            demo.go(Step::ReplayPosition);
        }
        Step::ReplayPosition => {
            if screen == Screen::ConnectFourReplay && demo.waited(0.3) {
                act(&mut commands, Action::Replay(ReplayAction::First));
                let target = (session.ply() * 2 / 3).max(1);
                for _ in 0..target {
                    act(&mut commands, Action::Replay(ReplayAction::Next));
                }
                act(&mut commands, Action::Replay(ReplayAction::ToggleNumbers));
                demo.go(Step::ReplayShot);
            }
        }
        Step::ReplayShot => {
            if demo.waited(1.0) && anim.is_settled() {
                demo.shoot(&mut commands, "c4-replay.png");
                demo.go(Step::Falling);
            }
        }
        Step::Falling => {
            // One more disc, photographed in the air.
            if demo.waited(0.2) && anim.fall().is_none() && anim.is_settled() {
                act(&mut commands, Action::Replay(ReplayAction::Next));
                demo.go(Step::FallShot);
            }
        }
        Step::FallShot => {
            if anim.fall().is_some_and(|f| f.t >= 0.1) {
                demo.shoot(&mut commands, "c4-falling.png");
                demo.go(Step::ToMenu);
            } else if demo.waited(3.0) {
                // Leaves the file missing, which the script reports.
                warn!("connect four demo: no disc fell");
                demo.go(Step::ToMenu);
            }
        }
        Step::ToMenu => {
            if demo.waited(1.0) {
                act(&mut commands, Action::Replay(ReplayAction::Menu));
                demo.go(Step::TwoPlayersSetup);
            }
        }
        Step::TwoPlayersSetup => {
            if screen == Screen::Title && demo.waited(0.3) {
                act(&mut commands, Action::Title(TitleAction::NewGame));
                demo.go(Step::TwoPlayersStart);
            }
        }
        Step::TwoPlayersStart => {
            if screen == Screen::Setup && demo.waited(0.3) {
                for a in [
                    SetupAction::Connect4(SetupChange::Opponent(0)),
                    SetupAction::Connect4(SetupChange::Rows(7)),
                    SetupAction::Start,
                ] {
                    act(&mut commands, Action::Setup(a));
                }
                demo.go(Step::TwoPlayers);
            }
        }
        Step::TwoPlayers => {
            if screen != Screen::ConnectFour || !anim.is_settled() {
                return;
            }
            match TWO_PLAYER_MOVES.get(session.ply()) {
                Some(&col) => {
                    commands.trigger(DropDisc(col));
                }
                None => {
                    cursor.col = 1;
                    cursor.visible = true;
                    demo.go(Step::TwoPlayersShot);
                }
            }
        }
        Step::TwoPlayersShot => {
            if demo.waited(0.4) {
                demo.shoot(&mut commands, "c4-two-players.png");
                demo.go(Step::Load);
            }
        }
        Step::Load => {
            if screen == Screen::ConnectFour {
                act(&mut commands, Action::Play(PlayAction::Menu));
            } else if screen == Screen::Title && demo.waited(0.3) {
                act(&mut commands, Action::Title(TitleAction::LoadGame));
                demo.go(Step::LoadShot);
            }
        }
        Step::LoadShot => {
            if screen == Screen::Load && demo.waited(0.5) {
                demo.shoot(&mut commands, "c4-load.png");
                demo.go(Step::Done);
            }
        }
        Step::Done => {
            if screen == Screen::Load {
                act(&mut commands, Action::Load(LoadAction::Back));
            } else if screen == Screen::Title {
                info!(
                    "connect four demo: finished in {:.1} s",
                    demo.started.elapsed().as_secs_f32()
                );
                exit.write(AppExit::Success);
            }
        }
    }
}

/// The person's side is played by the Casual level, so the AI has something to do.
fn play_person_move(commands: &mut Commands, session: &C4Session) {
    let never = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(session.seed ^ session.ply() as u64);
    if let Ok(col) = choose_move(
        Level::Casual,
        &session.game,
        &Limits::default(),
        &mut rng,
        &never,
    ) {
        commands.trigger(DropDisc(col));
    }
}
