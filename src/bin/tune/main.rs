//! Fits the evaluation's tables to game results (Texel tuning).
//!
//! tune gen --games 8000 --nodes 3000 --seed 1 --threads 2 [--rule R] [--all] --out FILE
//!     Plays fast self-play games (every move a search of `--nodes` nodes, so the games do
//!     not depend on the machine's speed) from random openings drawn from `--seed`, under
//!     `--rule` (freestyle, standard or renju; by default two in three freestyle and one in
//!     three Renju), and writes every quiet position (no four or open three for either side,
//!     from the 7th move on) with the game's result for the side to move and the
//!     evaluation's features. `--all` keeps the other positions from the 7th move on too and
//!     writes the data format 2: a header line, then per position also its rule, the colour
//!     to move, the search's score for the side to move (a win or loss as +-(20000 - moves))
//!     and whether it is quiet (1) or not (0). The same arguments give the same file.
//! tune fit --data FILE[,FILE...] [--iters 3000] [--per-game 40] [--pcodes [--l2 1e-7] [--min-count 50]]
//!          [--rule R] [--colour black|white] [--write src/engine/gomoku/ai/eval_table/SET.rs]
//!     Fits the tables by logistic regression: P(side to move wins) = 1 / (1 + e^(-eval/K)),
//!     K fitted first to the current tables and then held, so the evaluation keeps its scale
//!     (the search's margins are in its units). Games whose index ends in 0 are held out to
//!     show the fit generalises. Prints the loss before and after; writes the table file.
//!     `--pcodes` also fits what each multiset of four line patterns adds (`pattern::pcode`,
//!     1,001 per side), for those seen in `--min-count` training positions, held near zero
//!     by an L2 penalty (`gen` files record them; older files fit without). With a format 2
//!     file, only its quiet positions are fitted, and `--rule` and `--colour` (the colour to
//!     move) keep only those positions; they also pick the set the fit starts from and
//!     replaces (`eval_table::table_index`: one per rule, and per colour to move in Renju,
//!     where `--colour` is then needed). Several files are read as one, their games apart.
//! tune movegen --games 2000 --nodes 3000 --seed 2 [--rule R] [--cutoffs] --out FILE
//!     Plays self-play games as `gen` does and writes, for every position where the move
//!     order matters (no five to block, no open four or double four of ours), each
//!     candidate point's shapes for the mover and the opponent and which one the search
//!     chose. With `--cutoffs`, instead, nodes inside each search (depth 2 or more, up to
//!     16 a search) with the candidates as generated there and the move that cut off (the
//!     signal the history learns from).
//!     `--rule` plays one rule only.
//! tune movefit --data FILE [--iters 2000] [--lr 4] [--div 1] [--write src/engine/gomoku/ai/move_table.rs]
//!     Fits the move picker's tables so that the chosen move ranks first: softmax over the
//!     candidates, P(chosen) = e^(s/T) / sum e^(s'/T), cross-entropy; T fitted first to the
//!     current tables and then held, so the scores keep their scale (killer, counter-move and
//!     history bonuses are in its units). Games whose index ends in 0 are held out.
//!
//! tune nnue --data FILE[,FILE...] --out weights.bin [--rule freestyle] [--colour C] [--epochs 8] [--seed 1]
//!           [--lr 1e-3] [--decay 0.7] [--batch 1024] [--lambda 0.5] [--keep 1] [--quiet] [--threads 1] [--init FILE] [--freeze-w1]
//!     Trains the pattern-bag network (`ai::nnue`) on format 2 files: all positions of the
//!     rule (`--quiet`: the quiet ones), `--keep` of them drawn at random; target `--lambda`
//!     x result + the rest x sigmoid(score / K). Prints per epoch the training and held-out
//!     losses (5% of the games held out), the tables' held-out loss, and how far the integer
//!     network is from the float one. At most 2 threads. `--init` starts from a weights
//!     file (with `--epochs 0`: only measures it); `--freeze-w1` rounds the first layer to
//!     the engine's integer grid and trains only the rest (a second, short run).
//!     `--colour black|white`: only positions with that colour to move; with `--init` on a
//!     rule's net and `--freeze-w1`, a colour's own head (`GOMOKU_NNUE_BLACK`, `GOMOKU_NNUE_WHITE`).
//!
//! tune policygen --games 1000 --nodes 30000 --seed 3 [--threads 2] [--rule R] --out FILE
//!     Self-play games as `gen` plays them, with deeper searches (Engine IV's policy data):
//!     every position as its moves, with the search's move and score and the game's result
//!     (`policy.rs` has the format).
//! tune policylabel --data FILE --nodes 120000 [--games N] [--threads 2] [--rank K]
//!           [--rank-nodes N] --out FILE
//!     The positions of a policygen file (its first `--games` games) searched again with
//!     `--nodes` nodes a move: the same lines with the deeper search's move and score.
//!     `--rank K`: each line also gets `K` candidates (the search's move, then the shipped
//!     policy's order) with a score each, the reply searched with `--rank-nodes` nodes
//!     (default a quarter of `--nodes`): a ranking target (`policy.rs`, `FORMAT_RANKED`).
//! tune policytrain --data FILE --out policy.bin [--rule R] [--epochs 10] [--seed 1] [--lr 2e-3]
//!           [--decay 0.8] [--batch 256] [--threads 1] [--init FILE]
//!     Trains the move policy (`ai::policy`) on a policygen file (or the `.tmp` of a run
//!     still going): each position replayed and read as the engine reads it, the deep
//!     search's move the target, positions equal under a symmetry kept once, a tenth of the
//!     games held out. Prints per epoch the training and held-out losses and how often the
//!     policy's first choice (and first three) hold the search's move, next to the pattern
//!     tables' figures (today's move order). At most 2 threads. `--init` starts from a
//!     policy file and first prints its held-out figures (with `--epochs 0`: only that,
//!     nothing written). `--rank-temp T` (on a `policylabel --rank` file): the target is
//!     the softmax of the scored moves' scores over T, `--rank-mix` of it (default 1) and
//!     the rest on the search's move, where the position is not won or lost.
//!
//! tune cellnet --data FILE[,FILE...] --init NET [--no-cells] [--mix] [--freeze-trunk] [--colour C]
//!           [--epochs 6] [--seed 1] [--lr 5e-4] [--decay 0.75] [--batch 512] [--lambda 0.5] [--out FILE]
//!     Engine IV's per-cell experiment (`cellnet.rs`): the value network `--init` with, as a
//!     further input, features of each cell's two pattern codes pooled over the board
//!     (`--mix`: after a 3x3 convolution), trained on policygen files (target `--lambda` x
//!     result + the rest x sigmoid(score / K)); `--no-cells` the same network without them,
//!     the control. Prints per epoch the held-out excess loss and the value's scale.
//!     `--freeze-trunk` trains only the layers after the accumulators (the policy reads
//!     those); `--out` (with `--no-cells`) writes the network.
//! tune policymix --data FILE --init POLICY [--no-mix] [--radius 1] [--rule R] [--epochs 6]
//!           [--seed 1] [--lr 1e-3] [--decay 0.8] [--batch 256] [--threads 1] [--out FILE]
//!     Engine IV's neighbourhood experiment for the policy (`policy_mix.rs`): the policy
//!     `--init` with, added to each candidate's lanes, features of the cells in its square
//!     of `--radius` (1 or 2) after a depthwise convolution, trained on a policygen file as
//!     policytrain trains; `--no-mix` the same policy without them, the control. Prints
//!     per epoch the held-out loss, top-1 and top-3; `--out` (with `--no-mix`) writes the
//!     policy.
//!
//! `eval.rs`: `gen` and `fit` (the evaluation's tables); `moves.rs`: `movegen` and `movefit`
//! (the move picker's tables).

