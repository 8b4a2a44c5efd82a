//! Headless tests of Connect Four in the whole app (`headless_app`: `MinimalPlugins` +
//! `StatesPlugin` + `InputPlugin` + `CorePlugin`), driven by the same actions the buttons
//! and the board trigger, as `gui/tests.rs` does for Gomoku.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::ai_task::{AiRequest, C4AiMoved, C4Backend, C4Worker, SearchInfo};
use super::board::{C4Board, C4View};
use super::files::{self, C4Stats};
use super::session::{C4Session, DropDisc};
use super::{C4Replay, SetupChange};
use crate::engine::connect4::{BoardSize, Level, Limits, MoveChoice, Player, Source};
use crate::gui::headless_app;
use crate::gui::persist::{self, ColourChoice, GameKind, Notices, Paths};
use crate::gui::screens::{
    Action, LoadAction, PlayAction, ReplayAction, ResultAction, Screen, SetupAction, TitleAction,
};

/// One app at a time: they share the global task pool (one AI thread on a small machine).
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
        "gomoku-c4-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&home);
    home
}

impl TestApp {
    /// An app on `home` (an existing one for a restart), optionally with another AI.
    fn at(home: PathBuf, backend: Option<C4Backend>) -> TestApp {
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

    fn new() -> TestApp {
        TestApp::at(fresh_home(), None)
    }

    fn with_ai(backend: C4Backend) -> TestApp {
        TestApp::at(fresh_home(), Some(backend))
    }

    fn act(&mut self, action: Action) {
        self.app.world_mut().trigger(action);
        self.app.update();
        // A state change set by the action is applied in the next frame.
        self.app.update();
    }

    fn drop_disc(&mut self, col: usize) {
        self.app.world_mut().trigger(DropDisc(col));
        self.app.update();
        self.app.update();
    }

    fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    fn session(&self) -> &C4Session {
        self.app.world().resource::<C4Session>()
    }

    fn paths(&self) -> Paths {
        self.app.world().resource::<Paths>().clone()
    }

    fn count<C: Component>(&mut self) -> usize {
        self.app
            .world_mut()
            .query::<&C>()
            .iter(self.app.world())
            .count()
    }

    /// Runs frames until `done` holds; false after a while.
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

    /// The person drops in `col`, then the AI answers (unless the move ended the game).
    fn play_and_wait(&mut self, col: usize) {
        let before = self.session().ply();
        self.drop_disc(col);
        assert_eq!(self.session().game.moves()[before], col, "{col} was played");
        assert!(
            self.run_until(|w| {
                let s = w.resource::<C4Session>();
                s.ply() >= before + 2 || !s.is_ongoing()
            }),
            "the AI answered {col}"
        );
    }

    /// New Connect Four game from the menu with these choices.
    fn start(&mut self, opponent: u8, colour: ColourChoice, rows: usize) {
        self.act(Action::Title(TitleAction::NewGame));
        assert_eq!(self.screen(), Screen::Setup);
        self.act(Action::Setup(SetupAction::Game(GameKind::ConnectFour)));
        self.act(Action::Setup(SetupAction::Connect4(SetupChange::Opponent(
            opponent,
        ))));
        self.act(Action::Setup(SetupAction::Colour(colour)));
        self.act(Action::Setup(SetupAction::Connect4(SetupChange::Rows(
            rows,
        ))));
        self.act(Action::Setup(SetupAction::Start));
        assert_eq!(self.screen(), Screen::ConnectFour);
    }

    fn view_ply(&self) -> usize {
        self.app
            .world()
            .resource::<C4View>()
            .game
            .as_ref()
            .map_or(0, |g| g.moves().len())
    }
}

/// An AI that plays the first playable column of `columns`.
fn scripted(columns: &[usize]) -> C4Backend {
    let columns = columns.to_vec();
    C4Backend {
        search: Arc::new(move |req: &AiRequest, _: &AtomicBool| {
            let column = columns
                .iter()
                .copied()
                .find(|&c| req.game.can_play(c))
                .ok_or(crate::engine::connect4::AiError::NoLegalMove)?;
            Ok(MoveChoice {
                column,
                score: Some(0),
                source: Source::Search,
                depth: Some(4),
            })
        }),
        limits: Limits::default(),
    }
}

fn records_in(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| files::is_record(p))
                .collect()
        })
        .unwrap_or_default()
}

