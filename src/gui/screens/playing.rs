//! The game screen: the board and a side panel with players, whose turn it is, the AI's
//! thinking and last search, the move count, a status line and Undo / Redo / Hint / Resign /
//! Menu with their shortcuts.

use bevy::prelude::*;

use super::{Action, PlayAction, Screen, ctrl, spawn_board_screen, stone_icon};
use crate::engine::{Rule, Stone};
use crate::gui::ai_task::{AiWorker, JobKind};
use crate::gui::board::{BoardRoot, BoardView};
use crate::gui::effects;
use crate::gui::persist::Settings;
use crate::gui::session::{GameEnd, Session, SessionSystems};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_playing)
        .add_systems(
            Update,
            (
                shortcuts.before(SessionSystems),
                update_panel.after(SessionSystems),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            sync_view
                .after(SessionSystems)
                .run_if(in_state(Screen::Playing).or_else(in_state(Screen::Result))),
        );
}

#[derive(Component)]
struct TurnIcon;
#[derive(Component)]
struct TurnText;
#[derive(Component)]
struct MoveText;
#[derive(Component)]
struct InfoText;
#[derive(Component)]
struct StatusText;

fn spawn_playing(mut commands: Commands, session: Res<Session>) {
    let panel = spawn_board_screen(&mut commands, Screen::Playing);
    commands.entity(panel).with_children(|p| {
        spawn_game_header(p, &session);
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(10)),
            ..default()
        })
        .with_children(|row| {
            row.spawn((TurnIcon, stone_icon(Stone::Black, 22.0)));
            row.spawn((TurnText, bold("", 20.0, palette::TEXT)));
            row.spawn(effects::ui::thinking_dots());
        });
        p.spawn((MoveText, text("", 16.0, palette::TEXT_DIM)));
        p.spawn((InfoText, text("", 14.0, palette::TEXT_DIM)));
        p.spawn(effects::ui::eval_bar());
        p.spawn((
            StatusText,
            text("", 15.0, palette::ACCENT),
            Node {
                min_height: px(40),
                ..default()
            },
        ));
        // Push the buttons to the bottom of the panel.
        p.spawn(Node {
            flex_grow: 1.0,
            ..default()
        });
        let node = || Node {
            width: percent(100),
            height: px(42),
            ..default()
        };
        spawn_button(
            p,
            "Undo",
            "Ctrl+Z / U",
            Action::Play(PlayAction::Undo),
            node(),
        );
        spawn_button(p, "Redo", "Ctrl+Y", Action::Play(PlayAction::Redo), node());
        spawn_button(p, "Hint", "H", Action::Play(PlayAction::Hint), node());
        spawn_button(
            p,
            "Resign",
            "Ctrl+R",
            Action::Play(PlayAction::Resign),
            node(),
        );
        spawn_button(p, "Menu", "Esc", Action::Play(PlayAction::Menu), node());
        p.spawn(text(
            "Mouse or arrows + Enter to place a stone",
            13.0,
            palette::TEXT_FAINT,
        ));
    });
}

/// Title, rule and size, and the two players: shared by the game and result screens.
pub fn spawn_game_header(p: &mut ChildSpawnerCommands, session: &Session) {
    let size = session.game.size();
    p.spawn(bold("Gomoku", 28.0, palette::TEXT));
    p.spawn(text(
        format!("{} · {size} × {size}", session.game.rule().name()),
        16.0,
        palette::TEXT_DIM,
    ));
    if session.game.rule() == Rule::Renju {
        p.spawn(text(
            "Black may not play double three, double four or overline.",
            13.0,
            palette::TEXT_FAINT,
        ));
    }
    for stone in [Stone::Black, Stone::White] {
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(4)),
            ..default()
        })
        .with_children(|row| {
            row.spawn(stone_icon(stone, 16.0));
            row.spawn(text(session.player_name(stone), 17.0, palette::TEXT));
        });
    }
}

fn set_text(text: &mut Text, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}

