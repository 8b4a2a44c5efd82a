//! The `pbrain-gomoku` binary as a manager sees it: two processes play whole games through
//! a minimal manager, and the raw input handling (line ends, encodings, END while
//! thinking) is checked on a real process.

use std::path::Path;
use std::time::{Duration, Instant};

use gomoku::engine::gomoku::{Game, Outcome, Pos, Rule};
use gomoku::protocol::manager::BrainProcess;

fn spawn() -> BrainProcess {
    BrainProcess::spawn(Path::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))).expect("brain starts")
}

/// Generous: only a hung brain misses it, even on a loaded machine.
/// Guards against a hang, not a race with the machine: a busy machine only takes longer.
const REPLY_TIMEOUT: Duration = Duration::from_secs(120);
/// The wait for a brain told to stop in the middle of a ten-minute search.
const HANG_GUARD: Duration = Duration::from_secs(60);

fn setup(b: &mut BrainProcess, size: usize, rule_bits: u32, turn_ms: u64) {
    for line in [
        format!("INFO timeout_turn {turn_ms}"),
        "INFO timeout_match 0".to_string(),
        "INFO max_memory 67108864".to_string(),
        format!("INFO rule {rule_bits}"),
    ] {
        b.send(&line).unwrap();
    }
    let (reply, _) = b.command(&format!("START {size}"), REPLY_TIMEOUT).unwrap();
    assert_eq!(reply, "OK");
}

/// Plays one game between two fresh brains; returns the outcome and the slowest reply.
fn play_game(size: usize, rule: Rule, rule_bits: u32, turn_ms: u64) -> (Outcome, Duration) {
    let mut brains = [spawn(), spawn()];
    for b in &mut brains {
        setup(b, size, rule_bits, turn_ms);
    }
    let mut game = Game::new(size, rule).unwrap();
    let mut slowest = Duration::ZERO;
    let mut command = "BEGIN".to_string();
    let mut side = 0;
    while !game.outcome().is_over() {
        let (reply, latency) = brains[side]
            .command(&command, REPLY_TIMEOUT)
            .unwrap_or_else(|e| panic!("move {}: {e}", game.ply() + 1));
        slowest = slowest.max(latency);
        let pos = Pos::from_gomocup(&reply, size)
            .unwrap_or_else(|e| panic!("move {}: '{reply}' is not a move: {e}", game.ply() + 1));
        let ply = game.ply() + 1;
        game.play(pos)
            .unwrap_or_else(|e| panic!("move {ply}: illegal {reply}: {e}"));
        command = format!("TURN {reply}");
        side = 1 - side;
    }
    for b in brains {
        assert!(
            b.quit(Duration::from_secs(5)),
            "a brain did not exit on END"
        );
    }
    (game.outcome().clone(), slowest)
}

#[test]
fn two_brains_play_whole_games() {
    for (rule, bits) in [(Rule::Freestyle, 0), (Rule::Renju, 4)] {
        let (outcome, slowest) = play_game(15, rule, bits, 100);
        assert!(
            matches!(outcome, Outcome::Win { .. } | Outcome::Draw),
            "{outcome:?}"
        );
        // The real check of latency is the match tool's; here only that no reply took
        // anything like a default turn (a brain ignoring its 100 ms).
        assert!(
            slowest < Duration::from_secs(30),
            "{rule}: slowest reply {slowest:?}"
        );
    }
    // A small board fills up: draws must end the game too.
    let (outcome, _) = play_game(5, Rule::Freestyle, 0, 30);
    assert!(outcome.is_over());
}

#[test]
fn raw_line_ends_and_encodings() {
    let mut b = spawn();
    b.send_raw(b"ABOUT\rSTART 15\r\n\r\n\nINFO timeout_turn 50\rFOO\r\n\xff\xfe\nBEGIN\r")
        .unwrap();
    let mut replies = Vec::new();
    for _ in 0..5 {
        replies.push(b.reply(REPLY_TIMEOUT).unwrap().0);
    }
    assert!(replies[0].starts_with("name=\"gomoku\""), "{replies:?}");
    assert_eq!(
        &replies[1..],
        [
            "OK",
            "UNKNOWN FOO",
            "ERROR input line is not UTF-8 text",
            "7,7"
        ]
    );
    // The brain kept its state: the game goes on.
    let (reply, _) = b.command("TURN 8,8", REPLY_TIMEOUT).unwrap();
    assert!(Pos::from_gomocup(&reply, 15).is_ok(), "{reply}");
    assert!(b.quit(Duration::from_secs(5)));
}

