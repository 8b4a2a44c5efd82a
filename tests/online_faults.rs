//! The online server when players leave, give up or change their minds, end to end on
//! 127.0.0.1: the claimed win over an opponent gone past the reconnect grace, the sweep of
//! abandoned and never-joined games, draw offers and undo requests (stored across a restart).
//! Durations under test are set small in `Config`; every wait is bounded by the guard, and
//! no test asserts that anything was fast.

mod support {
    pub mod online_client;
}

use std::time::Duration;

use gomoku::online::protocol::{
    ClientMsg, Clocks, EndReason, ErrorCode, GameResult, PlayedMove, Role, RuleName, Seat,
    SeatChoice, ServerMsg,
};
use gomoku::online::server::{Config, Server};
use gomoku::online::store::{Durability, MemoryStore, SqliteStore, Store};

use support::online_client::*;

/// Sends `msg` and reads the error it earns.
async fn refused(c: &mut Client, msg: ClientMsg) -> (ErrorCode, String) {
    c.send(&msg).await;
    c.error().await
}

/// Every client reads `want` as its next message.
async fn all_hear(clients: &mut [&mut Client], want: &ServerMsg) {
    for c in clients.iter_mut() {
        assert_eq!(&c.recv().await, want);
    }
}

async fn presence(c: &mut Client) -> (Seat, bool, Option<u64>) {
    c.until(|m| match m {
        ServerMsg::Presence {
            seat,
            connected,
            grace_ms,
        } => Some((seat, connected, grace_ms)),
        _ => None,
    })
    .await
}

async fn sqlite_server(config: Config, dir: &std::path::Path) -> Server {
    server_with(
        config,
        Box::new(SqliteStore::open_dir(dir, Durability::Process).unwrap()),
    )
    .await
}

fn abandoned_by(winner: Option<Seat>) -> GameResult {
    GameResult {
        winner,
        reason: EndReason::Abandoned,
    }
}

