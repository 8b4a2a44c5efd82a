//! Match statistics and openings for `pbrain-match`: opening files, the Elo difference with
//! its error margin, and a sequential probability ratio test (SPRT) that stops a match as
//! soon as the result is clear.

pub use crate::engine::elo::{Wdl, elo_of, score_of};
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

/// Games an SPRT plays before it may decide: the normal approximation estimates the game
/// score's variance from the results, and a start such as 7-1-0 makes that variance tiny and
/// the LLR huge (3.67 after 8 games against Rapfi, session 40).
pub const SPRT_MIN_GAMES: u32 = 30;

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

    /// Where the test stands: it decides nothing before [`SPRT_MIN_GAMES`] games.
    pub fn state(&self, r: &Wdl) -> SprtState {
        if r.games() < SPRT_MIN_GAMES {
            return SprtState::Continue;
        }
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
