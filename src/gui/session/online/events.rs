//! What the server sends, read every frame: the lobby's welcome and state, then the game's
//! moves, clocks, results, presence, offers and errors; a dropped seat reconnected.

use super::*;
use crate::gui::clock::GameClock;
use crate::gui::kind::OpeningPhase;
use crate::gui::kind::online::time_control;
use crate::online::client::Event;
use crate::online::protocol::{
    EndReason, ErrorCode, GameResult, GameState, PlayedMove, Role, ServerMsg,
};

/// Attempts to reconnect after a dropped connection, one a second: about the server's
/// grace before the other player may claim the win.
const RECONNECT_ATTEMPTS: u32 = 60;
const RECONNECT_EVERY: Duration = Duration::from_secs(1);

/// The game the server describes, built here: its kind, the position, and its tournament
/// opening (running, or played) with the setup options it came from.
struct Found {
    kind: GameKind,
    game: AnyGame,
    opening: Option<Box<dyn OpeningPhase>>,
    options: Options,
}

/// Builds the position the server describes, or says what in it does not fit.
fn position(state: &GameState, games: &Games) -> Result<Found, Msg> {
    let unknown = || Msg::key("online-unknown-game");
    let opening = state.settings.opening;
    let (kind, options) = games
        .iter()
        .find_map(|k| Some((k, k.def().online()?.options(&state.settings.kind, opening)?)))
        .ok_or_else(unknown)?;
    let online = kind.def().online().ok_or_else(unknown)?;
    let mut phase = if opening.is_none() {
        None
    } else {
        Some(kind.def().opening(&options).ok_or_else(unknown)?)
    };
    let mut game = kind.def().new_game(&options);
    for (i, played) in state.moves.iter().enumerate() {
        let bad = || Msg::key("online-bad-move").with("ply", i + 1);
        if let Some(p) = phase.as_mut().filter(|p| !p.is_done()) {
            let text = online
                .opening_text(&p.position(), *played)
                .ok_or_else(bad)?;
            p.replay(&text).map_err(|_| bad())?;
            game = p.position();
            continue;
        }
        let mv = online.played(&game, *played).ok_or_else(bad)?;
        game.play(mv).map_err(|_| bad())?;
    }
    Ok(Found {
        kind,
        game,
        opening: phase,
        options,
    })
}

/// The server's game onto the session: the position, and the opening with the person's
/// role in it (`seat`: the opening's first player is the first seat).
fn adopt(session: &mut Session, found: Found, seat: Side) {
    session.game = found.game;
    session.human_player = seat;
    session.opening_options = found.opening.as_ref().map(|_| found.options);
    session.opening = None;
    session.opening_played = None;
    session.opening_stones = 0;
    match found.opening {
        Some(phase) if phase.is_done() => {
            session.opening_stones = phase.position().ply();
            session.opening_played = Some(phase);
            session.human = session.seat_colour(seat);
        }
        Some(phase) => {
            session.opening = Some(phase);
            session.sync_opening();
        }
        None => session.human = seat,
    }
}

/// Reads everything the server sent since the last frame, and reconnects a dropped seat.
pub(in crate::gui::session) fn poll_online(
    mut link: ResMut<OnlineLink>,
    mut session: ResMut<Session>,
    games: Res<Games>,
    paths: Res<Paths>,
    mut frames: ResMut<FrameRequests>,
    mut sfx: MessageWriter<Sfx>,
) {
    let now = Instant::now();
    // Bounded: a flood of events is read over several frames.
    for _ in 0..256 {
        let Some(event) = link.next_event() else {
            break;
        };
        match event {
            Event::Connected => connected(&mut link, &session),
            Event::Message(msg) => {
                message(msg, &mut link, &mut session, &games, &mut sfx, now);
            }
            Event::Closed(why) => closed(why, &mut link, &mut session, &paths, now),
        }
    }
    let retry = match session.online.as_ref().map(|o| &o.link) {
        Some(LinkState::Reconnecting { attempts, next }) if *next <= now => Some(*attempts),
        _ => None,
    };
    if let (Some(attempts), Some(online)) = (retry, session.online.as_mut()) {
        online.link = LinkState::Reconnecting {
            attempts: attempts + 1,
            next: now + RECONNECT_EVERY,
        };
        link.connect();
    }
    if let Some(online) = &session.online {
        match online.link {
            LinkState::Reconnecting { .. } => frames.within(Duration::from_millis(250)),
            // The countdown to a claim ticks by the second.
            LinkState::Open if online.away.is_some() => frames.within(Duration::from_secs(1)),
            _ => {}
        }
    }
}

