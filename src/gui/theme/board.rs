//! Board themes: the surface texture and every colour drawn on the board, per theme.
//!
//! The renderer and the effects only ask [`BoardTheme::palette`], so a theme is one table
//! here plus a generated texture.

use super::{BoardTheme, WOOD, palette};
use bevy::asset::{RenderAssetUsages, uuid_handle};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// The dark theme's surface, at a fixed id like [`WOOD`].
pub const SLATE: Handle<Image> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b04");

impl BoardTheme {
    pub fn texture(self) -> Handle<Image> {
        match self {
            BoardTheme::Classic => WOOD,
            BoardTheme::Dark => SLATE,
        }
    }

    pub fn palette(self) -> &'static BoardPalette {
        match self {
            BoardTheme::Classic => &CLASSIC,
            BoardTheme::Dark => &DARK,
        }
    }
}

/// Everything drawn on one board theme.
#[derive(Debug)]
pub struct BoardPalette {
    /// Grid lines and star points.
    pub ink: Color,
    /// Coordinates.
    pub ink_soft: Color,
    pub last_move: Color,
    pub win_glow: Color,
    /// The opponent's five when the person lost.
    pub loss_glow: Color,
    pub hint: Color,
    pub forbidden: Color,
    pub cursor: Color,
    /// Light and dark end of each stone's radial shading.
    pub black: (Color, Color),
    pub white: (Color, Color),
    /// A faint light rim around black stones (so they read on a dark surface); transparent
    /// when not needed.
    pub black_rim: Color,
    pub stone_shadow: Color,
    /// The soft ring that spreads from a new stone.
    pub ripple: Color,
    /// Dims the board after a loss.
    pub veil_loss: Color,
    /// Greys the board out after a draw.
    pub veil_draw: Color,
    /// Text on black and on white stones (move numbers).
    pub on_black: Color,
    pub on_white: Color,
}

pub static CLASSIC: BoardPalette = BoardPalette {
    ink: palette::INK,
    ink_soft: palette::INK_SOFT,
    last_move: palette::LAST_MOVE,
    win_glow: palette::WIN_GLOW,
    loss_glow: Color::srgb(0.95, 0.30, 0.22),
    hint: palette::HINT,
    forbidden: palette::FORBIDDEN,
    cursor: palette::CURSOR,
    black: (Color::srgb(0.45, 0.45, 0.48), Color::srgb(0.03, 0.03, 0.04)),
    white: (Color::srgb(1.0, 1.0, 1.0), Color::srgb(0.76, 0.75, 0.72)),
    black_rim: Color::NONE,
    stone_shadow: Color::srgba(0.0, 0.0, 0.0, 0.45),
    ripple: Color::srgba(0.30, 0.18, 0.06, 0.55),
    veil_loss: Color::srgba(0.02, 0.02, 0.04, 0.42),
    veil_draw: Color::srgba(0.45, 0.45, 0.45, 0.30),
    on_black: Color::srgb(0.92, 0.92, 0.92),
    on_white: Color::srgb(0.12, 0.12, 0.12),
};

pub static DARK: BoardPalette = BoardPalette {
    ink: Color::srgba(0.80, 0.84, 0.90, 0.50),
    ink_soft: Color::srgba(0.78, 0.82, 0.88, 0.62),
    last_move: Color::srgb(1.0, 0.42, 0.32),
    win_glow: Color::srgb(1.0, 0.82, 0.35),
    loss_glow: Color::srgb(1.0, 0.36, 0.28),
    hint: Color::srgb(0.30, 0.88, 0.58),
    forbidden: Color::srgb(1.0, 0.38, 0.32),
    cursor: Color::srgb(0.40, 0.68, 1.0),
    black: (Color::srgb(0.40, 0.41, 0.45), Color::srgb(0.02, 0.02, 0.03)),
    white: (Color::srgb(0.98, 0.98, 0.97), Color::srgb(0.70, 0.71, 0.72)),
    black_rim: Color::srgba(1.0, 1.0, 1.0, 0.16),
    stone_shadow: Color::srgba(0.0, 0.0, 0.0, 0.60),
    ripple: Color::srgba(0.85, 0.90, 1.0, 0.45),
    veil_loss: Color::srgba(0.0, 0.0, 0.0, 0.45),
    veil_draw: Color::srgba(0.55, 0.57, 0.60, 0.22),
    on_black: Color::srgb(0.90, 0.91, 0.93),
    on_white: Color::srgb(0.10, 0.11, 0.13),
};

