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
use super::board::BoardView;
use super::effects::board::{BoardFx, DROP_SECS};
use super::persist::{ColourChoice, Settings};
use super::screens::{
    Action, PlayAction, ReplayAction, ResultAction, Screen, SetupAction, TitleAction,
};
use super::session::Session;
use super::theme::BoardTheme;
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
            resume_clock: false,
            custom_window: false,
            frozen_at: None,
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
    ToDark,
    DarkTheme,
    ToClassic,
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
    /// The virtual clock was paused for a screenshot: start it again once it is saved.
    resume_clock: bool,
    /// `GOMOKU_DEMO_WINDOW` set the window size: the narrow step leaves it alone.
    custom_window: bool,
    /// Frame at which the clock was stopped for the mid-drop screenshot.
    frozen_at: Option<u64>,
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
    mut fx: ResMut<BoardFx>,
    mut view: ResMut<BoardView>,
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
            // The pointer of the virtual display sits on the board (a hover stone in every
            // screenshot): park it in the window's top right corner, over nothing.
            if demo.frames == 1
                && let Ok(mut window) = windows.single_mut()
            {
                window.set_cursor_position(Some(Vec2::new(WINDOW.0 - 4.0, 4.0)));
                // Layout checks at other sizes and scale factors: GOMOKU_DEMO_WINDOW=1024x700
                // or 3840x2160@2 (physical pixels, then the scale factor).
                if let Some((w, h, scale)) = std::env::var("GOMOKU_DEMO_WINDOW")
                    .ok()
                    .and_then(|v| parse_window(&v))
                {
                    window.resolution.set_scale_factor_override(Some(scale));
                    window.resolution.set_physical_resolution(w, h);
                    demo.custom_window = true;
                }
            }
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
                // The AI's stone has landed: stop the clock and set its drop back to a fifth
                // of the way down (and redraw), so the screenshot shows the drop and the ripple
                // starting at any frame rate.
                match demo.frozen_at {
                    None => {
                        if let Some(mv) = session.game.last_move() {
                            clock.pause();
                            let now = clock.elapsed_secs_f64();
                            fx.placed = Some((mv.pos, now - 0.18 * DROP_SECS as f64));
                            view.set_changed();
                            demo.frozen_at = Some(demo.frames);
                        }
                    }
                    // A few frames for the rebuilt stones to reach the screen.
                    Some(at) if demo.frames >= at + 3 => {
                        demo.caught_drop = true;
                        demo.resume_clock = true;
                        demo.shoot(&mut commands, "placing.png");
                    }
                    Some(_) => {}
                }
                return;
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
                demo.go(Step::ToDark);
            }
        }
        // Theme switches wait for the screenshot before them to be saved.
        Step::ToDark => {
            settings.theme = BoardTheme::Dark;
            demo.go(Step::DarkTheme);
        }
        Step::DarkTheme => {
            if demo.waited(0.5) {
                demo.shoot(&mut commands, "playing-dark.png");
                demo.go(Step::ToClassic);
            }
        }
        Step::ToClassic => {
            settings.theme = BoardTheme::Classic;
            demo.go(Step::ToTheEnd);
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
                // Resign asks for a confirmation: press it twice.
                act(&mut commands, Action::Play(PlayAction::Resign));
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
                if let Ok(mut window) = windows.single_mut()
                    && !demo.custom_window
                {
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
            if let Ok(mut window) = windows.single_mut()
                && !demo.custom_window
            {
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

/// `WxH` or `WxH@scale` (physical pixels) from `GOMOKU_DEMO_WINDOW`.
fn parse_window(value: &str) -> Option<(u32, u32, f32)> {
    let (size, scale) = match value.split_once('@') {
        Some((size, scale)) => (size, scale.parse().ok()?),
        None => (value, 1.0),
    };
    let (w, h) = size.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?, scale))
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

/// `--bench-frames`: frame pacing while the AI searches. An AI-vs-AI game (White: the Expert
/// level as the opponent; Black: the Expert hint search standing in for the person, both on
/// the async task pool) with every effect on, a pause between moves for idle frames, and a
/// few seconds of the result. Frame times come from Bevy's `FrameTimeDiagnosticsPlugin`;
/// a frame counts as "searching" when a search ran at its start or its end. Prints median,
/// p99 and max of both kinds and exits.
pub struct FrameBenchPlugin;

/// Idle time after each move before the next search starts.
const BENCH_IDLE_SECS: f32 = 1.0;
/// Plies after which the person's side resigns.
const BENCH_MAX_PLIES: usize = 70;
/// Games are replayed (Rematch) until this many plies were measured in all.
const BENCH_MIN_TOTAL_PLIES: usize = 80;
/// How long the result screen (confetti or the dimmed board) is measured.
const BENCH_RESULT_SECS: f32 = 3.0;

/// A scratch folder for the benchmark's files when `$GOMOKU_HOME` is not set (its game must
/// not count for the player); removed at the end.
pub fn bench_home() -> PathBuf {
    std::env::temp_dir().join(format!("gomoku-bench-{}", std::process::id()))
}

impl Plugin for FrameBenchPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(bevy::diagnostic::FrameTimeDiagnosticsPlugin::default())
            .insert_resource(Bench {
                step: BenchStep::Warmup,
                since: Instant::now(),
                searching: Vec::new(),
                idle: Vec::new(),
                last_sample: None,
                busy_before: false,
                measuring: false,
                plies: 0,
                games: 0,
                searches: Vec::new(),
                last_search: None,
            })
            .add_systems(Update, drive_bench)
            .add_systems(Last, sample_frame);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BenchStep {
    Warmup,
    Setup,
    Playing,
    Result,
}

#[derive(Resource)]
struct Bench {
    step: BenchStep,
    since: Instant,
    /// Frame times in ms.
    searching: Vec<f64>,
    idle: Vec<f64>,
    /// Time of the last diagnostics measurement taken, so none is counted twice.
    last_sample: Option<Instant>,
    busy_before: bool,
    measuring: bool,
    /// Plies of the finished games.
    plies: usize,
    games: usize,
    /// Depth and nodes per second of the AI's searches, to see what the pacing costs it.
    searches: Vec<(u32, f64)>,
    last_search: Option<(u64, usize)>,
}

impl Bench {
    fn go(&mut self, step: BenchStep) {
        info!("frame-bench: {step:?}");
        self.step = step;
        self.since = Instant::now();
    }
}

#[allow(clippy::too_many_arguments)]
fn drive_bench(
    mut bench: ResMut<Bench>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
    session: Res<Session>,
    worker: Res<AiWorker>,
    fx: Res<BoardFx>,
    clock: Res<Time<Virtual>>,
    mut settings: ResMut<Settings>,
    mut exit: MessageWriter<AppExit>,
) {
    let screen = *screen.get();
    let act = |commands: &mut Commands, action: Action| commands.trigger(action);
    match bench.step {
        BenchStep::Warmup => {
            if bench.since.elapsed().as_secs_f32() > 2.0 {
                // Effects on, whatever the scratch settings say.
                settings.reduced_motion = false;
                act(&mut commands, Action::Title(TitleAction::NewGame));
                bench.go(BenchStep::Setup);
            }
        }
        BenchStep::Setup => {
            if screen == Screen::Setup {
                for a in [
                    SetupAction::Opponent(Level::Expert.number()),
                    SetupAction::Colour(ColourChoice::Black),
                    SetupAction::Rule(Rule::Freestyle),
                    SetupAction::Size(15),
                    SetupAction::Start,
                ] {
                    act(&mut commands, Action::Setup(a));
                }
                bench.measuring = true;
                bench.go(BenchStep::Playing);
            }
        }
        BenchStep::Playing => {
            // The AI's search that led to this position, once per AI move.
            let key = (session.id, session.game.ply());
            if let Some(info) = &session.last_search
                && session.is_person_turn()
                && bench.last_search != Some(key)
            {
                bench.last_search = Some(key);
                let secs = info.time.as_secs_f64().max(1e-3);
                bench.searches.push((info.depth, info.nodes as f64 / secs));
            }
            if screen == Screen::Result {
                bench.plies += session.game.ply();
                bench.games += 1;
                bench.go(BenchStep::Result);
                return;
            }
            if screen != Screen::Playing || !session.is_person_turn() {
                return;
            }
            if let Some(pos) = session.hint {
                act(&mut commands, Action::Play(PlayAction::Place(pos)));
                return;
            }
            if session.game.ply() >= BENCH_MAX_PLIES {
                // Resign asks for a confirmation: press it twice.
                act(&mut commands, Action::Play(PlayAction::Resign));
                act(&mut commands, Action::Play(PlayAction::Resign));
                return;
            }
            // Idle frames (the last stone's drop, ripple and pulse) before Black searches.
            let now = clock.elapsed_secs_f64();
            let settled = fx
                .placed
                .is_none_or(|(_, at)| now - at >= BENCH_IDLE_SECS as f64);
            if settled && !worker.is_busy() {
                act(&mut commands, Action::Play(PlayAction::Hint));
            }
        }
        BenchStep::Result => {
            if bench.plies < BENCH_MIN_TOTAL_PLIES && bench.since.elapsed().as_secs_f32() >= 1.5 {
                act(&mut commands, Action::Result(ResultAction::Rematch));
                bench.go(BenchStep::Playing);
                return;
            }
            if bench.since.elapsed().as_secs_f32() >= BENCH_RESULT_SECS {
                bench.measuring = false;
                report(&bench, &session);
                if std::env::var_os(super::persist::HOME_ENV).is_none() {
                    let _ = std::fs::remove_dir_all(bench_home());
                }
                exit.write(AppExit::Success);
            }
        }
    }
}

/// Files the frame that just ended under searching or idle.
fn sample_frame(
    mut bench: ResMut<Bench>,
    diagnostics: Res<bevy::diagnostic::DiagnosticsStore>,
    worker: Res<AiWorker>,
) {
    let busy = worker.is_busy();
    let busy_before = std::mem::replace(&mut bench.busy_before, busy);
    let Some(m) = diagnostics
        .get(&bevy::diagnostic::FrameTimeDiagnosticsPlugin::FRAME_TIME)
        .and_then(|d| d.measurement())
    else {
        return;
    };
    if bench.last_sample == Some(m.time) {
        return;
    }
    bench.last_sample = Some(m.time);
    if !bench.measuring {
        return;
    }
    let value = m.value;
    if busy || busy_before {
        bench.searching.push(value);
    } else {
        bench.idle.push(value);
    }
}

/// Median, 99th percentile and maximum (ms) of `values`.
pub fn frame_stats(values: &[f64]) -> Option<(f64, f64, f64)> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((q * v.len() as f64).ceil() as usize).clamp(1, v.len()) - 1];
    Some((at(0.5), at(0.99), v[v.len() - 1]))
}

