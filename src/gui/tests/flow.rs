//! The app flow both games share, tested once for each: a move and the AI's answer, a stale
//! answer dropped, a win saved and counted, the replay, the autosave, bad files.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;

use super::{HANG_GUARD, TestApp, fresh_home, gated, p, records_in, scripted, slow};
use crate::engine::connect4 as c4;
use crate::engine::gomoku::ai::Level;
use crate::gui::ai_task::{AiMoved, AiWorker};
use crate::gui::board::Shown;
use crate::gui::flow::{
    Action, LoadAction, PlayAction, ReplayAction, ResultAction, Screen, SetupAction, TitleAction,
};
use crate::gui::kind::connect4::{self as c4_kind, col};
use crate::gui::kind::files::{self, Stats};
use crate::gui::kind::gomoku::{self as gomoku_kind};
use crate::gui::kind::tictactoe;
use crate::gui::kind::{AnyLevel, GameKind, Move, SearchInfo, Side, Standing};
use crate::gui::persist::ColourChoice::Black;
use crate::gui::persist::{Notices, Paths};
use crate::gui::screens::move_list::MoveList;
use crate::gui::screens::replay::Replay;
use crate::gui::session::Session;

/// What differs between the games in these tests.
struct Case {
    kind: GameKind,
    /// Setup's own rows: Freestyle for Gomoku, 6 rows for Connect Four.
    board: &'static [(&'static str, u32)],
    /// The person's moves that win against `ai_moves`, and the moves of the whole game.
    wins_with: Vec<Move>,
    total: usize,
    line: usize,
    ai_moves: &'static [&'static str],
    club: AnyLevel,
    ext: &'static str,
}

fn cases() -> [Case; 3] {
    [
        Case {
            kind: gomoku_kind::kind(),
            board: &[("rule", 0)],
            wins_with: ["h8", "i8", "j8", "k8", "l8"].map(p).to_vec(),
            total: 9,
            line: 5,
            ai_moves: &["a1", "a2", "a3", "a4", "a5"],
            club: gomoku_kind::any_level(Level::Club),
            ext: "sgf",
        },
        Case {
            kind: c4_kind::kind(),
            board: &[("rows", 6)],
            wins_with: vec![col(3); 4],
            total: 7,
            line: 4,
            ai_moves: &["1", "2", "3"],
            club: c4_kind::any_level(c4::Level::Club),
            ext: "c4",
        },
        // The test-only third game: nothing in the app flow names a game.
        Case {
            kind: tictactoe::kind(),
            board: &[],
            wins_with: [0, 1, 2].map(Move).to_vec(),
            total: 5,
            line: 3,
            ai_moves: &["4", "5", "6"],
            club: tictactoe::perfect(),
            // Its own files capability names its records.
            ext: "ttt",
        },
    ]
}

fn screen_is(screen: Screen) -> impl Fn(&World) -> bool {
    move |w: &World| *w.resource::<State<Screen>>().get() == screen
}

fn ply_is(n: usize) -> impl Fn(&World) -> bool {
    move |w: &World| w.resource::<Session>().game.ply() == n
}

/// The winning row of the position on show (what every board draws from).
fn win_line(t: &TestApp) -> usize {
    let shown = t.app.world().resource::<Shown>();
    match shown.game.as_ref().map(|g| g.standing()) {
        Some(Standing::Won { line, .. }) => line.len(),
        _ => 0,
    }
}

fn view_ply(t: &TestApp) -> usize {
    let shown = t.app.world().resource::<Shown>();
    shown.game.as_ref().unwrap().ply()
}

/// The person wins against the scripted AI; the result screen comes (after the last disc
/// has fallen, for Connect Four).
fn win_against_the_ai(t: &mut TestApp, case: &Case) {
    t.start_game(case.kind, case.club.number(), Black, case.board);
    for &mv in &case.wins_with {
        t.play_and_wait(mv);
    }
    assert!(t.run_until(screen_is(Screen::Result)));
}

