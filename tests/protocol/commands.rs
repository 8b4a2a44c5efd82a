//! YXBOARD, TAKEBACK, INFO, rule bits, SWAP2BOARD and silent lines.

use super::*;

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
    transcript(&mut b, "> START 15\nOK\n> SWAP2BOARD");
    // No stones: the opening AI proposes three (black, white, black), from its own search.
    let (out, _) = feed(&mut b, "DONE");
    assert_eq!(out.len(), 1, "{out:?}");
    let proposed: Vec<Pos> = out[0]
        .split(' ')
        .map(|t| Pos::from_gomocup(t, 15).unwrap())
        .collect();
    assert_eq!(proposed.len(), 3, "{out:?}");
    assert_eq!(stones(&b).len(), 3);
    assert_eq!(b.colour(), None);
    // Black's stones in the corners and White's in the centre: White is better, so the
    // brain stays White and plays the fourth move (the scripted search answers g9).
    transcript(
        &mut b,
        &format!(
            "
            > SWAP2BOARD
            > 0,0
            > 7,7
            > 14,14
            > DONE
            {MSG} g9
            6,6
            > SWAP2BOARD
            > 0,0
            > 7,7
            > 14,14
            > 8,8
            > 0,14
            > DONE
            {MSG} g9
            6,6
            > SWAP2BOARD
            > 7,7
            > 8,7
            > DONE
            ERROR SWAP2BOARD needs 0, 3 or 5 stones, got 2
            > SWAP2BOARD
            > 7,7,5
            > DONE
            ERROR SWAP2BOARD: line 1 '7,7,5' is not x,y or x,y,field
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
    // A compact Black shape: the opening AI's evaluation takes Black at once.
    transcript(
        &mut b,
        "
        > SWAP2BOARD
        > 7,7
        > 8,7
        > 9,9
        > DONE
        SWAP
        ",
    );
    assert_eq!(b.colour(), Some(Stone::Black));
    assert_eq!(b.game().unwrap().to_move(), Stone::White);
    // Staying White, the search of the fourth move may still turn White down.
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
        > 0,0
        > 7,7
        > 14,14
        > DONE
        MESSAGE depth 3 score -500 nodes 1000 nps 100k time 10 pv g9
        SWAP
        ",
    );
    assert_eq!(b.colour(), Some(Stone::Black));
    assert_eq!(b.game().unwrap().to_move(), Stone::White);
    // Swap2 is not a Renju opening.
    transcript(
        &mut b,
        "
        > INFO rule 4
        > START 15
        OK
        > SWAP2BOARD
        > DONE
        ERROR SWAP2BOARD: the Swap2 opening is not played under Renju rules
        ",
    );
}

#[test]
fn stop_lines_are_silent() {
    let mut b = brain();
    transcript(&mut b, "> START 15\nOK\n> STOP\n> YXSTOP");
}

#[test]
fn swap2_answers_at_once_when_asked_to_stop() {
    let mut b = brain();
    transcript(&mut b, "> START 15\nOK\n> SWAP2BOARD");
    // A stop request already counted (as the reader thread does on END or YXSTOP).
    b.interrupt_handle()
        .fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    let t = Instant::now();
    let (out, _) = feed(&mut b, "DONE");
    // A guard against ignoring the stop (the proposal's search would take its whole turn).
    assert!(t.elapsed() < Duration::from_secs(60), "{:?}", t.elapsed());
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].split(' ').count(), 3, "{out:?}");
    assert_eq!(stones(&b).len(), 3);
}
