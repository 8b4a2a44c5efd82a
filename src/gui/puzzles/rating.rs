//! The player's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013),
//! one rating period per rated puzzle, the puzzle standing as an opponent of its own rating
//! with a fixed small deviation (its rating comes from the engine's figures, not from play).

use serde::{Deserialize, Serialize};

/// Glicko-2's scale factor between the displayed rating and its internal one.
const SCALE: f64 = 173.7178;
/// The system constant: how much the volatility may change (0.3 to 1.2; small is steady).
const TAU: f64 = 0.5;
/// A puzzle's rating deviation.
const PUZZLE_RD: f64 = 60.0;
/// A player's deviation stays in this range: never certain, never unknown past a new one.
const RD_RANGE: (f64, f64) = (45.0, 350.0);

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    pub rating: f64,
    /// Rating deviation: the uncertainty (a new player's is 350).
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Self {
        Glicko {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

impl Glicko {
    /// The expected score against a puzzle of `rating` (the chance to solve it).
    pub fn expected(&self, rating: f64) -> f64 {
        let mu = (self.rating - 1500.0) / SCALE;
        let mu_j = (rating - 1500.0) / SCALE;
        1.0 / (1.0 + (-g(PUZZLE_RD / SCALE) * (mu - mu_j)).exp())
    }

    /// The rating after one puzzle of `rating`: `score` 1 solved, 0 failed.
    pub fn after(&self, rating: f64, score: f64) -> Glicko {
        self.after_period(&[(rating, PUZZLE_RD, score)])
    }

    /// The rating after one rating period of `games`, each an opponent's rating and deviation
    /// and the score against it (steps 2 to 8 of Glickman's paper).
    fn after_period(&self, games: &[(f64, f64, f64)]) -> Glicko {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        // Step 3 and 4: the estimated variance and the improvement, summed over the games.
        let (mut inv_v, mut sum) = (0.0, 0.0);
        for &(rating, rd, score) in games {
            let mu_j = (rating - 1500.0) / SCALE;
            let g_j = g(rd / SCALE);
            let e = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
            inv_v += g_j * g_j * e * (1.0 - e);
            sum += g_j * (score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // The new volatility: the root of f by the Illinois method (step 5 of the paper).
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 && k < 100.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= 1e-6 {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Glicko {
            rating: SCALE * mu_new + 1500.0,
            deviation: (SCALE * phi_new).clamp(RD_RANGE.0, RD_RANGE.1),
            volatility: sigma_new,
        }
    }

    /// The rating as the player sees it, "1623 ± 87": rounded, and its 95 % range (the
    /// deviation doubled), rounded.
    pub fn shown(&self) -> (f64, f64) {
        (self.rating.round(), (2.0 * self.deviation).round())
    }

    /// Whether the rating is still provisional (few puzzles played).
    pub fn provisional(&self) -> bool {
        self.deviation > 110.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_failing_lowers_and_the_change_shrinks() {
        let new = Glicko::default();
        let up = new.after(1500.0, 1.0);
        let down = new.after(1500.0, 0.0);
        assert!(up.rating > 1600.0 && up.rating < 1750.0, "{up:?}");
        assert!(
            (up.rating - 1500.0 - (1500.0 - down.rating)).abs() < 1e-6,
            "symmetric"
        );
        assert!(up.deviation < new.deviation);
        // After many puzzles the same result moves the rating less.
        let mut settled = new;
        for i in 0..40 {
            settled = settled.after(1500.0, (i % 2) as f64);
        }
        let step = settled.after(1500.0, 1.0).rating - settled.rating;
        assert!(step > 0.0 && step < (up.rating - 1500.0) / 3.0, "{step}");
        assert!(settled.deviation < 110.0 && !settled.provisional());
    }

    #[test]
    fn an_easy_puzzle_solved_gains_little_a_hard_one_much() {
        let p = Glicko {
            rating: 1500.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let easy = p.after(1000.0, 1.0).rating - 1500.0;
        let hard = p.after(2000.0, 1.0).rating - 1500.0;
        assert!(easy > 0.0 && easy < 3.0, "{easy}");
        assert!(hard > 10.0 * easy, "{hard} vs {easy}");
        assert!(p.expected(1000.0) > 0.9 && p.expected(2000.0) < 0.1);
        // A failure against a puzzle far above costs almost nothing.
        let far = p.after(3000.0, 0.0);
        assert!(far.rating < 1500.0 && far.rating > 1499.0, "{far:?}");
    }

    /// Glickman's published example ("Example of the Glicko-2 system", 2013): a 1500 player
    /// of deviation 200 and volatility 0.06 beats a 1400 (RD 30), loses to a 1550 (RD 100) and
    /// to a 1700 (RD 300) with tau 0.5, and ends at 1464.06, RD 151.52, volatility 0.05999.
    #[test]
    fn glickmans_worked_example_gives_his_numbers() {
        let player = Glicko {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let games = [
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ];
        let after = player.after_period(&games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        // The paper rounds its steps (0.05999); the exact computation gives 0.059996.
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }
}
