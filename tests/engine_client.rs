//! The protocol client (`protocol::client`) against real processes: our own `pbrain-gomoku`
//! playing whole games (with an undo, a stopped search and a restart), and small shell-script
//! brains that misbehave in each way a Gomocup manager must survive: one that will not start,
//! crashes, hangs, floods its output, prints garbage, plays an occupied, off-board or
//! forbidden point, or refuses a rule. Each must end in the stated fault, never a hang.

use std::fs;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use gomoku::engine::gomoku::{Game, Outcome, Pos, Rule};
use gomoku::protocol::client::{
    About, EngineClient, EngineSpec, Fault, Limit, NBest, PvLine, Refusal, Support, Swap2Answer,
};

fn brain() -> EngineSpec {
    EngineSpec {
        turn: Duration::from_millis(60),
        // Only a hung brain misses this, however busy the machine.
        grace: Duration::from_secs(120),
        memory: 64 << 20,
        ..EngineSpec::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
    }
}

/// A brain written as a shell script: it knows ABOUT, START and END, and answers a move
/// request (BEGIN, TURN, or the DONE of a BOARD) with `on_move`, a shell command. `on_info`
/// runs on every INFO line (with the line in `$line`).
fn script(name: &str, on_move: &str, on_info: &str) -> EngineSpec {
    script_of(
        name,
        &format!(
            "\x20   INFO*) {on_info} ;;\n\
             \x20   BEGIN*|TURN*|DONE*) {on_move} ;;\n"
        ),
    )
}

