//! The game screen's online buttons: Offer draw; Accept and Decline when the other player
//! offers a draw or asks to take back a move; Claim the win once they have been gone for
//! the server's grace. Rebuilt when the set of buttons changes.

use std::time::Instant;

use bevy::prelude::*;

use crate::gui::flow::{Action, PlayAction, Screen};
use crate::gui::i18n::I18n;
use crate::gui::session::{Session, SessionSystems};
use crate::gui::theme::widgets::spawn_button;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        update_buttons
            .after(SessionSystems)
            .run_if(in_state(Screen::Playing)),
    );
}

#[derive(Component)]
struct OnlineButtons;

/// The row the buttons go in (empty in a game on one computer).
pub fn spawn_buttons(p: &mut ChildSpawnerCommands) {
    p.spawn((
        OnlineButtons,
        Node {
            width: percent(100),
            flex_wrap: FlexWrap::Wrap,
            row_gap: px(6),
            column_gap: px(6),
            ..default()
        },
    ));
}

/// The buttons an online game's state calls for: (catalog key, shortcut, action).
fn wanted(session: &Session, now: Instant) -> Vec<(&'static str, &'static str, PlayAction)> {
    let Some(online) = session.online.as_ref().filter(|_| session.is_ongoing()) else {
        return Vec::new();
    };
    let Some(seat) = online.seat else {
        return Vec::new();
    };
    let other = Some(seat.other());
    if online.draw_offer == other || online.undo_request == other {
        return vec![
            ("online-accept", "Y", PlayAction::Answer(true)),
            ("online-decline", "N", PlayAction::Answer(false)),
        ];
    }
    if online.may_claim(now) {
        return vec![("online-claim-win", "", PlayAction::ClaimWin)];
    }
    if online.draw_offer.is_none() {
        return vec![("online-offer-draw", "", PlayAction::OfferDraw)];
    }
    Vec::new()
}

fn update_buttons(
    mut commands: Commands,
    session: Res<Session>,
    keys: Res<ButtonInput<KeyCode>>,
    holders: Query<Entity, With<OnlineButtons>>,
    added: Query<(), Added<OnlineButtons>>,
    i18n: Res<I18n>,
    mut last: Local<Option<(u64, Vec<&'static str>)>>,
) {
    let buttons = wanted(&session, Instant::now());
    // Y and N answer an offer or a request.
    for (_, key, action) in &buttons {
        let code = match *key {
            "Y" => KeyCode::KeyY,
            "N" => KeyCode::KeyN,
            _ => continue,
        };
        if keys.just_pressed(code) {
            commands.trigger(Action::Play(action.clone()));
        }
    }
    let labels: Vec<&'static str> = buttons.iter().map(|(label, ..)| *label).collect();
    let key = (session.id, labels);
    if last.as_ref() == Some(&key) && added.is_empty() {
        return;
    }
    for holder in &holders {
        commands.entity(holder).despawn_children();
        commands.entity(holder).with_children(|p| {
            for (label, shortcut, action) in &buttons {
                let node = Node {
                    flex_grow: 1.0,
                    height: px(36),
                    ..default()
                };
                spawn_button(
                    p,
                    i18n.t(label),
                    shortcut,
                    Action::Play(action.clone()),
                    node,
                );
            }
        });
    }
    *last = Some(key);
}