// Index loops over the weight and feature arrays read as the formulas they implement.
#![allow(clippy::needless_range_loop)]

mod adam;
mod cellnet;
#[path = "../common/cli.rs"]
mod cli;
mod data;
mod eval;
mod moves;
mod nnue;
mod policy;
mod policy_label;
mod policy_mix;
mod policy_train;

use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use gomoku::engine::gomoku::ai::{Engine, Limits, NoInfo, SearchResult};
use gomoku::engine::gomoku::{Game, Pos, Rule, Stone};
use lexopt::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use data::generate;
use eval::fit;
use moves::{movefit, movegen};

const PATTERNS: usize = 11;
const COMBOS: usize = 14;
const F: usize = PATTERNS + COMBOS;

const USAGE: &str = "usage: tune gen --games N --nodes N --seed S --threads T [--rule R] \
                     [--all] --out FILE | \
                     tune fit --data FILE [--iters N] [--per-game N] [--pcodes] [--threats] \
                     [--l2 X] [--min-count N] [--rule R] [--colour C] [--write FILE] | \
                     tune movegen --games N --nodes N --seed S [--rule R] [--cutoffs] --out FILE | \
                     tune movefit --data FILE [--iters N] [--lr N] [--div N] [--write FILE] | \
                     tune nnue --data FILE --out FILE [--rule R] [--colour C] [--epochs N] [--seed S] \
                     [--lr X] [--decay X] [--batch N] [--lambda X] [--keep X] [--quiet] [--threads N] [--init FILE] [--freeze-w1] | \
                     tune policygen --games N --nodes N --seed S [--threads T] [--rule R] --out FILE | \
                     tune policylabel --data FILE --nodes N [--games N] [--threads T] [--rank K] [--rank-nodes N] --out FILE | \
                     tune policytrain --data FILE --out FILE [--rule R] [--epochs N] [--seed S] [--lr X] [--decay X] [--batch N] [--threads N] [--init FILE] [--rank-temp X] [--rank-mix X] | \
                     tune cellnet --data FILE --init FILE [--no-cells] [--mix] [--freeze-trunk] [--colour C] [--epochs N] [--seed S] [--lr X] [--decay X] [--batch N] [--lambda X] [--out FILE] | \
                     tune policymix --data FILE --init FILE [--no-mix] [--radius N] [--rule R] [--epochs N] [--seed S] [--lr X] [--decay X] [--batch N] [--threads N] [--out FILE]";

