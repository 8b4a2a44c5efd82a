//! The game as the GUI sees it: a board of cells, a move list with undo/redo, and the outcome
//! with the winning four.

use std::fmt;

use super::position::{BoardSize, MoveError, Position, parse_column};

/// One of the two players. `First` moves first.
pub use crate::engine::side::Side as Player;

/// A cell: 0-based column (0 = leftmost) and row (0 = bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub col: usize,
    pub row: usize,
}

/// State of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Moves remain and nobody has four in a row.
    Ongoing,
    /// `player` completed a four; `four` lists its cells in line order. When the last move
    /// completes more than four in a line, this is the four starting furthest back along the
    /// line that contains the move.
    Win { player: Player, four: [Cell; 4] },
    /// The board filled up without four in a row.
    Draw,
}

/// A Connect Four game with history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    size: BoardSize,
    /// `grid[col][row]`.
    grid: Vec<Vec<Option<Player>>>,
    moves: Vec<usize>,
    /// Undone moves, most recently undone last.
    redo: Vec<usize>,
    outcome: Outcome,
}

impl Game {
    /// An empty board of the given size.
    pub fn new(size: BoardSize) -> Game {
        Game {
            size,
            grid: vec![Vec::with_capacity(size.height()); size.width()],
            moves: Vec::new(),
            redo: Vec::new(),
            outcome: Outcome::Ongoing,
        }
    }

    /// Replays a move string (`"4453"`, 1 = leftmost) from the empty board.
    pub fn from_moves(size: BoardSize, moves: &str) -> Result<Game, MoveError> {
        let mut game = Game::new(size);
        for (index, c) in moves.chars().enumerate() {
            let col = parse_column(index, c, size.width())?;
            game.play(col)?;
        }
        Ok(game)
    }

    /// Board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.size.width()
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.size.height()
    }

    /// Moves played so far, as 0-based columns.
    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    /// The move string of the game so far (1 = leftmost).
    pub fn to_move_string(&self) -> String {
        self.moves
            .iter()
            .map(|&c| char::from(b'1' + c as u8))
            .collect()
    }

    /// Whose turn it is (meaningless, but well defined, once the game is over).
    pub fn side_to_move(&self) -> Player {
        if self.moves.len().is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Current outcome.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// True once someone has won or the board is full.
    pub fn is_over(&self) -> bool {
        self.outcome != Outcome::Ongoing
    }

    /// Stone at `cell`, `None` if empty or off the board.
    pub fn cell(&self, cell: Cell) -> Option<Player> {
        self.grid.get(cell.col)?.get(cell.row).copied().flatten()
    }

    /// Number of stones in 0-based column `col` (0 if out of range).
    pub fn column_height(&self, col: usize) -> usize {
        self.grid.get(col).map_or(0, Vec::len)
    }

    /// True if a stone can be dropped in 0-based `col` now.
    pub fn can_play(&self, col: usize) -> bool {
        !self.is_over() && col < self.width() && self.column_height(col) < self.height()
    }

    /// Playable 0-based columns, left to right (empty once the game is over).
    pub fn legal_columns(&self) -> Vec<usize> {
        (0..self.width()).filter(|&c| self.can_play(c)).collect()
    }

    /// Drops a stone for the side to move in 0-based column `col`; returns the cell it lands in.
    /// Clears the redo list (a new branch of history).
    pub fn play(&mut self, col: usize) -> Result<Cell, MoveError> {
        let cell = self.play_keep_redo(col)?;
        self.redo.clear();
        Ok(cell)
    }

    fn play_keep_redo(&mut self, col: usize) -> Result<Cell, MoveError> {
        let index = self.moves.len();
        if col >= self.width() {
            return Err(MoveError::OutOfRange {
                index,
                column: col + 1,
                width: self.width(),
            });
        }
        if self.is_over() {
            return Err(MoveError::GameOver {
                index,
                column: col + 1,
            });
        }
        if self.column_height(col) >= self.height() {
            return Err(MoveError::ColumnFull {
                index,
                column: col + 1,
            });
        }
        let player = self.side_to_move();
        let cell = Cell {
            col,
            row: self.grid[col].len(),
        };
        self.grid[col].push(Some(player));
        self.moves.push(col);
        self.outcome = match self.four_through(cell, player) {
            Some(four) => Outcome::Win { player, four },
            None if self.moves.len() == self.size.cells() => Outcome::Draw,
            None => Outcome::Ongoing,
        };
        Ok(cell)
    }

    /// Takes back the last move; returns its column, or `None` at the start.
    pub fn undo(&mut self) -> Option<usize> {
        let col = self.moves.pop()?;
        self.grid[col].pop();
        self.redo.push(col);
        // Before the last move the game was necessarily ongoing.
        self.outcome = Outcome::Ongoing;
        Some(col)
    }

    /// Replays the most recently undone move; returns its cell, or `None` if nothing to redo.
    pub fn redo(&mut self) -> Option<Cell> {
        let col = self.redo.pop()?;
        // An undone move was legal in this very position, so this cannot fail.
        self.play_keep_redo(col).ok()
    }

    /// True if there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Bitboard position for the solver and AI; `None` once the game is over.
    pub fn position(&self) -> Option<Position> {
        if self.is_over() {
            return None;
        }
        Position::from_columns(self.size, &self.moves).ok()
    }

    /// A four of `player` stones through `cell`, if any.
    fn four_through(&self, cell: Cell, player: Player) -> Option<[Cell; 4]> {
        const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        let owned = |c: isize, r: isize| -> bool {
            c >= 0
                && r >= 0
                && self.cell(Cell {
                    col: c as usize,
                    row: r as usize,
                }) == Some(player)
        };
        let (c0, r0) = (cell.col as isize, cell.row as isize);
        for (dc, dr) in DIRECTIONS {
            // Walk back to the start of the run, then take four forward.
            let mut back = 0;
            while back < 3 && owned(c0 - (back + 1) * dc, r0 - (back + 1) * dr) {
                back += 1;
            }
            let mut forward = 0;
            while forward < 3 && owned(c0 + (forward + 1) * dc, r0 + (forward + 1) * dr) {
                forward += 1;
            }
            if back + forward >= 3 {
                let start = (c0 - back * dc, r0 - back * dr);
                let at = |i: isize| Cell {
                    col: (start.0 + i * dc) as usize,
                    row: (start.1 + i * dr) as usize,
                };
                return Some([at(0), at(1), at(2), at(3)]);
            }
        }
        None
    }
}

impl fmt::Display for Game {
    /// Text board, top row first: `X` first player, `O` second player, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.height()).rev() {
            for col in 0..self.width() {
                let c = match self.cell(Cell { col, row }) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
