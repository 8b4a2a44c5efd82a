//! Tic-tac-toe, a test-only third game: it proves that a game is its own folder and one
//! registration line. It has no board plugin (screens run without one), a perfect minimax
//! AI that judges each position (its search, hints and review come from that), and one
//! capability added, its files, to name its records `.ttt` (the rest are the plain ones).

use super::{
    AnyGame, AnyLevel, GameDef, GameFiles, GameKind, Move, Options, Rules, Side, Standing,
};
use crate::engine::review::{Analysis, Outlook};
use crate::gui::msg::Msg;

pub static TIC_TAC_TOE: TicTacToeKind = TicTacToeKind;
pub const ID: &str = "tictactoe";

pub struct TicTacToeKind;

pub fn kind() -> GameKind {
    GameKind(&TIC_TAC_TOE)
}

/// Its one level: perfect play.
pub fn perfect() -> AnyLevel {
    AnyLevel {
        game: ID,
        number: 1,
        name: "Perfect",
        description: "Never loses.",
    }
}

/// Rows, columns, diagonals (a table reads best on one line).
#[rustfmt::skip]
const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// Cells 0..9, row by row; written "1".."9".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TicTacToe {
    moves: Vec<usize>,
    redo: Vec<usize>,
}

impl TicTacToe {
    fn cells(&self) -> [Option<Side>; 9] {
        let mut cells = [None; 9];
        for (i, &c) in self.moves.iter().enumerate() {
            cells[c] = Some(Side::of_ply(i));
        }
        cells
    }

    fn winner(&self) -> Option<(Side, [usize; 3])> {
        let cells = self.cells();
        LINES.into_iter().find_map(|line| {
            let side = cells[line[0]]?;
            line.iter()
                .all(|&c| cells[c] == Some(side))
                .then_some((side, line))
        })
    }

    /// The side to move's best cell and the game's value for it: +(10 - plies) for a win,
    /// 0 a draw, negative a loss (sooner wins and later losses preferred).
    fn solve(&self) -> (Option<usize>, i32) {
        if self.winner().is_some() {
            return (None, -(10 - self.moves.len() as i32));
        }
        let mut best = (None, i32::MIN);
        for cell in (0..9).filter(|&c| self.cells()[c].is_none()) {
            let mut next = self.clone();
            next.moves.push(cell);
            let value = -next.solve().1;
            if value > best.1 {
                best = (Some(cell), value);
            }
        }
        if best.0.is_none() { (None, 0) } else { best }
    }

    fn line(&self) -> Vec<usize> {
        let mut game = self.clone();
        let mut line = Vec::new();
        while let (Some(cell), _) = game.solve() {
            line.push(cell);
            game.moves.push(cell);
        }
        line
    }

    fn outlook(value: i32, ply: usize) -> Outlook {
        match value {
            0 => Outlook::Draw,
            v if v > 0 => Outlook::Win(((10 - v) as usize - ply).div_ceil(2) as u32),
            v => Outlook::Loss(((10 + v) as usize - ply) as u32 / 2),
        }
    }
}

impl Rules for TicTacToe {
    type Move = usize;
    type Level = ();

    fn kind() -> GameKind {
        kind()
    }

    fn encode(mv: usize) -> Move {
        Move(mv as u32)
    }

    fn decode(mv: Move) -> Option<usize> {
        (mv.0 < 9).then_some(mv.0 as usize)
    }

    fn level(level: AnyLevel) -> Option<()> {
        (level.number_in(ID) == Some(1)).then_some(())
    }

    fn redo_len(&self) -> usize {
        self.redo.len()
    }

    fn moves(&self) -> Vec<usize> {
        self.moves.clone()
    }

    fn check(&self, mv: usize) -> Result<(), Msg> {
        if self.winner().is_some() {
            Err(Msg::key("move-game-over"))
        } else if self.cells()[mv].is_some() {
            Err(Msg::verbatim(format!("Cell {} is taken.", mv + 1)))
        } else {
            Ok(())
        }
    }

    fn play(&mut self, mv: usize) -> Result<(), Msg> {
        Rules::check(self, mv)?;
        self.moves.push(mv);
        self.redo.clear();
        Ok(())
    }

    fn undo(&mut self) -> Option<Side> {
        let cell = self.moves.pop()?;
        self.redo.push(cell);
        Some(Side::of_ply(self.moves.len()))
    }

    fn redo(&mut self) -> bool {
        self.redo.pop().map(|cell| self.moves.push(cell)).is_some()
    }

    fn standing(&self) -> Standing {
        match self.winner() {
            Some((winner, line)) => Standing::Won {
                winner,
                line: line.iter().map(|&c| (c % 3, c / 3)).collect(),
            },
            None if self.moves.len() == 9 => Standing::Draw,
            None => Standing::Ongoing,
        }
    }

    fn move_text(&self, mv: usize) -> Msg {
        Msg::verbatim(format!("cell {}", mv + 1))
    }

    fn parse_move(&self, text: &str) -> Option<usize> {
        let n: usize = text.trim().parse().ok()?;
        (1..=9).contains(&n).then(|| n - 1)
    }

    fn judge(&self) -> Option<Analysis<usize>> {
        let (best, value) = self.solve();
        let outlook = TicTacToe::outlook(value, self.moves.len());
        let line = self.line();
        Some(Analysis {
            best,
            line,
            outlook,
        })
    }
}

impl GameDef for TicTacToeKind {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Tic-tac-toe"
    }

    fn side_name(&self, side: Side) -> Msg {
        Msg::verbatim(match side {
            Side::First => "X",
            Side::Second => "O",
        })
    }

    fn levels(&self) -> Vec<AnyLevel> {
        vec![perfect()]
    }

    fn controls_help(&self) -> Msg {
        Msg::verbatim("Keys 1-9 mark a cell")
    }

    fn new_game(&self, _options: &Options) -> AnyGame {
        AnyGame::new(TicTacToe::default())
    }

    fn files(&self) -> Option<&dyn GameFiles> {
        Some(self)
    }
}

/// A capability added: a trait the kind implements, returned from its `GameDef` method.
impl GameFiles for TicTacToeKind {
    fn kind(&self) -> GameKind {
        kind()
    }

    fn record_extensions(&self) -> Vec<String> {
        vec!["ttt".into()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_play_blocks_and_wins() {
        let mut g = TicTacToe::default();
        for c in [0, 4, 1] {
            Rules::play(&mut g, c).unwrap();
        }
        assert_eq!(g.solve().0, Some(2), "O blocks the top row");
        let empty = TicTacToe::default();
        assert_eq!(empty.solve().1, 0, "tic-tac-toe is a draw");
        Rules::play(&mut g, 3).unwrap();
        assert_eq!(g.solve().0, Some(2), "X completes the top row");
        assert_eq!(TicTacToe::outlook(g.solve().1, 4), Outlook::Win(1));
    }
}
