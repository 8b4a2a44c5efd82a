//! The puzzle trainer headless: a wrong move refuted (its refuting point marked) and counted,
//! Try again, the hints (the area on the board), the solution's moves answered by the
//! engine's defence to the win, a solve that does not count saying why, the rating and
//! streak kept across a restart, a Connect Four puzzle on the same trainer (its goal counting
//! down, the solution shown), and a missed win of a reviewed game turned into the player's
//! own puzzle with the way back to the game (greyed where there is none).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::{TestApp, p};
use crate::engine::gomoku::puzzle::Variant;
use crate::engine::puzzle::Kind;
use crate::gui::board::connect4::C4View;
use crate::gui::board::gomoku::{BoardView, HintAreaMark, RefuteMark};
use crate::gui::flow::{
    Action, PlayAction, PuzzleAction, ReplayAction, ResultAction, Screen, TitleAction,
};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::Move;
use crate::gui::persist::ColourChoice;
use crate::gui::puzzles::{PROGRESS_FILE, Phase, Source, Trainer, YOURS};
use crate::gui::screens::puzzles::PuzzlePrompt;
use crate::gui::screens::replay_state::Replay;
use crate::gui::theme::widgets::{ButtonAction, GameButton};

pub(super) fn trainer(t: &TestApp) -> &Trainer {
    t.app.world().resource::<Trainer>()
}

/// The catalog key of the status line ("" for none).
pub(super) fn status(t: &TestApp) -> &str {
    trainer(t)
        .status
        .as_ref()
        .and_then(Msg::key_name)
        .unwrap_or_default()
}

pub(super) fn open_trainer(t: &mut TestApp) {
    t.act(Action::Title(TitleAction::Puzzles));
    assert_eq!(t.screen(), Screen::Puzzles);
}

/// Runs frames until the engine has judged the move and any answer is on the board.
pub(super) fn settle(t: &mut TestApp) {
    assert!(
        t.run_until(|w| matches!(
            w.resource::<Trainer>().phase,
            Phase::Solving | Phase::Refuted | Phase::Solved
        )),
        "the trainer answered"
    );
}

/// The board move of the solution's next attacker move.
pub(super) fn next_solution_move(t: &TestApp) -> Move {
    let tr = trainer(t);
    let e = tr.entry().unwrap();
    e.book().unwrap().solution(&e.puzzle, &tr.line).unwrap()[0]
}

pub(super) fn play(t: &mut TestApp, mv: Move) {
    t.act(Action::Play(PlayAction::Place(mv)));
    settle(t);
}

pub(super) fn first_puzzle(t: &TestApp, family: &str, kind: Kind, difficulty: u8) -> usize {
    trainer(t)
        .entries
        .iter()
        .position(|e| {
            e.family == family && e.puzzle.kind == kind && e.puzzle.difficulty == difficulty
        })
        .unwrap_or_else(|| panic!("a {family} puzzle of difficulty {difficulty}"))
}

/// A legal move on the top row, far from any puzzle's fight: the attack runs out.
pub(super) fn quiet_move(t: &TestApp) -> Move {
    (0..15u8)
        .map(|x| crate::gui::kind::gomoku::point(crate::engine::gomoku::Pos::new(x, 0)))
        .find(|&m| trainer(t).game.as_ref().unwrap().check(m).is_ok())
        .unwrap()
}

/// Plays the solution's moves from here to the win.
pub(super) fn solve(t: &mut TestApp) {
    let mut moves = 0;
    while trainer(t).phase != Phase::Solved {
        moves += 1;
        assert!(moves < 30, "the solution ends");
        let mv = next_solution_move(t);
        play(t, mv);
    }
}

/// The prompt under the title.
pub(super) fn prompt(t: &mut TestApp) -> String {
    t.app
        .world_mut()
        .query_filtered::<&Text, With<PuzzlePrompt>>()
        .iter(t.app.world())
        .map(|text| text.0.clone())
        .next()
        .unwrap_or_default()
}

