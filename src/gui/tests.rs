//! Headless tests of the whole app: `MinimalPlugins` + `StatesPlugin` + `InputPlugin` + the
//! game's [`CorePlugin`](super::CorePlugin), driven by the same actions buttons trigger.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::ai_task::{AiBackend, AiMoved, AiRequest, AiWorker, SearchInfo};
use super::board::{BoardRoot, BoardView};
use super::persist::{Notices, Paths, Settings, Stats};
use super::screens::replay::Replay;
use super::screens::{
    Action, LoadAction, PlayAction, ReplayAction, ResultAction, Screen, SetupAction, TitleAction,
};
use super::session::Session;
use super::{headless_app, persist};
use crate::engine::ai::{InfoSink, Level, Score, SearchResult};
use crate::engine::{Pos, Stone};

/// The tests share the global task pool (one AI thread on a small machine): run them one at
/// a time so a deliberately slow search in one cannot starve another.
static SERIAL: Mutex<()> = Mutex::new(());

struct TestApp {
    app: App,
    home: PathBuf,
    _serial: MutexGuard<'static, ()>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

fn fresh_home() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let home = std::env::temp_dir().join(format!(
        "gomoku-gui-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&home);
    home
}

impl TestApp {
    fn new() -> TestApp {
        TestApp::at(fresh_home(), None)
    }

    /// An app on an existing home folder (a restart), optionally with a scripted AI.
    fn at(home: PathBuf, backend: Option<AiBackend>) -> TestApp {
        let serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        let mut app = headless_app(&home);
        if let Some(b) = backend {
            app.insert_resource(b);
        }
        app.update();
        TestApp {
            app,
            home,
            _serial: serial,
        }
    }

    fn with_ai(backend: AiBackend) -> TestApp {
        TestApp::at(fresh_home(), Some(backend))
    }

    fn act(&mut self, action: Action) {
        self.app.world_mut().trigger(action);
        self.app.update();
        // A state change set by the action is applied in the next frame.
        self.app.update();
    }

    fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    fn session(&self) -> &Session {
        self.app.world().resource::<Session>()
    }

    fn place(&mut self, at: &str) {
        let size = self.session().game.size();
        self.act(Action::Play(PlayAction::Place(p(at, size))));
    }

    /// Runs frames until `done` holds; false after a few seconds.
    fn run_until(&mut self, done: impl Fn(&World) -> bool) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            self.app.update();
            if done(self.app.world()) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        false
    }

    /// The person plays `at`, then the AI answers (unless the move ended the game).
    fn play_and_wait(&mut self, at: &str) {
        let before = self.session().game.ply();
        self.place(at);
        assert_eq!(
            self.session().game.history()[before].pos,
            p(at, 15),
            "{at} was played"
        );
        assert!(
            self.run_until(|w| {
                let s = w.resource::<Session>();
                s.game.ply() >= before + 2 || !s.is_ongoing()
            }),
            "the AI answered {at}"
        );
    }

    fn paths(&self) -> Paths {
        self.app.world().resource::<Paths>().clone()
    }

    /// New game from the menu with these setup choices.
    fn start(&mut self, opponent: u8, colour: persist::ColourChoice, rule: crate::engine::Rule) {
        self.act(Action::Title(TitleAction::NewGame));
        assert_eq!(self.screen(), Screen::Setup);
        self.act(Action::Setup(SetupAction::Opponent(opponent)));
        self.act(Action::Setup(SetupAction::Colour(colour)));
        self.act(Action::Setup(SetupAction::Rule(rule)));
        self.act(Action::Setup(SetupAction::Size(15)));
        self.act(Action::Setup(SetupAction::Start));
        assert_eq!(self.screen(), Screen::Playing);
    }
}

fn p(s: &str, size: usize) -> Pos {
    Pos::from_human(s, size).unwrap()
}

/// An AI that plays the first free point of `moves`.
fn scripted(moves: &[&str]) -> AiBackend {
    let moves: Vec<Pos> = moves.iter().map(|m| p(m, 15)).collect();
    AiBackend {
        search: Arc::new(
            move |req: &AiRequest, _: &AtomicBool, sink: &mut dyn InfoSink| {
                let best = moves
                    .iter()
                    .copied()
                    .find(|&m| req.game.check_move(m).is_ok());
                let mut r = SearchResult::instant(best, Score::Eval(12));
                r.depth = 3;
                sink.info(&r);
                r
            },
        ),
        time_scale: 1.0,
    }
}

fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
                .collect()
        })
        .unwrap_or_default()
}

