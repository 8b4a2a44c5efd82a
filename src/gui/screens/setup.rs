//! New game setup: game, opponent (AI level or a second person, with the person's record
//! against each level), colour, and the game's own rows: rule and board size for Gomoku, the
//! board for Connect Four. The choices live in the settings, so the last ones are offered
//! again; choosing the other game rebuilds the screen with its rows.

use bevy::prelude::*;

use crate::engine::Rule;
use crate::engine::ai::Level;
use crate::engine::connect4::Level as C4Level;
use crate::gui::flow::{Action, Screen, SetupAction, press};
use crate::gui::kind::files::Stats;
use crate::gui::kind::{AnyLevel, GameKind, Side, side_name};
use crate::gui::persist::{BOARD_SIZES, ColourChoice, ROWS, Settings};
use crate::gui::session::Session;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{
    ButtonAction, GameButton, bold, on_click, panel, screen_root, spawn_button, text,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Setup), spawn_setup)
        .add_systems(
            Update,
            (mark_selected, describe_rule, shortcuts).run_if(in_state(Screen::Setup)),
        )
        .add_observer(on_action);
}

#[derive(Component)]
struct RuleText;

fn rule_description(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Five or more in a row wins.",
        Rule::Standard => "Exactly five in a row wins; six or more does not count.",
        Rule::Renju => {
            "Black may not make a double three, a double four or an overline. White wins with five or more."
        }
    }
}

fn spawn_setup(mut commands: Commands, stats: Res<Stats>, settings: Res<Settings>) {
    let kind = settings.setup.game;
    commands
        .spawn(screen_root(Screen::Setup))
        .with_children(|root| {
            root.spawn(Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(12),
                overflow: Overflow::clip(),
                ..default()
            })
            .with_children(|col| {
                col.spawn(bold("New game", 36.0, palette::TEXT));
                col.spawn(panel(px(720))).with_children(|card| {
                    row(card, "Game", |r| {
                        spawn_option(r, "Gomoku", SetupAction::Game(GameKind::Gomoku));
                        spawn_option(r, "Connect Four", SetupAction::Game(GameKind::ConnectFour));
                    });
                    match kind {
                        GameKind::Gomoku => {
                            let levels = Level::ALL.map(AnyLevel::Gomoku);
                            spawn_opponents(card, &levels, &stats, SetupAction::Opponent);
                        }
                        GameKind::ConnectFour => {
                            let levels = C4Level::ALL.map(AnyLevel::ConnectFour);
                            spawn_opponents(card, &levels, &stats, SetupAction::C4Opponent);
                        }
                    }
                    row(card, "Your colour", |r| {
                        let first = format!("{} (first)", side_name(kind, Side::First));
                        spawn_option(r, &first, SetupAction::Colour(ColourChoice::Black));
                        let second = side_name(kind, Side::Second);
                        spawn_option(r, second, SetupAction::Colour(ColourChoice::White));
                        spawn_option(r, "Random", SetupAction::Colour(ColourChoice::Random));
                    });
                    if kind == GameKind::ConnectFour {
                        spawn_connect4_rows(card);
                        return;
                    }
                    row(card, "Rule", |r| {
                        for rule in Rule::ALL {
                            spawn_option(r, rule.name(), SetupAction::Rule(rule));
                        }
                    });
                    card.spawn((
                        RuleText,
                        text("", 14.0, palette::TEXT_DIM),
                        Node {
                            margin: UiRect::left(px(150)),
                            ..default()
                        },
                    ));
                    row(card, "Board", |r| {
                        for size in BOARD_SIZES {
                            spawn_option(r, &format!("{size} × {size}"), SetupAction::Size(size));
                        }
                    });
                });
                col.spawn(Node {
                    column_gap: px(16),
                    ..default()
                })
                .with_children(|buttons| {
                    let node = || Node {
                        width: px(200),
                        height: px(46),
                        ..default()
                    };
                    spawn_button(
                        buttons,
                        "Back",
                        "Esc",
                        Action::Setup(SetupAction::Back),
                        node(),
                    );
                    spawn_button(
                        buttons,
                        "Start game",
                        "Enter",
                        Action::Setup(SetupAction::Start),
                        node(),
                    );
                });
            });
        });
}

