//! `tune policytrain`: trains the move policy (`ai::policy`) on `tune policygen` data.
//!
//! Each line's position is replayed from its moves and read as the engine reads it
//! (`PolicyInput::of`); the target is the deep search's move, the loss the cross-entropy
//! of the softmax over the candidates. Positions equal under one of the board's eight
//! symmetries are kept once (the first seen). A tenth of the games, by a hash of their
//! number, is held out; on it the command reports the loss, how often the policy's first
//! choice is the search's move (top-1) and how often it is among its first three, next to
//! the same figures for the move picker's pattern tables (`State::move_score`), the order
//! the search uses today.
//!
//! With `--rank-temp T` a ranked file's positions (`policylabel --rank`) are trained
//! towards the softmax of their scored moves' scores over `T` (mixed with the search's move
//! by `--rank-mix`), where the search's score is not a win or a loss; the held-out figures
//! stay against the search's move.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::policy::read_positions;
use super::{arg, fail, num, real};
use gomoku::engine::gomoku::ai::policy::train::softmax;
use gomoku::engine::gomoku::ai::policy::{
    B, CODES, DL, EM, FloatPolicy, LANES, PARAMS, Policy, PolicyInput, TRUNK, U, V,
};
use gomoku::engine::gomoku::ai::state::State;
use gomoku::engine::gomoku::opening::Symmetry;
use gomoku::engine::gomoku::{Game, Pos, Rule};

/// The positions read: each one's input, its target candidate, its game, and the rank of
/// the target in the tables' order (for the comparison).
pub(super) struct Data {
    pub(super) inputs: Vec<PolicyInput>,
    pub(super) target: Vec<usize>,
    /// The training target where it is a distribution (`--rank-temp`): `(candidate,
    /// share)`; empty for the target candidate alone.
    pub(super) soft: Vec<Vec<(usize, f32)>>,
    pub(super) game: Vec<u64>,
    pub(super) table_rank: Vec<usize>,
}

/// The held-out tenth of the games, by a hash of their number.
pub(super) fn held_out(game: u64) -> bool {
    game.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32 & 0xFFFF < 0x10000 / 10
}

/// A key equal for positions equal under a symmetry of the board (stones and side to
/// move): the smallest over the eight images of the sorted stone lists' hash.
fn canonical_key(game: &Game) -> u64 {
    let size = game.size();
    Symmetry::ALL
        .iter()
        .filter_map(|s| {
            let mut stones: Vec<(u8, u16)> = Vec::with_capacity(game.history().len());
            for m in game.history() {
                let p = s.apply(m.pos, size)?;
                stones.push((m.stone.index() as u8, p.index(size) as u16));
            }
            stones.sort_unstable();
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for (c, i) in stones {
                for b in [c, (i >> 8) as u8, i as u8] {
                    h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
                }
            }
            Some(h)
        })
        .min()
        .unwrap_or(0)
}