/// Puts both surfaces at their ids.
pub(super) fn add_textures(images: &mut Assets<Image>) {
    // Inserting at a UUID id never fails (see `Assets::insert`).
    let _ = images.insert(WOOD.id(), wood_texture(512));
    let _ = images.insert(SLATE.id(), slate_texture(512));
}

fn image(side: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width: side,
            height: side,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

fn push_rgb(data: &mut Vec<u8>, r: f32, g: f32, b: f32) {
    data.extend_from_slice(&[
        (r.clamp(0.0, 1.0) * 255.0) as u8,
        (g.clamp(0.0, 1.0) * 255.0) as u8,
        (b.clamp(0.0, 1.0) * 255.0) as u8,
        255,
    ]);
}

/// A kaya-like board surface: warm base colour, long wavy grain along x, faint pores.
/// Generated instead of shipped so the repository holds no image and any size works.
fn wood_texture(side: u32) -> Image {
    let mut data = Vec::with_capacity((side * side * 4) as usize);
    for y in 0..side {
        for x in 0..side {
            let (fx, fy) = (x as f32 / side as f32, y as f32 / side as f32);
            // Grain lines run horizontally and wander slowly.
            let wobble = 0.018 * (fx * 6.3 + 1.7).sin() + 0.010 * (fx * 17.0 + fy * 3.0).sin();
            let ring = ((fy + wobble) * 38.0).sin() * 0.5 + 0.5;
            let fine = ((fy + wobble * 0.5) * 190.0 + (fx * 9.0).sin()).sin() * 0.5 + 0.5;
            let pores = value_noise(fx * 140.0, fy * 14.0);
            let broad = value_noise(fx * 3.0, fy * 5.0);
            let shade = 0.90 + 0.07 * ring + 0.03 * fine - 0.05 * pores + 0.06 * (broad - 0.5);
            push_rgb(&mut data, 0.86 * shade, 0.68 * shade, 0.40 * shade);
        }
    }
    image(side, data)
}

/// Honed slate: a cool blue-grey with soft clouds, a fine grain and a few faint veins.
fn slate_texture(side: u32) -> Image {
    let mut data = Vec::with_capacity((side * side * 4) as usize);
    for y in 0..side {
        for x in 0..side {
            let (fx, fy) = (x as f32 / side as f32, y as f32 / side as f32);
            let clouds =
                value_noise(fx * 4.0, fy * 4.0) * 0.6 + value_noise(fx * 9.0, fy * 9.0) * 0.4;
            let grain = value_noise(fx * 260.0, fy * 260.0);
            // Veins: thin bright bands where a warped coordinate crosses a line.
            let warp = fx * 3.0 + fy * 1.3 + 0.35 * value_noise(fx * 6.0, fy * 6.0);
            let vein = (1.0 - ((warp * 5.0).fract() - 0.5).abs() * 40.0).max(0.0);
            let shade = 0.92 + 0.12 * (clouds - 0.5) + 0.05 * (grain - 0.5) + 0.05 * vein;
            push_rgb(&mut data, 0.205 * shade, 0.225 * shade, 0.255 * shade);
        }
    }
    image(side, data)
}

/// Smooth pseudo-random noise in 0..1 from an integer hash, bilinearly interpolated.
fn value_noise(x: f32, y: f32) -> f32 {
    fn hash(ix: i32, iy: i32) -> f32 {
        let mut h = (ix as u32).wrapping_mul(0x27d4_eb2d) ^ (iy as u32).wrapping_mul(0x1656_67b1);
        h ^= h >> 15;
        h = h.wrapping_mul(0x85eb_ca6b);
        h ^= h >> 13;
        (h & 0xffff) as f32 / 65535.0
    }
    let (ix, iy) = (x.floor() as i32, y.floor() as i32);
    let (tx, ty) = (x - x.floor(), y - y.floor());
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let top = hash(ix, iy) * (1.0 - sx) + hash(ix + 1, iy) * sx;
    let bottom = hash(ix, iy + 1) * (1.0 - sx) + hash(ix + 1, iy + 1) * sx;
    top * (1.0 - sy) + bottom * sy
}
