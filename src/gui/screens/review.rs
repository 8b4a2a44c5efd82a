//! The review on the replay screen: a "Review" button, the progress while the engine works,
//! then an evaluation graph over the moves (click a point to go there), the verdict on the
//! move shown (grade, the engine's best move and outlook, a proven win missed) and each
//! player's accuracy and grades with the turning point. The board shows the engine's best
//! line as numbered ghost pieces; the move list carries the grades.

use std::time::Duration;

use bevy::prelude::*;
use fluent_bundle::FluentValue;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};

use super::replay_state::Replay;
use super::set_text;
use crate::engine::review::{GameReview, Grade, Outlook, ReviewLimits};
use crate::gui::board::BoardLooks;
use crate::gui::flow::{Action, ReplayAction, Screen};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::Games;
use crate::gui::kind::{AnyGame, Move, Side, describe_outlook};
use crate::gui::persist::{Notices, Paths, Settings, timestamp};
use crate::gui::puzzles::{Source, Trainer};
use crate::gui::review::Review;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, on_click, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (update_review, collect_missed_wins).run_if(in_state(Screen::Replay)),
    )
    .add_systems(OnExit(Screen::Replay), |mut review: ResMut<Review>| {
        // Leaving the review stops the engine at once.
        review.cancel();
    });
}

#[derive(Component)]
pub(crate) struct ReviewStatus;
#[derive(Component)]
pub(crate) struct ReviewGraph;
/// Under the graph, when the record kept them: the time each move took, as bars aligned
/// with the graph's.
#[derive(Component)]
pub(crate) struct ReviewTimes;
/// The progress bar's track while the review runs.
#[derive(Component)]
pub(crate) struct ReviewTrack;
#[derive(Component)]
pub(crate) struct ReviewSummary;
/// One point of the graph: the position after this many moves.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewBar(pub usize);

/// The review's part of the replay panel.
pub fn spawn_review_section(p: &mut ChildSpawnerCommands, i18n: &I18n) {
    spawn_button(
        p,
        i18n.t("review-button"),
        "V",
        Action::Replay(ReplayAction::Review),
        Node {
            width: percent(100),
            height: px(36),
            ..default()
        },
    );
    p.spawn((
        ReviewGraph,
        Node {
            height: px(54),
            min_height: px(54),
            flex_shrink: 0.0,
            column_gap: px(1),
            align_items: AlignItems::Stretch,
            ..default()
        },
    ));
    p.spawn((
        ReviewTimes,
        Node {
            height: px(18),
            min_height: px(18),
            flex_shrink: 0.0,
            column_gap: px(1),
            align_items: AlignItems::Stretch,
            display: Display::None,
            ..default()
        },
    ));
    p.spawn((ReviewStatus, text("", 14.0, palette::TEXT)));
    p.spawn((ReviewSummary, text("", 13.0, palette::TEXT_DIM)));
}

/// A finished review's missed wins become the player's own puzzles (the trainer turns each
/// into one in the background when the win is proven with a unique first move).
fn collect_missed_wins(
    replay: Res<Replay>,
    review: Res<Review>,
    mut trainer: ResMut<Trainer>,
    (games, paths, mut notices): (Res<Games>, Res<Paths>, ResMut<Notices>),
    mut done: Local<Option<(u64, u64)>>,
) {
    let Some(r) = review
        .result
        .as_ref()
        .filter(|_| review.generation == replay.generation())
    else {
        return;
    };
    let key = (replay.generation(), review.generation);
    if *done == Some(key) {
        return;
    }
    *done = Some(key);
    let missed: Vec<usize> = r
        .moves
        .iter()
        .filter(|m| m.grade == Some(Grade::MissedWin))
        .map(|m| m.ply)
        .collect();
    if missed.is_empty() {
        return;
    }
    trainer.ensure_loaded(&games, &paths, &mut notices);
    let date = timestamp().date;
    let positions = missed
        .into_iter()
        .map(|ply| {
            let source = Source {
                record: replay.source.clone(),
                ply,
                date: date.clone(),
            };
            (replay.position_at(ply), source)
        })
        .collect();
    trainer.add_missed_wins(replay.start.kind(), positions);
}

/// Starts the review of the replayed game with the settings' depth (or shows its cache).
pub fn start_review(replay: &Replay, review: &mut Review, settings: &Settings) {
    if review.generation == replay.generation() && (review.is_running() || review.result.is_some())
    {
        return;
    }
    let limits = match review.limits_override {
        Some(limits) => limits,
        None if settings.review_deep => ReviewLimits::DEEP,
        None => ReviewLimits::FAST,
    };
    review.start(
        replay.generation(),
        &replay.start,
        &replay.moves,
        replay.source.as_deref(),
        limits,
        replay.opening.as_ref().map_or(0, |o| o.1),
    );
}

