//! A square Gomoku board of any side 5..=25 and its Zobrist keys.

use std::fmt;
use std::sync::OnceLock;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::pos::{MAX_SIZE, MIN_SIZE, Pos, Stone};

/// Seed of the Zobrist keys: fixed so hashes are the same in every run and every process.
const ZOBRIST_SEED: u64 = 0x5EED_0F60_40C0;

struct Zobrist {
    /// `[colour][y * MAX_SIZE + x]`
    stones: [[u64; MAX_SIZE * MAX_SIZE]; 2],
    /// XORed in while White is to move.
    white_to_move: u64,
}

fn zobrist() -> &'static Zobrist {
    static KEYS: OnceLock<Zobrist> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut rng = StdRng::seed_from_u64(ZOBRIST_SEED);
        let mut stones = [[0u64; MAX_SIZE * MAX_SIZE]; 2];
        for colour in &mut stones {
            for key in colour.iter_mut() {
                *key = rng.next_u64();
            }
        }
        Zobrist {
            stones,
            white_to_move: rng.next_u64(),
        }
    })
}

/// The Zobrist key of `stone` at `pos` (independent of the board size, so a position keeps
/// its key when copied between boards).
#[inline]
pub fn zobrist_key(pos: Pos, stone: Stone) -> u64 {
    zobrist().stones[stone.index()][pos.y as usize * MAX_SIZE + pos.x as usize]
}

/// The key XORed into a hash while White is to move.
#[inline]
pub fn zobrist_side_key() -> u64 {
    zobrist().white_to_move
}

/// The board size is outside 5..=25.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("board size {0} is not supported (use {MIN_SIZE} to {MAX_SIZE})")]
pub struct BadSize(pub usize);

/// Stones on a square board. Placing and removing keep a Zobrist hash of the stones.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    size: usize,
    cells: Vec<Option<Stone>>,
    stones: usize,
    hash: u64,
}

impl Board {
    pub fn new(size: usize) -> Result<Board, BadSize> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BadSize(size));
        }
        Ok(Board {
            size,
            cells: vec![None; size * size],
            stones: 0,
            hash: 0,
        })
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The stone at `pos`; `None` when empty or off the board.
    #[inline]
    pub fn get(&self, pos: Pos) -> Option<Stone> {
        if pos.on_board(self.size) {
            self.cells[pos.index(self.size)]
        } else {
            None
        }
    }

    #[inline]
    pub fn is_empty_at(&self, pos: Pos) -> bool {
        pos.on_board(self.size) && self.cells[pos.index(self.size)].is_none()
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    #[inline]
    pub fn is_full(&self) -> bool {
        self.stones == self.size * self.size
    }

    /// Zobrist hash of the stones (side to move not included).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts a stone on an empty point. Callers check legality; this only asserts it.
    #[inline]
    pub fn place(&mut self, pos: Pos, stone: Stone) {
        let i = pos.index(self.size);
        debug_assert!(self.cells[i].is_none(), "place on occupied {pos:?}");
        self.cells[i] = Some(stone);
        self.stones += 1;
        self.hash ^= zobrist_key(pos, stone);
    }

    /// Takes a stone off the board, returning what was there.
    #[inline]
    pub fn remove(&mut self, pos: Pos) -> Option<Stone> {
        let i = pos.index(self.size);
        let old = self.cells[i].take();
        if let Some(stone) = old {
            self.stones -= 1;
            self.hash ^= zobrist_key(pos, stone);
        }
        old
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.size * self.size).map(move |i| Pos::from_index(i, self.size))
    }

    /// Every empty point.
    pub fn empty_points(&self) -> impl Iterator<Item = Pos> + '_ {
        self.points().filter(move |&p| self.is_empty_at(p))
    }

    /// Length of the run of `stone` through `pos` along `(dx, dy)`, counting `pos` itself as
    /// `stone` whatever is there, plus the first and last cell of the run.
    pub fn run_through(&self, pos: Pos, dx: i32, dy: i32, stone: Stone) -> (usize, Pos, Pos) {
        let mut first = pos;
        let mut last = pos;
        let mut len = 1;
        while let Some(p) = first.offset(-dx, -dy, 1, self.size) {
            if self.get(p) != Some(stone) {
                break;
            }
            first = p;
            len += 1;
        }
        while let Some(p) = last.offset(dx, dy, 1, self.size) {
            if self.get(p) != Some(stone) {
                break;
            }
            last = p;
            len += 1;
        }
        (len, first, last)
    }
}

impl fmt::Debug for Board {
    /// Rows from the top as `x` (Black), `o` (White), `.` (empty): the layout tests use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.size {
            for x in 0..self.size {
                let c = match self.get(Pos::new(x as u8, y as u8)) {
                    Some(Stone::Black) => 'x',
                    Some(Stone::White) => 'o',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Board::new(4).unwrap_err(), BadSize(4));
        assert_eq!(Board::new(26).unwrap_err(), BadSize(26));
        for s in MIN_SIZE..=MAX_SIZE {
            assert_eq!(Board::new(s).unwrap().size(), s);
        }
    }

    #[test]
    fn hash_returns_after_remove_and_keys_differ() {
        let mut b = Board::new(15).unwrap();
        let a = Pos::new(3, 4);
        b.place(a, Stone::Black);
        let h1 = b.hash();
        assert_ne!(h1, 0);
        b.place(Pos::new(5, 5), Stone::White);
        assert_ne!(b.hash(), h1);
        b.remove(Pos::new(5, 5));
        assert_eq!(b.hash(), h1);
        b.remove(a);
        assert_eq!(b.hash(), 0);
        assert_ne!(zobrist_key(a, Stone::Black), zobrist_key(a, Stone::White));
    }
}
