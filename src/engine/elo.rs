//! Match results as an Elo difference with its error margin: `pbrain-match`, the arena and
//! the game's engine matches all report them the same way.

/// Wins, draws and losses of the first player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0..=1 (a draw is half a point).
    pub fn score(&self) -> f64 {
        let n = self.games().max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// Variance of one game's points around the mean score.
    pub fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// The Elo difference the score means and the half-width of its 95% interval (normal
    /// approximation of the mean score, mapped through the logistic curve). `None` when
    /// one side won every game (the difference is unbounded). The half-width is infinite
    /// when the interval reaches a score of 0 or 1 (1-1 after two games): so few games
    /// bound nothing, and the logistic curve's clamp would print a made-up ±2400.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let s = self.score();
        if n == 0.0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let margin = 1.959_964 * (self.variance() / n).sqrt();
        let half = if s - margin <= 0.0 || s + margin >= 1.0 {
            f64::INFINITY
        } else {
            (elo_of(s + margin) - elo_of(s - margin)) / 2.0
        };
        // An even score is +0, never -0.
        Some((elo_of(s) + 0.0, half))
    }
}

/// Elo difference for an expected score `s` (logistic model).
pub fn elo_of(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score for an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}
