//! What a player does in an opening ([`Action`]), its text form, and why an action is
//! refused ([`OpeningError`]).

use std::fmt;

use super::{Choice, OpeningRule};
use crate::engine::gomoku::board::BadSize;
use crate::engine::gomoku::game::MoveError;
use crate::engine::gomoku::pos::{Pos, quote_input};
use crate::engine::gomoku::rules::Rule;

/// One action of an opening.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Put the stone the step asks for.
    Place(Pos),
    Choose(Choice),
    /// The number of fifth-move offers.
    Declare(u8),
    /// One fifth-move candidate.
    Offer(Pos),
    /// The offered point that becomes the fifth move.
    Pick(Pos),
}

impl Action {
    /// Compact text for records and the protocol: `h8`, `black`, `white`, `two`, `offers`,
    /// `n=4`, `offer:h10`, `pick:h10` (points in human notation for a board of `size`).
    pub fn text(&self, size: usize) -> String {
        match *self {
            Action::Place(p) => p.to_human(size),
            Action::Choose(c) => c.text().to_string(),
            Action::Declare(n) => format!("n={n}"),
            Action::Offer(p) => format!("offer:{}", p.to_human(size)),
            Action::Pick(p) => format!("pick:{}", p.to_human(size)),
        }
    }

    /// Reads [`Action::text`] (case-insensitive). Colour words are absolute (`black`,
    /// `white`); `swap` needs the opening's state, see [`super::Opening::parse_action`].
    pub fn parse(text: &str, size: usize) -> Result<Action, OpeningError> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        let point = |s: &str| {
            Pos::from_human(s, size).map_err(|e| OpeningError::Parse {
                text: quote_input(t),
                why: e.to_string(),
            })
        };
        if let Some(rest) = lower.strip_prefix("offer:") {
            return point(rest).map(Action::Offer);
        }
        if let Some(rest) = lower.strip_prefix("pick:") {
            return point(rest).map(Action::Pick);
        }
        if let Some(rest) = lower.strip_prefix("n=") {
            let rest = rest.trim();
            if rest.is_empty() || rest.len() > 3 || !rest.bytes().all(|b| b.is_ascii_digit()) {
                return Err(OpeningError::Parse {
                    text: quote_input(t),
                    why: "the number of fifth moves is not a number from 0 to 255".into(),
                });
            }
            return rest
                .parse()
                .map(Action::Declare)
                .map_err(|_| OpeningError::Parse {
                    text: quote_input(t),
                    why: "the number of fifth moves is not a number from 0 to 255".into(),
                });
        }
        if let Some(c) = Choice::from_text(&lower) {
            return Ok(Action::Choose(c));
        }
        if lower.starts_with(|c: char| c.is_ascii_lowercase())
            && lower[1..].bytes().all(|b| b.is_ascii_digit())
            && lower.len() > 1
        {
            return point(&lower).map(Action::Place);
        }
        Err(OpeningError::Parse {
            text: quote_input(t),
            why: "expected a point (h8), black, white, swap, two, offers, n=<count>, \
                  offer:<point> or pick:<point>"
                .into(),
        })
    }

    /// A short name of the kind of action, for errors.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Place(_) => "a stone",
            Action::Choose(_) => "a colour choice",
            Action::Declare(_) => "a declaration",
            Action::Offer(_) => "an offer",
            Action::Pick(_) => "a pick",
        }
    }
}

/// Why an opening cannot start or an action is refused. Points are named in human
/// notation (`h8`).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum OpeningError {
    // The size error's own text; not exposed as a source (as before the derive).
    #[error("{0}")]
    Size(BadSize),
    /// The opening rule is not played under this game rule.
    #[error("the {opening} opening is not played under {rule} rules")]
    RuleMismatch { opening: OpeningRule, rule: Rule },
    /// The board is too small for the rule's central areas.
    #[error("the {opening} opening needs a board of at least {min}x{min}, not {size}x{size}")]
    BoardTooSmall {
        opening: OpeningRule,
        size: usize,
        min: usize,
    },
    /// The action is not of the kind the step asks for.
    #[error("the opening asks for {expected}, not {got}")]
    WrongStep {
        expected: &'static str,
        got: &'static str,
    },
    /// The opening is already over.
    #[error("the opening is already over")]
    Finished,
    /// The point lies outside the central area of the step.
    #[error(fmt = fmt_off_area)]
    OffArea { at: String, area: u8 },
    /// The stone cannot go there (off the board, taken, forbidden for Black).
    #[error(fmt = fmt_illegal)]
    Illegal { at: String, error: MoveError },
    /// The choice is not among the options of this step.
    #[error("'{choice}' is not a choice here (the options are {})", option_list(.options))]
    NotAnOption {
        choice: Choice,
        options: Vec<Choice>,
    },
    /// The declared number of fifth moves is out of range.
    #[error("{n} fifth moves is out of range: declare {min} to {max}")]
    DeclarationOutOfRange { n: u8, min: u8, max: u8 },
    /// The point was offered already.
    #[error("{at} is offered already")]
    AlreadyOffered { at: String },
    /// The offer is symmetric to an earlier one under the symmetries of the position.
    #[error("{at} is symmetric to the offer {to} in this position: offers must differ")]
    SymmetricOffer { at: String, to: String },
    /// The picked point is not one of the offers.
    #[error("{at} is not one of the offers")]
    NotOffered { at: String },
    /// The text is not an action.
    #[error("'{text}': {why}")]
    Parse { text: String, why: String },
    /// A stored action list does not replay: action `index` (0-based) failed.
    #[error("opening action {}: {error}", .index + 1)]
    Replay {
        index: usize,
        error: Box<OpeningError>,
    },
}

fn area_name(area: u8) -> String {
    match area {
        0 => "the centre".to_string(),
        a => {
            let side = 2 * a as usize + 1;
            format!("the central {side}x{side} square")
        }
    }
}

// The two messages below pick their words by a condition, too much for a format string.

fn fmt_off_area(at: &str, area: &u8, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if *area == 0 {
        write!(f, "{at} is not the centre: this stone goes in the centre")
    } else {
        write!(f, "{at} is outside {}", area_name(*area))
    }
}

/// The move error's reason with the point in human notation (the error's own text names it
/// as `x,y`).
fn fmt_illegal(at: &str, error: &MoveError, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match error {
        MoveError::OffBoard { size, .. } => write!(f, "{at} is off the {size}x{size} board"),
        MoveError::Occupied { by, .. } => write!(f, "{at} is already taken by {by}"),
        MoveError::Forbidden { kind, .. } => write!(f, "{at} is forbidden for Black: {kind}"),
        MoveError::GameOver => f.write_str("the game is already over"),
    }
}

fn option_list(options: &[Choice]) -> String {
    let list: Vec<&str> = options.iter().map(|c| c.text()).collect();
    list.join(", ")
}
