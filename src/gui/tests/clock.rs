//! The game clock in the app: chosen in New game, the AI thinking within it, a flag falling
//! into a result on time, and the times in the record.

use super::*;
use crate::engine::gomoku::ai::Level;
use crate::gui::clock::TimeControl;
use crate::gui::kind::Side;
use crate::gui::kind::gomoku::any_level;
use crate::gui::screens::result::headline;
use crate::gui::session::GameEnd;

fn with_clock(t: &mut TestApp, clock: TimeControl) {
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Clock(clock)));
    t.act(Action::Setup(SetupAction::Back));
}

/// The short version of the benchmark's ten 1 + 0 games (`arena --clock 60+0`): one game on
/// a 6 s + 0 clock against Expert, the person's moves from Novice as fast as it can: the AI
/// never runs out of time, and every move is on the clock.
#[test]
fn the_ai_plays_a_whole_game_within_a_short_clock() {
    let mut t = TestApp::new();
    let control = TimeControl::Fischer {
        seconds: 6,
        increment: 0,
    };
    with_clock(&mut t, control);
    t.start(Level::Expert.number(), ColourChoice::Black, Rule::Freestyle);
    assert_eq!(t.session().clock.as_ref().map(|c| c.control), Some(control));
    while t.session().is_ongoing() && t.session().game.ply() < 80 {
        let mv = crate::gui::script::person_move(t.session(), any_level(Level::Novice), 1.0)
            .expect("a legal move");
        t.place(mv);
        let ply = t.session().game.ply();
        assert!(t.run_until(|w| {
            let s = w.resource::<Session>();
            s.game.ply() > ply || !s.is_ongoing()
        }));
    }
    let s = t.session();
    assert_ne!(s.flagged, Some(Side::Second), "the AI lost on time");
    let clock = s.clock.as_ref().unwrap();
    let per_move = clock.per_move();
    assert_eq!(per_move.len(), s.game.ply());
    let ai_spent: Duration = per_move.iter().skip(1).step_by(2).map(|m| m.0).sum();
    assert!(ai_spent < Duration::from_secs(6), "{ai_spent:?}");
    assert!(ai_spent > Duration::ZERO);
}

/// A clock at zero on the person's turn ends the game on time: the result says so, the
/// record is saved and counted as a loss.
#[test]
fn a_fallen_flag_loses_the_game_on_time() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3"]));
    with_clock(&mut t, TimeControl::PerMove { seconds: 1 });
    t.start(Level::Club.number(), ColourChoice::Black, Rule::Freestyle);
    t.play_and_wait(p("h8"));
    // The person thinks too long.
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    let s = t.session();
    assert_eq!(s.flagged, Some(Side::First));
    let end = s.end().unwrap();
    assert_eq!(end, GameEnd::Time { loser: Side::First });
    let i18n = t.app.world().resource::<crate::gui::i18n::I18n>();
    assert_eq!(i18n.msg(&headline(s, &end).0), "You lose on time");
    // The record says so, with the clock after each move (BL/WL) and the thinking times.
    let path = s.finished.as_ref().unwrap().record.clone().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("RE[W+T]"), "{text}");
    assert!(
        text.contains("BL[1.0]") && text.contains("WL[1.0]"),
        "{text}"
    );
    let rec = crate::engine::record::GameRecord::from_sgf(&text).unwrap();
    assert_eq!(rec.moves.len(), 2);
    assert!(rec.moves.iter().all(|m| m.time_ms.is_some()), "{text}");
    // The replay of the record shows each move's time and the clock after it.
    t.act(Action::Result(crate::gui::flow::ResultAction::Replay));
    let replay = t
        .app
        .world()
        .resource::<crate::gui::screens::replay::Replay>();
    assert_eq!(replay.times.len(), 2);
    assert_eq!(replay.times[0].1, Some(Duration::from_secs(1)));
    let s = t.session();
    // The clock stopped with the game.
    assert!(!s.clock.as_ref().unwrap().is_running());
}

