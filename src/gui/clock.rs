//! The game clock: both players' time, following the game's moves.
//!
//! What a player expects, and what the README promises:
//! - Fischer: each player's time runs on their turn; a move adds the increment. A fixed time
//!   per move gives each turn the same time, unused time is not kept.
//! - The clock runs only on the playing screen: the menu, the settings and quitting pause it
//!   (an autosaved game goes on with the times it had).
//! - Undo and redo leave both clocks as they are: time spent stays spent, as on game servers
//!   (a takeback there changes no clock), so taking moves back never earns time.
//! - A clock at zero on its player's turn loses the game on time. A machine (a level or an
//!   external engine) is charged the time from its position sent to its answer read, not the
//!   frames around them, and may answer up to [`MACHINE_TOLERANCE`] late, as Gomocup
//!   managers allow an engine; later than that it loses on time.
//!
//! Every method takes the time `now`, so tests drive the clock without waiting. Players are
//! 0 (first) and 1 (second), moves the games' move numbers: the clock knows no game.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::msg::Msg;

/// How late past its time a machine's answer still counts, as a Gomocup manager gives every
/// engine (c-gomoku-cli: 3 s) for pipes, process scheduling and a busy machine: the protocol
/// client's own wait past an engine's time, so that the two agree. What it used is charged.
pub const MACHINE_TOLERANCE: Duration = crate::protocol::client::DEFAULT_GRACE;

/// A game's time control, chosen in New game.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TimeControl {
    #[default]
    NoClock,
    /// Fischer: `seconds` for the game, `increment` seconds added after each move.
    Fischer { seconds: u32, increment: u32 },
    /// The same time for every move; what a move leaves unused is not kept.
    PerMove { seconds: u32 },
}

impl TimeControl {
    /// The New game presets: blitz to rapid, and a fixed time per move.
    pub const PRESETS: [TimeControl; 6] = [
        TimeControl::NoClock,
        TimeControl::Fischer {
            seconds: 60,
            increment: 0,
        },
        TimeControl::Fischer {
            seconds: 180,
            increment: 2,
        },
        TimeControl::Fischer {
            seconds: 300,
            increment: 3,
        },
        TimeControl::Fischer {
            seconds: 600,
            increment: 5,
        },
        TimeControl::PerMove { seconds: 30 },
    ];

    /// Each player's time at the start; `None` without a clock.
    pub fn initial(self) -> Option<Duration> {
        match self {
            TimeControl::NoClock => None,
            TimeControl::Fischer { seconds, .. } | TimeControl::PerMove { seconds } => {
                Some(Duration::from_secs(seconds.max(1) as u64))
            }
        }
    }

    /// The increment per move (zero for a time per move, where the clock refills instead).
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Fischer { increment, .. } => Duration::from_secs(increment as u64),
            _ => Duration::ZERO,
        }
    }

    /// A player's time after their move, from what the move left them.
    pub fn after_move(self, left: Duration) -> Duration {
        match self {
            TimeControl::PerMove { .. } => self.initial().unwrap_or_default(),
            _ => left + self.increment(),
        }
    }

    /// A custom Fischer clock `minutes` and `increment` seconds away from this one (from no
    /// clock or a time per move: from 5 + 0), within 1 to 180 minutes and 0 to 60 seconds.
    pub fn stepped(self, minutes: i32, increment: i32) -> TimeControl {
        let (seconds, inc) = match self {
            TimeControl::Fischer { seconds, increment } => (seconds, increment),
            _ => (300, 0),
        };
        let whole = (seconds as i32 / 60).max(1);
        TimeControl::Fischer {
            seconds: ((whole + minutes).clamp(1, 180) * 60) as u32,
            increment: (inc as i32 + increment).clamp(0, 60) as u32,
        }
    }

    /// The clock's name, as New game offers it: "No clock", "3 + 2" (minutes and seconds, as
    /// players say it), "30 s a move".
    pub fn name(self) -> Msg {
        match self {
            TimeControl::NoClock => Msg::key("clock-none"),
            TimeControl::Fischer { seconds, increment } if seconds % 60 == 0 => {
                Msg::key("clock-fischer")
                    .with("minutes", seconds / 60)
                    .with("increment", increment)
            }
            TimeControl::Fischer { seconds, increment } => Msg::key("clock-fischer-seconds")
                .with("seconds", seconds)
                .with("increment", increment),
            TimeControl::PerMove { seconds } => Msg::key("clock-per-move").with("seconds", seconds),
        }
    }
}

