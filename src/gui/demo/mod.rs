//! Scripted runs of the real app: `--demo DIR` (the first game's script) and
//! `--demo-game ID DIR` play a session through the same [`Action`]s a player uses, save
//! screenshots of each screen into `DIR` and exit by themselves (non-zero on a timeout or a
//! missing screenshot), which makes them the smoke test of `scripts/screenshots*.sh`.
//! `--bench-frames` ([`bench`]) measures frame pacing while the AI searches, `--bench-cpu`
//! ([`cpu`]) the CPU the game takes when idle and beside the AI.
//!
//! A script is a list of [`Op`]s (`gui::script`) run one after the other by one system; each
//! game's board registers its game's script and takes the steps only it can take
//! ([`Op::Board`], through `board::BoardStep`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;

use bevy::ecs::system::SystemParam;

use crate::gui::ai_task::AiWorker;
use crate::gui::analysis::AnalysisBoard;
use crate::gui::board::{BoardStep, BoardStepDone, LastSettled, Shown};
use crate::gui::flow::{Action, PlayAction, ReplayAction, Screen};
use crate::gui::frames::FrameRequests;
use crate::gui::kind::{AnyLevel, Games, Side};
use crate::gui::persist::Settings;
use crate::gui::review::Review;
use crate::gui::script::{DemoScripts, Op, WINDOW, person_move};
use crate::gui::session::Session;

/// The whole script must finish within this.
const TIME_LIMIT: Duration = Duration::from_secs(600);
/// Waiting for one screenshot file.
const SHOT_LIMIT: Duration = Duration::from_secs(30);
/// Plies after which the person resigns if nobody has won.
const MAX_PLIES: usize = 160;

