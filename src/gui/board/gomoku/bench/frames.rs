//! `--bench-frames`: frame pacing while the AI searches (`scripts/bench-frames.sh`, figures
//! in BENCHMARKS.md, "Frame pacing").

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::render::{Extract, ExtractSchedule, Render, RenderApp, RenderSystems};

use crate::gui::ai_task::AiWorker;
use crate::gui::board::gomoku::fx::BoardFx;
use crate::gui::flow::{Action, PlayAction, ResultAction, Screen, TitleAction};
use crate::gui::frames::{FrameRequests, FrameSystems};
use crate::gui::persist;
use crate::gui::persist::Settings;
use crate::gui::review::Review;
use crate::gui::session::Session;

/// `--bench-frames`: frame pacing while the AI searches. An AI-vs-AI game (White: the Expert
/// level as the opponent; Black: the Expert hint search standing in for the person, both on
/// the async task pool) with every effect on, a pause between moves for idle frames, and a
/// few seconds of the result, then the game's review. A frame counts as "searching" when a
/// search ran at its start or its end. Prints median, p99 and max of each kind and exits.
///
/// Two measures per frame. The frame's *work*: its update on the main thread plus its
/// rendering on the render thread, up to the present; this is what a busy CPU makes longer.
/// The *interval* since the previous frame (Bevy's `FrameTimeDiagnosticsPlugin`): with
/// reactive updating it also holds the time the window slept or waited for the next step of
/// a stepped animation, so it is printed for reference only.
pub struct FrameBenchPlugin;

/// How often the bench's own steps look at the clock when nothing else draws a frame.
const BENCH_POLL: Duration = Duration::from_millis(250);

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
        let log = WorkLog::default();
        if let Some(render) = app.get_sub_app_mut(RenderApp) {
            render
                .insert_resource(log.clone())
                .init_resource::<RenderedFrame>()
                .add_systems(ExtractSchedule, extract_work)
                .add_systems(Render, record_work.in_set(RenderSystems::Cleanup));
        }
        app.insert_resource(log)
            .init_resource::<FrameWork>()
            .add_systems(First, |mut work: ResMut<FrameWork>| {
                work.started = Some(Instant::now());
            });
        app.add_plugins(bevy::diagnostic::FrameTimeDiagnosticsPlugin::default())
            .insert_resource(Bench {
                step: BenchStep::Warmup,
                since: Instant::now(),
                searching: Vec::new(),
                idle: Vec::new(),
                reviewing: Vec::new(),
                last_sample: None,
                busy_before: false,
                measuring: false,
                plies: 0,
                games: 0,
                searches: Vec::new(),
                last_search: None,
            })
            .add_systems(Update, drive_bench)
            .add_systems(
                Last,
                (sample_frame, end_main_work).chain().after(FrameSystems),
            );
    }
}

/// Which of the measured kinds a frame is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Searching,
    Idle,
    Reviewing,
}

/// This frame's main-thread work, and its kind when measured.
#[derive(Resource, Default, Clone, Copy)]
struct FrameWork {
    started: Option<Instant>,
    main: Duration,
    kind: Option<Kind>,
}

/// The frame being rendered (render world): its main-thread work, when it was extracted.
#[derive(Resource, Clone, Copy)]
struct RenderedFrame {
    main: Duration,
    extracted: Instant,
    kind: Option<Kind>,
}

impl Default for RenderedFrame {
    fn default() -> Self {
        RenderedFrame {
            main: Duration::ZERO,
            extracted: Instant::now(),
            kind: None,
        }
    }
}

/// Frame work times (ms) by kind, written by the render thread.
#[derive(Resource, Clone, Default)]
struct WorkLog(Arc<Mutex<Vec<(Kind, f64)>>>);

impl WorkLog {
    fn of(&self, kind: Kind) -> Vec<f64> {
        self.0.lock().map_or_else(
            |_| Vec::new(),
            |log| {
                log.iter()
                    .filter(|(k, _)| *k == kind)
                    .map(|&(_, ms)| ms)
                    .collect()
            },
        )
    }
}

fn end_main_work(mut work: ResMut<FrameWork>) {
    work.main = work.started.map_or(Duration::ZERO, |s| s.elapsed());
}

fn extract_work(main: Extract<Res<FrameWork>>, mut frame: ResMut<RenderedFrame>) {
    *frame = RenderedFrame {
        main: main.main,
        extracted: Instant::now(),
        kind: main.kind,
    };
}

