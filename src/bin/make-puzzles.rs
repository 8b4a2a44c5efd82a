//! Generates the shipped puzzle sets (docs/puzzles.md) from seeded self-play:
//! `assets/puzzles/gomoku.txt` (freestyle, exactly five and Renju; wins by fours and by threes
//! and fours) and `assets/puzzles/connect4.txt` (win in N on 7x6).
//!
//! Every game is played by the engine's levels from a seed derived from `--seed`, the rule
//! and the game's number; every search is limited by depth or nodes, never by time. So the
//! same seed gives the same files on any machine, however many threads run the games.
//! Positions are kept where the side to move has a win whose first move is unique (see
//! `engine::puzzle`), not a five or an open four already on the board (the main line has at
//! least three moves of the winner, or two as a double four; Connect Four: a win in 2 to 6).
//!
//! ```text
//! make-puzzles [--seed 2026] [--games 150] [--c4-games 300] [--cap 50] [--threads 2] [--out assets/puzzles]
//! ```

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use gomoku::engine::connect4::puzzle::{Connect4Puzzle, build_connect4};
use gomoku::engine::connect4::{self, BoardSize, Solver};
use gomoku::engine::gomoku::ai::state::State;
use gomoku::engine::gomoku::ai::{Level, NoInfo, play_level};
use gomoku::engine::gomoku::puzzle::{GomokuPuzzle, build_gomoku};
use gomoku::engine::gomoku::{Game, Pos, Rule};
use gomoku::engine::puzzle::{Kind, Puzzle, PuzzleRules, PuzzleSet};
use lexopt::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[path = "common/cli.rs"]
mod cli;

const USAGE: &str = "usage: make-puzzles [--seed 2026] [--games 150] [--c4-games 300] [--cap 50] \
                     [--threads 2] [--out assets/puzzles]";

struct Options {
    seed: u64,
    games: usize,
    c4_games: usize,
    threads: usize,
    cap: usize,
    out: PathBuf,
}

fn parse_args(p: &mut lexopt::Parser) -> Result<Options, lexopt::Error> {
    let mut o = Options {
        seed: 2026,
        games: 150,
        c4_games: 300,
        threads: 2,
        cap: 50,
        out: PathBuf::from("assets/puzzles"),
    };
    while let Some(arg) = p.next()? {
        match arg {
            Long("seed") => o.seed = cli::number(p, "--seed")?,
            Long("games") => o.games = cli::number(p, "--games")?,
            Long("c4-games") => o.c4_games = cli::number(p, "--c4-games")?,
            Long("threads") => o.threads = cli::number(p, "--threads")?,
            Long("cap") => o.cap = cli::number(p, "--cap")?,
            Long("out") => o.out = p.value()?.into(),
            arg => return Err(cli::help_or_unexpected(arg, USAGE)),
        }
    }
    Ok(o)
}

/// A seed for one game from the run's seed, a stream tag and the game's number.
fn game_seed(seed: u64, tag: u64, game: u64) -> u64 {
    let mut x =
        seed ^ tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03);
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

/// Runs `work(i)` for `i` in `0..n` on `threads` threads; results in index order.
fn parallel<T: Send>(n: usize, threads: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<T>>> = Mutex::new((0..n).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let r = work(i);
                    out.lock().unwrap()[i] = Some(r);
                }
            });
        }
    });
    out.into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every game ran"))
        .collect()
}

const PAIRS: [(Level, Level); 6] = [
    (Level::Casual, Level::Casual),
    (Level::Casual, Level::Club),
    (Level::Club, Level::Casual),
    (Level::Club, Level::Club),
    (Level::Novice, Level::Club),
    (Level::Club, Level::Novice),
];

/// Moves that look right to the side to move (by the AI's move-picker scores), best first.
fn plausible(game: &Game, k: usize) -> Vec<Pos> {
    let st = State::from_game(game);
    let me = game.to_move();
    let n = game.size() * game.size();
    let mut cands: Vec<usize> = (0..n).filter(|&i| st.playable(i) && st.near(i)).collect();
    cands.sort_by_key(|&i| (std::cmp::Reverse(st.move_score(i, me)), i));
    cands
        .into_iter()
        .take(k)
        .map(|i| Pos::from_index(i, game.size()))
        .collect()
}

