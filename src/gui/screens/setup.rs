//! New game setup: game, opponent (AI level or a second person, with the person's record
//! against each level), colour, and the game's own rows (rule and board size, the board),
//! with a note under a row for the choice made. The choices live in the settings, so the
//! last ones are offered again; choosing another game rebuilds the screen with its rows.

use bevy::prelude::*;

use super::replace_dialog::{ReplaceAsked, ReplaceDialog, spawn_replace_question};
use super::setup_rows::{
    choose_game, choose_option, note, row, spawn_clock_rows, spawn_game_own_rows, spawn_game_row,
    spawn_level, spawn_option, spawn_page,
};
use crate::gui::flow::{Action, Screen, SetupAction};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::files::{Stats, autosave_file};
use crate::gui::kind::{AnyLevel, GameKind, Games, Side};
use crate::gui::persist::{ColourChoice, EngineEntry, Paths, Settings};
use crate::gui::session::Session;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Setup), spawn_setup)
        .add_observer(on_action);
}

fn spawn_setup(
    mut commands: Commands,
    stats: Res<Stats>,
    settings: Res<Settings>,
    games: Res<Games>,
    i18n: Res<I18n>,
) {
    let kind = games.chosen(&settings.setup);
    let i18n = &*i18n;
    spawn_page(
        &mut commands,
        Screen::Setup,
        ["setup-title", "setup-start"],
        i18n,
        |card| {
            spawn_rows(card, kind, &games, &stats, &settings.engines, i18n);
        },
    );
}

/// The card's rows: game, opponent, colour, the game's own rows with their notes, clock.
fn spawn_rows(
    card: &mut ChildSpawnerCommands,
    kind: GameKind,
    games: &Games,
    stats: &Stats,
    engines: &[EngineEntry],
    i18n: &I18n,
) {
    spawn_game_row(card, games, i18n);
    let engines = if kind.engines().is_some() {
        engines
    } else {
        &[]
    };
    spawn_opponents(card, &kind.def().levels(), engines, stats, i18n);
    row(card, &i18n.t("setup-colour"), |r| {
        let first =
            i18n.msg(&Msg::key("setup-colour-first").with("side", kind.side_name(Side::First)));
        spawn_option(r, &first, SetupAction::Colour(ColourChoice::Black));
        let second = i18n.msg(&kind.side_name(Side::Second));
        spawn_option(r, &second, SetupAction::Colour(ColourChoice::White));
        let random = i18n.t("setup-colour-random");
        spawn_option(r, &random, SetupAction::Colour(ColourChoice::Random));
    });
    spawn_game_own_rows(card, kind, i18n, false);
    if let Some(key) = kind.def().setup_note() {
        card.spawn(note(&i18n.t(key)));
    }
    spawn_clock_rows(card, i18n);
}

/// The opponent row: every level with its description and the person's record against it,
/// then a second person.
fn spawn_opponents(
    card: &mut ChildSpawnerCommands,
    levels: &[AnyLevel],
    engines: &[EngineEntry],
    stats: &Stats,
    i18n: &I18n,
) {
    let action = SetupAction::Opponent;
    row(card, &i18n.t("setup-opponent"), |r| {
        r.spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            flex_grow: 1.0,
            ..default()
        })
        .with_children(|list| {
            for &level in levels {
                let t = stats.tally(level);
                let record = if t.games() == 0 {
                    String::new()
                } else {
                    i18n.msg(
                        &Msg::key("setup-record")
                            .with("wins", t.wins)
                            .with("losses", t.losses)
                            .with("draws", t.draws),
                    )
                };
                spawn_level(
                    list,
                    &format!("{} · {}", level.number(), i18n.msg(&level.title())),
                    &i18n.msg(&level.blurb()),
                    &record,
                    action(level.number()),
                );
            }
            // The engines added in Settings, by the name they gave.
            for (i, engine) in engines.iter().enumerate() {
                let note = if engine.present() {
                    Msg::key("setup-engine-note").with("path", engine.path.clone())
                } else {
                    Msg::key("engine-missing").with("path", engine.path.clone())
                };
                spawn_level(
                    list,
                    &i18n.msg(&Msg::key("setup-engine").with("name", engine.shown_name(engines))),
                    &i18n.msg(&note),
                    "",
                    SetupAction::Engine(i),
                );
            }
            spawn_level(
                list,
                &i18n.t("setup-two-players"),
                &i18n.t("setup-two-players-note"),
                "",
                action(0),
            );
        });
    });
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    games: Res<Games>,
    paths: Res<Paths>,
    i18n: Res<I18n>,
    mut asked: ResMut<ReplaceAsked>,
    mut settings: ResMut<Settings>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Screen>>,
    dialogs: Query<Entity, With<ReplaceDialog>>,
    mut commands: Commands,
) {
    let Action::Setup(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Setup {
        return;
    }
    let kind = games.chosen(&settings.setup);
    if asked.0 {
        // The question is up: only its two answers count.
        match action {
            SetupAction::Start => {
                *session = Session::from_setup(&settings.setup, &games, &settings.engines);
                next.set(Screen::Playing);
            }
            SetupAction::Back => {
                asked.0 = false;
                for dialog in &dialogs {
                    commands.entity(dialog).despawn();
                }
            }
            _ => {}
        }
        return;
    }
    let setup = &mut settings.setup;
    match action {
        SetupAction::Game(id) => {
            if choose_game(setup, &games, id) {
                // Enter again: the rows differ per game.
                next.set(Screen::Setup);
            }
        }
        SetupAction::Opponent(n) => {
            if *n == 0 || kind.level(*n).is_some() {
                let game = setup.games.entry(kind.id().to_string()).or_default();
                game.opponent = Some(*n);
                game.engine = None;
            }
        }
        SetupAction::Engine(i) => {
            // Only an engine that is there and plays the rule and size chosen.
            let options = kind.options(&settings.setup);
            if let Some(engine) = settings
                .engines
                .get(*i)
                .filter(|e| kind.engine_can_play(e, &options))
            {
                let path = engine.path.clone();
                let game = settings
                    .setup
                    .games
                    .entry(kind.id().to_string())
                    .or_default();
                game.engine = Some(path);
            }
        }
        SetupAction::Colour(c) => setup.colour = *c,
        SetupAction::Choose(key, value) => choose_option(setup, kind, key, *value),
        SetupAction::Clock(c) => setup.clock = *c,
        SetupAction::CustomClock { minutes, increment } => {
            setup.clock = setup.clock.stepped(*minutes, *increment)
        }
        SetupAction::Start => {
            // The chosen game's unfinished game would be replaced: ask first.
            if autosave_file(&paths, kind).is_file() {
                asked.0 = true;
                spawn_replace_question(&mut commands, &i18n);
                return;
            }
            *session = Session::from_setup(&settings.setup, &games, &settings.engines);
            next.set(Screen::Playing);
        }
        SetupAction::Back => next.set(Screen::Title),
        // An engine match's rows are not on this screen.
        SetupAction::Player(..)
        | SetupAction::MatchGames(_)
        | SetupAction::MatchClock(_)
        | SetupAction::MatchOpening(_) => {}
    }
}
