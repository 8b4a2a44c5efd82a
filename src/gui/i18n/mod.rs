//! The game's text in the players' languages: Project Fluent catalogs
//! (`assets/locales/<lang>/main.ftl`, embedded at build time so the game needs no files at run
//! time), one `FluentBundle` per language, and the [`I18n`] resource every screen asks for its
//! words: `i18n.t("menu-new-game")`, `i18n.t_args("x", &[("n", 3.into())])`.
//!
//! A key missing from the chosen language falls back to English; a key missing from English
//! too shows the key itself (the catalog tests keep that from happening). The language is
//! `Settings::language` when the player picked one, else the system's (`sys-locale`), else
//! English; a change applies at once (screens spawned after it read the new words; the
//! settings screen enters itself again).
//!
//! Each language names the font its text needs ([`Script`]): the CJK languages have their own
//! subset of Noto Sans CJK (`assets/fonts/`, made by `scripts/make-cjk-fonts.py`) with the
//! glyph forms of their region; the others are set in Lato. Engine, brain, CLI and record
//! text stays English. See `assets/locales/README.md`.

use std::borrow::Cow;

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use super::persist::Settings;

#[cfg(test)]
mod literals;
#[cfg(test)]
mod tests;

pub use super::msg::{Arg, Msg};

/// Which font a language's text is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Script {
    /// Lato: English, Vietnamese, Russian, Czech (Latin with its diacritics, Cyrillic).
    Latin,
    /// Noto Sans CJK, Simplified Chinese forms.
    Sc,
    /// Noto Sans CJK, Traditional Chinese forms.
    Tc,
    /// Noto Sans CJK, Japanese forms.
    Jp,
    /// Noto Sans CJK, Korean (Hangul).
    Kr,
}

/// One language the game speaks.
#[derive(Clone, Copy, Debug)]
pub struct Language {
    /// The BCP 47 tag, also the catalog's folder (`assets/locales/<id>/`) and the value
    /// saved in the settings file.
    pub id: &'static str,
    pub script: Script,
    /// The catalog (Fluent syntax): its files joined.
    pub source: &'static str,
}

/// A language's catalog: its files one after another (one per part of the game, so each
/// can be worked on alone; keys are unique across them).
macro_rules! catalog {
    ($id:literal) => {
        concat!(
            include_str!(concat!("../../../assets/locales/", $id, "/main.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $id, "/game.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $id, "/play.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $id, "/review.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $id, "/puzzles.ftl")),
            "\n",
            include_str!(concat!("../../../assets/locales/", $id, "/online.ftl")),
        )
    };
}

/// Every language, English first (the reference every other catalog is checked against and
/// the fallback for a missing key), then in the order the picker shows them.
pub const LANGUAGES: &[Language] = &[
    Language {
        id: "en",
        script: Script::Latin,
        source: catalog!("en"),
    },
    Language {
        id: "zh-Hans",
        script: Script::Sc,
        source: catalog!("zh-Hans"),
    },
    Language {
        id: "zh-Hant",
        script: Script::Tc,
        source: catalog!("zh-Hant"),
    },
    Language {
        id: "ja",
        script: Script::Jp,
        source: catalog!("ja"),
    },
    Language {
        id: "ko",
        script: Script::Kr,
        source: catalog!("ko"),
    },
    Language {
        id: "vi",
        script: Script::Latin,
        source: catalog!("vi"),
    },
    Language {
        id: "ru",
        script: Script::Latin,
        source: catalog!("ru"),
    },
    Language {
        id: "cs",
        script: Script::Latin,
        source: catalog!("cs"),
    },
];

/// The index in [`LANGUAGES`] of a language id (exact match), if the game speaks it.
pub fn index_of(id: &str) -> Option<usize> {
    LANGUAGES.iter().position(|l| l.id == id)
}

