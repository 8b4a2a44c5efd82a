//! The game-kind layer: what the one app flow (setup, session, AI task, result, replay,
//! review, analysis board) needs to know about a game, written once as two traits, as
//! board-game frameworks define a game once (setup, legal moves, play, outcome) and reuse
//! every screen.
//!
//! - [`Rules`]: a game in play, with its own move and level types (Gomoku's points, Connect
//!   Four's columns): play, undo, outcome, the AI entry point, the review. Every
//!   implementation is also a [`Play`], the same methods over the app's opaque [`Move`], so
//!   the app holds any game as an [`AnyGame`] and never names one.
//! - [`GameDef`]: the game as a kind: its name, sides, levels and setup rows. A
//!   [`GameKind`] is a handle to one; [`Games`] lists the registered ones (`gui::games`).
//! - Optional capabilities, each a trait returned by a `GameDef` method that gives `None` by
//!   default: [`GameFiles`] (its own file formats; without it the plain RON files),
//!   [`GameEngines`] (Gomocup-protocol engines play it), [`GamePuzzles`] (its puzzles),
//!   [`GameOnline`] (the online server plays it).
//!
//! A game lives in its own folder (`kind/<game>/` here, `board/<game>/` for its board) and is
//! registered by one line in `gui/games.rs`. No Bevy systems here: plain values over
//! `crate::engine`.

pub mod connect4;
pub mod external;
pub mod files;
pub mod gomoku;
pub mod online;
mod opening;
mod plain;
pub mod puzzles;
mod rules;
#[cfg(test)]
pub mod tictactoe;

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use bevy::prelude::Resource;

use super::msg::{Arg, Msg};
use super::persist::{EngineEntry, SetupChoice};
use crate::engine::review::Outlook;
pub use external::{EngineSeat, GameEngines};
pub use files::{Recorded, Saved};
pub use online::GameOnline;
pub use plain::{Files, GameFiles, PlainFiles};
pub use puzzles::{AnyPuzzle, GamePuzzles, PuzzleBook};

/// What a record says beyond the moves: who resigned or lost on time, and per move the time
/// it took and its player's clock after it (empty without a clock).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordEnd {
    pub resigned: Option<Side>,
    /// An external engine broke the protocol or the rules and lost.
    pub forfeited: Option<Side>,
    pub lost_on_time: Option<Side>,
    pub times: Vec<(Duration, Duration)>,
    /// The game's comment (the opening's actions: "Opening: Swap2; h8 i9 j7 two ...").
    pub comment: Option<String>,
}
pub use opening::{OpeningPhase, RECORD_PREFIX, opening_line};
pub use rules::{AnyGame, Candidate, Play, Progress, Rules, SearchRequest, candidate};

/// Loads every game's statistics and reports autosaves that do not restore, at start.
pub(super) fn plugin(app: &mut bevy::prelude::App) {
    let world = app.world_mut();
    let Some(paths) = world.get_resource::<super::persist::Paths>().cloned() else {
        return;
    };
    let Some(games) = world.get_resource::<Games>().cloned() else {
        return;
    };
    let mut notices = world
        .remove_resource::<super::persist::Notices>()
        .unwrap_or_default();
    let stats = files::Stats::load(&paths, &games, &mut notices);
    files::check_autosaves(&paths, &games, &mut notices);
    world.insert_resource(notices);
    world.insert_resource(stats);
}

/// The two players: Black or Red moves first.
pub use crate::engine::side::Side;

/// A move of any game, in the game's own encoding (a point, a column, a cell): only the
/// game and its board read it. Screens pass it along and ask the game for its name.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct Move(pub u32);

/// A computer level of some game: its number in the game's menu (1 = weakest), its name and
/// one line about it. `name` and `description` are the engine's English (records, logs);
/// players read [`AnyLevel::title`] and [`AnyLevel::blurb`] from the catalogs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnyLevel {
    pub game: &'static str,
    pub number: u8,
    pub name: &'static str,
    pub description: &'static str,
}

