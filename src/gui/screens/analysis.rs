//! The analysis board, from the menu: a board of its own (the game, rule and size it had
//! last, or the position a replay sent) where pieces of either side are put down (Switch
//! side places the other colour next), taken back or cleared, while the engine's three best
//! moves for the side to move are shown live with their scores as the search deepens
//! (numbered ghost pieces on the board). The game's overlay marks where each side would make
//! five, a four or an open three, and Black's forbidden points under Renju. Its rule and size
//! buttons change this board only, keeping the stones that still fit. Its Engine button
//! hands the analysis to an external engine added in Settings (its best move, depth and
//! evaluation as it reports them).

use bevy::prelude::*;

use super::playing::spawn_header;
use super::review::outlook_text;
use super::{PieceIcon, piece_icon, set_text, spawn_board_screen, spawn_panel_buttons};
use crate::gui::analysis::{AnalysisBoard, Lines};
use crate::gui::audio::Sfx;
use crate::gui::board::{Shown, ShownStatus, ViewKey};
use crate::gui::flow::{Action, AnalysisAction, PlayAction, Screen, press};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::{AnyGame, EngineSeat, SetupRow, Side};
use crate::gui::persist::Settings;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, GameButton, bold, text};
use crate::protocol::client::NBest;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Analysis), enter)
        .add_systems(
            OnExit(Screen::Analysis),
            |mut board: ResMut<AnalysisBoard>| {
                board.cancel();
                // An external engine's process ends with the screen (it starts again).
                if let Some(seat) = &board.engine {
                    seat.end_if_idle();
                }
            },
        )
        .add_systems(
            Update,
            (shortcuts, sync_view, update_panel, mark_threats).run_if(in_state(Screen::Analysis)),
        )
        .add_observer(on_action);
}

#[derive(Component)]
struct TurnIcon;
#[derive(Component)]
struct TurnText;
#[derive(Component)]
struct LinesText;

/// Keys of the rows offered here, in order (rule, board size).
const ROW_KEYS: [(KeyCode, &str); 2] = [(KeyCode::KeyR, "R"), (KeyCode::KeyB, "B")];

/// The game's rows offered on the analysis board.
fn rows(game: &AnyGame) -> Vec<SetupRow> {
    game.kind()
        .def()
        .setup_rows()
        .into_iter()
        .filter(|r| r.on_analysis_board)
        .take(ROW_KEYS.len())
        .collect()
}

/// The board as it was left, and the screen around it.
fn enter(mut commands: Commands, mut board: ResMut<AnalysisBoard>, i18n: Res<I18n>) {
    board.restart();
    let game = board.game.clone();
    let panel = spawn_board_screen(&mut commands, Screen::Analysis, game.kind());
    commands.entity(panel).with_children(|p| {
        spawn_header(
            p,
            &i18n,
            &i18n.t("analysis-title"),
            &game,
            "",
            false,
            |side| i18n.msg(&game.side_name(side)),
        );
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(8)),
            ..default()
        })
        .with_children(|row| {
            row.spawn((TurnIcon, piece_icon(game.kind(), Side::First, 20.0)));
            row.spawn((TurnText, bold("", 18.0, palette::TEXT)));
        });
        p.spawn((LinesText, text("", 15.0, palette::TEXT)));
        let act = |a| Action::Analysis(a);
        let options = game.options();
        let labels: Vec<String> = rows(&game)
            .iter()
            .map(|row| {
                let value = row.sanitize(options.get(row.key).copied());
                let choice = row
                    .choice(value)
                    .map_or(String::new(), |c| i18n.msg(&c.label));
                format!("{}: {choice}", i18n.t(row.label))
            })
            .collect();
        let fixed = [
            ("analysis-take-back", "U", AnalysisAction::Undo),
            ("analysis-switch-side", "S", AnalysisAction::SwitchSide),
            ("analysis-threats", "T", AnalysisAction::ToggleThreats),
            ("analysis-clear", "C", AnalysisAction::Clear),
            ("analysis-menu", "Esc", AnalysisAction::Menu),
        ]
        .map(|(key, shortcut, a)| (i18n.t(key), shortcut, act(a)));
        let mut buttons: Vec<(&str, &str, Action)> = labels
            .iter()
            .zip(ROW_KEYS)
            .enumerate()
            .map(|(i, (label, (_, key)))| (label.as_str(), key, act(AnalysisAction::NextChoice(i))))
            .collect();
        let engine = i18n.msg(&Msg::key("analysis-engine").with(
            "name",
            board.engine.as_ref().map_or_else(
                || Msg::key("analysis-engine-own"),
                |e| Msg::verbatim(e.name.clone()),
            ),
        ));
        if game.kind().engines().is_some() {
            buttons.push((engine.as_str(), "E", act(AnalysisAction::NextEngine)));
        }
        buttons.extend(
            fixed
                .iter()
                .map(|(label, shortcut, a)| (label.as_str(), *shortcut, a.clone())),
        );
        spawn_panel_buttons(p, buttons);
        p.spawn(text(
            i18n.t("analysis-click-hint"),
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
        (ROW_KEYS[0].0, AnalysisAction::NextChoice(0)),
        (ROW_KEYS[1].0, AnalysisAction::NextChoice(1)),
        (KeyCode::KeyE, AnalysisAction::NextEngine),
        (KeyCode::Escape, AnalysisAction::Menu),
    ];
    press(
        &keys,
        &mut commands,
        map.map(|(k, a)| (k, Action::Analysis(a))),
    );
}