fn setup_buttons(t: &mut TestApp) -> Vec<SetupAction> {
    t.app
        .world_mut()
        .query::<&crate::gui::theme::widgets::ButtonAction>()
        .iter(t.app.world())
        .filter_map(|b| match &b.0 {
            Action::Setup(a) => Some(a.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn setup_offers_connect_four_and_starts_it() {
    let mut t = TestApp::new();
    t.act(Action::Title(TitleAction::NewGame));
    assert!(
        !setup_buttons(&mut t)
            .iter()
            .any(|a| matches!(a, SetupAction::Connect4(_))),
        "Gomoku's rows first"
    );
    t.act(Action::Setup(SetupAction::Game(GameKind::ConnectFour)));
    assert_eq!(t.screen(), Screen::Setup);
    let buttons = setup_buttons(&mut t);
    let c4 = buttons
        .iter()
        .filter(|a| matches!(a, SetupAction::Connect4(_)))
        .count();
    assert_eq!(c4, 6, "3 levels, two players, 2 boards: {buttons:?}");
    assert!(!buttons.iter().any(|a| matches!(a, SetupAction::Rule(_))));

    t.act(Action::Setup(SetupAction::Connect4(SetupChange::Opponent(
        1,
    ))));
    t.act(Action::Setup(SetupAction::Colour(ColourChoice::White)));
    t.act(Action::Setup(SetupAction::Connect4(SetupChange::Rows(7))));
    t.act(Action::Setup(SetupAction::Start));
    assert_eq!(t.screen(), Screen::ConnectFour);
    let s = t.session();
    assert_eq!(s.game.size(), BoardSize::SEVEN_BY_SEVEN);
    assert_eq!(s.ai_level(), Some(Level::Casual));
    assert_eq!(s.human, Player::Second);
    assert_eq!(t.count::<C4Board>(), 1, "the board is on screen");
    // The real Casual level opens.
    assert!(t.run_until(|w| w.resource::<C4Session>().ply() == 1));
    // The choices are remembered.
    t.app.update();
    let saved = std::fs::read_to_string(t.paths().settings_file()).unwrap();
    assert!(saved.contains("game: ConnectFour"), "{saved}");
    assert!(saved.contains("rows: 7"), "{saved}");

    t.act(Action::Play(PlayAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    assert_eq!(t.count::<C4Board>(), 0, "leaving a screen despawns its UI");
    // Back in setup, Connect Four is still chosen.
    t.act(Action::Title(TitleAction::NewGame));
    assert!(
        setup_buttons(&mut t)
            .iter()
            .any(|a| matches!(a, SetupAction::Connect4(_)))
    );
}

#[test]
fn person_move_then_ai_task_then_ai_move_applied() {
    let mut t = TestApp::new(); // the engine's Club level
    t.start(2, ColourChoice::Black, 6);
    assert!(t.app.world().resource::<C4View>().interactive);
    t.drop_disc(3);
    assert!(
        t.run_until(|w| w.resource::<C4Session>().ply() == 2),
        "the AI answered"
    );
    let s = t.session();
    assert!(s.last_search.is_some());
    assert!(s.is_person_turn());
    t.app.update();
    assert!(files::autosave_file(&t.paths()).is_file(), "autosaved");
    assert!(
        !t.paths().autosave_file().exists(),
        "Gomoku's autosave is left alone"
    );
}

#[test]
fn every_level_and_two_people_can_play() {
    let backend = C4Backend {
        limits: Limits {
            time: Some(Duration::from_millis(300)),
            ..Limits::default()
        },
        ..C4Backend::default()
    };
    let mut t = TestApp::with_ai(backend);
    for level in super::LEVELS {
        t.start(super::level_number(level), ColourChoice::Black, 6);
        assert_eq!(t.session().ai_level(), Some(level));
        // Two moves each: the Perfect level answers from its book, then searches.
        for col in [3, 2] {
            let col = if t.session().game.can_play(col) {
                col
            } else {
                4
            };
            t.play_and_wait(col);
        }
        assert_eq!(t.session().ply(), 4, "{level:?} answered twice");
        t.act(Action::Play(PlayAction::Menu));
    }
    t.start(0, ColourChoice::Black, 6);
    for col in [3, 3, 4] {
        t.drop_disc(col);
    }
    assert_eq!(t.session().ply(), 3);
    assert!(!t.app.world().resource::<C4Worker>().is_busy());
    assert_eq!(t.session().game.side_to_move(), Player::Second);
}

#[test]
fn two_people_undo_one_ply_full_columns_are_refused_and_resigning_ends() {
    let mut t = TestApp::new();
    t.start(0, ColourChoice::Black, 6);
    for _ in 0..6 {
        t.drop_disc(0);
    }
    t.drop_disc(0);
    assert_eq!(t.session().ply(), 6, "a full column takes no disc");
    assert_eq!(t.session().status, "Column 1 is full.");
    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().ply(), 5);
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().ply(), 6);
    // Resign asks first; a move in between cancels the question.
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.session().resign_armed);
    assert!(t.session().is_ongoing());
    t.act(Action::Play(PlayAction::Undo));
    assert!(!t.session().resign_armed, "another action cancels");
    t.act(Action::Play(PlayAction::Redo));
    t.act(Action::Play(PlayAction::Resign));
    t.app.update();
    assert_eq!(
        *t.app.world().resource::<State<Screen>>().get(),
        Screen::ConnectFour
    );
    t.act(Action::Play(PlayAction::Resign));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::ConnectFourResult));
    let end = t.session().finished.clone().unwrap().end;
    assert_eq!(end.winner(), Some(Player::Second), "Red resigned on move 7");
    assert_eq!(t.app.world().resource::<C4Stats>().two_player_games, 1);
}

#[test]
fn digit_keys_drop_discs() {
    let mut t = TestApp::new();
    t.start(0, ColourChoice::Black, 6);
    for state in [ButtonState::Pressed, ButtonState::Released] {
        t.app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::Digit5,
            logical_key: Key::Character("5".into()),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        t.app.update();
    }
    t.app.update();
    assert_eq!(t.session().game.moves(), &[4]);
}

#[test]
fn undo_while_the_ai_thinks_cancels_and_drops_the_stale_result() {
    let release = Arc::new(AtomicBool::new(false));
    let saw_stop = Arc::new(AtomicBool::new(false));
    let (r, s) = (release.clone(), saw_stop.clone());
    // A search that ignores the stop flag until released, as a slow engine might.
    let backend = C4Backend {
        search: Arc::new(move |req: &AiRequest, stop: &AtomicBool| {
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
            Ok(MoveChoice {
                column: req.game.legal_columns()[0],
                score: None,
                source: Source::Search,
                depth: None,
            })
        }),
        limits: Limits::default(),
    };
    let mut t = TestApp::with_ai(backend);
    t.start(3, ColourChoice::Black, 6);
    t.drop_disc(3);
    t.app.update();
    assert!(
        t.app.world().resource::<C4Worker>().is_busy(),
        "the AI is thinking"
    );
    assert!(!t.app.world().resource::<C4View>().interactive);

    t.act(Action::Play(PlayAction::Undo));
    assert_eq!(t.session().ply(), 0, "one ply back while thinking");
    assert!(!t.app.world().resource::<C4Worker>().is_busy());
    release.store(true, Ordering::SeqCst);
    for _ in 0..50 {
        t.app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(t.session().ply(), 0, "the late result was not applied");
    assert!(
        saw_stop.load(Ordering::SeqCst),
        "the search was told to stop"
    );

    // A result message for an old ply is dropped by the one system that applies moves.
    let id = t.session().id;
    let choice = MoveChoice {
        column: 0,
        score: None,
        source: Source::Search,
        depth: None,
    };
    t.app.world_mut().write_message(C4AiMoved {
        game_id: id,
        ply: 1,
        result: Ok(choice),
        info: SearchInfo {
            level: Level::Perfect,
            choice: Some(choice),
            time: Duration::ZERO,
            moves_played: 1,
            cells: 42,
        },
    });
    t.app.update();
    assert_eq!(t.session().ply(), 0);
    // Redo brings the person's move back and the AI thinks again (the released search now
    // answers at once).
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().game.moves()[0], 3);
    assert!(t.run_until(|w| w.resource::<C4Session>().ply() == 2));
}

#[test]
fn hint_is_shown_on_the_board() {
    let mut t = TestApp::with_ai(scripted(&[0, 1, 2]));
    t.start(2, ColourChoice::Black, 6);
    t.play_and_wait(3);
    t.act(Action::Play(PlayAction::Hint));
    assert!(
        t.run_until(|w| w.resource::<C4Session>().hint.is_some()),
        "hint found"
    );
    assert_eq!(t.app.world().resource::<C4View>().hint, Some(0));
    assert!(t.session().status.starts_with("Hint: column 1"));
    // Playing clears it.
    t.play_and_wait(3);
    assert_eq!(t.app.world().resource::<C4View>().hint, None);
}

/// The person (Red) makes four up column 4 while the scripted AI fills column 1.
fn win_against_the_ai(t: &mut TestApp) {
    t.start(2, ColourChoice::Black, 6);
    for _ in 0..4 {
        t.play_and_wait(3);
    }
    // The last disc falls first (the animation is on), then the result screen comes.
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::ConnectFourResult));
}