/// A shell-script brain that knows ABOUT, START and END, and `cases` (shell `case` arms on
/// the line read, `$line`).
fn script_of(name: &str, cases: &str) -> EngineSpec {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("engine-scripts");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let text = format!(
        "#!/bin/sh\n\
         while read -r line; do\n\
         \x20 case \"$line\" in\n\
         \x20   ABOUT*) echo 'name=\"{name}\", version=\"1.0\", author=\"tests\"' ;;\n\
         \x20   START*) echo OK ;;\n\
         {cases}\
         \x20   END*) exit 0 ;;\n\
         \x20 esac\n\
         done\n"
    );
    // Written to a new name and renamed: a test running beside may execute the old one.
    let part = dir.join(format!("{name}.part"));
    fs::write(&part, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&part, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::rename(&part, &path).unwrap();
    EngineSpec {
        // Scripts answer at once; the limit only matters to the one that hangs.
        turn: Duration::from_secs(60),
        grace: Duration::from_secs(60),
        ..EngineSpec::new(path)
    }
}

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

/// Asks for one move on a fresh freestyle board after `moves` and returns the fault.
fn fault_of(spec: EngineSpec, rule: Rule, moves: &[&str]) -> Fault {
    let mut client = EngineClient::new(spec);
    let mut game = Game::new(15, rule).unwrap();
    for m in moves {
        game.play(Pos::from_human(m, 15).unwrap()).unwrap();
    }
    match client.think(&game, Limit::Turn, &never(), &mut |_| {}) {
        Err(fault) => {
            assert!(!client.is_running(), "a faulty brain is ended: {fault}");
            fault
        }
        Ok(answer) => panic!("expected a fault, got {answer:?}"),
    }
}

#[test]
fn our_brain_plays_whole_games_through_the_client() {
    for rule in [Rule::Freestyle, Rule::Renju] {
        let mut clients = [EngineClient::new(brain()), EngineClient::new(brain())];
        let mut game = Game::new(15, rule).unwrap();
        let mut messages = 0;
        while !game.outcome().is_over() {
            let side = game.ply() % 2;
            let answer = clients[side]
                .think(&game, Limit::Turn, &never(), &mut |_| messages += 1)
                .unwrap_or_else(|e| panic!("{rule:?} move {}: {e}", game.ply() + 1))
                .expect("not stopped");
            game.play(answer.pos).unwrap();
        }
        assert!(matches!(
            game.outcome(),
            Outcome::Win { .. } | Outcome::Draw
        ));
        assert_eq!(
            clients[0].about().and_then(|a| a.name.clone()).as_deref(),
            Some("gomoku")
        );
        for mut c in clients {
            assert!(c.end(Duration::from_secs(30)), "our brain exits on END");
        }
    }
}

#[test]
fn undo_stop_and_restart_keep_the_brain_in_step() {
    let mut client = EngineClient::new(brain());
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    for m in ["h8", "i9"] {
        game.play(Pos::from_human(m, 15).unwrap()).unwrap();
    }
    let first = client
        .think(&game, Limit::Turn, &never(), &mut |_| {})
        .unwrap()
        .unwrap();
    game.play(first.pos).unwrap();
    game.play(Pos::from_human("a1", 15).unwrap()).unwrap();
    // Undo two moves: the brain gets the whole position again, not a TURN that would put a
    // stone on its old one.
    game.undo();
    game.undo();
    game.play(Pos::from_human("g7", 15).unwrap()).unwrap();
    let after_undo = client
        .think(&game, Limit::Turn, &never(), &mut |_| {})
        .unwrap()
        .unwrap();
    assert!(game.check_move(after_undo.pos).is_ok());

    // A stopped search: its late reply must not pass for the next answer.
    let mut slow = EngineClient::new(EngineSpec {
        turn: Duration::from_millis(1500),
        ..brain()
    });
    let stop = AtomicBool::new(true);
    assert_eq!(slow.think(&game, Limit::Turn, &stop, &mut |_| {}), Ok(None));
    // Stopped once the brain reports its first iteration: it is thinking, and owes a reply.
    let stop = AtomicBool::new(false);
    let stopped = slow.think(&game, Limit::Turn, &stop, &mut |_| {
        stop.store(true, std::sync::atomic::Ordering::Relaxed)
    });
    assert_eq!(stopped, Ok(None));
    let mut next = game.clone();
    next.play(after_undo.pos).unwrap();
    next.play(Pos::from_human("a15", 15).unwrap()).unwrap();
    let answer = slow
        .think(&next, Limit::Turn, &never(), &mut |_| {})
        .unwrap()
        .unwrap();
    assert!(next.check_move(answer.pos).is_ok(), "{answer:?}");

    // A brain killed from outside is started again for the next move.
    client.end(Duration::ZERO);
    let again = client
        .think(&next, Limit::Turn, &never(), &mut |_| {})
        .unwrap()
        .unwrap();
    assert!(next.check_move(again.pos).is_ok());
}

#[test]
fn a_stopped_search_s_late_reply_is_dropped() {
    // A TURN is answered late, after a MESSAGE; a whole position (BOARD ... DONE) at once.
    // After a stop the client must send the whole position: the brain has put its late
    // answer on its board (and whether that answer is drained or the brain restarted,
    // 0,0 must not pass for the next answer).
    let spec = script(
        "late",
        "case \"$line\" in DONE*) echo 2,2 ;; \
         *) echo 'MESSAGE thinking'; sleep 0.3; echo 0,0 ;; esac",
        ":",
    );
    let mut client = EngineClient::new(spec);
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    game.play(Pos::new(7, 7)).unwrap();
    let stop = AtomicBool::new(false);
    let stopped = client.think(&game, Limit::Turn, &stop, &mut |_| {
        stop.store(true, std::sync::atomic::Ordering::Relaxed)
    });
    assert_eq!(stopped, Ok(None));
    // The late 0,0 would be an occupied point now: only the answer to this request counts.
    game.play(Pos::new(0, 0)).unwrap();
    let answer = client.think(&game, Limit::Turn, &never(), &mut |_| {});
    assert_eq!(answer.map(|a| a.map(|a| a.pos)), Ok(Some(Pos::new(2, 2))));
}

#[test]
fn a_match_clock_is_sent_and_bounds_the_wait() {
    let mut client = EngineClient::new(brain());
    let game = Game::new(15, Rule::Freestyle).unwrap();
    let answer = client
        .think(
            &game,
            Limit::Left(Duration::from_secs(3)),
            &never(),
            &mut |_| {},
        )
        .unwrap()
        .unwrap();
    assert_eq!(
        answer.pos,
        Pos::from_human("h8", 15).unwrap(),
        "an empty board: the centre"
    );
}

#[test]
fn the_time_for_each_move_is_told_as_the_protocol_says() {
    // The brain writes down every INFO line it gets.
    let log = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("limits-info.log");
    let _ = fs::remove_file(&log);
    let mut spec = script(
        "pbrain-limits",
        // A free point each time: 1,14 then 2,14 ...
        "n=$((n+1)); echo $n,14",
        &format!("echo \"$line\" >> '{}'", log.display()),
    );
    spec.turn = Duration::from_secs(5);
    let mut client = EngineClient::new(spec);
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    let ask = |client: &mut EngineClient, game: &Game, limit| {
        client
            .think(game, limit, &never(), &mut |_| {})
            .unwrap()
            .unwrap()
    };
    // A clock that gives each move 700 ms: the brain's turn time, told before the move.
    ask(&mut client, &game, Limit::Move(Duration::from_millis(700)));
    let told = || fs::read_to_string(&log).unwrap_or_default();
    let lines: Vec<String> = told().lines().map(str::to_string).collect();
    assert_eq!(
        lines.first().map(String::as_str),
        Some("INFO timeout_turn 5000")
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("INFO timeout_turn 700")
    );
    assert!(
        lines.contains(&"INFO timeout_match 0".to_string()),
        "{lines:?}"
    );
    // A game clock: a match time (0 would mean none), then the time left.
    game.play(Pos::new(7, 7)).unwrap();
    game.play(Pos::new(0, 0)).unwrap();
    let _ = fs::remove_file(&log);
    ask(
        &mut client,
        &game,
        Limit::Left(Duration::from_millis(42_000)),
    );
    assert_eq!(
        told().lines().collect::<Vec<_>>(),
        ["INFO timeout_match 42000", "INFO time_left 42000"]
    );
    // Its own time again: the turn time from its settings.
    game.play(Pos::new(8, 8)).unwrap();
    game.play(Pos::new(0, 1)).unwrap();
    let _ = fs::remove_file(&log);
    ask(&mut client, &game, Limit::Turn);
    assert_eq!(
        told().lines().collect::<Vec<_>>(),
        ["INFO timeout_turn 5000"]
    );
}

#[test]
fn rules_and_sizes_are_probed() {
    let mut ours = EngineClient::new(brain());
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        assert_eq!(ours.probe(15, rule), Ok(Support::Accepted), "{rule:?}");
    }
    assert_eq!(ours.probe(20, Rule::Freestyle), Ok(Support::Accepted));
    assert!(matches!(
        ours.probe(40, Rule::Freestyle),
        Ok(Support::Refused(_))
    ));

    let picky = script(
        "freestyle-only",
        "echo 7,7",
        "case \"$line\" in *rule\\ 0*) ;; *rule*) echo 'ERROR only freestyle' ;; esac",
    );
    let mut picky = EngineClient::new(picky);
    assert_eq!(picky.probe(15, Rule::Freestyle), Ok(Support::Accepted));
    assert_eq!(
        picky.probe(15, Rule::Renju),
        Ok(Support::Refused("ERROR only freestyle".into()))
    );
    // Still in step after the refusal: it plays.
    let game = Game::new(15, Rule::Freestyle).unwrap();
    let answer = picky
        .think(&game, Limit::Turn, &never(), &mut |_| {})
        .unwrap();
    assert_eq!(answer.map(|a| a.pos), Some(Pos::new(7, 7)));
}