/// What a flag takes.
#[derive(Clone, Copy)]
enum Takes {
    Whole,
    Real,
    Text,
    Nothing,
}

/// What `flag` takes under `command`; `None` for a flag that the subcommand does not read.
fn takes(command: &str, flag: &str) -> Option<Takes> {
    use Takes::*;
    Some(match (command, flag) {
        ("gen" | "movegen" | "policygen", "games" | "nodes" | "seed") => Whole,
        ("gen" | "policygen", "threads") => Whole,
        ("gen" | "movegen" | "policygen", "out") | ("fit" | "movefit", "data" | "write") => Text,
        ("gen" | "fit" | "movegen" | "policygen", "rule") | ("fit" | "nnue", "colour") => Text,
        ("gen", "all") | ("movegen", "cutoffs") => Nothing,
        ("fit" | "movefit", "iters") | ("fit", "per-game" | "min-count") => Whole,
        ("fit", "pcodes" | "threats") => Nothing,
        ("fit", "l2") => Real,
        ("movefit", "lr" | "div") => Whole,
        ("nnue", "data" | "out" | "rule" | "init") => Text,
        ("nnue", "epochs" | "seed" | "threads" | "batch") => Whole,
        ("nnue", "lr" | "decay" | "lambda" | "keep") => Real,
        ("nnue", "quiet" | "freeze-w1") => Nothing,
        ("policylabel", "data" | "out") => Text,
        ("policylabel", "nodes" | "games" | "threads" | "rank" | "rank-nodes") => Whole,
        ("policytrain", "data" | "out" | "rule" | "init") => Text,
        ("policytrain", "epochs" | "seed" | "threads" | "batch") => Whole,
        ("policytrain", "lr" | "decay" | "rank-temp" | "rank-mix") => Real,
        ("cellnet", "data" | "init" | "out" | "colour") => Text,
        ("cellnet", "epochs" | "seed" | "batch") => Whole,
        ("cellnet", "lr" | "decay" | "lambda") => Real,
        ("cellnet", "no-cells" | "mix" | "freeze-trunk") => Nothing,
        ("policymix", "data" | "init" | "rule" | "out") => Text,
        ("policymix", "epochs" | "seed" | "batch" | "threads" | "radius") => Whole,
        ("policymix", "lr" | "decay") => Real,
        ("policymix", "no-mix") => Nothing,
        _ => return None,
    })
}

