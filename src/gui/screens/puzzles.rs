//! The puzzle trainer, from the menu: a puzzle's position with the side to move and what to
//! find ("win by fours", "win by threes and fours", "win in 3"); the person plays the
//! attacker's moves and the engine answers with the hardest defence; a wrong move is shown
//! refuted (the defence that stops the attack, or the opponent's win first) and counted;
//! Hint (the area, then the move), Solution (played out), Try again, Next; filters by game
//! or rule and by difficulty; the player's rating, streak and count of solved puzzles; and
//! the player's own puzzles (the missed wins of reviewed games) with a link back to the game.
//! The state is `gui::puzzles`; its status line is a message, put into the language in use
//! here (again when the language changes).

use bevy::prelude::*;

use super::replay_state::Replay;
use super::{PieceIcon, piece_icon, set_text, spawn_board_screen, spawn_panel_button_pairs};
use crate::gui::audio::Sfx;
use crate::gui::board::{Shown, ShownMarks, ShownStatus, ViewKey};
use crate::gui::flow::{Action, PlayAction, PuzzleAction, Screen, press};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::files;
use crate::gui::kind::{GameKind, Games, Side};
use crate::gui::persist::{Notices, Paths};
use crate::gui::puzzles::{Phase, Trainer, family_name, goal, side_name};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, GameButton, bold, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Puzzles), enter)
        .add_systems(OnExit(Screen::Puzzles), clear_marks)
        .init_resource::<BoardKind>()
        .add_systems(
            Update,
            (
                shortcuts,
                follow_kind,
                sync_view,
                update_panel,
                grey_open_game,
            )
                .chain()
                .run_if(in_state(Screen::Puzzles)),
        )
        .add_observer(on_action);
}

/// The game whose board the screen was built with.
#[derive(Resource, Default)]
struct BoardKind(Option<GameKind>);

#[derive(Component)]
pub struct PuzzleTitle;
#[derive(Component)]
struct TurnIcon;
#[derive(Component)]
pub struct PuzzlePrompt;
#[derive(Component)]
pub struct PuzzleStatus;
#[derive(Component)]
pub struct PuzzleSource;
#[derive(Component)]
pub struct RatingPanel;
#[derive(Component)]
pub struct FilterText;

fn enter(
    mut commands: Commands,
    mut board_kind: ResMut<BoardKind>,
    mut trainer: ResMut<Trainer>,
    games: Res<Games>,
    paths: Res<Paths>,
    mut notices: ResMut<Notices>,
    i18n: Res<I18n>,
) {
    trainer.ensure_loaded(&games, &paths, &mut notices);
    if trainer.current.is_none() {
        trainer.next();
    }
    let kind = trainer
        .entry()
        .map_or_else(|| games.find_or_first(""), |e| e.kind);
    board_kind.0 = Some(kind);
    let panel = spawn_board_screen(&mut commands, Screen::Puzzles, kind);
    commands.entity(panel).with_children(|p| {
        p.spawn(bold(i18n.t("puzzle-title"), 28.0, palette::TEXT));
        p.spawn((PuzzleTitle, text("", 15.0, palette::TEXT_DIM)));
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(10)),
            ..default()
        })
        .with_children(|row| {
            row.spawn((TurnIcon, piece_icon(kind, Side::First, 22.0)));
            row.spawn((PuzzlePrompt, bold("", 19.0, palette::TEXT)));
        });
        p.spawn((
            PuzzleStatus,
            text("", 15.0, palette::ACCENT),
            Node {
                min_height: px(40),
                margin: UiRect::top(px(6)),
                ..default()
            },
        ));
        p.spawn((PuzzleSource, text("", 13.0, palette::TEXT_DIM)));
        p.spawn((
            RatingPanel,
            text("", 15.0, palette::TEXT),
            Node {
                margin: UiRect::top(px(8)),
                ..default()
            },
        ));
        p.spawn((
            FilterText,
            text("", 13.0, palette::TEXT_DIM),
            Node {
                margin: UiRect::top(px(6)),
                ..default()
            },
        ));
        let buttons = [
            ("puzzle-button-hint", "H", PuzzleAction::Hint),
            ("puzzle-button-solution", "S", PuzzleAction::Solution),
            ("puzzle-button-retry", "R", PuzzleAction::Retry),
            ("puzzle-button-next", "N", PuzzleAction::Next),
            ("puzzle-button-family", "F", PuzzleAction::Family),
            ("puzzle-button-difficulty", "D", PuzzleAction::Difficulty),
            ("puzzle-button-open-game", "G", PuzzleAction::OpenGame),
            ("puzzle-button-menu", "Esc", PuzzleAction::Menu),
        ]
        .map(|(key, shortcut, action)| (i18n.t(key), shortcut, Action::Puzzle(action)));
        spawn_panel_button_pairs(
            p,
            buttons
                .iter()
                .map(|(label, shortcut, action)| (label.as_str(), *shortcut, action.clone()))
                .collect(),
        );
        p.spawn(text(
            i18n.t("puzzle-click-to-play"),
            13.0,
            palette::TEXT_FAINT,
        ));
    });
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, trainer: Res<Trainer>, mut commands: Commands) {
    // Open the game is greyed where there is no game to open, and its key does nothing.
    let can_open = !keys.just_pressed(KeyCode::KeyG) || trainer.can_open_game();
    let map = [
        (KeyCode::KeyH, PuzzleAction::Hint),
        (KeyCode::KeyS, PuzzleAction::Solution),
        (KeyCode::KeyR, PuzzleAction::Retry),
        (KeyCode::KeyN, PuzzleAction::Next),
        (KeyCode::KeyF, PuzzleAction::Family),
        (KeyCode::KeyD, PuzzleAction::Difficulty),
        (KeyCode::KeyG, PuzzleAction::OpenGame),
        (KeyCode::Escape, PuzzleAction::Menu),
    ];
    press(
        &keys,
        &mut commands,
        map.into_iter()
            .filter(|(k, _)| can_open || *k != KeyCode::KeyG)
            .map(|(k, a)| (k, Action::Puzzle(a))),
    );
}

