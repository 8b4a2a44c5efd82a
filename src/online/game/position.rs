//! The position under an online game: Gomoku (with its tournament opening while it runs) or
//! Connect Four, which seat plays which colour, and an action taken in the opening.

use super::*;

#[derive(Clone, Debug)]
pub(super) enum Position {
    /// `opening` for a game with an opening rule: while it runs it is the position (and
    /// `game` waits); once done, `game` goes on from its stones and `black` from its choices.
    Gomoku {
        game: gomoku::Game,
        opening: Option<Box<Opening>>,
        black: Seat,
    },
    Connect4(connect4::Game),
}

impl Position {
    /// The opening while it runs.
    pub(super) fn running_opening(&self) -> Option<&Opening> {
        match self {
            Position::Gomoku {
                opening: Some(o), ..
            } if !o.is_done() => Some(o),
            _ => None,
        }
    }

    /// The seat holding Black now.
    pub(super) fn black(&self) -> Seat {
        match self {
            Position::Gomoku { opening, black, .. } => match opening {
                Some(o) if !o.is_done() => seat_of_opening_player(o.black()),
                _ => *black,
            },
            Position::Connect4(_) => Seat::First,
        }
    }

    /// How many of the moves are the opening's actions (all of them while it runs).
    pub(super) fn opening_plies(&self, moves: usize) -> usize {
        match self {
            Position::Gomoku {
                opening: Some(o), ..
            } if o.is_done() => o.actions().len(),
            Position::Gomoku {
                opening: Some(_), ..
            } => moves,
            _ => 0,
        }
    }
}

/// The seat playing `stone` when `black` holds Black.
pub(super) fn seat_of_stone(stone: Stone, black: Seat) -> Seat {
    match stone {
        Stone::Black => black,
        Stone::White => black.other(),
    }
}

/// The stone `seat` plays when `black` holds Black.
pub(super) fn stone_of(seat: Seat, black: Seat) -> Stone {
    if seat == black {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The opening's first player (the proposer) sits in the first seat.
pub(super) fn seat_of_opening_player(player: Player) -> Seat {
    match player {
        Player::First => Seat::First,
        Player::Second => Seat::Second,
    }
}

pub(super) fn seat_of_player(player: connect4::Player) -> Seat {
    match player {
        connect4::Player::First => Seat::First,
        connect4::Player::Second => Seat::Second,
    }
}

/// Plays `action` in a running opening, as the move it is stored and relayed as.
pub(super) fn opening_action(o: &mut Opening, action: Action) -> Result<PlayedMove, ProtoError> {
    let size = o.size() as u32;
    let point = |x: u32, y: u32| {
        if x < size && y < size {
            Ok(Pos::new(x as u8, y as u8))
        } else {
            Err(ProtoError::new(
                ErrorCode::IllegalMove,
                format!("{} {x},{y}: off the {size}x{size} board", action.name()),
            ))
        }
    };
    let (step, played) = match action {
        Action::Place { x, y } => (
            opening::Action::Place(point(x, y)?),
            PlayedMove::Place { x, y },
        ),
        Action::Choose(choice) => (
            opening::Action::Choose(choice.choice()),
            PlayedMove::Choose { choice },
        ),
        // Beyond a byte it is out of every rule's range, which the opening says.
        Action::Declare(n) => (
            opening::Action::Declare(u8::try_from(n).unwrap_or(u8::MAX)),
            PlayedMove::Declare { offers: n },
        ),
        Action::Offer { x, y } => (
            opening::Action::Offer(point(x, y)?),
            PlayedMove::Offer { x, y },
        ),
        Action::Pick { x, y } => (
            opening::Action::Pick(point(x, y)?),
            PlayedMove::Pick { x, y },
        ),
        Action::Drop { .. } => return Err(not_gomoku_move(action, true)),
    };
    o.apply(step).map_err(|e| {
        let code = match &e {
            OpeningError::WrongStep { .. } | OpeningError::Finished => ErrorCode::WrongStep,
            OpeningError::Illegal {
                error: MoveError::Forbidden { .. },
                ..
            } => ErrorCode::Forbidden,
            _ => ErrorCode::IllegalMove,
        };
        ProtoError::new(code, format!("{} in the opening: {e}", action.name()))
    })?;
    Ok(played)
}

/// Why an action that is not a stone is refused in a Gomoku game's normal play.
pub(super) fn not_gomoku_move(action: Action, has_opening: bool) -> ProtoError {
    match action {
        Action::Drop { .. } => ProtoError::new(
            ErrorCode::IllegalMove,
            "drop: this is a Gomoku game; send place with x and y",
        ),
        _ if has_opening => ProtoError::new(
            ErrorCode::WrongStep,
            format!(
                "{}: the opening is over; send place with x and y",
                action.name()
            ),
        ),
        _ => ProtoError::new(
            ErrorCode::WrongStep,
            format!("{}: this game has no opening rule", action.name()),
        ),
    }
}

pub(super) fn move_error(x: u32, y: u32, e: MoveError) -> ProtoError {
    let code = match e {
        MoveError::Forbidden { .. } => ErrorCode::Forbidden,
        MoveError::GameOver => ErrorCode::GameOver,
        _ => ErrorCode::IllegalMove,
    };
    ProtoError::new(code, format!("place {x},{y}: {e}"))
}
