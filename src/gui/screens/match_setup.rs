//! The engine match's setup (`Screen::MatchSetup`): game, the two players (levels and the
//! engines added in Settings), the board's own rows, the opening (balanced openings, or one
//! of New game's opening rules, chosen for matches apart), the number of games and the
//! clock; Start plays the match on its screen (`engine_match.rs`), or says why it cannot.

use bevy::prelude::*;

use super::setup_rows::{
    choose_game, choose_option, opening_is_balanced, row, spawn_game_own_rows, spawn_game_row,
    spawn_match_opening_row, spawn_option, spawn_page,
};
use crate::gui::flow::{Action, Screen, SetupAction};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::Games;
use crate::gui::persist::{EngineEntry, MatchChoice, PlayerChoice, Settings};
use crate::gui::session::{EngineMatch, MatchRun, Session, match_options};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::text;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::MatchSetup), spawn_match_setup)
        .add_systems(Update, describe_match.run_if(in_state(Screen::MatchSetup)))
        .add_observer(on_match_setup_action);
}

/// An engine match's setup: game, the two players, the game's own rows, games and clock.
fn spawn_match_setup(
    mut commands: Commands,
    settings: Res<Settings>,
    games: Res<Games>,
    i18n: Res<I18n>,
) {
    let kind = games.chosen(&settings.setup);
    let i18n = &*i18n;
    let engines: &[EngineEntry] = if kind.engines().is_some() {
        &settings.engines
    } else {
        &[]
    };
    spawn_page(
        &mut commands,
        Screen::MatchSetup,
        ["match-title", "match-start"],
        i18n,
        |card| {
            spawn_game_row(card, &games, i18n);
            for slot in 0..2 {
                let label = i18n.msg(&Msg::key("match-player").with("player", slot + 1));
                row(card, &label, |r| {
                    for level in kind.def().levels() {
                        let name = format!("{} · {}", level.number(), i18n.msg(&level.title()));
                        let choice = PlayerChoice::Level(level.number());
                        spawn_option(r, &name, SetupAction::Player(slot, choice));
                    }
                    for engine in engines {
                        let name = i18n.msg(
                            &Msg::key("setup-engine").with("name", engine.shown_name(engines)),
                        );
                        let choice = PlayerChoice::Engine(engine.path.clone());
                        spawn_option(r, &name, SetupAction::Player(slot, choice));
                    }
                });
            }
            // The board's own rows, then the match's own opening (not New game's).
            spawn_game_own_rows(card, kind, i18n, true);
            spawn_match_opening_row(card, kind, i18n);
            row(card, &i18n.t("match-games"), |r| {
                for n in MatchChoice::GAMES {
                    spawn_option(r, &n.to_string(), SetupAction::MatchGames(n));
                }
            });
            row(card, &i18n.t("setup-clock"), |r| {
                for clock in MatchChoice::CLOCKS {
                    spawn_option(r, &i18n.msg(&clock.name()), SetupAction::MatchClock(clock));
                }
            });
            card.spawn((MatchNote, text("", 14.0, palette::TEXT_DIM)));
            card.spawn((MatchProblem, text("", 15.0, palette::BAD)));
        },
    );
}

/// Why an engine match could not start (a player that cannot play the chosen rule).
#[derive(Component)]
struct MatchProblem;

/// How the games go: each balanced opening twice, or the players opening in turn.
#[derive(Component)]
struct MatchNote;

fn describe_match(
    settings: Res<Settings>,
    games: Res<Games>,
    i18n: Res<I18n>,
    mut notes: Query<&mut Text, With<MatchNote>>,
    added: Query<(), Added<MatchNote>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let kind = games.chosen(&settings.setup);
    let options = kind
        .def()
        .effective_options(&match_options(kind, &settings.setup));
    let key = if opening_is_balanced(kind, &options) {
        "match-note"
    } else {
        "match-note-opening"
    };
    let line = i18n.t(key);
    for mut t in &mut notes {
        if t.0 != line {
            t.0 = line.clone();
        }
    }
}

/// The engine match's setup: its rows, and Start, which plays the match on its screen.
fn on_match_setup_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    games: Res<Games>,
    i18n: Res<I18n>,
    mut settings: ResMut<Settings>,
    mut matches: ResMut<EngineMatch>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Screen>>,
    mut problems: Query<&mut Text, With<MatchProblem>>,
) {
    let Action::Setup(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::MatchSetup {
        return;
    }
    let kind = games.chosen(&settings.setup);
    let settings = &mut *settings;
    let setup = &mut settings.setup;
    match action {
        SetupAction::Game(id) => {
            if choose_game(setup, &games, id) {
                next.set(Screen::MatchSetup);
            }
        }
        SetupAction::Choose(key, value) => choose_option(setup, kind, key, *value),
        SetupAction::Player(slot, choice) => {
            if let Some(player) = setup.engine_match.players.get_mut(*slot) {
                *player = choice.clone();
            }
        }
        SetupAction::MatchGames(n) => setup.engine_match.games = *n,
        SetupAction::MatchClock(c) => setup.engine_match.clock = *c,
        SetupAction::MatchOpening(value) => {
            let valid = opening_row_has(kind, *value);
            if valid {
                let id = kind.id().to_string();
                setup.engine_match.opening.insert(id, *value);
            }
        }
        SetupAction::Start => {
            let options = match_options(kind, setup);
            match MatchRun::from_choice(
                kind,
                options,
                &setup.engine_match,
                &settings.engines,
                rand::random(),
            ) {
                Ok(mut run) => {
                    *session = run.session(0);
                    matches.run = Some(run);
                    next.set(Screen::Match);
                }
                Err(why) => {
                    for mut t in &mut problems {
                        t.0 = i18n.msg(&why);
                    }
                }
            }
        }
        SetupAction::Back => next.set(Screen::Title),
        SetupAction::Opponent(_)
        | SetupAction::Engine(_)
        | SetupAction::Colour(_)
        | SetupAction::Clock(_)
        | SetupAction::CustomClock { .. } => {}
    }
}

/// Whether `value` is one of the choices of `kind`'s opening row.
fn opening_row_has(kind: crate::gui::kind::GameKind, value: u32) -> bool {
    let def = kind.def();
    def.opening_key().is_some_and(|key| {
        def.setup_rows()
            .iter()
            .any(|r| r.key == key && r.choice(value).is_some())
    })
}