impl AnyLevel {
    pub fn number(self) -> u8 {
        self.number
    }

    pub fn name(self) -> &'static str {
        self.name
    }

    pub fn description(self) -> &'static str {
        self.description
    }

    /// The level's number if it is a level of the game `id`.
    pub fn number_in(self, id: &str) -> Option<u8> {
        (self.game == id).then_some(self.number)
    }

    /// The level's name for players (`level-<game>-<number>` in the catalogs).
    pub fn title(self) -> Msg {
        Msg::key(format!("level-{}-{}", self.game, self.number))
    }

    /// One line about the level for players (`level-<game>-<number>-about`).
    pub fn blurb(self) -> Msg {
        Msg::key(format!("level-{}-{}-about", self.game, self.number))
    }

    /// "Level 3 · Club", for the side panel.
    pub fn headline(self) -> Msg {
        Msg::key("level-headline")
            .with("number", self.number)
            .with("name", self.title())
    }
}

/// How a finished game ended for the person: the statistics count it, the result screen
/// and the board's effects show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The person won (or, between two people, somebody did): light-up and confetti.
    Win,
    /// The AI won: the board dims and its line glows.
    Loss,
    /// Nobody won: the board fades to a neutral grey.
    Draw,
}

/// How a position stands ([`Play::standing`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Standing {
    Ongoing,
    /// `line`: the winning row's cells as the game's board places them (x, y).
    Won {
        winner: Side,
        line: Vec<(usize, usize)>,
    },
    Draw,
}

/// The setup screen's choices for one game, by row key ("rule", "size", "rows"), as plain
/// numbers so the settings file stays readable and old files still load.
pub type Options = BTreeMap<String, u32>;

/// One row of a game's own setup choices (the opponent and colour rows are shared).
#[derive(Clone, Debug)]
pub struct SetupRow {
    pub key: &'static str,
    /// The row's name: a catalog key.
    pub label: &'static str,
    pub choices: Vec<Choice>,
    /// The value when none (or an unknown one) is stored.
    pub default: u32,
    /// Offered on the analysis board too (rule and board size, not who plays).
    pub on_analysis_board: bool,
}

#[derive(Clone, Debug)]
pub struct Choice {
    pub value: u32,
    pub label: Msg,
    /// A line under the row while this choice is selected (what the rule means).
    pub note: Option<Msg>,
}

impl SetupRow {
    /// `value` if it is one of the choices, else the default.
    pub fn sanitize(&self, value: Option<u32>) -> u32 {
        value
            .filter(|v| self.choices.iter().any(|c| c.value == *v))
            .unwrap_or(self.default)
    }

    pub fn choice(&self, value: u32) -> Option<&Choice> {
        self.choices.iter().find(|c| c.value == value)
    }
}

/// Statistics of one game: wins, losses and draws of the person per level number, and games
/// between two people.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default)]
pub struct LevelTallies {
    pub levels: BTreeMap<u8, super::persist::Tally>,
    pub two_player_games: u32,
}