#[test]
fn a_win_reaches_the_result_screen_and_is_saved() {
    let mut t = TestApp::with_ai(scripted(&[0, 1, 2]));
    win_against_the_ai(&mut t);
    let s = t.session();
    let finished = s.finished.clone().expect("finished");
    assert_eq!(finished.end.winner(), Some(Player::First));
    let path = finished.record.expect("saved");
    let record = files::load_record(&path).unwrap();
    assert_eq!(record.moves, vec![3, 0, 3, 0, 3, 0, 3]);
    assert_eq!(files::result_text(record.result), "Red won");
    assert_eq!(record.red, "Player");
    assert_eq!(record.yellow, "Connect Four AI (Club)");
    assert_eq!(records_in(&t.paths().games_dir()).len(), 1);
    assert!(
        !files::autosave_file(&t.paths()).exists(),
        "no unfinished game left"
    );
    assert_eq!(
        t.app.world().resource::<C4Stats>().tally(Level::Club).wins,
        1
    );
    assert!(
        std::fs::read_to_string(files::stats_file(&t.paths()))
            .unwrap()
            .contains("wins: 1")
    );
    assert_eq!(t.app.world().resource::<C4View>().win.len(), 4);
    assert_eq!(t.count::<C4Board>(), 1, "the final board is shown");

    // Rematch: the other side starts, so the AI opens.
    t.act(Action::Result(ResultAction::Rematch));
    assert_eq!(t.screen(), Screen::ConnectFour);
    assert_eq!(t.session().human, Player::Second);
    assert!(t.run_until(|w| w.resource::<C4Session>().ply() == 1));
}

