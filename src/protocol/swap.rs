//! Swap2 (`SWAP2BOARD`): the opening the brain proposes, and its choices.

use super::*;

/// In a Swap2 choice, take Black instead of playing White when White's score (side to move)
/// is below this: about one and a half open threes behind.
pub const SWAP_BELOW: i32 = -150;

/// The 3-stone Swap2 openings we propose, as offsets from the centre (Black, White,
/// Black): the third stone stands off from the first two, which keeps Black's edge small
/// so the opponent's choice of colour gains little.
pub(super) const SWAP2_OPENINGS: [[(i8, i8); 3]; 4] = [
    [(0, 0), (1, 0), (1, 2)],
    [(0, 0), (1, 1), (-2, 1)],
    [(0, 0), (0, 1), (2, -2)],
    [(0, 0), (1, -1), (-1, -2)],
];

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
        let game = match Game::from_moves(size, rule, &points) {
            Ok(g) if !g.outcome().is_over() => g,
            Ok(_) => return error(out, "SWAP2BOARD: the position already has a winning line"),
            Err(e) => return error(out, &format!("SWAP2BOARD: {e}")),
        };
        if points.is_empty() {
            // We propose the opening; who plays which colour is decided later.
            let pick = SWAP2_OPENINGS[self.rng.random_range(0..SWAP2_OPENINGS.len())];
            let c = (size / 2) as i32;
            let mut game = game;
            let mut text = Vec::new();
            for (dx, dy) in pick {
                let Some(p) = Pos::new(c as u8, c as u8).offset(dx as i32, dy as i32, 1, size)
                else {
                    return error(out, "SWAP2BOARD: board too small for an opening");
                };
                if let Err(e) = game.play(p) {
                    return error(out, &format!("SWAP2BOARD: {e}"));
                }
                text.push(p.to_gomocup());
            }
            self.game = Some(game);
            self.me = None;
            return emit(out, &text.join(" "));
        }
        // White to move: play White if its prospects are fair, else take Black.
        let saved = (self.game.replace(game), self.me.replace(Stone::White));
        match self.search(received, true, out) {
            Some(Decision::Swap) => self.me = Some(Stone::Black),
            Some(Decision::Move(_)) => {}
            Some(Decision::Nothing) | None => (self.game, self.me) = saved,
        }
    }
}