/// The panel's line with the count of solved puzzles.
pub(super) fn solved_line(t: &mut TestApp) -> String {
    t.texts()
        .into_iter()
        .find(|s| s.contains("Streak "))
        .unwrap_or_default()
}

#[test]
fn a_wrong_move_is_refuted_then_hints_and_the_solution_solve_it() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let tr = trainer(&t);
    assert!(tr.entries.len() >= 700, "{} puzzles", tr.entries.len());
    assert!(tr.current.is_some() && tr.phase == Phase::Solving);
    let i = first_puzzle(&t, "rule-freestyle", Kind::Vcf, 1);
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    let id = trainer(&t).entry().unwrap().puzzle.id.clone();
    let start_ply = trainer(&t).game.as_ref().unwrap().ply();
    // A quiet move far away: the defender answers and the attack is gone.
    let quiet = quiet_move(&t);
    play(&mut t, quiet);
    let tr = trainer(&t);
    assert_eq!(tr.phase, Phase::Refuted, "{:?}", tr.status);
    assert_eq!(status(&t), "puzzle-refuted-defence", "{:?}", tr.status);
    assert_eq!(tr.wrong, 1);
    assert_eq!(
        tr.game.as_ref().unwrap().ply(),
        start_ply + 2,
        "the move and its refutation"
    );
    // The defence is ringed in a colour of its own, not marked as a hint.
    let defence = *tr.game.as_ref().unwrap().moves().last().unwrap();
    t.app.update();
    let view = t.app.world().resource::<BoardView>();
    assert_eq!(view.refute, crate::gui::kind::gomoku::pos(defence));
    assert_eq!(view.hint, None);
    assert_eq!(t.count::<RefuteMark>(), 1);
    let tr = trainer(&t);
    let lost = tr.rated.unwrap();
    assert!(lost < 0.0, "{lost}");
    assert_eq!(tr.progress.streak, 0);
    assert!(tr.progress.failed.contains(&id));
    let file = t.paths().data_dir.join(PROGRESS_FILE);
    assert!(std::fs::read_to_string(&file).unwrap().contains(&id));
    // Try again: the refutation is taken back; the puzzle is not rated again.
    t.act(Action::Puzzle(PuzzleAction::Retry));
    let tr = trainer(&t);
    assert_eq!(tr.phase, Phase::Solving);
    assert_eq!(tr.game.as_ref().unwrap().ply(), start_ply);
    let rating = tr.progress.rating;
    assert_eq!(t.app.world().resource::<BoardView>().refute, None);
    assert_eq!(t.count::<RefuteMark>(), 0, "taken back with the move");
    // The hints: the area (in words and on the board), then the move itself on the board.
    t.act(Action::Puzzle(PuzzleAction::Hint));
    assert_eq!(status(&t), "puzzle-hint-area", "{:?}", trainer(&t).status);
    assert_eq!(trainer(&t).hint_move, None);
    let first = next_solution_move(&t);
    let at = crate::gui::kind::gomoku::pos(first).unwrap();
    let (a, b) = t
        .app
        .world()
        .resource::<BoardView>()
        .hint_area
        .expect("the area on the board");
    assert!(
        (a.x.min(b.x)..=a.x.max(b.x)).contains(&at.x)
            && (a.y.min(b.y)..=a.y.max(b.y)).contains(&at.y),
        "{at:?} in {a:?}..{b:?}"
    );
    assert_eq!(t.count::<HintAreaMark>(), 1);
    t.act(Action::Puzzle(PuzzleAction::Hint));
    assert_eq!(trainer(&t).hint_move, Some(first));
    assert_eq!(t.app.world().resource::<BoardView>().hint_area, None);
    assert_eq!(t.count::<HintAreaMark>(), 0, "the move replaces its area");
    // The solution's moves: each answered by the tree's hardest defence, then solved.
    let mut moves = 0;
    while trainer(&t).phase != Phase::Solved {
        moves += 1;
        assert!(moves < 30, "the solution ends");
        let mv = next_solution_move(&t);
        let before = trainer(&t).line.len();
        play(&mut t, mv);
        let tr = trainer(&t);
        assert!(
            tr.phase == Phase::Solved || tr.line.len() == before + 2,
            "{:?}",
            tr.status
        );
    }
    // Solved with help: the status says it is not counted, as the count shows.
    assert_eq!(status(&t), "puzzle-status-solved-hint");
    let tr = trainer(&t);
    assert_eq!(tr.progress.rating, rating, "rated once only");
    assert!(!tr.progress.solved.contains(&id));
    t.app.update();
    assert!(
        solved_line(&mut t).contains("solved 0 of "),
        "{:?}",
        t.texts()
    );
}

