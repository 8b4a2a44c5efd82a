//! Tournament opening rules: who places the first stones, who chooses colours, and how
//! fifth-move offers work, before the normal game starts.
//!
//! - [`OpeningRule`]: Swap and Swap2 (Freestyle and Standard), Yamaguchi, Soosorv-8 and
//!   Taraguchi-10 (Renju).
//! - [`Opening`] (`state.rs`): the state machine over a [`Game`](super::game::Game): the
//!   stones so far, every [`Action`] taken, which [`Player`] holds Black, and the [`Step`]
//!   that comes next. Illegal actions are refused with an [`OpeningError`]; nothing panics.
//! - `action.rs`: [`Action`] with its compact text form (`h8`, `black`, `n=4`,
//!   `offer:h10`, `pick:h10`) and [`OpeningError`].
//! - `symmetry.rs`: the board's eight symmetries, the symmetries a position keeps (for
//!   fifth-move offers) and the 26 canonical Renju openings.
//! - `ai.rs`: the AI in every role, from the engine's own evaluation.
//!
//! Players: [`Player::First`] starts as the tentative Black and places the first stone;
//! [`Player::Second`] is the tentative White. Colour choices move Black between them.

mod action;
pub mod ai;
mod state;
mod symmetry;

#[cfg(test)]
mod ai_tests;
#[cfg(test)]
mod tests;

use std::fmt;

use super::pos::{Pos, Stone};
use super::rules::Rule;

pub use action::{Action, OpeningError};
pub use state::Opening;
pub use symmetry::{
    CANONICAL_OPENINGS, CanonicalOpening, Symmetry, canonical_opening, position_symmetries,
};

/// The opening rules the engine knows.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OpeningRule {
    /// No opening rule: Black (the first player) simply moves first.
    #[default]
    None,
    /// The first player places black, white, black; the second chooses a colour.
    Swap,
    /// As Swap, but the second player may instead place a white and a black stone and let
    /// the first player choose.
    Swap2,
    /// Renju: one of the 26 openings and a declared number of fifth-move offers, one swap.
    Yamaguchi,
    /// Renju: one of the 26 openings, swap, the fourth move and a declared 1 to 8 offers,
    /// swap again.
    Soosorv8,
    /// Renju: moves 1-4 in growing central squares with a swap after each, then a fifth
    /// move in the central 9x9 (and a last swap) or ten fifth-move offers.
    Taraguchi10,
}

