//! One online game's rules, turns and clocks (`online::game`).

use super::*;

fn info(name: &str) -> SeatInfo {
    SeatInfo {
        name: name.into(),
        token: format!("tok-{name}"),
    }
}

fn game(kind: GameKind, clock: ClockSetting, now: Instant) -> OnlineGame {
    let mut g = OnlineGame::new(
        "CODE".into(),
        Settings { kind, clock },
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