/// The same stones on a board with the `row`'s next choice; says how many did not fit.
fn next_choice(board: &mut AnalysisBoard, row: usize) -> Result<(), Msg> {
    let Some(row) = rows(&board.game).into_iter().nth(row) else {
        return Ok(());
    };
    let mut options = board.game.options();
    let now = row.sanitize(options.get(row.key).copied());
    let i = row.choices.iter().position(|c| c.value == now).unwrap_or(0);
    let next = row.choices[(i + 1) % row.choices.len()].value;
    options.insert(row.key.to_string(), next);
    let mut game = board.game.kind().def().new_game(&options);
    let moves = board.game.placed();
    let mut kept = 0;
    for &(side, mv) in &moves {
        if game.place(side, mv).is_err() {
            break;
        }
        kept += 1;
    }
    // The side to move stays the board's.
    if game.to_move() != board.game.to_move() {
        let _ = game.switch_side();
    }
    board.game = game;
    if kept < moves.len() {
        return Err(Msg::key("analysis-stones-kept")
            .with("kept", kept)
            .with("total", moves.len()));
    }
    Ok(())
}

/// The next analyst: the game's own engine, then each external engine that plays this
/// board's rule and size, in Settings' order.
fn next_engine(board: &mut AnalysisBoard, settings: &Settings) {
    let (kind, options) = (board.game.kind(), board.game.options());
    let able: Vec<_> = settings
        .engines
        .iter()
        .filter(|e| kind.engine_can_play(e, &options))
        .collect();
    let now = board.engine.as_ref().and_then(|seat| {
        able.iter()
            .position(|e| e.path == seat.path.display().to_string())
    });
    let next = match now {
        Some(i) => able.get(i + 1),
        None => able.first(),
    };
    if let Some(seat) = board.engine.take() {
        seat.end_if_idle();
    }
    board.engine = next.map(|e| {
        EngineSeat::new(e.shown_name(&settings.engines), e.analysis_spec()).with_nbest(e.nbest)
    });
    if able.is_empty() {
        board.status = Some(Msg::key("analysis-no-engine"));
    }
}

