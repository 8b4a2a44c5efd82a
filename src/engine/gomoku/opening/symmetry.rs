//! The board's eight symmetries about the centre, the ones a position keeps (fifth-move
//! offers that one of them maps onto each other are "symmetric"), and the 26 canonical
//! Renju openings (docs/opening-rules.md, sections 0.3 and 4).

use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{Pos, Stone};

/// One of the eight symmetries of the square (the dihedral group D4), acting on offsets
/// `(x, y)` from the centre.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry(u8);

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    pub const IDENTITY: Symmetry = Symmetry(0);

    /// The image of the offset `(x, y)`: rotations by 0, 90, 180, 270 degrees, then the
    /// same after a mirror.
    pub fn apply_offset(self, (x, y): (i32, i32)) -> (i32, i32) {
        match self.0 {
            0 => (x, y),
            1 => (-y, x),
            2 => (-x, -y),
            3 => (y, -x),
            4 => (-x, y),
            5 => (x, -y),
            6 => (y, x),
            _ => (-y, -x),
        }
    }

    /// The image of `pos` on a board of `size` about its centre point (`size / 2` on both
    /// axes), if it stays on the board.
    pub fn apply(self, pos: Pos, size: usize) -> Option<Pos> {
        let c = (size / 2) as i32;
        let (x, y) = self.apply_offset((pos.x as i32 - c, pos.y as i32 - c));
        let (x, y) = (x + c, y + c);
        let on = |v: i32| v >= 0 && (v as usize) < size;
        (on(x) && on(y)).then(|| Pos::new(x as u8, y as u8))
    }
}

/// The symmetries that map the stones of `game` onto themselves, colours kept (always at
/// least the identity). Only the board's symmetries about its centre count.
/// UNCONFIRMED (docs/opening-rules.md 0.3): whether a shape symmetry about another point
/// (ignoring the board edge) also makes two fifth-move offers symmetric; Renju tradition
/// treats the distance to the edge as part of the position, so it does not here.
pub fn position_symmetries(game: &Game) -> Vec<Symmetry> {
    let board = game.board();
    let size = game.size();
    let stones: Vec<(Pos, Stone)> = game.history().iter().map(|m| (m.pos, m.stone)).collect();
    Symmetry::ALL
        .into_iter()
        .filter(|g| {
            stones
                .iter()
                .all(|&(p, s)| g.apply(p, size).is_some_and(|q| board.get(q) == Some(s)))
        })
        .collect()
}

/// A point among `others` that a symmetry of the position maps `pos` to (`pos` itself
/// excluded: two offers on one point are a different error).
pub fn symmetric_partner(game: &Game, pos: Pos, others: &[Pos]) -> Option<Pos> {
    let size = game.size();
    position_symmetries(game)
        .into_iter()
        .filter_map(|g| g.apply(pos, size))
        .find(|q| *q != pos && others.contains(q))
}

/// One of the 26 canonical Renju openings.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct CanonicalOpening {
    /// 1..=26: 1D..13D are 1..13, 1I..13I are 14..26.
    pub number: u8,
    /// `1D` .. `13D`, `1I` .. `13I`.
    pub code: &'static str,
    /// The romanised Japanese name.
    pub name: &'static str,
    /// Move 3 (black) as an offset from the centre, x right and y up, in the standard
    /// orientation: move 1 at the centre, move 2 directly above (direct openings) or
    /// diagonally up and right (indirect ones).
    pub third: (i8, i8),
}

impl CanonicalOpening {
    pub fn direct(&self) -> bool {
        self.number <= 13
    }

    /// Move 2 as an offset (x right, y up) in the standard orientation.
    pub fn second(&self) -> (i8, i8) {
        if self.direct() { (0, 1) } else { (1, 1) }
    }

    /// The three stones in the standard orientation on a board of `size` (Gomocup
    /// coordinates: y grows downwards, hence the sign flip).
    pub fn stones(&self, size: usize) -> [Pos; 3] {
        let c = (size / 2) as i32;
        let at = |(x, y): (i8, i8)| Pos::new((c + x as i32) as u8, (c - y as i32) as u8);
        [at((0, 0)), at(self.second()), at(self.third)]
    }
}

const fn op(number: u8, code: &'static str, name: &'static str, x: i8, y: i8) -> CanonicalOpening {
    CanonicalOpening {
        number,
        code,
        name,
        third: (x, y),
    }
}

/// The 26 openings (docs/opening-rules.md, table 4.1; h8 is (0, 0), i10 is (1, 2)).
pub const CANONICAL_OPENINGS: [CanonicalOpening; 26] = [
    op(1, "1D", "Kansei", 0, 2),
    op(2, "2D", "Keigetsu", 1, 2),
    op(3, "3D", "Sosei", 2, 2),
    op(4, "4D", "Kagetsu", 1, 1),
    op(5, "5D", "Zangetsu", 2, 1),
    op(6, "6D", "Ugetsu", 1, 0),
    op(7, "7D", "Kinsei", 2, 0),
    op(8, "8D", "Shogetsu", 0, -1),
    op(9, "9D", "Kyugetsu", 1, -1),
    op(10, "10D", "Shingetsu", 2, -1),
    op(11, "11D", "Zuisei", 0, -2),
    op(12, "12D", "Sangetsu", 1, -2),
    op(13, "13D", "Yusei", 2, -2),
    op(14, "1I", "Chosei", 2, 2),
    op(15, "2I", "Kyogetsu", 2, 1),
    op(16, "3I", "Kosei", 2, 0),
    op(17, "4I", "Suigetsu", 2, -1),
    op(18, "5I", "Ryusei", 2, -2),
    op(19, "6I", "Ungetsu", 1, 0),
    op(20, "7I", "Hogetsu", 1, -1),
    op(21, "8I", "Rangetsu", 1, -2),
    op(22, "9I", "Gingetsu", 0, -1),
    op(23, "10I", "Myojo", 0, -2),
    op(24, "11I", "Shagetsu", -1, -1),
    op(25, "12I", "Meigetsu", -1, -2),
    op(26, "13I", "Suisei", -2, -2),
];

/// Which canonical opening the first three moves of `game` are, in any of the eight
/// orientations: `(number 1..=26, name)`. `None` when the game has fewer than three moves
/// or they are not black at the centre, white next to it, black within the central 5x5.
pub fn canonical_opening(game: &Game) -> Option<(u8, &'static str)> {
    canonical_entry(game).map(|o| (o.number, o.name))
}

/// The table entry of [`canonical_opening`].
pub fn canonical_entry(game: &Game) -> Option<&'static CanonicalOpening> {
    let h = game.history();
    if h.len() < 3
        || h[0].stone != Stone::Black
        || h[1].stone != Stone::White
        || h[2].stone != Stone::Black
    {
        return None;
    }
    let c = (game.size() / 2) as i32;
    // Offsets with y up, as in the table.
    let off = |p: Pos| (p.x as i32 - c, c - p.y as i32);
    if off(h[0].pos) != (0, 0) {
        return None;
    }
    let (w, b) = (off(h[1].pos), off(h[2].pos));
    let d = |(x, y): (i32, i32)| x.abs().max(y.abs());
    if d(w) != 1 || d(b) > 2 {
        return None;
    }
    Symmetry::ALL.into_iter().find_map(|g| {
        let w = g.apply_offset(w);
        let b = g.apply_offset(b);
        let second = match w {
            (0, 1) => (0, 1),
            (1, 1) => (1, 1),
            _ => return None,
        };
        CANONICAL_OPENINGS
            .iter()
            .find(|o| o.second() == second && (o.third.0 as i32, o.third.1 as i32) == b)
    })
}
