//! Connect Four rules: gravity, wins in every direction on 7x6 and 7x7, draws, notation errors,
//! undo/redo, and agreement between the GUI game type and the solver's bitboards.

use gomoku::engine::connect4::{BoardSize, Cell, Game, MoveError, Outcome, Player, Position};

const SIZES: [BoardSize; 2] = [BoardSize::STANDARD, BoardSize::SEVEN_BY_SEVEN];

fn cell(col: usize, row: usize) -> Cell {
    Cell { col, row }
}

fn game(size: BoardSize, moves: &str) -> Game {
    match Game::from_moves(size, moves) {
        Ok(g) => g,
        Err(e) => panic!("{moves} on {size}: {e}"),
    }
}

#[test]
fn stones_drop_to_the_lowest_free_cell() {
    let mut g = Game::new(BoardSize::STANDARD);
    assert_eq!(g.play(3), Ok(cell(3, 0)));
    assert_eq!(g.play(3), Ok(cell(3, 1)));
    assert_eq!(g.play(0), Ok(cell(0, 0)));
    assert_eq!(g.cell(cell(3, 0)), Some(Player::First));
    assert_eq!(g.cell(cell(3, 1)), Some(Player::Second));
    assert_eq!(g.cell(cell(3, 2)), None);
    assert_eq!(g.side_to_move(), Player::Second);
    assert_eq!(g.to_move_string(), "441");
}

#[test]
fn wins_in_all_four_directions_on_both_sizes() {
    // (moves, winner, the four in line order)
    let cases = [
        // Horizontal along the bottom row.
        (
            "1122334",
            Player::First,
            [cell(0, 0), cell(1, 0), cell(2, 0), cell(3, 0)],
        ),
        // Vertical, for each player.
        (
            "1212121",
            Player::First,
            [cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3)],
        ),
        (
            "71212121",
            Player::Second,
            [cell(0, 0), cell(0, 1), cell(0, 2), cell(0, 3)],
        ),
        // Rising diagonal from (0,0) to (3,3).
        (
            "12234334744",
            Player::First,
            [cell(0, 0), cell(1, 1), cell(2, 2), cell(3, 3)],
        ),
        // Falling diagonal from (0,3) to (3,0), completed by its second stone.
        (
            "143321271172",
            Player::Second,
            [cell(0, 3), cell(1, 2), cell(2, 1), cell(3, 0)],
        ),
    ];
    for size in SIZES {
        for (moves, winner, four) in cases {
            let g = game(size, moves);
            assert_eq!(
                g.outcome(),
                Outcome::Win {
                    player: winner,
                    four
                },
                "{moves} on {size}\n{g}"
            );
            assert!(g.is_over());
            assert!(g.legal_columns().is_empty());
            assert_eq!(g.position(), None);
            // The solver refuses the finished game at the winning move.
            assert!(matches!(
                Position::from_moves(size, moves),
                Err(MoveError::WinningMove { index, .. }) if index == moves.len() - 1
            ));
        }
    }
}

#[test]
fn win_in_the_seventh_row_of_7x7() {
    // Column 1 ends with the first player's stones in rows 4..=7 (1-based).
    let size = BoardSize::SEVEN_BY_SEVEN;
    let g = game(size, "1122211313131");
    assert_eq!(
        g.outcome(),
        Outcome::Win {
            player: Player::First,
            four: [cell(0, 3), cell(0, 4), cell(0, 5), cell(0, 6)]
        },
        "\n{g}"
    );
    // The same sequence on 7x6 overflows column 1 before the fourth stone.
    assert_eq!(
        Game::from_moves(BoardSize::STANDARD, "1122211313131"),
        Err(MoveError::ColumnFull {
            index: 12,
            column: 1
        })
    );
}

#[test]
fn five_in_a_row_reports_a_four_through_the_last_stone() {
    // Bottom row 1,2,4,5 for the first player, then 3 joins them into five.
    let g = game(BoardSize::STANDARD, "172746563");
    match g.outcome() {
        Outcome::Win { player, four } => {
            assert_eq!(player, Player::First);
            assert!(four.contains(&cell(2, 0)), "{four:?}");
            assert!(four.iter().all(|c| c.row == 0));
        }
        other => panic!("expected a win, got {other:?}\n{g}"),
    }
}

#[test]
fn full_board_without_four_is_a_draw() {
    // Built from the pattern row r, column c: first player iff [0,0,1,1,0,0,1][c] == r % 2,
    // which has no four in any direction.
    let draws = [
        (
            BoardSize::STANDARD,
            "544444433333355555222222666666111117777771",
        ),
        (
            BoardSize::SEVEN_BY_SEVEN,
            "5444444423333333655555522222266666671111117777771",
        ),
    ];
    for (size, moves) in draws {
        let g = game(size, moves);
        assert_eq!(g.moves().len(), size.cells());
        assert_eq!(g.outcome(), Outcome::Draw, "{size}\n{g}");
        assert!(g.legal_columns().is_empty());
        // One move before the end the game is still on.
        let before = game(size, &moves[..moves.len() - 1]);
        assert_eq!(before.outcome(), Outcome::Ongoing);
        assert_eq!(before.legal_columns(), vec![0]);
        // The solver accepts the full board and calls it a draw.
        let p = Position::from_moves(size, moves).expect("full board without four");
        assert!(p.is_full());
        let mut g = g;
        assert_eq!(
            g.play(0),
            Err(MoveError::GameOver {
                index: size.cells(),
                column: 1
            })
        );
    }
}