/// After the frame was presented: its work is the main thread's update plus the time from
/// its extraction to now (the render thread starts on it right after extraction).
fn record_work(frame: Res<RenderedFrame>, log: Res<WorkLog>) {
    let Some(kind) = frame.kind else {
        return;
    };
    let ms = (frame.main + frame.extracted.elapsed()).as_secs_f64() * 1000.0;
    if let Ok(mut log) = log.0.lock() {
        log.push((kind, ms));
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BenchStep {
    Warmup,
    Setup,
    Playing,
    Result,
    /// The last game's review running on the replay screen.
    Reviewing,
    /// The replay with the finished review, idle.
    Reviewed,
}

#[derive(Resource)]
struct Bench {
    step: BenchStep,
    since: Instant,
    /// Frame times in ms.
    searching: Vec<f64>,
    idle: Vec<f64>,
    /// Frames while the game review runs.
    reviewing: Vec<f64>,
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

fn drive_bench(
    mut bench: ResMut<Bench>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
    session: Res<Session>,
    worker: Res<AiWorker>,
    fx: Res<BoardFx>,
    clock: Res<Time<Virtual>>,
    mut settings: ResMut<Settings>,
    review: Res<Review>,
    mut exit: MessageWriter<AppExit>,
    (mut frames, work): (ResMut<FrameRequests>, Res<WorkLog>),
) {
    // The bench's timers need a frame now and then even when the screen is still.
    frames.within(BENCH_POLL);
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
                for a in crate::gui::board::gomoku::demo::expert_game_setup() {
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
                if info.nodes > 0 {
                    let secs = info.time.as_secs_f64().max(1e-3);
                    bench.searches.push((info.depth, info.nodes as f64 / secs));
                }
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
                act(&mut commands, Action::Result(ResultAction::Review));
                bench.go(BenchStep::Reviewing);
            }
        }
        BenchStep::Reviewing => {
            if screen == Screen::Replay && review.result.is_some() {
                bench.go(BenchStep::Reviewed);
            }
        }
        BenchStep::Reviewed => {
            if bench.since.elapsed().as_secs_f32() >= BENCH_RESULT_SECS {
                bench.measuring = false;
                report(&bench, &work);
                if std::env::var_os(persist::HOME_ENV).is_none() {
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
    review: Res<Review>,
    mut work: ResMut<FrameWork>,
) {
    let reviewing = review.is_running();
    let busy = worker.is_busy();
    let busy_before = std::mem::replace(&mut bench.busy_before, busy);
    work.kind = bench.measuring.then_some(if reviewing {
        Kind::Reviewing
    } else if busy || busy_before {
        Kind::Searching
    } else {
        Kind::Idle
    });
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
    if reviewing {
        bench.reviewing.push(value);
    } else if busy || busy_before {
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

fn report(bench: &Bench, work: &WorkLog) {
    use std::io::Write;
    let mut out = std::io::stdout();
    let line = |what: &str, name: &str, values: &[f64]| match frame_stats(values) {
        Some((median, p99, max)) => format!(
            "frame-bench: {what:<8} {name:<9} frames {:>5}  median {median:6.2} ms  p99 {p99:6.2} ms  max {max:7.2} ms",
            values.len()
        ),
        None => format!("frame-bench: {what:<8} {name:<9} no frames"),
    };
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
    let (searching, idle, reviewing) = (
        work.of(Kind::Searching),
        work.of(Kind::Idle),
        work.of(Kind::Reviewing),
    );
    for (name, values) in [
        ("searching", &searching),
        ("idle", &idle),
        ("reviewing", &reviewing),
    ] {
        let _ = writeln!(out, "{}", line("work", name, values));
    }
    for (name, values) in [
        ("searching", &bench.searching),
        ("idle", &bench.idle),
        ("reviewing", &bench.reviewing),
    ] {
        let _ = writeln!(out, "{}", line("interval", name, values));
    }
    let idle_p99 = frame_stats(&idle).map(|s| s.1);
    for (name, values) in [("searching", &searching), ("reviewing", &reviewing)] {
        if let (Some((_, p99, _)), Some(i)) = (frame_stats(values), idle_p99) {
            let _ = writeln!(
                out,
                "frame-bench: work p99 {name} / idle = {:.2} (target <= 1.3)",
                p99 / i
            );
        }
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
