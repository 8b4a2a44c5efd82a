//! The end of games nobody plays any more: a game under way with no seated player connected
//! for `abandon_after`, and a game whose second seat stays empty for `unjoined_after`. Each
//! ends abandoned with no winner, is stored as finished, and leaves memory.

use std::time::Instant;

use super::hub::{Hub, Live, Times};
use super::protocol::EndReason;

impl Live {
    fn forsaken(&self, times: &Times, now: Instant) -> bool {
        if self.game.result().is_some() {
            // Over already: it leaves memory when its last watcher does.
            return false;
        }
        let since = |t: Instant| now.saturating_duration_since(t);
        if self.game.free_seat().is_some() {
            return since(self.created) >= times.unjoined_after;
        }
        // Both seats gone: counted from the later of the two departures.
        match self.absent_since {
            [Some(a), Some(b)] => since(a.max(b)) >= times.abandon_after,
            _ => false,
        }
    }
}

impl Hub {
    /// Ends and forgets the forsaken games (the server's clock tick runs this).
    pub(super) fn sweep(&mut self, now: Instant) {
        let times = self.times;
        let forsaken: Vec<String> = self
            .games
            .iter()
            .filter(|(_, live)| live.forsaken(&times, now))
            .map(|(code, _)| code.clone())
            .collect();
        for code in forsaken {
            let decision = self.games[&code]
                .game
                .decide_end(None, EndReason::Abandoned, now);
            // Spectators, and a host still waiting, hear the end; the store keeps the result.
            if let Err(e) = self.commit(&code, decision, now) {
                eprintln!("gomoku-server: {code}: {}", e.message);
            }
            self.games.remove(&code);
        }
    }
}
