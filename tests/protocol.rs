//! Transcript tests of the Gomocup protocol state machine: input lines against the exact
//! output lines. A scripted player stands in for the engine so every answer is known; a few
//! tests use the real engine where only legality can be checked.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use gomoku::engine::ai::{Engine, InfoSink, Limits, Score, SearchResult};
use gomoku::engine::{Game, MoveError, Pos, Rule, Stone};
use gomoku::protocol::{Brain, Control, DEFAULT_TURN, Thinker, rule_from_bits};

/// Plays the empty point nearest the centre (ties: top row first, then left), unless a
/// move was queued; reports one fixed iteration. Remembers what it was asked.
#[derive(Default)]
struct Script {
    queue: VecDeque<Option<Pos>>,
    score: Option<Score>,
    /// Waits for the stop flag instead of answering at once.
    slow: bool,
    limits: Vec<Limits>,
    to_move: Vec<Stone>,
    hash: Vec<usize>,
    clears: usize,
}

fn nearest_centre(game: &Game) -> Option<Pos> {
    let c = (game.size() / 2) as i32;
    game.board()
        .empty_points()
        .filter(|&p| game.check_move(p).is_ok())
        .min_by_key(|p| {
            let (dx, dy) = (p.x as i32 - c, p.y as i32 - c);
            (dx.abs().max(dy.abs()), p.y, p.x)
        })
}

impl Thinker for Script {
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        self.limits.push(limits.clone());
        self.to_move.push(game.to_move());
        if self.slow {
            // Ignores its limits on purpose: the brain must stop it at the deadline.
            let t = Instant::now();
            while !stop.load(Ordering::Relaxed) && t.elapsed() < Duration::from_secs(20) {
                std::thread::yield_now();
            }
        }
        let best = self
            .queue
            .pop_front()
            .unwrap_or_else(|| nearest_centre(game));
        let r = SearchResult {
            best,
            score: self.score.unwrap_or(Score::Eval(12)),
            depth: 3,
            nodes: 1000,
            pv: best.into_iter().collect(),
            time: Duration::from_millis(10),
        };
        sink.info(&r);
        r
    }

    fn resize_hash(&mut self, bytes: usize) {
        self.hash.push(bytes);
    }

    fn clear(&mut self) {
        self.clears += 1;
    }
}

fn brain() -> Brain<Script> {
    Brain::with_engine(Script::default())
}

/// Feeds one line, returns the output lines and whether the brain asked to exit.
fn feed<T: Thinker>(b: &mut Brain<T>, line: &str) -> (Vec<String>, Control) {
    let mut out = Vec::new();
    let c = b.handle_line(line, &mut out);
    let text = String::from_utf8(out).expect("replies are UTF-8");
    (text.lines().map(str::to_string).collect(), c)
}

/// Runs a transcript: lines starting with `> ` are input, the others the exact output
/// expected since the previous input.
fn transcript<T: Thinker>(b: &mut Brain<T>, script: &str) {
    let mut expected: Vec<String> = Vec::new();
    let mut got: Vec<String> = Vec::new();
    let mut last_input = String::from("(start)");
    let check = |input: &str, got: &mut Vec<String>, expected: &mut Vec<String>| {
        assert_eq!(got, expected, "after input '{input}'");
        got.clear();
        expected.clear();
    };
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(input) = line.strip_prefix("> ") {
            check(&last_input, &mut got, &mut expected);
            let (out, c) = feed(b, input);
            assert_eq!(c, Control::Continue, "'{input}' must not exit");
            got = out;
            last_input = input.to_string();
        } else {
            expected.push(line.to_string());
        }
    }
    check(&last_input, &mut got, &mut expected);
}

const MSG: &str = "MESSAGE depth 3 score +12 nodes 1000 nps 100k time 10 pv";

fn stones(b: &Brain<Script>) -> Vec<(u8, u8, Stone)> {
    let g = b.game().expect("a game");
    g.history()
        .iter()
        .map(|m| (m.pos.x, m.pos.y, m.stone))
        .collect()
}

#[test]
fn about_start_and_sizes() {
    let mut b = brain();
    transcript(
        &mut b,
        r#"
        > ABOUT
        name="gomoku", version="0.1.0", author="The gomoku developers", country="International"
        > BEGIN
        ERROR no board yet: send START first
        > RESTART
        ERROR no board yet: send START first
        > START 4
        ERROR unsupported board size 4: use 5 to 25
        > START 26
        ERROR unsupported board size 26: use 5 to 25
        > START
        ERROR START needs a board size, got ''
        > START -3
        ERROR START needs a board size, got '-3'
        > START fifteen
        ERROR START needs a board size, got 'fifteen'
        > START 5
        OK
        > START 25
        OK
        > RECTSTART 20,15
        ERROR rectangular boards are not supported (20x15)
        > RECTSTART 20
        ERROR RECTSTART needs width,height, got '20'
        > RECTSTART 15,15
        OK
        "#,
    );
    assert_eq!(b.game().unwrap().size(), 15);
    // START and RESTART start a new game in the engine too.
    assert_eq!(b.engine().clears, 3);
}

