//! The policy's tests: its input (the candidates, their codes, the board's accumulators, the
//! same under the board's symmetries), the backward pass against finite differences, the
//! weights file, and the integer pass against the float one.

use super::train::softmax;
use super::*;
use crate::engine::gomoku::ai::pattern::pcode;
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::Pos;
use crate::engine::gomoku::rules::{Rule, winning_line};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// A game of `moves` random legal moves near the centre (not over), from `seed`.
fn random_game(rule: Rule, moves: usize, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(15, rule).unwrap();
    while game.history().len() < moves {
        let legal: Vec<Pos> = game
            .board()
            .empty_points()
            .filter(|p| (4..11).contains(&p.x) && (4..11).contains(&p.y))
            .filter(|&p| game.check_move(p).is_ok())
            .collect();
        let &p = legal.choose(&mut rng).unwrap();
        if game.play(p).unwrap().is_over() {
            return random_game(rule, moves, seed + 1000);
        }
    }
    game
}

#[test]
fn the_input_is_every_near_playable_point_with_both_colours_codes() {
    let game = random_game(Rule::Freestyle, 12, 1);
    let st = State::from_game(&game);
    let input = PolicyInput::of(&st);
    let size = 15;
    let expected: Vec<u16> = (0..size * size)
        .filter(|&i| st.near(i) && st.playable(i))
        .map(|i| i as u16)
        .collect();
    let points: Vec<u16> = input.candidates.iter().map(|c| c.point).collect();
    assert_eq!(points, expected);
    assert!(!points.is_empty());
    let me = st.side();
    for c in &input.candidates {
        let i = c.point as usize;
        for (k, colour) in [me, me.opponent()].into_iter().enumerate() {
            let pats = std::array::from_fn(|d| st.line(i, colour, d));
            assert_eq!(c.codes[k] as usize, pcode(pats), "point {i}");
        }
    }
    // Where it lies from the last two moves.
    let [last, before] = [1, 2].map(|k| game.history()[game.history().len() - k].pos.index(size));
    for c in &input.candidates {
        let i = c.point as usize;
        assert_eq!(
            c.recent,
            [last, before].map(|m| recent_bucket(i, Some(m), size))
        );
    }
    // The board's input is the value network's accumulators, side to move first, clipped.
    let acc = st.accumulators().expect("freestyle has a network");
    let (me, opp) = (me.index(), me.opponent().index());
    for j in 0..ACC {
        assert_eq!(input.trunk[j], acc[me][j].clamp(0, QA as i16));
        assert_eq!(input.trunk[ACC + j], acc[opp][j].clamp(0, QA as i16));
    }
    assert!(input.trunk.iter().any(|&v| v > 0 && v < QA as i16));
}

#[test]
fn a_recent_move_s_buckets_are_its_lines_then_its_neighbourhood() {
    let at = |x: usize, y: usize| x + 15 * y;
    let m = Some(at(7, 7));
    assert_eq!(recent_bucket(at(8, 8), m, 15), 0, "diagonal neighbour");
    assert_eq!(recent_bucket(at(7, 11), m, 15), 3, "four down its column");
    assert_eq!(recent_bucket(at(7, 12), m, 15), 6, "five away");
    assert_eq!(
        recent_bucket(at(9, 8), m, 15),
        4,
        "a knight's move off its lines"
    );
    assert_eq!(recent_bucket(at(10, 8), m, 15), 5);
    assert_eq!(recent_bucket(at(11, 8), m, 15), 6);
    assert_eq!(recent_bucket(at(8, 8), None, 15), 7, "no move");
}

