//! What only Connect Four has: its setup rows, its three levels, full columns, digit keys,
//! hints on a column and the falling disc before the result.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::{TestApp, scripted};
use crate::engine::connect4::{BoardSize, Game, Level as C4Level};
use crate::gui::ai_task::{AiBackend, AiWorker};
use crate::gui::board::connect4::{C4Board, C4View};
use crate::gui::flow::{Action, PlayAction, Screen, SetupAction, TitleAction};
use crate::gui::kind::Side;
use crate::gui::kind::connect4::{any_level, col, kind};
use crate::gui::kind::files::Stats;
use crate::gui::kind::gomoku;
use crate::gui::persist::ColourChoice::{Black, White};
use crate::gui::session::Session;
use crate::gui::theme::widgets::ButtonAction;

fn setup_buttons(t: &mut TestApp) -> Vec<SetupAction> {
    t.app
        .world_mut()
        .query::<&ButtonAction>()
        .iter(t.app.world())
        .filter_map(|b| match &b.0 {
            Action::Setup(a) => Some(a.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn setup_offers_connect_four_and_starts_it() {
    let mut t = TestApp::new();
    t.act(Action::Title(TitleAction::NewGame));
    let is_c4 = |a: &SetupAction| matches!(a, SetupAction::Choose("rows", _));
    let opponents = |b: &[SetupAction]| {
        b.iter()
            .filter(|a| matches!(a, SetupAction::Opponent(_)))
            .count()
    };
    let buttons = setup_buttons(&mut t);
    assert!(!buttons.iter().any(is_c4), "Gomoku's rows first");
    assert_eq!(opponents(&buttons), 6, "5 levels and two players");
    t.act(Action::Setup(SetupAction::Game(kind().id())));
    assert_eq!(t.screen(), Screen::Setup);
    let buttons = setup_buttons(&mut t);
    assert_eq!(buttons.iter().filter(|a| is_c4(a)).count(), 2, "2 boards");
    assert_eq!(opponents(&buttons), 4, "3 levels, two players: {buttons:?}");
    let rule = |a: &SetupAction| matches!(a, SetupAction::Choose("rule", _));
    assert!(!buttons.iter().any(rule));

    t.start_game(kind(), 1, White, &[("rows", 7)]);
    let s = t.session();
    let game = s.game.downcast_ref::<Game>().unwrap();
    assert_eq!(game.size(), BoardSize::SEVEN_BY_SEVEN);
    assert_eq!(s.ai_level(), Some(any_level(C4Level::ALL[0])));
    assert_eq!(s.human, Side::Second);
    assert_eq!(t.count::<C4Board>(), 1, "the board is on screen");
    // The real Casual level opens.
    assert!(t.run_until(|w| w.resource::<Session>().game.ply() == 1));
    // The choices are remembered.
    t.app.update();
    let saved = std::fs::read_to_string(t.paths().settings_file()).unwrap();
    assert!(saved.contains("kind: \"connect4\""), "{saved}");
    assert!(saved.contains("\"rows\": 7"), "{saved}");

    t.act(Action::Play(PlayAction::Menu));
    assert_eq!(t.count::<C4Board>(), 0, "leaving a screen despawns its UI");
    // Back in setup, Connect Four is still chosen.
    t.act(Action::Title(TitleAction::NewGame));
    assert!(setup_buttons(&mut t).iter().any(is_c4));
}

#[test]
fn every_level_and_two_people_can_play() {
    // The Perfect level's 3 s budget becomes 0.3 s.
    let backend = AiBackend {
        time_scale: 0.1,
        ..AiBackend::default()
    };
    let mut t = TestApp::with_ai(backend);
    for (i, level) in C4Level::ALL.into_iter().enumerate() {
        t.start_game(kind(), i as u8 + 1, Black, &[("rows", 6)]);
        assert_eq!(t.session().ai_level(), Some(any_level(level)));
        // Two moves each: the Perfect level answers from its book, then searches.
        for c in [3, 2] {
            let playable = t.session().game.check(col(c)).is_ok();
            t.play_and_wait(col(if playable { c } else { 4 }));
        }
        assert_eq!(t.session().game.ply(), 4, "{level:?} answered twice");
        t.act(Action::Play(PlayAction::Menu));
    }
    t.start_game(kind(), 0, Black, &[("rows", 6)]);
    for c in [3, 3, 4] {
        t.place(col(c));
    }
    assert_eq!(t.session().game.ply(), 3);
    assert!(!t.app.world().resource::<AiWorker>().is_busy());
    assert_eq!(t.session().game.to_move(), Side::Second);
}

#[test]
fn two_people_undo_one_ply_full_columns_are_refused_and_resigning_ends() {
    let mut t = TestApp::new();
    t.start_game(kind(), 0, Black, &[("rows", 6)]);
    for _ in 0..7 {
        t.place(col(0));
    }
    assert_eq!(t.session().game.ply(), 6, "a full column takes no disc");
    assert_eq!(t.session().status_text(), "Column 1 is full.");
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 5);
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().game.ply(), 6);
    // Resign asks first; another action in between cancels the question.
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.session().resign_armed && t.session().is_ongoing());
    t.act(Action::Play(PlayAction::Undo));
    assert!(!t.session().resign_armed, "another action cancels");
    t.act(Action::Play(PlayAction::Redo));
    t.act(Action::Play(PlayAction::Resign));
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    let end = t.session().finished.clone().unwrap().end;
    assert_eq!(end.winner(), Some(Side::Second), "Red resigned on move 7");
    let stats = t.app.world().resource::<Stats>();
    assert_eq!(stats.of(kind()).two_player_games, 1);
    assert_eq!(stats.of(gomoku::kind()).two_player_games, 0);
}

#[test]
fn digit_keys_drop_discs() {
    let mut t = TestApp::new();
    t.start_game(kind(), 0, Black, &[("rows", 6)]);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        t.app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Digit5,
            logical_key: Key::Character("5".into()),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        t.app.update();
    }
    t.app.update();
    assert_eq!(t.session().game.moves(), vec![col(4)]);
}

#[test]
fn hint_is_shown_on_the_board_and_the_last_disc_falls_before_the_result() {
    let mut t = TestApp::with_ai(scripted(&["1", "2", "3"]));
    t.start_game(kind(), 2, Black, &[("rows", 6)]);
    assert!(t.app.world().resource::<C4View>().interactive);
    t.play_and_wait(col(3));
    t.act(Action::Play(PlayAction::Hint));
    assert!(
        t.run_until(|w| w.resource::<Session>().hint.is_some()),
        "hint found"
    );
    assert_eq!(t.app.world().resource::<C4View>().hint, Some(0));
    assert!(t.session().status_text().starts_with("Hint: column 1"));
    // Playing clears it.
    t.play_and_wait(col(3));
    assert_eq!(t.app.world().resource::<C4View>().hint, None);
    t.play_and_wait(col(3));
    t.place(col(3));
    // The game is over and saved at once, but the screen waits for the disc to land.
    assert!(t.session().finished.is_some());
    assert_eq!(
        t.screen(),
        Screen::Playing,
        "the winning disc is still falling"
    );
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
}
