//! The Connect Four game screen: the board and a side panel with the players, whose turn it
//! is, the AI's thinking and last move, the move count, a status line and Undo / Redo / Hint
//! / Resign / Menu with the same shortcuts as Gomoku.

use bevy::prelude::*;

use super::{disc_icon, set_text, spawn_board_screen};
use crate::engine::connect4::{Player, Source};
use crate::gui::connect4::ai_task::{C4Worker, JobKind, SearchInfo};
use crate::gui::connect4::board::{C4BoardSystems, C4View, ViewKey};
use crate::gui::connect4::session::{C4Session, C4SessionSystems, GameEnd};
use crate::gui::connect4::{
    describe_score, disc_color, level_description, level_name, level_number,
};
use crate::gui::screens::{Action, PlayAction, Screen, ctrl};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(Update, C4BoardSystems.after(C4SessionSystems))
        .add_systems(OnEnter(Screen::ConnectFour), spawn_playing)
        .add_systems(
            Update,
            (
                shortcuts.before(C4SessionSystems),
                update_panel.after(C4SessionSystems),
            )
                .run_if(in_state(Screen::ConnectFour)),
        )
        .add_systems(
            Update,
            sync_view
                .after(C4SessionSystems)
                .before(C4BoardSystems)
                .run_if(in_state(Screen::ConnectFour).or_else(in_state(Screen::ConnectFourResult))),
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

fn spawn_playing(mut commands: Commands, session: Res<C4Session>) {
    let panel = spawn_board_screen(&mut commands, Screen::ConnectFour);
    commands.entity(panel).with_children(|p| {
        spawn_game_header(p, &session);
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(10)),
            ..default()
        })
        .with_children(|row| {
            row.spawn((TurnIcon, disc_icon(Player::First, 22.0)));
            row.spawn((TurnText, bold("", 20.0, palette::TEXT)));
        });
        p.spawn((MoveText, text("", 16.0, palette::TEXT_DIM)));
        p.spawn((InfoText, text("", 14.0, palette::TEXT_DIM)));
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
            "Click a column, or ← → and Enter; 1-7 drop at once",
            13.0,
            palette::TEXT_FAINT,
        ));
    });
}

/// Title, board size and the two players: shared by the game and result screens.
pub fn spawn_game_header(p: &mut ChildSpawnerCommands, session: &C4Session) {
    p.spawn(bold("Connect Four", 28.0, palette::TEXT));
    p.spawn(text(
        format!(
            "{} × {} · four in a row wins",
            session.game.width(),
            session.game.height()
        ),
        16.0,
        palette::TEXT_DIM,
    ));
    for player in [Player::First, Player::Second] {
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(4)),
            ..default()
        })
        .with_children(|row| {
            row.spawn(disc_icon(player, 16.0));
            row.spawn(text(session.player_name(player), 17.0, palette::TEXT));
        });
    }
}

/// How the AI's last move was found, for the panel.
pub fn describe_search(s: &SearchInfo) -> String {
    let Some(choice) = s.choice else {
        return format!("Level {} · {}", level_number(s.level), level_name(s.level));
    };
    let how = match (choice.source, choice.depth) {
        (Source::Tactic, _) => "a forced move".to_string(),
        (Source::Random, _) => "by feel".to_string(),
        (Source::Book, _) => "from the opening book".to_string(),
        (Source::Solver, _) => "solved exactly".to_string(),
        (Source::Search, Some(d)) => format!("search depth {d}"),
        (Source::Search, None) => "search".to_string(),
    };
    let outlook = choice
        .score
        .map(|score| format!("AI {} · ", describe_score(score, s.cells, s.moves_played)))
        .unwrap_or_default();
    format!(
        "Level {} · {}\nLast move: column {} ({how})\n{outlook}{:.2} s",
        level_number(s.level),
        level_name(s.level),
        choice.column + 1,
        s.time.as_secs_f32()
    )
}

#[allow(clippy::type_complexity)] // Bevy queries with filters
fn update_panel(
    session: Res<C4Session>,
    worker: Res<C4Worker>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<&mut Text, With<MoveText>>,
        Query<&mut Text, With<InfoText>>,
        Query<&mut Text, With<StatusText>>,
    )>,
    mut icons: Query<&mut BackgroundColor, With<TurnIcon>>,
) {
    let to_move = session.game.side_to_move();
    let turn = if !session.is_ongoing() {
        "Game over".to_string()
    } else if session.is_ai_turn() {
        let level = session.ai_level().map_or("AI", level_name);
        match worker.elapsed() {
            Some(t) if worker.kind() == Some(JobKind::Move) => {
                // Animated dots so a long think visibly lives.
                let dots = ".".repeat(1 + (t.as_millis() / 400 % 3) as usize);
                format!("{level} is thinking{dots}")
            }
            _ => format!("{level} to move"),
        }
    } else if session.ai_level().is_some() {
        "Your move".to_string()
    } else {
        format!("{} to move", crate::gui::connect4::player_name(to_move))
    };
    for mut t in &mut texts.p0() {
        set_text(&mut t, turn.clone());
    }
    for mut icon in &mut icons {
        let color = disc_color(to_move);
        if icon.0 != color {
            icon.0 = color;
        }
    }
    let redo = crate::gui::connect4::files::redo_line(&session.game).len();
    let moves = format!(
        "Moves played: {}{}",
        session.ply(),
        match redo {
            0 => String::new(),
            n => format!("  ({n} to redo)"),
        }
    );
    for mut t in &mut texts.p1() {
        set_text(&mut t, moves.clone());
    }
    let info = match (&session.last_search, session.ai_level()) {
        (Some(s), _) => describe_search(s),
        (None, Some(level)) => format!(
            "Level {} · {}\n{}",
            level_number(level),
            level_name(level),
            level_description(level)
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

type ViewState = (u64, Vec<usize>, usize, bool, Option<usize>, Screen, bool);

/// Shows the session's game on the board (game and result screens).
fn sync_view(
    session: Res<C4Session>,
    worker: Res<C4Worker>,
    screen: Res<State<Screen>>,
    mut view: ResMut<C4View>,
    mut last: Local<Option<ViewState>>,
) {
    let screen = *screen.get();
    let interactive = screen == Screen::ConnectFour
        && session.is_person_turn()
        && worker.kind() != Some(JobKind::Move);
    let hint = session.hint.map(|h| h.column);
    let state = (
        session.id,
        session.game.moves().to_vec(),
        crate::gui::connect4::files::redo_line(&session.game).len(),
        interactive,
        hint,
        screen,
        session.finished.is_some(),
    );
    if last.as_ref() == Some(&state) && view.key == ViewKey::Session(session.id) {
        return;
    }
    *last = Some(state);
    *view = C4View {
        key: ViewKey::Session(session.id),
        game: Some(session.game.clone()),
        interactive,
        win: match session.end() {
            Some(GameEnd::Four { four, .. }) => four.to_vec(),
            _ => Vec::new(),
        },
        hint,
        numbers: false,
    };
}