/// Both players' clocks and, per move played, the time it took and the times left after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameClock {
    pub control: TimeControl,
    /// Time left of the first and the second player at the start of the running stretch.
    left: [Duration; 2],
    /// The moves the clock has seen, in order, with the time each took and both clocks
    /// after it (kept beyond the game's ply while redo can bring them back).
    moves: Vec<u32>,
    spent: Vec<Duration>,
    after: Vec<[Duration; 2]>,
    /// When the side to move's time started running; `None` while paused.
    #[serde(skip)]
    running_since: Option<Instant>,
    /// The game's ply at the last follow: its side to move is the one whose time runs.
    #[serde(default)]
    ply: usize,
}

impl GameClock {
    /// The clock for `control`; `None` for a game without one.
    pub fn new(control: TimeControl) -> Option<GameClock> {
        let start = control.initial()?;
        Some(GameClock {
            control,
            left: [start; 2],
            moves: Vec::new(),
            spent: Vec::new(),
            after: Vec::new(),
            running_since: None,
            ply: 0,
        })
    }

    fn running(&self, now: Instant) -> Duration {
        self.running_since
            .map_or(Duration::ZERO, |t| now.saturating_duration_since(t))
    }

    /// Time `side` has left at `now`, `to_move` being the side whose time runs.
    pub fn left(&self, side: usize, to_move: usize, now: Instant) -> Duration {
        let left = self.left[side];
        if side == to_move {
            left.saturating_sub(self.running(now))
        } else {
            left
        }
    }

    pub fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// When the running side's time started running (`None` while paused): the time left at
    /// that instant is exactly what the clock holds, however late it is read.
    pub fn running_since(&self) -> Option<Instant> {
        self.running_since
    }

    /// Starts (or resumes) the side to move's time.
    pub fn start(&mut self, now: Instant) {
        if self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }

    /// Stops the clock, keeping what the side to move has used so far.
    pub fn pause(&mut self, to_move: usize, now: Instant) {
        let used = self.running(now);
        let i = to_move;
        self.left[i] = self.left[i].saturating_sub(used);
        self.running_since = None;
    }

    /// True when `to_move`'s time is up.
    pub fn flag_fell(&self, to_move: usize, now: Instant) -> bool {
        self.left(to_move, to_move, now).is_zero()
    }

    /// True when a machine thinking for `thinking` so far (from its position sent; the
    /// clock's own running time when it is not thinking) has used `to_move`'s time and the
    /// `tolerance` beyond it.
    pub fn machine_flag_fell(
        &self,
        to_move: usize,
        thinking: Option<Duration>,
        tolerance: Duration,
        now: Instant,
    ) -> bool {
        self.spent_by(thinking, now) > self.left[to_move] + tolerance
    }

    /// What a machine's move that took `measured` costs at `now`: the measured time, but
    /// never more than the clock has run (the clock may have been paused and started again
    /// while it thought).
    fn spent_by(&self, measured: Option<Duration>, now: Instant) -> Duration {
        let running = self.running(now);
        measured.map_or(running, |m| m.min(running))
    }

    /// Brings the clock in line with the game's `moves` (the ply order, first player first):
    /// a new move is charged to its player (and earns the increment); an undo or a redo
    /// charges the running time to whoever was to move and gives nothing back. The time
    /// keeps running from `now`.
    /// `measured` is the last move's time when a machine made it (from its position sent to
    /// its answer read): charged instead of the running time, which also holds the frames
    /// before the answer reached the board.
    pub fn follow(&mut self, moves: &[u32], now: Instant, measured: Option<Duration>) {
        let common = self
            .moves
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        if common == moves.len() && common == self.moves.len() {
            // A loaded game's clock learns its ply here.
            self.ply = moves.len();
            return;
        }
        let was_running = self.is_running();
        if moves.len() <= self.moves.len() && common == moves.len() {
            // Undo or redo along the line the clock has seen: time spent stays spent.
            let i = self.ply % 2;
            self.left[i] = self.left[i].saturating_sub(self.running(now));
        } else {
            // New moves: the line beyond the common part is forgotten, then each new move
            // is charged (only the last can have used the running time; several at once
            // come from a loaded game and cost nothing).
            // `left` stands where the last follow (or pause) left it.
            self.truncate(common);
            let new = &moves[common..];
            for (k, &mv) in new.iter().enumerate() {
                let i = (common + k) % 2;
                let spent = if k + 1 == new.len() {
                    self.spent_by(measured, now)
                } else {
                    Duration::ZERO
                };
                self.left[i] = self.control.after_move(self.left[i].saturating_sub(spent));
                self.moves.push(mv);
                self.spent.push(spent);
                self.after.push(self.left);
            }
        }
        self.running_since = was_running.then_some(now);
        self.ply = moves.len();
    }