#[test]
fn replay_steps_through_the_saved_game() {
    let mut t = TestApp::with_ai(scripted(&[0, 1, 2]));
    win_against_the_ai(&mut t);
    t.act(Action::Result(ResultAction::Replay));
    assert_eq!(t.screen(), Screen::ConnectFourReplay);
    assert_eq!(t.app.world().resource::<C4Replay>().cursor, 7);
    assert_eq!(t.view_ply(), 7);
    t.act(Action::Replay(ReplayAction::First));
    assert_eq!(t.view_ply(), 0);
    t.act(Action::Replay(ReplayAction::Next));
    t.act(Action::Replay(ReplayAction::Next));
    assert_eq!(t.view_ply(), 2);
    t.act(Action::Replay(ReplayAction::Prev));
    assert_eq!(t.view_ply(), 1);
    t.act(Action::Replay(ReplayAction::Last));
    assert_eq!(t.view_ply(), 7);
    assert_eq!(t.app.world().resource::<C4View>().win.len(), 4);
    // Autoplay from the start reaches the end by itself.
    for _ in 0..3 {
        t.act(Action::Replay(ReplayAction::Faster));
    }
    t.act(Action::Replay(ReplayAction::TogglePlay));
    assert!(t.run_until(|w| {
        let r = w.resource::<C4Replay>();
        !r.playing && r.cursor == 7
    }));

    // From the menu: Replay last game opens the same file...
    t.act(Action::Replay(ReplayAction::Menu));
    t.act(Action::Title(TitleAction::ReplayLast));
    assert_eq!(t.screen(), Screen::ConnectFourReplay);
    assert_eq!(t.app.world().resource::<C4Replay>().moves.len(), 7);
    // ...and so does Load game.
    t.act(Action::Replay(ReplayAction::Menu));
    t.act(Action::Title(TitleAction::LoadGame));
    assert_eq!(t.screen(), Screen::Load);
    let path = records_in(&t.paths().games_dir()).remove(0);
    t.act(Action::Load(LoadAction::Open(path)));
    assert_eq!(t.screen(), Screen::ConnectFourReplay);
}

