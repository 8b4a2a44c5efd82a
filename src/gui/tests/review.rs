//! The review on the replay screen: started from the result, one graph point per position,
//! grades, the best line on the board, the cache beside the record (a corrupt one is
//! rebuilt), and leaving the screen stops the engine.

use bevy::prelude::*;

use super::{TestApp, p, scripted};
use crate::engine::gomoku::ai::Level;
use crate::engine::review::Grade;
use crate::gui::board::gomoku::BoardView;
use crate::gui::flow::{Action, ReplayAction, ResultAction, Screen};
use crate::gui::persist::ColourChoice::Black;
use crate::gui::review::Review;
use crate::gui::screens::replay::Replay;
use crate::gui::screens::review::ReviewBar;

/// Black wins on row 8 while the scripted AI plays down column a: White never blocks.
fn finished_game() -> TestApp {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3", "a4", "a5"]));
    t.start(
        Level::Club.number(),
        Black,
        crate::engine::gomoku::Rule::Freestyle,
    );
    for m in ["h8", "i8", "j8", "k8", "l8"] {
        t.play_and_wait(p(m));
    }
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    t
}

fn reviewed(w: &World) -> bool {
    w.resource::<Review>().result.is_some()
}

#[test]
fn a_review_grades_the_game_and_draws_one_point_per_position() {
    let mut t = finished_game();
    t.act(Action::Result(ResultAction::Review));
    assert_eq!(t.screen(), Screen::Replay);
    // No review of this game is cached: entering the replay starts one, and it ends.
    assert!(t.run_until(reviewed), "the review finished");
    t.app.update();
    let review = t.app.world().resource::<Review>();
    let r = review.result.clone().unwrap();
    assert_eq!(r.moves.len(), 9);
    assert_eq!(r.curve.len(), 10, "the start and one point per move");
    // White let the open three become an open four (ply 5) after loose moves far from the
    // stones (plies 1 and 3): one of them is the mistake that lost, depending on how far the
    // engine reads (a deeper read sees the game lost earlier and calls a loose move a
    // blunder; with freestyle's policy it already sees ply 3's position as lost).
    let bad = |g: Option<Grade>| matches!(g, Some(Grade::Mistake | Grade::Blunder));
    let white = [1, 3, 5];
    assert!(
        white.iter().any(|&i| bad(r.moves[i].grade)),
        "{:?} / {:?} / {:?}",
        r.moves[1],
        r.moves[3],
        r.moves[5]
    );
    assert!(
        r.turning_point.is_some_and(|tp| tp % 2 == 1),
        "one of White's moves"
    );
    assert!(r.summary[1].accuracy < r.summary[0].accuracy);
    assert_eq!(t.count::<ReviewBar>(), 10);
    // Clicking a point of the graph goes to that move; the board shows the best move
    // instead of it, White's, lettered from A, as the verdict names it.
    let i = white.into_iter().find(|&i| bad(r.moves[i].grade)).unwrap();
    t.act(Action::Replay(ReplayAction::Goto(i + 1)));
    assert_eq!(t.app.world().resource::<Replay>().cursor, i + 1);
    let ghosts = t.app.world().resource::<BoardView>().ghosts.clone();
    assert!(!ghosts.is_empty(), "the engine's line is on the board");
    let best = r.moves[i].best.and_then(crate::gui::kind::gomoku::pos);
    assert_eq!(Some(ghosts[0].0), best);
    assert_eq!(ghosts[0].1, crate::engine::gomoku::Stone::White);
    assert_eq!(ghosts[0].2, "A");
    let named = t
        .app
        .world_mut()
        .query::<&Text>()
        .iter(t.app.world())
        .any(|t| t.0.contains("Best was"));
    assert!(named, "the verdict names the best move");
}