#[test]
fn begin_turn_and_colours() {
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > START 15
            OK
            > BEGIN
            {MSG} h8
            7,7
            > TURN 8,8
            {MSG} g9
            6,6
            > TURN 10,10
            {MSG} h9
            7,6
            "
        ),
    );
    assert_eq!(b.colour(), Some(Stone::Black));
    assert_eq!(
        stones(&b),
        vec![
            (7, 7, Stone::Black),
            (8, 8, Stone::White),
            (6, 6, Stone::Black),
            (10, 10, Stone::White),
            (7, 6, Stone::Black)
        ]
    );
    // BEGIN on a board with stones is refused, and the game is kept.
    transcript(
        &mut b,
        "> BEGIN
        ERROR BEGIN needs an empty board (use BOARD for a position)",
    );
    assert_eq!(stones(&b).len(), 5);
    // RESTART: same size, empty board, colour unknown again.
    transcript(&mut b, "> RESTART\nOK");
    assert_eq!(b.game().unwrap().board().stone_count(), 0);
    assert_eq!(b.colour(), None);
    // The first TURN on an empty board makes us White.
    transcript(&mut b, &format!("> TURN 0,0\n{MSG} h8\n7,7"));
    assert_eq!(b.colour(), Some(Stone::White));
    assert_eq!(b.engine().to_move.last(), Some(&Stone::White));
}

#[test]
fn bad_moves_keep_the_state() {
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > START 15
            OK
            > BEGIN
            {MSG} h8
            7,7
            > TURN 7,7
            ERROR TURN: 7,7 is already taken by Black
            > TURN 15,3
            ERROR TURN: '15,3' is off the 15x15 board
            > TURN -1,3
            ERROR TURN: '-1,3' is off the 15x15 board
            > TURN 3
            ERROR TURN: '3' is not a coordinate (expected two numbers separated by a comma, like 7,7)
            > TURN
            ERROR TURN: '' is not a coordinate (expected two numbers separated by a comma, like 7,7)
            > TURN a,b
            ERROR TURN: 'a,b' is not a coordinate (expected two numbers separated by a comma, like 7,7)
            > TURN 1,2,3
            ERROR TURN: '1,2,3' is not a coordinate (expected two numbers separated by a comma, like 7,7)
            > BEGIN now
            ERROR BEGIN takes no arguments, got 'now'
            > FOO bar
            UNKNOWN FOO
            > turnx 1,1
            UNKNOWN turnx
            > DONE
            ERROR DONE without BOARD, YXBOARD or SWAP2BOARD
            > TURN  6 , 6 
            {MSG} h9
            7,6
            "
        ),
    );
    assert_eq!(stones(&b).len(), 3);
    // Long garbage is echoed shortened.
    let (out, _) = feed(&mut b, &"X".repeat(500));
    assert_eq!(
        out,
        vec![format!(
            "UNKNOWN {}...",
            "X".repeat(gomoku::engine::pos::QUOTE_CHARS)
        )]
    );
    // Lower-case commands are accepted (managers send upper case; people may not).
    let (out, _) = feed(&mut b, "about");
    assert!(out[0].starts_with("name=\"gomoku\""));
}

#[test]
fn a_turn_that_ends_the_game_is_rejected() {
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > START 15
            OK
            > BOARD
            > 0,0,2
            > 5,5,1
            > 0,1,2
            > 6,6,1
            > 0,2,2
            > 9,9,1
            > 0,3,2
            > 12,12,1
            > DONE
            {MSG} h8
            7,7
            > TURN 0,4
            ERROR the game is over: White has won
            "
        ),
    );
    assert_eq!(stones(&b).len(), 9);
    assert_eq!(b.game().unwrap().to_move(), Stone::White);
    // Blocking is fine.
    transcript(&mut b, &format!("> TURN 0,5\n{MSG} h9\n7,6"));
}

#[test]
fn not_utf8_is_an_error() {
    let mut b = brain();
    let mut out = Vec::new();
    assert_eq!(
        b.handle_bytes(b"START \xff15", Instant::now(), &mut out),
        Control::Continue
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "ERROR input line is not UTF-8 text\n"
    );
    assert!(b.game().is_none());
}

#[test]
fn end_exits_silently() {
    let mut b = brain();
    feed(&mut b, "START 15");
    assert_eq!(feed(&mut b, "END"), (vec![], Control::Exit));
    // Also in the middle of a BOARD block.
    let mut b = brain();
    feed(&mut b, "START 15");
    feed(&mut b, "BOARD");
    feed(&mut b, "7,7,1");
    assert_eq!(feed(&mut b, "END"), (vec![], Control::Exit));
}

