//! The setup screen's rows when Connect Four is chosen: opponent (Casual, Club, Perfect or a
//! second person, with the person's record against each), colour (Red moves first) and
//! board (7 × 6 or 7 × 7). Built with the setup screen's own row and button helpers.

use bevy::prelude::*;

use crate::gui::connect4::files::C4Stats;
use crate::gui::connect4::{
    LEVELS, ROWS, SetupChange, level_description, level_name, level_number,
};
use crate::gui::persist::ColourChoice;
use crate::gui::screens::SetupAction;
use crate::gui::screens::setup::{row, spawn_level, spawn_option};
use crate::gui::theme::palette;
use crate::gui::theme::widgets::text;

pub fn spawn_rows(card: &mut ChildSpawnerCommands, stats: &C4Stats) {
    row(card, "Opponent", |r| {
        r.spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            flex_grow: 1.0,
            ..default()
        })
        .with_children(|list| {
            for level in LEVELS {
                let t = stats.tally(level);
                let record = if t.games() == 0 {
                    String::new()
                } else {
                    format!("{}W {}L {}D", t.wins, t.losses, t.draws)
                };
                spawn_level(
                    list,
                    &format!("{} · {}", level_number(level), level_name(level)),
                    level_description(level),
                    &record,
                    SetupAction::Connect4(SetupChange::Opponent(level_number(level))),
                );
            }
            spawn_level(
                list,
                "Two players",
                "A friend at this computer; you take turns.",
                "",
                SetupAction::Connect4(SetupChange::Opponent(0)),
            );
        });
    });
    row(card, "Your colour", |r| {
        spawn_option(r, "Red (first)", SetupAction::Colour(ColourChoice::Black));
        spawn_option(r, "Yellow", SetupAction::Colour(ColourChoice::White));
        spawn_option(r, "Random", SetupAction::Colour(ColourChoice::Random));
    });
    row(card, "Board", |r| {
        for rows in ROWS {
            let label = if rows == 6 {
                "7 × 6 (classic)".to_string()
            } else {
                format!("7 × {rows}")
            };
            spawn_option(r, &label, SetupAction::Connect4(SetupChange::Rows(rows)));
        }
    });
    card.spawn((
        text(
            "Drop discs into the columns: four in a row across, up or diagonally wins.",
            14.0,
            palette::TEXT_DIM,
        ),
        Node {
            margin: UiRect::left(px(150)),
            ..default()
        },
    ));
}
