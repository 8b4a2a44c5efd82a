//! Gomoku's review: one search per position (with VCT), and the analysis board's top moves
//! and threat overlay.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Analysis, GameReview, Outlook, Progress, ReviewLimits, assemble, terminal};
use crate::engine::gomoku::ai::{Engine, Limits, SearchResult};
use crate::engine::gomoku::{Game, Outcome, Pos};

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
                let r: SearchResult = engine.think(
                    &game,
                    &search_limits,
                    stop,
                    &mut crate::engine::gomoku::ai::NoInfo,
                );
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
        let r = engine.think(game, &limits, stop, &mut crate::engine::gomoku::ai::NoInfo);
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
pub fn threat_points(game: &Game) -> Vec<(Pos, crate::engine::gomoku::Stone, Threat)> {
    use crate::engine::gomoku::ai::pattern::Combo;
    use crate::engine::gomoku::ai::state::State;
    let state = State::from_game(game);
    let size = game.size();
    let mut out = Vec::new();
    for i in 0..size * size {
        let pos = Pos::from_index(i, size);
        if game.board().get(pos).is_some() {
            continue;
        }
        for stone in [
            crate::engine::gomoku::Stone::Black,
            crate::engine::gomoku::Stone::White,
        ] {
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
    use std::time::Duration;

    use super::super::Grade;
    use super::*;
    use crate::engine::gomoku::Rule;

    fn p(x: u8, y: u8) -> Pos {
        Pos::new(x, y)
    }

    fn review(moves: &[Pos]) -> GameReview<Pos> {
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let limits = ReviewLimits {
            per_position: Duration::from_secs(600),
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
                .find(|&&(q, s, _)| q == pos && s == crate::engine::gomoku::Stone::Black)
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
