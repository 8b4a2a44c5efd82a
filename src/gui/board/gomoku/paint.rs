//! Painting one rebuild of Gomoku's stones and marks: a [`Paint`] context with one painter
//! per kind of mark (hint and its area, ripple, stones, threat overlay, ghost line, winning
//! line, veil, refuting point, forbidden points), each spawned in the current phase of its
//! effect.

use bevy::prelude::*;
use bevy::ui::ShadowStyle;

use super::fx::{
    BoardFx, DropIn, HintGlow, Pulse, Ripple, Veil, WinMark, WinPart, drop_look, hint_breath,
    hint_shadow, pulse_scale, ripple_look, veil_color, win_look, win_progress,
};
use super::{
    AllowedArea, BoardView, HintAreaMark, RefuteMark, ThreatMark, at_point, cell_pct, line_pct,
};
use crate::engine::gomoku::{Pos, Stone};
use crate::engine::review::Threat;
use crate::gui::theme::{BoardPalette, FONT_BOLD, palette};

/// What every mark of one rebuild is painted with.
pub(super) struct Paint<'a> {
    pub pal: &'static BoardPalette,
    pub size: usize,
    pub now: f64,
    pub reduced: bool,
    pub numbers: bool,
    pub last: Option<Pos>,
    pub line_color: Color,
    pub view: &'a BoardView,
    pub fx: &'a BoardFx,
}

