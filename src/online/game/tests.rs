//! One online game's rules, turns and clocks (`online::game`).

use super::*;
use crate::online::checks::check_settings;
use crate::online::protocol::{OpeningName, RuleName};

fn info(name: &str) -> SeatInfo {
    SeatInfo {
        name: name.into(),
        token: format!("tok-{name}"),
    }
}

fn game(kind: GameKind, clock: ClockSetting, now: Instant) -> OnlineGame {
    with_opening(kind, clock, OpeningName::None, now)
}

fn with_opening(
    kind: GameKind,
    clock: ClockSetting,
    opening: OpeningName,
    now: Instant,
) -> OnlineGame {
    let mut g = OnlineGame::new(
        "CODE".into(),
        Settings {
            kind,
            clock,
            opening,
        },
        Seat::First,
        info("a"),
    );
    g.sit(Seat::Second, info("b"), now);
    g
}

fn play(g: &mut OnlineGame, seat: Seat, action: Action, now: Instant) -> Decision {
    let d = g.decide(Some(seat), action, now).unwrap();
    g.apply(d.clone(), now);
    d
}

#[test]
fn five_wins_and_turns_are_kept() {
    let now = Instant::now();
    let mut g = game(
        GameKind::Gomoku {
            rule: RuleName::Freestyle,
            size: 15,
        },
        ClockSetting::None,
        now,
    );
    let err = g
        .decide(Some(Seat::Second), Action::Place { x: 7, y: 7 }, now)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::NotYourTurn);
    assert_eq!(
        g.decide(None, Action::Place { x: 7, y: 7 }, now)
            .unwrap_err()
            .code,
        ErrorCode::NotAPlayer
    );
    for i in 0..4 {
        play(&mut g, Seat::First, Action::Place { x: 3 + i, y: 7 }, now);
        play(&mut g, Seat::Second, Action::Place { x: 3 + i, y: 8 }, now);
    }
    let occupied = g
        .decide(Some(Seat::First), Action::Place { x: 3, y: 8 }, now)
        .unwrap_err();
    assert_eq!(occupied.code, ErrorCode::IllegalMove);
    let off = g
        .decide(Some(Seat::First), Action::Place { x: 15, y: 0 }, now)
        .unwrap_err();
    assert!(off.message.contains("off the 15x15"), "{}", off.message);
    play(&mut g, Seat::First, Action::Place { x: 7, y: 7 }, now);
    assert_eq!(
        g.result(),
        Some(GameResult {
            winner: Some(Seat::First),
            reason: EndReason::Five
        })
    );
    assert!(g.record().contains("PB[a]") && g.record().contains("RE[B+]"));
}

#[test]
fn renju_forbidden_point_is_refused() {
    let now = Instant::now();
    let mut g = game(
        GameKind::Gomoku {
            rule: RuleName::Renju,
            size: 15,
        },
        ClockSetting::None,
        now,
    );
    // Black at (6,7),(7,7) across and (8,5),(8,6) down: (8,7) makes two open threes.
    let black = [(6, 7), (7, 7), (8, 5), (8, 6)];
    let white = [(0, 0), (14, 0), (0, 14), (14, 14)];
    for (b, w) in black.iter().zip(white) {
        play(&mut g, Seat::First, Action::Place { x: b.0, y: b.1 }, now);
        play(&mut g, Seat::Second, Action::Place { x: w.0, y: w.1 }, now);
    }
    let err = g
        .decide(Some(Seat::First), Action::Place { x: 8, y: 7 }, now)
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::Forbidden, "{}", err.message);
}

#[test]
fn connect_four_and_wrong_kind_of_move() {
    let now = Instant::now();
    let mut g = game(GameKind::Connect4, ClockSetting::None, now);
    assert_eq!(
        g.decide(Some(Seat::First), Action::Place { x: 0, y: 0 }, now)
            .unwrap_err()
            .code,
        ErrorCode::IllegalMove
    );
    for _ in 0..3 {
        play(&mut g, Seat::First, Action::Drop { column: 0 }, now);
        play(&mut g, Seat::Second, Action::Drop { column: 1 }, now);
    }
    play(&mut g, Seat::First, Action::Drop { column: 0 }, now);
    assert_eq!(
        g.result(),
        Some(GameResult {
            winner: Some(Seat::First),
            reason: EndReason::ConnectFour
        })
    );
    assert_eq!(g.moves().len(), 7);
}