#[test]
fn autosave_restores_an_interrupted_game() {
    let home = fresh_home();
    let ai = || scripted(&[0, 1, 2]);
    {
        let mut t = TestApp::at(home.clone(), Some(ai()));
        t.start(2, ColourChoice::Black, 7);
        for col in [3, 4] {
            t.play_and_wait(col);
        }
        t.act(Action::Play(PlayAction::Undo));
        t.app.update();
        assert!(files::autosave_file(&t.paths()).is_file());
        // An older unfinished Gomoku game: Continue offers the newer one.
        let paths = t.paths();
        let gomoku = crate::engine::Game::new(15, crate::engine::Rule::Freestyle).unwrap();
        let mut save =
            persist::Autosave::from_game(&gomoku, None, crate::engine::Stone::Black, 1, "");
        save.moves = vec!["h8".into()];
        persist::write_ron(&paths.autosave_file(), &save).unwrap();
        let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(paths.autosave_file())
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
        // Quit without finishing: keep the home for the restart.
        t.home = fresh_home();
    }
    let mut t = TestApp::at(home, Some(ai()));
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::ConnectFour);
    let s = t.session();
    assert_eq!(s.game.moves(), &[3, 0]);
    assert_eq!(files::redo_line(&s.game), vec![4, 0]);
    assert_eq!(s.game.size(), BoardSize::SEVEN_BY_SEVEN);
    assert_eq!(s.ai_level(), Some(Level::Club));
    assert_eq!(s.human, Player::First);
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().ply(), 4);
    // The Gomoku game is still there to continue.
    assert!(t.paths().autosave_file().is_file());
}

#[test]
fn corrupt_connect_four_files_are_moved_aside_and_reported() {
    let home = fresh_home();
    let paths = Paths::under(&home);
    std::fs::create_dir_all(paths.games_dir()).unwrap();
    std::fs::write(files::autosave_file(&paths), "(version: 1)").unwrap();
    std::fs::write(files::stats_file(&paths), "levels: [oops").unwrap();
    let bad_game = paths.games_dir().join("broken.c4");
    std::fs::write(&bad_game, "Connect Four\nSize: 7x6\nMoves: 99\n").unwrap();

    let mut t = TestApp::at(home, None);
    assert_eq!(t.screen(), Screen::Title);
    let notices = t.app.world().resource::<Notices>().0.clone();
    assert_eq!(notices.len(), 2, "{notices:?}");
    assert_eq!(*t.app.world().resource::<C4Stats>(), C4Stats::default());
    let left: Vec<String> = std::fs::read_dir(&paths.data_dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    for name in ["connect4-autosave.ron", "connect4-stats.ron"] {
        assert!(
            left.iter()
                .any(|n| n.starts_with(&format!("{name}.corrupt-"))),
            "{left:?}"
        );
    }
    // Continue has nothing to offer now and says so.
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Title);

    // A broken record chosen in Load game is moved aside with a message.
    t.act(Action::Title(TitleAction::LoadGame));
    t.act(Action::Load(LoadAction::Open(bad_game.clone())));
    assert_eq!(t.screen(), Screen::Load);
    assert!(!bad_game.exists());
}

#[test]
fn a_late_ai_answer_is_dropped_after_leaving_the_game() {
    let release = Arc::new(AtomicBool::new(false));
    let gate = release.clone();
    // Answers column 1 only once released, whatever the stop flag says.
    let backend = C4Backend {
        search: Arc::new(move |_: &AiRequest, _: &AtomicBool| {
            let start = Instant::now();
            while !gate.load(Ordering::SeqCst) && start.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(1));
            }
            Ok(MoveChoice {
                column: 0,
                score: None,
                source: Source::Search,
                depth: None,
            })
        }),
        limits: Limits::default(),
    };
    let mut t = TestApp::with_ai(backend);
    t.start(2, ColourChoice::Black, 6);
    t.drop_disc(3);
    assert!(t.app.world().resource::<C4Worker>().is_busy());
    t.act(Action::Play(PlayAction::Menu));
    release.store(true, Ordering::SeqCst);
    for _ in 0..50 {
        t.app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(t.session().ply(), 1, "the answer came too late");
    assert!(!t.app.world().resource::<C4Worker>().is_busy());
    // Continue picks the game up again and the AI is asked anew.
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::ConnectFour);
    assert!(t.run_until(|w| w.resource::<C4Session>().ply() == 2));
}