/// A solve counts only when it is the clean solve of a rated try; the status line says why
/// any other does not, so it never reads "Solved" beside an unchanged count.
#[test]
fn a_solve_that_does_not_count_says_why() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = first_puzzle(&t, "rule-freestyle", Kind::Vcf, 1);
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    let id = trainer(&t).entry().unwrap().puzzle.id.clone();
    // After a wrong move.
    let quiet = quiet_move(&t);
    play(&mut t, quiet);
    assert_eq!(trainer(&t).phase, Phase::Refuted);
    solve(&mut t);
    assert_eq!(status(&t), "puzzle-status-solved-mistake");
    assert!(!trainer(&t).progress.solved.contains(&id));
    // Again from the start, cleanly: the rated try is spent.
    t.act(Action::Puzzle(PuzzleAction::Retry));
    solve(&mut t);
    assert_eq!(status(&t), "puzzle-status-solved-retry");
    assert!(!trainer(&t).progress.solved.contains(&id));
    // With a hint on a fresh puzzle.
    let j = first_puzzle(&t, "rule-renju", Kind::Vcf, 2);
    t.app.world_mut().resource_mut::<Trainer>().open(j);
    let id = trainer(&t).entry().unwrap().puzzle.id.clone();
    t.act(Action::Puzzle(PuzzleAction::Hint));
    solve(&mut t);
    assert_eq!(status(&t), "puzzle-status-solved-hint");
    assert!(!trainer(&t).progress.solved.contains(&id));
    t.app.update();
    assert!(
        solved_line(&mut t).contains("solved 0 of "),
        "{:?}",
        t.texts()
    );
}

#[test]
fn a_clean_solve_raises_the_rating_and_the_progress_survives_a_restart() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = first_puzzle(&t, "rule-renju", Kind::Vcf, 2);
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    let id = trainer(&t).entry().unwrap().puzzle.id.clone();
    let before = trainer(&t).progress.rating.rating;
    while trainer(&t).phase != Phase::Solved {
        let mv = next_solution_move(&t);
        play(&mut t, mv);
    }
    assert_eq!(status(&t), "puzzle-status-solved-clean");
    let tr = trainer(&t);
    assert!(tr.progress.rating.rating > before);
    assert!(tr.rated.unwrap() > 0.0);
    assert_eq!((tr.progress.streak, tr.progress.best_streak), (1, 1));
    assert!(tr.progress.solved.contains(&id));
    let rating = tr.progress.rating;
    // Next: another puzzle, not the solved one.
    t.act(Action::Puzzle(PuzzleAction::Next));
    assert_ne!(trainer(&t).entry().unwrap().puzzle.id, id);
    // A restart reads the progress back (the file carried to a new home: a test app
    // removes its own when it ends).
    let saved = std::fs::read_to_string(t.paths().data_dir.join(PROGRESS_FILE)).unwrap();
    drop(t);
    let mut t = TestApp::new();
    let file = t.paths().data_dir.join(PROGRESS_FILE);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, saved).unwrap();
    open_trainer(&mut t);
    let tr = trainer(&t);
    assert_eq!(tr.progress.rating, rating);
    assert!(tr.progress.solved.contains(&id));
}

