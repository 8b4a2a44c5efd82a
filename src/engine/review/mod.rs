//! Game review: the engine looks at every position of a finished game and grades each move
//! by how much it lost against the best move, the way strong board-game apps review a game.
//!
//! Each position is analysed once (best move, its line, and an outlook for the side to
//! move); the played move's outlook is the next position's, seen from the other side, so a
//! game of `n` moves costs `n + 1` analyses. Outlooks become an expected score in `0..=1`
//! for the side to move ([`Outlook::value`]): a proven win 1, a proven loss 0, a draw 0.5,
//! a Gomoku evaluation `0.5 + 0.5 tanh(eval / 600)` (600 is about a strong attack).
//!
//! Grades ([`grade`]), from the drop of that expected score between the best move and the
//! move played:
//!
//! | grade | when |
//! | --- | --- |
//! | best | the engine's own choice |
//! | good | drop ≤ 0.03 |
//! | inaccuracy | drop ≤ 0.08 |
//! | mistake | drop ≤ 0.20 |
//! | blunder | drop > 0.20 (a move into a proven loss always is one) |
//! | missed win | a proven win (a VCF/VCT in Gomoku, a solved win in Connect Four) was there and the move played does not win |
//!
//! Connect Four positions are solved exactly with the opening book when the time allows;
//! the others are judged by a 10-ply search (its evaluation, or a result it proves).
//!
//! A move's accuracy falls steeply with its drop ([`move_accuracy`]: 100 for none, about 80
//! for a drop of 0.05, 63 for 0.10, 40 for 0.20, 0 from about 0.8), and a player's accuracy
//! is the mean over their moves: a steady loss of a little each move (a random mover's, a
//! beginner's) reads far below a strong player's, as `review-bench --levels` measures
//! (BENCHMARKS.md, "Game review"). Moves in a position already lost (a proven loss, or an
//! expected score under 2%) are graded but count for no accuracy: they lose nothing more.
//! The turning point
//! is the loser's costliest move (with no winner, the costliest move) if it lost at least a
//! mistake's worth.
//!
//! Here: outlooks, grades and assembling a review from one analysis per position; each
//! game's analyses in `gomoku.rs` and `connect4.rs` (re-exported here), with the analysis
//! board's top moves and threats in `gomoku.rs`.

mod connect4;
mod gomoku;

use std::sync::Arc;
use std::time::Duration;

use super::gomoku::ai::Score;

pub use connect4::{analyse_connect4, c4_outlook, review_connect4};
pub use gomoku::{Threat, analyse_gomoku, review_gomoku, threat_points, top_moves};

/// The accuracy of a move that lost `drop` of the expected score (`0..=1`), in percent:
/// `103.17 e^(−4.354 drop) − 3.17`, clamped. The shape of Lichess's accuracy curve (there in
/// win-percentage points): a drop of 0.01 keeps about 96%, 0.05 about 80%, 0.20 about 40%.
/// A linear `100 × (1 − drop)` graded a player who put every stone on the edge at 92%, since
/// no single edge stone loses much.
pub fn move_accuracy(drop: f64) -> f64 {
    (103.1668 * (-4.354 * drop.clamp(0.0, 1.0)).exp() - 3.1668).clamp(0.0, 100.0)
}

/// Below this expected score a position counts as lost ([`Outlook::is_hopeless`]).
pub const HOPELESS: f64 = 0.02;

/// Drop thresholds (expected score) between the grades.
pub const GOOD: f64 = 0.03;
pub const INACCURACY: f64 = 0.08;
pub const MISTAKE: f64 = 0.20;

/// How a position stands for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outlook {
    /// Gomoku's heuristic evaluation (100 is about one open three).
    Eval(i32),
    /// A proven win in this many moves of the side to move (0: already won).
    Win(u32),
    /// A proven loss after this many moves of the opponent (0: already lost).
    Loss(u32),
    Draw,
    /// Not known in the time given (Connect Four positions the solver did not finish).
    Unknown,
}

