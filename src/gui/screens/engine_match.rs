//! The engine match's screen: the game on the board live, and a panel with the two players
//! and their clocks, the score so far with its Elo margin, who is thinking and how deep, the
//! engines' last searches, the moves, and Stop / Again / Menu.

use bevy::prelude::*;

use super::playing::{TurnIcon, spawn_game_header, update_header_names, update_move_list};
use super::{PieceIcon, piece_icon, set_text, spawn_board_screen, spawn_panel_button_pairs};
use crate::engine::elo::Wdl;
use crate::gui::ai_task::{AiWorker, JobKind};
use crate::gui::board::BoardSystems;
use crate::gui::effects;
use crate::gui::flow::{Action, MatchAction, Screen, press};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::{AnyGame, Side};
use crate::gui::persist::Paths;
use crate::gui::session::{EngineMatch, GameEnd, MatchRun, Session};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{ButtonAction, GameButton, bold, text};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(on_menu)
        .add_systems(OnEnter(Screen::Match), spawn_match)
        .add_systems(
            Update,
            (
                shortcuts,
                (
                    update_match_panel,
                    update_header_names,
                    update_move_list,
                    mark_buttons,
                )
                    .after(BoardSystems),
            )
                .run_if(in_state(Screen::Match)),
        );
}

/// Menu leaves the match for the title screen (the session ends the match).
fn on_menu(action: On<Action>, screen: Res<State<Screen>>, mut next: ResMut<NextState<Screen>>) {
    if matches!(*action, Action::Match(MatchAction::Menu)) && *screen.get() == Screen::Match {
        next.set(Screen::Title);
    }
}

#[derive(Component)]
struct MatchHeading;
#[derive(Component)]
struct ScoreText;
#[derive(Component)]
struct EloText;
#[derive(Component)]
struct MatchTurn;
#[derive(Component)]
struct MatchInfo;
#[derive(Component)]
struct MatchStatus;
#[derive(Component)]
struct MatchGames;

/// The most finished games the panel lists (the last ones; the count covers them all).
const LISTED_GAMES: usize = 6;

fn spawn_match(mut commands: Commands, session: Res<Session>, paths: Res<Paths>, i18n: Res<I18n>) {
    let kind = session.game.kind();
    let panel = spawn_board_screen(&mut commands, Screen::Match, kind);
    commands.entity(panel).with_children(|p| {
        spawn_game_header(p, &session, &i18n);
        p.spawn((MatchHeading, bold("", 20.0, palette::ACCENT)));
        p.spawn((ScoreText, bold("", 18.0, palette::TEXT)));
        p.spawn((EloText, text("", 14.0, palette::TEXT_DIM)));
        p.spawn(Node {
            align_items: AlignItems::Center,
            column_gap: px(10),
            ..default()
        })
        .with_children(|row| {
            row.spawn((TurnIcon, piece_icon(kind, session.game.to_move(), 20.0)));
            row.spawn((MatchTurn, bold("", 17.0, palette::TEXT)));
            row.spawn(effects::ui::thinking_dots());
        });
        p.spawn((MatchInfo, text("", 13.0, palette::TEXT_DIM)));
        p.spawn(effects::ui::eval_bar(
            i18n.t("play-eval-black"),
            i18n.t("play-eval-white"),
        ));
        p.spawn((
            MatchStatus,
            text("", 14.0, palette::ACCENT),
            Node {
                min_height: px(20),
                ..default()
            },
        ));
        p.spawn((MatchGames, text("", 13.0, palette::TEXT_DIM)));
        super::move_list::spawn(p, 2);
        let esc = i18n.t("play-key-esc");
        let buttons = [
            ("match-stop", "S", MatchAction::Stop),
            ("match-again", "A", MatchAction::Again),
            ("play-menu", esc.as_str(), MatchAction::Menu),
        ]
        .map(|(label, key, a)| (i18n.t(label), key, Action::Match(a)));
        spawn_panel_button_pairs(
            p,
            buttons
                .iter()
                .map(|(label, key, a)| (label.as_str(), *key, a.clone()))
                .collect(),
        );
        let folder = paths.games_dir().display().to_string();
        p.spawn(text(
            i18n.msg(&Msg::key("match-saved").with("dir", folder)),
            13.0,
            palette::TEXT_FAINT,
        ));
    });
}

