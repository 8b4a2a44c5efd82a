//! A Gomoku game: board, rule, move history with undo and redo, side to move, outcome and an
//! incrementally kept Zobrist hash.

use super::board::{BadSize, Board, zobrist_side_key};
use super::pos::{Pos, Stone};
use super::rules::{self, Forbidden, Rule};

/// How the game stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Ongoing,
    /// `line` holds the cells of the winning row, in order along the line.
    Win {
        winner: Stone,
        line: Vec<Pos>,
    },
    /// Nobody won: the board is full, or (Renju) Black is to move and every empty point
    /// is forbidden to Black.
    Draw,
}

impl Outcome {
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// Why a move cannot be played.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveError {
    #[error("{},{} is off the {size}x{size} board", .pos.x, .pos.y)]
    OffBoard { pos: Pos, size: usize },
    #[error("{},{} is already taken by {by}", .pos.x, .pos.y)]
    Occupied { pos: Pos, by: Stone },
    #[error("{},{} is forbidden for Black: {kind}", .pos.x, .pos.y)]
    Forbidden { pos: Pos, kind: Forbidden },
    #[error("the game is already over")]
    GameOver,
}

/// One move of the history.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub pos: Pos,
    pub stone: Stone,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    rule: Rule,
    to_move: Stone,
    history: Vec<Move>,
    redo: Vec<Move>,
    outcome: Outcome,
}

impl Game {
    /// An empty board of side `size` (5..=25), Black to move.
    pub fn new(size: usize, rule: Rule) -> Result<Game, BadSize> {
        Ok(Game {
            board: Board::new(size)?,
            rule,
            to_move: Stone::Black,
            history: Vec::new(),
            redo: Vec::new(),
            outcome: Outcome::Ongoing,
        })
    }

    /// Replays `moves` (alternating from Black) onto a new game.
    pub fn from_moves(size: usize, rule: Rule, moves: &[Pos]) -> Result<Game, GameBuildError> {
        let mut game = Game::new(size, rule).map_err(GameBuildError::Size)?;
        for (i, &p) in moves.iter().enumerate() {
            game.play(p)
                .map_err(|error| GameBuildError::Move { index: i, error })?;
        }
        Ok(game)
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.board.size()
    }

    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    #[inline]
    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    #[inline]
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The moves played so far, first to last.
    #[inline]
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The moves undone and not yet replayed, next one last.
    #[inline]
    pub fn redo_stack(&self) -> &[Move] {
        &self.redo
    }