/// The game's language for a system locale ("de-DE", "zh-TW", "pt_BR.UTF-8", "zh-Hans-CN"):
/// Chinese by script, else by region (Taiwan, Hong Kong, Macau: Traditional); any other
/// language by its primary subtag; English when the game does not speak it.
pub fn for_locale(locale: &str) -> usize {
    // POSIX forms: drop the encoding and modifier, "_" between subtags.
    let tag = locale
        .split(['.', '@'])
        .next()
        .unwrap_or("")
        .replace('_', "-");
    let parts: Vec<String> = tag.split('-').map(|p| p.to_ascii_lowercase()).collect();
    let primary = parts.first().map(String::as_str).unwrap_or("");
    let id = match primary {
        "zh" => {
            let has = |s: &str| parts.iter().skip(1).any(|p| p == s);
            if has("hant") || (!has("hans") && (has("tw") || has("hk") || has("mo"))) {
                "zh-Hant"
            } else {
                "zh-Hans"
            }
        }
        other => other,
    };
    index_of(id).unwrap_or(0)
}

/// The language the system asks for, found once at start (`sys-locale`); tests insert
/// their own (English) before the plugin so they never depend on the machine.
#[derive(Resource, Clone, Copy, Debug)]
pub struct SystemLanguage(pub usize);

/// Overrides the system's language (a BCP 47 tag or a POSIX locale: `GOMOKU_LANG=ja`), for
/// a player whose system speaks another language and for the screenshot script.
pub const LANG_ENV: &str = "GOMOKU_LANG";

impl SystemLanguage {
    pub fn detect() -> SystemLanguage {
        let wanted = std::env::var(LANG_ENV)
            .ok()
            .filter(|l| !l.is_empty())
            .or_else(sys_locale::get_locale);
        SystemLanguage(wanted.map_or(0, |l| for_locale(&l)))
    }
}

/// The language to show for these settings: the player's choice, else the system's.
pub fn wanted(settings: &Settings, system: SystemLanguage) -> usize {
    settings
        .language
        .as_deref()
        .and_then(index_of)
        .unwrap_or(system.0)
}

type Bundle = FluentBundle<FluentResource>;

/// A language's catalog as a Fluent bundle. Errors (syntax, a key defined twice) are
/// returned beside the bundle, which keeps every message that did parse.
pub fn bundle(lang: &Language) -> (Bundle, Vec<String>) {
    let mut errors = Vec::new();
    let resource = match FluentResource::try_new(lang.source.to_string()) {
        Ok(r) => r,
        Err((r, errs)) => {
            errors.extend(errs.iter().map(|e| format!("{}: {e:?}", lang.id)));
            r
        }
    };
    let id: LanguageIdentifier = lang
        .id
        .parse()
        .unwrap_or_else(|_| LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around placeables: the UI has no right-to-left text and the
    // marks would be drawn as boxes by fonts without them.
    bundle.set_use_isolating(false);
    if decimal_comma(lang.id) {
        bundle.set_formatter(Some(format_decimal_comma));
    }
    if let Err(errs) = bundle.add_resource(resource) {
        errors.extend(errs.iter().map(|e| format!("{}: {e:?}", lang.id)));
    }
    (bundle, errors)
}

/// Languages that write 1,5 rather than 1.5.
fn decimal_comma(id: &str) -> bool {
    matches!(id, "vi" | "ru" | "cs")
}

/// Fluent's own number formatting knows no locale's separators: numbers with a fraction get a
/// decimal comma in the languages that use one.
fn format_decimal_comma<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) => {
            let s = n.as_string();
            s.contains('.').then(|| s.replace('.', ","))
        }
        _ => None,
    }
}

/// The loaded catalogs and the language in use.
#[derive(Resource)]
pub struct I18n {
    bundles: Vec<Bundle>,
    current: usize,
}

impl Default for I18n {
    fn default() -> Self {
        I18n::new(0)
    }
}

impl I18n {
    /// Every catalog loaded, `current` (an index in [`LANGUAGES`]) in use.
    pub fn new(current: usize) -> I18n {
        let bundles = LANGUAGES
            .iter()
            .map(|lang| {
                let (bundle, errors) = bundle(lang);
                for e in errors {
                    error!("catalog {e}");
                }
                bundle
            })
            .collect();
        I18n {
            bundles,
            current: current.min(LANGUAGES.len() - 1),
        }
    }

    /// English only: for text that stays English whatever the player reads (records, logs).
    fn english_only() -> I18n {
        let (bundle, errors) = bundle(&LANGUAGES[0]);
        for e in errors {
            error!("catalog {e}");
        }
        I18n {
            bundles: vec![bundle],
            current: 0,
        }
    }

