//! `--bench-cpu`: the game's CPU use when nothing moves and while the AI thinks, and the AI's
//! speed inside the game (`scripts/bench-cpu.sh`, figures in BENCHMARKS.md, "CPU use").
//!
//! 1. The menu: once it has settled (no frame asked for), 20 s of the process's CPU time.
//! 2. A game against Expert: the person's side replies at once (the Novice level's move) and
//!    the AI's turns search the eight middle-game positions of the `bench` binary with its
//!    limits (depth 12, 4 s cap, one thread), so their nodes per second compare with a
//!    `bench --depth 12 --positions 8 --time 4 --speed-only` run; the move played is the
//!    Novice level's for the real position. Everything else (the thinking dots, the panel's
//!    depth, the evaluation bar, the person's stone dropping) runs as in any game.
//! 3. The game waiting for the person after the last AI move: once settled, 20 s.
//!
//! CPU time is the whole process's (every thread: the UI, the renderer's, the search) from
//! `getrusage`, as a percentage of one core (Linux; elsewhere it reads 0).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use crate::engine::gomoku::ai::{Engine, Level, Limits};
use crate::gui::ai_task::{AiBackend, AiRequest};
use crate::gui::flow::{Action, PlayAction, Screen, TitleAction};
use crate::gui::frames::{FrameDemand, FrameRequests, LastDemand};
use crate::gui::kind::{Progress, SearchInfo, SearchRequest};
use crate::gui::persist::{self, Settings};
use crate::gui::session::Session;

/// How long each idle screen is measured.
const IDLE_SECS: f64 = 20.0;
/// The `bench` binary's speed test: depth, time cap per position.
const BENCH_DEPTH: u32 = 12;
const BENCH_CAP: Duration = Duration::from_secs(4);

const POSITIONS: &[&str] = crate::engine::gomoku::ai::BENCH_POSITIONS;

pub struct CpuBenchPlugin;

impl Plugin for CpuBenchPlugin {
    fn build(&self, app: &mut App) {
        let searches = Searches::default();
        app.insert_resource(AiBackend {
            search: Arc::new(bench_search(searches.clone())),
            time_scale: 1.0,
        })
        .insert_resource(CpuBench {
            step: Step::Menu,
            window: None,
            frames: 0,
            searches,
        })
        .add_systems(Update, drive)
        .add_systems(Last, |mut bench: ResMut<CpuBench>| bench.frames += 1);
    }
}

/// The bench positions' searches done so far: nodes, time, and the searching thread's CPU.
#[derive(Clone, Default)]
struct Searches {
    done: Arc<Mutex<Vec<(u64, Duration, Duration)>>>,
    next: Arc<AtomicUsize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Menu,
    Setup,
    Thinking,
    Waiting,
}

#[derive(Resource)]
struct CpuBench {
    step: Step,
    /// The measurement running: since when, the process's CPU time then, frames then.
    window: Option<(Instant, Duration, u64)>,
    frames: u64,
    searches: Searches,
}

impl CpuBench {
    fn start_window(&mut self) {
        self.window = Some((Instant::now(), process_cpu(), self.frames));
    }

    /// Prints the window's CPU use and ends it.
    fn report(&mut self, name: &str) {
        let Some((since, cpu, frames)) = self.window.take() else {
            return;
        };
        let wall = since.elapsed();
        let used = process_cpu().saturating_sub(cpu);
        let share = 100.0 * used.as_secs_f64() / wall.as_secs_f64().max(1e-9);
        println!(
            "bench-cpu: {name:<9} {share:6.1}% of one core over {:5.1} s ({} frames)",
            wall.as_secs_f64(),
            self.frames - frames
        );
    }
}

/// The AI's turn: one bench position searched with the bench's limits; the Novice level's
/// move for the real game.
fn bench_search(searches: Searches) -> impl Fn(&AiRequest, &AtomicBool, Progress) -> SearchInfo {
    move |req: &AiRequest, stop: &AtomicBool, progress: Progress| {
        let i = searches.next.fetch_add(1, Ordering::Relaxed) % POSITIONS.len();
        let cpu = thread_cpu();
        let r = Engine::new(64 << 20).think(
            &crate::engine::gomoku::ai::bench_position(i),
            &Limits {
                depth: Some(BENCH_DEPTH),
                hard_time: Some(BENCH_CAP),
                threads: 1,
                ..Limits::default()
            },
            stop,
            &mut |r: &crate::engine::gomoku::ai::SearchResult| progress(r.depth, r.score.into()),
        );
        let used = thread_cpu().saturating_sub(cpu);
        if let Ok(mut done) = searches.done.lock() {
            done.push((r.nodes, r.time, used));
        }
        let novice = SearchRequest {
            level: crate::gui::kind::gomoku::any_level(Level::Novice),
            ..req.search
        };
        req.game.search(&novice, stop, &mut |_, _| {})
    }
}

