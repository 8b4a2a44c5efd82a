//! The player's own puzzles: a reviewed game's missed wins, solved in the background one
//! game at a time and kept in the progress file.

use super::*;

impl Trainer {
    /// A reviewed game's missed wins to turn into personal puzzles: the positions before
    /// the moves that missed them. Each is solved in the background, one game at a time.
    pub fn add_missed_wins(&mut self, kind: GameKind, positions: Vec<(AnyGame, Source)>) {
        for (game, source) in positions {
            let known = self
                .progress
                .personal
                .iter()
                .any(|p| p.source.record == source.record && p.source.ply == source.ply);
            if !known {
                self.queue.push((kind, game, source));
            }
        }
    }

    /// Whether a missed win is still being turned into a puzzle.
    pub fn collecting(&self) -> bool {
        self.missed.is_some() || !self.queue.is_empty()
    }

    pub(super) fn start_missed(&mut self) {
        if self.missed.is_some() || self.queue.is_empty() {
            return;
        }
        let batch: Vec<(GameKind, AnyGame, Source)> = std::mem::take(&mut self.queue);
        let stamp = timestamp().file;
        self.missed = Some(Job::spawn(
            "missed_wins",
            NICE_BACKGROUND,
            (),
            (),
            move |ctx| {
                let mut found = Vec::new();
                for (n, (kind, game, source)) in batch.into_iter().enumerate() {
                    if ctx.stopped() {
                        break;
                    }
                    let id = format!("mine-{stamp}-{n}");
                    if let Some(p) = kind.def().puzzles().and_then(|b| b.puzzle_from(&game, &id)) {
                        found.push((p, source));
                    }
                }
                found
            },
        ));
    }

    pub(super) fn add_personal(&mut self, games: Option<&Games>, found: Missed) {
        for (puzzle, source) in found {
            let Some((kind, text)) = games.and_then(|g| {
                g.iter()
                    .find_map(|k| Some((k, k.def().puzzles()?.write(&puzzle)?)))
            }) else {
                continue;
            };
            self.progress.personal.push(Personal {
                game: kind.id().to_string(),
                text,
                source: source.clone(),
            });
            self.entries.push(Entry {
                kind,
                puzzle,
                family: YOURS.into(),
                source: Some(source),
            });
        }
        self.save();
    }

    /// How many personal puzzles there are.
    pub fn personal_count(&self) -> usize {
        self.entries.iter().filter(|e| e.source.is_some()).count()
    }
}
