//! A game's opening phase as the app sees it: [`OpeningPhase`], object-safe, for games whose
//! tournament rules decide colours and the first stones before normal play (Gomoku's Swap,
//! Swap2 and the Renju rules). The session drives it without naming a game: who acts, the
//! prompt and the choice buttons, board clicks, undo, the AI's action and, once done, the
//! position the normal game starts from. A game offers one through
//! [`GameDef::opening`](super::GameDef::opening).

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::{AnyGame, AnyLevel, EngineSeat, Move, Side};
use crate::gui::msg::Msg;

/// An opening in progress. Players are named by [`Side`] as they started: `Side::First` is
/// the player who began as the tentative first colour, whatever colour they hold now.
pub trait OpeningPhase: Send + Sync + fmt::Debug {
    fn boxed_clone(&self) -> Box<dyn OpeningPhase>;
    /// The rule's name for the record ("Swap2"), in the record's English.
    fn name(&self) -> String;
    /// The rule's name for players.
    fn title(&self) -> Msg;
    /// The player to act now; `None` once the opening is over.
    fn actor(&self) -> Option<Side>;
    /// What the player to act is asked to do.
    fn prompt(&self) -> Msg;
    /// The buttons of a choice step (empty on steps taken on the board).
    fn options(&self) -> Vec<Msg>;
    /// Takes the choice of button `index`; the error is for the player.
    fn choose(&mut self, index: usize) -> Result<(), Msg>;
    /// A click on the board: a stone, a fifth-move offer or a pick among the offers.
    fn click(&mut self, mv: Move) -> Result<(), Msg>;
    /// Takes back the last action; false when there is none.
    fn undo(&mut self) -> bool;
    /// The stones so far, with the right side to move.
    fn position(&self) -> AnyGame;
    /// Pending offers the board marks (fifth-move candidates).
    fn offers(&self) -> Vec<Move>;
    /// Whether this step is taken on the board (a stone, an offer, a pick), not with the
    /// buttons.
    fn on_board(&self) -> bool {
        !self.is_done() && self.options().is_empty()
    }
    /// The points of the area the rule keeps this step's stone in (a central square), for
    /// the board to draw; empty when the step has no such area.
    fn area(&self) -> Vec<Move> {
        Vec::new()
    }
    /// The only points a board click may take now (the area's, the offers to pick from);
    /// empty: any point the game allows.
    fn targets(&self) -> Vec<Move> {
        Vec::new()
    }
    /// The player who holds the first colour (Black) now.
    fn first_holder(&self) -> Side;
    /// The AI's decision for the player to act at `level`, applied (the error is the
    /// engine's, for the log).
    fn ai_step(&mut self, level: AnyLevel, seed: u64, stop: &AtomicBool) -> Result<(), String>;
    /// An external engine's action for the player to act, asked in the protocol's words
    /// where the rule has them (Gomoku's `SWAP2BOARD` in Swap and Swap2), and applied.
    /// `Ok(false)`: nothing to ask at this step, or the engine does not know the command
    /// (then Master acts for it, [`OpeningPhase::ai_step`]). The error is the fault, in the
    /// player's words: the engine forfeits.
    fn engine_step(&mut self, _seat: &EngineSeat, _stop: &AtomicBool) -> Result<bool, Msg> {
        Ok(false)
    }
    /// Whether the protocol asks an external engine this rule's questions (then the
    /// engine, not Master, is named for its decisions).
    fn engine_asked(&self) -> bool {
        false
    }
    /// The actions so far in the game's text form ("h8", "two", "offer:h10").
    fn texts(&self) -> Vec<String>;
    /// Takes one action in its text form (an autosaved opening played again).
    fn replay(&mut self, text: &str) -> Result<(), String>;
    /// The decisions so far that put no stone, each with the player who took it: "takes
    /// White", "places two more stones", "offers h10, j9", "picks j9". Consecutive offers
    /// of one player are one entry. The messages get `who` (the player's name) and `you`
    /// ("yes" when the person took it: the verb agrees) from [`opening_line`].
    fn decisions(&self) -> Vec<(Side, Msg)>;
    fn is_done(&self) -> bool {
        self.actor().is_none()
    }
    /// The record's line about the opening, which `Recorded::opening` reads back (a format,
    /// so English): "Opening: Swap2; h8 i9 j7 two ...".
    fn record_comment(&self) -> String {
        format!(
            "{RECORD_PREFIX} {}; {}",
            self.name(),
            self.texts().join(" ")
        )
    }
}

/// What starts the opening's line in a record's comment.
pub const RECORD_PREFIX: &str = "Opening:";

/// The opening's name and its decisions that put no stone, each said of the player (by
/// role) who took it: "Swap2 · Master places two more stones · You take White".
pub fn opening_line(
    phase: &dyn OpeningPhase,
    name: impl Fn(Side) -> Msg,
    is_person: impl Fn(Side) -> bool,
) -> Msg {
    let mut parts = vec![phase.title()];
    for (player, words) in phase.decisions() {
        let you = if is_person(player) { "yes" } else { "no" };
        parts.push(
            words
                .with("who", name(player))
                .with("you", Msg::verbatim(you)),
        );
    }
    Msg::Join(parts, " · ")
}

impl Clone for Box<dyn OpeningPhase> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}
