//! Level 1: the greedy per-point scorer of the classic write-ups.
//!
//! Every empty point is valued by the five-cell windows ("tuples") through it in the four
//! directions: a window holding only our stones is worth more the more stones it holds
//! (attack), one holding only the opponent's is worth blocking (defence). No look-ahead.

use rand::{Rng, RngExt};

use super::{Score, SearchResult};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{DIRECTIONS, Pos, Stone};

/// Value of a window by how many of our stones it holds (none of the opponent's).
const ATTACK: [i64; 5] = [7, 35, 800, 15_000, 800_000];
/// Value of blocking a window by how many opponent stones it holds (none of ours).
const DEFENCE: [i64; 5] = [7, 15, 400, 1_800, 100_000];

/// The greedy value of `pos` for `me` to play.
pub fn point_value(game: &Game, pos: Pos, me: Stone) -> i64 {
    let board = game.board();
    let size = board.size();
    let mut total = 0;
    for (dx, dy) in DIRECTIONS {
        // Windows of five cells that contain `pos`: they start 0..=4 cells before it.
        for start in -4..=0 {
            let mut mine = 0;
            let mut theirs = 0;
            let mut fits = true;
            for k in start..start + 5 {
                match pos.offset(dx, dy, k, size) {
                    None => {
                        fits = false;
                        break;
                    }
                    Some(p) if p == pos => {}
                    Some(p) => match board.get(p) {
                        Some(s) if s == me => mine += 1,
                        Some(_) => theirs += 1,
                        None => {}
                    },
                }
            }
            if !fits {
                continue;
            }
            if theirs == 0 {
                total += ATTACK[mine];
            }
            if mine == 0 {
                total += DEFENCE[theirs];
            }
        }
    }
    total
}

/// Plays the best-valued legal point; ties and near-ties (within `noise` percent) are broken
/// at random so the level does not repeat itself.
pub fn choose(game: &Game, rng: &mut impl Rng, noise: u32) -> SearchResult {
    let me = game.to_move();
    let mut scored: Vec<(i64, Pos)> = game
        .board()
        .empty_points()
        .map(|p| (point_value(game, p, me), p))
        .collect();
    scored.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
    // Renju: skip forbidden points (checked lazily, best first).
    let legal: Vec<(i64, Pos)> = scored
        .into_iter()
        .filter(|&(_, p)| game.check_move(p).is_ok())
        .take(8)
        .collect();
    let Some(&(top, _)) = legal.first() else {
        return SearchResult::instant(None, Score::Eval(0));
    };
    let floor = top - top * noise as i64 / 100;
    let near: Vec<Pos> = legal
        .iter()
        .filter(|&&(v, _)| v >= floor)
        .map(|&(_, p)| p)
        .collect();
    let pick = near[rng.random_range(0..near.len())];
    SearchResult::instant(Some(pick), Score::Eval(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::rules::Rule;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn completes_five_and_blocks_four() {
        let mut rng = StdRng::seed_from_u64(1);
        // Black has four in a row: Black to move completes it.
        let mut g = Game::new(15, Rule::Freestyle).unwrap();
        for x in 3..7 {
            g.place(Pos::new(x, 7), Stone::Black).unwrap();
        }
        g.place(Pos::new(2, 7), Stone::White).unwrap();
        g.set_to_move(Stone::Black);
        assert_eq!(choose(&g, &mut rng, 0).best, Some(Pos::new(7, 7)));
        // White to move must block at the same point.
        g.set_to_move(Stone::White);
        assert_eq!(choose(&g, &mut rng, 0).best, Some(Pos::new(7, 7)));
    }
}