fn drive(
    mut bench: ResMut<CpuBench>,
    mut commands: Commands,
    screen: Res<State<Screen>>,
    session: Res<Session>,
    last: Res<LastDemand>,
    mut settings: ResMut<Settings>,
    mut frames: ResMut<FrameRequests>,
    mut exit: MessageWriter<AppExit>,
) {
    let screen = *screen.get();
    // The previous frame asked for no other: the screen has settled.
    let settled = last.0 == FrameDemand::Idle;
    let waited = |bench: &CpuBench| {
        bench
            .window
            .is_some_and(|(since, _, _)| since.elapsed().as_secs_f64() >= IDLE_SECS)
    };
    match bench.step {
        Step::Menu => {
            if bench.window.is_none() && screen == Screen::Title && settled {
                // Effects on, as a player has them.
                settings.reduced_motion = false;
                bench.start_window();
            } else if waited(&bench) {
                bench.report("menu");
                commands.trigger(Action::Title(TitleAction::NewGame));
                bench.step = Step::Setup;
            }
        }
        Step::Setup => {
            if screen == Screen::Setup {
                for a in crate::gui::board::gomoku::demo::expert_game_setup() {
                    commands.trigger(Action::Setup(a));
                }
                bench.step = Step::Thinking;
            }
        }
        Step::Thinking => {
            if screen != Screen::Playing || !session.is_person_turn() {
                return;
            }
            let searched = bench.searches.done.lock().map_or(0, |d| d.len());
            if bench.window.is_none() {
                bench.start_window();
            } else if searched >= POSITIONS.len() {
                bench.report("thinking");
                report_searches(&bench.searches);
                bench.step = Step::Waiting;
                return;
            }
            // The person answers at once, so the AI thinks nearly all the time.
            if let Some(mv) = crate::gui::script::person_move(
                &session,
                crate::gui::kind::gomoku::any_level(Level::Novice),
                1.0,
            ) {
                commands.trigger(Action::Play(PlayAction::Place(mv)));
            }
        }
        Step::Waiting => {
            if bench.window.is_none() && settled {
                bench.start_window();
            } else if waited(&bench) {
                bench.report("waiting");
                if std::env::var_os(persist::HOME_ENV).is_none() {
                    let _ = std::fs::remove_dir_all(super::frames::bench_home());
                }
                exit.write(AppExit::Success);
            }
        }
    }
    // The bench's own steps (setting up the game) need frames; its idle windows must not
    // have any it asked for.
    if matches!(bench.step, Step::Setup) {
        frames.animate();
    }
}

fn report_searches(searches: &Searches) {
    let Ok(done) = searches.done.lock() else {
        return;
    };
    let nodes: u64 = done.iter().map(|s| s.0).sum();
    let time: Duration = done.iter().map(|s| s.1).sum();
    let cpu: Duration = done.iter().map(|s| s.2).sum();
    println!(
        "bench-cpu: AI in game: {nodes} nodes in {:.2}s = {:.0} k nodes/s ({} positions, depth {BENCH_DEPTH}, cap {}s); search thread on CPU {:.1}% of its time",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64().max(1e-9) / 1000.0,
        done.len(),
        BENCH_CAP.as_secs(),
        100.0 * cpu.as_secs_f64() / time.as_secs_f64().max(1e-9),
    );
}

/// CPU time of the whole process (all threads), user and system.
fn process_cpu() -> Duration {
    #[cfg(target_os = "linux")]
    return rusage(libc::RUSAGE_SELF);
    #[cfg(not(target_os = "linux"))]
    Duration::ZERO
}

/// CPU time of the calling thread.
fn thread_cpu() -> Duration {
    #[cfg(target_os = "linux")]
    return rusage(libc::RUSAGE_THREAD);
    #[cfg(not(target_os = "linux"))]
    Duration::ZERO
}

#[cfg(target_os = "linux")]
fn rusage(who: libc::c_int) -> Duration {
    // SAFETY: getrusage writes only into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(who, &mut usage) != 0 {
            return Duration::ZERO;
        }
        usage
    };
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    tv(usage.ru_utime) + tv(usage.ru_stime)
}
