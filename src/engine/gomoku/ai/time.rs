//! Time management: turn a per-move limit and a whole-game clock into soft and hard limits.

use std::time::Duration;

use super::Limits;

/// What the clock allows, as a tournament manager states it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Longest time for one move (`timeout_turn`); `None`: no per-move limit.
    pub turn: Option<Duration>,
    /// Time left on the match clock (`time_left`); `None`: no match clock.
    pub left: Option<Duration>,
    /// Added to the match clock after each of our moves (Fischer); zero without.
    pub increment: Duration,
    /// Empty points on the board: bounds how many more moves we may have to make.
    pub empty_points: usize,
}

/// Reserved on every move for process start-up, pipes and the manager's own latency: a
/// reply that arrives late loses the game, a few milliseconds of thinking do not matter.
pub fn safety_margin(turn: Duration) -> Duration {
    let ms = turn.as_millis() as u64;
    // 25 ms up to 250 ms, a tenth beyond, at most 40 ms (a pipe round trip takes well under
    // a millisecond; what matters is the last iteration's stop latency); at most half.
    Duration::from_millis((ms / 10).clamp(25, 40).min(ms / 2))
}

/// How far past its share of a game clock one move may run (the hard limit, as a multiple
/// of the share).
pub const HARD_PER_SHARE: f64 = 2.5;

impl Clock {
    /// The search limits for this move.
    pub fn limits(&self) -> Limits {
        let mut hard: Option<Duration> = self.turn.map(|t| t.saturating_sub(safety_margin(t)));
        // The search stops starting iterations at a share of `soft` (less when its best
        // move is stable) and lets the last one run to `hard`.
        let mut soft = hard.map(|h| h.mul_f64(0.85));
        if let Some(left) = self.left {
            // Expect to play up to half the empty points, but plan for at least 12 and at
            // most 60 more moves so the clock lasts and early moves still get time.
            let moves = (self.empty_points / 2).clamp(12, 60) as u32;
            // Each move earns the increment back: spend most of it on top of the share. The
            // cap keeps three quarters of the clock (plus half an increment) for later, and
            // 50 ms for the reply to arrive.
            let share = left / moves + self.increment.mul_f64(0.75);
            let cap = (left / 4 + self.increment / 2)
                .min(left)
                .saturating_sub(Duration::from_millis(50));
            // The last iteration may run past the share, but not far: on a busy machine a
            // starved search would otherwise take the whole cap (seconds of a 3 + 2 clock
            // on one move).
            let cap = cap.min(share.mul_f64(HARD_PER_SHARE));
            hard = Some(hard.map_or(cap, |h| h.min(cap)));
            soft = Some(soft.map_or(share, |s| s.min(share)).min(hard.unwrap()));
        }
        Limits {
            soft_time: soft,
            hard_time: hard,
            spend_all: self.left.is_none() && self.turn.is_some(),
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn per_move_limit_keeps_a_margin() {
        let l = Clock {
            turn: Some(ms(100)),
            left: None,
            increment: Duration::ZERO,
            empty_points: 200,
        }
        .limits();
        assert_eq!(l.hard_time, Some(ms(75)));
        assert!(l.soft_time.unwrap() < ms(75));
        // Nothing to save time for: the search may use all of it.
        assert!(l.spend_all);
        let l = Clock {
            turn: Some(ms(5000)),
            left: None,
            increment: Duration::ZERO,
            empty_points: 200,
        }
        .limits();
        assert_eq!(l.hard_time, Some(ms(4960)));
    }

    #[test]
    fn match_clock_is_shared_over_the_remaining_moves() {
        let l = Clock {
            turn: Some(ms(30_000)),
            left: Some(ms(60_000)),
            increment: Duration::ZERO,
            empty_points: 200,
        }
        .limits();
        assert_eq!(l.soft_time, Some(ms(1000))); // 60 s over at most 60 moves
        assert!(
            !l.spend_all,
            "a match clock keeps what this move does not need"
        );
        assert!(l.hard_time.unwrap() <= ms(15_000));
        // Nearly out of time: still a positive, tiny budget.
        let l = Clock {
            turn: None,
            left: Some(ms(100)),
            increment: Duration::ZERO,
            empty_points: 10,
        }
        .limits();
        assert!(l.hard_time.unwrap() <= ms(25));
        assert!(l.soft_time.unwrap() <= l.hard_time.unwrap());
    }

    #[test]
    fn an_increment_is_spent_on_top_of_the_share_and_never_the_whole_clock() {
        let clock = |left, inc| Clock {
            turn: None,
            left: Some(ms(left)),
            increment: ms(inc),
            empty_points: 200,
        };
        let plain = clock(60_000, 0).limits();
        let fischer = clock(60_000, 2_000).limits();
        assert_eq!(fischer.soft_time, Some(ms(1000 + 1500)));
        assert!(fischer.hard_time > plain.hard_time);
        // One move runs at most a few shares, never a quarter of the clock.
        assert_eq!(plain.hard_time, Some(ms(2500)));
        assert_eq!(fischer.hard_time, Some(ms(6250)));
        // A flag nearly down with a big increment: the hard limit stays under what is left.
        let l = clock(300, 5_000).limits();
        assert!(l.hard_time.unwrap() <= ms(250), "{l:?}");
        assert!(l.soft_time.unwrap() <= l.hard_time.unwrap());
    }
}
