//! Board sizes, move notation errors and the bitboard [`Position`] used by the solver.
//!
//! Bit layout (as in Pascal Pons's solver): each column takes `height + 1` bits, bit 0 is the
//! bottom-left cell, and the extra bit on top of each column stays empty so that shifted
//! alignments never wrap from one column into the next.

use std::fmt;

/// A board size: `width` columns of `height` cells.
///
/// Valid sizes have 1..=9 columns (the notation uses one digit per move), 1..=19 rows (so that
/// the bitboard shifts stay below 64) and `(height + 1) * width <= 64` (one `u64` per bitboard).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

impl BoardSize {
    /// The standard 7 x 6 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 7,
        height: 6,
    };
    /// The classic 7 x 7 variant.
    pub const SEVEN_BY_SEVEN: BoardSize = BoardSize {
        width: 7,
        height: 7,
    };

    /// Checks that a board of `width` x `height` fits the engine's bitboards.
    pub fn new(width: usize, height: usize) -> Result<BoardSize, BoardSizeError> {
        if !(1..=9).contains(&width) {
            return Err(BoardSizeError::Width { width });
        }
        if !(1..=19).contains(&height) {
            return Err(BoardSizeError::Height { height });
        }
        if (height + 1) * width > 64 {
            return Err(BoardSizeError::TooManyCells { width, height });
        }
        Ok(BoardSize {
            width: width as u8,
            height: height as u8,
        })
    }

    /// Number of columns.
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// Number of cells (`width * height`).
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// Columns ordered from the centre outwards (left of centre first on ties), the order in
    /// which both the solver and the move pickers try moves.
    pub fn centre_order(self) -> Vec<usize> {
        let w = self.width() as isize;
        (0..w)
            .map(|i| (w / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as usize)
            .collect()
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// Why a board size was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardSizeError {
    /// Width outside 1..=9.
    #[error("board width {width} is outside 1..=9")]
    Width { width: usize },
    /// Height outside 1..=19.
    #[error("board height {height} is outside 1..=19")]
    Height { height: usize },
    /// `(height + 1) * width` exceeds the 64 bits of a bitboard.
    #[error(
        "board {width}x{height} needs (height+1)*width = {} bits, more than 64",
        (.height + 1) * .width
    )]
    TooManyCells { width: usize, height: usize },
}

/// An illegal move or a malformed move string.
///
/// `index` is the 0-based position of the move in the move string, which is also the number of
/// moves played before it. `column` is 1-based, as written in the notation.
// Users count moves from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A character that is not a column digit.
    #[error("move {}: {found:?} is not a column digit", .index + 1)]
    InvalidCharacter { index: usize, found: char },
    /// A column number outside `1..=width`.
    #[error("move {}: column {column} is out of range 1..={width}", .index + 1)]
    OutOfRange {
        index: usize,
        column: usize,
        width: usize,
    },
    /// The column has no free cell left.
    #[error("move {}: column {column} is full", .index + 1)]
    ColumnFull { index: usize, column: usize },
    /// The game had already ended (four in a row or full board) before this move.
    #[error("move {} (column {column}): the game is already over", .index + 1)]
    GameOver { index: usize, column: usize },
    /// The move completes a four. Only the solver's [`Position`] rejects this: it represents
    /// unfinished games only.
    #[error(
        "move {} (column {column}) completes four in a row; only unfinished positions \
         can be solved",
        .index + 1
    )]
    WinningMove { index: usize, column: usize },
}

impl MoveError {
    /// 0-based position of the offending move in the move string.
    pub fn index(&self) -> usize {
        match *self {
            MoveError::InvalidCharacter { index, .. }
            | MoveError::OutOfRange { index, .. }
            | MoveError::ColumnFull { index, .. }
            | MoveError::GameOver { index, .. }
            | MoveError::WinningMove { index, .. } => index,
        }
    }
}

/// Reads one move character: `Ok(column)` 0-based, already checked against `width`.
pub(crate) fn parse_column(index: usize, c: char, width: usize) -> Result<usize, MoveError> {
    let digit = c
        .to_digit(10)
        .ok_or(MoveError::InvalidCharacter { index, found: c })? as usize;
    if digit == 0 || digit > width {
        return Err(MoveError::OutOfRange {
            index,
            column: digit,
            width,
        });
    }
    Ok(digit - 1)
}

