//! External engines through the app's own flow: our `pbrain-gomoku` added in Settings (its
//! survey), chosen in New game and played for a whole game with a clock, an undo and a
//! record; and script brains that crash, hang, play an occupied point, print garbage or flood
//! their output, each ending in a forfeit that names the engine and what it did.

use std::path::{Path, PathBuf};

use bevy::prelude::State;

use super::{TestApp, p};
use crate::engine::gomoku::Rule;
use crate::gui::engines::EngineSurvey;
use crate::gui::flow::{
    Action, EngineAction, EngineValue, PlayAction, ResultAction, Screen, SetupAction, TitleAction,
};
use crate::gui::kind::files;
use crate::gui::kind::gomoku as gomoku_kind;
use crate::gui::kind::{Side, Standing};
use crate::gui::persist::{ColourChoice, EngineEntry, Settings, TimeControl};
use crate::gui::session::{GameEnd, Session};

/// Our brain, built beside the test binary (`cargo test` builds every binary first).
pub(super) fn our_brain() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps");
    let brain = dir.join(format!("pbrain-gomoku{}", std::env::consts::EXE_SUFFIX));
    assert!(
        brain.is_file(),
        "{} is missing: run the tests with `cargo test` (which builds the binaries)",
        brain.display()
    );
    brain
}

/// Adds an engine to Settings as the survey would have: `name`, one second a move, every
/// rule, 15 x 15.
pub(super) fn add_engine(t: &mut TestApp, path: &Path, name: &str) {
    t.app
        .world_mut()
        .resource_mut::<Settings>()
        .engines
        .push(EngineEntry {
            path: path.display().to_string(),
            name: name.to_string(),
            turn_secs: 1,
            rules: vec![0, 1, 4],
            sizes: vec![15],
            ..EngineEntry::default()
        });
}

/// A brain written as a shell script in `dir`: it knows ABOUT, START and END, and answers
/// a move request with the shell command `on_move`.
pub(super) fn script(dir: &Path, name: &str, on_move: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(name);
    let text = format!(
        "#!/bin/sh\n\
         while read -r line; do\n\
         \x20 case \"$line\" in\n\
         \x20   ABOUT*) echo 'name=\"{name}\", version=\"1\"' ;;\n\
         \x20   START*) echo OK ;;\n\
         \x20   BEGIN*|TURN*|DONE*) {on_move} ;;\n\
         \x20   END*) exit 0 ;;\n\
         \x20 esac\n\
         done\n"
    );
    std::fs::write(&path, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

/// Chooses engine `index` in New game and starts a freestyle game on 15 x 15, the person
/// Black, with `clock`.
fn start_against_engine(t: &mut TestApp, index: usize, clock: TimeControl) {
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Game(gomoku_kind::ID)));
    t.act(Action::Setup(SetupAction::Colour(ColourChoice::Black)));
    t.act(Action::Setup(SetupAction::Choose("rule", 0)));
    t.act(Action::Setup(SetupAction::Choose("size", 15)));
    t.act(Action::Setup(SetupAction::Engine(index)));
    t.act(Action::Setup(SetupAction::Clock(clock)));
    t.act(Action::Setup(SetupAction::Start));
    if t.app
        .world()
        .resource::<crate::gui::screens::replace_dialog::ReplaceAsked>()
        .0
    {
        t.act(Action::Setup(SetupAction::Start));
    }
    assert_eq!(t.screen(), Screen::Playing);
    assert!(t.session().engine.is_some(), "the engine plays");
}

