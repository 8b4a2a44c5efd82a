//! Look and feel: colours, fonts, the board themes and the widgets every screen is built from,
//! and the layout rules that keep them readable from 1024x700 to 4K.
//!
//! Fonts and the board textures live at fixed asset ids, so widgets can name them without a
//! resource and headless tests (no asset storage at all) spawn the same UI.

pub mod board;
pub mod palette;
pub mod widgets;

use bevy::asset::uuid_handle;
use bevy::prelude::*;

pub use super::persist::BoardTheme;
pub use board::BoardPalette;

pub const FONT_REGULAR: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b01");
pub const FONT_BOLD: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b02");
pub const WOOD: Handle<Image> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b03");

/// Logic side: button colours and hover feedback (no assets needed).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(widgets::plugin);
}

/// Rendering side: puts the embedded fonts and the generated board textures at their ids.
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
        board::add_textures(&mut images);
    }
}
