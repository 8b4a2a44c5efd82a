//! Replay of a finished or loaded game of either kind: first / previous / next / last,
//! autoplay at an adjustable speed, move numbers and the list of moves around the current one.

use bevy::prelude::*;

use super::move_list::{self, MoveList, Row};
use super::playing::spawn_header;
use super::review::{best_line, grade_mark, one_decimal, spawn_review_section, start_review};
use super::{set_text, spawn_board_screen};
use crate::gui::analysis::AnalysisBoard;
use crate::gui::audio::Sfx;
use crate::gui::board::{BoardSystems, Shown, ShownStatus, ViewKey};
use crate::gui::flow::{Action, ReplayAction, Screen, press};
use crate::gui::frames::FrameRequests;
use crate::gui::i18n::I18n;
use crate::gui::kind::{Games, files};
use crate::gui::persist::Settings;
use crate::gui::review::Review;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, ButtonLabel, bold, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    let games = app.world().resource::<Games>().clone();
    let first = games.chosen(&Default::default());
    let empty = Replay::empty(first.def().new_game(&first.options(&Default::default())));
    app.insert_resource(empty)
        .add_systems(OnEnter(Screen::Replay), spawn_replay)
        .add_systems(
            Update,
            (
                shortcuts,
                autoplay,
                sync_view,
                update_panel,
                heading_follows_review,
            )
                .chain()
                .before(BoardSystems)
                .run_if(in_state(Screen::Replay)),
        )
        .add_observer(on_action);
}

pub use super::replay_state::{Replay, SPEEDS};

#[derive(Component)]
pub(crate) struct CounterText;
#[derive(Component)]
pub(crate) struct SpeedText;

fn spawn_replay(mut commands: Commands, replay: Res<Replay>, i18n: Res<I18n>) {
    let kind = replay.start.kind();
    let panel = spawn_board_screen(&mut commands, Screen::Replay, kind);
    commands.entity(panel).with_children(|p| {
        spawn_header(
            p,
            &i18n,
            &i18n.t("replay-title"),
            &replay.start,
            &replay.title,
            false,
            |side| match replay.names[side.index()].as_str() {
                "" => i18n.msg(&replay.start.side_name(side)),
                name => i18n.msg(&files::shown_name(name, replay.start.kind())),
            },
        );
        p.spawn(text(i18n.msg(&replay.result), 16.0, palette::ACCENT));
        if let Some((line, _)) = &replay.opening {
            p.spawn(text(i18n.msg(line), 14.0, palette::TEXT_DIM));
        }
        spawn_replay_controls(p, &i18n);
    });
}

/// The heading says Review once this game is being reviewed (or has been), Replay before.
fn heading_follows_review(
    replay: Res<Replay>,
    review: Res<crate::gui::review::Review>,
    i18n: Res<I18n>,
    mut headings: Query<&mut Text, With<super::playing::Heading>>,
) {
    let reviewed = review.generation == replay.generation()
        && (review.is_running() || review.result.is_some());
    let key = if reviewed {
        "review-title"
    } else {
        "replay-title"
    };
    for mut t in &mut headings {
        set_text(&mut t, i18n.t(key));
    }
}

/// The move counter, step and autoplay buttons, speed, move list and Menu button.
fn spawn_replay_controls(p: &mut ChildSpawnerCommands, i18n: &I18n) {
    p.spawn((CounterText, bold("", 20.0, palette::TEXT)));
    p.spawn(Node {
        column_gap: px(6),
        ..default()
    })
    .with_children(|row| {
        let node = || Node {
            flex_grow: 1.0,
            height: px(40),
            ..default()
        };
        spawn_button(row, "|←", "", Action::Replay(ReplayAction::First), node());
        spawn_button(row, "←", "", Action::Replay(ReplayAction::Prev), node());
        spawn_button(
            row,
            i18n.t("replay-play"),
            "",
            Action::Replay(ReplayAction::TogglePlay),
            Node {
                min_width: px(78),
                ..node()
            },
        );
        spawn_button(row, "→", "", Action::Replay(ReplayAction::Next), node());
        spawn_button(row, "→|", "", Action::Replay(ReplayAction::Last), node());
    });
    p.spawn(text(i18n.t("replay-keys"), 13.0, palette::TEXT_FAINT));
    p.spawn(Node {
        column_gap: px(6),
        align_items: AlignItems::Center,
        ..default()
    })
    .with_children(|row| {
        let node = || Node {
            width: px(44),
            height: px(34),
            ..default()
        };
        spawn_button(row, "−", "", Action::Replay(ReplayAction::Slower), node());
        row.spawn((
            SpeedText,
            text("", 15.0, palette::TEXT_DIM),
            Node {
                min_width: px(140),
                justify_content: JustifyContent::Center,
                ..default()
            },
            TextLayout::justify(Justify::Center),
        ));
        spawn_button(row, "+", "", Action::Replay(ReplayAction::Faster), node());
    });
    spawn_review_section(p, i18n);
    move_list::spawn(p, 2);
    spawn_button(
        p,
        i18n.t("replay-menu"),
        "Esc",
        Action::Replay(ReplayAction::Menu),
        Node {
            width: percent(100),
            height: px(42),
            ..default()
        },
    );
}