#[test]
fn a_brain_that_will_not_start() {
    let missing = EngineSpec::new("/nonexistent/pbrain-nothing");
    let fault = fault_of(missing, Rule::Freestyle, &[]);
    assert!(
        matches!(&fault, Fault::Start(why) if why.contains("/nonexistent/pbrain-nothing")),
        "{fault}"
    );
}

#[test]
fn a_brain_that_crashes() {
    let fault = fault_of(script("crash", "exit 3", ":"), Rule::Freestyle, &["h8"]);
    assert!(matches!(fault, Fault::Crash(_)), "{fault}");
}

#[test]
fn a_brain_that_hangs() {
    let spec = EngineSpec {
        turn: Duration::from_millis(100),
        grace: Duration::from_millis(200),
        ..script("hang", "exec sleep 600", ":")
    };
    let started = Instant::now();
    let fault = fault_of(spec, Rule::Freestyle, &["h8"]);
    assert_eq!(fault, Fault::Time(Duration::from_millis(300)));
    // Not a race: only bounds the wait from above, generously.
    assert!(started.elapsed() < Duration::from_secs(100));
}

#[test]
fn a_reply_in_time_counts_when_the_manager_reads_it_late() {
    // The brain answers at once; the manager's thread is then held past the deadline (as a
    // thread starved of the CPU on a busy machine is, here by the message callback): the
    // move was read in time, so it stands.
    let spec = EngineSpec {
        turn: Duration::from_secs(3),
        grace: Duration::from_secs(1),
        nice: None,
        ..script("prompt", "echo 'MESSAGE thinking'; echo '0,0'", ":")
    };
    let mut client = EngineClient::new(spec);
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    game.play(Pos::from_human("h8", 15).unwrap()).unwrap();
    client.prepare(&game).unwrap();
    let asked = Instant::now();
    let answer = client.think(&game, Limit::Turn, &never(), &mut |_| {
        // Past the deadline (3 s + 1 s from a moment after `asked`).
        std::thread::sleep(
            (asked + Duration::from_secs(5)).saturating_duration_since(Instant::now()),
        );
    });
    let answer = answer.expect("answered in time").expect("not stopped");
    assert_eq!(answer.pos, Pos::from_gomocup("0,0", 15).unwrap());
    assert!(
        asked.elapsed() >= Duration::from_secs(5),
        "the manager was held"
    );
}

