//! Time limits, stop requests, forbidden points, crashing and stubborn searches.

use super::*;

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
    // Until time_left arrives, the whole match time is the clock: 8 s over at most 60 moves
    // is a share of 133 ms, and one move runs to 2.5 shares at most (333 ms), well under
    // a quarter of the clock.
    let l = limits_after(&["INFO timeout_match 8000"]);
    assert!(
        l.hard_time.unwrap() <= ms(334) && l.hard_time.unwrap() > ms(320),
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
    // The engine would run for 20 s: an answer well before that was the brain's doing (the
    // latency itself is measured by pbrain-match, not raced here).
    assert!(took < Duration::from_secs(10), "answered after {took:?}");
    assert!(took >= ms(300), "stopped too early: {took:?}");
}

#[test]
fn stop_request_interrupts_a_search() {
    let mut b = Brain::with_engine(Script {
        slow: true,
        ..Script::default()
    });
    feed(&mut b, "INFO timeout_turn 600000");
    feed(&mut b, "START 15");
    // As the binary's reader thread does on seeing YXSTOP.
    b.interrupt_handle().fetch_add(1, Ordering::AcqRel);
    let t = Instant::now();
    let (out, _) = feed(&mut b, "BEGIN");
    // Ten minutes to think and an engine that would take 20 s: only the stop ends it sooner.
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
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
    // Search reports, and on a machine too busy to stop within the 50 ms the brain's note
    // that it answers from the last finished depth; never anything else.
    assert!(out[0].starts_with("MESSAGE depth "), "{out:?}");
    assert!(
        out[..out.len() - 1].iter().all(|l| {
            l.starts_with("MESSAGE depth ")
                || l.starts_with("MESSAGE search still running at the time limit")
        }),
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
        std::thread::sleep(STUBBORN);
        SearchResult {
            best: Some(Pos::new(0, 0)),
            ..r
        }
    }
    fn resize_hash(&mut self, _: usize) {}
    fn clear(&mut self) {}
}

/// How long the stubborn engine ignores the clock: far past its 400 ms turn.
const STUBBORN: Duration = Duration::from_secs(4);

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
    // Answered long before the engine returned (the latency is measured by pbrain-match).
    assert!(at - t < STUBBORN / 2, "answered after {:?}", at - t);
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
