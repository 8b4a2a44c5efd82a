//! What only Gomoku has: its board on screen, occupied points, the AI opening for White,
//! undo and redo by turns with hints, the last search, and Renju's forbidden points.

use bevy::prelude::*;

use super::{TestApp, p, scripted};
use crate::engine::gomoku::Rule::{Freestyle, Renju};
use crate::engine::gomoku::ai::Level;
use crate::gui::board::gomoku::{BoardRoot, BoardView};
use crate::gui::flow::{Action, PlayAction, Screen};
use crate::gui::kind::gomoku::pos;
use crate::gui::kind::{Move, Side};
use crate::gui::persist::ColourChoice::{Black, White};
use crate::gui::persist::Settings;
use crate::gui::session::Session;

#[test]
fn menu_to_playing() {
    let mut t = TestApp::new();
    assert_eq!(t.screen(), Screen::Title);
    t.start(0, Black, Freestyle);
    assert!(t.session().is_person_turn());
    assert_eq!(t.count::<BoardRoot>(), 1, "the board is on screen");
    // The setup was remembered in the settings file.
    t.app.update();
    let saved = std::fs::read_to_string(t.paths().settings_file()).unwrap();
    assert!(saved.contains("opponent: Some(0)"), "{saved}");
    t.act(Action::Play(PlayAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    assert_eq!(
        t.count::<BoardRoot>(),
        0,
        "leaving a screen despawns its UI"
    );
}

#[test]
fn ai_moves_first_when_the_person_is_white() {
    let mut t = TestApp::with_ai(scripted(&["h8", "h9", "h10"]));
    t.start(Level::Expert.number(), White, Freestyle);
    assert!(t.run_until(|w| w.resource::<Session>().game.ply() == 1));
    assert_eq!(t.session().game.moves()[0], p("h8"));
    // Undo cannot take back the AI's opening move alone.
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 1);
}

#[test]
fn illegal_click_changes_nothing_and_says_why() {
    let mut t = TestApp::new();
    t.start(0, Black, Freestyle);
    t.place(p("h8"));
    t.place(p("h8"));
    // A move of no Gomoku board (moves are opaque numbers each game decodes).
    t.place(Move(u32::MAX));
    let s = t.session();
    assert_eq!(s.game.ply(), 1);
    assert!(
        s.status_text().contains("other game"),
        "{}",
        s.status_text()
    );
    t.place(p("h8"));
    assert!(t.session().status_text().contains("already taken"));
}

/// A click while the AI thinks is refused with a word, and the word goes once it has moved.
#[test]
fn the_wait_message_goes_when_the_ai_has_moved() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let release = Arc::new(AtomicBool::new(false));
    let backend = super::gated(
        &["a1", "a2"],
        Arc::new(AtomicUsize::new(0)),
        release.clone(),
        Arc::new(AtomicBool::new(false)),
    );
    let mut t = TestApp::with_ai(backend);
    t.start(Level::Club.number(), Black, Freestyle);
    t.place(p("h8"));
    t.place(p("h9"));
    assert_eq!(t.session().status_text(), "Wait for the AI's move.");
    release.store(true, Ordering::SeqCst);
    assert!(t.run_until(|w| w.resource::<Session>().game.ply() == 2));
    assert_eq!(t.session().status_text(), "", "answered by the AI's move");
}

#[test]
fn undo_and_redo_against_the_ai_move_by_turns() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3", "a4", "a5"]));
    t.start(Level::Club.number(), Black, Freestyle);
    for m in ["h8", "i8"] {
        t.play_and_wait(p(m));
    }
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 2);
    assert!(t.session().is_person_turn());
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().game.ply(), 4);
    t.act(Action::Play(PlayAction::Hint));
    assert!(
        t.run_until(|w| w.resource::<Session>().hint.is_some()),
        "hint shown"
    );
    assert!(t.app.world().resource::<BoardView>().hint.is_some());
    assert!(
        t.session().status_text().starts_with("Hint: a3"),
        "{}",
        t.session().status_text()
    );
}

/// A hint's search starting and ending changes what the board knows of the game's status,
/// not the position on show: the board does not rebuild the stones for it.
#[test]
fn a_search_starting_does_not_rebuild_the_position() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use crate::gui::board::{Shown, ShownStatus};
    let release = Arc::new(AtomicBool::new(true));
    let backend = super::gated(
        &["a1", "a2", "a3"],
        Arc::new(AtomicUsize::new(0)),
        release.clone(),
        Arc::new(AtomicBool::new(false)),
    );
    let mut t = TestApp::with_ai(backend);
    t.start(Level::Club.number(), Black, Freestyle);
    t.play_and_wait(p("h8"));
    let frames = |t: &mut TestApp, n: usize| (0..n).for_each(|_| t.app.update());
    frames(&mut t, 3);
    release.store(false, Ordering::SeqCst);
    let before = t.app.world().resource_ref::<Shown>().last_changed();
    t.act(Action::Play(PlayAction::Hint));
    frames(&mut t, 5);
    assert!(
        t.app.world().resource::<ShownStatus>().busy,
        "the hint searches"
    );
    assert_eq!(
        t.app.world().resource_ref::<Shown>().last_changed(),
        before,
        "the position on show did not change"
    );
    release.store(true, Ordering::SeqCst);
    assert!(t.run_until(|w| w.resource::<Session>().hint.is_some()));
    frames(&mut t, 2);
    assert!(!t.app.world().resource::<ShownStatus>().busy);
    assert!(
        t.app.world().resource::<Shown>().hint.is_some(),
        "the hint is shown"
    );
}