#[test]
fn clock_runs_on_server_time_and_flag_falls() {
    let start = Instant::now();
    let mut g = game(
        GameKind::Connect4,
        ClockSetting::Fischer {
            minutes: 1,
            increment_seconds: 2,
        },
        start,
    );
    let t1 = start + Duration::from_secs(10);
    match play(&mut g, Seat::First, Action::Drop { column: 3 }, t1) {
        Decision::Move {
            clocks: Some(c), ..
        } => {
            assert_eq!(c.first_ms, 52_000);
            assert_eq!(c.second_ms, 60_000);
        }
        other => panic!("{other:?}"),
    }
    assert!(g.flag(t1 + Duration::from_secs(59)).is_none());
    let late = t1 + Duration::from_secs(61);
    let flag = g.flag(late).expect("flag");
    // A move after the flag fell is the loss on time, not a move.
    assert!(matches!(
        g.decide(Some(Seat::Second), Action::Drop { column: 3 }, late),
        Ok(Decision::Flag { .. })
    ));
    g.apply(flag, late);
    assert_eq!(
        g.result(),
        Some(GameResult {
            winner: Some(Seat::First),
            reason: EndReason::Time
        })
    );
    assert!(g.record().contains("on time") || g.record().contains("time"));
}

#[test]
fn restore_replays_moves_and_clocks() {
    let now = Instant::now();
    let settings = Settings {
        kind: GameKind::Gomoku {
            rule: RuleName::Standard,
            size: 19,
        },
        clock: ClockSetting::Fischer {
            minutes: 5,
            increment_seconds: 0,
        },
        opening: Default::default(),
    };
    let c = Clocks {
        first_ms: 1_000,
        second_ms: 2_000,
    };
    let moves = [
        (PlayedMove::Place { x: 9, y: 9 }, Some(c)),
        (PlayedMove::Place { x: 9, y: 10 }, Some(c)),
    ];
    let g = OnlineGame::restore(
        "X".into(),
        settings.clone(),
        [Some(info("a")), Some(info("b"))],
        &moves,
        now,
    )
    .unwrap();
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.to_move(), Some(Seat::First));
    assert_eq!(g.clocks(now), Some(c));
    assert_eq!(g.seat_of_token("tok-b"), Some(Seat::Second));
    assert_eq!(g.seat_of_token("tok-c"), None);
    let bad = [(PlayedMove::Place { x: 9, y: 9 }, None); 2];
    assert!(OnlineGame::restore("X".into(), settings, [None, None], &bad, now).is_err());
}

#[test]
fn undo_takes_back_own_move_and_the_reply_keeping_time_spent() {
    let start = Instant::now();
    let mut g = game(
        GameKind::Gomoku {
            rule: RuleName::Freestyle,
            size: 15,
        },
        ClockSetting::Fischer {
            minutes: 1,
            increment_seconds: 0,
        },
        start,
    );
    assert_eq!(
        g.undo_plies(Seat::First).unwrap_err().code,
        ErrorCode::NothingToUndo
    );
    let t1 = start + Duration::from_secs(5);
    play(&mut g, Seat::First, Action::Place { x: 7, y: 7 }, t1);
    assert_eq!(g.undo_plies(Seat::First).unwrap(), 1);
    assert_eq!(
        g.undo_plies(Seat::Second).unwrap_err().code,
        ErrorCode::NothingToUndo
    );
    let t2 = t1 + Duration::from_secs(3);
    play(&mut g, Seat::Second, Action::Place { x: 8, y: 8 }, t2);
    // Black's last move has a reply: both go, and it is Black's turn again.
    assert_eq!(g.undo_plies(Seat::First).unwrap(), 2);
    assert_eq!(g.undo_plies(Seat::Second).unwrap(), 1);
    let t3 = t2 + Duration::from_secs(2);
    let back = g.undone(2, t3);
    assert!(back.moves().is_empty());
    assert_eq!(back.to_move(), Some(Seat::First));
    // 5 s + 2 s spent by Black, 3 s by White: none given back.
    assert_eq!(
        back.clocks(t3),
        Some(Clocks {
            first_ms: 53_000,
            second_ms: 57_000
        })
    );
    // The same point is free again, and Black's time runs from the undo.
    let mut back = back;
    play(&mut back, Seat::First, Action::Place { x: 8, y: 8 }, t3);
    assert_eq!(back.clocks(t3).unwrap().first_ms, 53_000);
}

