//! Effects on the board: a new stone drops in (ease-out scale, its shadow closing in) with a
//! soft ripple; the last-move marker pulses; the hint glows; the winning five lights up stone
//! by stone, then confetti bursts from it (a win) or the board dims under the opponent's
//! glowing line (a loss) or fades to grey (a draw).
//!
//! The renderer rebuilds the stones whenever the view changes, so no animation state lives
//! on entities: [`BoardFx`] keeps when each effect started, the renderer spawns entities with
//! the components below already in the right phase, and the systems here advance them.

use bevy::picking::Pickable;
use bevy::prelude::*;
use bevy::ui::ShadowStyle;

use super::{BoardMetrics, BoardRoot, BoardView, line_pct};
use crate::engine::gomoku::Pos;
use crate::gui::board::ShownStatus;
use crate::gui::effects::{FxSystems, ease, progress, reduced, wave};
use crate::gui::flow::Screen;
use crate::gui::frames::FrameRequests;
use crate::gui::kind::Verdict;
use crate::gui::persist::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardFx>()
        .add_systems(OnEnter(Screen::Result), start_end_fx)
        .add_systems(OnExit(Screen::Result), |mut fx: ResMut<BoardFx>| {
            fx.end = None;
        })
        .add_systems(
            PostUpdate,
            (
                add_fx_layer,
                drop_in,
                ripples,
                pulses,
                hint_glow,
                win_marks,
                veils,
                confetti_burst,
                confetti,
            )
                .in_set(FxSystems),
        );
    crate::gui::board::before_ui_frame(app, FxSystems);
}

/// How long a new stone takes to land.
pub const DROP_SECS: f32 = 0.24;
/// How long the ripple around a new stone spreads.
pub const RIPPLE_SECS: f32 = 0.65;
/// Delay between the stones of the winning line lighting up, and each one's fade-in.
const WIN_STEP_SECS: f32 = 0.12;
const WIN_LIGHT_SECS: f32 = 0.22;
/// The stroke through the five, after its stones.
const STROKE_SECS: f32 = 0.32;
const VEIL_SECS: f32 = 0.9;
const PULSE_SECS: f32 = 1.6;
/// The last-move marker pulses this many times, then rests: a screen waiting for the player
/// draws no frames.
const PULSES: f32 = 3.0;
const HINT_SECS: f32 = 1.3;
/// The hint's glow breathes this many times, then holds.
const HINT_BREATHS: f32 = 3.0;
const CONFETTI: usize = 64;
/// Board sides per second squared.
const GRAVITY: f32 = 1.15;

/// When the board's effects started, in `Time::elapsed_secs_f64` seconds.
#[derive(Resource, Default, Debug)]
pub struct BoardFx {
    /// The newest stone, when it was put down.
    pub placed: Option<(Pos, f64)>,
    /// When the winning line starts lighting up.
    pub win_from: Option<f64>,
    /// The end shown on the Result screen, since when.
    pub end: Option<(Verdict, f64)>,
    /// When the last-move marker started pulsing (the position changed).
    pub pulse_from: Option<f64>,
    /// The hint shown and when it appeared.
    pub hint_from: Option<(Pos, f64)>,
    burst_done: bool,
    /// The view's moves and winning line as last seen, to tell a new stone from undo/loads.
    seen: Vec<Pos>,
    seen_line: Vec<Pos>,
}

impl BoardFx {
    /// Progress of the drop of the stone at `pos`, if it is the newest and still moving.
    pub fn drop_progress(&self, pos: Pos, now: f64, reduced: bool) -> Option<f32> {
        let (at, start) = self.placed?;
        let p = progress(now, start, DROP_SECS, reduced);
        (at == pos && p < 1.0).then_some(p)
    }

    /// The newest stone's ripple, while it spreads.
    pub fn ripple(&self, now: f64, reduced: bool) -> Option<(Pos, f64)> {
        let (at, start) = self.placed?;
        (!reduced && progress(now, start, RIPPLE_SECS, false) < 1.0).then_some((at, start))
    }

    pub fn end_kind(&self) -> Option<Verdict> {
        self.end.map(|(k, _)| k)
    }
}

