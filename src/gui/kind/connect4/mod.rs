//! Connect Four in the game-kind layer: `engine::connect4::Game` as [`Rules`] (columns, the
//! three levels with the solver's exact outlook, the review) and [`CONNECT4`], the kind
//! (setup row: the board; files in [`files`]).

pub mod files;
mod online;

use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{
    AnyGame, AnyLevel, Choice, GameDef, GameFiles, GameKind, GamePuzzles, LevelTallies, Move,
    Options, Progress, PuzzleBook, RecordEnd, Recorded, Rules, Saved, SearchInfo, SearchRequest,
    SetupRow, Side, Standing, describe_outlook,
};
use crate::engine::connect4::puzzle::{Connect4Puzzle, from_connect4};
use crate::engine::connect4::record::{RECORD_EXT, redo_line};
use crate::engine::connect4::{
    Ai, AiError, BoardSize, Game, Level, Limits, MoveChoice, Outcome, Source,
};
use crate::engine::review::{
    Analysis, Progress as ReviewProgress, ReviewLimits, analyse_connect4, c4_outlook,
};
use crate::gui::msg::{Arg, Msg};
use crate::gui::persist::{self, Loaded, Notices};

/// The kind, registered in `gui/games.rs`.
pub static CONNECT4: ConnectFour = ConnectFour;
pub const ID: &str = "connect4";

pub struct ConnectFour;

pub fn kind() -> GameKind {
    GameKind(&CONNECT4)
}

pub fn any_level(level: Level) -> AnyLevel {
    AnyLevel {
        game: ID,
        number: level.number(),
        name: level.name(),
        description: level.description(),
    }
}

pub fn column(mv: Move) -> Option<usize> {
    usize::try_from(mv.0).ok().filter(|&c| c < 64)
}

pub fn col(c: usize) -> Move {
    Move(c as u32)
}

/// One `Ai` per board size, kept across moves and games: the Perfect level's 42 MB solver
/// table is allocated once and what it learnt about earlier positions is reused.
static AIS: Mutex<Vec<Ai>> = Mutex::new(Vec::new());

fn with_ai<T>(size: BoardSize, f: impl FnOnce(&mut Ai) -> T) -> T {
    let mut ais = AIS.lock().unwrap_or_else(|poisoned| {
        // A search panicked while holding it: its tables may be half written.
        AIS.clear_poison();
        let mut guard = poisoned.into_inner();
        guard.clear();
        guard
    });
    let index = match ais.iter().position(|ai| ai.size() == size) {
        Some(i) => i,
        None => {
            ais.push(Ai::new(size));
            ais.len() - 1
        }
    };
    f(&mut ais[index])
}

/// What a search found, in the panel's and the hint's words.
pub fn search_info(
    game: &Game,
    level: Level,
    result: Result<MoveChoice, AiError>,
    time: Duration,
) -> SearchInfo {
    let level = any_level(level);
    let cells = game.size().cells();
    let outlook = result
        .as_ref()
        .ok()
        .and_then(|c| c.score)
        .map(|s| c4_outlook(s, cells, game.moves().len()));
    let me = CONNECT4.side_name(game.side_to_move());
    let them = CONNECT4.side_name(game.side_to_move().other());
    let (panel, hint) = match &result {
        Err(_) => (
            level.headline(),
            Msg::key("hint-none").with("why", Msg::key("hint-no-legal-move")),
        ),
        Ok(choice) => {
            let how = match (choice.source, choice.depth) {
                (Source::Tactic, _) => Msg::key("c4-how-forced"),
                (Source::Random, _) => Msg::key("c4-how-feel"),
                (Source::Book, _) => Msg::key("c4-how-book"),
                (Source::Solver, _) => Msg::key("c4-how-solved"),
                (Source::Search, d) => Msg::key("c4-how-search").with("depth", d.unwrap_or(0)),
            };
            let column = choice.column + 1;
            // The panel is read after the move: it speaks of the position on the board.
            let panel = match outlook {
                Some(o) => Msg::key("c4-panel").with(
                    "outlook",
                    describe_outlook(o.after_best_move(), them.clone(), me.clone()),
                ),
                None => Msg::key("c4-panel-plain"),
            }
            .with("level", level.headline())
            .with("column", column)
            .with("how", how)
            .with("seconds", Arg::fixed(time.as_secs_f64(), 2));
            let hint = match outlook {
                Some(o) => Msg::key("c4-hint").with("outlook", describe_outlook(o, me, them)),
                None => Msg::key("c4-hint-plain"),
            }
            .with("column", column);
            (panel, hint)
        }
    };
    SearchInfo {
        level,
        mv: result
            .as_ref()
            .map(|c| col(c.column))
            .map_err(|e| Msg::verbatim(e.to_string())),
        time,
        searched: true,
        depth: result.as_ref().ok().and_then(|c| c.depth).unwrap_or(0),
        nodes: 0,
        eval: None,
        pv: Vec::new(),
        panel,
        hint,
        hint_at: None,
        fault: None,
    }
}