/// One seeded self-play game under `rule`, and the puzzles found along it: in each
/// position, and after each of the side to move's other plausible moves (a position one
/// natural mistake away). At most [`PER_GAME`] per game, two of each kind.
fn gomoku_game(rule: Rule, seed: u64) -> Vec<(u64, GomokuPuzzle)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let (a, b) = PAIRS[rng.random_range(0..PAIRS.len())];
    let never = AtomicBool::new(false);
    let mut game = Game::new(15, rule).expect("15x15");
    let mut found: Vec<(u64, GomokuPuzzle)> = Vec::new();
    let mut seen = HashSet::new();
    while !game.outcome().is_over() && game.ply() < 150 && found.len() < PER_GAME {
        let level = if game.ply().is_multiple_of(2) { a } else { b };
        let r = play_level(level, &game, rng.random(), 1.0, &never, &mut NoInfo);
        let Some(m) = r.best else { break };
        if game.ply() >= 6 {
            let mut cands = vec![game.clone()];
            for p in plausible(&game, VARIATIONS + 1) {
                if p != m && cands.len() <= VARIATIONS {
                    let mut g = game.clone();
                    if g.play(p).is_ok() && !g.outcome().is_over() {
                        cands.push(g);
                    }
                }
            }
            for g in cands {
                let kinds = |k: Kind| found.iter().filter(|(_, p)| p.kind == k).count();
                if found.len() >= PER_GAME || !seen.insert(g.hash()) {
                    continue;
                }
                if let Some(p) = build_gomoku(&g, "new", true, 2)
                    && kinds(p.kind) < 3
                {
                    found.push((g.hash(), p));
                }
            }
        }
        if game.play(m).is_err() {
            break;
        }
    }
    found
}

/// Other plausible moves tried in each position of a game.
const VARIATIONS: usize = 4;
/// Puzzles kept from one game at most.
const PER_GAME: usize = 4;

/// One seeded Connect Four game (Casual or Club on each side); its puzzles (at most two).
fn connect4_game(seed: u64, solver: &mut Solver) -> Vec<(u64, Connect4Puzzle)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let levels = [connect4::Level::Casual, connect4::Level::Club];
    let (a, b) = (
        levels[rng.random_range(0..2)],
        levels[rng.random_range(0..2)],
    );
    let size = BoardSize::STANDARD;
    let mut ai = connect4::Ai::new(size);
    let limits = connect4::Limits {
        time: None,
        ..connect4::Limits::default()
    };
    let never = AtomicBool::new(false);
    let mut game = connect4::Game::new(size);
    let mut found = Vec::new();
    while !game.is_over() {
        if game.moves().len() >= 12
            && found.len() < 2
            && let Some(p) = build_connect4(game.moves(), "new", solver, 6)
        {
            let key = game.position().map_or(0, |p| p.canonical_key());
            found.push((key, p));
        }
        let level = if game.moves().len().is_multiple_of(2) {
            a
        } else {
            b
        };
        let Ok(c) = ai.choose_move_in_game(level, &game, &limits, &mut rng, &never) else {
            break;
        };
        if game.play(c.column).is_err() {
            break;
        }
    }
    found
}

fn rule_tag(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "fs",
        Rule::Standard => "x5",
        Rule::Renju => "rj",
    }
}

/// Keeps at most `cap` puzzles of each difficulty, in game order, after dropping repeated
/// positions.
fn select<R: PuzzleRules>(found: Vec<Vec<(u64, Puzzle<R>)>>, cap: usize) -> Vec<Puzzle<R>> {
    let mut seen = HashSet::new();
    let mut per = BTreeMap::new();
    let mut out = Vec::new();
    for (key, p) in found.into_iter().flatten() {
        if !seen.insert(key) {
            continue;
        }
        let n = per.entry(p.difficulty).or_insert(0usize);
        if *n >= cap {
            continue;
        }
        *n += 1;
        out.push(p);
    }
    out
}

/// Counts per (game, kind) and difficulty, the last slot the total.
type Counts = BTreeMap<(String, String), [usize; 6]>;