/// Lines past the 4 KB cap are refused whole with an error that names the limit and quotes
/// at most a short, printable head; nothing in them is acted on.
#[test]
fn over_long_lines_are_errors_not_silence() {
    let mut b = spawn();
    // START after a megabyte of spaces: answered, not dropped in silence.
    let mut line = vec![b' '; 1 << 20];
    line.extend_from_slice(b"START 15\n");
    b.send_raw(&line).unwrap();
    let (reply, _) = b.reply(REPLY_TIMEOUT).unwrap();
    assert!(
        reply.starts_with("ERROR input line of 1048584 bytes"),
        "{reply}"
    );
    assert!(reply.contains("4096-byte limit"), "{reply}");
    assert!(reply.len() < 200, "{} bytes", reply.len());
    let (reply, _) = b.command("START 15", REPLY_TIMEOUT).unwrap();
    assert_eq!(reply, "OK");
    // A TURN whose junk lies past the cap is not played: the brain is still to answer
    // the real first move afterwards (it would have replied with a move otherwise).
    let mut turn = b"TURN 7,7".to_vec();
    turn.extend(std::iter::repeat_n(b' ', 5000));
    turn.extend_from_slice(b"junk\x1b[2J\n");
    b.send_raw(&turn).unwrap();
    let (reply, _) = b.reply(REPLY_TIMEOUT).unwrap();
    assert!(
        reply.starts_with("ERROR input line of 5016 bytes"),
        "{reply}"
    );
    assert!(
        !reply.contains('\x1b'),
        "control bytes are escaped: {reply}"
    );
    let (reply, _) = b.command("BEGIN", REPLY_TIMEOUT).unwrap();
    assert_eq!(reply, "7,7", "the board is still empty");
    // A long malformed coordinate is quoted short and printable.
    let junk = format!("TURN 1,{}\x07", "9".repeat(3000));
    let (reply, _) = b.command(&junk, REPLY_TIMEOUT).unwrap();
    assert!(reply.starts_with("ERROR TURN:"), "{reply}");
    assert!(reply.len() < 160 && !reply.contains('\x07'), "{reply}");
    assert!(b.quit(Duration::from_secs(5)));
}

/// A position with something to think about.
const POSITION: &str = "BOARD\n7,7,1\n8,8,2\n8,7,1\n6,7,2\n7,9,1\n9,9,2\nDONE";

#[test]
fn stop_and_end_interrupt_a_long_search() {
    let mut b = spawn();
    // Ten minutes a move: only the stop can end the search within the guards below.
    setup(&mut b, 15, 0, 600_000);
    b.send(POSITION).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    b.send("YXSTOP").unwrap();
    let (reply, _) = b.reply(HANG_GUARD).unwrap();
    assert!(Pos::from_gomocup(&reply, 15).is_ok(), "{reply}");
    assert!(t.elapsed() < HANG_GUARD, "YXSTOP took {:?}", t.elapsed());
    // END in the middle of a search: the search stops and the process exits promptly.
    b.send("RESTART").unwrap();
    assert_eq!(b.reply(REPLY_TIMEOUT).unwrap().0, "OK");
    b.send(POSITION).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(b.quit(HANG_GUARD), "END did not stop the brain");
    // The manager goes away mid-search (input closed, no END): the brain stops and exits
    // as on END, not after its ten minutes.
    let mut b = spawn();
    setup(&mut b, 15, 0, 600_000);
    b.send(POSITION).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    assert!(b.close_input(HANG_GUARD), "EOF did not stop the brain");
}

#[test]
fn pbrain_match_plays_through_the_client() {
    let brain = env!("CARGO_BIN_EXE_pbrain-gomoku");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-match"))
        .args(["--games", "2", "--turn", "50", "--rule", "4", brain, brain])
        .output()
        .expect("pbrain-match runs");
    let text = String::from_utf8_lossy(&out.stdout);
    // The exit status also counts replies over 50 ms, which a busy machine may cause: the
    // summary's game and fault counts are what this checks.
    assert!(text.contains("games 2 "), "{text}");
    assert!(text.contains("illegal moves A 0 B 0"), "{text}");
    assert!(text.contains("crashes/protocol A 0 B 0"), "{text}");
    assert!(text.contains("protocol errors 0"), "{text}");
}

/// Renju on a 7 x 7 board with one empty point left, an overline for Black, who is to move
/// (24 stones each, no five on the board): the brain answers that point at once, with a
/// `MESSAGE` saying why, for the manager to rule on, not an `ERROR` it would score as a
/// loss on time.
#[test]
fn a_full_renju_board_but_a_forbidden_point_is_answered_with_that_point() {
    const ROWS: [&str; 7] = [
        "BBB.BBW", "BBWBWWW", "WBWBWWW", "BWWWWBB", "BWBBBWW", "WBWWWBB", "BWBWWBB",
    ];
    let mut b = spawn();
    setup(&mut b, 7, 4, 500);
    // Renju managers list the stones in move order, Black first: ours (1) are Black.
    let stones = |c: u8| {
        ROWS.iter().enumerate().flat_map(move |(y, row)| {
            row.bytes()
                .enumerate()
                .filter(move |&(_, s)| s == c)
                .map(move |(x, _)| (x, y))
        })
    };
    let mut board = String::from("BOARD");
    for ((bx, by), (wx, wy)) in stones(b'B').zip(stones(b'W')) {
        board.push_str(&format!("\n{bx},{by},1\n{wx},{wy},2"));
    }
    assert_eq!(board.lines().count(), 1 + 48, "24 stones each");
    b.send(&board).unwrap();
    b.send("DONE").unwrap();
    let mut lines = Vec::new();
    let deadline = Instant::now() + REPLY_TIMEOUT;
    while let Ok(Some((line, _))) = b.line_by(deadline, REPLY_TIMEOUT) {
        let done = !line.starts_with("MESSAGE");
        lines.push(line);
        if done {
            break;
        }
    }
    assert_eq!(lines.last().map(String::as_str), Some("3,0"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("forbidden to Black")),
        "{lines:?}"
    );
}
