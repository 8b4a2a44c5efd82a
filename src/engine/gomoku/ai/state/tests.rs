//! The State's tests: incremental updates against boards built from scratch, the
//! network's accumulators and values, the evaluation's features and move scores.

use super::super::pattern::PATTERN_COUNT;
use super::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// The parameters with `mix` the tables' share in a network's value.
fn mixed(mix: f32) -> super::super::params::Params {
    super::super::params::Params {
        nnue_mix: mix,
        ..super::super::params::Params::DEFAULT
    }
}

/// No share of the tables mixed into a network's value: its own.
fn net_alone() -> super::super::params::Params {
    mixed(0.0)
}

/// Plays a random legal move; `None` when there is none or the game has ended.
fn play_random(game: &mut Game, rng: &mut StdRng) -> Option<Pos> {
    let legal: Vec<Pos> = game
        .board()
        .empty_points()
        .filter(|&p| game.check_move(p).is_ok())
        .collect();
    let &p = legal.choose(rng)?;
    (!game.play(p).unwrap().is_over()).then_some(p)
}

/// Everything `make` and `unmake` keep up to date equals `fresh`'s.
fn assert_same(st: &State, fresh: &State, what: &str) {
    assert_eq!(st.totals, fresh.totals, "{what}");
    assert_eq!(st.counts, fresh.counts, "{what}");
    assert_eq!(st.hash(), fresh.hash(), "{what}");
    assert_eq!(st.stones, fresh.stones, "{what}");
    assert_eq!(st.near, fresh.near, "{what}");
    assert_eq!(st.combos, fresh.combos, "{what}");
    for i in 0..225 {
        for c in 0..2 {
            let (a, b) = (&st.cells[i][c], &fresh.cells[i][c]);
            assert_eq!(a.keys, b.keys, "{what} point {i}");
            if st.stones[i] == 0 {
                // An occupied point keeps the shapes it had when it was played.
                assert_eq!(
                    (a.pats, a.cidx, a.combo, a.value, a.eval),
                    (b.pats, b.cidx, b.combo, b.value, b.eval),
                    "{what} point {i} colour {c}"
                );
            }
        }
    }
}

/// Incremental updates agree with a state built from scratch after random play, and
/// unmaking move by move gives back each earlier position exactly.
#[test]
fn incremental_matches_scratch() {
    let mut rng = StdRng::seed_from_u64(7);
    for rule in Rule::ALL {
        let mut game = Game::new(15, rule).unwrap();
        let mut st = State::from_game(&game);
        for _ in 0..80 {
            let Some(p) = play_random(&mut game, &mut rng) else {
                break;
            };
            st.make(p);
            assert_eq!(st.hash(), game.hash());
            assert_same(&st, &State::from_game(&game), &format!("{rule:?} make"));
        }
        while st.ply() > 0 {
            st.unmake();
            game.undo().unwrap();
            assert_same(&st, &State::from_game(&game), &format!("{rule:?} unmake"));
        }
        assert_eq!(game.history().len(), 0);
    }
}

/// With a colour's head, positions with that colour to move are valued by it and the
/// others by the rule net (or the other colour's head), all from the same
/// accumulators; each head differs from the net on the way.
#[test]
fn a_colour_head_values_its_colour_to_move() {
    let base_f = nnue::random_net(21);
    let leak = |f: &nnue::FloatNet| -> &'static Net {
        Box::leak(Box::new(Net::quantize(f, "test").unwrap()))
    };
    let net = leak(&base_f);
    let (black, white) = (
        leak(&nnue::random_head(&base_f, 22)),
        leak(&nnue::random_head(&base_f, 24)),
    );
    let mut rng = StdRng::seed_from_u64(23);
    for rule in Rule::ALL {
        for heads in [
            [None, Some(white)],
            [Some(black), None],
            [Some(black), Some(white)],
        ] {
            let mut game = Game::new(15, rule).unwrap();
            let mut st = State::with_nets(&game, Some(net), heads);
            let mut differ = [false; 2];
            for _ in 0..40 {
                let Some(p) = play_random(&mut game, &mut rng) else {
                    break;
                };
                st.make(p);
                let acc = st.accumulators().unwrap();
                let (me, opp) = (st.side().index(), st.side().opponent().index());
                let by = |n: &Net| n.evaluate(&acc[me], &acc[opp]);
                let expected = by(heads[me].unwrap_or(net));
                assert_eq!(
                    st.evaluate_with(&net_alone()),
                    expected,
                    "{rule:?} ply {}",
                    st.ply()
                );
                differ[me] |= expected != by(net);
            }
            assert_eq!(differ, heads.map(|h| h.is_some()), "{rule:?}");
            // Without a net there are no heads either: the tables value both colours.
            let tables = State::with_nets(&game, None, heads);
            assert!(tables.accumulators().is_none());
            assert_eq!(tables.evaluate(), State::with_net(&game, None).evaluate());
        }
    }
}

