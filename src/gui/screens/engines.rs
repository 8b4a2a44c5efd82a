//! Settings' Engines card: the external (Gomocup `pbrain-*`) engines the player added, each
//! with its name, file, what it plays, and its time per move, threads and memory; Remove; a
//! field to type an engine's path and Add; and the `pbrain-*` files found on this computer,
//! one click each. Adding surveys the engine in the background (`gui::engines`).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::gui::engines::{EngineSurvey, found_engines};
use crate::gui::flow::{Action, EngineAction, EngineValue as Value, Screen};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::Games;
use crate::gui::persist::{EngineEntry, Paths, Settings};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, on_click, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PathField>()
        .add_systems(
            Update,
            (type_path, show_path, show_values, show_status, rebuild)
                .run_if(in_state(Screen::Settings)),
        )
        .add_observer(on_action);
}

/// Longest path the field takes.
const MAX_PATH: usize = 1024;

/// Time per move choices, in seconds.
const TURN_STEPS: [u32; 9] = [1, 2, 3, 5, 10, 15, 20, 30, 60];
/// Memory choices, in MiB.
const MEMORY_STEPS: [u32; 7] = [64, 128, 256, 350, 512, 1024, 2048];

/// The path being typed; keys go to it while it has the focus (a click on it).
#[derive(Resource, Default)]
pub struct PathField {
    pub text: String,
    pub focused: bool,
    /// The whole path is selected (Ctrl+A): the next character or Backspace replaces it.
    pub all_selected: bool,
}

#[derive(Component)]
struct PathText;

#[derive(Component)]
struct StatusText;

/// A number shown between an engine's − and + buttons.
#[derive(Component, Clone, Copy)]
struct EngineValue(usize, Value);

/// How many engines the card was built with: another number rebuilds the screen.
#[derive(Component)]
struct BuiltWith(usize);

