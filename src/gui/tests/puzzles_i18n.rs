//! The puzzle trainer in the players' languages: its panel, its status line following a
//! change of language, and every message it says in the catalogs.

use bevy::prelude::*;

use super::TestApp;
use super::puzzles::{first_puzzle, open_trainer, play, status, trainer};
use crate::engine::puzzle::Kind;
use crate::gui::flow::{Action, PuzzleAction};
use crate::gui::i18n::{I18n, index_of};
use crate::gui::puzzles::Trainer;

/// The texts on screen, none of them a message's key (no such message) or with a variable
/// left unfilled.
fn worded(t: &mut TestApp) -> Vec<String> {
    let shown = t.texts();
    for text in &shown {
        assert!(
            !text.contains("puzzle-") && !text.contains("{$"),
            "{text:?} in {shown:?}"
        );
    }
    shown
}

fn speak(t: &mut TestApp, id: &str) {
    let index = index_of(id).unwrap();
    t.app.world_mut().resource_mut::<I18n>().set(index);
    t.app.update();
}

/// The trainer's panel in the language in use, its status line following a change of
/// language, every language's words filled in, and the words drawn from the game (side names,
/// moves) put in place.
#[test]
fn i18n_the_trainer_speaks_the_language_in_use() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = first_puzzle(&t, "rule-freestyle", Kind::Vcf, 1);
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    t.app.update();
    let (attacker, defender) = {
        let tr = trainer(&t);
        let (kind, side) = (tr.entry().unwrap().kind, tr.attacker().unwrap());
        (kind.side_name(side), kind.side_name(side.other()))
    };
    let (attacker_cs, defender_cs) = {
        let cs = I18n::new(index_of("cs").unwrap());
        (cs.msg(&attacker), cs.msg(&defender))
    };
    let (attacker, defender) = { (attacker.english(), defender.english()) };
    let shown = worded(&mut t);
    let prompt = format!("{attacker} to play: win by fours");
    for expected in ["Puzzles", "Hint", "Try again", &prompt] {
        assert!(
            shown.iter().any(|s| s == expected),
            "{expected:?} in {shown:?}"
        );
    }
    assert!(
        shown
            .iter()
            .any(|s| s.starts_with("Your rating: 1500 ± 700 (provisional)\n")),
        "{shown:?}"
    );
    // A wrong move: the refutation in words, with the defender's name and answer.
    let quiet = (0..15u8)
        .map(|x| crate::gui::kind::gomoku::point(crate::engine::gomoku::Pos::new(x, 0)))
        .find(|&m| trainer(&t).game.as_ref().unwrap().check(m).is_ok())
        .unwrap();
    play(&mut t, quiet);
    t.app.update();
    let shown = worded(&mut t);
    let refuted = shown
        .iter()
        .find(|s| s.starts_with(&format!("Not this one: {defender} answers ")))
        .unwrap_or_else(|| panic!("the refutation in {shown:?}"));
    assert!(
        refuted.ends_with(" and the attack runs out. Try again."),
        "{refuted}"
    );
    assert!(
        shown
            .iter()
            .any(|s| s.contains("Your rating: ") && s.contains(" (−")),
        "the rating lost: {shown:?}"
    );

    // Czech: the status line and the panel change at once; the buttons when the screen is
    // entered again (a language is picked on the settings screen).
    speak(&mut t, "cs");
    let shown = worded(&mut t);
    assert!(
        shown
            .iter()
            .any(|s| s.starts_with(&format!("Tudy ne: soupeř ({defender_cs}) odpoví "))),
        "{shown:?}"
    );
    let prompt = format!("{attacker_cs} na tahu: výhra samými čtyřkami");
    assert!(shown.contains(&prompt), "{prompt:?} in {shown:?}");
    assert!(
        shown
            .iter()
            .any(|s| s.starts_with("Zobrazeno: všechny hry")),
        "{shown:?}"
    );
    t.act(Action::Puzzle(PuzzleAction::Menu));
    open_trainer(&mut t);
    let shown = worded(&mut t);
    for expected in [
        "Úlohy",
        "Nápověda",
        "Znovu",
        "Kliknutím zahrajete tah útočící strany",
    ] {
        assert!(
            shown.iter().any(|s| s == expected),
            "{expected:?} in {shown:?}"
        );
    }
    // The hints, the solution and the filters in every language.
    for lang in crate::gui::i18n::LANGUAGES {
        speak(&mut t, lang.id);
        t.act(Action::Puzzle(PuzzleAction::Retry));
        t.act(Action::Puzzle(PuzzleAction::Hint));
        worded(&mut t);
        t.act(Action::Puzzle(PuzzleAction::Hint));
        worded(&mut t);
        assert_eq!(status(&t), "puzzle-hint-move");
        t.act(Action::Puzzle(PuzzleAction::Solution));
        worded(&mut t);
        t.act(Action::Puzzle(PuzzleAction::OpenGame));
        assert_eq!(status(&t), "puzzle-status-not-yours");
        worded(&mut t);
        t.act(Action::Puzzle(PuzzleAction::Difficulty));
        worded(&mut t);
    }
}

/// Every `puzzle-` message the trainer's code names is in the English catalog, and every one
/// of the catalog is named by the code.
#[test]
fn the_trainers_messages_are_the_catalogs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut used = std::collections::BTreeSet::new();
    // Every file of the trainer, and its screen.
    let mut files: Vec<_> = std::fs::read_dir(root.join("src/gui/puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.push(root.join("src/gui/screens/puzzles.rs"));
    for file in files {
        let source = std::fs::read_to_string(file).unwrap();
        for piece in source.split("\"puzzle-").skip(1) {
            let key: String = piece
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                .collect();
            used.insert(format!("puzzle-{key}"));
        }
    }
    let english = crate::gui::i18n::LANGUAGES[0].source;
    let catalog: std::collections::BTreeSet<String> = english
        .lines()
        .filter(|l| l.starts_with("puzzle-"))
        .filter_map(|l| l.split_once(" =").map(|(key, _)| key.to_string()))
        .collect();
    assert!(used.len() > 40, "{used:?}");
    let unknown: Vec<_> = used.difference(&catalog).collect();
    let unused: Vec<_> = catalog.difference(&used).collect();
    assert!(
        unknown.is_empty(),
        "named in the code, not in en/puzzles.ftl: {unknown:?}"
    );
    assert!(
        unused.is_empty(),
        "in en/puzzles.ftl, named by no code: {unused:?}"
    );
}