/// The subcommand and its flags by name (`--games`), values checked; a switch maps to "".
type Args = (String, HashMap<String, String>);

/// Parsed once in `main`, read by the subcommands through [`arg`] and [`num`].
static ARGS: OnceLock<Args> = OnceLock::new();

fn parse_args(p: &mut lexopt::Parser) -> Result<Args, lexopt::Error> {
    let command = match p.next()? {
        Some(Value(v)) => v.string()?,
        Some(arg) => return Err(cli::help_or_unexpected(arg, USAGE)),
        None => return Err("no subcommand".into()),
    };
    if ![
        "gen",
        "fit",
        "movegen",
        "movefit",
        "nnue",
        "policygen",
        "policylabel",
        "policytrain",
        "cellnet",
        "policymix",
    ]
    .contains(&command.as_str())
    {
        return Err(format!("unknown subcommand {command}").into());
    }
    let mut values = HashMap::new();
    while let Some(arg) = p.next()? {
        let known = match arg {
            Long(name) => takes(&command, name).map(|t| (format!("--{name}"), t)),
            _ => None,
        };
        let Some((flag, takes)) = known else {
            return Err(cli::help_or_unexpected(arg, USAGE));
        };
        let value = match takes {
            Takes::Whole => cli::number::<u64>(p, &flag)?.to_string(),
            // Display gives back the same f64 when parsed.
            Takes::Real => cli::number::<f64>(p, &flag)?.to_string(),
            Takes::Text => p.value()?.string()?,
            Takes::Nothing => String::new(),
        };
        values.insert(flag, value);
    }
    Ok((command, values))
}

/// The value of `name` (`--out`), if given.
fn arg(name: &str) -> Option<String> {
    ARGS.get().and_then(|(_, v)| v.get(name).cloned())
}

/// The value of the whole-number flag `name`, or `default`.
fn num(name: &str, default: u64) -> u64 {
    arg(name).map_or(default, |v| v.parse().expect("checked when parsed"))
}

/// The value of the real-number flag `name`, or `default`.
fn real(name: &str, default: f64) -> f64 {
    arg(name).map_or(default, |v| v.parse().expect("checked when parsed"))
}

fn fail(msg: &str) -> ! {
    eprintln!("tune: {msg}");
    std::process::exit(2)
}

/// Writes `bytes` to `out` whole: into `out.tmp`, then renamed over it, so a run stopped
/// mid-write leaves the last complete file. A path that is there and is no regular file (a
/// device such as /dev/null, a pipe) is written straight: a rename would replace it.
fn write_whole(out: &str, bytes: &[u8]) {
    let special = std::fs::metadata(out).is_ok_and(|m| !m.is_file());
    let written = if special {
        std::fs::write(out, bytes)
    } else {
        let tmp = format!("{out}.tmp");
        std::fs::write(&tmp, bytes).and_then(|_| std::fs::rename(&tmp, out))
    };
    written.unwrap_or_else(|e| fail(&format!("{out}: {e}")));
}

