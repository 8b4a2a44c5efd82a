//! The blue frame with its holes, generated per board size (like the Gomoku wood texture, so
//! the repository holds no image): transparent holes with a bevelled rim lit from the top
//! left, rounded outer corners, a slight vertical shading.

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::{HOLE_RADIUS, SIDE};

/// Pixels per cell of the generated image: sharp at the sizes the board is shown at.
const PIXELS_PER_CELL: f32 = 96.0;
/// Outer corner radius and the widths of the bevels, in cells.
const CORNER: f32 = 0.28;
const HOLE_RIM: f32 = 0.08;
const EDGE_RIM: f32 = 0.07;

/// Frame images made so far, by (width, height). Empty and unused without a renderer.
#[derive(Resource, Default)]
pub struct FrameTextures(HashMap<(usize, usize), Handle<Image>>);

impl FrameTextures {
    /// The frame for a board, made on first use; the default image when there is no asset
    /// storage (headless tests).
    pub fn get(
        &mut self,
        images: Option<&mut Assets<Image>>,
        width: usize,
        height: usize,
    ) -> Handle<Image> {
        if let Some(handle) = self.0.get(&(width, height)) {
            return handle.clone();
        }
        let Some(images) = images else {
            return Handle::default();
        };
        let handle = images.add(frame_image(width, height));
        self.0.insert((width, height), handle.clone());
        handle
    }
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// The frame of a `width` x `height` board, `SIDE` cells of border around the holes.
pub fn frame_image(width: usize, height: usize) -> Image {
    let (fw, fh) = (width as f32 + 2.0 * SIDE, height as f32 + 2.0 * SIDE);
    let (pw, ph) = (
        (fw * PIXELS_PER_CELL).round() as u32,
        (fh * PIXELS_PER_CELL).round() as u32,
    );
    let top = [0.17, 0.40, 0.88];
    let bottom = [0.09, 0.25, 0.64];
    let mut data = Vec::with_capacity((pw * ph * 4) as usize);
    let aa = 1.0 / PIXELS_PER_CELL;
    for y in 0..ph {
        for x in 0..pw {
            let cx = (x as f32 + 0.5) / PIXELS_PER_CELL;
            let cy = (y as f32 + 0.5) / PIXELS_PER_CELL;
            // Signed distance to the rounded outer rectangle (negative inside).
            let qx = (cx - fw / 2.0).abs() - (fw / 2.0 - CORNER);
            let qy = (cy - fh / 2.0).abs() - (fh / 2.0 - CORNER);
            let outside = Vec2::new(qx.max(0.0), qy.max(0.0)).length() + qx.max(qy).min(0.0);
            let edge = outside - CORNER;
            let outer_alpha = (0.5 - edge / aa).clamp(0.0, 1.0);
            // The nearest hole.
            let col = (cx - SIDE).floor().clamp(0.0, width as f32 - 1.0);
            let row = (cy - SIDE).floor().clamp(0.0, height as f32 - 1.0);
            let (dx, dy) = (cx - (SIDE + col + 0.5), cy - (SIDE + row + 0.5));
            let d = (dx * dx + dy * dy).sqrt().max(1e-6);
            let hole_alpha = ((d - HOLE_RADIUS) / aa + 0.5).clamp(0.0, 1.0);

            let mut rgb = mix(top, bottom, cy / fh);
            let mut shade = 1.0;
            // The rim slopes into the hole: the part facing the light (its bottom right) is
            // lit, the top left part is in shadow.
            if d < HOLE_RADIUS + HOLE_RIM {
                let t = 1.0 - (d - HOLE_RADIUS) / HOLE_RIM;
                let lit = (dx + dy) / (d * std::f32::consts::SQRT_2);
                shade += 0.5 * lit * t;
            }
            // The outer edge: lit along the top and left, darker along the bottom and right.
            let inside = -edge;
            if inside < EDGE_RIM {
                let t = 1.0 - inside / EDGE_RIM;
                let towards_light = if cy < fh - cx * fh / fw { 1.0 } else { -1.0 };
                shade += 0.35 * towards_light * t;
            }
            // A faint sheen across the upper part.
            shade += 0.05 * (1.0 - cy / fh);
            for c in &mut rgb {
                *c = (*c * shade).clamp(0.0, 1.0);
            }
            let alpha = outer_alpha * hole_alpha;
            data.extend_from_slice(&[
                (rgb[0] * 255.0) as u8,
                (rgb[1] * 255.0) as u8,
                (rgb[2] * 255.0) as u8,
                (alpha * 255.0) as u8,
            ]);
        }
    }
    Image::new(
        Extent3d {
            width: pw,
            height: ph,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_transparent_and_the_frame_opaque() {
        let img = frame_image(7, 6);
        let (w, h) = (img.width(), img.height());
        assert_eq!(
            (w, h),
            (
                ((7.0 + 2.0 * SIDE) * PIXELS_PER_CELL).round() as u32,
                ((6.0 + 2.0 * SIDE) * PIXELS_PER_CELL).round() as u32
            )
        );
        let data = img.data.as_ref().unwrap();
        let alpha = |cx: f32, cy: f32| {
            let (x, y) = (
                (cx * PIXELS_PER_CELL) as usize,
                (cy * PIXELS_PER_CELL) as usize,
            );
            data[(y * w as usize + x) * 4 + 3]
        };
        // Centre of the bottom-left hole, and a point of the frame between two holes.
        assert_eq!(alpha(SIDE + 0.5, SIDE + 5.5), 0);
        assert_eq!(alpha(SIDE + 1.0, SIDE + 1.0), 255);
        // The outermost corner is cut off.
        assert_eq!(alpha(0.01, 0.01), 0);
    }
}
