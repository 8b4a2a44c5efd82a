//! Tournament openings in play (Gomoku's Swap2 and the Renju rules), through the menu, the
//! board's clicks and the choice buttons: the person's actions, the AI's decisions on its
//! job, illegal clicks refused in the rule's words, Undo inside the opening, and normal play
//! from the opening's position with the right colours.

use bevy::prelude::*;

use super::{TestApp, p, records_in};
use crate::engine::gomoku::ai::Level;
use crate::engine::gomoku::opening::{Action, Opening, OpeningRule, Player};
use crate::engine::gomoku::{Pos, Rule};
use crate::gui::board::gomoku::{AllowedArea, BoardCursor, BoardView, KeyCursor};
use crate::gui::board::{Allowed, Shown};
use crate::gui::flow::{Action as AppAction, PlayAction, Screen};
use crate::gui::kind::gomoku as gomoku_kind;
use crate::gui::kind::{OpeningPhase, Side};
use crate::gui::persist::ColourChoice;
use crate::gui::session::Session;
use crate::gui::theme::widgets::ButtonAction;

fn start(t: &mut TestApp, opponent: u8, colour: ColourChoice, rule: Rule, opening: OpeningRule) {
    let rule = Rule::ALL.iter().position(|&r| r == rule).unwrap() as u32;
    let opening = OpeningRule::ALL.iter().position(|&r| r == opening).unwrap() as u32;
    t.start_game(
        gomoku_kind::kind(),
        opponent,
        colour,
        &[("rule", rule), ("size", 15), ("opening", opening)],
    );
}

fn phase(t: &TestApp) -> &dyn OpeningPhase {
    t.session().opening.as_deref().expect("the opening runs")
}

fn texts(t: &TestApp) -> Vec<String> {
    phase(t).texts()
}

/// The choice buttons on show.
fn choice_buttons(t: &mut TestApp) -> usize {
    t.app
        .world_mut()
        .query::<&ButtonAction>()
        .iter(t.app.world())
        .filter(|b| matches!(b.0, AppAction::Play(PlayAction::OpeningChoice(_))))
        .count()
}

fn choose(t: &mut TestApp, label: &str) {
    let options: Vec<String> = phase(t).options().iter().map(|o| o.english()).collect();
    let i = options
        .iter()
        .position(|o| o == label)
        .unwrap_or_else(|| panic!("no {label} among {options:?}"));
    t.act(AppAction::Play(PlayAction::OpeningChoice(i)));
}

/// Runs frames until the person is to act in the opening or it is over.
fn wait_for_person(t: &mut TestApp) {
    assert!(
        t.run_until(|w| {
            let s = w.resource::<Session>();
            !s.in_opening() || !s.is_ai_turn() || !s.is_ongoing()
        }),
        "the AI acted in the opening"
    );
}

/// What the engine says to `action` after `before` (the rule's own words).
fn engine_error(rule: Rule, opening: OpeningRule, before: &[&str], action: Action) -> String {
    let mut o = Opening::new(15, rule, opening).unwrap();
    for m in before {
        o.apply(o.parse_action(m).unwrap()).unwrap();
    }
    // The catalog's sentence is the engine's, with its full stop.
    format!("{}.", o.apply(action).unwrap_err())
}

fn at(s: &str) -> Pos {
    Pos::from_human(s, 15).unwrap()
}

/// Who holds Black after the actions recorded in the comment, by the engine's replay.
fn black_after(rule: Rule, opening: OpeningRule, comment: &str) -> Player {
    let actions = comment.split("; ").nth(1).unwrap_or("");
    let mut o = Opening::new(15, rule, opening).unwrap();
    for text in actions.split_whitespace() {
        o.apply(o.parse_action(text).unwrap()).unwrap();
    }
    assert!(o.is_done(), "{comment}");
    o.black()
}

