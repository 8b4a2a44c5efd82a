//! Match statistics and openings for `pbrain-match`: opening files, the Elo difference with
//! its error margin, and a sequential probability ratio test (SPRT) that stops a match as
//! soon as the result is clear.

use crate::engine::gomoku::Pos;

/// An opening: stones in move order from Black.
pub type Opening = Vec<Pos>;

/// A line of an openings file that is not an opening.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct OpeningError {
    pub line: usize,
    pub message: String,
}

/// Reads an openings file: one opening a line, its moves in order from Black, each as a
/// point like `h8` or as Gomocup `x,y`, separated by spaces; `#` starts a comment, blank
/// lines are skipped. Every opening must be playable on a `size` board (no point twice).
pub fn parse_openings(text: &str, size: usize) -> Result<Vec<Opening>, OpeningError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let mut moves: Vec<Pos> = Vec::new();
        for token in body.split_whitespace() {
            let pos = if token.contains(',') {
                Pos::from_gomocup(token, size)
            } else {
                Pos::from_human(token, size)
            }
            .map_err(|e| OpeningError {
                line,
                message: format!("'{token}': {e}"),
            })?;
            if moves.contains(&pos) {
                return Err(OpeningError {
                    line,
                    message: format!("'{token}' is played twice"),
                });
            }
            moves.push(pos);
        }
        out.push(moves);
    }
    if out.is_empty() {
        return Err(OpeningError {
            line: 0,
            message: "no opening in the file".into(),
        });
    }
    Ok(out)
}

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
    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// The Elo difference the score means and the half-width of its 95% interval (normal
    /// approximation of the mean score, mapped through the logistic curve). `None` when
    /// one side won every game (the difference is unbounded).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let s = self.score();
        if n == 0.0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let margin = 1.959_964 * (self.variance() / n).sqrt();
        let lo = elo_of(s - margin);
        let hi = elo_of(s + margin);
        Some((elo_of(s), (hi - lo) / 2.0))
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

/// A sequential probability ratio test of H0: elo = `elo0` against H1: elo = `elo1`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtState {
    Continue,
    /// H1 accepted: at least `elo1` better, as far as the error rates allow.
    AcceptH1,
    /// H0 accepted: not better than `elo0`.
    AcceptH0,
}

impl Sprt {
    /// Parses `elo0,elo1[,alpha,beta]` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<f64> = text
            .split(',')
            .map(|t| {
                t.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("'{t}' is not a number"))
            })
            .collect::<Result<_, _>>()?;
        let (elo0, elo1, alpha, beta) = match parts[..] {
            [e0, e1] => (e0, e1, 0.05, 0.05),
            [e0, e1, a, b] => (e0, e1, a, b),
            _ => return Err("expected elo0,elo1 or elo0,elo1,alpha,beta".into()),
        };
        if elo1 <= elo0 {
            return Err("elo1 must be above elo0".into());
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("alpha and beta must lie between 0 and 0.5".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Log-likelihood ratio of the results so far (the normal approximation of the
    /// generalised SPRT used by chess testing frameworks: the game score's mean and
    /// variance from the results, the two hypotheses as expected scores).
    pub fn llr(&self, r: &Wdl) -> f64 {
        let n = r.games() as f64;
        let var = r.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * r.score() - s0 - s1) / (2.0 * var)
    }

    /// Bounds of the LLR: below the lower H0 is accepted, above the upper H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn state(&self, r: &Wdl) -> SprtState {
        let llr = self.llr(r);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}
