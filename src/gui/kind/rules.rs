//! A game in play: [`Rules`] with the game's own move and level types, [`Play`] the same over
//! the app's opaque [`Move`] (implemented for every `Rules` here, once), and [`AnyGame`], the
//! boxed game the session, the screens and the AI task hold.

use std::any::Any;
use std::fmt;
use std::sync::atomic::AtomicBool;

use super::{AnyLevel, GameKind, Move, Options, SearchInfo, Side, Standing};
use crate::engine::review::{Analysis, Outlook, Progress as ReviewProgress, ReviewLimits};
use crate::gui::clock::Budget;
use crate::gui::msg::Msg;

/// What a search is asked: the level, a seed (every level's randomness comes from it) and a
/// factor on the level's time budget (1.0 in the game; tests and benches shorten it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchRequest {
    pub level: AnyLevel,
    pub seed: u64,
    pub time_scale: f64,
    /// The AI's game clock, when the game has one: its time must come from it.
    pub clock: Option<Budget>,
}

/// A finished iteration of a running search: its depth and score (the "thinking" line).
pub type Progress<'a> = &'a mut dyn FnMut(u32, Outlook);

/// A candidate move on the analysis board with its score for the side to move and its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate<M> {
    pub mv: M,
    pub score: Outlook,
    pub line: Vec<M>,
}