#[allow(clippy::type_complexity)]
fn update_panel(
    session: Res<Session>,
    worker: Res<AiWorker>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<&mut Text, With<MoveText>>,
        Query<&mut Text, With<InfoText>>,
        Query<&mut Text, With<StatusText>>,
    )>,
    mut icons: Query<&mut BackgroundColor, With<TurnIcon>>,
) {
    let to_move = session.game.to_move();
    let turn = if !session.is_ongoing() {
        "Game over".to_string()
    } else if session.is_ai_turn() {
        let level = session.ai_level().map_or("AI", |l| l.name());
        match worker.elapsed() {
            // The bouncing dots next to the text show that a long think lives.
            Some(_) if worker.kind() == Some(JobKind::Move) => match worker.live() {
                Some((depth, _)) => format!("{level} thinks · depth {depth}"),
                None => format!("{level} is thinking"),
            },
            _ => format!("{level} to move"),
        }
    } else if session.ai_level().is_some() {
        "Your move".to_string()
    } else {
        format!("{to_move} to move")
    };
    for mut t in &mut texts.p0() {
        set_text(&mut t, turn.clone());
    }
    for mut icon in &mut icons {
        let color = match to_move {
            Stone::Black => Color::srgb(0.05, 0.05, 0.06),
            Stone::White => Color::srgb(0.95, 0.95, 0.93),
        };
        if icon.0 != color {
            icon.0 = color;
        }
    }
    let moves = format!(
        "Moves played: {}{}",
        session.game.ply(),
        match session.game.redo_stack().len() {
            0 => String::new(),
            n => format!("  ({n} to redo)"),
        }
    );
    for mut t in &mut texts.p1() {
        set_text(&mut t, moves.clone());
    }
    let info = match (&session.last_search, session.ai_level()) {
        (Some(s), _) => format!(
            "Level {} · {}\nLast search: depth {} · eval {} (AI)\n{} nodes in {:.2} s",
            s.level.number(),
            s.level.name(),
            s.depth,
            s.score,
            s.nodes,
            s.time.as_secs_f32()
        ),
        (None, Some(level)) => format!(
            "Level {} · {}\n{}",
            level.number(),
            level.name(),
            level.description()
        ),
        (None, None) => "Two players: take turns at this computer.".to_string(),
    };
    for mut t in &mut texts.p2() {
        set_text(&mut t, info.clone());
    }
    for mut t in &mut texts.p3() {
        set_text(&mut t, session.status.clone());
    }
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let ctrl = ctrl(&keys);
    let mut act = |a: PlayAction| commands.trigger(Action::Play(a));
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if (ctrl && keys.just_pressed(KeyCode::KeyZ) && !shift)
        || (!ctrl && keys.just_pressed(KeyCode::KeyU))
    {
        act(PlayAction::Undo);
    }
    if ctrl && (keys.just_pressed(KeyCode::KeyY) || (shift && keys.just_pressed(KeyCode::KeyZ))) {
        act(PlayAction::Redo);
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyH) {
        act(PlayAction::Hint);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyR) {
        act(PlayAction::Resign);
    }
    if keys.just_pressed(KeyCode::Escape) {
        act(PlayAction::Menu);
    }
}

type ViewKey = (
    u64,
    usize,
    usize,
    bool,
    Option<crate::engine::Pos>,
    bool,
    Screen,
    bool,
);

/// Shows the session's game on the board (game and result screens).
#[allow(clippy::too_many_arguments)]
pub fn sync_view(
    session: Res<Session>,
    worker: Res<AiWorker>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut view: ResMut<BoardView>,
    new_board: Query<(), Added<BoardRoot>>,
    mut last: Local<Option<ViewKey>>,
) {
    let screen = *screen.get();
    let interactive = screen == Screen::Playing
        && session.is_person_turn()
        && worker.kind() != Some(JobKind::Move);
    let key = (
        session.id,
        session.game.ply(),
        session.game.redo_stack().len(),
        interactive,
        session.hint,
        settings.show_forbidden,
        screen,
        session.finished.is_some(),
    );
    if *last == Some(key) && new_board.is_empty() {
        return;
    }
    *last = Some(key);
    let game = &session.game;
    let forbidden = if settings.show_forbidden
        && screen == Screen::Playing
        && session.is_ongoing()
        && game.rule() == Rule::Renju
        && game.to_move() == Stone::Black
    {
        game.forbidden_points()
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    } else {
        Vec::new()
    };
    *view = BoardView {
        game: Some(game.clone()),
        interactive,
        win_line: match session.end() {
            Some(GameEnd::Five { line, .. }) => line,
            _ => Vec::new(),
        },
        hint: session.hint,
        forbidden,
        numbers: false,
    };
}