/// A freestyle game against a scripted Club (a1, a2, a3) on a 1 + 0 clock, the person Black.
fn scripted_club_on_a_minute() -> TestApp {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3"]));
    with_clock(
        &mut t,
        TimeControl::Fischer {
            seconds: 60,
            increment: 0,
        },
    );
    t.start(Level::Club.number(), ColourChoice::Black, Rule::Freestyle);
    t
}

/// The menu pauses the clock, Continue resumes it; undo gives no time back (time spent
/// stays spent, as on game servers).
#[test]
fn the_menu_pauses_the_clock_and_undo_gives_no_time_back() {
    let mut t = scripted_club_on_a_minute();
    std::thread::sleep(Duration::from_millis(300));
    t.play_and_wait(p("h8"));
    let left = |t: &TestApp| {
        let s = t.session();
        let c = s.clock.as_ref().unwrap();
        c.left(0, s.game.to_move().index(), Instant::now())
    };
    assert!(left(&t) <= Duration::from_millis(59_700));
    t.act(Action::Play(PlayAction::Menu));
    let paused = left(&t);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(left(&t), paused, "paused in the menu");
    assert!(!t.session().clock.as_ref().unwrap().is_running());
    // Continue restores the game and its clock from the autosave.
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Playing);
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 0);
    // Back at the start, the person's time is what it was after h8 (as the autosave kept
    // it), less the moments since Continue: read at the instant the clock started again
    // (however slowly the test runs). h8's time stays spent.
    let s = t.session();
    let c = s.clock.as_ref().unwrap();
    let at = c.running_since().unwrap_or_else(Instant::now);
    let after_undo = c.left(0, s.game.to_move().index(), at);
    let after_h8 = c.per_move()[0].1;
    assert!(after_undo <= after_h8, "{after_undo:?} > {after_h8:?}");
    assert!(
        after_undo <= Duration::from_millis(59_700),
        "h8's time stays spent"
    );
}

/// The time a person thinks before pausing in the menu stays spent: the paused clock is
/// saved with the game, so Continue (and a restart from the title) gives none of it back.
#[test]
fn time_spent_before_the_menu_stays_spent_after_continue() {
    let mut t = scripted_club_on_a_minute();
    t.play_and_wait(p("h8"));
    assert_eq!(t.session().game.ply(), 2);
    // Black's time after h8, unchanged through White's a1 (no increment): what the
    // autosave of a1 kept.
    let after_a1 = t.session().clock.as_ref().unwrap().per_move()[0].1;
    // Black thinks at least 400 ms, then goes to the menu.
    std::thread::sleep(Duration::from_millis(400));
    t.app.update();
    t.act(Action::Play(PlayAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Playing);
    let s = t.session();
    let c = s.clock.as_ref().unwrap();
    let at = c.running_since().unwrap_or_else(Instant::now);
    let resumed = c.left(0, 0, at);
    assert!(
        resumed + Duration::from_millis(400) <= after_a1,
        "{resumed:?} after Continue, {after_a1:?} after a1: the menu gave time back"
    );
}

/// Connect Four runs on the same clock: the AI's answers are charged to its clock and it
/// stays within it.
#[test]
fn connect_four_plays_on_the_same_clock() {
    use crate::engine::connect4::Level as C4Level;
    use crate::gui::kind::connect4::{col, kind};
    let mut t = TestApp::new();
    with_clock(
        &mut t,
        TimeControl::Fischer {
            seconds: 8,
            increment: 1,
        },
    );
    t.start_game(
        kind(),
        crate::gui::kind::connect4::any_level(C4Level::Perfect).number(),
        ColourChoice::Black,
        &[("rows", 6)],
    );
    for c in [3, 2, 4] {
        if !t.session().is_ongoing() {
            break;
        }
        t.play_and_wait(col(c));
    }
    let s = t.session();
    assert_eq!(s.flagged, None);
    let clock = s.clock.as_ref().unwrap();
    let per_move = clock.per_move();
    assert_eq!(per_move.len(), s.game.ply());
    // Every AI move was charged and earned its increment: under 8 + 1 s after each.
    for (spent, left) in per_move.iter().skip(1).step_by(2) {
        assert!(*left <= Duration::from_secs(9) && *left > Duration::from_secs(1));
        assert!(*spent < Duration::from_secs(8));
    }
}
