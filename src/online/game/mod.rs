//! One online game's authority: the position under the engine's own rules, who may act,
//! and the clocks on the server's time. Nothing here does input or output; the server asks,
//! stores what is decided, and only then applies it.

use std::time::{Duration, Instant};

use crate::engine::connect4::{self, BoardSize};
use crate::engine::gomoku::opening::{self, Opening, OpeningError, Player};
use crate::engine::gomoku::{self, MoveError, Pos, Stone};

use super::protocol::{
    ChoiceName, ClockSetting, Clocks, EndReason, ErrorCode, GameKind, GameResult, GameState,
    PlayedMove, ProtoError, Seat, Settings,
};

/// A move a player asks for (in a tournament opening, also its other actions).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    Place { x: u32, y: u32 },
    Drop { column: u32 },
    Choose(ChoiceName),
    Declare(u32),
    Offer { x: u32, y: u32 },
    Pick { x: u32, y: u32 },
}

impl Action {
    /// The action that plays `played` again (a stored game's replay).
    pub fn of(played: PlayedMove) -> Action {
        match played {
            PlayedMove::Place { x, y } => Action::Place { x, y },
            PlayedMove::Drop { column, .. } => Action::Drop { column },
            PlayedMove::Choose { choice } => Action::Choose(choice),
            PlayedMove::Declare { offers } => Action::Declare(offers),
            PlayedMove::Offer { x, y } => Action::Offer { x, y },
            PlayedMove::Pick { x, y } => Action::Pick { x, y },
        }
    }

    /// The message's name, for errors.
    fn name(self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::Drop { .. } => "drop",
            Action::Choose(_) => "choose",
            Action::Declare(_) => "declare",
            Action::Offer { .. } => "offer",
            Action::Pick { .. } => "pick",
        }
    }
}

/// A player in a seat: the name shown and the secret that gives the seat back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatInfo {
    pub name: String,
    pub token: String,
}

#[derive(Clone, Debug)]
struct Clock {
    left: [Duration; 2],
    increment: Duration,
    /// When the side to move's time began to run; `None` while nobody's runs.
    since: Option<Instant>,
}

/// What a move decided, not yet applied: the server stores it first.
#[derive(Clone, Debug)]
pub enum Decision {
    /// The move stands; `result` when it ends the game.
    Move {
        seat: Seat,
        played: PlayedMove,
        clocks: Option<Clocks>,
        result: Option<GameResult>,
        position: PositionAfter,
    },
    /// The mover's time ran out before the move came: the game is lost on time instead.
    Flag { result: GameResult, clocks: Clocks },
}

/// The position after a decided move (opaque: only [`OnlineGame::apply`] reads it).
#[derive(Clone, Debug)]
pub struct PositionAfter(Position);