/// Reads `path` (a policygen file, or the `.tmp` of a run still going), keeping `rule`'s
/// positions (all rules for `None`); `keep` sees each position kept, in order (what an
/// experiment reads beyond the policy's input).
pub(super) fn load(
    path: &str,
    rule: Option<Rule>,
    ranking: Option<(f32, f32)>,
    mut keep: impl FnMut(&State, &Game),
) -> (Data, usize, usize) {
    let mut data = Data {
        inputs: Vec::new(),
        target: Vec::new(),
        soft: Vec::new(),
        game: Vec::new(),
        table_rank: Vec::new(),
    };
    let mut seen = std::collections::HashSet::new();
    let (mut duplicates, mut outside) = (0, 0);
    for p in read_positions(path) {
        let at = |what: &str| format!("{path} line {}: {what}", p.line);
        if rule.is_some_and(|r| r != p.rule) {
            continue;
        }
        let mut game = Game::new(15, p.rule).unwrap_or_else(|e| fail(&at(&e.to_string())));
        for &m in &p.moves {
            game.play(Pos::from_index(m, 15))
                .unwrap_or_else(|e| fail(&at(&format!("move {m}: {e}"))));
        }
        let best = p.best;
        if !seen.insert(canonical_key(&game)) {
            duplicates += 1;
            continue;
        }
        let st = State::from_game(&game);
        let input = PolicyInput::of(&st);
        let Some(target) = input
            .candidates
            .iter()
            .position(|c| c.point as usize == best)
        else {
            // A move far from every stone (the first, or a rare defence): not the policy's.
            outside += 1;
            continue;
        };
        let me = st.side();
        let score = |k: usize| st.move_score(input.candidates[k].point as usize, me);
        let t = score(target);
        // Ties count against the tables: the search's order among them is its own.
        let rank = (0..input.candidates.len())
            .filter(|&k| k != target && score(k) >= t)
            .count();
        let soft = match ranking {
            Some((temp, mix)) if p.score.abs() < WIN_SCORES && !p.scored.is_empty() => {
                ranking_target(&input, &p.scored, target, temp, mix)
            }
            _ => Vec::new(),
        };
        keep(&st, &game);
        data.inputs.push(input);
        data.target.push(target);
        data.soft.push(soft);
        data.game.push(p.game as u64);
        data.table_rank.push(rank);
    }
    (data, duplicates, outside)
}

/// Scores from here on are wins or losses (`20000 - plies`): no ranking target there.
const WIN_SCORES: i32 = 10_000;

/// The target distribution of a ranked position: the softmax of its scored moves' scores
/// over `temp` (moves outside the candidates left out, scores of wins and losses held to
/// +-`WIN_SCORES`), `mix` of it, the rest on the search's move `target`.
fn ranking_target(
    input: &PolicyInput,
    scored: &[(usize, i32)],
    target: usize,
    temp: f32,
    mix: f32,
) -> Vec<(usize, f32)> {
    let known: Vec<(usize, f32)> = scored
        .iter()
        .filter_map(|&(m, v)| {
            let k = input
                .candidates
                .iter()
                .position(|c| c.point as usize == m)?;
            Some((k, v.clamp(-WIN_SCORES, WIN_SCORES) as f32 / temp))
        })
        .collect();
    let shares = softmax(&known.iter().map(|&(_, l)| l).collect::<Vec<_>>());
    let mut out: Vec<(usize, f32)> = known
        .iter()
        .zip(shares)
        .map(|(&(k, _), s)| (k, mix * s))
        .collect();
    out.push((
        target,
        (1.0 - out.iter().map(|&(_, s)| s).sum::<f32>()).max(0.0),
    ));
    out
}

/// Initial parameters: small random shape vectors, lanes starting inside the clipped
/// ReLU's slope, a small random head (V smaller: it sums the board's 128 lanes).
fn init(rng: &mut StdRng) -> FloatPolicy {
    let mut net = FloatPolicy::zeros();
    let p = &mut net.params;
    for v in &mut p[EM..B] {
        *v = rng.random_range(-0.1..0.1);
    }
    for v in &mut p[U..V] {
        *v = rng.random_range(-0.2..0.2);
    }
    for v in &mut p[V..DL] {
        *v = rng.random_range(-0.03..0.03);
    }
    for v in &mut p[DL..PARAMS] {
        *v = rng.random_range(-0.1..0.1);
    }
    for j in 0..LANES {
        p[B + j] = 0.3;
    }
    net
}

/// The summed gradient and loss of positions `ix`.
fn grad_of(net: &FloatPolicy, data: &Data, ix: &[usize]) -> (Vec<f32>, f64) {
    let mut grad = vec![0.0f32; PARAMS];
    let mut loss = 0.0f64;
    for &i in ix {
        let a = net.forward(&data.inputs[i]);
        loss += match data.soft[i].as_slice() {
            [] => net.backward(&data.inputs[i], &a, data.target[i], &mut grad),
            soft => net.backward_to(&data.inputs[i], &a, soft, &mut grad),
        } as f64;
    }
    (grad, loss)
}

