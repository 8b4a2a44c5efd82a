//! Play online (`Screen::Online`): the player's name; a game to host (game, rule and board,
//! colour, clock, from the setup's rows) on this computer for the local network or on a
//! server; a code to join or watch on a server. Then the lobby: the code to tell the other
//! player and the addresses they join at, until they sit down and the game begins.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::online_lan::{LanGames, LanList};
use super::setup_rows::{
    SetupScroll, choose_game, choose_option, note, row, spawn_clock_rows, spawn_game_own_rows,
    spawn_game_row, spawn_option, spawn_page,
};
use crate::gui::flow::{Action, OnlineAction, OnlineField, Screen, SetupAction};
use crate::gui::i18n::{I18n, Msg};
use crate::gui::kind::online::wire_clock;
use crate::gui::kind::{Games, Side};
use crate::gui::persist::{ColourChoice, Paths, Settings};
use crate::gui::session::{Intent, Lobby, OnlineLink};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{on_click, spawn_button, text};
use crate::online::protocol::{MAX_NAME_CHARS, SeatChoice, Settings as WireSettings};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineForm>()
        .add_systems(OnEnter(Screen::Online), spawn_online)
        .add_systems(OnEnter(Screen::Title), close_link)
        .add_systems(
            Update,
            (
                type_keys,
                show_fields,
                reveal_focused,
                show_lobby,
                enter_game,
            )
                .chain()
                .run_if(in_state(Screen::Online)),
        )
        .add_observer(on_setup_action)
        .add_observer(on_online_action);
}

/// Longest server address and join code typed.
const MAX_FIELD: usize = 120;

/// What is typed on the screen, and why the last request could not be made.
#[derive(Resource, Default, Debug)]
pub struct OnlineForm {
    pub name: String,
    pub server: String,
    pub code: String,
    pub focused: Option<OnlineField>,
    pub problem: Option<Msg>,
}

impl OnlineForm {
    fn field(&mut self, field: OnlineField) -> &mut String {
        match field {
            OnlineField::Name => &mut self.name,
            OnlineField::Server => &mut self.server,
            OnlineField::Code => &mut self.code,
        }
    }
}

#[derive(Component)]
struct FieldText(OnlineField);

#[derive(Component)]
struct LobbyText;

/// A text field's box (what is scrolled into sight when it takes the keys).
#[derive(Component)]
struct FieldBox(OnlineField);

/// The title screen ends any connection and this computer's server.
fn close_link(mut link: ResMut<OnlineLink>) {
    link.close();
}

fn spawn_online(
    mut commands: Commands,
    settings: Res<Settings>,
    games: Res<Games>,
    i18n: Res<I18n>,
    mut form: ResMut<OnlineForm>,
) {
    if form.name.is_empty() {
        form.name = settings.online.name.clone();
    }
    if form.server.is_empty() {
        form.server = settings.online.server.clone();
    }
    let kind = games.chosen(&settings.setup);
    let i18n = &*i18n;
    spawn_page(
        &mut commands,
        Screen::Online,
        ["online-title", "online-host-here"],
        i18n,
        |card| {
            row(card, &i18n.t("online-name"), |r| {
                spawn_field(r, OnlineField::Name)
            });
            // Games heard on this network: one click joins.
            row(card, &i18n.t("online-lan"), |r| {
                r.spawn((
                    LanList,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        flex_grow: 1.0,
                        ..default()
                    },
                ));
            });
            card.spawn(note(&i18n.t("online-host-note")));
            spawn_game_row(card, &games, i18n);
            spawn_game_own_rows(card, kind, i18n, false);
            row(card, &i18n.t("setup-colour"), |r| {
                let first = i18n
                    .msg(&Msg::key("setup-colour-first").with("side", kind.side_name(Side::First)));
                spawn_option(r, &first, SetupAction::Colour(ColourChoice::Black));
                let second = i18n.msg(&kind.side_name(Side::Second));
                spawn_option(r, &second, SetupAction::Colour(ColourChoice::White));
                let random = i18n.t("setup-colour-random");
                spawn_option(r, &random, SetupAction::Colour(ColourChoice::Random));
            });
            spawn_clock_rows(card, i18n);
            card.spawn(note(&i18n.t("online-join-note")));
            row(card, &i18n.t("online-server"), |r| {
                spawn_field(r, OnlineField::Server)
            });
            row(card, &i18n.t("online-code"), |r| {
                spawn_field(r, OnlineField::Code)
            });
            card.spawn(Node {
                column_gap: px(8),
                row_gap: px(6),
                flex_wrap: FlexWrap::Wrap,
                ..default()
            })
            .with_children(|r| {
                let node = || Node {
                    min_width: px(150),
                    height: px(40),
                    ..default()
                };
                for (label, action) in [
                    ("online-host-server", OnlineAction::HostOnServer),
                    ("online-join", OnlineAction::Join),
                    ("online-watch", OnlineAction::Watch),
                ] {
                    spawn_button(r, i18n.t(label), "", Action::Online(action), node());
                }
            });
            card.spawn((LobbyText, text("", 16.0, palette::ACCENT)));
        },
    );
}