fn on_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    mut board: ResMut<AnalysisBoard>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    if *screen.get() != Screen::Analysis {
        return;
    }
    let board = &mut *board;
    match &*action {
        Action::Play(PlayAction::Place(mv)) => match board.game.play(*mv) {
            Ok(()) => {
                board.status = None;
                sfx.write(Sfx::Stone);
                board.restart();
            }
            Err(e) => {
                board.status = Some(e);
                sfx.write(Sfx::Illegal);
            }
        },
        Action::Analysis(a) => {
            board.status = None;
            match a {
                AnalysisAction::Undo => {
                    if board.game.undo().is_none() {
                        board.status = Some(Msg::key("analysis-board-empty"));
                    }
                }
                AnalysisAction::SwitchSide => {
                    if let Err(e) = board.game.switch_side() {
                        board.status = Some(e);
                    }
                }
                AnalysisAction::Clear => {
                    board.cancel();
                    board.game = board.game.fresh();
                }
                AnalysisAction::ToggleThreats => board.threats = !board.threats,
                AnalysisAction::NextChoice(row) => {
                    board.cancel();
                    if let Err(e) = next_choice(board, *row) {
                        board.status = Some(e);
                    }
                    // An engine that does not play the new rule or size hands back.
                    let (kind, options) = (board.game.kind(), board.game.options());
                    if let Some(seat) = &board.engine
                        && !settings.engines.iter().any(|e| {
                            e.path == seat.path.display().to_string()
                                && kind.engine_can_play(e, &options)
                        })
                    {
                        board.engine = None;
                    }
                    // Entering again labels the buttons with the new choice.
                    next.set(Screen::Analysis);
                    return;
                }
                AnalysisAction::NextEngine => {
                    board.cancel();
                    next_engine(board, &settings);
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
fn sync_view(board: Res<AnalysisBoard>, mut shown: ResMut<Shown>, mut status: ResMut<ShownStatus>) {
    status.set_if_neq(ShownStatus::default());
    let lines = board.lines();
    Shown::set(
        &mut shown,
        Shown {
            key: ViewKey::None,
            game: Some(board.game.clone()),
            interactive: !board.game.is_over(),
            hint: None,
            marks: board.threats,
            numbers: false,
            line: Vec::new(),
            line_by: None,
            candidates: lines.top.iter().map(|c| c.mv).collect(),
            overlay: board.threats,
        },
    );
}

/// The Threats button shows the overlay's state: selected while it is on.
fn mark_threats(
    board: Res<AnalysisBoard>,
    mut buttons: Query<(&ButtonAction, &mut GameButton)>,
    // `Added<GameButton>` would conflict with the mutable query; the action is spawned with it.
    added: Query<(), Added<ButtonAction>>,
) {
    if !board.is_changed() && added.is_empty() {
        return;
    }
    let toggle = Action::Analysis(AnalysisAction::ToggleThreats);
    for (action, mut button) in &mut buttons {
        if action.0 == toggle && button.selected != board.threats {
            button.selected = board.threats;
        }
    }
}

fn update_panel(
    board: Res<AnalysisBoard>,
    i18n: Res<I18n>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<&mut Text, With<LinesText>>,
    )>,
    mut icons: Query<&mut PieceIcon, With<TurnIcon>>,
    new_text: Query<(), Added<LinesText>>,
    mut last: Local<Option<(u64, Lines, bool, bool, Option<Msg>)>>,
) {
    // Rebuilt only when the position, the lines or the search state change.
    let lines = board.lines();
    let key = (
        board.game.key(),
        lines.clone(),
        board.is_searching(),
        board.threats,
        board.status.clone(),
    );
    if last.as_ref() == Some(&key) && new_text.is_empty() {
        return;
    }
    *last = Some(key);
    let game = &board.game;
    let side = game.to_move();
    let turn = if game.is_over() {
        i18n.t_args(
            "analysis-game-over",
            &[("line", i18n.msg(&game.line_name(0)).into())],
        )
    } else {
        i18n.t_args(
            "analysis-to-place",
            &[("side", i18n.msg(&game.side_name(side)).into())],
        )
    };
    for mut t in &mut texts.p0() {
        set_text(&mut t, turn.clone());
    }
    for mut icon in &mut icons {
        if icon.side != side {
            icon.side = side;
        }
    }
    let mut out = if let Some(fault) = &lines.fault {
        i18n.msg(fault)
    } else if lines.top.is_empty() {
        i18n.t("analysis-thinking")
    } else {
        // An engine that reports no depth (depth 0) is not said to be at depth 0.
        let key = match (board.is_searching(), lines.depth) {
            (true, 0) => "analysis-lines-deepening",
            (false, 0) => "analysis-lines",
            (true, _) => "analysis-depth-deepening",
            (false, _) => "analysis-depth",
        };
        i18n.t_args(key, &[("depth", lines.depth.into())])
    };
    let (me, them) = (
        game.side_name(game.to_move()),
        game.side_name(game.to_move().other()),
    );
    for (i, c) in lines.top.iter().enumerate() {
        let line: Vec<String> = c
            .line
            .iter()
            .skip(1)
            .take(4)
            .map(|&m| i18n.msg(&game.move_text(m)))
            .collect();
        out.push_str(&format!(
            "\n{}. {}  {}   {}",
            i + 1,
            i18n.msg(&game.move_text(c.mv)),
            outlook_text(&i18n, c.score, me.clone(), them.clone()),
            line.join(" ")
        ));
    }
    // An engine with one line says why it has no more.
    if let Some(seat) = &board.engine
        && lines.fault.is_none()
    {
        let why = match seat.nbest {
            NBest::Lines => None,
            NBest::NotAsked => Some("analysis-one-line-not-asked"),
            NBest::Refused => Some("analysis-one-line-refused"),
            NBest::OneLine => Some("analysis-one-line-single"),
        };
        if let Some(key) = why {
            let note = Msg::key(key).with("name", seat.name.clone());
            out.push_str(&format!("\n{}", i18n.msg(&note)));
        }
    }
    if board.threats
        && let Some(legend) = game.overlay_legend()
    {
        out.push_str(&format!("\n{}", i18n.t(legend)));
    }
    if let Some(status) = &board.status {
        out.push_str(&format!("\n{}", i18n.msg(status)));
    }
    for mut t in &mut texts.p1() {
        set_text(&mut t, out.clone());
    }
}
