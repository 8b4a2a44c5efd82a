//! BOARD and its Renju checks: colours, any order, impossible boards.

use super::*;

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