    /// Both players' time as another clock counts it (an online game's server, which keeps
    /// the time; this one only shows it), running from `now` if it runs.
    pub fn set_left(&mut self, left: [Duration; 2], now: Instant) {
        self.left = left;
        if self.running_since.is_some() {
            self.running_since = Some(now);
        }
        if let Some(after) = self.after.last_mut() {
            *after = left;
        }
    }

    /// Takes `moves` as played before the clock started (a tournament opening's stones):
    /// they took no time and earn no increment; the clock starts from the position after
    /// them.
    pub fn begin_after(&mut self, moves: &[u32]) {
        self.truncate(0);
        for &mv in moves {
            self.moves.push(mv);
            self.spent.push(Duration::ZERO);
            self.after.push(self.left);
        }
        self.ply = moves.len();
    }

    fn truncate(&mut self, plies: usize) {
        self.moves.truncate(plies);
        self.spent.truncate(plies);
        self.after.truncate(plies);
    }

    /// Per move of the game as the clock saw it: the time it took and its player's time
    /// left after it (the increment included), for the record and the review.
    pub fn per_move(&self) -> Vec<(Duration, Duration)> {
        self.spent
            .iter()
            .zip(&self.after)
            .enumerate()
            .map(|(ply, (&spent, after))| (spent, after[ply % 2]))
            .collect()
    }
}

/// What the AI is told of its clock before it thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Its time left now.
    pub left: Duration,
    /// Added after its move (Fischer).
    pub increment: Duration,
    /// The time is for this move only (a fixed time per move).
    pub per_move: bool,
}

impl Budget {
    /// The time a search may be given: what is left, less a tenth (at least 0.1 s, at most
    /// 1 s) for the search to stop and its answer to come back (an engine's through a pipe,
    /// on a busy machine from a starved thread).
    pub fn usable(self) -> Duration {
        let margin = (self.left / 10).clamp(Duration::from_millis(100), Duration::from_secs(1));
        self.left.saturating_sub(margin)
    }

    /// The engine's view of it (the Gomoku time manager, also used for Connect Four's cap),
    /// with `empty_points` points or cells left to play.
    pub fn engine_clock(self, empty_points: usize) -> crate::engine::gomoku::ai::time::Clock {
        let usable = self.usable();
        crate::engine::gomoku::ai::time::Clock {
            turn: self.per_move.then_some(usable),
            left: (!self.per_move).then_some(usable),
            increment: self.increment,
            empty_points,
        }
    }
}

impl GameClock {
    /// The budget of `to_move`, whose time runs, at `now`.
    pub fn budget(&self, to_move: usize, now: Instant) -> Budget {
        Budget {
            left: self.left(to_move, to_move, now),
            increment: self.control.increment(),
            per_move: matches!(self.control, TimeControl::PerMove { .. }),
        }
    }
}