/// "move" or "moves" after a count.
fn moves(n: u32) -> &'static str {
    if n == 1 { "move" } else { "moves" }
}

impl Outlook {
    /// Expected score for the side to move, `0..=1`.
    pub fn value(self) -> f64 {
        match self {
            Outlook::Win(_) => 1.0,
            Outlook::Loss(_) => 0.0,
            Outlook::Draw | Outlook::Unknown => 0.5,
            Outlook::Eval(v) => 0.5 + 0.5 * (f64::from(v) / 600.0).tanh(),
        }
    }

    /// The same position seen by the other side.
    pub fn flip(self) -> Outlook {
        match self {
            Outlook::Eval(v) => Outlook::Eval(-v),
            Outlook::Win(n) => Outlook::Loss(n),
            Outlook::Loss(n) => Outlook::Win(n),
            other => other,
        }
    }

    /// Lost whatever the mover does: a proven loss, or an expected score under
    /// [`HOPELESS`]. A move there loses nothing more, so it counts for no one's accuracy: a
    /// random mover's moves after its first blunder all lost "nothing" and read as 100%.
    pub fn is_hopeless(self) -> bool {
        matches!(self, Outlook::Loss(_)) || (self.is_known() && self.value() < HOPELESS)
    }

    pub fn is_known(self) -> bool {
        self != Outlook::Unknown
    }

    /// The same position after the side to move has played its best move, seen by the
    /// other side: a win in `n` becomes the opponent's loss after `n - 1` of its moves.
    pub fn after_best_move(self) -> Outlook {
        match self {
            Outlook::Win(n) => Outlook::Loss(n.saturating_sub(1)),
            other => other.flip(),
        }
    }

    /// One wording for people everywhere (the side panel, the hint, the analysis board, the
    /// review): who wins in how many of their own moves, or the winning chance of the side
    /// to move (its expected score, [`Outlook::value`]). `to_move` and `other` name the sides.
    pub fn describe(self, to_move: &str, other: &str) -> String {
        match self {
            Outlook::Win(0) => format!("{to_move} has won"),
            Outlook::Loss(0) => format!("{other} has won"),
            Outlook::Win(n) => format!("{to_move} wins in {n} {}", moves(n)),
            Outlook::Loss(n) => format!("{other} wins in {n} {}", moves(n)),
            Outlook::Draw => "a draw".into(),
            Outlook::Unknown => "unclear".into(),
            Outlook::Eval(_) => {
                let chance = (self.value() * 100.0).round();
                format!("{to_move}'s chance {chance:.0}%")
            }
        }
    }

    /// Words for people: "+120", "win in 3", "loss in 2", "draw".
    pub fn text(self) -> String {
        match self {
            Outlook::Eval(v) => format!("{v:+}"),
            Outlook::Win(0) => "won".into(),
            Outlook::Loss(0) => "lost".into(),
            Outlook::Win(n) => format!("win in {n}"),
            Outlook::Loss(n) => format!("loss in {n}"),
            Outlook::Draw => "draw".into(),
            Outlook::Unknown => "?".into(),
        }
    }
}

impl From<Score> for Outlook {
    fn from(s: Score) -> Outlook {
        match s {
            Score::Eval(v) => Outlook::Eval(v),
            Score::Win(n) => Outlook::Win(n),
            Score::Loss(n) => Outlook::Loss(n),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grade {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    MissedWin,
}

impl Grade {
    pub const ALL: [Grade; 6] = [
        Grade::Best,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
        Grade::MissedWin,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
            Grade::MissedWin => "missed win",
        }
    }

    /// `n` moves of this grade, as a summary counts them: "1 mistake", "4 mistakes".
    pub fn count(self, n: usize) -> String {
        if n == 1 {
            return format!("1 {}", self.name());
        }
        let plural = match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracies",
            Grade::Mistake => "mistakes",
            Grade::Blunder => "blunders",
            Grade::MissedWin => "missed wins",
        };
        format!("{n} {plural}")
    }
}

/// One position analysed: the best move, the line it starts, and the outlook for the side to
/// move. A finished position has no move and a `Win(0)`/`Loss(0)`/`Draw` outlook.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Analysis<M> {
    pub best: Option<M>,
    pub line: Vec<M>,
    pub outlook: Outlook,
}