/// One game under the server's authority.
#[derive(Clone, Debug)]
pub struct OnlineGame {
    code: String,
    settings: Settings,
    position: Position,
    seats: [Option<SeatInfo>; 2],
    moves: Vec<PlayedMove>,
    /// Who played each of `moves` (an opening's turns do not simply alternate).
    movers: Vec<Seat>,
    clock: Option<Clock>,
    result: Option<GameResult>,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl OnlineGame {
    /// A new game with its host in `seat`. Settings are checked by the caller
    /// ([`super::checks::check_settings`]).
    pub fn new(code: String, settings: Settings, seat: Seat, host: SeatInfo) -> OnlineGame {
        let position = match settings.kind {
            GameKind::Gomoku { rule, size } => {
                let (size, rule) = (size as usize, rule.rule());
                let opening = (!settings.opening.is_none()).then(|| {
                    Box::new(
                        Opening::new(size, rule, settings.opening.rule()).expect("checked opening"),
                    )
                });
                Position::Gomoku {
                    game: gomoku::Game::new(size, rule).expect("checked board size"),
                    opening,
                    black: Seat::First,
                }
            }
            GameKind::Connect4 => Position::Connect4(connect4::Game::new(BoardSize::STANDARD)),
        };
        let clock = match settings.clock {
            ClockSetting::None => None,
            ClockSetting::Fischer {
                minutes,
                increment_seconds,
            } => Some(Clock {
                left: [Duration::from_secs(u64::from(minutes) * 60); 2],
                increment: Duration::from_secs(u64::from(increment_seconds)),
                since: None,
            }),
        };
        let mut seats = [None, None];
        seats[seat.index()] = Some(host);
        OnlineGame {
            code,
            settings,
            position,
            seats,
            moves: Vec::new(),
            movers: Vec::new(),
            clock,
            result: None,
        }
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn seat(&self, seat: Seat) -> Option<&SeatInfo> {
        self.seats[seat.index()].as_ref()
    }

    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// The empty seat, if any.
    pub fn free_seat(&self) -> Option<Seat> {
        [Seat::First, Seat::Second]
            .into_iter()
            .find(|s| self.seats[s.index()].is_none())
    }

    /// The seat this token belongs to.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        [Seat::First, Seat::Second].into_iter().find(|s| {
            self.seats[s.index()]
                .as_ref()
                .is_some_and(|info| constant_time_eq(info.token.as_bytes(), token.as_bytes()))
        })
    }

    fn started(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    /// The seat to move: none before both seats are taken and after the end.
    pub fn to_move(&self) -> Option<Seat> {
        if !self.started() || self.result.is_some() {
            return None;
        }
        Some(self.side_to_move())
    }

    fn side_to_move(&self) -> Seat {
        if let Some(o) = self.position.running_opening() {
            return o
                .step()
                .player()
                .map_or(Seat::First, seat_of_opening_player);
        }
        match &self.position {
            Position::Gomoku { game, black, .. } => seat_of_stone(game.to_move(), *black),
            Position::Connect4(g) => seat_of_player(g.side_to_move()),
        }
    }

    /// Seats the second player; the first mover's clock starts now.
    pub fn sit(&mut self, seat: Seat, info: SeatInfo, now: Instant) {
        self.seats[seat.index()] = Some(info);
        self.start_clock(now);
    }

    fn start_clock(&mut self, now: Instant) {
        let running = self.to_move().is_some();
        if let Some(clock) = &mut self.clock {
            clock.since = running.then_some(now);
        }
    }

    /// Both clocks as they stand at `now`.
    pub fn clocks(&self, now: Instant) -> Option<Clocks> {
        let clock = self.clock.as_ref()?;
        let mut left = clock.left;
        if let (Some(since), Some(seat)) = (clock.since, self.to_move()) {
            let i = seat.index();
            left[i] = left[i].saturating_sub(now.saturating_duration_since(since));
        }
        Some(Clocks {
            first_ms: millis(left[0]),
            second_ms: millis(left[1]),
        })
    }

    /// The loss on time of the side to move, if its flag has fallen by `now`.
    pub fn flag(&self, now: Instant) -> Option<Decision> {
        let seat = self.to_move()?;
        let clocks = self.clocks(now)?;
        (clocks.of(seat) == 0).then_some(Decision::Flag {
            result: GameResult {
                winner: Some(seat.other()),
                reason: EndReason::Time,
            },
            clocks,
        })
    }

    /// Decides a move by the player in `seat` (`None`: a spectator or a connection outside
    /// the game) at `now`, changing nothing.
    pub fn decide(
        &self,
        seat: Option<Seat>,
        action: Action,
        now: Instant,
    ) -> Result<Decision, ProtoError> {
        let seat = seat.ok_or_else(|| {
            ProtoError::new(ErrorCode::NotAPlayer, "only a seated player may move")
        })?;
        if self.result.is_some() {
            return Err(ProtoError::new(ErrorCode::GameOver, "the game is over"));
        }
        let Some(to_move) = self.to_move() else {
            return Err(ProtoError::new(
                ErrorCode::NotStarted,
                "the other seat is still empty",
            ));
        };
        if to_move != seat {
            return Err(ProtoError::new(
                ErrorCode::NotYourTurn,
                format!(
                    "it is {}'s turn, not {}'s (ply {})",
                    to_move.name(),
                    seat.name(),
                    self.moves.len() + 1
                ),
            ));
        }
        if let Some(flag) = self.flag(now) {
            return Ok(flag);
        }
        let mut position = self.position.clone();
        let (played, result) = match &mut position {
            Position::Gomoku {
                game,
                opening: Some(o),
                black,
            } if !o.is_done() => {
                let played = opening_action(o, action)?;
                if o.is_done() {
                    // The game goes on from the opening's stones, colours as chosen.
                    *game = o.game().clone();
                    *black = seat_of_opening_player(o.black());
                }
                (played, None)
            }
            Position::Gomoku { game, black, .. } => {
                let Action::Place { x, y } = action else {
                    return Err(not_gomoku_move(action, self.position_has_opening()));
                };
                let size = game.size() as u32;
                if x >= size || y >= size {
                    return Err(ProtoError::new(
                        ErrorCode::IllegalMove,
                        format!("place {x},{y}: off the {size}x{size} board"),
                    ));
                }
                let outcome = game
                    .play(Pos::new(x as u8, y as u8))
                    .map_err(|e| move_error(x, y, e))?;
                let result = match outcome {
                    gomoku::Outcome::Ongoing => None,
                    gomoku::Outcome::Win { winner, .. } => Some(GameResult {
                        winner: Some(seat_of_stone(*winner, *black)),
                        reason: EndReason::Five,
                    }),
                    gomoku::Outcome::Draw => Some(GameResult {
                        winner: None,
                        reason: EndReason::Draw,
                    }),
                };
                (PlayedMove::Place { x, y }, result)
            }
            Position::Connect4(game) => {
                let Action::Drop { column } = action else {
                    return Err(ProtoError::new(
                        ErrorCode::IllegalMove,
                        format!(
                            "{}: this is a Connect Four game; send drop with a column",
                            action.name()
                        ),
                    ));
                };
                let width = game.width() as u32;
                if column >= width {
                    return Err(ProtoError::new(
                        ErrorCode::IllegalMove,
                        format!("drop {column}: columns are 0..{width}"),
                    ));
                }
                let cell = game.play(column as usize).map_err(|e| {
                    ProtoError::new(ErrorCode::IllegalMove, format!("drop {column}: {e}"))
                })?;
                let result = match game.outcome() {
                    connect4::Outcome::Ongoing => None,
                    connect4::Outcome::Win { player, .. } => Some(GameResult {
                        winner: Some(seat_of_player(player)),
                        reason: EndReason::ConnectFour,
                    }),
                    connect4::Outcome::Draw => Some(GameResult {
                        winner: None,
                        reason: EndReason::Draw,
                    }),
                };
                (
                    PlayedMove::Drop {
                        column,
                        row: cell.row as u32,
                    },
                    result,
                )
            }
        };
        // The mover's clock stops and gains the increment (none once the game is over).
        let clocks = self.clock.as_ref().map(|clock| {
            let mut c = self.clocks(now).expect("a clock");
            if result.is_none() {
                let inc = millis(clock.increment);
                match seat {
                    Seat::First => c.first_ms = c.first_ms.saturating_add(inc),
                    Seat::Second => c.second_ms = c.second_ms.saturating_add(inc),
                }
            }
            c
        });
        Ok(Decision::Move {
            seat,
            played,
            clocks,
            result,
            position: PositionAfter(position),
        })
    }

    fn position_has_opening(&self) -> bool {
        matches!(
            self.position,
            Position::Gomoku {
                opening: Some(_),
                ..
            }
        )
    }

    /// The seat of a player who may act on the game now: seated, both seats taken, not over.
    pub fn check_player(&self, seat: Option<Seat>, what: &str) -> Result<Seat, ProtoError> {
        let seat = seat.ok_or_else(|| {
            ProtoError::new(
                ErrorCode::NotAPlayer,
                format!("{what}: only a seated player may"),
            )
        })?;
        if self.result.is_some() {
            return Err(ProtoError::new(
                ErrorCode::GameOver,
                format!("{what}: the game is over"),
            ));
        }
        if !self.started() {
            return Err(ProtoError::new(
                ErrorCode::NotStarted,
                format!("{what}: the other seat is still empty"),
            ));
        }
        Ok(seat)
    }

    /// Decides a resignation by `seat`.
    pub fn decide_resign(&self, seat: Option<Seat>, now: Instant) -> Result<Decision, ProtoError> {
        let seat = self.check_player(seat, "resign")?;
        Ok(self.decide_end(Some(seat.other()), EndReason::Resignation, now))
    }

    /// The end of the game with this result, the clocks stopped at `now`.
    pub fn decide_end(&self, winner: Option<Seat>, reason: EndReason, now: Instant) -> Decision {
        Decision::Flag {
            result: GameResult { winner, reason },
            clocks: self.clocks(now).unwrap_or(Clocks {
                first_ms: 0,
                second_ms: 0,
            }),
        }
    }

    /// How many moves an undo by `seat` takes back: its own last move, and the opponent's
    /// reply too when there is one, so that it is `seat`'s turn again.
    pub fn undo_plies(&self, seat: Seat) -> Result<usize, ProtoError> {
        let n = self.moves.len();
        // An opening's actions stay: they were the two players' agreement on the start.
        let floor = self.position.opening_plies(n);
        let by = |back: usize| {
            n.checked_sub(back)
                .filter(|&i| i >= floor)
                .map(|i| self.movers[i])
        };
        if by(1) == Some(seat) {
            Ok(1)
        } else if by(2) == Some(seat) {
            Ok(2)
        } else if floor > 0 && n - floor < 2 {
            Err(ProtoError::new(
                ErrorCode::NothingToUndo,
                format!(
                    "request_undo: {} has no move since the opening (its actions are not \
                     taken back)",
                    seat.name()
                ),
            ))
        } else {
            Err(ProtoError::new(
                ErrorCode::NothingToUndo,
                format!("request_undo: {} has no move on the board", seat.name()),
            ))
        }
    }

    /// This game with its last `plies` moves taken back. The clocks stand as they do at
    /// `now` (time spent stays spent) and the side to move's time runs from `now`.
    pub fn undone(&self, plies: usize, now: Instant) -> OnlineGame {
        let mut next = self.clone();
        let clocks = self.clocks(now);
        let floor = next.position.opening_plies(next.moves.len());
        for _ in 0..plies.min(next.moves.len() - floor) {
            next.moves.pop();
            next.movers.pop();
            match &mut next.position {
                Position::Gomoku { game, .. } => {
                    game.undo();
                }
                Position::Connect4(g) => {
                    g.undo();
                }
            }
        }
        if let Some(c) = clocks {
            next.set_clocks(c, now);
        }
        next
    }

    /// Sets both clocks (a restored game whose stored clocks are not on a move), the side
    /// to move's time running from `now`.
    pub fn set_clocks(&mut self, c: Clocks, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.left = [
                Duration::from_millis(c.first_ms),
                Duration::from_millis(c.second_ms),
            ];
        }
        self.start_clock(now);
    }

    /// Applies a decision made by [`decide`](Self::decide), [`flag`](Self::flag) or
    /// [`decide_resign`](Self::decide_resign) on this game, once it is stored.
    pub fn apply(&mut self, decision: Decision, now: Instant) {
        match decision {
            Decision::Move {
                seat,
                played,
                clocks,
                result,
                position,
            } => {
                self.position = position.0;
                self.moves.push(played);
                self.movers.push(seat);
                self.result = result;
                if let (Some(clock), Some(c)) = (&mut self.clock, clocks) {
                    clock.left = [
                        Duration::from_millis(c.first_ms),
                        Duration::from_millis(c.second_ms),
                    ];
                }
                self.start_clock(now);
            }
            Decision::Flag { result, clocks } => {
                self.end(result, Some(clocks));
            }
        }
    }

    fn end(&mut self, result: GameResult, clocks: Option<Clocks>) {
        self.result = Some(result);
        if let Some(clock) = &mut self.clock {
            if let Some(c) = clocks {
                clock.left = [
                    Duration::from_millis(c.first_ms),
                    Duration::from_millis(c.second_ms),
                ];
            }
            clock.since = None;
        }
    }

    /// Rebuilds a stored game: its moves replayed under the rules, the clocks as stored after
    /// the last move (the time the server was down is charged to nobody), and the side to
    /// move's time running from `now`.
    pub fn restore(
        code: String,
        settings: Settings,
        seats: [Option<SeatInfo>; 2],
        moves: &[(PlayedMove, Option<Clocks>)],
        now: Instant,
    ) -> Result<OnlineGame, String> {
        let host = Seat::First;
        let mut game = OnlineGame::new(
            code,
            settings,
            host,
            SeatInfo {
                name: String::new(),
                token: String::new(),
            },
        );
        game.seats = seats;
        for (i, (played, clocks)) in moves.iter().enumerate() {
            let action = Action::of(*played);
            let seat = game.to_move();
            let decision = match game.decide(seat, action, now) {
                Ok(Decision::Move {
                    seat,
                    played,
                    result,
                    position,
                    ..
                }) => Decision::Move {
                    seat,
                    played,
                    clocks: *clocks,
                    result,
                    position,
                },
                Ok(Decision::Flag { .. }) => return Err(format!("move {}: flag", i + 1)),
                Err(e) => return Err(format!("move {}: {}", i + 1, e.message)),
            };
            game.apply(decision, now);
        }
        game.start_clock(now);
        Ok(game)
    }

    /// Ends a restored game whose result was stored.
    pub fn restore_end(&mut self, result: GameResult) {
        self.end(result, None);
    }

    /// The whole game as a client sees it at `now`.
    pub fn state(&self, now: Instant) -> GameState {
        GameState {
            code: self.code.clone(),
            settings: self.settings.clone(),
            names: [0, 1].map(|i| self.seats[i].as_ref().map(|s| s.name.clone())),
            moves: self.moves.clone(),
            to_move: self.to_move(),
            black: self.position.black(),
            clocks: self.clocks(now),
            result: self.result,
            // The game knows no connections; the server fills this in.
            connected: [false; 2],
        }
    }
}

/// Token comparison whose time does not depend on where the first difference is.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

mod finished;
mod position;
#[cfg(test)]
mod tests;

use position::{
    Position, move_error, not_gomoku_move, opening_action, seat_of_opening_player, seat_of_player,
    seat_of_stone, stone_of,
};