/// `m:ss` (or `s.s` under ten seconds, when every tenth matters).
pub fn format_clock(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs < 10.0 {
        format!("{:.1}", (secs * 10.0).floor() / 10.0)
    } else {
        let s = secs.floor() as u64;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_is_given_its_time_less_a_margin_for_the_answer() {
        let usable = |left: f64| {
            Budget {
                left: secs(left),
                increment: Duration::ZERO,
                per_move: true,
            }
            .usable()
        };
        assert_eq!(usable(2.0), secs(1.8), "a tenth");
        assert_eq!(usable(0.5), secs(0.4), "at least 0.1 s");
        assert_eq!(usable(60.0), secs(59.0), "at most 1 s");
        assert_eq!(usable(0.05), Duration::ZERO, "nothing left to give");
    }

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    fn moves(n: u32) -> Vec<u32> {
        (0..n).collect()
    }

    #[test]
    fn fischer_charges_the_mover_and_adds_the_increment() {
        let t0 = Instant::now();
        let mut c = GameClock::new(TimeControl::Fischer {
            seconds: 60,
            increment: 2,
        })
        .unwrap();
        c.start(t0);
        assert_eq!(c.left(0, 0, t0 + secs(5.0)), secs(55.0));
        c.follow(&moves(1), t0 + secs(5.0), None);
        // 60 - 5 + 2 for the first player; the second player's time now runs.
        assert_eq!(c.left(0, 1, t0 + secs(9.0)), secs(57.0));
        assert_eq!(c.left(1, 1, t0 + secs(9.0)), secs(56.0));
        c.follow(&moves(2), t0 + secs(9.0), None);
        assert_eq!(
            c.per_move(),
            vec![(secs(5.0), secs(57.0)), (secs(4.0), secs(58.0))]
        );
    }

    #[test]
    fn the_flag_falls_at_zero_and_a_pause_stops_the_time() {
        let t0 = Instant::now();
        let mut c = GameClock::new(TimeControl::Fischer {
            seconds: 60,
            increment: 0,
        })
        .unwrap();
        c.start(t0);
        c.pause(0, t0 + secs(20.0));
        // An hour in the menu costs nothing.
        c.start(t0 + secs(3600.0));
        assert!(!c.flag_fell(0, t0 + secs(3639.0)));
        assert!(c.flag_fell(0, t0 + secs(3640.0)));
    }

    #[test]
    fn undo_and_redo_give_no_time_back_and_a_new_move_forgets_the_old_line() {
        let t0 = Instant::now();
        let mut c = GameClock::new(TimeControl::Fischer {
            seconds: 60,
            increment: 0,
        })
        .unwrap();
        c.start(t0);
        c.follow(&moves(1), t0 + secs(10.0), None);
        c.follow(&moves(2), t0 + secs(30.0), None);
        // Undo both moves 10 s into the first player's turn: those 10 s are charged to
        // them, the moves' times stay spent; the first player's time runs again.
        c.follow(&moves(0), t0 + secs(40.0), None);
        assert_eq!(c.left(0, 0, t0 + secs(40.0)), secs(40.0));
        assert_eq!(c.left(1, 0, t0 + secs(40.0)), secs(40.0));
        // Redo one a second later: that second is the first player's too.
        c.follow(&moves(1), t0 + secs(41.0), None);
        assert_eq!(c.left(0, 1, t0 + secs(41.0)), secs(39.0));
        // Another second move than before, 3 s later: charged, the old line gone.
        let other = vec![0, 7];
        c.follow(&other, t0 + secs(44.0), None);
        assert_eq!(c.per_move().len(), 2);
        assert_eq!(c.per_move()[1], (secs(3.0), secs(37.0)));
    }

    #[test]
    fn a_machine_is_charged_its_measured_time_and_may_answer_within_the_tolerance() {
        let t0 = Instant::now();
        let mut c = GameClock::new(TimeControl::PerMove { seconds: 1 }).unwrap();
        c.start(t0);
        // The engine thought 0.7 s; its answer reached the board 0.6 s later (slow frames).
        c.follow(&moves(1), t0 + secs(1.3), Some(secs(0.7)));
        assert_eq!(c.per_move()[0].0, secs(0.7), "the frames are not charged");
        // Never more than the clock ran: a search started before a pause is not charged
        // the time the clock stood still.
        let mut f = GameClock::new(TimeControl::Fischer {
            seconds: 60,
            increment: 0,
        })
        .unwrap();
        f.start(t0);
        f.follow(&moves(1), t0 + secs(2.0), Some(secs(9.0)));
        assert_eq!(f.per_move()[0].0, secs(2.0));
        // Thinking 1.5 s on a 1 s move: within the 2 s tolerance; past it, the flag falls.
        let tol = MACHINE_TOLERANCE;
        let later = t0 + secs(10.0);
        assert!(!c.machine_flag_fell(1, Some(secs(1.5)), tol, later));
        assert!(!c.machine_flag_fell(1, Some(secs(1.0) + tol), tol, later));
        assert!(c.machine_flag_fell(1, Some(secs(1.1) + tol), tol, later));
        // A person has no tolerance: the plain flag falls at zero.
        assert!(c.flag_fell(1, t0 + secs(2.3)));
    }

    #[test]
    fn a_fixed_time_per_move_starts_each_turn_full() {
        let t0 = Instant::now();
        let mut c = GameClock::new(TimeControl::PerMove { seconds: 30 }).unwrap();
        c.start(t0);
        c.follow(&moves(1), t0 + secs(29.0), None);
        assert_eq!(c.left(0, 1, t0 + secs(29.0)), secs(30.0));
        assert!(c.flag_fell(1, t0 + secs(59.0)));
        assert_eq!(format_clock(secs(75.4)), "1:15");
        assert_eq!(format_clock(secs(9.96)), "9.9");
    }
}