#[test]
fn leaving_the_review_stops_it() {
    let mut t = finished_game();
    t.act(Action::Result(ResultAction::Replay));
    t.act(Action::Replay(ReplayAction::Review));
    assert!(t.app.world().resource::<Review>().is_running());
    t.act(Action::Replay(ReplayAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    assert!(!t.app.world().resource::<Review>().is_running(), "stopped");
    for _ in 0..30 {
        t.app.update();
    }
    assert!(
        !reviewed(t.app.world()),
        "a stopped review delivers nothing"
    );
}

#[test]
fn the_review_is_cached_beside_the_record_and_a_corrupt_cache_is_rebuilt() {
    let mut t = finished_game();
    let record = t.session().finished.clone().unwrap().record.unwrap();
    let mut cache = record.clone().into_os_string();
    cache.push(".review");
    let cache = std::path::PathBuf::from(cache);
    std::fs::write(&cache, "(version: 1, this is not a review").unwrap();
    t.act(Action::Result(ResultAction::Review));
    assert!(t.run_until(reviewed));
    assert!(
        !t.app.world().resource::<Review>().from_cache,
        "the bad cache was ignored"
    );
    let text = std::fs::read_to_string(&cache).unwrap();
    assert!(text.contains("positions"), "rebuilt: {text}");
    // Reopening the game shows the review at once, from the cache.
    t.act(Action::Replay(ReplayAction::Menu));
    t.act(Action::Title(crate::gui::flow::TitleAction::ReplayLast));
    t.act(Action::Replay(ReplayAction::Review));
    let review = t.app.world().resource::<Review>();
    assert!(review.from_cache && review.result.is_some());
    assert!(!review.is_running());
}

#[test]
fn connect_four_games_get_the_same_review_with_exact_scores() {
    let mut t = TestApp::with_ai(scripted(&["1", "2", "3"]));
    use crate::gui::kind::connect4::{col, kind};
    t.start_game(kind(), 2, Black, &[("rows", 6)]);
    for _ in 0..4 {
        t.play_and_wait(col(3));
    }
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    t.act(Action::Result(ResultAction::Review));
    assert!(t.run_until(reviewed), "the review finished");
    t.app.update();
    let r = t.app.world().resource::<Review>().result.clone().unwrap();
    assert_eq!((r.moves.len(), r.curve.len()), (7, 8));
    assert_eq!(t.count::<ReviewBar>(), 8);
    // Red's fourth disc up the column wins at once: the best move, a proven result.
    assert_eq!(r.moves[6].grade, Some(Grade::Best));
    assert_eq!(r.moves[6].after, crate::engine::review::Outlook::Win(0));
    // Yellow's third disc elsewhere let the four through: a proven loss in one.
    assert_eq!(r.moves[5].after, crate::engine::review::Outlook::Loss(1));
}

/// A game on a clock: the review puts the time each move took under the graph, one bar per
/// position, and the verdict of the move on show says it.
#[test]
fn the_review_shows_the_time_each_move_took() {
    use crate::gui::clock::TimeControl;
    use crate::gui::flow::{SetupAction, TitleAction};
    use crate::gui::screens::review::{ReviewStatus, ReviewTimes};
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3", "a4", "a5"]));
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Clock(TimeControl::Fischer {
        seconds: 300,
        increment: 0,
    })));
    t.act(Action::Setup(SetupAction::Back));
    t.start(
        Level::Club.number(),
        Black,
        crate::engine::gomoku::Rule::Freestyle,
    );
    for m in ["h8", "i8", "j8", "k8", "l8"] {
        t.play_and_wait(p(m));
    }
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    t.act(Action::Result(ResultAction::Review));
    assert!(t.run_until(reviewed));
    t.app.update();
    let (strip, node) = t
        .app
        .world_mut()
        .query_filtered::<(&Children, &Node), With<ReviewTimes>>()
        .single(t.app.world())
        .unwrap();
    assert_eq!(node.display, Display::Flex, "shown for a game with times");
    assert_eq!(strip.len(), 10, "one bar per position, as on the graph");
    t.act(Action::Replay(ReplayAction::Goto(3)));
    t.app.update();
    let status = t
        .app
        .world_mut()
        .query_filtered::<&Text, With<ReviewStatus>>()
        .single(t.app.world())
        .unwrap()
        .0
        .clone();
    let first = status.lines().next().unwrap();
    assert!(
        first.starts_with("Move 3 · Black i8 (0.") && first.contains(" s): "),
        "{status}"
    );
}

