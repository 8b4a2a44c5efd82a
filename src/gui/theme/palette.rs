//! Colours of the whole game in one place.

use bevy::prelude::*;

pub const BACKGROUND: Color = Color::srgb(0.114, 0.133, 0.157);
pub const BACKGROUND_DEEP: Color = Color::srgb(0.075, 0.086, 0.102);
pub const PANEL: Color = Color::srgba(1.0, 1.0, 1.0, 0.045);
/// The side panel as it looks on screen (its translucent white over the screen's
/// background), for a fade that must blend into it.
pub const PANEL_SEEN: Color = Color::srgb(0.259, 0.263, 0.271);
/// A dialog's card over a veiled screen: opaque, so nothing behind it shows through its text.
pub const DIALOG: Color = Color::srgb(0.165, 0.184, 0.208);
pub const PANEL_BORDER: Color = Color::srgba(1.0, 1.0, 1.0, 0.10);

pub const TEXT: Color = Color::srgb(0.91, 0.90, 0.89);
pub const TEXT_DIM: Color = Color::srgb(0.64, 0.67, 0.71);
pub const TEXT_FAINT: Color = Color::srgb(0.45, 0.48, 0.52);
pub const ACCENT: Color = Color::srgb(0.88, 0.64, 0.35);
pub const GOOD: Color = Color::srgb(0.49, 0.78, 0.50);
pub const BAD: Color = Color::srgb(0.90, 0.48, 0.38);

pub const BUTTON: Color = Color::srgb(0.19, 0.22, 0.26);
pub const BUTTON_HOVER: Color = Color::srgb(0.25, 0.29, 0.34);
pub const BUTTON_PRESSED: Color = Color::srgb(0.31, 0.36, 0.42);
pub const BUTTON_BORDER: Color = Color::srgba(1.0, 1.0, 1.0, 0.08);
pub const BUTTON_SELECTED: Color = Color::srgb(0.42, 0.29, 0.15);
pub const BUTTON_SELECTED_HOVER: Color = Color::srgb(0.50, 0.35, 0.18);
pub const BUTTON_INACTIVE: Color = Color::srgb(0.15, 0.17, 0.19);

/// Grid lines and coordinates on the wood.
pub const INK: Color = Color::srgba(0.16, 0.10, 0.04, 0.88);
pub const INK_SOFT: Color = Color::srgba(0.20, 0.13, 0.05, 0.75);
pub const LAST_MOVE: Color = Color::srgb(0.86, 0.20, 0.16);
pub const WIN_GLOW: Color = Color::srgb(1.0, 0.80, 0.25);
pub const HINT: Color = Color::srgb(0.18, 0.72, 0.42);
pub const FORBIDDEN: Color = Color::srgb(0.80, 0.12, 0.10);
pub const CURSOR: Color = Color::srgb(0.15, 0.45, 0.85);
