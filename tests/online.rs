//! The online server end to end on 127.0.0.1 (port 0): real WebSocket clients, full games,
//! bad input, a restart on the same data folder, reconnects. Every wait has a guard so a
//! hang fails the test instead of stalling it; no test depends on how fast anything runs.
//! Draw offers, undo requests, claims and the sweep of forsaken games: tests/online_faults.rs.

mod support {
    pub mod online_client;
}

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::StreamExt;
use gomoku::online::client::{Connection, Event};
use gomoku::online::protocol::{
    ChoiceName, ClientMsg, ClockSetting, EndReason, ErrorCode, GameKind, GameResult, OpeningName,
    PlayedMove, Role, RuleName, Seat, SeatChoice, ServerMsg, Settings,
};
use gomoku::online::server::Config;
use gomoku::online::store::{Durability, MemoryStore, SqliteStore, Store};
use gomoku::online::tls;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

use support::online_client::*;

#[tokio::test]
async fn two_players_and_a_spectator_play_gomoku_to_five() {
    let server = server().await;
    let (mut a, mut b, code, _) = pair(&server, gomoku(RuleName::Standard)).await;
    let mut watcher = Client::ready(&server).await;
    watcher.send(&ClientMsg::Watch { code }).await;
    assert_eq!(watcher.welcome().await.1, Role::Spectator);
    assert!(watcher.state().await.clocks.is_some());
    let mut ply = 0;
    for i in 0..4 {
        ply += 1;
        place(&mut a, &mut [&mut b, &mut watcher], 5 + i, 7, ply).await;
        ply += 1;
        place(&mut b, &mut [&mut a, &mut watcher], 5 + i, 8, ply).await;
    }
    // A spectator never acts.
    watcher.send(&ClientMsg::Place { x: 9, y: 7 }).await;
    assert_eq!(watcher.error().await.0, ErrorCode::NotAPlayer);
    place(&mut a, &mut [&mut b, &mut watcher], 9, 7, ply + 1).await;
    let win = GameResult {
        winner: Some(Seat::First),
        reason: EndReason::Five,
    };
    for c in [&mut a, &mut b, &mut watcher] {
        assert_eq!(c.game_over().await, win);
    }
    b.send(&ClientMsg::Place { x: 0, y: 0 }).await;
    assert_eq!(b.error().await.0, ErrorCode::GameOver);
    server.stop().await;
}

#[tokio::test]
async fn swap2_through_the_server_with_each_person_in_their_role() {
    let server = server().await;
    let settings = Settings {
        opening: OpeningName::Swap2,
        ..gomoku(RuleName::Freestyle)
    };
    let (mut a, mut b, code, _) = pair(&server, settings).await;
    let place = |x, y| PlayedMove::Place { x, y };
    let choose = |choice| PlayedMove::Choose { choice };
    // Ana proposes three stones; Bo may not act meanwhile.
    let mut ply = 0;
    for (x, y) in [(7, 7), (8, 8), (6, 8)] {
        b.send(&ClientMsg::Place { x: 0, y }).await;
        assert_eq!(b.error().await.0, ErrorCode::NotYourTurn);
        ply += 1;
        assert_eq!(
            act(&mut a, &mut [&mut b], place(x, y), ply).await,
            Seat::First
        );
    }
    // Bo chooses: a stone now is the wrong step.
    b.send(&ClientMsg::Place { x: 0, y: 0 }).await;
    assert_eq!(b.error().await.0, ErrorCode::WrongStep);
    a.send(&ClientMsg::Choose {
        choice: ChoiceName::TakeBlack,
    })
    .await;
    assert_eq!(a.error().await.0, ErrorCode::NotYourTurn);
    for played in [choose(ChoiceName::PlaceTwo), place(9, 9), place(5, 9)] {
        ply += 1;
        assert_eq!(act(&mut b, &mut [&mut a], played, ply).await, Seat::Second);
    }
    // Ana has the last word and takes White: Bo plays Black.
    ply += 1;
    assert_eq!(
        act(&mut a, &mut [&mut b], choose(ChoiceName::TakeWhite), ply).await,
        Seat::First
    );
    let mut watcher = Client::ready(&server).await;
    watcher.send(&ClientMsg::Watch { code }).await;
    watcher.welcome().await;
    let state = watcher.state().await;
    assert_eq!(state.moves.len(), 7);
    assert_eq!(
        (state.black, state.to_move),
        (Seat::Second, Some(Seat::First))
    );
    // White (Ana) to move with five stones on the board; Bo's five wins for Black.
    for i in 0..4 {
        ply += 1;
        act(&mut a, &mut [&mut b, &mut watcher], place(14, 2 * i), ply).await;
        ply += 1;
        act(&mut b, &mut [&mut a, &mut watcher], place(i, 10), ply).await;
    }
    ply += 1;
    act(&mut a, &mut [&mut b, &mut watcher], place(12, 0), ply).await;
    b.send(&ClientMsg::Place { x: 4, y: 10 }).await;
    let win = GameResult {
        winner: Some(Seat::Second),
        reason: EndReason::Five,
    };
    for c in [&mut a, &mut b, &mut watcher] {
        assert_eq!(c.game_over().await, win);
    }
    server.stop().await;
}

