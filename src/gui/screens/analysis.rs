//! The analysis board, from the menu: a Gomoku board with the rule and size of the setup
//! screen (R and B change them, for New game too) where stones of either colour are put down (Switch side places the other colour
//! next), taken back or cleared, while the engine's three best moves for the side to move
//! are shown live with their scores as the search deepens (numbered ghost stones on the
//! board); a threat overlay marks where each side would make five, a four or an open three,
//! and Black's forbidden points under Renju.

use bevy::prelude::*;

use super::playing::spawn_header;
use super::{piece_color, piece_icon, set_text, spawn_board_screen, spawn_panel_buttons};
use crate::engine::Rule;
use crate::engine::review::threat_points;
use crate::gui::analysis::{AnalysisBoard, Lines};
use crate::gui::audio::Sfx;
use crate::gui::board::connect4::{C4View, ViewKey};
use crate::gui::board::{self, BoardRoot, BoardView, Shown};
use crate::gui::flow::{Action, AnalysisAction, PlayAction, Screen, press};
use crate::gui::kind::{AnyGame, GameKind, Move, Side, explain};
use crate::gui::persist::{BOARD_SIZES, Settings};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, text};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Analysis), enter)
        .add_systems(
            OnExit(Screen::Analysis),
            |mut board: ResMut<AnalysisBoard>| {
                board.cancel();
            },
        )
        .add_systems(
            Update,
            (shortcuts, sync_view, update_panel).run_if(in_state(Screen::Analysis)),
        )
        .add_observer(on_action);
}

#[derive(Component)]
struct TurnIcon;
#[derive(Component)]
struct TurnText;
#[derive(Component)]
struct LinesText;

/// A fresh board with the setup screen's rule and size, and the screen around it.
fn enter(mut commands: Commands, mut board: ResMut<AnalysisBoard>, settings: Res<Settings>) {
    let (size, rule) = (settings.setup.size, settings.setup.rule());
    let (size, rule) = if board.continued {
        (board.game.size(), board.game.rule())
    } else {
        (size, rule)
    };
    if !board.continued && (board.game.size() != size || board.game.rule() != rule) {
        *board = AnalysisBoard::new(size, rule);
    }
    board.continued = false;
    board.restart();
    let panel = spawn_board_screen(&mut commands, Screen::Analysis, GameKind::Gomoku);
    let shown = AnyGame::Gomoku(board.game.clone());
    commands.entity(panel).with_children(|p| {
        spawn_header(p, "Analysis board", &shown, "", |side| {
            shown.side_name(side).to_string()
        });
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(8)),
            ..default()
        })
        .with_children(|row| {
            row.spawn((TurnIcon, piece_icon(GameKind::Gomoku, Side::First, 20.0)));
            row.spawn((TurnText, bold("", 18.0, palette::TEXT)));
        });
        p.spawn((LinesText, text("", 15.0, palette::TEXT)));
        let act = |a| Action::Analysis(a);
        let rule_label = format!("Rule: {}", rule.name());
        let size_label = format!("Board: {size} × {size}");
        spawn_panel_buttons(
            p,
            vec![
                (rule_label.as_str(), "R", act(AnalysisAction::Rule)),
                (size_label.as_str(), "B", act(AnalysisAction::Size)),
                ("Take back", "U", act(AnalysisAction::Undo)),
                ("Switch side", "S", act(AnalysisAction::SwitchSide)),
                ("Threats", "T", act(AnalysisAction::ToggleThreats)),
                ("Clear the board", "C", act(AnalysisAction::Clear)),
                ("Menu", "Esc", act(AnalysisAction::Menu)),
            ],
        );
        p.spawn(text(
            "Click to put a stone of the side to move",
            13.0,
            palette::TEXT_FAINT,
        ));
    });
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::KeyU, AnalysisAction::Undo),
        (KeyCode::KeyS, AnalysisAction::SwitchSide),
        (KeyCode::KeyT, AnalysisAction::ToggleThreats),
        (KeyCode::KeyC, AnalysisAction::Clear),
        (KeyCode::KeyR, AnalysisAction::Rule),
        (KeyCode::KeyB, AnalysisAction::Size),
        (KeyCode::Escape, AnalysisAction::Menu),
    ];
    press(
        &keys,
        &mut commands,
        map.map(|(k, a)| (k, Action::Analysis(a))),
    );
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut board: ResMut<AnalysisBoard>,
    mut settings: ResMut<Settings>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    if *screen.get() != Screen::Analysis {
        return;
    }
    let board = &mut *board;
    match &*action {
        Action::Play(PlayAction::Place(Move::Point(pos))) => match board.game.play(*pos) {
            Ok(_) => {
                board.status.clear();
                sfx.write(Sfx::Stone);
                board.restart();
            }
            Err(e) => {
                board.status = explain(&e, board.game.size());
                sfx.write(Sfx::Illegal);
            }
        },
        Action::Analysis(a) => {
            board.status.clear();
            match a {
                AnalysisAction::Undo => {
                    if board.game.undo().is_none() {
                        board.status = "The board is empty.".into();
                    }
                }
                AnalysisAction::SwitchSide => {
                    let other = board.game.to_move().opponent();
                    board.game.set_to_move(other);
                }
                AnalysisAction::Clear => {
                    let (size, rule) = (board.game.size(), board.game.rule());
                    board.cancel();
                    board.game = crate::engine::Game::new(size, rule).expect("the size was valid");
                }
                AnalysisAction::ToggleThreats => board.threats = !board.threats,
                AnalysisAction::Rule | AnalysisAction::Size => {
                    // The New game choices change too; entering again builds the new board.
                    let setup = &mut settings.setup;
                    if *a == AnalysisAction::Rule {
                        let i = Rule::ALL
                            .iter()
                            .position(|&r| r == setup.rule())
                            .unwrap_or(0);
                        setup.rule = Rule::ALL[(i + 1) % Rule::ALL.len()].name().to_string();
                    } else {
                        let i = BOARD_SIZES
                            .iter()
                            .position(|&n| n == setup.size)
                            .unwrap_or(0);
                        setup.size = BOARD_SIZES[(i + 1) % BOARD_SIZES.len()];
                    }
                    board.cancel();
                    next.set(Screen::Analysis);
                    return;
                }
                AnalysisAction::Menu => {
                    board.cancel();
                    next.set(Screen::Title);
                    return;
                }
            }
            if !matches!(a, AnalysisAction::ToggleThreats) {
                board.restart();
            }
        }
        _ => {}
    }
}

