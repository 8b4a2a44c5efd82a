//! `tune nnue`: trains the pattern-bag network (`ai::nnue`) on format 2 data.
//!
//! Target: `lambda` x game result + (1 - lambda) x sigmoid(search score / K), wins and
//! losses (|score| >= 10,000) counted as 1 and 0; loss: cross-entropy of sigmoid(logit)
//! against it. Games whose index hashes to 0 mod 20 (5%) are held out. Adam, mini-batches,
//! the first layer's gradient only on the codes a position has.

use std::io::BufRead;

use gomoku::engine::gomoku::ai::eval_table::{EVAL_SCALE, TABLES};
use gomoku::engine::gomoku::ai::nnue::{self, FloatNet, Net, PARAMS};
use gomoku::engine::gomoku::ai::pattern::threat_mask;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::data::{FORMAT2, pcode_pairs, rule_index};
use super::{COMBOS, F, PATTERNS, arg, fail, num, real};

/// The logistic scale of the tables (`tune fit`'s K for freestyle): win chance =
/// sigmoid(eval / K).
pub(super) const K: f32 = 238.3;

/// The positions, their histograms in one flat array.
struct Data {
    game: Vec<u32>,
    result: Vec<f32>,
    score: Vec<i32>,
    quiet: Vec<bool>,
    /// The tables' evaluation (before rounding), for comparison.
    table: Vec<f32>,
    /// Start of each position's pairs in `pairs`, and the split between side to move and
    /// waiting side: `pairs[start[i]..mid[i]]`, `pairs[mid[i]..start[i + 1]]`.
    start: Vec<u32>,
    mid: Vec<u32>,
    pairs: Vec<(u16, u16)>,
}