#[tokio::test]
async fn claim_win_waits_for_the_grace_then_ends_the_game() {
    // A grace no test outlives: every claim here is early.
    let long = Config {
        reconnect_grace: Duration::from_secs(3600),
        ..config()
    };
    let server = server_with(long, Box::new(MemoryStore::new())).await;
    let (mut a, b, code, _) = pair(&server, gomoku(RuleName::Freestyle)).await;
    let (err, message) = refused(&mut a, ClientMsg::ClaimWin {}).await;
    assert_eq!(err, ErrorCode::OpponentConnected, "{message}");
    assert!(message.contains("Bo"), "{message}");
    drop(b);
    assert_eq!(
        presence(&mut a).await,
        (Seat::Second, false, Some(3_600_000))
    );
    let (err, message) = refused(&mut a, ClientMsg::ClaimWin {}).await;
    assert_eq!(err, ErrorCode::TooEarly, "{message}");
    assert!(message.contains(" s"), "{message}");
    // A spectator arriving now hears who is gone and how long is left of the grace.
    let mut watcher = Client::ready(&server).await;
    watcher.send(&ClientMsg::Watch { code }).await;
    watcher.welcome().await;
    assert_eq!(watcher.state().await.connected, [true, false]);
    let (seat, connected, left) = presence(&mut watcher).await;
    assert_eq!((seat, connected), (Seat::Second, false));
    assert!(left.unwrap() <= 3_600_000);
    let (err, _) = refused(&mut watcher, ClientMsg::ClaimWin {}).await;
    assert_eq!(err, ErrorCode::NotAPlayer);

    // A host gone before anyone joined: the grace counts from the join, whichever the
    // server hears first (the close or the join).
    let mut host = Client::ready(&server).await;
    host.send(&ClientMsg::Host {
        settings: gomoku(RuleName::Freestyle),
        seat: SeatChoice::First,
        name: "Cy".into(),
    })
    .await;
    let (code, _, _) = host.welcome().await;
    host.state().await;
    drop(host);
    let mut joiner = Client::ready(&server).await;
    joiner
        .send(&ClientMsg::Join {
            code,
            name: "Di".into(),
        })
        .await;
    joiner.welcome().await;
    joiner.state().await;
    assert_eq!(
        presence(&mut joiner).await,
        (Seat::First, false, Some(3_600_000))
    );
    server.stop().await;

    // A short grace: the claim is retried until the grace is over (bounded), then won.
    let dir = temp_dir("claim");
    let short = Config {
        reconnect_grace: Duration::from_millis(100),
        ..config()
    };
    let server = sqlite_server(short, &dir).await;
    let (mut a, mut b, code, _) = pair(&server, gomoku(RuleName::Freestyle)).await;
    place(&mut a, &mut [&mut b], 7, 7, 1).await;
    drop(b);
    assert_eq!(presence(&mut a).await, (Seat::Second, false, Some(100)));
    let mut won = None;
    for _ in 0..400 {
        a.send(&ClientMsg::ClaimWin {}).await;
        match a.recv().await {
            ServerMsg::Error {
                code: ErrorCode::TooEarly,
                ..
            } => {
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            ServerMsg::GameOver { result, .. } => {
                won = Some(result);
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(won, Some(abandoned_by(Some(Seat::First))));
    let (err, _) = refused(&mut a, ClientMsg::ClaimWin {}).await;
    assert_eq!(err, ErrorCode::GameOver);
    server.stop().await;
    let mut store = SqliteStore::open_dir(&dir, Durability::Process).unwrap();
    let record = store.record(&code).unwrap().unwrap();
    assert!(record.contains("RE[B+F]"), "{record}");
    drop(store);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn abandoned_and_unjoined_games_are_ended_and_forgotten() {
    let dir = temp_dir("sweep-unjoined");
    let unjoined = Config {
        unjoined_after: Duration::from_millis(150),
        clock_tick: Duration::from_millis(20),
        ..config()
    };
    let server = sqlite_server(unjoined, &dir).await;
    let mut host = Client::ready(&server).await;
    host.send(&ClientMsg::Host {
        settings: gomoku(RuleName::Renju),
        seat: SeatChoice::First,
        name: "Ana".into(),
    })
    .await;
    let (code, _, _) = host.welcome().await;
    host.state().await;
    // Nobody joins: the host hears the end, and the code is gone.
    assert_eq!(host.game_over().await, abandoned_by(None));
    let mut late = Client::ready(&server).await;
    let (err, _) = refused(
        &mut late,
        ClientMsg::Join {
            code: code.clone(),
            name: "Bo".into(),
        },
    )
    .await;
    assert_eq!(err, ErrorCode::UnknownGame);
    server.stop().await;
    let mut store = SqliteStore::open_dir(&dir, Durability::Process).unwrap();
    assert!(store.in_progress().unwrap().is_empty());
    let record = store.record(&code).unwrap().unwrap();
    assert!(record.contains("RE[Void]"), "{record}");
    drop(store);
    std::fs::remove_dir_all(&dir).unwrap();

    let dir = temp_dir("sweep-abandoned");
    let abandon = Config {
        abandon_after: Duration::from_millis(150),
        clock_tick: Duration::from_millis(20),
        ..config()
    };
    let server = sqlite_server(abandon, &dir).await;
    let (mut a, mut b, code, _) = pair(&server, gomoku(RuleName::Standard)).await;
    place(&mut a, &mut [&mut b], 7, 7, 1).await;
    let mut watcher = Client::ready(&server).await;
    watcher.send(&ClientMsg::Watch { code: code.clone() }).await;
    watcher.welcome().await;
    watcher.state().await;
    // One player gone is not enough: the game waits for them.
    drop(a);
    assert_eq!(presence(&mut watcher).await.0, Seat::First);
    assert_eq!(presence(&mut b).await.0, Seat::First);
    place(&mut b, &mut [&mut watcher], 8, 8, 2).await;
    drop(b);
    assert_eq!(presence(&mut watcher).await.0, Seat::Second);
    assert_eq!(watcher.game_over().await, abandoned_by(None));
    let mut late = Client::ready(&server).await;
    let (err, _) = refused(&mut late, ClientMsg::Watch { code: code.clone() }).await;
    assert_eq!(err, ErrorCode::UnknownGame);
    server.stop().await;
    let mut store = SqliteStore::open_dir(&dir, Durability::Process).unwrap();
    assert!(store.in_progress().unwrap().is_empty());
    let record = store.record(&code).unwrap().unwrap();
    assert!(
        record.contains("RE[Void]") && record.contains("PB[Ana]"),
        "{record}"
    );
    drop(store);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn draw_offers_are_declined_lapse_and_are_accepted() {
    let server = server().await;
    let mut host = Client::ready(&server).await;
    host.send(&ClientMsg::Host {
        settings: gomoku(RuleName::Freestyle),
        seat: SeatChoice::First,
        name: "Cy".into(),
    })
    .await;
    host.welcome().await;
    host.state().await;
    let (err, _) = refused(&mut host, ClientMsg::OfferDraw {}).await;
    assert_eq!(err, ErrorCode::NotStarted);

    let (mut a, mut b, code, _) = pair(&server, gomoku(RuleName::Freestyle)).await;
    let mut w = Client::ready(&server).await;
    w.send(&ClientMsg::Watch { code }).await;
    w.welcome().await;
    w.state().await;
    let (err, _) = refused(&mut w, ClientMsg::OfferDraw {}).await;
    assert_eq!(err, ErrorCode::NotAPlayer);
    let (err, message) = refused(&mut b, ClientMsg::AcceptDraw {}).await;
    assert_eq!(err, ErrorCode::NoOffer);
    assert!(message.starts_with("accept_draw: Ana"), "{message}");

    a.send(&ClientMsg::OfferDraw {}).await;
    let offered = ServerMsg::DrawOffered { seat: Seat::First };
    all_hear(&mut [&mut a, &mut b, &mut w], &offered).await;
    assert_eq!(
        refused(&mut a, ClientMsg::OfferDraw {}).await.0,
        ErrorCode::OfferPending
    );
    assert_eq!(
        refused(&mut b, ClientMsg::OfferDraw {}).await.0,
        ErrorCode::OfferPending
    );
    // One's own offer is not one's to accept.
    assert_eq!(
        refused(&mut a, ClientMsg::AcceptDraw {}).await.0,
        ErrorCode::NoOffer
    );
    b.send(&ClientMsg::DeclineDraw {}).await;
    let declined = ServerMsg::DrawDeclined { seat: Seat::Second };
    all_hear(&mut [&mut a, &mut b, &mut w], &declined).await;
    assert_eq!(
        refused(&mut b, ClientMsg::DeclineDraw {}).await.0,
        ErrorCode::NoOffer
    );

    // The offerer's own move keeps the offer; the opponent's move lets it lapse.
    a.send(&ClientMsg::OfferDraw {}).await;
    all_hear(&mut [&mut a, &mut b, &mut w], &offered).await;
    place(&mut a, &mut [&mut b, &mut w], 7, 7, 1).await;
    place(&mut b, &mut [&mut a, &mut w], 8, 8, 2).await;
    assert_eq!(
        refused(&mut b, ClientMsg::AcceptDraw {}).await.0,
        ErrorCode::NoOffer
    );

    b.send(&ClientMsg::OfferDraw {}).await;
    all_hear(
        &mut [&mut a, &mut b, &mut w],
        &ServerMsg::DrawOffered { seat: Seat::Second },
    )
    .await;
    a.send(&ClientMsg::AcceptDraw {}).await;
    let agreed = GameResult {
        winner: None,
        reason: EndReason::Agreement,
    };
    for c in [&mut a, &mut b, &mut w] {
        assert_eq!(c.game_over().await, agreed);
    }
    assert_eq!(
        refused(&mut a, ClientMsg::OfferDraw {}).await.0,
        ErrorCode::GameOver
    );
    server.stop().await;
}

/// The next message, which must be `moves_undone`: (plies, moves, to_move, clocks).
async fn undone(c: &mut Client) -> (u32, u32, Seat, Clocks) {
    match c.recv().await {
        ServerMsg::MovesUndone {
            plies,
            moves,
            to_move,
            clocks,
        } => (plies, moves, to_move, clocks.expect("a clock")),
        other => panic!("expected moves_undone, got {other:?}"),
    }
}

#[tokio::test]
async fn undo_requests_are_declined_accepted_and_stored_across_a_restart() {
    let dir = temp_dir("undo");
    let server = sqlite_server(config(), &dir).await;
    let (mut a, mut b, code, [token_a, token_b]) = pair(&server, gomoku(RuleName::Freestyle)).await;
    let mut w = Client::ready(&server).await;
    w.send(&ClientMsg::Watch { code: code.clone() }).await;
    w.welcome().await;
    w.state().await;
    let (err, message) = refused(&mut a, ClientMsg::RequestUndo {}).await;
    assert_eq!(err, ErrorCode::NothingToUndo, "{message}");
    assert_eq!(
        refused(&mut w, ClientMsg::RequestUndo {}).await.0,
        ErrorCode::NotAPlayer
    );

    place(&mut a, &mut [&mut b, &mut w], 7, 7, 1).await;
    assert_eq!(
        refused(&mut b, ClientMsg::RequestUndo {}).await.0,
        ErrorCode::NothingToUndo
    );
    a.send(&ClientMsg::RequestUndo {}).await;
    let asked = ServerMsg::UndoRequested {
        seat: Seat::First,
        plies: 1,
    };
    all_hear(&mut [&mut a, &mut b, &mut w], &asked).await;
    assert_eq!(
        refused(&mut a, ClientMsg::AcceptUndo {}).await.0,
        ErrorCode::NoOffer
    );
    assert_eq!(
        refused(&mut a, ClientMsg::RequestUndo {}).await.0,
        ErrorCode::OfferPending
    );
    b.send(&ClientMsg::DeclineUndo {}).await;
    let declined = ServerMsg::UndoDeclined { seat: Seat::Second };
    all_hear(&mut [&mut a, &mut b, &mut w], &declined).await;

    // Ana asks after Bo's reply: both moves go, and it is Ana's turn again.
    place(&mut b, &mut [&mut a, &mut w], 8, 8, 2).await;
    a.send(&ClientMsg::RequestUndo {}).await;
    let asked = ServerMsg::UndoRequested {
        seat: Seat::First,
        plies: 2,
    };
    all_hear(&mut [&mut a, &mut b, &mut w], &asked).await;
    b.send(&ClientMsg::AcceptUndo {}).await;
    for c in [&mut a, &mut b, &mut w] {
        let (plies, moves, to_move, _) = undone(c).await;
        assert_eq!((plies, moves, to_move), (2, 0, Seat::First));
    }

    place(&mut a, &mut [&mut b, &mut w], 9, 9, 1).await;
    place(&mut b, &mut [&mut a, &mut w], 7, 7, 2).await;
    place(&mut a, &mut [&mut b, &mut w], 10, 10, 3).await;
    b.send(&ClientMsg::RequestUndo {}).await;
    let asked = ServerMsg::UndoRequested {
        seat: Seat::Second,
        plies: 2,
    };
    all_hear(&mut [&mut a, &mut b, &mut w], &asked).await;
    a.send(&ClientMsg::AcceptUndo {}).await;
    let mut at_undo = None;
    for c in [&mut a, &mut b, &mut w] {
        let (plies, moves, to_move, clocks) = undone(c).await;
        assert_eq!((plies, moves, to_move), (2, 1, Seat::Second));
        at_undo = Some(clocks);
    }
    let at_undo = at_undo.unwrap();

    // What the undo left is what a restarted server holds, clocks included.
    server.stop().await;
    let server = sqlite_server(config(), &dir).await;
    let mut a = Client::ready(&server).await;
    a.send(&ClientMsg::Reconnect {
        code: code.clone(),
        token: token_a,
    })
    .await;
    assert_eq!(a.welcome().await.1, Role::First);
    let state = a.state().await;
    assert_eq!(state.moves, vec![PlayedMove::Place { x: 9, y: 9 }]);
    assert_eq!(state.to_move, Some(Seat::Second));
    let clocks = state.clocks.unwrap();
    assert_eq!(clocks.first_ms, at_undo.first_ms);
    assert!(clocks.second_ms <= at_undo.second_ms);
    // Bo is away since the restart.
    assert_eq!(presence(&mut a).await.0, Seat::Second);
    let mut b = Client::ready(&server).await;
    b.send(&ClientMsg::Reconnect {
        code: code.clone(),
        token: token_b,
    })
    .await;
    assert_eq!(b.welcome().await.1, Role::Second);
    b.state().await;
    let (_, connected, _) = presence(&mut a).await;
    assert!(connected);

    // A request answered with a move lapses.
    place(&mut b, &mut [&mut a], 7, 7, 2).await;
    b.send(&ClientMsg::RequestUndo {}).await;
    let asked = ServerMsg::UndoRequested {
        seat: Seat::Second,
        plies: 1,
    };
    all_hear(&mut [&mut a, &mut b], &asked).await;
    place(&mut a, &mut [&mut b], 6, 6, 3).await;
    assert_eq!(
        refused(&mut a, ClientMsg::AcceptUndo {}).await.0,
        ErrorCode::NoOffer
    );
    b.send(&ClientMsg::Resign {}).await;
    assert_eq!(a.game_over().await.reason, EndReason::Resignation);
    server.stop().await;
    let mut store = SqliteStore::open_dir(&dir, Durability::Process).unwrap();
    let record = store.record(&code).unwrap().unwrap();
    assert!(record.contains("RE[B+R]"), "{record}");
    drop(store);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The rematch: refused before the end; offered, declined, offered again, agreed (both
/// asking is agreeing); a new game with the seats swapped that each player takes with
/// `reconnect` on the connection it finished on. Spectators hear nothing of it.
#[tokio::test]
async fn a_rematch_swaps_the_seats_and_each_player_takes_theirs() {
    let server = server().await;
    let (mut a, mut b, code, _) = pair(&server, gomoku(RuleName::Freestyle)).await;
    let mut w = Client::ready(&server).await;
    w.send(&ClientMsg::Watch { code: code.clone() }).await;
    w.welcome().await;
    w.state().await;

    let (why, text) = refused(&mut a, ClientMsg::OfferRematch {}).await;
    assert_eq!(why, ErrorCode::NotOver, "{text}");
    place(&mut a, &mut [&mut b, &mut w], 7, 7, 1).await;
    b.send(&ClientMsg::Resign {}).await;
    for c in [&mut a, &mut b, &mut w] {
        c.game_over().await;
    }
    assert_eq!(
        refused(&mut b, ClientMsg::AcceptRematch {}).await.0,
        ErrorCode::NoOffer
    );
    assert_eq!(
        refused(&mut w, ClientMsg::OfferRematch {}).await.0,
        ErrorCode::NotAPlayer
    );
    a.send(&ClientMsg::OfferRematch {}).await;
    let offered = ServerMsg::RematchOffered { seat: Seat::First };
    all_hear(&mut [&mut a, &mut b], &offered).await;
    assert_eq!(
        refused(&mut a, ClientMsg::OfferRematch {}).await.0,
        ErrorCode::OfferPending
    );
    b.send(&ClientMsg::DeclineRematch {}).await;
    let declined = ServerMsg::RematchDeclined { seat: Seat::Second };
    all_hear(&mut [&mut a, &mut b], &declined).await;
    b.send(&ClientMsg::OfferRematch {}).await;
    let offered = ServerMsg::RematchOffered { seat: Seat::Second };
    all_hear(&mut [&mut a, &mut b], &offered).await;
    a.send(&ClientMsg::OfferRematch {}).await;

    let rematch = |m: ServerMsg| match m {
        ServerMsg::Rematch { code, role, token } => Some((code, role, token)),
        _ => None,
    };
    let (code_a, role_a, token_a) = a.until(rematch).await;
    let (code_b, role_b, token_b) = b.until(rematch).await;
    assert_eq!(code_a, code_b);
    assert_ne!(code_a, code);
    assert_eq!((role_a, role_b), (Role::Second, Role::First));
    assert_ne!(token_a, token_b);
    // The old game is over: its connection may enter the new one.
    b.send(&ClientMsg::Reconnect {
        code: code_b.clone(),
        token: token_b,
    })
    .await;
    assert_eq!(b.welcome().await.1, Role::First);
    let state = b.state().await;
    assert_eq!(state.names, [Some("Bo".into()), Some("Ana".into())]);
    assert_eq!(state.settings, gomoku(RuleName::Freestyle));
    assert!(state.moves.is_empty() && state.result.is_none());
    assert_eq!(state.to_move, Some(Seat::First));
    a.send(&ClientMsg::Reconnect {
        code: code_a,
        token: token_a,
    })
    .await;
    assert_eq!(a.welcome().await.1, Role::Second);
    assert_eq!(a.state().await.connected, [true, true]);
    // Bo, who had White, opens the rematch.
    assert_eq!(
        refused(&mut a, ClientMsg::Place { x: 7, y: 7 }).await.0,
        ErrorCode::NotYourTurn
    );
    place(&mut b, &mut [&mut a], 7, 7, 1).await;
    // Entering another game is refused while this one is played.
    assert_eq!(
        refused(&mut a, ClientMsg::Watch { code: code.clone() })
            .await
            .0,
        ErrorCode::AlreadyInGame
    );
    // The spectator's next message is the answer to its own: no rematch news was queued.
    w.raw("{}").await;
    assert_eq!(w.error().await.0, ErrorCode::BadMessage);
    server.stop().await;
}

/// A rematch waits only on a player still there: one offered to a player who left is
/// refused, and one waiting when its offerer leaves is withdrawn.
#[tokio::test]
async fn a_rematch_needs_the_other_player_present() {
    let server = server().await;
    let (mut a, mut b, _, _) = pair(&server, gomoku(RuleName::Freestyle)).await;
    a.send(&ClientMsg::Resign {}).await;
    a.game_over().await;
    b.game_over().await;
    b.send(&ClientMsg::OfferRematch {}).await;
    let offered = ServerMsg::RematchOffered { seat: Seat::Second };
    all_hear(&mut [&mut a, &mut b], &offered).await;
    drop(b);
    assert_eq!(
        a.recv().await,
        ServerMsg::RematchDeclined { seat: Seat::Second }
    );
    let (why, text) = refused(&mut a, ClientMsg::OfferRematch {}).await;
    assert_eq!(why, ErrorCode::OpponentAway);
    assert!(text.contains("Bo has left"), "{text}");
    assert_eq!(
        refused(&mut a, ClientMsg::AcceptRematch {}).await.0,
        ErrorCode::NoOffer
    );
    server.stop().await;
}
