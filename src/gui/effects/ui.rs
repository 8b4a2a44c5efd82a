//! Effects around the board: screens fade in, buttons lift on hover and sink when pressed,
//! three dots bounce while the AI thinks, and the evaluation bar glides to the latest score.

use std::time::Duration;

use bevy::picking::Pickable;
use bevy::prelude::*;
use bevy::state::state::StateTransitionEvent;

use super::{FxSystems, approach, progress, reduced};
use crate::engine::review::Outlook;
use crate::gui::ai_task::{AiWorker, JobKind};
use crate::gui::flow::Screen;
use crate::gui::frames::FrameRequests;
use crate::gui::kind::Side;
use crate::gui::persist::Settings;
use crate::gui::session::Session;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{GameButton, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ScreenFade>()
        .add_systems(Startup, spawn_fade_overlay)
        .add_systems(Update, start_fade)
        .add_systems(
            PostUpdate,
            (fade, press_buttons, thinking_dots_bounce, eval_bars).in_set(FxSystems),
        );
}

/// How long a new screen takes to fade in.
pub const FADE_SECS: f32 = 0.28;

/// When the current screen started fading in.
#[derive(Resource, Default, Debug)]
pub struct ScreenFade {
    pub started: Option<f64>,
}

/// A full-window cover over everything, faded out when a screen appears.
#[derive(Component)]
pub struct FadeOverlay;

fn spawn_fade_overlay(mut commands: Commands) {
    commands.spawn((
        Name::new("Screen fade"),
        FadeOverlay,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            ..default()
        },
        BackgroundColor(palette::BACKGROUND_DEEP.with_alpha(0.0)),
        // Above every screen, and never in the way of a click.
        GlobalZIndex(1000),
        Pickable::IGNORE,
        Visibility::Hidden,
    ));
}

fn start_fade(
    mut transitions: MessageReader<StateTransitionEvent<Screen>>,
    time: Res<Time>,
    mut fade: ResMut<ScreenFade>,
) {
    for t in transitions.read() {
        if t.entered != t.exited {
            fade.started = Some(time.elapsed_secs_f64());
        }
    }
}

/// Opacity of the cover `p` of the way through the fade-in.
pub fn fade_alpha(p: f32) -> f32 {
    (1.0 - p).powi(2)
}

fn fade(
    time: Res<Time>,
    settings: Res<Settings>,
    mut fade: ResMut<ScreenFade>,
    mut frames: ResMut<FrameRequests>,
    mut overlays: Query<(&mut BackgroundColor, &mut Visibility), With<FadeOverlay>>,
) {
    let Ok((mut bg, mut visibility)) = overlays.single_mut() else {
        return;
    };
    let Some(start) = fade.started else {
        return;
    };
    let p = progress(
        time.elapsed_secs_f64(),
        start,
        FADE_SECS,
        reduced(&settings),
    );
    if p >= 1.0 {
        // Hidden, not transparent: a full-window quad costs fill rate on a software renderer.
        visibility.set_if_neq(Visibility::Hidden);
        fade.started = None;
        return;
    }
    bg.0 = palette::BACKGROUND_DEEP.with_alpha(fade_alpha(p));
    visibility.set_if_neq(Visibility::Inherited);
    frames.animate();
}

/// The scale a button eases to: lifted under the mouse, pressed in while held.
pub fn button_scale_target(interaction: Interaction, button: &GameButton, reduced: bool) -> f32 {
    if reduced || button.inactive {
        return 1.0;
    }
    match interaction {
        Interaction::Pressed => 0.96,
        Interaction::Hovered => 1.025,
        Interaction::None => 1.0,
    }
}

fn press_buttons(
    time: Res<Time>,
    settings: Res<Settings>,
    mut buttons: Query<(&Interaction, &GameButton, &mut UiTransform)>,
    mut frames: ResMut<FrameRequests>,
) {
    let dt = time.delta_secs();
    for (interaction, button, mut transform) in &mut buttons {
        let target = button_scale_target(*interaction, button, reduced(&settings));
        let current = transform.scale.x;
        if current == target {
            continue;
        }
        let mut next = approach(current, target, 24.0, dt);
        if (next - target).abs() < 0.001 || reduced(&settings) {
            next = target;
        } else {
            frames.animate();
        }
        transform.scale = Vec2::splat(next);
    }
}