/// The rule named by `--rule` (freestyle, standard, renju), if given.
fn rule_arg() -> Option<Rule> {
    let name = arg("--rule")?;
    Some(
        Rule::from_name(&name)
            .unwrap_or_else(|| fail(&format!("--rule {name}: use freestyle, standard or renju"))),
    )
}

/// The colour to move named by `--colour` (black, white), if given.
fn colour_arg() -> Option<Stone> {
    let c = arg("--colour")?;
    Some(match c.to_ascii_lowercase().as_str() {
        "black" => Stone::Black,
        "white" => Stone::White,
        _ => fail(&format!("--colour {c}: use black or white")),
    })
}

/// The lines of a data file as numbers, with their line numbers (1-based) for messages;
/// `#` lines (a format 2 header) are skipped.
fn number_lines<T: std::str::FromStr>(path: &str) -> Vec<(usize, Vec<T>)> {
    use std::io::BufRead;
    let file = std::fs::File::open(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    std::io::BufReader::new(file)
        .lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let line = line.unwrap_or_else(|e| fail(&format!("{path}: {e}")));
            if line.starts_with('#') {
                return None;
            }
            let v = line
                .split_whitespace()
                .map(|t| {
                    t.parse().unwrap_or_else(|_| {
                        fail(&format!("{path} line {}: '{t}' is not a number", n + 1))
                    })
                })
                .collect();
            Some((n + 1, v))
        })
        .collect()
}

fn main() {
    let (command, _) = ARGS.get_or_init(|| cli::parse_or_exit("tune", USAGE, parse_args));
    match command.as_str() {
        "gen" => generate(),
        "fit" => fit(),
        "movegen" => movegen(),
        "movefit" => movefit(),
        "nnue" => nnue::train(),
        "policygen" => policy::policygen(),
        "policylabel" => policy_label::policylabel(),
        "policytrain" => policy_train::train(),
        "cellnet" => cellnet::train(),
        "policymix" => policy_mix::train(),
        _ => unreachable!("parse_args takes only these"),
    }
}

/// A random opening: 2 to 5 stones near the centre, legal, with no threat yet, under
/// `--rule` (by default two in three freestyle, one in three Renju).
fn opening(rng: &mut StdRng) -> Game {
    let fixed = rule_arg();
    loop {
        let mixed = if rng.random_range(0..3) == 2 {
            Rule::Renju
        } else {
            Rule::Freestyle
        };
        let rule = fixed.unwrap_or(mixed);
        let mut game = Game::new(15, rule).expect("15x15");
        let stones = rng.random_range(2..=5);
        let mut ok = true;
        for _ in 0..stones {
            let mut placed = false;
            for _ in 0..50 {
                let p = Pos::new(rng.random_range(4..11), rng.random_range(4..11));
                if game.check_move(p).is_ok() {
                    game.play(p).expect("checked");
                    placed = true;
                    break;
                }
            }
            ok &= placed;
        }
        if ok && !game.outcome().is_over() {
            return game;
        }
    }
}

/// One self-play game of `tune gen` and `tune movegen`: game `index` of those `seed` draws,
/// from its random opening ([`opening`]), every move a search of `nodes` nodes by an engine
/// with an 8 MB table.
struct SelfPlay {
    game: Game,
    engine: Engine,
    stop: AtomicBool,
    limits: Limits,
}

impl SelfPlay {
    fn new(index: u64, seed: u64, nodes: u64) -> SelfPlay {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(index));
        SelfPlay {
            game: opening(&mut rng),
            engine: Engine::new(8 << 20),
            stop: AtomicBool::new(false),
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
        }
    }

    /// The engine's search of the position now.
    fn search(&mut self) -> SearchResult {
        self.engine
            .think(&self.game, &self.limits, &self.stop, &mut NoInfo)
    }
}
