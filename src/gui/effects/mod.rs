//! Effects: screen fades, button feedback, the AI's thinking dots and the evaluation bar.
//!
//! Every effect is a function of the time since it started, so it looks the same at any
//! frame rate, and each has a final state that "reduced motion" (Settings) shows at once.
//! Animations only touch `UiTransform`, colours and shadows, never layout, except the
//! evaluation bar's width while it moves; the whole set costs a few dozen entities at most.
//!
//! The board's own effects live with the board (`board/fx.rs`) and use the helpers here.

pub mod ui;

use bevy::prelude::*;

use super::persist::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(ui::plugin);
}

/// Systems that animate; they run after the board renderer spawned this frame's entities.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct FxSystems;

/// Whether animations are switched off.
pub fn reduced(settings: &Settings) -> bool {
    settings.reduced_motion
}

/// Progress `0..=1` of an effect that started at `start` and lasts `secs`; `1` with reduced
/// motion. Times are `Time::elapsed_secs_f64` (virtual time, so a paused clock freezes them).
pub fn progress(now: f64, start: f64, secs: f32, reduced: bool) -> f32 {
    if reduced || secs <= 0.0 {
        return 1.0;
    }
    (((now - start) / secs as f64) as f32).clamp(0.0, 1.0)
}

/// Moves `current` toward `target` at `rate` per second, the same distance over the same
/// time whatever the frame rate (exponential smoothing).
pub fn approach(current: f32, target: f32, rate: f32, dt: f32) -> f32 {
    target + (current - target) * (-rate * dt).exp()
}

/// Easing curves on `0..=1`.
pub mod ease {
    pub fn out_cubic(t: f32) -> f32 {
        1.0 - (1.0 - t).powi(3)
    }

    pub fn out_quad(t: f32) -> f32 {
        1.0 - (1.0 - t) * (1.0 - t)
    }

    pub fn in_out_sine(t: f32) -> f32 {
        0.5 - 0.5 * (std::f32::consts::PI * t).cos()
    }

    /// Overshoots a little, then settles: a "pop".
    pub fn out_back(t: f32) -> f32 {
        let c1 = 1.70158;
        let c3 = c1 + 1.0;
        1.0 + c3 * (t - 1.0).powi(3) + c1 * (t - 1.0).powi(2)
    }
}

/// A periodic wave in `0..=1` with period `secs` (for pulsing markers).
pub fn wave(now: f64, secs: f32) -> f32 {
    let phase = (now / secs as f64).fract() as f32;
    0.5 - 0.5 * (std::f32::consts::TAU * phase).cos()
}