/// The opponent row: every level with its description and the person's record against it,
/// then a second person.
fn spawn_opponents(
    card: &mut ChildSpawnerCommands,
    levels: &[AnyLevel],
    stats: &Stats,
    action: impl Fn(u8) -> SetupAction,
) {
    row(card, "Opponent", |r| {
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
                    format!("{}W {}L {}D", t.wins, t.losses, t.draws)
                };
                spawn_level(
                    list,
                    &format!("{} · {}", level.number(), level.name()),
                    level.description(),
                    &record,
                    action(level.number()),
                );
            }
            spawn_level(
                list,
                "Two players",
                "A friend at this computer; you take turns.",
                "",
                action(0),
            );
        });
    });
}

/// Connect Four's board choice and its rule in one line.
fn spawn_connect4_rows(card: &mut ChildSpawnerCommands) {
    row(card, "Board", |r| {
        for rows in ROWS {
            let label = if rows == 6 {
                "7 × 6 (classic)".to_string()
            } else {
                format!("7 × {rows}")
            };
            spawn_option(r, &label, SetupAction::C4Rows(rows));
        }
    });
    card.spawn((
        text(
            "Drop discs into the columns: four in a row across, up or diagonally wins.",
            14.0,
            palette::TEXT_DIM,
        ),
        Node {
            margin: UiRect::left(px(150)),
            ..default()
        },
    ));
}

/// A labelled row of choices.
fn row(card: &mut ChildSpawnerCommands, label: &str, fill: impl FnOnce(&mut ChildSpawnerCommands)) {
    card.spawn(Node {
        align_items: AlignItems::Start,
        column_gap: px(10),
        ..default()
    })
    .with_children(|r| {
        r.spawn((
            text(label, 17.0, palette::TEXT_DIM),
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

fn spawn_option(r: &mut ChildSpawnerCommands, label: &str, action: SetupAction) -> Entity {
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
fn spawn_level(
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
    mut buttons: Query<(&ButtonAction, &mut GameButton)>,
    // `Added<GameButton>` would conflict with the mutable query; the action is spawned with it.
    added: Query<(), Added<ButtonAction>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let setup = &settings.setup;
    for (action, mut button) in &mut buttons {
        let Action::Setup(action) = &action.0 else {
            continue;
        };
        let selected = match action {
            SetupAction::Game(g) => *g == setup.game,
            SetupAction::Opponent(n) => *n == setup.opponent,
            SetupAction::Colour(c) => *c == setup.colour,
            SetupAction::Rule(r) => *r == setup.rule(),
            SetupAction::Size(s) => *s == setup.size,
            SetupAction::C4Opponent(n) => *n == setup.connect4.opponent,
            SetupAction::C4Rows(r) => *r == setup.connect4.rows,
            SetupAction::Start | SetupAction::Back => continue,
        };
        if button.selected != selected {
            button.selected = selected;
        }
    }
}

fn describe_rule(
    settings: Res<Settings>,
    mut texts: Query<&mut Text, With<RuleText>>,
    added: Query<(), Added<RuleText>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    for mut t in &mut texts {
        t.0 = rule_description(settings.setup.rule()).to_string();
    }
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

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<Settings>,
    mut session: ResMut<Session>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Setup(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Setup {
        return;
    }
    let setup = &mut settings.setup;
    match action {
        SetupAction::Game(game) => {
            if setup.game != *game {
                setup.game = *game;
                // Enter again: the rows differ per game.
                next.set(Screen::Setup);
            }
        }
        SetupAction::Opponent(n) => setup.opponent = (*n).min(5),
        SetupAction::Colour(c) => setup.colour = *c,
        SetupAction::Rule(r) => setup.rule = r.name().to_string(),
        SetupAction::Size(s) => setup.size = *s,
        SetupAction::C4Opponent(n) => setup.connect4.opponent = (*n).min(3),
        SetupAction::C4Rows(r) if ROWS.contains(r) => setup.connect4.rows = *r,
        SetupAction::C4Rows(_) => {}
        SetupAction::Start => {
            *session = Session::from_setup(&settings.setup);
            next.set(Screen::Playing);
        }
        SetupAction::Back => next.set(Screen::Title),
    }
}
