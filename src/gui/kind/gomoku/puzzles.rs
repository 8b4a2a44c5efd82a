//! Gomoku's puzzles: `GamePuzzles for Gomoku` over the engine's Gomoku puzzles (the shipped
//! set, a puzzle's position, its family by rule, a puzzle from a missed win).

use super::{Gomoku, point, pos, rule_id};
use crate::engine::gomoku::puzzle::{GomokuPuzzle, Variant, from_gomoku};
use crate::engine::gomoku::{Game, Pos, Rule};
use crate::gui::kind::{AnyGame, GamePuzzles, Move};

impl GamePuzzles for Gomoku {
    type Rules = Variant;

    fn shipped_text(&self) -> &'static str {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/puzzles/gomoku.txt"
        ))
    }

    fn position(&self, puzzle: &GomokuPuzzle) -> Option<AnyGame> {
        puzzle.gomoku_game().ok().map(AnyGame::new)
    }

    fn to_board(&self, mv: Pos) -> Move {
        point(mv)
    }

    fn to_puzzle(&self, mv: Move) -> Option<Pos> {
        pos(mv)
    }

    fn family(&self, puzzle: &GomokuPuzzle) -> String {
        format!("rule-{}", rule_id(puzzle.game.rule))
    }
    fn families(&self) -> Vec<String> {
        Rule::ALL
            .iter()
            .map(|&r| format!("rule-{}", rule_id(r)))
            .collect()
    }

    fn puzzle_from(&self, position: &AnyGame, id: &str) -> Option<GomokuPuzzle> {
        from_gomoku(position.downcast_ref::<Game>()?, id)
    }
}
