//! Sound effects. Everything that makes a sound writes an [`Sfx`] message; when the audio
//! plugin is present (not in headless tests) they play through bevy_kira_audio at the volume
//! from the settings.
//!
//! The .ogg files (made by `scripts/make-sounds.sh`) are compiled in, so the game sounds the
//! same wherever it is started from.

use std::io::Cursor;

use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

use super::persist::Settings;

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sfx {
    /// A stone put on the board, by anyone.
    Stone,
    Click,
    Hover,
    /// A click on an occupied or forbidden point.
    Illegal,
    Win,
    Loss,
    Draw,
}

/// Registers the message only: headless apps write sounds that nobody plays.
pub(super) fn core_plugin(app: &mut App) {
    app.add_message::<Sfx>();
}

/// Playback; needs `bevy_kira_audio::AudioPlugin`.
pub(super) fn plugin(app: &mut App) {
    let bank = {
        let mut sources = app.world_mut().resource_mut::<Assets<AudioSource>>();
        let mut add = |name: &str, bytes: &'static [u8]| -> Option<Handle<AudioSource>> {
            match StaticSoundData::from_cursor(Cursor::new(bytes)) {
                Ok(sound) => Some(sources.add(AudioSource { sound })),
                Err(e) => {
                    // A broken sound file must not stop the game; it just stays silent.
                    warn!("sound {name} could not be decoded: {e}");
                    None
                }
            }
        };
        SoundBank {
            stones: [
                add("stone1", include_bytes!("../../assets/sounds/stone1.ogg")),
                add("stone2", include_bytes!("../../assets/sounds/stone2.ogg")),
                add("stone3", include_bytes!("../../assets/sounds/stone3.ogg")),
            ]
            .into_iter()
            .flatten()
            .collect(),
            click: add(
                "ui_click",
                include_bytes!("../../assets/sounds/ui_click.ogg"),
            ),
            hover: add("hover", include_bytes!("../../assets/sounds/hover.ogg")),
            illegal: add("illegal", include_bytes!("../../assets/sounds/illegal.ogg")),
            win: add("win", include_bytes!("../../assets/sounds/win.ogg")),
            loss: add("loss", include_bytes!("../../assets/sounds/loss.ogg")),
            draw: add("draw", include_bytes!("../../assets/sounds/draw.ogg")),
        }
    };
    app.insert_resource(bank).add_systems(PostUpdate, play_sfx);
}

#[derive(Resource)]
struct SoundBank {
    stones: Vec<Handle<AudioSource>>,
    click: Option<Handle<AudioSource>>,
    hover: Option<Handle<AudioSource>>,
    illegal: Option<Handle<AudioSource>>,
    win: Option<Handle<AudioSource>>,
    loss: Option<Handle<AudioSource>>,
    draw: Option<Handle<AudioSource>>,
}

/// Volume 0..=1 as kira decibels (amplitude, so 0.5 is about -6 dB).
fn decibels(volume: f32) -> f32 {
    20.0 * volume.max(0.001).log10()
}

fn play_sfx(
    mut sounds: MessageReader<Sfx>,
    bank: Res<SoundBank>,
    audio: Res<Audio>,
    settings: Res<Settings>,
    mut stone_turn: Local<usize>,
) {
    if settings.muted || settings.volume <= 0.0 {
        sounds.clear();
        return;
    }
    let base = decibels(settings.volume);
    for sfx in sounds.read() {
        // Per-effect trim so the click of a stone stays the loudest everyday sound.
        let (handle, trim, rate) = match sfx {
            Sfx::Stone => {
                *stone_turn = stone_turn.wrapping_add(1);
                let n = bank.stones.len().max(1);
                // Cycle the variants and detune a little so runs of moves sound natural.
                let rate = 1.0 + ((*stone_turn * 7) % 5) as f64 * 0.02 - 0.04;
                (bank.stones.get(*stone_turn % n).cloned(), 0.0, rate)
            }
            Sfx::Click => (bank.click.clone(), -4.0, 1.0),
            Sfx::Hover => (bank.hover.clone(), -6.0, 1.0),
            Sfx::Illegal => (bank.illegal.clone(), -2.0, 1.0),
            Sfx::Win => (bank.win.clone(), -2.0, 1.0),
            Sfx::Loss => (bank.loss.clone(), -2.0, 1.0),
            Sfx::Draw => (bank.draw.clone(), -2.0, 1.0),
        };
        if let Some(handle) = handle {
            audio
                .play(handle)
                .with_volume(base + trim)
                .with_playback_rate(rate);
        }
    }
}