#[test]
fn notation_errors_say_what_and_where() {
    let s = BoardSize::STANDARD;
    assert_eq!(
        Game::from_moves(s, "44x5"),
        Err(MoveError::InvalidCharacter {
            index: 2,
            found: 'x'
        })
    );
    assert_eq!(
        Game::from_moves(s, "4 5"),
        Err(MoveError::InvalidCharacter {
            index: 1,
            found: ' '
        })
    );
    assert_eq!(
        Game::from_moves(s, "448"),
        Err(MoveError::OutOfRange {
            index: 2,
            column: 8,
            width: 7
        })
    );
    assert_eq!(
        Game::from_moves(s, "0"),
        Err(MoveError::OutOfRange {
            index: 0,
            column: 0,
            width: 7
        })
    );
    assert_eq!(
        Game::from_moves(s, "3333333"),
        Err(MoveError::ColumnFull {
            index: 6,
            column: 3
        })
    );
    // 7x7 has room for the seventh stone.
    assert!(Game::from_moves(BoardSize::SEVEN_BY_SEVEN, "3333333").is_ok());
    assert_eq!(
        Game::from_moves(s, "11223345"),
        Err(MoveError::GameOver {
            index: 7,
            column: 5
        })
    );
    // Position reports the same errors, with its own for a finished game.
    assert_eq!(
        Position::from_moves(s, "3333333"),
        Err(MoveError::ColumnFull {
            index: 6,
            column: 3
        })
    );
    assert_eq!(
        Position::from_moves(s, "é"),
        Err(MoveError::InvalidCharacter {
            index: 0,
            found: 'é'
        })
    );
    let msg = MoveError::ColumnFull {
        index: 6,
        column: 3,
    }
    .to_string();
    assert!(msg.contains("move 7") && msg.contains("column 3"), "{msg}");
}

#[test]
fn direct_play_errors() {
    let mut g = Game::new(BoardSize::STANDARD);
    assert_eq!(
        g.play(7),
        Err(MoveError::OutOfRange {
            index: 0,
            column: 8,
            width: 7
        })
    );
    for _ in 0..6 {
        g.play(2).expect("room in column 3");
    }
    assert!(!g.can_play(2));
    assert_eq!(
        g.play(2),
        Err(MoveError::ColumnFull {
            index: 6,
            column: 3
        })
    );
    assert_eq!(g.legal_columns(), vec![0, 1, 3, 4, 5, 6]);
    assert_eq!(g.moves().len(), 6, "failed moves change nothing");
}

#[test]
fn undo_and_redo() {
    let mut g = game(BoardSize::STANDARD, "1122334");
    assert!(g.is_over());
    assert_eq!(g.undo(), Some(3));
    assert_eq!(g.outcome(), Outcome::Ongoing);
    assert_eq!(g.to_move_string(), "112233");
    assert_eq!(g.side_to_move(), Player::First);
    assert_eq!(g.undo(), Some(2));
    assert!(g.can_redo());
    assert_eq!(g.redo(), Some(cell(2, 1)));
    assert_eq!(g.redo(), Some(cell(3, 0)));
    assert!(matches!(
        g.outcome(),
        Outcome::Win {
            player: Player::First,
            ..
        }
    ));
    assert_eq!(g.redo(), None);
    // Undo everything, then a new move drops the redo list.
    while g.undo().is_some() {}
    assert_eq!(g.moves().len(), 0);
    assert_eq!(g.undo(), None);
    g.play(6).expect("empty board");
    assert!(!g.can_redo());
    assert_eq!(g.redo(), None);
    assert_eq!(g.to_move_string(), "7");
}

#[test]
fn game_and_position_agree() {
    let moves = "4453367215";
    for size in SIZES {
        let g = game(size, moves);
        let p = g.position().expect("game is on");
        assert_eq!(p, Position::from_moves(size, moves).expect("legal"));
        assert_eq!(p.moves_played(), moves.len());
        let me = g.side_to_move();
        for col in 0..size.width() {
            for row in 0..size.height() {
                let expected = g.cell(cell(col, row)).map(|pl| pl == me);
                assert_eq!(p.cell(col, row), expected, "{col},{row}");
            }
        }
        assert_eq!(p.legal_columns(), g.legal_columns());
    }
}

#[test]
fn board_sizes_are_checked() {
    assert!(BoardSize::new(7, 6).is_ok());
    assert!(BoardSize::new(7, 7).is_ok());
    assert!(BoardSize::new(8, 7).is_ok());
    assert!(BoardSize::new(10, 4).is_err());
    assert!(BoardSize::new(0, 4).is_err());
    assert!(BoardSize::new(9, 7).is_err());
    assert!(BoardSize::new(3, 0).is_err());
}