#[test]
fn board_sets_colour_from_counts() {
    let mut b = brain();
    // Equal counts: we are Black, to move.
    transcript(
        &mut b,
        &format!(
            "
            > START 15
            OK
            > BOARD
            > 7,7,2
            > 8,8,1
            > DONE
            {MSG} g9
            6,6
            "
        ),
    );
    assert_eq!(b.colour(), Some(Stone::Black));
    assert_eq!(
        stones(&b),
        vec![
            (7, 7, Stone::White),
            (8, 8, Stone::Black),
            (6, 6, Stone::Black)
        ]
    );
    // The opponent one stone ahead: we are White. Spaces and CR are tolerated.
    transcript(
        &mut b,
        &format!(
            "
            > BOARD
            > 7,7,2\r
            > 8, 8, 1
            > 9,9,2
            > done
            {MSG} g9
            6,6
            "
        ),
    );
    assert_eq!(b.colour(), Some(Stone::White));
    assert_eq!(b.engine().to_move.last(), Some(&Stone::White));
    assert_eq!(
        stones(&b),
        vec![
            (7, 7, Stone::Black),
            (8, 8, Stone::White),
            (9, 9, Stone::Black),
            (6, 6, Stone::White)
        ]
    );
    // An empty BOARD: we open as Black.
    transcript(&mut b, &format!("> BOARD\n> DONE\n{MSG} h8\n7,7"));
    assert_eq!(b.colour(), Some(Stone::Black));
    // Continuous-game markers (field 3) are not stones here: ignored, with a note.
    transcript(
        &mut b,
        &format!(
            "
            > BOARD
            > 7,7,1
            > 0,0,3
            > 8,8,2
            > DONE
            MESSAGE ignored 1 continuous-game marker stone(s) (field 3)
            {MSG} g9
            6,6
            "
        ),
    );
    assert_eq!(stones(&b).len(), 3);
}

#[test]
fn renju_board_takes_colour_from_move_order() {
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > INFO rule 4
            > START 15
            OK
            > BOARD
            > 7,7,2
            > 8,8,1
            > DONE
            {MSG} g9
            6,6
            "
        ),
    );
    // Equal counts would make us Black, but the opponent's stone came first.
    assert_eq!(b.colour(), Some(Stone::White));
    assert_eq!(b.game().unwrap().rule(), Rule::Renju);
    assert_eq!(
        stones(&b),
        vec![
            (7, 7, Stone::Black),
            (8, 8, Stone::White),
            (6, 6, Stone::White)
        ]
    );
}

#[test]
fn bad_boards_keep_the_state() {
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > START 15
            OK
            > BEGIN
            {MSG} h8
            7,7
            > BOARD
            > 7,7,1
            > 7,7,2
            > DONE
            ERROR BOARD: 7,7 is already taken by Black
            > BOARD
            > 7,7,4
            > DONE
            ERROR BOARD: line 1: field '4' is not 1, 2 or 3
            > BOARD
            > 7,7
            > 1,1,1
            > DONE
            ERROR BOARD: line 1 '7,7' is not x,y,field
            > BOARD
            > 1,1,1
            > 15,0,2
            > DONE
            ERROR BOARD: line 2: '15,0' is off the 15x15 board
            > BOARD
            > hello
            > DONE
            ERROR BOARD: line 1 'hello' is not x,y,field
            > BOARD
            > 0,0,1
            > 0,1,1
            > 0,2,1
            > 0,3,1
            > 5,5,2
            > 6,5,2
            > 7,5,2
            > 8,5,2
            > 0,4,1
            > DONE
            ERROR BOARD: the position is already won by Black
            > BOARD
            > 0,0,1
            > 0,1,1
            > 0,2,1
            > 0,3,1
            > 0,4,1
            > 5,5,2
            > DONE
            ERROR BOARD: the position is already won by Black
            > BOARD x
            ERROR BOARD takes no arguments, got 'x'
            "
        ),
    );
    assert_eq!(stones(&b), vec![(7, 7, Stone::Black)]);
    assert_eq!(b.colour(), Some(Stone::Black));
    // A line that is not UTF-8 spoils the block, reported at DONE.
    feed(&mut b, "BOARD");
    let mut out = Vec::new();
    b.handle_bytes(b"1,\xff,1", Instant::now(), &mut out);
    assert!(out.is_empty());
    let (out, _) = feed(&mut b, "DONE");
    assert_eq!(out, vec!["ERROR BOARD: a line is not UTF-8 text"]);
    // A known command inside a block means DONE was forgotten: the block is dropped and
    // the command runs on the old position.
    transcript(
        &mut b,
        &format!(
            "
            > BOARD
            > 1,1,1
            > TURN 8,8
            ERROR BOARD not closed by DONE, ignored
            {MSG} g9
            6,6
            "
        ),
    );
    assert!(!b.in_block());
    assert_eq!(stones(&b).len(), 3);
}

