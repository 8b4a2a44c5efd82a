//! The exact solver against Pascal Pons's benchmark sets (tests/data/connect4, with their
//! licence), against a naive reference on small endgames of several board
//! sizes, and its interruptible and best-move entry points.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gomoku::engine::connect4::testsets::{TestCase, find_test_set, read_test_set, test_set_dir};
use gomoku::engine::connect4::{BoardSize, Cell, Game, Interrupted, Outcome, Position, Solver};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// Small table: the tests solve easy positions and keep it between positions.
const TABLE_BITS: u32 = 20;

/// A fast set, which must exist: a missing file fails the test rather than skipping it.
fn required_set(name: &str) -> Vec<TestCase> {
    let Some(path) = find_test_set(name) else {
        panic!(
            "Connect Four test set {name} not found in {}. The fast sets \
             Test_L3_R1, Test_L2_R1 and Test_L1_R1 are required (Pascal Pons's benchmark, \
             as in benjaminrall/connect-four-ai crates/test-data, MIT).",
            test_set_dir().display()
        )
    };
    let cases = read_test_set(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        cases.len(),
        1000,
        "{} should have 1000 positions",
        path.display()
    );
    cases
}

fn position(case: &TestCase) -> Position {
    Position::from_moves(BoardSize::STANDARD, &case.moves)
        .unwrap_or_else(|e| panic!("line {} ({}): {e}", case.line, case.moves))
}

