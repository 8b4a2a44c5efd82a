//! What the trainer says, as messages to put into the language in use.

use super::YOURS;
use crate::engine::puzzle;
use crate::gui::kind::{GameKind, Side};
use crate::gui::msg::Msg;

/// A family's name on screen: the player's own puzzles in the trainer's words, a game's or a
/// rule's family by the name its game gives it.
pub fn family_name(family: &str) -> Msg {
    if family == YOURS {
        Msg::key("puzzle-family-yours")
    } else {
        // The games name their families by catalog keys ("rule-renju", "game-connect4").
        Msg::key(family.to_string())
    }
}

/// What a puzzle asks the player to find: "win by fours", "win in 3".
pub fn goal(kind: puzzle::Kind) -> Msg {
    match kind {
        puzzle::Kind::Vcf => Msg::key("puzzle-goal-vcf"),
        puzzle::Kind::Vct => Msg::key("puzzle-goal-vct"),
        puzzle::Kind::WinIn(moves) => Msg::key("puzzle-goal-win-in").with("moves", moves),
    }
}

/// A side's name as its game gives it ("Black", "Red"), to put into a message.
pub fn side_name(kind: GameKind, side: Side) -> Msg {
    kind.side_name(side)
}

/// The engine could not give its verdict on a move (`reason`: its words, English).
pub(super) fn not_judged(reason: String) -> Msg {
    Msg::key("puzzle-status-not-judged").with("reason", reason)
}
