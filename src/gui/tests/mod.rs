//! Headless tests of the whole app: `MinimalPlugins` + `StatesPlugin` + `InputPlugin` + the
//! game's [`CorePlugin`](super::CorePlugin), driven by the same actions the buttons and the
//! boards trigger. One harness for both games; `gomoku.rs` and `connect4.rs` hold what is
//! particular to each, `effects.rs` the animations.

mod analysis;
mod clock;
mod connect4;
mod effects;
mod engines;
mod flow;
mod frames;
mod gomoku;
mod i18n;
mod layout;
mod matches;
mod online;
mod opening;
mod puzzles;
mod puzzles_i18n;
mod review;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::ai_task::{AiBackend, AiRequest, JobKind};
use super::flow::{Action, PlayAction, Screen, SetupAction, TitleAction};
use super::games::registered;
use super::headless_app_with;
use super::kind::connect4 as c4_kind;
use super::kind::gomoku as gomoku_kind;
use super::kind::tictactoe;
use super::kind::{GameKind, Games, Move, Progress, SearchInfo};
use super::msg::Msg;
use super::persist::{ColourChoice, Paths};
use super::session::Session;
use crate::engine::connect4::{self as c4, MoveChoice, Source};
use crate::engine::gomoku::ai::{Score, SearchResult};
use crate::engine::gomoku::{Pos, Rule};
use crate::engine::review::Outlook;

/// The tests share the global task pool (one AI thread on a small machine): run them one at
/// a time so a deliberately slow search in one cannot starve another.
static SERIAL: Mutex<()> = Mutex::new(());