/// Renju: Black's h8 (7,7) with f8 g8 (5,7 6,7) and h9 h10 (7,6 7,5) around it; White far
/// away. Played in this order every move is legal, but listed with h8 last the point looks
/// like a double three. A board is a set of stones: any order is the same position.
fn h8_position(h8_last: bool) -> Vec<String> {
    let mut black = vec!["5,7", "6,7", "7,6", "7,5"];
    if h8_last {
        black.push("7,7");
    } else {
        black.insert(0, "7,7");
    }
    let white = ["0,14", "2,14", "4,14", "6,14", "8,14"];
    let mut lines = vec!["YXBOARD".to_string()];
    for (b, w) in black.iter().zip(white) {
        lines.push(format!("{b},1"));
        lines.push(format!("{w},2"));
    }
    lines.push("DONE".into());
    lines
}

#[test]
fn boards_are_accepted_in_any_order() {
    let mut orders = Vec::new();
    for h8_last in [false, true] {
        let mut b = brain();
        transcript(&mut b, "> INFO rule 4\n> START 15\nOK");
        for line in h8_position(h8_last) {
            let (out, _) = feed(&mut b, &line);
            assert!(out.is_empty(), "{line}: {out:?}");
        }
        let game = b.game().unwrap();
        assert_eq!(game.board().stone_count(), 10);
        assert_eq!(game.to_move(), Stone::Black);
        assert_eq!(b.colour(), Some(Stone::Black));
        assert_eq!(game.board().get(Pos::new(7, 7)), Some(Stone::Black));
        orders.push(stones(&b));
    }
    let mut sorted: Vec<Vec<(u8, u8, Stone)>> = orders
        .into_iter()
        .map(|mut v| {
            v.sort_by_key(|s| (s.0, s.1));
            v
        })
        .collect();
    assert_eq!(sorted.pop(), sorted.pop(), "same stones whatever the order");

    // The moves to come are still checked against the set-up position.
    let mut b = brain();
    transcript(&mut b, "> INFO rule 4\n> START 15\nOK");
    for line in h8_position(true) {
        feed(&mut b, &line);
    }
    let (out, _) = feed(&mut b, "TURN 7,7");
    assert_eq!(out, vec!["ERROR TURN: 7,7 is already taken by Black"]);
}

#[test]
fn a_black_stone_that_only_looks_forbidden_is_kept() {
    // Renju, we are White (the first stone listed is the opponent's, so Black's). Black has
    // a four along row 7 (4..7) and one along column 7 (4..7), each closed by White at one
    // end: the black stone at 7,7, listed last, now looks like a double four.
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > INFO rule 4
            > START 15
            OK
            > BOARD
            > 4,7,2
            > 3,7,1
            > 5,7,2
            > 7,3,1
            > 6,7,2
            > 0,0,1
            > 7,4,2
            > 14,0,1
            > 7,5,2
            > 0,14,1
            > 7,6,2
            > 14,14,1
            > 7,7,2
            > DONE
            {MSG} g9
            6,6
            "
        ),
    );
    assert_eq!(b.colour(), Some(Stone::White));
    assert_eq!(b.game().unwrap().board().stone_count(), 14);
}

#[test]
fn impossible_boards_are_refused_and_keep_the_state() {
    let mut b = brain();
    transcript(
        &mut b,
        "
        > START 15
        OK
        > YXBOARD
        > 7,7,1
        > 8,8,1
        > 9,9,1
        > 1,1,2
        > DONE
        ERROR YXBOARD: 3 black and 1 white stones: no game has a difference of more than one
        > YXBOARD
        > 0,0,1
        > 1,0,2
        > 0,1,1
        > 1,1,2
        > 0,2,1
        > 1,2,2
        > 0,3,1
        > 1,3,2
        > 1,4,2
        > 0,4,1
        > DONE
        ERROR YXBOARD: the position is already won by Black
        > YXBOARD
        > 7,7,1
        > 7,7,2
        > DONE
        ERROR YXBOARD: 7,7 is already taken by Black
        > YXBOARD
        > 7,7,1
        > 15,7,2
        > DONE
        ERROR YXBOARD: line 2: '15,7' is off the 15x15 board
        ",
    );
    assert!(b.game().unwrap().board().stone_count() == 0);
}

#[test]
fn yxboard_sets_without_search_and_showforbid() {
    let mut b = brain();
    transcript(
        &mut b,
        "
        > INFO rule 4
        > START 15
        OK
        > YXBOARD
        > 5,7,1
        > 0,14,2
        > 6,7,1
        > 2,14,2
        > 7,5,1
        > 4,14,2
        > 7,6,1
        > 6,14,2
        > DONE
        > YXSHOWFORBID
        FORBID 0707.
        ",
    );
    assert!(b.engine().limits.is_empty(), "YXBOARD must not search");
    assert_eq!(b.colour(), Some(Stone::Black));
    assert_eq!(b.game().unwrap().to_move(), Stone::Black);
    assert_eq!(stones(&b).len(), 8);
    // Two forbidden points, in board order, two digits each.
    transcript(
        &mut b,
        "
        > YXBOARD
        > 5,7,1
        > 0,14,2
        > 6,7,1
        > 2,14,2
        > 7,5,1
        > 4,14,2
        > 7,6,1
        > 6,14,2
        > 11,10,1
        > 8,14,2
        > 12,10,1
        > 10,14,2
        > 13,8,1
        > 12,14,2
        > 13,9,1
        > 14,14,2
        > DONE
        > YXSHOWFORBID
        FORBID 07071310.
        ",
    );
    // No forbidden points under the other rules; a pass (-1,-1) is accepted and skipped.
    transcript(
        &mut b,
        "
        > INFO rule 1
        > YXBOARD
        > 5,7,1
        > -1,-1,2
        > DONE
        > YXSHOWFORBID
        FORBID .
        > START 9
        OK
        > YXSHOWFORBID
        FORBID .
        ",
    );
}

