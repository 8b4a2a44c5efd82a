//! Building the opening book: enumerate the early positions, solve the deepest with the
//! solver, back the scores up. Apart from the book's format (`book`), so that the solver,
//! which reads books, and the builder, which runs the solver, do not import each other.

use std::collections::{HashMap, HashSet};

use super::book::OpeningBook;
use super::position::Position;
use super::solver::{Solver, win_now_score};

/// Progress report of [`build`]: a position was solved.
#[derive(Clone, Copy, Debug)]
pub struct Solved {
    /// Positions handled so far at the book's depth, and their total.
    pub done: usize,
    pub total: usize,
    /// Canonical key and score of the newly solved position.
    pub key: u64,
    pub score: i8,
}

/// Builds a book rooted at `root` (normally the empty board): exact scores of every position
/// with up to `depth` more stones, plus the best reply (most central on ties) to each position
/// at that depth.
///
/// Only the deepest positions are solved; shallower scores are backed up from their children.
/// `cache` holds scores by canonical key: entries found there are not solved again (resuming
/// an interrupted run), and new ones are added and reported to `on_solved` (for progress and
/// checkpoints).
pub fn build(
    root: &Position,
    depth: usize,
    solver: &mut Solver,
    cache: &mut HashMap<u64, i8>,
    mut on_solved: impl FnMut(Solved),
) -> OpeningBook {
    let levels = enumerate(root, depth);
    let deepest = &levels[depth];
    let total = deepest.len();
    let mut entries: HashMap<u64, i8> = HashMap::new();
    for (i, p) in deepest.iter().enumerate() {
        let key = p.canonical_key();
        let score = match cache.get(&key) {
            Some(&s) => s,
            None => {
                let s = solver.solve(p) as i8;
                cache.insert(key, s);
                on_solved(Solved {
                    done: i + 1,
                    total,
                    key,
                    score: s,
                });
                s
            }
        };
        entries.insert(key, score);
        // The best reply: already cached from an earlier run, or found by null-window tests.
        let target = i32::from(score);
        let known = p.size().centre_order().into_iter().find_map(|c| {
            let child = child_position(p, c)?;
            let s = *cache.get(&child.canonical_key())?;
            (-i32::from(s) == target).then_some(child)
        });
        let reply = known.or_else(|| {
            let col = solver.move_with_score(p, target)?;
            let child = child_position(p, col)?;
            let s = (-target) as i8;
            cache.insert(child.canonical_key(), s);
            on_solved(Solved {
                done: i + 1,
                total,
                key: child.canonical_key(),
                score: s,
            });
            Some(child)
        });
        // No child entry when the best move wins at once (or the board is full).
        if let Some(child) = reply {
            entries.insert(child.canonical_key(), (-target) as i8);
        }
    }
    for ply in (0..depth).rev() {
        for p in &levels[ply] {
            let best = (0..p.width())
                .filter(|&c| p.can_play(c))
                .filter_map(|c| {
                    if p.is_winning_move(c) {
                        return Some(win_now_score(p));
                    }
                    let child = child_position(p, c)?;
                    entries.get(&child.canonical_key()).map(|&s| -i32::from(s))
                })
                .max()
                // Only a full board has no move; it is a draw.
                .unwrap_or(0);
            entries.insert(p.canonical_key(), best as i8);
        }
    }
    OpeningBook::from_entries(
        root.size(),
        root.moves_played() + depth + 1,
        entries.into_iter().collect(),
    )
}

/// `p` after playing `col`, unless the move is illegal or ends the game.
fn child_position(p: &Position, col: usize) -> Option<Position> {
    let mut child = *p;
    child.try_play(col).ok()?;
    Some(child)
}

/// Positions reachable from `root` by 0..=depth moves without finishing the game, one per
/// mirror pair, by number of added stones, in depth-first discovery order (consecutive
/// positions then share subtrees in the solver's table).
pub fn enumerate(root: &Position, depth: usize) -> Vec<Vec<Position>> {
    let base = root.moves_played();
    let mut levels: Vec<Vec<Position>> = vec![Vec::new(); depth + 1];
    let mut seen: Vec<HashSet<u64>> = vec![HashSet::new(); depth + 1];
    let mut stack = vec![*root];
    while let Some(p) = stack.pop() {
        let level = p.moves_played() - base;
        if !seen[level].insert(p.canonical_key()) {
            continue;
        }
        levels[level].push(p);
        if level < depth {
            // Pushed right to left so the leftmost child comes first.
            stack.extend((0..p.width()).rev().filter_map(|c| child_position(&p, c)));
        }
    }
    levels
}