/// Adds `puzzles` to the counts, under the game's name for each.
fn count<R: PuzzleRules>(puzzles: &[Puzzle<R>], game: impl Fn(&R) -> String, rows: &mut Counts) {
    for p in puzzles {
        let kind = match p.kind {
            Kind::Vcf => "VCF".to_string(),
            Kind::Vct => "VCT".to_string(),
            Kind::WinIn(_) => "win in N".to_string(),
        };
        let row = rows.entry((game(&p.game), kind)).or_default();
        row[p.difficulty as usize - 1] += 1;
        row[5] += 1;
    }
}

fn gomoku_name(v: &gomoku::engine::gomoku::puzzle::Variant) -> String {
    v.rule.name().to_string()
}

fn connect4_name(_: &BoardSize) -> String {
    "Connect Four".to_string()
}

fn count_table(rows: &Counts) -> Vec<String> {
    let mut out = vec![
        "| game | kind | 1 | 2 | 3 | 4 | 5 | total |".to_string(),
        "| --- | --- | --: | --: | --: | --: | --: | --: |".to_string(),
    ];
    for ((g, k), r) in rows {
        out.push(format!(
            "| {g} | {k} | {} | {} | {} | {} | {} | {} |",
            r[0], r[1], r[2], r[3], r[4], r[5]
        ));
    }
    out
}

fn main() {
    let Options {
        seed,
        games,
        c4_games,
        threads,
        cap,
        out: out_dir,
    } = cli::parse_or_exit("make-puzzles", USAGE, parse_args);
    let command =
        format!("make-puzzles --seed {seed} --games {games} --c4-games {c4_games} --cap {cap}");
    let start = Instant::now();
    let mut gomoku = Vec::new();
    for (tag, rule) in Rule::ALL.into_iter().enumerate() {
        let found = parallel(games, threads, |g| {
            gomoku_game(rule, game_seed(seed, tag as u64, g as u64))
        });
        let mut kept = select(found, cap);
        for (i, p) in kept.iter_mut().enumerate() {
            p.id = format!("{}-{:03}", rule_tag(rule), i + 1);
        }
        eprintln!(
            "{}: {} puzzles from {games} games ({:.0?})",
            rule.name(),
            kept.len(),
            start.elapsed()
        );
        gomoku.extend(kept);
    }
    let size = BoardSize::STANDARD;
    let found = parallel(c4_games, threads, |g| {
        let mut solver = Solver::with_table_bits(size, 22);
        connect4_game(game_seed(seed, 99, g as u64), &mut solver)
    });
    let mut c4 = select(found, cap * 2);
    for (i, p) in c4.iter_mut().enumerate() {
        p.id = format!("c4-{:03}", i + 1);
    }
    eprintln!(
        "Connect Four: {} puzzles ({:.0?})",
        c4.len(),
        start.elapsed()
    );

    std::fs::create_dir_all(&out_dir).expect("create the output folder");
    let header = |what: &str, counts: &Counts| {
        let mut header = vec![
            format!("{what}, proven by the engine; format and definitions: docs/puzzles.md"),
            format!("Generated by `{command}`; do not edit by hand."),
        ];
        header.extend(count_table(counts));
        header
    };
    let (mut gomoku_counts, mut c4_counts) = (Counts::new(), Counts::new());
    count(&gomoku, gomoku_name, &mut gomoku_counts);
    count(&c4, connect4_name, &mut c4_counts);
    for (name, text) in [
        (
            "gomoku.txt",
            PuzzleSet::new(gomoku.clone())
                .to_text(&header("Gomoku threat puzzles (15x15)", &gomoku_counts)),
        ),
        (
            "connect4.txt",
            PuzzleSet::new(c4.clone())
                .to_text(&header("Connect Four win-in-N puzzles (7x6)", &c4_counts)),
        ),
    ] {
        let path = out_dir.join(name);
        std::fs::write(&path, text).expect("write the puzzle file");
        eprintln!("wrote {}", path.display());
    }
    let mut all = gomoku_counts;
    all.extend(c4_counts);
    println!("{command}");
    for line in count_table(&all) {
        println!("{line}");
    }
    let forbidden = gomoku.iter().filter(|p| p.forbidden).count();
    println!("Renju puzzles where forbidden points matter: {forbidden}");
    eprintln!("done in {:.0?}", start.elapsed());
}
