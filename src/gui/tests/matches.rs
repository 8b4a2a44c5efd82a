//! Engine matches through the app's own flow: two of our levels for a few short games (the
//! score, the alternating colours, the shared openings, every game's record, Again, and a
//! person's unfinished game left alone), one stopped mid-game, our `pbrain-gomoku` as an
//! external engine in a match, and a Swap2 match (the players opening in turn, each in its
//! roles, the score by player whatever colours the opening gave).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use super::TestApp;
use super::engines::our_brain;
use crate::gui::flow::{Action, MatchAction, Screen, SetupAction, TitleAction};
use crate::gui::kind::files::{self, autosave_file};
use crate::gui::kind::gomoku as gomoku_kind;
use crate::gui::persist::{PlayerChoice, TimeControl};
use crate::gui::session::{EngineMatch, GameEnd, MatchRun, Session};

/// Sets up a freestyle match on 15 x 15 between `players` for `games` games on `clock`
/// and starts it, with no pause between games.
fn start_match(t: &mut TestApp, players: [PlayerChoice; 2], games: u32, clock: TimeControl) {
    start_match_with(t, players, games, clock, &[]);
}

/// [`start_match`] with the setup's `more` choices too (an opening rule).
fn start_match_with(
    t: &mut TestApp,
    players: [PlayerChoice; 2],
    games: u32,
    clock: TimeControl,
    more: &[SetupAction],
) {
    t.act(Action::Title(TitleAction::EngineMatch));
    assert_eq!(t.screen(), Screen::MatchSetup);
    t.act(Action::Setup(SetupAction::Game(gomoku_kind::ID)));
    t.act(Action::Setup(SetupAction::Choose("rule", 0)));
    t.act(Action::Setup(SetupAction::Choose("size", 15)));
    for (slot, player) in players.into_iter().enumerate() {
        t.act(Action::Setup(SetupAction::Player(slot, player)));
    }
    t.act(Action::Setup(SetupAction::MatchGames(games)));
    t.act(Action::Setup(SetupAction::MatchClock(clock)));
    for action in more {
        t.act(Action::Setup(action.clone()));
    }
    let texts = t.texts().join("\n");
    let note = if more.is_empty() {
        "Each opening is played twice"
    } else {
        "Each player opens every other game"
    };
    assert!(texts.contains(note), "{texts}");
    t.act(Action::Setup(SetupAction::Start));
    assert_eq!(t.screen(), Screen::Match);
    if let Some(run) = t.app.world_mut().resource_mut::<EngineMatch>().run.as_mut() {
        run.pause = Duration::ZERO;
    }
}

/// The match on the screen.
fn the_match(t: &TestApp) -> &MatchRun {
    let run = t.app.world().resource::<EngineMatch>().run.as_ref();
    run.expect("a match is on")
}

fn match_over(t: &mut TestApp) -> bool {
    t.run_until(|w| {
        w.resource::<EngineMatch>()
            .run
            .as_ref()
            .is_some_and(|r| r.is_over())
    })
}

