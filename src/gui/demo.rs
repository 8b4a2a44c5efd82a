//! `--demo <dir>`: plays a scripted session through the same [`Action`]s a player uses,
//! saves screenshots of each screen into `<dir>` and exits by itself (non-zero on a timeout
//! or a missing screenshot). Used by `scripts/screenshots.sh` for docs and as a smoke test.
//!
//! Two games: a loss against Club on the classic board (a stone caught mid-drop, the game
//! with a hint in both themes, the result, the replay), then a win against Novice on the dark
//! board (the side panel below the board in a narrow window, the result mid-confetti), and
//! the settings.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;

use super::ai_task::AiWorker;
use super::effects::board::{BoardFx, DROP_SECS};
use super::persist::{ColourChoice, Settings};
use super::theme::BoardTheme;
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
/// Moves of the person before the AI's next stone is caught mid-drop.
const PLACING_MOVES: usize = 5;
/// Moves of the person in the second game before the narrow-window screenshot.
const NARROW_MOVES: usize = 4;
/// The window's normal and narrow sizes (logical pixels).
const WINDOW: (f32, f32) = (1200.0, 780.0);
const NARROW: (f32, f32) = (780.0, 1100.0);
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
            caught_drop: false,
            caught_drop2: false,
            resume_clock: false,
        })
        .add_systems(Update, run_demo).add_systems(Last, debug_ui);
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
    DarkTheme,
    ToTheEnd,
    Result,
    ToReplay,
    ReplayPosition,
    ReplayShot,
    ToMenu,
    SecondGame,
    SecondSetup,
    WinGame,
    Narrow,
    NarrowShot,
    WinResult,
    WinToMenu,
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
    /// The mid-drop screenshot was taken.
    caught_drop: bool,
    caught_drop2: bool,
    /// The virtual clock was paused for a screenshot: start it again once it is saved.
    resume_clock: bool,
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
    mut settings: ResMut<Settings>,
    fx: Res<BoardFx>,
    mut clock: ResMut<Time<Virtual>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
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
            if demo.resume_clock {
                clock.unpause();
                demo.resume_clock = false;
            }
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
            if person_moves >= PLACING_MOVES && !demo.caught_drop && session.is_person_turn() {
                // Hold the person's move while the AI's stone lands; freeze the clock a third
                // of the way down so the screenshot shows the drop and its ripple.
                let last = session.game.last_move().map(|m| m.pos);
                let now = clock.elapsed_secs_f64();
                match fx.placed {
                    Some((pos, start)) if Some(pos) == last => {
                        let p = ((now - start) / DROP_SECS as f64) as f32;
                        if (0.3..0.8).contains(&p) {
                            if std::env::var_os("DBG_NOPAUSE").is_none() { clock.pause(); }
                            demo.resume_clock = true;
                            demo.caught_drop = true;
                            demo.shoot(&mut commands, "placing.png");
                            return;
                        }
                        if p < 0.3 {
                            return;
                        }
                        // A slow frame skipped past it: try again with the next stone.
                    }
                    _ => {}
                }
            }
            if person_moves >= MIDGAME_MOVES && session.is_person_turn() && !worker.is_busy() {
                act(&mut commands, Action::Play(PlayAction::Hint));
                demo.go(Step::Hint);
                return;
            }
            play_person_move(&mut commands, &session, &worker, Level::Casual, 1.0);
        }
        Step::Hint => {
            if session.hint.is_some() && demo.waited(0.5) {
                demo.shoot(&mut commands, "playing.png");
                settings.theme = BoardTheme::Dark;
                demo.go(Step::DarkTheme);
            }
        }
        Step::DarkTheme => {
            if std::env::var_os("DBG_RM").is_some() { settings.reduced_motion = true; }
            if demo.waited(0.5) && !demo.caught_drop2 {
                demo.caught_drop2 = true;
                demo.shoot(&mut commands, "dbgA.png");
                demo.since = Instant::now();
                return;
            }
            if demo.waited(0.5) {
                demo.shoot(&mut commands, "playing-dark.png");
                settings.theme = BoardTheme::Classic;
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
            play_person_move(&mut commands, &session, &worker, Level::Casual, 1.0);
        }
        Step::Result => {
            // The board has dimmed and the AI's five glows.
            if demo.waited(1.2) {
                demo.shoot(&mut commands, "loss.png");
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
            demo.go(Step::SecondGame);
        }
        Step::SecondGame => {
            if screen == Screen::Title && demo.waited(0.3) {
                settings.theme = BoardTheme::Dark;
                act(&mut commands, Action::Title(TitleAction::NewGame));
                demo.go(Step::SecondSetup);
            }
        }
        Step::SecondSetup => {
            if screen == Screen::Setup && demo.waited(0.3) {
                act(
                    &mut commands,
                    Action::Setup(SetupAction::Opponent(Level::Novice.number())),
                );
                act(&mut commands, Action::Setup(SetupAction::Start));
                demo.go(Step::WinGame);
            }
        }
        Step::WinGame => {
            if screen == Screen::Result {
                demo.go(Step::WinResult);
                return;
            }
            if screen != Screen::Playing {
                return;
            }
            if session.game.ply() == 0 && session.seed != DEMO_SEED {
                session.seed = DEMO_SEED;
            }
            let person_moves = session
                .game
                .history()
                .iter()
                .filter(|m| m.stone == session.human)
                .count();
            if person_moves == NARROW_MOVES && session.is_person_turn() && !worker.is_busy() {
                if let Ok(mut window) = windows.single_mut() {
                    window.resolution.set(NARROW.0, NARROW.1);
                }
                demo.go(Step::Narrow);
                return;
            }
            // The strong engine for the person, on a short clock: a sure and quick win.
            play_person_move(&mut commands, &session, &worker, Level::Expert, 0.3);
        }
        Step::Narrow => {
            if demo.waited(1.0) {
                demo.shoot(&mut commands, "narrow.png");
                demo.go(Step::NarrowShot);
            }
        }
        Step::NarrowShot => {
            if let Ok(mut window) = windows.single_mut() {
                window.resolution.set(WINDOW.0, WINDOW.1);
            }
            // Play on (one move, so the narrow screenshot is not taken again).
            play_person_move(&mut commands, &session, &worker, Level::Expert, 0.3);
            demo.go(Step::WinGame);
        }
        Step::WinResult => {
            // The five has lit up and the confetti is in the air.
            if demo.waited(1.25) {
                demo.shoot(&mut commands, "win.png");
                demo.go(Step::WinToMenu);
            }
        }
        Step::WinToMenu => {
            act(&mut commands, Action::Result(ResultAction::Menu));
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

/// The person's side is played by an engine `level` (weaker than the AI in the first game,
/// so the AI has something to do; stronger in the second, for a win).
fn play_person_move(
    commands: &mut Commands,
    session: &Session,
    worker: &AiWorker,
    level: Level,
    time_scale: f64,
) {
    if !session.is_person_turn() || worker.is_busy() {
        return;
    }
    let never = AtomicBool::new(false);
    let result = play_level(
        level,
        &session.game,
        session.seed ^ session.game.ply() as u64,
        time_scale,
        &never,
        &mut NoInfo,
    );
    if let Some(pos) = result.best {
        commands.trigger(Action::Play(PlayAction::Place(pos)));
    }
}

// TEMP DEBUG
#[allow(clippy::type_complexity)]
pub fn debug_ui(
    stones: Query<&Children, With<crate::gui::board::StoneLayer>>,
    grid: Query<&Children, With<crate::gui::board::GridLayer>>,
    ghost: Query<(Entity, &bevy::ui::ComputedStackIndex), With<crate::gui::board::Ghost>>,
    nodes: Query<(&ComputedNode, &UiGlobalTransform, &InheritedVisibility, &bevy::ui::ComputedStackIndex)>,
    boards: Query<(Entity, &ImageNode, &bevy::ui::ComputedStackIndex), With<crate::gui::board::BoardRoot>>,
    stack: Res<bevy::ui::UiStack>,
    time: Res<Time<Real>>,
    mut last: Local<f32>,
) {
    if time.elapsed_secs() - *last < 1.0 { return; }
    *last = time.elapsed_secs();
    let mut line = format!("DBG stack len {} parts {:?}", stack.uinodes.len(), stack.partition);
    for (e, img, si) in &boards { line += &format!(" | board {e:?} img {:?} si {}", img.image.id(), si.0); }
    for (e, si) in &ghost { line += &format!(" | ghost {e:?} si {}", si.0); }
    for ch in &grid { let v: Vec<u32> = ch.iter().take(3).filter_map(|c| nodes.get(c).ok()).map(|n| n.3.0).collect(); line += &format!(" | grid n {} si {:?} inStack {}", ch.len(), v, ch.iter().next().is_some_and(|c| stack.uinodes.contains(&c))); }
    for ch in &stones { let v: Vec<(u32, bool, Vec2)> = ch.iter().take(3).filter_map(|c| nodes.get(c).ok()).map(|n| (n.3.0, n.2.get(), n.0.size())).collect(); line += &format!(" | stones n {} {:?} inStack {}", ch.len(), v, ch.iter().next().is_some_and(|c| stack.uinodes.contains(&c))); }
    info!("{line}");
}