#[test]
fn person_move_then_ai_task_then_ai_move_applied() {
    // The real engines: Gomoku's Novice (no search to show), Connect Four's Club.
    let rows: [&[(&str, u32)]; 3] = [&[("rule", 0)], &[("rows", 6)], &[]];
    for (kind, level, board, mv) in [
        (
            gomoku_kind::kind(),
            Level::Novice.number(),
            rows[0],
            p("h8"),
        ),
        (c4_kind::kind(), 2, rows[1], col(3)),
        (tictactoe::kind(), 1, rows[2], Move(4)),
    ] {
        let mut t = TestApp::new();
        t.start_game(kind, level, Black, board);
        t.place(mv);
        assert!(t.run_until(ply_is(2)), "the {kind:?} AI answered");
        let s = t.session();
        assert_eq!(s.game.to_move(), Side::First);
        assert_eq!(s.last_search.is_some(), kind != gomoku_kind::kind());
        assert!(s.is_person_turn());
        t.app.update();
        assert!(
            files::autosave_file(&t.paths(), kind).is_file(),
            "autosaved"
        );
        for other in t.games().iter().filter(|&k| k != kind) {
            assert!(!files::autosave_file(&t.paths(), other).exists());
        }
    }
}

#[test]
fn undo_while_the_ai_thinks_cancels_and_drops_the_stale_result() {
    for case in cases() {
        let started = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let release = Arc::new(AtomicBool::new(false));
        let saw_stop = Arc::new(AtomicBool::new(false));
        // A search that ignores the stop flag until released, as a slow engine might.
        let backend = gated(
            case.ai_moves,
            started.clone(),
            release.clone(),
            saw_stop.clone(),
        );
        let mut t = TestApp::with_ai(backend);
        t.start_game(case.kind, case.club.number(), Black, case.board);
        t.place(case.wins_with[0]);
        t.app.update();
        assert!(t.app.world().resource::<AiWorker>().is_busy(), "thinking");
        t.act(Action::Play(PlayAction::Undo));
        assert_eq!(t.session().game.ply(), 0, "one ply back while thinking");
        assert!(!t.app.world().resource::<AiWorker>().is_busy());
        release.store(true, Ordering::SeqCst);
        // The late answer comes back (however slowly) and is dropped.
        let guard = std::time::Instant::now();
        while !saw_stop.load(Ordering::SeqCst) && guard.elapsed() < HANG_GUARD {
            t.app.update();
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(
            saw_stop.load(Ordering::SeqCst),
            "the search was told to stop"
        );
        for _ in 0..50 {
            t.app.update();
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(t.session().game.ply(), 0, "the late result was not applied");

        // A result message for an old ply is dropped by the one system that applies moves.
        let id = t.session().id;
        let info = SearchInfo {
            mv: Ok(case.wins_with[1]),
            ..SearchInfo::none(case.club, "")
        };
        t.app.world_mut().write_message(AiMoved {
            game_id: id,
            ply: 1,
            info,
            thought: std::time::Duration::ZERO,
        });
        t.app.update();
        assert_eq!(t.session().game.ply(), 0);
        // Redo brings the person's move back and the AI thinks again (and answers at once).
        t.act(Action::Play(PlayAction::Redo));
        assert_eq!(t.session().game.moves()[0], case.wins_with[0]);
        assert!(t.run_until(ply_is(2)));
        assert_eq!(started.load(Ordering::SeqCst), 2, "{:?}", case.kind);
    }
}

#[test]
fn a_win_reaches_the_result_screen_is_saved_and_counted() {
    for case in cases() {
        let mut t = TestApp::with_ai(scripted(case.ai_moves));
        win_against_the_ai(&mut t, &case);
        let finished = t.session().finished.clone().expect("finished");
        assert_eq!(finished.end.winner(), Some(Side::First));
        let recorded = files::open_record(&finished.record.expect("saved"), &t.games()).unwrap();
        assert_eq!(recorded.moves.len(), case.total);
        let result = recorded.result.english();
        assert!(result.ends_with(" won"), "{result}");
        // The names the panel showed during play.
        let ai = crate::gui::msg::Msg::key("player-ai")
            .with("level", case.club.title())
            .english();
        assert_eq!(recorded.names, ["You".to_string(), ai]);
        assert_eq!(records_in(&t.paths().games_dir(), case.ext).len(), 1);
        assert!(!files::autosave_file(&t.paths(), case.kind).exists());
        let stats = t.app.world().resource::<Stats>();
        assert_eq!(stats.tally(case.club).wins, 1);
        assert_eq!(win_line(&t), case.line);

        // Rematch swaps sides: the AI opens.
        t.act(Action::Result(ResultAction::Rematch));
        assert_eq!(t.screen(), Screen::Playing);
        assert_eq!(t.session().human, Side::Second);
        assert!(t.run_until(ply_is(1)));
    }
}

#[test]
fn resigning_is_asked_first_then_counts_as_a_loss() {
    for case in cases() {
        let mut t = TestApp::with_ai(scripted(case.ai_moves));
        t.start_game(case.kind, case.club.number(), Black, case.board);
        t.play_and_wait(case.wins_with[0]);
        t.act(Action::Play(PlayAction::Resign));
        t.app.update();
        assert_eq!(t.screen(), Screen::Playing, "the first press only asks");
        assert!(t.session().resign_armed && t.session().status_text().contains("again"));
        t.act(Action::Play(PlayAction::Resign));
        assert!(t.run_until(screen_is(Screen::Result)));
        assert_eq!(t.app.world().resource::<Stats>().tally(case.club).losses, 1);
        let path = t.session().finished.clone().unwrap().record.unwrap();
        let result = files::open_record(&path, &t.games())
            .unwrap()
            .result
            .english();
        assert!(result.ends_with("won by resignation"), "{result}");
    }
}

#[test]
fn replay_steps_through_the_saved_game() {
    for case in cases() {
        let mut t = TestApp::with_ai(scripted(case.ai_moves));
        win_against_the_ai(&mut t, &case);
        t.act(Action::Result(ResultAction::Replay));
        assert_eq!(t.screen(), Screen::Replay);
        let n = case.total;
        assert_eq!(t.app.world().resource::<Replay>().cursor, n);
        assert_eq!(view_ply(&t), n);
        t.act(Action::Replay(ReplayAction::First));
        assert_eq!(view_ply(&t), 0);
        t.act(Action::Replay(ReplayAction::Next));
        t.act(Action::Replay(ReplayAction::Next));
        assert_eq!(view_ply(&t), 2);
        t.act(Action::Replay(ReplayAction::Prev));
        assert_eq!(view_ply(&t), 1);
        // Every move is a row of the list, which follows the current one.
        let lists: Vec<(Option<usize>, usize)> = t
            .app
            .world_mut()
            .query::<(&MoveList, &Children)>()
            .iter(t.app.world())
            .map(|(l, rows)| (l.current, rows.len()))
            .collect();
        assert_eq!(lists, [(Some(0), n)], "{:?}", case.kind);
        t.act(Action::Replay(ReplayAction::Last));
        assert_eq!(view_ply(&t), n);
        assert_eq!(win_line(&t), case.line);
        // Autoplay from the start reaches the end by itself.
        for _ in 0..3 {
            t.act(Action::Replay(ReplayAction::Faster));
        }
        t.act(Action::Replay(ReplayAction::TogglePlay));
        assert!(t.run_until(|w| {
            let r = w.resource::<Replay>();
            !r.playing && r.cursor == n
        }));
        // From the menu: Replay last game opens the same file, and so does Load game.
        t.act(Action::Replay(ReplayAction::Menu));
        t.act(Action::Title(TitleAction::ReplayLast));
        assert_eq!(t.screen(), Screen::Replay);
        assert_eq!(t.app.world().resource::<Replay>().moves.len(), n);
        t.act(Action::Replay(ReplayAction::Menu));
        t.act(Action::Title(TitleAction::LoadGame));
        assert_eq!(t.screen(), Screen::Load);
        let path = records_in(&t.paths().games_dir(), case.ext).remove(0);
        t.act(Action::Load(LoadAction::Open(path)));
        assert_eq!(t.screen(), Screen::Replay);
        assert_eq!(t.app.world().resource::<Replay>().start.kind(), case.kind);
    }
}

#[test]
fn autosave_restores_the_newest_interrupted_game() {
    let home = fresh_home();
    let [gomoku, connect4, _] = cases();
    let both = || scripted(&["a1", "a2", "a3", "1", "2"]);
    {
        let mut t = TestApp::at(home.clone(), Some(both()));
        // An unfinished Renju game against Expert...
        t.start(
            Level::Expert.number(),
            Black,
            crate::engine::gomoku::Rule::Renju,
        );
        for m in ["h8", "i9"] {
            t.play_and_wait(p(m));
        }
        t.act(Action::Play(PlayAction::Undo));
        t.app.update();
        t.act(Action::Play(PlayAction::Menu));
        // ...then a newer Connect Four one on 7 x 7.
        t.start_game(connect4.kind, 2, Black, &[("rows", 7)]);
        for c in [3, 4] {
            t.play_and_wait(col(c));
        }
        t.act(Action::Play(PlayAction::Undo));
        t.app.update();
        let paths = t.paths();
        let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(files::autosave_file(&paths, gomoku.kind))
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
        // Quit without finishing: the test's cleanup must not delete the home.
        t.home = fresh_home();
    }
    let mut t = TestApp::at(home, Some(both()));
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Playing);
    let s = t.session();
    assert_eq!(s.game.moves(), [3, 0].map(col));
    assert_eq!(s.game.redo_len(), 2);
    assert_eq!(s.game.downcast_ref::<c4::Game>().unwrap().height(), 7);
    assert_eq!(s.ai_level(), Some(connect4.club));
    t.act(Action::Play(PlayAction::Redo));
    assert_eq!(t.session().game.ply(), 4);
    // Leaving it and removing it, Continue offers the Gomoku game with its redo stack.
    t.act(Action::Play(PlayAction::Menu));
    files::remove_autosave(&t.paths(), connect4.kind);
    t.act(Action::Title(TitleAction::Continue));
    let s = t.session();
    assert_eq!((s.game.ply(), s.game.redo_len()), (2, 2));
    let game = s
        .game
        .downcast_ref::<crate::engine::gomoku::Game>()
        .unwrap();
    assert_eq!(game.rule(), crate::engine::gomoku::Rule::Renju);
    assert_eq!(s.ai_level(), Some(gomoku_kind::any_level(Level::Expert)));
    assert_eq!(s.human, Side::First);
}

#[test]
fn corrupt_files_are_moved_aside_and_reported() {
    let home = fresh_home();
    let paths = Paths::under(&home);
    std::fs::create_dir_all(&paths.config_dir).unwrap();
    std::fs::create_dir_all(paths.games_dir()).unwrap();
    std::fs::write(paths.settings_file(), "this is ( not ron").unwrap();
    std::fs::write(paths.data_dir.join("stats.ron"), [0xff, 0xfe, 0x00]).unwrap();
    std::fs::write(paths.data_dir.join("connect4-stats.ron"), "levels: [oops").unwrap();
    for kind in [gomoku_kind::kind(), c4_kind::kind()] {
        std::fs::write(files::autosave_file(&paths, kind), "(version: 1)").unwrap();
    }
    let bad_games = [
        paths.games_dir().join("broken.sgf"),
        paths.games_dir().join("broken.c4"),
    ];
    std::fs::write(&bad_games[0], "(;SZ[15];B[hh];W[hh])").unwrap();
    std::fs::write(&bad_games[1], "Connect Four\nSize: 7x6\nMoves: 99\n").unwrap();

    let mut t = TestApp::at(home, None);
    assert_eq!(t.screen(), Screen::Title);
    let stats = t.app.world().resource::<Stats>();
    assert!(
        stats.0.values().all(|s| *s == Default::default()),
        "{stats:?}"
    );
    let notices = t.app.world().resource::<Notices>().0.clone();
    assert_eq!(notices.len(), 5, "{notices:?}");
    let left: Vec<String> = std::fs::read_dir(&paths.config_dir)
        .unwrap()
        .chain(std::fs::read_dir(&paths.data_dir).unwrap())
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    for name in [
        "settings.ron",
        "stats.ron",
        "autosave.ron",
        "connect4-stats.ron",
        "connect4-autosave.ron",
    ] {
        let aside = format!("{name}.corrupt-");
        assert!(left.iter().any(|n| n.starts_with(&aside)), "{left:?}");
    }
    // Continue has nothing to offer now and says so.
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Title);
    // A broken record chosen in Load game is moved aside with a message.
    t.act(Action::Title(TitleAction::LoadGame));
    for bad in bad_games {
        t.act(Action::Load(LoadAction::Open(bad.clone())));
        assert_eq!(t.screen(), Screen::Load);
        assert!(!bad.exists());
    }
}