/// A legal point for the side to move in normal play.
fn any_legal(t: &TestApp) -> crate::gui::kind::Move {
    let game = &t.session().game;
    (0..15u8)
        .flat_map(|y| (0..15u8).map(move |x| gomoku_kind::point(Pos::new(x, y))))
        .find(|&m| game.check(m).is_ok())
        .expect("a free point")
}

#[test]
fn swap2_against_the_ai_then_normal_play_with_the_right_colours() {
    let mut t = TestApp::new();
    start(
        &mut t,
        Level::Novice.number(),
        ColourChoice::Black,
        Rule::Freestyle,
        OpeningRule::Swap2,
    );
    let s = t.session();
    assert!(s.in_opening());
    assert_eq!(s.human_player, Side::First);
    assert_eq!(phase(&t).actor(), Some(Side::First));
    assert!(s.is_person_turn());
    assert_eq!(
        s.opening_prompt().unwrap().english(),
        "Place three stones: two black, one white (now a black one)"
    );
    assert!(t.app.world().resource::<Shown>().interactive);
    assert_eq!(choice_buttons(&mut t), 0);
    for (n, m) in ["h8", "i9", "j7"].into_iter().enumerate() {
        t.place(p(m));
        assert_eq!(t.session().status_text(), "", "{m} was taken");
        assert_eq!(t.session().game.ply(), n + 1, "{m} is on the board");
    }
    // The AI (second player) decides: a colour, or two more stones and the person chooses.
    if t.session().in_opening() && t.session().is_ai_turn() {
        let prompt = t.session().opening_prompt().unwrap().english();
        assert!(prompt.starts_with("Novice is"), "{prompt}");
    }
    let mut rounds = 0;
    while t.session().in_opening() {
        rounds += 1;
        assert!(rounds < 10, "the opening ends");
        wait_for_person(&mut t);
        if !t.session().in_opening() {
            break;
        }
        // After the AI's two more stones the person chooses the colour.
        assert_eq!(
            t.session().opening_prompt().unwrap().english(),
            "Choose your colour"
        );
        assert_eq!(choice_buttons(&mut t), 2, "Play Black, Play White");
        choose(&mut t, "Play Black");
    }
    let s = t.session();
    let comment = s.opening_comment().expect("the opening's record");
    assert!(
        comment.starts_with("Opening: Swap2; h8 i9 j7 "),
        "{comment}"
    );
    assert_eq!(s.opening_stones, s.game.ply(), "{comment}");
    assert!(s.opening_stones == 3 || s.opening_stones == 5, "{comment}");
    let black = black_after(Rule::Freestyle, OpeningRule::Swap2, &comment);
    let expected = if black == Player::First {
        Side::First
    } else {
        Side::Second
    };
    assert_eq!(s.human, expected, "the person's colour after {comment}");
    assert_eq!(choice_buttons(&mut t), 0);
    // Normal play: the AI moves if it is its turn, then the person and the AI again.
    let stones = t.session().opening_stones;
    if t.session().is_ai_turn() {
        assert!(t.run_until(|w| w.resource::<Session>().game.ply() > stones));
    }
    assert!(t.session().is_person_turn());
    let mv = any_legal(&t);
    t.play_and_wait(mv);
    // Undo never goes back into the opening.
    for _ in 0..4 {
        t.act(AppAction::Play(PlayAction::Undo));
    }
    assert!(!t.session().in_opening());
    let ply = t.session().game.ply();
    // Back to the opening's stones, or to the AI's first move after them.
    assert!(ply == stones || ply == stones + 1, "{ply} after {stones}");
    assert_eq!(t.session().status_text(), "Nothing to undo.");
    // The record keeps the opening in its comment.
    t.act(AppAction::Play(PlayAction::Resign));
    t.act(AppAction::Play(PlayAction::Resign));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    let records = records_in(&t.paths().games_dir(), "sgf");
    assert_eq!(records.len(), 1);
    let sgf = std::fs::read_to_string(&records[0]).unwrap();
    assert!(sgf.contains("Opening: Swap2; h8 i9 j7"), "{sgf}");
}

