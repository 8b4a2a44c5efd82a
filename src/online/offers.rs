//! What a player has asked and the other not yet answered: the requests beyond a move
//! (`requests.rs` decides them) and the offers waiting on a game. A leaf: the hub holds
//! these, and the requests' code works on the hub.

use super::protocol::Seat;

/// What a player asks (the client messages of the same names).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Ask {
    ClaimWin,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    RequestUndo,
    AcceptUndo,
    DeclineUndo,
}

impl Ask {
    pub(super) fn name(self) -> &'static str {
        match self {
            Ask::ClaimWin => "claim_win",
            Ask::OfferDraw => "offer_draw",
            Ask::AcceptDraw => "accept_draw",
            Ask::DeclineDraw => "decline_draw",
            Ask::RequestUndo => "request_undo",
            Ask::AcceptUndo => "accept_undo",
            Ask::DeclineUndo => "decline_undo",
        }
    }
}

/// What a player says about a rematch after the end (the client messages of the same
/// names; `rematch.rs` decides them).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Answer {
    Offer,
    Accept,
    Decline,
}

impl Answer {
    pub(super) fn name(self) -> &'static str {
        match self {
            Answer::Offer => "offer_rematch",
            Answer::Accept => "accept_rematch",
            Answer::Decline => "decline_rematch",
        }
    }
}

/// Offers waiting for the other player's answer. Kept in memory only: a restart drops them
/// (the players may ask again).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Offers {
    /// Who offers a draw.
    pub(super) draw: Option<Seat>,
    /// Who asks for an undo, and of how many moves.
    pub(super) undo: Option<(Seat, u32)>,
    /// After the end: who asks for a rematch.
    pub(super) rematch: Option<Seat>,
}

impl Offers {
    /// A move by `mover` was played: an undo request would now take back other moves, and
    /// a draw offer answered with a move instead of a word is declined.
    pub(super) fn after_move(&mut self, mover: Seat) {
        self.undo = None;
        if self.draw == Some(mover.other()) {
            self.draw = None;
        }
    }
}