#[test]
fn connect_four_puzzles_play_on_the_same_trainer() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    for _ in 0..10 {
        if trainer(&t).progress.filter.family.as_deref() == Some("game-connect4") {
            break;
        }
        t.act(Action::Puzzle(PuzzleAction::Family));
    }
    let tr = trainer(&t);
    let e = tr.entry().expect("a Connect Four puzzle");
    assert_eq!(e.family, "game-connect4");
    assert!(matches!(e.puzzle.kind, Kind::WinIn(_)));
    assert!(
        tr.filtered()
            .iter()
            .all(|&i| tr.entries[i].family == "game-connect4")
    );
    let mv = next_solution_move(&t);
    play(&mut t, mv);
    let tr = trainer(&t);
    assert!(
        tr.phase == Phase::Solved || tr.line.len() == 2,
        "{:?}",
        tr.status
    );
    // The line is in Connect Four's moves: columns.
    assert!(
        tr.line
            .iter()
            .all(|&m| crate::gui::kind::connect4::column(m).is_some())
    );
    // The solution played out ends in the attacker's win, and the heading says it was shown,
    // not solved.
    let attacker = trainer(&t).attacker().unwrap();
    if trainer(&t).phase != Phase::Solved {
        t.act(Action::Puzzle(PuzzleAction::Solution));
        assert!(t.run_until(|w| w.resource::<Trainer>().phase == Phase::SolutionShown));
        assert_eq!(status(&t), "puzzle-solution-shown");
        let heading = prompt(&mut t);
        let i18n = t.app.world().resource::<I18n>();
        assert_ne!(heading, i18n.t("puzzle-prompt-solved"));
        assert_eq!(heading, i18n.t("puzzle-prompt-solution-shown"));
    }
    let standing = trainer(&t).game.as_ref().unwrap().standing();
    assert!(
        matches!(standing, crate::gui::kind::Standing::Won { winner, .. } if winner == attacker),
        "{standing:?}"
    );
    // The difficulty filter narrows it further.
    t.act(Action::Puzzle(PuzzleAction::Difficulty));
    let tr = trainer(&t);
    assert_eq!(tr.progress.filter.difficulty, Some(1));
    assert!(
        tr.entry()
            .is_some_and(|e| e.puzzle.difficulty == 1 && e.family == "game-connect4")
    );
}

/// A Connect Four puzzle's count of moves follows the moves made: "win in 3" after the first
/// right move of a "win in 4".
#[test]
fn the_goal_counts_down_with_the_moves_made() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let (i, n) = trainer(&t)
        .entries
        .iter()
        .enumerate()
        .find_map(|(i, e)| match e.puzzle.kind {
            Kind::WinIn(n) if n >= 2 && e.family == "game-connect4" => Some((i, n)),
            _ => None,
        })
        .expect("a Connect Four puzzle of two moves or more");
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    t.app.update();
    assert!(
        prompt(&mut t).ends_with(&format!("win in {n}")),
        "{}",
        prompt(&mut t)
    );
    let mv = next_solution_move(&t);
    play(&mut t, mv);
    assert_eq!(trainer(&t).line.len(), 2, "{:?}", trainer(&t).status);
    assert_eq!(trainer(&t).goal_left(), Some(Kind::WinIn(n - 1)));
    t.app.update();
    let heading = prompt(&mut t);
    assert!(heading.ends_with(&format!("win in {}", n - 1)), "{heading}");
    // Try again: the whole count again.
    t.act(Action::Puzzle(PuzzleAction::Retry));
    assert!(
        prompt(&mut t).ends_with(&format!("win in {n}")),
        "{}",
        prompt(&mut t)
    );
}