/// Runs in the renderer's chain, before the stones are rebuilt: notes a stone added to the
/// shown position (not undo, loading or jumping) and a winning line appearing.
pub fn track_view(
    view: Res<BoardView>,
    new_board: Query<(), Added<BoardRoot>>,
    time: Res<Time>,
    mut fx: ResMut<BoardFx>,
) {
    if !view.is_changed() && new_board.is_empty() {
        return;
    }
    let now = time.elapsed_secs_f64();
    let history: Vec<Pos> = view
        .game
        .as_ref()
        .map(|g| g.history().iter().map(|m| m.pos).collect())
        .unwrap_or_default();
    if history != fx.seen {
        fx.placed = match history.last() {
            Some(&last) if history.len() == fx.seen.len() + 1 && history.starts_with(&fx.seen) => {
                Some((last, now))
            }
            _ => None,
        };
        fx.seen = history;
        fx.pulse_from = Some(now);
    }
    let hint = view.hint;
    if hint != fx.hint_from.map(|(at, _)| at) {
        fx.hint_from = hint.map(|at| (at, now));
    }
    if view.win_line.is_empty() {
        fx.win_from = None;
    } else if view.win_line != fx.seen_line || !new_board.is_empty() || fx.win_from.is_none() {
        // A short pause so the screen's fade-in does not swallow the first stone.
        fx.win_from = Some(now + 0.1);
    }
    if fx.seen_line != view.win_line {
        fx.seen_line = view.win_line.clone();
    }
}

fn start_end_fx(status: Res<ShownStatus>, time: Res<Time>, mut fx: ResMut<BoardFx>) {
    fx.end = status.end.map(|verdict| (verdict, time.elapsed_secs_f64()));
    fx.burst_done = false;
}

/// A stone dropping onto the board; `shadow` is its resting shadow colour.
#[derive(Component, Clone, Copy, Debug)]
pub struct DropIn {
    pub started: f64,
    pub shadow: Color,
}

/// Scale and first shadow of a stone `p` of the way down: from a little above the board
/// (larger, its shadow offset and soft) to resting.
pub fn drop_look(p: f32, shadow: Color) -> (f32, ShadowStyle) {
    let up = 1.0 - ease::out_cubic(p);
    (
        1.0 + 0.30 * up,
        ShadowStyle {
            color: shadow.with_alpha(shadow.alpha() * (1.0 - 0.45 * up)),
            x_offset: px(1.5 + 3.0 * up),
            y_offset: px(2.5 + 7.0 * up),
            spread_radius: px(0),
            blur_radius: px(3.0 + 8.0 * up),
        },
    )
}

fn drop_in(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut stones: Query<(Entity, &DropIn, &mut UiTransform, &mut BoxShadow)>,
    mut frames: ResMut<FrameRequests>,
) {
    let now = time.elapsed_secs_f64();
    for (entity, drop, mut transform, mut shadow) in &mut stones {
        frames.animate();
        let p = progress(now, drop.started, DROP_SECS, reduced(&settings));
        let (scale, style) = drop_look(p, drop.shadow);
        transform.scale = Vec2::splat(scale);
        if let Some(first) = shadow.0.first_mut() {
            *first = style;
        }
        if p >= 1.0 {
            commands.entity(entity).remove::<DropIn>();
        }
    }
}

/// The ring spreading from a new stone.
#[derive(Component, Clone, Copy, Debug)]
pub struct Ripple {
    pub started: f64,
    pub color: Color,
}

/// Scale and colour of a ripple `p` of the way through.
pub fn ripple_look(p: f32, color: Color) -> (f32, Color) {
    (
        1.0 + 1.2 * ease::out_cubic(p),
        color.with_alpha(color.alpha() * (1.0 - p).powf(1.5)),
    )
}

fn ripples(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut rings: Query<(Entity, &Ripple, &mut UiTransform, &mut BorderColor)>,
    mut frames: ResMut<FrameRequests>,
) {
    let now = time.elapsed_secs_f64();
    for (entity, ripple, mut transform, mut border) in &mut rings {
        let p = progress(now, ripple.started, RIPPLE_SECS, reduced(&settings));
        if p >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        frames.animate();
        let (scale, color) = ripple_look(p, ripple.color);
        transform.scale = Vec2::splat(scale);
        *border = BorderColor::all(color);
    }
}

