//! Connect Four's review: positions solved exactly with the opening book when the time
//! allows, the others judged by a depth-limited search.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{Analysis, GameReview, Outlook, Progress, ReviewLimits, assemble, terminal};
use crate::engine::connect4 as c4;
use crate::engine::connect4::record::moves_to_end;

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
        nodes: limits.nodes,
        ..c4::Limits::default()
    };
    let mut searcher = c4::Searcher::new(size, 20);
    let mut rng = StdRng::seed_from_u64(0);
    let mut game = c4::Game::new(size);
    let mut analyses = Vec::with_capacity(played.len() + 1);
    // The exact score of the last position and its best column, when solved: the best move
    // keeps that score exactly (negated for the other side), so the next position's result
    // is known without solving it and the curve does not fall from a proven result to a
    // guess along the best line.
    let mut known: Option<(usize, i32)> = None;
    for i in 0..=played.len() {
        if i > 0 {
            game.play(played[i - 1]).ok()?;
        }
        let moves_played = game.moves().len();
        analyses.push(match game.outcome() {
            c4::Outcome::Win { .. } => {
                known = None;
                terminal(Outlook::Loss(0))
            }
            c4::Outcome::Draw => {
                known = None;
                terminal(Outlook::Draw)
            }
            c4::Outcome::Ongoing => {
                let choice = ai
                    .choose_move_in_game(c4::Level::Perfect, &game, &ai_limits, &mut rng, stop)
                    .ok()?;
                let inherited = match known {
                    Some((best, score)) if i > 0 && played[i - 1] == best => Some(-score),
                    _ => None,
                };
                // Only a solved position's column is known to keep its score.
                known = choice.score.map(|s| (choice.column, s));
                let outlook = match choice.score.or(inherited) {
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::Grade;
    use super::*;

    #[test]
    fn connect_four_reviews_use_exact_scores() {
        // Both stack three discs; Red (to move) could win up the fourth column but plays
        // elsewhere, and Yellow wins up the first.
        let moves = [3, 0, 3, 0, 3, 0, 6, 0];
        // A node budget, not a time: the same review however busy the machine (the time
        // only guards against a hang).
        let limits = ReviewLimits {
            per_position: Duration::from_secs(600),
            nodes: Some(1_000_000),
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

    /// Early positions that neither the book nor the node budget settles are judged by the
    /// depth-limited search instead of being solved for as long as the machine needs, and the
    /// same budget gives the same review twice.
    #[test]
    fn a_node_budget_bounds_the_review_and_makes_it_reproducible() {
        let moves = [3, 0, 3, 0, 3, 0, 3];
        let limits = ReviewLimits {
            per_position: Duration::from_secs(600),
            nodes: Some(50_000),
        };
        let run = || {
            let stop = AtomicBool::new(false);
            let progress = Progress::default();
            analyse_connect4(c4::BoardSize::STANDARD, &moves, limits, &stop, &progress).unwrap()
        };
        let first = run();
        assert_eq!(first.len(), moves.len() + 1);
        let outlooks: Vec<Outlook> = first.iter().map(|a| a.outlook).collect();
        let again: Vec<Outlook> = run().iter().map(|a| a.outlook).collect();
        assert_eq!(outlooks, again, "the same budget, the same review");
        // Two discs in: far beyond 50,000 nodes to solve exactly, so not a proven result.
        assert!(
            matches!(outlooks[2], Outlook::Eval(_) | Outlook::Unknown),
            "{:?}",
            outlooks[2]
        );
        // Red threatens to complete the column: proven at once whatever the budget.
        assert_eq!(outlooks[6], Outlook::Win(1));
        assert_eq!(first[6].best, Some(3));
    }
}
