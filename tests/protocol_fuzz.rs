//! Property test: random and mutated protocol lines never make the brain panic or exit,
//! every reply is well formed, moves it prints are legal and on the board it keeps, and a
//! rejected command leaves the state as it was.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gomoku::engine::gomoku::ai::{Engine, InfoSink, Limits, Score, SearchResult};
use gomoku::engine::gomoku::{Game, Pos, Stone};
use gomoku::protocol::{Brain, Control, Thinker};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

/// A player that answers anything: legal points, occupied points, points off the board,
/// or nothing at all.
struct Chaos {
    rng: StdRng,
}

impl Thinker for Chaos {
    fn think(
        &mut self,
        game: &Game,
        _: &Limits,
        _: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        let best = match self.rng.random_range(0..4) {
            0 => None,
            1 => Some(Pos::new(
                self.rng.random_range(0..40),
                self.rng.random_range(0..40),
            )),
            _ => game.board().empty_points().next(),
        };
        let r = SearchResult {
            best,
            score: Score::Eval(self.rng.random_range(-400..400)),
            depth: 1,
            nodes: 1,
            pv: best.into_iter().collect(),
            time: Duration::ZERO,
        };
        sink.info(&r);
        r
    }
    fn resize_hash(&mut self, _: usize) {}
    fn clear(&mut self) {}
}

const SEEDS: &[&str] = &[
    "START 15",
    "START 20",
    "START 5",
    "START 25",
    "START 0",
    "START 26",
    "RECTSTART 15,15",
    "RECTSTART 10,12",
    "RESTART",
    "BEGIN",
    "TURN 7,7",
    "TURN 0,0",
    "TURN 14,14",
    "TURN 3,4",
    "BOARD",
    "YXBOARD",
    "SWAP2BOARD",
    "DONE",
    "7,7,1",
    "8,8,2",
    "9,9,3",
    "7,7",
    "8,7",
    "-1,-1,1",
    "INFO timeout_turn 100",
    "INFO timeout_match 0",
    "INFO time_left 1000",
    "INFO max_memory 10000000",
    "INFO game_type 1",
    "INFO rule 0",
    "INFO rule 1",
    "INFO rule 4",
    "INFO rule 7",
    "INFO folder /tmp",
    "INFO evaluate 1,1",
    "TAKEBACK 7,7",
    "PLAY 6,6",
    "ABOUT",
    "YXSHOWFORBID",
    "YXSTOP",
    "STOP",
];

/// A random byte string, mostly protocol-looking.
fn mutate(rng: &mut StdRng, seed: &str) -> Vec<u8> {
    let mut b = seed.as_bytes().to_vec();
    for _ in 0..rng.random_range(0..4) {
        let alphabet = b"0123456789,- \tABCDEFGHIJKLMNOPQRSTUVWXYZ\x00\xff\xc3";
        match rng.random_range(0..6) {
            0 if !b.is_empty() => {
                let i = rng.random_range(0..b.len());
                b[i] = *alphabet.choose(rng).unwrap_or(&b'x');
            }
            1 if !b.is_empty() => {
                let i = rng.random_range(0..b.len());
                b.remove(i);
            }
            2 => {
                let i = rng.random_range(0..=b.len());
                b.insert(i, *alphabet.choose(rng).unwrap_or(&b'x'));
            }
            3 => {
                let n: i64 = rng.random_range(-99_999..99_999_999);
                b.extend_from_slice(format!(" {n}").as_bytes());
            }
            4 => b.truncate(rng.random_range(0..=b.len())),
            _ => b.make_ascii_lowercase(),
        }
    }
    b
}

/// What must not change when a command is rejected.
#[derive(PartialEq, Debug, Clone)]
struct Snapshot {
    history: Option<Vec<(Pos, Stone)>>,
    to_move: Option<Stone>,
    size: Option<usize>,
    colour: Option<Stone>,
}

fn snapshot<T: Thinker>(b: &Brain<T>) -> Snapshot {
    Snapshot {
        history: b
            .game()
            .map(|g| g.history().iter().map(|m| (m.pos, m.stone)).collect()),
        to_move: b.game().map(Game::to_move),
        size: b.game().map(Game::size),
        colour: b.colour(),
    }
}

fn is_command_end(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    text.split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("END"))
}