/// The last-move marker, gently pulsing.
#[derive(Component, Clone, Copy, Debug)]
pub struct Pulse;

/// The marker's scale at `now` for pulses that started at `from`; `None` once they are over
/// (the marker rests at scale 1).
pub fn pulse_scale(from: Option<f64>, now: f64, reduced: bool) -> Option<f32> {
    let t = now - from?;
    if reduced || !(0.0..(PULSES * PULSE_SECS) as f64).contains(&t) {
        return None;
    }
    // The wave starts and ends at rest, so the last pulse settles without a jump.
    Some(1.0 + 0.22 * wave(t, PULSE_SECS))
}

fn pulses(
    time: Res<Time>,
    settings: Res<Settings>,
    fx: Res<BoardFx>,
    status: Res<ShownStatus>,
    mut marks: Query<&mut UiTransform, With<Pulse>>,
    mut frames: ResMut<FrameRequests>,
) {
    // While the AI searches (its move or a hint), the marker rests: the person's own stone
    // needs no pointing out, and frames drawn for it would take the CPU from the search.
    let searching = status.busy;
    let scale = pulse_scale(fx.pulse_from, time.elapsed_secs_f64(), reduced(&settings))
        .filter(|_| !searching);
    if scale.is_some() && !marks.is_empty() {
        frames.animate();
    }
    let scale = Vec2::splat(scale.unwrap_or(1.0));
    for mut transform in &mut marks {
        if transform.scale != scale {
            transform.scale = scale;
        }
    }
}

/// The hint ring, breathing a glow of `color`.
#[derive(Component, Clone, Copy, Debug)]
pub struct HintGlow {
    pub color: Color,
}

/// How far into its breathing the glow is, `None` once it holds (or with reduced motion).
pub fn hint_breath(from: Option<f64>, now: f64, reduced: bool) -> Option<f32> {
    let t = now - from?;
    if reduced || !(0.0..(HINT_BREATHS * HINT_SECS) as f64).contains(&t) {
        return None;
    }
    Some(wave(t, HINT_SECS))
}

/// The glow at breath `w` (`0..=1`); `None` is the held glow.
pub fn hint_shadow(w: Option<f32>, reduced: bool, color: Color) -> BoxShadow {
    // Held: the breath's rest, where it ended (reduced motion shows a stronger still glow).
    let w = w.unwrap_or(if reduced { 0.6 } else { 0.0 });
    BoxShadow::new(
        color.with_alpha(0.40 + 0.45 * w),
        px(0),
        px(0),
        px(1.0 + 2.0 * w),
        px(7.0 + 9.0 * w),
    )
}

fn hint_glow(
    time: Res<Time>,
    settings: Res<Settings>,
    fx: Res<BoardFx>,
    mut hints: Query<(&HintGlow, &mut BoxShadow)>,
    mut frames: ResMut<FrameRequests>,
) {
    let now = time.elapsed_secs_f64();
    let breath = hint_breath(fx.hint_from.map(|(_, t)| t), now, reduced(&settings));
    for (glow, mut shadow) in &mut hints {
        let glow = hint_shadow(breath, reduced(&settings), glow.color);
        if *shadow != glow {
            *shadow = glow;
        }
        if breath.is_some() {
            frames.animate();
        }
    }
}

/// A part of the winning line's highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinPart {
    /// The glow behind stone `index`.
    Glow,
    /// The ring on stone `index`.
    Ring,
    /// The stroke through the line, after all its stones.
    Stroke,
}

#[derive(Component, Clone, Copy, Debug)]
pub struct WinMark {
    pub part: WinPart,
    pub index: usize,
    pub count: usize,
    pub color: Color,
}

/// Progress of a part of the winning line's light-up.
pub fn win_progress(mark: &WinMark, now: f64, from: Option<f64>, reduced: bool) -> f32 {
    let Some(from) = from else {
        return 1.0;
    };
    match mark.part {
        WinPart::Glow | WinPart::Ring => progress(
            now,
            from + (WIN_STEP_SECS * mark.index as f32) as f64,
            WIN_LIGHT_SECS,
            reduced,
        ),
        WinPart::Stroke => progress(
            now,
            from + win_sequence_secs(mark.count) as f64,
            STROKE_SECS,
            reduced,
        ),
    }
}