impl Data {
    fn new() -> Data {
        Data {
            game: Vec::new(),
            result: Vec::new(),
            score: Vec::new(),
            quiet: Vec::new(),
            table: Vec::new(),
            start: vec![0],
            mid: Vec::new(),
            pairs: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.game.len()
    }

    fn pcs(&self, i: usize) -> [&[(u16, u16)]; 2] {
        let (a, m, b) = (
            self.start[i] as usize,
            self.mid[i] as usize,
            self.start[i + 1] as usize,
        );
        [&self.pairs[a..m], &self.pairs[m..b]]
    }

    fn append(&mut self, other: Data) {
        let base = self.pairs.len() as u32;
        self.game.extend(other.game);
        self.result.extend(other.result);
        self.score.extend(other.score);
        self.quiet.extend(other.quiet);
        self.table.extend(other.table);
        self.start.extend(other.start[1..].iter().map(|s| s + base));
        self.mid.extend(other.mid.iter().map(|s| s + base));
        self.pairs.extend(other.pairs);
    }
}

/// What `load` keeps of a file: positions of `rule`, with `colour` to move when given (0
/// Black, 1 White), all of them or the quiet ones, a share `keep` of them by a seeded draw.
#[derive(Clone, Copy)]
struct Select {
    rule: usize,
    colour: Option<usize>,
    quiet_only: bool,
    keep: f64,
    seed: u64,
}

/// Reads one format 2 file's positions that `sel` selects. Games are numbered apart per
/// file (`file` x 10^8). A bad line stops with its file and line number.
fn load(path: &str, file: usize, sel: Select) -> Data {
    let Select {
        rule,
        colour,
        quiet_only,
        keep,
        seed,
    } = sel;
    let f = std::fs::File::open(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let mut r = std::io::BufReader::with_capacity(1 << 20, f);
    let mut line = String::new();
    let mut d = Data::new();
    let mut rng = StdRng::seed_from_u64(seed ^ (file as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let table = TABLES[0];
    let mut n = 0usize;
    let mut v: Vec<f64> = Vec::new();
    loop {
        line.clear();
        n += 1;
        match r.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => fail(&format!("{path} line {n}: {e}")),
        }
        if n == 1 {
            if line.trim_end() != FORMAT2 {
                fail(&format!("{path}: not a format 2 file (tune gen --all)"));
            }
            continue;
        }
        let bad = |what: &str| -> ! { fail(&format!("{path} line {n}: {what}")) };
        // Cheap filter on rule and quiet before parsing the whole line.
        let mut head = line.split_ascii_whitespace();
        let (Some(_), Some(_), Some(r_), Some(c_), Some(_), Some(q)) = (
            head.next(),
            head.next(),
            head.next(),
            head.next(),
            head.next(),
            head.next(),
        ) else {
            bad("a format 2 line needs game, result, rule, colour, score and quiet");
        };
        if r_.parse::<usize>().ok() != Some(rule)
            || colour.is_some_and(|c| c_.parse::<usize>().ok() != Some(c))
            || (quiet_only && q != "1")
        {
            continue;
        }
        if keep < 1.0 && rng.random::<f64>() >= keep {
            continue;
        }
        v.clear();
        for t in line.split_ascii_whitespace() {
            v.push(
                t.parse()
                    .unwrap_or_else(|_| bad(&format!("'{t}' is not a number"))),
            );
        }
        if v.len() < 6 + 2 * F + 2 {
            bad(&format!(
                "{} fields, expected at least {}",
                v.len(),
                8 + 2 * F
            ));
        }
        let x = &v[6..6 + 2 * F];
        // The tables' evaluation, as `State::evaluate` computes it (its test shows the
        // formula), before the integer division.
        let mask = threat_mask(|k, c| x[k * F + PATTERNS + c as usize] as u32);
        let mut tv = table.threat[mask] as f64;
        let sides = pcode_pairs(&v, 6 + 2 * F).unwrap_or_else(|e| bad(&e));
        let mut mid = 0;
        for (k, pairs) in sides.into_iter().enumerate() {
            let sign = if k == 0 { 1.0 } else { -1.0 };
            let mut s = 0.0;
            for p in 0..PATTERNS {
                s += table.line[k][p] as f64 * x[k * F + p];
            }
            for c in 0..COMBOS {
                s += table.combo[k][c] as f64 * x[k * F + PATTERNS + c];
            }
            for pair in pairs.chunks_exact(2) {
                let (code, count) = (pair[0], pair[1]);
                s += table.pcode[k][code as usize] as f64 * count;
                d.pairs.push((code as u16, count as u16));
            }
            tv += sign * s;
            if k == 0 {
                mid = d.pairs.len();
            }
        }
        d.game.push((file * 100_000_000 + v[0] as usize) as u32);
        d.result.push(v[1] as f32);
        d.score.push(v[4] as i32);
        d.quiet.push(v[5] == 1.0);
        d.table.push((tv / EVAL_SCALE as f64) as f32);
        d.mid.push(mid as u32);
        d.start.push(d.pairs.len() as u32);
    }
    d
}

pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A position's training target: `lambda` x its game's `result` (0 to 1) + the rest x
/// the search's `score` as a win chance, wins and losses (|score| >= 10,000) as 1 and 0.
pub(super) fn value_target(score: i32, result: f32, lambda: f32) -> f32 {
    let from_score = if score >= 10_000 {
        1.0
    } else if score <= -10_000 {
        0.0
    } else {
        sigmoid(score as f32 / K)
    };
    lambda * result + (1.0 - lambda) * from_score
}

/// Cross-entropy of probability `p` against target `t`.
pub(super) fn xent(p: f32, t: f32) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6) as f64;
    let t = t as f64;
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// Held out: 5% of the games, by a hash of their number (not by file order).
fn held_out(game: u32) -> bool {
    (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32 & 0xFFFF < 0x10000 / 20
}

/// Initial weights: small first layer (counts reach 200), a positive bias so lanes start
/// inside the clipped ReLU's range, He-like head.
fn init(rng: &mut StdRng) -> FloatNet {
    use nnue::{ACC, B1, B2, B3, B4, H1, H2, IN2, W1, W2, W3, W4};
    let mut p = vec![0.0f32; PARAMS];
    let mut fill = |range: std::ops::Range<usize>, a: f32| {
        for v in &mut p[range] {
            *v = rng.random_range(-a..a);
        }
    };
    fill(W1..B1, 0.01);
    fill(W2..B2, (6.0 / IN2 as f32).sqrt());
    fill(W3..B3, (6.0 / H1 as f32).sqrt());
    fill(W4..B4, (6.0 / H2 as f32).sqrt());
    for v in &mut p[B1..B1 + ACC] {
        *v = 0.5;
    }
    for v in &mut p[B2..B2 + H1] {
        *v = 0.1;
    }
    for v in &mut p[B3..B3 + H2] {
        *v = 0.1;
    }
    FloatNet { params: p, k: K }
}

pub(super) fn train() {
    let paths = arg("--data").unwrap_or_else(|| fail("nnue needs --data FILE[,FILE...]"));
    let out = arg("--out").unwrap_or_else(|| fail("nnue needs --out FILE"));
    let rule = super::rule_arg().map_or(0, rule_index);
    let epochs = num("--epochs", 8) as usize;
    let seed = num("--seed", 1);
    let threads = num("--threads", 1).clamp(1, 2) as usize;
    let batch = num("--batch", 1024).max(1) as usize;
    let lr0 = real("--lr", 1e-3) as f32;
    let decay = real("--decay", 0.7) as f32;
    let lambda = real("--lambda", 0.5) as f32;
    let keep = real("--keep", 1.0);
    let quiet_only = arg("--quiet").is_some();
    // A colour's own head (`nnue::heads_for`): its positions only.
    let colour = super::colour_arg().map(|c| c.index());
    let sel = Select {
        rule,
        colour,
        quiet_only,
        keep,
        seed,
    };
    let start = std::time::Instant::now();

    // Files read two at a time (the machine's cores), appended in file order.
    let files: Vec<&str> = paths.split(',').collect();
    let mut data = Data::new();
    for (i0, chunk) in files.chunks(threads).enumerate() {
        let parts: Vec<Data> = std::thread::scope(|s| {
            let hs: Vec<_> = chunk
                .iter()
                .enumerate()
                .map(|(j, path)| {
                    let f = i0 * threads + j;
                    s.spawn(move || load(path, f, sel))
                })
                .collect();
            hs.into_iter()
                .map(|h| h.join().unwrap_or_else(|_| fail("a loader thread failed")))
                .collect()
        });
        for p in parts {
            data.append(p);
        }
    }
    let target: Vec<f32> = (0..data.len())
        .map(|i| value_target(data.score[i], data.result[i], lambda))
        .collect();
    let (mut train_ix, mut held): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    for i in 0..data.len() {
        if held_out(data.game[i]) {
            held.push(i);
        } else {
            train_ix.push(i);
        }
    }
    let games = {
        let mut g = data.game.clone();
        g.dedup();
        g.len()
    };
    println!(
        "tune nnue: {} positions ({} quiet) of {games} games from {} file(s) in {:.0} s; {} \
         training, {} held out; {}; target {lambda} x result + {} x sigmoid(score / {K})",
        data.len(),
        data.quiet.iter().filter(|&&q| q).count(),
        files.len(),
        start.elapsed().as_secs_f64(),
        train_ix.len(),
        held.len(),
        if quiet_only {
            "quiet positions only"
        } else {
            "all positions"
        },
        1.0 - lambda
    );

    // The tables on the held-out positions, for comparison: against the target, against
    // the result alone, and the latter on quiet positions only (what `tune fit` reports).
    let report = |name: &str, eval: &dyn Fn(usize) -> f32| {
        let (mut lt, mut lr, mut lq, mut nq) = (0.0, 0.0, 0.0, 0usize);
        for &i in &held {
            let p = sigmoid(eval(i) / K);
            lt += xent(p, target[i]);
            let r = xent(p, data.result[i]);
            lr += r;
            if data.quiet[i] {
                lq += r;
                nq += 1;
            }
        }
        let n = held.len().max(1) as f64;
        println!(
            "  {name}: held-out loss {:.5} (vs result {:.5}; quiet only, vs result {:.5})",
            lt / n,
            lr / n,
            lq / nq.max(1) as f64
        );
    };
    report("tables", &|i| data.table[i]);

    let mut rng = StdRng::seed_from_u64(seed);
    let mut net = match arg("--init") {
        Some(path) => {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
            FloatNet::from_bytes(&bytes, &path).unwrap_or_else(|e| fail(&e))
        }
        None => init(&mut rng),
    };
    // `--freeze-w1`: the first layer rounded to the engine's integer grid and held, the
    // head fitted to it. With counts of up to 200 points, W1's rounding alone moves the
    // accumulators by a few hundredths; the head learns to live with that.
    let frozen = arg("--freeze-w1").is_some();
    if frozen {
        for w in &mut net.params[..nnue::W2] {
            *w = (*w * nnue::QA as f32).round() / nnue::QA as f32;
        }
    }
    let first = if frozen { nnue::W2 } else { 0 };
    let mut adam = super::adam::Adam::new(PARAMS);
    println!("  epoch   lr        train loss  held-out loss  (vs result)   seconds");
    for epoch in 0..epochs {
        let lr = lr0 * decay.powi(epoch as i32);
        train_ix.shuffle(&mut rng);
        let mut total = 0.0f64;
        for chunk in train_ix.chunks(batch) {
            let (grad, loss) =
                super::adam::summed(chunk, threads, PARAMS, |c| grad_of(&net, &data, &target, c));
            total += loss;
            adam.update(&mut net.params, &grad, 1.0 / chunk.len() as f32, lr, first);
            // Hidden weights stay where the engine's i32 sums cannot overflow.
            for w in &mut net.params[nnue::W2..] {
                *w = w.clamp(-nnue::HEAD_LIMIT, nnue::HEAD_LIMIT);
            }
        }
        let (mut lt, mut lr_) = (0.0f64, 0.0f64);
        for &i in &held {
            let p = sigmoid(net.forward(data.pcs(i)).y);
            lt += xent(p, target[i]);
            lr_ += xent(p, data.result[i]);
        }
        let n = held.len().max(1) as f64;
        println!(
            "  {:>5}   {lr:.2e}  {:.5}     {:.5}        ({:.5})     {:.0}",
            epoch + 1,
            total / train_ix.len().max(1) as f64,
            lt / n,
            lr_ / n,
            start.elapsed().as_secs_f64()
        );
        // Written after every epoch so a stopped run still leaves a network.
        super::write_whole(&out, &net.to_bytes());
    }
    report("network", &|i| net.forward(data.pcs(i)).y * K);

    // The integer network against the float one, and how close the accumulators come to
    // the i16 range (1024 per unit: |acc| < 32).
    let q = Net::quantize(&net, &out).unwrap_or_else(|e| fail(&e));
    let (mut worst, mut sum, mut big) = (0.0f32, 0.0f64, 0.0f32);
    for &i in &held {
        let pcs = data.pcs(i);
        let a = net.forward(pcs);
        for s in 0..2 {
            for &x in &a.acc[s] {
                big = big.max(x.abs());
            }
        }
        let yq = q.logit(&q.accumulate(pcs[0]), &q.accumulate(pcs[1]));
        let d = (a.y - yq).abs();
        worst = worst.max(d);
        sum += d as f64;
    }
    println!(
        "  quantized vs float on held-out: mean |logit diff| {:.4}, max {:.4} (x K = {:.1} \
         eval units); largest |accumulator| {big:.2} (i16 limit 32)",
        sum / held.len().max(1) as f64,
        worst,
        worst * K
    );
    println!(
        "  written to {out} ({} bytes) in {:.0} s",
        4 * PARAMS + 32,
        start.elapsed().as_secs_f64()
    );
}

/// The summed gradient and loss of positions `ix`.
fn grad_of(net: &FloatNet, data: &Data, target: &[f32], ix: &[usize]) -> (Vec<f32>, f64) {
    let mut grad = vec![0.0f32; PARAMS];
    let mut loss = 0.0f64;
    for &i in ix {
        let pcs = data.pcs(i);
        let a = net.forward(pcs);
        let p = sigmoid(a.y);
        loss += xent(p, target[i]);
        net.backward(pcs, &a, p - target[i], &mut grad);
    }
    (grad, loss)
}