/// The position, the candidates and (when on) the threat overlay on the board.
fn sync_view(
    board: Res<AnalysisBoard>,
    mut views: (ResMut<BoardView>, ResMut<C4View>),
    new_board: Query<(), Added<BoardRoot>>,
    mut last: Local<Option<(u64, bool, Vec<Move>)>>,
) {
    let lines = board.lines();
    let candidates: Vec<Move> = lines.top.iter().map(|c| Move::Point(c.mv)).collect();
    let key = (board.game.hash(), board.threats, candidates.clone());
    if last.as_ref() == Some(&key) && new_board.is_empty() && !board.is_changed() {
        return;
    }
    *last = Some(key);
    let game = AnyGame::Gomoku(board.game.clone());
    let shown = Shown {
        key: ViewKey::None,
        game: &game,
        interactive: !board.game.outcome().is_over(),
        hint: None,
        forbidden: board.threats,
        numbers: false,
        line: Vec::new(),
        candidates,
        threats: if board.threats {
            threat_points(&board.game)
        } else {
            Vec::new()
        },
    };
    board::show(shown, &mut views.0, &mut views.1);
}

#[allow(clippy::type_complexity)] // Bevy queries with filters
fn update_panel(
    board: Res<AnalysisBoard>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<&mut Text, With<LinesText>>,
    )>,
    mut icons: Query<&mut BackgroundColor, With<TurnIcon>>,
    new_text: Query<(), Added<LinesText>>,
    mut last: Local<Option<(u64, Lines, bool, bool)>>,
) {
    // Rebuilt only when the position, the lines or the search state change.
    let lines = board.lines();
    let key = (
        board.game.hash(),
        lines.clone(),
        board.is_searching(),
        board.threats,
    );
    if last.as_ref() == Some(&key) && new_text.is_empty() && !board.is_changed() {
        return;
    }
    *last = Some(key);
    let game = AnyGame::Gomoku(board.game.clone());
    let side = game.to_move();
    let turn = if board.game.outcome().is_over() {
        "Five in a row: take back to go on".to_string()
    } else {
        format!("{} to place", game.side_name(side))
    };
    for mut t in &mut texts.p0() {
        set_text(&mut t, turn.clone());
    }
    for mut icon in &mut icons {
        icon.set_if_neq(BackgroundColor(piece_color(GameKind::Gomoku, side)));
    }
    let mut out = if lines.top.is_empty() {
        "The engine is thinking…".to_string()
    } else {
        let searching = if board.is_searching() {
            ", deepening"
        } else {
            ""
        };
        format!("Engine, depth {}{searching}:", lines.depth)
    };
    for (i, c) in lines.top.iter().enumerate() {
        let line: Vec<String> = c
            .line
            .iter()
            .skip(1)
            .take(4)
            .map(|&p| game.move_text(Move::Point(p)))
            .collect();
        out.push_str(&format!(
            "\n{}. {}  {}   {}",
            i + 1,
            game.move_text(Move::Point(c.mv)),
            c.score,
            line.join(" ")
        ));
    }
    if board.game.rule() == Rule::Renju && board.threats {
        out.push_str("\n× Black's forbidden points");
    }
    if !board.status.is_empty() {
        out.push_str(&format!("\n{}", board.status));
    }
    for mut t in &mut texts.p1() {
        set_text(&mut t, out.clone());
    }
}