/// The mark a grade gets in the move list, and its colour: a symbol, or words for a missed
/// win (a catalog key, which the move list shows in the language in use).
pub fn grade_mark(g: Grade) -> (&'static str, Color) {
    let mark = match g {
        Grade::Best => "!",
        Grade::Good => "",
        Grade::Inaccuracy => "?!",
        Grade::Mistake => "?",
        Grade::Blunder => "??",
        Grade::MissedWin => grade_key(g),
    };
    (mark, grade_color(g))
}

/// The colour of a grade, in the move list and around the graph's worst moves.
fn grade_color(g: Grade) -> Color {
    match g {
        Grade::Best => palette::GOOD,
        Grade::Good => palette::TEXT,
        Grade::Inaccuracy => palette::ACCENT,
        Grade::Mistake => Color::srgb(0.95, 0.55, 0.25),
        Grade::Blunder | Grade::MissedWin => palette::BAD,
    }
}

/// The catalog's name of a grade (the engine's own words stay English, for the CLIs).
pub fn grade_key(g: Grade) -> &'static str {
    match g {
        Grade::Best => "review-grade-best",
        Grade::Good => "review-grade-good",
        Grade::Inaccuracy => "review-grade-inaccuracy",
        Grade::Mistake => "review-grade-mistake",
        Grade::Blunder => "review-grade-blunder",
        Grade::MissedWin => "review-grade-missed-win",
    }
}

/// `n` moves of a grade as the summary counts them ("2 mistakes"); the summary leaves the
/// good and best moves out.
pub(crate) fn grade_count(i18n: &I18n, g: Grade, n: usize) -> Option<String> {
    let key = match g {
        Grade::Best | Grade::Good => return None,
        Grade::Inaccuracy => "review-count-inaccuracy",
        Grade::Mistake => "review-count-mistake",
        Grade::Blunder => "review-count-blunder",
        Grade::MissedWin => "review-count-missed-win",
    };
    Some(i18n.t_args(key, &[("n", n.into())]))
}

/// How a position stands, in words: who wins in how many of their own moves, or the
/// winning chance of the side to move (`kind::describe_outlook`, the GUI's wording of the
/// engine's `Outlook::describe`). `to_move` and `other` name the sides.
pub fn outlook_text(i18n: &I18n, o: Outlook, to_move: Msg, other: Msg) -> String {
    i18n.msg(&describe_outlook(o, to_move, other))
}

/// A number shown with one decimal ("2.0", "0.4"; a decimal comma where the language
/// writes one): rounded here, its one decimal kept by Fluent.
pub fn one_decimal(x: f64) -> FluentValue<'static> {
    let options = FluentNumberOptions {
        minimum_fraction_digits: Some(1),
        ..Default::default()
    };
    FluentValue::Number(FluentNumber::new((x * 10.0).round() / 10.0, options))
}

/// The line the verdict speaks of: when the move on show was not the best, the best move
/// instead of it and the line it starts, with the side that would have played it.
pub fn best_line(replay: &Replay, review: &Review) -> (Vec<Move>, Option<Side>) {
    let graded = review
        .result
        .as_ref()
        .filter(|_| review.generation == replay.generation());
    let shown = replay.cursor.checked_sub(1);
    match (graded, shown) {
        (Some(r), Some(i)) => match r.moves.get(i) {
            Some(m) if m.best.is_some_and(|b| b != m.played) => (
                m.line.iter().copied().take(6).collect(),
                Some(Side::of_ply(m.ply)),
            ),
            _ => (Vec::new(), None),
        },
        _ => (Vec::new(), None),
    }
}

