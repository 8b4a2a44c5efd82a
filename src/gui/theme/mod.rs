//! Look and feel: colours, fonts, the wood texture and the widgets every screen is built from.
//!
//! Fonts and the wood texture live at fixed asset ids, so widgets can name them without a
//! resource and headless tests (no asset storage at all) spawn the same UI.

pub mod palette;
pub mod widgets;

use bevy::asset::{RenderAssetUsages, uuid_handle};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub const FONT_REGULAR: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b01");
pub const FONT_BOLD: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b02");
pub const WOOD: Handle<Image> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b03");

/// Logic side: button colours and hover feedback (no assets needed).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(widgets::plugin);
}

/// Rendering side: puts the embedded fonts and the generated wood texture at their ids.
pub(super) fn assets_plugin(app: &mut App) {
    let world = app.world_mut();
    if let Some(mut fonts) = world.get_resource_mut::<Assets<Font>>() {
        let regular =
            Font::from_bytes(include_bytes!("../../../assets/fonts/Lato-Regular.ttf").to_vec());
        let bold = Font::from_bytes(include_bytes!("../../../assets/fonts/Lato-Bold.ttf").to_vec());
        // Inserting at a UUID id never fails (see `Assets::insert`).
        let _ = fonts.insert(FONT_REGULAR.id(), regular);
        let _ = fonts.insert(FONT_BOLD.id(), bold);
    }
    if let Some(mut images) = world.get_resource_mut::<Assets<Image>>() {
        let _ = images.insert(WOOD.id(), wood_texture(512));
    }
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
            let (r, g, b) = (0.86 * shade, 0.68 * shade, 0.40 * shade);
            data.extend_from_slice(&[
                (r.clamp(0.0, 1.0) * 255.0) as u8,
                (g.clamp(0.0, 1.0) * 255.0) as u8,
                (b.clamp(0.0, 1.0) * 255.0) as u8,
                255,
            ]);
        }
    }
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
