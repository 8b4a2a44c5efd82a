//! What both setup screens (New game, Engine match) are made of: the page (heading, the
//! scrolling card of rows, "More below", Back and Start pinned below), a labelled row of
//! options and its widgets, the game row and the game's own rows with the note of the
//! choice made, the clock rows, and the systems both screens run: the chosen options
//! highlighted, the notes kept in words, Enter and Esc, and a choice of game or option
//! stored in the settings.

use bevy::prelude::*;

use crate::gui::flow::{Action, Screen, SetupAction, press};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::{Choice, GameKind, Games, Options, SetupRow};
use crate::gui::persist::{PlayerChoice, Settings, SetupChoice, TimeControl};
use crate::gui::session::{effective_players, match_options};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{
    ButtonAction, GameButton, bold, on_click, panel, screen_root, spawn_button, text,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (
                mark_selected,
                describe_choices,
                describe_clock,
                show_more_below,
            )
                .run_if(
                    in_state(Screen::Setup)
                        .or_else(in_state(Screen::MatchSetup))
                        .or_else(in_state(Screen::Online)),
                ),
            // Play online's keys may go to its text fields: it has its own.
            shortcuts.run_if(in_state(Screen::Setup).or_else(in_state(Screen::MatchSetup))),
        ),
    );
}