#[test]
fn a_late_ai_answer_is_dropped_after_leaving_the_game() {
    for case in cases() {
        let started = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let backend = slow(case.ai_moves, started.clone(), Duration::from_secs(2));
        let mut t = TestApp::with_ai(backend);
        t.start_game(case.kind, case.club.number(), Black, case.board);
        t.place(case.wins_with[0]);
        assert!(t.app.world().resource::<AiWorker>().is_busy());
        t.act(Action::Play(PlayAction::Menu));
        for _ in 0..50 {
            t.app.update();
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(t.session().game.ply(), 1, "the answer came too late");
        assert!(!t.app.world().resource::<AiWorker>().is_busy());
        // Continue picks the game up again and the AI is asked anew.
        t.act(Action::Title(TitleAction::Continue));
        assert_eq!(t.screen(), Screen::Playing);
        assert!(t.run_until(ply_is(2)));
        assert_eq!(started.load(Ordering::SeqCst), 2);
    }
}

/// A new game of a kind whose unfinished game is saved asks first: Back keeps the unfinished
/// game (Continue still offers it), Start then replaces it.
#[test]
fn a_new_game_asks_before_replacing_the_unfinished_one() {
    use crate::gui::screens::replace_dialog::ReplaceAsked;
    let mut t = TestApp::new();
    t.start(0, Black, crate::engine::gomoku::Rule::Freestyle);
    t.place(p("h8"));
    t.place(p("h9"));
    t.act(Action::Play(PlayAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Start));
    assert_eq!(t.screen(), Screen::Setup, "asked, not started");
    assert!(t.app.world().resource::<ReplaceAsked>().0);
    assert!(
        t.texts()
            .iter()
            .any(|s| s == "Replace the unfinished game?"),
        "{:?}",
        t.texts()
    );
    // Keep it: the question goes, the unfinished game is still there to continue.
    t.act(Action::Setup(SetupAction::Back));
    assert_eq!(t.screen(), Screen::Setup);
    assert!(!t.app.world().resource::<ReplaceAsked>().0);
    assert!(
        !t.texts()
            .iter()
            .any(|s| s == "Replace the unfinished game?")
    );
    t.act(Action::Setup(SetupAction::Back));
    t.act(Action::Title(TitleAction::Continue));
    assert_eq!(t.screen(), Screen::Playing);
    assert_eq!(t.session().game.ply(), 2, "the unfinished game, kept");
    // Replace it: asked again, then a fresh board.
    t.act(Action::Play(PlayAction::Menu));
    t.act(Action::Title(TitleAction::NewGame));
    t.act(Action::Setup(SetupAction::Start));
    assert_eq!(t.screen(), Screen::Setup);
    t.act(Action::Setup(SetupAction::Start));
    assert_eq!(t.screen(), Screen::Playing);
    assert_eq!(t.session().game.ply(), 0);
}
