//! The catalogs against English (same keys, same variables), every catalog parsing cleanly,
//! the fallback, the system locale, and every character of a language in its font.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::*;

/// Per message (`key`, and `key.attribute` for attributes): the variables it uses.
type Shape = BTreeMap<String, BTreeSet<String>>;

fn inline_vars(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
            for a in &arguments.named {
                inline_vars(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expr_vars(expression, out),
        // A term's arguments are literals; message references bring their own variables,
        // which are that message's.
        _ => {}
    }
}

fn expr_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(i) => inline_vars(i, out),
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
    }
}

fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expr_vars(expression, out);
        }
    }
}

/// The messages of a catalog with their variables, or the parser's complaint. Terms (`-name`)
/// are a catalog's own business (grammar of one language) and are not compared.
fn shape(source: &str) -> Result<Shape, String> {
    let resource =
        FluentResource::try_new(source.to_string()).map_err(|(_, errors)| format!("{errors:?}"))?;
    let mut out = Shape::new();
    for entry in resource.entries() {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(v) = &m.value {
                pattern_vars(v, &mut vars);
            }
            out.insert(m.id.name.to_string(), vars);
            for a in &m.attributes {
                let mut vars = BTreeSet::new();
                pattern_vars(&a.value, &mut vars);
                out.insert(format!("{}.{}", m.id.name, a.id.name), vars);
            }
        }
    }
    Ok(out)
}

/// What is wrong with catalog `other` next to English: keys it lacks, keys English lacks,
/// variables English does not pass, variables it drops. Empty when they match.
fn compare(english: &Shape, other: &Shape) -> Vec<String> {
    let mut problems = Vec::new();
    for (key, vars) in english {
        match other.get(key) {
            None => problems.push(format!("missing {key}")),
            Some(theirs) => {
                for v in theirs.difference(vars) {
                    problems.push(format!("{key} uses ${v}, which English does not pass"));
                }
                for v in vars.difference(theirs) {
                    problems.push(format!("{key} leaves out ${v}"));
                }
            }
        }
    }
    for key in other.keys().filter(|k| !english.contains_key(*k)) {
        problems.push(format!("extra {key} (not in English)"));
    }
    problems
}

#[test]
fn every_catalog_parses_without_errors() {
    for lang in LANGUAGES {
        let (_, errors) = bundle(lang);
        assert!(errors.is_empty(), "{}: {errors:#?}", lang.id);
    }
}

#[test]
fn every_catalog_has_englishs_keys_and_variables() {
    let english = shape(LANGUAGES[0].source).unwrap();
    assert!(english.contains_key("language-name"));
    let mut all = Vec::new();
    for lang in &LANGUAGES[1..] {
        let theirs = shape(lang.source).unwrap_or_else(|e| panic!("{}: {e}", lang.id));
        all.extend(
            compare(&english, &theirs)
                .into_iter()
                .map(|p| format!("{}: {p}", lang.id)),
        );
    }
    assert!(all.is_empty(), "{all:#?}");
}

#[test]
fn the_comparison_catches_a_missing_key_an_extra_key_and_a_stray_variable() {
    let english = shape("a = A\nb = B { $n }\n").unwrap();
    assert!(compare(&english, &shape("a = x\nb = y { $n }\n").unwrap()).is_empty());
    // Variables may move and be selected on.
    let select = "a = x\nb = { $n ->\n    [one] y\n   *[other] z { $n }\n}\n";
    assert!(compare(&english, &shape(select).unwrap()).is_empty());
    assert_eq!(
        compare(&english, &shape("b = y { $n }\n").unwrap()),
        ["missing a"]
    );
    assert_eq!(
        compare(&english, &shape("a = x\nb = y { $n }\nc = z\n").unwrap()),
        ["extra c (not in English)"]
    );
    assert_eq!(
        compare(&english, &shape("a = x { $m }\nb = y { $n }\n").unwrap()),
        ["a uses $m, which English does not pass"]
    );
    assert_eq!(
        compare(&english, &shape("a = x\nb = y\n").unwrap()),
        ["b leaves out $n"]
    );
    assert!(shape("a = {").is_err());
}

#[test]
fn a_missing_key_falls_back_to_english_and_an_unknown_one_shows_itself() {
    let mut i18n = I18n::new(0);
    assert_eq!(i18n.t("menu-new-game"), "New game");
    i18n.set(index_of("cs").unwrap());
    assert_eq!(i18n.t("menu-new-game"), "Nová partie");
    // Only English has it: a message English alone defines shows in English.
    i18n.bundles[0]
        .add_resource(FluentResource::try_new("only-english = Only English".into()).unwrap())
        .unwrap();
    assert_eq!(i18n.t("only-english"), "Only English");
    assert_eq!(i18n.t("no-such-key"), "no-such-key");
}

#[test]
fn variables_and_numbers_are_formatted_per_language() {
    let mut i18n = I18n::new(0);
    let deep = |i: &I18n| i.t_args("settings-review-deep", &[("seconds", 1.5.into())]);
    assert_eq!(deep(&i18n), "Deep (1.5 s a move)");
    i18n.set(index_of("cs").unwrap());
    assert_eq!(deep(&i18n), "Důkladný (1,5 s na tah)");
    i18n.set(index_of("ja").unwrap());
    assert_eq!(deep(&i18n), "じっくり（1手 1.5 秒）");
    assert_eq!(
        i18n.t_args("settings-volume", &[("percent", 70.into())]),
        "70%"
    );
    assert_eq!(
        i18n.t_in(index_of("ko").unwrap(), "language-name"),
        "한국어"
    );
}

