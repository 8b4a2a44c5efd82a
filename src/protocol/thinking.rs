//! Thinking: the limits of a move, the search on its own thread (so that `END`, `STOP` and
//! the clock reach it), and turning its result into the reply.

use super::*;

/// The `MESSAGE` line for one finished search iteration. Moves of the PV in human notation
/// (`h8`), which is shorter to read than `x,y` lists in a manager's log.
pub fn info_message(r: &SearchResult, size: usize) -> String {
    let secs = r.time.as_secs_f64();
    let nps = if secs > 0.0 {
        (r.nodes as f64 / secs) as u64
    } else {
        0
    };
    let nps = match nps {
        n if n >= 10_000_000 => format!("{}M", n / 1_000_000),
        n if n >= 10_000 => format!("{}k", n / 1000),
        n => n.to_string(),
    };
    let mut s = format!(
        "MESSAGE depth {} score {} nodes {} nps {} time {} pv",
        r.depth,
        r.score,
        r.nodes,
        nps,
        r.time.as_millis()
    );
    for p in &r.pv {
        if p.on_board(size) {
            let _ = write!(s, " {}", p.to_human(size));
        }
    }
    s
}

/// What the brain answers to a search.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Decision {
    Move(Pos),
    /// Swap2: we take Black.
    Swap,
    /// No legal move: an `ERROR` was printed.
    Nothing,
}

/// The lines to print for a search result and what they mean for the state.
pub(super) fn decide(
    game: &Game,
    result: Option<&SearchResult>,
    may_swap: bool,
) -> (Decision, Vec<String>) {
    if may_swap && result.is_some_and(|r| r.score.rank() < SWAP_BELOW) {
        return (Decision::Swap, vec!["SWAP".into()]);
    }
    let proposed = result.and_then(|r| r.best);
    let Some(mv) = legal_choice(game, proposed) else {
        return no_legal_move(game);
    };
    let mut lines = Vec::new();
    if let Some(p) = proposed
        && p != mv
    {
        lines.push(format!(
            "MESSAGE engine move {} is not legal here, playing {} instead",
            p.to_gomocup(),
            mv.to_gomocup()
        ));
    }
    lines.push(mv.to_gomocup());
    (Decision::Move(mv), lines)
}

/// The answer when the side to move has no legal move: under Renju, Black with every empty
/// point forbidden. Our own rules call that a draw (RIF would let Black pass), but the
/// protocol has no pass and a manager asks for a move: the brain plays a forbidden point at
/// once, for the manager to rule on (a forbidden move loses for Black), rather than an
/// `ERROR` it would score as a loss on time after its tolerance. A full board (a draw) has
/// no point to play: `ERROR`.
pub(super) fn no_legal_move(game: &Game) -> (Decision, Vec<String>) {
    let size = game.size();
    let empty = (0..size * size)
        .map(|i| Pos::from_index(i, size))
        .find(|&p| game.board().get(p).is_none());
    match empty {
        Some(p) => (
            Decision::Move(p),
            vec![
                format!(
                    "MESSAGE every empty point is forbidden to Black: playing {} (a pass, \
                     which RIF allows and the protocol has not, would draw)",
                    p.to_gomocup()
                ),
                p.to_gomocup(),
            ],
        ),
        None => (
            Decision::Nothing,
            vec!["ERROR the game is over: the board is full".into()],
        ),
    }
}

/// When a search must stop and when the answer must be out.
#[derive(Copy, Clone, Debug)]
pub(super) struct Timing {
    /// The search is told to stop here (the hard limit).
    stop_at: Option<Instant>,
    /// If the engine has not returned by then, the brain answers without it.
    answer_by: Option<Instant>,
}

/// How long a stop request (`YXSTOP`, `END`) waits for the engine before answering.
pub(super) const INTERRUPT_GRACE: Duration = Duration::from_millis(20);

/// Reports from the search thread.
pub(super) enum Report {
    Info(SearchResult),
    Done(SearchResult),
    Failed,
}

