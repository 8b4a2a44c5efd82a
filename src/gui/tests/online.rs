//! Online play end to end: two apps and a watcher through one server on loopback, each
//! driven by the actions its buttons trigger, every wait bounded.

use super::*;
use crate::gui::clock::TimeControl;
use crate::gui::flow::{OnlineAction, ResultAction};
use crate::gui::kind::Side;
use crate::gui::screens::online::OnlineForm;
use crate::gui::session::{Lobby, OnlineLink};
use crate::online::client::EmbeddedServer;

fn type_in(app: &mut TestApp, name: &str, server: &str, code: &str) {
    let mut form = app.app.world_mut().resource_mut::<OnlineForm>();
    form.name = name.into();
    form.server = server.into();
    form.code = code.into();
}

/// Frames of every app until `done` holds; false after the hang guard.
fn pump(apps: &mut [&mut TestApp], done: impl Fn(&[&mut TestApp]) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < HANG_GUARD {
        for app in apps.iter_mut() {
            app.app.update();
        }
        if done(apps) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    false
}

fn ply(app: &TestApp) -> usize {
    app.session().game.ply()
}

fn lobby(app: &TestApp) -> Lobby {
    app.app.world().resource::<OnlineLink>().lobby.clone()
}

/// `mover` plays `at`; every app then shows it.
fn play(apps: &mut [&mut TestApp], mover: usize, at: &str) {
    let before = ply(apps[mover]);
    apps[mover].place(p(at));
    assert!(
        pump(apps, |a| a.iter().all(|app| ply(app) == before + 1)),
        "{at} reached every app"
    );
    for app in apps.iter() {
        assert_eq!(app.session().game.moves()[before], p(at));
    }
}

fn sgf_text(app: &TestApp) -> String {
    let record = app
        .session()
        .finished
        .as_ref()
        .and_then(|f| f.record.clone());
    std::fs::read_to_string(record.expect("the record was saved")).unwrap()
}

#[test]
fn two_players_and_a_watcher_play_a_game_through_one_server() {
    let dir = fresh_home();
    let server = EmbeddedServer::start("127.0.0.1:0", &dir).unwrap();
    let address = server.local_address();

    // Ana hosts freestyle on 15 x 15, as Black, with a 3 + 2 clock.
    let mut ana = TestApp::new();
    ana.act(Action::Title(TitleAction::PlayOnline));
    assert_eq!(ana.screen(), Screen::Online);
    ana.act(Action::Setup(SetupAction::Game(gomoku_kind::kind().id())));
    ana.act(Action::Setup(SetupAction::Choose("rule", 0)));
    ana.act(Action::Setup(SetupAction::Choose("size", 15)));
    ana.act(Action::Setup(SetupAction::Colour(ColourChoice::Black)));
    let clock = TimeControl::Fischer {
        seconds: 180,
        increment: 2,
    };
    ana.act(Action::Setup(SetupAction::Clock(clock)));
    // No name: said, and nothing is sent.
    type_in(&mut ana, "", &address, "");
    ana.act(Action::Online(OnlineAction::HostOnServer));
    assert!(ana.texts().iter().any(|t| t.contains("Type your name")));
    assert_eq!(lobby(&ana), Lobby::Idle);
    type_in(&mut ana, "Ana", &address, "");
    ana.act(Action::Online(OnlineAction::HostOnServer));
    assert!(pump(&mut [&mut ana], |a| matches!(
        lobby(a[0]),
        Lobby::Waiting { .. }
    )));
    let Lobby::Waiting { code, .. } = lobby(&ana) else {
        unreachable!()
    };
    assert!(
        ana.texts().iter().any(|t| t.contains(&code)),
        "the code is shown"
    );

    // A wrong code is refused with the server's words; the right one seats Ben.
    let mut ben = TestApp::partner();
    ben.act(Action::Title(TitleAction::PlayOnline));
    type_in(&mut ben, "Ben", &address, "NOSUCHGAME");
    ben.act(Action::Online(OnlineAction::Join));
    assert!(pump(&mut [&mut ben], |a| matches!(
        lobby(a[0]),
        Lobby::Failed(_)
    )));
    assert!(
        ben.texts().iter().any(|t| t.contains("The server says")),
        "{:?}",
        ben.texts()
    );
    type_in(&mut ben, "Ben", &address, &code);
    ben.act(Action::Online(OnlineAction::Join));
    assert!(pump(&mut [&mut ana, &mut ben], |a| a
        .iter()
        .all(|app| app.screen() == Screen::Playing)));
    for (app, seat) in [(&ana, Side::First), (&ben, Side::Second)] {
        let online = app.session().online.clone().expect("an online game");
        assert_eq!(online.seat, Some(seat));
        assert_eq!(online.names, ["Ana".to_string(), "Ben".to_string()]);
        assert_eq!(online.code, code);
        assert_eq!(app.session().clock.as_ref().map(|c| c.control), Some(clock));
    }
    assert!(ana.texts().iter().any(|t| t == "Ana (you)"));
    // The code was for this game: Play online's field is empty for the next one.
    assert!(ben.app.world().resource::<OnlineForm>().code.is_empty());

    // Out of turn: said to Ben, nothing sent.
    ben.place(p("h9"));
    assert!(
        ben.session().status_text().contains("Ana"),
        "{}",
        ben.session().status_text()
    );
    assert_eq!(ply(&ben), 0);
    let mut apps = [&mut ana, &mut ben];
    play(&mut apps, 0, "h8");
    // An occupied point: refused at home with the rules' own words.
    apps[1].place(p("h8"));
    assert_eq!(ply(apps[1]), 1);
    assert!(!apps[1].session().status_text().is_empty());
    play(&mut apps, 1, "h9");

    // Ben asks to take h9 back; Ana accepts: both boards lose it.
    apps[1].act(Action::Play(PlayAction::Undo));
    assert!(pump(&mut apps, |a| a[0]
        .session()
        .online
        .as_ref()
        .is_some_and(|o| o.undo_request == Some(Side::Second))));
    assert!(apps[0].texts().iter().any(|t| t == "Accept"));
    apps[0].act(Action::Play(PlayAction::Answer(true)));
    assert!(pump(&mut apps, |a| a.iter().all(|app| ply(app) == 1)));
    play(&mut apps, 1, "h9");

    // A watcher joins mid-game and sees the board so far, then each move.
    let mut watcher = TestApp::partner();
    watcher.act(Action::Title(TitleAction::PlayOnline));
    type_in(&mut watcher, "", &address, &code);
    watcher.act(Action::Online(OnlineAction::Watch));
    let [ana, ben] = apps;
    let mut apps = [ana, ben, &mut watcher];
    assert!(pump(&mut apps, |a| a[2].screen() == Screen::Playing
        && ply(a[2]) == 2));
    assert_eq!(apps[2].session().online.as_ref().unwrap().seat, None);
    apps[2].place(p("a1"));
    assert_eq!(ply(apps[2]), 2, "a watcher does not play");

    play(&mut apps, 0, "i8");
    // Ana offers a draw; Ben declines; the game goes on.
    apps[0].act(Action::Play(PlayAction::OfferDraw));
    assert!(pump(&mut apps, |a| a[1]
        .session()
        .online
        .as_ref()
        .is_some_and(|o| o.draw_offer == Some(Side::First))));
    apps[1].act(Action::Play(PlayAction::Answer(false)));
    assert!(pump(&mut apps, |a| a[0]
        .session()
        .status_text()
        .contains("Ben declined")));
    play(&mut apps, 1, "i9");
    for (mover, at) in [(0, "j8"), (1, "j9"), (0, "k8"), (1, "k9"), (0, "l8")] {
        play(&mut apps, mover, at);
    }

    // Five: every app ends the game, Ana's a win and Ben's a loss, each with a record.
    assert!(pump(&mut apps, |a| a
        .iter()
        .all(|app| app.screen() == Screen::Result)));
    let end = apps[0].session().finished.as_ref().unwrap().end.clone();
    assert_eq!(end.winner(), Some(Side::First));
    assert_eq!(
        apps[0].session().end_verdict(&end),
        crate::gui::kind::Verdict::Win
    );
    assert_eq!(
        apps[1].session().end_verdict(&end),
        crate::gui::kind::Verdict::Loss
    );
    for app in &apps[..2] {
        let sgf = sgf_text(app);
        assert!(sgf.contains("PB[Ana]") && sgf.contains("PW[Ben]"), "{sgf}");
        assert!(sgf.contains("RE[B+"), "{sgf}");
    }
    // The online game is not the player's unfinished game to continue.
    let paths = apps[0].paths();
    assert!(!files_autosave(&paths).is_file());
    drop(server);
}

fn files_autosave(paths: &Paths) -> PathBuf {
    crate::gui::kind::files::autosave_file(paths, gomoku_kind::kind())
}

/// Ana hosts a game set up by `setup` on a fresh server: the server, her app, the code and
/// the server's address.
fn hosted(setup: &[SetupAction]) -> (EmbeddedServer, TestApp, String, String) {
    let dir = fresh_home();
    let server = EmbeddedServer::start("127.0.0.1:0", &dir).unwrap();
    let address = server.local_address();
    let mut ana = TestApp::new();
    ana.act(Action::Title(TitleAction::PlayOnline));
    for action in setup {
        ana.act(Action::Setup(action.clone()));
    }
    type_in(&mut ana, "Ana", &address, "");
    ana.act(Action::Online(OnlineAction::HostOnServer));
    assert!(pump(&mut [&mut ana], |a| matches!(
        lobby(a[0]),
        Lobby::Waiting { .. }
    )));
    let Lobby::Waiting { code, .. } = lobby(&ana) else {
        unreachable!()
    };
    (server, ana, code, address)
}

/// Ana hosts a game set up by `setup` on a fresh server; Ben joins it with its code.
fn host_and_join(setup: &[SetupAction]) -> (EmbeddedServer, TestApp, TestApp) {
    let (server, mut ana, code, address) = hosted(setup);
    let mut ben = TestApp::partner();
    ben.act(Action::Title(TitleAction::PlayOnline));
    type_in(&mut ben, "Ben", &address, &code);
    ben.act(Action::Online(OnlineAction::Join));
    assert!(pump(&mut [&mut ana, &mut ben], |a| a
        .iter()
        .all(|app| app.screen() == Screen::Playing)));
    (server, ana, ben)
}

/// Ana hosts a game of `kind` (as the second player) on a fresh server; Ben joins it.
fn seated(kind: GameKind) -> (EmbeddedServer, TestApp, TestApp) {
    let (server, ana, ben) = host_and_join(&[
        SetupAction::Game(kind.id()),
        SetupAction::Clock(TimeControl::NoClock),
        SetupAction::Colour(ColourChoice::White),
    ]);
    // Ana chose the second seat: Ben starts.
    assert_eq!(
        ben.session().online.as_ref().unwrap().seat,
        Some(Side::First)
    );
    (server, ana, ben)
}

#[test]
fn leaving_an_online_game_asks_first_and_resigns_it() {
    let (server, mut ana, mut ben) = seated(c4_kind::kind());
    let mut apps = [&mut ana, &mut ben];
    let column = apps[1].session().game.fallback(1).mv.unwrap();
    apps[1].place(column);
    assert!(pump(&mut apps, |a| a.iter().all(|app| ply(app) == 1)));

    // Menu once: asked, still playing; twice: resigned and left.
    apps[0].act(Action::Play(PlayAction::Menu));
    assert_eq!(apps[0].screen(), Screen::Playing);
    assert!(apps[0].session().status_text().contains("press Menu again"));
    apps[0].act(Action::Play(PlayAction::Menu));
    assert_eq!(apps[0].screen(), Screen::Title);
    assert!(pump(&mut apps, |a| a[1].screen() == Screen::Result));
    let end = apps[1].session().finished.as_ref().unwrap().end.clone();
    assert_eq!(
        end,
        crate::gui::session::GameEnd::Resigned {
            loser: Side::Second
        }
    );
    assert_eq!(
        apps[1].session().end_verdict(&end),
        crate::gui::kind::Verdict::Win
    );
    drop(server);
}

#[test]
fn a_dropped_connection_comes_back_with_its_seat() {
    let (server, mut ana, mut ben) = seated(gomoku_kind::kind());
    let mut apps = [&mut ana, &mut ben];
    play(&mut apps, 1, "h8");
    // Ben's cable is cut: his game reconnects with its token and goes on where it was.
    apps[1]
        .app
        .world_mut()
        .resource_mut::<OnlineLink>()
        .drop_connection();
    apps[1]
        .app
        .world_mut()
        .resource_mut::<Session>()
        .online
        .as_mut()
        .unwrap()
        .link = crate::gui::session::LinkState::Reconnecting {
        attempts: 0,
        next: Instant::now(),
    };
    apps[1].app.update();
    assert!(apps[1].texts().iter().any(|t| t.contains("reconnecting")));
    assert!(pump(&mut apps, |a| {
        let back = a[1].session().online.as_ref().unwrap();
        back.link == crate::gui::session::LinkState::Open
    }));
    assert_eq!(ply(apps[1]), 1);
    assert_eq!(
        apps[1].session().online.as_ref().unwrap().seat,
        Some(Side::First)
    );
    play(&mut apps, 0, "h9");
    play(&mut apps, 1, "j8");
    assert!(pump(&mut apps, |a| a[0]
        .session()
        .online
        .as_ref()
        .is_some_and(
            |o| o.connected == [true, true] && o.away.is_none()
        )));
    drop(server);
}

/// The opening's actions so far (running or played) in one app.
fn opening_texts(app: &TestApp) -> Vec<String> {
    let session = app.session();
    session
        .opening
        .as_ref()
        .or(session.opening_played.as_ref())
        .map(|p| p.texts())
        .unwrap_or_default()
}

/// `mover` takes an opening's step (a click or a choice button); every app then has it.
fn step(apps: &mut [&mut TestApp], mover: usize, action: PlayAction, text: &str) {
    let before = opening_texts(apps[mover]).len();
    apps[mover].act(Action::Play(action));
    assert!(
        pump(apps, |a| a
            .iter()
            .all(|app| opening_texts(app).len() == before + 1)),
        "{text} reached every app: {:?}",
        apps[mover].session().status_text()
    );
    for app in apps.iter() {
        assert_eq!(opening_texts(app)[before], text);
    }
}

#[test]
fn swap2_online_puts_each_person_in_their_role() {
    // Ana hosts freestyle with Swap2 in the first seat: she proposes.
    let (server, mut ana, mut ben) = host_and_join(&[
        SetupAction::Game(gomoku_kind::kind().id()),
        SetupAction::Choose("rule", 0),
        SetupAction::Choose("size", 15),
        SetupAction::Choose("opening", 2),
        SetupAction::Clock(TimeControl::NoClock),
        SetupAction::Colour(ColourChoice::Black),
    ]);
    assert!(ana.session().in_opening() && ben.session().in_opening());

    // Ben may not place Ana's stones; she places three.
    ben.place(p("h8"));
    assert!(ben.session().status_text().contains("Ana"));
    let mut apps = [&mut ana, &mut ben];
    for at in ["h8", "i9", "g9"] {
        step(&mut apps, 0, PlayAction::Place(p(at)), at);
    }
    assert_eq!(ply(apps[1]), 3);
    // Ben's choice buttons: he places two more; then Ana, with the last word, takes White.
    assert!(
        apps[1].texts().iter().any(|t| t == "Place two more stones"),
        "{:?}",
        apps[1].texts()
    );
    step(&mut apps, 1, PlayAction::OpeningChoice(2), "two");
    step(&mut apps, 1, PlayAction::Place(p("j7")), "j7");
    step(&mut apps, 1, PlayAction::Place(p("f7")), "f7");
    step(&mut apps, 0, PlayAction::OpeningChoice(1), "white");
    for app in apps.iter() {
        let session = app.session();
        assert!(!session.in_opening());
        assert_eq!(session.game.ply(), 5);
        // The colours as chosen: Ben plays Black, the second seat.
        let bens = session.online.as_ref().unwrap().seat == Some(Side::Second);
        let black = session.player_name(Side::First).english();
        assert_eq!(black, if bens { "Ben (you)" } else { "Ben" });
    }
    assert_eq!(apps[0].session().human, Side::Second);
    assert_eq!(apps[1].session().human, Side::First);
    // The turn line says whose colour is to move: White's, Ana's.
    for app in apps.iter_mut() {
        app.app.update();
    }
    assert!(
        apps[0].texts().iter().any(|t| t == "Your move"),
        "{:?}",
        apps[0].texts()
    );
    assert!(
        apps[1].texts().iter().any(|t| t == "Ana to move"),
        "{:?}",
        apps[1].texts()
    );
    // White (Ana) moves; Ben waits his turn.
    apps[1].place(p("a1"));
    assert_eq!(ply(apps[1]), 5);
    play(&mut apps, 0, "a1");
    play(&mut apps, 1, "a15");
    // Ana resigns: Black (Ben) wins; both records name Ben Black and keep the opening.
    apps[0].act(Action::Play(PlayAction::Resign));
    apps[0].act(Action::Play(PlayAction::Resign));
    assert!(pump(&mut apps, |a| a
        .iter()
        .all(|app| app.screen() == Screen::Result)));
    let end = apps[1].session().finished.as_ref().unwrap().end.clone();
    assert_eq!(end.winner(), Some(Side::First));
    assert_eq!(
        apps[1].session().end_verdict(&end),
        crate::gui::kind::Verdict::Win
    );
    assert_eq!(
        apps[0].session().end_verdict(&end),
        crate::gui::kind::Verdict::Loss
    );
    for app in &apps {
        let sgf = sgf_text(app);
        assert!(sgf.contains("PB[Ben]") && sgf.contains("PW[Ana]"), "{sgf}");
        assert!(sgf.contains("Opening: Swap2"), "{sgf}");
    }
    drop(server);
}

#[test]
fn a_game_heard_on_the_network_is_joined_with_one_click() {
    use crate::gui::screens::online_lan::LanGames;
    use crate::online::discovery::{Browser, LanGame};
    use crate::online::protocol::{ClockSetting, GameKind as WireKind, RuleName, Settings};

    let (server, mut ana, code, address) = hosted(&[
        SetupAction::Game(gomoku_kind::kind().id()),
        SetupAction::Choose("rule", 0),
        SetupAction::Choose("size", 15),
        SetupAction::Choose("opening", 0),
        SetupAction::Clock(TimeControl::NoClock),
    ]);
    let mut ben = TestApp::partner();
    ben.act(Action::Title(TitleAction::PlayOnline));
    ben.app.update();
    assert!(
        ben.texts().iter().any(|t| t.starts_with("No game heard")),
        "{:?}",
        ben.texts()
    );
    // Ana's game as its announcement brings it (the tests stand in for the network).
    let heard = LanGame {
        code: code.clone(),
        name: "Ana".into(),
        settings: Settings {
            kind: WireKind::Gomoku {
                rule: RuleName::Freestyle,
                size: 15,
            },
            clock: ClockSetting::None,
            opening: Default::default(),
        },
        address: address.clone(),
    };
    ben.app.world_mut().resource_mut::<LanGames>().browser = Some(Browser::with_games(vec![heard]));
    ben.app.update();
    ben.app.update();
    let label = format!("Ana · Freestyle · 15 × 15 · {address}");
    assert!(ben.texts().contains(&label), "{:?}", ben.texts());
    type_in(&mut ben, "Ben", "", "");
    ben.act(Action::Online(OnlineAction::JoinLan(0)));
    assert!(pump(&mut [&mut ana, &mut ben], |a| a
        .iter()
        .all(|app| app.screen() == Screen::Playing)));
    assert_eq!(ben.session().online.as_ref().unwrap().code, code);
    drop(server);
}

/// Rematch on the result screen: Ana asks, Ben's screen says so, Ben presses it too, and
/// both screens go to a new game on the server with the colours swapped.
#[test]
fn a_rematch_is_asked_agreed_and_played_with_the_colours_swapped() {
    let (server, mut ana, mut ben) = seated(gomoku_kind::kind());
    let mut apps = [&mut ana, &mut ben];
    let first_code = apps[0].session().online.as_ref().unwrap().code.clone();
    // Ben has Black and makes five.
    for (mover, at) in [
        (1, "a8"),
        (0, "a1"),
        (1, "b8"),
        (0, "b1"),
        (1, "c8"),
        (0, "c1"),
        (1, "d8"),
        (0, "d1"),
        (1, "e8"),
    ] {
        play(&mut apps, mover, at);
    }
    assert!(pump(&mut apps, |a| a
        .iter()
        .all(|app| app.screen() == Screen::Result)));
    assert!(
        apps[0]
            .texts()
            .iter()
            .any(|t| t.contains("Rematch asks Ben"))
    );

    apps[0].act(Action::Result(ResultAction::Rematch));
    let asked = |app: &TestApp| app.session().online.as_ref().unwrap().rematch;
    assert!(pump(&mut apps, |a| a
        .iter()
        .all(|app| asked(app) == Some(Side::Second))));
    // Ana is Ben's second seat: the side that asked, on both screens.
    apps[1].app.update();
    assert!(
        apps[1]
            .texts()
            .iter()
            .any(|t| t.contains("Ana asks for a rematch, colours swapped"))
    );
    apps[0].app.update();
    assert!(
        apps[0]
            .texts()
            .iter()
            .any(|t| t.contains("waiting for Ben"))
    );
    assert_eq!(apps[1].screen(), Screen::Result, "nothing starts unasked");

    apps[1].act(Action::Result(ResultAction::Rematch));
    assert!(pump(&mut apps, |a| a.iter().all(|app| {
        app.screen() == Screen::Playing
            && app
                .session()
                .online
                .as_ref()
                .is_some_and(|o| o.code != first_code && o.connected == [true, true])
    })));
    let seat = |app: &TestApp| app.session().online.as_ref().unwrap().seat;
    assert_eq!(seat(apps[0]), Some(Side::First), "Ana has Black now");
    assert_eq!(seat(apps[1]), Some(Side::Second));
    assert_eq!(ply(apps[0]), 0);
    play(&mut apps, 0, "h8");
    play(&mut apps, 1, "h9");
    drop(server);
}