/// One move of the game, graded.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview<M> {
    /// 0-based index of the move; even indices are the first player's.
    pub ply: usize,
    pub played: M,
    /// What the engine would have played, with its line.
    pub best: Option<M>,
    pub line: Vec<M>,
    /// Outlook for the mover before the move (with the best move) and after the move played.
    pub before: Outlook,
    pub after: Outlook,
    /// Expected score lost by the move, `0..=1`.
    pub drop: f64,
    /// `None` when the analysis could not tell (an unsolved Connect Four position).
    pub grade: Option<Grade>,
}

/// A player's side of the review.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Moves per grade, in [`Grade::ALL`] order.
    pub counts: [usize; 6],
    /// Mean of `100 × (1 − drop)`; 100 with no graded move.
    pub accuracy: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GameReview<M> {
    pub moves: Vec<MoveReview<M>>,
    /// Outlook for the first player after each move (index 0: the start), for the graph.
    pub curve: Vec<Outlook>,
    /// First player, second player.
    pub summary: [Summary; 2],
    /// The move that decided the game, if one lost a mistake's worth or more.
    pub turning_point: Option<usize>,
}

/// Grades a move from the outlooks before (best play) and after (the move played).
pub fn grade(best: bool, before: Outlook, after: Outlook) -> Option<Grade> {
    if best {
        return Some(Grade::Best);
    }
    if !before.is_known() || !after.is_known() {
        return None;
    }
    if matches!(before, Outlook::Win(_)) && !matches!(after, Outlook::Win(_)) {
        return Some(Grade::MissedWin);
    }
    if matches!(after, Outlook::Loss(_)) && !matches!(before, Outlook::Loss(_)) {
        return Some(Grade::Blunder);
    }
    let drop = (before.value() - after.value()).max(0.0);
    Some(if drop <= GOOD {
        Grade::Good
    } else if drop <= INACCURACY {
        Grade::Inaccuracy
    } else if drop <= MISTAKE {
        Grade::Mistake
    } else {
        Grade::Blunder
    })
}

/// Builds the review from the analyses of the `played.len() + 1` positions of a game.
pub fn assemble<M: Copy + PartialEq>(analyses: &[Analysis<M>], played: &[M]) -> GameReview<M> {
    assemble_from(analyses, played, 0)
}

