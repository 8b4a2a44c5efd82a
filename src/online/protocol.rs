//! The online protocol: versioned JSON messages over WebSocket text frames
//! (docs/NETWORK.md lists every message and error).
//!
//! Every message is one JSON object whose `"type"` names it. Unknown fields are refused
//! rather than ignored, so a client built against another shape hears about it at once.

use serde::{Deserialize, Serialize};

use crate::engine::gomoku::Rule;
use crate::engine::gomoku::opening::{Choice, OpeningRule};

/// The protocol's version. A client says its version in `hello`; any other number is refused
/// with [`ErrorCode::UnsupportedVersion`], naming both (no negotiation in version 1).
pub const PROTOCOL_VERSION: u32 = 1;

/// Longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// Longest Fischer base time, in minutes, and increment, in seconds.
pub const MAX_CLOCK_MINUTES: u32 = 180;
pub const MAX_INCREMENT_SECONDS: u32 = 60;

/// A seat: `first` moves first (Black in Gomoku, Red in Connect Four).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }
}

/// A Gomoku rule as the protocol spells it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleName {
    Freestyle,
    Standard,
    Renju,
}

impl RuleName {
    /// The engine's rule of this name.
    pub fn rule(self) -> Rule {
        match self {
            RuleName::Freestyle => Rule::Freestyle,
            RuleName::Standard => Rule::Standard,
            RuleName::Renju => Rule::Renju,
        }
    }
}

/// Which game, with its rule and size.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case", deny_unknown_fields)]
pub enum GameKind {
    /// `size` is one of [`BOARD_SIZES`].
    Gomoku { rule: RuleName, size: u32 },
    /// Always 7 columns by 6 rows.
    Connect4,
}

/// The game clock.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSetting {
    None,
    /// Each side starts with `minutes` and gains `increment_seconds` after each own move.
    Fischer {
        minutes: u32,
        increment_seconds: u32,
    },
}

/// The host's seat, or a coin toss by the server.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    First,
    Second,
    Random,
}

/// A tournament opening rule (Gomoku only; docs/opening-rules.md): who places the first
/// stones and who chooses colours before the game goes on as usual.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpeningName {
    /// The first seat plays Black from the first move.
    #[default]
    None,
    Swap,
    Swap2,
    Yamaguchi,
    Soosorv8,
    Taraguchi10,
}

impl OpeningName {
    pub fn is_none(&self) -> bool {
        *self == OpeningName::None
    }

    /// The engine's rule of this name.
    pub fn rule(self) -> OpeningRule {
        match self {
            OpeningName::None => OpeningRule::None,
            OpeningName::Swap => OpeningRule::Swap,
            OpeningName::Swap2 => OpeningRule::Swap2,
            OpeningName::Yamaguchi => OpeningRule::Yamaguchi,
            OpeningName::Soosorv8 => OpeningRule::Soosorv8,
            OpeningName::Taraguchi10 => OpeningRule::Taraguchi10,
        }
    }

    /// The protocol's name of an engine's rule.
    pub fn of(rule: OpeningRule) -> OpeningName {
        match rule {
            OpeningRule::None => OpeningName::None,
            OpeningRule::Swap => OpeningName::Swap,
            OpeningRule::Swap2 => OpeningName::Swap2,
            OpeningRule::Yamaguchi => OpeningName::Yamaguchi,
            OpeningRule::Soosorv8 => OpeningName::Soosorv8,
            OpeningRule::Taraguchi10 => OpeningName::Taraguchi10,
        }
    }
}

/// A choice in an opening's colour step.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceName {
    TakeBlack,
    TakeWhite,
    /// Swap2: the chooser places a white and a black stone and the other chooses.
    PlaceTwo,
    /// Taraguchi-10: Black keeps Black and offers ten fifth moves.
    OfferFifths,
}

impl ChoiceName {
    pub fn choice(self) -> Choice {
        match self {
            ChoiceName::TakeBlack => Choice::TakeBlack,
            ChoiceName::TakeWhite => Choice::TakeWhite,
            ChoiceName::PlaceTwo => Choice::PlaceTwo,
            ChoiceName::OfferFifths => Choice::OfferFifths,
        }
    }

    pub fn of(choice: Choice) -> ChoiceName {
        match choice {
            Choice::TakeBlack => ChoiceName::TakeBlack,
            Choice::TakeWhite => ChoiceName::TakeWhite,
            Choice::PlaceTwo => ChoiceName::PlaceTwo,
            Choice::OfferFifths => ChoiceName::OfferFifths,
        }
    }
}

/// What a game is played under; fixed when it is hosted.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub kind: GameKind,
    pub clock: ClockSetting,
    /// The tournament opening (Gomoku only); absent means none.
    #[serde(default, skip_serializing_if = "OpeningName::is_none")]
    pub opening: OpeningName,
}

