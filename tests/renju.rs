//! Renju forbidden-move positions with known answers.
//!
//! Diagrams: `x` black, `o` white, `.` empty, and on empty points the expectation:
//! `3` double three, `4` double four, `6` overline, `+` must be allowed. Rows are from the
//! top; missing rows and columns are empty. In an exhaustive case every unmarked empty point
//! must be allowed too.

use gomoku::engine::gomoku::rules::{forbidden, forbidden_points};
use gomoku::engine::gomoku::{Board, Forbidden, Game, MoveError, Pos, Rule, Stone};

struct Case {
    name: &'static str,
    size: usize,
    exhaustive: bool,
    rows: &'static [&'static str],
}

fn build(case: &Case) -> (Board, Vec<(Pos, Option<Forbidden>)>) {
    let mut board = Board::new(case.size).unwrap();
    let mut marks = Vec::new();
    assert!(case.rows.len() <= case.size, "{}: too many rows", case.name);
    for (y, row) in case.rows.iter().enumerate() {
        assert!(row.len() <= case.size, "{}: row {y} too long", case.name);
        for (x, c) in row.chars().enumerate() {
            let p = Pos::new(x as u8, y as u8);
            match c {
                'x' => board.place(p, Stone::Black),
                'o' => board.place(p, Stone::White),
                '.' => {}
                '3' => marks.push((p, Some(Forbidden::DoubleThree))),
                '4' => marks.push((p, Some(Forbidden::DoubleFour))),
                '6' => marks.push((p, Some(Forbidden::Overline))),
                '+' => marks.push((p, None)),
                _ => panic!("{}: bad diagram char {c:?}", case.name),
            }
        }
    }
    (board, marks)
}

const CASES: &[Case] = &[
    Case {
        name: "cross double three",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", ".....x", ".....x", "...xx3"],
    },
    Case {
        name: "split three with straight three",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", "", "....x", "....x", ".x.x3"],
    },
    Case {
        name: "diagonal double three",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", "...x...x", "....x.x", ".....3"],
    },
    Case {
        name: "three blocked by white is no three",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", ".....x", ".....x", "..oxx+"],
    },
    Case {
        name: "three with white one gap away is still a three",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", ".....x", ".....x", ".o.xx3"],
    },
    Case {
        name: "double four on two lines",
        size: 11,
        exhaustive: false,
        rows: &[
            "", "", "", "", "", ".oxxx4", ".....x", ".....x", ".....x", ".....o",
        ],
    },
    Case {
        name: "double four on one line x.x?x.x",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", "", "", ".x.x4x.x"],
    },
    Case {
        name: "double four on one line xxx.?.xxx",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", "", "", "xxx.4.xxx"],
    },
    Case {
        name: "overline by filling a gap",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", "", "", "xxx6xx"],
    },
    Case {
        name: "five together with an overline wins",
        size: 11,
        exhaustive: false,
        rows: &["", ".....x", ".....x", ".....x", ".....x", "..xxx+xx"],
    },
    Case {
        name: "five together with a double three wins",
        size: 11,
        exhaustive: false,
        rows: &["", "", "", "...x.x", "....xx", ".xxxx+"],
    },
    Case {
        name: "four-three is allowed",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", ".....x", ".....x", ".oxxx+"],
    },
    Case {
        name: "false three: its only four point is a double four",
        size: 11,
        exhaustive: false,
        rows: &[
            "", "", "", "", "", "...xx+.o", "..x..x", "..x..x", "..x", "..o",
        ],
    },
    Case {
        name: "same three without the blocking shape is real",
        size: 11,
        exhaustive: false,
        rows: &["", "", "", "", "", "...xx3.o", ".....x", ".....x"],
    },
    Case {
        name: "false three: its only four point is an overline",
        size: 11,
        exhaustive: false,
        rows: &["", "", "..x", "..x", "..x", "..6xx+.o", "..x..x", "..x..x"],
    },
    Case {
        name: "no three against the edge",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", "..x", "..x", "xx+"],
    },
    Case {
        name: "three one cell from the left edge",
        size: 11,
        exhaustive: true,
        rows: &["", "", "", "...x", "...x", ".xx3"],
    },
    Case {
        name: "three one cell from the right edge",
        size: 11,
        exhaustive: false,
        rows: &["", "", "", "......x", "......x", "......3xx"],
    },
    Case {
        name: "split four plus four",
        size: 11,
        exhaustive: false,
        rows: &[
            "", "", "", "", "", ".xx+x4", ".....x", ".....x", ".....x", ".....o",
        ],
    },
    Case {
        name: "double four on one vertical line at the edge",
        size: 9,
        exhaustive: true,
        rows: &["x", "x", ".", "x", "4", ".", "x", "x"],
    },
    Case {
        name: "overline on the diagonal",
        size: 11,
        exhaustive: false,
        rows: &["x", ".x", "..x", "...6", "....x", ".....x"],
    },
    Case {
        name: "xx.xx is no four: its gap makes six",
        size: 11,
        exhaustive: false,
        rows: &["", "", ".....x", ".....x", ".....x", "xx+xx+o", ".....o"],
    },
    Case {
        name: "two split threes on the diagonals",
        size: 11,
        exhaustive: false,
        rows: &["", "", "..x.....x", "", "....x.x", ".....3"],
    },
    Case {
        name: "four with two threes is a double three",
        size: 11,
        exhaustive: false,
        rows: &["", "", "", "...x.x", "....xx", ".oxxx3"],
    },
    Case {
        name: "scattered stones: nothing forbidden",
        size: 15,
        exhaustive: true,
        rows: &[
            "",
            "..x....o",
            "....x.....x",
            "..o....x",
            "",
            ".x....o...x",
            "",
            "....x....o",
        ],
    },
    Case {
        name: "four with an overline is an overline",
        size: 11,
        exhaustive: false,
        rows: &[
            "",
            "",
            "",
            "",
            "",
            "...xx6xxx",
            ".....x",
            ".....x",
            ".....x",
            ".....o",
        ],
    },
    Case {
        name: "three whose straight four would touch a far black stone",
        size: 11,
        exhaustive: false,
        rows: &["", "", "", ".....x", ".....x", "x..xx+..x"],
    },
    Case {
        name: "overline at the right edge of a 19 board",
        size: 19,
        exhaustive: false,
        rows: &[
            "",
            "",
            "..................x",
            "..................x",
            "..................6",
            "..................x",
            "..................x",
            "..................x",
        ],
    },
    Case {
        name: "double three in the corner of a 25 board",
        size: 25,
        exhaustive: true,
        rows: &[
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            ".......................x",
            ".......................x",
            ".....................xx3",
        ],
    },
    Case {
        name: "five with a double four wins",
        size: 11,
        exhaustive: false,
        rows: &[
            "", "", "", "", "", ".xxxx+", ".....x", ".....x", ".....x", ".....o",
        ],
    },
];

