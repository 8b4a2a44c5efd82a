//! Level 2: the shape-priority scorer of the classic write-ups.
//!
//! Every empty point is classified by what each side would make there across its four lines
//! (five, open four, four-three, double three, open three, ... see [`Combo`]). The best
//! attacking point is played when it outranks the opponent's best point, otherwise the
//! opponent's best point is taken away. No look-ahead.

use rand::{Rng, RngExt};

use super::pattern::Combo;
use super::state::State;
use super::{Score, SearchResult};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::Pos;

/// The best point for `c`: highest combo, then highest value; ties broken at random.
fn best_for(
    st: &State,
    game: &Game,
    c: crate::engine::gomoku::pos::Stone,
    rng: &mut impl Rng,
) -> Option<(Combo, i16, Pos)> {
    let size = st.size();
    let mut best: Vec<(Combo, i16, Pos)> = Vec::new();
    for i in 0..size * size {
        if !st.is_empty(i) || !(st.near(i) || st.board().stone_count() == 0) {
            continue;
        }
        let key = (st.combo(i, c), st.value(i, c));
        match best.first() {
            Some(&(bc, bv, _)) if (bc, bv) > key => continue,
            Some(&(bc, bv, _)) if (bc, bv) < key => best.clear(),
            _ => {}
        }
        best.push((key.0, key.1, Pos::from_index(i, size)));
    }
    // Only legal points (Renju) for the side to move; the opponent's best is a target anyway.
    best.retain(|&(_, _, p)| c != game.to_move() || game.check_move(p).is_ok());
    if best.is_empty() {
        return None;
    }
    Some(best[rng.random_range(0..best.len())])
}

pub fn choose(game: &Game, rng: &mut impl Rng) -> SearchResult {
    if game.board().stone_count() == 0 {
        let c = (game.size() / 2) as u8;
        return SearchResult::instant(Some(Pos::new(c, c)), Score::Eval(0));
    }
    let st = State::from_game(game);
    let me = game.to_move();
    let attack = best_for(&st, game, me, rng);
    let defend =
        best_for(&st, game, me.opponent(), rng).filter(|&(_, _, p)| game.check_move(p).is_ok());
    let pick = match (attack, defend) {
        (Some(a), Some(d)) if a.0 >= Combo::Flex3 || d.0 >= Combo::Flex3 => {
            // Threats decide by rank; on equal rank the side to move gets there first.
            if a.0 >= d.0 { a.2 } else { d.2 }
        }
        (Some(_), Some(_)) => {
            // Quiet position: the point that builds our shapes and spoils theirs at once.
            let them = me.opponent();
            let size = st.size();
            let mut best: Vec<(i32, Pos)> = Vec::new();
            for i in 0..size * size {
                let p = Pos::from_index(i, size);
                if !st.is_empty(i) || !st.near(i) || game.check_move(p).is_err() {
                    continue;
                }
                let v = st.value(i, me) as i32 * 5 + st.value(i, them) as i32 * 4;
                match best.first() {
                    Some(&(bv, _)) if bv > v => continue,
                    Some(&(bv, _)) if bv < v => best.clear(),
                    _ => {}
                }
                best.push((v, p));
            }
            best[rng.random_range(0..best.len())].1
        }
        (Some(a), None) => a.2,
        (None, Some(d)) => d.2,
        (None, None) => match super::legal_moves(game).first() {
            Some(&p) => p,
            None => return SearchResult::instant(None, Score::Eval(0)),
        },
    };
    SearchResult::instant(Some(pick), Score::Eval(0))
}