/// One move as played: a Gomoku point (0-based `x` column, `y` row from the top, as in
/// Gomocup) or a Connect Four column (0-based) with the row it landed in (0 = bottom); in a
/// tournament opening also its actions that put no stone or a candidate one.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayedMove {
    Place {
        x: u32,
        y: u32,
    },
    Drop {
        column: u32,
        row: u32,
    },
    /// A colour choice (or Swap2's "place two", Taraguchi's "offer ten").
    Choose {
        choice: ChoiceName,
    },
    /// The number of fifth-move offers Black will make.
    Declare {
        offers: u32,
    },
    /// One fifth-move candidate, not yet a stone.
    Offer {
        x: u32,
        y: u32,
    },
    /// The offered point White keeps: it becomes the fifth stone.
    Pick {
        x: u32,
        y: u32,
    },
}

impl PlayedMove {
    /// The message a player sends to play this move.
    pub fn to_client(self) -> ClientMsg {
        match self {
            PlayedMove::Place { x, y } => ClientMsg::Place { x, y },
            PlayedMove::Drop { column, .. } => ClientMsg::Drop { column },
            PlayedMove::Choose { choice } => ClientMsg::Choose { choice },
            PlayedMove::Declare { offers } => ClientMsg::Declare { offers },
            PlayedMove::Offer { x, y } => ClientMsg::Offer { x, y },
            PlayedMove::Pick { x, y } => ClientMsg::Pick { x, y },
        }
    }
}

/// Both clocks in milliseconds left, as the server counts them when the message is sent.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clocks {
    pub first_ms: u64,
    pub second_ms: u64,
}

impl Clocks {
    pub fn of(&self, seat: Seat) -> u64 {
        match seat {
            Seat::First => self.first_ms,
            Seat::Second => self.second_ms,
        }
    }
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Five in a row (Gomoku) under the game's rule.
    Five,
    /// Four in a row (Connect Four).
    ConnectFour,
    Resignation,
    Time,
    /// The board is full, or (Renju) every empty point is forbidden to Black, to move.
    Draw,
    /// Both players agreed to a draw (`offer_draw`, then `accept_draw`).
    Agreement,
    /// A player left: the winner claimed the win after the grace (`claim_win`), or, with no
    /// winner, the server ended a game nobody played any more (no seated player connected,
    /// or the second seat never taken).
    Abandoned,
}

/// The result: the winner's seat (none for a draw) and why.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    pub winner: Option<Seat>,
    pub reason: EndReason,
}

/// What a connection is in a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    First,
    Second,
    Spectator,
}

impl Role {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Role::First => Some(Seat::First),
            Role::Second => Some(Seat::Second),
            Role::Spectator => None,
        }
    }

    pub fn of(seat: Seat) -> Role {
        match seat {
            Seat::First => Role::First,
            Seat::Second => Role::Second,
        }
    }
}

/// A message from a client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// First message on every connection.
    Hello {
        version: u32,
    },
    /// Opens a new game; the host takes `seat`.
    Host {
        settings: Settings,
        seat: SeatChoice,
        name: String,
    },
    /// Takes the free seat of the game with this code.
    Join {
        code: String,
        name: String,
    },
    /// Follows a game read-only.
    Watch {
        code: String,
    },
    /// Takes back one's seat after a dropped connection (or a server restart).
    Reconnect {
        code: String,
        token: String,
    },
    /// A Gomoku move at 0-based `x`, `y`.
    Place {
        x: u32,
        y: u32,
    },
    /// A Connect Four move in 0-based `column`.
    Drop {
        column: u32,
    },
    /// A tournament opening's colour step. (Its stones are `place`.)
    Choose {
        choice: ChoiceName,
    },
    /// A tournament opening: how many fifth moves Black will offer.
    Declare {
        offers: u32,
    },
    /// A tournament opening: one fifth-move candidate.
    Offer {
        x: u32,
        y: u32,
    },
    /// A tournament opening: the offered fifth move White keeps.
    Pick {
        x: u32,
        y: u32,
    },
    /// Written `{"type":"resign"}` (braces in Rust so unknown fields are refused).
    Resign {},
    /// The win, once the opponent's connection has been closed for the reconnect grace.
    ClaimWin {},
    /// Offers the opponent a draw; it lapses when the opponent moves instead.
    OfferDraw {},
    AcceptDraw {},
    DeclineDraw {},
    /// Asks to take back one's last move (and the opponent's reply, if any, so that it is
    /// one's turn again); it lapses when a move is played instead.
    RequestUndo {},
    AcceptUndo {},
    DeclineUndo {},
    /// After the end: asks the other player for a new game, the same settings, seats
    /// swapped. Sent when the other has offered one already, it accepts.
    OfferRematch {},
    AcceptRematch {},
    DeclineRematch {},
}