#[test]
fn soosorv8_with_the_ai_first_the_person_picks_a_fifth_move() {
    let mut t = TestApp::new();
    start(
        &mut t,
        Level::Novice.number(),
        ColourChoice::White,
        Rule::Renju,
        OpeningRule::Soosorv8,
    );
    assert_eq!(t.session().human_player, Side::Second);
    assert!(t.session().is_ai_turn(), "the AI places the first stones");
    wait_for_person(&mut t);
    assert_eq!(t.session().game.ply(), 3, "one of the 26 openings");
    assert_eq!(
        t.session().opening_prompt().unwrap().english(),
        "Choose your colour"
    );
    assert_eq!(choice_buttons(&mut t), 2);
    // Nothing of the person's to take back yet.
    t.act(AppAction::Play(PlayAction::Undo));
    assert_eq!(t.session().status_text(), "Nothing to undo.");
    assert_eq!(texts(&t).len(), 3);
    choose(&mut t, "Play White");
    assert_eq!(t.session().human, Side::Second);
    // The fourth stone, taken back and put again.
    t.place(p("a1"));
    assert_eq!(t.session().game.ply(), 4);
    t.act(AppAction::Play(PlayAction::Undo));
    assert_eq!(
        t.session().game.ply(),
        3,
        "back to the person's fourth move"
    );
    assert_eq!(texts(&t).len(), 4, "the colour choice stays");
    assert_eq!(
        t.session().opening_prompt().unwrap().english(),
        "Place a white stone"
    );
    t.place(p("a1"));
    assert_eq!(choice_buttons(&mut t), 8, "1 to 8 fifth moves");
    assert!(
        !t.app.world().resource::<Shown>().interactive,
        "the count is declared with the buttons, not on the board"
    );
    choose(&mut t, "1");
    let mut picked = false;
    let mut rounds = 0;
    while t.session().in_opening() {
        rounds += 1;
        assert!(rounds < 20, "the opening ends");
        wait_for_person(&mut t);
        if !t.session().in_opening() {
            break;
        }
        let prompt = t.session().opening_prompt().unwrap().english();
        assert_eq!(
            prompt, "Choose one of Black's fifth moves",
            "the AI kept Black and offered"
        );
        let offers = phase(&t).offers();
        assert_eq!(offers.len(), 1);
        assert_eq!(t.app.world().resource::<Shown>().candidates, offers);
        // Only an offer can be picked: the ghost shows nowhere else.
        let view = t.app.world().resource::<BoardView>();
        let offered: Vec<Pos> = offers.iter().filter_map(|&m| gomoku_kind::pos(m)).collect();
        assert_eq!(view.targets, offered);
        assert_eq!(view.ghost_at(Some(at("o15"))), None);
        assert_eq!(view.ghost_at(Some(offered[0])), Some(offered[0]));
        // A point that was not offered is refused in the rule's words.
        let done = texts(&t);
        let refs: Vec<&str> = done.iter().map(String::as_str).collect();
        let wrong = engine_error(
            Rule::Renju,
            OpeningRule::Soosorv8,
            &refs,
            Action::Pick(at("o15")),
        );
        t.place(p("o15"));
        assert_eq!(t.session().status_text(), wrong);
        assert_eq!(texts(&t), done, "nothing changed");
        t.place(offers[0]);
        picked = true;
    }
    assert!(picked);
    let s = t.session();
    let comment = s.opening_comment().unwrap();
    assert!(comment.starts_with("Opening: Soosorv-8; "), "{comment}");
    assert!(
        comment.contains(" a1 n=1 ") && comment.contains("pick:"),
        "{comment}"
    );
    assert_eq!(s.opening_stones, 5);
    assert_eq!(s.game.ply(), 5);
    assert_eq!(s.human, Side::Second, "the person plays White");
    // White (the person) moves sixth.
    assert!(s.is_person_turn());
    assert!(t.app.world().resource::<Shown>().candidates.is_empty());
    let mv = any_legal(&t);
    t.play_and_wait(mv);
    assert_eq!(t.session().game.ply(), 7);
}

