//! Gomoku in the game-kind layer: `engine::Game` as [`Rules`](super::Rules) (points, the
//! five levels, Renju's forbidden points in the player's words, the review and the analysis
//! board), and [`GOMOKU`], the kind (setup rows: rule and board size; files in [`files`]).
//!
//! Here: the kind and the conversions between the engine's types and the app's (sides,
//! points, levels, the rules' names, a refused move in words). `rules_impl.rs`: `Rules for
//! Game`; `def.rs`: `GameDef for Gomoku`; `puzzles.rs`: `GamePuzzles for Gomoku`;
//! `search_text.rs`: what a search found, in the panel's and the hint's words.

mod def;
pub mod external;
pub mod files;
mod online;
pub mod opening;
mod puzzles;
mod rules_impl;
mod search_text;

pub use search_text::search_info;

use super::{AnyLevel, GameDef, GameKind, Move, Options, Side};
use crate::engine::gomoku::ai::Level;
use crate::engine::gomoku::opening::OpeningRule;
use crate::engine::gomoku::{Forbidden, MoveError, Pos, Rule, Stone};
use crate::gui::msg::Msg;

/// The kind, registered in `gui/games.rs`.
pub static GOMOKU: Gomoku = Gomoku;
pub const ID: &str = "gomoku";

pub struct Gomoku;

/// Board sizes offered.
pub const BOARD_SIZES: [usize; 3] = [13, 15, 19];

pub fn kind() -> GameKind {
    GameKind(&GOMOKU)
}

pub fn any_level(level: Level) -> AnyLevel {
    AnyLevel {
        game: ID,
        number: level.number(),
        name: level.name(),
        description: level.description(),
    }
}

pub fn stone(side: Side) -> Stone {
    match side {
        Side::First => Stone::Black,
        Side::Second => Stone::White,
    }
}

pub fn side(stone: Stone) -> Side {
    match stone {
        Stone::Black => Side::First,
        Stone::White => Side::Second,
    }
}

pub fn point(pos: Pos) -> Move {
    Move(pos.x as u32 | (pos.y as u32) << 8)
}

pub fn pos(mv: Move) -> Option<Pos> {
    let (x, y) = (mv.0 & 0xff, mv.0 >> 8);
    (x < 32 && y < 32).then(|| Pos::new(x as u8, y as u8))
}

fn rule_value(rule: Rule) -> u32 {
    Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0) as u32
}

/// A rule's catalog id: `rule-<id>` is its name, `rule-<id>-about` what it means.
fn rule_id(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    }
}

/// The game rule's name for players.
pub fn rule_title(rule: Rule) -> Msg {
    Msg::key(format!("rule-{}", rule_id(rule)))
}

fn opening_value(rule: OpeningRule) -> u32 {
    OpeningRule::ALL
        .iter()
        .position(|&r| r == rule)
        .unwrap_or(0) as u32
}

/// An opening rule's catalog id: `opening-rule-<id>` is its name, `...-about` what it is.
fn opening_id(rule: OpeningRule) -> &'static str {
    match rule {
        OpeningRule::None => "none",
        OpeningRule::Swap => "swap",
        OpeningRule::Swap2 => "swap2",
        OpeningRule::Yamaguchi => "yamaguchi",
        OpeningRule::Soosorv8 => "soosorv8",
        OpeningRule::Taraguchi10 => "taraguchi10",
    }
}

/// The opening rule's name for players.
pub fn opening_title(rule: OpeningRule) -> Msg {
    Msg::key(format!("opening-rule-{}", opening_id(rule)))
}

/// The opening rule the options choose, if it goes with their game rule.
pub fn opening_rule(options: &Options) -> OpeningRule {
    let options = kind().sanitize(options);
    let rule = Rule::ALL[options["rule"] as usize % Rule::ALL.len()];
    let chosen = OpeningRule::ALL[options["opening"] as usize % OpeningRule::ALL.len()];
    if chosen.applies_to(rule) {
        chosen
    } else {
        OpeningRule::None
    }
}

/// Why a click did nothing, in the player's words and coordinates.
pub fn explain(error: &MoveError, size: usize) -> Msg {
    match error {
        MoveError::Occupied { pos, by } => Msg::key("move-taken")
            .with("point", pos.to_human(size))
            .with("by", GOMOKU.side_name(side(*by))),
        MoveError::Forbidden { pos, kind } => Msg::key("move-forbidden")
            .with("point", pos.to_human(size))
            .with("kind", forbidden_name(*kind)),
        MoveError::OffBoard { .. } => Msg::key("move-off-board"),
        MoveError::GameOver => Msg::key("move-game-over"),
    }
}

/// A Renju foul's name for players.
pub fn forbidden_name(kind: Forbidden) -> Msg {
    Msg::key(match kind {
        Forbidden::Overline => "foul-overline",
        Forbidden::DoubleFour => "foul-double-four",
        Forbidden::DoubleThree => "foul-double-three",
    })
}
