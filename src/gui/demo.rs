//! `--demo <dir>`: plays a scripted session through the same [`Action`]s a player uses,
//! saves screenshots of each screen into `<dir>` and exits by itself (non-zero on a timeout
//! or a missing screenshot). Used by `scripts/screenshots.sh` for docs and as a smoke test.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::ai_task::AiWorker;
use super::persist::ColourChoice;
use super::screens::{
    Action, PlayAction, ReplayAction, ResultAction, Screen, SetupAction, TitleAction,
};
use super::session::Session;
use crate::engine::Rule;
use crate::engine::ai::{Level, NoInfo, play_level};

/// The whole demo must finish within this.
const TIME_LIMIT: Duration = Duration::from_secs(600);
/// Waiting for one screenshot file.
const SHOT_LIMIT: Duration = Duration::from_secs(30);
/// Moves of the person before the mid-game screenshot.
const MIDGAME_MOVES: usize = 9;
/// Plies after which the person resigns if nobody has won.
const MAX_PLIES: usize = 160;
/// Seed of the demo game (both sides' engine choices derive from it).
const DEMO_SEED: u64 = 2024;

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
    Menu,
    SetupChoose,
    SetupShot,
    StartGame,
    Midgame,
    Hint,
    ToTheEnd,
    Result,
    ToReplay,
    ReplayPosition,
    ReplayShot,
    ToMenu,
    OpenSettings,
    SettingsShot,
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
        info!("demo: {step:?}");
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

#[allow(clippy::too_many_arguments)]
fn run_demo(
    mut demo: ResMut<Demo>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    worker: Res<AiWorker>,
    mut exit: MessageWriter<AppExit>,
) {
    demo.frames += 1;
    if demo.started.elapsed() > TIME_LIMIT {
        error!("demo: timed out in step {:?}", demo.step);
        exit.write(AppExit::error());
        return;
    }
    // A screenshot in flight: wait for its file before anything else happens on screen.
    if let Some((path, asked)) = demo.shot.clone() {
        if std::fs::metadata(&path).is_ok_and(|m| m.len() > 0) {
            info!("demo: saved {}", path.display());
            demo.shot = None;
        } else if asked.elapsed() > SHOT_LIMIT {
            error!("demo: screenshot {} was not written", path.display());
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
                demo.shoot(&mut commands, "menu.png");
                demo.go(Step::Menu);
            }
        }
        Step::Menu => {
            act(&mut commands, Action::Title(TitleAction::NewGame));
            demo.go(Step::SetupChoose);
        }
        Step::SetupChoose => {
            if screen == Screen::Setup && demo.waited(0.5) {
                for a in [
                    SetupAction::Opponent(Level::Club.number()),
                    SetupAction::Colour(ColourChoice::Black),
                    SetupAction::Rule(Rule::Freestyle),
                    SetupAction::Size(15),
                ] {
                    act(&mut commands, Action::Setup(a));
                }
                demo.go(Step::SetupShot);
            }
        }
        Step::SetupShot => {
            if demo.waited(0.5) {
                demo.shoot(&mut commands, "setup.png");
                demo.go(Step::StartGame);
            }
        }
        Step::StartGame => {
            act(&mut commands, Action::Setup(SetupAction::Start));
            demo.go(Step::Midgame);
        }
        Step::Midgame => {
            if screen != Screen::Playing {
                return;
            }
            if session.game.ply() == 0 && session.seed != DEMO_SEED {
                // The same game every run, so the screenshots only change with the code.
                session.seed = DEMO_SEED;
            }
            let person_moves = session
                .game
                .history()
                .iter()
                .filter(|m| m.stone == session.human)
                .count();
            if person_moves >= MIDGAME_MOVES && session.is_person_turn() && !worker.is_busy() {
                act(&mut commands, Action::Play(PlayAction::Hint));
                demo.go(Step::Hint);
                return;
            }
            play_person_move(&mut commands, &session, &worker);
        }
        Step::Hint => {
            if session.hint.is_some() && demo.waited(0.5) {
                demo.shoot(&mut commands, "playing.png");
                demo.go(Step::ToTheEnd);
            }
        }
        Step::ToTheEnd => {
            if screen == Screen::Result {
                demo.go(Step::Result);
                return;
            }
            if screen != Screen::Playing {
                return;
            }
            if session.game.ply() >= MAX_PLIES && session.is_person_turn() {
                act(&mut commands, Action::Play(PlayAction::Resign));
                return;
            }
            play_person_move(&mut commands, &session, &worker);
        }
        Step::Result => {
            if demo.waited(1.2) {
                demo.shoot(&mut commands, "result.png");
                demo.go(Step::ToReplay);
            }
        }
        Step::ToReplay => {
            act(&mut commands, Action::Result(ResultAction::Replay));
            demo.go(Step::ReplayPosition);
        }
        Step::ReplayPosition => {
            if screen == Screen::Replay && demo.waited(0.3) {
                act(&mut commands, Action::Replay(ReplayAction::First));
                let target = (session.game.ply() * 2 / 3).max(1);
                for _ in 0..target {
                    act(&mut commands, Action::Replay(ReplayAction::Next));
                }
                demo.go(Step::ReplayShot);
            }
        }
        Step::ReplayShot => {
            if demo.waited(0.8) {
                demo.shoot(&mut commands, "replay.png");
                demo.go(Step::ToMenu);
            }
        }
        Step::ToMenu => {
            act(&mut commands, Action::Replay(ReplayAction::Menu));
            demo.go(Step::OpenSettings);
        }
        Step::OpenSettings => {
            if screen == Screen::Title && demo.waited(0.3) {
                act(&mut commands, Action::Title(TitleAction::Settings));
                demo.go(Step::SettingsShot);
            }
        }
        Step::SettingsShot => {
            if screen == Screen::Settings && demo.waited(0.8) {
                demo.shoot(&mut commands, "settings.png");
                demo.go(Step::Done);
            }
        }
        Step::Done => {
            info!(
                "demo: finished in {:.1} s",
                demo.started.elapsed().as_secs_f32()
            );
            exit.write(AppExit::Success);
        }
    }
}

/// The person's side is played by a weaker engine level, so the AI has something to do.
fn play_person_move(commands: &mut Commands, session: &Session, worker: &AiWorker) {
    if !session.is_person_turn() || worker.is_busy() {
        return;
    }
    let never = AtomicBool::new(false);
    let result = play_level(
        Level::Casual,
        &session.game,
        session.seed ^ session.game.ply() as u64,
        1.0,
        &never,
        &mut NoInfo,
    );
    if let Some(pos) = result.best {
        commands.trigger(Action::Play(PlayAction::Place(pos)));
    }
}