#[tokio::test]
async fn malformed_opening_messages_get_errors() {
    let server = server().await;
    let mut bad = Client::ready(&server).await;
    let battery: &[(&str, ErrorCode)] = &[
        (
            r#"{"type":"choose","choice":"both"}"#,
            ErrorCode::BadMessage,
        ),
        (r#"{"type":"choose"}"#, ErrorCode::BadMessage),
        (
            r#"{"type":"choose","choice":"take_white"}"#,
            ErrorCode::NotAPlayer,
        ),
        (r#"{"type":"declare","offers":-3}"#, ErrorCode::BadMessage),
        (
            r#"{"type":"declare","offers":"many"}"#,
            ErrorCode::BadMessage,
        ),
        (r#"{"type":"offer","x":7}"#, ErrorCode::BadMessage),
        (
            r#"{"type":"pick","x":7,"y":7,"z":7}"#,
            ErrorCode::BadMessage,
        ),
        (r#"{"type":"pick","x":7,"y":7}"#, ErrorCode::NotAPlayer),
        (
            r#"{"type":"host","settings":{"kind":{"game":"gomoku","rule":"renju","size":15},"clock":{"kind":"none"},"opening":"swap2"},"seat":"first","name":"x"}"#,
            ErrorCode::BadSettings,
        ),
        (
            r#"{"type":"host","settings":{"kind":{"game":"gomoku","rule":"renju","size":15},"clock":{"kind":"none"},"opening":"chess960"},"seat":"first","name":"x"}"#,
            ErrorCode::BadMessage,
        ),
    ];
    for (text, want) in battery {
        bad.raw(text).await;
        let (code, message) = bad.error().await;
        assert_eq!(code, *want, "{text} -> {message}");
    }
    // In a game without an opening, its actions are the wrong step.
    let (mut a, _b, _, _) = pair(&server, gomoku(RuleName::Standard)).await;
    a.send(&ClientMsg::Declare { offers: 2 }).await;
    let (code, message) = a.error().await;
    assert_eq!(code, ErrorCode::WrongStep);
    assert!(message.contains("no opening rule"), "{message}");
    server.stop().await;
}

#[tokio::test]
async fn connect_four_to_four_in_a_column() {
    let server = server().await;
    let settings = Settings {
        kind: GameKind::Connect4,
        clock: ClockSetting::None,
        opening: Default::default(),
    };
    let (mut a, mut b, _, _) = pair(&server, settings).await;
    a.send(&ClientMsg::Place { x: 0, y: 0 }).await;
    assert_eq!(a.error().await.0, ErrorCode::IllegalMove);
    let mut ply = 0;
    for row in 0..3 {
        ply += 1;
        drop_in(&mut a, &mut [&mut b], 0, row, ply).await;
        ply += 1;
        drop_in(&mut b, &mut [&mut a], 1, row, ply).await;
    }
    a.send(&ClientMsg::Drop { column: 7 }).await;
    assert_eq!(a.error().await.0, ErrorCode::IllegalMove);
    a.send(&ClientMsg::Drop { column: 0 }).await;
    let win = GameResult {
        winner: Some(Seat::First),
        reason: EndReason::ConnectFour,
    };
    assert_eq!(a.game_over().await, win);
    assert_eq!(b.game_over().await, win);
    server.stop().await;
}

/// A game lost on time, decided by the server's own clock: one minute each without an
/// increment (the shortest clock the protocol has), two moves, then the first player lets
/// the minute run out. Both players hear the loss on time with the flag at zero; a move
/// after it is refused. The test only waits (asleep) for the server's verdict.
#[tokio::test]
async fn a_game_is_lost_on_time_by_the_servers_clock() {
    let server = server().await;
    let settings = Settings {
        kind: GameKind::Gomoku {
            rule: RuleName::Freestyle,
            size: 15,
        },
        clock: ClockSetting::Fischer {
            minutes: 1,
            increment_seconds: 0,
        },
        opening: Default::default(),
    };
    let (mut a, mut b, _, _) = pair(&server, settings).await;
    place(&mut a, &mut [&mut b], 7, 7, 1).await;
    place(&mut b, &mut [&mut a], 8, 8, 2).await;
    // The minute plus the clock tick, with room for a loaded machine.
    let limit = Duration::from_secs(60) + GUARD * 3;
    for c in [&mut a, &mut b] {
        let over = tokio::time::timeout(limit, c.ws.next())
            .await
            .expect("the server ends the game within its clock and the guard");
        let Some(Ok(Message::Text(text))) = over else {
            panic!("the connection closed: {over:?}");
        };
        let ServerMsg::GameOver { result, clocks } = serde_json::from_str(&text).unwrap() else {
            panic!("expected game_over, got {text}");
        };
        assert_eq!(
            result,
            GameResult {
                winner: Some(Seat::Second),
                reason: EndReason::Time
            }
        );
        let clocks = clocks.expect("a game with a clock");
        assert_eq!(clocks.first_ms, 0);
        assert!(clocks.second_ms > 0 && clocks.second_ms <= 60_000);
    }
    a.send(&ClientMsg::Place { x: 9, y: 9 }).await;
    assert_eq!(a.error().await.0, ErrorCode::GameOver);
    server.stop().await;
}

#[tokio::test]
async fn renju_forbidden_move_and_moves_out_of_turn_are_refused() {
    let server = server().await;
    let (mut a, mut b, _, _) = pair(&server, gomoku(RuleName::Renju)).await;
    b.send(&ClientMsg::Place { x: 7, y: 7 }).await;
    let (code, message) = b.error().await;
    assert_eq!(code, ErrorCode::NotYourTurn);
    assert!(message.contains("first's turn"), "{message}");
    let black = [(6, 7), (7, 7), (8, 5), (8, 6)];
    let white = [(0, 0), (14, 0), (0, 14), (14, 14)];
    let mut ply = 0;
    for (bl, wh) in black.into_iter().zip(white) {
        ply += 1;
        place(&mut a, &mut [&mut b], bl.0, bl.1, ply).await;
        ply += 1;
        place(&mut b, &mut [&mut a], wh.0, wh.1, ply).await;
    }
    // (8,7) would make two open threes for Black.
    a.send(&ClientMsg::Place { x: 8, y: 7 }).await;
    let (code, message) = a.error().await;
    assert_eq!(code, ErrorCode::Forbidden);
    assert!(message.contains("8,7"), "{message}");
    // Refused, not played: Black is still to move and plays elsewhere.
    place(&mut a, &mut [&mut b], 1, 1, ply + 1).await;
    server.stop().await;
}

#[tokio::test]
async fn malformed_input_gets_errors_and_the_server_keeps_serving() {
    let server = server().await;
    let (mut a, mut b, code, _) = pair(&server, gomoku(RuleName::Freestyle)).await;
    place(&mut a, &mut [&mut b], 7, 7, 1).await;

    let mut bad = Client::connect(&server).await;
    bad.send(&ClientMsg::Resign {}).await;
    assert_eq!(bad.error().await.0, ErrorCode::HelloFirst);
    bad.raw(r#"{"type":"hello","version":1}"#).await;
    bad.recv().await;
    let battery: &[(&str, ErrorCode)] = &[
        ("", ErrorCode::BadMessage),
        ("not json", ErrorCode::BadMessage),
        ("[1,2,3]", ErrorCode::BadMessage),
        ("null", ErrorCode::BadMessage),
        (r#"{"type":"teleport"}"#, ErrorCode::BadMessage),
        (r#"{"no_type":1}"#, ErrorCode::BadMessage),
        (r#"{"type":"hello","version":1}"#, ErrorCode::HelloFirst),
        (r#"{"type":"hello","version":"1"}"#, ErrorCode::BadMessage),
        (r#"{"type":"host"}"#, ErrorCode::BadMessage),
        (
            r#"{"type":"host","settings":{"kind":{"game":"chess"},"clock":{"kind":"none"}},"seat":"first","name":"x"}"#,
            ErrorCode::BadMessage,
        ),
        (
            r#"{"type":"host","settings":{"kind":{"game":"gomoku","rule":"renju","size":4294967295},"clock":{"kind":"none"}},"seat":"first","name":"x"}"#,
            ErrorCode::BadSettings,
        ),
        (
            r#"{"type":"host","settings":{"kind":{"game":"gomoku","rule":"renju","size":15},"clock":{"kind":"fischer","minutes":4294967295,"increment_seconds":0}},"seat":"first","name":"x"}"#,
            ErrorCode::BadSettings,
        ),
        (
            r#"{"type":"host","settings":{"kind":{"game":"gomoku","rule":"renju","size":15},"clock":{"kind":"none"}},"seat":"middle","name":"x"}"#,
            ErrorCode::BadMessage,
        ),
        (
            r#"{"type":"host","settings":{"kind":{"game":"connect4"},"clock":{"kind":"none"}},"seat":"first","name":""}"#,
            ErrorCode::BadSettings,
        ),
        (
            r#"{"type":"host","settings":{"kind":{"game":"connect4"},"clock":{"kind":"none"}},"seat":"first","name":7}"#,
            ErrorCode::BadMessage,
        ),
        (
            r#"{"type":"join","code":"0000000000000","name":"x"}"#,
            ErrorCode::UnknownGame,
        ),
        (
            r#"{"type":"join","code":12,"name":"x"}"#,
            ErrorCode::BadMessage,
        ),
        (r#"{"type":"watch","code":"ZZZ"}"#, ErrorCode::UnknownGame),
        (
            r#"{"type":"reconnect","code":"ZZZ","token":"x"}"#,
            ErrorCode::UnknownGame,
        ),
        (r#"{"type":"place","x":7,"y":7}"#, ErrorCode::NotAPlayer),
        (r#"{"type":"place","x":-1,"y":7}"#, ErrorCode::BadMessage),
        (r#"{"type":"place","x":1e30,"y":7}"#, ErrorCode::BadMessage),
        (
            r#"{"type":"place","x":99999999999999999999,"y":7}"#,
            ErrorCode::BadMessage,
        ),
        (
            r#"{"type":"place","x":7,"y":7,"extra":true}"#,
            ErrorCode::BadMessage,
        ),
        (r#"{"type":"drop"}"#, ErrorCode::BadMessage),
        (r#"{"type":"drop","column":null}"#, ErrorCode::BadMessage),
        (r#"{"type":"resign","why":"bored"}"#, ErrorCode::BadMessage),
        (r#"{"type":"resign"}"#, ErrorCode::NotAPlayer),
        (
            "{\"type\":\"host\",\"name\":\"\u{0}\"}",
            ErrorCode::BadMessage,
        ),
    ];
    for (text, want) in battery {
        bad.raw(text).await;
        let (code, message) = bad.error().await;
        assert_eq!(code, *want, "{text} -> {message}");
        assert!(!message.is_empty());
    }
    let wrong_token = format!(r#"{{"type":"reconnect","code":"{code}","token":"guess"}}"#);
    bad.raw(&wrong_token).await;
    assert_eq!(bad.error().await.0, ErrorCode::BadToken);
    let full = format!(r#"{{"type":"join","code":"{code}","name":"third"}}"#);
    bad.raw(&full).await;
    assert_eq!(bad.error().await.0, ErrorCode::GameFull);
    // Bytes that are not UTF-8, in a binary frame: an error, the connection stays.
    bad.frame(Message::Binary(vec![0xff, 0xfe, 0x00, 0xc3].into()))
        .await;
    assert_eq!(bad.error().await.0, ErrorCode::BadMessage);
    bad.raw(r#"{"type":"resign"}"#).await;
    assert_eq!(bad.error().await.0, ErrorCode::NotAPlayer);
    // The same bytes in a text frame break the framing: an error, then the close.
    bad.frame(Message::Frame(Frame::message(
        vec![0xff, 0xfe, 0x80],
        OpCode::Data(Data::Text),
        true,
    )))
    .await;
    match bad.next().await {
        Some(ServerMsg::Error { code, .. }) => assert_eq!(code, ErrorCode::BadMessage),
        None => {}
        other => panic!("{other:?}"),
    }
    assert!(bad.next().await.is_none());

    // An oversized frame: too_large, then the close.
    let mut big = Client::ready(&server).await;
    big.raw(&format!(
        r#"{{"type":"join","code":"x","name":"{}"}}"#,
        "n".repeat(10_000)
    ))
    .await;
    match big.next().await {
        Some(ServerMsg::Error { code, .. }) => assert_eq!(code, ErrorCode::TooLarge),
        None => {}
        other => panic!("{other:?}"),
    }
    assert!(big.next().await.is_none());

    // Another version is told both numbers and closed.
    let mut old = Client::connect(&server).await;
    old.raw(r#"{"type":"hello","version":99}"#).await;
    let (code, message) = old.error().await;
    assert_eq!(code, ErrorCode::UnsupportedVersion);
    assert!(message.contains("version 1") && message.contains("version 99"));
    assert!(old.next().await.is_none());

    // The game in progress was not harmed and the server still serves.
    place(&mut b, &mut [&mut a], 8, 8, 2).await;
    let (mut c, mut d, _, _) = pair(&server, gomoku(RuleName::Freestyle)).await;
    place(&mut c, &mut [&mut d], 7, 7, 1).await;
    server.stop().await;
}

#[tokio::test]
async fn floods_and_too_many_connections_are_refused() {
    let config = Config {
        // Next to no refill: the sixth message is over the limit however slow the test runs.
        messages_per_second: 0.001,
        burst: 5.0,
        max_connections_per_address: 3,
        ..config()
    };
    let server = server_with(config, Box::new(MemoryStore::new())).await;
    let mut flood = Client::ready(&server).await;
    for _ in 0..10 {
        flood.raw(r#"{"type":"resign"}"#).await;
    }
    // The budget of five went on hello and four resignations (not_a_player); then one
    // rate_limited for the rest.
    for _ in 0..4 {
        assert_eq!(flood.error().await.0, ErrorCode::NotAPlayer);
    }
    assert_eq!(flood.error().await.0, ErrorCode::RateLimited);
    let _two = Client::ready(&server).await;
    let _three = Client::ready(&server).await;
    let mut four = Client::connect(&server).await;
    assert_eq!(four.error().await.0, ErrorCode::TooManyConnections);
    assert!(four.next().await.is_none());
    server.stop().await;
}

#[tokio::test]
async fn an_idle_connection_is_closed() {
    let config = Config {
        idle_timeout: Duration::from_millis(200),
        ..config()
    };
    let server = server_with(config, Box::new(MemoryStore::new())).await;
    let mut idle = Client::connect(&server).await;
    assert_eq!(idle.error().await.0, ErrorCode::Idle);
    assert!(idle.next().await.is_none());
    server.stop().await;
}

#[tokio::test]
async fn a_player_reconnects_with_the_token() {
    let server = server().await;
    let (mut a, b, code, [_, token_b]) = pair(&server, gomoku(RuleName::Freestyle)).await;
    drop(b);
    // Ana hears that Bo is gone...
    let gone = a
        .until(|m| match m {
            ServerMsg::Presence {
                seat, connected, ..
            } => Some((seat, connected)),
            _ => None,
        })
        .await;
    assert_eq!(gone, (Seat::Second, false));
    place(&mut a, &mut [], 7, 7, 1).await;
    let mut b = Client::ready(&server).await;
    b.send(&ClientMsg::Reconnect {
        code: code.clone(),
        token: token_b.clone(),
    })
    .await;
    let (_, role, token) = b.welcome().await;
    assert_eq!((role, token), (Role::Second, Some(token_b)));
    let state = b.state().await;
    assert_eq!(state.moves, vec![PlayedMove::Place { x: 7, y: 7 }]);
    assert_eq!(state.to_move, Some(Seat::Second));
    assert_eq!(state.connected, [true, true]);
    // ...and that he is back.
    assert_eq!(
        a.recv().await,
        ServerMsg::Presence {
            seat: Seat::Second,
            connected: true,
            grace_ms: None,
        }
    );
    place(&mut b, &mut [&mut a], 8, 8, 2).await;
    b.send(&ClientMsg::Resign {}).await;
    let resigned = GameResult {
        winner: Some(Seat::First),
        reason: EndReason::Resignation,
    };
    assert_eq!(a.game_over().await, resigned);
    assert_eq!(b.game_over().await, resigned);
    server.stop().await;
}

#[tokio::test]
async fn a_restarted_server_resumes_the_game_with_every_acknowledged_move() {
    let dir = temp_dir("restart");
    let server = server_with(
        config(),
        Box::new(SqliteStore::open_dir(&dir, Durability::Process).unwrap()),
    )
    .await;
    let (mut a, mut b, code, [token_a, token_b]) = pair(&server, gomoku(RuleName::Freestyle)).await;
    place(&mut a, &mut [&mut b], 7, 7, 1).await;
    place(&mut b, &mut [&mut a], 7, 8, 2).await;
    place(&mut a, &mut [&mut b], 8, 7, 3).await;
    server.stop().await;
    assert!(a.next().await.is_none());
    assert!(b.next().await.is_none());

    let server = server_with(
        config(),
        Box::new(SqliteStore::open_dir(&dir, Durability::Process).unwrap()),
    )
    .await;
    let mut a = Client::ready(&server).await;
    a.send(&ClientMsg::Reconnect {
        code: code.clone(),
        token: token_a,
    })
    .await;
    assert_eq!(a.welcome().await.1, Role::First);
    let state = a.state().await;
    assert_eq!(state.moves.len(), 3);
    assert_eq!(state.names, [Some("Ana".into()), Some("Bo".into())]);
    assert_eq!(state.to_move, Some(Seat::Second));
    let clocks = state.clocks.unwrap();
    // Fischer 10 min + 5 s: Ana's two moves added at most 10 s, Bo's one at most 5 s.
    assert!(clocks.first_ms <= 10 * 60_000 + 10_000);
    assert!(clocks.second_ms <= 10 * 60_000 + 5_000);
    assert!(clocks.first_ms > 0 && clocks.second_ms > 0);
    let mut b = Client::ready(&server).await;
    b.send(&ClientMsg::Reconnect {
        code: code.clone(),
        token: token_b,
    })
    .await;
    assert_eq!(b.welcome().await.1, Role::Second);
    assert_eq!(b.state().await.moves, state.moves);
    place(&mut b, &mut [&mut a], 8, 8, 4).await;
    b.send(&ClientMsg::Resign {}).await;
    assert_eq!(a.game_over().await.reason, EndReason::Resignation);
    server.stop().await;
    // The finished record is in the store, with both names.
    let mut store = SqliteStore::open_dir(&dir, Durability::Process).unwrap();
    let record = store.record(&code).unwrap().unwrap();
    assert!(record.contains("PB[Ana]") && record.contains("PW[Bo]") && record.contains("RE[B+R]"));
    assert!(store.in_progress().unwrap().is_empty());
    drop(store);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The server process, killed when the test ends, passed or failed.
struct Process(Child);

impl Process {
    /// SIGKILL: no shutdown, no flush.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the real binary on a free port and reads the address it says it listens on.
fn start_binary(data: &Path) -> (Process, SocketAddr) {
    start_binary_with(data, &[], "ws")
}

/// The same with more arguments, its address announced with `scheme`.
fn start_binary_with(data: &Path, args: &[&Path], scheme: &str) -> (Process, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku-server"))
        .args(["--listen", "127.0.0.1:0", "--data"])
        .arg(data)
        .args(args)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let child = Process(child);
    let line = rx
        .recv_timeout(GUARD)
        .expect("the server said where it listens");
    let addr = line
        .strip_prefix(&format!("gomoku-server: listening on {scheme}://"))
        .unwrap_or_else(|| panic!("{line}"))
        .parse()
        .unwrap();
    (child, addr)
}

#[tokio::test]
async fn the_binary_killed_with_sigkill_loses_no_acknowledged_move() {
    let dir = temp_dir("sigkill");
    let (mut child, addr) = start_binary(&dir);
    let mut a = Client::ready_at(addr).await;
    a.send(&ClientMsg::Host {
        settings: Settings {
            kind: GameKind::Connect4,
            clock: ClockSetting::None,
            opening: Default::default(),
        },
        seat: SeatChoice::Second,
        name: "Ana".into(),
    })
    .await;
    let (code, _, token_a) = a.welcome().await;
    let mut b = Client::ready_at(addr).await;
    b.send(&ClientMsg::Join {
        code: code.clone(),
        name: "Bo".into(),
    })
    .await;
    assert_eq!(b.welcome().await.1, Role::First);
    drop_in(&mut b, &mut [&mut a], 3, 0, 1).await;
    drop_in(&mut a, &mut [&mut b], 3, 1, 2).await;
    // Only what was stored before the acknowledgement survives this.
    child.kill();

    let (mut child, addr) = start_binary(&dir);
    let mut a = Client::ready_at(addr).await;
    a.send(&ClientMsg::Reconnect {
        code: code.clone(),
        token: token_a.unwrap(),
    })
    .await;
    assert_eq!(a.welcome().await.1, Role::Second);
    let state = a.state().await;
    assert_eq!(
        state.moves,
        vec![
            PlayedMove::Drop { column: 3, row: 0 },
            PlayedMove::Drop { column: 3, row: 1 }
        ]
    );
    assert_eq!(state.to_move, Some(Seat::First));
    child.kill();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The next message on the game's own connection; the events before it must be `skip`s.
fn message_on(c: &Connection) -> ServerMsg {
    loop {
        match c.recv_timeout(GUARD) {
            Some(Event::Message(m)) => return m,
            Some(Event::Connected) => continue,
            other => panic!("expected a message, got {other:?}"),
        }
    }
}

/// Why the game's connection ended, read within the guard.
fn closed_on(c: &Connection) -> String {
    for _ in 0..MAX_SKIP {
        match c.recv_timeout(GUARD) {
            Some(Event::Closed(why)) => return why,
            Some(_) => continue,
            None => panic!("no end reported within the guard"),
        }
    }
    panic!("no end reported in {MAX_SKIP} events")
}

/// `gomoku-server --tls-cert --tls-key` serves wss://: the game's own client, trusting the
/// tests' authority, plays through it; a client that does not trust that authority, a
/// plain ws:// client and a wss:// client of a plain server are each refused, with a
/// reason a player can act on.
#[test]
fn the_binary_serves_wss_and_the_game_checks_its_certificate() {
    let dir = temp_dir("tls");
    let tls_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tls");
    let (cert, key) = (tls_dir.join("server.pem"), tls_dir.join("server.key"));
    let (child, addr) = start_binary_with(
        &dir,
        &[Path::new("--tls-cert"), &cert, Path::new("--tls-key"), &key],
        "wss",
    );
    let trust = tls::client_config_with(tls::roots_from_file(&tls_dir.join("ca.pem")).unwrap());
    let url = format!("wss://127.0.0.1:{}/", addr.port());

    let host = Connection::open_trusting(&url, trust.clone(), || {});
    assert!(matches!(message_on(&host), ServerMsg::Hello { .. }));
    host.send(ClientMsg::Host {
        settings: Settings {
            kind: GameKind::Connect4,
            clock: ClockSetting::None,
            opening: Default::default(),
        },
        seat: SeatChoice::First,
        name: "Ana".into(),
    });
    let ServerMsg::Welcome { code, .. } = message_on(&host) else {
        panic!("no welcome");
    };
    assert!(matches!(message_on(&host), ServerMsg::State(_)));
    let guest = Connection::open_trusting(&url, trust, || {});
    assert!(matches!(message_on(&guest), ServerMsg::Hello { .. }));
    guest.send(ClientMsg::Join {
        code,
        name: "Bo".into(),
    });
    assert!(matches!(message_on(&guest), ServerMsg::Welcome { .. }));
    assert!(matches!(message_on(&guest), ServerMsg::State(_)));
    assert!(matches!(message_on(&host), ServerMsg::State(_)));
    host.send(ClientMsg::Drop { column: 3 });
    for c in [&host, &guest] {
        let ServerMsg::MovePlayed { played, .. } = message_on(c) else {
            panic!("no move");
        };
        assert_eq!(played, PlayedMove::Drop { column: 3, row: 0 });
    }

    // This computer's own trust does not include the tests' authority.
    let stranger = Connection::open(&url, || {});
    let why = closed_on(&stranger);
    assert!(why.contains("not from an authority"), "{why}");
    // Plain WebSocket to a TLS server.
    let plain = Connection::open(&format!("ws://127.0.0.1:{}/", addr.port()), || {});
    let why = closed_on(&plain);
    assert!(why.contains("is not a game server"), "{why}");
    drop(child);

    // TLS to a plain server.
    let (_child, plain_addr) = start_binary(&dir);
    let secure = Connection::open(&format!("wss://127.0.0.1:{}/", plain_addr.port()), || {});
    let why = closed_on(&secure);
    assert!(why.contains("does not speak TLS"), "{why}");
    drop(_child);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bad certificate files stop the binary before it listens, naming the file.
#[test]
fn the_binary_refuses_bad_certificate_files() {
    let dir = temp_dir("tls-bad");
    let key = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tls/server.key");
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku-server"))
        .args(["--listen", "127.0.0.1:0", "--data"])
        .arg(&dir)
        .arg("--tls-cert")
        .arg(&key)
        .arg("--tls-key")
        .arg(&key)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("server.key") && err.contains("no certificate"),
        "{err}"
    );
    assert!(!err.contains("listening"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
