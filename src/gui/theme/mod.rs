//! Look and feel: colours, fonts, the board themes and the widgets every screen is built from,
//! and the layout rules that keep them readable from 1024x700 to 4K.
//!
//! Fonts and the board textures live at fixed asset ids, so widgets can name them without a
//! resource and headless tests (no asset storage at all) spawn the same UI.
//!
//! The UI's text ([`widgets::text`], [`widgets::bold`]) carries its [`Face`]; `apply_fonts`
//! gives it the font of the language in use (Lato, or the language's Noto Sans CJK subset)
//! when it appears and whenever the language changes. A text that must keep one language's
//! font whatever the language in use (each name in the language picker) has [`OwnScript`].
//! The CJK subsets have a Regular cut only: bold CJK text is drawn in it.

pub mod board;
pub mod palette;
pub mod widgets;

use bevy::asset::uuid_handle;
use bevy::prelude::*;

use super::i18n::{I18n, Script};

pub use super::persist::BoardTheme;
pub use board::BoardPalette;

pub const FONT_REGULAR: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b01");
pub const FONT_BOLD: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b02");
pub const WOOD: Handle<Image> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b03");
/// Noto Sans CJK subsets (`scripts/make-cjk-fonts.py`): Simplified and Traditional Chinese,
/// Japanese and Korean glyph forms.
pub const FONT_SC: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b10");
pub const FONT_TC: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b11");
pub const FONT_JP: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b12");
pub const FONT_KR: Handle<Font> = uuid_handle!("6b0f3c1e-9a55-4a7e-8d0c-2f1e6c7a9b13");

/// The weight a UI text is set in; its font follows the language (`apply_fonts`).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
}

/// A text always drawn in this script's font (a language's own name in the picker).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnScript(pub Script);

/// The font for text of `script` in `face`.
pub fn font_for(script: Script, face: Face) -> Handle<Font> {
    match (script, face) {
        (Script::Latin, Face::Regular) => FONT_REGULAR,
        (Script::Latin, Face::Bold) => FONT_BOLD,
        (Script::Sc, _) => FONT_SC,
        (Script::Tc, _) => FONT_TC,
        (Script::Jp, _) => FONT_JP,
        (Script::Kr, _) => FONT_KR,
    }
}

/// A UI text: its face, the script it keeps if any, its font.
type UiText<'a> = (Ref<'a, Face>, Option<Ref<'a, OwnScript>>, &'a mut TextFont);

/// New UI text, and all of it when the language changes, gets the language's font.
fn apply_fonts(i18n: Res<I18n>, mut texts: Query<UiText>) {
    let script = i18n.language().script;
    let all = i18n.is_changed();
    for (face, own, mut font) in &mut texts {
        if !all && !face.is_added() && !own.as_ref().is_some_and(|o| o.is_added()) {
            continue;
        }
        let wanted = font_for(own.map_or(script, |o| o.0), *face);
        if font.font != wanted.clone().into() {
            font.font = wanted.into();
        }
    }
}

/// Logic side: button colours and hover feedback (no assets needed).
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(widgets::plugin)
        .add_systems(PostUpdate, apply_fonts.before(bevy::ui::UiSystems::Prepare));
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
        for (id, bytes) in [
            (
                FONT_SC.id(),
                &include_bytes!("../../../assets/fonts/NotoSansSC-Regular.ttf")[..],
            ),
            (
                FONT_TC.id(),
                &include_bytes!("../../../assets/fonts/NotoSansTC-Regular.ttf")[..],
            ),
            (
                FONT_JP.id(),
                &include_bytes!("../../../assets/fonts/NotoSansJP-Regular.ttf")[..],
            ),
            (
                FONT_KR.id(),
                &include_bytes!("../../../assets/fonts/NotoSansKR-Regular.ttf")[..],
            ),
        ] {
            let _ = fonts.insert(id, Font::from_bytes(bytes.to_vec()));
        }
    }
    if let Some(mut images) = world.get_resource_mut::<Assets<Image>>() {
        board::add_textures(&mut images);
    }
}