    /// The language in use.
    pub fn language(&self) -> &'static Language {
        &LANGUAGES[self.current]
    }

    pub fn index(&self) -> usize {
        self.current
    }

    pub fn set(&mut self, index: usize) {
        if index < self.bundles.len() {
            self.current = index;
        }
    }

    /// The message `key` in the language in use (English when that catalog lacks it).
    pub fn t(&self, key: &str) -> String {
        self.format(self.current, key, None)
    }

    /// The message `key` with its variables: `t_args("moves", &[("n", 3.into())])`.
    pub fn t_args(&self, key: &str, args: &[(&str, FluentValue)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(*name, value.clone());
        }
        self.format(self.current, key, Some(&fluent))
    }

    /// A [`Msg`] in the language in use: its variables first (a text variable is itself
    /// translated), then the message.
    pub fn msg(&self, msg: &Msg) -> String {
        match msg {
            Msg::Key(key, args) if args.is_empty() => self.t(key),
            Msg::Key(key, args) => {
                let mut fluent = FluentArgs::new();
                for (name, value) in args {
                    match value {
                        Arg::Num(n) => fluent.set(*name, FluentValue::from(*n)),
                        Arg::Fixed(n, digits) => fluent.set(
                            *name,
                            FluentValue::Number(FluentNumber::new(
                                *n,
                                FluentNumberOptions {
                                    minimum_fraction_digits: Some(*digits),
                                    ..Default::default()
                                },
                            )),
                        ),
                        Arg::Text(m) => fluent.set(*name, FluentValue::from(self.msg(m))),
                    }
                }
                self.format(self.current, key, Some(&fluent))
            }
            Msg::Verbatim(text) => text.clone(),
            Msg::Join(parts, separator) => parts
                .iter()
                .map(|m| self.msg(m))
                .collect::<Vec<_>>()
                .join(separator),
        }
    }

    /// The message `key` of language `index` (for a language's own name in the picker).
    pub fn t_in(&self, index: usize, key: &str) -> String {
        self.format(index.min(self.bundles.len() - 1), key, None)
    }

    /// The message `key` if a catalog has it: for keys made at run time ("game-" and a game's
    /// id), whose owner has an English name of its own to fall back on.
    pub fn lookup(&self, key: &str) -> Option<String> {
        self.try_format(self.current, key, None)
    }

    fn format(&self, index: usize, key: &str, args: Option<&FluentArgs>) -> String {
        self.try_format(index, key, args).unwrap_or_else(|| {
            warn!("no message {key}");
            key.to_string()
        })
    }

    fn try_format(&self, index: usize, key: &str, args: Option<&FluentArgs>) -> Option<String> {
        for bundle in [&self.bundles[index], &self.bundles[0]] {
            let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text: Cow<str> = bundle.format_pattern(pattern, args, &mut errors);
            if !errors.is_empty() {
                warn!("message {key}: {errors:?}");
            }
            return Some(text.into_owned());
        }
        None
    }
}

/// The English catalog, for [`Msg::english`].
static ENGLISH: std::sync::LazyLock<I18n> = std::sync::LazyLock::new(I18n::english_only);

impl Msg {
    /// The message in English: what game records and the log say, whatever the player reads.
    pub fn english(&self) -> String {
        ENGLISH.msg(self)
    }
}

/// Loads the catalogs at the language the settings (or the system) ask for and keeps the two
/// in step. After `persist` (the settings).
pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SystemLanguage>() {
        app.insert_resource(SystemLanguage::detect());
    }
    let system = *app.world().resource::<SystemLanguage>();
    let current = app
        .world()
        .get_resource::<Settings>()
        .map_or(system.0, |s| wanted(s, system));
    app.insert_resource(I18n::new(current))
        .add_systems(PreUpdate, follow_settings);
}

/// A changed language setting applies at once.
fn follow_settings(settings: Res<Settings>, system: Res<SystemLanguage>, mut i18n: ResMut<I18n>) {
    if !settings.is_changed() {
        return;
    }
    let wanted = wanted(&settings, *system);
    if i18n.current != wanted {
        i18n.set(wanted);
    }
}