impl Paint<'_> {
    fn mark(&self, part: WinPart, index: usize) -> WinMark {
        WinMark {
            part,
            index,
            count: self.view.win_line.len(),
            color: self.line_color,
        }
    }

    /// A win mark's pieces looking as they do now, so nothing flashes before its turn.
    fn win_bundle(
        &self,
        m: WinMark,
        mut transform: UiTransform,
        mut shadow: Option<BoxShadow>,
        mut border: Option<BorderColor>,
        mut bg: Option<BackgroundColor>,
    ) -> (
        WinMark,
        UiTransform,
        BoxShadow,
        BorderColor,
        BackgroundColor,
    ) {
        let p = win_progress(&m, self.now, self.fx.win_from, self.reduced);
        win_look(
            &m,
            p,
            &mut transform,
            shadow.as_mut(),
            border.as_mut(),
            bg.as_mut(),
        );
        (
            m,
            transform,
            shadow.unwrap_or_default(),
            border.unwrap_or_default(),
            bg.unwrap_or_default(),
        )
    }

    pub fn hint(&self, layer: &mut ChildSpawnerCommands) {
        let Some(hint) = self.view.hint else {
            return;
        };
        let pal = self.pal;
        layer.spawn((
            Node {
                border: UiRect::all(px(3)),
                border_radius: BorderRadius::MAX,
                ..at_point(hint, self.size, 0.86)
            },
            BorderColor::all(pal.hint),
            BackgroundColor(pal.hint.with_alpha(0.25)),
            HintGlow { color: pal.hint },
            hint_shadow(
                hint_breath(self.fx.hint_from.map(|(_, t)| t), self.now, self.reduced),
                self.reduced,
                pal.hint,
            ),
        ));
    }

    /// A hint's area: a translucent rectangle in the hint's colour over its points, half a
    /// cell beyond the outer ones so a stone on the edge of it is inside.
    pub fn hint_area(&self, layer: &mut ChildSpawnerCommands) {
        let Some(area) = self.view.hint_area else {
            return;
        };
        layer.spawn((
            HintAreaMark,
            self.area_node(area, 6.0),
            BorderColor::all(self.pal.hint.with_alpha(0.8)),
            BackgroundColor(self.pal.hint.with_alpha(0.14)),
        ));
    }

    /// A rounded frame over the cells from corner `a` to corner `b` (either order).
    fn area_node(&self, (a, b): (Pos, Pos), radius: f32) -> Node {
        let (size, c) = (self.size, cell_pct(self.size));
        let (x0, x1) = (a.x.min(b.x) as usize, a.x.max(b.x) as usize);
        let (y0, y1) = (a.y.min(b.y) as usize, a.y.max(b.y) as usize);
        Node {
            position_type: PositionType::Absolute,
            left: percent(line_pct(x0, size) - c / 2.0),
            top: percent(line_pct(y0, size) - c / 2.0),
            width: percent((x1 - x0 + 1) as f32 * c),
            height: percent((y1 - y0 + 1) as f32 * c),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(radius)),
            ..default()
        }
    }

    /// The refuting point: a ring over its stone or ghost, in the palette's colour for a bad
    /// outcome, so it does not read as the hint's green.
    pub fn refute(&self, layer: &mut ChildSpawnerCommands) {
        let Some(p) = self.view.refute else {
            return;
        };
        layer.spawn((
            RefuteMark,
            Node {
                border: UiRect::all(px(3)),
                border_radius: BorderRadius::MAX,
                ..at_point(p, self.size, 1.06)
            },
            BorderColor::all(REFUTE),
        ));
    }

    pub fn ripple(&self, layer: &mut ChildSpawnerCommands) {
        let Some((at, started)) = self.fx.ripple(self.now, self.reduced) else {
            return;
        };
        let ripple = Ripple {
            started,
            color: self.pal.ripple,
        };
        let (scale, color) = ripple_look(
            crate::gui::effects::progress(self.now, started, super::fx::RIPPLE_SECS, false),
            ripple.color,
        );
        layer.spawn((
            Node {
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::MAX,
                ..at_point(at, self.size, 1.0)
            },
            BorderColor::all(color),
            UiTransform::from_scale(Vec2::splat(scale)),
            ripple,
        ));
    }

    /// A played stone, dropping if it is the newest, with its number or last-move mark.
    pub fn stone(
        &self,
        layer: &mut ChildSpawnerCommands,
        i: usize,
        mv: crate::engine::gomoku::game::Move,
    ) {
        let (pal, now) = (self.pal, self.now);
        let (gradient, mut shadow) = stone_look(pal, mv.stone, 1.0);
        let mut transform = UiTransform::IDENTITY;
        let drop = self.fx.drop_progress(mv.pos, now, self.reduced).map(|p| {
            let (scale, style) = drop_look(p, pal.stone_shadow);
            transform.scale = Vec2::splat(scale);
            shadow.0[0] = style;
            DropIn {
                started: self.fx.placed.map_or(now, |(_, t)| t),
                shadow: pal.stone_shadow,
            }
        });
        let mut stone = layer.spawn((
            Node {
                border_radius: BorderRadius::MAX,
                ..at_point(mv.pos, self.size, STONE_CELLS)
            },
            gradient,
            shadow,
            transform,
        ));
        if let Some(drop) = drop {
            stone.insert(drop);
        }
        let is_last = Some(mv.pos) == self.last;
        let pulse = UiTransform::from_scale(Vec2::splat(
            pulse_scale(self.fx.pulse_from, now, self.reduced).unwrap_or(1.0),
        ));
        if self.numbers {
            let number = (i + 1).to_string();
            let factor = if number.len() >= 3 { 0.34 } else { 0.42 };
            stone.with_children(|s| {
                let mut text = s.spawn((
                    Text::new(number),
                    TextFont {
                        font: FONT_BOLD.into(),
                        font_size: FontSize::Px(12.0),
                        ..default()
                    },
                    TextColor(if is_last {
                        pal.last_move
                    } else {
                        on_stone(pal, mv.stone)
                    }),
                    CellText(factor),
                ));
                if is_last {
                    text.insert((Pulse, pulse));
                }
            });
        } else if is_last {
            stone.with_child((
                Node {
                    width: percent(30),
                    height: percent(30),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(pal.last_move),
                Pulse,
                pulse,
            ));
        }
    }

    /// The analysis overlay: a half-cell mark of the side's colour, ringed by what it makes.
    pub fn threats(&self, layer: &mut ChildSpawnerCommands) {
        for &(pos, stone, threat) in &self.view.threats {
            let ring = match threat {
                Threat::Five => Color::srgb(0.95, 0.15, 0.15),
                Threat::Four => Color::srgb(1.0, 0.55, 0.1),
                Threat::OpenThree => Color::srgb(0.95, 0.85, 0.2),
            };
            let fill = stone_colors(self.pal, stone).1.with_alpha(0.85);
            // The ring is the outer disc, the side's colour the inner one: both in percent,
            // so the mark reads at any cell size.
            layer
                .spawn((
                    ThreatMark,
                    Node {
                        border_radius: BorderRadius::MAX,
                        ..at_point(pos, self.size, THREAT_CELLS)
                    },
                    BackgroundColor(ring),
                ))
                .with_child((
                    Node {
                        width: percent(62),
                        height: percent(62),
                        border_radius: BorderRadius::MAX,
                        ..default()
                    },
                    BackgroundColor(fill),
                ));
        }
    }

    /// The square an opening step keeps its stone in: a faint wash and outline, half a cell
    /// beyond its outer points.
    pub fn allowed_area(&self, layer: &mut ChildSpawnerCommands) {
        let Some(area) = self.view.allowed else {
            return;
        };
        layer.spawn((
            AllowedArea,
            self.area_node(area, 4.0),
            BorderColor::all(self.pal.hint.with_alpha(0.55)),
            BackgroundColor(self.pal.hint.with_alpha(0.08)),
        ));
    }

    /// The review's best line (lettered) and the analysis board's candidates (numbered):
    /// translucent stones.
    pub fn ghosts(&self, layer: &mut ChildSpawnerCommands) {
        for (pos, stone, label) in &self.view.ghosts {
            let (pos, stone) = (*pos, *stone);
            let (gradient, _) = stone_look(self.pal, stone, 0.55);
            layer
                .spawn((
                    Node {
                        border_radius: BorderRadius::MAX,
                        ..at_point(pos, self.size, STONE_CELLS)
                    },
                    gradient,
                ))
                .with_child((
                    Text::new(label.clone()),
                    TextFont {
                        font: FONT_BOLD.into(),
                        font_size: FontSize::Px(12.0),
                        ..default()
                    },
                    TextColor(on_stone(self.pal, stone)),
                    CellText(0.42),
                ));
        }
    }

    /// A soft glow behind each stone of the winning line, lighting up in turn, and a bar
    /// joining them, under them (over them it reads as a 'no' sign).
    pub fn line_glow(&self, layer: &mut ChildSpawnerCommands) {
        let (size, line) = (self.size, &self.view.win_line);
        for (i, &p) in line.iter().enumerate() {
            let glow = BoxShadow::new(self.line_color.with_alpha(0.0), px(0), px(0), px(5), px(14));
            let (m, transform, shadow, _, _) = self.win_bundle(
                self.mark(WinPart::Glow, i),
                UiTransform::IDENTITY,
                Some(glow),
                None,
                None,
            );
            layer.spawn((
                Node {
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, size, 0.96)
                },
                m,
                transform,
                shadow,
            ));
        }
        let (Some(&a), Some(&b)) = (line.first(), line.last()) else {
            return;
        };
        let c = cell_pct(size);
        let (ax, ay) = (line_pct(a.x as usize, size), line_pct(a.y as usize, size));
        let (bx, by) = (line_pct(b.x as usize, size), line_pct(b.y as usize, size));
        let length = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt() + 0.7 * c;
        let thick = 0.30 * c;
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let rotation = UiTransform::from_rotation(Rot2::radians((by - ay).atan2(bx - ax)));
        let (m, transform, _, _, bg) = self.win_bundle(
            self.mark(WinPart::Stroke, line.len()),
            rotation,
            None,
            None,
            Some(BackgroundColor(self.line_color.with_alpha(0.0))),
        );
        layer.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: percent(mx - length / 2.0),
                top: percent(my - thick / 2.0),
                width: percent(length),
                height: percent(thick),
                border_radius: BorderRadius::MAX,
                ..default()
            },
            m,
            transform,
            bg,
        ));
    }

    pub fn veil(&self, layer: &mut ChildSpawnerCommands, veil: Veil) {
        layer.spawn((
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(veil_color(&veil, self.now, self.reduced)),
            veil,
        ));
    }

    /// A ring around each stone of the winning line.
    pub fn rings(&self, layer: &mut ChildSpawnerCommands) {
        for (i, &p) in self.view.win_line.iter().enumerate() {
            let (m, transform, _, border, _) = self.win_bundle(
                self.mark(WinPart::Ring, i),
                UiTransform::IDENTITY,
                None,
                Some(BorderColor::all(self.line_color.with_alpha(0.0))),
                None,
            );
            layer.spawn((
                Node {
                    border: UiRect::all(px(3)),
                    border_radius: BorderRadius::MAX,
                    ..at_point(p, self.size, 1.0)
                },
                m,
                transform,
                border,
            ));
        }
    }

    /// Black's forbidden points (Renju).
    pub fn forbidden(&self, layer: &mut ChildSpawnerCommands) {
        for &p in &self.view.forbidden {
            layer.spawn(at_point(p, self.size, 1.0)).with_child((
                Text::new("×"),
                TextFont {
                    font: FONT_BOLD.into(),
                    font_size: FontSize::Px(12.0),
                    ..default()
                },
                TextColor(self.pal.forbidden),
                CellText(0.75),
            ));
        }
    }
}