/// After Undo or Redo the side panel shows no search of a position that is gone.
#[test]
fn undo_and_redo_forget_the_last_search() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3"]));
    t.start(Level::Club.number(), Black, Freestyle);
    t.play_and_wait(p("h8"));
    let depth = |t: &TestApp| t.session().last_search.as_ref().map(|s| s.depth);
    assert_eq!(depth(&t), Some(3));
    t.act(Action::Play(PlayAction::Undo));
    assert!(t.session().last_search.is_none());
    t.act(Action::Play(PlayAction::Redo));
    assert!(t.session().last_search.is_none());
    // The next AI move reports its search again.
    t.play_and_wait(p("i8"));
    assert!(t.session().last_search.is_some());
}

/// Resigning clears the hint ring, and a move in between cancels a first Resign.
#[test]
fn resign_asks_first_and_clears_the_hint() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3"]));
    t.start(Level::Club.number(), Black, Freestyle);
    t.play_and_wait(p("h8"));
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.session().resign_armed);
    t.play_and_wait(p("i8"));
    assert!(!t.session().resign_armed, "a move cancels the question");
    t.act(Action::Play(PlayAction::Hint));
    assert!(t.run_until(|w| w.resource::<Session>().hint.is_some()));
    t.act(Action::Play(PlayAction::Resign));
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.session().hint.is_none());
    assert!(t.run_until(|w| w.resource::<BoardView>().hint.is_none()));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    assert_eq!(
        t.session().end().and_then(|e| e.winner()),
        Some(Side::Second)
    );
}

#[test]
fn renju_forbidden_points_are_marked_and_refused() {
    let mut t = TestApp::new();
    t.start(0, Black, Renju);
    // Black's f8 g8 and h9 h10 make h8 a double three.
    for m in ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "o15"] {
        t.place(p(m));
    }
    assert_eq!(t.session().game.to_move(), Side::First);
    let h8 = pos(p("h8")).unwrap();
    assert!(
        t.app
            .world()
            .resource::<BoardView>()
            .forbidden
            .contains(&h8)
    );
    t.place(p("h8"));
    assert_eq!(t.session().game.ply(), 8, "the forbidden move was refused");
    let status = &t.session().status_text();
    assert!(status.contains("forbidden"), "{status}");
    // Hidden when the setting is off.
    t.app.world_mut().resource_mut::<Settings>().show_forbidden = false;
    t.app.update();
    assert!(t.app.world().resource::<BoardView>().forbidden.is_empty());
}

/// Between two people the colour row has nothing to choose and rests.
#[test]
fn the_colour_row_rests_for_two_people() {
    use crate::gui::flow::{SetupAction, TitleAction};
    use crate::gui::theme::widgets::{ButtonAction, GameButton};
    let colours = |t: &mut TestApp| -> Vec<bool> {
        t.app
            .world_mut()
            .query::<(&ButtonAction, &GameButton)>()
            .iter(t.app.world())
            .filter(|(a, _)| matches!(a.0, Action::Setup(SetupAction::Colour(_))))
            .map(|(_, b)| b.inactive)
            .collect()
    };
    let mut t = TestApp::new();
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Opponent(0)));
    assert_eq!(colours(&mut t), [true; 3]);
    t.act(Action::Setup(SetupAction::Opponent(Level::Club.number())));
    assert_eq!(colours(&mut t), [false; 3]);
}

/// After Continue the evaluation bar shows the position, not 50/50: the position is
/// evaluated on the person's turn when no search of the AI's speaks of it.
#[test]
fn after_continue_the_bar_shows_the_position() {
    use crate::gui::ai_task::{AiBackend, AiWorker, JobKind, engine_search};
    use crate::gui::effects::ui::eval_target;
    use crate::gui::flow::TitleAction;
    let moves = scripted(&["a1", "a2", "a3", "a4"]).search;
    // Scripted moves, the real engine for the evaluation.
    let backend = AiBackend {
        search: std::sync::Arc::new(move |req, stop, progress| match req.purpose {
            JobKind::Move => moves(req, stop, progress),
            _ => engine_search(req, stop, progress),
        }),
        time_scale: 1.0,
    };
    let mut t = TestApp::with_ai(backend);
    t.start(Level::Club.number(), Black, Freestyle);
    for m in ["h8", "i8", "j8"] {
        t.play_and_wait(p(m));
    }
    t.act(Action::Play(PlayAction::Menu));
    t.act(Action::Title(TitleAction::Continue));
    assert!(t.session().last_search.is_none(), "nothing searched yet");
    assert!(t.run_until(|w| w.resource::<Session>().position_eval.is_some()));
    let share = eval_target(t.session(), t.app.world().resource::<AiWorker>());
    assert!(share > 0.7, "Black's open three shows: {share}");
}

