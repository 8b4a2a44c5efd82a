//! The tactical suite: positions with known answers, shared by the tests and the bench
//! (each includes this file as a module, so neither the game nor the brain carries it).
//! Coordinates are Gomocup `(x, y)` on a 15x15 board (x right, y down from the top).

#![allow(dead_code)] // each includer uses its own part

use gomoku::engine::gomoku::ai::{Score, SearchResult};
use gomoku::engine::gomoku::{Game, Pos, Rule, Stone};

/// What a correct answer looks like.
#[derive(Clone, Debug)]
pub enum Expect {
    /// A forced win in exactly `moves` of our own moves (the five included); when `any_of`
    /// is not empty the first move must be one of those points.
    Win {
        moves: u32,
        any_of: &'static [(u8, u8)],
    },
    /// The move must be one of these points (a defence), and the score no loss in one.
    Move(&'static [(u8, u8)]),
    /// The move must not be any of these points.
    Not(&'static [(u8, u8)]),
}

pub struct Tactic {
    pub name: &'static str,
    pub rule: Rule,
    pub to_move: Stone,
    pub black: &'static [(u8, u8)],
    pub white: &'static [(u8, u8)],
    /// Alternatively a diagram (`x` black, `o` white, rows from the top).
    pub rows: &'static [&'static str],
    pub expect: Expect,
}

impl Tactic {
    /// The position as a game (stones placed out of turn, then the side to move set).
    pub fn game(&self) -> Game {
        let mut g = Game::new(15, self.rule).expect("15x15");
        let mut put = |x: usize, y: usize, s: Stone| {
            g.place(Pos::new(x as u8, y as u8), s)
                .unwrap_or_else(|e| panic!("{}: bad stone {x},{y}: {e}", self.name));
        };
        for &(x, y) in self.black {
            put(x as usize, y as usize, Stone::Black);
        }
        for &(x, y) in self.white {
            put(x as usize, y as usize, Stone::White);
        }
        for (y, row) in self.rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                match c {
                    'x' => put(x, y, Stone::Black),
                    'o' => put(x, y, Stone::White),
                    _ => {}
                }
            }
        }
        g.set_to_move(self.to_move);
        g
    }

    /// Whether `r` answers the position correctly; the error says how it fails.
    pub fn check(&self, r: &SearchResult) -> Result<(), String> {
        let mv = r.best.ok_or("no move")?;
        let pt = (mv.x, mv.y);
        match &self.expect {
            Expect::Win { moves, any_of } => {
                if r.score != Score::Win(*moves) {
                    return Err(format!("score {} (want win in {moves})", r.score));
                }
                if !any_of.is_empty() && !any_of.contains(&pt) {
                    return Err(format!("move {pt:?} not in {any_of:?}"));
                }
            }
            Expect::Move(set) => {
                if !set.contains(&pt) {
                    return Err(format!("move {pt:?} not in {set:?}"));
                }
            }
            Expect::Not(set) => {
                if set.contains(&pt) {
                    return Err(format!("move {pt:?} is one of {set:?}"));
                }
            }
        }
        Ok(())
    }
}

const FAR_WHITE: &[(u8, u8)] = &[(0, 0), (14, 14), (0, 14)];

macro_rules! t {
    ($name:expr, $rule:ident, $side:ident, $b:expr, $w:expr, $e:expr) => {
        Tactic {
            name: $name,
            rule: Rule::$rule,
            to_move: Stone::$side,
            black: $b,
            white: $w,
            rows: &[],
            expect: $e,
        }
    };
}