/// Which game's script to run, and where its screenshots go.
pub struct DemoPlugin {
    pub dir: PathBuf,
    /// The game's id; `None` runs the first registered game's script.
    pub game: Option<String>,
}

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        let scripts = app.world().get_resource::<DemoScripts>();
        let games = app.world().get_resource::<Games>();
        let id = match (&self.game, games) {
            (Some(id), _) => id.clone(),
            (None, Some(games)) => games.iter().next().map_or("", |k| k.id()).to_string(),
            (None, None) => String::new(),
        };
        let ops = scripts.and_then(|s| s.0.get(id.as_str())).map_or_else(
            || {
                error!("demo: no script for the game '{id}'");
                vec![Op::Done]
            },
            |script| script(),
        );
        app.insert_resource(Demo {
            name: format!("{id} demo"),
            dir: self.dir.clone(),
            ops,
            step: 0,
            since: Instant::now(),
            started: Instant::now(),
            shot: None,
            frames: 0,
            resume_clock: false,
            custom_window: false,
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
    name: String,
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

/// What the script's steps read and change.
#[derive(SystemParam)]
struct World2<'w, 's> {
    commands: Commands<'w, 's>,
    screen: Res<'w, State<Screen>>,
    session: ResMut<'w, Session>,
    worker: Res<'w, AiWorker>,
    shown: Res<'w, Shown>,
    settled: Res<'w, LastSettled>,
    settings: ResMut<'w, Settings>,
    review: Res<'w, Review>,
    analysis: Res<'w, AnalysisBoard>,
    trainer: ResMut<'w, crate::gui::puzzles::Trainer>,
    clock: ResMut<'w, Time<Virtual>>,
    windows: Query<'w, 's, &'static mut Window, With<PrimaryWindow>>,
    exit: MessageWriter<'w, AppExit>,
    board_steps: MessageWriter<'w, BoardStep>,
    board_done: MessageReader<'w, 's, BoardStepDone>,
}

fn run_demo(mut demo: ResMut<Demo>, mut w: World2) {
    if !demo.ready(&mut w.clock, &mut w.exit) {
        return;
    }
    if demo.frames == 1 {
        first_frame(&mut demo, &mut w);
    }
    let Some(op) = demo.ops.get(demo.step).cloned() else {
        return;
    };
    match op {
        Op::Play {
            level,
            scale,
            moves,
            seed,
        } => play(&mut demo, &mut w, level, scale, moves, seed),
        Op::Moves(moves) => {
            if *w.screen.get() != Screen::Playing || !w.settled.is_settled(&w.shown) {
                return;
            }
            match moves.get(w.session.game.ply()) {
                Some(&mv) => w.commands.trigger(Action::Play(PlayAction::Place(mv))),
                None => demo.next(),
            }
        }
        Op::Board(name, shot) => {
            if let Some(done) = w.board_done.read().last().cloned() {
                demo.resume_clock |= done.paused_clock;
                match done.shot {
                    Some(shot) => demo.shoot(&mut w.commands, shot),
                    None => demo.next(),
                }
            } else {
                w.board_steps.write(BoardStep { name, shot });
            }
        }
        op => simple_step(&mut demo, &mut w, op),
    }
}

/// The pointer parked, and the window sized by `GOMOKU_DEMO_WINDOW` if set.
fn first_frame(demo: &mut Demo, w: &mut World2) {
    let Ok(mut window) = w.windows.single_mut() else {
        return;
    };
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

/// The person's side plays with an engine ([`Op::Play`]).
fn play(
    demo: &mut Demo,
    w: &mut World2,
    level: AnyLevel,
    scale: f64,
    moves: Option<usize>,
    seed: u64,
) {
    let screen = *w.screen.get();
    if screen == Screen::Result && moves.is_none() {
        demo.next();
        return;
    }
    if screen != Screen::Playing {
        return;
    }
    let session = &mut *w.session;
    if session.game.ply() == 0 && session.seed != seed {
        session.seed = seed;
    }
    // The person may move and nothing is in motion.
    let idle = session.is_person_turn() && !w.worker.is_busy() && w.settled.is_settled(&w.shown);
    let made = (0..session.game.ply())
        .filter(|&i| Side::of_ply(i) == session.human)
        .count();
    if moves.is_some_and(|n| made >= n) && idle {
        demo.next();
    } else if session.game.ply() >= MAX_PLIES && idle {
        // Resign asks for a confirmation: press it twice.
        w.commands.trigger(Action::Play(PlayAction::Resign));
        w.commands.trigger(Action::Play(PlayAction::Resign));
    } else if idle && let Some(mv) = person_move(session, level, scale) {
        w.commands.trigger(Action::Play(PlayAction::Place(mv)));
    }
}

/// The steps that need no game: waits, actions, screenshots, settings, the replay's and the
/// analysis board's positions.
fn simple_step(demo: &mut Demo, w: &mut World2, op: Op) {
    match op {
        // Let the window, fonts and first layout settle before the first step.
        Op::Wait(want, secs) => {
            if *w.screen.get() == want && demo.waited(secs) && demo.frames > 30 {
                demo.next();
            }
        }
        Op::Pause(secs) => {
            if demo.waited(secs) {
                demo.next();
            }
        }
        Op::Act(action) => {
            w.commands.trigger(action);
            demo.next();
        }
        Op::Shot(name) => demo.shoot(&mut w.commands, name),
        Op::Theme(theme) => {
            w.settings.theme = theme;
            demo.next();
        }
        Op::Window((width, height)) => {
            if let Ok(mut window) = w.windows.single_mut()
                && !demo.custom_window
            {
                window.resolution.set(width, height);
            }
            demo.next();
        }
        Op::WaitHint => {
            if w.session.hint.is_some() {
                demo.next();
            }
        }
        Op::ReplayTwoThirds => {
            w.commands.trigger(Action::Replay(ReplayAction::First));
            for _ in 0..(w.session.game.ply() * 2 / 3).max(1) {
                w.commands.trigger(Action::Replay(ReplayAction::Next));
            }
            demo.next();
        }
        Op::ReviewTurningPoint => {
            if let Some(r) = &w.review.result {
                let at = r.turning_point.map_or(0, |tp| tp + 1);
                w.commands.trigger(Action::Replay(ReplayAction::Goto(at)));
                demo.next();
            }
        }
        Op::Analyse(moves) => {
            for mv in moves {
                w.commands.trigger(Action::Play(PlayAction::Place(mv)));
            }
            demo.next();
        }
        Op::WaitDepth(depth) => {
            if w.analysis.lines().depth >= depth || demo.waited(20.0) {
                demo.next();
            }
        }
        Op::OpenPuzzle(id) => {
            match w.trainer.entries.iter().position(|e| e.puzzle.id == id) {
                Some(i) => w.trainer.open(i),
                None => warn!("{}: no puzzle {id}", demo.name),
            }
            demo.next();
        }
        Op::Done => {
            let secs = demo.started.elapsed().as_secs_f32();
            info!("{}: finished in {secs:.1} s", demo.name);
            w.exit.write(AppExit::Success);
            demo.next();
        }
        Op::Play { .. } | Op::Moves(_) | Op::Board(..) => {}
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