/// Open the game is greyed (and ignores clicks) where there is no game of the player's to
/// open: it could only refuse.
fn grey_open_game(
    trainer: Res<Trainer>,
    mut buttons: Query<(&ButtonAction, &mut GameButton)>,
    added: Query<(), Added<ButtonAction>>,
) {
    if !trainer.is_changed() && added.is_empty() {
        return;
    }
    let inactive = !trainer.can_open_game();
    for (action, mut button) in &mut buttons {
        if matches!(action.0, Action::Puzzle(PuzzleAction::OpenGame)) && button.inactive != inactive
        {
            button.inactive = inactive;
        }
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut trainer: ResMut<Trainer>,
    games: Res<Games>,
    mut replay: ResMut<Replay>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    if *screen.get() != Screen::Puzzles {
        return;
    }
    match &*action {
        Action::Play(PlayAction::Place(mv)) => trainer.try_move(*mv, &mut sfx),
        Action::Puzzle(a) => match a {
            PuzzleAction::Hint => trainer.hint(),
            PuzzleAction::Solution => trainer.show_solution(),
            PuzzleAction::Retry => trainer.retry(),
            PuzzleAction::Next => trainer.next(),
            PuzzleAction::Family => {
                let families = trainer.families(&games);
                trainer.next_family(&families);
            }
            PuzzleAction::Difficulty => trainer.next_difficulty(),
            PuzzleAction::OpenGame => {
                let source = trainer.entry().and_then(|e| e.source.clone());
                let Some(source) = source else {
                    trainer.status = Some(Msg::key("puzzle-status-not-yours"));
                    return;
                };
                let Some(path) = source.record else {
                    trainer.status = Some(Msg::key("puzzle-status-no-record"));
                    return;
                };
                match files::open_record(&path, &games) {
                    Ok(recorded) => {
                        replay.load(recorded, &path);
                        // The position before the move that missed the win.
                        replay.cursor = source.ply.min(replay.moves.len());
                        next.set(Screen::Replay);
                    }
                    Err(e) => {
                        trainer.status =
                            Some(Msg::key("puzzle-status-open-failed").with("reason", e));
                    }
                }
            }
            PuzzleAction::Menu => next.set(Screen::Title),
        },
        _ => {}
    }
}

/// Another game's puzzle needs that game's board: the screen is entered again.
fn follow_kind(
    trainer: Res<Trainer>,
    board_kind: Res<BoardKind>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(kind) = trainer.entry().map(|e| e.kind)
        && Some(kind) != board_kind.0
    {
        next.set(Screen::Puzzles);
    }
}

/// The puzzle's position, the hint (its area or its move), a counter-win and the refuting
/// point on the board.
fn sync_view(
    trainer: Res<Trainer>,
    mut shown: ResMut<Shown>,
    mut status: ResMut<ShownStatus>,
    mut marks: ResMut<ShownMarks>,
) {
    status.set_if_neq(ShownStatus::default());
    let defender = trainer.attacker().map(Side::other);
    Shown::set(
        &mut shown,
        Shown {
            key: ViewKey::None,
            game: trainer.game.clone(),
            interactive: matches!(trainer.phase, Phase::Solving | Phase::Refuted),
            hint: trainer.hint_move,
            // Renju's forbidden points matter in its puzzles.
            marks: true,
            numbers: false,
            line: trainer.refutation.clone(),
            line_by: defender,
            candidates: Vec::new(),
            overlay: false,
        },
    );
    ShownMarks::set(
        &mut marks,
        ShownMarks {
            hint_area: trainer.hint_area,
            refute: trainer.refute,
        },
    );
}

/// The trainer's marks are not the other screens'.
fn clear_marks(mut marks: ResMut<ShownMarks>) {
    ShownMarks::set(&mut marks, ShownMarks::default());
}

fn update_panel(
    trainer: Res<Trainer>,
    i18n: Res<I18n>,
    mut texts: ParamSet<(
        Query<&mut Text, With<PuzzleTitle>>,
        Query<&mut Text, With<PuzzlePrompt>>,
        Query<&mut Text, With<PuzzleStatus>>,
        Query<&mut Text, With<PuzzleSource>>,
        Query<&mut Text, With<RatingPanel>>,
        Query<&mut Text, With<FilterText>>,
    )>,
    mut icons: Query<&mut PieceIcon, With<TurnIcon>>,
    added: Query<(), Added<RatingPanel>>,
) {
    if !trainer.is_changed() && !i18n.is_changed() && added.is_empty() {
        return;
    }
    let entry = trainer.entry();
    let title = entry.map_or_else(String::new, |e| {
        let subtitle = trainer
            .game
            .as_ref()
            .map_or(String::new(), |g| i18n.msg(&g.subtitle()));
        // The rule or game is in the subtitle already; a puzzle of yours says so first.
        let family = i18n.msg(&family_name(&e.family));
        let first = if subtitle.contains(family.as_str()) {
            subtitle
        } else {
            format!("{family} · {subtitle}")
        };
        let details = Msg::key(if e.puzzle.forbidden {
            "puzzle-details-forbidden"
        } else {
            "puzzle-details"
        })
        .with("difficulty", e.puzzle.difficulty)
        .with("rating", e.puzzle.rating);
        format!("{first}\n{}", i18n.msg(&details))
    });
    for mut t in &mut texts.p0() {
        set_text(&mut t, title.clone());
    }
    let attacker = trainer.attacker();
    let prompt = match (&trainer.phase, entry, attacker, trainer.goal_left()) {
        (Phase::Solved, ..) => i18n.t("puzzle-prompt-solved"),
        // Played out by the trainer, not solved by the person.
        (Phase::SolutionShown, ..) => i18n.t("puzzle-prompt-solution-shown"),
        (Phase::Empty, ..) => i18n.t("puzzle-prompt-none"),
        // The goal as it stands after the moves made ("win in 3" after one of 4).
        (_, Some(e), Some(side), Some(left)) => i18n.msg(
            &Msg::key("puzzle-prompt")
                .with("side", side_name(e.kind, side))
                .with("goal", goal(left)),
        ),
        _ => String::new(),
    };
    for mut t in &mut texts.p1() {
        set_text(&mut t, prompt.clone());
    }
    let status = match (&trainer.phase, &trainer.status) {
        (_, Some(status)) => i18n.msg(status),
        (Phase::Checking, None) => i18n.t("puzzle-status-checking"),
        _ => String::new(),
    };
    for mut t in &mut texts.p2() {
        set_text(&mut t, status.clone());
    }
    let source = entry
        .and_then(|e| e.source.as_ref())
        .map_or_else(String::new, |s| {
            let file = s
                .record
                .as_ref()
                .and_then(|p| p.file_name())
                .map(|f| f.to_string_lossy().into_owned());
            let msg = match file {
                Some(file) => Msg::key("puzzle-source").with("file", file),
                None => Msg::key("puzzle-source-unsaved"),
            };
            i18n.msg(&msg.with("date", s.date.clone()).with("move", s.ply + 1))
        });
    for mut t in &mut texts.p3() {
        set_text(&mut t, source.clone());
    }
    let p = &trainer.progress;
    let (rating, range) = p.rating.shown();
    let mut standing = i18n.msg(
        &Msg::key(if p.rating.provisional() {
            "puzzle-rating-provisional"
        } else {
            "puzzle-rating"
        })
        .with("rating", rating)
        .with("range", range),
    );
    if let Some(d) = trainer.rated.map(f64::round).filter(|d| *d != 0.0) {
        let change = Msg::key(if d > 0.0 {
            "puzzle-rating-gain"
        } else {
            "puzzle-rating-loss"
        })
        .with("points", d.abs());
        standing = format!("{standing} {}", i18n.msg(&change));
    }
    let streak = Msg::key("puzzle-streak")
        .with("streak", p.streak)
        .with("best", p.best_streak)
        .with("solved", p.solved.len())
        .with("total", trainer.entries.len());
    let rating = format!("{standing}\n{}", i18n.msg(&streak));
    for mut t in &mut texts.p4() {
        set_text(&mut t, rating.clone());
    }
    let f = &p.filter;
    let filter = Msg::key("puzzle-filter")
        .with(
            "family",
            f.family
                .as_deref()
                .map_or_else(|| Msg::key("puzzle-filter-every-game"), family_name),
        )
        .with(
            "difficulty",
            f.difficulty.map_or_else(
                || Msg::key("puzzle-filter-every-difficulty"),
                |d| Msg::key("puzzle-filter-difficulty").with("difficulty", d),
            ),
        )
        .with("count", trainer.filtered().len())
        .with("yours", trainer.personal_count());
    let filter = i18n.msg(&filter);
    for mut t in &mut texts.p5() {
        set_text(&mut t, filter.clone());
    }
    if let (Some(side), Some(_)) = (attacker, entry) {
        for mut icon in &mut icons {
            if icon.side != side {
                icon.side = side;
            }
        }
    }
}