fn solve_all(name: &str) {
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    let mut wrong = Vec::new();
    for case in required_set(name) {
        let score = solver.solve(&position(&case));
        if score != case.score {
            wrong.push(format!(
                "line {} {}: got {score}, expected {}",
                case.line, case.moves, case.score
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{name}: {} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn reference_checks() {
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    let p = Position::from_moves(BoardSize::STANDARD, "4455").unwrap();
    assert_eq!(solver.solve(&p), 18);
    assert_eq!(solver.solve_weak(&p), 1);
    let p = Position::from_moves(BoardSize::STANDARD, "44455554221").unwrap();
    assert_eq!(solver.solve(&p), -15);
    assert_eq!(solver.solve_weak(&p), -1);
    // The count covers the searches since the reset: a position won at once takes no more
    // than a handful of nodes, one from the start of a game thousands.
    solver.reset();
    let quick = Position::from_moves(BoardSize::STANDARD, "112233").unwrap();
    assert_eq!(solver.solve(&quick), 18);
    let few = solver.node_count();
    assert!(few <= 10, "{few}");
    solver.reset_node_count();
    assert_eq!(solver.node_count(), 0);
    let p = Position::from_moves(BoardSize::STANDARD, "32164625").unwrap();
    assert_eq!(solver.solve(&p), 11);
    assert!(solver.node_count() > 1000, "{}", solver.node_count());
}

#[test]
fn end_easy_set_exact() {
    solve_all("Test_L3_R1");
}

#[test]
fn middle_easy_set_exact() {
    solve_all("Test_L2_R1");
}

#[test]
fn beginning_easy_set_exact() {
    solve_all("Test_L1_R1");
}

#[test]
fn weak_solve_on_a_subset() {
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    let mut checked = 0;
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"] {
        for case in required_set(name).iter().step_by(5) {
            let got = solver.solve_weak(&position(case));
            assert_eq!(
                got,
                case.score.signum(),
                "{name} line {}: {}",
                case.line,
                case.moves
            );
            checked += 1;
        }
    }
    // A sample of the medium middle-game set.
    for case in required_set("Test_L2_R2").iter().step_by(50) {
        assert_eq!(
            solver.solve_weak(&position(case)),
            case.score.signum(),
            "{}",
            case.moves
        );
        checked += 1;
    }
    assert!(checked >= 600);
}

#[test]
fn node_counts_match_the_reference() {
    // Fresh table per position as in the reference; the smaller table costs a few nodes.
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    for (name, reference) in [("Test_L3_R1", 51.0), ("Test_L2_R1", 450.0)] {
        let cases = required_set(name);
        let mut nodes = 0;
        for case in cases.iter() {
            solver.reset();
            solver.solve(&position(case));
            nodes += solver.node_count();
        }
        let mean = nodes as f64 / cases.len() as f64;
        assert!(
            (mean - reference).abs() <= 0.1 * reference,
            "{name}: {mean:.1} nodes per position, reference {reference}"
        );
    }
}

/// Plain alpha-beta over the GUI game type (no table, no pruning tricks): an independent check
/// of the solver's scores. Exact when the true score lies in (alpha, beta).
fn reference_score(game: &mut Game, mut alpha: i32, beta: i32) -> i32 {
    let cells = game.size().cells() as i32;
    let n = game.moves().len() as i32;
    for col in game.legal_columns() {
        game.play(col).unwrap();
        let score = match game.outcome() {
            Outcome::Win { .. } => (cells + 1 - n) / 2,
            Outcome::Draw => 0,
            Outcome::Ongoing => -reference_score(game, -beta, -alpha),
        };
        game.undo();
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// A random unfinished game with `empty` free cells (retrying finished ones).
fn random_endgame(size: BoardSize, empty: usize, rng: &mut StdRng) -> Game {
    loop {
        let mut g = Game::new(size);
        while g.moves().len() < size.cells() - empty && !g.is_over() {
            let col = *g.legal_columns().choose(rng).unwrap();
            g.play(col).unwrap();
        }
        if !g.is_over() {
            return g;
        }
    }
}

#[test]
fn agrees_with_plain_negamax_on_several_board_sizes() {
    let mut rng = StdRng::seed_from_u64(7);
    // 8x7 has 64-bit keys, which take the full-key table path.
    for (w, h, empty) in [(7, 6, 9), (7, 7, 9), (6, 5, 10), (8, 7, 8), (4, 4, 11)] {
        let size = BoardSize::new(w, h).unwrap();
        let mut solver = Solver::with_table_bits(size, 16);
        for _ in 0..12 {
            let mut g = random_endgame(size, empty, &mut rng);
            let p = g.position().unwrap();
            let expected = reference_score(&mut g, -100, 100);
            assert_eq!(solver.solve(&p), expected, "{w}x{h} {}", g.to_move_string());
            assert_eq!(solver.solve_weak(&p), expected.signum());
        }
    }
}

#[test]
fn best_move_and_analysis_agree_with_the_score() {
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    for case in required_set("Test_L2_R1").iter().step_by(20) {
        let p = position(case);
        let scores = solver.analyze(&p, false);
        let best = scores.iter().flatten().copied().max().unwrap();
        assert_eq!(best, case.score, "{}", case.moves);
        let (col, score) = solver.best_move(&p).unwrap();
        assert_eq!(score, case.score, "{}", case.moves);
        assert_eq!(scores[col], Some(score), "{}", case.moves);
        // Ties go to the most central column.
        let first = BoardSize::STANDARD
            .centre_order()
            .into_iter()
            .find(|&c| scores[c] == Some(best))
            .unwrap();
        assert_eq!(col, first, "{} {scores:?}", case.moves);
        for (c, s) in scores.iter().enumerate() {
            assert_eq!(s.is_some(), p.can_play(c));
        }
    }
}

#[test]
fn best_move_takes_an_immediate_win_and_handles_a_full_board() {
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    let p = Position::from_moves(BoardSize::STANDARD, "445566").unwrap();
    let (col, score) = solver.best_move(&p).unwrap();
    assert!(col == 2 || col == 6, "{col}");
    assert_eq!(score, 18);
    let full = Position::from_moves(
        BoardSize::STANDARD,
        "544444433333355555222222666666111117777771",
    )
    .unwrap();
    assert_eq!(solver.best_move(&full), None);
    assert_eq!(solver.solve(&full), 0);
}

#[test]
fn stop_flag_and_deadline_interrupt_a_hard_solve() {
    let size = BoardSize::SEVEN_BY_SEVEN;
    let mut solver = Solver::with_table_bits(size, TABLE_BITS);
    let empty = Position::new(size);
    let stop = AtomicBool::new(true);
    assert_eq!(
        solver.solve_until(&empty, false, &stop, None),
        Err(Interrupted)
    );
    let go = AtomicBool::new(false);
    let start = Instant::now();
    let r = solver.solve_until(&empty, true, &go, Some(start + Duration::from_millis(100)));
    assert_eq!(r, Err(Interrupted));
    // The empty 7x7 board takes hours to solve: returning at all within a minute means
    // the deadline stopped it.
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
    // The same solver still answers correctly afterwards.
    let p = Position::from_moves(BoardSize::STANDARD, "4455").unwrap();
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    assert_eq!(solver.solve_until(&p, false, &go, None), Ok(18));
}

#[test]
fn winning_four_from_the_game_matches_the_solver_view() {
    // The solver scores a win-in-one, and the game then reports the four.
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, TABLE_BITS);
    let mut g = Game::from_moves(BoardSize::STANDARD, "112233").unwrap();
    let (col, score) = solver.best_move(&g.position().unwrap()).unwrap();
    assert_eq!(score, (42 + 1 - 6) / 2);
    g.play(col).unwrap();
    match g.outcome() {
        Outcome::Win { four, .. } => assert!(four.contains(&Cell { col, row: 0 })),
        other => panic!("{other:?}"),
    }
}

#[test]
fn random_positions_of_the_easy_sets_in_random_order() {
    // Order independence of the shared table: shuffle and solve a sample again.
    let mut rng = StdRng::seed_from_u64(3);
    let mut cases = required_set("Test_L2_R1");
    cases.extend(required_set("Test_L3_R1"));
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, 14);
    for _ in 0..300 {
        let case = &cases[rng.random_range(0..cases.len())];
        assert_eq!(solver.solve(&position(case)), case.score, "{}", case.moves);
    }
}
