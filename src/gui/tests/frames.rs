//! Frames on demand: what each screen asks of the next frame, headless on a manual clock
//! (every frame is 16 ms). A settled screen asks for none; an animation asks for the next at
//! once; the AI's thinking dots and a review's progress ask for one per step.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::RequestRedraw;

use super::{TestApp, p, slow};
use crate::engine::gomoku::Rule::Freestyle;
use crate::gui::effects::ui::DOT_STEP;
use crate::gui::flow::{Action, PlayAction, ResultAction, Screen};
use crate::gui::frames::{FrameDemand, IDLE_WAIT, LastDemand, STARTUP_SECS, settings_for};
use crate::gui::persist::ColourChoice::Black;
use crate::gui::persist::Settings;
use crate::gui::review::{PROGRESS_STEP, Review};

const FRAME: Duration = Duration::from_millis(16);

fn manual_clock(mut t: TestApp) -> TestApp {
    t.app
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    // Past the first seconds, which are drawn continuously whatever the screen.
    let startup = (STARTUP_SECS / FRAME.as_secs_f64()).ceil() as usize + 1;
    frames(&mut t, startup);
    t
}

fn frames(t: &mut TestApp, n: usize) {
    for _ in 0..n {
        t.app.update();
    }
}

/// What the last frame asked of the next.
fn demand(t: &TestApp) -> FrameDemand {
    t.app.world().resource::<LastDemand>().0
}

/// `RequestRedraw` messages written in the last frame.
fn redraws(t: &TestApp) -> usize {
    t.app
        .world()
        .resource::<Messages<RequestRedraw>>()
        .iter_current_update_messages()
        .count()
}

/// Frames until the screen settles (at most `secs`), or `None`.
fn settle(t: &mut TestApp, secs: f64) -> Option<f64> {
    for i in 0..(secs / FRAME.as_secs_f64()) as usize {
        t.app.update();
        if demand(t) == FrameDemand::Idle {
            return Some(i as f64 * FRAME.as_secs_f64());
        }
    }
    None
}

#[test]
fn the_first_seconds_are_drawn_continuously() {
    let mut t = TestApp::new();
    t.app
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    frames(&mut t, 10);
    assert_eq!(demand(&t), FrameDemand::Now);
    assert_eq!(redraws(&t), 1, "a redraw is requested");
}

#[test]
fn a_settled_menu_asks_for_no_frames() {
    let mut t = manual_clock(TestApp::new());
    assert_eq!(t.screen(), Screen::Title);
    assert_eq!(demand(&t), FrameDemand::Idle);
    assert_eq!(redraws(&t), 0, "no redraw requested");
    frames(&mut t, 30);
    assert_eq!(demand(&t), FrameDemand::Idle, "and it stays so");
}

#[test]
fn a_stone_animates_then_the_board_waiting_for_the_player_settles() {
    let mut t = manual_clock(TestApp::new());
    // Two people: nothing thinks in the background.
    t.start(0, Black, Freestyle);
    assert!(settle(&mut t, 1.0).is_some(), "the new screen's fade ends");
    t.place(p("h8"));
    // The stone drops, its ripple spreads, the last-move marker pulses: frames at once.
    assert_eq!(demand(&t), FrameDemand::Now);
    assert_eq!(redraws(&t), 1);
    frames(&mut t, 60);
    assert_eq!(demand(&t), FrameDemand::Now, "still pulsing after a second");
    // Three pulses of 1.6 s, then the marker rests and the frames stop.
    let settled = settle(&mut t, 6.0).expect("the board settles");
    assert!(settled > 3.0, "settled after {settled:.2} s more");
    assert_eq!(redraws(&t), 0);
    frames(&mut t, 60);
    assert_eq!(
        demand(&t),
        FrameDemand::Idle,
        "a board waiting for the player stays still"
    );
}

#[test]
fn with_reduced_motion_a_move_asks_for_no_more_frames() {
    let mut t = manual_clock(TestApp::new());
    t.app.world_mut().resource_mut::<Settings>().reduced_motion = true;
    t.start(0, Black, Freestyle);
    t.place(p("h8"));
    frames(&mut t, 1);
    assert_eq!(demand(&t), FrameDemand::Idle, "no animation, so no frames");
}

#[test]
fn the_thinking_dots_ask_for_one_frame_per_step() {
    let started = Arc::new(AtomicUsize::new(0));
    let backend = slow(&["h9", "i9"], started, Duration::from_secs(30));
    let mut t = manual_clock(TestApp::with_ai(backend));
    t.start(3, Black, Freestyle);
    t.place(p("h8"));
    // The person's stone drops and ripples (0.65 s); its pulse waits while the AI searches.
    frames(&mut t, 50);
    assert_eq!(demand(&t), FrameDemand::Within(DOT_STEP));
    assert!(DOT_STEP < IDLE_WAIT);
    // Resigning stops the search: the result screen's effects, then nothing.
    t.act(Action::Play(PlayAction::Resign));
    t.act(Action::Play(PlayAction::Resign));
    assert_eq!(t.screen(), Screen::Result);
    assert!(settle(&mut t, 8.0).is_some(), "the result screen settles");
}

#[test]
fn a_running_review_asks_for_a_frame_per_progress_step() {
    let mut t = manual_clock(TestApp::new());
    // 1.5 s of real time for each unproven position: the review outlasts these frames.
    t.app.world_mut().resource_mut::<Settings>().review_deep = true;
    t.start(0, Black, Freestyle);
    for m in ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"] {
        t.place(p(m));
    }
    assert_eq!(t.screen(), Screen::Result);
    t.act(Action::Result(ResultAction::Review));
    assert_eq!(t.screen(), Screen::Replay);
    // The replay's board lights up the five and its last stone pulses; then only the
    // progress bar is left to draw.
    let mut left = FrameDemand::Now;
    for _ in 0..(6.0 / FRAME.as_secs_f64()) as usize {
        t.app.update();
        left = demand(&t);
        if left != FrameDemand::Now {
            break;
        }
    }
    assert!(t.app.world().resource::<Review>().is_running());
    assert_eq!(left, FrameDemand::Within(PROGRESS_STEP));
}

#[test]
fn demands_combine_and_map_to_reactive_modes() {
    use FrameDemand::*;
    let ms = Duration::from_millis;
    assert_eq!(Idle.max(Within(ms(150))), Within(ms(150)));
    assert_eq!(Within(ms(250)).max(Within(ms(150))), Within(ms(150)));
    assert_eq!(Within(ms(150)).max(Now), Now);
    assert_eq!(Idle.max(Idle), Idle);
    // A stepped animation sleeps until its next step; idle sleeps long; `Now` relies on
    // `RequestRedraw`, so its mode is the idle one (no switch, which would cost a frame).
    let wait = |d: FrameDemand| match settings_for(d).focused_mode {
        bevy::winit::UpdateMode::Reactive { wait, .. } => wait,
        bevy::winit::UpdateMode::Continuous => Duration::ZERO,
    };
    assert_eq!(wait(Within(ms(150))), ms(150));
    assert_eq!(wait(Idle), IDLE_WAIT);
    assert_eq!(wait(Now), IDLE_WAIT);
}
