//! The session's systems around a turn: the game clock following the moves, the AI's move,
//! hint and evaluation jobs started and their answers applied.

use super::*;
use crate::gui::clock::MACHINE_TOLERANCE;

/// Keeps the game clock in step with the game: charges each move to its player (a machine's
/// by its measured time), gives no time back on undo and redo, runs only on the playing
/// screen of an unfinished game, and ends the game when the side to move's time is up (a
/// machine's past the tolerance).
pub(super) fn run_clock(
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    worker: Res<AiWorker>,
    paths: Res<Paths>,
    mut frames: ResMut<FrameRequests>,
    mut followed: Local<Option<(u64, usize, u64)>>,
) {
    // The clock starts after a tournament opening.
    if session.clock.is_none() || session.finished.is_some() || session.in_opening() {
        return;
    }
    let now = Instant::now();
    let to_move = session.game.to_move();
    // The move list is read only when the game changed (a move, an undo, a redo).
    let here = (session.id, session.game.ply(), session.game.key());
    let moves: Option<Vec<u32>> = (*followed != Some(here)).then(|| {
        *followed = Some(here);
        session.game.moves().iter().map(|m| m.0).collect()
    });
    // An engine's start is not charged to its clock.
    let warming = session.engines_warming();
    if warming {
        frames.within(Duration::from_millis(50));
    }
    let running = screen.get().runs_session() && session.is_ongoing() && !warming;
    // A machine's move is charged the time it measured, not the frames around it.
    let ply = session.game.ply();
    let measured = session
        .machine_time
        .take_if(|(at, _)| *at == ply)
        .map(|(_, t)| t);
    // A machine to move may answer within the tolerance past its time; while its search
    // for this position runs, its time counts from when it was asked.
    let machine = session.is_ai_turn();
    let thinking = worker
        .current()
        .filter(|&c| machine && c == (JobKind::Move, session.id, ply))
        .and(worker.elapsed());
    let session = &mut *session;
    let Some(clock) = session.clock.as_mut() else {
        return;
    };
    if let Some(moves) = moves {
        clock.follow(&moves, now, measured);
    }
    if !running {
        if clock.is_running() {
            clock.pause(to_move.index(), now);
            // The paused clock is saved with the game: Menu then Continue (or quitting from
            // the title) keeps the time spent since the last move spent.
            let kind = session.game.kind();
            if session.autoplay.is_none()
                && session.online.is_none()
                && files::autosave_file(&paths, kind).is_file()
                && let Err(e) = files::write_clock(&paths, kind, Some(clock))
            {
                warn!("could not save the clock: {e}");
            }
        }
        return;
    }
    clock.start(now);
    // Online, the server's clock decides (its `game_over` says who lost on time).
    let online = session.online.is_some();
    let fell = if online {
        false
    } else if machine {
        clock.machine_flag_fell(to_move.index(), thinking, MACHINE_TOLERANCE, now)
    } else {
        clock.flag_fell(to_move.index(), now)
    };
    if fell {
        clock.pause(to_move.index(), now);
        session.flagged = Some(to_move);
        return;
    }
    // The running clock shows tenths under ten seconds, else seconds.
    let left = clock.left(to_move.index(), to_move.index(), now);
    let step = if left < Duration::from_secs(10) {
        100
    } else {
        250
    };
    frames.within(Duration::from_millis(step));
}

/// Starts the AI's search when it is its turn and none runs for this position.
pub(super) fn start_ai_turn(
    session: Res<Session>,
    mut worker: ResMut<AiWorker>,
    backend: Res<AiBackend>,
) {
    // An engine still starting would charge its start to this search's time.
    if !session.is_ai_turn() || session.in_opening() || session.engines_warming() {
        return;
    }
    if worker.current() == Some((JobKind::Move, session.id, session.game.ply())) {
        return;
    }
    let Some(level) = session.level_of(session.game.to_move()) else {
        return;
    };
    let request = session.request(JobKind::Move, level, &backend);
    worker.start(session.id, request, &backend);
}

