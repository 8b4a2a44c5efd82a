//! The catalogs against English (same keys, same variables), every catalog parsing cleanly,
//! the fallback, the system locale, every character of a language in its font, and every
//! message reading cleanly once its variables are filled in.

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
        // A space between messages, so that one's last word and the next one's first do
        // not run together ("Gomoku" "Connect Four" is not "GomokuConnect").
        if let Some(v) = value {
            pattern_text(v, &mut out);
            out.push(' ');
        }
        for a in attributes {
            pattern_text(&a.value, &mut out);
            out.push(' ');
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

// Composed sentences: every message as the game shows it, its variables filled in.

/// The English names a translation keeps as they are, in lower case (the glossary's "Names kept
/// as they are", `assets/locales/README.md`): opening rules as the Renju federations write them,
/// Renju where a language keeps its Latin name, key names as printed on the keys. Shorter ones
/// (Esc, End, AI) are under the four letters the check looks at.
const KEPT_NAMES: &[&str] = &[
    "renju",
    "swap",
    "yamaguchi",
    "soosorv",
    "taraguchi",
    "ctrl",
    "enter",
    // Engines and the tournament they play in, named in Settings' Engines card.
    "gomocup",
    "pbrain",
    // The protocol's command for several best moves.
    "yxnbest",
    "rapfi",
    "embryo",
    "aiwine",
    "home",
    "space",
];

/// Words a language writes as English does because they are its own words too (language,
/// word in lower case): not English left untranslated.
// ("server" is the Czech word for a server too.)
const SHARED_WORDS: &[(&str, &str)] = &[("cs", "expert"), ("cs", "server"), ("vi", "menu")];

/// Numbers that reach every plural form of the game's languages: 0 (Russian "many", Czech
/// "other"), 1 ("one"), 2 and 3 (Russian and Czech "few"), 5, 21 (Russian "one" again) and
/// 1.5 (Czech "many", Russian "other", and a decimal comma where the language writes one).
const SAMPLE_NUMBERS: &[f64] = &[0.0, 1.0, 2.0, 3.0, 5.0, 21.0, 1.5];

/// The lengths a winning line has (`line-name`'s `$cells`): Connect Four's four, Gomoku's five,
/// overlines (Freestyle wins with them).
const LINE_CELLS: &[u32] = &[4, 5, 6, 7];

/// The keys Fluent matches against a number's plural category; any other word key selects on
/// a text ($colour's `[black]`, $you's `[yes]`).
const PLURAL_CATEGORIES: &[&str] = &["zero", "one", "two", "few", "many", "other"];

/// A variant's key: a number (`[4]`) or a word (`[one]`, `[black]`).
enum Key {
    Number(f64),
    Word(String),
}

/// The variants' keys of every selection on a variable in a pattern, nested ones included.
fn selections(p: &ast::Pattern<&str>, out: &mut BTreeMap<String, Vec<Key>>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expr_selections(expression, out);
        }
    }
}

fn expr_selections(e: &ast::Expression<&str>, out: &mut BTreeMap<String, Vec<Key>>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                let keys = out.entry(id.name.to_string()).or_default();
                for v in variants {
                    keys.push(match &v.key {
                        ast::VariantKey::NumberLiteral { value } => {
                            Key::Number(value.parse().unwrap())
                        }
                        ast::VariantKey::Identifier { name } => Key::Word(name.to_string()),
                    });
                }
            }
            for v in variants {
                selections(&v.value, out);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            expr_selections(expression, out)
        }
        ast::Expression::Inline(_) => {}
    }
}

/// The values the check gives variable `name` of a message whose selections on it have `keys`:
/// `$line` each line's name in the language (`lines`); a variable chosen on by word each word
/// the message knows; one chosen on by number every plural form and every number a variant
/// names; one only shown, a placeholder naming it ("⟨side⟩", no catalog's word).
fn samples(name: &str, keys: Option<&[Key]>, lines: &[String]) -> Vec<FluentValue<'static>> {
    if name == "line" {
        return lines.iter().cloned().map(FluentValue::from).collect();
    }
    let Some(keys) = keys else {
        return vec![FluentValue::from(format!("⟨{name}⟩"))];
    };
    let mut words: Vec<String> = keys
        .iter()
        .filter_map(|k| match k {
            Key::Word(w) if !PLURAL_CATEGORIES.contains(&w.as_str()) => Some(w.clone()),
            _ => None,
        })
        .collect();
    if !words.is_empty() {
        words.sort();
        words.dedup();
        return words.into_iter().map(FluentValue::from).collect();
    }
    let mut numbers = SAMPLE_NUMBERS.to_vec();
    numbers.extend(keys.iter().filter_map(|k| match k {
        Key::Number(n) => Some(*n),
        Key::Word(_) => None,
    }));
    numbers.sort_by(f64::total_cmp);
    numbers.dedup();
    numbers.into_iter().map(FluentValue::from).collect()
}

