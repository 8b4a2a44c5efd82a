//! Gomoku in the game-kind layer: `engine::Game` as [`Rules`] (points, the five levels,
//! Renju's forbidden points in the player's words, the review and the analysis board), and
//! [`GOMOKU`], the kind (setup rows: rule and board size; files in [`files`]).

pub mod external;
pub mod files;
pub mod opening;

use std::path::Path;
use std::sync::atomic::AtomicBool;

use super::{
    AnyGame, AnyLevel, Candidate, Choice, GameDef, GameKind, GamePuzzles, Move, OpeningPhase,
    Options, Progress, PuzzleBook, RecordEnd, Recorded, Rules, Saved, SearchInfo, SearchRequest,
    SetupRow, Side, Standing, describe_outlook, search_panel,
};
use crate::engine::gomoku::ai::{
    Engine, Level, Limits, NoInfo, Score, SearchResult, play_level, play_level_within,
};
use crate::engine::gomoku::opening::OpeningRule;
use crate::engine::gomoku::puzzle::{GomokuPuzzle, Variant, from_gomoku};
use crate::engine::gomoku::{Forbidden, Game, MoveError, Outcome, Pos, Rule, Stone};
use crate::engine::review::{
    Analysis, Outlook, Progress as ReviewProgress, ReviewLimits, analyse_gomoku, top_moves,
};
use crate::gui::msg::Msg;
use crate::gui::persist::{self, Loaded, Notices};
use crate::protocol::client::rule_bits;

/// The kind, registered in `gui/games.rs`.
pub static GOMOKU: Gomoku = Gomoku;
pub const ID: &str = "gomoku";

pub struct Gomoku;

/// Board sizes offered.
pub const BOARD_SIZES: [usize; 3] = [13, 15, 19];
/// Deepest iteration of the analysis board's live search.
const ANALYSIS_DEPTH: u32 = 16;

pub fn kind() -> GameKind {
    GameKind(&GOMOKU)
}

pub fn any_level(level: Level) -> AnyLevel {
    AnyLevel {
        game: ID,
        number: level.number(),
        name: level.name(),
        description: level.description(),
    }
}

pub fn stone(side: Side) -> Stone {
    match side {
        Side::First => Stone::Black,
        Side::Second => Stone::White,
    }
}

pub fn side(stone: Stone) -> Side {
    match stone {
        Stone::Black => Side::First,
        Stone::White => Side::Second,
    }
}

pub fn point(pos: Pos) -> Move {
    Move(pos.x as u32 | (pos.y as u32) << 8)
}

pub fn pos(mv: Move) -> Option<Pos> {
    let (x, y) = (mv.0 & 0xff, mv.0 >> 8);
    (x < 32 && y < 32).then(|| Pos::new(x as u8, y as u8))
}

fn rule_value(rule: Rule) -> u32 {
    Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0) as u32
}

/// A rule's catalog id: `rule-<id>` is its name, `rule-<id>-about` what it means.
fn rule_id(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    }
}

/// The game rule's name for players.
pub fn rule_title(rule: Rule) -> Msg {
    Msg::key(format!("rule-{}", rule_id(rule)))
}

fn opening_value(rule: OpeningRule) -> u32 {
    OpeningRule::ALL
        .iter()
        .position(|&r| r == rule)
        .unwrap_or(0) as u32
}

/// An opening rule's catalog id: `opening-rule-<id>` is its name, `...-about` what it is.
fn opening_id(rule: OpeningRule) -> &'static str {
    match rule {
        OpeningRule::None => "none",
        OpeningRule::Swap => "swap",
        OpeningRule::Swap2 => "swap2",
        OpeningRule::Yamaguchi => "yamaguchi",
        OpeningRule::Soosorv8 => "soosorv8",
        OpeningRule::Taraguchi10 => "taraguchi10",
    }
}

/// The opening rule's name for players.
pub fn opening_title(rule: OpeningRule) -> Msg {
    Msg::key(format!("opening-rule-{}", opening_id(rule)))
}

/// The opening rule the options choose, if it goes with their game rule.
pub fn opening_rule(options: &Options) -> OpeningRule {
    let options = kind().sanitize(options);
    let rule = Rule::ALL[options["rule"] as usize % Rule::ALL.len()];
    let chosen = OpeningRule::ALL[options["opening"] as usize % OpeningRule::ALL.len()];
    if chosen.applies_to(rule) {
        chosen
    } else {
        OpeningRule::None
    }
}