#[test]
fn a_whole_game_against_our_brain_as_an_external_engine() {
    let mut t = TestApp::new();
    let brain = our_brain();
    // Added in Settings: surveyed in the background.
    t.act(Action::Title(TitleAction::Settings));
    t.act(Action::Engines(EngineAction::AddFound(brain.clone())));
    assert!(t.run_until(|w| !w.resource::<EngineSurvey>().is_busy()));
    let entry = t.app.world().resource::<Settings>().engines[0].clone();
    assert_eq!(entry.path, brain.display().to_string());
    assert!(entry.name.starts_with("gomoku "), "{}", entry.name);
    assert_eq!(entry.rules, vec![0, 1, 4], "freestyle, exactly five, Renju");
    assert_eq!(entry.sizes, vec![13, 15, 19]);
    // A second per move, stepped down from 5 in the card.
    for _ in 0..3 {
        t.act(Action::Engines(EngineAction::Step(
            0,
            EngineValue::Turn,
            -1,
        )));
    }
    assert_eq!(t.app.world().resource::<Settings>().engines[0].turn_secs, 1);
    t.act(Action::Settings(crate::gui::flow::SettingsAction::Back));

    start_against_engine(
        &mut t,
        0,
        TimeControl::Fischer {
            seconds: 180,
            increment: 2,
        },
    );
    t.play_and_wait(p("h8"));
    // A hint from the engine, for the person's side.
    t.act(Action::Play(PlayAction::Hint));
    assert!(t.run_until(|w| w.resource::<Session>().hint.is_some()));
    let hint = t.session().hint.unwrap();
    assert!(t.session().game.check(hint).is_ok(), "a legal point");
    assert!(
        t.session().status_text().contains(&entry.name),
        "{}",
        t.session().status_text()
    );
    t.play_and_wait(p("a1"));
    // Undo takes back the engine's move and the person's: the engine gets the position anew.
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 2);
    // The person plays on at the first empty points of the first rows until the game ends.
    let mut guard = 0;
    while t.session().is_ongoing() {
        guard += 1;
        assert!(guard < 120, "the game ends");
        let game = &t.session().game;
        let mv = (1..=15)
            .flat_map(|row| ('a'..='o').map(move |c| format!("{c}{row}")))
            .map(|s| p(&s))
            .find(|&m| game.check(m).is_ok())
            .expect("a free point");
        t.play_and_wait(mv);
    }
    assert!(t.run_until(|w| w.resource::<Session>().finished.is_some()));
    let finished = t.session().finished.clone().unwrap();
    assert!(
        matches!(
            t.session().game.standing(),
            Standing::Won {
                winner: Side::Second,
                ..
            }
        ),
        "the engine wins against moves along the edge"
    );
    let record = files::open_record(&finished.record.expect("saved"), &t.games()).unwrap();
    assert_eq!(record.moves.len(), t.session().game.ply());
    assert_eq!(record.names[0], "You");
    assert!(record.names[1].contains("(engine)"), "{:?}", record.names);
    assert!(t.session().clock.is_some(), "played on the clock");
    // The result screen: the engine's process has been ended (a rematch starts it again).
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    let seat = t
        .session()
        .engine
        .clone()
        .expect("the seat stays for a rematch");
    assert!(!seat.client().is_running(), "ended on leaving the game");
}

#[test]
fn misbehaving_engines_forfeit_with_a_message_naming_them() {
    let cases = [
        ("pbrain-crash", "exit 3", "stopped running"),
        ("pbrain-hang", "exec sleep 600", "did not answer within"),
        (
            "pbrain-taken",
            "echo 7,7",
            "played h8, which is already taken",
        ),
        ("pbrain-babble", "echo 'good move!'", "instead of a move"),
        (
            "pbrain-flood",
            "exec yes 'MESSAGE flooding'",
            "lines for one move",
        ),
    ];
    for (name, on_move, said) in cases {
        let mut t = TestApp::new();
        let dir = t.paths().data_dir.join("engines");
        let path = script(&dir, name, on_move);
        add_engine(&mut t, &path, name);
        start_against_engine(&mut t, 0, TimeControl::NoClock);
        t.play_and_wait(p("h8"));
        assert!(
            t.run_until(|w| w.resource::<Session>().finished.is_some()),
            "{name}"
        );
        let s = t.session();
        assert_eq!(
            s.end(),
            Some(GameEnd::Forfeit {
                loser: Side::Second
            }),
            "{name}"
        );
        assert_eq!(
            s.game.ply(),
            1,
            "{name}: nothing of the engine's was played"
        );
        let status = s.status_text();
        assert!(
            status.contains(name) && status.contains(said),
            "{name}: {status}"
        );
        let finished = s.finished.clone().unwrap();
        // The result says why, and so does the record's comment.
        let reason = s.forfeit_reason.as_ref().map(|m| m.english());
        assert!(
            reason.as_deref().is_some_and(|r| r.contains(said)),
            "{name}: {reason:?}"
        );
        let path = finished.record.clone().expect("saved");
        let sgf = std::fs::read_to_string(&path).unwrap();
        assert!(
            sgf.contains(said) && sgf.contains("forfeits"),
            "{name}: {sgf}"
        );
        assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
        let texts = t.texts().join("\n");
        assert!(
            texts.contains("forfeited the game after 1 move: ") && texts.contains(said),
            "{name}: {texts}"
        );
        let record = files::open_record(&path, &t.games()).unwrap();
        assert_eq!(record.moves.len(), 1, "{name}");
        assert!(
            record.result.english().ends_with("won by forfeit"),
            "{name}: {}",
            record.result.english()
        );
        // The app goes on: a new game against a level starts as usual.
        t.act(Action::Result(ResultAction::Menu));
        t.start(1, ColourChoice::Black, Rule::Freestyle);
        assert!(t.session().engine.is_none());
    }
}