impl Rules for Game {
    type Move = usize;
    type Level = Level;

    fn kind() -> GameKind {
        kind()
    }

    fn encode(mv: usize) -> Move {
        col(mv)
    }

    fn decode(mv: Move) -> Option<usize> {
        column(mv)
    }

    fn level(level: AnyLevel) -> Option<Level> {
        level.number_in(ID).and_then(Level::from_number)
    }

    fn ply(&self) -> usize {
        self.moves().len()
    }

    fn to_move(&self) -> Side {
        self.side_to_move()
    }

    fn redo_len(&self) -> usize {
        redo_line(self).len()
    }

    fn moves(&self) -> Vec<usize> {
        Game::moves(self).to_vec()
    }

    fn check(&self, c: usize) -> Result<(), Msg> {
        if self.is_over() {
            Err(Msg::key("move-game-over"))
        } else if c >= self.width() {
            Err(Msg::key("c4-no-column").with("column", c + 1))
        } else if !self.can_play(c) {
            Err(Msg::key("c4-column-full").with("column", c + 1))
        } else {
            Ok(())
        }
    }

    fn play(&mut self, c: usize) -> Result<(), Msg> {
        // Checked first for the player's words rather than the engine's.
        Rules::check(self, c)?;
        Game::play(self, c)
            .map(|_| ())
            .map_err(|e| Msg::verbatim(e.to_string()))
    }

    fn place(&mut self, side: Side, c: usize) -> Result<(), Msg> {
        if self.side_to_move() != side {
            return Err(Msg::key("move-out-of-turn"));
        }
        Game::play(self, c)
            .map(|_| ())
            .map_err(|e| Msg::verbatim(e.to_string()))
    }

    fn undo(&mut self) -> Option<Side> {
        Game::undo(self).map(|_| self.side_to_move())
    }

    fn redo(&mut self) -> bool {
        Game::redo(self).is_some()
    }

    fn standing(&self) -> Standing {
        match self.outcome() {
            Outcome::Ongoing => Standing::Ongoing,
            Outcome::Win { player, four } => Standing::Won {
                winner: player,
                line: four.iter().map(|c| (c.col, c.row)).collect(),
            },
            Outcome::Draw => Standing::Draw,
        }
    }

    fn options(&self) -> Options {
        Options::from([("rows".to_string(), self.height() as u32)])
    }

    fn subtitle(&self) -> Msg {
        Msg::key("subtitle-connect4")
            .with("width", self.width())
            .with("height", self.height())
    }

    fn move_text(&self, c: usize) -> Msg {
        Msg::key("c4-column").with("column", c + 1)
    }

    fn parse_move(&self, text: &str) -> Option<usize> {
        let n: usize = text
            .trim()
            .trim_start_matches("column")
            .trim()
            .parse()
            .ok()?;
        n.checked_sub(1).filter(|&c| c < self.width())
    }

    fn line_name(&self, _cells: usize) -> Msg {
        Msg::key("line-name").with("cells", 4)
    }

    fn key(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.width(), self.height(), Game::moves(self)).hash(&mut h);
        h.finish()
    }

    fn search(
        &self,
        level: Level,
        request: &SearchRequest,
        stop: &AtomicBool,
        _progress: Progress,
    ) -> SearchInfo {
        let start = Instant::now();
        let default = Limits::default();
        let mut time = default.time.map(|t| t.mul_f64(request.time_scale));
        if let Some(budget) = request.clock {
            // Never past the clock's limit for this move.
            let empty = self.size().cells() - self.moves().len();
            let cap = budget.engine_clock(empty).limits().hard_time;
            time = match (time, cap) {
                (Some(t), Some(c)) => Some(t.min(c)),
                (t, c) => t.or(c),
            };
        }
        let limits = Limits { time, ..default };
        let mut rng = StdRng::seed_from_u64(request.seed);
        let r = with_ai(self.size(), |ai| {
            ai.choose_move_in_game(level, self, &limits, &mut rng, stop)
        });
        search_info(self, level, r, start.elapsed())
    }

    fn fallback(&self, _seed: u64) -> SearchInfo {
        let legal = self.legal_columns();
        let column = self
            .size()
            .centre_order()
            .into_iter()
            .find(|c| legal.contains(c));
        let choice = column
            .map(|column| MoveChoice {
                column,
                score: None,
                source: Source::Random,
                depth: None,
            })
            .ok_or(AiError::NoLegalMove);
        search_info(self, Level::Casual, choice, Duration::ZERO)
    }

    fn review(
        &self,
        moves: &[usize],
        limits: ReviewLimits,
        stop: &AtomicBool,
        progress: &ReviewProgress,
    ) -> Option<Result<Vec<Analysis<usize>>, String>> {
        if !Game::moves(self).is_empty() {
            return Some(Err("record-set-up-position".into()));
        }
        analyse_connect4(self.size(), moves, limits, stop, progress).map(Ok)
    }
}

/// Rows of the boards offered.
pub const ROWS: [usize; 2] = [6, 7];

