//! The analysis board: stones of either colour, take back, the engine's three candidates
//! live, the threat overlay, and the search stopped when leaving.

use super::{TestApp, p};
use crate::engine::gomoku::{Game, Rule, Stone};
use crate::engine::review::Threat;
use crate::gui::analysis::AnalysisBoard;
use crate::gui::board::gomoku::BoardView;
use crate::gui::flow::{Action, AnalysisAction, Screen, TitleAction};
use crate::gui::kind::Side;
use crate::gui::kind::gomoku::{ID, pos};

fn board(t: &TestApp) -> &AnalysisBoard {
    t.app.world().resource::<AnalysisBoard>()
}

#[test]
fn the_analysis_board_shows_three_candidates_and_threats() {
    let mut t = TestApp::new();
    t.act(Action::Title(TitleAction::Analysis));
    assert_eq!(t.screen(), Screen::Analysis);
    // Black: an open three on row 8; White's stones set up with Switch side.
    for m in ["f8", "g8", "h8"] {
        t.place(p(m));
        t.act(Action::Analysis(AnalysisAction::SwitchSide));
    }
    assert_eq!(board(&t).game.ply(), 3);
    assert_eq!(
        board(&t).game.to_move(),
        Side::First,
        "switched back each time"
    );
    t.act(Action::Analysis(AnalysisAction::SwitchSide));
    assert!(t.run_until(|w| {
        let lines = w.resource::<AnalysisBoard>().lines();
        lines.top.len() == 3 && lines.depth >= 2
    }));
    t.app.update();
    let view = t.app.world().resource::<BoardView>();
    assert_eq!(view.ghosts.len(), 3, "three numbered candidates");
    assert!(
        view.ghosts.iter().all(|(_, s, _)| *s == Stone::White),
        "White to move"
    );
    let first = board(&t).lines().top[0].mv;
    let blocks = [p("e8"), p("i8")];
    assert!(
        blocks.contains(&first),
        "White blocks the open three: {first:?}"
    );
    // The overlay marks Black's open-four points.
    t.act(Action::Analysis(AnalysisAction::ToggleThreats));
    t.app.update();
    let threats = t.app.world().resource::<BoardView>().threats.clone();
    assert!(
        threats.contains(&(pos(blocks[0]).unwrap(), Stone::Black, Threat::Four)),
        "{threats:?}"
    );
    // Rule and board size cycle through the New game choices, keeping the stones.
    let gomoku = |t: &TestApp| board(t).game.downcast_ref::<Game>().unwrap().clone();
    t.act(Action::Analysis(AnalysisAction::NextChoice(0)));
    assert_eq!(gomoku(&t).rule(), Rule::Standard);
    assert_eq!(board(&t).game.ply(), 3);
    t.act(Action::Analysis(AnalysisAction::NextChoice(1)));
    assert_eq!(gomoku(&t).size(), 19);
    assert_eq!(board(&t).game.ply(), 3);
    t.act(Action::Analysis(AnalysisAction::Clear));
    assert_eq!(board(&t).game.ply(), 0);
    let setup = &t
        .app
        .world()
        .resource::<crate::gui::persist::Settings>()
        .setup;
    // The board keeps its own rule and size: New game's choices stay as they were.
    let size = setup.games.get(ID).and_then(|g| g.options.get("size"));
    assert_ne!(size, Some(&19), "{setup:?}");
    t.place(p("h8"));
    t.place(p("i8"));
    t.place(p("j8"));
    // Take back, then leave: the search stops.
    t.act(Action::Analysis(AnalysisAction::Undo));
    assert_eq!(board(&t).game.ply(), 2);
    t.act(Action::Analysis(AnalysisAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    assert!(!board(&t).is_searching());
}

#[test]
fn a_replayed_position_continues_on_the_analysis_board() {
    let mut t = TestApp::with_ai(super::scripted(&["a1", "a2", "a3", "a4"]));
    t.start(
        crate::engine::gomoku::ai::Level::Club.number(),
        crate::gui::persist::ColourChoice::Black,
        Rule::Freestyle,
    );
    for m in ["h8", "i8", "j8", "k8", "l8"] {
        t.play_and_wait(p(m));
    }
    assert!(t.run_until(|w| *w.resource::<bevy::prelude::State<Screen>>().get() == Screen::Result));
    t.act(Action::Result(crate::gui::flow::ResultAction::Replay));
    t.act(Action::Replay(crate::gui::flow::ReplayAction::Goto(4)));
    t.act(Action::Replay(crate::gui::flow::ReplayAction::Analyse));
    assert_eq!(t.screen(), Screen::Analysis);
    assert_eq!(
        board(&t).game.ply(),
        4,
        "the replay's position, not a fresh board"
    );
    assert_eq!(board(&t).game.to_move(), Side::First);
}

/// The threat overlay's marks are sized in cells, to be read on any board, and stay on
/// empty points clear of the stones; the Threats button shows whether the overlay is on.
#[test]
fn threat_marks_are_readable_and_the_threats_button_shows_its_state() {
    use bevy::prelude::{Node, Val, With};

    use crate::gui::board::gomoku::{ThreatMark, cell_pct};
    use crate::gui::theme::widgets::{ButtonAction, GameButton};
    let threats_button = |t: &mut TestApp| -> Vec<bool> {
        t.app
            .world_mut()
            .query::<(&ButtonAction, &GameButton)>()
            .iter(t.app.world())
            .filter(|(a, _)| a.0 == Action::Analysis(AnalysisAction::ToggleThreats))
            .map(|(_, b)| b.selected)
            .collect()
    };
    let mut t = TestApp::new();
    t.act(Action::Title(TitleAction::Analysis));
    assert_eq!(threats_button(&mut t), [false], "the overlay starts off");
    for m in ["f8", "g8", "h8"] {
        t.place(p(m));
        t.act(Action::Analysis(AnalysisAction::SwitchSide));
    }
    t.act(Action::Analysis(AnalysisAction::ToggleThreats));
    assert!(board(&t).threats);
    assert_eq!(threats_button(&mut t), [true], "selected while on");
    t.app.update();
    let view = t.app.world().resource::<BoardView>().clone();
    let game = view.game.clone().unwrap();
    assert!(!view.threats.is_empty());
    assert!(
        view.threats
            .iter()
            .all(|&(at, _, _)| game.board().get(at).is_none()),
        "marks only on empty points: {:?}",
        view.threats
    );
    let widths: Vec<Val> = t
        .app
        .world_mut()
        .query_filtered::<&Node, With<ThreatMark>>()
        .iter(t.app.world())
        .map(|n| n.width)
        .collect();
    assert_eq!(widths.len(), view.threats.len());
    for w in widths {
        let Val::Percent(w) = w else {
            panic!("a threat mark is sized in percent of the board: {w:?}");
        };
        let cells = w / cell_pct(game.size());
        // Readable, and its half (a quarter of a cell) stays clear of a stone on the next
        // point, which reaches 0.47 of a cell towards it.
        assert!(
            (0.45..=0.6).contains(&cells),
            "a threat mark is {cells} of a cell"
        );
    }
    // Off again: the button follows.
    t.act(Action::Analysis(AnalysisAction::ToggleThreats));
    assert_eq!(threats_button(&mut t), [false]);
    assert_eq!(t.count::<ThreatMark>(), 0);
}

#[test]
fn an_external_engine_analyses_on_the_analysis_board() {
    let mut t = TestApp::new();
    let brain = super::engines::our_brain();
    super::engines::add_engine(&mut t, &brain, "Brain");
    let dir = t.paths().data_dir.join("engines");
    let babble = super::engines::script(&dir, "pbrain-babble", "echo 'good move!'");
    super::engines::add_engine(&mut t, &babble, "Babble");
    t.act(Action::Title(TitleAction::Analysis));
    // Black's four f8-i8, closed at e8 by White; White to place: only j8 saves it.
    for m in ["f8", "a1", "g8", "a2", "h8", "e8", "i8"] {
        t.place(p(m));
    }
    assert_eq!(board(&t).game.to_move(), Side::Second);
    t.act(Action::Analysis(AnalysisAction::NextEngine));
    assert_eq!(t.screen(), Screen::Analysis);
    assert_eq!(
        board(&t).engine.as_ref().map(|e| e.name.as_str()),
        Some("Brain")
    );
    assert!(
        t.texts().iter().any(|s| s == "Engine: Brain"),
        "{:?}",
        t.texts()
    );
    // Until the analysis ends, its answer or a fault: a fault is shown, not waited out.
    assert!(t.run_until(|w| {
        let b = w.resource::<AnalysisBoard>();
        !b.is_searching() && (!b.lines().top.is_empty() || b.lines().fault.is_some())
    }));
    assert_eq!(board(&t).lines().fault, None, "the engine answers");
    t.app.update();
    let said = t.texts().join("\n");
    assert!(
        said.contains("Brain shows one line: it was added before"),
        "an engine of one line says why: {said}"
    );
    assert_eq!(
        board(&t).lines().top[0].mv,
        p("j8"),
        "the engine blocks the four"
    );
    // The next engine prints garbage: the panel says so.
    t.act(Action::Analysis(AnalysisAction::NextEngine));
    assert_eq!(
        board(&t).engine.as_ref().map(|e| e.name.as_str()),
        Some("Babble")
    );
    assert!(t.run_until(|w| w.resource::<AnalysisBoard>().lines().fault.is_some()));
    t.app.update();
    let said = t.texts().join("\n");
    assert!(
        said.contains("Babble") && said.contains("instead of a move"),
        "{said}"
    );
    // Back to the built-in engine after the last external one.
    t.act(Action::Analysis(AnalysisAction::NextEngine));
    assert!(board(&t).engine.is_none());
    assert!(t.texts().iter().any(|s| s == "Engine: built-in"));
}

/// An engine that reports several lines (`YXNBEST`, as Rapfi does) has its three on the
/// panel and as the candidates, in Rapfi's letters read right (the row counted from the top).
#[test]
fn an_engine_s_three_best_lines_are_shown() {
    let mut t = TestApp::new();
    let dir = t.paths().data_dir.join("engines");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pbrain-lines");
    let text = "#!/bin/sh\n\
        while read -r line; do\n\
        \x20 case \"$line\" in\n\
        \x20   ABOUT*) echo 'name=\"Lines\", version=\"1\"' ;;\n\
        \x20   START*) echo OK ;;\n\
        \x20   YXNBEST*) echo 'MESSAGE depth 6-9 multipv 1 ev 40 n 1K pv H8 I9';\
         echo 'MESSAGE depth 6-9 multipv 2 ev 12 n 1K pv G7 H8';\
         echo 'MESSAGE (3) -5 | 6-9 | I7 H8'; echo 7,7 ;;\n\
        \x20   END*) exit 0 ;;\n\
        \x20 esac\n\
        done\n";
    std::fs::write(&path, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    t.app
        .world_mut()
        .resource_mut::<crate::gui::persist::Settings>()
        .engines
        .push(crate::gui::persist::EngineEntry {
            path: path.display().to_string(),
            name: "Lines".into(),
            turn_secs: 1,
            rules: vec![0, 1, 4],
            sizes: vec![15],
            nbest: crate::protocol::client::NBest::Lines,
            ..Default::default()
        });
    t.act(Action::Title(TitleAction::Analysis));
    t.place(p("a1"));
    t.act(Action::Analysis(AnalysisAction::NextEngine));
    assert!(t.run_until(|w| {
        let b = w.resource::<AnalysisBoard>();
        !b.is_searching() && (b.lines().top.len() == 3 || b.lines().fault.is_some())
    }));
    let lines = board(&t).lines();
    assert_eq!(lines.fault, None);
    let firsts: Vec<_> = lines.top.iter().map(|c| c.mv).collect();
    // Rapfi's H8, G7, I7: x from the letter, y the row from the top less one.
    assert_eq!(firsts, [p("h8"), p("g9"), p("i9")]);
    assert_eq!(lines.top[0].line, [p("h8"), p("i7")]);
    assert_eq!(lines.depth, 6);
    t.app.update();
    let said = t.texts().join("\n");
    assert!(said.contains("1. h8") && said.contains("3. i9"), "{said}");
    assert!(!said.contains("shows one line"), "{said}");
}