pub struct TestApp {
    pub app: App,
    home: PathBuf,
    /// `None` for a second app in the same test (online play), which the first one's
    /// guard already covers.
    _serial: Option<MutexGuard<'static, ()>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

pub fn fresh_home() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let home = std::env::temp_dir().join(format!(
        "gomoku-gui-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&home);
    home
}

/// How long a test waits for something that must happen before it calls it a hang.
pub const HANG_GUARD: Duration = Duration::from_secs(300);

/// Nodes per position in the tests' reviews (about what the default 0.4 s searches here).
pub const REVIEW_NODES: u64 = 300_000;

impl TestApp {
    pub fn new() -> TestApp {
        TestApp::at(fresh_home(), None)
    }

    /// An app on an existing home folder (a restart), optionally with a scripted AI.
    pub fn at(home: PathBuf, backend: Option<AiBackend>) -> TestApp {
        let serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        let mut app = TestApp::unguarded(home, backend);
        app._serial = Some(serial);
        app
    }

    /// Another app beside one the test already has (the other player of an online game).
    pub fn partner() -> TestApp {
        TestApp::unguarded(fresh_home(), None)
    }

    fn unguarded(home: PathBuf, backend: Option<AiBackend>) -> TestApp {
        let mut app = headless_app_with(&home, test_games());
        if let Some(b) = backend {
            app.insert_resource(b);
        }
        // Reviews by a node budget, not by time: the same grades however busy the machine
        // (the review runs at the lowest priority; the time is only a guard against a hang).
        app.world_mut()
            .resource_mut::<crate::gui::review::Review>()
            .limits_override = Some(crate::engine::review::ReviewLimits {
            per_position: HANG_GUARD,
            nodes: Some(REVIEW_NODES),
        });
        app.update();
        TestApp {
            app,
            home,
            _serial: None,
        }
    }

    pub fn with_ai(backend: AiBackend) -> TestApp {
        TestApp::at(fresh_home(), Some(backend))
    }

    pub fn act(&mut self, action: Action) {
        self.app.world_mut().trigger(action);
        self.app.update();
        // A state change set by the action is applied in the next frame.
        self.app.update();
    }

    /// Every text on screen.
    pub fn texts(&mut self) -> Vec<String> {
        self.app
            .world_mut()
            .query::<&Text>()
            .iter(self.app.world())
            .map(|t| t.0.clone())
            .collect()
    }

    pub fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    pub fn session(&self) -> &Session {
        self.app.world().resource::<Session>()
    }

    pub fn games(&self) -> Games {
        self.app.world().resource::<Games>().clone()
    }

    pub fn paths(&self) -> Paths {
        self.app.world().resource::<Paths>().clone()
    }

    pub fn count<C: Component>(&mut self) -> usize {
        self.app
            .world_mut()
            .query::<&C>()
            .iter(self.app.world())
            .count()
    }

    pub fn place(&mut self, mv: Move) {
        self.act(Action::Play(PlayAction::Place(mv)));
    }

    /// Runs frames until `done` holds; false after [`HANG_GUARD`] (a guard against a hang,
    /// not a race with the machine: a slow, busy machine only takes longer).
    pub fn run_until(&mut self, done: impl Fn(&World) -> bool) -> bool {
        let start = Instant::now();
        while start.elapsed() < HANG_GUARD {
            self.app.update();
            if done(self.app.world()) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        false
    }

    /// The person plays `mv`, then the AI answers (unless the move ended the game).
    pub fn play_and_wait(&mut self, mv: Move) {
        let before = self.session().game.ply();
        self.place(mv);
        assert_eq!(self.session().game.moves()[before], mv, "{mv:?} was played");
        assert!(
            self.run_until(|w| {
                let s = w.resource::<Session>();
                s.game.ply() >= before + 2 || !s.is_ongoing()
            }),
            "the AI answered {mv:?}"
        );
    }

    /// New game of `kind` from the menu with these choices: the opponent (0 = a person, else
    /// a level's number), the colour, and the game's own rows.
    pub fn start_game(
        &mut self,
        kind: GameKind,
        opponent: u8,
        colour: ColourChoice,
        rows: &[(&'static str, u32)],
    ) {
        self.act(Action::Title(TitleAction::NewGame));
        assert_eq!(self.screen(), Screen::Setup);
        self.act(Action::Setup(SetupAction::Game(kind.id())));
        self.act(Action::Setup(SetupAction::Colour(colour)));
        self.act(Action::Setup(SetupAction::Opponent(opponent)));
        for &(key, value) in rows {
            self.act(Action::Setup(SetupAction::Choose(key, value)));
        }
        self.act(Action::Setup(SetupAction::Start));
        // Asked whether to replace an unfinished game of this kind: yes.
        if self
            .app
            .world()
            .resource::<crate::gui::screens::replace_dialog::ReplaceAsked>()
            .0
        {
            self.act(Action::Setup(SetupAction::Start));
        }
        assert_eq!(self.screen(), Screen::Playing);
        assert_eq!(self.session().game.kind(), kind);
    }

    /// New Gomoku game on 15 x 15.
    pub fn start(&mut self, opponent: u8, colour: ColourChoice, rule: Rule) {
        let index = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
        self.start_game(
            gomoku_kind::kind(),
            opponent,
            colour,
            &[("rule", index as u32), ("size", 15)],
        );
    }
}

/// The registered games and the test-only third one, tic-tac-toe.
pub fn test_games() -> Games {
    let mut games = registered();
    games.push(tictactoe::kind());
    Games(games)
}

/// A Gomoku point from "h8" on 15 x 15.
pub fn p(s: &str) -> Move {
    gomoku_kind::point(Pos::from_human(s, 15).unwrap())
}

/// An AI that plays the first legal move of `moves` as the game reads them ("h8" points,
/// "4" columns), reporting one iteration at depth 3.
pub fn scripted(moves: &[&str]) -> AiBackend {
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    AiBackend {
        search: Arc::new(move |req: &AiRequest, _: &AtomicBool, progress: Progress| {
            let game = &req.game;
            let best = moves
                .iter()
                .filter_map(|m| game.parse_move(m))
                .find(|&m| game.check(m).is_ok());
            progress(3, Outlook::Eval(12));
            let level = req.search.level;
            // The games' own words, as their real searches give them.
            if let Some(g) = game.downcast_ref::<crate::engine::gomoku::Game>() {
                let mut r = SearchResult::instant(best.and_then(gomoku_kind::pos), Score::Eval(12));
                r.depth = 3;
                return gomoku_kind::search_info(g, crate::engine::gomoku::ai::Level::Club, &r);
            }
            if let Some(g) = game.downcast_ref::<c4::Game>() {
                let choice = best
                    .and_then(c4_kind::column)
                    .map(|column| MoveChoice {
                        column,
                        score: Some(0),
                        source: Source::Search,
                        depth: Some(4),
                    })
                    .ok_or(c4::AiError::NoLegalMove);
                return c4_kind::search_info(g, c4::Level::Club, choice, Duration::ZERO);
            }
            SearchInfo {
                mv: best.ok_or(Msg::key("hint-no-legal-move")),
                searched: true,
                depth: 3,
                eval: Some(Outlook::Eval(12)),
                panel: level.headline(),
                hint: Msg::verbatim(format!(
                    "Hint: {}",
                    best.map_or(String::new(), |m| game.move_text(m).english())
                )),
                pv: best.into_iter().collect(),
                ..SearchInfo::none(level, "")
            }
        }),
        time_scale: 1.0,
    }
}

/// An AI that thinks until it is stopped (or `max`), counting its move searches and then playing
/// the first legal move of `moves`.
pub fn slow(moves: &[&str], started: Arc<AtomicUsize>, max: Duration) -> AiBackend {
    let inner = scripted(moves).search;
    AiBackend {
        search: Arc::new(move |req, stop, sink| {
            // The AI's own moves (not hints, not the evaluation bar's evaluations).
            if req.purpose == JobKind::Move {
                started.fetch_add(1, Ordering::SeqCst);
            }
            let t = Instant::now();
            while !stop.load(Ordering::Relaxed) && t.elapsed() < max {
                std::thread::sleep(Duration::from_millis(2));
            }
            inner(req, stop, sink)
        }),
        time_scale: 1.0,
    }
}

/// An AI that thinks until `release` is set (or [`HANG_GUARD`] passes), whatever its stop
/// flag says, as a slow engine might; then plays the first legal move of `moves`. Tests
/// decide when it answers instead of racing a timer. Records whether it saw the stop flag.
pub fn gated(
    moves: &[&str],
    started: Arc<AtomicUsize>,
    release: Arc<AtomicBool>,
    saw_stop: Arc<AtomicBool>,
) -> AiBackend {
    let inner = slow(moves, started, Duration::ZERO).search;
    AiBackend {
        search: Arc::new(move |req, stop, sink| {
            let t0 = Instant::now();
            while !release.load(Ordering::SeqCst) && t0.elapsed() < HANG_GUARD {
                std::thread::sleep(Duration::from_millis(1));
            }
            saw_stop.store(stop.load(Ordering::SeqCst), Ordering::SeqCst);
            inner(req, stop, sink)
        }),
        ..AiBackend::default()
    }
}

/// Record files with extension `ext` in `dir`.
pub fn records_in(dir: &Path, ext: &str) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default()
}