/// A game in play, in its own types. Implement it in the game's folder; the app sees it as
/// [`Play`].
pub trait Rules: Clone + fmt::Debug + Send + Sync + 'static {
    /// A point, a column, a cell.
    type Move: Copy + Eq + fmt::Debug + Send + Sync;
    /// The game's computer levels.
    type Level: Copy + fmt::Debug;

    fn kind() -> GameKind;
    /// The app's opaque move and back; `decode` fails on a move of another game.
    fn encode(mv: Self::Move) -> Move;
    fn decode(mv: Move) -> Option<Self::Move>;
    fn level(level: AnyLevel) -> Option<Self::Level>;

    /// Moves played.
    fn ply(&self) -> usize {
        Rules::moves(self).len()
    }
    /// By default the players alternate from the first.
    fn to_move(&self) -> Side {
        Side::of_ply(Rules::ply(self))
    }
    /// Moves that Redo can replay.
    fn redo_len(&self) -> usize;
    /// The moves played, in order.
    fn moves(&self) -> Vec<Self::Move>;
    /// The moves played with who played each (set-up positions need not alternate).
    fn placed(&self) -> Vec<(Side, Self::Move)> {
        Rules::moves(self)
            .into_iter()
            .enumerate()
            .map(|(i, m)| (Side::of_ply(i), m))
            .collect()
    }
    /// Whether the side to move may play `mv`; the error is in the player's words.
    fn check(&self, mv: Self::Move) -> Result<(), Msg>;
    /// Plays `mv` for the side to move; the error is in the player's words.
    fn play(&mut self, mv: Self::Move) -> Result<(), Msg>;
    /// Puts `mv` down for `side` (records whose moves do not alternate, set-up stones);
    /// by default only the side to move may.
    fn place(&mut self, side: Side, mv: Self::Move) -> Result<(), Msg> {
        if side != Rules::to_move(self) {
            return Err(Msg::key("move-out-of-turn"));
        }
        Rules::play(self, mv)
    }
    /// Takes back the last move; returns who had played it.
    fn undo(&mut self) -> Option<Side>;
    fn redo(&mut self) -> bool;
    fn standing(&self) -> Standing;
    /// The setup options this game was made with (rule, size); an empty board of the same
    /// options is the kind's `new_game` with them.
    fn options(&self) -> Options {
        Options::new()
    }
    /// Rule and board under the title: "Renju · 15 × 15" (nothing by default).
    fn subtitle(&self) -> Msg {
        Msg::verbatim("")
    }
    /// A reminder of a rule that surprises newcomers (a catalog key).
    fn rule_note(&self) -> Option<&'static str> {
        None
    }
    /// "h8", "column 4".
    fn move_text(&self, mv: Self::Move) -> Msg;
    /// The move a player writes as `text` ("h8", "4"), if it is one of this board's (games
    /// without a notation read none).
    fn parse_move(&self, _text: &str) -> Option<Self::Move> {
        None
    }
    /// The winning row's name: "five", "four", or "6" for an overline; 0 cells names the row
    /// the game is played for (by default the number of cells).
    fn line_name(&self, cells: usize) -> Msg {
        Msg::verbatim(cells.to_string())
    }
    /// Changes whenever the position does (views redraw on a change): by default a hash of
    /// the moves played and who played them.
    fn key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::hash::DefaultHasher::new();
        for (side, mv) in Rules::placed(self) {
            (side.index(), Self::encode(mv)).hash(&mut hasher);
        }
        hasher.finish()
    }

    /// The position judged at once, by a game small enough to solve it without a search:
    /// its best move, the expected line and the outlook for the side to move. A game that
    /// judges gets its search, fallback and review from it; a game with a real search
    /// overrides those three instead.
    fn judge(&self) -> Option<Analysis<Self::Move>> {
        None
    }

    /// The AI's move at `level`; stops soon after `stop` is set. By default the judged move
    /// ([`Rules::judge`]), at every level.
    fn search(
        &self,
        _level: Self::Level,
        request: &SearchRequest,
        _stop: &AtomicBool,
        progress: Progress,
    ) -> SearchInfo {
        judged(self, request.level, progress)
    }
    /// The weakest answer, found at once (when a search failed); by default the judged move.
    fn fallback(&self, _seed: u64) -> SearchInfo {
        judged(self, Self::kind().def().hint_level(), &mut |_, _| {})
    }
    /// The engine's analysis of each position from this one along `moves`; `None` when
    /// stopped. By default each position judged.
    fn review(
        &self,
        moves: &[Self::Move],
        _limits: ReviewLimits,
        stop: &AtomicBool,
        _progress: &ReviewProgress,
    ) -> Option<Result<Vec<Analysis<Self::Move>>, String>> {
        let mut game = self.clone();
        let mut analyses = Vec::with_capacity(moves.len() + 1);
        for i in 0..=moves.len() {
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return None;
            }
            if i > 0
                && let Err(e) = Rules::play(&mut game, moves[i - 1])
            {
                return Some(Err(e.english()));
            }
            let Some(analysis) = game.judge() else {
                return Some(Err(format!("{} has no review", Self::kind().title())));
            };
            analyses.push(analysis);
        }
        Some(Ok(analyses))
    }

    /// The analysis board: the best `count` moves, reported after each depth as the search
    /// deepens, until `stop` (games without an analysis board report nothing).
    fn analyse(
        &self,
        _count: usize,
        _stop: &AtomicBool,
        _report: &mut dyn FnMut(u32, Vec<Candidate<Self::Move>>),
    ) {
    }
    /// Whether [`Rules::analyse`] reports (the game has an analysis board).
    fn has_analysis(&self) -> bool {
        false
    }
    /// The analysis board's Switch side: the other side places next.
    fn switch_side(&mut self) -> Result<(), Msg> {
        Err(Msg::key("switch-side-refused").with("game", Self::kind().name()))
    }
    /// A line under the analysis board's candidates (what the overlay marks; a catalog key).
    fn overlay_legend(&self) -> Option<&'static str> {
        None
    }
}

/// The search's answer from [`Rules::judge`]: the move with its outlook, line and the
/// hint's words.
fn judged<R: Rules>(game: &R, level: AnyLevel, progress: Progress) -> SearchInfo {
    let Some(analysis) = game.judge() else {
        return SearchInfo::none(level, "hint-no-legal-move");
    };
    let depth = analysis.line.len() as u32;
    progress(depth, analysis.outlook);
    let Some(best) = analysis.best else {
        return SearchInfo::none(level, "hint-no-legal-move");
    };
    let to_move = Rules::to_move(game);
    let (me, them) = (
        R::kind().side_name(to_move),
        R::kind().side_name(to_move.other()),
    );
    SearchInfo {
        mv: Ok(R::encode(best)),
        searched: true,
        depth,
        eval: Some(analysis.outlook),
        pv: analysis.line.into_iter().map(R::encode).collect(),
        hint: Msg::key("hint-move")
            .with("point", Rules::move_text(game, best))
            .with("level", level.title())
            .with(
                "outlook",
                super::describe_outlook(analysis.outlook, me, them),
            ),
        ..SearchInfo::none(level, "hint-no-legal-move")
    }
}