/// The diagrams exercise every verdict, each on several boards: a forbidden point of each
/// kind and an allowed one (the false threes and fives that look forbidden).
#[test]
fn the_diagrams_cover_every_verdict() {
    let verdicts = [
        None,
        Some(Forbidden::Overline),
        Some(Forbidden::DoubleFour),
        Some(Forbidden::DoubleThree),
    ];
    for want in verdicts {
        let boards = CASES
            .iter()
            .filter(|case| build(case).1.iter().any(|&(_, w)| w == want))
            .count();
        assert!(boards >= 3, "{want:?} marked on {boards} boards only");
    }
}

#[test]
fn forbidden_points_match_the_diagrams() {
    let mut failures = Vec::new();
    for case in CASES {
        let (board, marks) = build(case);
        for &(p, want) in &marks {
            let got = forbidden(&board, p);
            if got != want {
                failures.push(format!(
                    "{}: {} expected {want:?}, got {got:?}",
                    case.name,
                    p.to_human(case.size)
                ));
            }
        }
        let listed = forbidden_points(&board);
        // The list must agree with the single-point query everywhere.
        for &(p, kind) in &listed {
            assert_eq!(forbidden(&board, p), Some(kind), "{}", case.name);
        }
        if case.exhaustive {
            for (p, kind) in listed {
                if !marks.iter().any(|&(m, _)| m == p) {
                    failures.push(format!(
                        "{}: unexpected {kind:?} at {}",
                        case.name,
                        p.to_human(case.size)
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn white_is_never_restricted_and_black_is_told_why() {
    // Black to move in the cross double three: refused with the reason.
    let case = &CASES[0];
    let (board, marks) = build(case);
    let p = marks[0].0;
    let mut blacks = Vec::new();
    let mut whites = Vec::new();
    for q in board.points() {
        match board.get(q) {
            Some(Stone::Black) => blacks.push(q),
            Some(Stone::White) => whites.push(q),
            None => {}
        }
    }
    let mut game = Game::new(case.size, Rule::Renju).unwrap();
    for &q in &blacks {
        game.place(q, Stone::Black).unwrap();
    }
    game.set_to_move(Stone::Black);
    assert_eq!(
        game.check_move(p),
        Err(MoveError::Forbidden {
            pos: p,
            kind: Forbidden::DoubleThree
        })
    );
    assert!(game.forbidden_points().iter().any(|&(q, _)| q == p));
    // The same shape in White's colours is fine for White.
    let mut game = Game::new(case.size, Rule::Renju).unwrap();
    for &q in &blacks {
        game.place(q, Stone::White).unwrap();
    }
    game.set_to_move(Stone::White);
    assert_eq!(game.check_move(p), Ok(()));
    assert!(game.forbidden_points().is_empty());
    // And under the other rules the black double three is a normal move.
    for rule in [Rule::Freestyle, Rule::Standard] {
        let mut game = Game::new(case.size, rule).unwrap();
        for &q in &blacks {
            game.place(q, Stone::Black).unwrap();
        }
        game.set_to_move(Stone::Black);
        assert_eq!(game.check_move(p), Ok(()));
        assert!(game.forbidden_points().is_empty());
    }
}

#[test]
fn black_overline_does_not_win_under_renju_but_white_does() {
    // Black x x x . x x: filling the gap is forbidden for Black; White's six wins.
    for (stone, rule, expect_win) in [
        (Stone::White, Rule::Renju, true),
        (Stone::Black, Rule::Freestyle, true),
        (Stone::Black, Rule::Standard, false),
        (Stone::White, Rule::Standard, false),
    ] {
        let mut game = Game::new(15, rule).unwrap();
        for x in [0u8, 1, 2, 4, 5] {
            game.place(Pos::new(x, 7), stone).unwrap();
        }
        game.set_to_move(stone);
        let outcome = game.play(Pos::new(3, 7)).unwrap().clone();
        assert_eq!(outcome.is_over(), expect_win, "{stone:?} {rule:?}");
    }
    let mut game = Game::new(15, Rule::Renju).unwrap();
    for x in [0u8, 1, 2, 4, 5] {
        game.place(Pos::new(x, 7), Stone::Black).unwrap();
    }
    game.set_to_move(Stone::Black);
    assert_eq!(
        game.play(Pos::new(3, 7)),
        Err(MoveError::Forbidden {
            pos: Pos::new(3, 7),
            kind: Forbidden::Overline
        })
    );
}