/// Writing with no spaces between its words (Chinese characters, kana): the check cannot tell
/// its words apart, so it leaves them out of the doubled-word comparison.
fn unspaced(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}')
}

/// The first word, or phrase of up to three words, said twice in a row ("quân quân",
/// "6 в ряд в ряд"), compared without case. Punctuation ends a run of words, numbers alone do
/// not count as a doubled word ("1 ± 1", "Move 1 of 1").
fn doubled(text: &str) -> Option<String> {
    for run in text.split(|c: char| !c.is_alphanumeric() && !c.is_whitespace()) {
        let words: Vec<String> = run.split_whitespace().map(str::to_lowercase).collect();
        for n in 1..=3 {
            for pair in words.windows(2 * n) {
                let (first, second) = pair.split_at(n);
                let wordy = first.iter().any(|w| w.chars().any(char::is_alphabetic));
                let spaced = !first.iter().any(|w| w.chars().any(unspaced));
                if first == second && wordy && spaced {
                    return Some(first.join(" "));
                }
            }
        }
    }
    None
}

/// A letter of the Latin script, with the diacritics of Vietnamese and Czech ("ư", "ř"), so
/// that a word of those languages is taken whole, not as its ASCII pieces.
fn latin_letter(c: char) -> bool {
    c.is_alphabetic()
        && (c.is_ascii() || matches!(c, '\u{00C0}'..='\u{024F}' | '\u{1E00}'..='\u{1EFF}'))
}