/// The network's accumulators, brought up to date lazily after random makes and
/// unmakes (checked after some of them only, so that several levels catch up at once),
/// equal ones recomputed from `eval_pcodes`, and the evaluation is the network's; also
/// when unmaking below a state's first position.
#[test]
fn nnue_accumulators_follow_make_and_unmake() {
    let net: &'static Net = Box::leak(Box::new(
        Net::quantize(&nnue::random_net(9), "random").unwrap(),
    ));
    let mut rng = StdRng::seed_from_u64(13);
    for rule in Rule::ALL {
        let mut game = Game::new(15, rule).unwrap();
        let mut st = State::with_net(&game, Some(net));
        let check = |st: &State| {
            let pc = st.eval_pcodes();
            let sparse = super::super::nnue::sparse;
            let (me, opp) = (
                net.accumulate(&sparse(&pc[0])),
                net.accumulate(&sparse(&pc[1])),
            );
            let acc = st.accumulators().unwrap();
            let side = st.side().index();
            assert_eq!(acc[side], me, "{rule:?} ply {}", st.ply());
            assert_eq!(acc[1 - side], opp, "{rule:?} ply {}", st.ply());
            assert_eq!(st.evaluate_with(&net_alone()), net.evaluate(&me, &opp));
        };
        for _ in 0..60 {
            // Now and then take back a few moves, then play on.
            if rng.random_range(0..4) == 0 {
                for _ in 0..rng.random_range(1..=3usize).min(st.ply()) {
                    st.unmake();
                    game.undo();
                    if rng.random_range(0..3) == 0 {
                        check(&st);
                    }
                }
            }
            let Some(p) = play_random(&mut game, &mut rng) else {
                break;
            };
            st.make(p);
            if rng.random_range(0..3) == 0 {
                check(&st);
            }
        }
        check(&st);
        // A state built in the middle of the game, taken back to the start.
        let mut mid = State::with_net(&game, Some(net));
        while mid.ply() > 0 {
            mid.unmake();
            check(&mid);
        }
        while st.ply() > 0 {
            st.unmake();
        }
        check(&st);
        let fresh = State::with_net(&Game::new(15, rule).unwrap(), Some(net));
        assert_eq!(st.accumulators(), fresh.accumulators());
    }
}

/// The network's value under `nnue_mix`: moved toward the tables' value by the mix's
/// share (all the way at 1); the tables' value ignores it.
#[test]
fn network_value_mixes_with_the_tables_by_its_share() {
    let mut rng = StdRng::seed_from_u64(29);
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    let net = nnue::net_for(Rule::Freestyle, true).expect("freestyle has a net");
    let mut differ = 0;
    for _ in 0..30 {
        let st = State::with_net(&game, Some(net));
        let tables = State::with_net(&game, None);
        let p0 = net_alone();
        let (v, t) = (st.evaluate_with(&p0), tables.evaluate_with(&p0));
        assert_eq!(tables.evaluate_with(&mixed(0.5)), t);
        assert_eq!(st.evaluate_with(&mixed(1.0)), t);
        let half = st.evaluate_with(&mixed(0.5));
        assert!(
            (half - (v + t) / 2).abs() <= 1,
            "{half} not between {v} and {t}"
        );
        differ += (v != t) as u32;
        if play_random(&mut game, &mut rng).is_none() {
            break;
        }
    }
    assert!(differ > 10, "the net and tables never differed: {differ}");
}

/// With the switch on, a position of a rule with a committed net (all three now) is
/// valued by it: the integer evaluation within 0.05 logit of the float net's output (the
/// trainer measured at most 0.037 held out), and not the tables' value; a rule without
/// one keeps the tables (no accumulators, the tables' value); with the switch off, no
/// rule has a net.
#[test]
fn nnue_switch_picks_the_rules_net() {
    use super::nnue::FloatNet;
    let mut rng = StdRng::seed_from_u64(17);
    let alone = net_alone();
    for rule in Rule::ALL {
        assert!(nnue::net_for(rule, false).is_none());
        let float = nnue::built_in(rule).map(|(b, name)| FloatNet::from_bytes(b, name));
        assert_eq!(nnue::net_for(rule, true).is_some(), float.is_some());
        let mut game = Game::new(15, rule).unwrap();
        let mut differ = 0;
        for _ in 0..40 {
            let st = State::with_net(&game, nnue::net_for(rule, true));
            let tables = State::with_net(&game, None);
            match &float {
                None => {
                    assert!(st.accumulators().is_none());
                    assert_eq!(st.evaluate(), tables.evaluate());
                }
                Some(f) => {
                    let f = f.as_ref().unwrap();
                    let pc = st.eval_pcodes();
                    let sparse = super::super::nnue::sparse;
                    let y = f.forward([&sparse(&pc[0]), &sparse(&pc[1])]).y;
                    let want = (y * f.k).clamp(-10_000.0, 10_000.0);
                    let got = st.evaluate_with(&alone) as f32;
                    assert!(
                        (got - want).abs() <= 0.05 * f.k + 1.0,
                        "{rule:?} ply {}: {got} vs {want}",
                        st.ply()
                    );
                    differ += usize::from(st.evaluate_with(&alone) != tables.evaluate());
                }
            }
            if play_random(&mut game, &mut rng).is_none() {
                break;
            }
        }
        // The net, not the tables, valued the positions.
        assert!(float.is_none() || differ > 10, "{rule:?}: {differ}");
    }
}