/// Points as players write them: "3", "2½".
fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// The score line, the Elo line and the heading of `run`.
fn score_lines(run: &MatchRun) -> (Msg, Msg, Msg) {
    let wdl: Wdl = run.score();
    let [a, b] = &run.players;
    let score = Msg::key("match-score")
        .with("a", a.short_name())
        .with("b", b.short_name())
        .with("a-points", points(2 * wdl.wins + wdl.draws))
        .with("b-points", points(2 * wdl.losses + wdl.draws));
    let elo = match wdl.elo() {
        Some((elo, margin)) if margin.is_finite() => Msg::key("match-elo")
            .with("a", a.short_name())
            .with("elo", format!("{elo:+.0}"))
            .with("margin", format!("{margin:.0}"))
            .with("wins", wdl.wins)
            .with("draws", wdl.draws)
            .with("losses", wdl.losses),
        Some((elo, _)) => Msg::key("match-elo-wide")
            .with("a", a.short_name())
            .with("elo", format!("{elo:+.0}"))
            .with("wins", wdl.wins)
            .with("draws", wdl.draws)
            .with("losses", wdl.losses),
        None => Msg::key("match-elo-unknown")
            .with("wins", wdl.wins)
            .with("draws", wdl.draws)
            .with("losses", wdl.losses),
    };
    let played = run.games.len();
    let heading = if run.stopped {
        Msg::key("match-heading-stopped").with("played", played)
    } else if run.is_over() {
        Msg::key("match-heading-over").with("total", run.total)
    } else {
        Msg::key("match-heading")
            .with("number", run.game_number())
            .with("total", run.total)
    };
    (heading, score, elo)
}

/// How game `index` of `run` ended: who won and how (a line, on time, a forfeit and what
/// the engine did wrong, a resignation), or a draw. `game` names the winning line.
fn how_it_ended(run: &MatchRun, index: usize, game: &AnyGame) -> Msg {
    let played = &run.games[index];
    let seated = run.seated(index);
    let name = |side: Side| seated[side.index()].short_name();
    let winner = played.end.winner();
    let how = match &played.end {
        GameEnd::Line { line, .. } => {
            Msg::key("match-how-line").with("line", game.line_name(line.len()))
        }
        GameEnd::Time { .. } => Msg::key("match-how-time"),
        GameEnd::Forfeit { loser } => Msg::key("match-how-forfeit")
            .with("loser", name(*loser))
            .with(
                "why",
                played
                    .forfeit
                    .clone()
                    .unwrap_or_else(|| Msg::key("fault-crash")),
            ),
        GameEnd::Resigned { .. } => Msg::key("match-how-resigned"),
        GameEnd::Draw => return Msg::key("match-how-draw"),
    };
    match winner {
        Some(side) => how.with("winner", name(side)),
        None => Msg::key("match-how-draw"),
    }
}

/// The list of finished games (the last [`LISTED_GAMES`]), then the games lost on time and
/// by forfeit; empty before the first game ends.
fn games_list(run: &MatchRun, game: &AnyGame) -> Msg {
    if run.games.is_empty() {
        return Msg::verbatim(String::new());
    }
    let kind = run.kind;
    let from = run.games.len().saturating_sub(LISTED_GAMES);
    let mut lines = Vec::new();
    if from > 0 {
        lines.push(Msg::key("match-games-earlier").with("n", from));
    }
    for index in from..run.games.len() {
        let [first, second] = run.seated(index);
        lines.push(
            Msg::key("match-game")
                .with("number", index + 1)
                .with("first", first.short_name())
                .with("first-side", kind.side_name(Side::First))
                .with("second", second.short_name())
                .with("second-side", kind.side_name(Side::Second))
                .with("how", how_it_ended(run, index, game)),
        );
    }
    let (time, forfeits) = run.faults();
    lines.push(
        Msg::key("match-faults")
            .with("time", time)
            .with("forfeits", forfeits),
    );
    Msg::Join(lines, "\n")
}