/// Runs one search on its own thread and answers on time whatever the engine does: the
/// search is told to stop at the hard limit, and if it has not returned shortly after, the
/// move of its last finished iteration is printed while it winds down. Each finished
/// iteration is printed as a `MESSAGE` line. Returns the decision and when it was printed;
/// `None` when no thread could be started.
pub(super) fn search_on_thread<T: Thinker>(
    engine: &mut T,
    game: &Game,
    limits: &Limits,
    timing: Timing,
    interrupts: &AtomicUsize,
    may_swap: bool,
    out: &mut impl Write,
) -> Option<(Decision, Instant)> {
    let stop = AtomicBool::new(interrupts.load(Ordering::Acquire) > 0);
    let (tx, rx) = mpsc::channel();
    let size = game.size();
    std::thread::scope(|s| {
        let stop = &stop;
        let worker = move || {
            let mut sink = |r: &SearchResult| {
                let _ = tx.send(Report::Info(r.clone()));
            };
            // A bug in the search must not cost the game by a crash.
            let report = match std::panic::catch_unwind(AssertUnwindSafe(|| {
                engine.think(game, limits, stop, &mut sink)
            })) {
                Ok(r) => Report::Done(r),
                Err(_) => Report::Failed,
            };
            let _ = tx.send(report);
        };
        std::thread::Builder::new()
            .name("pbrain-search".into())
            .spawn_scoped(s, worker)
            .ok()?;
        let mut best: Option<SearchResult> = None;
        let mut answer_by = timing.answer_by;
        let mut interrupted = false;
        // Polls for stop requests: the reader thread that counts them cannot wake us.
        const POLL: Duration = Duration::from_millis(5);
        loop {
            let now = Instant::now();
            if !interrupted && interrupts.load(Ordering::Acquire) > 0 {
                interrupted = true;
                stop.store(true, Ordering::Release);
                answer_by =
                    Some(answer_by.map_or(now + INTERRUPT_GRACE, |a| a.min(now + INTERRUPT_GRACE)));
            }
            if timing.stop_at.is_some_and(|t| now >= t) {
                stop.store(true, Ordering::Release);
            }
            if answer_by.is_some_and(|a| now >= a) {
                emit(
                    out,
                    &format!(
                        "MESSAGE search still running at the time limit; answering from depth {}",
                        best.as_ref().map_or(0, |r| r.depth)
                    ),
                );
                let (decision, lines) = decide(game, best.as_ref(), may_swap);
                for l in &lines {
                    emit(out, l);
                }
                // Leaving the scope waits for the search, which has been told to stop.
                return Some((decision, Instant::now()));
            }
            let mut wake = now + POLL;
            for t in [timing.stop_at, answer_by].into_iter().flatten() {
                if t > now {
                    wake = wake.min(t);
                }
            }
            match rx.recv_timeout(wake.saturating_duration_since(now)) {
                Ok(Report::Info(r)) => {
                    emit(out, &info_message(&r, size));
                    best = Some(r);
                }
                Ok(Report::Done(r)) => {
                    let (decision, lines) = decide(game, Some(&r), may_swap);
                    for l in &lines {
                        emit(out, l);
                    }
                    return Some((decision, Instant::now()));
                }
                Ok(Report::Failed) | Err(RecvTimeoutError::Disconnected) => {
                    emit(out, "MESSAGE the search failed; playing a fallback move");
                    let (decision, lines) = decide(game, best.as_ref(), may_swap);
                    for l in &lines {
                        emit(out, l);
                    }
                    return Some((decision, Instant::now()));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    })
}

/// The same search on the calling thread, for when no thread can be started: only the
/// engine's own clock bounds it.
pub(super) fn search_here<T: Thinker>(
    engine: &mut T,
    game: &Game,
    limits: &Limits,
    may_swap: bool,
    out: &mut impl Write,
) -> (Decision, Instant) {
    let stop = AtomicBool::new(false);
    let size = game.size();
    let result = {
        let mut sink = |r: &SearchResult| emit(out, &info_message(r, size));
        std::panic::catch_unwind(AssertUnwindSafe(|| {
            engine.think(game, limits, &stop, &mut sink)
        }))
    };
    if result.is_err() {
        emit(out, "MESSAGE the search failed; playing a fallback move");
    }
    let (decision, lines) = decide(game, result.as_ref().ok(), may_swap);
    for l in &lines {
        emit(out, l);
    }
    (decision, Instant::now())
}

/// The move to play: the engine's if it is legal, else the greedy scorer's, else any legal
/// point. `None` only when nothing is legal.
pub(super) fn legal_choice(game: &Game, proposed: Option<Pos>) -> Option<Pos> {
    if let Some(p) = proposed
        && game.check_move(p).is_ok()
    {
        return Some(p);
    }
    let size = game.size();
    let centre = Pos::new((size / 2) as u8, (size / 2) as u8);
    if game.board().stone_count() == 0 && game.check_move(centre).is_ok() {
        return Some(centre);
    }
    let greedy = novice::choose(game, &mut StdRng::seed_from_u64(0), 0).best;
    greedy
        .filter(|&p| game.check_move(p).is_ok())
        .or_else(|| ai::legal_moves(game).first().copied())
}

impl<T: Thinker> Brain<T> {
    /// The search limits a move would get now, and the hard deadline (counted from
    /// `received`, when the command was read).
    pub fn move_limits(&self, received: Instant) -> (Limits, Option<Instant>) {
        let empty_points = self
            .game
            .as_ref()
            .map_or(0, |g| g.size() * g.size() - g.board().stone_count());
        // `timeout_match 0` means no match clock; otherwise the clock runs from the last
        // `time_left`, or from the whole match time until the first one arrives.
        let left = match self.timeout_match {
            Some(Duration::ZERO) => None,
            m => self.time_left.or(m),
        };
        let mut limits = if self.timeout_turn == Some(Duration::ZERO) && left.is_none() {
            Limits {
                depth: Some(1),
                ..Limits::time(FAST_TURN)
            }
        } else {
            let turn = match self.timeout_turn {
                Some(Duration::ZERO) => Some(FAST_TURN),
                Some(t) => Some(t),
                None if left.is_none() => Some(DEFAULT_TURN),
                None => None,
            };
            Clock {
                turn,
                left,
                increment: Duration::ZERO,
                empty_points,
            }
            .limits()
        };
        let deadline = limits.hard_time.and_then(|h| received.checked_add(h));
        // Time already spent since the line was read (parsing, set-up) comes off both.
        let spent = received.elapsed();
        limits.hard_time = limits.hard_time.map(|h| h.saturating_sub(spent));
        limits.soft_time = limits
            .soft_time
            .map(|s| s.saturating_sub(spent).min(limits.hard_time.unwrap_or(s)));
        limits.vct = limits.hard_time.is_some_and(|h| h >= VCT_FROM);
        limits.threads = self.threads;
        (limits, deadline)
    }

    /// Searches for our move (we are to move) within the time limits, prints the answer and
    /// plays the move. `None` when the game is already over (an `ERROR` was printed).
    pub(super) fn search(
        &mut self,
        received: Instant,
        may_swap: bool,
        out: &mut impl Write,
    ) -> Option<Decision> {
        let (limits, stop_at) = self.move_limits(received);
        // Past the hard limit the engine has part of the safety margin to return before
        // the brain answers without it.
        let grace = self
            .timeout_turn
            .map_or(MAX_GRACE, |t| (safety_margin(t) / 4).min(MAX_GRACE));
        let timing = Timing {
            stop_at,
            answer_by: stop_at.and_then(|t| t.checked_add(grace)),
        };
        let game = self.game.as_mut()?;
        let me = self.me.unwrap_or(game.to_move());
        game.set_to_move(me);
        match game.outcome() {
            Outcome::Ongoing => {}
            Outcome::Win { winner, .. } => {
                error(out, &format!("the game is over: {winner} has won"));
                return None;
            }
            Outcome::Draw => {
                // A board with room is drawn only for Black with every point forbidden.
                let (decision, lines) = no_legal_move(game);
                for line in lines {
                    emit(out, &line);
                }
                return (decision != Decision::Nothing).then_some(decision);
            }
        }
        let (decision, answered) = match search_on_thread(
            &mut self.engine,
            game,
            &limits,
            timing,
            &self.interrupts,
            may_swap,
            out,
        ) {
            Some(d) => d,
            None => search_here(&mut self.engine, game, &limits, may_swap, out),
        };
        if let Decision::Move(mv) = decision {
            // Legal by `decide` but for a forbidden point played for want of any other
            // (`no_legal_move`), which the manager rules on: the board stays as it is.
            let _ = game.play(mv);
        }
        // Our own time comes off the match clock until the manager restates it.
        if let Some(left) = self.time_left.or(self.timeout_match) {
            self.time_left =
                Some(left.saturating_sub(answered.saturating_duration_since(received)));
        }
        Some(decision)
    }

    /// Searches and plays our move; false when there is none (an `ERROR` was printed).
    pub(super) fn think_and_play(&mut self, received: Instant, out: &mut impl Write) -> bool {
        matches!(self.search(received, false, out), Some(Decision::Move(_)))
    }
}