/// Text sized in cells: font size = factor x cell width.
#[derive(Component, Clone, Copy)]
pub struct CellText(pub f32);

pub(super) const STONE_CELLS: f32 = 0.94;

/// A threat mark's width in cells: readable, and on an empty point it stays clear of the
/// neighbouring stones (a cell away, `STONE_CELLS / 2` wide on this side).
const THREAT_CELLS: f32 = 0.5;

/// The refuting point's ring on both themes.
pub(super) const REFUTE: Color = palette::BAD;

/// A stone with a soft highlight and a shadow (plus a faint rim where the theme wants one);
/// `alpha` below 1 for the hover ghost.
pub(super) fn stone_look(
    pal: &BoardPalette,
    stone: Stone,
    alpha: f32,
) -> (BackgroundGradient, BoxShadow) {
    let (hi, lo) = stone_colors(pal, stone);
    let mut shadows = BoxShadow::new(
        pal.stone_shadow
            .with_alpha(pal.stone_shadow.alpha() * alpha),
        px(1.5),
        px(2.5),
        px(0),
        px(3),
    );
    if stone == Stone::Black && pal.black_rim.alpha() > 0.0 {
        shadows.0.push(ShadowStyle {
            color: pal.black_rim.with_alpha(pal.black_rim.alpha() * alpha),
            x_offset: px(0),
            y_offset: px(0),
            spread_radius: px(1),
            blur_radius: px(0),
        });
    }
    (
        BackgroundGradient::from(RadialGradient::new(
            UiPosition::TOP_LEFT.at_percent(36.0, 30.0),
            RadialGradientShape::FarthestCorner,
            vec![
                ColorStop::new(hi.with_alpha(alpha), percent(0)),
                ColorStop::new(lo.with_alpha(alpha), percent(70)),
            ],
        )),
        shadows,
    )
}

/// A stone's highlight and shadow colours on this board.
pub(super) fn stone_colors(pal: &BoardPalette, stone: Stone) -> (Color, Color) {
    match stone {
        Stone::Black => pal.black,
        Stone::White => pal.white,
    }
}

/// Text (move numbers) on a stone.
pub(super) fn on_stone(pal: &BoardPalette, stone: Stone) -> Color {
    match stone {
        Stone::Black => pal.on_black,
        Stone::White => pal.on_white,
    }
}