/// A message from the server.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMsg {
    /// The answer to a good `hello`.
    Hello {
        version: u32,
    },
    /// The connection's place in a game; `token` (players only) is the secret that
    /// `reconnect` takes.
    Welcome {
        code: String,
        role: Role,
        token: Option<String>,
    },
    /// The whole game, sent after `welcome` and when the second player sits down.
    State(GameState),
    /// A move was played and stored; `clocks` after the mover's increment.
    MovePlayed {
        ply: u32,
        seat: Seat,
        #[serde(rename = "move")]
        played: PlayedMove,
        clocks: Option<Clocks>,
    },
    GameOver {
        result: GameResult,
        clocks: Option<Clocks>,
    },
    /// A seated player's connection closed, or the player came back with `reconnect`
    /// (their clock runs meanwhile).
    Presence {
        seat: Seat,
        connected: bool,
        /// With `connected: false`: milliseconds until the other player may `claim_win`
        /// (0 once they may). Absent when connected.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grace_ms: Option<u64>,
    },
    /// `seat` offers a draw (to everyone in the game; the offerer's acknowledgement).
    DrawOffered {
        seat: Seat,
    },
    /// `seat` declined the other's draw offer.
    DrawDeclined {
        seat: Seat,
    },
    /// `seat` asks to take back its last `plies` moves (1, or 2 with the opponent's reply).
    UndoRequested {
        seat: Seat,
        plies: u32,
    },
    /// `seat` refused the other's undo request.
    UndoDeclined {
        seat: Seat,
    },
    /// After the end, `seat` asks for a rematch (to both players).
    RematchOffered {
        seat: Seat,
    },
    /// `seat` declined the other's rematch, or left the finished game with one waiting.
    RematchDeclined {
        seat: Seat,
    },
    /// The rematch was agreed: a new game with the same settings, seats swapped, both
    /// already seated. Each player takes its seat with `reconnect` and this token (on this
    /// connection or another).
    Rematch {
        code: String,
        role: Role,
        token: String,
    },
    /// The last `plies` moves were taken back (and the store rewritten): `moves` is how many
    /// stand now. Clocks as they stood at the acceptance: time spent stays spent.
    MovesUndone {
        plies: u32,
        moves: u32,
        to_move: Seat,
        clocks: Option<Clocks>,
    },
    Error {
        code: ErrorCode,
        message: String,
    },
}

/// A snapshot of one game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    pub code: String,
    pub settings: Settings,
    /// Names by seat: `[first, second]`; `null` for a seat nobody has taken yet.
    pub names: [Option<String>; 2],
    pub moves: Vec<PlayedMove>,
    /// The seat to act (move, or take the opening's step); `null` before the second player
    /// joins and after the end.
    pub to_move: Option<Seat>,
    /// The seat holding Black now: `first` unless an opening's colour choice moved it
    /// (Connect Four: always `first`).
    #[serde(default = "first_seat")]
    pub black: Seat,
    pub clocks: Option<Clocks>,
    pub result: Option<GameResult>,
    /// Whether each seat's player has a connection open now: `[first, second]`.
    pub connected: [bool; 2],
}

fn first_seat() -> Seat {
    Seat::First
}

/// A stable error code: clients branch on it; the message beside it is for people.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not a known message, a wrong or missing field, a binary frame.
    BadMessage,
    /// A `hello` with another protocol version.
    UnsupportedVersion,
    /// Something other than `hello` came first, or a second `hello`.
    HelloFirst,
    /// Settings or a name out of range.
    BadSettings,
    /// No game in progress has this code.
    UnknownGame,
    /// Both seats are taken.
    GameFull,
    /// The token does not belong to a seat of that game.
    BadToken,
    /// `host`, `join`, `watch` or `reconnect` on a connection already in a game.
    AlreadyInGame,
    /// A move or a resignation from a connection that holds no seat.
    NotAPlayer,
    /// The second seat is still empty.
    NotStarted,
    NotYourTurn,
    /// Off the board, on an occupied point, in a full column, or the other game's move.
    IllegalMove,
    /// A Renju point forbidden to Black.
    Forbidden,
    /// An opening action that is not the opening's step now (a move while a colour is to
    /// be chosen, an opening action after the opening or in a game without one).
    WrongStep,
    GameOver,
    /// Too many messages per second.
    RateLimited,
    /// A frame over the size limit.
    TooLarge,
    /// Too many connections from one address.
    TooManyConnections,
    /// No message within the idle timeout.
    Idle,
    /// The server could not store the action; nothing was played.
    Internal,
    /// `claim_win` before the opponent's reconnect grace is over.
    TooEarly,
    /// `claim_win` while the opponent is connected.
    OpponentConnected,
    /// `offer_draw` or `request_undo` while an offer or request of that kind waits.
    OfferPending,
    /// `accept_*` or `decline_*` with no offer or request from the other player waiting.
    NoOffer,
    /// `request_undo` with none of one's own moves on the board.
    NothingToUndo,
    /// A rematch asked for while the game is still being played.
    NotOver,
    /// A rematch offered or accepted while the other player has no connection open.
    OpponentAway,
}

/// An error for a client: the code and a sentence saying what went wrong and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProtoError {
    pub code: ErrorCode,
    pub message: String,
}

impl ProtoError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProtoError {
        ProtoError {
            code,
            message: message.into(),
        }
    }

    pub fn to_msg(&self) -> ServerMsg {
        ServerMsg::Error {
            code: self.code,
            message: self.message.clone(),
        }
    }
}

#[cfg(test)]
#[path = "protocol_tests.rs"]
mod tests;