use crate::engine::Rule::Freestyle;
use persist::ColourChoice::{Black, White};

#[test]
fn menu_to_playing() {
    let mut t = TestApp::new();
    assert_eq!(t.screen(), Screen::Title);
    t.start(0, Black, Freestyle);
    assert!(t.session().is_person_turn());
    assert_eq!(
        t.app
            .world_mut()
            .query::<&BoardRoot>()
            .iter(t.app.world())
            .count(),
        1,
        "the board is on screen"
    );
    // The setup was remembered in the settings file.
    t.app.update();
    let saved = std::fs::read_to_string(t.paths().settings_file()).unwrap();
    assert!(saved.contains("opponent: 0"), "{saved}");
    t.act(Action::Play(PlayAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    assert_eq!(
        t.app
            .world_mut()
            .query::<&BoardRoot>()
            .iter(t.app.world())
            .count(),
        0,
        "leaving a screen despawns its UI"
    );
}

#[test]
fn person_move_then_ai_task_then_ai_move_applied() {
    let mut t = TestApp::new(); // the real engine level
    t.start(Level::Novice.number(), Black, Freestyle);
    t.place("h8");
    assert!(
        t.run_until(|w| w.resource::<Session>().game.ply() == 2),
        "the AI answered"
    );
    let s = t.session();
    assert_eq!(s.game.history()[1].stone, Stone::White);
    // Novice does not search: no "depth 0 · eval +0 · 0 nodes" line for it.
    assert!(s.last_search.is_none());
    assert!(s.is_person_turn());
    // Autosaved after the moves.
    t.app.update();
    assert!(t.paths().autosave_file().is_file());
}

#[test]
fn ai_moves_first_when_the_person_is_white() {
    let mut t = TestApp::with_ai(scripted(&["h8", "h9", "h10"]));
    t.start(Level::Expert.number(), White, Freestyle);
    assert!(t.run_until(|w| w.resource::<Session>().game.ply() == 1));
    assert_eq!(t.session().game.history()[0].pos, p("h8", 15));
    // Undo cannot take back the AI's opening move alone.
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 1);
}

#[test]
fn illegal_click_changes_nothing_and_says_why() {
    let mut t = TestApp::new();
    t.start(0, Black, Freestyle);
    t.place("h8");
    t.place("h8");
    let s = t.session();
    assert_eq!(s.game.ply(), 1);
    assert!(s.status.contains("already taken"), "{}", s.status);
}

#[test]
fn undo_while_the_ai_thinks_cancels_and_drops_the_stale_result() {
    let release = Arc::new(AtomicBool::new(false));
    let saw_stop = Arc::new(AtomicBool::new(false));
    let (r, s) = (release.clone(), saw_stop.clone());
    // A search that ignores the stop flag until released, as a slow engine might.
    let backend = AiBackend {
        search: Arc::new(
            move |req: &AiRequest, stop: &AtomicBool, _: &mut dyn InfoSink| {
                let start = Instant::now();
                while !r.load(Ordering::SeqCst) && start.elapsed() < Duration::from_secs(10) {
                    if stop.load(Ordering::SeqCst) {
                        s.store(true, Ordering::SeqCst);
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                if stop.load(Ordering::SeqCst) {
                    s.store(true, Ordering::SeqCst);
                }
                let best = ["a1", "a2", "a3"]
                    .iter()
                    .map(|m| p(m, 15))
                    .find(|&m| req.game.check_move(m).is_ok());
                SearchResult::instant(best, Score::Eval(0))
            },
        ),
        time_scale: 1.0,
    };
    let mut t = TestApp::with_ai(backend);
    t.start(Level::Master.number(), Black, Freestyle);
    t.place("h8");
    t.app.update();
    assert!(
        t.app.world().resource::<AiWorker>().is_busy(),
        "the AI is thinking"
    );
    assert_eq!(t.session().game.ply(), 1);

    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 0, "one ply back while thinking");
    assert!(!t.app.world().resource::<AiWorker>().is_busy());
    release.store(true, Ordering::SeqCst);
    for _ in 0..50 {
        t.app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(t.session().game.ply(), 0, "the late result was not applied");
    assert!(
        saw_stop.load(Ordering::SeqCst),
        "the search was told to stop"
    );

    // A result message for an old ply is dropped by the one system that applies moves.
    let id = t.session().id;
    t.app.world_mut().write_message(AiMoved {
        game_id: id,
        ply: 1,
        mv: Some(p("a1", 15)),
        info: SearchInfo {
            level: Level::Master,
            depth: 1,
            score: Score::Eval(0),
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        },
    });
    t.app.update();
    assert_eq!(t.session().game.ply(), 0);
    // Redo brings the person's move back and the AI thinks again.
    // (The released search now answers at once, so the reply may already be there.)
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().game.history()[0].pos, p("h8", 15));
    assert!(t.run_until(|w| w.resource::<Session>().game.ply() == 2));
}

#[test]
fn undo_and_redo_against_the_ai_move_by_turns() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3", "a4", "a5"]));
    t.start(Level::Club.number(), Black, Freestyle);
    for m in ["h8", "i8"] {
        t.play_and_wait(m);
    }
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().game.ply(), 2);
    assert!(t.session().is_person_turn());
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().game.ply(), 4);
    t.act(Action::Play(PlayAction::Hint));
    assert!(
        t.run_until(|w| w.resource::<Session>().hint.is_some()),
        "hint shown"
    );
    assert!(t.app.world().resource::<BoardView>().hint.is_some());
}