#[test]
fn an_engine_game_continues_against_the_engine_after_a_restart() {
    let home = super::fresh_home();
    let brain = our_brain();
    let entry = EngineEntry {
        path: brain.display().to_string(),
        name: "Our brain".into(),
        turn_secs: 1,
        rules: vec![0, 1, 4],
        sizes: vec![13, 15, 19],
        ..EngineEntry::default()
    };
    {
        let mut t = TestApp::at(home.clone(), None);
        t.app
            .world_mut()
            .resource_mut::<Settings>()
            .engines
            .push(entry.clone());
        start_against_engine(&mut t, 0, TimeControl::NoClock);
        t.play_and_wait(p("h8"));
        t.app.update();
        // Quit without finishing: the test's cleanup must not delete the home.
        t.home = super::fresh_home();
    }
    let mut t = TestApp::at(home.clone(), None);
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Playing);
    assert_eq!(t.session().game.ply(), 2);
    let seat = t.session().engine.clone().expect("the engine plays on");
    assert_eq!(seat.name, "Our brain");
    t.play_and_wait(p("a1"));
    assert_eq!(
        t.session().game.ply(),
        4,
        "the engine answered after the restart"
    );

    // Its engine removed from Settings, the game goes on against the level, and says so.
    t.act(Action::Play(PlayAction::Menu));
    t.app.world_mut().resource_mut::<Settings>().engines.clear();
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Playing);
    assert!(t.session().engine.is_none());
    let status = t.session().status_text();
    assert!(
        status.contains("Our brain") && status.contains("Master"),
        "{status}"
    );
    t.home = home;
}

#[test]
fn new_game_says_who_plays_an_engine_s_opening() {
    let mut t = TestApp::new();
    let dir = t.paths().data_dir.join("engines");
    let path = script(&dir, "pbrain-opener", "echo 7,7");
    add_engine(&mut t, &path, "Opener");
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Game(gomoku_kind::ID)));
    t.act(Action::Setup(SetupAction::Choose("rule", 0)));
    t.act(Action::Setup(SetupAction::Choose("size", 15)));
    t.act(Action::Setup(SetupAction::Engine(0)));
    let asked = "Opener makes its own choices in this opening if it knows the protocol's \
                 SWAP2BOARD; otherwise Master makes them.";
    let said = "Opener plays after the opening: Master makes the engine's choices in the opening.";
    let shows = |t: &mut TestApp, line: &str| t.texts().iter().any(|t| t.contains(line));
    assert!(
        !shows(&mut t, said) && !shows(&mut t, asked),
        "no opening rule yet"
    );
    // Swap2 (the opening row's values are the rules' places in their list): the protocol
    // asks the engine.
    use crate::engine::gomoku::opening::OpeningRule;
    let place = |rule: OpeningRule| {
        OpeningRule::ALL
            .iter()
            .position(|&r| r == rule)
            .expect("the rule is offered") as u32
    };
    t.act(Action::Setup(SetupAction::Choose(
        "opening",
        place(OpeningRule::Swap2),
    )));
    assert!(shows(&mut t, asked), "{:?}", t.texts());
    // A Renju opening has no protocol command: Master stands in.
    t.act(Action::Setup(SetupAction::Choose("rule", 2)));
    t.act(Action::Setup(SetupAction::Choose(
        "opening",
        place(OpeningRule::Yamaguchi),
    )));
    assert!(shows(&mut t, said), "{:?}", t.texts());
    // Against a level the note is the rule's own.
    t.act(Action::Setup(SetupAction::Opponent(5)));
    assert!(!shows(&mut t, said) && !shows(&mut t, asked));
}