/// Connect Four's board marks the hinted columns, and a refuting disc in a colour of its own
/// where the review's best line would be marked as a hint.
#[test]
fn connect_four_marks_the_hint_area_and_the_refutation() {
    use crate::engine::connect4::{Cell, Game};
    use crate::gui::kind::connect4::column;
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = trainer(&t)
        .entries
        .iter()
        .position(|e| e.family == "game-connect4")
        .expect("a Connect Four puzzle");
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    t.app.update();
    let solution = column(next_solution_move(&t)).unwrap();
    t.act(Action::Puzzle(PuzzleAction::Hint));
    assert_eq!(status(&t), "puzzle-hint-area");
    let view = t.app.world().resource::<C4View>();
    let (c0, c1) = view.hint_area.expect("the area on the board");
    assert!((c0..=c1).contains(&solution), "{solution} in {c0}..={c1}");
    assert_eq!(view.hint, None);
    // A counter-win as the trainer shows it: the defender's first disc to come.
    t.act(Action::Puzzle(PuzzleAction::Retry));
    let mv = next_solution_move(&t);
    {
        let mut tr = t.app.world_mut().resource_mut::<Trainer>();
        tr.refutation = vec![mv];
        tr.refute = Some(mv);
        tr.phase = Phase::Refuted;
    }
    t.app.update();
    t.app.update();
    let height = trainer(&t)
        .game
        .as_ref()
        .and_then(|g| g.downcast_ref::<Game>())
        .unwrap()
        .column_height(solution);
    let view = t.app.world().resource::<C4View>();
    assert_eq!(view.hint, None, "not in the hint's green");
    assert_eq!(
        view.refute,
        Some(Cell {
            col: solution,
            row: height
        })
    );
    // Leaving the trainer takes its marks along.
    t.act(Action::Puzzle(PuzzleAction::Menu));
    assert_eq!(
        *t.app.world().resource::<crate::gui::board::ShownMarks>(),
        crate::gui::board::ShownMarks::default()
    );
}

/// Open the game is greyed, and G does nothing, on a puzzle that is not from a game of the
/// player's; on one whose record is there, both open it.
#[test]
fn open_the_game_rests_without_a_game_to_open() {
    fn open_game_inactive(t: &mut TestApp) -> Vec<bool> {
        t.app
            .world_mut()
            .query::<(&ButtonAction, &GameButton)>()
            .iter(t.app.world())
            .filter(|(a, _)| matches!(a.0, Action::Puzzle(PuzzleAction::OpenGame)))
            .map(|(_, b)| b.inactive)
            .collect()
    }
    fn press_g(t: &mut TestApp) {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            t.app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::KeyG,
                logical_key: Key::Character("g".into()),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            t.app.update();
        }
        t.app.update();
    }
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = first_puzzle(&t, "rule-freestyle", Kind::Vcf, 1);
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    t.app.update();
    assert_eq!(open_game_inactive(&mut t), [true]);
    press_g(&mut t);
    assert_eq!(status(&t), "", "G does nothing");
    assert_eq!(t.screen(), Screen::Puzzles);
    // A puzzle of the player's own whose record is there (of no game's kind here, so opening
    // it says why: the key was heard).
    let record = t.paths().data_dir.join("mine.txt");
    std::fs::create_dir_all(record.parent().unwrap()).unwrap();
    std::fs::write(&record, "not a record").unwrap();
    let mine = {
        let mut tr = t.app.world_mut().resource_mut::<Trainer>();
        let mut entry = tr.entries[i].clone();
        entry.family = YOURS.into();
        entry.source = Some(Source {
            record: Some(record.clone()),
            ply: 0,
            date: "2025-01-01".into(),
        });
        tr.entries.push(entry);
        tr.entries.len() - 1
    };
    t.app.world_mut().resource_mut::<Trainer>().open(mine);
    t.app.update();
    assert_eq!(open_game_inactive(&mut t), [false]);
    press_g(&mut t);
    assert_eq!(status(&t), "puzzle-status-open-failed");
}