/// Cells where `position` (one player's stones) would complete a four, restricted to empty
/// playable-or-not cells of the board. Shifts assume the layout described in the module docs.
#[inline(always)]
pub(crate) fn winning_cells(position: u64, mask: u64, height: u32, board: u64) -> u64 {
    let h = height;
    // Vertical: three stones below.
    let mut r = (position << 1) & (position << 2) & (position << 3);
    // Horizontal (shift h+1), and both diagonals (shifts h and h+2).
    for s in [h + 1, h, h + 2] {
        let p = (position << s) & (position << (2 * s));
        r |= p & (position << (3 * s));
        r |= p & (position >> s);
        let p = (position >> s) & (position >> (2 * s));
        r |= p & (position << s);
        r |= p & (position >> (3 * s));
    }
    r & (board ^ mask)
}

/// A Connect Four position for the solver: bitboards for the side to move and for all stones.
///
/// Only unfinished games are represented (nobody has four in a row), as in Pons's solver; the
/// board may be full (a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    moves: u32,
    height: u32,
    width: u32,
    /// One bit at the bottom of each column.
    bottom: u64,
    /// All playable cells (no sentinel row).
    board: u64,
}

impl Position {
    /// The empty board.
    pub fn new(size: BoardSize) -> Position {
        let (w, h) = (size.width() as u32, size.height() as u32);
        let bottom = (0..w).fold(0u64, |b, c| b | 1u64 << (c * (h + 1)));
        Position {
            current: 0,
            mask: 0,
            moves: 0,
            height: h,
            width: w,
            bottom,
            board: bottom * ((1u64 << h) - 1),
        }
    }

    /// Plays a move string (`"4453"`, 1 = leftmost column) from the empty board.
    ///
    /// Fails on a bad character, a column out of range, a full column, or a move completing a
    /// four (the position would be finished).
    pub fn from_moves(size: BoardSize, moves: &str) -> Result<Position, MoveError> {
        let mut p = Position::new(size);
        for (index, c) in moves.chars().enumerate() {
            let col = parse_column(index, c, size.width())?;
            p.try_play(col).map_err(|e| e.with_index(index))?;
        }
        Ok(p)
    }

    /// Plays 0-based columns from the empty board (see [`Position::from_moves`]).
    pub fn from_columns(size: BoardSize, columns: &[usize]) -> Result<Position, MoveError> {
        let mut p = Position::new(size);
        for (index, &col) in columns.iter().enumerate() {
            p.try_play(col).map_err(|e| e.with_index(index))?;
        }
        Ok(p)
    }

    /// Plays 0-based column `col` for the side to move, checking legality.
    pub fn try_play(&mut self, col: usize) -> Result<(), MoveError> {
        let index = self.moves as usize;
        if col >= self.width() {
            return Err(MoveError::OutOfRange {
                index,
                column: col + 1,
                width: self.width(),
            });
        }
        if !self.can_play(col) {
            return Err(MoveError::ColumnFull {
                index,
                column: col + 1,
            });
        }
        if self.is_winning_move(col) {
            return Err(MoveError::WinningMove {
                index,
                column: col + 1,
            });
        }
        self.play_col(col);
        Ok(())
    }

    /// Board size.
    pub fn size(&self) -> BoardSize {
        BoardSize {
            width: self.width as u8,
            height: self.height as u8,
        }
    }

    /// Number of columns.
    #[inline(always)]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[inline(always)]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Stones on the board.
    #[inline(always)]
    pub fn moves_played(&self) -> usize {
        self.moves as usize
    }

    /// True when every cell is taken.
    pub fn is_full(&self) -> bool {
        self.mask == self.board
    }

    /// True if 0-based `col` exists and has a free cell.
    pub fn can_play(&self, col: usize) -> bool {
        col < self.width() && self.mask & self.top_cell(col) == 0
    }

    /// Playable 0-based columns, left to right.
    pub fn legal_columns(&self) -> Vec<usize> {
        (0..self.width()).filter(|&c| self.can_play(c)).collect()
    }

    /// True if the side to move completes a four by playing the (playable) column `col`.
    pub fn is_winning_move(&self, col: usize) -> bool {
        col < self.width() && self.winning_position() & self.possible() & self.column_mask(col) != 0
    }

    /// True if the side to move can complete a four right now.
    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// Unique key of the position: `current + mask` (a sentinel bit above each column's top
    /// stone), fitting in `width * (height + 1)` bits.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of the left-right mirror image.
    pub fn mirrored_key(&self) -> u64 {
        let key = self.key();
        let bits = self.height + 1;
        let col_bits = (1u64 << bits) - 1;
        let mut out = 0;
        for c in 0..self.width {
            let column = (key >> (c * bits)) & col_bits;
            out |= column << ((self.width - 1 - c) * bits);
        }
        out
    }

    /// Symmetry-independent key: the smaller of [`Position::key`] and its mirror.
    pub fn canonical_key(&self) -> u64 {
        self.key().min(self.mirrored_key())
    }