/// [`Rules`] over the app's [`Move`]: what the session, the screens and the AI task call.
pub trait Play: Send + Sync + fmt::Debug + 'static {
    fn kind(&self) -> GameKind;
    fn boxed(&self) -> Box<dyn Play>;
    fn as_any(&self) -> &dyn Any;
    fn ply(&self) -> usize;
    fn to_move(&self) -> Side;
    fn redo_len(&self) -> usize;
    fn moves(&self) -> Vec<Move>;
    fn placed(&self) -> Vec<(Side, Move)>;
    fn check(&self, mv: Move) -> Result<(), Msg>;
    fn play(&mut self, mv: Move) -> Result<(), Msg>;
    fn place(&mut self, side: Side, mv: Move) -> Result<(), Msg>;
    fn undo(&mut self) -> Option<Side>;
    fn redo(&mut self) -> bool;
    fn standing(&self) -> Standing;
    fn fresh(&self) -> AnyGame;
    fn options(&self) -> Options;
    fn subtitle(&self) -> Msg;
    fn rule_note(&self) -> Option<&'static str>;
    fn move_text(&self, mv: Move) -> Msg;
    fn parse_move(&self, text: &str) -> Option<Move>;
    fn line_name(&self, cells: usize) -> Msg;
    fn key(&self) -> u64;
    fn search(&self, request: &SearchRequest, stop: &AtomicBool, progress: Progress) -> SearchInfo;
    fn fallback(&self, seed: u64) -> SearchInfo;
    fn review(
        &self,
        moves: &[Move],
        limits: ReviewLimits,
        stop: &AtomicBool,
        progress: &ReviewProgress,
    ) -> Option<Result<Vec<Analysis<Move>>, String>>;
    fn analyse(
        &self,
        count: usize,
        stop: &AtomicBool,
        report: &mut dyn FnMut(u32, Vec<Candidate<Move>>),
    );
    fn has_analysis(&self) -> bool;
    fn switch_side(&mut self) -> Result<(), Msg>;
    fn overlay_legend(&self) -> Option<&'static str>;
}

/// A candidate in the app's moves.
pub fn candidate<R: Rules>(c: Candidate<R::Move>) -> Candidate<Move> {
    Candidate {
        mv: R::encode(c.mv),
        score: c.score,
        line: c.line.into_iter().map(R::encode).collect(),
    }
}

/// A move of another game reached this one (a bug): the player is told, nothing breaks.
const OTHER_GAME: &str = "move-other-game";

fn analysis<M, N>(a: Analysis<M>, f: impl Fn(M) -> N) -> Analysis<N> {
    Analysis {
        best: a.best.map(&f),
        line: a.line.into_iter().map(&f).collect(),
        outlook: a.outlook,
    }
}

impl<R: Rules> Play for R {
    fn kind(&self) -> GameKind {
        R::kind()
    }

    fn boxed(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn ply(&self) -> usize {
        Rules::ply(self)
    }

    fn to_move(&self) -> Side {
        Rules::to_move(self)
    }

    fn redo_len(&self) -> usize {
        Rules::redo_len(self)
    }

    fn moves(&self) -> Vec<Move> {
        Rules::moves(self).into_iter().map(R::encode).collect()
    }

    fn placed(&self) -> Vec<(Side, Move)> {
        Rules::placed(self)
            .into_iter()
            .map(|(s, m)| (s, R::encode(m)))
            .collect()
    }

    fn check(&self, mv: Move) -> Result<(), Msg> {
        Rules::check(self, R::decode(mv).ok_or(Msg::key(OTHER_GAME))?)
    }

    fn play(&mut self, mv: Move) -> Result<(), Msg> {
        Rules::play(self, R::decode(mv).ok_or(Msg::key(OTHER_GAME))?)
    }

    fn place(&mut self, side: Side, mv: Move) -> Result<(), Msg> {
        Rules::place(self, side, R::decode(mv).ok_or(Msg::key(OTHER_GAME))?)
    }

    fn undo(&mut self) -> Option<Side> {
        Rules::undo(self)
    }

    fn redo(&mut self) -> bool {
        Rules::redo(self)
    }

    fn standing(&self) -> Standing {
        Rules::standing(self)
    }

    fn fresh(&self) -> AnyGame {
        R::kind().def().new_game(&Rules::options(self))
    }

    fn options(&self) -> Options {
        Rules::options(self)
    }

    fn subtitle(&self) -> Msg {
        Rules::subtitle(self)
    }

    fn rule_note(&self) -> Option<&'static str> {
        Rules::rule_note(self)
    }