#[test]
fn a_point_forbidden_to_black_is_no_candidate_and_white_sees_no_code_there() {
    // Black's 3 x 3 at (7,7): open threes through it on the row and the column.
    let mut game = Game::new(15, Rule::Renju).unwrap();
    let moves = [
        (5, 7),
        (10, 0),
        (6, 7),
        (10, 2),
        (7, 5),
        (10, 4),
        (7, 6),
        (12, 12),
    ];
    for (x, y) in moves {
        game.play(Pos::new(x, y)).unwrap();
    }
    let forbidden = Pos::new(7, 7).index(15);
    assert!(game.check_move(Pos::new(7, 7)).is_err(), "a double three");
    let st = State::from_game(&game);
    let black = PolicyInput::of(&st);
    assert!(
        black
            .candidates
            .iter()
            .all(|c| c.point as usize != forbidden)
    );
    // White to move: the point is White's to play, and Black's code there is none.
    game.play(Pos::new(0, 14)).unwrap();
    let st = State::from_game(&game);
    let white = PolicyInput::of(&st);
    let c = white
        .candidates
        .iter()
        .find(|c| c.point as usize == forbidden);
    assert_eq!(c.map(|c| c.codes[1]), Some(NO_CODE));
}

/// `p`'s image under the `s`-th of the eight symmetries of the 15 x 15 board (rotations,
/// then the same after a mirror). Here, not `opening::Symmetry`: the AI does not import the
/// opening rules, which import it.
fn image(s: u8, p: Pos) -> Pos {
    let (x, y) = (p.x as i32 - 7, p.y as i32 - 7);
    let (x, y) = match s {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        3 => (y, -x),
        4 => (-x, y),
        5 => (x, -y),
        6 => (y, x),
        _ => (-y, -x),
    };
    Pos::new((x + 7) as u8, (y + 7) as u8)
}

#[test]
fn the_board_s_symmetries_give_the_same_input() {
    let game = random_game(Rule::Freestyle, 15, 7);
    let input = PolicyInput::of(&State::from_game(&game));
    let sorted = |i: &PolicyInput| {
        let mut codes: Vec<[u16; 2]> = i.candidates.iter().map(|c| c.codes).collect();
        codes.sort_unstable();
        (codes, i.trunk)
    };
    for s in 0..8 {
        let mut other = Game::new(15, Rule::Freestyle).unwrap();
        for m in game.history() {
            other.play(image(s, m.pos)).unwrap();
        }
        let other = PolicyInput::of(&State::from_game(&other));
        assert_eq!(sorted(&other), sorted(&input), "symmetry {s}");
    }
}

/// A net of small random parameters, lanes inside the clipped ReLU's slope.
fn random_net(seed: u64) -> FloatPolicy {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut net = FloatPolicy::zeros();
    for v in &mut net.params {
        *v = rng.random_range(-0.3..0.3);
    }
    for j in 0..LANES {
        net.params[B + j] = 0.5;
    }
    net
}

/// Checks `grad` at the parameters `checks` against central differences of `loss`; returns
/// how many of them are not zero.
fn check_gradients(
    net: &mut FloatPolicy,
    checks: &[usize],
    grad: &[f32],
    loss: impl Fn(&FloatPolicy) -> f64,
) -> usize {
    let mut checked = 0;
    for &at in checks {
        let eps = 1e-3;
        let keep = net.params[at];
        net.params[at] = keep + eps;
        let up = loss(net);
        net.params[at] = keep - eps;
        let down = loss(net);
        net.params[at] = keep;
        let numeric = (up - down) / (2.0 * eps as f64);
        assert!(
            (numeric - grad[at] as f64).abs() < 2e-3 + 0.02 * numeric.abs(),
            "parameter {at}: numeric {numeric}, backward {}",
            grad[at]
        );
        checked += usize::from(grad[at] != 0.0);
    }
    checked
}

#[test]
fn the_backward_pass_is_the_loss_s_gradient() {
    let game = random_game(Rule::Freestyle, 10, 3);
    let input = PolicyInput::of(&State::from_game(&game));
    let mut net = random_net(5);
    let target = input.candidates.len() / 2;
    let loss = |net: &FloatPolicy| {
        let probs = softmax(&net.forward(&input).logits);
        -(probs[target] as f64).ln()
    };
    let mut grad = vec![0.0; PARAMS];
    let a = net.forward(&input);
    let l = net.backward(&input, &a, target, &mut grad);
    assert!((l as f64 - loss(&net)).abs() < 1e-5);
    // One parameter of each part the position uses.
    let c = input.candidates[target].codes;
    let lit = input.trunk.iter().position(|&v| v > 0).unwrap();
    let checks = [
        EM + c[0] as usize * LANES + 3,
        EO + c[1] as usize * LANES + 7,
        B + 1,
        U + 6,
        V + 9 * TRUNK + lit,
        V + 2 * TRUNK + lit,
        dl_at(0, input.candidates[target].recent[0]) + 8,
    ];
    let checked = check_gradients(&mut net, &checks, &grad, loss);
    assert!(
        checked >= 5,
        "only {checked} of the gradients checked are not zero"
    );
}

