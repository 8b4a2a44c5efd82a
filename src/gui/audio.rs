//! Sound. Everything that makes a sound writes an [`Sfx`] message; when the audio plugin is
//! present (not in headless tests) they play through bevy_kira_audio at the effects volume
//! from the settings. The optional ambient loop plays on its own music channel with its own
//! volume. Mute silences both.
//!
//! The .ogg files (made by `scripts/make-sounds.sh`) are compiled in, so the game sounds the
//! same wherever it is started from.

use std::io::Cursor;
use std::time::Duration;

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
            ambient: add("ambient", include_bytes!("../../assets/sounds/ambient.ogg")),
        }
    };
    app.insert_resource(bank)
        .add_audio_channel::<MusicChannel>()
        .add_systems(PostUpdate, (play_sfx, ambient));
}

/// The music channel (the ambient loop), separate from the effects so each has its volume.
#[derive(Resource)]
pub struct MusicChannel;

#[derive(Resource)]
struct SoundBank {
    stones: Vec<Handle<AudioSource>>,
    click: Option<Handle<AudioSource>>,
    hover: Option<Handle<AudioSource>>,
    illegal: Option<Handle<AudioSource>>,
    win: Option<Handle<AudioSource>>,
    loss: Option<Handle<AudioSource>>,
    draw: Option<Handle<AudioSource>>,
    ambient: Option<Handle<AudioSource>>,
}

/// Volume 0..=1 as kira decibels (amplitude, so 0.5 is about -6 dB).
fn decibels(volume: f32) -> f32 {
    20.0 * volume.max(0.001).log10()
}

/// Variant, playback rate and volume trim (dB) of a stone click: a random variant other than
/// the last one, detuned by up to ±6 % and up to 2.5 dB quieter, so a run of moves never
/// sounds mechanical.
pub fn stone_variation(variants: usize, last: Option<usize>) -> (usize, f64, f32) {
    let mut variant = if variants > 1 {
        rand::random_range(0..variants)
    } else {
        0
    };
    if variants > 1 && Some(variant) == last {
        variant = (variant + 1) % variants;
    }
    (
        variant,
        rand::random_range(0.94..1.06),
        rand::random_range(-2.5..0.0),
    )
}

fn play_sfx(
    mut sounds: MessageReader<Sfx>,
    bank: Res<SoundBank>,
    audio: Res<Audio>,
    settings: Res<Settings>,
    mut last_stone: Local<Option<usize>>,
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
                let (variant, rate, trim) = stone_variation(bank.stones.len(), *last_stone);
                *last_stone = Some(variant);
                (bank.stones.get(variant).cloned(), trim, rate)
            }
            Sfx::Click => (bank.click.clone(), -4.0, 1.0),
            // A hair of pitch spread: sweeping over a menu is not one repeated tick.
            Sfx::Hover => (bank.hover.clone(), -6.0, rand::random_range(0.97..1.03)),
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

/// Quieter than the effects at the same setting: it is a background.
const AMBIENT_TRIM: f32 = -12.0;

/// Starts, stops and re-levels the ambient loop when the settings change.
fn ambient(
    settings: Res<Settings>,
    bank: Res<SoundBank>,
    music: Res<AudioChannel<MusicChannel>>,
    mut playing: Local<bool>,
) {
    if !settings.is_changed() {
        return;
    }
    let Some(handle) = bank.ambient.clone() else {
        return;
    };
    let wanted = settings.ambient && !settings.muted && settings.music_volume > 0.0;
    let level = decibels(settings.music_volume) + AMBIENT_TRIM;
    match (wanted, *playing) {
        (true, false) => {
            music.set_volume(level);
            music
                .play(handle)
                .looped()
                .linear_fade_in(Duration::from_secs(2));
            *playing = true;
        }
        (false, true) => {
            music.stop().linear_fade_out(Duration::from_millis(600));
            *playing = false;
        }
        (true, true) => {
            music
                .set_volume(level)
                .linear_fade_in(Duration::from_millis(150));
        }
        (false, false) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::stone_variation;

    #[test]
    fn stone_clicks_vary_and_never_repeat_a_variant() {
        let mut last = None;
        let mut rates = Vec::new();
        for _ in 0..200 {
            let (variant, rate, trim) = stone_variation(3, last);
            assert!(variant < 3);
            assert_ne!(Some(variant), last, "the same variant twice in a row");
            assert!((0.94..1.06).contains(&rate));
            assert!((-2.5..=0.0).contains(&trim));
            last = Some(variant);
            rates.push(rate);
        }
        rates.sort_by(f64::total_cmp);
        assert!(rates[199] - rates[0] > 0.05, "pitch actually varies");
        assert_eq!(stone_variation(1, Some(0)).0, 0);
    }
}
