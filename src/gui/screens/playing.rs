//! The game screen, for both games: the board and a side panel with players, whose turn it
//! is, the AI's thinking and last search, the move count, a status line and Undo / Redo /
//! Hint / Resign / Menu with their shortcuts. When a game ends it moves on to the result once
//! the board has caught up (a Connect Four disc may still be falling).

use bevy::prelude::*;

use super::move_list::{self, MoveList, Row};
use super::{PieceIcon, piece_icon, set_text, spawn_board_screen, spawn_panel_button_pairs};
use crate::gui::ai_task::{AiWorker, JobKind};
use crate::gui::audio::Sfx;
use crate::gui::board::{Allowed, BoardSettled, BoardSystems, Shown, ShownStatus, ViewKey};
use crate::gui::effects;
use crate::gui::flow::{Action, DIGIT_KEYS, PlayAction, Screen, ctrl};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::{AnyGame, Side};
use crate::gui::persist::Settings;
use crate::gui::session::{OnlineLink, Session, SessionSystems};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, spawn_button, text};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(on_menu);
    app.configure_sets(Update, BoardSystems.after(SessionSystems))
        .add_systems(OnEnter(Screen::Playing), spawn_playing)
        .add_systems(
            Update,
            (
                shortcuts.before(SessionSystems),
                (
                    update_panel,
                    update_opening_buttons,
                    update_header_names,
                    update_move_list,
                    show_result,
                )
                    .after(BoardSystems),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            sync_view.after(SessionSystems).before(BoardSystems).run_if(
                in_state(Screen::Playing)
                    .or_else(in_state(Screen::Result))
                    .or_else(in_state(Screen::Match)),
            ),
        );
}

/// Menu leaves the game for the title screen (the session stops its searches); an online
/// game still being played asks first, as leaving it loses it.
fn on_menu(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    link: Res<OnlineLink>,
    mut next: ResMut<NextState<Screen>>,
) {
    if matches!(*action, Action::Play(PlayAction::Menu))
        && *screen.get() == Screen::Playing
        && session.may_leave_online(&link)
    {
        next.set(Screen::Title);
    }
}

/// The panel's icon of the next piece's colour.
#[derive(Component)]
pub struct TurnIcon;
#[derive(Component)]
struct TurnText;
#[derive(Component)]
struct MoveText;
#[derive(Component)]
struct InfoText;
#[derive(Component)]
struct StatusText;
/// The choice buttons of a tournament opening's step (rebuilt when they change).
#[derive(Component)]
pub struct OpeningButtons;
/// A player's name in the header, by colour: an opening can change who holds it.
#[derive(Component)]
pub struct HeaderName(pub Side);
/// The opening's decisions so far ("Swap2 · Master places two more stones · You take White").
#[derive(Component)]
struct OpeningText;

fn spawn_playing(mut commands: Commands, session: Res<Session>, i18n: Res<I18n>) {
    let kind = session.game.kind();
    let panel = spawn_board_screen(&mut commands, Screen::Playing, kind);
    commands.entity(panel).with_children(|p| {
        spawn_game_header(p, &session, &i18n);
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(10)),
            ..default()
        })
        .with_children(|row| {
            row.spawn((TurnIcon, piece_icon(kind, Side::First, 22.0)));
            row.spawn((TurnText, bold("", 20.0, palette::TEXT)));
            row.spawn(effects::ui::thinking_dots());
        });
        p.spawn((MoveText, text("", 16.0, palette::TEXT_DIM)));
        p.spawn((InfoText, text("", 14.0, palette::TEXT_DIM)));
        p.spawn(effects::ui::eval_bar(
            i18n.t("play-eval-black"),
            i18n.t("play-eval-white"),
        ));
        p.spawn((
            StatusText,
            text("", 15.0, palette::ACCENT),
            Node {
                min_height: px(40),
                ..default()
            },
        ));
        p.spawn((
            OpeningButtons,
            Node {
                width: percent(100),
                flex_wrap: FlexWrap::Wrap,
                row_gap: px(6),
                column_gap: px(6),
                ..default()
            },
        ));
        p.spawn((OpeningText, text("", 14.0, palette::TEXT_DIM)));
        super::online_panel::spawn_buttons(p);
        move_list::spawn(p, 2);
        // (label, shortcut, action): a named key's name from the catalog, a letter as it is.
        let buttons: Vec<(String, String, Action)> = [
            ("play-undo", i18n.t("play-key-undo"), PlayAction::Undo),
            ("play-redo", i18n.t("play-key-redo"), PlayAction::Redo),
            ("play-hint", "H".to_string(), PlayAction::Hint),
            ("play-resign", i18n.t("play-key-resign"), PlayAction::Resign),
            ("play-menu", i18n.t("play-key-esc"), PlayAction::Menu),
        ]
        .into_iter()
        .map(|(label, key, a)| (i18n.t(label), key, Action::Play(a)))
        .collect();
        spawn_panel_button_pairs(
            p,
            buttons
                .iter()
                .map(|(label, key, a)| (label.as_str(), key.as_str(), a.clone()))
                .collect(),
        );
        p.spawn(text(
            i18n.msg(&session.game.controls_help()),
            13.0,
            palette::TEXT_FAINT,
        ));
    });
}