// Bevy queries with filters, one parameter per query.
fn update_review(
    mut commands: Commands,
    replay: Res<Replay>,
    review: Res<Review>,
    i18n: Res<I18n>,
    mut texts: ParamSet<(
        Query<&mut Text, With<ReviewStatus>>,
        Query<&mut Text, With<ReviewSummary>>,
    )>,
    graphs: Query<Entity, With<ReviewGraph>>,
    mut time_strips: Query<(Entity, &mut Node), With<ReviewTimes>>,
    new_graph: Query<(), Added<ReviewGraph>>,
    looks: Res<BoardLooks>,
    mut last: Local<Option<(u64, u64, usize, Option<(usize, usize)>, bool)>>,
) {
    let mine = review.generation == replay.generation();
    let result = review.result.as_ref().filter(|_| mine);
    let progress = review.progress().filter(|_| mine);
    let key = (
        replay.generation(),
        review.generation,
        replay.cursor,
        progress,
        result.is_some(),
    );
    if *last == Some(key) && new_graph.is_empty() {
        return;
    }
    *last = Some(key);
    let game = &replay.start;
    // The graph and the time bars in the colours of the game's own pieces (Red and Yellow
    // in Connect Four, black and white stones in Gomoku).
    let colours = [Side::First, Side::Second].map(|side| looks.piece_color(game.kind(), side));
    let error = review.error.as_ref().filter(|_| mine);
    let opening = replay.opening.as_ref().map_or(0, |o| o.1);
    // The time the move on show took, after the move: "Move 3 · Black i8 (2.1 s): good".
    let time = spent(&replay, replay.cursor).map(|d| seconds(&i18n, d));
    let status = status_line(
        &i18n,
        game,
        replay.cursor,
        (result, progress, error),
        opening,
        time,
    );
    for mut t in &mut texts.p0() {
        set_text(&mut t, status.clone());
    }
    let summary = result.map_or_else(String::new, |r| summary_text(&i18n, game, r));
    for mut t in &mut texts.p1() {
        set_text(&mut t, summary.clone());
    }
    let times = result.is_some() && (1..=replay.moves.len()).any(|n| spent(&replay, n).is_some());
    for (strip, mut node) in &mut time_strips {
        commands.entity(strip).despawn_children();
        node.display = if times { Display::Flex } else { Display::None };
        if times {
            spawn_times(&mut commands, strip, &replay, colours);
        }
    }
    for graph in &graphs {
        commands.entity(graph).despawn_children();
        match result {
            Some(r) => spawn_graph(&mut commands, graph, r, replay.cursor, colours),
            None => {
                if let Some((done, total)) = progress {
                    // A progress bar on its track, in the graph's place.
                    let share = done as f32 / total.max(1) as f32;
                    commands.entity(graph).with_children(|g| {
                        g.spawn((
                            ReviewTrack,
                            Node {
                                width: percent(100),
                                ..default()
                            },
                            BackgroundColor(palette::TEXT_FAINT.with_alpha(0.25)),
                        ))
                        .with_child((
                            Node {
                                width: percent(share * 100.0),
                                ..default()
                            },
                            BackgroundColor(palette::ACCENT.with_alpha(0.6)),
                        ));
                    });
                }
            }
        }
    }
}

/// The review's state: its result, its progress while it runs, its error.
type ReviewState<'a> = (
    Option<&'a GameReview<Move>>,
    Option<(usize, usize)>,
    Option<&'a String>,
);

/// The line about the move on show (or the review's state), with the time the move took
/// when the record kept it.
fn status_line(
    i18n: &I18n,
    game: &AnyGame,
    cursor: usize,
    state: ReviewState,
    opening: usize,
    time: Option<String>,
) -> String {
    match state {
        // The engine's error stays in its own (English) words.
        (_, _, Some(e)) => i18n.t_args("review-failed", &[("error", e.as_str().into())]),
        (None, Some((done, total)), _) => i18n.t_args(
            "review-progress",
            &[("done", done.into()), ("total", total.into())],
        ),
        (None, None, _) => i18n.t("review-hint"),
        (Some(r), _, _) => match cursor.checked_sub(1).and_then(|i| r.moves.get(i)) {
            None => i18n.t("review-start"),
            Some(m) => {
                let side = Side::of_ply(m.ply);
                let who = i18n.msg(&game.side_name(side));
                let words = |o: Outlook| {
                    outlook_text(i18n, o, game.side_name(side), game.side_name(side.other()))
                };
                let grade = match m.grade {
                    Some(g) => i18n.t(grade_key(g)),
                    None if m.ply < opening => i18n.t("review-opening-stone"),
                    None => i18n.t("review-not-graded"),
                };
                let mut args = vec![
                    ("n", (m.ply + 1).into()),
                    ("side", who.clone().into()),
                    ("move", i18n.msg(&game.move_text(m.played)).into()),
                    ("grade", grade.into()),
                    ("outlook", words(m.after).into()),
                ];
                let key = match time {
                    Some(time) => {
                        args.push(("time", time.into()));
                        "review-move-timed"
                    }
                    None => "review-move",
                };
                let mut lines = vec![i18n.t_args(key, &args)];
                if let Some(b) = m.best.filter(|&b| b != m.played) {
                    lines.push(i18n.t_args(
                        "review-best",
                        &[
                            ("move", i18n.msg(&game.move_text(b)).into()),
                            ("outlook", words(m.before).into()),
                        ],
                    ));
                }
                if m.grade == Some(Grade::MissedWin) {
                    lines.push(i18n.t_args(
                        "review-missed",
                        &[("side", who.into()), ("outlook", words(m.before).into())],
                    ));
                }
                // Why it was worse: the opponent's best answer to the move played (the next
                // position's best move), with where it leads.
                let punished = matches!(
                    m.grade,
                    Some(Grade::Mistake | Grade::Blunder | Grade::MissedWin)
                );
                if punished && let Some(reply) = r.moves.get(m.ply + 1).and_then(|n| n.best) {
                    lines.push(i18n.t_args(
                        "review-refutation",
                        &[
                            ("side", i18n.msg(&game.side_name(side.other())).into()),
                            ("move", i18n.msg(&game.move_text(reply)).into()),
                            ("outlook", words(m.after).into()),
                        ],
                    ));
                }
                lines.join("\n")
            }
        },
    }
}