#[test]
fn a_match_between_two_levels_scores_every_game_and_saves_it() {
    let mut t = TestApp::new();
    // A person's unfinished game: a match must leave it to Continue.
    t.start(
        3,
        crate::gui::persist::ColourChoice::Black,
        crate::engine::gomoku::Rule::Freestyle,
    );
    t.play_and_wait(super::p("h8"));
    let autosave = autosave_file(&t.paths(), t.session().game.kind());
    let saved_before = std::fs::read(&autosave).expect("the person's game is autosaved");
    t.act(Action::Play(crate::gui::flow::PlayAction::Menu));
    assert_eq!(t.screen(), Screen::Title);

    start_match(
        &mut t,
        [PlayerChoice::Level(1), PlayerChoice::Level(2)],
        4,
        TimeControl::PerMove { seconds: 30 },
    );
    assert!(
        t.session().autoplay.is_some(),
        "nobody at the table is a person"
    );
    assert_eq!(
        t.session().opening_stones,
        3,
        "a balanced opening of three stones"
    );
    assert!(match_over(&mut t), "four games end");
    // A finished match counts no more games, however long it stays on show.
    for _ in 0..20 {
        t.app.update();
    }

    let run = the_match(&t);
    assert_eq!(run.games.len(), 4);
    assert!(!run.stopped);
    let score = run.score();
    assert_eq!(score.games(), 4);
    // Colours alternate: A (Novice) has the first colour in games 1 and 3.
    let firsts: Vec<bool> = run.games.iter().map(|g| g.a_first).collect();
    assert_eq!(firsts, [true, false, true, false]);
    let games = t.games();
    let records: Vec<_> = run
        .games
        .iter()
        .map(|g| {
            let path = g.record.clone().expect("every game is saved");
            assert!(
                path.display().to_string().contains("-match"),
                "{}",
                path.display()
            );
            files::open_record(&path, &games).expect("the record reads back")
        })
        .collect();
    for (i, record) in records.iter().enumerate() {
        let (black, white) = (&record.names[0], &record.names[1]);
        let (a, b) = if i % 2 == 0 {
            (black, white)
        } else {
            (white, black)
        };
        assert!(a.contains("Novice"), "game {}: {:?}", i + 1, record.names);
        assert!(b.contains("Casual"), "game {}: {:?}", i + 1, record.names);
        // The result counted is the record's: replayed, its winning line is the winner's.
        let mut game = record.start.fresh();
        for &(side, mv) in &record.moves {
            game.place(side, mv).expect("a legal record");
        }
        let replayed = match game.standing() {
            crate::gui::kind::Standing::Won { winner, .. } => {
                Some(usize::from((winner.index() == 0) != run.games[i].a_first))
            }
            _ => None,
        };
        assert_eq!(replayed, run.games[i].winner, "game {}", i + 1);
    }
    // Each opening is played twice, colours swapped.
    assert_eq!(records[0].moves[..3], records[1].moves[..3]);
    assert_eq!(records[2].moves[..3], records[3].moves[..3]);
    assert_ne!(records[0].moves[..3], records[2].moves[..3]);
    // The panel shows the score (in points) and the games won, drawn and lost.
    let texts = t.texts().join("\n");
    assert!(texts.contains("Match over: 4 games"), "{texts}");
    assert!(texts.contains(&format!("{} won", score.wins)), "{texts}");
    assert_eq!(
        std::fs::read(&autosave).expect("still there"),
        saved_before,
        "the person's unfinished game is untouched"
    );

    // Again: the same match from its first game.
    t.act(Action::Match(MatchAction::Again));
    let run = the_match(&t);
    assert!(run.games.is_empty() && !run.is_over());
    assert_eq!(
        t.session().game.placed()[..3],
        records[0].moves[..3],
        "the same first opening"
    );
    t.act(Action::Match(MatchAction::Menu));
    assert_eq!(t.screen(), Screen::Title);
    assert!(t.app.world().resource::<EngineMatch>().run.is_none());
}

#[test]
fn a_stopped_match_keeps_its_score_and_does_not_count_the_game_on_the_board() {
    let mut t = TestApp::new();
    start_match(
        &mut t,
        [PlayerChoice::Level(1), PlayerChoice::Level(1)],
        100,
        TimeControl::NoClock,
    );
    // After the first game, in the middle of the second.
    assert!(t.run_until(|w| {
        let run = w.resource::<EngineMatch>().run.as_ref().unwrap();
        run.games.len() == 1 && w.resource::<Session>().game.ply() > 6
    }));
    let records_before = super::records_in(&t.paths().games_dir(), "sgf").len();
    t.act(Action::Match(MatchAction::Stop));
    let ply = t.session().game.ply();
    for _ in 0..20 {
        t.app.update();
    }
    let run = the_match(&t);
    assert!(run.stopped && run.is_over());
    assert_eq!(run.games.len(), 1, "the stopped game does not count");
    assert_eq!(t.session().game.ply(), ply, "nobody moves any more");
    assert!(t.session().finished.is_none());
    assert_eq!(
        super::records_in(&t.paths().games_dir(), "sgf").len(),
        records_before,
        "and it is not saved"
    );
    let texts = t.texts().join("\n");
    assert!(texts.contains("Match stopped after 1 game"), "{texts}");
}

#[test]
fn our_brain_plays_a_match_as_an_external_engine() {
    let mut t = TestApp::new();
    let brain = our_brain();
    super::engines::add_engine(&mut t, &brain, "gomoku brain");
    start_match(
        &mut t,
        [
            PlayerChoice::Engine(brain.display().to_string()),
            PlayerChoice::Level(1),
        ],
        2,
        TimeControl::NoClock,
    );
    assert!(match_over(&mut t), "two games end");
    let run = the_match(&t);
    assert_eq!(
        run.score().wins,
        2,
        "the engine beats Novice with either colour"
    );
    let names: Vec<_> = run
        .games
        .iter()
        .map(|g| {
            files::open_record(g.record.as_ref().unwrap(), &t.games())
                .unwrap()
                .names
        })
        .collect();
    assert!(names[0][0].contains("gomoku brain (engine)"), "{names:?}");
    assert!(names[1][1].contains("gomoku brain (engine)"), "{names:?}");
    let seat = run.players[0].engine.clone().expect("an engine seat");
    t.act(Action::Match(MatchAction::Menu));
    assert!(!seat.client().is_running(), "ended on leaving the match");
}