/// Why a click did nothing, in the player's words and coordinates.
pub fn explain(error: &MoveError, size: usize) -> Msg {
    match error {
        MoveError::Occupied { pos, by } => Msg::key("move-taken")
            .with("point", pos.to_human(size))
            .with("by", GOMOKU.side_name(side(*by))),
        MoveError::Forbidden { pos, kind } => Msg::key("move-forbidden")
            .with("point", pos.to_human(size))
            .with("kind", forbidden_name(*kind)),
        MoveError::OffBoard { .. } => Msg::key("move-off-board"),
        MoveError::GameOver => Msg::key("move-game-over"),
    }
}

/// A Renju foul's name for players.
pub fn forbidden_name(kind: Forbidden) -> Msg {
    Msg::key(match kind {
        Forbidden::Overline => "foul-overline",
        Forbidden::DoubleFour => "foul-double-four",
        Forbidden::DoubleThree => "foul-double-three",
    })
}

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

    fn external_search(
        &self,
        seat: &super::EngineSeat,
        request: &SearchRequest,
        stop: &AtomicBool,
        progress: Progress,
    ) -> SearchInfo {
        external::search(self, seat, request, stop, progress)
    }

    fn external_analyse(
        &self,
        seat: &super::EngineSeat,
        stop: &AtomicBool,
        report: &mut dyn FnMut(u32, Vec<Candidate<Pos>>),
    ) -> Result<(), Msg> {
        external::analyse(self, seat, stop, report)
    }

    fn external_prepare(&self, seat: &super::EngineSeat) {
        // A fault shows at its first move, which asks again.
        if let Err(fault) = seat.client().prepare(self) {
            bevy::log::warn!("{} did not start: {fault}", seat.name);
        }
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

impl GameDef for Gomoku {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Gomoku"
    }

    fn levels(&self) -> Vec<AnyLevel> {
        Level::ALL.into_iter().map(any_level).collect()
    }

    fn default_opponent(&self) -> u8 {
        Level::Club.number()
    }

    fn hint_level(&self) -> AnyLevel {
        any_level(Level::Expert)
    }

    fn shows_evaluation(&self) -> bool {
        true
    }

    fn plays_engines(&self) -> bool {
        true
    }

    fn engine_variants(&self) -> (Vec<u32>, Vec<u32>) {
        (
            Rule::ALL.iter().map(|&r| rule_bits(r)).collect(),
            BOARD_SIZES.iter().map(|&s| s as u32).collect(),
        )
    }

    fn engine_rule_name(&self, bits: u32) -> Option<Msg> {
        Rule::ALL
            .iter()
            .find(|&&r| rule_bits(r) == bits)
            .map(|&r| rule_title(r))
    }

    fn engine_accepts(&self, options: &Options, rules: &[u32], sizes: &[u32]) -> bool {
        let rule = Rule::ALL[options.get("rule").copied().unwrap_or(0) as usize % Rule::ALL.len()];
        let size = options.get("size").copied().unwrap_or(15);
        rules.contains(&rule_bits(rule)) && sizes.contains(&size)
    }

    fn setup_rows(&self) -> Vec<SetupRow> {
        vec![
            SetupRow {
                key: "rule",
                label: "row-rule",
                choices: Rule::ALL
                    .iter()
                    .map(|&rule| Choice {
                        value: rule_value(rule),
                        label: rule_title(rule),
                        note: Some(Msg::key(format!("rule-{}-about", rule_id(rule)))),
                    })
                    .collect(),
                default: rule_value(Rule::Freestyle),
                on_analysis_board: true,
            },
            SetupRow {
                key: "size",
                label: "row-board",
                choices: BOARD_SIZES
                    .iter()
                    .map(|&size| Choice {
                        value: size as u32,
                        label: Msg::verbatim(format!("{size} × {size}")),
                        note: None,
                    })
                    .collect(),
                default: 15,
                on_analysis_board: true,
            },
            SetupRow {
                key: "opening",
                label: "row-opening",
                choices: OpeningRule::ALL
                    .iter()
                    .map(|&rule| Choice {
                        value: opening_value(rule),
                        label: opening_title(rule),
                        note: Some(Msg::key(format!("opening-rule-{}-about", opening_id(rule)))),
                    })
                    .collect(),
                default: opening_value(OpeningRule::None),
                on_analysis_board: false,
            },
        ]
    }

    fn choice_applies(&self, options: &Options, key: &str, value: u32) -> bool {
        if key != "opening" {
            return true;
        }
        let options = kind().sanitize(options);
        let rule = Rule::ALL[options["rule"] as usize % Rule::ALL.len()];
        OpeningRule::ALL
            .get(value as usize)
            .is_some_and(|o| o.applies_to(rule))
    }

    fn effective_options(&self, options: &Options) -> Options {
        let mut options = kind().sanitize(options);
        options.insert("opening".into(), opening_value(opening_rule(&options)));
        options
    }

    fn engine_stand_in_row(&self, options: &Options) -> Option<&'static str> {
        (opening_rule(options) != OpeningRule::None).then_some("opening")
    }

    fn opening(&self, options: &Options) -> Option<Box<dyn OpeningPhase>> {
        let game = self.new_game(options);
        let game = game.downcast_ref::<Game>()?;
        let phase = opening::GomokuOpening::new(game.size(), game.rule(), opening_rule(options))?;
        Some(Box::new(phase))
    }

    fn puzzles(&self) -> Option<&dyn PuzzleBook> {
        Some(self)
    }

    fn match_opening(&self, options: &Options, pair: usize, seed: u64) -> AnyGame {
        let any = self.new_game(options);
        let Some(mut game) = any.downcast_ref::<Game>().cloned() else {
            return any;
        };
        let openings = crate::engine::gomoku::balanced::openings(pair + 1, game.size(), seed);
        // Three stones near the centre can be played under every rule.
        for pos in openings.get(pair).into_iter().flatten() {
            if game.play(*pos).is_err() {
                break;
            }
        }
        AnyGame::new(game)
    }

    fn new_game(&self, options: &Options) -> AnyGame {
        let options = kind().sanitize(options);
        let rule = Rule::ALL[options["rule"] as usize % Rule::ALL.len()];
        let game = Game::new(options["size"] as usize, rule)
            .unwrap_or_else(|_| Game::new(15, rule).expect("15 is a valid size"));
        AnyGame::new(game)
    }

    fn autosave_name(&self) -> String {
        "autosave.ron".into()
    }

    fn stats_name(&self) -> String {
        "stats.ron".into()
    }

    fn load_autosave(&self, path: &Path, notices: &mut Notices) -> Option<Result<Saved, Msg>> {
        match persist::read_ron::<files::Autosave>(path, Msg::key("file-autosave"), notices) {
            Loaded::Ok(save) => Some(save.restore()),
            _ => None,
        }
    }

    fn write_autosave(&self, path: &Path, saved: &Saved) -> Result<(), String> {
        let game = saved
            .game
            .downcast_ref::<Game>()
            .ok_or("not a Gomoku game")?;
        persist::write_ron(path, &files::Autosave::new(game, saved))
    }

    fn record_extensions(&self) -> Vec<String> {
        vec!["sgf".into(), "psq".into()]
    }

    fn save_record(
        &self,
        path: &Path,
        game: &AnyGame,
        names: &[String; 2],
        date: &str,
        end: &RecordEnd,
    ) -> Result<(), String> {
        let game = game.downcast_ref::<Game>().ok_or("not a Gomoku game")?;
        files::save_sgf(path, &files::record(game, names, date, end))
    }

    fn open_record(&self, path: &Path) -> Result<Recorded, Msg> {
        files::open(path).map_err(Msg::from)
    }

    fn record_summary(&self, path: &Path) -> Result<Msg, Msg> {
        files::summary(path)
    }
}

impl GamePuzzles for Gomoku {
    type Rules = Variant;

    fn shipped_text(&self) -> &'static str {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/puzzles/gomoku.txt"
        ))
    }

    fn position(&self, puzzle: &GomokuPuzzle) -> Option<AnyGame> {
        puzzle.gomoku_game().ok().map(AnyGame::new)
    }

    fn to_board(&self, mv: Pos) -> Move {
        point(mv)
    }

    fn to_puzzle(&self, mv: Move) -> Option<Pos> {
        pos(mv)
    }

    fn family(&self, puzzle: &GomokuPuzzle) -> String {
        format!("rule-{}", rule_id(puzzle.game.rule))
    }
    fn families(&self) -> Vec<String> {
        Rule::ALL
            .iter()
            .map(|&r| format!("rule-{}", rule_id(r)))
            .collect()
    }

    fn puzzle_from(&self, position: &AnyGame, id: &str) -> Option<GomokuPuzzle> {
        from_gomoku(position.downcast_ref::<Game>()?, id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