/// Accuracy and mistakes per side, and the turning point.
fn summary_text(i18n: &I18n, game: &AnyGame, r: &GameReview<Move>) -> String {
    let mut lines: Vec<String> = [Side::First, Side::Second]
        .iter()
        .map(|&side| {
            let s = &r.summary[side.index()];
            let mut parts = vec![i18n.t_args(
                "review-accuracy",
                &[
                    ("side", i18n.msg(&game.side_name(side)).into()),
                    ("accuracy", s.accuracy.round().into()),
                ],
            )];
            parts.extend(
                Grade::ALL
                    .iter()
                    .zip(s.counts)
                    .filter(|&(_, n)| n > 0)
                    .filter_map(|(&g, n)| grade_count(i18n, g, n)),
            );
            parts.join(" · ")
        })
        .collect();
    if let Some(tp) = r.turning_point {
        let m = &r.moves[tp];
        lines.push(i18n.t_args(
            "review-turning-point",
            &[
                ("n", (tp + 1).into()),
                ("side", i18n.msg(&game.side_name(Side::of_ply(tp))).into()),
                ("move", i18n.msg(&game.move_text(m.played)).into()),
            ],
        ));
    }
    lines.join("\n")
}

/// The thinking time of the move that led to position `n` (`None` at the start or when
/// the record has no time for it).
fn spent(replay: &Replay, n: usize) -> Option<Duration> {
    replay.times.get(n.checked_sub(1)?)?.0
}

/// "3.2 s" under a minute, "1:05" above.
pub fn seconds(i18n: &I18n, d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        i18n.t_args("review-seconds", &[("seconds", one_decimal(s))])
    } else {
        format!("{}:{:02}", d.as_secs() / 60, d.as_secs() % 60)
    }
}

/// One bar per position as on the graph: the time its move took, against the longest
/// think of the game, in the colour of the side that moved.
fn spawn_times(commands: &mut Commands, strip: Entity, replay: &Replay, colours: [Color; 2]) {
    let longest = (1..=replay.moves.len())
        .filter_map(|n| spent(replay, n))
        .max()
        .unwrap_or_default()
        .as_secs_f32()
        .max(0.001);
    commands.entity(strip).with_children(|g| {
        for n in 0..=replay.moves.len() {
            let share = spent(replay, n).map_or(0.0, |d| d.as_secs_f32() / longest);
            let fill = match replay.moves.get(n.wrapping_sub(1)).map(|m| m.0) {
                Some(Side::Second) => colours[1],
                _ => colours[0],
            };
            g.spawn(Node {
                flex_grow: 1.0,
                flex_basis: px(0),
                flex_direction: FlexDirection::ColumnReverse,
                ..default()
            })
            .with_child((
                Node {
                    height: percent(share * 100.0),
                    ..default()
                },
                BackgroundColor(fill),
            ));
        }
    });
}

/// One bar per position: the first player's share from the bottom, the move on show and the
/// worst moves framed; a click goes to that position.
fn spawn_graph(
    commands: &mut Commands,
    graph: Entity,
    r: &GameReview<Move>,
    cursor: usize,
    colours: [Color; 2],
) {
    commands.entity(graph).with_children(|g| {
        for (i, outlook) in r.curve.iter().enumerate() {
            // The first player's share from the bottom, as on the evaluation bar.
            let share = outlook.value() as f32;
            let grade = i.checked_sub(1).and_then(|m| r.moves[m].grade);
            let marked = matches!(
                grade,
                Some(Grade::Mistake | Grade::Blunder | Grade::MissedWin)
            );
            let border = if i == cursor {
                palette::ACCENT
            } else if marked {
                grade.map_or(palette::TEXT, grade_color)
            } else {
                Color::NONE
            };
            let action = Action::Replay(ReplayAction::Goto(i));
            g.spawn((
                ReviewBar(i),
                Button,
                ButtonAction(action.clone()),
                Node {
                    flex_grow: 1.0,
                    flex_direction: FlexDirection::ColumnReverse,
                    border: UiRect::all(px(1)),
                    ..default()
                },
                BackgroundColor(colours[1]),
                BorderColor::all(border),
            ))
            .with_child((
                Node {
                    height: percent(share * 100.0),
                    ..default()
                },
                BackgroundColor(colours[0]),
            ))
            .observe(on_click(action));
        }
    });
}