/// After Undo or Redo the side panel shows no search of a position that is gone.
#[test]
fn undo_and_redo_forget_the_last_search() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3"]));
    t.start(Level::Club.number(), Black, Freestyle);
    t.play_and_wait("h8");
    assert_eq!(t.session().last_search.as_ref().map(|s| s.depth), Some(3));
    t.act(Action::Play(PlayAction::Undo));
    assert!(t.session().last_search.is_none());
    t.act(Action::Play(PlayAction::Redo));
    assert!(t.session().last_search.is_none());
    // The next AI move reports its search again.
    t.play_and_wait("i8");
    assert!(t.session().last_search.is_some());
}

/// Resigning clears the hint ring, and a move in between cancels a first Resign.
#[test]
fn resign_asks_first_and_clears_the_hint() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3"]));
    t.start(Level::Club.number(), Black, Freestyle);
    t.play_and_wait("h8");
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.session().resign_armed);
    t.play_and_wait("i8");
    assert!(!t.session().resign_armed, "a move cancels the question");
    t.act(Action::Play(PlayAction::Hint));
    assert!(t.run_until(|w| w.resource::<Session>().hint.is_some()));
    t.act(Action::Play(PlayAction::Resign));
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.session().hint.is_none());
    assert!(t.run_until(|w| w.resource::<BoardView>().hint.is_none()));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
}

/// The person (Black) makes five on row 8 while the scripted AI plays down column a.
fn win_against_the_ai(t: &mut TestApp) {
    t.start(Level::Club.number(), Black, Freestyle);
    for m in ["h8", "i8", "j8", "k8", "l8"] {
        t.play_and_wait(m);
    }
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
}