/// The connection is open: ask for the game from the lobby, or during a game the seat
/// back (a watcher watches again).
fn connected(link: &mut OnlineLink, session: &Session) {
    let lobby = link.lobby != Lobby::Idle;
    let msg = match (&link.intent, &link.token) {
        (Some(Intent::Watch { code }), _) => ClientMsg::Watch { code: code.clone() },
        (
            Some(Intent::Host {
                settings,
                seat,
                name,
            }),
            _,
        ) if lobby => ClientMsg::Host {
            settings: settings.clone(),
            seat: *seat,
            name: name.clone(),
        },
        (Some(Intent::Join { code, name }), _) if lobby => ClientMsg::Join {
            code: code.clone(),
            name: name.clone(),
        },
        (_, Some((code, token))) if session.online.is_some() => ClientMsg::Reconnect {
            code: code.clone(),
            token: token.clone(),
        },
        _ => return,
    };
    link.send(msg);
}

fn closed(why: String, link: &mut OnlineLink, session: &mut Session, paths: &Paths, now: Instant) {
    link.connection = None;
    warn!("online: {why}");
    if link.lobby != Lobby::Idle || session.online.is_none() {
        // Before the game: the lobby says so, and Host or Join may be tried again.
        if link.intent.is_some() {
            link.lobby = Lobby::Failed(Msg::key("online-closed").with("why", why));
        }
        return;
    }
    let ongoing = session.is_ongoing();
    let Some(online) = session.online.as_mut() else {
        return;
    };
    let attempts = match online.link {
        LinkState::Reconnecting { attempts, .. } => attempts,
        _ => 0,
    };
    if !ongoing {
        online.link = LinkState::Lost(why);
    } else if attempts < RECONNECT_ATTEMPTS {
        online.link = LinkState::Reconnecting {
            attempts,
            next: now + RECONNECT_EVERY,
        };
    } else {
        // The server is gone: the game so far is kept in a record.
        online.link = LinkState::Lost(why);
        save_unfinished(session, paths);
    }
}

/// The record of an online game the server could not finish, with a comment saying so.
fn save_unfinished(session: &mut Session, paths: &Paths) {
    let end = RecordEnd {
        resigned: None,
        forfeited: None,
        lost_on_time: None,
        times: session
            .clock
            .as_ref()
            .map(|c| c.per_move())
            .unwrap_or_default(),
        comment: Some(Msg::key("online-record-unfinished").english()),
    };
    let names = session.record_names();
    match files::save_record(
        paths,
        &session.game,
        &names,
        &session.started,
        &end,
        "online",
    ) {
        Ok(path) => {
            info!("the online game so far saved to {}", path.display());
            session.status = Some(Msg::key("online-kept").with("path", path.display().to_string()));
        }
        Err(e) => session.status = Some(Msg::key("status-save-failed").with("error", e)),
    }
}