    #[inline]
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().copied()
    }

    /// Number of moves played.
    #[inline]
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Zobrist hash of the stones and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        let side = match self.to_move {
            Stone::Black => 0,
            Stone::White => zobrist_side_key(),
        };
        self.board.hash() ^ side
    }

    /// Whether the side to move may play at `pos`, and if not, why.
    pub fn check_move(&self, pos: Pos) -> Result<(), MoveError> {
        if self.outcome.is_over() {
            return Err(MoveError::GameOver);
        }
        self.check_placement(pos, self.to_move)
    }

    /// Whether `stone` may be put at `pos` now, ignoring whose turn it is and the outcome.
    pub fn check_placement(&self, pos: Pos, stone: Stone) -> Result<(), MoveError> {
        let size = self.size();
        if !pos.on_board(size) {
            return Err(MoveError::OffBoard { pos, size });
        }
        if let Some(by) = self.board.get(pos) {
            return Err(MoveError::Occupied { pos, by });
        }
        if self.rule == Rule::Renju
            && stone == Stone::Black
            && let Some(kind) = rules::forbidden(&self.board, pos)
        {
            return Err(MoveError::Forbidden { pos, kind });
        }
        Ok(())
    }

    /// Black's forbidden points now (empty unless the rule is Renju).
    pub fn forbidden_points(&self) -> Vec<(Pos, Forbidden)> {
        if self.rule == Rule::Renju {
            rules::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Plays the side to move at `pos`. Clears the redo stack.
    pub fn play(&mut self, pos: Pos) -> Result<&Outcome, MoveError> {
        self.check_move(pos)?;
        self.redo.clear();
        self.apply(Move {
            pos,
            stone: self.to_move,
        });
        Ok(&self.outcome)
    }

    /// Puts `stone` at `pos` whatever the turn, then gives the move to the other colour:
    /// for positions set up out of alternation (Gomocup `BOARD`, unbalanced SGF setups).
    pub fn place(&mut self, pos: Pos, stone: Stone) -> Result<&Outcome, MoveError> {
        if self.outcome.is_over() {
            return Err(MoveError::GameOver);
        }
        self.check_placement(pos, stone)?;
        self.redo.clear();
        self.apply(Move { pos, stone });
        Ok(&self.outcome)
    }

    /// A position given as a set of stones (Gomocup `BOARD`/`YXBOARD`, an analysis setup).
    /// The stones are a fact, not moves: their order does not matter and none is checked for
    /// Renju forbidden points (a black stone can look forbidden only after later stones),
    /// only the moves to come are. Refused: a stone off the board or on a taken point, a
    /// board that already has a winning line or is full, and colour counts more than one
    /// stone apart. The history holds the stones in the order given (for takebacks); the
    /// side to move is the one with fewer stones, Black when equal.
    pub fn set_up(size: usize, rule: Rule, stones: &[(Pos, Stone)]) -> Result<Game, SetUpError> {
        let mut game = Game::new(size, rule).map_err(SetUpError::Size)?;
        for &(pos, stone) in stones {
            if !pos.on_board(size) {
                return Err(SetUpError::Stone(MoveError::OffBoard { pos, size }));
            }
            if let Some(by) = game.board.get(pos) {
                return Err(SetUpError::Stone(MoveError::Occupied { pos, by }));
            }
            game.board.place(pos, stone);
            game.history.push(Move { pos, stone });
        }
        for &(pos, stone) in stones {
            if let Some(line) = rules::winning_line(&game.board, pos, stone, rule) {
                return Err(SetUpError::AlreadyWon {
                    winner: stone,
                    line,
                });
            }
        }
        if game.board.is_full() {
            return Err(SetUpError::Full);
        }
        let black = stones.iter().filter(|s| s.1 == Stone::Black).count();
        let white = stones.len() - black;
        if black.abs_diff(white) > 1 {
            return Err(SetUpError::Counts { black, white });
        }
        game.to_move = if white < black {
            Stone::White
        } else {
            Stone::Black
        };
        Ok(game)
    }

    /// Sets the side to move (for set-up positions).
    pub fn set_to_move(&mut self, stone: Stone) {
        self.to_move = stone;
    }

    fn apply(&mut self, mv: Move) {
        self.board.place(mv.pos, mv.stone);
        self.history.push(mv);
        self.to_move = mv.stone.opponent();
        self.outcome = match rules::winning_line(&self.board, mv.pos, mv.stone, self.rule) {
            Some(line) => Outcome::Win {
                winner: mv.stone,
                line,
            },
            None if self.board.is_full() => Outcome::Draw,
            // Renju: Black to move with only forbidden points left cannot move. We call it a
            // draw, as a full board is (RIF would let Black pass, and White might still make
            // five on one of those points: a rule we do not play), rather than ask a brain
            // for a move that does not exist.
            None if !self.black_can_move() => Outcome::Draw,
            None => Outcome::Ongoing,
        };
    }

    /// False only under Renju with Black to move and every empty point forbidden. Stops at
    /// the first playable point, which on a board with room is one of the first looked at.
    fn black_can_move(&self) -> bool {
        if self.rule != Rule::Renju || self.to_move != Stone::Black {
            return true;
        }
        let size = self.size();
        (0..size * size).any(|i| {
            let pos = Pos::from_index(i, size);
            self.board.get(pos).is_none() && rules::forbidden(&self.board, pos).is_none()
        })
    }

    /// Takes back the last move; it can be replayed with [`Game::redo`].
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.history.pop()?;
        self.board.remove(mv.pos);
        self.to_move = mv.stone;
        // Nothing can have been won or drawn before the last move of a finished game.
        self.outcome = Outcome::Ongoing;
        self.redo.push(mv);
        Some(mv)
    }

    /// Replays the last undone move.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = self.redo.pop()?;
        self.apply(mv);
        Some(mv)
    }
}

/// Why a set of stones is not a position (see [`Game::set_up`]).
// The wrapped errors print their own text and are not exposed as sources (as before the
// derive), hence "{0}" rather than #[source] or transparent.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetUpError {
    #[error("{0}")]
    Size(BadSize),
    /// A stone off the board or on a taken point.
    #[error("{0}")]
    Stone(MoveError),
    /// A winning line is already on the board.
    #[error("the position is already won by {winner}")]
    AlreadyWon { winner: Stone, line: Vec<Pos> },
    /// The board is full.
    #[error("the board is full")]
    Full,
    /// No game reaches this many stones of each colour.
    #[error("{black} black and {white} white stones: no game has a difference of more than one")]
    Counts { black: usize, white: usize },
}

/// A move list that does not make a legal game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameBuildError {
    #[error("{0}")]
    Size(BadSize),
    /// Move number `index` (0-based) could not be played.
    #[error("move {}: {error}", .index + 1)]
    Move { index: usize, error: MoveError },
}