/// How many other candidates' logits reach the target `t`'s (0: the policy's first
/// choice; ties count against it).
pub(super) fn rank_of<T: PartialOrd>(logits: &[T], t: usize) -> usize {
    (0..logits.len())
        .filter(|&k| k != t && logits[k] >= logits[t])
        .count()
}

/// Mean loss, top-1 and top-3 shares over positions `held` of the logits `logits_of(i)`
/// against the search's move (`tune policymix` measures its own model with it).
pub(super) fn figures(
    data: &Data,
    held: &[usize],
    logits_of: impl Fn(usize) -> Vec<f32>,
) -> (f64, f64, f64) {
    let (mut loss, mut top1, mut top3) = (0.0f64, 0, 0);
    for &i in held {
        let logits = logits_of(i);
        let t = data.target[i];
        loss -= (softmax(&logits)[t].max(1e-12) as f64).ln();
        let rank = rank_of(&logits, t);
        top1 += usize::from(rank == 0);
        top3 += usize::from(rank < 3);
    }
    let n = held.len().max(1) as f64;
    (loss / n, top1 as f64 / n, top3 as f64 / n)
}

/// Held-out figures: mean loss, top-1 and top-3 shares.
fn measure(net: &FloatPolicy, data: &Data, held: &[usize]) -> (f64, f64, f64) {
    figures(data, held, |i| net.forward(&data.inputs[i]).logits)
}

/// Held-out top-1 and top-3 shares of the engine's integer policy (the float one rounded).
fn measure_integer(net: &FloatPolicy, data: &Data, held: &[usize]) -> (f64, f64) {
    let q = Policy::quantize(net, "the trained policy").unwrap_or_else(|e| fail(&e));
    let (mut top1, mut top3) = (0, 0);
    for &i in held {
        let input = &data.inputs[i];
        let codes: Vec<[u16; 2]> = input.candidates.iter().map(|c| c.codes).collect();
        let recent: Vec<[u8; 2]> = input.candidates.iter().map(|c| c.recent).collect();
        let mut logits = vec![0; codes.len()];
        q.logits(&q.head(&input.trunk), &codes, &recent, &mut logits);
        let rank = rank_of(&logits, data.target[i]);
        top1 += usize::from(rank == 0);
        top3 += usize::from(rank < 3);
    }
    let n = held.len().max(1) as f64;
    (top1 as f64 / n, top3 as f64 / n)
}