/// A text field: a click gives it the keys.
fn spawn_field(r: &mut ChildSpawnerCommands, field: OnlineField) {
    r.spawn((
        Button,
        FieldBox(field),
        Node {
            flex_grow: 1.0,
            min_width: px(300),
            height: px(36),
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
    .with_child((FieldText(field), text("", 15.0, palette::TEXT)))
    .observe(on_click(Action::Online(OnlineAction::Focus(field))));
}

/// Keys into the focused field: characters, Backspace, Tab to the next field, Enter to
/// host here (the name), on the server (the server, no code) or join, Escape leaves it. Ctrl and Super chords
/// type nothing.
fn type_keys(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    mut form: ResMut<OnlineForm>,
    mut commands: Commands,
) {
    let chord = crate::gui::flow::ctrl(&held);
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        let Some(field) = form.focused else {
            // The setup screens' keys: Enter hosts, Escape goes back; Tab goes to the name.
            match key.logical_key {
                Key::Enter => commands.trigger(Action::Setup(SetupAction::Start)),
                Key::Escape => commands.trigger(Action::Setup(SetupAction::Back)),
                Key::Tab => form.focused = Some(OnlineField::Name),
                _ => {}
            }
            continue;
        };
        let longest = match field {
            OnlineField::Name => MAX_NAME_CHARS,
            _ => MAX_FIELD,
        };
        match &key.logical_key {
            _ if chord => {}
            Key::Tab => {
                form.focused = Some(match field {
                    OnlineField::Name => OnlineField::Server,
                    OnlineField::Server => OnlineField::Code,
                    OnlineField::Code => OnlineField::Name,
                });
            }
            Key::Escape => form.focused = None,
            Key::Enter => {
                let action = match field {
                    OnlineField::Code => OnlineAction::Join,
                    OnlineField::Server if form.code.trim().is_empty() => {
                        OnlineAction::HostOnServer
                    }
                    OnlineField::Server => OnlineAction::Join,
                    OnlineField::Name => OnlineAction::HostHere,
                };
                commands.trigger(Action::Online(action));
            }
            Key::Backspace => {
                form.field(field).pop();
            }
            Key::Character(s) => {
                let text = form.field(field);
                for c in s.chars().filter(|c| !c.is_control()) {
                    if text.chars().count() < longest {
                        text.push(c);
                    }
                }
            }
            Key::Space if field == OnlineField::Name => {
                let text = form.field(field);
                if text.chars().count() < longest {
                    text.push(' ');
                }
            }
            _ => {}
        }
    }
}

fn show_fields(
    form: Res<OnlineForm>,
    i18n: Res<I18n>,
    mut texts: Query<(&FieldText, &mut Text, &mut TextColor)>,
    added: Query<(), Added<FieldText>>,
) {
    if !form.is_changed() && added.is_empty() {
        return;
    }
    for (FieldText(field), mut t, mut colour) in &mut texts {
        let value = match field {
            OnlineField::Name => &form.name,
            OnlineField::Server => &form.server,
            OnlineField::Code => &form.code,
        };
        let focused = form.focused == Some(*field);
        if value.is_empty() && !focused {
            t.0 = i18n.t(match field {
                OnlineField::Name => "online-name-hint",
                OnlineField::Server => "online-server-hint",
                OnlineField::Code => "online-code-hint",
            });
            colour.0 = palette::TEXT_FAINT;
        } else {
            t.0 = if focused {
                format!("{value}|")
            } else {
                value.clone()
            };
            colour.0 = palette::TEXT;
        }
    }
}

/// The lobby's line: connecting, the code and the addresses to join at, or what failed.
fn show_lobby(
    link: Res<OnlineLink>,
    form: Res<OnlineForm>,
    i18n: Res<I18n>,
    mut texts: Query<(&mut Text, &mut TextColor), With<LobbyText>>,
    mut pages: Query<(&ComputedNode, &mut ScrollPosition), With<SetupScroll>>,
    mut reveal: Local<u8>,
) {
    // The line sits below the rows: a new one is scrolled into sight (over a few frames,
    // the layout taking in its height), as the code must be read off it.
    if *reveal > 0 {
        *reveal -= 1;
        if let Ok((node, mut scroll)) = pages.single_mut() {
            let bottom =
                ((node.content_size.y - node.size.y) * node.inverse_scale_factor()).max(0.0);
            if scroll.y != bottom {
                scroll.y = bottom;
            }
        }
    }
    let (line, bad) = match (&form.problem, &link.lobby) {
        (Some(problem), _) => (i18n.msg(problem), true),
        (None, Lobby::Idle) => (String::new(), false),
        (None, Lobby::Connecting) => (i18n.t("online-connecting"), false),
        (None, Lobby::Waiting { code, lan }) if lan.is_empty() => (
            i18n.msg(&Msg::key("online-waiting").with("code", code.clone())),
            false,
        ),
        (None, Lobby::Waiting { code, lan }) => (
            i18n.msg(
                &Msg::key("online-waiting-lan")
                    .with("code", code.clone())
                    .with("address", lan.join(", ")),
            ),
            false,
        ),
        (None, Lobby::Failed(why)) => (i18n.msg(why), true),
    };
    for (mut t, mut colour) in &mut texts {
        if t.0 != line {
            if !line.is_empty() {
                *reveal = 3;
            }
            t.0 = line.clone();
            colour.0 = if bad { palette::BAD } else { palette::ACCENT };
        }
    }
}

/// The field that takes the keys (Tab goes from the name at the top to the server and the
/// code at the bottom) is scrolled into sight.
fn reveal_focused(
    form: Res<OnlineForm>,
    mut last: Local<Option<OnlineField>>,
    fields: Query<(&FieldBox, &ComputedNode, &UiGlobalTransform)>,
    mut pages: Query<(&ComputedNode, &UiGlobalTransform, &mut ScrollPosition), With<SetupScroll>>,
) {
    if *last == form.focused {
        return;
    }
    *last = form.focused;
    let Some(focused) = form.focused else {
        return;
    };
    let (Ok((page, page_at, mut scroll)), Some((_, field, field_at))) = (
        pages.single_mut(),
        fields.iter().find(|(f, ..)| f.0 == focused),
    ) else {
        return;
    };
    // In logical pixels: the field's top and bottom against the page's visible part.
    let scale = page.inverse_scale_factor();
    let page_top = (page_at.translation.y - page.size().y / 2.0) * scale;
    let page_bottom = page_top + page.size().y * scale;
    let top = (field_at.translation.y - field.size().y / 2.0) * scale;
    let bottom = top + field.size().y * scale;
    let margin = 12.0;
    let shift = if bottom + margin > page_bottom {
        bottom + margin - page_bottom
    } else if top - margin < page_top {
        top - margin - page_top
    } else {
        return;
    };
    scroll.y = (scroll.y + shift).max(0.0);
}

/// The game is there (the other player sat down, or a watched game's state came). Its code
/// was for this game only: the field is empty for the next one.
fn enter_game(
    mut link: ResMut<OnlineLink>,
    mut form: ResMut<OnlineForm>,
    mut next: ResMut<NextState<Screen>>,
) {
    if link.take_ready() {
        form.code.clear();
        next.set(Screen::Playing);
    }
}

/// The setup rows on this screen: the game to host.
fn on_setup_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    games: Res<Games>,
    mut settings: ResMut<Settings>,
    mut link: ResMut<OnlineLink>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    let Action::Setup(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Online {
        return;
    }
    let kind = games.chosen(&settings.setup);
    let setup = &mut settings.setup;
    match action {
        // Enter again: the rows differ per game.
        SetupAction::Game(id) if choose_game(setup, &games, id) => next.set(Screen::Online),
        SetupAction::Choose(key, value) => choose_option(setup, kind, key, *value),
        SetupAction::Colour(c) => setup.colour = *c,
        SetupAction::Clock(c) => setup.clock = *c,
        SetupAction::CustomClock { minutes, increment } => {
            setup.clock = setup.clock.stepped(*minutes, *increment)
        }
        SetupAction::Start => commands.trigger(Action::Online(OnlineAction::HostHere)),
        SetupAction::Back => {
            link.close();
            next.set(Screen::Title);
        }
        _ => {}
    }
}

fn on_online_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    games: Res<Games>,
    paths: Res<Paths>,
    mut settings: ResMut<Settings>,
    mut form: ResMut<OnlineForm>,
    mut link: ResMut<OnlineLink>,
    lan: Res<LanGames>,
) {
    let Action::Online(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Online {
        return;
    }
    if let OnlineAction::Focus(field) = action {
        form.focused = Some(*field);
        return;
    }
    // A game heard on the network: its server and code, then as Join.
    let action = match action {
        OnlineAction::JoinLan(i) => {
            let Some(game) = lan.get(*i) else {
                return;
            };
            form.server = game.address.clone();
            form.code = game.code.clone();
            &OnlineAction::Join
        }
        other => other,
    };
    form.focused = None;
    let name = form.name.trim().to_string();
    let server = form.server.trim().to_string();
    let code = form.code.trim().to_string();
    let here = *action == OnlineAction::HostHere;
    let needs_name = !matches!(action, OnlineAction::Watch);
    let problem = if needs_name && name.is_empty() {
        Some(Msg::key("online-name-needed"))
    } else if !here && server.is_empty() {
        Some(Msg::key("online-server-needed"))
    } else if matches!(action, OnlineAction::Join | OnlineAction::Watch) && code.is_empty() {
        Some(Msg::key("online-code-needed"))
    } else {
        None
    };
    form.problem = problem;
    if form.problem.is_some() {
        return;
    }
    let intent = match action {
        OnlineAction::HostHere | OnlineAction::HostOnServer => match hosted(&settings, &games) {
            Ok((wire, colour)) => {
                let seat = match colour {
                    ColourChoice::Black => SeatChoice::First,
                    ColourChoice::White => SeatChoice::Second,
                    ColourChoice::Random => SeatChoice::Random,
                };
                Intent::Host {
                    settings: wire,
                    seat,
                    name: name.clone(),
                }
            }
            Err(why) => {
                form.problem = Some(why);
                return;
            }
        },
        OnlineAction::Join => Intent::Join {
            code,
            name: name.clone(),
        },
        OnlineAction::Watch => Intent::Watch { code },
        OnlineAction::Focus(_) | OnlineAction::JoinLan(_) => return,
    };
    // Remembered for next time.
    settings.online.name = name;
    if !here {
        settings.online.server = server.clone();
    }
    link.start(&server, intent, here, &paths.data_dir);
}

/// The game to host in the protocol's words, with the host's colour choice; or why the
/// setup cannot be played online.
fn hosted(settings: &Settings, games: &Games) -> Result<(WireSettings, ColourChoice), Msg> {
    let kind = games.chosen(&settings.setup);
    let online = kind
        .def()
        .online()
        .ok_or_else(|| Msg::key("online-game-unsupported").with("game", kind.name()))?;
    let options = kind.options(&settings.setup);
    let wire = WireSettings {
        kind: online.wire_kind(&options)?,
        clock: wire_clock(settings.setup.clock)?,
        opening: online.wire_opening(&options),
    };
    Ok((wire, settings.setup.colour))
}
