//! Scripted runs of the real app: `--demo DIR` (Gomoku) and `--demo-connect4 DIR` play a
//! session through the same [`Action`]s a player uses, save screenshots of each screen into
//! `DIR` and exit by themselves (non-zero on a timeout or a missing screenshot), which makes
//! them the smoke test of `scripts/screenshots*.sh`. `--bench-frames` ([`bench`]) measures
//! frame pacing while the AI searches, `--bench-cpu` ([`cpu`]) the CPU the game takes when
//! idle and beside the AI.
//!
//! A script is a list of [`Op`]s run one after the other by one system, for both games:
//!
//! - Gomoku: the menu; a loss against Club on the classic board (a stone caught mid-drop,
//!   the game with a hint in both themes, the result, the replay and its review); a win
//!   against Novice on
//!   the dark board (the side panel below the board in a narrow window, the result
//!   mid-confetti); the settings; the analysis board with its threat overlay.
//! - Connect Four: the setup; a game against Perfect (hint and hovered column, result,
//!   replay and its review, a disc in mid-fall); a two-player game on 7 x 7; Load game with the saved game.

pub mod bench;
pub mod cpu;

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;

use crate::engine::ai::Level;
use crate::engine::connect4 as c4;
use crate::gui::ai_task::AiWorker;
use crate::gui::analysis::AnalysisBoard;
use crate::gui::board::connect4::{C4Cursor, FallAnimation};
use crate::gui::board::gomoku::BoardView;
use crate::gui::board::gomoku::fx::{BoardFx, DROP_SECS};
use crate::gui::flow::{
    Action, AnalysisAction, LoadAction, PlayAction, ReplayAction, ResultAction, Screen,
    SettingsAction, SetupAction, TitleAction,
};
use crate::gui::frames::FrameRequests;
use crate::gui::kind::connect4::{self as c4_kind, col};
use crate::gui::kind::gomoku::{self as gomoku_kind, point};
use crate::gui::kind::{AnyLevel, Move, SearchRequest, Side};
use crate::gui::persist::{BoardTheme, ColourChoice, Settings};
use crate::gui::review::Review;
use crate::gui::session::Session;

pub use bench::{FrameBenchPlugin, bench_home, frame_stats};
pub use cpu::CpuBenchPlugin;

/// The whole script must finish within this.
const TIME_LIMIT: Duration = Duration::from_secs(600);
/// Waiting for one screenshot file.
const SHOT_LIMIT: Duration = Duration::from_secs(30);
/// The window's normal and narrow sizes (logical pixels).
const WINDOW: (f32, f32) = (1200.0, 780.0);
const NARROW: (f32, f32) = (780.0, 1100.0);
/// Plies after which the person resigns if nobody has won.
const MAX_PLIES: usize = 160;