/// The evaluation is exactly the model `tune fit` fits: the tables applied to the
/// features `eval_features` and `eval_pcodes` report, plus the threat table at the mask
/// of the combo counts, in random positions of every rule and for either side to move.
#[test]
fn evaluation_is_the_fitted_model_of_the_features() {
    use super::super::eval_table::{EVAL_SCALE, table};
    use super::super::pattern::{PCODE_COUNT, threat_mask};
    let mut rng = StdRng::seed_from_u64(11);
    let mut masks = std::collections::HashSet::new();
    for rule in Rule::ALL {
        for _ in 0..6 {
            let mut game = Game::new(15, rule).unwrap();
            for _ in 0..40 {
                // The tables, also where the network is switched on.
                let st = State::with_net(&game, None);
                // The set of the rule and the side to move values both sides.
                let eval = table(rule, game.to_move());
                let f = st.eval_features();
                let pc = st.eval_pcodes();
                let count = |k: usize, c: Combo| f[k][PATTERN_COUNT + c as usize];
                let mask = threat_mask(count);
                masks.insert(mask);
                let mut v = eval.threat[mask] as i32;
                for k in 0..2 {
                    let sign = if k == 0 { 1 } else { -1 };
                    let (lines, combos) = f[k].split_at(PATTERN_COUNT);
                    let dot = |w: &[i32], x: &[u32]| -> i32 {
                        w.iter().zip(x).map(|(&a, &b)| a * b as i32).sum()
                    };
                    let pcodes: i32 = (eval.pcode[k].iter().zip(&pc[k]))
                        .map(|(&a, &b)| a as i32 * b as i32)
                        .sum();
                    assert_eq!(combos.len(), COMBO_COUNT);
                    assert_eq!(pc[k].len(), PCODE_COUNT);
                    v += sign * (dot(&eval.line[k], lines) + dot(&eval.combo[k], combos) + pcodes);
                }
                assert_eq!(st.evaluate(), v / EVAL_SCALE, "{rule:?} ply {}", game.ply());
                if play_random(&mut game, &mut rng).is_none() {
                    break;
                }
            }
        }
    }
    // The positions had threats of several kinds, not just an empty mask.
    assert!(masks.len() >= 8, "{masks:?}");
}

/// The threat mask names the side to move's threats in its low bits, the other side's
/// in its high bits.
#[test]
fn threat_mask_sorts_threats_by_side() {
    use super::super::pattern::threat_mask;
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    // Black: an open two on row 7; White: a three against the edge on row 0.
    for (x, y) in [(6, 7), (0, 0), (7, 7), (1, 0), (12, 12), (2, 0)] {
        game.play(Pos::new(x, y)).unwrap();
    }
    // Black to move: it has open-three points (its two); White has four points on row 0
    // (a three at the edge is closed: a four needs (3,0) and then (4,0)).
    let st = State::from_game(&game);
    let mask = threat_mask(|k, c| {
        let side = if k == 0 { Stone::Black } else { Stone::White };
        st.count(side, c)
    });
    assert_ne!(mask & 0b1100, 0, "black's three points: {mask:b}");
    assert_ne!(mask & 0b110_0000, 0, "white's four points: {mask:b}");
    assert_eq!(mask & 0b11, 0, "black has no four point: {mask:b}");
    assert_eq!(
        mask & 0b1_1001_0000,
        0,
        "white has no three point: {mask:b}"
    );
}

/// The move picker's scores put our open four above blocking the opponent's open three,
/// and that above a point with no shape.
#[test]
fn move_scores_rank_threats() {
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    for (x, y) in [(7, 7), (2, 12), (8, 7), (3, 12), (9, 7), (4, 12)] {
        game.play(Pos::new(x, y)).unwrap();
    }
    let st = State::from_game(&game);
    let score = |x, y| st.move_score(Pos::new(x, y).index(15), Stone::Black);
    assert!(
        score(10, 7) > score(5, 12),
        "{} {}",
        score(10, 7),
        score(5, 12)
    );
    assert!(
        score(5, 12) > score(12, 2),
        "{} {}",
        score(5, 12),
        score(12, 2)
    );
}
