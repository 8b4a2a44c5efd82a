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
    include!("suite/mined.rs")
}

/// Positions from engine matches against AIWine (freestyle, 0.3 s a move, 2026-11-23) where
/// our engine played a move after which the opponent had a forced win, while other moves
/// held: found by `missed-defences`, which also lists every move that holds (the answer
/// must be one of them). Each comment says what was played and how it lost.
pub fn missed_defences() -> Vec<Tactic> {
    use Expect::*;
    include!("suite/missed_defences.rs")
}

/// More positions of the same kind that the engine does not solve yet within its test
/// budget (some may hold no defence at all: the "holding" moves are those after which a
/// 0.3 s search of the opponent proved no win). The bench reports how many it solves.
pub fn open_defences() -> Vec<Tactic> {
    use Expect::*;
    let mut v: Vec<Tactic> = include!("suite/open_defences_1.rs");
    v.extend(include!("suite/open_defences_2.rs"));
    v
}
