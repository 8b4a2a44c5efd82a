//! The language: picked in Settings, applied at once (the screen's texts and fonts),
//! remembered across a restart; each language's name in the picker in its own font.

use bevy::prelude::*;

use super::{TestApp, fresh_home};
use crate::gui::flow::{Action, Screen, SettingsAction, TitleAction};
use crate::gui::i18n::{I18n, index_of};
use crate::gui::persist::Settings;
use crate::gui::theme::widgets::{ButtonAction, ButtonLabel};
use crate::gui::theme::{FONT_BOLD, FONT_JP, FONT_REGULAR, FONT_SC, Face};

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
    assert!(!fonts.is_empty(), "no text {value:?} in {:?}", t.texts());
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
    assert!(t.texts().contains(&"Settings".to_string()));
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
    let shown = t.texts();
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
    let shown = t.texts();
    assert!(shown.contains(&"Nová partie".to_string()), "{shown:?}");
    assert_eq!(font_of(&mut t, "Nová partie"), FONT_REGULAR);
    // Saved on the next frame; a restart speaks Czech.
    t.app.update();
    let home = std::mem::replace(&mut t.home, fresh_home());
    drop(t);
    let mut t = TestApp::at(home, None);
    assert_eq!(t.app.world().resource::<I18n>().index(), cs);
    assert!(t.texts().contains(&"Piškvorky".to_string()));
}

/// Whether some text on screen contains `part`.
fn shows(t: &mut TestApp, part: &str) -> bool {
    t.texts().iter().any(|s| s.contains(part))
}

/// New game, the game and its result in Czech: the screens' own words, the clocks' names,
/// a count with its plural, the move list's opening mark, the winner's name in the headline.
#[test]
fn i18n_new_game_playing_and_result_speak_the_language() {
    use crate::engine::gomoku::Rule;
    use crate::engine::gomoku::opening::OpeningRule;
    use crate::gui::clock::TimeControl;
    use crate::gui::flow::{PlayAction, SetupAction};
    use crate::gui::persist::ColourChoice;

    let mut t = TestApp::new();
    t.app.world_mut().resource_mut::<Settings>().language = Some("cs".into());
    t.app.update();
    t.act(Action::Title(TitleAction::NewGame));
    assert_eq!(t.screen(), Screen::Setup);
    for words in [
        "Nová partie",
        "Soupeř",
        "Dva hráči",
        "Bez hodin",
        "3 + 2",
        "30 s na tah",
        "Začít partii",
        "Bez hodin: přemýšlejte, jak dlouho chcete",
    ] {
        assert!(shows(&mut t, words), "{words}: {:?}", t.texts());
    }
    t.act(Action::Setup(SetupAction::Clock(TimeControl::PerMove {
        seconds: 30,
    })));
    assert!(shows(&mut t, "30 s na tah (nevyužitý čas se nepřevádí)"));
    t.act(Action::Setup(SetupAction::CustomClock {
        minutes: 1,
        increment: 0,
    }));
    assert!(shows(&mut t, "6 + 0: minuty na partii"));
    t.act(Action::Setup(SetupAction::Clock(TimeControl::NoClock)));

    // Two people, a tournament opening: its stones are marked in the move list.
    let rule = Rule::ALL.iter().position(|&r| r == Rule::Renju).unwrap() as u32;
    let opening = OpeningRule::ALL
        .iter()
        .position(|&r| r == OpeningRule::Taraguchi10)
        .unwrap() as u32;
    t.start_game(
        crate::gui::kind::gomoku::kind(),
        0,
        ColourChoice::Black,
        &[("rule", rule), ("size", 15), ("opening", opening)],
    );
    assert!(shows(&mut t, "Odehráno tahů: 0"), "{:?}", t.texts());
    assert!(shows(&mut t, "Zahájení"));
    assert!(shows(&mut t, "Vzdát") && shows(&mut t, "Nabídka"));
    t.place(super::p("h8"));
    assert_eq!(t.session().game.ply(), 1);
    t.app.update();
    assert!(shows(&mut t, "Odehráno tahů: 1"), "{:?}", t.texts());
    assert!(t.texts().contains(&"zahájení".to_string()));

    t.act(Action::Play(PlayAction::Resign));
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    t.app.update();
    let shown = t.texts();
    assert!(shown.iter().any(|s| s.starts_with("Vítězí ")), "{shown:?}");
    assert!(
        shown.iter().any(|s| s.ends_with(": vzdáno po 1 tahu.")),
        "{shown:?}"
    );
    // The record's name on a line of its own.
    assert!(
        shown.iter().any(|s| s.starts_with("Uloženo jako\n")),
        "{shown:?}"
    );
    for words in ["Rozbor partie", "Odveta (prohozené barvy)", "Nabídka"] {
        assert!(shown.contains(&words.to_string()), "{words}: {shown:?}");
    }
}

/// A clock under ten seconds with the language's decimal separator, the time controls'
/// names in the language.
#[test]
fn i18n_clock_times_and_names_follow_the_language() {
    use std::time::Duration;

    use crate::gui::clock::TimeControl;
    use crate::gui::screens::clocks::clock_text;

    let en = I18n::new(0);
    let cs = I18n::new(index_of("cs").unwrap());
    let ja = I18n::new(index_of("ja").unwrap());
    let secs = Duration::from_secs_f64;
    assert_eq!(clock_text(&en, secs(9.96)), "9.9");
    assert_eq!(clock_text(&en, secs(9.0)), "9.0", "the tenth stays");
    assert_eq!(clock_text(&cs, secs(9.96)), "9,9");
    assert_eq!(clock_text(&cs, secs(75.4)), "1:15");
    let per_move = TimeControl::PerMove { seconds: 30 }.name();
    assert_eq!(en.msg(&per_move), "30 s a move");
    assert_eq!(cs.msg(&per_move), "30 s na tah");
    assert_eq!(ja.msg(&per_move), "1手 30 秒");
    let odd = TimeControl::Fischer {
        seconds: 90,
        increment: 2,
    };
    assert_eq!(en.msg(&odd.name()), "90 s + 2");
    assert_eq!(en.msg(&TimeControl::NoClock.name()), "No clock");
}