/// The note under a game's row (what the chosen rule means).
#[derive(Component)]
struct RowNote(&'static str);

/// The scrolling part of a setup screen.
#[derive(Component)]
pub(super) struct SetupScroll;

/// "More below": shown while the scrolling part hides rows under its bottom edge.
#[derive(Component)]
struct MoreBelow;

/// Shows [`MoreBelow`] while rows lie below the visible part of the page.
fn show_more_below(
    pages: Query<(&ComputedNode, &ScrollPosition), With<SetupScroll>>,
    mut hints: Query<&mut Node, With<MoreBelow>>,
) {
    let Ok((node, scroll)) = pages.single() else {
        return;
    };
    let scale = node.inverse_scale_factor();
    let hidden = (node.content_size.y - node.size.y) * scale - scroll.y;
    // A few pixels of padding out of sight are not rows.
    let display = if hidden > 12.0 {
        Display::Flex
    } else {
        Display::None
    };
    for mut hint in &mut hints {
        if hint.display != display {
            hint.display = display;
        }
    }
}

/// A setup screen: its heading and card of rows scrolling, Back and Start (labelled
/// `start`) pinned below.
pub(super) fn spawn_page(
    commands: &mut Commands,
    screen: Screen,
    [title, start]: [&str; 2],
    i18n: &I18n,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    commands.spawn(screen_root(screen)).with_children(|root| {
        // The choices scroll in a short window; Back and Start stay pinned below them,
        // always in sight.
        root.spawn(Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .with_children(|page| {
            // Anchored at the top, not centred: the dialog must not jump when a choice
            // changes its height (another game's rows, a rule's note).
            page.spawn((super::scrolling_area(16.0), SetupScroll))
                .with_children(|col| {
                    col.spawn(bold(i18n.t(title), 36.0, palette::TEXT));
                    col.spawn(panel(px(720))).with_children(fill);
                });
            // Said while rows are out of sight below (the clock at the default size).
            page.spawn((
                MoreBelow,
                text(i18n.t("setup-more-below"), 14.0, palette::TEXT_DIM),
                Node {
                    align_self: AlignSelf::Center,
                    margin: UiRect::top(px(6)),
                    display: Display::None,
                    ..default()
                },
            ));
            page.spawn(Node {
                width: percent(100),
                justify_content: JustifyContent::Center,
                column_gap: px(16),
                padding: UiRect::vertical(px(12)),
                flex_shrink: 0.0,
                ..default()
            })
            .with_children(|buttons| {
                let node = || Node {
                    width: px(200),
                    height: px(46),
                    ..default()
                };
                back_and_start(buttons, i18n, ["setup-back", start], node);
            });
        });
    });
}

/// A setup screen's or its dialog's two answers: Back (Esc) with `labels[0]`, Start (Enter)
/// with `labels[1]`, each laid out as `node` makes it.
pub(super) fn back_and_start(
    buttons: &mut ChildSpawnerCommands,
    i18n: &I18n,
    labels: [&str; 2],
    node: impl Fn() -> Node,
) {
    let answers = [
        (labels[0], "play-key-esc", SetupAction::Back),
        (labels[1], "play-key-enter", SetupAction::Start),
    ];
    for (label, key, action) in answers {
        spawn_button(
            buttons,
            i18n.t(label),
            &i18n.t(key),
            Action::Setup(action),
            node(),
        );
    }
}

/// The row of games.
pub(super) fn spawn_game_row(card: &mut ChildSpawnerCommands, games: &Games, i18n: &I18n) {
    row(card, &i18n.t("setup-game"), |r| {
        for game in games.iter() {
            let name = i18n.msg(&game.name());
            spawn_option(r, &name, SetupAction::Game(game.id()));
        }
    });
}

/// The game's own rows (rule, board size, opening), each with the note of its choice; with
/// `board_only` only those of the board itself (the analysis board's).
pub(super) fn spawn_game_own_rows(
    card: &mut ChildSpawnerCommands,
    kind: GameKind,
    i18n: &I18n,
    board_only: bool,
) {
    for game_row in kind.def().setup_rows() {
        if board_only && !game_row.on_analysis_board {
            continue;
        }
        spawn_choice_row(card, &game_row, i18n, |c| {
            (c.label.clone(), SetupAction::Choose(game_row.key, c.value))
        });
    }
}

/// An engine match's opening row: New game's opening row, its choices stored with the
/// match's ([`SetupAction::MatchOpening`]), no rule named for what a match plays then, the
/// balanced openings; nothing for a game without tournament openings.
pub(super) fn spawn_match_opening_row(
    card: &mut ChildSpawnerCommands,
    kind: GameKind,
    i18n: &I18n,
) {
    let Some(game_row) = opening_row(kind) else {
        return;
    };
    spawn_choice_row(card, &game_row, i18n, |c| {
        let label = if c.value == game_row.default {
            Msg::key("match-opening-balanced")
        } else {
            c.label.clone()
        };
        (label, SetupAction::MatchOpening(c.value))
    });
}

/// The game's opening row, if it has one.
fn opening_row(kind: GameKind) -> Option<SetupRow> {
    let key = kind.def().opening_key()?;
    kind.def().setup_rows().into_iter().find(|r| r.key == key)
}

/// One of the game's rows: its choices, each labelled and acting as `choose` says, and
/// the note of the choice made where the row has notes.
fn spawn_choice_row(
    card: &mut ChildSpawnerCommands,
    game_row: &SetupRow,
    i18n: &I18n,
    choose: impl Fn(&Choice) -> (Msg, SetupAction),
) {
    row(card, &i18n.t(game_row.label), |r| {
        for choice in &game_row.choices {
            let (label, action) = choose(choice);
            spawn_option(r, &i18n.msg(&label), action);
        }
    });
    if game_row.choices.iter().any(|c| c.note.is_some()) {
        // Room for two lines whatever the choice: a longer note must not move the rows
        // below it (the next click would miss).
        card.spawn((RowNote(game_row.key), note_within("", NOTE_LINES_PX)));
    }
}

/// Two lines of a row's note (14 px text).
const NOTE_LINES_PX: f32 = 38.0;

/// The game clock: the presets, then steppers for a clock of one's own.
pub(super) fn spawn_clock_rows(card: &mut ChildSpawnerCommands, i18n: &I18n) {
    row(card, &i18n.t("setup-clock"), |r| {
        // Narrower than the other options: the six fit on one line.
        for preset in TimeControl::PRESETS {
            spawn_button(
                r,
                i18n.msg(&preset.name()),
                "",
                Action::Setup(SetupAction::Clock(preset)),
                Node {
                    min_width: px(72),
                    height: px(34),
                    ..default()
                },
            );
        }
    });
    row(card, &i18n.t("setup-own-clock"), |r| {
        let step = |r: &mut ChildSpawnerCommands, label: &str, minutes, increment| {
            spawn_button(
                r,
                label,
                "",
                Action::Setup(SetupAction::CustomClock { minutes, increment }),
                Node {
                    min_width: px(64),
                    height: px(34),
                    ..default()
                },
            );
        };
        step(r, &i18n.t("setup-clock-minute-less"), -1, 0);
        step(r, &i18n.t("setup-clock-minute-more"), 1, 0);
        step(r, &i18n.t("setup-clock-second-less"), 0, -1);
        step(r, &i18n.t("setup-clock-second-more"), 0, 1);
        // A line of its own under the steppers: measured beside them it would be given
        // two lines' height for one.
        r.spawn((
            ClockNote,
            text("", 15.0, palette::TEXT),
            Node {
                width: percent(100),
                ..default()
            },
        ));
    });
}

/// The chosen clock in words, beside the steppers.
#[derive(Component)]
struct ClockNote;

fn describe_clock(
    settings: Res<Settings>,
    i18n: Res<I18n>,
    mut notes: Query<&mut Text, With<ClockNote>>,
    added: Query<(), Added<ClockNote>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let clock = settings.setup.clock;
    let line = i18n.msg(&match clock {
        TimeControl::Fischer { .. } => {
            Msg::key("setup-clock-note-fischer").with("clock", clock.name())
        }
        TimeControl::PerMove { .. } => {
            Msg::key("setup-clock-note-per-move").with("clock", clock.name())
        }
        TimeControl::NoClock => Msg::key("setup-clock-note-none"),
    });
    for mut t in &mut notes {
        if t.0 != line {
            t.0 = line.clone();
        }
    }
}

/// A dim line under the rows, aligned with the choices.
pub(super) fn note(line: &str) -> impl Bundle {
    note_within(line, 0.0)
}

/// A note that keeps at least `min_height` pixels, however short its text.
pub(super) fn note_within(line: &str, min_height: f32) -> impl Bundle {
    (
        text(line, 14.0, palette::TEXT_DIM),
        Node {
            margin: UiRect::left(px(150)),
            min_height: px(min_height),
            ..default()
        },
    )
}

/// A labelled row of choices.
pub(super) fn row(
    card: &mut ChildSpawnerCommands,
    label: &str,
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) {
    card.spawn(Node {
        align_items: AlignItems::Start,
        column_gap: px(10),
        ..default()
    })
    .with_children(|r| {
        r.spawn((
            text(label, 17.0, palette::TEXT_DIM),
            // One line: measured for wrapping, a CJK label is given the height of one
            // character per line ("あなたの色" five lines tall, a gap under the row).
            TextLayout::no_wrap(),
            Node {
                width: px(140),
                min_width: px(140),
                margin: UiRect::top(px(8)),
                ..default()
            },
        ));
        r.spawn(Node {
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(8),
            row_gap: px(6),
            flex_grow: 1.0,
            ..default()
        })
        .with_children(fill);
    });
}

pub(super) fn spawn_option(
    r: &mut ChildSpawnerCommands,
    label: &str,
    action: SetupAction,
) -> Entity {
    spawn_button(
        r,
        label,
        "",
        Action::Setup(action),
        Node {
            min_width: px(110),
            height: px(34),
            ..default()
        },
    )
}

/// A two-line button: name and record on top, the level's one-line description below.
pub(super) fn spawn_level(
    list: &mut ChildSpawnerCommands,
    name: &str,
    description: &str,
    record: &str,
    action: SetupAction,
) {
    let action = Action::Setup(action);
    list.spawn((
        Button,
        GameButton::default(),
        ButtonAction(action.clone()),
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(12), px(3)),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(7)),
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
    ))
    .with_children(|b| {
        b.spawn(Node {
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        })
        .with_children(|top| {
            top.spawn((
                crate::gui::theme::widgets::ButtonLabel,
                text(name, 16.0, palette::TEXT),
            ));
            top.spawn(text(record, 13.0, palette::TEXT_FAINT));
        });
        b.spawn(text(description, 13.0, palette::TEXT_DIM));
    })
    .observe(on_click(action));
}

