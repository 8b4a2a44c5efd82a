//! New game's question before a new game replaces the chosen game's unfinished one: a card
//! over the screen, and whether it is up.

use bevy::prelude::*;

use crate::gui::flow::Screen;
use crate::gui::i18n::I18n;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{bold, panel, text};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReplaceAsked>()
        .add_systems(OnEnter(Screen::Setup), forget_question);
}

/// Whether the player has been asked to replace the chosen game's unfinished one (the
/// question is on screen): Start then replaces it, Back keeps it.
#[derive(Resource, Default)]
pub struct ReplaceAsked(pub bool);

/// The question itself, over the dialog.
#[derive(Component)]
pub(super) struct ReplaceDialog;

fn forget_question(mut asked: ResMut<ReplaceAsked>) {
    asked.0 = false;
}

/// Asks before a new game replaces the chosen game's unfinished one: a card over the screen
/// with Replace (Start, Enter) and Keep (Back, Esc).
pub(super) fn spawn_replace_question(commands: &mut Commands, i18n: &I18n) {
    commands
        .spawn((
            ReplaceDialog,
            DespawnOnExit(Screen::Setup),
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            GlobalZIndex(10),
            // Dim enough that the choices behind do not compete with the question.
            BackgroundColor(palette::BACKGROUND.with_alpha(0.94)),
        ))
        .with_children(|veil| {
            veil.spawn(panel(px(520)))
                .insert(BackgroundColor(palette::DIALOG))
                .with_children(|card| {
                    card.spawn(bold(i18n.t("setup-replace-title"), 24.0, palette::TEXT));
                    card.spawn(text(i18n.t("setup-replace-body"), 16.0, palette::TEXT_DIM));
                    card.spawn(Node {
                        column_gap: px(16),
                        margin: UiRect::top(px(10)),
                        justify_content: JustifyContent::Center,
                        ..default()
                    })
                    .with_children(|buttons| {
                        let node = || Node {
                            min_width: px(200),
                            height: px(46),
                            ..default()
                        };
                        let labels = ["setup-replace-no", "setup-replace-yes"];
                        super::setup_rows::back_and_start(buttons, i18n, labels, node);
                    });
                });
        });
}