/// The same against a target distribution (a ranking target): the loss is its
/// cross-entropy, the gradient that loss's, and a one-hot distribution is the plain pass.
#[test]
fn the_backward_pass_to_a_distribution_is_its_gradient() {
    let game = random_game(Rule::Freestyle, 12, 4);
    let input = PolicyInput::of(&State::from_game(&game));
    let mut net = random_net(6);
    let n = input.candidates.len();
    let target = [(0, 0.5f32), (n / 3, 0.3), (n - 1, 0.2)];
    let loss = |net: &FloatPolicy| {
        let probs = softmax(&net.forward(&input).logits);
        -target
            .iter()
            .map(|&(k, t)| t as f64 * (probs[k] as f64).ln())
            .sum::<f64>()
    };
    let a = net.forward(&input);
    let mut grad = vec![0.0; PARAMS];
    let l = net.backward_to(&input, &a, &target, &mut grad);
    assert!((l as f64 - loss(&net)).abs() < 1e-5, "{l} {}", loss(&net));
    let mut one_hot = vec![0.0; PARAMS];
    let mut plain = vec![0.0; PARAMS];
    net.backward_to(&input, &a, &[(2, 1.0)], &mut one_hot);
    net.backward(&input, &a, 2, &mut plain);
    assert_eq!(one_hot, plain);
    let checks = [
        B + 1,
        U + 6,
        EM + input.candidates[0].codes[0] as usize * LANES + 3,
    ];
    let checked = check_gradients(&mut net, &checks, &grad, loss);
    assert!(checked >= 2, "only {checked} gradients are not zero");
}

#[test]
fn the_weights_file_reads_back_and_a_wrong_one_says_why() {
    let net = random_net(9);
    let bytes = net.to_bytes();
    assert_eq!(FloatPolicy::from_bytes(&bytes).unwrap(), net);
    let err = FloatPolicy::from_bytes(&bytes[..bytes.len() - 4]).unwrap_err();
    assert!(err.contains("bytes of parameters"), "{err}");
    let err = FloatPolicy::from_bytes(b"GMKNNUE\0....").unwrap_err();
    assert!(err.contains("not a policy file"), "{err}");
    let mut other = bytes.clone();
    other[20] = 64;
    assert!(
        FloatPolicy::from_bytes(&other)
            .unwrap_err()
            .contains("dimensions")
    );
}

/// The integer pass (what the search reads) ranks as the float one: its logits within 0.05
/// nat of the float pass's on positions of random games of each rule, after rounding every
/// parameter once.
#[test]
fn the_integer_policy_gives_the_float_logits() {
    let mut worst = 0.0f32;
    for (k, rule) in Rule::ALL.into_iter().enumerate() {
        let net = random_net(20 + k as u64);
        let q = Policy::quantize(&net, "t").unwrap();
        for seed in 0..6 {
            let game = random_game(rule, 8 + 5 * seed as usize, 40 + seed);
            let input = PolicyInput::of(&State::from_game(&game));
            let float = net.forward(&input).logits;
            let m = q.head(&input.trunk);
            let codes: Vec<[u16; 2]> = input.candidates.iter().map(|c| c.codes).collect();
            let recent: Vec<[u8; 2]> = input.candidates.iter().map(|c| c.recent).collect();
            let mut out = vec![0; codes.len()];
            q.logits(&m, &codes, &recent, &mut out);
            for (f, &i) in float.iter().zip(&out) {
                worst = worst.max((f - i as f32 / net::LOGIT_SCALE as f32).abs());
            }
        }
    }
    assert!(worst < 0.05, "{worst}");
}