#[test]
fn takeback_and_play() {
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > START 15
            OK
            > TAKEBACK 7,7
            ERROR TAKEBACK: the board is empty
            > BEGIN
            {MSG} h8
            7,7
            > TURN 8,8
            {MSG} g9
            6,6
            > TAKEBACK 8,8
            ERROR TAKEBACK 8,8: only the last move (6,6) can be taken back
            > TAKEBACK x
            ERROR TAKEBACK: 'x' is not a coordinate (expected two numbers separated by a comma, like 7,7)
            > TAKEBACK 6,6
            OK
            > TAKEBACK 8,8
            OK
            > TURN 9,9
            {MSG} g9
            6,6
            "
        ),
    );
    assert_eq!(
        stones(&b),
        vec![
            (7, 7, Stone::Black),
            (9, 9, Stone::White),
            (6, 6, Stone::Black)
        ]
    );
    transcript(
        &mut b,
        &format!(
            "
            > RESTART
            OK
            > PLAY 7,7
            7,7
            > TURN 8,8
            {MSG} g9
            6,6
            > PLAY 8,8
            ERROR PLAY: 8,8 is already taken by White
            > PLAY 20,20
            ERROR PLAY: '20,20' is off the 15x15 board
            > PLAY 3, 3
            3,3
            "
        ),
    );
    assert_eq!(b.colour(), Some(Stone::Black));
    assert_eq!(stones(&b).last(), Some(&(3, 3, Stone::Black)));
}

#[test]
fn info_keys_and_errors() {
    let mut b = brain();
    transcript(
        &mut b,
        "
        > INFO timeout_turn 1000
        > INFO timeout_match 0
        > INFO time_left 5000
        > INFO max_memory 0
        > INFO game_type 1
        > INFO folder /tmp/some folder
        > INFO evaluate 7,7
        > INFO thread_num 4
        > info TIMEOUT_TURN 2000
        > INFO timeout_turn abc
        ERROR INFO timeout_turn: 'abc' is not a whole number
        > INFO rule
        ERROR INFO rule: '' is not a whole number
        > INFO max_memory 1.5
        ERROR INFO max_memory: '1.5' is not a whole number
        > INFO
        ERROR INFO needs a key and a value
        ",
    );
    assert_eq!(b.folder(), Some("/tmp/some folder"));
    assert_eq!(b.game_type(), Some(1));
    // thread_num reaches the search's limits.
    assert_eq!(b.threads(), 4);
    transcript(&mut b, &format!("> START 15\nOK\n> BEGIN\n{MSG} h8\n7,7"));
    assert_eq!(b.engine().limits.last().map(|l| l.threads), Some(4));
    // max_memory: 0 keeps the default; otherwise at most half, capped.
    assert!(b.engine().hash.is_empty());
    feed(&mut b, "INFO max_memory 1000000");
    assert_eq!(b.hash_bytes(), 500_000);
    feed(&mut b, "INFO max_memory 1000000");
    feed(&mut b, "INFO max_memory 999999999999");
    assert_eq!(b.hash_bytes(), gomoku::protocol::MAX_HASH_BYTES);
    feed(&mut b, "INFO max_memory 0");
    assert_eq!(
        b.engine().hash,
        vec![500_000, gomoku::protocol::MAX_HASH_BYTES, 64 << 20]
    );
}

