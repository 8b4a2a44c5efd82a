//! `tune gen`: self-play positions with their results, the data `tune fit` (eval.rs) fits
//! the evaluation's tables to.

use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{F, SelfPlay, arg, fail, num};
use gomoku::engine::gomoku::ai::Score;
use gomoku::engine::gomoku::ai::pattern::PCODE_COUNT;
use gomoku::engine::gomoku::ai::state::State;
use gomoku::engine::gomoku::{Outcome, Rule, Stone};

/// A recorded position: the game's result for the side to move, the evaluation's features
/// and four-pattern combinations as (pcode, count) pairs (side to move first), and for the
/// data format 2 its rule, the colour to move, the search's score and whether it is quiet.
#[derive(Clone)]
struct Sample {
    result: f32,
    features: [[u32; F]; 2],
    pcodes: [Vec<(u16, u16)>; 2],
    rule: Rule,
    colour: Stone,
    score: i32,
    quiet: bool,
}

/// The first line of a format 2 file.
pub(super) const FORMAT2: &str =
    "# tune gen 2: game result rule colour score quiet features pcodes";

/// A rule's number in format 2 files: its place in `Rule::ALL`.
pub(super) fn rule_index(rule: Rule) -> usize {
    Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0)
}

/// The four-pattern counts that end a data line, from `v[at..]`: per side (side to move
/// first) a count and that many (pcode, count) pairs, returned as the two sides' flat pair
/// slices. The reading of `tune fit` and `tune nnue` alike; the error says what is wrong.
pub(super) fn pcode_pairs(v: &[f64], mut at: usize) -> Result<[&[f64]; 2], String> {
    let mut sides: [&[f64]; 2] = [&[], &[]];
    for side in &mut sides {
        let len = *v.get(at).ok_or("the four-pattern counts end early")? as usize;
        at += 1;
        // Checked: a corrupt count must be an error, not an overflow.
        let end = len.checked_mul(2).and_then(|n| n.checked_add(at));
        let pairs = end
            .and_then(|end| v.get(at..end))
            .ok_or("the four-pattern counts end early")?;
        for pair in pairs.chunks_exact(2) {
            let (code, count) = (pair[0], pair[1]);
            if !(0.0..PCODE_COUNT as f64).contains(&code) || !(0.0..=225.0).contains(&count) {
                return Err(format!("pcode {code} count {count} out of range"));
            }
        }
        *side = pairs;
        at += 2 * len;
    }
    if at != v.len() {
        return Err(format!(
            "{} fields after the four-pattern counts",
            v.len() - at
        ));
    }
    Ok(sides)
}

/// A search's score for the side to move as one number: wins and losses beyond any
/// evaluation, sooner ones larger.
pub(super) fn score_number(score: Score) -> i32 {
    match score {
        Score::Eval(v) => v,
        Score::Win(n) => 20_000 - n as i32,
        Score::Loss(n) => -(20_000 - n as i32),
    }
}