#[test]
fn illegal_opening_clicks_are_refused_in_the_rules_words_and_undo_takes_one_back() {
    let mut t = TestApp::new();
    // Two people: every action is the person's.
    start(
        &mut t,
        0,
        ColourChoice::Black,
        Rule::Renju,
        OpeningRule::Taraguchi10,
    );
    assert_eq!(
        t.session().opening_prompt().unwrap().english(),
        "Player 1: Place a black stone on the centre point"
    );
    let off = engine_error(
        Rule::Renju,
        OpeningRule::Taraguchi10,
        &[],
        Action::Place(at("a1")),
    );
    t.place(p("a1"));
    assert_eq!(t.session().status_text(), off);
    assert_eq!(t.session().game.ply(), 0);
    assert!(texts(&t).is_empty());
    t.place(p("h8"));
    assert_eq!(t.session().status_text(), "");
    assert_eq!(t.session().game.ply(), 1);
    // A colour choice is made with the buttons, not on the board.
    t.place(p("i9"));
    assert_eq!(t.session().status_text(), "Choose with the buttons first.");
    assert_eq!(t.session().game.ply(), 1);
    assert_eq!(choice_buttons(&mut t), 2);
    // Between people Undo takes back one action.
    t.act(AppAction::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 0);
    assert!(texts(&t).is_empty());
    assert_eq!(choice_buttons(&mut t), 0);
    // Redo has nothing to bring back in an opening.
    t.act(AppAction::Play(PlayAction::Redo));
    assert_eq!(t.session().game.ply(), 0);

    // Swap2: a taken point is refused with the engine's words.
    drop(t);
    let mut t = TestApp::new();
    start(
        &mut t,
        0,
        ColourChoice::Black,
        Rule::Standard,
        OpeningRule::Swap2,
    );
    t.place(p("h8"));
    let taken = engine_error(
        Rule::Standard,
        OpeningRule::Swap2,
        &["h8"],
        Action::Place(at("h8")),
    );
    t.place(p("h8"));
    assert_eq!(t.session().status_text(), taken);
    assert_eq!(texts(&t), ["h8"]);
    // An opening that does not go with the rule falls back to none.
    drop(t);
    let mut t = TestApp::new();
    start(
        &mut t,
        0,
        ColourChoice::Black,
        Rule::Freestyle,
        OpeningRule::Yamaguchi,
    );
    assert!(!t.session().in_opening());
}