#[test]
fn rule_bitmask() {
    let table = [
        (0, Rule::Freestyle, None),
        (1, Rule::Standard, None),
        (4, Rule::Renju, None),
        (5, Rule::Renju, None),
        (
            2,
            Rule::Freestyle,
            Some("rule 2: continuous game (2) not supported, playing Freestyle"),
        ),
        (
            3,
            Rule::Standard,
            Some("rule 3: continuous game (2) not supported, playing Standard"),
        ),
        (
            8,
            Rule::Freestyle,
            Some("rule 8: caro (8) not supported, playing Freestyle"),
        ),
        (
            20,
            Rule::Renju,
            Some("rule 20: unknown bits 16 not supported, playing Renju"),
        ),
        (
            11,
            Rule::Standard,
            Some("rule 11: continuous game (2), caro (8) not supported, playing Standard"),
        ),
    ];
    for (bits, rule, note) in table {
        assert_eq!(
            rule_from_bits(bits),
            (rule, note.map(str::to_string)),
            "{bits}"
        );
        let mut b = brain();
        let (out, _) = feed(&mut b, &format!("INFO rule {bits}"));
        let want: Vec<String> = note.iter().map(|n| format!("MESSAGE {n}")).collect();
        assert_eq!(out, want);
        assert_eq!(b.rule(), rule);
        feed(&mut b, "START 15");
        assert_eq!(b.game().unwrap().rule(), rule);
    }
    // A rule change in the middle of a game applies to it, stones kept.
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "> START 15\nOK\n> BEGIN\n{MSG} h8\n7,7\n> TURN 8,8\n{MSG} g9\n6,6\n> INFO rule 4"
        ),
    );
    assert_eq!(b.game().unwrap().rule(), Rule::Renju);
    assert_eq!(stones(&b).len(), 3);
    assert_eq!(b.game().unwrap().to_move(), Stone::White);
}

#[test]
fn swap2() {
    let mut b = brain();
    transcript(
        &mut b,
        &format!(
            "
            > START 15
            OK
            > SWAP2BOARD
            > DONE
            7,7 7,8 9,5
            > SWAP2BOARD
            > 7,7
            > 8,7
            > 9,9
            > DONE
            {MSG} g9
            6,6
            > SWAP2BOARD
            > 7,7
            > 8,7
            > 9,9
            > 8,8
            > 8,6
            > DONE
            {MSG} g9
            6,6
            > SWAP2BOARD
            > 7,7
            > 8,7
            > DONE
            ERROR SWAP2BOARD needs 0, 3 or 5 stones, got 2
            > SWAP2BOARD
            > 7,7,1
            > DONE
            ERROR SWAP2BOARD: line 1 '7,7,1' is not x,y
            > SWAP2BOARD
            > 7,7
            > 7,7
            > 9,9
            > DONE
            ERROR SWAP2BOARD: move 2: 7,7 is already taken by Black
            "
        ),
    );
    assert_eq!(b.colour(), Some(Stone::White));
    // White's prospects are poor: take Black.
    let mut b = Brain::with_engine(Script {
        score: Some(Score::Eval(-500)),
        ..Script::default()
    });
    transcript(
        &mut b,
        "
        > START 15
        OK
        > SWAP2BOARD
        > 7,7
        > 8,7
        > 9,9
        > DONE
        MESSAGE depth 3 score -500 nodes 1000 nps 100k time 10 pv g9
        SWAP
        ",
    );
    assert_eq!(b.colour(), Some(Stone::Black));
    assert_eq!(b.game().unwrap().to_move(), Stone::White);
}

#[test]
fn stop_lines_are_silent() {
    let mut b = brain();
    transcript(&mut b, "> START 15\nOK\n> STOP\n> YXSTOP");
}

fn ms(v: u64) -> Duration {
    Duration::from_millis(v)
}

/// The limits of the next search after `lines`.
fn limits_after(lines: &[&str]) -> Limits {
    let mut b = brain();
    for l in lines {
        feed(&mut b, l);
    }
    feed(&mut b, "START 15");
    feed(&mut b, "BEGIN");
    b.engine().limits.last().cloned().expect("a search")
}

#[test]
fn time_limits() {
    // Nothing stated: the default per-move time, less the safety margin.
    let l = limits_after(&[]);
    let hard = l.hard_time.unwrap();
    assert!(
        hard <= DEFAULT_TURN - ms(40) && hard > DEFAULT_TURN - ms(200),
        "{l:?}"
    );
    assert!(l.vct);
    // 100 ms per move: a margin of a quarter for process and pipe latency.
    let l = limits_after(&["INFO timeout_turn 100"]);
    assert!(
        l.hard_time.unwrap() <= ms(75) && l.hard_time.unwrap() >= ms(50),
        "{l:?}"
    );
    assert!(l.soft_time.unwrap() <= l.hard_time.unwrap());
    assert!(!l.vct);
    // 0 = as fast as possible.
    let l = limits_after(&["INFO timeout_turn 0"]);
    assert!(
        l.hard_time.unwrap() <= ms(10) && l.depth == Some(1),
        "{l:?}"
    );
    // A match clock: a quarter of what is left at most, less 50 ms.
    let l = limits_after(&[
        "INFO timeout_turn 5000",
        "INFO timeout_match 10000",
        "INFO time_left 1000",
    ]);
    assert!(l.hard_time.unwrap() <= ms(200), "{l:?}");
    // Until time_left arrives, the whole match time is the clock.
    let l = limits_after(&["INFO timeout_match 8000"]);
    assert!(
        l.hard_time.unwrap() <= ms(1950) && l.hard_time.unwrap() > ms(1800),
        "{l:?}"
    );
    // timeout_match 0: no match clock, whatever time_left says.
    let mut b = brain();
    for l in [
        "START 15",
        "INFO timeout_turn 100",
        "INFO timeout_match 0",
        "INFO time_left 10",
        "BEGIN",
    ] {
        feed(&mut b, l);
    }
    assert!(b.engine().limits[0].hard_time.unwrap() >= ms(50));
    // Out of time (negative time_left): an answer at once.
    let mut b = brain();
    for l in ["START 15", "INFO time_left -5", "BEGIN"] {
        feed(&mut b, l);
    }
    assert_eq!(b.engine().limits[0].hard_time, Some(Duration::ZERO));
    // Our own thinking comes off the match clock between time_left updates.
    let mut b = Brain::with_engine(Script {
        slow: true,
        ..Script::default()
    });
    for l in [
        "START 15",
        "INFO timeout_match 2000",
        "INFO time_left 2000",
        "BEGIN",
        "TURN 0,0",
    ] {
        feed(&mut b, l);
    }
    let first = b.engine().limits[0].hard_time.unwrap();
    let second = b.engine().limits[1].hard_time.unwrap();
    assert!(second < first, "{first:?} then {second:?}");
}