#[test]
fn a_brain_that_floods_its_output() {
    let fault = fault_of(
        script("flood", "exec yes 'MESSAGE thinking very loudly'", ":"),
        Rule::Freestyle,
        &["h8"],
    );
    assert!(matches!(fault, Fault::Flood(_)), "{fault}");
}

#[test]
fn a_brain_that_prints_garbage() {
    let fault = fault_of(
        script("garbage", "echo 'hello there'", ":"),
        Rule::Freestyle,
        &[],
    );
    assert_eq!(fault, Fault::NotAMove("hello there".into()));
    let fault = fault_of(
        script("error", "echo 'ERROR cannot think'", ":"),
        Rule::Freestyle,
        &[],
    );
    assert_eq!(fault, Fault::NotAMove("ERROR cannot think".into()));
}

#[test]
fn a_brain_that_plays_an_occupied_off_board_or_forbidden_point() {
    let occupied = fault_of(
        script("occupied", "echo 7,7", ":"),
        Rule::Freestyle,
        &["h8"],
    );
    assert!(
        matches!(&occupied, Fault::Illegal { reply, reason, .. } if reply == "7,7" && reason.contains("taken")),
        "{occupied}"
    );
    let off = fault_of(
        script("offboard", "echo 15,3", ":"),
        Rule::Freestyle,
        &["h8"],
    );
    assert!(
        matches!(&off, Fault::Illegal { reply, .. } if reply == "15,3"),
        "{off}"
    );
    // Renju, Black to move: 7,7 (h8) would make two open threes at once.
    let forbidden = fault_of(
        script("forbidden", "echo 7,7", ":"),
        Rule::Renju,
        &["f8", "a1", "g8", "a3", "h6", "a5", "h7", "a7"],
    );
    assert!(
        matches!(&forbidden, Fault::Illegal { reply, reason, .. } if reply == "7,7" && reason.contains("forbidden")),
        "{forbidden}"
    );
}