/// Highlights the current choice of every group.
fn mark_selected(
    settings: Res<Settings>,
    games: Res<Games>,
    mut buttons: Query<(&ButtonAction, &mut GameButton)>,
    // `Added<GameButton>` would conflict with the mutable query; the action is spawned with it.
    added: Query<(), Added<ButtonAction>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let setup = &settings.setup;
    let kind = games.chosen(setup);
    let stored = kind.options(setup);
    // The choices as the game will be played: one that does not apply shows what replaces it.
    let options = kind.def().effective_options(&stored);
    let players = effective_players(&setup.engine_match, kind, &settings.engines);
    // The engine match's opening row: its own choice, as the match will play it.
    let match_stored = match_options(kind, setup);
    let match_played = kind.def().effective_options(&match_stored);
    let opening_key = kind.def().opening_key();
    for (action, mut button) in &mut buttons {
        let Action::Setup(action) = &action.0 else {
            continue;
        };
        let selected = match action {
            SetupAction::Game(id) => *id == kind.id(),
            SetupAction::Opponent(n) => {
                *n == kind.opponent(setup)
                    && kind.engine(setup, &settings.engines, &stored).is_none()
            }
            SetupAction::Engine(i) => settings.engines.get(*i).is_some_and(|e| {
                kind.engine(setup, &settings.engines, &stored)
                    .is_some_and(|chosen| chosen.path == e.path)
            }),
            SetupAction::Colour(c) => *c == setup.colour,
            SetupAction::Choose(key, value) => options.get(*key) == Some(value),
            SetupAction::Clock(c) => *c == setup.clock,
            SetupAction::Player(slot, choice) => players.get(*slot) == Some(choice),
            SetupAction::MatchGames(n) => *n == setup.engine_match.games,
            SetupAction::MatchClock(c) => *c == setup.engine_match.clock,
            SetupAction::MatchOpening(v) => {
                opening_key.is_some_and(|key| match_played.get(key) == Some(v))
            }
            SetupAction::CustomClock { .. } | SetupAction::Start | SetupAction::Back => continue,
        };
        // Between two people nobody is "you": the colour row has nothing to choose.
        let inactive = match action {
            SetupAction::Colour(_) => {
                kind.opponent(setup) == 0
                    && kind.engine(setup, &settings.engines, &stored).is_none()
            }
            // An engine that is missing, or did not accept this rule or size.
            SetupAction::Engine(i) => !settings
                .engines
                .get(*i)
                .is_some_and(|e| kind.engine_can_play(e, &stored)),
            SetupAction::Player(_, PlayerChoice::Engine(path)) => !settings
                .engines
                .iter()
                .any(|e| &e.path == path && kind.engine_can_play(e, &stored)),
            SetupAction::Choose(key, value) => !kind.def().choice_applies(&stored, key, *value),
            SetupAction::MatchOpening(value) => opening_key
                .is_some_and(|key| !kind.def().choice_applies(&match_stored, key, *value)),
            _ => false,
        };
        if button.selected != selected || button.inactive != inactive {
            button.selected = selected;
            button.inactive = inactive;
        }
    }
}