/// An opening survives the menu: Continue plays its saved actions again and goes on where it
/// was, a finished one keeps its stones from Undo and its line in the record, and the panel,
/// the record's names and the replay say who took which decision.
#[test]
fn an_opening_goes_on_after_continue_and_the_replay_shows_its_decisions() {
    use crate::gui::flow::{ResultAction, TitleAction};
    let mut t = TestApp::new();
    start(
        &mut t,
        0,
        ColourChoice::Black,
        Rule::Freestyle,
        OpeningRule::Swap2,
    );
    for m in ["h8", "i9", "j7"] {
        t.place(p(m));
    }
    let menu_and_back = |t: &mut TestApp| {
        t.act(AppAction::Play(PlayAction::Menu));
        assert_eq!(t.screen(), Screen::Title);
        t.act(AppAction::Title(TitleAction::Continue));
        assert_eq!(t.screen(), Screen::Playing);
    };
    menu_and_back(&mut t);
    assert!(t.session().in_opening(), "{}", t.session().status_text());
    assert_eq!(texts(&t), ["h8", "i9", "j7"]);
    assert_eq!(
        t.session().opening_prompt().unwrap().english(),
        "Player 2: Choose your colour"
    );
    choose(&mut t, "Place two more stones");
    t.place(p("g9"));
    t.place(p("h10"));
    menu_and_back(&mut t);
    assert_eq!(texts(&t), ["h8", "i9", "j7", "two", "g9", "h10"]);
    assert_eq!(
        t.session().opening_prompt().unwrap().english(),
        "Player 1: Choose your colour"
    );
    // Undo inside the restored opening takes back one stone.
    t.act(AppAction::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 4);
    t.place(p("h10"));
    choose(&mut t, "Play White");
    let s = t.session();
    assert!(!s.in_opening());
    assert_eq!(s.opening_stones, 5);
    let line = "Swap2 · Player 2 places two more stones · Player 1 takes White";
    assert_eq!(s.opening_line().unwrap().english(), line);
    // The names go with the players: Player 1 now holds White.
    assert_eq!(s.player_name(Side::Second).english(), "Player 1");
    assert_eq!(s.player_name(Side::First).english(), "Player 2");
    // White (Player 1) plays the sixth move; then the menu and back.
    t.place(p("a1"));
    menu_and_back(&mut t);
    let s = t.session();
    assert_eq!(s.game.ply(), 6);
    assert_eq!(
        s.opening_stones, 5,
        "the opening's stones stay after Continue"
    );
    assert_eq!(s.opening_line().unwrap().english(), line);
    t.act(AppAction::Play(PlayAction::Undo));
    t.act(AppAction::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 5);
    assert_eq!(t.session().status_text(), "Nothing to undo.");
    t.place(p("a1"));
    t.act(AppAction::Play(PlayAction::Resign));
    t.act(AppAction::Play(PlayAction::Resign));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    let records = records_in(&t.paths().games_dir(), "sgf");
    let sgf = std::fs::read_to_string(&records[0]).unwrap();
    assert!(
        sgf.contains("Opening: Swap2; h8 i9 j7 two g9 h10 white"),
        "{sgf}"
    );
    assert!(
        sgf.contains("PW[Player 1]") && sgf.contains("PB[Player 2]"),
        "{sgf}"
    );
    // The replay reads the record back: the same line, the opening's moves marked.
    t.act(AppAction::Result(ResultAction::Replay));
    assert_eq!(t.screen(), Screen::Replay);
    let replay = t
        .app
        .world()
        .resource::<crate::gui::screens::replay_state::Replay>();
    assert_eq!(
        replay.opening.as_ref().map(|o| (o.0.english(), o.1)),
        Some((line.to_string(), 5))
    );
    let marks = t
        .app
        .world_mut()
        .query::<&Text>()
        .iter(t.app.world())
        .filter(|x| x.0 == "opening")
        .count();
    assert_eq!(
        marks, 5,
        "the five opening moves are marked in the move list"
    );
    // The review grades none of the opening's stones: the rule placed them.
    t.act(AppAction::Replay(crate::gui::flow::ReplayAction::Review));
    assert!(t.run_until(|w| w.resource::<crate::gui::review::Review>().result.is_some()));
    let review = t.app.world().resource::<crate::gui::review::Review>();
    let r = review.result.as_ref().unwrap();
    assert_eq!(r.moves.len(), 6);
    assert!(
        r.moves[..5].iter().all(|m| m.grade.is_none()),
        "{:?}",
        r.moves
    );
    assert!(
        r.moves[5..].iter().all(|m| m.grade.is_some()),
        "{:?}",
        r.moves
    );
}

