//! The puzzle trainer headless: a wrong move refuted and counted, Try again, the hints, the
//! solution's moves answered by the engine's defence to the win, the rating and streak kept
//! across a restart, a Connect Four puzzle on the same trainer, and a missed win of a
//! reviewed game turned into the player's own puzzle with the way back to the game.

use bevy::prelude::*;

use super::{TestApp, p};
use crate::engine::puzzle::{self, Kind, PuzzleMove};
use crate::gui::flow::{
    Action, PlayAction, PuzzleAction, ReplayAction, ResultAction, Screen, TitleAction,
};
use crate::gui::kind::Move;
use crate::gui::persist::ColourChoice;
use crate::gui::puzzles::{PROGRESS_FILE, Phase, Trainer, YOURS};
use crate::gui::screens::replay_state::Replay;

fn trainer(t: &TestApp) -> &Trainer {
    t.app.world().resource::<Trainer>()
}

fn open_trainer(t: &mut TestApp) {
    t.act(Action::Title(TitleAction::Puzzles));
    assert_eq!(t.screen(), Screen::Puzzles);
}

/// Runs frames until the engine has judged the move and any answer is on the board.
fn settle(t: &mut TestApp) {
    assert!(
        t.run_until(|w| matches!(
            w.resource::<Trainer>().phase,
            Phase::Solving | Phase::Refuted | Phase::Solved
        )),
        "the trainer answered"
    );
}

/// The board move of the solution's next attacker move.
fn next_solution_move(t: &TestApp) -> Move {
    let tr = trainer(t);
    let e = tr.entry().unwrap();
    let m = puzzle::solution_line(&e.puzzle, &tr.line).unwrap()[0];
    e.kind.def().puzzle_move_to_board(m).unwrap()
}

fn play(t: &mut TestApp, mv: Move) {
    t.act(Action::Play(PlayAction::Place(mv)));
    settle(t);
}

fn first_puzzle(t: &TestApp, family: &str, kind: Kind, difficulty: u8) -> usize {
    trainer(t)
        .entries
        .iter()
        .position(|e| {
            e.family == family && e.puzzle.kind == kind && e.puzzle.difficulty == difficulty
        })
        .unwrap_or_else(|| panic!("a {family} puzzle of difficulty {difficulty}"))
}

#[test]
fn a_wrong_move_is_refuted_then_hints_and_the_solution_solve_it() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let tr = trainer(&t);
    assert!(tr.entries.len() >= 700, "{} puzzles", tr.entries.len());
    assert!(tr.current.is_some() && tr.phase == Phase::Solving);
    let i = first_puzzle(&t, "Freestyle", Kind::Vcf, 1);
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    let id = trainer(&t).entry().unwrap().puzzle.id.clone();
    let start_ply = trainer(&t).game.as_ref().unwrap().ply();
    // A quiet move far away: the defender answers and the attack is gone.
    let quiet = (0..15u8)
        .map(|x| crate::gui::kind::gomoku::point(crate::engine::Pos::new(x, 0)))
        .find(|&m| trainer(&t).game.as_ref().unwrap().check(m).is_ok())
        .unwrap();
    play(&mut t, quiet);
    let tr = trainer(&t);
    assert_eq!(tr.phase, Phase::Refuted, "{}", tr.status);
    assert!(tr.status.starts_with("Not this one: "), "{}", tr.status);
    assert!(tr.status.contains("the attack runs out"), "{}", tr.status);
    assert_eq!(tr.wrong, 1);
    assert_eq!(
        tr.game.as_ref().unwrap().ply(),
        start_ply + 2,
        "the move and its refutation"
    );
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
    // The hints: the area, then the move itself on the board.
    t.act(Action::Puzzle(PuzzleAction::Hint));
    assert!(
        trainer(&t).status.starts_with("Hint: the move is between "),
        "{}",
        trainer(&t).status
    );
    assert_eq!(trainer(&t).hint_move, None);
    t.act(Action::Puzzle(PuzzleAction::Hint));
    let first = next_solution_move(&t);
    assert_eq!(trainer(&t).hint_move, Some(first));
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
            "{}",
            tr.status
        );
    }
    let tr = trainer(&t);
    assert_eq!(tr.status, "Solved.");
    assert_eq!(tr.progress.rating, rating, "rated once only");
    assert!(!tr.progress.solved.contains(&id));
}

#[test]
fn a_clean_solve_raises_the_rating_and_the_progress_survives_a_restart() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = first_puzzle(&t, "Renju", Kind::Vcf, 2);
    t.app.world_mut().resource_mut::<Trainer>().open(i);
    let id = trainer(&t).entry().unwrap().puzzle.id.clone();
    let before = trainer(&t).progress.rating.rating;
    while trainer(&t).phase != Phase::Solved {
        let mv = next_solution_move(&t);
        play(&mut t, mv);
    }
    let tr = trainer(&t);
    assert_eq!(tr.status, "Solved!");
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
        if trainer(&t).progress.filter.family.as_deref() == Some("Connect Four") {
            break;
        }
        t.act(Action::Puzzle(PuzzleAction::Family));
    }
    let tr = trainer(&t);
    let e = tr.entry().expect("a Connect Four puzzle");
    assert_eq!(e.family, "Connect Four");
    assert!(matches!(e.puzzle.kind, Kind::WinIn(_)));
    assert!(
        tr.filtered()
            .iter()
            .all(|&i| tr.entries[i].family == "Connect Four")
    );
    let mv = next_solution_move(&t);
    play(&mut t, mv);
    let tr = trainer(&t);
    assert!(
        tr.phase == Phase::Solved || tr.line.len() == 2,
        "{}",
        tr.status
    );
    assert!(tr.line.iter().all(|m| matches!(m, PuzzleMove::Column(_))));
    // The solution played out ends in the attacker's win.
    let attacker = trainer(&t).attacker().unwrap();
    t.act(Action::Puzzle(PuzzleAction::Solution));
    assert!(t.run_until(|w| w.resource::<Trainer>().phase == Phase::Solved));
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
            .is_some_and(|e| e.puzzle.difficulty == 1 && e.family == "Connect Four")
    );
}

/// A game where Black had a win by fours and played elsewhere: the review grades the move a
/// missed win and it becomes a puzzle of the player's, which opens the game at that move.
#[test]
fn a_missed_win_of_a_reviewed_game_becomes_your_puzzle() {
    let mut t = TestApp::new();
    open_trainer(&mut t);
    let i = first_puzzle(&t, "Freestyle", Kind::Vcf, 1);
    let shipped = trainer(&t).entries[i].puzzle.clone();
    t.act(Action::Puzzle(PuzzleAction::Menu));
    // Two people play the puzzle's position, then the winner-to-be plays far away and the
    // other resigns.
    t.start(0, ColourChoice::Black, crate::engine::Rule::Freestyle);
    for m in &shipped.moves {
        let PuzzleMove::Point(pos) = *m else {
            unreachable!()
        };
        t.place(crate::gui::kind::gomoku::point(pos));
    }
    let ply = shipped.moves.len();
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
    assert_eq!(mine.puzzle.moves, shipped.moves);
    assert_eq!(mine.puzzle.solution.mv, shipped.solution.mv);
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
