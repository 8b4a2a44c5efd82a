//! The language: picked in Settings, applied at once (the screen's texts and fonts),
//! remembered across a restart; each language's name in the picker in its own font.

use bevy::prelude::*;

use super::{TestApp, fresh_home};
use crate::gui::flow::{Action, Screen, SettingsAction, TitleAction};
use crate::gui::i18n::{I18n, index_of};
use crate::gui::persist::Settings;
use crate::gui::theme::widgets::{ButtonAction, ButtonLabel};
use crate::gui::theme::{FONT_BOLD, FONT_JP, FONT_REGULAR, FONT_SC, Face};

fn texts(t: &mut TestApp) -> Vec<String> {
    t.app
        .world_mut()
        .query::<&Text>()
        .iter(t.app.world())
        .map(|t| t.0.clone())
        .collect()
}

/// The font of the UI text showing exactly `value`.
fn font_of(t: &mut TestApp, value: &str) -> Handle<Font> {
    let fonts: Vec<Handle<Font>> = t
        .app
        .world_mut()
        .query_filtered::<(&Text, &TextFont), With<Face>>()
        .iter(t.app.world())
        .filter(|(text, _)| text.0 == value)
        .filter_map(|(_, font)| match &font.font {
            bevy::text::FontSource::Handle(h) => Some(h.clone()),
            _ => None,
        })
        .collect();
    assert!(!fonts.is_empty(), "no text {value:?} in {:?}", texts(t));
    fonts[0].clone()
}

/// The font of the picker's button for language `index`.
fn picker_font(t: &mut TestApp, index: usize) -> Handle<Font> {
    let world = t.app.world_mut();
    let mut buttons = world.query::<(&ButtonAction, &Children)>();
    let children: Vec<Entity> = buttons
        .iter(world)
        .filter(|(a, _)| a.0 == Action::Settings(SettingsAction::Language(index)))
        .flat_map(|(_, c)| c.iter().collect::<Vec<_>>())
        .collect();
    let mut labels = world.query_filtered::<&TextFont, With<ButtonLabel>>();
    let font = labels.get(world, children[0]).unwrap();
    match &font.font {
        bevy::text::FontSource::Handle(h) => h.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn i18n_the_language_picker_applies_at_once_and_is_remembered() {
    let mut t = TestApp::new();
    // The tests' system language is English.
    assert_eq!(t.app.world().resource::<I18n>().language().id, "en");
    t.act(Action::Title(TitleAction::Settings));
    assert!(texts(&mut t).contains(&"Settings".to_string()));
    assert_eq!(font_of(&mut t, "Settings"), FONT_BOLD);
    let ja = index_of("ja").unwrap();
    assert_eq!(
        picker_font(&mut t, ja),
        FONT_JP,
        "日本語 in the Japanese font"
    );
    assert_eq!(picker_font(&mut t, 0), FONT_REGULAR);

    let cs = index_of("cs").unwrap();
    t.act(Action::Settings(SettingsAction::Language(cs)));
    assert_eq!(t.screen(), Screen::Settings);
    assert_eq!(t.app.world().resource::<I18n>().index(), cs);
    assert_eq!(
        t.app.world().resource::<Settings>().language.as_deref(),
        Some("cs")
    );
    let shown = texts(&mut t);
    assert!(shown.contains(&"Nastavení".to_string()), "{shown:?}");
    assert!(shown.contains(&"Zpět".to_string()), "{shown:?}");
    assert!(!shown.contains(&"Settings".to_string()), "{shown:?}");

    // Chinese: the screen's text in the Simplified Chinese font, the picker unchanged.
    let zh = index_of("zh-Hans").unwrap();
    t.act(Action::Settings(SettingsAction::Language(zh)));
    assert_eq!(font_of(&mut t, "设置"), FONT_SC);
    assert_eq!(font_of(&mut t, "返回"), FONT_SC);
    assert_eq!(picker_font(&mut t, ja), FONT_JP);
    assert_eq!(
        picker_font(&mut t, 0),
        FONT_REGULAR,
        "English stays in Lato"
    );

    t.act(Action::Settings(SettingsAction::Language(cs)));
    t.act(Action::Settings(SettingsAction::Back));
    assert_eq!(t.screen(), Screen::Title);
    let shown = texts(&mut t);
    assert!(shown.contains(&"Nová partie".to_string()), "{shown:?}");
    assert_eq!(font_of(&mut t, "Nová partie"), FONT_REGULAR);
    // Saved on the next frame; a restart speaks Czech.
    t.app.update();
    let home = std::mem::replace(&mut t.home, fresh_home());
    drop(t);
    let mut t = TestApp::at(home, None);
    assert_eq!(t.app.world().resource::<I18n>().index(), cs);
    assert!(texts(&mut t).contains(&"Piškvorky".to_string()));
}