pub(super) fn train() {
    let path = arg("--data").unwrap_or_else(|| fail("policytrain needs --data FILE"));
    let out = arg("--out").unwrap_or_else(|| fail("policytrain needs --out FILE"));
    let rule = super::rule_arg();
    let epochs = num("--epochs", 10) as usize;
    let seed = num("--seed", 1);
    let threads = num("--threads", 1).clamp(1, 2) as usize;
    let batch = num("--batch", 256).max(1) as usize;
    let lr0 = real("--lr", 2e-3) as f32;
    let decay = real("--decay", 0.8) as f32;
    let start = std::time::Instant::now();

    let temp = real("--rank-temp", 0.0) as f32;
    let rank = (temp > 0.0).then(|| (temp, real("--rank-mix", 1.0).clamp(0.0, 1.0) as f32));
    let (data, duplicates, outside) = load(&path, rule, rank, |_, _| {});
    let (mut train_ix, held): (Vec<usize>, Vec<usize>) =
        (0..data.inputs.len()).partition(|&i| !held_out(data.game[i]));
    if train_ix.is_empty() || held.is_empty() {
        fail(&format!(
            "{path}: {} positions{}: too few to train and hold some out",
            data.inputs.len(),
            rule.map_or(String::new(), |r| format!(" of {}", r.name()))
        ));
    }
    let candidates: usize = held.iter().map(|&i| data.inputs[i].candidates.len()).sum();
    if rank.is_some() {
        let ranked = data.soft.iter().filter(|s| !s.is_empty()).count();
        println!("  ranking target (--rank-temp {temp}) on {ranked} positions");
    }
    println!(
        "tune policytrain: {} positions ({duplicates} duplicates under symmetry and {outside} \
         with the move far from the stones left out) in {:.0} s; {} training, {} held out \
         ({:.1} candidates a position)",
        data.inputs.len(),
        start.elapsed().as_secs_f64(),
        train_ix.len(),
        held.len(),
        candidates as f64 / held.len() as f64
    );
    let share = |f: &dyn Fn(usize) -> bool| {
        held.iter().filter(|&&i| f(data.table_rank[i])).count() as f64 / held.len() as f64
    };
    println!(
        "  pattern tables (today's order) on held-out: top-1 {:.1}%, top-3 {:.1}%",
        100.0 * share(&|r| r == 0),
        100.0 * share(&|r| r < 3)
    );
    let uniform = held
        .iter()
        .map(|&i| (data.inputs[i].candidates.len() as f64).ln())
        .sum::<f64>()
        / held.len() as f64;
    println!("  uniform policy: held-out loss {uniform:.4}");

    let mut rng = StdRng::seed_from_u64(seed);
    let mut net = init(&mut rng);
    if let Some(file) = arg("--init") {
        // A policy to go on from, or (with --epochs 0) only to measure on this data: how
        // the shipped policy does against deeper labels.
        let bytes = std::fs::read(&file).unwrap_or_else(|e| fail(&format!("{file}: {e}")));
        net = FloatPolicy::from_bytes(&bytes).unwrap_or_else(|e| fail(&format!("{file}: {e}")));
        let (loss, top1, top3) = measure(&net, &data, &held);
        let (int1, int3) = measure_integer(&net, &data, &held);
        println!(
            "  {file} on held-out: loss {loss:.4}, top-1 {:.1}%, top-3 {:.1}% (integer {:.1}%, {:.1}%)",
            100.0 * top1,
            100.0 * top3,
            100.0 * int1,
            100.0 * int3
        );
    }
    let mut adam = super::adam::Adam::new(PARAMS);
    println!(
        "  epoch   lr        train loss  held-out loss  top-1    top-3    (integer top-1, top-3)  seconds"
    );
    for epoch in 0..epochs {
        let lr = lr0 * decay.powi(epoch as i32);
        train_ix.shuffle(&mut rng);
        let mut total = 0.0f64;
        for chunk in train_ix.chunks(batch) {
            let (grad, loss) =
                super::adam::summed(chunk, threads, PARAMS, |c| grad_of(&net, &data, c));
            total += loss;
            adam.update(&mut net.params, &grad, 1.0 / chunk.len() as f32, lr, 0);
            // Inside what the engine's integer policy takes.
            net.clamp();
        }
        let (loss, top1, top3) = measure(&net, &data, &held);
        let (int1, int3) = measure_integer(&net, &data, &held);
        println!(
            "  {:>5}   {lr:.2e}  {:.4}      {loss:.4}         {:.1}%    {:.1}%    ({:.1}%, {:.1}%)         {:.0}",
            epoch + 1,
            total / train_ix.len() as f64,
            100.0 * top1,
            100.0 * top3,
            100.0 * int1,
            100.0 * int3,
            start.elapsed().as_secs_f64()
        );
        // Written after every epoch (whole) so a stopped run leaves a policy.
        super::write_whole(&out, &net.to_bytes());
    }
    if epochs == 0 {
        return;
    }
    println!(
        "  written to {out} ({} bytes: {CODES} codes x {LANES} lanes, {TRUNK} board lanes) in {:.0} s",
        24 + 4 * PARAMS,
        start.elapsed().as_secs_f64()
    );
}