/// The code chosen at run time (AVX2 where the CPU has it) gives the portable code's
/// integers exactly, lanes at both clips included.
#[test]
fn the_wide_code_gives_the_portable_logits() {
    let mut rng = StdRng::seed_from_u64(8);
    let mut f = random_net(31);
    for v in &mut f.params {
        *v *= 4.0;
    }
    f.clamp();
    let q = Policy::quantize(&f, "t").unwrap();
    for _ in 0..200 {
        let x: [i16; TRUNK] = std::array::from_fn(|_| rng.random_range(0..=QA as i16));
        let m = q.head(&x);
        assert_eq!(m, q.head_portable(&x));
        let codes: Vec<[u16; 2]> = (0..40)
            .map(|_| [0, 1].map(|_| rng.random_range(0..CODES as u16)))
            .collect();
        let recent: Vec<[u8; 2]> = (0..40)
            .map(|_| [0, 1].map(|_| rng.random_range(0..BUCKETS as u8)))
            .collect();
        let (mut a, mut b) = (vec![0; 40], vec![0; 40]);
        q.logits(&m, &codes, &recent, &mut a);
        q.logits_portable(&m, &codes, &recent, &mut b);
        assert_eq!(a, b);
        assert!(a.iter().any(|&v| v != 0));
    }
}

/// A parameter beyond the integer range is an error naming the file and the parameter.
#[test]
fn a_policy_beyond_the_integer_range_is_refused() {
    for at in [EM + 5, V + 3 * TRUNK + 1, U + 2] {
        let mut f = random_net(4);
        f.params[at] = 1000.0;
        let e = Policy::quantize(&f, "big.bin").err().expect("refused");
        assert!(
            e.starts_with("big.bin: ") && e.contains(&format!("parameter {at} ")),
            "{e}"
        );
        f.clamp();
        assert!(Policy::quantize(&f, "big.bin").is_ok());
    }
    let e = Policy::from_bytes(b"nothing", "x.bin").err().unwrap();
    assert!(
        e.starts_with("x.bin: ") && e.contains("not a policy file"),
        "{e}"
    );
}

/// The committed policy loads, and where the side to move must stop the other side's five
/// its first choice is a block nearly always, where it has a five to make, a five most of
/// the time (an untrained policy's first choice is one of some 80 candidates). Fives to
/// make are rare in its data, self-play where a four is always blocked (about 80% of them
/// here against 100% of the blocks; the search looks for a five before any ordering).
#[test]
fn the_built_in_policy_plays_the_forced_moves() {
    let mut cases = [0usize; 2];
    let mut right = [0usize; 2];
    for rule in Rule::ALL {
        let Some((bytes, name)) = built_in(rule) else {
            continue;
        };
        let policy = Policy::from_bytes(bytes, name).unwrap();
        for seed in 0..400u64 {
            let game = random_game(rule, 9 + (seed % 24) as usize, 500 + seed);
            let me = game.to_move();
            let fives = |stone| -> Vec<Pos> {
                game.board()
                    .empty_points()
                    .filter(|&p| winning_line(game.board(), p, stone, rule).is_some())
                    .collect()
            };
            let (mine, theirs) = (fives(me), fives(me.opponent()));
            let (kind, want) = match (mine.is_empty(), theirs.is_empty()) {
                (false, _) => (0, mine),
                (true, false) => (1, theirs),
                (true, true) => continue,
            };
            let input = PolicyInput::of(&State::from_game(&game));
            let m = policy.head(&input.trunk);
            let codes: Vec<[u16; 2]> = input.candidates.iter().map(|c| c.codes).collect();
            let recent: Vec<[u8; 2]> = input.candidates.iter().map(|c| c.recent).collect();
            let mut out = vec![0; codes.len()];
            policy.logits(&m, &codes, &recent, &mut out);
            let best = (0..out.len()).max_by_key(|&i| out[i]).unwrap();
            let point = Pos::from_index(input.candidates[best].point as usize, 15);
            cases[kind] += 1;
            right[kind] += want.contains(&point) as usize;
        }
    }
    for (kind, share) in [(0, 60), (1, 95)] {
        assert!(cases[kind] >= 20, "{cases:?}: too few positions to judge");
        assert!(
            right[kind] * 100 >= cases[kind] * share,
            "{right:?} of {cases:?} (fives of its own, blocks)"
        );
    }
}
