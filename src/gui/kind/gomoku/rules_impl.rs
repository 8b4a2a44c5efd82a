//! Gomoku's game in play: `engine::Game` as [`Rules`] (moves, undo and redo, the standing,
//! the levels' search, the review and the analysis board).

use std::sync::atomic::AtomicBool;

use super::search_text::search_info;
use super::{ID, explain, kind, point, pos, rule_title, rule_value, side, stone};
use crate::engine::gomoku::ai::{
    Engine, Level, Limits, NoInfo, SearchResult, play_level, play_level_within,
};
use crate::engine::gomoku::{Game, Outcome, Pos, Rule};
use crate::engine::review::{
    Analysis, Progress as ReviewProgress, ReviewLimits, analyse_gomoku, top_moves,
};
use crate::gui::kind::{
    AnyLevel, Candidate, GameKind, Move, Options, Progress, Rules, SearchInfo, SearchRequest, Side,
    Standing,
};
use crate::gui::msg::Msg;

/// Deepest iteration of the analysis board's live search.
const ANALYSIS_DEPTH: u32 = 16;

impl Rules for Game {
    type Move = Pos;
    type Level = Level;

    fn kind() -> GameKind {
        kind()
    }

    fn encode(mv: Pos) -> Move {
        point(mv)
    }

    fn decode(mv: Move) -> Option<Pos> {
        pos(mv)
    }

    fn level(level: AnyLevel) -> Option<Level> {
        level.number_in(ID).and_then(Level::from_number)
    }

    fn ply(&self) -> usize {
        Game::ply(self)
    }

    fn to_move(&self) -> Side {
        side(Game::to_move(self))
    }

    fn redo_len(&self) -> usize {
        self.redo_stack().len()
    }

    fn moves(&self) -> Vec<Pos> {
        self.history().iter().map(|m| m.pos).collect()
    }

    fn placed(&self) -> Vec<(Side, Pos)> {
        self.history()
            .iter()
            .map(|m| (side(m.stone), m.pos))
            .collect()
    }

    fn check(&self, mv: Pos) -> Result<(), Msg> {
        self.check_move(mv).map_err(|e| explain(&e, self.size()))
    }

    fn play(&mut self, mv: Pos) -> Result<(), Msg> {
        let size = self.size();
        Game::play(self, mv)
            .map(|_| ())
            .map_err(|e| explain(&e, size))
    }

    fn place(&mut self, side: Side, mv: Pos) -> Result<(), Msg> {
        let size = self.size();
        Game::place(self, mv, stone(side))
            .map(|_| ())
            .map_err(|e| explain(&e, size))
    }

    fn undo(&mut self) -> Option<Side> {
        Game::undo(self).map(|m| side(m.stone))
    }

    fn redo(&mut self) -> bool {
        Game::redo(self).is_some()
    }

    fn standing(&self) -> Standing {
        match self.outcome() {
            Outcome::Ongoing => Standing::Ongoing,
            Outcome::Win { winner, line } => Standing::Won {
                winner: side(*winner),
                line: line.iter().map(|p| (p.x as usize, p.y as usize)).collect(),
            },
            Outcome::Draw => Standing::Draw,
        }
    }

    fn options(&self) -> Options {
        Options::from([
            ("rule".to_string(), rule_value(self.rule())),
            ("size".to_string(), self.size() as u32),
        ])
    }

    fn subtitle(&self) -> Msg {
        Msg::key("subtitle-gomoku")
            .with("rule", rule_title(self.rule()))
            .with("size", self.size())
    }

    fn rule_note(&self) -> Option<&'static str> {
        (self.rule() == Rule::Renju).then_some("rule-renju-note")
    }

    fn move_text(&self, mv: Pos) -> Msg {
        Msg::verbatim(mv.to_human(self.size()))
    }

    fn parse_move(&self, text: &str) -> Option<Pos> {
        Pos::from_human(text, self.size()).ok()
    }

    fn line_name(&self, cells: usize) -> Msg {
        Msg::key("line-name").with("cells", if cells == 0 { 5 } else { cells })
    }

    fn key(&self) -> u64 {
        // The hash covers the stones; the side to move changes on the analysis board alone.
        self.hash() ^ (Game::ply(self) as u64) << 48 ^ (Game::to_move(self) as u64) << 60
    }

    fn search(
        &self,
        level: Level,
        request: &SearchRequest,
        stop: &AtomicBool,
        progress: Progress,
    ) -> SearchInfo {
        let mut sink = |r: &SearchResult| progress(r.depth, r.score.into());
        let empty = self.size() * self.size() - self.board().stone_count();
        let started = std::time::Instant::now();
        let mut r = play_level_within(
            level,
            self,
            request.seed,
            request.time_scale,
            request.clock.map(|b| b.engine_clock(empty)),
            stop,
            &mut sink,
        );
        // The panel shows what the player waited (the clock charges the same), not the main
        // search's own share of it.
        r.time = r.time.max(started.elapsed());
        search_info(self, level, &r)
    }

    fn fallback(&self, seed: u64) -> SearchInfo {
        let never = AtomicBool::new(false);
        let r = play_level(Level::Novice, self, seed, 1.0, &never, &mut NoInfo);
        search_info(self, Level::Novice, &r)
    }

    fn review(
        &self,
        moves: &[Pos],
        limits: ReviewLimits,
        stop: &AtomicBool,
        progress: &ReviewProgress,
    ) -> Option<Result<Vec<Analysis<Pos>>, String>> {
        analyse_gomoku(self, moves, limits, stop, progress).map(Ok)
    }

    fn analyse(
        &self,
        count: usize,
        stop: &AtomicBool,
        report: &mut dyn FnMut(u32, Vec<Candidate<Pos>>),
    ) {
        if self.outcome().is_over() {
            return;
        }
        // One engine for every depth: each iteration starts from what the last one stored.
        let mut engine = Engine::default();
        for depth in 1..=ANALYSIS_DEPTH {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let top = top_moves(&mut engine, self, count, &limits, stop);
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return;
            }
            let top = top
                .into_iter()
                .filter_map(|r| {
                    Some(Candidate {
                        mv: r.best?,
                        score: r.score.into(),
                        line: r.pv,
                    })
                })
                .collect();
            report(depth, top);
        }
    }

    fn has_analysis(&self) -> bool {
        true
    }

    fn switch_side(&mut self) -> Result<(), Msg> {
        let other = Game::to_move(self).opponent();
        self.set_to_move(other);
        Ok(())
    }

    fn overlay_legend(&self) -> Option<&'static str> {
        // The colours of `paint::Paint::threats`.
        Some(match self.rule() {
            Rule::Renju => "legend-threats-renju",
            _ => "legend-threats",
        })
    }
}