    fn move_text(&self, mv: Move) -> Msg {
        match R::decode(mv) {
            Some(m) => Rules::move_text(self, m),
            None => Msg::verbatim(format!("{mv:?}")),
        }
    }

    fn parse_move(&self, text: &str) -> Option<Move> {
        Rules::parse_move(self, text).map(R::encode)
    }

    fn line_name(&self, cells: usize) -> Msg {
        Rules::line_name(self, cells)
    }

    fn key(&self) -> u64 {
        Rules::key(self)
    }

    fn search(&self, request: &SearchRequest, stop: &AtomicBool, progress: Progress) -> SearchInfo {
        match R::level(request.level) {
            Some(level) => Rules::search(self, level, request, stop, progress),
            None => SearchInfo::none(request.level, "hint-other-game"),
        }
    }

    fn fallback(&self, seed: u64) -> SearchInfo {
        Rules::fallback(self, seed)
    }

    fn review(
        &self,
        moves: &[Move],
        limits: ReviewLimits,
        stop: &AtomicBool,
        progress: &ReviewProgress,
    ) -> Option<Result<Vec<Analysis<Move>>, String>> {
        let Some(own) = moves
            .iter()
            .map(|&m| R::decode(m))
            .collect::<Option<Vec<_>>>()
        else {
            return Some(Err("the record has a move of another game".into()));
        };
        let analyses = Rules::review(self, &own, limits, stop, progress)?;
        Some(analyses.map(|list| list.into_iter().map(|a| analysis(a, R::encode)).collect()))
    }

    fn analyse(
        &self,
        count: usize,
        stop: &AtomicBool,
        report: &mut dyn FnMut(u32, Vec<Candidate<Move>>),
    ) {
        Rules::analyse(
            self,
            count,
            stop,
            &mut |depth, top: Vec<Candidate<R::Move>>| {
                report(depth, top.into_iter().map(candidate::<R>).collect())
            },
        )
    }

    fn has_analysis(&self) -> bool {
        Rules::has_analysis(self)
    }

    fn switch_side(&mut self) -> Result<(), Msg> {
        Rules::switch_side(self)
    }

    fn overlay_legend(&self) -> Option<&'static str> {
        Rules::overlay_legend(self)
    }
}

/// A game of any registered kind, with its history and redo line.
pub struct AnyGame(Box<dyn Play>);

impl AnyGame {
    pub fn new(game: impl Play) -> AnyGame {
        AnyGame(Box::new(game))
    }

    /// The game as its own type, for its own folder's code (its board, its files).
    pub fn downcast_ref<R: Rules>(&self) -> Option<&R> {
        self.0.as_any().downcast_ref::<R>()
    }

    pub fn title(&self) -> &'static str {
        self.kind().title()
    }

    pub fn side_name(&self, side: Side) -> Msg {
        self.kind().side_name(side)
    }

    pub fn is_over(&self) -> bool {
        self.standing() != Standing::Ongoing
    }

    pub fn hint_level(&self) -> AnyLevel {
        self.kind().def().hint_level()
    }

    pub fn controls_help(&self) -> Msg {
        self.kind().def().controls_help()
    }
}

impl Clone for AnyGame {
    fn clone(&self) -> Self {
        AnyGame(self.0.boxed())
    }
}

impl fmt::Debug for AnyGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::ops::Deref for AnyGame {
    type Target = dyn Play;
    fn deref(&self) -> &(dyn Play + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut (dyn Play + 'static) {
        &mut *self.0
    }
}