/// Title, rule and size, and the two players: shared by the game and result screens.
pub fn spawn_game_header(p: &mut ChildSpawnerCommands, session: &Session, i18n: &I18n) {
    let game = &session.game;
    let clocks = session.clock.is_some();
    let title = i18n.msg(&game.kind().name());
    spawn_header(p, i18n, &title, game, "", clocks, |side| {
        i18n.msg(&session.player_name(side))
    });
}

/// The heading of a board screen (the replay's becomes "Review" while it reviews).
#[derive(Component)]
pub struct Heading;

/// A board screen's heading, the game's rule and board, and the two players (with their
/// clocks when `clocks`), with `caption` (the replay's file name) under the heading.
pub fn spawn_header(
    p: &mut ChildSpawnerCommands,
    i18n: &I18n,
    heading: &str,
    game: &AnyGame,
    caption: &str,
    clocks: bool,
    name: impl Fn(Side) -> String,
) {
    p.spawn((Heading, bold(heading.to_string(), 28.0, palette::TEXT)));
    if !caption.is_empty() {
        p.spawn(text(caption.to_string(), 14.0, palette::TEXT_FAINT));
    }
    p.spawn(text(i18n.msg(&game.subtitle()), 16.0, palette::TEXT_DIM));
    if let Some(note) = game.rule_note() {
        p.spawn(text(i18n.t(note), 13.0, palette::TEXT_FAINT));
    }
    for side in [Side::First, Side::Second] {
        p.spawn(Node {
            width: percent(100),
            align_items: AlignItems::Center,
            column_gap: px(10),
            margin: UiRect::top(px(4)),
            ..default()
        })
        .with_children(|row| {
            row.spawn(piece_icon(game.kind(), side, 16.0));
            row.spawn((HeaderName(side), text(name(side), 17.0, palette::TEXT)));
            if clocks {
                super::clocks::spawn_clock(row, side);
            }
        });
    }
}

fn update_panel(
    session: Res<Session>,
    worker: Res<AiWorker>,
    i18n: Res<I18n>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnText>>,
        Query<&mut Text, With<MoveText>>,
        Query<&mut Text, With<InfoText>>,
        Query<&mut Text, With<StatusText>>,
        Query<&mut Text, With<OpeningText>>,
    )>,
    mut icons: Query<&mut PieceIcon, With<TurnIcon>>,
    new_opening_text: Query<(), Added<OpeningText>>,
) {
    let to_move = session.game.to_move();
    let turn = i18n.msg(&turn_line(&session, &worker));
    for mut t in &mut texts.p0() {
        set_text(&mut t, turn.clone());
    }
    // The colour of the next stone, not of the player to act: in an opening one player may
    // place both colours (the opening's position has the right side to move).
    for mut icon in &mut icons {
        if icon.side != to_move {
            icon.side = to_move;
        }
    }
    let moves = i18n.msg(&match session.game.redo_len() {
        0 => Msg::key("play-moves-played").with("count", session.game.ply()),
        redo => Msg::key("play-moves-played-redo")
            .with("count", session.game.ply())
            .with("redo", redo),
    });
    for mut t in &mut texts.p1() {
        set_text(&mut t, moves.clone());
    }
    let info = match (&session.last_search, session.ai_level()) {
        _ if session.online.is_some() => session.online.as_ref().map_or_else(String::new, |o| {
            let [code, line] = o.describe(std::time::Instant::now());
            format!("{}\n{}", i18n.msg(&code), i18n.msg(&line))
        }),
        (Some(s), _) => i18n.msg(&s.describe()),
        (None, Some(_)) if session.engine.is_some() => session
            .engine
            .as_ref()
            .map_or_else(String::new, |e| format!("{}\n{}", e.name, e.path.display())),
        (None, Some(level)) => format!(
            "{}\n{}",
            i18n.msg(&level.headline()),
            i18n.msg(&level.blurb())
        ),
        (None, None) => i18n.t("play-info-two-players"),
    };
    for mut t in &mut texts.p2() {
        set_text(&mut t, info.clone());
    }
    let status = match (&session.status, session.opening_prompt()) {
        (Some(status), _) => i18n.msg(status),
        (None, Some(prompt)) => i18n.msg(&prompt),
        (None, None) => String::new(),
    };
    for mut t in &mut texts.p3() {
        set_text(&mut t, status.clone());
    }
    // The line replays the opening from its start: only when the session changed.
    if session.is_changed() || !new_opening_text.is_empty() {
        let opening = session
            .opening_line()
            .map_or_else(String::new, |line| i18n.msg(&line));
        for mut t in &mut texts.p4() {
            set_text(&mut t, opening.clone());
        }
    }
}

