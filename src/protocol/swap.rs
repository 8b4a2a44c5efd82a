//! Swap2 (`SWAP2BOARD`) through the engine's opening module: the three stones the brain
//! proposes, and its colour choices (`engine::gomoku::opening::ai`), from its own evaluation.

use super::*;
use crate::engine::gomoku::opening::{self, Action, Choice, Opening, OpeningRule, Step};

/// In a Swap2 choice, take Black instead of playing White when White's score (side to move)
/// is below this: about one and a half open threes behind. The opening AI decides first;
/// this only lets the search of White's move still turn it down.
pub const SWAP_BELOW: i32 = -150;

impl<T: Thinker> Brain<T> {
    pub(super) fn swap2(&mut self, entries: &[Entry], received: Instant, out: &mut impl Write) {
        let Some(old) = self.game.as_ref() else {
            return;
        };
        let (size, rule) = (old.size(), old.rule());
        let points: Vec<Pos> = entries.iter().filter_map(|e| e.pos).collect();
        if !matches!(points.len(), 0 | 3 | 5) {
            return error(
                out,
                &format!("SWAP2BOARD needs 0, 3 or 5 stones, got {}", points.len()),
            );
        }
        match Game::from_moves(size, rule, &points) {
            Ok(g) if !g.outcome().is_over() => {}
            Ok(_) => return error(out, "SWAP2BOARD: the position already has a winning line"),
            Err(e) => return error(out, &format!("SWAP2BOARD: {e}")),
        }
        // The stones in the opening's terms: the first player's three, then (with five) the
        // second player's two after choosing to place them.
        let mut actions: Vec<Action> = points.iter().map(|&p| Action::Place(p)).collect();
        if points.len() == 5 {
            actions.insert(3, Action::Choose(Choice::PlaceTwo));
        }
        let mut o = match Opening::from_actions(size, rule, OpeningRule::Swap2, &actions) {
            Ok(o) => o,
            Err(e) => return error(out, &format!("SWAP2BOARD: {e}")),
        };
        let level = self.opening_level(received);
        let seed = self.rng.random();
        let (_, deadline) = self.move_limits(received);
        let interrupts = Arc::clone(&self.interrupts);
        // The opening AI's searches stop at the move's deadline or on `END`/`STOP`.
        let decide = |o: &Opening| {
            with_stop(&interrupts, deadline, |stop| {
                opening::ai::decide(o, level, seed, stop)
            })
        };
        // Our stones while the step is ours to place, as the protocol's line of points.
        let place_all = |o: &mut Opening| -> Option<String> {
            let mut text = Vec::new();
            while let Step::Place { .. } = o.step() {
                let a = decide(o);
                match (a, o.apply(a)) {
                    (Action::Place(p), Ok(())) => text.push(p.to_gomocup()),
                    _ => return None,
                }
            }
            Some(text.join(" "))
        };
        if points.is_empty() {
            // We propose the opening; who plays which colour is decided later.
            let Some(text) = place_all(&mut o) else {
                return error(out, "SWAP2BOARD: no opening stone found");
            };
            self.game = Some(o.into_game());
            self.me = None;
            return emit(out, &text);
        }
        match decide(&o) {
            Action::Choose(Choice::TakeBlack) => {
                self.game = Some(o.into_game());
                self.me = Some(Stone::Black);
                emit(out, "SWAP");
            }
            Action::Choose(Choice::PlaceTwo) => {
                let _ = o.apply(Action::Choose(Choice::PlaceTwo));
                let Some(text) = place_all(&mut o) else {
                    return error(out, "SWAP2BOARD: no stone to place found");
                };
                // The other player chooses the colours now.
                self.game = Some(o.into_game());
                self.me = None;
                emit(out, &text);
            }
            // Take White: our move now, by the usual search (which may still swap).
            _ => {
                let saved = (
                    self.game.replace(o.into_game()),
                    self.me.replace(Stone::White),
                );
                match self.search(received, true, out) {
                    Some(Decision::Swap) => self.me = Some(Stone::Black),
                    Some(Decision::Move(_)) => {}
                    Some(Decision::Nothing) | None => (self.game, self.me) = saved,
                }
            }
        }
    }

    /// How hard the opening AI may work within the move's time limit: Expert's node budgets
    /// take a few tenths of a second, Club's under a tenth, Novice's a few milliseconds.
    fn opening_level(&self, received: Instant) -> ai::Level {
        let (limits, _) = self.move_limits(received);
        match limits.hard_time {
            Some(t) if t < Duration::from_millis(300) => ai::Level::Novice,
            Some(t) if t < Duration::from_secs(2) => ai::Level::Club,
            _ => ai::Level::Expert,
        }
    }
}

/// Runs `f` with a stop flag that a watcher thread raises at `deadline` or on a stop
/// request (`END`, `STOP`, `YXSTOP` counted by the reader thread). Without a thread, `f`
/// runs unwatched (the opening AI's node budgets still bound it).
fn with_stop<R>(
    interrupts: &AtomicUsize,
    deadline: Option<Instant>,
    f: impl FnOnce(&AtomicBool) -> R,
) -> R {
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        let (stop, done) = (&stop, &done);
        let watcher = move || {
            while !done.load(Ordering::Acquire) {
                if interrupts.load(Ordering::Acquire) > 0
                    || deadline.is_some_and(|d| Instant::now() >= d)
                {
                    stop.store(true, Ordering::Release);
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        };
        let _ = std::thread::Builder::new()
            .name("pbrain-opening-watch".into())
            .spawn_scoped(s, watcher);
        let r = f(stop);
        done.store(true, Ordering::Release);
        r
    })
}