/// Without times (a game with no clock) the strip stays hidden.
#[test]
fn a_game_without_a_clock_has_no_time_strip() {
    use crate::gui::screens::review::ReviewTimes;
    let mut t = finished_game();
    t.act(Action::Result(ResultAction::Review));
    assert!(t.run_until(reviewed));
    t.app.update();
    let node = t
        .app
        .world_mut()
        .query_filtered::<&Node, With<ReviewTimes>>()
        .single(t.app.world())
        .unwrap();
    assert_eq!(node.display, Display::None);
}

/// The GUI words the engine's review in the catalog's language; in English exactly as the
/// engine's own words (kept for the CLIs), with plurals per language.
#[test]
fn i18n_review_words_come_from_the_catalog() {
    use crate::engine::review::Outlook;
    use crate::gui::i18n::{I18n, index_of};
    use crate::gui::screens::review::{grade_count, grade_key, one_decimal, outlook_text};
    let en = I18n::new(0);
    for o in [
        Outlook::Win(0),
        Outlook::Loss(0),
        Outlook::Win(3),
        Outlook::Loss(2),
        Outlook::Draw,
        Outlook::Unknown,
        Outlook::Eval(120),
        Outlook::Eval(-300),
    ] {
        assert_eq!(
            outlook_text(
                &en,
                o,
                crate::gui::msg::Msg::verbatim("Black"),
                crate::gui::msg::Msg::verbatim("White")
            ),
            o.describe("Black", "White")
        );
    }
    for g in Grade::ALL {
        assert_eq!(en.t(grade_key(g)), g.name());
        for n in [1, 2, 5] {
            if let Some(text) = grade_count(&en, g, n) {
                assert_eq!(text, g.count(n));
            }
        }
    }
    let ru = I18n::new(index_of("ru").unwrap());
    let counts: Vec<String> = [1, 3, 5, 21]
        .iter()
        .filter_map(|&n| grade_count(&ru, Grade::Mistake, n))
        .collect();
    assert_eq!(counts, ["1 ошибка", "3 ошибки", "5 ошибок", "21 ошибка"]);
    let cs = I18n::new(index_of("cs").unwrap());
    assert_eq!(
        cs.t_args("review-seconds", &[("seconds", one_decimal(2.0))]),
        "2,0 s"
    );
    assert_eq!(
        en.t_args("review-seconds", &[("seconds", one_decimal(13.44))]),
        "13.4 s"
    );
    assert_eq!(
        en.t_args("replay-speed", &[("speed", 1.0f32.into())]),
        "1 move per second"
    );
    assert_eq!(
        cs.t_args("replay-speed", &[("speed", 0.5f32.into())]),
        "0,5 tahu za sekundu"
    );
}

/// The review panel speaks the language in use: the verdict and the summary in Czech.
#[test]
fn the_review_speaks_the_language_in_use() {
    use crate::gui::persist::Settings;
    use crate::gui::screens::review::{ReviewStatus, ReviewSummary};
    let mut t = finished_game();
    t.app.world_mut().resource_mut::<Settings>().language = Some("cs".into());
    t.app.update();
    t.act(Action::Result(ResultAction::Review));
    assert!(t.run_until(reviewed));
    t.act(Action::Replay(ReplayAction::Goto(3)));
    t.app.update();
    let text_of = |t: &mut TestApp, summary: bool| {
        let world = t.app.world_mut();
        if summary {
            let mut q = world.query_filtered::<&Text, With<ReviewSummary>>();
            q.single(world).unwrap().0.clone()
        } else {
            let mut q = world.query_filtered::<&Text, With<ReviewStatus>>();
            q.single(world).unwrap().0.clone()
        }
    };
    let status = text_of(&mut t, false);
    assert!(status.starts_with("Tah 3 · "), "{status}");
    let summary = text_of(&mut t, true);
    assert!(summary.contains("přesnost"), "{summary}");
    assert!(!summary.contains("accuracy"), "{summary}");
}