#[test]
fn records_of_abandoned_and_agreed_games() {
    let now = Instant::now();
    let gomoku_kind = GameKind::Gomoku {
        rule: RuleName::Standard,
        size: 15,
    };
    let mut g = game(gomoku_kind.clone(), ClockSetting::None, now);
    play(&mut g, Seat::First, Action::Place { x: 7, y: 7 }, now);
    let claimed = g.decide_end(Some(Seat::Second), EndReason::Abandoned, now);
    let mut won = g.clone();
    won.apply(claimed, now);
    assert!(won.record().contains("RE[W+F]"), "{}", won.record());
    let mut left = g.clone();
    left.apply(g.decide_end(None, EndReason::Abandoned, now), now);
    assert!(left.record().contains("RE[Void]"), "{}", left.record());
    let mut agreed = g.clone();
    agreed.apply(g.decide_end(None, EndReason::Agreement, now), now);
    assert!(agreed.record().contains("RE[Draw]"), "{}", agreed.record());

    let mut c = game(GameKind::Connect4, ClockSetting::None, now);
    play(&mut c, Seat::First, Action::Drop { column: 3 }, now);
    let mut won = c.clone();
    won.apply(
        c.decide_end(Some(Seat::First), EndReason::Abandoned, now),
        now,
    );
    assert!(won.record().contains("Result: Red won"), "{}", won.record());
    let mut agreed = c.clone();
    agreed.apply(c.decide_end(None, EndReason::Agreement, now), now);
    assert!(
        agreed.record().contains("Result: Draw"),
        "{}",
        agreed.record()
    );
    let mut left = c.clone();
    left.apply(c.decide_end(None, EndReason::Abandoned, now), now);
    assert!(left.record().contains("Unfinished"), "{}", left.record());
}

fn gomoku(rule: RuleName) -> GameKind {
    GameKind::Gomoku { rule, size: 15 }
}

fn place(x: u32, y: u32) -> Action {
    Action::Place { x, y }
}

#[test]
fn swap2_puts_each_person_in_their_role_and_black_where_they_chose() {
    let now = Instant::now();
    let mut g = with_opening(
        gomoku(RuleName::Freestyle),
        ClockSetting::None,
        OpeningName::Swap2,
        now,
    );
    // The proposer (first seat) puts black, white, black; the other may not act meanwhile.
    for (i, p) in [(7, 7), (8, 8), (6, 8)].into_iter().enumerate() {
        let other = g.decide(Some(Seat::Second), place(0, i as u32), now);
        assert_eq!(other.unwrap_err().code, ErrorCode::NotYourTurn);
        play(&mut g, Seat::First, place(p.0, p.1), now);
    }
    assert_eq!(g.to_move(), Some(Seat::Second));
    // A stone while a colour is to be chosen is the wrong step, said as such.
    let early = g.decide(Some(Seat::Second), place(0, 0), now).unwrap_err();
    assert_eq!(early.code, ErrorCode::WrongStep, "{}", early.message);
    let wrong = g
        .decide(Some(Seat::Second), Action::Declare(3), now)
        .unwrap_err();
    assert_eq!(wrong.code, ErrorCode::WrongStep, "{}", wrong.message);
    // The chooser places two more, then the proposer takes White.
    play(
        &mut g,
        Seat::Second,
        Action::Choose(ChoiceName::PlaceTwo),
        now,
    );
    play(&mut g, Seat::Second, place(9, 9), now);
    play(&mut g, Seat::Second, place(5, 9), now);
    assert_eq!(g.to_move(), Some(Seat::First));
    let no_pick = g.decide(Some(Seat::First), Action::Choose(ChoiceName::PlaceTwo), now);
    assert_eq!(no_pick.unwrap_err().code, ErrorCode::IllegalMove);
    play(
        &mut g,
        Seat::First,
        Action::Choose(ChoiceName::TakeWhite),
        now,
    );
    let state = g.state(now);
    assert_eq!(state.black, Seat::Second);
    // Five stones: White to move, and White is the first seat now.
    assert_eq!(state.to_move, Some(Seat::First));
    let late = g.decide(
        Some(Seat::First),
        Action::Choose(ChoiceName::TakeBlack),
        now,
    );
    assert_eq!(late.unwrap_err().code, ErrorCode::WrongStep);
    // Undo never reaches into the opening.
    assert_eq!(
        g.undo_plies(Seat::Second).unwrap_err().code,
        ErrorCode::NothingToUndo
    );
    play(&mut g, Seat::First, place(0, 0), now);
    assert_eq!(g.undo_plies(Seat::First).unwrap(), 1);
    assert!(g.undo_plies(Seat::Second).is_err());
    // Black (second seat) makes five on row 10.
    for x in 0..4 {
        play(&mut g, Seat::Second, place(x, 10), now);
        play(&mut g, Seat::First, place(x, x + 1), now);
    }
    play(&mut g, Seat::Second, place(4, 10), now);
    assert_eq!(
        g.result(),
        Some(GameResult {
            winner: Some(Seat::Second),
            reason: EndReason::Five
        })
    );
    let record = g.record();
    assert!(
        record.contains("PB[b]") && record.contains("PW[a]"),
        "{record}"
    );
    assert!(record.contains("RE[B+]"), "{record}");
    assert!(record.contains("Opening: Swap2; "), "{record}");
    // A replay of the stored moves comes back to the same game.
    let stored: Vec<(PlayedMove, Option<Clocks>)> = g.moves().iter().map(|&m| (m, None)).collect();
    let back = OnlineGame::restore(
        "CODE".into(),
        g.settings().clone(),
        [Some(info("a")), Some(info("b"))],
        &stored,
        now,
    )
    .unwrap();
    assert_eq!(back.state(now).black, Seat::Second);
    assert_eq!(back.record(), record);
}

