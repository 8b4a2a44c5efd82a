//! The players' clocks beside their names on the playing and result screens: the time left,
//! bright while it runs, red under ten seconds.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use fluent_bundle::FluentValue;

use crate::gui::clock::format_clock;
use crate::gui::flow::Screen;
use crate::gui::i18n::I18n;
use crate::gui::kind::Side;
use crate::gui::session::{Session, SessionSystems};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::bold;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_clocks.after(SessionSystems).run_if(
            in_state(Screen::Playing)
                .or_else(in_state(Screen::Result))
                .or_else(in_state(Screen::Match)),
        ),
    );
}

/// The time left of a side.
#[derive(Component)]
pub struct ClockText(pub Side);

/// A side's clock, pushed to the right of its row.
pub fn spawn_clock(row: &mut ChildSpawnerCommands, side: Side) {
    row.spawn((
        ClockText(side),
        bold("", 18.0, palette::TEXT_DIM),
        Node {
            margin: UiRect::left(Val::Auto),
            ..default()
        },
    ));
}

fn show_clocks(
    session: Res<Session>,
    i18n: Res<I18n>,
    mut clocks: Query<(&ClockText, &mut Text, &mut TextColor)>,
) {
    let Some(clock) = &session.clock else {
        return;
    };
    let now = Instant::now();
    let to_move = session.game.to_move();
    for (ClockText(side), mut text, mut colour) in &mut clocks {
        let left = clock.left(side.index(), to_move.index(), now);
        let shown = clock_text(&i18n, left);
        if text.0 != shown {
            text.0 = shown;
        }
        let running = clock.is_running() && *side == to_move;
        let wanted = if left.as_secs() < 10 && (running || left.is_zero()) {
            palette::BAD
        } else if running {
            palette::TEXT
        } else {
            palette::TEXT_DIM
        };
        if colour.0 != wanted {
            colour.0 = wanted;
        }
    }
}

/// A clock's time as shown in the language in use: [`format_clock`], with the decimal
/// separator of the language under ten seconds ("9,9" in Czech).
pub fn clock_text(i18n: &I18n, d: Duration) -> String {
    let shown = format_clock(d);
    if shown.contains(':') {
        return shown;
    }
    // Parsed back as a number that keeps its one decimal ("9.0", not "9").
    i18n.t_args(
        "clock-tenths",
        &[("seconds", FluentValue::try_number(&shown))],
    )
}