#[test]
fn hard_limit_is_enforced_even_if_the_engine_ignores_it() {
    let mut b = Brain::with_engine(Script {
        slow: true,
        ..Script::default()
    });
    // 400 ms a move: the hard limit is 340 ms. (The 100 ms case is the match tool's: here
    // the slack keeps the test steady on a busy machine.)
    feed(&mut b, "INFO timeout_turn 400");
    feed(&mut b, "START 15");
    let t = Instant::now();
    let (out, _) = feed(&mut b, "BEGIN");
    let took = t.elapsed();
    assert_eq!(out.last().map(String::as_str), Some("7,7"));
    assert!(took < ms(400), "answered after {took:?}");
    assert!(took >= ms(300), "stopped too early: {took:?}");
}

#[test]
fn stop_request_interrupts_a_search() {
    let mut b = Brain::with_engine(Script {
        slow: true,
        ..Script::default()
    });
    feed(&mut b, "INFO timeout_turn 10000");
    feed(&mut b, "START 15");
    // As the binary's reader thread does on seeing YXSTOP.
    b.interrupt_handle().fetch_add(1, Ordering::AcqRel);
    let t = Instant::now();
    let (out, _) = feed(&mut b, "BEGIN");
    assert!(t.elapsed() < ms(1000));
    assert_eq!(out.last().map(String::as_str), Some("7,7"));
    feed(&mut b, "YXSTOP");
    assert_eq!(b.interrupt_handle().load(Ordering::Acquire), 0);
    // The next search runs normally again (stopped by its own deadline).
    feed(&mut b, "INFO timeout_turn 100");
    let t = Instant::now();
    feed(&mut b, "TURN 0,0");
    assert!(t.elapsed() >= ms(60));
}

/// Renju position: Black (us, to move) has a double three at 7,7, and White's four on the
/// diagonal 8,8..11,11 can only be completed at 7,7. Blocking there is the only sensible
/// move, and it is forbidden.
fn forbidden_block_board() -> Vec<&'static str> {
    vec![
        "BOARD", "5,7,1", "8,8,2", "6,7,1", "9,9,2", "7,5,1", "10,10,2", "7,6,1", "11,11,2",
        "12,12,1", "0,14,2", "DONE",
    ]
}

fn forbidden_block_game() -> Game {
    let moves = [
        (5, 7),
        (8, 8),
        (6, 7),
        (9, 9),
        (7, 5),
        (10, 10),
        (7, 6),
        (11, 11),
        (12, 12),
        (0, 14),
    ];
    let moves: Vec<Pos> = moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    Game::from_moves(15, Rule::Renju, &moves).unwrap()
}

#[test]
fn never_plays_a_forbidden_point_as_black() {
    let game = forbidden_block_game();
    assert!(matches!(
        game.check_move(Pos::new(7, 7)),
        Err(MoveError::Forbidden { .. })
    ));
    // A player that proposes the forbidden point is overruled.
    let mut b = Brain::with_engine(Script {
        queue: VecDeque::from([Some(Pos::new(7, 7))]),
        ..Script::default()
    });
    feed(&mut b, "INFO rule 4");
    feed(&mut b, "START 15");
    let mut out = Vec::new();
    for l in forbidden_block_board() {
        out = feed(&mut b, l).0;
    }
    assert_eq!(b.colour(), Some(Stone::Black));
    assert!(
        out.iter()
            .any(|l| l.starts_with("MESSAGE engine move 7,7 is not legal here"))
    );
    let reply = Pos::from_gomocup(out.last().unwrap(), 15).unwrap();
    assert_ne!(reply, Pos::new(7, 7));
    assert!(game.check_move(reply).is_ok(), "{reply:?}");
    // The real engine too.
    let mut b = Brain::with_engine(Engine::new(1 << 20));
    for l in ["INFO rule 4", "INFO timeout_turn 300", "START 15"] {
        feed(&mut b, l);
    }
    let mut out = Vec::new();
    for l in forbidden_block_board() {
        out = feed(&mut b, l).0;
    }
    let reply = Pos::from_gomocup(out.last().unwrap(), 15).unwrap();
    assert!(game.check_move(reply).is_ok(), "{out:?}");
}