    /// Who owns the cell at 0-based `col`, `row` (row 0 = bottom): `Some(true)` for the side to
    /// move, `Some(false)` for the other side, `None` if empty or off the board.
    pub fn cell(&self, col: usize, row: usize) -> Option<bool> {
        if col >= self.width() || row >= self.height() {
            return None;
        }
        let bit = 1u64 << (col * (self.height() + 1) + row);
        (self.mask & bit != 0).then_some(self.current & bit != 0)
    }

    // ---- Solver internals (bitmask moves) ----

    /// Plays a move given as a one-bit mask of a playable cell.
    #[inline(always)]
    pub(crate) fn play(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Key of the position after playing `mv` (see [`Position::key`]).
    #[inline(always)]
    pub(crate) fn child_key(&self, mv: u64) -> u64 {
        (self.current ^ self.mask) + (self.mask | mv)
    }

    /// Plays a playable 0-based column (unchecked).
    #[inline(always)]
    pub(crate) fn play_col(&mut self, col: usize) {
        self.play((self.mask + self.bottom_cell(col)) & self.column_mask(col));
    }

    #[inline(always)]
    pub(crate) fn column_mask(&self, col: usize) -> u64 {
        ((1u64 << self.height) - 1) << (col as u32 * (self.height + 1))
    }

    #[inline(always)]
    fn top_cell(&self, col: usize) -> u64 {
        1u64 << (self.height - 1 + col as u32 * (self.height + 1))
    }

    #[inline(always)]
    fn bottom_cell(&self, col: usize) -> u64 {
        1u64 << (col as u32 * (self.height + 1))
    }

    /// The lowest free cell of every non-full column.
    #[inline(always)]
    pub(crate) fn possible(&self) -> u64 {
        (self.mask + self.bottom) & self.board
    }

    /// Stones of the side to move.
    #[inline(always)]
    pub(crate) fn current_stones(&self) -> u64 {
        self.current
    }

    /// All stones.
    #[inline(always)]
    pub(crate) fn all_stones(&self) -> u64 {
        self.mask
    }

    /// All cells of the board.
    #[inline(always)]
    pub(crate) fn board_mask(&self) -> u64 {
        self.board
    }

    /// Empty cells where the side to move would complete a four.
    #[inline(always)]
    pub(crate) fn winning_position(&self) -> u64 {
        winning_cells(self.current, self.mask, self.height, self.board)
    }

    /// Empty cells where the opponent would complete a four.
    #[inline(always)]
    pub(crate) fn opponent_winning_position(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask, self.height, self.board)
    }

    /// Playable cells that do not hand the opponent an immediate win: the single forced block if
    /// there is one, nothing if the opponent has two wins, and never a cell right below an
    /// opponent's winning cell. Assumes the side to move cannot win at once.
    #[inline(always)]
    pub(crate) fn possible_non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// Move ordering score: how many winning cells the side to move has after playing `mv`.
    #[inline(always)]
    pub(crate) fn move_score(&self, mv: u64) -> u32 {
        winning_cells(self.current | mv, self.mask, self.height, self.board).count_ones()
    }
}

impl MoveError {
    /// Re-labels an error from a single move with its index in a move string.
    fn with_index(self, index: usize) -> MoveError {
        match self {
            MoveError::InvalidCharacter { found, .. } => {
                MoveError::InvalidCharacter { index, found }
            }
            MoveError::OutOfRange { column, width, .. } => MoveError::OutOfRange {
                index,
                column,
                width,
            },
            MoveError::ColumnFull { column, .. } => MoveError::ColumnFull { index, column },
            MoveError::GameOver { column, .. } => MoveError::GameOver { index, column },
            MoveError::WinningMove { column, .. } => MoveError::WinningMove { index, column },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_order_7() {
        assert_eq!(
            BoardSize::STANDARD.centre_order(),
            vec![3, 2, 4, 1, 5, 0, 6]
        );
    }

    #[test]
    fn mirror_key_round_trip() {
        let p = Position::from_moves(BoardSize::STANDARD, "4453").unwrap();
        let q = Position::from_moves(BoardSize::STANDARD, "4435").unwrap();
        assert_eq!(p.mirrored_key(), q.key());
        assert_eq!(p.canonical_key(), q.canonical_key());
    }

    #[test]
    fn rejects_winning_move() {
        let e = Position::from_moves(BoardSize::STANDARD, "1212121").unwrap_err();
        assert_eq!(
            e,
            MoveError::WinningMove {
                index: 6,
                column: 1
            }
        );
    }
}
