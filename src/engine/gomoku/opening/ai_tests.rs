//! The opening AI: legal and deterministic in every rule, balanced proposals, sensible
//! offers and picks.

use std::sync::atomic::AtomicBool;

use super::ai::{self, PLACE_TWO_BELOW};
use super::tests::{new, p, run};
use super::*;
use crate::engine::gomoku::ai::Level;

/// The AI plays both sides of `opening` from `seed`: legal to the end, and the same again.
fn ai_completes(rule: Rule, opening: OpeningRule, levels: [Level; 2], seed: u64) -> Opening {
    let never = AtomicBool::new(false);
    let mut o = new(rule, opening);
    let taken = ai::play_out(&mut o, levels, seed, &never).unwrap();
    assert!(o.is_done());
    let mut again = new(rule, opening);
    let twice = ai::play_out(&mut again, levels, seed, &never).unwrap();
    assert_eq!(taken, twice, "{opening} seed {seed} is not deterministic");
    let replay = Opening::from_actions(15, rule, opening, &taken).unwrap();
    assert!(replay.is_done());
    o
}

#[test]
fn the_ai_completes_every_rule_legally_and_deterministically() {
    for (rule, opening) in [
        (Rule::Freestyle, OpeningRule::Swap),
        (Rule::Freestyle, OpeningRule::Swap2),
        (Rule::Standard, OpeningRule::Swap2),
        (Rule::Renju, OpeningRule::Yamaguchi),
        (Rule::Renju, OpeningRule::Soosorv8),
        (Rule::Renju, OpeningRule::Taraguchi10),
    ] {
        for (seed, levels) in [
            (1, [Level::Novice, Level::Casual]),
            (2, [Level::Club, Level::Expert]),
        ] {
            let o = ai_completes(rule, opening, levels, seed);
            if rule == Rule::Renju {
                assert!(canonical_opening(o.game()).is_some(), "{opening}");
            }
        }
    }
}

#[test]
fn the_ai_takes_every_swap2_branch_it_should() {
    // Whatever it chose, the result is a finished opening with White to move.
    let never = AtomicBool::new(false);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..6 {
        let mut o = new(Rule::Freestyle, OpeningRule::Swap2);
        let taken = ai::play_out(&mut o, [Level::Club; 2], seed, &never).unwrap();
        assert_eq!(o.game().to_move(), Stone::White);
        if let Some(Action::Choose(c)) = taken.get(3) {
            kinds.insert(c.text());
        }
    }
    assert!(!kinds.is_empty());
}

#[test]
fn the_proposed_swap2_opening_is_balanced() {
    let never = AtomicBool::new(false);
    for seed in 0..4 {
        for level in [Level::Club, Level::Expert] {
            let o =
                ai::propose_balanced(15, Rule::Freestyle, OpeningRule::Swap2, level, seed).unwrap();
            assert_eq!(o.game().ply(), 3);
            assert_eq!(o.step().player(), Some(Player::Second));
            let e = ai::black_eval(o.game(), ai::budget(level).deep, &never);
            assert!(
                e.abs() < PLACE_TWO_BELOW,
                "seed {seed} {level:?}: {e} for {:?}",
                o.actions()
            );
        }
    }
}

#[test]
fn the_ai_picks_the_offer_best_for_white_and_offers_good_moves() {
    let never = AtomicBool::new(false);
    let mut o = new(Rule::Renju, OpeningRule::Yamaguchi);
    run(&mut o, "h8 h9 i9 n=2 stay j12");
    // Offer 1 makes an open three for Black (g7 h8 i9 with j10 free); the other is far away.
    run(&mut o, "offer:g7 offer:b2");
    let a = ai::decide(&o, Level::Club, 0, &never);
    assert_eq!(a, Action::Pick(p("b2")));
    // As Black the AI never offers a point far from the stones when better ones exist.
    let mut o = new(Rule::Renju, OpeningRule::Yamaguchi);
    run(&mut o, "h8 h9 i9 n=2 stay j12");
    let Action::Offer(q) = ai::decide(&o, Level::Club, 0, &never) else {
        panic!("an offer");
    };
    assert!(o.distance(q) <= 4, "{}", q.to_human(15));
}

#[test]
fn a_stopped_ai_still_acts_legally() {
    let stop = AtomicBool::new(true);
    for opening in [
        OpeningRule::Yamaguchi,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ] {
        let mut o = new(Rule::Renju, opening);
        ai::play_out(&mut o, [Level::Master; 2], 7, &stop).unwrap();
        assert!(o.is_done());
    }
    let mut o = new(Rule::Freestyle, OpeningRule::Swap2);
    ai::play_out(&mut o, [Level::Master; 2], 7, &stop).unwrap();
    assert!(o.is_done());
}