/// On the person's turn against the AI with no search of the AI's about this position (after
/// Continue, Undo, Redo), evaluates it at the hint level for the evaluation bar.
pub(super) fn evaluate_position(
    session: Res<Session>,
    mut worker: ResMut<AiWorker>,
    backend: Res<AiBackend>,
    mut asked: Local<Option<(u64, usize)>>,
) {
    let here = (session.id, session.game.ply());
    if !session.is_person_turn()
        || session.in_opening()
        || session.ai_level().is_none()
        || !session.game.kind().def().shows_evaluation()
        || session.last_search.is_some()
        || session.position_eval.is_some_and(|(ply, _)| ply == here.1)
        || worker.is_busy()
        || *asked == Some(here)
    {
        return;
    }
    *asked = Some(here);
    let request = session.request(JobKind::Evaluate, session.game.hint_level(), &backend);
    worker.start(session.id, request, &backend);
}

pub(super) fn apply_evaluations(
    mut evaluated: MessageReader<PositionEvaluated>,
    mut session: ResMut<Session>,
) {
    for msg in evaluated.read() {
        if msg.game_id != session.id || msg.ply != session.game.ply() {
            continue;
        }
        // Searched for the person, who is to move: the bar reads the AI's side.
        session.position_eval = msg.info.eval.map(|s| (msg.ply, s.flip()));
    }
}

/// The one place an AI move is put on the board. Results for another game, another ply or a
/// screen other than Playing are stale and dropped.
pub(super) fn apply_ai_moves(
    mut moved: MessageReader<AiMoved>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut sfx: MessageWriter<Sfx>,
) {
    let now = Instant::now();
    for msg in moved.read() {
        if !screen.get().runs_session()
            || msg.game_id != session.id
            || msg.ply != session.game.ply()
            || !session.is_ai_turn()
            || session.in_opening()
        {
            debug!(
                "dropping a stale AI result (game {}, ply {})",
                msg.game_id, msg.ply
            );
            continue;
        }
        let ai = session.game.to_move();
        let late = session.clock.as_ref().is_some_and(|c| {
            c.machine_flag_fell(ai.index(), Some(msg.thought), MACHINE_TOLERANCE, now)
        });
        if late {
            // Past its time and the tolerance: the move is not played, the game is lost.
            session.flagged = Some(ai);
            continue;
        }
        session.last_search = msg.info.worth_showing().then(|| msg.info.clone());
        let played = msg.info.mv.clone().and_then(|mv| session.game.play(mv));
        match played {
            Ok(()) => {
                session.machine_time = Some((session.game.ply(), msg.thought));
                placed_sound(&session.game, &mut sfx);
                // "Wait for the AI's move." and the like are answered now.
                session.status = None;
            }
            Err(e) if session.engine_of(ai).is_some() => {
                // An external engine that crashed, hung or played an illegal point loses
                // the game, as Gomocup managers rule; the message names it and what it did.
                warn!("{}", e.english());
                session.forfeit_reason = msg.info.fault.clone();
                session.forfeit_message = Some(e.clone());
                session.status = Some(e);
                session.forfeited = Some(ai);
            }
            Err(e) => {
                // An engine bug (or no legal move, which the rules make a draw first): the
                // game must go on, so the AI forfeits.
                warn!("the AI could not move: {}", e.english());
                session.status = Some(Msg::key("status-ai-failed").with("error", e));
                session.resigned = Some(ai);
            }
        }
    }
}

pub(super) fn apply_hints(
    mut hints: MessageReader<HintReady>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
) {
    for msg in hints.read() {
        if *screen.get() != Screen::Playing
            || msg.game_id != session.id
            || msg.ply != session.game.ply()
            || !session.is_person_turn()
        {
            continue;
        }
        session.hint = msg.info.hint_at.or(msg.info.mv.clone().ok());
        session.status = Some(msg.info.hint_text());
    }
}
