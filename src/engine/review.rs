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
//! A player's accuracy is the mean of `100 × (1 − drop)` over their moves; the turning point
//! is the loser's costliest move (with no winner, the costliest move) if it lost at least a
//! mistake's worth.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::ai::{Engine, Limits, Score, SearchResult};
use super::connect4 as c4;
use super::connect4::record::moves_to_end;
use super::{Game, Outcome, Pos};

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

    pub fn is_known(self) -> bool {
        self != Outlook::Unknown
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
        // The engine's own move is as good as the best, whatever the second look says.
        let is_best = here.best == Some(mv);
        let after = if is_best && after.value() < before.value() {
            before
        } else {
            after
        };
        let drop = if before.is_known() && after.is_known() {
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
            grade: grade(is_best, before, after),
        });
    }
    let summary = [0, 1].map(|side| {
        let mine: Vec<&MoveReview<M>> = moves.iter().filter(|m| m.ply % 2 == side).collect();
        let mut counts = [0; 6];
        let mut graded = Vec::new();
        for m in &mine {
            if let Some(g) = m.grade {
                counts[Grade::ALL.iter().position(|&x| x == g).unwrap_or(0)] += 1;
                graded.push(100.0 * (1.0 - m.drop));
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
        .filter(|m| loser.is_none_or(|l| m.ply % 2 == l))
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

/// Reviews a Gomoku game: `start` is the position before the first move (an empty board or
/// set-up stones), `played` the moves from there. `None` when stopped.
pub fn review_gomoku(
    start: &Game,
    played: &[Pos],
    limits: ReviewLimits,
    stop: &AtomicBool,
    progress: &Progress,
) -> Option<GameReview<Pos>> {
    let analyses = analyse_gomoku(start, played, limits, stop, progress)?;
    Some(assemble(&analyses, played))
}

/// The analyses behind [`review_gomoku`], one per position (what a cache keeps).
pub fn analyse_gomoku(
    start: &Game,
    played: &[Pos],
    limits: ReviewLimits,
    stop: &AtomicBool,
    progress: &Progress,
) -> Option<Vec<Analysis<Pos>>> {
    let mut engine = Engine::default();
    let mut game = start.clone();
    let mut analyses = Vec::with_capacity(played.len() + 1);
    for i in 0..=played.len() {
        if i > 0 {
            game.play(played[i - 1]).ok()?;
        }
        analyses.push(match game.outcome() {
            Outcome::Win { .. } => terminal(Outlook::Loss(0)),
            Outcome::Draw => terminal(Outlook::Draw),
            Outcome::Ongoing => {
                let search_limits = Limits {
                    soft_time: Some(limits.per_position),
                    hard_time: Some(limits.per_position),
                    nodes: limits.nodes,
                    vct: true,
                    ..Limits::default()
                };
                let r: SearchResult =
                    engine.think(&game, &search_limits, stop, &mut super::ai::NoInfo);
                Analysis {
                    best: r.best,
                    line: r.pv,
                    outlook: r.score.into(),
                }
            }
        });
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        progress.fetch_add(1, Ordering::Relaxed);
    }
    Some(analyses)
}

fn terminal<M>(outlook: Outlook) -> Analysis<M> {
    Analysis {
        best: None,
        line: Vec::new(),
        outlook,
    }
}

/// Reviews a Connect Four game (columns, 0-based) with the exact solver and the opening
/// book: positions solved within the time given get exact outlooks, the others `Unknown`.
pub fn review_connect4(
    size: c4::BoardSize,
    played: &[usize],
    limits: ReviewLimits,
    stop: &AtomicBool,
    progress: &Progress,
) -> Option<GameReview<usize>> {
    let analyses = analyse_connect4(size, played, limits, stop, progress)?;
    Some(assemble(&analyses, played))
}

/// The analyses behind [`review_connect4`], one per position.
pub fn analyse_connect4(
    size: c4::BoardSize,
    played: &[usize],
    limits: ReviewLimits,
    stop: &AtomicBool,
    progress: &Progress,
) -> Option<Vec<Analysis<usize>>> {
    let mut ai = c4::Ai::with_book(size, c4::OpeningBook::standard());
    let ai_limits = c4::Limits {
        time: Some(limits.per_position),
        ..c4::Limits::default()
    };
    let mut searcher = c4::Searcher::new(size, 20);
    let mut rng = StdRng::seed_from_u64(0);
    let mut game = c4::Game::new(size);
    let mut analyses = Vec::with_capacity(played.len() + 1);
    for i in 0..=played.len() {
        if i > 0 {
            game.play(played[i - 1]).ok()?;
        }
        let moves_played = game.moves().len();
        analyses.push(match game.outcome() {
            c4::Outcome::Win { .. } => terminal(Outlook::Loss(0)),
            c4::Outcome::Draw => terminal(Outlook::Draw),
            c4::Outcome::Ongoing => {
                let choice = ai
                    .choose_move_in_game(c4::Level::Perfect, &game, &ai_limits, &mut rng, stop)
                    .ok()?;
                let outlook = match choice.score {
                    Some(s) => c4_outlook(s, size.cells(), moves_played),
                    // Not solved in the time given: the Club search's judgement instead.
                    None => game
                        .position()
                        .and_then(|p| searcher.search_depth(&p, C4_SEARCH_DEPTH, 0, |_| 0))
                        .map_or(Outlook::Unknown, |r| {
                            c4_search_outlook(r.score, size.cells(), moves_played)
                        }),
                };
                Analysis {
                    best: Some(choice.column),
                    line: vec![choice.column],
                    outlook,
                }
            }
        });
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        progress.fetch_add(1, Ordering::Relaxed);
    }
    Some(analyses)
}

/// Plies of the depth-limited search that judges positions the solver did not finish.
const C4_SEARCH_DEPTH: u32 = 10;

/// A depth-limited search score as an outlook: proven results (`±(MATE + exact)`) as moves
/// to the end, evaluations scaled like Gomoku's (one good threat is about +200).
fn c4_search_outlook(score: i32, cells: usize, moves_played: usize) -> Outlook {
    if score.abs() >= c4::search::MATE {
        c4_outlook(
            score - score.signum() * c4::search::MATE,
            cells,
            moves_played,
        )
    } else {
        Outlook::Eval(score * 5)
    }
}

/// A solver score (side to move, `moves_played` discs down) as moves to the end.
pub fn c4_outlook(score: i32, cells: usize, moves_played: usize) -> Outlook {
    match score {
        0 => Outlook::Draw,
        s if s > 0 => Outlook::Win(moves_to_end(s, cells, moves_played, true).unwrap_or(1)),
        s => Outlook::Loss(moves_to_end(s, cells, moves_played, false).unwrap_or(1)),
    }
}

/// The `n` best moves for the side to move within `limits`, best first: one search per
/// move, each excluding the moves found before it (the analysis board's top three).
pub fn top_moves(
    engine: &mut Engine,
    game: &Game,
    n: usize,
    limits: &Limits,
    stop: &AtomicBool,
) -> Vec<SearchResult> {
    let mut found: Vec<SearchResult> = Vec::new();
    while found.len() < n && !stop.load(Ordering::Relaxed) {
        let limits = Limits {
            exclude: found.iter().filter_map(|r| r.best).collect(),
            ..limits.clone()
        };
        let r = engine.think(game, &limits, stop, &mut super::ai::NoInfo);
        let opening = game.ply() == 0;
        let Some(best) = r.best else { break };
        if found.iter().any(|f| f.best == Some(best)) || (opening && !found.is_empty()) {
            break;
        }
        found.push(r);
    }
    // Each search is separate, so a later one can score its move higher than an earlier
    // one did: best first by score.
    found.sort_by_key(|r| std::cmp::Reverse(r.score.rank()));
    found
}

/// What a point threatens for one side: making five, a four, or an open three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Threat {
    OpenThree,
    Four,
    Five,
}

/// The empty points where either side would make an open three or better (the analysis
/// board's threat overlay), strongest first per point; Black's forbidden points under Renju
/// are not threats of Black's.
pub fn threat_points(game: &Game) -> Vec<(Pos, super::Stone, Threat)> {
    use super::ai::pattern::Combo;
    use super::ai::state::State;
    let state = State::from_game(game);
    let size = game.size();
    let mut out = Vec::new();
    for i in 0..size * size {
        let pos = Pos::from_index(i, size);
        if game.board().get(pos).is_some() {
            continue;
        }
        for stone in [super::Stone::Black, super::Stone::White] {
            let threat = match state.combo(i, stone) {
                Combo::Five => Threat::Five,
                Combo::Flex4 | Combo::Block4Flex3 | Combo::Block4Plus | Combo::Block4 => {
                    Threat::Four
                }
                Combo::Flex3 | Combo::Flex3Plus | Combo::DoubleFlex3 => Threat::OpenThree,
                _ => continue,
            };
            out.push((pos, stone, threat));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rule;

    fn p(x: u8, y: u8) -> Pos {
        Pos::new(x, y)
    }

    fn review(moves: &[Pos]) -> GameReview<Pos> {
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let limits = ReviewLimits {
            per_position: Duration::from_secs(5),
            nodes: Some(150_000),
        };
        review_gomoku(
            &start,
            moves,
            limits,
            &AtomicBool::new(false),
            &Progress::default(),
        )
        .expect("not stopped")
    }

    #[test]
    fn counts_read_as_english() {
        assert_eq!(Grade::Mistake.count(1), "1 mistake");
        assert_eq!(Grade::Mistake.count(4), "4 mistakes");
        assert_eq!(Grade::Inaccuracy.count(2), "2 inaccuracies");
        assert_eq!(Grade::MissedWin.count(3), "3 missed wins");
        assert_eq!(Grade::Blunder.count(0), "0 blunders");
    }

    #[test]
    fn ignoring_a_four_is_a_blunder() {
        // Black makes a four on row 7 (closed at e8 by White); White's 4th move ignores it.
        let moves = [
            p(5, 7),
            p(4, 7),
            p(6, 7),
            p(6, 8),
            p(7, 7),
            p(7, 8),
            p(8, 7),
            p(0, 14), // ignores the four f8-i8
            p(9, 7),  // five
        ];
        let r = review(&moves);
        let ignored = &r.moves[7];
        assert_eq!(ignored.grade, Some(Grade::Blunder), "{ignored:?}");
        assert_eq!(ignored.best, Some(p(9, 7)), "the block");
        assert!(matches!(ignored.after, Outlook::Loss(_)));
        assert_eq!(r.moves[8].grade, Some(Grade::Best), "the five");
        assert_eq!(
            r.curve.len(),
            moves.len() + 1,
            "one point per move and the start"
        );
        assert_eq!(r.turning_point, Some(7));
        assert!(r.summary[1].accuracy < r.summary[0].accuracy);
        assert!(r.summary[1].counts[4] >= 1, "White's blunder is counted");
    }

    #[test]
    fn a_missed_double_four_is_a_missed_win() {
        // Black's closed threes on row 7 and column 8 meet at i8 (8, 7): a double four, a
        // win in 2 by fours alone (a VCF). Black plays far away instead, and White's open
        // three on row 12 becomes an open four.
        let moves = [
            p(5, 7),
            p(4, 7),
            p(6, 7),
            p(8, 3),
            p(7, 7),
            p(2, 12),
            p(8, 4),
            p(3, 12),
            p(8, 5),
            p(4, 12),
            p(8, 6),
            p(14, 14),
            p(14, 0), // misses i8
            p(5, 12),
        ];
        let r = review(&moves);
        let missed = &r.moves[12];
        assert_eq!(missed.grade, Some(Grade::MissedWin), "{missed:?}");
        assert!(
            matches!(missed.before, Outlook::Win(n) if n <= 3),
            "{:?}",
            missed.before
        );
        assert!(
            matches!(missed.after, Outlook::Loss(_)),
            "{:?}",
            missed.after
        );
        assert!(r.summary[0].counts[5] >= 1, "counted for Black");
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

    #[test]
    fn connect_four_reviews_use_exact_scores() {
        // Both stack three discs; Red (to move) could win up the fourth column but plays
        // elsewhere, and Yellow wins up the first.
        let moves = [3, 0, 3, 0, 3, 0, 6, 0];
        let limits = ReviewLimits {
            per_position: Duration::from_secs(2),
            nodes: None,
        };
        let progress = Progress::default();
        let stop = AtomicBool::new(false);
        let r = review_connect4(c4::BoardSize::STANDARD, &moves, limits, &stop, &progress);
        let r = r.unwrap();
        assert_eq!(progress.load(Ordering::Relaxed), moves.len() + 1);
        let missed = &r.moves[6];
        assert_eq!(missed.grade, Some(Grade::MissedWin), "{missed:?}");
        assert_eq!((missed.best, missed.before), (Some(3), Outlook::Win(1)));
        assert_eq!(missed.after, Outlook::Loss(1));
        assert_eq!(r.moves[7].after, Outlook::Win(0), "the four itself");
        assert_eq!(r.moves[7].grade, Some(Grade::Best));
        // The empty board is a first-player win in the solved game.
        assert!(matches!(r.curve[0], Outlook::Win(_)), "{:?}", r.curve[0]);
        assert_eq!(r.turning_point, Some(6));
    }

    #[test]
    fn a_stopped_review_returns_nothing() {
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let stop = AtomicBool::new(true);
        let r = review_gomoku(
            &start,
            &[p(7, 7)],
            ReviewLimits::FAST,
            &stop,
            &Progress::default(),
        );
        assert!(r.is_none());
    }

    #[test]
    fn top_moves_are_distinct_and_best_first() {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        for m in [p(7, 7), p(8, 8), p(7, 8), p(0, 0), p(7, 9)] {
            game.play(m).unwrap();
        }
        // Black threatens an open four on column h: White's blocks come first.
        let mut engine = Engine::default();
        let limits = Limits {
            nodes: Some(100_000),
            ..Limits::default()
        };
        let top = top_moves(&mut engine, &game, 3, &limits, &AtomicBool::new(false));
        assert_eq!(top.len(), 3);
        let moves: Vec<Pos> = top.iter().filter_map(|r| r.best).collect();
        assert!(moves[0] != moves[1] && moves[1] != moves[2] && moves[0] != moves[2]);
        assert!(
            [p(7, 6), p(7, 10)].contains(&moves[0]),
            "a block first: {moves:?}"
        );
        assert!(top[0].score.rank() >= top[1].score.rank());
    }

    #[test]
    fn threat_points_show_fours_and_open_threes() {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        for m in [p(5, 7), p(0, 0), p(6, 7), p(0, 2), p(7, 7)] {
            game.play(m).unwrap();
        }
        let threats = threat_points(&game);
        let black = |pos| {
            threats
                .iter()
                .find(|&&(q, s, _)| q == pos && s == crate::engine::Stone::Black)
                .map(|t| t.2)
        };
        // An open three on row 7: d8 and i8 make open fours.
        assert_eq!(black(p(4, 7)), Some(Threat::Four));
        assert_eq!(black(p(8, 7)), Some(Threat::Four));
        assert_eq!(black(p(10, 10)), None);
        assert!(
            threats
                .iter()
                .all(|&(q, _, _)| game.board().get(q).is_none())
        );
    }
}