impl GameDef for ConnectFour {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Connect Four"
    }

    fn two_player_name(&self, side: Side) -> Msg {
        Msg::key("player-coloured").with("colour", self.side_name(side))
    }

    fn levels(&self) -> Vec<AnyLevel> {
        Level::ALL.into_iter().map(any_level).collect()
    }

    fn default_opponent(&self) -> u8 {
        Level::Club.number()
    }

    fn hint_level(&self) -> AnyLevel {
        any_level(Level::Perfect)
    }

    fn clicks_when_placed(&self) -> bool {
        false
    }

    fn numbers_by_default(&self) -> bool {
        false
    }

    fn setup_rows(&self) -> Vec<SetupRow> {
        vec![SetupRow {
            key: "rows",
            label: "row-board",
            choices: ROWS
                .iter()
                .map(|&rows| Choice {
                    value: rows as u32,
                    label: if rows == 6 {
                        Msg::key("c4-board-classic")
                    } else {
                        Msg::verbatim(format!("7 × {rows}"))
                    },
                    note: None,
                })
                .collect(),
            default: 6,
            on_analysis_board: false,
        }]
    }

    fn setup_note(&self) -> Option<&'static str> {
        Some("c4-setup-note")
    }

    fn puzzles(&self) -> Option<&dyn PuzzleBook> {
        Some(self)
    }

    fn new_game(&self, options: &Options) -> AnyGame {
        let options = kind().sanitize(options);
        let size = if options["rows"] == 7 {
            BoardSize::SEVEN_BY_SEVEN
        } else {
            BoardSize::STANDARD
        };
        AnyGame::new(Game::new(size))
    }

    fn files(&self) -> Option<&dyn GameFiles> {
        Some(self)
    }

    fn online(&self) -> Option<&dyn super::GameOnline> {
        Some(self)
    }
}

/// Connect Four keeps its `.c4` records and its older autosave and statistics formats (its
/// file names are the defaults' for its id: `connect4-autosave.ron`, `connect4-stats.ron`).
impl GameFiles for ConnectFour {
    fn kind(&self) -> GameKind {
        kind()
    }

    fn load_autosave(&self, path: &Path, notices: &mut Notices) -> Option<Result<Saved, Msg>> {
        match persist::read_ron::<files::C4Autosave>(path, Msg::key("file-autosave"), notices) {
            Loaded::Ok(save) => Some(save.restore()),
            _ => None,
        }
    }

    fn write_autosave(&self, path: &Path, saved: &Saved) -> Result<(), String> {
        let game = saved
            .game
            .downcast_ref::<Game>()
            .ok_or("not a Connect Four game")?;
        persist::write_ron(path, &files::C4Autosave::new(game, saved))
    }

    fn load_stats(&self, path: &Path, notices: &mut Notices) -> LevelTallies {
        match persist::read_ron::<files::C4Stats>(path, Msg::key("file-statistics"), notices) {
            Loaded::Ok(s) => s.tallies(),
            _ => LevelTallies::default(),
        }
    }

    fn write_stats(&self, path: &Path, stats: &LevelTallies) -> Result<(), String> {
        persist::write_ron(path, &files::C4Stats::from_tallies(stats))
    }

    fn record_extensions(&self) -> Vec<String> {
        vec![RECORD_EXT.into()]
    }

    fn record_prefix(&self) -> &'static str {
        "connect4-"
    }

    fn save_record(
        &self,
        path: &Path,
        game: &AnyGame,
        names: &[String; 2],
        date: &str,
        end: &RecordEnd,
    ) -> Result<(), String> {
        let game = game
            .downcast_ref::<Game>()
            .ok_or("not a Connect Four game")?;
        let record = files::record(game, names, date, end);
        persist::save_atomic(path, record.to_text().as_bytes())
    }

    fn open_record(&self, path: &Path) -> Result<Recorded, Msg> {
        files::open(path)
    }

    fn record_summary(&self, path: &Path) -> Result<Msg, Msg> {
        files::summary(path)
    }
}

impl GamePuzzles for ConnectFour {
    type Rules = BoardSize;

    fn shipped_text(&self) -> &'static str {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/puzzles/connect4.txt"
        ))
    }

    fn position(&self, puzzle: &Connect4Puzzle) -> Option<AnyGame> {
        let mut game = Game::new(puzzle.game);
        for &c in &puzzle.moves {
            game.play(c).ok()?;
        }
        Some(AnyGame::new(game))
    }

    fn to_board(&self, c: usize) -> Move {
        col(c)
    }

    fn to_puzzle(&self, mv: Move) -> Option<usize> {
        column(mv)
    }

    fn family(&self, _puzzle: &Connect4Puzzle) -> String {
        format!("game-{ID}")
    }

    fn families(&self) -> Vec<String> {
        vec![format!("game-{ID}")]
    }

    fn puzzle_from(&self, position: &AnyGame, id: &str) -> Option<Connect4Puzzle> {
        let game = position.downcast_ref::<Game>()?;
        // Short wins only: a long one is no puzzle, and solving it takes long.
        from_connect4(game.size(), game.moves(), id, 6)
    }
}
