//! Balanced openings for matches between players (the arena, the game's engine matches):
//! three stones near the centre, each meant to be played twice with colours swapped.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::pos::Pos;

/// Openings: Black at the centre, White next to it, Black within two cells. Each is played
/// twice with colours swapped, so the first-move advantage cancels out.
pub fn openings(count: usize, size: usize, seed: u64) -> Vec<Vec<Pos>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let c = (size / 2) as i32;
    let mut out: Vec<Vec<Pos>> = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 100 {
        tries += 1;
        let w = Pos::new(
            (c + rng.random_range(-1..=1)) as u8,
            (c + rng.random_range(-1..=1)) as u8,
        );
        let b2 = Pos::new(
            (c + rng.random_range(-2..=2)) as u8,
            (c + rng.random_range(-2..=2)) as u8,
        );
        let centre = Pos::new(c as u8, c as u8);
        let moves = vec![centre, w, b2];
        if w == centre || b2 == centre || b2 == w || out.contains(&moves) {
            continue;
        }
        out.push(moves);
    }
    out
}