/// New game offers each game rule's own opening rules: the others are greyed out, and a
/// remembered one that does not apply shows "None", which is what would be played.
#[test]
fn new_game_greys_out_the_openings_of_other_rules() {
    use crate::gui::flow::{SetupAction, TitleAction};
    use crate::gui::theme::widgets::GameButton;
    let mut t = TestApp::new();
    t.act(AppAction::Title(TitleAction::NewGame));
    let value = |o: OpeningRule| OpeningRule::ALL.iter().position(|&r| r == o).unwrap() as u32;
    let renju = Rule::ALL.iter().position(|&r| r == Rule::Renju).unwrap() as u32;
    t.act(AppAction::Setup(SetupAction::Choose("rule", renju)));
    t.act(AppAction::Setup(SetupAction::Choose(
        "opening",
        value(OpeningRule::Soosorv8),
    )));
    let state = |t: &mut TestApp, o: OpeningRule| {
        t.app
            .world_mut()
            .query::<(&ButtonAction, &GameButton)>()
            .iter(t.app.world())
            .find(|(a, _)| a.0 == AppAction::Setup(SetupAction::Choose("opening", value(o))))
            .map(|(_, b)| (b.selected, b.inactive))
            .unwrap()
    };
    assert_eq!(state(&mut t, OpeningRule::Soosorv8), (true, false));
    assert_eq!(state(&mut t, OpeningRule::Swap2), (false, true));
    // Freestyle: Soosorv-8 does not apply; None is what would be played.
    t.act(AppAction::Setup(SetupAction::Choose("rule", 0)));
    assert!(state(&mut t, OpeningRule::Soosorv8).1);
    assert_eq!(state(&mut t, OpeningRule::None), (true, false));
    assert_eq!(state(&mut t, OpeningRule::Swap2), (false, false));
    // Back to Renju, the remembered choice is there again.
    t.act(AppAction::Setup(SetupAction::Choose("rule", renju)));
    assert_eq!(state(&mut t, OpeningRule::Soosorv8), (true, false));
}

/// The board's ghost stone under the mouse at `at`, as the board would show it now.
fn ghost(t: &TestApp, at: &str) -> Option<Pos> {
    let view = t.app.world().resource::<BoardView>();
    view.ghost_at(Some(Pos::from_human(at, 15).unwrap()))
}

fn key_cursor_shown(t: &mut TestApp) -> bool {
    t.app
        .world_mut()
        .query_filtered::<&Visibility, With<KeyCursor>>()
        .iter(t.app.world())
        .any(|v| *v != Visibility::Hidden)
}

/// The drawn squares of the allowed area, as (left, top, width) in percent of the board.
fn area_marks(t: &mut TestApp) -> Vec<(Val, Val, Val)> {
    t.app
        .world_mut()
        .query_filtered::<&Node, With<AllowedArea>>()
        .iter(t.app.world())
        .map(|n| (n.left, n.top, n.width))
        .collect()
}