/// Three dots that bounce in turn while the AI searches its move.
#[derive(Component)]
pub struct ThinkingDots;

#[derive(Component)]
pub struct ThinkingDot(pub usize);

pub fn thinking_dots() -> impl Bundle {
    (
        Name::new("Thinking dots"),
        ThinkingDots,
        Node {
            column_gap: px(5),
            align_items: AlignItems::Center,
            height: px(20),
            margin: UiRect::left(px(2)),
            ..default()
        },
        Visibility::Hidden,
        Children::spawn(SpawnIter((0..3).map(|i| {
            (
                ThinkingDot(i),
                Node {
                    width: px(7),
                    height: px(7),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(palette::ACCENT),
            )
        }))),
    )
}

/// The dots move in steps of this long: one dot up (the one before it halfway down), then
/// the next. Stepped rather than smooth, so the indicator needs three frames a second
/// instead of a continuous stream: with software rendering each frame costs ~60 ms of CPU,
/// taken from the search the dots report on.
pub const DOT_STEP: Duration = Duration::from_millis(333);
/// Steps in a cycle: one per dot.
const DOT_CYCLE: u64 = 3;

/// Height (px) and opacity of dot `i` at step `step`: the lifted dot runs left to right.
pub fn dot_bounce(i: usize, step: u64, reduced: bool) -> (f32, f32) {
    if reduced {
        return (0.0, 0.85);
    }
    let (step, i) = (step % DOT_CYCLE, i as u64);
    // The lifted dot, and half a lift for the one it left (the wave's tail).
    let lift = if step == i {
        1.0
    } else if step == (i + 1) % DOT_CYCLE {
        0.35
    } else {
        0.0
    };
    (5.0 * lift, 0.4 + 0.6 * lift)
}

fn thinking_dots_bounce(
    time: Res<Time>,
    settings: Res<Settings>,
    worker: Res<AiWorker>,
    screen: Res<State<Screen>>,
    mut frames: ResMut<FrameRequests>,
    mut beat: Local<(u64, f64)>,
    mut rows: Query<&mut Visibility, With<ThinkingDots>>,
    mut dots: Query<(&ThinkingDot, &mut UiTransform, &mut BackgroundColor)>,
) {
    let active = screen.get().runs_session() && worker.kind() == Some(JobKind::Move);
    for mut visibility in &mut rows {
        visibility.set_if_neq(if active {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    if !active {
        return;
    }
    if !reduced(&settings) {
        frames.within(DOT_STEP);
    }
    // One step per beat. Frames come on the beat give or take a few ms, and in between when
    // something else animates; a step is due once most of a beat has passed.
    let now = time.elapsed_secs_f64();
    let (step, at) = *beat;
    if now - at >= 0.8 * DOT_STEP.as_secs_f64() || now < at {
        *beat = (step + 1, now);
    }
    for (dot, mut transform, mut bg) in &mut dots {
        let (lift, alpha) = dot_bounce(dot.0, beat.0, reduced(&settings));
        transform.translation = Val2::px(0.0, -lift);
        bg.0 = palette::ACCENT.with_alpha(alpha);
    }
}

/// The evaluation bar: the dark part is Black's share. `target` follows the AI's latest
/// search; `shown` glides to it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct EvalBar {
    pub target: f32,
    pub shown: f32,
}

#[derive(Component)]
pub struct EvalFill;

/// The bar with the first and the second player's names ("Black", "White") at its ends;
/// hidden in games between two people.
pub fn eval_bar(first: String, second: String) -> impl Bundle {
    (
        Name::new("Evaluation"),
        Node {
            align_items: AlignItems::Center,
            column_gap: px(8),
            margin: UiRect::vertical(px(2)),
            ..default()
        },
        Children::spawn((
            Spawn(text(first, 12.0, palette::TEXT_FAINT)),
            Spawn((
                EvalBar {
                    target: 0.5,
                    shown: 0.5,
                },
                Node {
                    flex_grow: 1.0,
                    height: px(9),
                    border: UiRect::all(px(1)),
                    border_radius: BorderRadius::all(px(5)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(Color::srgb(0.93, 0.92, 0.89)),
                BorderColor::all(palette::PANEL_BORDER),
                Children::spawn((
                    Spawn((
                        EvalFill,
                        Node {
                            width: percent(50),
                            height: percent(100),
                            ..default()
                        },
                        BackgroundColor(Color::srgb(0.07, 0.07, 0.08)),
                    )),
                    // The even mark.
                    Spawn((
                        Node {
                            position_type: PositionType::Absolute,
                            left: percent(50),
                            width: px(1),
                            height: percent(100),
                            ..default()
                        },
                        BackgroundColor(palette::ACCENT.with_alpha(0.8)),
                    )),
                )),
            )),
            Spawn(text(second, 12.0, palette::TEXT_FAINT)),
        )),
    )
}

/// The first player's share of the bar for `outlook` as seen by `side` (the side that
/// searched): 0.5 is even; an evaluation's expected score ([`Outlook::value`]) leaves a
/// sliver to each side, proven results fill or empty the bar.
pub fn first_share(outlook: Outlook, side: Side) -> f32 {
    let value = outlook.value() as f32;
    let lead = match outlook {
        Outlook::Win(_) | Outlook::Loss(_) => value - 0.5,
        _ => 0.92 * (value - 0.5),
    };
    match side {
        Side::First => 0.5 + lead,
        Side::Second => 0.5 - lead,
    }
}

/// Where the bar should be: the running search's last iteration while the AI thinks, else
/// its last finished search, else even.
pub fn eval_target(session: &Session, worker: &AiWorker) -> f32 {
    if session.ai_level().is_none() {
        return 0.5;
    }
    let ai = session.human.other();
    // In an engine match both sides search: the running search is the side to move's, the
    // last finished one the other side's.
    let to_move = session.game.to_move();
    let (live_side, searched_side) = match session.autoplay {
        Some(_) => (to_move, to_move.other()),
        None => (ai, ai),
    };
    let live = if worker.kind() == Some(JobKind::Move) {
        worker.live().map(|(_, score)| (score, live_side))
    } else {
        None
    };
    let position = session
        .position_eval
        .filter(|&(ply, _)| ply == session.game.ply())
        .map(|(_, score)| (score, ai));
    let searched = session
        .last_search
        .as_ref()
        .and_then(|s| s.eval)
        .map(|score| (score, searched_side));
    match live.or(searched).or(position) {
        Some((score, side)) => first_share(score, side),
        None => 0.5,
    }
}

fn eval_bars(
    time: Res<Time>,
    settings: Res<Settings>,
    session: Res<Session>,
    worker: Res<AiWorker>,
    mut bars: Query<(&mut EvalBar, &Children, &ChildOf)>,
    mut fills: Query<&mut Node, With<EvalFill>>,
    mut rows: Query<&mut Visibility>,
    mut frames: ResMut<FrameRequests>,
) {
    if bars.is_empty() {
        return;
    }
    let target = eval_target(&session, &worker);
    // Games that evaluate only (Connect Four's panel states solved scores in words).
    let visible = session.ai_level().is_some() && session.game.kind().def().shows_evaluation();
    let dt = time.delta_secs();
    for (mut bar, children, child_of) in &mut bars {
        if let Ok(mut visibility) = rows.get_mut(child_of.parent()) {
            visibility.set_if_neq(if visible {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            });
        }
        if bar.target != target {
            bar.target = target;
        }
        if bar.shown == bar.target {
            continue;
        }
        let mut shown = approach(bar.shown, bar.target, 5.0, dt);
        if reduced(&settings) || (shown - bar.target).abs() < 0.002 {
            shown = bar.target;
        } else if worker.kind() == Some(JobKind::Move) {
            // While the AI searches the bar moves on the thinking dots' beat: a frame stream
            // of its own would take the CPU from the search it reports on.
            frames.within(DOT_STEP);
        } else {
            frames.animate();
        }
        bar.shown = shown;
        for child in children.iter() {
            if let Ok(mut node) = fills.get_mut(child) {
                node.width = percent(shown * 100.0);
            }
        }
    }
}