/// Time from the first stone lighting up to the stroke starting.
pub fn win_sequence_secs(count: usize) -> f32 {
    WIN_STEP_SECS * count as f32 + 0.05
}

/// Applies the light-up of `mark` at progress `p` to its entity's look.
pub fn win_look(
    mark: &WinMark,
    p: f32,
    transform: &mut UiTransform,
    shadow: Option<&mut BoxShadow>,
    border: Option<&mut BorderColor>,
    background: Option<&mut BackgroundColor>,
) {
    let fade = (p * 2.5).min(1.0);
    match mark.part {
        WinPart::Glow => {
            if let Some(shadow) = shadow
                && let Some(first) = shadow.0.first_mut()
            {
                first.color = mark.color.with_alpha(0.95 * fade);
            }
        }
        WinPart::Ring => {
            transform.scale = Vec2::splat(0.55 + 0.45 * ease::out_back(p));
            if let Some(border) = border {
                *border = BorderColor::all(mark.color.with_alpha(fade));
            }
        }
        WinPart::Stroke => {
            transform.scale = Vec2::new(ease::out_cubic(p), 1.0);
            if let Some(bg) = background {
                bg.0 = mark.color.with_alpha(0.7 * fade);
            }
        }
    }
}

fn win_marks(
    time: Res<Time>,
    settings: Res<Settings>,
    fx: Res<BoardFx>,
    mut marks: Query<(
        &WinMark,
        &mut UiTransform,
        Option<&mut BoxShadow>,
        Option<&mut BorderColor>,
        Option<&mut BackgroundColor>,
    )>,
    mut frames: ResMut<FrameRequests>,
) {
    let now = time.elapsed_secs_f64();
    let reduced = reduced(&settings);
    for (mark, mut transform, shadow, border, background) in &mut marks {
        let p = win_progress(mark, now, fx.win_from, reduced);
        if p < 1.0 {
            frames.animate();
        }
        win_look(
            mark,
            p,
            &mut transform,
            shadow.map(Mut::into_inner),
            border.map(Mut::into_inner),
            background.map(Mut::into_inner),
        );
    }
}

/// The layer over a finished board: dims it after a loss, greys it after a draw.
#[derive(Component, Clone, Copy, Debug)]
pub struct Veil {
    pub started: f64,
    pub color: Color,
}

pub fn veil_color(veil: &Veil, now: f64, reduced: bool) -> Color {
    let p = progress(now, veil.started, VEIL_SECS, reduced);
    veil.color
        .with_alpha(veil.color.alpha() * ease::in_out_sine(p))
}

fn veils(
    time: Res<Time>,
    settings: Res<Settings>,
    mut veils: Query<(&Veil, &mut BackgroundColor)>,
    mut frames: ResMut<FrameRequests>,
) {
    let now = time.elapsed_secs_f64();
    for (veil, mut bg) in &mut veils {
        if progress(now, veil.started, VEIL_SECS, reduced(&settings)) < 1.0 {
            frames.animate();
        }
        let color = veil_color(veil, now, reduced(&settings));
        if bg.0 != color {
            bg.0 = color;
        }
    }
}

/// Holds the confetti over the board; kept out of the stone layer, which is rebuilt.
#[derive(Component)]
pub struct FxLayer;

fn add_fx_layer(mut commands: Commands, boards: Query<Entity, Added<BoardRoot>>) {
    for board in &boards {
        commands.entity(board).with_child((
            Name::new("Effects"),
            FxLayer,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                ..default()
            },
            Pickable::IGNORE,
        ));
    }
}

/// One piece of confetti: thrown from where it was spawned at `velocity` (board sides per
/// second), falling, spinning and fading over `life` seconds.
#[derive(Component, Clone, Copy, Debug)]
pub struct Confetti {
    pub started: f64,
    pub velocity: Vec2,
    pub spin: f32,
    pub angle: f32,
    pub life: f32,
    pub color: Color,
}