/// The note of each row's chosen value.
fn describe_choices(
    settings: Res<Settings>,
    games: Res<Games>,
    i18n: Res<I18n>,
    screen: Res<State<Screen>>,
    mut texts: Query<(&RowNote, &mut Text, &mut Node)>,
    added: Query<(), Added<RowNote>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let setup = &settings.setup;
    let kind = games.chosen(setup);
    let in_match = *screen.get() == Screen::MatchSetup;
    let stored = if in_match {
        match_options(kind, setup)
    } else {
        kind.options(setup)
    };
    let options = kind.def().effective_options(&stored);
    // Against an engine, the choices it does not make itself are said to be Master's; in
    // an engine match, for each engine player.
    let engines: Vec<String> = if in_match {
        effective_players(&setup.engine_match, kind, &settings.engines)
            .iter()
            .filter_map(|p| match p {
                PlayerChoice::Engine(path) => settings.engines.iter().find(|e| &e.path == path),
                PlayerChoice::Level(_) => None,
            })
            .map(|e| e.shown_name(&settings.engines))
            .collect()
    } else {
        kind.engine(setup, &settings.engines, &stored)
            .map(|e| e.shown_name(&settings.engines))
            .into_iter()
            .collect()
    };
    let stand_in = kind.engines().and_then(|e| e.stand_in(&options));
    for (RowNote(key), mut t, mut node) in &mut texts {
        let row = kind.def().setup_rows().into_iter().find(|r| r.key == *key);
        let mut note = row
            .and_then(|r| r.choice(options[*key]).and_then(|c| c.note.clone()))
            .map_or_else(String::new, |n| i18n.msg(&n));
        if in_match && Some(*key) == kind.def().opening_key() && opening_is_balanced(kind, &options)
        {
            note = i18n.t("match-opening-balanced-about");
        }
        if let Some((_, said)) = stand_in.filter(|(row, _)| row == key) {
            for name in &engines {
                let line = i18n.msg(&Msg::key(said).with("name", name.clone()));
                note = format!("{note}\n{line}");
            }
        }
        // Room for the engine's lines too: the layout gave a note of two paragraphs the
        // height of fewer lines than it drew, and it ran over the rows below.
        let lines = (note.matches('\n').count() + 1) as f32;
        let room = px(NOTE_LINES_PX * lines);
        if node.min_height != room {
            node.min_height = room;
        }
        if t.0 != note {
            t.0 = note;
        }
    }
}

/// Whether `options` play no tournament opening: an engine match's balanced openings.
pub(super) fn opening_is_balanced(kind: GameKind, options: &Options) -> bool {
    kind.def().opening(options).is_none()
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::Enter, SetupAction::Start),
        (KeyCode::NumpadEnter, SetupAction::Start),
        (KeyCode::Escape, SetupAction::Back),
    ];
    press(
        &keys,
        &mut commands,
        map.map(|(k, a)| (k, Action::Setup(a))),
    );
}

/// Chooses the game `id`; whether it changed (the screen's rows change with it).
pub(super) fn choose_game(setup: &mut SetupChoice, games: &Games, id: &str) -> bool {
    match games.find(id) {
        Some(game) if game != games.chosen(setup) => {
            setup.kind = game.id().to_string();
            true
        }
        _ => false,
    }
}

/// Sets one of the game's own rows, if `value` is one of its choices.
pub(super) fn choose_option(setup: &mut SetupChoice, kind: GameKind, key: &str, value: u32) {
    let valid = kind
        .def()
        .setup_rows()
        .iter()
        .any(|r| r.key == key && r.choice(value).is_some());
    if valid {
        let game = setup.games.entry(kind.id().to_string()).or_default();
        game.options.insert(key.to_string(), value);
    }
}