/// Answers that are not legal moves never reach the manager.
#[test]
fn illegal_engine_answers_are_replaced() {
    for bad in [None, Some(Pos::new(7, 7)), Some(Pos::new(40, 3))] {
        let mut b = Brain::with_engine(Script {
            queue: VecDeque::from([None, bad]),
            ..Script::default()
        });
        feed(&mut b, "START 15");
        let (out, _) = feed(&mut b, "BEGIN");
        assert_eq!(out.last().map(String::as_str), Some("7,7"), "{out:?}");
        let (out, _) = feed(&mut b, "TURN 8,8");
        let p = Pos::from_gomocup(out.last().unwrap(), 15).unwrap();
        assert_eq!(b.game().unwrap().last_move().unwrap().pos, p);
        assert_eq!(b.game().unwrap().ply(), 3);
    }
}

#[test]
fn real_engine_plays_a_short_game_in_transcript() {
    let mut b = Brain::new();
    for l in [
        "INFO timeout_turn 50",
        "INFO max_memory 8000000",
        "START 15",
    ] {
        assert!(feed(&mut b, l).0.iter().all(|l| l == "OK"));
    }
    let (out, _) = feed(&mut b, "BEGIN");
    assert_eq!(out.last().map(String::as_str), Some("7,7"));
    let (out, _) = feed(&mut b, "TURN 8,8");
    assert!(
        out[..out.len() - 1]
            .iter()
            .all(|l| l.starts_with("MESSAGE depth ")),
        "{out:?}"
    );
    assert!(Pos::from_gomocup(out.last().unwrap(), 15).is_ok());
    assert_eq!(b.game().unwrap().ply(), 3);
}

/// A search that crashes.
struct Panics;

impl Thinker for Panics {
    fn think(
        &mut self,
        _: &Game,
        _: &Limits,
        _: &AtomicBool,
        _: &mut dyn InfoSink,
    ) -> SearchResult {
        panic!("search bug (expected in this test)");
    }
    fn resize_hash(&mut self, _: usize) {}
    fn clear(&mut self) {}
}

#[test]
fn a_crashing_search_still_gets_a_legal_move() {
    let mut b = Brain::with_engine(Panics);
    transcript(
        &mut b,
        "
        > START 15
        OK
        > BEGIN
        MESSAGE the search failed; playing a fallback move
        7,7
        ",
    );
    let (out, _) = feed(&mut b, "TURN 8,8");
    let p = Pos::from_gomocup(out.last().unwrap(), 15).unwrap();
    assert_eq!(b.game().unwrap().last_move().unwrap().pos, p);
    assert_eq!(b.game().unwrap().ply(), 3);
}

/// A search that reports one iteration, then ignores the stop flag for a while.
struct Stubborn;

impl Thinker for Stubborn {
    fn think(
        &mut self,
        game: &Game,
        _: &Limits,
        _: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        let best = nearest_centre(game);
        let r = SearchResult {
            best,
            score: Score::Eval(5),
            depth: 2,
            nodes: 10,
            pv: best.into_iter().collect(),
            time: Duration::ZERO,
        };
        sink.info(&r);
        std::thread::sleep(Duration::from_millis(1000));
        SearchResult {
            best: Some(Pos::new(0, 0)),
            ..r
        }
    }
    fn resize_hash(&mut self, _: usize) {}
    fn clear(&mut self) {}
}

/// Records when each line was written.
#[derive(Default)]
struct Timed {
    buf: Vec<u8>,
    lines: Vec<(String, Instant)>,
}

impl std::io::Write for Timed {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        for &b in data {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.buf).into_owned();
                self.lines.push((line, Instant::now()));
                self.buf.clear();
            } else {
                self.buf.push(b);
            }
        }
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn answers_on_time_even_if_the_search_does_not_stop() {
    let mut b = Brain::with_engine(Stubborn);
    feed(&mut b, "INFO timeout_turn 400");
    feed(&mut b, "START 15");
    feed(&mut b, "BEGIN");
    let mut out = Timed::default();
    let t = Instant::now();
    b.handle_line_at("TURN 8,8", t, &mut out);
    let (reply, at) = out.lines.last().cloned().unwrap();
    // The move of the last finished iteration, printed within the turn...
    assert_eq!(reply, "6,6", "{:?}", out.lines);
    assert!(at - t < ms(400), "answered after {:?}", at - t);
    assert!(
        at - t >= ms(340),
        "answered before the hard limit: {:?}",
        at - t
    );
    assert!(out.lines[1].0.starts_with("MESSAGE search still running"));
    // ...and the state agrees with it, not with the late result.
    assert_eq!(b.game().unwrap().last_move().unwrap().pos, Pos::new(6, 6));
    assert_eq!(b.game().unwrap().ply(), 3);
}
