//! Win detection under each rule, draws, and undo/redo over many random games.

use gomoku::engine::gomoku::{Game, MoveError, Outcome, Pos, Rule, Stone};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// Black plays `black` in order, White answers far away in the top row.
fn play_line(rule: Rule, black: &[Pos]) -> Game {
    let mut game = Game::new(15, rule).unwrap();
    for (i, &p) in black.iter().enumerate() {
        game.play(p).unwrap();
        if !game.outcome().is_over() && i + 1 < black.len() {
            game.play(Pos::new(2 * i as u8, 0)).unwrap(); // spaced: no white five
        }
    }
    game
}

fn row(y: u8, xs: &[u8]) -> Vec<Pos> {
    xs.iter().map(|&x| Pos::new(x, y)).collect()
}

#[test]
fn five_wins_everywhere_with_its_cells() {
    for rule in Rule::ALL {
        let game = play_line(rule, &row(7, &[3, 4, 6, 7, 5]));
        match game.outcome() {
            Outcome::Win { winner, line } => {
                assert_eq!(*winner, Stone::Black);
                assert_eq!(line, &row(7, &[3, 4, 5, 6, 7]));
            }
            other => panic!("{rule:?}: {other:?}"),
        }
    }
    // Diagonal and anti-diagonal lines are reported in order too.
    let diag: Vec<Pos> = (2..7).map(|i| Pos::new(i, i)).collect();
    let game = play_line(Rule::Freestyle, &diag);
    assert_eq!(
        game.outcome(),
        &Outcome::Win {
            winner: Stone::Black,
            line: diag.clone()
        }
    );
    let anti: Vec<Pos> = (0..5).map(|i| Pos::new(10 - i, 3 + i)).collect();
    let game = play_line(Rule::Standard, &anti);
    match game.outcome() {
        Outcome::Win { line, .. } => assert_eq!(line.len(), 5),
        other => panic!("{other:?}"),
    }
}

#[test]
fn six_in_a_row_wins_only_in_freestyle() {
    // The gap at x=5 is filled last, making six.
    let six = row(9, &[2, 3, 4, 6, 7, 5]);
    let free = play_line(Rule::Freestyle, &six);
    assert!(matches!(free.outcome(), Outcome::Win { line, .. } if line.len() == 6));
    let exact = play_line(Rule::Standard, &six);
    assert_eq!(exact.outcome(), &Outcome::Ongoing);
    // Under Renju the same move is forbidden for Black.
    let mut renju = play_line(Rule::Renju, &six[..5]);
    renju.play(Pos::new(14, 14)).unwrap();
    assert!(matches!(
        renju.play(six[5]),
        Err(MoveError::Forbidden { .. })
    ));
}

#[test]
fn white_overline_under_standard_does_not_win() {
    let mut game = Game::new(15, Rule::Standard).unwrap();
    for x in [0u8, 1, 2, 4, 5] {
        game.place(Pos::new(x, 3), Stone::White).unwrap();
    }
    game.set_to_move(Stone::White);
    assert_eq!(game.play(Pos::new(3, 3)).unwrap(), &Outcome::Ongoing);
}

#[test]
fn full_board_is_a_draw() {
    // A 5x5 board filled in a pattern without five in a row.
    let rows = ["xxoox", "ooxxo", "xxoox", "ooxxo", "xxoox"];
    let mut blacks = Vec::new();
    let mut whites = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            let p = Pos::new(x as u8, y as u8);
            if c == 'x' {
                blacks.push(p)
            } else {
                whites.push(p)
            }
        }
    }
    assert_eq!(blacks.len(), 13);
    let mut game = Game::new(5, Rule::Freestyle).unwrap();
    for i in 0..25 {
        let p = if i % 2 == 0 {
            blacks[i / 2]
        } else {
            whites[i / 2]
        };
        let outcome = game.play(p).unwrap().clone();
        if i < 24 {
            assert_eq!(outcome, Outcome::Ongoing, "move {i}");
        } else {
            assert_eq!(outcome, Outcome::Draw);
        }
    }
    assert_eq!(game.play(Pos::new(0, 0)), Err(MoveError::GameOver));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    game.play(Pos::new(7, 7)).unwrap();
    let hash = game.hash();
    assert_eq!(
        game.play(Pos::new(7, 7)),
        Err(MoveError::Occupied {
            pos: Pos::new(7, 7),
            by: Stone::Black
        })
    );
    assert!(matches!(
        game.play(Pos::new(15, 2)),
        Err(MoveError::OffBoard { .. })
    ));
    assert_eq!(game.hash(), hash);
    assert_eq!(game.to_move(), Stone::White);
    assert_eq!(game.ply(), 1);
}

/// Plays random legal moves, then checks that undoing any number restores the exact
/// earlier state and redoing replays it.
#[test]
fn undo_and_redo_restore_everything_over_random_games() {
    let mut rng = StdRng::seed_from_u64(20261121);
    for round in 0..300 {
        let rule = Rule::ALL[round % 3];
        let size = *[5usize, 7, 9, 15, 19].choose(&mut rng).unwrap();
        let mut game = Game::new(size, rule).unwrap();
        let mut snapshots = vec![(game.board().clone(), game.to_move(), game.hash())];
        while !game.outcome().is_over() {
            let legal: Vec<Pos> = game
                .board()
                .empty_points()
                .filter(|&p| game.check_move(p).is_ok())
                .collect();
            let Some(&p) = legal.choose(&mut rng) else {
                break; // Renju: only forbidden points left for Black.
            };
            game.play(p).unwrap();
            snapshots.push((game.board().clone(), game.to_move(), game.hash()));
        }
        let final_outcome = game.outcome().clone();
        let n = game.ply();
        let back = rng.random_range(0..=n);
        for _ in 0..back {
            game.undo().unwrap();
        }
        let (board, to_move, hash) = &snapshots[n - back];
        assert_eq!(game.board(), board, "round {round}");
        assert_eq!(game.to_move(), *to_move);
        assert_eq!(game.hash(), *hash);
        assert_eq!(game.ply(), n - back);
        if back > 0 {
            assert_eq!(game.outcome(), &Outcome::Ongoing);
        }
        // The hash is a function of the position: recompute it from scratch.
        let replayed = Game::from_moves(
            size,
            rule,
            &game.history().iter().map(|m| m.pos).collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(replayed.hash(), game.hash());
        for _ in 0..back {
            game.redo().unwrap();
        }
        assert!(game.redo().is_none());
        assert_eq!(game.board(), &snapshots[n].0);
        assert_eq!(game.hash(), snapshots[n].2);
        assert_eq!(game.outcome(), &final_outcome);
    }
}

#[test]
fn a_new_move_clears_redo() {
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    game.play(Pos::new(7, 7)).unwrap();
    game.play(Pos::new(8, 8)).unwrap();
    game.undo();
    assert_eq!(game.redo_stack().len(), 1);
    game.play(Pos::new(6, 6)).unwrap();
    assert!(game.redo_stack().is_empty());
    assert!(game.redo().is_none());
}