/// Whose turn it is, and what the AI does on its turn.
fn turn_line(session: &Session, worker: &AiWorker) -> Msg {
    if !session.is_ongoing() {
        return Msg::key("play-turn-game-over");
    }
    // The engine's or the level's name, or "AI" for an AI of no known level.
    let level = || match &session.engine {
        Some(e) if !session.in_opening() => Msg::verbatim(e.name.clone()),
        _ => session
            .ai_level()
            .map_or_else(|| Msg::key("play-ai"), |l| l.title()),
    };
    if session.in_opening() {
        return match session.ai_level() {
            Some(_) if session.is_ai_turn() => {
                Msg::key("play-turn-opening-ai").with("level", level())
            }
            Some(_) => Msg::key("play-turn-opening-you"),
            None => Msg::key("play-turn-opening"),
        };
    }
    if session.is_ai_turn() {
        return match worker.elapsed() {
            // The bouncing dots next to the text show that a long think lives.
            Some(_) if worker.kind() == Some(JobKind::Move) => match worker.live() {
                // Depth 0: an engine that reports none.
                Some((depth, _)) if depth > 0 => Msg::key("play-turn-ai-depth")
                    .with("level", level())
                    .with("depth", depth),
                _ => Msg::key("play-turn-ai-thinking").with("level", level()),
            },
            _ => Msg::key("play-turn-ai").with("level", level()),
        };
    }
    if let Some(online) = &session.online {
        // The seat whose colour is to move (an opening may have given Black to the second).
        let to_move = session.seat_colour(session.game.to_move());
        return match online.seat {
            Some(seat) if seat == to_move => Msg::key("play-turn-you"),
            _ => Msg::key("play-turn-online").with("name", online.names[to_move.index()].clone()),
        };
    }
    if session.ai_level().is_some() {
        Msg::key("play-turn-you")
    } else {
        let side = session.game.side_name(session.game.to_move());
        Msg::key("play-turn-side").with("side", side)
    }
}

/// The opening's choice buttons on the person's turn ("Play Black", "Play White", the
/// number of fifth moves), rebuilt when they change.
fn update_opening_buttons(
    mut commands: Commands,
    session: Res<Session>,
    holders: Query<Entity, With<OpeningButtons>>,
    added: Query<(), Added<OpeningButtons>>,
    i18n: Res<I18n>,
    mut last: Local<Option<(u64, Vec<String>)>>,
) {
    let labels = match &session.opening {
        Some(phase) if session.is_person_turn() => {
            phase.options().iter().map(|m| i18n.msg(m)).collect()
        }
        _ => Vec::new(),
    };
    let key = (session.id, labels);
    if last.as_ref() == Some(&key) && added.is_empty() {
        return;
    }
    for holder in &holders {
        commands.entity(holder).despawn_children();
        commands.entity(holder).with_children(|p| {
            for (i, label) in key.1.iter().enumerate() {
                // A number (the count of fifth moves) is a small key of its own; a choice
                // in words takes the row and names its key.
                let number = label.chars().all(|c| c.is_ascii_digit());
                // Choices in words share a row when they fit ("Play Black", "Play White"),
                // leaving the move list its room.
                let node = Node {
                    width: if number { px(52) } else { Val::Auto },
                    flex_grow: if number { 0.0 } else { 1.0 },
                    height: px(36),
                    ..default()
                };
                let action = Action::Play(PlayAction::OpeningChoice(i));
                let key = if i < DIGIT_KEYS.len() && !number {
                    (i + 1).to_string()
                } else {
                    String::new()
                };
                spawn_button(p, label.clone(), &key, action, node);
            }
        });
    }
    *last = Some(key);
}

/// The players' names in the header, when an opening changed who holds which colour.
pub(super) fn update_header_names(
    session: Res<Session>,
    i18n: Res<I18n>,
    mut names: Query<(&HeaderName, &mut Text)>,
) {
    if !session.is_changed() {
        return;
    }
    for (name, mut t) in &mut names {
        set_text(&mut t, i18n.msg(&session.player_name(name.0)));
    }
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, session: Res<Session>, mut commands: Commands) {
    let ctrl = ctrl(&keys);
    let mut act = |a: PlayAction| commands.trigger(Action::Play(a));
    // The opening's choice buttons, when they are on show.
    let choices = match &session.opening {
        Some(phase) if !ctrl && session.is_person_turn() => phase.options().len(),
        _ => 0,
    };
    for (i, &(digit, pad)) in DIGIT_KEYS.iter().enumerate().take(choices) {
        if keys.any_just_pressed([digit, pad]) {
            act(PlayAction::OpeningChoice(i));
        }
    }
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
    // Back from an earlier position picked in the move list.
    if keys.just_pressed(KeyCode::End) {
        act(PlayAction::Look(usize::MAX));
    }
}