#[test]
fn a_finished_game_reaches_the_result_screen_and_is_saved() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3", "a4", "a5"]));
    win_against_the_ai(&mut t);
    let s = t.session();
    let finished = s.finished.clone().expect("finished");
    assert_eq!(finished.end.winner(), Some(Stone::Black));
    let path = finished.record.expect("saved");
    let record = super::records::load(&path).unwrap();
    assert_eq!(record.moves.len(), 9);
    assert_eq!(super::records::result_text(record.result), "Black won");
    assert_eq!(sgf_files(&t.paths().games_dir()).len(), 1);
    assert!(
        !t.paths().autosave_file().exists(),
        "no unfinished game left"
    );
    let stats = t.app.world().resource::<Stats>();
    assert_eq!(stats.tally(Level::Club).wins, 1);
    assert!(
        std::fs::read_to_string(t.paths().stats_file())
            .unwrap()
            .contains("wins: 1")
    );
    assert_eq!(t.app.world().resource::<BoardView>().win_line.len(), 5);

    // Rematch swaps colours: the AI is Black and opens.
    t.act(Action::Result(ResultAction::Rematch));
    assert_eq!(t.screen(), Screen::Playing);
    assert_eq!(t.session().human, Stone::White);
    assert!(t.run_until(|w| w.resource::<Session>().game.ply() == 1));
}

#[test]
fn resigning_ends_the_game_as_a_loss() {
    let mut t = TestApp::with_ai(scripted(&["a1"]));
    t.start(Level::Casual.number(), Black, Freestyle);
    t.play_and_wait("h8");
    // The first press only asks; the game goes on until a second press.
    t.act(Action::Play(PlayAction::Resign));
    t.app.update();
    assert_eq!(t.screen(), Screen::Playing);
    assert!(t.session().resign_armed && t.session().status.contains("again"));
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    assert_eq!(
        t.app
            .world()
            .resource::<Stats>()
            .tally(Level::Casual)
            .losses,
        1
    );
    let path = t.session().finished.clone().unwrap().record.unwrap();
    assert_eq!(
        super::records::result_text(super::records::load(&path).unwrap().result),
        "White won by resignation"
    );
}

#[test]
fn replay_steps_through_the_saved_game() {
    let mut t = TestApp::with_ai(scripted(&["a1", "a2", "a3", "a4", "a5"]));
    win_against_the_ai(&mut t);
    t.act(Action::Result(ResultAction::Replay));
    assert_eq!(t.screen(), Screen::Replay);
    let view_ply = |t: &TestApp| {
        t.app
            .world()
            .resource::<BoardView>()
            .game
            .as_ref()
            .unwrap()
            .ply()
    };
    assert_eq!(t.app.world().resource::<Replay>().cursor, 9);
    assert_eq!(view_ply(&t), 9);
    t.act(Action::Replay(ReplayAction::First));
    assert_eq!(view_ply(&t), 0);
    t.act(Action::Replay(ReplayAction::Next));
    t.act(Action::Replay(ReplayAction::Next));
    assert_eq!(view_ply(&t), 2);
    t.act(Action::Replay(ReplayAction::Prev));
    assert_eq!(view_ply(&t), 1);
    t.act(Action::Replay(ReplayAction::Last));
    assert_eq!(view_ply(&t), 9);
    assert_eq!(t.app.world().resource::<BoardView>().win_line.len(), 5);
    // Autoplay from the start reaches the end by itself.
    t.act(Action::Replay(ReplayAction::Faster));
    t.act(Action::Replay(ReplayAction::Faster));
    t.act(Action::Replay(ReplayAction::Faster));
    t.act(Action::Replay(ReplayAction::TogglePlay));
    assert!(t.run_until(|w| {
        let r = w.resource::<Replay>();
        !r.playing && r.cursor == 9
    }));

    // From the menu: Replay last game opens the same file.
    t.act(Action::Replay(ReplayAction::Menu));
    t.act(Action::Title(TitleAction::ReplayLast));
    assert_eq!(t.screen(), Screen::Replay);
    assert_eq!(t.app.world().resource::<Replay>().moves.len(), 9);
}

