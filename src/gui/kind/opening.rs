//! A game's opening phase as the app sees it: [`OpeningPhase`], object-safe, for games whose
//! tournament rules decide colours and the first stones before normal play (Gomoku's Swap,
//! Swap2 and the Renju rules). The session drives it without naming a game: who acts, the
//! prompt and the choice buttons, board clicks, undo, the AI's action and, once done, the
//! position the normal game starts from. A game offers one through
//! [`GameDef::opening`](super::GameDef::opening).

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::{AnyGame, AnyLevel, Move, Side};

/// An opening in progress. Players are named by [`Side`] as they started: `Side::First` is
/// the player who began as the tentative first colour, whatever colour they hold now.
pub trait OpeningPhase: Send + Sync + fmt::Debug {
    fn boxed_clone(&self) -> Box<dyn OpeningPhase>;
    /// The rule's name for the record ("Swap2").
    fn name(&self) -> String;
    /// The player to act now; `None` once the opening is over.
    fn actor(&self) -> Option<Side>;
    /// What the player to act is asked to do, in their words.
    fn prompt(&self) -> String;
    /// The buttons of a choice step (empty on steps taken on the board).
    fn options(&self) -> Vec<String>;
    /// Takes the choice of button `index`; the error is in the player's words.
    fn choose(&mut self, index: usize) -> Result<(), String>;
    /// A click on the board: a stone, a fifth-move offer or a pick among the offers.
    fn click(&mut self, mv: Move) -> Result<(), String>;
    /// Takes back the last action; false when there is none.
    fn undo(&mut self) -> bool;
    /// The stones so far, with the right side to move.
    fn position(&self) -> AnyGame;
    /// Pending offers the board marks (fifth-move candidates).
    fn offers(&self) -> Vec<Move>;
    /// The player who holds the first colour (Black) now.
    fn first_holder(&self) -> Side;
    /// The AI's decision for the player to act at `level`, applied.
    fn ai_step(&mut self, level: AnyLevel, seed: u64, stop: &AtomicBool) -> Result<(), String>;
    /// The actions so far in the game's text form ("h8", "two", "offer:h10").
    fn texts(&self) -> Vec<String>;
    /// Takes one action in its text form (an autosaved opening played again).
    fn replay(&mut self, text: &str) -> Result<(), String>;
    /// The decisions so far that put no stone, each with the player who took it: "takes
    /// White", "places two more stones", "offers h10, j9", "picks j9". Consecutive offers
    /// of one player are one entry.
    fn decisions(&self) -> Vec<(Side, String)>;
    fn is_done(&self) -> bool {
        self.actor().is_none()
    }
    /// The record's line about the opening: "Opening: Swap2; h8 i9 j7 two ...".
    fn record_comment(&self) -> String {
        format!("Opening: {}; {}", self.name(), self.texts().join(" "))
    }
}

/// The opening's name and its decisions that put no stone, each with the name of the
/// player (by role) who took it: "Swap2 · Master places two more stones · You take White".
pub fn opening_line(phase: &dyn OpeningPhase, name: impl Fn(Side) -> String) -> String {
    let mut parts = vec![phase.name()];
    for (player, words) in phase.decisions() {
        let who = name(player);
        parts.push(if who == "You" {
            format!("You {}", you_form(&words))
        } else {
            format!("{who} {words}")
        });
    }
    parts.join(" · ")
}

/// "takes White" said of "you": "take White"; "places" and "declares" lose their "s".
fn you_form(words: &str) -> String {
    let (verb, rest) = words.split_once(' ').unwrap_or((words, ""));
    let verb = verb.strip_suffix('s').unwrap_or(verb);
    if rest.is_empty() {
        verb.to_string()
    } else {
        format!("{verb} {rest}")
    }
}

impl Clone for Box<dyn OpeningPhase> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}