impl OpeningRule {
    pub const ALL: [OpeningRule; 6] = [
        OpeningRule::None,
        OpeningRule::Swap,
        OpeningRule::Swap2,
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ];

    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::None => "None",
            OpeningRule::Swap => "Swap",
            OpeningRule::Swap2 => "Swap2",
            OpeningRule::Yamaguchi => "Yamaguchi",
            OpeningRule::Soosorv8 => "Soosorv-8",
            OpeningRule::Taraguchi10 => "Taraguchi-10",
        }
    }

    /// Reads a name as written by [`OpeningRule::name`] (case, spaces, `-` and `_` ignored).
    pub fn from_name(name: &str) -> Option<OpeningRule> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        match key.as_str() {
            "none" | "free" => Some(OpeningRule::None),
            "swap" | "swap1" => Some(OpeningRule::Swap),
            "swap2" => Some(OpeningRule::Swap2),
            "yamaguchi" => Some(OpeningRule::Yamaguchi),
            "soosorv8" | "soosõrv8" | "soosorv" => Some(OpeningRule::Soosorv8),
            "taraguchi10" | "taraguchi" => Some(OpeningRule::Taraguchi10),
            _ => None,
        }
    }

    /// The opening rules that go with a game rule: Swap and Swap2 for Freestyle and
    /// Standard, the RIF rules for Renju; `None` for all.
    pub fn for_rule(rule: Rule) -> &'static [OpeningRule] {
        match rule {
            Rule::Freestyle | Rule::Standard => {
                &[OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2]
            }
            Rule::Renju => &[
                OpeningRule::None,
                OpeningRule::Yamaguchi,
                OpeningRule::Soosorv8,
                OpeningRule::Taraguchi10,
            ],
        }
    }

    /// Whether this opening rule may be used with `rule`.
    pub fn applies_to(self, rule: Rule) -> bool {
        OpeningRule::for_rule(rule).contains(&self)
    }

    /// The smallest board the rule fits on: the central areas it uses must fit.
    pub fn min_size(self) -> usize {
        match self {
            OpeningRule::None | OpeningRule::Swap | OpeningRule::Swap2 => 5,
            // The 5x5 square of the third move, the fourth anywhere, offers around it.
            OpeningRule::Yamaguchi | OpeningRule::Soosorv8 => 7,
            // The fifth move's 9x9 square.
            OpeningRule::Taraguchi10 => 9,
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The two players of an opening. `First` places the first stone as the tentative Black.
pub use crate::engine::side::Side as Player;

/// What a player may choose at a colour choice.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Choice {
    /// The chooser plays Black from now on.
    TakeBlack,
    /// The chooser plays White from now on.
    TakeWhite,
    /// Swap2: the chooser places a white and then a black stone, and the other player
    /// chooses the colour.
    PlaceTwo,
    /// Taraguchi-10 after the fourth move: the chooser keeps Black and offers ten fifth
    /// moves instead of playing one in the central 9x9.
    OfferFifths,
}

impl Choice {
    /// The text form in records and the protocol.
    pub fn text(self) -> &'static str {
        match self {
            Choice::TakeBlack => "black",
            Choice::TakeWhite => "white",
            Choice::PlaceTwo => "two",
            Choice::OfferFifths => "offers",
        }
    }

    pub fn from_text(text: &str) -> Option<Choice> {
        match text.trim().to_ascii_lowercase().as_str() {
            "black" | "b" => Some(Choice::TakeBlack),
            "white" | "w" => Some(Choice::TakeWhite),
            "two" | "place2" | "placetwo" => Some(Choice::PlaceTwo),
            "offers" | "offer" | "fifths" => Some(Choice::OfferFifths),
            _ => None,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Choice::TakeBlack => "take Black",
            Choice::TakeWhite => "take White",
            Choice::PlaceTwo => "place two more stones and let the other player choose",
            Choice::OfferFifths => "keep Black and offer fifth moves",
        }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The central square a rule keeps a stone in: the points within `radius` (Chebyshev
/// distance) of `centre`. [`Opening::legal`] checks it; [`Opening::area`] gives it to the
/// boards that draw it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Area {
    pub centre: Pos,
    pub radius: u8,
}

impl Area {
    pub fn contains(self, p: Pos) -> bool {
        p.x.abs_diff(self.centre.x).max(p.y.abs_diff(self.centre.y)) <= self.radius
    }

    /// Points per side: 1 (the centre only), 3 (the central 3x3), ...
    pub fn side(self) -> usize {
        2 * self.radius as usize + 1
    }

    /// The square's points, row by row.
    pub fn points(self) -> impl Iterator<Item = Pos> {
        let (c, r) = (self.centre, self.radius);
        (c.y.saturating_sub(r)..=c.y.saturating_add(r)).flat_map(move |y| {
            (c.x.saturating_sub(r)..=c.x.saturating_add(r)).map(move |x| Pos::new(x, y))
        })
    }
}

/// What happens next in an opening, and who does it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// `player` puts a `stone`; with `area`, within that Chebyshev distance of the centre
    /// (0: the centre itself, 1: the central 3x3, ...).
    Place {
        player: Player,
        stone: Stone,
        area: Option<u8>,
    },
    /// `player` chooses among `options`.
    ChooseColour {
        player: Player,
        options: Vec<Choice>,
    },
    /// `player` declares how many fifth moves Black will offer, `min..=max`.
    Declare { player: Player, min: u8, max: u8 },
    /// Black (`player`) puts one more fifth-move candidate; `remaining` counts this one.
    /// Candidates may not be symmetric to each other under the symmetries of the position.
    Offer { player: Player, remaining: u8 },
    /// White (`player`) picks one offered point: it becomes the fifth move and the other
    /// offers vanish.
    Pick { player: Player },
    /// The opening is over: the game goes on normally with its side to move.
    Done,
}

impl Step {
    /// Who acts now (`None` once done).
    pub fn player(&self) -> Option<Player> {
        match *self {
            Step::Place { player, .. }
            | Step::ChooseColour { player, .. }
            | Step::Declare { player, .. }
            | Step::Offer { player, .. }
            | Step::Pick { player } => Some(player),
            Step::Done => None,
        }
    }

    /// A short name of the kind of step, for errors.
    pub fn kind(&self) -> &'static str {
        match self {
            Step::Place { .. } => "a stone",
            Step::ChooseColour { .. } => "a colour choice",
            Step::Declare { .. } => "a declaration of the number of fifth moves",
            Step::Offer { .. } => "a fifth-move offer",
            Step::Pick { .. } => "a pick among the offered fifth moves",
            Step::Done => "nothing (the opening is over)",
        }
    }
}