/// What the move list was built for: game id, ply, redo length, the position looked at.
type ListKey = (u64, usize, usize, Option<usize>);

/// The moves so far, the one on show highlighted; a click shows that position.
pub(super) fn update_move_list(
    mut commands: Commands,
    session: Res<Session>,
    lists: Query<Entity, With<MoveList>>,
    added: Query<(), Added<MoveList>>,
    i18n: Res<I18n>,
    mut last: Local<Option<ListKey>>,
) {
    let game = &session.game;
    let key = (session.id, game.ply(), game.redo_len(), session.looking);
    if *last == Some(key) && added.is_empty() {
        return;
    }
    *last = Some(key);
    let on_show = session.looking.unwrap_or(game.ply());
    // The opening's stones (a running opening's are all the game's).
    let opening = match session.opening {
        Some(_) => game.ply(),
        None => session.opening_stones,
    };
    let rows: Vec<Row> = game
        .placed()
        .into_iter()
        .enumerate()
        .map(|(i, (side, mv))| {
            let n = i + 1;
            Row {
                text: format!(
                    "{n:>3}.  {}  {}",
                    i18n.msg(&game.side_name(side)),
                    i18n.msg(&game.move_text(mv))
                ),
                color: if n == on_show {
                    palette::ACCENT
                } else if n < on_show {
                    palette::TEXT
                } else {
                    palette::TEXT_FAINT
                },
                mark: (n <= opening).then_some(("moves-opening", palette::TEXT_FAINT)),
                action: Action::Play(PlayAction::Look(n)),
            }
        })
        .collect();
    for list in &lists {
        move_list::fill(&mut commands, list, rows.clone(), on_show.checked_sub(1));
    }
}

/// Shows the session's game on the board (game and result screens).
pub fn sync_view(
    session: Res<Session>,
    worker: Res<AiWorker>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    mut shown: ResMut<Shown>,
    mut status: ResMut<ShownStatus>,
    mut allowed: ResMut<Allowed>,
) {
    let screen = *screen.get();
    let current = session.looking.is_none() || screen != Screen::Playing;
    let phase = session.opening.as_ref().filter(|_| current);
    // A choice step of an opening is taken with the buttons: no ghost, no cursor.
    let interactive = screen == Screen::Playing
        && current
        && session.is_person_turn()
        && worker.kind() != Some(JobKind::Move)
        && phase.is_none_or(|o| o.on_board());
    // Nothing to draw once the game ended inside the opening (a resignation).
    let step = phase.filter(|_| session.is_ongoing());
    allowed.set_if_neq(Allowed {
        key: ViewKey::Session(session.id),
        area: step.map(|o| o.area()).unwrap_or_default(),
        targets: step.map(|o| o.targets()).unwrap_or_default(),
    });
    Shown::set(
        &mut shown,
        Shown {
            key: ViewKey::Session(session.id),
            game: Some(if current {
                session.game.clone()
            } else {
                session.shown_position()
            }),
            interactive,
            hint: session.hint.filter(|_| current),
            marks: settings.show_forbidden
                && screen == Screen::Playing
                && current
                && session.is_ongoing(),
            numbers: false,
            line: Vec::new(),
            line_by: None,
            // A tournament opening's pending fifth-move offers, numbered.
            candidates: phase.map(|o| o.offers()).unwrap_or_default(),
            overlay: false,
        },
    );
    status.set_if_neq(ShownStatus {
        end: session
            .finished
            .as_ref()
            .map(|f| session.end_verdict(&f.end)),
        busy: worker.is_busy(),
    });
}

/// The result screen comes once the board shows the end (the last disc has landed), with the
/// sound that announces it.
fn show_result(
    session: Res<Session>,
    mut settled: MessageReader<BoardSettled>,
    mut last: Local<Option<BoardSettled>>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(s) = settled.read().last() {
        *last = Some(*s);
    }
    let Some(finished) = &session.finished else {
        return;
    };
    let end = BoardSettled {
        key: ViewKey::Session(session.id),
        position: session.game.key(),
    };
    if *last != Some(end) {
        return;
    }
    sfx.write(finished.sound);
    next.set(Screen::Result);
}
