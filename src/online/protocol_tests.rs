//! The protocol's messages read and written (`online::protocol`).

use super::*;
use crate::online::checks::{check_name, check_settings, check_version, parse_client};

#[test]
fn messages_read_and_write_with_type_tags() {
    let host = r#"{"type":"host","settings":{"kind":{"game":"gomoku","rule":"renju","size":15},
        "clock":{"kind":"fischer","minutes":5,"increment_seconds":3}},"seat":"random","name":"Ana"}"#;
    let msg = parse_client(host).unwrap();
    assert_eq!(
        msg,
        ClientMsg::Host {
            settings: Settings {
                kind: GameKind::Gomoku {
                    rule: RuleName::Renju,
                    size: 15
                },
                clock: ClockSetting::Fischer {
                    minutes: 5,
                    increment_seconds: 3
                },
                opening: Default::default(),
            },
            seat: SeatChoice::Random,
            name: "Ana".into(),
        }
    );
    let back = serde_json::to_string(&msg).unwrap();
    assert_eq!(parse_client(&back).unwrap(), msg);
    let c4 = r#"{"type":"host","settings":{"kind":{"game":"connect4"},"clock":{"kind":"none"}},"seat":"first","name":"B"}"#;
    assert!(parse_client(c4).is_ok());
    let played = ServerMsg::MovePlayed {
        ply: 1,
        seat: Seat::First,
        played: PlayedMove::Place { x: 7, y: 7 },
        clocks: None,
    };
    let text = serde_json::to_string(&played).unwrap();
    assert_eq!(
        text,
        r#"{"type":"move_played","ply":1,"seat":"first","move":{"kind":"place","x":7,"y":7},"clocks":null}"#
    );
}

#[test]
fn new_requests_and_presence_read_and_write() {
    for (text, msg) in [
        (r#"{"type":"claim_win"}"#, ClientMsg::ClaimWin {}),
        (r#"{"type":"offer_draw"}"#, ClientMsg::OfferDraw {}),
        (r#"{"type":"accept_undo"}"#, ClientMsg::AcceptUndo {}),
    ] {
        assert_eq!(parse_client(text).unwrap(), msg);
    }
    assert!(parse_client(r#"{"type":"offer_draw","now":true}"#).is_err());
    // grace_ms only where it means something; a version 1 presence still reads.
    let back = ServerMsg::Presence {
        seat: Seat::First,
        connected: true,
        grace_ms: None,
    };
    let text = serde_json::to_string(&back).unwrap();
    assert_eq!(
        text,
        r#"{"type":"presence","seat":"first","connected":true}"#
    );
    let gone: ServerMsg = serde_json::from_str(
        r#"{"type":"presence","seat":"second","connected":false,"grace_ms":60000}"#,
    )
    .unwrap();
    assert_eq!(
        gone,
        ServerMsg::Presence {
            seat: Seat::Second,
            connected: false,
            grace_ms: Some(60_000)
        }
    );
    let undone = ServerMsg::MovesUndone {
        plies: 2,
        moves: 3,
        to_move: Seat::Second,
        clocks: None,
    };
    assert_eq!(
        serde_json::to_string(&undone).unwrap(),
        r#"{"type":"moves_undone","plies":2,"moves":3,"to_move":"second","clocks":null}"#
    );
}

#[test]
fn bad_messages_say_where() {
    for bad in [
        "",
        "{",
        "[]",
        r#"{"type":"fly"}"#,
        r#"{"type":"place","x":"7","y":7}"#,
        r#"{"type":"place","x":7}"#,
        r#"{"type":"place","x":7,"y":7,"z":1}"#,
        r#"{"type":"place","x":99999999999,"y":7}"#,
        r#"{"type":"hello","version":-1}"#,
    ] {
        let err = parse_client(bad).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadMessage, "{bad}");
    }
    let syntax = parse_client("{\"type\":").unwrap_err();
    assert!(
        syntax.message.contains("line 1 column"),
        "{}",
        syntax.message
    );
    let field = parse_client(r#"{"type":"place","x":"7","y":7}"#).unwrap_err();
    assert!(
        field.message.starts_with("place message: invalid type"),
        "{}",
        field.message
    );
    assert!(parse_client(r#"{"type":"resign","why":1}"#).is_err());
    assert_eq!(
        parse_client(r#"{"type":"resign"}"#).unwrap(),
        ClientMsg::Resign {}
    );
}

#[test]
fn another_version_names_both() {
    let err = check_version(7).unwrap_err();
    assert_eq!(err.code, ErrorCode::UnsupportedVersion);
    assert!(err.message.contains("version 1") && err.message.contains("version 7"));
    assert!(check_version(PROTOCOL_VERSION).is_ok());
}

#[test]
fn settings_and_names_are_checked() {
    let gomoku = |size| Settings {
        kind: GameKind::Gomoku {
            rule: RuleName::Freestyle,
            size,
        },
        clock: ClockSetting::None,
        opening: Default::default(),
    };
    for size in [13, 15, 19] {
        assert!(check_settings(&gomoku(size)).is_ok(), "{size}");
    }
    assert_eq!(
        check_settings(&gomoku(16)).unwrap_err().code,
        ErrorCode::BadSettings
    );
    let clock = Settings {
        kind: GameKind::Connect4,
        clock: ClockSetting::Fischer {
            minutes: 0,
            increment_seconds: 0,
        },
        opening: Default::default(),
    };
    assert!(check_settings(&clock).is_err());
    assert_eq!(check_name("  Ana ").unwrap(), "Ana");
    assert!(check_name("").is_err());
    assert!(check_name("a\u{7}b").is_err());
    assert!(check_name(&"x".repeat(41)).is_err());
}
