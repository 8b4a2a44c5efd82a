//! Starting, turns, bad moves, ends: the commands of a game.

use super::*;

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
            "X".repeat(gomoku::engine::gomoku::pos::QUOTE_CHARS)
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