#[test]
fn yamaguchi_declares_offers_and_picks_with_areas_and_symmetry_checked() {
    let now = Instant::now();
    let mut g = with_opening(
        gomoku(RuleName::Renju),
        ClockSetting::None,
        OpeningName::Yamaguchi,
        now,
    );
    // The first stone is the centre, the second in its 3x3, the third in its 5x5.
    let far = g.decide(Some(Seat::First), place(8, 7), now).unwrap_err();
    assert_eq!(far.code, ErrorCode::IllegalMove, "{}", far.message);
    play(&mut g, Seat::First, place(7, 7), now);
    let off_area = g.decide(Some(Seat::First), place(10, 10), now).unwrap_err();
    assert_eq!(
        off_area.code,
        ErrorCode::IllegalMove,
        "{}",
        off_area.message
    );
    play(&mut g, Seat::First, place(8, 7), now);
    play(&mut g, Seat::First, place(9, 6), now);
    let too_many = g.decide(Some(Seat::First), Action::Declare(1_000), now);
    assert_eq!(too_many.unwrap_err().code, ErrorCode::IllegalMove);
    play(&mut g, Seat::First, Action::Declare(2), now);
    // The second seat keeps White, and places the fourth stone.
    play(
        &mut g,
        Seat::Second,
        Action::Choose(ChoiceName::TakeWhite),
        now,
    );
    play(&mut g, Seat::Second, place(8, 9), now);
    assert_eq!(g.to_move(), Some(Seat::First));
    play(&mut g, Seat::First, Action::Offer { x: 10, y: 8 }, now);
    let again = g.decide(Some(Seat::First), Action::Offer { x: 10, y: 8 }, now);
    assert_eq!(again.unwrap_err().code, ErrorCode::IllegalMove);
    let off = g.decide(Some(Seat::First), Action::Offer { x: 15, y: 8 }, now);
    assert!(off.unwrap_err().message.contains("off the 15x15"));
    play(&mut g, Seat::First, Action::Offer { x: 5, y: 4 }, now);
    assert_eq!(g.to_move(), Some(Seat::Second));
    let not_offered = g.decide(Some(Seat::Second), Action::Pick { x: 1, y: 1 }, now);
    assert_eq!(not_offered.unwrap_err().code, ErrorCode::IllegalMove);
    play(&mut g, Seat::Second, Action::Pick { x: 5, y: 4 }, now);
    // Five stones on the board, White (second seat) to move in normal play.
    let state = g.state(now);
    assert_eq!(
        (state.black, state.to_move),
        (Seat::First, Some(Seat::Second))
    );
    assert_eq!(state.moves.len(), 9);
    assert!(
        g.record()
            .contains("Opening: Yamaguchi; h8 i8 j9 n=2 white i6 offer:")
    );
}

#[test]
fn opening_settings_must_fit_the_game() {
    let settings = |kind, opening| Settings {
        kind,
        clock: ClockSetting::None,
        opening,
    };
    assert!(check_settings(&settings(gomoku(RuleName::Freestyle), OpeningName::Swap2)).is_ok());
    assert!(check_settings(&settings(gomoku(RuleName::Renju), OpeningName::Soosorv8)).is_ok());
    for (kind, opening) in [
        (gomoku(RuleName::Renju), OpeningName::Swap2),
        (gomoku(RuleName::Standard), OpeningName::Taraguchi10),
        (GameKind::Connect4, OpeningName::Swap),
    ] {
        let err = check_settings(&settings(kind, opening)).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadSettings, "{}", err.message);
        assert!(
            err.message.starts_with("settings.opening"),
            "{}",
            err.message
        );
    }
    // Without an opening, a game with none refuses opening actions.
    let now = Instant::now();
    let g = game(gomoku(RuleName::Standard), ClockSetting::None, now);
    let err = g
        .decide(
            Some(Seat::First),
            Action::Choose(ChoiceName::TakeBlack),
            now,
        )
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::WrongStep);
    assert!(err.message.contains("no opening rule"), "{}", err.message);
}