/// Feeds `n` random lines and checks the invariants after each.
fn run<T: Thinker>(b: &mut Brain<T>, rng: &mut StdRng, n: usize) -> usize {
    let mut before_block = snapshot(b);
    let mut moves = 0;
    for i in 0..n {
        let line = match rng.random_range(0..10) {
            0 => (0..rng.random_range(0..30))
                .map(|_| rng.random_range(0..=255u8))
                .collect(),
            1..=4 => SEEDS.choose(rng).unwrap().as_bytes().to_vec(),
            _ => {
                let seed = *SEEDS.choose(rng).unwrap();
                mutate(rng, seed)
            }
        };
        if is_command_end(&line) || line.iter().any(|&c| c == b'\r' || c == b'\n') {
            continue;
        }
        let was_in_block = b.in_block();
        let before = snapshot(b);
        let mut out = Vec::new();
        let control = b.handle_bytes(&line, Instant::now(), &mut out);
        let shown = String::from_utf8_lossy(&line).into_owned();
        assert_eq!(control, Control::Continue, "line {i} {shown:?} exited");
        let text = String::from_utf8(out).expect("replies are UTF-8");
        let replies: Vec<&str> = text.lines().collect();
        let after = snapshot(b);
        if !was_in_block && b.in_block() {
            before_block = before.clone();
        }
        for r in &replies {
            let ok = *r == "OK"
                || *r == "SWAP"
                || r.starts_with("ERROR ")
                || r.starts_with("UNKNOWN ")
                || r.starts_with("MESSAGE ")
                || r.starts_with("FORBID ")
                || r.starts_with("name=\"gomoku\"")
                || r.split(' ').all(|m| Pos::from_gomocup(m, 25).is_ok());
            assert!(ok, "line {i} {shown:?}: odd reply {r:?}");
        }
        // A move we printed is on the board, played by us, on a point that was empty.
        if let Some(last) = replies.last()
            && !last.contains(' ')
            && let Ok(p) = Pos::from_gomocup(last, 25)
            && !shown.trim().to_ascii_uppercase().starts_with("PLAY")
        {
            moves += 1;
            let g = b.game().expect("a move needs a game");
            let m = g.last_move().expect("the move was played");
            assert_eq!(m.pos, p, "line {i} {shown:?}");
            assert_eq!(Some(m.stone), b.colour());
            if let Some(h) = before.history.as_ref()
                && !was_in_block
            {
                assert!(
                    !h.iter().any(|&(q, _)| q == p),
                    "line {i} {shown:?}: played on an occupied point"
                );
            }
        }
        // Rejected commands keep the state.
        let rejected = replies.len() == 1
            && (replies[0].starts_with("ERROR ") || replies[0].starts_with("UNKNOWN "));
        if rejected && !was_in_block {
            assert_eq!(before, after, "line {i} {shown:?}: state changed");
        }
        if rejected && was_in_block && !b.in_block() && !replies[0].contains("not closed") {
            assert_eq!(
                before_block, after,
                "line {i} {shown:?}: block error changed state"
            );
        }
        // The board is always the replay of the history.
        if let Some(g) = b.game() {
            let mut replay = Game::new(g.size(), g.rule()).unwrap();
            for m in g.history() {
                replay.place(m.pos, m.stone).expect("history replays");
            }
            assert_eq!(replay.board().hash(), g.board().hash());
        }
    }
    // Still answering normally.
    let mut out = Vec::new();
    b.handle_line("START 15", &mut out);
    b.handle_line("BEGIN", &mut out);
    let text = String::from_utf8(out).unwrap();
    let reply = text
        .lines()
        .last()
        .and_then(|l| Pos::from_gomocup(l, 15).ok());
    assert_eq!(
        reply,
        b.game().and_then(Game::last_move).map(|m| m.pos),
        "{text}"
    );
    moves
}

#[test]
fn random_lines_with_a_chaotic_player() {
    let mut rng = StdRng::seed_from_u64(20240611);
    let mut b = Brain::with_engine(Chaos {
        rng: StdRng::seed_from_u64(7),
    });
    let moves = run(&mut b, &mut rng, 30_000);
    // The stream must reach play, not only errors.
    assert!(moves > 500, "only {moves} moves played");
    eprintln!("chaos: {moves} moves");
}

#[test]
fn random_lines_with_the_real_engine() {
    let mut rng = StdRng::seed_from_u64(99);
    let mut b = Brain::with_engine(Engine::new(1 << 20));
    let mut out = Vec::new();
    b.handle_line("INFO timeout_turn 20", &mut out);
    // Only lines that keep the time short: mutations could ask for minutes per move.
    let (mut kept, mut moves) = (0, 0);
    for _ in 0..20_000 {
        if kept == 1500 {
            break;
        }
        let seed = *SEEDS.choose(&mut rng).unwrap();
        let probe = mutate(&mut rng, seed);
        let text = String::from_utf8_lossy(&probe).to_ascii_uppercase();
        if text.contains("INFO") || is_command_end(&probe) || probe.contains(&b'\r') {
            continue;
        }
        let mut out = Vec::new();
        let c = b.handle_bytes(&probe, Instant::now(), &mut out);
        assert_eq!(c, Control::Continue);
        kept += 1;
        let text = String::from_utf8(out).unwrap();
        if let Some(last) = text.lines().last()
            && let Ok(p) = Pos::from_gomocup(last, 25)
        {
            moves += 1;
            assert!(b.game().is_some_and(|g| g.board().get(p).is_some()));
        }
    }
    assert!(moves > 50, "only {moves} moves played");
    eprintln!("real engine: {kept} lines, {moves} moves");
    let mut out = Vec::new();
    b.handle_line("START 15", &mut out);
    b.handle_line("BEGIN", &mut out);
    assert!(String::from_utf8(out).unwrap().ends_with("7,7\n"));
}