/// A game where Black had a win by fours and played elsewhere: the review grades the move a
/// missed win and it becomes a puzzle of the player's, which opens the game at that move.
#[test]
fn a_missed_win_of_a_reviewed_game_becomes_your_puzzle() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = first_puzzle(&t, "rule-freestyle", Kind::Vcf, 1);
    let shipped = trainer(&t).entries[i].puzzle.clone();
    t.act(Action::Puzzle(PuzzleAction::Menu));
    // Two people play the puzzle's position, then the winner-to-be plays far away and the
    // other resigns.
    t.start(
        0,
        ColourChoice::Black,
        crate::engine::gomoku::Rule::Freestyle,
    );
    let moves = shipped
        .get::<Variant>()
        .expect("a Gomoku puzzle")
        .moves
        .clone();
    for &pos in &moves {
        t.place(crate::gui::kind::gomoku::point(pos));
    }
    let ply = moves.len();
    assert_eq!(t.session().game.ply(), ply);
    let far = ["a1", "o1", "a15", "o15"]
        .into_iter()
        .map(p)
        .find(|&m| t.session().game.check(m).is_ok())
        .unwrap();
    t.place(far);
    t.act(Action::Play(PlayAction::Resign));
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    t.act(Action::Result(ResultAction::Review));
    assert!(t.run_until(|w| {
        let tr = w.resource::<Trainer>();
        tr.personal_count() > 0 && !tr.collecting()
    }));
    let tr = trainer(&t);
    let mine = tr.entries.iter().find(|e| e.source.is_some()).unwrap();
    assert_eq!(mine.family, YOURS);
    let (found, shipped) = (
        mine.puzzle.get::<Variant>().expect("a Gomoku puzzle"),
        shipped.get::<Variant>().unwrap(),
    );
    assert_eq!(found.moves, shipped.moves);
    assert_eq!(found.solution.mv, shipped.solution.mv);
    let source = mine.source.clone().unwrap();
    assert_eq!(source.ply, ply);
    assert!(source.record.as_ref().is_some_and(|r| r.exists()));
    assert_eq!(tr.progress.personal.len(), 1, "kept in the progress file");
    // In the trainer under "Yours", and G opens the game at the move that missed it.
    t.act(Action::Replay(ReplayAction::Menu));
    open_trainer(&mut t);
    for _ in 0..10 {
        if trainer(&t).progress.filter.family.as_deref() == Some(YOURS) {
            break;
        }
        t.act(Action::Puzzle(PuzzleAction::Family));
    }
    assert!(trainer(&t).entry().unwrap().source.is_some());
    t.act(Action::Puzzle(PuzzleAction::OpenGame));
    assert_eq!(t.screen(), Screen::Replay);
    assert_eq!(t.app.world().resource::<Replay>().cursor, ply);
}

/// The filter is kept by family id: an older file's "Yours" is the player's own puzzles, and
/// a family no puzzle has any more shows every game.
#[test]
fn a_saved_filter_reads_back_by_its_id() {
    use crate::gui::puzzles::{Filter, Progress};
    for (saved, read) in [
        ("Yours", Some(YOURS)),
        ("game-connect4", Some("game-connect4")),
        ("Hexapawn", None),
    ] {
        let mut t = TestApp::new();
        let progress = Progress {
            filter: Filter {
                family: Some(saved.to_string()),
                difficulty: None,
            },
            ..Progress::default()
        };
        let file = t.paths().data_dir.join(PROGRESS_FILE);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        crate::gui::persist::write_ron(&file, &progress).unwrap();
        open_trainer(&mut t);
        assert_eq!(
            trainer(&t).progress.filter.family.as_deref(),
            read,
            "{saved}"
        );
    }
}