#[test]
fn autosave_restores_an_interrupted_game() {
    let home = fresh_home();
    let ai = || scripted(&["a1", "a2", "a3", "a4"]);
    {
        let mut t = TestApp::at(home.clone(), Some(ai()));
        t.start(Level::Expert.number(), Black, crate::engine::Rule::Renju);
        for m in ["h8", "i9"] {
            t.play_and_wait(m);
        }
        t.act(Action::Play(PlayAction::Undo));
        t.app.update();
        assert!(t.paths().autosave_file().is_file());
        // Quit without finishing: the app (and the test's cleanup) must not delete the home.
        t.home = fresh_home();
    }
    let mut t = TestApp::at(home, Some(ai()));
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Playing);
    let s = t.session();
    assert_eq!(s.game.ply(), 2);
    assert_eq!(s.game.redo_stack().len(), 2);
    assert_eq!(s.game.rule(), crate::engine::Rule::Renju);
    assert_eq!(s.ai_level(), Some(Level::Expert));
    assert_eq!(s.human, Stone::Black);
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().game.ply(), 4);
}

#[test]
fn corrupt_files_are_moved_aside_and_reported() {
    let home = fresh_home();
    let paths = Paths::under(&home);
    std::fs::create_dir_all(&paths.config_dir).unwrap();
    std::fs::create_dir_all(paths.games_dir()).unwrap();
    std::fs::write(paths.settings_file(), "this is ( not ron").unwrap();
    std::fs::write(paths.stats_file(), [0xff, 0xfe, 0x00]).unwrap();
    std::fs::write(paths.autosave_file(), "(version: 1)").unwrap();
    let bad_game = paths.games_dir().join("broken.sgf");
    std::fs::write(&bad_game, "(;SZ[15];B[hh];W[hh])").unwrap();

    let mut t = TestApp::at(home, None);
    assert_eq!(t.screen(), Screen::Title);
    assert_eq!(*t.app.world().resource::<Settings>(), Settings::default());
    assert_eq!(
        t.app.world().resource::<Notices>().0.len(),
        3,
        "{:?}",
        t.app.world().resource::<Notices>()
    );
    let left: Vec<String> = std::fs::read_dir(&paths.config_dir)
        .unwrap()
        .chain(std::fs::read_dir(&paths.data_dir).unwrap())
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        left.iter().any(|n| n.starts_with("settings.ron.corrupt-")),
        "{left:?}"
    );
    assert!(
        left.iter().any(|n| n.starts_with("stats.ron.corrupt-")),
        "{left:?}"
    );
    assert!(
        left.iter().any(|n| n.starts_with("autosave.ron.corrupt-")),
        "{left:?}"
    );
    // Continue has nothing to offer now and says so.
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Title);

    // A broken record chosen in Load game is moved aside with a message.
    t.act(Action::Title(TitleAction::LoadGame));
    assert_eq!(t.screen(), Screen::Load);
    t.act(Action::Load(LoadAction::Open(bad_game.clone())));
    assert_eq!(t.screen(), Screen::Load);
    assert!(!bad_game.exists());
}

#[test]
fn renju_forbidden_points_are_marked_and_refused() {
    let mut t = TestApp::new();
    t.start(0, Black, crate::engine::Rule::Renju);
    // Black's f8 g8 and h9 h10 make h8 a double three.
    for m in ["f8", "a1", "g8", "a3", "h9", "a5", "h10", "o15"] {
        t.place(m);
    }
    assert_eq!(t.session().game.to_move(), Stone::Black);
    let h8 = p("h8", 15);
    assert!(
        t.app
            .world()
            .resource::<BoardView>()
            .forbidden
            .contains(&h8)
    );
    t.place("h8");
    assert_eq!(t.session().game.ply(), 8, "the forbidden move was refused");
    assert!(
        t.session().status.contains("forbidden"),
        "{}",
        t.session().status
    );
    // Hidden when the setting is off.
    t.app.world_mut().resource_mut::<Settings>().show_forbidden = false;
    t.app.update();
    assert!(t.app.world().resource::<BoardView>().forbidden.is_empty());
}