use gomoku::engine::gomoku::ai::nnue::sparse;
/// One self-play game: its quiet positions' features (side to move first) and, per
/// position, the side to move's result.
fn play(index: u64, seed: u64, nodes: u64, all: bool) -> Vec<Sample> {
    let mut selfplay = SelfPlay::new(index, seed, nodes);
    let mut samples: Vec<Sample> = Vec::new();
    while !selfplay.game.outcome().is_over() {
        let st = State::from_game(&selfplay.game);
        let is_quiet = quiet(&st);
        let kept = selfplay.game.ply() >= 6 && (is_quiet || all);
        if kept {
            let f = st.eval_features();
            let mut features = [[0u32; F]; 2];
            for k in 0..2 {
                features[k].copy_from_slice(&f[k]);
            }
            let pc = st.eval_pcodes();
            samples.push(Sample {
                result: 0.5,
                features,
                pcodes: [sparse(&pc[0]), sparse(&pc[1])],
                rule: selfplay.game.rule(),
                colour: selfplay.game.to_move(),
                score: 0,
                quiet: is_quiet,
            });
        }
        let r = selfplay.search();
        if kept && let Some(last) = samples.last_mut() {
            last.score = score_number(r.score);
        }
        let Some(mv) = r.best else { break };
        if let Err(e) = selfplay.game.play(mv) {
            eprintln!("tune: game {index}: the engine chose {mv:?}: {e}");
            break;
        }
    }
    if std::env::var_os("TUNE_DEBUG").is_some() {
        eprintln!(
            "game {index}: {:?} after {} moves",
            selfplay.game.outcome(),
            selfplay.game.ply()
        );
    }
    let winner = match selfplay.game.outcome() {
        Outcome::Win { winner, .. } => Some(*winner),
        _ => None,
    };
    for s in &mut samples {
        s.result = match winner {
            Some(w) if w == s.colour => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    samples
}

/// No winning threat for the side to move and no open three or four of the opponent to
/// answer: the evaluation, not a forced line, decides.
fn quiet(st: &State) -> bool {
    use gomoku::engine::gomoku::ai::pattern::Combo;
    let me = st.side();
    st.count_at_least(me, Combo::Block4Flex3) == 0
        && st.count_at_least(me.opponent(), Combo::Flex4) == 0
}

pub(super) fn generate() {
    let games = num("--games", 8000);
    let nodes = num("--nodes", 3000);
    let seed = num("--seed", 1);
    let threads = num("--threads", 1).max(1) as usize;
    let out = arg("--out").unwrap_or_else(|| fail("gen needs --out FILE"));
    let all = arg("--all").is_some();
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<Vec<Sample>>>> = Mutex::new(vec![None; games as usize]);
    let start = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games as usize {
                        break;
                    }
                    let rows = play(i as u64, seed, nodes, all);
                    done.lock().unwrap()[i] = Some(rows);
                    if (i + 1).is_multiple_of(500) {
                        eprintln!(
                            "tune: {} games, {:.0} s",
                            i + 1,
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    // Written in game order once all are in, so the file does not depend on the threads.
    let tmp = format!("{out}.tmp");
    let file = std::fs::File::create(&tmp).unwrap_or_else(|e| fail(&format!("{tmp}: {e}")));
    let mut w = BufWriter::new(file);
    let mut positions = 0;
    let (mut wins, mut draws, mut quiet_ones) = (0, 0, 0);
    if all {
        let _ = writeln!(w, "{FORMAT2}");
    }
    for (g, rows) in done.into_inner().unwrap().into_iter().enumerate() {
        for s in rows.expect("every game played") {
            positions += 1;
            wins += (s.result == 1.0) as u32;
            draws += (s.result == 0.5) as u32;
            quiet_ones += s.quiet as u32;
            let _ = write!(w, "{g} {}", s.result);
            if all {
                let rule = rule_index(s.rule);
                let colour = (s.colour == Stone::White) as u8;
                let _ = write!(w, " {rule} {colour} {} {}", s.score, s.quiet as u8);
            }
            let (f, pc) = (s.features, s.pcodes);
            for v in f.iter().flatten() {
                let _ = write!(w, " {v}");
            }
            // Then per side the number of pcodes present and each pcode with its count.
            for side in &pc {
                let _ = write!(w, " {}", side.len());
                for (i, c) in side {
                    let _ = write!(w, " {i} {c}");
                }
            }
            let _ = writeln!(w);
        }
    }
    w.flush()
        .and_then(|_| std::fs::rename(&tmp, &out))
        .unwrap_or_else(|e| fail(&format!("{out}: {e}")));
    println!(
        "tune gen: {games} games ({nodes} nodes a move, seed {seed}) -> {positions} positions \
         ({quiet_ones} quiet) in {out} (side to move won {wins}, drawn {draws}) in {:.0} s",
        start.elapsed().as_secs_f64()
    );
}