/// As [`assemble`], grading only the moves from ply `first_graded` on: the stones of a
/// tournament opening were placed by its rules (a player may put the other colour's), so
/// they get no grade, count for no one's accuracy and are never the turning point.
pub fn assemble_from<M: Copy + PartialEq>(
    analyses: &[Analysis<M>],
    played: &[M],
    first_graded: usize,
) -> GameReview<M> {
    assert_eq!(
        analyses.len(),
        played.len() + 1,
        "one analysis per position"
    );
    let mut moves = Vec::with_capacity(played.len());
    let mut curve = vec![analyses[0].outlook];
    for (ply, &mv) in played.iter().enumerate() {
        let here = &analyses[ply];
        let before = here.outlook;
        let after = analyses[ply + 1].outlook.flip();
        // The engine's own move is as good as the best, whatever the second look says: it
        // loses nothing. Its outlook stays the next position's own, so the curve and the
        // next move's "before" tell the same story (each position is judged on its own, and
        // a deeper look at the next one may see more).
        let is_best = here.best == Some(mv);
        let graded = ply >= first_graded;
        let drop = if graded && !is_best && before.is_known() && after.is_known() {
            (before.value() - after.value()).max(0.0)
        } else {
            0.0
        };
        curve.push(if ply % 2 == 0 { after } else { after.flip() });
        moves.push(MoveReview {
            ply,
            played: mv,
            best: here.best,
            line: here.line.clone(),
            before,
            after,
            drop,
            grade: if graded {
                grade(is_best, before, after)
            } else {
                None
            },
        });
    }
    let summary = [0, 1].map(|side| {
        let mine: Vec<&MoveReview<M>> = moves.iter().filter(|m| m.ply % 2 == side).collect();
        let mut counts = [0; 6];
        let mut graded = Vec::new();
        for m in &mine {
            if let Some(g) = m.grade {
                counts[Grade::ALL.iter().position(|&x| x == g).unwrap_or(0)] += 1;
                if !m.before.is_hopeless() {
                    graded.push(move_accuracy(m.drop));
                }
            }
        }
        let accuracy = if graded.is_empty() {
            100.0
        } else {
            graded.iter().sum::<f64>() / graded.len() as f64
        };
        Summary { counts, accuracy }
    });
    // The side that ended up losing, from the final outlook of the first player.
    let loser = match curve.last().copied().unwrap_or(Outlook::Unknown) {
        o if o.value() > 0.75 => Some(1),
        o if o.value() < 0.25 => Some(0),
        _ => None,
    };
    let turning_point = moves
        .iter()
        .filter(|m| m.ply >= first_graded && loser.is_none_or(|l| m.ply % 2 == l))
        .filter(|m| m.drop > INACCURACY || m.grade == Some(Grade::MissedWin))
        .max_by(|a, b| a.drop.total_cmp(&b.drop))
        .map(|m| m.ply);
    GameReview {
        moves,
        curve,
        summary,
        turning_point,
    }
}

/// How long to look at each position; `nodes` makes a review reproducible (tests).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewLimits {
    pub per_position: Duration,
    pub nodes: Option<u64>,
}

impl ReviewLimits {
    /// The default: a 60-move Gomoku game in about 25 s on one core.
    pub const FAST: ReviewLimits = ReviewLimits {
        per_position: Duration::from_millis(400),
        nodes: None,
    };
    /// Settings' deeper review.
    pub const DEEP: ReviewLimits = ReviewLimits {
        per_position: Duration::from_millis(1500),
        nodes: None,
    };
}

/// Progress: positions analysed so far (shared with the UI thread).
pub type Progress = Arc<std::sync::atomic::AtomicUsize>;