/// A step taken with the buttons shows no ghost stone and no keyboard cursor on the board;
/// a step that keeps its stone in a central square draws that square, from the engine's own
/// area, and the ghost shows only inside it.
#[test]
fn choice_steps_show_no_ghost_and_the_allowed_square_is_drawn() {
    use crate::gui::board::gomoku::{cell_pct, line_pct};
    let mut t = TestApp::new();
    start(
        &mut t,
        0,
        ColourChoice::Black,
        Rule::Renju,
        OpeningRule::Taraguchi10,
    );
    // The keyboard cursor is up (an arrow key was used).
    t.app.world_mut().resource_mut::<BoardCursor>().visible = true;
    t.app.update();
    // Move 1: the centre point only.
    let engine = Opening::new(15, Rule::Renju, OpeningRule::Taraguchi10).unwrap();
    let centre: Vec<_> = engine
        .area()
        .unwrap()
        .points()
        .map(gomoku_kind::point)
        .collect();
    assert_eq!(centre, [p("h8")]);
    assert_eq!(t.app.world().resource::<Allowed>().area, centre);
    assert!(t.app.world().resource::<Shown>().interactive);
    assert!(key_cursor_shown(&mut t));
    assert_eq!(ghost(&t, "h8"), Some(at("h8")));
    assert_eq!(ghost(&t, "i9"), None, "outside the centre no stone can go");
    let c = cell_pct(15);
    let corner = line_pct(7, 15) - c / 2.0;
    assert_eq!(
        area_marks(&mut t),
        [(Val::Percent(corner), Val::Percent(corner), Val::Percent(c))]
    );
    // The colour choice after it: buttons only.
    t.place(p("h8"));
    assert_eq!(choice_buttons(&mut t), 2);
    assert!(!t.app.world().resource::<Shown>().interactive);
    assert_eq!(ghost(&t, "i9"), None, "no ghost on a choice");
    assert!(!key_cursor_shown(&mut t), "no cursor on a choice");
    assert!(
        area_marks(&mut t).is_empty(),
        "a choice keeps nothing to an area"
    );
    // Move 2 within the central 3x3.
    choose(&mut t, "Play Black");
    assert!(t.app.world().resource::<Shown>().interactive);
    assert!(key_cursor_shown(&mut t));
    assert_eq!(t.app.world().resource::<Allowed>().area.len(), 9);
    assert_eq!(
        t.app.world().resource::<BoardView>().allowed,
        Some((at("g9"), at("i7")))
    );
    let corner = line_pct(6, 15) - c / 2.0;
    assert_eq!(
        area_marks(&mut t),
        [(
            Val::Percent(corner),
            Val::Percent(corner),
            Val::Percent(3.0 * c)
        )]
    );
    assert_eq!(ghost(&t, "i9"), Some(at("i9")));
    assert_eq!(ghost(&t, "j10"), None, "outside the 3x3");
    assert_eq!(ghost(&t, "h8"), None, "taken");
    // Each point the engine allows is in the drawn area, and none it refuses.
    let mut o = Opening::new(15, Rule::Renju, OpeningRule::Taraguchi10).unwrap();
    for text in texts(&t) {
        o.apply(o.parse_action(&text).unwrap()).unwrap();
    }
    let area = t.app.world().resource::<Allowed>().area.clone();
    for y in 0..15 {
        for x in 0..15 {
            let q = Pos::new(x, y);
            if o.game().board().get(q).is_none() {
                let inside = area.contains(&gomoku_kind::point(q));
                assert_eq!(o.legal(&Action::Place(q)).is_ok(), inside, "{q:?}");
            }
        }
    }
}

/// The turn icon shows the colour of the next stone, whoever places it: Swap2's opener places
/// black, white, black; after a choice, the side to move.
#[test]
fn the_turn_icon_shows_the_colour_of_the_next_stone() {
    use crate::gui::screens::PieceIcon;
    use crate::gui::screens::playing::TurnIcon;
    let icon = |t: &mut TestApp| -> Vec<Side> {
        t.app
            .world_mut()
            .query_filtered::<&PieceIcon, With<TurnIcon>>()
            .iter(t.app.world())
            .map(|i| i.side)
            .collect()
    };
    let mut t = TestApp::new();
    start(
        &mut t,
        0,
        ColourChoice::Black,
        Rule::Freestyle,
        OpeningRule::Swap2,
    );
    assert_eq!(icon(&mut t), [Side::First]);
    t.place(p("h8"));
    assert_eq!(phase(&t).actor(), Some(Side::First), "the opener goes on");
    assert_eq!(icon(&mut t), [Side::Second], "a white stone comes next");
    t.place(p("i9"));
    assert_eq!(icon(&mut t), [Side::First]);
    t.place(p("j7"));
    // The choice: White is to move.
    assert_eq!(icon(&mut t), [Side::Second]);
    choose(&mut t, "Place two more stones");
    assert_eq!(icon(&mut t), [Side::Second]);
    t.place(p("g9"));
    assert_eq!(phase(&t).actor(), Some(Side::Second));
    assert_eq!(
        icon(&mut t),
        [Side::First],
        "the second player places a black one"
    );
    t.place(p("h10"));
    choose(&mut t, "Play White");
    assert!(!t.session().in_opening());
    assert_eq!(icon(&mut t), [Side::Second], "White moves sixth");
}