fn message(
    msg: ServerMsg,
    link: &mut OnlineLink,
    session: &mut Session,
    games: &Games,
    sfx: &mut MessageWriter<Sfx>,
    now: Instant,
) {
    match msg {
        ServerMsg::Hello { .. } => {}
        ServerMsg::Welcome { code, role, token } => {
            link.role = Some(role);
            if let Some(token) = token {
                link.token = Some((code, token));
            }
        }
        ServerMsg::State(state) => game_state(state, link, session, games, now),
        ServerMsg::MovePlayed {
            ply,
            played,
            clocks,
            ..
        } => {
            let Some(online) = session.online.as_ref() else {
                return;
            };
            let code = online.code.clone();
            let in_step = ply as usize == session.online_plies() + 1;
            let stones = session.game.ply();
            if !(in_step && take(session, played)) {
                // Out of step with the server: its whole state again, by reconnecting.
                warn!("online game {code}: move {ply} does not follow; resynchronising");
                return resync(link, session);
            }
            if session.game.ply() > stones {
                placed_sound(&session.game, sfx);
            }
            session.status = None;
            session.looking = None;
            if let Some(online) = session.online.as_mut() {
                online.sent = false;
                online.draw_offer = None;
                online.undo_request = None;
                online.leave_armed = false;
            }
            session.set_clocks(clocks, now);
        }
        ServerMsg::GameOver { result, clocks } => {
            session.set_clocks(clocks, now);
            game_over(session, result);
        }
        ServerMsg::Presence {
            seat,
            connected,
            grace_ms,
        } => {
            if let Some(online) = session.online.as_mut() {
                online.connected[seat.index()] = connected;
                online.away = (!connected).then(|| {
                    let grace = Duration::from_millis(grace_ms.unwrap_or(0));
                    (side(seat), now + grace)
                });
            }
        }
        ServerMsg::DrawOffered { seat } => {
            offer(
                session,
                seat,
                "online-draw-offered",
                "online-draw-you-offered",
            );
            if let Some(online) = session.online.as_mut() {
                online.draw_offer = Some(side(seat));
            }
        }
        ServerMsg::DrawDeclined { seat } => {
            offer(session, seat, "online-draw-declined", "online-answered");
            if let Some(online) = session.online.as_mut() {
                online.draw_offer = None;
            }
        }
        ServerMsg::UndoRequested { seat, .. } => {
            offer(
                session,
                seat,
                "online-undo-requested",
                "online-undo-you-asked",
            );
            if let Some(online) = session.online.as_mut() {
                online.undo_request = Some(side(seat));
            }
        }
        ServerMsg::UndoDeclined { seat } => {
            offer(session, seat, "online-undo-declined", "online-answered");
            if let Some(online) = session.online.as_mut() {
                online.undo_request = None;
            }
        }
        ServerMsg::RematchOffered { seat } => {
            session.status = None;
            if let Some(online) = session.online.as_mut() {
                online.rematch = Some(side(seat));
            }
        }
        ServerMsg::RematchDeclined { seat } => {
            offer(session, seat, "online-rematch-declined", "online-answered");
            if let Some(online) = session.online.as_mut() {
                online.rematch = None;
            }
        }
        ServerMsg::Rematch { code, role, token } => {
            // The new game is already set: take its seat on this connection, and the
            // screens move to it once its state comes.
            link.role = Some(role);
            link.token = Some((code.clone(), token.clone()));
            link.send(ClientMsg::Reconnect { code, token });
            session.status = Some(Msg::key("online-rematch-starting"));
        }
        ServerMsg::MovesUndone { moves, clocks, .. } => {
            // The server's moves count the opening's actions; its stones stay.
            let stones = match &session.opening_played {
                Some(phase) => {
                    session.opening_stones + (moves as usize).saturating_sub(phase.texts().len())
                }
                None => moves as usize,
            };
            let mut game = session.game.fresh();
            for (side, mv) in session.game.placed().into_iter().take(stones) {
                if game.place(side, mv).is_err() {
                    break;
                }
            }
            session.game = game;
            session.looking = None;
            session.status = Some(Msg::key("online-undone"));
            if let Some(online) = session.online.as_mut() {
                online.undo_request = None;
                online.sent = false;
            }
            session.set_clocks(clocks, now);
        }
        ServerMsg::Error { code, message } => {
            warn!("online: the server says {code:?}: {message}");
            let said = Msg::key("online-server-said").with("message", message);
            match session
                .online
                .as_mut()
                .filter(|_| link.lobby == Lobby::Idle)
            {
                Some(online) => {
                    online.sent = false;
                    if code == ErrorCode::BadToken || code == ErrorCode::UnknownGame {
                        // The seat cannot come back (the game is gone from the server).
                        online.link = LinkState::Lost(said.english());
                    }
                    session.status = Some(said);
                }
                None => link.lobby = Lobby::Failed(said),
            }
        }
    }
}

/// An offer or request from `seat`: said to the other player as `to_other`, to the one
/// who made it as `to_self`.
fn offer(session: &mut Session, seat: Seat, to_other: &'static str, to_self: &'static str) {
    let Some(online) = &session.online else {
        return;
    };
    let name = online.name(side(seat));
    session.status = Some(if online.seat == Some(side(seat)) {
        Msg::key(to_self)
    } else {
        Msg::key(to_other).with("name", name)
    });
}