fn terminal<M>(outlook: Outlook) -> Analysis<M> {
    Analysis {
        best: None,
        line: Vec::new(),
        outlook,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english() {
        assert_eq!(Grade::Mistake.count(1), "1 mistake");
        assert_eq!(Grade::Mistake.count(4), "4 mistakes");
        assert_eq!(Grade::Inaccuracy.count(2), "2 inaccuracies");
        assert_eq!(Grade::MissedWin.count(3), "3 missed wins");
        assert_eq!(Grade::Blunder.count(0), "0 blunders");
    }

    #[test]
    fn grades_follow_the_thresholds() {
        let e = Outlook::Eval;
        assert_eq!(grade(true, e(0), e(-900)), Some(Grade::Best));
        assert_eq!(grade(false, e(0), e(-10)), Some(Grade::Good));
        assert_eq!(grade(false, e(0), e(-60)), Some(Grade::Inaccuracy));
        assert_eq!(grade(false, e(0), e(-200)), Some(Grade::Mistake));
        assert_eq!(grade(false, e(0), e(-400)), Some(Grade::Blunder));
        assert_eq!(grade(false, e(0), Outlook::Loss(3)), Some(Grade::Blunder));
        assert_eq!(
            grade(false, Outlook::Win(2), e(900)),
            Some(Grade::MissedWin)
        );
        assert_eq!(
            grade(false, Outlook::Win(2), Outlook::Win(4)),
            Some(Grade::Good)
        );
        assert_eq!(grade(false, Outlook::Unknown, e(0)), None);
        assert_eq!(Outlook::Win(3).flip(), Outlook::Loss(3));
    }

    /// The stones of a tournament opening get no grade and do not count: a blunder among
    /// them is no one's, and the turning point comes after them.
    #[test]
    fn an_openings_stones_are_not_graded() {
        let at = |outlook, best| Analysis {
            best: Some(best),
            line: vec![best],
            outlook,
        };
        let e = Outlook::Eval;
        // Four moves, none the engine's best: the second loses 500 (a blunder), the fourth
        // lets the opponent win.
        let analyses = [
            at(e(0), 9),
            at(e(0), 9),
            at(e(500), 9),
            at(e(-500), 9),
            at(Outlook::Win(2), 9),
        ];
        let played = [1, 2, 3, 4];
        let all = assemble(&analyses, &played);
        assert_eq!(all.moves[1].grade, Some(Grade::Blunder));
        let from = assemble_from(&analyses, &played, 3);
        assert!(
            from.moves[..3]
                .iter()
                .all(|m| m.grade.is_none() && m.drop == 0.0)
        );
        assert_eq!(from.moves[3].grade, Some(Grade::Blunder));
        assert_eq!(from.turning_point, Some(3));
        assert_eq!(
            from.summary[0].counts.iter().sum::<usize>(),
            0,
            "Black's are all opening"
        );
        assert_eq!(from.summary[0].accuracy, 100.0);
        assert!(from.summary[1].accuracy < 100.0);
        assert_eq!(from.curve, all.curve, "the graph is the same");
    }

    #[test]
    fn a_move_s_accuracy_falls_steeply_with_what_it_lost() {
        assert_eq!(move_accuracy(0.0), 100.0);
        let near = |d: f64, want: f64| {
            let a = move_accuracy(d);
            assert!((a - want).abs() < 0.5, "drop {d}: {a}, not about {want}");
        };
        near(0.01, 95.6);
        near(0.05, 79.8);
        near(0.10, 63.6);
        near(0.20, 40.0);
        assert_eq!(move_accuracy(0.9), 0.0);
        assert_eq!(move_accuracy(1.0), 0.0);
        let steps: Vec<f64> = (0..=100)
            .map(|i| move_accuracy(f64::from(i) / 100.0))
            .collect();
        assert!(
            steps.windows(2).all(|w| w[1] <= w[0]),
            "never rises with the drop"
        );
    }

    /// A player who loses a little with every move (each stone a bit worse than the best,
    /// none a blunder: a beginner's or an edge-stone game) reads far below one who plays the
    /// best moves; the linear scale gave such a player over 90%.
    #[test]
    fn a_steady_small_loss_each_move_reads_far_below_good_play() {
        let at = |outlook, best| Analysis {
            best: Some(best),
            line: vec![best],
            outlook,
        };
        // Black's every move loses 0.05 of the expected score against its best, White's
        // answers are White's best and keep what they won.
        let mut analyses = Vec::new();
        let mut played = Vec::new();
        let mut value = 0.5_f64;
        for ply in 0..16 {
            let eval = (600.0 * (2.0 * value - 1.0).atanh()).round() as i32;
            let mover_eval = if ply % 2 == 0 { eval } else { -eval };
            analyses.push(at(Outlook::Eval(mover_eval), 100));
            if ply % 2 == 0 {
                played.push(ply);
                value -= 0.05;
            } else {
                played.push(100);
            }
        }
        let eval = (600.0 * (2.0 * value - 1.0).atanh()).round() as i32;
        analyses.push(at(Outlook::Eval(eval), 100));
        let r = assemble(&analyses, &played);
        let black = r.summary[0].accuracy;
        assert!((75.0..85.0).contains(&black), "Black: {black}");
        assert_eq!(r.summary[1].accuracy, 100.0);
    }
}
