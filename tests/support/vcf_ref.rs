//! An independent, deliberately simple VCF solver over the rules core only (no AI code):
//! the reference the engine's threat search is checked against.

use gomoku::engine::gomoku::{Game, Outcome, Pos, Stone};

/// Points where `stone` would win now (`game` is not modified in the end).
pub fn five_points(game: &mut Game, stone: Stone, near: Option<Pos>) -> Vec<Pos> {
    let size = game.size();
    let cands: Vec<Pos> = match near {
        // New five points of a stone just played lie on its lines within four cells.
        Some(p) => {
            let mut v = Vec::new();
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                for k in -4..=4 {
                    if let Some(q) = p.offset(dx, dy, k, size) {
                        v.push(q);
                    }
                }
            }
            v
        }
        None => game.board().points().collect(),
    };
    let saved = game.to_move();
    let mut out = Vec::new();
    for q in cands {
        if !game.board().is_empty_at(q) || out.contains(&q) {
            continue;
        }
        if game.check_placement(q, stone).is_err() {
            continue;
        }
        game.place(q, stone).unwrap();
        if matches!(game.outcome(), Outcome::Win { .. }) {
            out.push(q);
        }
        game.undo();
    }
    game.set_to_move(saved);
    out
}

fn near_stones(game: &Game, p: Pos) -> bool {
    let size = game.size();
    (-2..=2).any(|dy| {
        (-2..=2).any(|dx| {
            p.offset(dx, dy, 1, size)
                .is_some_and(|q| game.board().get(q).is_some())
        })
    })
}

/// Does the side to move win by continuous fours within `moves` of its own moves
/// (the five included)?
pub fn vcf_within(game: &mut Game, moves: u32) -> bool {
    let me = game.to_move();
    let opp = me.opponent();
    if !five_points(game, me, None).is_empty() {
        return true;
    }
    if moves < 2 || !five_points(game, opp, None).is_empty() {
        return false;
    }
    let points: Vec<Pos> = game
        .board()
        .empty_points()
        .filter(|&p| near_stones(game, p) && game.check_move(p).is_ok())
        .collect();
    for p in points {
        game.play(p).unwrap();
        let fives = five_points(game, me, Some(p));
        let wins = match fives.len() {
            0 => false,
            1 => {
                let b = fives[0];
                if game.check_move(b).is_err() {
                    true // the defender may not block there (Renju)
                } else {
                    game.play(b).unwrap();
                    let w =
                        five_points(game, opp, Some(b)).is_empty() && vcf_within(game, moves - 1);
                    game.undo();
                    w
                }
            }
            _ => true,
        };
        game.undo();
        if wins {
            return true;
        }
    }
    false
}

/// The fewest own moves of a VCF win for the side to move, up to `max`.
pub fn min_vcf(game: &Game, max: u32) -> Option<u32> {
    let mut g = game.clone();
    (1..=max).find(|&n| vcf_within(&mut g, n))
}