/// One key pressed and released, as the window sends it.
fn key(t: &mut TestApp, code: bevy::prelude::KeyCode, logical: bevy::input::keyboard::Key) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::KeyboardInput;
    for state in [ButtonState::Pressed, ButtonState::Released] {
        t.app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: logical.clone(),
            state,
            text: None,
            repeat: false,
            window: bevy::prelude::Entity::PLACEHOLDER,
        });
        t.app.update();
    }
}

/// A modifier held down (its release is `up`).
fn hold(
    t: &mut TestApp,
    code: bevy::prelude::KeyCode,
    logical: bevy::input::keyboard::Key,
    up: bool,
) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::KeyboardInput;
    t.app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: logical,
        state: if up {
            ButtonState::Released
        } else {
            ButtonState::Pressed
        },
        text: None,
        repeat: false,
        window: bevy::prelude::Entity::PLACEHOLDER,
    });
    t.app.update();
}

#[test]
fn ctrl_a_in_the_path_field_selects_the_path_that_typing_replaces() {
    use crate::gui::screens::engines::PathField;
    use bevy::input::keyboard::Key;
    use bevy::prelude::KeyCode;
    let mut t = TestApp::new();
    t.act(Action::Title(TitleAction::Settings));
    assert_eq!(t.screen(), Screen::Settings);
    t.act(Action::Engines(EngineAction::Focus));
    let ch = |c: &str| Key::Character(c.into());
    for c in ["/", "b", "a", "d"] {
        key(&mut t, KeyCode::KeyB, ch(c));
    }
    let text = |t: &TestApp| t.app.world().resource::<PathField>().text.clone();
    assert_eq!(text(&t), "/bad");
    hold(&mut t, KeyCode::ControlLeft, Key::Control, false);
    key(&mut t, KeyCode::KeyA, ch("a"));
    // Another chord types nothing either.
    key(&mut t, KeyCode::KeyQ, ch("q"));
    hold(&mut t, KeyCode::ControlLeft, Key::Control, true);
    assert_eq!(text(&t), "/bad", "Ctrl+A typed nothing");
    assert!(t.app.world().resource::<PathField>().all_selected);
    key(&mut t, KeyCode::KeyX, ch("x"));
    assert_eq!(text(&t), "x", "the selected path was replaced");
    key(&mut t, KeyCode::KeyY, ch("y"));
    assert_eq!(text(&t), "xy", "after the first key the field types on");
    // A fast Ctrl+A, all four key events in one frame, as a desktop sends it.
    {
        use bevy::input::ButtonState::{Pressed, Released};
        use bevy::input::keyboard::KeyboardInput;
        for (code, logical, state) in [
            (KeyCode::ControlLeft, Key::Control, Pressed),
            (KeyCode::KeyA, ch("a"), Pressed),
            (KeyCode::KeyA, ch("a"), Released),
            (KeyCode::ControlLeft, Key::Control, Released),
        ] {
            t.app.world_mut().write_message(KeyboardInput {
                key_code: code,
                logical_key: logical,
                state,
                text: None,
                repeat: false,
                window: bevy::prelude::Entity::PLACEHOLDER,
            });
        }
        t.app.update();
    }
    assert_eq!(text(&t), "xy", "a fast Ctrl+A typed nothing either");
    key(&mut t, KeyCode::Backspace, Key::Backspace);
    assert_eq!(text(&t), "", "Backspace cleared the selected path");
}

