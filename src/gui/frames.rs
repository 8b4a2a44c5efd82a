//! Frames only when something changes. The window updates reactively (Bevy's
//! `WinitSettings` with `UpdateMode::Reactive`): input (mouse, keys, window events) wakes it;
//! otherwise it sleeps. Whatever moves on its own asks for its next frame here:
//!
//! - [`FrameRequests::animate`]: an effect in progress (a fade, a stone dropping, confetti, a
//!   bar gliding) wants the next frame at once, every frame until it settles;
//! - [`FrameRequests::within`]: something that changes in steps (the thinking dots, the
//!   review's progress bar, a replay playing by itself) wants a frame at its next step;
//! - [`wake`]: a background thread (the AI, the review, the analysis board) has news, so the
//!   sleeping loop wakes up at once and the frame's systems pick it up.
//!
//! [`decide`] turns the frame's requests into a [`FrameDemand`] (a plain value the headless
//! tests check) and applies it: `RequestRedraw` for the next frame, the reactive wait of the
//! focused and unfocused modes, and the game clock's longest step.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FrameRequests>()
        .init_resource::<LastDemand>()
        // Normally registered by the window plugin; headless tests have none.
        .add_message::<RequestRedraw>()
        .add_systems(Last, decide.in_set(FrameSystems));
}

/// The system that turns the frame's requests into the next frame's schedule; requests made
/// after it count for the frame after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FrameSystems;

/// Longest sleep with nothing to show: a safety net for a change nothing asked a frame for.
/// Each of these frames costs ~70 ms of CPU with software rendering, so it is long.
pub const IDLE_WAIT: Duration = Duration::from_secs(4);

/// The first seconds after start are drawn continuously: render pipelines compile in the
/// background and the first screen fades in.
pub const STARTUP_SECS: f64 = 2.0;

/// Longest game-clock step of a frame after a sleep: the first frame after input starts its
/// animations from their beginning instead of jumping by the time slept.
const WAKE_STEP: Duration = Duration::from_millis(33);
/// Bevy's default longest step, for frames that follow frames.
const DEFAULT_MAX_STEP: Duration = Duration::from_millis(250);

/// What the next frame should be, gathered from the systems that animate during a frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum FrameDemand {
    /// Nothing moves: sleep until input, a wake-up, or [`IDLE_WAIT`].
    #[default]
    Idle,
    /// A frame after this long at the latest (a stepped animation, a poll).
    Within(Duration),
    /// The next frame at once (an animation in progress).
    Now,
}

impl FrameDemand {
    /// The more urgent of the two.
    pub fn max(self, other: FrameDemand) -> FrameDemand {
        use FrameDemand::*;
        match (self, other) {
            (Now, _) | (_, Now) => Now,
            (Within(a), Within(b)) => Within(a.min(b)),
            (Within(a), Idle) | (Idle, Within(a)) => Within(a),
            (Idle, Idle) => Idle,
        }
    }

    /// How long the loop may sleep after this frame when no event comes.
    pub fn wait(self) -> Duration {
        match self {
            FrameDemand::Idle => IDLE_WAIT,
            FrameDemand::Within(d) => d.min(IDLE_WAIT),
            FrameDemand::Now => Duration::ZERO,
        }
    }
}

/// This frame's requests for the next one; emptied by [`decide`].
#[derive(Resource, Default, Debug)]
pub struct FrameRequests {
    demand: FrameDemand,
    /// Where the last request came from (`GOMOKU_FRAMES_DEBUG` prints it).
    by: Option<&'static std::panic::Location<'static>>,
}

impl FrameRequests {
    /// An animation is running: draw the next frame as soon as possible.
    #[track_caller]
    pub fn animate(&mut self) {
        self.demand = FrameDemand::Now;
        self.by = Some(std::panic::Location::caller());
    }

    /// Something changes in `step`: draw a frame no later than that.
    #[track_caller]
    pub fn within(&mut self, step: Duration) {
        self.demand = self.demand.max(FrameDemand::Within(step));
        self.by = Some(std::panic::Location::caller());
    }

    pub fn demand(&self) -> FrameDemand {
        self.demand
    }
}

/// The last frame's decision, kept for the tests and the benchmarks; `Now` until the first
/// frame decided (an app starts drawing).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct LastDemand(pub FrameDemand);

impl Default for LastDemand {
    fn default() -> Self {
        LastDemand(FrameDemand::Now)
    }
}