/// `text` without the placeholders the check passes for text variables ("⟨side⟩"): they are
/// the check's words, not the catalog's.
fn without_placeholders(text: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in text.chars() {
        match c {
            '⟨' => inside = true,
            '⟩' => {
                inside = false;
                out.push(' ');
            }
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

/// The words (four letters or more, lower case) of the English catalog's text.
fn english_vocabulary() -> BTreeSet<String> {
    shown_text(LANGUAGES[0].source)
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 4)
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The English words `text` of language `lang` shows: Latin words of four letters or more,
/// all ASCII, that the English catalog uses and the glossary does not keep.
fn english_in(text: &str, lang: &str, english: &BTreeSet<String>) -> Vec<String> {
    without_placeholders(text)
        // A word with a digit is a code, not English: a protocol command (SWAP2BOARD).
        .split(|c: char| !(latin_letter(c) || c.is_ascii_digit()))
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .filter(|w| w.len() >= 4 && w.is_ascii())
        .map(str::to_ascii_lowercase)
        .filter(|w| english.contains(w))
        .filter(|w| !KEPT_NAMES.contains(&w.as_str()))
        .filter(|w| {
            !SHARED_WORDS
                .iter()
                .any(|&(l, s)| l == lang && w.as_str() == s)
        })
        .collect()
}

#[test]
fn the_sentence_checks_catch_a_doubled_phrase_and_an_english_word() {
    assert_eq!(
        doubled("Чёрные: 6 в ряд в ряд, ход 41."),
        Some("в ряд".into())
    );
    assert_eq!(doubled("6 v řadě v řadě"), Some("v řadě".into()));
    assert_eq!(
        doubled("xếp được 6 quân quân liên tiếp"),
        Some("quân".into())
    );
    assert_eq!(doubled("The the board"), Some("the".into()));
    assert_eq!(doubled("Чёрные: пять в ряд, ход 41."), None);
    assert_eq!(doubled("Move 1 of 1 · 21 ± 21 · five. Five"), None);
    assert_eq!(
        doubled("五子五子 · 四つ 四つ"),
        None,
        "words not spaced apart"
    );
    let english = english_vocabulary();
    assert_eq!(
        english_in("Plný engine s hledáním", "cs", &english),
        ["engine"]
    );
    assert_eq!(
        english_in("Connect Four 7 × 6", "vi", &english),
        ["connect", "four"]
    );
    // Kept names, a language's own words, words with diacritics, the check's placeholders.
    assert!(english_in("Swap2 · Renju · Ctrl+R · Expert", "cs", &english).is_empty());
    assert!(english_in("Người chơi ⟨side⟩ · Menu", "vi", &english).is_empty());
    assert_eq!(english_in("Expert", "vi", &english), ["expert"]);
}

/// Every message of every catalog, rendered with the arguments the game can pass, reads as a
/// sentence: the checks below found "6 в ряд в ряд", "quân quân" and "Connect Four" in the
/// catalogs, which no comparison of keys and variables can see.
#[test]
fn every_composed_sentence_reads_cleanly() {
    let english = english_vocabulary();
    // Per language, message and kind of fault: the first text that shows it.
    let mut problems: BTreeMap<String, String> = BTreeMap::new();
    for lang in LANGUAGES {
        let (bundle, _) = bundle(lang);
        let resource = FluentResource::try_new(lang.source.to_string()).unwrap();
        let render = |pattern: &ast::Pattern<&str>, args: &FluentArgs| {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(args), &mut errors);
            (text.into_owned(), errors)
        };
        // What the game passes as $line: the language's name of each winning line.
        let line_name = bundle.get_message("line-name").and_then(|m| m.value());
        let lines: Vec<String> = LINE_CELLS
            .iter()
            .map(|&cells| {
                let mut args = FluentArgs::new();
                args.set("cells", cells);
                render(line_name.expect("line-name"), &args).0
            })
            .collect();
        for entry in resource.entries() {
            let ast::Entry::Message(message) = entry else {
                continue;
            };
            let id = message.id.name;
            let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
                continue;
            };
            let mut vars = BTreeSet::new();
            pattern_vars(pattern, &mut vars);
            let mut chosen = BTreeMap::new();
            selections(pattern, &mut chosen);
            let values: Vec<(String, Vec<FluentValue<'static>>)> = vars
                .into_iter()
                .map(|v| {
                    let s = samples(&v, chosen.get(&v).map(Vec::as_slice), &lines);
                    (v, s)
                })
                .collect();
            // Every combination of the variables' values.
            let combinations: usize = values.iter().map(|(_, s)| s.len()).product();
            for combination in 0..combinations {
                let mut args = FluentArgs::new();
                let mut rest = combination;
                for (name, choices) in &values {
                    args.set(name.clone(), choices[rest % choices.len()].clone());
                    rest /= choices.len();
                }
                let (text, errors) = render(pattern, &args);
                let mut report = |fault: String| {
                    problems
                        .entry(format!("{}: {id}: {fault}", lang.id))
                        .or_insert_with(|| text.clone());
                };
                // (b) A variable Fluent could not fill in shows as "{$name}" (and an error):
                // the player would read the catalog's syntax.
                if !errors.is_empty() || text.contains("{$") || text.contains("{ $") {
                    report(format!("a variable left unformatted {errors:?}"));
                }
                // (a) A word or phrase twice in a row: a message and a name it is given both
                // say the same thing ("6 в ряд" + " в ряд"), or a translation slipped.
                if let Some(words) = doubled(&text) {
                    report(format!("says {words:?} twice in a row"));
                }
                // (c) English left in another language's text, other than the names every
                // catalog keeps ("engine", "Connect Four" were).
                if lang.id != "en" {
                    for word in english_in(&text, lang.id, &english) {
                        report(format!("English word {word:?}"));
                    }
                }
            }
        }
    }
    let problems: Vec<String> = problems
        .into_iter()
        .map(|(fault, text)| format!("{fault}: {text:?}"))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

// Nested sentences: a message put into another (a fault into a forfeit, a reason into "No
// hint"), and a fault as each language tells it.

/// The messages the game puts into another's variable: (message, variable, the keys it can
/// hold; a key ending in '-' stands for every key with that prefix).
const NESTED: &[(&str, &str, &[&str])] = &[
    ("engine-fault", "what", &["fault-"]),
    ("analysis-engine-fault", "what", &["fault-"]),
    ("result-reason-forfeit", "why", &["fault-"]),
    ("match-how-forfeit", "why", &["fault-"]),
    ("hint-engine-fault", "what", &["fault-"]),
    (
        "engine-not-added",
        "what",
        &["fault-", "engine-no-file", "engine-refused-every-rule"],
    ),
    (
        "hint-none",
        "why",
        &["hint-no-legal-move", "hint-other-game", "hint-engine-fault"],
    ),
    ("match-game", "how", &["match-how-"]),
];

/// Stops and marks that end a sentence, and the colon that ends a lead-in.
const STOPS: &[char] = &['.', '。', '!', '！', '?', '？', ':', '：', '…'];

/// The first run of two or more stops in a row (two full stops, "。。", "!.", ".:"), other than an
/// ellipsis ("..." or "…" alone).
fn doubled_stop(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !STOPS.contains(&chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && STOPS.contains(&chars[i]) {
            i += 1;
        }
        let run: String = chars[start..i].iter().collect();
        if run.chars().count() > 1 && run != "..." {
            return Some(run);
        }
    }
    None
}

/// Every rendering of message `key` of `bundle` with the game's nested messages in the
/// variables [`NESTED`] names (each of them, recursively) and one sample in the others: a
/// placeholder for text, a number with a fraction for numbers chosen on (1.5), a word a
/// selection knows for words.
fn nested_renderings(bundle: &Bundle, keys: &[String], key: &str, depth: usize) -> Vec<String> {
    let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
        return Vec::new();
    };
    let mut vars = BTreeSet::new();
    pattern_vars(pattern, &mut vars);
    let mut chosen = BTreeMap::new();
    selections(pattern, &mut chosen);
    let mut base = FluentArgs::new();
    let mut nested: Option<(String, Vec<String>)> = None;
    for v in &vars {
        let inner = NESTED
            .iter()
            .find(|(k, var, _)| *k == key && var == v)
            .map(|(_, _, inner)| *inner);
        if let (Some(inner), true) = (inner, depth < 3) {
            let texts = keys
                .iter()
                .filter(|k| {
                    inner.iter().any(|i| {
                        if i.ends_with('-') {
                            k.starts_with(i)
                        } else {
                            k == i
                        }
                    })
                })
                .flat_map(|k| nested_renderings(bundle, keys, k, depth + 1))
                .collect();
            nested = Some((v.clone(), texts));
            continue;
        }
        let sample = samples(v, chosen.get(v).map(Vec::as_slice), &["five".to_string()])
            .into_iter()
            .last()
            .unwrap();
        base.set(v.clone(), sample);
    }
    let render = |args: &FluentArgs| {
        let mut errors = Vec::new();
        bundle
            .format_pattern(pattern, Some(args), &mut errors)
            .into_owned()
    };
    match nested {
        None => vec![render(&base)],
        Some((var, texts)) => texts
            .into_iter()
            .map(|t| {
                let mut args = FluentArgs::new();
                for (name, value) in base.iter() {
                    args.set(name.to_string(), value.clone());
                }
                args.set(var.clone(), FluentValue::from(t));
                render(&args)
            })
            .collect(),
    }
}

/// The fixed English phrases of the protocol client's faults (their `Display`, for the log
/// and pbrain-match), which no other language may show.
fn fault_phrases() -> Vec<String> {
    use crate::protocol::client::{Fault, IllegalKind, Refusal};
    let x = || "\u{1}".to_string();
    let faults = [
        Fault::Start(x()),
        Fault::Crash(x()),
        Fault::Time(std::time::Duration::from_secs(7)),
        Fault::NotAMove(x()),
        Fault::Illegal {
            reply: x(),
            reason: x(),
            kind: IllegalKind::Taken,
        },
        Fault::Flood(1),
        Fault::Refused {
            what: Refusal::Board(1),
            reply: x(),
        },
        Fault::Refused {
            what: Refusal::Sizes(vec![1]),
            reply: x(),
        },
    ];
    faults
        .iter()
        .flat_map(|f| {
            f.to_string()
                .split(|c: char| !(c.is_ascii_alphabetic() || c == ' '))
                .map(|p| p.trim().to_string())
                .filter(|p| p.split(' ').filter(|w| w.len() >= 3).count() >= 2)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_nesting_checks_catch_a_doubled_stop_and_an_english_fault() {
    assert_eq!(doubled_stop("No hint: it stopped.."), Some(".".repeat(2)));
    assert_eq!(
        doubled_stop("ヒントなし：止まりました。。"),
        Some("。。".into())
    );
    assert_eq!(doubled_stop("Bravo!."), Some("!.".into()));
    assert_eq!(doubled_stop("Thinking... h8 … done."), None);
    let phrases = fault_phrases();
    assert!(
        phrases.iter().any(|p| p == "did not answer within"),
        "{phrases:?}"
    );
    assert!(
        phrases.iter().any(|p| p == "stopped running"),
        "{phrases:?}"
    );
}

/// Every message that holds another (a fault in a forfeit, a reason in "No hint: ..."),
/// rendered with each message the game puts there, has one stop at its end, not two, and
/// outside English no phrase of the protocol's English faults; and no message of another
/// language is its English twin with English words in it.
#[test]
fn every_nested_sentence_reads_cleanly() {
    let phrases = fault_phrases();
    let (english_bundle, _) = bundle(&LANGUAGES[0]);
    let keys_of = |source: &str| -> Vec<String> {
        shape(source)
            .unwrap()
            .into_keys()
            .filter(|k| !k.contains('.'))
            .collect()
    };
    let english_keys = keys_of(LANGUAGES[0].source);
    // Words a message may share with its English twin: the kept names, units, the rule
    // names every catalog writes in Latin letters.
    let shared = |lang: &str, w: &str| {
        KEPT_NAMES.contains(&w) || matches!(w, "swap2" | "elo") || SHARED_WORDS.contains(&(lang, w))
    };
    let mut problems = Vec::new();
    for lang in LANGUAGES {
        let (bundle, _) = bundle(lang);
        let keys = keys_of(lang.source);
        for key in &keys {
            let texts = nested_renderings(&bundle, &keys, key, 0);
            for text in &texts {
                if let Some(run) = doubled_stop(&without_placeholders(text)) {
                    problems.push(format!("{}: {key}: {run:?} in {text:?}", lang.id));
                }
                if lang.id != "en" {
                    let lower = text.to_lowercase();
                    for p in phrases.iter().filter(|p| lower.contains(p.as_str())) {
                        problems.push(format!("{}: {key}: English {p:?} in {text:?}", lang.id));
                    }
                }
            }
            if lang.id == "en" || !english_keys.contains(key) {
                continue;
            }
            let theirs = nested_renderings(&bundle, &keys, key, 3);
            let ours = nested_renderings(&english_bundle, &english_keys, key, 3);
            if let (Some(t), Some(o)) = (theirs.first(), ours.first())
                && t == o
                && without_placeholders(t)
                    .split(|c: char| !latin_letter(c))
                    .map(str::to_lowercase)
                    .any(|w| w.chars().count() >= 4 && !shared(lang.id, &w))
            {
                problems.push(format!("{}: {key}: the English text {t:?}", lang.id));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// A fault as the player reads it: in the language's own words, with its number written
/// as the language writes it, in a sentence with one stop.
#[test]
fn a_fault_is_told_in_the_players_language() {
    use crate::gui::kind::gomoku::external::fault_reason;
    use crate::protocol::client::{Fault, IllegalKind};
    let phrases = fault_phrases();
    let faults = [
        Fault::Crash("exited between moves".into()),
        Fault::Time(std::time::Duration::from_millis(7000)),
        Fault::NotAMove("good move!".into()),
        Fault::Illegal {
            reply: "7,7".into(),
            reason: "7,7 is already taken by black".into(),
            kind: IllegalKind::Taken,
        },
    ];
    let mut i18n = I18n::new(0);
    for (index, lang) in LANGUAGES.iter().enumerate() {
        i18n.set(index);
        for fault in &faults {
            let reason = fault_reason(fault, 15);
            let forfeit = Msg::key("engine-fault")
                .with("name", "Crasher".to_string())
                .with("what", reason.clone());
            let hint = Msg::key("hint-none").with(
                "why",
                Msg::key("hint-engine-fault")
                    .with("name", "Crasher".to_string())
                    .with("what", reason),
            );
            for text in [i18n.msg(&forfeit), i18n.msg(&hint)] {
                assert_eq!(doubled_stop(&text), None, "{}: {text}", lang.id);
                if lang.id != "en" {
                    let lower = text.to_lowercase();
                    assert!(
                        !phrases.iter().any(|p| lower.contains(p.as_str())),
                        "{}: {text}",
                        lang.id
                    );
                }
            }
        }
        let time = i18n.msg(&fault_reason(&faults[1], 15));
        let seven = if decimal_comma(lang.id) { "7,0" } else { "7.0" };
        assert!(time.contains(seven), "{}: {time}", lang.id);
        // The point as the board names it.
        assert!(i18n.msg(&fault_reason(&faults[3], 15)).contains("h8"));
    }
    i18n.set(0);
    assert_eq!(
        i18n.msg(&fault_reason(&faults[1], 15)),
        "did not answer within 7.0 s"
    );
}