/// The move list during play: a click shows an earlier position (not playable), End or the
/// last move goes back, and the game goes on from where it stands.
#[test]
fn the_move_list_shows_earlier_positions_and_the_game_goes_on() {
    use crate::gui::board::Shown;
    use crate::gui::screens::move_list::MoveList;
    let mut t = TestApp::new();
    t.start(0, Black, Freestyle);
    for m in ["h8", "h9", "i8", "i9"] {
        t.place(p(m));
    }
    let rows = |t: &mut TestApp| {
        t.app
            .world_mut()
            .query::<(&MoveList, &Children)>()
            .iter(t.app.world())
            .map(|(l, c)| (l.current, c.len()))
            .next()
    };
    assert_eq!(rows(&mut t), Some((Some(3), 4)));
    t.act(Action::Play(PlayAction::Look(2)));
    let shown = t.app.world().resource::<Shown>();
    assert_eq!(
        shown.game.as_ref().unwrap().ply(),
        2,
        "the position after move 2"
    );
    assert!(!shown.interactive, "an earlier position is only looked at");
    assert_eq!(t.session().game.ply(), 4, "the game is untouched");
    assert_eq!(rows(&mut t), Some((Some(1), 4)));
    // Back to the game, and it goes on from its own position.
    t.act(Action::Play(PlayAction::Look(4)));
    assert_eq!(
        t.app
            .world()
            .resource::<Shown>()
            .game
            .as_ref()
            .unwrap()
            .ply(),
        4
    );
    t.act(Action::Play(PlayAction::Look(1)));
    t.place(p("j8"));
    assert_eq!(t.session().game.ply(), 5, "played on the game's position");
    assert_eq!(t.session().looking, None);
    assert!(t.app.world().resource::<Shown>().interactive);
}

/// A press that comes before the new screen's board has been laid out (the first frames
/// after a screen change) is held until the board has its place, then played once: neither
/// lost nor counted twice.
#[test]
fn a_click_right_after_the_screen_changes_is_played_once() {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    use bevy::ui::RelativeCursorPosition;
    let mut t = TestApp::new();
    t.start(0, Black, Freestyle);
    // The mouse rests on the centre point (the headless app has no pointer of its own).
    let over_centre = |t: &mut TestApp| {
        let world = t.app.world_mut();
        let mut q = world.query_filtered::<&mut RelativeCursorPosition, With<BoardRoot>>();
        for mut r in q.iter_mut(world) {
            r.cursor_over = true;
            r.normalized = Some(Vec2::ZERO);
        }
    };
    over_centre(&mut t);
    t.app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window: Entity::PLACEHOLDER,
    });
    t.app.update();
    assert_eq!(t.session().game.ply(), 0, "held: the board has no size yet");
    // Layout gives the board its size.
    let world = t.app.world_mut();
    let mut q = world.query_filtered::<&mut ComputedNode, With<BoardRoot>>();
    for mut node in q.iter_mut(world) {
        node.size = Vec2::splat(600.0);
    }
    over_centre(&mut t);
    t.app.update();
    assert_eq!(
        t.session().game.ply(),
        1,
        "played once the board has its place"
    );
    assert_eq!(t.session().game.moves()[0], p("h8"));
    for _ in 0..6 {
        over_centre(&mut t);
        t.app.update();
    }
    assert_eq!(t.session().game.ply(), 1, "and only once");
}

/// The press that starts a game (the Start button, over where the board will be) is not
/// also a stone on the new board.
#[test]
fn the_click_that_starts_a_game_places_no_stone() {
    use crate::gui::flow::{SetupAction, TitleAction};
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    let mut t = TestApp::new();
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Opponent(0)));
    // The press and the Start it makes arrive in one frame.
    t.app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window: Entity::PLACEHOLDER,
    });
    t.app.world_mut().trigger(Action::Setup(SetupAction::Start));
    t.app.update();
    assert_eq!(t.screen(), Screen::Playing);
    // The board gets its place with the mouse over a point: still no stone.
    let world = t.app.world_mut();
    let mut q = world.query_filtered::<(&mut ComputedNode, &mut bevy::ui::RelativeCursorPosition), With<BoardRoot>>();
    for (mut node, mut r) in q.iter_mut(world) {
        node.size = Vec2::splat(600.0);
        r.cursor_over = true;
        r.normalized = Some(Vec2::ZERO);
    }
    for _ in 0..6 {
        t.app.update();
    }
    assert_eq!(t.session().game.ply(), 0, "the Start click is not a move");
}