/// The whole game as the server holds it: the first one shows the game (or, for a host
/// whose second seat is empty, the lobby's code); later ones (the second player sat down,
/// a reconnection) bring the board up to date.
fn game_state(
    state: GameState,
    link: &mut OnlineLink,
    session: &mut Session,
    games: &Games,
    now: Instant,
) {
    let role = link.role.unwrap_or(Role::Spectator);
    let seat = role.seat().map(side);
    let names = state.names.clone().map(|n| n.unwrap_or_default());
    let started = state.to_move.is_some() || state.result.is_some();
    // A game not on show yet: the lobby's (a session may still hold an earlier one).
    let shown = session
        .online
        .as_ref()
        .is_some_and(|o| o.code == state.code);
    if !started && role != Role::Spectator && !shown {
        link.lobby = Lobby::Waiting {
            code: state.code.clone(),
            lan: link.lan(),
        };
        link.announce(&state.code);
        return;
    }
    let found = match position(&state, games) {
        Ok(found) => found,
        Err(why) => {
            warn!("online: {}", why.english());
            link.lobby = Lobby::Failed(why);
            return;
        }
    };
    let me = seat.unwrap_or(Side::First);
    if shown {
        let behind = session.online_plies() != state.moves.len()
            || session.game.moves() != found.game.moves();
        if behind {
            adopt(session, found, me);
        }
    } else {
        let kind = found.kind;
        *session = Session::new(found.game.clone(), Opponent::Person, me, 0);
        session.clock = GameClock::new(time_control(&state.settings.clock));
        adopt(session, found, me);
        debug!("online game {} of {}", state.code, kind.id());
        link.unannounce();
        link.ready = true;
        link.lobby = Lobby::Idle;
    }
    let online = session.online.get_or_insert_with(|| OnlineSeat {
        code: state.code.clone(),
        seat,
        names: names.clone(),
        connected: state.connected,
        link: LinkState::Open,
        sent: false,
        away: None,
        draw_offer: None,
        undo_request: None,
        result: None,
        leave_armed: false,
        rematch: None,
    });
    online.names = names;
    online.connected = state.connected;
    online.link = LinkState::Open;
    online.sent = false;
    // A seat shown away in the snapshot has been away an unknown while: its claim waits
    // for the server's presence message.
    if state.connected.iter().all(|&c| c) {
        online.away = None;
    }
    if started {
        session.set_clocks(state.clocks, now);
    }
    if let Some(result) = state.result {
        game_over(session, result);
    }
}

/// A move the server relays, taken: an opening's action by the opening, a move on the
/// board. False when it does not follow here.
fn take(session: &mut Session, played: PlayedMove) -> bool {
    let kind = session.game.kind();
    let Some(online) = kind.def().online() else {
        return false;
    };
    if session.opening.is_some() {
        let Some(text) = online.opening_text(&session.game, played) else {
            return false;
        };
        let replayed = session
            .opening
            .as_mut()
            .is_some_and(|phase| phase.replay(&text).is_ok());
        if replayed {
            session.sync_opening();
        }
        return replayed;
    }
    online
        .played(&session.game, played)
        .is_some_and(|mv| session.game.play(mv).is_ok())
}

/// The server ended the game: its reason becomes the session's end.
fn game_over(session: &mut Session, result: GameResult) {
    // The server's seats, as the colours they play.
    let loser = result.winner.map(|w| session.seat_colour(side(w)).other());
    match (result.reason, loser) {
        (EndReason::Resignation, Some(loser)) => session.resigned = Some(loser),
        (EndReason::Time, Some(loser)) => session.flagged = Some(loser),
        (EndReason::Abandoned, Some(loser)) => {
            session.forfeited = Some(loser);
            session.forfeit_reason = Some(Msg::key("online-left"));
        }
        // A line or a full board is on the board itself; an agreed or abandoned draw is
        // the result below.
        _ => {}
    }
    if let Some(online) = session.online.as_mut() {
        online.result = Some(result);
        online.away = None;
        online.draw_offer = None;
        online.undo_request = None;
    }
}

/// Out of step with the server: reconnect (a watcher watches again), which sends the whole
/// game.
fn resync(link: &mut OnlineLink, session: &mut Session) {
    link.connection = None;
    if let Some(online) = session.online.as_mut() {
        online.link = LinkState::Reconnecting {
            attempts: 0,
            next: Instant::now(),
        };
    }
}