#[test]
fn the_system_locale_picks_the_language() {
    let id = |l: &str| LANGUAGES[for_locale(l)].id;
    assert_eq!(id("en-US"), "en");
    assert_eq!(id("de-DE"), "en");
    assert_eq!(id(""), "en");
    assert_eq!(id("cs_CZ.UTF-8"), "cs");
    assert_eq!(id("ru"), "ru");
    assert_eq!(id("vi-VN"), "vi");
    assert_eq!(id("ja-JP"), "ja");
    assert_eq!(id("ko_KR"), "ko");
    assert_eq!(id("zh-CN"), "zh-Hans");
    assert_eq!(id("zh"), "zh-Hans");
    assert_eq!(id("zh-SG"), "zh-Hans");
    assert_eq!(id("zh-TW"), "zh-Hant");
    assert_eq!(id("zh_HK.UTF-8"), "zh-Hant");
    assert_eq!(id("zh-Hant-US"), "zh-Hant");
    assert_eq!(id("zh-Hans-HK"), "zh-Hans");

    let mut settings = Settings::default();
    assert_eq!(wanted(&settings, SystemLanguage(3)), 3);
    settings.language = Some("ru".into());
    assert_eq!(LANGUAGES[wanted(&settings, SystemLanguage(3))].id, "ru");
    // A tag this version does not know (a newer file): the system's language.
    settings.language = Some("xx".into());
    assert_eq!(wanted(&settings, SystemLanguage(3)), 3);
}

#[test]
fn the_language_setting_is_optional_in_older_settings_files() {
    let s: Settings = ron::from_str("(volume: 0.3)").unwrap();
    assert_eq!(s.language, None);
    let s: Settings = ron::from_str("(language: Some(\"zh-Hant\"))").unwrap();
    assert_eq!(s.language.as_deref(), Some("zh-Hant"));
}

// Fonts.

fn inline_text(e: &ast::InlineExpression<&str>, out: &mut String) {
    match e {
        ast::InlineExpression::StringLiteral { value } => out.push_str(value),
        ast::InlineExpression::Placeable { expression } => expr_text(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_text(a, out);
            }
        }
        _ => {}
    }
}

fn expr_text(e: &ast::Expression<&str>, out: &mut String) {
    match e {
        ast::Expression::Inline(i) => inline_text(i, out),
        ast::Expression::Select { variants, .. } => {
            for v in variants {
                pattern_text(&v.value, out);
            }
        }
    }
}

fn pattern_text(p: &ast::Pattern<&str>, out: &mut String) {
    for el in &p.elements {
        match el {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression } => expr_text(expression, out),
        }
    }
}

/// Every character a catalog can show (messages, attributes and terms; not comments).
pub(super) fn shown_text(source: &str) -> String {
    let resource = FluentResource::try_new(source.to_string()).unwrap();
    let mut out = String::new();
    for entry in resource.entries() {
        let (value, attributes) = match entry {
            ast::Entry::Message(m) => (m.value.as_ref(), &m.attributes),
            ast::Entry::Term(t) => (Some(&t.value), &t.attributes),
            _ => continue,
        };
        if let Some(v) = value {
            pattern_text(v, &mut out);
        }
        for a in attributes {
            pattern_text(&a.value, &mut out);
        }
    }
    out
}

/// The fonts (files under `assets/fonts/`) a script's text is drawn with.
fn fonts_of(script: Script) -> &'static [&'static str] {
    match script {
        Script::Latin => &["Lato-Regular.ttf", "Lato-Bold.ttf"],
        Script::Sc => &["NotoSansSC-Regular.ttf"],
        Script::Tc => &["NotoSansTC-Regular.ttf"],
        Script::Jp => &["NotoSansJP-Regular.ttf"],
        Script::Kr => &["NotoSansKR-Regular.ttf"],
    }
}

/// Characters the fonts need not draw: line breaks and spaces of other widths are laid out,
/// not drawn.
fn drawn(c: char) -> bool {
    !c.is_whitespace() && !c.is_control()
}

/// The characters of `text` a font (file data) has no glyph for.
fn absent_from(data: &[u8], text: &str) -> BTreeSet<char> {
    let face = ttf_parser::Face::parse(data, 0).unwrap();
    text.chars()
        .filter(|&c| drawn(c) && face.glyph_index(c).is_none())
        .collect()
}

#[test]
fn a_character_missing_from_a_font_is_found() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts");
    let sc = std::fs::read(dir.join("NotoSansSC-Regular.ttf")).unwrap();
    // 龘: in no catalog, so not in the subset; the rest is.
    assert_eq!(absent_from(&sc, "五子棋 h8 · 龘"), BTreeSet::from(['龘']));
}

#[test]
fn every_character_of_a_language_is_in_its_font() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts");
    let mut missing = Vec::new();
    for lang in LANGUAGES {
        let text = shown_text(lang.source);
        for file in fonts_of(lang.script) {
            let data = std::fs::read(dir.join(file))
                .unwrap_or_else(|e| panic!("{file}: {e} (scripts/make-cjk-fonts.py makes it)"));
            let absent = absent_from(&data, &text);
            if !absent.is_empty() {
                missing.push(format!(
                    "{} in {file}: {}",
                    lang.id,
                    absent.into_iter().collect::<String>()
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "characters missing from their font (run scripts/make-cjk-fonts.py): {missing:#?}"
    );
}