/// Who is to move and how deep they think.
fn turn_line(session: &Session, worker: &AiWorker) -> Msg {
    if !session.is_ongoing() {
        return Msg::key("play-turn-game-over");
    }
    // A tournament opening: who acts in it and how ("Master is placing its stones…").
    if let Some(prompt) = session.opening_prompt() {
        return prompt;
    }
    let side = session.game.to_move();
    let name = match (session.engine_of(side), session.level_of(side)) {
        (Some(engine), _) => Msg::verbatim(engine.name.clone()),
        (None, Some(level)) => level.title(),
        (None, None) => Msg::key("play-ai"),
    };
    match worker.live() {
        // Depth 0: an engine that reports none.
        Some((depth, _)) if depth > 0 && worker.kind() == Some(JobKind::Move) => {
            Msg::key("play-turn-ai-depth")
                .with("level", name)
                .with("depth", depth)
        }
        _ if worker.kind() == Some(JobKind::Move) => {
            Msg::key("play-turn-ai-thinking").with("level", name)
        }
        _ => Msg::key("play-turn-ai").with("level", name),
    }
}

fn update_match_panel(
    matches: Res<EngineMatch>,
    session: Res<Session>,
    worker: Res<AiWorker>,
    i18n: Res<I18n>,
    mut texts: ParamSet<(
        Query<&mut Text, With<MatchHeading>>,
        Query<&mut Text, With<ScoreText>>,
        Query<&mut Text, With<EloText>>,
        Query<&mut Text, With<MatchTurn>>,
        Query<&mut Text, With<MatchInfo>>,
        Query<&mut Text, With<MatchStatus>>,
        Query<&mut Text, With<MatchGames>>,
    )>,
    mut icons: Query<&mut PieceIcon, With<TurnIcon>>,
) {
    let Some(run) = &matches.run else {
        return;
    };
    let (heading, score, elo) = score_lines(run);
    let lines = [
        heading,
        score,
        elo,
        turn_line(&session, &worker),
        session
            .last_search
            .as_ref()
            .map_or_else(|| Msg::verbatim(String::new()), |s| s.describe()),
        session
            .status
            .clone()
            .unwrap_or_else(|| Msg::verbatim(String::new())),
        games_list(run, &session.game),
    ]
    .map(|m| i18n.msg(&m));
    let [heading, score, elo, turn, info, status, games] = lines;
    for mut t in &mut texts.p0() {
        set_text(&mut t, heading.clone());
    }
    for mut t in &mut texts.p1() {
        set_text(&mut t, score.clone());
    }
    for mut t in &mut texts.p2() {
        set_text(&mut t, elo.clone());
    }
    for mut t in &mut texts.p3() {
        set_text(&mut t, turn.clone());
    }
    for mut t in &mut texts.p4() {
        set_text(&mut t, info.clone());
    }
    for mut t in &mut texts.p5() {
        set_text(&mut t, status.clone());
    }
    for mut t in &mut texts.p6() {
        set_text(&mut t, games.clone());
    }
    let to_move = session.game.to_move();
    for mut icon in &mut icons {
        if icon.side != to_move {
            icon.side = to_move;
        }
    }
}

/// Stop while the match runs; Again once it is over.
fn mark_buttons(matches: Res<EngineMatch>, mut buttons: Query<(&ButtonAction, &mut GameButton)>) {
    let over = matches.run.as_ref().is_none_or(MatchRun::is_over);
    for (action, mut button) in &mut buttons {
        let inactive = match action.0 {
            Action::Match(MatchAction::Stop) => over,
            Action::Match(MatchAction::Again) => !over,
            _ => continue,
        };
        if button.inactive != inactive {
            button.inactive = inactive;
        }
    }
}

fn shortcuts(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    let map = [
        (KeyCode::KeyS, MatchAction::Stop),
        (KeyCode::KeyA, MatchAction::Again),
        (KeyCode::Escape, MatchAction::Menu),
    ];
    press(
        &keys,
        &mut commands,
        map.map(|(k, a)| (k, Action::Match(a))),
    );
}