/// A game as a kind: everything the app needs before a position exists, and its files.
pub trait GameDef: Send + Sync + 'static {
    /// Stable name in the settings file ("gomoku").
    fn id(&self) -> &'static str;
    /// "Gomoku", "Connect Four", in English (records, logs); players read the catalog's
    /// `game-<id>` ([`GameDef::name`]).
    fn title(&self) -> &'static str;
    /// The game's name for players.
    fn name(&self) -> Msg {
        Msg::key(format!("game-{}", self.id()))
    }
    /// "Black" / "White", "Red" / "Yellow" for players: `side-<id>-first` / `-second`.
    fn side_name(&self, side: Side) -> Msg {
        let which = match side {
            Side::First => "first",
            Side::Second => "second",
        };
        Msg::key(format!("side-{}-{which}", self.id()))
    }
    /// A player's name in a game between two people ("Player 1").
    fn two_player_name(&self, side: Side) -> Msg {
        Msg::key("player-numbered").with("number", side.index() + 1)
    }
    /// The computer levels, weakest first, numbered from 1.
    fn levels(&self) -> Vec<AnyLevel>;
    /// The level met first on the setup screen (by default the weakest).
    fn default_opponent(&self) -> u8 {
        self.levels().first().map_or(0, |l| l.number)
    }
    /// The level that gives hints: the strongest that answers in a few seconds (by default
    /// the strongest).
    fn hint_level(&self) -> AnyLevel {
        *self.levels().last().expect("a game has a computer level")
    }
    /// How people use the controls, under the panel's buttons (`controls-<id>`).
    fn controls_help(&self) -> Msg {
        Msg::key(format!("controls-{}", self.id()))
    }
    /// A stone clicks as it is put down; a Connect Four disc sounds when it lands (its board
    /// plays that sound).
    fn clicks_when_placed(&self) -> bool {
        true
    }
    /// The side panel has an evaluation bar (the AI's levels evaluate positions).
    fn shows_evaluation(&self) -> bool {
        false
    }
    /// External Gomocup-protocol engines playing this game, an optional capability (none by
    /// default).
    fn engines(&self) -> Option<&dyn GameEngines> {
        None
    }
    /// Move numbers on the pieces when a replay opens (discs that fall in columns are easy
    /// to follow without).
    fn numbers_by_default(&self) -> bool {
        true
    }
    /// The game's own setup rows (rule, board size, ...); none by default.
    fn setup_rows(&self) -> Vec<SetupRow> {
        Vec::new()
    }
    /// A new game with these options (unknown or missing values take the rows' defaults).
    fn new_game(&self, options: &Options) -> AnyGame;
    /// The tournament opening these options choose, if any (the board's first stones and
    /// the colours decided before normal play); `None` for games without one.
    fn opening(&self, _options: &Options) -> Option<Box<dyn OpeningPhase>> {
        None
    }
    /// The key of the setup row that chooses [`GameDef::opening`]'s rule, its default no
    /// rule (an engine match chooses it apart from New game: no rule is its balanced
    /// openings); `None` for games without tournament openings.
    fn opening_key(&self) -> Option<&'static str> {
        None
    }
    /// The start of an engine match's games `2 * pair` and `2 * pair + 1` (the same
    /// opening, colours swapped): a balanced opening where the game has them, else the
    /// empty board. `seed` picks the match's openings.
    fn match_opening(&self, options: &Options, _pair: usize, _seed: u64) -> AnyGame {
        self.new_game(options)
    }
    /// A line for the setup screen about the game, under its rows (a catalog key).
    fn setup_note(&self) -> Option<&'static str> {
        None
    }
    /// Whether a row's choice goes with the other choices (an opening rule with the game
    /// rule); the setup screen greys out those that do not.
    fn choice_applies(&self, _options: &Options, _key: &str, _value: u32) -> bool {
        true
    }
    /// The options as a game would start from them (a choice that does not apply replaced
    /// by what is played instead).
    fn effective_options(&self, options: &Options) -> Options {
        options.clone()
    }

    /// Online play through the server, an optional capability (none by default): the
    /// game's setup and moves in the protocol's words.
    fn online(&self) -> Option<&dyn GameOnline> {
        None
    }

    /// The game's puzzles, an optional capability (none by default).
    fn puzzles(&self) -> Option<&dyn PuzzleBook> {
        None
    }

    /// The game's own file names and formats, an optional capability: without it the
    /// autosave, the statistics and the records are RON files named after its id
    /// ([`PlainFiles`]). Use them through [`GameKind::files`].
    fn files(&self) -> Option<&dyn GameFiles> {
        None
    }
}