/// Keyboard shortcuts of every replay screen.
fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::Home, ReplayAction::First),
        (KeyCode::ArrowLeft, ReplayAction::Prev),
        (KeyCode::ArrowRight, ReplayAction::Next),
        (KeyCode::End, ReplayAction::Last),
        (KeyCode::Space, ReplayAction::TogglePlay),
        (KeyCode::Minus, ReplayAction::Slower),
        (KeyCode::NumpadSubtract, ReplayAction::Slower),
        (KeyCode::Equal, ReplayAction::Faster),
        (KeyCode::NumpadAdd, ReplayAction::Faster),
        (KeyCode::KeyN, ReplayAction::ToggleNumbers),
        (KeyCode::KeyV, ReplayAction::Review),
        (KeyCode::KeyA, ReplayAction::Analyse),
        (KeyCode::Escape, ReplayAction::Menu),
    ];
    press(
        &keys,
        &mut commands,
        map.map(|(k, a)| (k, Action::Replay(a))),
    );
}

fn autoplay(
    time: Res<Time>,
    mut replay: ResMut<Replay>,
    mut sfx: MessageWriter<Sfx>,
    mut frames: ResMut<FrameRequests>,
) {
    if !replay.playing {
        return;
    }
    // Its moves come every fraction of a second and each one animates: frames throughout.
    frames.animate();
    replay.elapsed += time.delta_secs();
    let period = 1.0 / SPEEDS[replay.speed.min(SPEEDS.len() - 1)];
    if replay.elapsed < period {
        return;
    }
    replay.elapsed = 0.0;
    if replay.cursor < replay.moves.len() {
        replay.cursor += 1;
        replay.click(&mut sfx);
    }
    if replay.cursor >= replay.moves.len() {
        replay.playing = false;
    }
}

fn sync_view(
    replay: Res<Replay>,
    review: Res<Review>,
    mut shown: ResMut<Shown>,
    mut status: ResMut<ShownStatus>,
) {
    status.set_if_neq(ShownStatus::default());
    let (line, line_by) = best_line(&replay, &review);
    Shown::set(
        &mut shown,
        Shown {
            key: ViewKey::Replay(replay.generation),
            game: Some(replay.position()),
            interactive: false,
            hint: None,
            marks: false,
            numbers: replay.numbers,
            line,
            line_by,
            candidates: Vec::new(),
            overlay: false,
        },
    );
}