/// Every position of the suite.
pub fn tactics() -> Vec<Tactic> {
    use Expect::*;
    let mut v = vec![
        // --- win in one
        t!(
            "five: open four",
            Freestyle,
            Black,
            &[(5, 7), (6, 7), (7, 7), (8, 7)],
            FAR_WHITE,
            Win {
                moves: 1,
                any_of: &[(4, 7), (9, 7)]
            }
        ),
        t!(
            "five: fill the gap",
            Freestyle,
            Black,
            &[(5, 7), (6, 7), (8, 7), (9, 7)],
            FAR_WHITE,
            Win {
                moves: 1,
                any_of: &[(7, 7)]
            }
        ),
        t!(
            "five: diagonal gap",
            Freestyle,
            Black,
            &[(3, 3), (5, 5), (6, 6), (7, 7)],
            FAR_WHITE,
            Win {
                moves: 1,
                any_of: &[(4, 4)]
            }
        ),
        t!(
            "five: exactly five, not the overline side",
            Standard,
            Black,
            &[(3, 7), (4, 7), (5, 7), (6, 7), (8, 7)],
            &[(0, 0), (14, 14), (0, 14), (14, 0)],
            Win {
                moves: 1,
                any_of: &[(2, 7)]
            }
        ),
        t!(
            "five: take it rather than block",
            Freestyle,
            White,
            &[(3, 3), (4, 3), (5, 3), (6, 3), (2, 9), (14, 0)],
            &[(2, 3), (3, 9), (4, 9), (5, 9), (6, 9)],
            Win {
                moves: 1,
                any_of: &[(7, 9)]
            }
        ),
        t!(
            "five: white overline wins under renju",
            Renju,
            White,
            &[(1, 4), (8, 4), (14, 0), (0, 13), (13, 14), (7, 13)],
            &[(2, 4), (3, 4), (4, 4), (6, 4), (7, 4)],
            Win {
                moves: 1,
                any_of: &[(5, 4)]
            }
        ),
        // --- block a four
        t!(
            "block: closed four",
            Freestyle,
            White,
            &[(4, 7), (5, 7), (6, 7), (7, 7)],
            &[(3, 7), (14, 14), (0, 14)],
            Move(&[(8, 7)])
        ),
        t!(
            "block: split four",
            Freestyle,
            White,
            &[(4, 7), (5, 7), (7, 7), (8, 7)],
            &[(0, 0), (14, 14), (0, 14)],
            Move(&[(6, 7)])
        ),
        t!(
            "block: diagonal four",
            Freestyle,
            White,
            &[(2, 2), (3, 3), (4, 4), (5, 5)],
            &[(1, 1), (14, 14), (0, 14)],
            Move(&[(6, 6)])
        ),
        t!(
            "block: four before own open three",
            Freestyle,
            White,
            &[(2, 2), (3, 2), (4, 2), (5, 2), (14, 0)],
            &[(1, 2), (5, 10), (6, 10), (7, 10)],
            Move(&[(6, 2)])
        ),
        t!(
            "block: vertical four at the edge",
            Freestyle,
            White,
            &[(0, 0), (0, 1), (0, 2), (0, 3)],
            &[(14, 14), (13, 14), (14, 13)],
            Move(&[(0, 4)])
        ),
        // --- block an open three
        t!(
            "three: horizontal",
            Freestyle,
            White,
            &[(6, 7), (7, 7), (8, 7)],
            &[(3, 3), (11, 11)],
            Move(&[(5, 7), (9, 7), (4, 7), (10, 7)])
        ),
        t!(
            "three: vertical",
            Freestyle,
            White,
            &[(7, 5), (7, 6), (7, 7)],
            &[(3, 3), (11, 11)],
            Move(&[(7, 4), (7, 8), (7, 3), (7, 9)])
        ),
        t!(
            "three: split",
            Freestyle,
            White,
            &[(5, 7), (6, 7), (8, 7)],
            &[(3, 3), (11, 11)],
            Move(&[(7, 7), (4, 7), (9, 7)])
        ),
        t!(
            "three: diagonal",
            Freestyle,
            White,
            &[(5, 5), (6, 6), (7, 7)],
            &[(3, 11), (11, 3)],
            Move(&[(4, 4), (8, 8), (3, 3), (9, 9)])
        ),
        t!(
            "three: counter with a four or block",
            Freestyle,
            White,
            &[(6, 7), (7, 7), (8, 7), (2, 2)],
            &[(2, 3), (2, 4), (2, 5)],
            Move(&[(5, 7), (9, 7), (4, 7), (10, 7), (2, 6), (2, 7)])
        ),
        // --- make a four-three / open four
        t!(
            "attack: four-three",
            Freestyle,
            Black,
            &[(4, 7), (5, 7), (6, 7), (7, 8), (7, 9)],
            &[(3, 7), (0, 0), (14, 14), (0, 14)],
            Win {
                moves: 3,
                any_of: &[(7, 7)]
            }
        ),
        t!(
            "attack: four-three, diagonal four",
            Freestyle,
            Black,
            &[(3, 3), (4, 4), (5, 5), (6, 7), (6, 8)],
            &[(2, 2), (0, 14), (14, 14), (14, 0)],
            Win {
                moves: 3,
                any_of: &[(6, 6)]
            }
        ),
        t!(
            "attack: four-three with a split three",
            Freestyle,
            Black,
            &[(3, 7), (4, 7), (5, 7), (6, 5), (6, 8)],
            &[(2, 7), (0, 0), (14, 14), (0, 14)],
            Win {
                moves: 3,
                any_of: &[(6, 7)]
            }
        ),
        t!(
            "attack: white four-three",
            Freestyle,
            White,
            &[(3, 7), (0, 0), (14, 14), (0, 14), (14, 0)],
            &[(4, 7), (5, 7), (6, 7), (7, 8), (7, 9)],
            Win {
                moves: 3,
                any_of: &[(7, 7)]
            }
        ),
        t!(
            "attack: open four from an open three",
            Freestyle,
            Black,
            &[(6, 7), (7, 7), (8, 7)],
            &[(0, 0), (14, 14)],
            Win {
                moves: 2,
                any_of: &[(5, 7), (9, 7)]
            }
        ),
        t!(
            "attack: double four",
            Freestyle,
            Black,
            &[(3, 7), (4, 7), (5, 7), (7, 4), (7, 5), (7, 6)],
            &[(2, 7), (7, 3), (0, 14), (14, 14), (14, 0)],
            Win {
                moves: 2,
                any_of: &[(7, 7)]
            }
        ),
        // --- Renju: forbidden points decide
        t!(
            "renju: white four aimed at black's double-three point",
            Renju,
            White,
            &[(5, 3), (5, 4), (3, 5), (4, 5), (4, 4), (10, 10), (14, 0)],
            &[(6, 6), (7, 7), (8, 8), (0, 14), (14, 14), (0, 0)],
            Win {
                moves: 2,
                any_of: &[(9, 9)]
            }
        ),
        t!(
            "renju: white four aimed at black's overline point",
            Renju,
            White,
            &[(1, 7), (2, 7), (3, 7), (5, 7), (6, 7), (4, 2), (14, 0)],
            &[(4, 4), (4, 5), (4, 6), (0, 0), (14, 14), (0, 14)],
            Win {
                moves: 2,
                any_of: &[(4, 3), (4, 7)]
            }
        ),
        t!(
            "renju: black's overline is no five",
            Renju,
            Black,
            &[(3, 7), (4, 7), (5, 7), (7, 7), (8, 7)],
            &[(2, 7), (9, 7), (0, 0), (14, 14)],
            Not(&[(6, 7)])
        ),
        t!(
            "renju: black may not play a double four",
            Renju,
            Black,
            &[(3, 7), (4, 7), (5, 7), (7, 4), (7, 5), (7, 6)],
            &[(2, 7), (7, 3), (0, 14), (14, 14), (14, 0)],
            Not(&[(7, 7)])
        ),
        t!(
            "renju: black may not play a double three",
            Renju,
            Black,
            &[(5, 3), (5, 4), (3, 5), (4, 5)],
            &[(0, 0), (14, 14), (0, 14)],
            Not(&[(5, 5)])
        ),
        t!(
            "renju: black's fake four lets white attack",
            Renju,
            White,
            &[(2, 7), (3, 7), (4, 7), (5, 7), (7, 7), (3, 10), (14, 0)],
            &[(1, 7), (4, 10), (5, 10), (6, 10), (7, 11), (7, 12)],
            Win {
                moves: 3,
                any_of: &[(7, 10)]
            }
        ),
        t!(
            "freestyle: the same four must be blocked",
            Freestyle,
            White,
            &[(2, 7), (3, 7), (4, 7), (5, 7), (7, 7), (3, 10), (14, 0)],
            &[(1, 7), (4, 10), (5, 10), (6, 10), (7, 11), (7, 12)],
            Move(&[(6, 7)])
        ),
    ];
    v.extend(mined());
    v
}