#[test]
fn about_replies_are_read_leniently() {
    let a = About::parse(r#"name="Rapfi", version="2024.1", author="Dong, Hao", country="China""#);
    assert_eq!(a.name.as_deref(), Some("Rapfi"));
    assert_eq!(a.author.as_deref(), Some("Dong, Hao"));
    assert_eq!(
        a.title(std::path::Path::new("/x/pbrain-rapfi")),
        "Rapfi 2024.1"
    );
    let rapfi = About::parse(
        r#"name="Rapfi", version="0.43.02 (g++ 12.2.0 on Linux SSE41 AVX2)", author="x""#,
    );
    assert_eq!(
        rapfi.title(std::path::Path::new("pbrain-rapfi")),
        "Rapfi 0.43.02"
    );
    let bare = About::parse("name=embryo, version=21");
    assert_eq!(bare.name.as_deref(), Some("embryo"));
    assert_eq!(bare.version.as_deref(), Some("21"));
    assert_eq!(
        About::parse("nonsense").title(std::path::Path::new("/x/pbrain-yixin")),
        "pbrain-yixin"
    );
}

/// A freestyle position of these moves, in human notation.
fn position(moves: &[&str]) -> Game {
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    for m in moves {
        game.play(Pos::from_human(m, 15).unwrap()).unwrap();
    }
    game
}

/// Our brain answers `SWAP2BOARD` in each of its roles through the client: three stones on
/// the empty board, a choice after three and after five, each answer legal; a plain move
/// request after it still gets a move (the client sends the whole board).
#[test]
fn our_brain_answers_swap2board_in_each_role() {
    let mut client = EngineClient::new(brain());
    let ask = |client: &mut EngineClient, game: &Game| {
        client
            .swap2board(game, Limit::Turn, &never(), &mut |_| {})
            .unwrap_or_else(|e| panic!("after {} stones: {e}", game.ply()))
            .expect("not stopped")
    };
    let Swap2Answer::Propose(three) = ask(&mut client, &position(&[])) else {
        panic!("three stones proposed on the empty board");
    };
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    for p in three {
        game.play(p).unwrap();
    }
    match ask(&mut client, &game) {
        Swap2Answer::Swap => {}
        Swap2Answer::Move(p) => assert!(game.check_move(p).is_ok()),
        Swap2Answer::PlaceTwo(two) => {
            for p in two {
                game.play(p).unwrap();
            }
        }
        other => panic!("after three stones: {other:?}"),
    }
    // Five stones, whatever it chose: two more placed here when it did not.
    if game.ply() == 3 {
        for m in ["a1", "o15"] {
            game.play(Pos::from_human(m, 15).unwrap()).unwrap();
        }
    }
    match ask(&mut client, &game) {
        Swap2Answer::Swap => {}
        Swap2Answer::Move(p) => assert!(game.check_move(p).is_ok()),
        other => panic!("after five stones: {other:?}"),
    }
    let answer = client
        .think(&game, Limit::Turn, &never(), &mut |_| {})
        .unwrap()
        .expect("not stopped");
    assert!(game.check_move(answer.pos).is_ok());
}

/// A brain without the command refuses it; one that answers it with nonsense is a fault
/// that says what was wanted or what is wrong with the point. Each is ended.
#[test]
fn wrong_answers_to_swap2board_are_faults() {
    let fault_to = |name: &str, reply: &str, moves: &[&str]| {
        let mut client = EngineClient::new(script(name, &format!("echo '{reply}'"), ":"));
        let got = client.swap2board(&position(moves), Limit::Turn, &never(), &mut |_| {});
        assert!(!client.is_running(), "{name} is ended");
        got.expect_err(name)
    };
    assert_eq!(
        fault_to("unknown", "UNKNOWN command SWAP2BOARD", &[]),
        Fault::Refused {
            what: Refusal::Command("SWAP2BOARD"),
            reply: "UNKNOWN command SWAP2BOARD".into()
        }
    );
    let swap = fault_to("swap-on-empty", "SWAP", &[]).to_string();
    assert!(swap.contains("three stones"), "{swap}");
    let one = fault_to("one-of-three", "7,7", &[]).to_string();
    assert!(one.contains("three stones"), "{one}");
    let taken = fault_to("taken", "7,7", &["h8", "i9", "g9"]);
    assert!(matches!(taken, Fault::Illegal { .. }), "{taken}");
    let three = fault_to(
        "three-of-five",
        "1,1 2,2 3,3",
        &["h8", "i9", "g9", "a1", "o15"],
    );
    assert!(three.to_string().contains("SWAP or a move"), "{three}");
}

/// A brain that answers `YXNBEST` as Rapfi does in its "ucilike" and "normal" message modes
/// (its letters: the column, then the row from the top), after `YXBOARD`, which asks no
/// search; `lines` are the `MESSAGE` lines it prints before its move `7,7`.
fn nbest_script(name: &str, lines: &[&str]) -> EngineSpec {
    let echoes: String = lines.iter().map(|l| format!("echo '{l}'; ")).collect();
    script_of(
        name,
        &format!("\x20   YXNBEST*) {echoes}echo 7,7 ;;\n\x20   YXBOARD*|DONE*|INFO*) ;;\n"),
    )
}

/// The probe tells a brain with several lines from one with one line, one without the
/// command and one that says nothing; the lines of a position are read as they come.
#[test]
fn several_best_lines_are_probed_and_read() {
    let three = [
        "MESSAGE depth 4-6 multipv 1 ev 40 n 1K n/ms 1 tm 3 pv H8 I9",
        "MESSAGE depth 4-6 multipv 2 ev 12 n 1K n/ms 1 tm 3 pv G7 H8",
        "MESSAGE (3) -5 | 4-6 | I7 H8",
    ];
    let mut client = EngineClient::new(nbest_script("nbest-three", &three));
    assert_eq!(client.probe_nbest(), Ok(NBest::Lines));
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    game.play(Pos::new(0, 0)).unwrap();
    let mut heard: Vec<Vec<PvLine>> = Vec::new();
    let answer = client
        .nbest(&game, 3, Limit::Turn, &never(), &mut |lines| {
            heard.push(lines.to_vec())
        })
        .unwrap()
        .unwrap();
    assert_eq!(answer.pos, Pos::new(7, 7));
    assert_eq!(heard.len(), 3, "one report a line");
    let last = &heard[2];
    let firsts: Vec<Pos> = last.iter().map(|l| l.moves[0]).collect();
    assert_eq!(firsts, [Pos::new(7, 7), Pos::new(6, 6), Pos::new(8, 6)]);
    assert_eq!(last[0].moves, [Pos::new(7, 7), Pos::new(8, 8)]);
    assert_eq!(last[1].depth, Some(4));

    let mut one = EngineClient::new(nbest_script(
        "nbest-one",
        &["MESSAGE depth 4-6 multipv 1 ev 40 pv H8"],
    ));
    assert_eq!(one.probe_nbest(), Ok(NBest::OneLine));
    assert_eq!(EngineClient::new(brain()).probe_nbest(), Ok(NBest::Refused));
    // A brain silent to the command: refused once its time and grace are out.
    let silent = EngineSpec {
        grace: Duration::from_millis(300),
        ..script_of("nbest-silent", "\x20   YXBOARD*|DONE*|INFO*) ;;\n")
    };
    let mut silent = EngineClient::new(silent);
    assert_eq!(silent.probe_nbest(), Ok(NBest::Refused));
}

/// Rapfi reads SWAP2BOARD's stones as BOARD lines (`x,y,field`) and answers the Gomocup
/// form (`x,y`) with an ERROR a line: such a brain is asked once more in its form, and
/// keeps it.
#[test]
fn a_brain_that_wants_fields_in_swap2board_is_asked_again() {
    let cases = "\x20   SWAP2BOARD*) f=0 ;;\n\
                 \x20   *,*,*) f=1 ;;\n\
                 \x20   DONE*) if [ \"$f\" = 1 ]; then echo SWAP; \
                 else echo 'ERROR Color is not a valid value'; fi ;;\n";
    let mut client = EngineClient::new(script_of("swap2-fields", cases));
    let five = position(&["h8", "i9", "g9", "a1", "o15"]);
    for _ in 0..2 {
        let got = client.swap2board(&five, Limit::Turn, &never(), &mut |_| {});
        assert_eq!(got, Ok(Some(Swap2Answer::Swap)));
    }
}
