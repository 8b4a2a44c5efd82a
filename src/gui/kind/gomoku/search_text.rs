//! What a Gomoku search found, in the panel's and the hint's words (a lost position's hint
//! shows where the opponent's win goes on).

use std::sync::atomic::AtomicBool;

use super::{GOMOKU, any_level, point, side};
use crate::engine::gomoku::ai::{Engine, Level, Limits, NoInfo, Score, SearchResult};
use crate::engine::gomoku::{Game, Pos, Stone};
use crate::engine::review::Outlook;
use crate::gui::kind::{GameDef, SearchInfo, describe_outlook, search_panel};
use crate::gui::msg::Msg;

/// What a search found, in the panel's and the hint's words.
pub fn search_info(game: &Game, level: Level, r: &SearchResult) -> SearchInfo {
    let level = any_level(level);
    let mv = r.best.map(point).ok_or(Msg::key("hint-no-legal-move"));
    let name = |s: Stone| GOMOKU.side_name(side(s));
    let (me, them) = (name(game.to_move()), name(game.to_move().opponent()));
    let outlook = Outlook::from(r.score);
    // The panel is read after the move was played: it speaks of the position on the board.
    let panel = search_panel(
        level,
        r.depth,
        describe_outlook(outlook.after_best_move(), them.clone(), me.clone()),
        r.nodes,
        r.time,
    );
    // A lost position has no good move to suggest: show where the opponent's win starts.
    let their_win = match (r.score, r.best) {
        (Score::Loss(n), Some(best)) => opponents_win(game, best).map(|q| (n, q)),
        _ => None,
    };
    let hint = match (r.best, their_win) {
        (Some(_), Some((n, q))) => Msg::key("hint-no-defence")
            .with("side", them)
            .with("moves", n)
            .with("point", q.to_human(game.size())),
        (Some(p), None) => Msg::key("hint-move")
            .with("point", p.to_human(game.size()))
            .with("level", level.title())
            .with("outlook", describe_outlook(outlook, me, them)),
        (None, _) => Msg::key("hint-none").with("why", Msg::key("hint-no-legal-move")),
    };
    SearchInfo {
        level,
        mv,
        time: r.time,
        searched: r.depth > 0,
        depth: r.depth,
        nodes: r.nodes,
        eval: Some(outlook),
        pv: r.pv.iter().copied().map(point).collect(),
        panel,
        hint,
        hint_at: their_win.map(|(_, q)| point(q)),
        fault: None,
    }
}

/// Where the opponent's forced win goes on after `ours`: its winning reply, from a short
/// search (a lost position's search stops at its own move).
fn opponents_win(game: &Game, ours: Pos) -> Option<Pos> {
    let mut after = game.clone();
    after.play(ours).ok()?;
    let limits = Limits {
        nodes: Some(50_000),
        threads: 1,
        ..Limits::default()
    };
    let r = Engine::new(1 << 20).think(&after, &limits, &AtomicBool::new(false), &mut NoInfo);
    matches!(r.score, Score::Win(_)).then_some(r.best).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::Rule;
    use crate::engine::gomoku::ai::play_level;
    use crate::engine::review::{Progress as ReviewProgress, ReviewLimits};
    use crate::gui::kind::Rules;

    /// In a lost position the hint does not suggest a hopeless move: it says there is no
    /// defence and points at where the opponent's win goes on.
    #[test]
    fn a_hint_in_a_lost_position_shows_the_opponents_win() {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        for m in ["a1", "h8", "a3", "i8", "a5", "j8", "a7", "k8"] {
            game.play(Pos::from_human(m, 15).unwrap()).unwrap();
        }
        let never = AtomicBool::new(false);
        let r = play_level(Level::Expert, &game, 1, 1.0, &never, &mut NoInfo);
        let info = search_info(&game, Level::Expert, &r);
        let hint = info.hint.english();
        assert!(hint.starts_with("No defence: White wins"), "{hint}");
        let ends = ["g8", "l8"].map(|m| point(Pos::from_human(m, 15).unwrap()));
        assert!(
            info.hint_at.is_some_and(|q| ends.contains(&q)),
            "{:?} {hint}",
            info.hint_at,
        );
    }

    /// One unit and one wording: the panel after the AI's move, the person's hint and the
    /// review all say "White wins in 1 move" when White's five is one move away.
    #[test]
    fn panel_hint_and_review_agree_on_who_wins_in_how_many() {
        let h = |m: &str| Pos::from_human(m, 15).unwrap();
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        // White (the AI) to move with an open three.
        for m in ["a1", "h8", "a3", "i8", "a5", "j8", "a7"] {
            game.play(h(m)).unwrap();
        }
        let never = AtomicBool::new(false);
        let ai = play_level(Level::Expert, &game, 1, 1.0, &never, &mut NoInfo);
        let panel = search_info(&game, Level::Expert, &ai).panel.english();
        assert!(panel.contains("White wins in 1 move"), "{panel}");
        // White makes the open four; Black asks for a hint.
        let mut after = game.clone();
        after.play(ai.best.unwrap()).unwrap();
        let r = play_level(Level::Expert, &after, 1, 1.0, &never, &mut NoInfo);
        let hint = search_info(&after, Level::Expert, &r).hint.english();
        assert!(hint.contains("White wins in 1 move"), "{hint}");
        // The review of the same moves: the position after White's four.
        let start = Game::new(15, Rule::Freestyle).unwrap();
        let moves = after.history().iter().map(|m| m.pos).collect::<Vec<_>>();
        let progress = ReviewProgress::default();
        let analyses = Rules::review(&start, &moves, ReviewLimits::FAST, &never, &progress)
            .unwrap()
            .unwrap();
        let last = analyses.last().unwrap().outlook;
        assert_eq!(last.describe("Black", "White"), "White wins in 1 move");
    }
}
