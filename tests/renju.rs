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

/// A self-play game (pbrain-match, Renju, 0.1 s a move) that left Black to move with one
/// empty point, forbidden to Black: the brain had no legal move and answered `ERROR`,
/// scored as a forfeit. The rules now call it a draw after White's 224th move.
const NO_LEGAL_MOVE_FOR_BLACK: &str = "(;GM[4]FF[4]SZ[15]RU[Renju]
;B[hh];W[hi];B[if];W[gh];B[fg];W[gg];B[gf];W[he];B[hf];W[ff];B[jf];W[kf];B[ig];W[gi];B[jh]
;W[ki];B[ii];W[ih];B[ke];W[ld];B[gj];W[hj];B[jg];W[je];B[lg];W[kg];B[kh];W[ji];B[ik];W[li]
;B[lk];W[jk];B[kl];W[jm];B[jl];W[ll];B[id];W[il];B[kj];W[fd];B[mj];W[lj];B[mk];W[mi];B[ni]
;W[oh];B[nk];W[kk];B[gc];W[dd];B[ed];W[nh];B[og];W[df];B[ie];W[ic];B[ee];W[eg];B[fh];W[ge]
;B[hd];W[fb];B[fe];W[dc];B[de];W[cf];B[ef];W[ec];B[ce];W[be];B[bc];W[cd];B[eb];W[ej];B[fi]
;W[ca];B[db];W[hk];B[hm];W[ek];B[eh];W[cj];B[ch];W[dg];B[fj];W[fk];B[el];W[kd];B[dh];W[bh]
;B[gk];W[ei];B[kn];W[md];B[nd];W[dj];B[ci];W[bj];B[aj];W[bk];B[bl];W[mf];B[nm];W[ml];B[le]
;W[fm];B[gl];W[bg];B[bi];W[me];B[mc];W[nn];B[mm];W[mb];B[dl];W[lc];B[na];W[ag];B[cg];W[gm]
;B[fl];W[hl];B[kc];W[lb];B[nj];W[nl];B[ne];W[mg];B[mh];W[en];B[dm];W[nf];B[lh];W[af];B[dn]
;W[dk];B[ck];W[em];B[nb];W[nc];B[ad];W[hn];B[of];W[ea];B[mo];W[da];B[fa];W[km];B[aa];W[ae]
;B[kb];W[ja];B[ak];W[ai];B[ah];W[oj];B[eo];W[cm];B[ha];W[fo];B[ib];W[lo];B[go];W[gb];B[on]
;W[an];B[bm];W[in];B[ab];W[bb];B[do];W[jb];B[bd];W[ia];B[bo];W[fn];B[gn];W[co];B[ol];W[jd]
;B[jc];W[od];B[om];W[ok];B[hc];W[gd];B[ma];W[ka];B[la];W[ij];B[oi];W[lm];B[ba];W[oa];B[ob]
;W[ho];B[io];W[lf];B[cb];W[jj];B[ko];W[ga];B[cc];W[bf];B[ac];W[oe];B[fc];W[ln];B[am];W[oc]
;B[oo];W[hg];B[ng];W[cn];B[di];W[mn];B[bn];W[hb];B[ao];W[al];B[no];W[jn];B[jo];W[im])";

#[test]
fn black_with_only_forbidden_points_left_is_a_draw() {
    let rec = gomoku::engine::record::parse(NO_LEGAL_MOVE_FOR_BLACK.as_bytes()).unwrap();
    assert_eq!(rec.moves.len(), 224);
    let mut game = Game::new(15, Rule::Renju).unwrap();
    for (i, m) in rec.moves.iter().enumerate() {
        assert!(!game.outcome().is_over(), "over before move {}", i + 1);
        game.play(m.pos).unwrap();
    }
    // One empty point, and it is forbidden to Black, who is to move.
    let empty: Vec<Pos> = (0..225)
        .map(|i| Pos::from_index(i, 15))
        .filter(|&p| game.board().get(p).is_none())
        .collect();
    assert_eq!(empty.len(), 1);
    assert!(forbidden(game.board(), empty[0]).is_some());
    assert_eq!(game.outcome(), &gomoku::engine::gomoku::Outcome::Draw);
    // Under freestyle the same moves leave Black a move.
    let mut free = Game::new(15, Rule::Freestyle).unwrap();
    for m in &rec.moves {
        free.play(m.pos).unwrap();
    }
    assert!(!free.outcome().is_over());
}