/// Starts a freestyle Swap2 game against engine 0, no clock, the person in the second seat
/// (White): the engine proposes.
fn start_swap2_as_second(t: &mut TestApp) {
    use crate::engine::gomoku::opening::OpeningRule;
    let swap2 = OpeningRule::ALL
        .iter()
        .position(|&r| r == OpeningRule::Swap2)
        .expect("Swap2 is offered") as u32;
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Game(gomoku_kind::ID)));
    t.act(Action::Setup(SetupAction::Colour(ColourChoice::White)));
    t.act(Action::Setup(SetupAction::Choose("rule", 0)));
    t.act(Action::Setup(SetupAction::Choose("size", 15)));
    t.act(Action::Setup(SetupAction::Choose("opening", swap2)));
    t.act(Action::Setup(SetupAction::Engine(0)));
    t.act(Action::Setup(SetupAction::Clock(TimeControl::NoClock)));
    t.act(Action::Setup(SetupAction::Start));
    if t.app
        .world()
        .resource::<crate::gui::screens::replace_dialog::ReplaceAsked>()
        .0
    {
        t.act(Action::Setup(SetupAction::Start));
    }
    assert!(t.session().in_opening() && t.session().engine.is_some());
}

/// Runs frames until the engine has acted in the opening (or the game ended).
fn wait_for_the_engine(t: &mut TestApp) {
    assert!(t.run_until(|w| {
        let s = w.resource::<Session>();
        !s.in_opening() || !s.is_ai_turn() || !s.is_ongoing()
    }));
}

/// The engine's own part of Swap2, asked with SWAP2BOARD: a script's fixed proposal (not
/// one Master would make) is the opening's first three stones; its nonsense answer to the
/// five-stone question forfeits the game, the reason shown and the opening kept in the
/// record.
#[test]
fn an_engine_proposes_in_swap2_and_forfeits_a_wrong_choice() {
    let mut t = TestApp::new();
    let dir = t.paths().data_dir.join("engines");
    let path = script(&dir, "pbrain-proposer", "echo '7,7 6,7 8,8'");
    add_engine(&mut t, &path, "Proposer");
    start_swap2_as_second(&mut t);
    wait_for_the_engine(&mut t);
    let texts = t.session().opening.as_ref().expect("still opening").texts();
    assert_eq!(texts, ["h8", "g8", "i7"], "the engine's own stones");
    let options: Vec<String> = t
        .session()
        .opening
        .as_ref()
        .unwrap()
        .options()
        .iter()
        .map(|o| o.english())
        .collect();
    let two = options
        .iter()
        .position(|o| o == "Place two more stones")
        .expect("the choice is the person's");
    t.act(Action::Play(PlayAction::OpeningChoice(two)));
    t.place(p("a1"));
    t.place(p("o15"));
    wait_for_the_engine(&mut t);
    assert!(t.run_until(|w| w.resource::<Session>().finished.is_some()));
    let s = t.session();
    assert!(
        matches!(s.end(), Some(GameEnd::Forfeit { .. })),
        "{:?}",
        s.end()
    );
    let reason = s.forfeit_reason.as_ref().map(|m| m.english()).unwrap();
    assert!(reason.contains("wants SWAP or a move"), "{reason}");
    let record = s.finished.clone().unwrap().record.expect("saved");
    let sgf = std::fs::read_to_string(record).unwrap();
    assert!(sgf.contains("h8 g8 i7 two a1 o15"), "{sgf}");
}

/// Our brain as the engine plays its whole part of Swap2 itself: its proposal, then its
/// colour choice after the person's two more stones; the game goes on after the opening.
#[test]
fn our_brain_plays_its_own_swap2_opening() {
    let mut t = TestApp::new();
    add_engine(&mut t, &our_brain(), "Ours");
    start_swap2_as_second(&mut t);
    wait_for_the_engine(&mut t);
    assert_eq!(t.session().opening.as_ref().unwrap().texts().len(), 3);
    let phase = t.session().opening.as_ref().unwrap().boxed_clone();
    let two = phase
        .options()
        .iter()
        .position(|o| o.english() == "Place two more stones")
        .unwrap();
    t.act(Action::Play(PlayAction::OpeningChoice(two)));
    t.place(p("a1"));
    t.place(p("o15"));
    wait_for_the_engine(&mut t);
    let s = t.session();
    assert!(s.is_ongoing(), "{:?}", s.end());
    assert!(!s.in_opening(), "the engine chose a colour");
    assert!(
        !s.engine.as_ref().unwrap().refused_opening(),
        "it answered SWAP2BOARD itself"
    );
    let line = s.opening_line().unwrap().english();
    // Its own decision, in its name: "Ours (engine) keeps Black" or "... takes White".
    assert!(line.contains("Ours (engine) "), "{line}");
}