impl Confetti {
    /// Offset from the start in board sides, rotation and opacity `t` seconds in.
    pub fn at(&self, t: f32) -> (Vec2, f32, f32) {
        let offset = self.velocity * t + Vec2::new(0.0, 0.5 * GRAVITY * t * t);
        let fade_from = 0.6 * self.life;
        let alpha = if t < fade_from {
            1.0
        } else {
            (1.0 - (t - fade_from) / (self.life - fade_from)).clamp(0.0, 1.0)
        };
        (offset, self.angle + self.spin * t, alpha)
    }
}

const CONFETTI_COLORS: [Color; 6] = [
    Color::srgb(1.0, 0.80, 0.25),
    Color::srgb(0.95, 0.42, 0.35),
    Color::srgb(0.45, 0.80, 0.50),
    Color::srgb(0.40, 0.65, 1.0),
    Color::srgb(0.97, 0.96, 0.92),
    Color::srgb(0.88, 0.55, 0.95),
];

/// Throws the confetti of a win once the line has lit up.
fn confetti_burst(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    view: Res<BoardView>,
    mut fx: ResMut<BoardFx>,
    layers: Query<Entity, With<FxLayer>>,
    mut frames: ResMut<FrameRequests>,
) {
    let Some((Verdict::Win, since)) = fx.end else {
        return;
    };
    if fx.burst_done {
        return;
    }
    let Ok(layer) = layers.single() else {
        return;
    };
    // Waiting for the line to light up (which asks for frames too) counts as animating.
    frames.animate();
    let now = time.elapsed_secs_f64();
    let at = match fx.win_from {
        Some(from) => from.max(since) + win_sequence_secs(view.win_line.len()) as f64,
        None => since + 0.2,
    };
    if now < at {
        return;
    }
    fx.burst_done = true;
    if reduced(&settings) {
        return;
    }
    let size = view.size();
    // From the middle of the five, or a little above the board's centre after a resignation.
    let origin = match (view.win_line.first(), view.win_line.last()) {
        (Some(a), Some(b)) => Vec2::new(
            (line_pct(a.x as usize, size) + line_pct(b.x as usize, size)) / 200.0,
            (line_pct(a.y as usize, size) + line_pct(b.y as usize, size)) / 200.0,
        ),
        _ => Vec2::new(0.5, 0.45),
    };
    commands.entity(layer).with_children(|layer| {
        for i in 0..CONFETTI {
            // Upwards within +-75 degrees, a spread of speeds: a fountain, not a ring.
            let angle = (rand::random_range(-75.0f32..75.0) - 90.0).to_radians();
            let speed = rand::random_range(0.45f32..0.95);
            let piece = Confetti {
                started: now,
                velocity: Vec2::new(angle.cos(), angle.sin()) * speed,
                spin: rand::random_range(-9.0f32..9.0),
                angle: rand::random_range(0.0f32..std::f32::consts::TAU),
                life: rand::random_range(1.4f32..2.3),
                color: CONFETTI_COLORS[i % CONFETTI_COLORS.len()],
            };
            let (w, h) = (1.3, 0.65);
            layer.spawn((
                piece,
                Node {
                    position_type: PositionType::Absolute,
                    left: percent(origin.x * 100.0 - w / 2.0),
                    top: percent(origin.y * 100.0 - h / 2.0),
                    width: percent(w),
                    height: percent(h),
                    border_radius: BorderRadius::all(px(1)),
                    ..default()
                },
                BackgroundColor(piece.color),
                UiTransform::from_rotation(Rot2::radians(piece.angle)),
                Pickable::IGNORE,
            ));
        }
    });
}

fn confetti(
    mut commands: Commands,
    time: Res<Time>,
    metrics: Res<BoardMetrics>,
    mut pieces: Query<(Entity, &Confetti, &mut UiTransform, &mut BackgroundColor)>,
    mut frames: ResMut<FrameRequests>,
) {
    let now = time.elapsed_secs_f64();
    for (entity, piece, mut transform, mut bg) in &mut pieces {
        frames.animate();
        let t = (now - piece.started) as f32;
        if t >= piece.life {
            commands.entity(entity).despawn();
            continue;
        }
        let (offset, angle, alpha) = piece.at(t.max(0.0));
        let offset = offset * metrics.side;
        *transform = UiTransform {
            translation: Val2::px(offset.x, offset.y),
            scale: Vec2::ONE,
            rotation: Rot2::radians(angle),
        };
        bg.0 = piece.color.with_alpha(alpha);
    }
}