/// Threads that keep every core busy while they live, at the test's own priority (a
/// player's machine that is compiling or streaming beside the game).
struct Busy {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Busy {
    fn start(n: usize) -> Busy {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..n)
            .map(|_| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        Busy { stop, threads }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// A second a move with both cores busy: Master against Expert, then our brain as an
/// external engine against Master, four games each, and nobody loses on time or forfeits
/// (Master's first moves, an engine's first search, the frames that read an answer are not
/// charged; an engine may answer within the tolerance). Each player's longest move is
/// printed: the clock's own record of it.
#[test]
fn a_second_a_move_holds_on_a_busy_machine() {
    let _busy = Busy::start(2);
    let brain = our_brain();
    let pairs = [
        [PlayerChoice::Level(5), PlayerChoice::Level(4)],
        [
            PlayerChoice::Engine(brain.display().to_string()),
            PlayerChoice::Level(5),
        ],
    ];
    for players in pairs {
        let mut t = TestApp::new();
        super::engines::add_engine(&mut t, &brain, "gomoku brain");
        start_match(
            &mut t,
            players.clone(),
            4,
            TimeControl::PerMove { seconds: 1 },
        );
        // Long enough between games to read each one's clock.
        if let Some(run) = t.app.world_mut().resource_mut::<EngineMatch>().run.as_mut() {
            run.pause = Duration::from_millis(300);
        }
        // Player A's and B's longest move, as the clock charged it.
        let mut longest = [Duration::ZERO; 2];
        for n in 0..4 {
            let ended = t.run_until(|w| w.resource::<Session>().finished.is_some());
            assert!(ended, "{players:?}: game {} ends", n + 1);
            let s = t.session();
            let a_first = MatchRun::a_first(n);
            let clock = s.clock.as_ref().expect("a clock");
            for (ply, (spent, _)) in clock.per_move().iter().enumerate() {
                let a = (ply % 2 == 0) == a_first;
                longest[usize::from(!a)] = longest[usize::from(!a)].max(*spent);
            }
            let id = s.id;
            if n < 3 {
                assert!(t.run_until(|w| w.resource::<Session>().id != id));
            }
        }
        let run = the_match(&t);
        assert_eq!(run.games.len(), 4, "{players:?}");
        for (i, g) in run.games.iter().enumerate() {
            assert!(
                !matches!(g.end, GameEnd::Time { .. } | GameEnd::Forfeit { .. }),
                "{players:?}, game {}: {:?} ({})",
                i + 1,
                g.end,
                t.session().status_text()
            );
        }
        println!(
            "{players:?}: {:?}, longest move of A {:.3} s, of B {:.3} s",
            run.score(),
            longest[0].as_secs_f64(),
            longest[1].as_secs_f64()
        );
    }
}

#[test]
fn a_game_without_engines_seats_its_own_levels_where_an_engine_was_chosen() {
    let mut t = TestApp::new();
    let brain = our_brain();
    super::engines::add_engine(&mut t, &brain, "Brain");
    t.act(Action::Title(TitleAction::EngineMatch));
    t.act(Action::Setup(SetupAction::Game(gomoku_kind::ID)));
    let engine = PlayerChoice::Engine(brain.display().to_string());
    t.act(Action::Setup(SetupAction::Player(0, engine.clone())));
    t.act(Action::Setup(SetupAction::Player(
        1,
        PlayerChoice::Level(5),
    )));
    // Connect Four has three levels and no engines: Perfect sits in both seats.
    t.act(Action::Setup(SetupAction::Game(
        crate::gui::kind::connect4::ID,
    )));
    t.app.update();
    let settings = t.app.world().resource::<crate::gui::persist::Settings>();
    let kind = crate::gui::kind::connect4::kind();
    let seated = crate::gui::session::effective_players(
        &settings.setup.engine_match,
        kind,
        &settings.engines,
    );
    assert_eq!(seated, [PlayerChoice::Level(3), PlayerChoice::Level(3)]);
    t.act(Action::Setup(SetupAction::MatchGames(2)));
    t.act(Action::Setup(SetupAction::Start));
    assert_eq!(t.screen(), Screen::Match, "{}", t.texts().join("\n"));
    t.act(Action::Match(MatchAction::Stop));
    // Back in Gomoku the engine is still the first player's choice.
    let stored = &t
        .app
        .world()
        .resource::<crate::gui::persist::Settings>()
        .setup
        .engine_match;
    assert_eq!(stored.players[0], engine);
}

/// Swap2 in a match: our brain (asked `SWAP2BOARD`) against Novice, two games from the empty
/// board; A opens the first, B the second, each acting in its roles by itself; each record
/// keeps its opening, and each game's point goes to the player who won it, whichever colour
/// the opening's choices gave it.
#[test]
fn a_swap2_match_plays_the_opening_in_turns_and_scores_each_player() {
    let mut t = TestApp::new();
    let brain = our_brain();
    super::engines::add_engine(&mut t, &brain, "gomoku brain");
    let swap2 = gomoku_kind::kind()
        .def()
        .setup_rows()
        .into_iter()
        .find(|r| r.key == "opening")
        .and_then(|r| {
            r.choices
                .iter()
                .find(|c| c.label.english() == "Swap2")
                .map(|c| c.value)
        })
        .expect("Swap2 is an opening rule");
    start_match_with(
        &mut t,
        [
            PlayerChoice::Engine(brain.display().to_string()),
            PlayerChoice::Level(1),
        ],
        2,
        TimeControl::NoClock,
        &[SetupAction::MatchOpening(swap2)],
    );
    let settings = t.app.world().resource::<crate::gui::persist::Settings>();
    let stored = &settings.setup.engine_match.opening;
    assert_eq!(
        stored.get(gomoku_kind::ID),
        Some(&swap2),
        "kept with the match"
    );
    let new_game = gomoku_kind::kind().options(&settings.setup)["opening"];
    assert_ne!(new_game, swap2, "New game's opening is its own");
    let s = t.session();
    assert!(s.in_opening() && s.game.ply() == 0, "from the empty board");
    // A finished game stays on show for at least the frame it ended in (any pause does).
    if let Some(run) = t.app.world_mut().resource_mut::<EngineMatch>().run.as_mut() {
        run.pause = Duration::from_millis(50);
    }

    let names = ["gomoku brain", "Novice"];
    for n in 0..2 {
        let ended = t.run_until(|w| w.resource::<Session>().finished.is_some());
        assert!(ended, "game {} ends", n + 1);
        let s = t.session();
        let phase = s.opening_played.as_ref();
        let phase = phase.unwrap_or_else(|| panic!("game {}: {:?}", n + 1, s.end()));
        assert_eq!(phase.name(), "Swap2");
        // The opener sits in the person's seat: A in game 1, B in game 2.
        assert_eq!(s.human_player, crate::gui::kind::Side::First);
        let opener = s.autoplay.as_ref().unwrap().short_name().english();
        assert_eq!(opener, names[n], "game {}", n + 1);
        // Its opponent took Swap2's first decision, in its own name.
        let decisions = phase.decisions();
        assert_eq!(decisions[0].0, crate::gui::kind::Side::Second);
        let line = s.opening_line().unwrap().english();
        let other = names[1 - n];
        assert!(line.starts_with(&format!("Swap2 · {other}")), "{line}");
        assert!(!line.contains("You"), "{line}");
        println!("game {}: {line}; {:?}", n + 1, s.end());
        if n == 0 {
            let id = s.id;
            assert!(t.run_until(|w| w.resource::<Session>().id != id));
        }
    }
    assert!(match_over(&mut t), "two games end");
    let run = the_match(&t);
    assert_eq!(run.games.len(), 2);
    let score = run.score();
    assert_eq!(score.games(), 2);
    let won_by = |p| run.games.iter().filter(|g| g.winner == Some(p)).count() as u32;
    assert_eq!((score.wins, score.losses), (won_by(0), won_by(1)));
    let seat = run.players[0].engine.as_ref().expect("an engine seat");
    assert!(!seat.refused_opening(), "it answered SWAP2BOARD itself");
    let openers: Vec<_> = run.games.iter().map(|g| g.opener).collect();
    assert_eq!(openers, [Some(0), Some(1)], "the players open in turn");
    for (i, g) in run.games.iter().enumerate() {
        let path = g.record.as_ref().expect("every game is saved");
        let record = files::open_record(path, &t.games()).expect("the record reads back");
        let opening = record
            .opening
            .as_ref()
            .expect("the record keeps its opening");
        assert_eq!(opening.name(), "Swap2", "game {}", i + 1);
        assert!(opening.is_done(), "game {}", i + 1);
        // The colours are the opening's: the record's names say who had which.
        let black_is_a = record.names[0].contains(names[0]);
        assert!(record.names[usize::from(black_is_a)].contains(names[1]));
        assert_eq!(g.a_first, black_is_a, "game {}: {:?}", i + 1, record.names);
        // The point goes to the player whose line the record shows.
        let mut game = record.start.fresh();
        for &(side, mv) in &record.moves {
            game.place(side, mv).expect("a legal record");
        }
        let winner = match game.standing() {
            crate::gui::kind::Standing::Won { winner, .. } => {
                let name = &record.names[winner.index()];
                Some(usize::from(!name.contains(names[0])))
            }
            _ => None,
        };
        if matches!(g.end, GameEnd::Line { .. } | GameEnd::Draw) {
            assert_eq!(winner, g.winner, "game {}: {:?}", i + 1, g.end);
        }
    }
}