/// One step of a script.
#[derive(Clone, Debug)]
enum Op {
    /// Waits for a screen, then `secs` more.
    Wait(Screen, f32),
    Pause(f32),
    Act(Action),
    Shot(&'static str),
    Theme(BoardTheme),
    Window((f32, f32)),
    /// The person's side plays with an engine (Gomoku `level` on `scale` of its time, Connect
    /// Four's Casual) until it made `moves` moves and it is its turn again, or until the
    /// result with `None`. The game's seed is fixed first, so every run plays the same game.
    Play {
        level: AnyLevel,
        scale: f64,
        moves: Option<usize>,
        seed: u64,
    },
    /// Plays these moves as they are (two people).
    Moves(Vec<Move>),
    /// Catches the last stone mid-drop: the clock stops, the drop is set back, the shot taken.
    CatchDrop(&'static str),
    WaitHint,
    /// The keyboard cursor two columns left of the hint, or at a column, or hidden.
    PointAtHint,
    CursorAt(Option<usize>),
    /// The replay at two thirds of the game.
    ReplayTwoThirds,
    /// One more disc, photographed in the air.
    CatchFall(&'static str),
    /// Waits for the game review, then shows its turning point.
    ReviewTurningPoint,
    /// Puts these stones on the analysis board.
    Analyse(Vec<Move>),
    /// Waits until the analysis board's engine reached this depth.
    WaitDepth(u32),
    Done,
}

fn setup(actions: Vec<SetupAction>) -> Vec<Op> {
    actions
        .into_iter()
        .map(|a| Op::Act(Action::Setup(a)))
        .collect()
}

fn gomoku_script() -> Vec<Op> {
    use Op::*;
    let play = |level, scale, moves| Play {
        level: gomoku_kind::any_level(level),
        scale,
        moves,
        seed: 2024,
    };
    let mut ops = vec![Wait(Screen::Title, 1.5), Shot("menu.png")];
    ops.push(Act(Action::Title(TitleAction::NewGame)));
    ops.push(Wait(Screen::Setup, 0.5));
    ops.extend(setup(vec![
        SetupAction::Game(gomoku_kind::ID),
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
        CatchDrop("placing.png"),
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
        Act(Action::Setup(SetupAction::Start)),
        // The strong engine for the person, on a short clock: a sure and quick win.
        play(Level::Expert, 0.3, Some(4)),
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
                .map(|m| point(crate::engine::Pos::from_human(m, 15).expect("on the board")))
                .to_vec(),
        ),
        Act(Action::Analysis(AnalysisAction::ToggleThreats)),
        WaitDepth(4),
        Pause(0.3),
        Shot("analysis.png"),
        Done,
    ]);
    ops
}

fn connect4_script() -> Vec<Op> {
    use Op::*;
    let play = |moves| Play {
        level: c4_kind::any_level(c4::Level::Casual),
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
        SetupAction::Game(c4_kind::ID),
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
        PointAtHint,
        Pause(0.4),
        Shot("c4-playing.png"),
        CursorAt(None),
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
        CatchFall("c4-falling.png"),
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
        CursorAt(Some(1)),
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

/// Which script to run, and where its screenshots go.
pub struct DemoPlugin {
    pub dir: PathBuf,
    /// The game's id: Gomoku's or Connect Four's script.
    pub game: &'static str,
}

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        let (name, ops) = match self.game {
            c4_kind::ID => ("connect four demo", connect4_script()),
            _ => ("demo", gomoku_script()),
        };
        app.insert_resource(Demo {
            name,
            dir: self.dir.clone(),
            ops,
            step: 0,
            since: Instant::now(),
            started: Instant::now(),
            shot: None,
            frames: 0,
            resume_clock: false,
            custom_window: false,
            frozen_at: None,
        })
        .add_systems(Update, run_demo)
        // A script waits in frames and screenshots are taken from rendered frames: it draws
        // continuously, whatever the screen shows.
        .add_systems(Update, |mut frames: ResMut<FrameRequests>| frames.animate());
    }
}

/// A script's progress.
#[derive(Resource)]
struct Demo {
    name: &'static str,
    dir: PathBuf,
    ops: Vec<Op>,
    step: usize,
    /// When the current step began.
    since: Instant,
    started: Instant,
    /// Screenshot being written and when it was asked for.
    shot: Option<(PathBuf, Instant)>,
    frames: u64,
    /// The virtual clock was paused for a screenshot: start it again once it is saved.
    resume_clock: bool,
    /// `GOMOKU_DEMO_WINDOW` set the window size: window steps leave it alone.
    custom_window: bool,
    /// Frame at which the clock was stopped for the mid-drop screenshot.
    frozen_at: Option<u64>,
}

impl Demo {
    fn next(&mut self) {
        self.step += 1;
        self.since = Instant::now();
        if let Some(op) = self.ops.get(self.step) {
            info!("{}: {op:?}", self.name);
        }
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
        self.next();
    }

    /// Says whether the script may act: not while a screenshot is being written (its file is
    /// waited for), nor after the time ran out (then the app exits with an error).
    fn ready(&mut self, clock: &mut Time<Virtual>, exit: &mut MessageWriter<AppExit>) -> bool {
        self.frames += 1;
        if self.started.elapsed() > TIME_LIMIT {
            error!(
                "{}: timed out in step {:?}",
                self.name,
                self.ops.get(self.step)
            );
            exit.write(AppExit::error());
            return false;
        }
        let Some((path, asked)) = self.shot.clone() else {
            return true;
        };
        if std::fs::metadata(&path).is_ok_and(|m| m.len() > 0) {
            info!("{}: saved {}", self.name, path.display());
            self.shot = None;
            if self.resume_clock {
                clock.unpause();
                self.resume_clock = false;
            }
        } else if asked.elapsed() > SHOT_LIMIT {
            error!(
                "{}: screenshot {} was not written",
                self.name,
                path.display()
            );
            exit.write(AppExit::error());
        }
        false
    }
}

#[allow(clippy::too_many_arguments)] // Bevy system parameters
fn run_demo(
    mut demo: ResMut<Demo>,
    mut commands: Commands,
    (screen, mut session, worker, anim): (
        Res<State<Screen>>,
        ResMut<Session>,
        Res<AiWorker>,
        Res<FallAnimation>,
    ),
    mut settings: ResMut<Settings>,
    (mut cursor, mut fx, mut view): (ResMut<C4Cursor>, ResMut<BoardFx>, ResMut<BoardView>),
    (review, analysis): (Res<Review>, Res<AnalysisBoard>),
    mut clock: ResMut<Time<Virtual>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    mut exit: MessageWriter<AppExit>,
) {
    if !demo.ready(&mut clock, &mut exit) {
        return;
    }
    if demo.frames == 1
        && let Ok(mut window) = windows.single_mut()
    {
        // The pointer of the virtual display sits on the board (a hover stone in every
        // screenshot): park it in the window's top right corner, over nothing.
        window.set_cursor_position(Some(Vec2::new(WINDOW.0 - 4.0, 4.0)));
        // Layout checks at other sizes and scale factors: GOMOKU_DEMO_WINDOW=1024x700 or
        // 3840x2160@2 (physical pixels, then the scale factor).
        if let Some((width, height, scale)) = std::env::var("GOMOKU_DEMO_WINDOW")
            .ok()
            .and_then(|v| parse_window(&v))
        {
            window.resolution.set_scale_factor_override(Some(scale));
            window.resolution.set_physical_resolution(width, height);
            demo.custom_window = true;
        }
    }
    let Some(op) = demo.ops.get(demo.step).cloned() else {
        return;
    };
    let screen = *screen.get();
    let session = &mut *session;
    // The person may move and nothing is in motion.
    let idle = session.is_person_turn() && !worker.is_busy() && anim.is_settled();
    match op {
        // Let the window, fonts and first layout settle before the first step.
        Op::Wait(want, secs) => {
            if screen == want && demo.waited(secs) && demo.frames > 30 {
                demo.next();
            }
        }
        Op::Pause(secs) => {
            if demo.waited(secs) {
                demo.next();
            }
        }
        Op::Act(action) => {
            commands.trigger(action);
            demo.next();
        }
        Op::Shot(name) => demo.shoot(&mut commands, name),
        Op::Theme(theme) => {
            settings.theme = theme;
            demo.next();
        }
        Op::Window((width, height)) => {
            if let Ok(mut window) = windows.single_mut()
                && !demo.custom_window
            {
                window.resolution.set(width, height);
            }
            demo.next();
        }
        Op::Play {
            level,
            scale,
            moves,
            seed,
        } => {
            if screen == Screen::Result && moves.is_none() {
                demo.next();
                return;
            }
            if screen != Screen::Playing {
                return;
            }
            if session.game.ply() == 0 && session.seed != seed {
                session.seed = seed;
            }
            let made = (0..session.game.ply())
                .filter(|&i| Side::of_ply(i) == session.human)
                .count();
            if moves.is_some_and(|n| made >= n) && idle {
                demo.next();
            } else if session.game.ply() >= MAX_PLIES && idle {
                // Resign asks for a confirmation: press it twice.
                commands.trigger(Action::Play(PlayAction::Resign));
                commands.trigger(Action::Play(PlayAction::Resign));
            } else if idle && let Some(mv) = person_move(session, level, scale) {
                commands.trigger(Action::Play(PlayAction::Place(mv)));
            }
        }
        Op::Moves(moves) => {
            if screen != Screen::Playing || !anim.is_settled() {
                return;
            }
            match moves.get(session.game.ply()) {
                Some(&mv) => commands.trigger(Action::Play(PlayAction::Place(mv))),
                None => demo.next(),
            }
        }
        Op::CatchDrop(name) => {
            // The AI's stone has landed: stop the clock and set its drop back to a fifth of
            // the way down (and redraw), so the shot shows the drop and the ripple starting
            // at any frame rate.
            match demo.frozen_at {
                None => {
                    if let Some(mv) = session
                        .game
                        .downcast_ref::<crate::engine::Game>()
                        .and_then(|g| g.last_move())
                    {
                        clock.pause();
                        let now = clock.elapsed_secs_f64();
                        fx.placed = Some((mv.pos, now - 0.18 * DROP_SECS as f64));
                        view.set_changed();
                        demo.frozen_at = Some(demo.frames);
                    }
                }
                // A few frames for the rebuilt stones to reach the screen.
                Some(at) if demo.frames >= at + 3 => {
                    demo.resume_clock = true;
                    demo.shoot(&mut commands, name);
                }
                Some(_) => {}
            }
        }
        Op::WaitHint => {
            if session.hint.is_some() {
                demo.next();
            }
        }
        Op::PointAtHint => {
            // Another column, as a player about to choose would point at.
            let game = session.game.downcast_ref::<c4::Game>();
            if let (Some(hint), Some(game)) = (session.hint.and_then(c4_kind::column), game) {
                let width = game.width();
                cursor.at = (hint + width - 2) % width;
                cursor.visible = true;
            }
            demo.next();
        }
        Op::CursorAt(column) => {
            cursor.at = column.unwrap_or(cursor.at);
            cursor.visible = column.is_some();
            demo.next();
        }
        Op::ReplayTwoThirds => {
            commands.trigger(Action::Replay(ReplayAction::First));
            for _ in 0..(session.game.ply() * 2 / 3).max(1) {
                commands.trigger(Action::Replay(ReplayAction::Next));
            }
            demo.next();
        }
        Op::CatchFall(name) => {
            if demo.frozen_at.is_none() && anim.fall().is_none() && anim.is_settled() {
                commands.trigger(Action::Replay(ReplayAction::Next));
                demo.frozen_at = Some(demo.frames);
            } else if anim.fall().is_some_and(|f| f.t >= 0.1) {
                demo.shoot(&mut commands, name);
            } else if demo.waited(3.0) {
                // Leaves the file missing, which the script reports.
                warn!("{}: no disc fell", demo.name);
                demo.next();
            }
        }
        Op::ReviewTurningPoint => {
            if let Some(r) = &review.result {
                let at = r.turning_point.map_or(0, |tp| tp + 1);
                commands.trigger(Action::Replay(ReplayAction::Goto(at)));
                demo.next();
            }
        }
        Op::Analyse(moves) => {
            for mv in moves {
                commands.trigger(Action::Play(PlayAction::Place(mv)));
            }
            demo.next();
        }
        Op::WaitDepth(depth) => {
            if analysis.lines().depth >= depth || demo.waited(20.0) {
                demo.next();
            }
        }
        Op::Done => {
            let secs = demo.started.elapsed().as_secs_f32();
            info!("{}: finished in {secs:.1} s", demo.name);
            exit.write(AppExit::Success);
            demo.next();
        }
    }
}

/// `WxH` or `WxH@scale` (physical pixels) from `GOMOKU_DEMO_WINDOW`.
fn parse_window(value: &str) -> Option<(u32, u32, f32)> {
    let (size, scale) = match value.split_once('@') {
        Some((size, scale)) => (size, scale.parse().ok()?),
        None => (value, 1.0),
    };
    let (w, h) = size.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?, scale))
}

/// A move for the person's side, played by an engine: Gomoku's `level` (on `scale` of its
/// time), Connect Four's Casual.
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

pub fn person_move(session: &Session, level: AnyLevel, scale: f64) -> Option<Move> {
    let never = AtomicBool::new(false);
    let request = SearchRequest {
        level,
        seed: session.seed ^ session.game.ply() as u64,
        time_scale: scale,
    };
    session
        .game
        .search(&request, &never, &mut |_, _| {})
        .mv
        .ok()
}