/// The card, inside Settings' column of cards.
pub fn engines_card(
    card: &mut ChildSpawnerCommands,
    settings: &Settings,
    paths: &Paths,
    games: &Games,
    i18n: &I18n,
) {
    card.spawn((
        bold(i18n.t("engines-title"), 19.0, palette::ACCENT),
        BuiltWith(settings.engines.len()),
    ));
    card.spawn(text(i18n.t("engines-about"), 14.0, palette::TEXT_DIM));
    for (i, engine) in settings.engines.iter().enumerate() {
        engine_rows(card, i, engine, &settings.engines, games, i18n);
    }
    card.spawn(text(i18n.t("engines-add"), 16.0, palette::TEXT_DIM));
    card.spawn(Node {
        column_gap: px(8),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|r| {
        let focus = Action::Engines(EngineAction::Focus);
        r.spawn((
            Button,
            Node {
                flex_grow: 1.0,
                min_width: px(240),
                height: px(38),
                padding: UiRect::horizontal(px(10)),
                align_items: AlignItems::Center,
                border: UiRect::all(px(1)),
                border_radius: BorderRadius::all(px(6)),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(palette::BACKGROUND_DEEP),
            BorderColor::all(palette::BUTTON_BORDER),
        ))
        .with_child((
            PathText,
            text("", 15.0, palette::TEXT),
            BackgroundColor(Color::NONE),
        ))
        .observe(on_click(focus));
        spawn_button(
            r,
            i18n.t("engines-add-button"),
            "",
            Action::Engines(EngineAction::Add),
            Node {
                min_width: px(90),
                height: px(38),
                ..default()
            },
        );
    });
    card.spawn((StatusText, text("", 14.0, palette::TEXT_DIM)));
    let found = found_engines(paths, &settings.engines);
    if !found.is_empty() {
        card.spawn(text(i18n.t("engines-found"), 14.0, palette::TEXT_DIM));
        card.spawn(Node {
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(8),
            row_gap: px(6),
            ..default()
        })
        .with_children(|r| {
            for path in found.into_iter().take(8) {
                let name = path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                // The folder tells apart two files of one name.
                let folder = path
                    .parent()
                    .map_or_else(String::new, |d| d.display().to_string());
                spawn_button(
                    r,
                    format!("+ {name} · {folder}"),
                    "",
                    Action::Engines(EngineAction::AddFound(path)),
                    Node {
                        height: px(34),
                        ..default()
                    },
                );
            }
        });
    }
}

/// One engine: its name and Remove, its file (or that it is missing), what it plays, and
/// its settings.
fn engine_rows(
    card: &mut ChildSpawnerCommands,
    i: usize,
    engine: &EngineEntry,
    all: &[EngineEntry],
    games: &Games,
    i18n: &I18n,
) {
    card.spawn(Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(4),
        padding: UiRect::all(px(8)),
        border: UiRect::all(px(1)),
        border_radius: BorderRadius::all(px(8)),
        ..default()
    })
    .insert(BorderColor::all(palette::BUTTON_BORDER))
    .with_children(|e| {
        e.spawn(Node {
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            column_gap: px(8),
            ..default()
        })
        .with_children(|top| {
            top.spawn(bold(engine.shown_name(all), 17.0, palette::TEXT));
            spawn_button(
                top,
                i18n.t("engines-remove"),
                "",
                Action::Engines(EngineAction::Remove(i)),
                Node {
                    height: px(32),
                    ..default()
                },
            );
        });
        let (line, colour) = if engine.present() {
            (engine.path.clone(), palette::TEXT_FAINT)
        } else {
            (
                i18n.msg(&Msg::key("engine-missing").with("path", engine.path.clone())),
                palette::BAD,
            )
        };
        e.spawn(text(line, 13.0, colour));
        e.spawn(text(plays(engine, games, i18n), 13.0, palette::TEXT_DIM));
        e.spawn(Node {
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(6),
            row_gap: px(4),
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|r| {
            for (label, value) in [
                ("engines-turn", Value::Turn),
                ("engines-threads", Value::Threads),
                ("engines-memory", Value::Memory),
            ] {
                // A setting's label, −, value and + stay together when the row wraps.
                r.spawn(Node {
                    column_gap: px(4),
                    align_items: AlignItems::Center,
                    flex_shrink: 0.0,
                    margin: UiRect::right(px(8)),
                    ..default()
                })
                .with_children(|g| {
                    g.spawn(text(i18n.t(label), 14.0, palette::TEXT_DIM));
                    let small = || Node {
                        width: px(30),
                        height: px(30),
                        ..default()
                    };
                    let step = |by| Action::Engines(EngineAction::Step(i, value, by));
                    spawn_button(g, "−", "", step(-1), small());
                    g.spawn(Node {
                        min_width: px(52),
                        justify_content: JustifyContent::Center,
                        ..default()
                    })
                    .with_child((EngineValue(i, value), text("", 15.0, palette::TEXT)));
                    spawn_button(g, "+", "", step(1), small());
                });
            }
        });
    });
}

/// "Plays freestyle, exactly five, Renju on 15×15, 19×19" (the rules in the words of the
/// games that play engines).
fn plays(engine: &EngineEntry, games: &Games, i18n: &I18n) -> String {
    let rules: Vec<String> = engine
        .rules
        .iter()
        .filter_map(|&bits| {
            games
                .iter()
                .find_map(|k| k.engines()?.rule_name(bits))
                .map(|m| i18n.msg(&m))
        })
        .collect();
    let sizes: Vec<String> = engine.sizes.iter().map(|s| format!("{s}×{s}")).collect();
    let plays = i18n.msg(
        &Msg::key("engines-plays")
            .with("rules", rules.join(", "))
            .with("sizes", sizes.join(", ")),
    );
    if engine.nbest == crate::protocol::client::NBest::Lines {
        format!("{plays} · {}", i18n.t("engines-three-lines"))
    } else {
        plays
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut settings: ResMut<Settings>,
    mut field: ResMut<PathField>,
    mut survey: ResMut<EngineSurvey>,
    games: Res<Games>,
) {
    let Action::Engines(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Settings {
        return;
    }
    match action {
        EngineAction::Focus => field.focused = true,
        EngineAction::Add => {
            let path = field.text.trim().to_string();
            if !path.is_empty() {
                survey.start(&path, &games);
                field.focused = false;
            }
        }
        EngineAction::AddFound(path) => survey.start(&path.display().to_string(), &games),
        EngineAction::Remove(i) => {
            if *i < settings.engines.len() {
                // The last word about adding one is old news now.
                if !survey.is_busy() {
                    survey.status = None;
                }
                let removed = settings.engines.remove(*i);
                // A game set to play it falls back to the levels.
                for game in settings.setup.games.values_mut() {
                    if game.engine.as_deref() == Some(removed.path.as_str()) {
                        game.engine = None;
                    }
                }
            }
        }
        EngineAction::Step(i, value, by) => {
            let Some(engine) = settings.engines.get_mut(*i) else {
                return;
            };
            match value {
                Value::Turn => engine.turn_secs = step(&TURN_STEPS, engine.turn_secs, *by),
                Value::Memory => engine.memory_mib = step(&MEMORY_STEPS, engine.memory_mib, *by),
                Value::Threads => {
                    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as i64;
                    engine.threads = (engine.threads as i64 + *by as i64).clamp(1, cores) as u32;
                }
            }
        }
    }
}

/// The next value of `steps` from `now` in direction `by` (a value between steps moves to
/// the nearest one that way).
fn step(steps: &[u32], now: u32, by: i32) -> u32 {
    if by > 0 {
        steps
            .iter()
            .copied()
            .find(|&s| s > now)
            .unwrap_or(steps[steps.len() - 1])
    } else {
        steps
            .iter()
            .rev()
            .copied()
            .find(|&s| s < now)
            .unwrap_or(steps[0])
    }
}

/// Keys into the focused path field: characters, Backspace, Enter adds, Escape leaves it;
/// Ctrl+A selects the whole path, which what is typed next replaces. Other Ctrl and Super
/// combinations type nothing (they are the desktop's or the game's shortcuts).
fn type_path(
    mut keys: MessageReader<KeyboardInput>,
    mut modifiers: Local<[bool; 4]>,
    mut field: ResMut<PathField>,
    mut commands: Commands,
) {
    const MODIFIERS: [KeyCode; 4] = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    for key in keys.read() {
        // Followed key by key, in order: a fast Ctrl+A arrives with the release of Ctrl in
        // the same frame, after which `ButtonInput` already says Ctrl is up.
        if let Some(i) = MODIFIERS.iter().position(|&m| m == key.key_code) {
            modifiers[i] = key.state == ButtonState::Pressed;
            continue;
        }
        let chord = modifiers.iter().any(|&down| down);
        if !field.focused || key.state != ButtonState::Pressed {
            continue;
        }
        let replacing = field.all_selected;
        match &key.logical_key {
            Key::Character(s) if chord => {
                if s.eq_ignore_ascii_case("a") && !field.text.is_empty() {
                    field.all_selected = true;
                }
                continue;
            }
            Key::Enter => commands.trigger(Action::Engines(EngineAction::Add)),
            Key::Escape => field.focused = false,
            Key::Backspace | Key::Delete if replacing => field.text.clear(),
            Key::Backspace => {
                field.text.pop();
            }
            Key::Character(s) if field.text.chars().count() < MAX_PATH || replacing => {
                if replacing {
                    field.text.clear();
                }
                field.text.extend(s.chars().filter(|c| !c.is_control()));
            }
            Key::Space => {
                if replacing {
                    field.text.clear();
                }
                field.text.push(' ');
            }
            // Arrows, Shift and the like leave the selection as it is.
            _ => continue,
        }
        field.all_selected = false;
    }
}

fn show_path(
    field: Res<PathField>,
    i18n: Res<I18n>,
    mut texts: Query<(&mut Text, &mut TextColor, &mut BackgroundColor), With<PathText>>,
    added: Query<(), Added<PathText>>,
) {
    if !field.is_changed() && added.is_empty() {
        return;
    }
    for (mut t, mut colour, mut highlight) in &mut texts {
        // A selected path is marked as a text field marks it.
        highlight.0 = if field.all_selected && field.focused {
            palette::BUTTON_SELECTED
        } else {
            Color::NONE
        };
        if field.text.is_empty() && !field.focused {
            t.0 = i18n.t("engines-path-hint");
            colour.0 = palette::TEXT_FAINT;
        } else {
            // The end of a long path is the part that tells engines apart.
            let shown: String = {
                let chars: Vec<char> = field.text.chars().collect();
                let from = chars.len().saturating_sub(48);
                let tail: String = chars[from..].iter().collect();
                if from > 0 { format!("…{tail}") } else { tail }
            };
            t.0 = if field.focused {
                format!("{shown}|")
            } else {
                shown
            };
            colour.0 = palette::TEXT;
        }
    }
}

fn show_values(
    settings: Res<Settings>,
    i18n: Res<I18n>,
    mut values: Query<(&EngineValue, &mut Text)>,
    added: Query<(), Added<EngineValue>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    for (EngineValue(i, value), mut t) in &mut values {
        let Some(engine) = settings.engines.get(*i) else {
            continue;
        };
        t.0 = match value {
            Value::Turn => i18n.msg(&Msg::key("engines-seconds").with("seconds", engine.turn_secs)),
            Value::Threads => engine.threads.to_string(),
            Value::Memory => i18n.msg(&Msg::key("engines-mib").with("mib", engine.memory_mib)),
        };
    }
}

fn show_status(
    survey: Res<EngineSurvey>,
    i18n: Res<I18n>,
    mut texts: Query<&mut Text, With<StatusText>>,
    added: Query<(), Added<StatusText>>,
) {
    if !survey.is_changed() && added.is_empty() {
        return;
    }
    for mut t in &mut texts {
        t.0 = survey
            .status
            .as_ref()
            .map_or_else(String::new, |m| i18n.msg(m));
    }
}

/// An engine added or removed: the screen is built again with the new list.
fn rebuild(
    settings: Res<Settings>,
    built: Query<&BuiltWith>,
    mut page: ResMut<super::PageScroll>,
    mut next: ResMut<NextState<Screen>>,
    mut field: ResMut<PathField>,
) {
    if !settings.is_changed() {
        return;
    }
    if let Some(before) = built
        .iter()
        .map(|b| b.0)
        .find(|&n| n != settings.engines.len())
    {
        // One more: the new entry and the word about it are at the page's end.
        if before < settings.engines.len() {
            page.to_end();
        }
        field.text.clear();
        field.all_selected = false;
        next.set(Screen::Settings);
    }
}