fn report(bench: &Bench, session: &Session) {
    use std::io::Write;
    let mut out = std::io::stdout();
    let line = |name: &str, values: &[f64]| match frame_stats(values) {
        Some((median, p99, max)) => format!(
            "frame-bench: {name:<9} frames {:>5}  median {median:6.2} ms  p99 {p99:6.2} ms  max {max:7.2} ms",
            values.len()
        ),
        None => format!("frame-bench: {name:<9} no frames"),
    };
    let _ = session;
    let _ = writeln!(
        out,
        "frame-bench: Expert vs Expert, {} games, {} plies, effects on, window 1200x780",
        bench.games, bench.plies
    );
    if !bench.searches.is_empty() {
        let n = bench.searches.len() as f64;
        let depth = bench.searches.iter().map(|s| s.0 as f64).sum::<f64>() / n;
        let rate = bench.searches.iter().map(|s| s.1).sum::<f64>() / n;
        let _ = writeln!(
            out,
            "frame-bench: AI searches {n}: mean depth {depth:.1}, mean {:.0} k nodes/s",
            rate / 1000.0
        );
    }
    let _ = writeln!(out, "{}", line("searching", &bench.searching));
    let _ = writeln!(out, "{}", line("idle", &bench.idle));
    if let (Some((_, s, _)), Some((_, i, _))) =
        (frame_stats(&bench.searching), frame_stats(&bench.idle))
    {
        let _ = writeln!(
            out,
            "frame-bench: p99 searching / idle = {:.2} (target <= 1.5)",
            s / i
        );
    }
}

#[cfg(test)]
mod tests {
    use super::frame_stats;

    #[test]
    fn frame_statistics() {
        assert_eq!(frame_stats(&[]), None);
        let values: Vec<f64> = (1..=200).map(f64::from).collect();
        // Median of 1..=200 by the nearest-rank rule is 100, p99 is 198, max 200.
        assert_eq!(frame_stats(&values), Some((100.0, 198.0, 200.0)));
        assert_eq!(frame_stats(&[5.0]), Some((5.0, 5.0, 5.0)));
    }
}