/// A handle to a registered game kind. Two handles are equal when they name the same game.
#[derive(Clone, Copy)]
pub struct GameKind(pub &'static dyn GameDef);

impl GameKind {
    pub fn def(self) -> &'static dyn GameDef {
        self.0
    }

    pub fn id(self) -> &'static str {
        self.0.id()
    }

    pub fn title(self) -> &'static str {
        self.0.title()
    }

    pub fn side_name(self, side: Side) -> Msg {
        self.0.side_name(side)
    }

    /// The game's name for players.
    pub fn name(self) -> Msg {
        self.0.name()
    }

    pub fn clicks_when_placed(self) -> bool {
        self.0.clicks_when_placed()
    }

    /// The level with this number, if the game has one.
    pub fn level(self, number: u8) -> Option<AnyLevel> {
        self.0.levels().into_iter().find(|l| l.number == number)
    }

    /// The setup screen's opponent for this game: 0 = a second person, else a level's
    /// number (an unknown stored value gives the game's default).
    pub fn opponent(self, setup: &SetupChoice) -> u8 {
        match setup.games.get(self.id()).and_then(|g| g.opponent) {
            Some(n) if n == 0 || self.level(n).is_some() => n,
            _ => self.0.default_opponent(),
        }
    }

    /// The external engine chosen as the opponent, if one is and it can play these options
    /// (it is in `engines`, its file is there, it accepted the rule and the size).
    pub fn engine<'a>(
        self,
        setup: &SetupChoice,
        engines: &'a [EngineEntry],
        options: &Options,
    ) -> Option<&'a EngineEntry> {
        let path = setup.games.get(self.id())?.engine.as_ref()?;
        let entry = engines.iter().find(|e| &e.path == path)?;
        self.engine_can_play(entry, options).then_some(entry)
    }

    /// Whether `engine` can play this game with these options: the game plays engines, the
    /// engine's file is there, and it accepted the rule and the board size.
    pub fn engine_can_play(self, engine: &EngineEntry, options: &Options) -> bool {
        self.engines().is_some_and(|engines| {
            engine.present() && engines.accepts(options, &engine.rules, &engine.sizes)
        })
    }

    /// The game's external engines, if it plays them ([`GameDef::engines`]).
    pub fn engines(self) -> Option<&'static dyn GameEngines> {
        self.0.engines()
    }

    /// The game's files: its own ([`GameDef::files`]) or the plain ones.
    pub fn files(self) -> Files {
        match self.0.files() {
            Some(own) => Files::Own(own),
            None => Files::Plain(PlainFiles(self)),
        }
    }

    /// The setup screen's rows for this game, checked.
    pub fn options(self, setup: &SetupChoice) -> Options {
        let stored = setup
            .games
            .get(self.id())
            .map(|g| g.options.clone())
            .unwrap_or_default();
        self.sanitize(&stored)
    }

    /// The game's setup options with every row's value checked (defaults where missing).
    pub fn sanitize(self, options: &Options) -> Options {
        self.0
            .setup_rows()
            .iter()
            .map(|row| {
                let value = row.sanitize(options.get(row.key).copied());
                (row.key.to_string(), value)
            })
            .collect()
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl Eq for GameKind {}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The registered games, in menu order (`gui::games` inserts it unless a test did).
#[derive(Resource, Clone, Debug)]
pub struct Games(pub Vec<GameKind>);

impl Games {
    pub fn find(&self, id: &str) -> Option<GameKind> {
        self.0.iter().copied().find(|k| k.id() == id)
    }

    /// The game named `id`, or the first one (an old or hand-edited settings file).
    pub fn find_or_first(&self, id: &str) -> GameKind {
        self.find(id).unwrap_or(self.0[0])
    }

    /// The game the setup screen has chosen.
    pub fn chosen(&self, setup: &SetupChoice) -> GameKind {
        self.find_or_first(&setup.kind)
    }

    pub fn iter(&self) -> impl Iterator<Item = GameKind> + '_ {
        self.0.iter().copied()
    }
}