fn update_panel(
    mut commands: Commands,
    replay: Res<Replay>,
    review: Res<Review>,
    i18n: Res<I18n>,
    mut counters: Query<&mut Text, (With<CounterText>, Without<SpeedText>)>,
    mut speeds: Query<&mut Text, (With<SpeedText>, Without<CounterText>)>,
    lists: Query<Entity, With<MoveList>>,
    buttons: Query<(&ButtonAction, &Children)>,
    mut labels: Query<&mut Text, (With<ButtonLabel>, Without<CounterText>, Without<SpeedText>)>,
    new_list: Query<(), Added<MoveList>>,
    mut last: Local<Option<(u64, usize, bool, usize, bool)>>,
) {
    let graded = review
        .result
        .as_ref()
        .filter(|_| review.generation == replay.generation);
    let key = (
        replay.generation,
        replay.cursor,
        replay.playing,
        replay.speed,
        graded.is_some(),
    );
    if *last == Some(key) && new_list.is_empty() {
        return;
    }
    *last = Some(key);
    for mut t in &mut counters {
        set_text(&mut t, move_counter(&i18n, &replay));
    }
    for mut t in &mut speeds {
        let s = SPEEDS[replay.speed.min(SPEEDS.len() - 1)];
        set_text(&mut t, i18n.t_args("replay-speed", &[("speed", s.into())]));
    }
    for (action, children) in &buttons {
        if action.0 == Action::Replay(ReplayAction::TogglePlay) {
            for child in children.iter() {
                if let Ok(mut label) = labels.get_mut(child) {
                    let wanted = if replay.playing {
                        "replay-pause"
                    } else {
                        "replay-play"
                    };
                    set_text(&mut label, i18n.t(wanted));
                }
            }
        }
    }
    // Every move, the current one highlighted and kept in sight; a click goes there.
    let opening_stones = replay.opening.as_ref().map_or(0, |o| o.1);
    let opening_mark = "replay-opening-stone";
    let rows = replay
        .moves
        .iter()
        .enumerate()
        .map(|(i, &(side, mv))| {
            let n = i + 1;
            let color = if n == replay.cursor {
                palette::ACCENT
            } else if n < replay.cursor {
                palette::TEXT
            } else {
                palette::TEXT_FAINT
            };
            let grade = graded.and_then(|r| r.moves.get(i)).and_then(|m| m.grade);
            Row {
                text: format!(
                    "{n:>3}.  {}  {}",
                    i18n.msg(&replay.start.side_name(side)),
                    i18n.msg(&replay.start.move_text(mv))
                ),
                color,
                mark: grade.map(grade_mark).or_else(|| {
                    (n <= opening_stones).then_some((opening_mark, palette::TEXT_FAINT))
                }),
                action: Action::Replay(ReplayAction::Goto(n)),
            }
        })
        .collect::<Vec<_>>();
    let current = replay.cursor.checked_sub(1);
    for list in &lists {
        move_list::fill(&mut commands, list, rows.clone(), current);
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut replay: ResMut<Replay>,
    (mut review, settings, mut analysis): (ResMut<Review>, Res<Settings>, ResMut<AnalysisBoard>),
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Replay(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Replay {
        return;
    }
    let before = replay.cursor;
    match action {
        ReplayAction::Review => start_review(&replay, &mut review, &settings),
        ReplayAction::Analyse => {
            // Games with an analysis board only.
            let game = replay.position();
            if game.has_analysis() {
                analysis.cancel();
                analysis.game = game;
                replay.playing = false;
                next.set(Screen::Analysis);
            }
        }
        ReplayAction::Goto(n) => replay.cursor = (*n).min(replay.moves.len()),
        ReplayAction::First => replay.cursor = 0,
        ReplayAction::Prev => replay.step(-1),
        ReplayAction::Next => replay.step(1),
        ReplayAction::Last => replay.cursor = replay.moves.len(),
        ReplayAction::TogglePlay => {
            if !replay.playing && replay.cursor >= replay.moves.len() {
                // Playing from the end starts again from the beginning.
                replay.cursor = 0;
            }
            replay.playing = !replay.playing;
            replay.elapsed = 0.0;
        }
        ReplayAction::ToggleNumbers => replay.numbers = !replay.numbers,
        ReplayAction::Slower => replay.speed = replay.speed.saturating_sub(1),
        ReplayAction::Faster => replay.speed = (replay.speed + 1).min(SPEEDS.len() - 1),
        ReplayAction::Menu => {
            replay.playing = false;
            next.set(Screen::Title);
        }
    }
    if replay.cursor == before + 1 {
        replay.click(&mut sfx);
    }
    if matches!(
        action,
        ReplayAction::First
            | ReplayAction::Prev
            | ReplayAction::Next
            | ReplayAction::Last
            | ReplayAction::Goto(_)
    ) {
        replay.playing = false;
    }
}

/// "Move 12 of 40", and when the record kept the times, the move's: "· 3.2 s · 2:41 left".
fn move_counter(i18n: &I18n, replay: &Replay) -> String {
    let mut parts = vec![i18n.t_args(
        "replay-move-counter",
        &[
            ("n", replay.cursor.into()),
            ("total", replay.moves.len().into()),
        ],
    )];
    let times = replay
        .cursor
        .checked_sub(1)
        .and_then(|i| replay.times.get(i));
    if let Some(&(spent, left)) = times {
        if let Some(spent) = spent {
            let seconds = one_decimal(spent.as_secs_f64());
            parts.push(i18n.t_args("review-seconds", &[("seconds", seconds)]));
        }
        if let Some(left) = left {
            let clock = crate::gui::clock::format_clock(left);
            parts.push(i18n.t_args("replay-left", &[("clock", clock.into())]));
        }
    }
    parts.join(" · ")
}