/// VCF positions whose shortest continuous-four win was measured by the independent
/// reference solver in `tests/support/vcf_ref.rs`: from engine games (Club against Casual)
/// and from random constructions of closed threes (the seven-move ones, which games rarely
/// produce).
fn mined() -> Vec<Tactic> {
    vec![
        Tactic {
            name: "vcf 3: game 5 ply 23",
            rule: Rule::Freestyle,
            to_move: Stone::White,
            black: &[],
            white: &[],
            rows: &[
                "",
                ".........x",
                ".........o",
                ".........ox",
                "........xo",
                ".....x.ooox",
                ".......oxx",
                ".....o.xo",
                "......x.ox",
                ".....o",
                "....x...x",
            ],
            expect: Expect::Win {
                moves: 3,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 4: game 9 ply 117",
            rule: Rule::Freestyle,
            to_move: Stone::White,
            black: &[],
            white: &[],
            rows: &[
                "..x.ooxo",
                "..oxxxxo.x",
                "....xooox",
                "..ooxoxxoox",
                "oxxxxooxxo",
                "..o.oxxxo.x...o",
                "....xooooxoxox",
                "..o..oxxoooox",
                ".x....x.xo.xxo",
                ".....xo.oxxox",
                "..xoxoxoxooox",
                "...oxoxoxoooox",
                ".oxoo.x.o..x",
                "...xxoxxxo",
                ".....xo.xx",
            ],
            expect: Expect::Win {
                moves: 4,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 3: game 11 ply 19",
            rule: Rule::Freestyle,
            to_move: Stone::White,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                "",
                "....x",
                "",
                "......oxx",
                ".....x.ooxo",
                ".......xooox",
                ".......x.xo",
                "..........x",
                "........o",
            ],
            expect: Expect::Win {
                moves: 3,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 5: game 25 ply 94",
            rule: Rule::Freestyle,
            to_move: Stone::Black,
            black: &[],
            white: &[],
            rows: &[
                "",
                ".......x.x",
                ".xx...xoooox",
                "..oo..xox",
                ".x.xoxooox",
                "..ooxo.xoxx..x",
                "..xoxxxxooxoo",
                ".oxooooxoooox",
                "..xxoxxoxxoxx",
                "...oxox..x.x",
                "..oxoooxoooxo",
                ".x...o.x..xx",
                ".....ox..o.o",
                ".....x.o",
            ],
            expect: Expect::Win {
                moves: 5,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 5: game 46 ply 32",
            rule: Rule::Freestyle,
            to_move: Stone::Black,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                "...o....o",
                "....x..x",
                "....xxxo",
                ".....xxo",
                "....xoo..x",
                "...oo.oxo",
                "....xxoxo",
                ".....oxxxo",
                ".......o",
                "....o",
            ],
            expect: Expect::Win {
                moves: 5,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 6: game 51 ply 35",
            rule: Rule::Freestyle,
            to_move: Stone::White,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                ".........x",
                "........oo",
                "......xooo",
                "......oxx.....x",
                ".....xox.x...o",
                ".......xo.x.o",
                "......xoxooox",
                ".....o..x.o",
                ".....x..ox.x",
                ".......x",
            ],
            expect: Expect::Win {
                moves: 6,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 4: game 53 ply 82",
            rule: Rule::Freestyle,
            to_move: Stone::Black,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                ".......x",
                "....xooo.x",
                "....o.x.o..x",
                "...x..xo.xox",
                "..o.x.oooxo",
                ".....o.xxo.o.o",
                "x...xxoxoxxxox",
                ".oxxoxoooox..x",
                "..oo.xxox.ooox",
                "...ooxoooxx",
                "..xooo.x.o..x",
                "....xxo...x",
                "...x...x",
            ],
            expect: Expect::Win {
                moves: 4,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 5: game 81 ply 19",
            rule: Rule::Freestyle,
            to_move: Stone::White,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                "",
                "",
                "",
                "...xooo",
                ".....x..x",
                "....x.ox",
                "......oo",
                "..xoxxxoxo",
            ],
            expect: Expect::Win {
                moves: 5,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 6: game 96 ply 20",
            rule: Rule::Freestyle,
            to_move: Stone::Black,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                "",
                "",
                "",
                "",
                ".......o",
                ".......x..o",
                ".......oox",
                "........xoo",
                ".........xxo",
                "........x.x",
                "........xoxx",
                "..........o.o",
            ],
            expect: Expect::Win {
                moves: 6,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 7: constructed 703",
            rule: Rule::Freestyle,
            to_move: Stone::Black,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                "",
                "............o",
                ".......x",
                "...........o",
                "..oxx.x..x",
                "......x...o",
                "....o.....x",
                "....x......o",
                "...o....x",
            ],
            expect: Expect::Win {
                moves: 7,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 7: constructed 2179",
            rule: Rule::Freestyle,
            to_move: Stone::Black,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                "",
                "...o....o",
                ".......x",
                "..........x",
                ".....x....oxxx",
                "...oo..x",
                "......x..o",
                ".........x",
                "..oxxx...x",
                "...o",
                ".........x",
            ],
            expect: Expect::Win {
                moves: 7,
                any_of: &[],
            },
        },
        Tactic {
            name: "vcf 7: constructed 2443",
            rule: Rule::Freestyle,
            to_move: Stone::Black,
            black: &[],
            white: &[],
            rows: &[
                "",
                "",
                "........o",
                "...oo...x",
                ".........o",
                "..o.....x",
                "...x.......x",
                "....o.......x",
                ".....x.....xo",
                "......x",
                ".............x",
                "........x.....x",
            ],
            expect: Expect::Win {
                moves: 7,
                any_of: &[],
            },
        },
    ]
}

/// Positions from engine matches against AIWine (freestyle, 0.3 s a move, 2026-11-23) where
/// our engine played a move after which the opponent had a forced win, while other moves
/// held: found by `missed-defences`, which also lists every move that holds (the answer
/// must be one of them). Each comment says what was played and how it lost.
pub fn missed_defences() -> Vec<Tactic> {
    use Expect::*;
    vec![
        // game-0012: White played e8 at move 38 and lost to a win in 6; the engine (given 2000 ms) prefers f5 (+47)
        t!(
            "defence vs AIWine: game 12 move 38",
            Freestyle,
            White,
            &[
                (7, 7),
                (9, 5),
                (8, 7),
                (9, 7),
                (9, 6),
                (7, 8),
                (8, 4),
                (10, 6),
                (6, 7),
                (8, 9),
                (6, 4),
                (6, 5),
                (4, 8),
                (4, 6),
                (7, 4),
                (5, 5),
                (4, 9),
                (6, 3),
                (8, 3)
            ],
            &[
                (8, 8),
                (8, 6),
                (7, 5),
                (10, 7),
                (9, 8),
                (6, 9),
                (9, 4),
                (11, 7),
                (5, 7),
                (9, 10),
                (7, 3),
                (6, 6),
                (5, 6),
                (7, 2),
                (5, 4),
                (3, 7),
                (4, 5),
                (5, 8)
            ],
            Move(&[
                (7, 0),
                (8, 1),
                (10, 1),
                (6, 2),
                (8, 2),
                (9, 2),
                (10, 3),
                (11, 4),
                (8, 5),
                (10, 5),
                (12, 5),
                (5, 10)
            ])
        ),
        // game-0023: Black played i5 at move 23 and lost to a win in 3; the engine (given 2000 ms) prefers i4 (+250)
        t!(
            "defence vs AIWine: game 23 move 23",
            Freestyle,
            Black,
            &[
                (7, 7),
                (7, 6),
                (5, 4),
                (5, 6),
                (8, 6),
                (6, 9),
                (5, 8),
                (9, 8),
                (4, 6),
                (10, 6),
                (7, 10)
            ],
            &[
                (6, 7),
                (7, 8),
                (8, 7),
                (8, 8),
                (9, 6),
                (6, 8),
                (9, 7),
                (7, 9),
                (6, 6),
                (5, 7),
                (4, 7)
            ],
            Move(&[
                (4, 2),
                (5, 2),
                (6, 2),
                (7, 2),
                (6, 3),
                (7, 3),
                (7, 4),
                (8, 4),
                (7, 5),
                (8, 5),
                (11, 5),
                (2, 6),
                (3, 6),
                (11, 6),
                (12, 6),
                (2, 7),
                (3, 7),
                (10, 7),
                (11, 7),
                (12, 7),
                (2, 8),
                (3, 8),
                (4, 8),
                (12, 8),
                (3, 9),
                (5, 9),
                (8, 9),
                (9, 9),
                (5, 10),
                (6, 10),
                (4, 11),
                (5, 11),
                (6, 11),
                (7, 11),
                (8, 11),
                (5, 12),
                (6, 12),
                (7, 12),
                (9, 12)
            ])
        ),
        // game-0033: Black played f8 at move 59 and lost to a win in 3; the engine (given 2000 ms) prefers d7 (-456)
        t!(
            "defence vs AIWine: game 33 move 59",
            Freestyle,
            Black,
            &[
                (7, 7),
                (7, 5),
                (9, 4),
                (10, 7),
                (9, 8),
                (7, 8),
                (10, 8),
                (10, 6),
                (7, 9),
                (6, 6),
                (7, 11),
                (8, 10),
                (10, 5),
                (8, 3),
                (6, 3),
                (12, 5),
                (6, 2),
                (5, 5),
                (4, 4),
                (7, 1),
                (5, 3),
                (5, 4),
                (5, 1),
                (4, 1),
                (4, 3),
                (3, 2),
                (11, 9),
                (3, 4),
                (2, 5)
            ],
            &[
                (8, 5),
                (7, 4),
                (9, 6),
                (9, 7),
                (8, 9),
                (6, 8),
                (8, 8),
                (10, 9),
                (7, 6),
                (8, 4),
                (7, 10),
                (9, 9),
                (10, 4),
                (7, 2),
                (7, 3),
                (11, 6),
                (6, 4),
                (11, 5),
                (3, 3),
                (3, 5),
                (8, 0),
                (5, 6),
                (5, 2),
                (6, 1),
                (4, 5),
                (2, 1),
                (2, 3),
                (2, 4),
                (4, 7)
            ],
            Move(&[
                (4, 0),
                (4, 2),
                (6, 5),
                (1, 6),
                (3, 6),
                (4, 6),
                (0, 7),
                (2, 8),
                (3, 8),
                (4, 8),
                (5, 8),
                (4, 9),
                (6, 9),
                (8, 11)
            ])
        ),
        // game-0040: White played e8 at move 10 and lost to a win in 5; the engine (given 2000 ms) prefers f8 (-97)
        t!(
            "defence vs AIWine: game 40 move 10",
            Freestyle,
            White,
            &[(7, 7), (5, 9), (6, 6), (8, 8), (6, 7)],
            &[(5, 8), (6, 8), (6, 10), (9, 9)],
            Move(&[
                (6, 4),
                (7, 4),
                (8, 4),
                (7, 5),
                (8, 5),
                (9, 5),
                (4, 6),
                (8, 6),
                (5, 7),
                (8, 7),
                (3, 8),
                (4, 8),
                (7, 8),
                (6, 9),
                (11, 9),
                (4, 11),
                (6, 11),
                (6, 12)
            ])
        ),
        // game-0050: White played e4 at move 12 and lost to a win in 3; the engine (given 2000 ms) prefers e4 (win in 8)
        t!(
            "defence vs AIWine: game 50 move 12",
            Freestyle,
            White,
            &[(7, 7), (5, 9), (8, 7), (6, 8), (7, 6), (8, 10)],
            &[(6, 9), (4, 10), (6, 10), (8, 6), (7, 10)],
            Move(&[(4, 7), (5, 8), (3, 10), (5, 10), (8, 11), (9, 12)])
        ),
        // game-0069: Black played k8 at move 11 and lost to a win in 7; the engine (given 2000 ms) prefers d8 (-523)
        t!(
            "defence vs AIWine: game 69 move 11",
            Freestyle,
            Black,
            &[(7, 7), (7, 5), (4, 7), (5, 7), (5, 4)],
            &[(6, 5), (7, 4), (8, 5), (8, 7), (9, 6)],
            Move(&[(6, 3), (3, 7), (6, 7), (10, 7)])
        ),
        // game-0083: Black played j9 at move 17 and lost to a win in 5; the engine (given 2000 ms) prefers i8 (+221)
        t!(
            "defence vs AIWine: game 83 move 17",
            Freestyle,
            Black,
            &[
                (7, 7),
                (6, 5),
                (6, 10),
                (6, 9),
                (8, 10),
                (9, 10),
                (10, 7),
                (11, 9)
            ],
            &[
                (8, 9),
                (7, 9),
                (9, 9),
                (6, 8),
                (9, 8),
                (7, 10),
                (10, 9),
                (10, 10)
            ],
            Move(&[
                (4, 3),
                (5, 3),
                (6, 3),
                (7, 3),
                (8, 3),
                (4, 4),
                (5, 4),
                (6, 4),
                (7, 4),
                (8, 4),
                (4, 5),
                (5, 5),
                (7, 5),
                (8, 5),
                (9, 5),
                (10, 5),
                (11, 5),
                (12, 5),
                (4, 6),
                (5, 6),
                (6, 6),
                (8, 6),
                (10, 6),
                (11, 6),
                (12, 6),
                (4, 7),
                (5, 7),
                (6, 7),
                (8, 7),
                (9, 7),
                (11, 7),
                (12, 7),
                (13, 7),
                (4, 8),
                (8, 8),
                (10, 8),
                (11, 8),
                (12, 8),
                (13, 8),
                (4, 9),
                (5, 9),
                (12, 9),
                (13, 9),
                (4, 10),
                (11, 10),
                (12, 10),
                (13, 10),
                (4, 11),
                (5, 11),
                (7, 11),
                (9, 11),
                (10, 11),
                (11, 11),
                (12, 11),
                (13, 11),
                (4, 12),
                (6, 12),
                (7, 12),
                (8, 12),
                (9, 12),
                (10, 12),
                (11, 12),
                (12, 12)
            ])
        ),
        // game-0094: White played h5 at move 16 and lost to a win in 4; the engine (given 2000 ms) prefers h5 (loss in 8)
        t!(
            "defence vs AIWine: game 94 move 16",
            Freestyle,
            White,
            &[
                (7, 7),
                (5, 5),
                (5, 6),
                (7, 8),
                (5, 7),
                (4, 6),
                (3, 6),
                (6, 7)
            ],
            &[(6, 9), (8, 7), (6, 6), (7, 5), (5, 8), (4, 7), (6, 8)],
            Move(&[(4, 5)])
        ),
        // game-0095: Black played k9 at move 73 and lost to a win in 3; the engine (given 2000 ms) prefers k10 (loss in 4)
        t!(
            "defence vs AIWine: game 95 move 73",
            Freestyle,
            Black,
            &[
                (7, 7),
                (8, 6),
                (5, 7),
                (6, 9),
                (9, 8),
                (5, 6),
                (8, 9),
                (6, 10),
                (5, 8),
                (6, 6),
                (4, 8),
                (7, 12),
                (10, 10),
                (5, 10),
                (4, 7),
                (10, 8),
                (10, 7),
                (7, 4),
                (8, 5),
                (8, 4),
                (1, 9),
                (3, 6),
                (4, 6),
                (4, 5),
                (8, 3),
                (5, 4),
                (2, 8),
                (6, 3),
                (5, 2),
                (1, 8),
                (9, 11),
                (11, 8),
                (13, 8),
                (12, 5),
                (13, 9),
                (0, 10)
            ],
            &[
                (6, 7),
                (8, 8),
                (6, 8),
                (7, 8),
                (8, 10),
                (9, 10),
                (7, 10),
                (7, 9),
                (5, 5),
                (7, 6),
                (7, 11),
                (11, 10),
                (3, 9),
                (5, 9),
                (4, 9),
                (7, 5),
                (10, 9),
                (6, 5),
                (9, 6),
                (2, 9),
                (8, 7),
                (2, 5),
                (2, 6),
                (4, 4),
                (8, 2),
                (2, 7),
                (9, 4),
                (7, 2),
                (4, 1),
                (3, 8),
                (11, 9),
                (12, 9),
                (12, 8),
                (11, 6),
                (11, 5),
                (3, 7)
            ],
            Move(&[(11, 3), (10, 5)])
        ),
        // game-0096: White played g11 at move 16 and lost to a win in 4; the engine (given 2000 ms) prefers g5 (loss in 8)
        t!(
            "defence vs AIWine: game 96 move 16",
            Freestyle,
            White,
            &[
                (7, 7),
                (8, 6),
                (5, 7),
                (6, 6),
                (5, 8),
                (7, 8),
                (9, 7),
                (7, 5)
            ],
            &[(6, 7), (8, 8), (6, 8), (4, 8), (5, 6), (7, 9), (6, 9)],
            Move(&[(6, 10)])
        ),
    ]
}

/// More positions of the same kind that the engine does not solve yet within its test
/// budget (some may hold no defence at all: the "holding" moves are those after which a
/// 0.3 s search of the opponent proved no win). The bench reports how many it solves.
pub fn open_defences() -> Vec<Tactic> {
    use Expect::*;
    vec![
        // game-0001: Black played d10 at move 25 and lost to a win in 3; the engine (given 2000 ms) prefers c9 (loss in 5)
        t!(
            "defence vs AIWine: game 1 move 25",
            Freestyle,
            Black,
            &[
                (7, 7),
                (5, 8),
                (8, 9),
                (5, 6),
                (8, 4),
                (6, 4),
                (5, 5),
                (4, 8),
                (3, 2),
                (4, 4),
                (7, 2),
                (7, 9)
            ],
            &[
                (6, 6),
                (8, 6),
                (7, 5),
                (5, 7),
                (6, 5),
                (4, 5),
                (5, 4),
                (4, 3),
                (4, 6),
                (6, 3),
                (6, 8),
                (2, 5)
            ],
            Move(&[(3, 4), (2, 8)])
        ),
        // game-0002: White played i5 at move 30 and lost to a win in 3; the engine (given 2000 ms) prefers e5 (loss in 5)
        t!(
            "defence vs AIWine: game 2 move 30",
            Freestyle,
            White,
            &[
                (7, 7),
                (5, 8),
                (8, 9),
                (6, 7),
                (8, 4),
                (7, 6),
                (10, 7),
                (10, 6),
                (9, 5),
                (6, 9),
                (7, 10),
                (4, 8),
                (6, 8),
                (6, 10),
                (5, 10)
            ],
            &[
                (6, 6),
                (8, 6),
                (7, 5),
                (5, 7),
                (8, 5),
                (7, 8),
                (9, 8),
                (10, 5),
                (11, 7),
                (7, 9),
                (8, 11),
                (4, 6),
                (3, 10),
                (6, 11)
            ],
            Move(&[(4, 10)])
        ),
        // game-0030: White played l10 at move 58 and lost to a win in 3; the engine (given 2000 ms) prefers l10 (loss in 4)
        t!(
            "defence vs AIWine: game 30 move 58",
            Freestyle,
            White,
            &[
                (7, 7),
                (8, 7),
                (9, 10),
                (9, 5),
                (8, 5),
                (6, 9),
                (5, 8),
                (4, 5),
                (6, 6),
                (4, 7),
                (9, 8),
                (9, 11),
                (7, 12),
                (10, 8),
                (6, 10),
                (6, 11),
                (6, 12),
                (5, 10),
                (7, 13),
                (8, 4),
                (8, 11),
                (3, 10),
                (4, 8),
                (4, 12),
                (4, 6),
                (11, 8),
                (12, 8),
                (11, 7),
                (11, 9)
            ],
            &[
                (8, 8),
                (7, 6),
                (10, 7),
                (6, 7),
                (6, 8),
                (7, 8),
                (5, 6),
                (6, 5),
                (7, 9),
                (7, 10),
                (8, 10),
                (7, 11),
                (9, 9),
                (5, 11),
                (5, 12),
                (5, 13),
                (6, 13),
                (8, 13),
                (4, 9),
                (8, 12),
                (4, 11),
                (4, 10),
                (4, 13),
                (5, 7),
                (4, 4),
                (10, 9),
                (13, 8),
                (10, 6)
            ],
            Move(&[(9, 7)])
        ),
        // game-0035: Black played m8 at move 51 and lost to a win in 5; the engine (given 2000 ms) prefers n9 (+378)
        t!(
            "defence vs AIWine: game 35 move 51",
            Freestyle,
            Black,
            &[
                (7, 7),
                (9, 9),
                (8, 7),
                (10, 8),
                (10, 6),
                (6, 8),
                (6, 10),
                (8, 11),
                (11, 7),
                (11, 6),
                (9, 4),
                (7, 11),
                (5, 9),
                (12, 6),
                (5, 12),
                (4, 8),
                (9, 12),
                (11, 13),
                (4, 10),
                (4, 9),
                (4, 7),
                (3, 12),
                (6, 7),
                (11, 9),
                (12, 9)
            ],
            &[
                (8, 6),
                (8, 8),
                (9, 7),
                (7, 9),
                (8, 10),
                (7, 10),
                (6, 9),
                (10, 7),
                (9, 5),
                (9, 6),
                (7, 12),
                (6, 11),
                (8, 12),
                (13, 5),
                (10, 12),
                (3, 7),
                (9, 11),
                (5, 10),
                (3, 11),
                (4, 11),
                (4, 6),
                (10, 10),
                (5, 7),
                (11, 8),
                (10, 9)
            ],
            Move(&[
                (13, 6),
                (14, 6),
                (7, 8),
                (9, 8),
                (8, 9),
                (9, 10),
                (11, 10),
                (10, 11),
                (11, 11),
                (11, 12),
                (10, 13),
                (12, 13)
            ])
        ),
        // game-0039: Black played f5 at move 31 and lost to a win in 6; the engine (given 2000 ms) prefers i3 (loss in 9)
        t!(
            "defence vs AIWine: game 39 move 31",
            Freestyle,
            Black,
            &[
                (7, 7),
                (5, 9),
                (8, 8),
                (7, 10),
                (7, 8),
                (8, 10),
                (6, 10),
                (8, 9),
                (6, 7),
                (9, 8),
                (5, 12),
                (7, 11),
                (10, 8),
                (11, 7),
                (10, 9)
            ],
            &[
                (5, 8),
                (6, 8),
                (6, 9),
                (4, 8),
                (7, 9),
                (6, 6),
                (9, 10),
                (8, 11),
                (8, 7),
                (10, 7),
                (6, 11),
                (6, 12),
                (11, 8),
                (9, 9),
                (4, 6)
            ],
            Move(&[(4, 5), (8, 12)])
        ),
        // game-0044: White played g6 at move 22 and lost to a win in 5; the engine (given 2000 ms) prefers i6 (-338)
        t!(
            "defence vs AIWine: game 44 move 22",
            Freestyle,
            White,
            &[
                (7, 7),
                (6, 5),
                (6, 7),
                (8, 7),
                (7, 9),
                (9, 8),
                (10, 7),
                (4, 8),
                (5, 9),
                (4, 9),
                (2, 4)
            ],
            &[
                (8, 8),
                (5, 7),
                (8, 5),
                (6, 8),
                (7, 8),
                (7, 6),
                (9, 7),
                (11, 6),
                (4, 6),
                (3, 5)
            ],
            Move(&[(8, 9)])
        ),
        // game-0046: White played g8 at move 24 and lost to a win in 4; the engine (given 2000 ms) prefers j4 (+284)
        t!(
            "defence vs AIWine: game 46 move 24",
            Freestyle,
            White,
            &[
                (7, 7),
                (5, 6),
                (6, 10),
                (8, 8),
                (10, 9),
                (6, 6),
                (9, 5),
                (5, 5),
                (7, 8),
                (6, 5),
                (9, 7),
                (11, 6)
            ],
            &[
                (7, 6),
                (9, 6),
                (8, 7),
                (9, 8),
                (10, 6),
                (9, 9),
                (10, 5),
                (4, 4),
                (5, 4),
                (9, 10),
                (8, 6)
            ],
            Move(&[(12, 3), (11, 4), (9, 11), (9, 12)])
        ),
        // game-0054: White played f8 at move 60 and lost to a win in 6; the engine (given 2000 ms) prefers o4 (loss in 8)
        t!(
            "defence vs AIWine: game 54 move 60",
            Freestyle,
            White,
            &[
                (7, 7),
                (8, 5),
                (4, 10),
                (6, 8),
                (6, 10),
                (8, 9),
                (4, 7),
                (5, 11),
                (7, 11),
                (3, 12),
                (4, 9),
                (8, 12),
                (7, 10),
                (9, 13),
                (10, 9),
                (9, 11),
                (8, 7),
                (5, 14),
                (9, 6),
                (12, 10),
                (12, 12),
                (11, 9),
                (10, 11),
                (12, 8),
                (8, 8),
                (11, 7),
                (9, 5),
                (10, 5),
                (9, 4),
                (6, 4)
            ],
            &[
                (7, 9),
                (9, 9),
                (8, 10),
                (5, 9),
                (6, 9),
                (5, 8),
                (5, 10),
                (6, 12),
                (4, 11),
                (7, 12),
                (9, 12),
                (8, 11),
                (9, 10),
                (10, 14),
                (9, 8),
                (10, 10),
                (6, 13),
                (8, 6),
                (11, 10),
                (11, 11),
                (11, 8),
                (12, 9),
                (10, 8),
                (7, 8),
                (4, 6),
                (10, 7),
                (10, 6),
                (7, 5),
                (9, 7)
            ],
            Move(&[(5, 6), (13, 10), (14, 11)])
        ),
        // game-0058: White played h11 at move 12 and lost to a win in 5; the engine (given 2000 ms) prefers i6 (-132)
        t!(
            "defence vs AIWine: game 58 move 12",
            Freestyle,
            White,
            &[(7, 7), (9, 5), (5, 5), (6, 4), (7, 3), (7, 6)],
            &[(6, 7), (8, 6), (6, 6), (7, 8), (4, 6)],
            Move(&[
                (5, 4),
                (8, 4),
                (4, 5),
                (2, 6),
                (3, 6),
                (5, 6),
                (6, 8),
                (6, 9),
                (8, 9),
                (9, 10)
            ])
        ),
        // game-0061: Black played i8 at move 25 and lost to a win in 8; the engine (given 2000 ms) prefers i8 (loss in 9)
        t!(
            "defence vs AIWine: game 61 move 25",
            Freestyle,
            Black,
            &[
                (7, 7),
                (5, 9),
                (9, 4),
                (7, 5),
                (9, 6),
                (7, 9),
                (8, 9),
                (7, 8),
                (10, 7),
                (6, 9),
                (7, 11),
                (12, 6)
            ],
            &[
                (9, 7),
                (10, 6),
                (8, 6),
                (7, 6),
                (8, 8),
                (10, 8),
                (9, 9),
                (10, 5),
                (11, 7),
                (4, 9),
                (7, 10),
                (8, 4)
            ],
            Move(&[(5, 10)])
        ),
        // game-0063: Black played f7 at move 23 and lost to a win in 3; the engine (given 2000 ms) prefers l6 (-237)
        t!(
            "defence vs AIWine: game 63 move 23",
            Freestyle,
            Black,
            &[
                (7, 7),
                (7, 9),
                (8, 4),
                (6, 8),
                (8, 9),
                (9, 6),
                (10, 7),
                (8, 7),
                (7, 10),
                (11, 8),
                (10, 9)
            ],
            &[
                (5, 7),
                (7, 8),
                (8, 8),
                (8, 6),
                (6, 9),
                (4, 7),
                (5, 10),
                (9, 7),
                (9, 8),
                (8, 5),
                (5, 9)
            ],
            Move(&[(5, 6), (11, 9), (12, 9), (13, 10)])
        ),
        // game-0066: White played k11 at move 34 and lost to a win in 2; the engine (given 2000 ms) prefers k11 (loss in 3)
        t!(
            "defence vs AIWine: game 66 move 34",
            Freestyle,
            White,
            &[
                (7, 7),
                (9, 6),
                (7, 8),
                (8, 8),
                (6, 11),
                (9, 9),
                (6, 8),
                (4, 9),
                (5, 8),
                (8, 5),
                (11, 6),
                (8, 7),
                (5, 7),
                (9, 7),
                (8, 6),
                (12, 6),
                (10, 8)
            ],
            &[
                (8, 9),
                (7, 10),
                (6, 9),
                (9, 8),
                (7, 9),
                (6, 6),
                (5, 9),
                (4, 8),
                (3, 10),
                (10, 7),
                (7, 6),
                (10, 5),
                (4, 7),
                (6, 7),
                (8, 4),
                (10, 6)
            ],
            Move(&[(10, 3)])
        ),
        // game-0075: Black played e9 at move 15 and lost to a win in 6; the engine (given 2000 ms) prefers e9 (loss in 7)
        t!(
            "defence vs AIWine: game 75 move 15",
            Freestyle,
            Black,
            &[(7, 7), (5, 6), (8, 5), (7, 6), (6, 8), (10, 5), (8, 6)],
            &[(8, 7), (9, 8), (7, 8), (8, 8), (9, 6), (8, 9), (9, 5)],
            Move(&[(6, 6)])
        ),
        // game-0080: White played h9 at move 26 and lost to a win in 4; the engine (given 2000 ms) prefers h9 (loss in 5)
        t!(
            "defence vs AIWine: game 80 move 26",
            Freestyle,
            White,
            &[
                (7, 7),
                (6, 5),
                (8, 4),
                (5, 7),
                (4, 7),
                (7, 4),
                (6, 4),
                (5, 4),
                (6, 3),
                (6, 2),
                (5, 2),
                (8, 5),
                (3, 2)
            ],
            &[
                (5, 8),
                (8, 8),
                (7, 9),
                (7, 5),
                (6, 7),
                (5, 6),
                (9, 4),
                (4, 4),
                (6, 6),
                (6, 1),
                (4, 1),
                (9, 6)
            ],
            Move(&[(8, 6)])
        ),
        // game-0088: White played e10 at move 14 and lost to a win in 5; the engine (given 2000 ms) prefers c6 (loss in 8)
        t!(
            "defence vs AIWine: game 88 move 14",
            Freestyle,
            White,
            &[(7, 7), (6, 8), (5, 6), (4, 7), (7, 9), (7, 8), (6, 7)],
            &[(5, 8), (6, 9), (5, 9), (4, 9), (5, 7), (7, 6)],
            Move(&[(5, 11)])
        ),
        // game-0097: Black played g4 at move 111 and lost to a win in 7; the engine (given 2000 ms) prefers h4 (-134)
        t!(
            "defence vs AIWine: game 97 move 111",
            Freestyle,
            Black,
            &[
                (7, 7),
                (5, 5),
                (7, 6),
                (6, 4),
                (5, 4),
                (4, 8),
                (8, 4),
                (5, 2),
                (6, 2),
                (9, 5),
                (7, 2),
                (6, 3),
                (6, 8),
                (6, 1),
                (8, 3),
                (3, 4),
                (4, 2),
                (4, 7),
                (5, 8),
                (8, 1),
                (7, 1),
                (4, 1),
                (8, 9),
                (3, 6),
                (2, 8),
                (2, 3),
                (5, 10),
                (1, 3),
                (4, 4),
                (0, 5),
                (1, 9),
                (10, 7),
                (3, 11),
                (10, 8),
                (2, 10),
                (2, 11),
                (4, 11),
                (1, 11),
                (3, 9),
                (11, 8),
                (10, 0),
                (12, 4),
                (9, 3),
                (9, 6),
                (11, 2),
                (14, 6),
                (10, 5),
                (12, 5),
                (8, 8),
                (13, 9),
                (12, 7),
                (10, 11),
                (9, 10),
                (12, 11),
                (11, 9)
            ],
            &[
                (8, 6),
                (6, 6),
                (7, 5),
                (4, 6),
                (5, 7),
                (8, 5),
                (7, 4),
                (5, 3),
                (6, 5),
                (7, 3),
                (8, 2),
                (4, 5),
                (5, 6),
                (6, 0),
                (9, 4),
                (4, 3),
                (3, 2),
                (2, 4),
                (7, 8),
                (9, 0),
                (9, 1),
                (5, 1),
                (2, 6),
                (2, 5),
                (3, 8),
                (6, 9),
                (3, 5),
                (1, 7),
                (1, 5),
                (1, 8),
                (3, 10),
                (9, 7),
                (4, 10),
                (10, 6),
                (4, 12),
                (2, 9),
                (5, 11),
                (0, 11),
                (0, 12),
                (8, 0),
                (11, 5),
                (12, 6),
                (11, 6),
                (10, 3),
                (13, 6),
                (13, 8),
                (11, 4),
                (12, 9),
                (12, 8),
                (12, 10),
                (11, 10),
                (10, 10),
                (8, 11),
                (9, 11),
                (6, 12)
            ],
            Move(&[(7, 11), (11, 12), (12, 13)])
        ),
        // game-0098: White played i6 at move 26 and lost to a win in 3; the engine (given 2000 ms) prefers h11 (loss in 8)
        t!(
            "defence vs AIWine: game 98 move 26",
            Freestyle,
            White,
            &[
                (7, 7),
                (5, 5),
                (7, 6),
                (6, 4),
                (5, 7),
                (4, 5),
                (3, 6),
                (8, 8),
                (4, 7),
                (9, 9),
                (6, 9),
                (7, 9),
                (8, 4)
            ],
            &[
                (8, 6),
                (4, 4),
                (7, 5),
                (4, 6),
                (5, 6),
                (8, 7),
                (8, 5),
                (6, 5),
                (3, 7),
                (6, 6),
                (5, 8),
                (8, 3)
            ],
            Move(&[(7, 4)])
        ),
    ]
}