/// An outlook in the one wording players read everywhere (the side panel, the hint, the
/// analysis board, the review; `Outlook::describe` is the engine's English): who wins in how
/// many of their own moves, or the side to move's winning chance. `to_move` and `other` name
/// the sides.
pub fn describe_outlook(outlook: Outlook, to_move: Msg, other: Msg) -> Msg {
    match outlook {
        Outlook::Win(0) => Msg::key("outlook-has-won").with("side", to_move),
        Outlook::Loss(0) => Msg::key("outlook-has-won").with("side", other),
        Outlook::Win(n) => Msg::key("outlook-wins-in")
            .with("side", to_move)
            .with("moves", n),
        Outlook::Loss(n) => Msg::key("outlook-wins-in")
            .with("side", other)
            .with("moves", n),
        Outlook::Draw => Msg::key("outlook-draw"),
        Outlook::Unknown => Msg::key("outlook-unclear"),
        Outlook::Eval(_) => Msg::key("outlook-chance")
            .with("side", to_move)
            .with("percent", (outlook.value() * 100.0).round()),
    }
}

/// The side panel's lines about a search: "Level 4 · Expert", "Last search: depth 9 · ...",
/// "123456 nodes in 0.52 s".
pub fn search_panel(level: AnyLevel, depth: u32, outlook: Msg, nodes: u64, time: Duration) -> Msg {
    Msg::key("panel-search")
        .with("level", level.headline())
        .with("depth", depth)
        .with("outlook", outlook)
        .with("nodes", nodes)
        .with("seconds", Arg::fixed(time.as_secs_f64(), 2))
}

/// What a finished search found, for the side panel, the hint and the evaluation bar. The
/// game writes the words; the app shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    pub level: AnyLevel,
    /// The move chosen, or why there is none.
    pub mv: Result<Move, Msg>,
    pub time: Duration,
    /// Whether the panel should show it (levels that do not search have nothing to say).
    pub searched: bool,
    /// Plies searched, where the game counts them.
    pub depth: u32,
    pub nodes: u64,
    /// The evaluation for the side that searched, where the game has one (the evaluation
    /// bar).
    pub eval: Option<Outlook>,
    /// The expected line, the chosen move first.
    pub pv: Vec<Move>,
    /// The side panel's lines about the search.
    pub panel: Msg,
    /// The status line when this was a hint.
    pub hint: Msg,
    /// Where a hint points when that is not the move (a lost position: the opponent's win).
    pub hint_at: Option<Move>,
    /// What an external engine did wrong, when it forfeits (a `fault-` message; `mv` has
    /// the whole sentence).
    pub fault: Option<Msg>,
}

impl SearchInfo {
    /// No move: `why` (a message key) says why.
    pub fn none(level: AnyLevel, why: &'static str) -> SearchInfo {
        let why = Msg::key(why);
        SearchInfo {
            level,
            mv: Err(why.clone()),
            time: Duration::ZERO,
            searched: false,
            depth: 0,
            nodes: 0,
            eval: None,
            pv: Vec::new(),
            panel: level.headline(),
            hint: Msg::key("hint-none").with("why", why),
            hint_at: None,
            fault: None,
        }
    }

    /// No move: `sentence` (a message key, a whole sentence: "The engine was stopped before
    /// it answered.") says why, and is the hint's line as it is (`hint-none` takes a phrase).
    pub fn unanswered(level: AnyLevel, sentence: &'static str) -> SearchInfo {
        SearchInfo {
            hint: Msg::key(sentence),
            ..SearchInfo::none(level, sentence)
        }
    }

    /// Levels that do not search (greedy scorers) have nothing to show.
    pub fn worth_showing(&self) -> bool {
        self.searched
    }

    /// The side panel's lines about the AI's last move.
    pub fn describe(&self) -> Msg {
        self.panel.clone()
    }

    /// The status line for a hint.
    pub fn hint_text(&self) -> Msg {
        self.hint.clone()
    }
}