/// Applies this frame's requests. Without a window (tests) only [`LastDemand`] and the
/// `RequestRedraw` message show the decision.
pub fn decide(
    mut requests: ResMut<FrameRequests>,
    mut last: ResMut<LastDemand>,
    mut redraw: MessageWriter<RequestRedraw>,
    winit: Option<ResMut<WinitSettings>>,
    mut clock: ResMut<Time<Virtual>>,
    real: Res<Time<Real>>,
    continuous: Option<Res<Continuous>>,
) {
    let mut demand = std::mem::take(&mut requests.demand);
    let by = requests.by.take();
    if real.elapsed_secs_f64() < STARTUP_SECS {
        demand = FrameDemand::Now;
    }
    if last.0 != demand {
        last.0 = demand;
    }
    if debug_frames() {
        static START: OnceLock<std::time::Instant> = OnceLock::new();
        let wall = START.get_or_init(std::time::Instant::now).elapsed();
        let by = by.map(|l| format!("{}:{}", l.file(), l.line()));
        info!("frame at {:.3} s: {demand:?} ({by:?})", wall.as_secs_f64());
    }
    if demand == FrameDemand::Now {
        redraw.write(RequestRedraw);
    }
    if continuous.is_some() {
        return;
    }
    let step = match demand {
        FrameDemand::Idle => WAKE_STEP,
        _ => DEFAULT_MAX_STEP.max(demand.wait()),
    };
    if clock.max_delta() != step {
        clock.set_max_delta(step);
    }
    if let Some(mut winit) = winit {
        let wanted = settings_for(demand);
        // Only a real change: Bevy redraws at once whenever the mode changes.
        if winit.focused_mode != wanted.focused_mode
            || winit.unfocused_mode != wanted.unfocused_mode
        {
            *winit = wanted;
        }
    }
}

/// The window's update modes for `demand`: reactive when focused (any input wakes it), low
/// power when not (only events of its own window do).
pub fn settings_for(demand: FrameDemand) -> WinitSettings {
    let wait = match demand {
        // `RequestRedraw` brings the next frame; the wait only matters if it stops coming.
        FrameDemand::Now => IDLE_WAIT,
        other => other.wait(),
    };
    WinitSettings {
        focused_mode: UpdateMode::reactive(wait),
        unfocused_mode: UpdateMode::reactive_low_power(wait),
    }
}

/// Called first on a background search thread: lowers its priority to `nice` (on Linux a
/// thread's nice value is its own; elsewhere this does nothing). With software rendering a
/// frame needs the CPU the search uses; the frames are few (they come on demand), so giving
/// them way costs the search only the CPU they take anyway, while they are drawn on time.
/// Without a window (tests, tools) there are no frames to give way to, and a lowered thread
/// would only starve beside other work on the machine: the priority stays as it is.
pub fn yield_to_frames(nice: i32) {
    if WAKER.get().is_none() {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority reads only its integer arguments; `who` 0 is the calling thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, nice);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = nice;
}

/// Wakes the window's event loop from any thread (a search finished, a depth completed).
/// There is one event loop per process, so the hook is process-wide; without a window
/// (tests, tools) it does nothing.
pub fn wake() {
    if let Some(hook) = WAKER.get() {
        hook();
    }
}

type Hook = Arc<dyn Fn() + Send + Sync>;

static WAKER: OnceLock<Hook> = OnceLock::new();

/// Set (to anything) to log every frame's decision and the last system that asked for it.
pub const DEBUG_ENV: &str = "GOMOKU_FRAMES_DEBUG";

fn debug_frames() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os(DEBUG_ENV).is_some())
}

/// Set (to anything) to draw continuously, as before reactive updating: for comparisons.
pub const CONTINUOUS_ENV: &str = "GOMOKU_CONTINUOUS_FRAMES";

/// Frames are drawn continuously ([`CONTINUOUS_ENV`]); requests change nothing.
#[derive(Resource)]
pub struct Continuous;

/// The windowed app: starts reactive and installs [`wake`]'s hook.
pub(super) fn window_plugin(app: &mut App) {
    if std::env::var_os(CONTINUOUS_ENV).is_some() {
        app.insert_resource(WinitSettings::game())
            .insert_resource(Continuous);
    } else {
        app.insert_resource(settings_for(FrameDemand::Now));
    }
    app.add_systems(Startup, install_waker);
}

fn install_waker(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let Some(proxy) = proxy else {
        return;
    };
    let proxy = (**proxy).clone();
    let _ = WAKER.set(Arc::new(move || {
        // Fails only when the loop has ended, and then nobody needs a frame.
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    }));
}
