//! Play online's list of games heard on the local network (`online::discovery`): listening
//! while the screen is open, one button per game ("Ana · Freestyle · 15 × 15 · 192.168.1.5"),
//! and a click fills the server and the code and joins.

use bevy::prelude::*;

use crate::gui::flow::{Action, OnlineAction, Screen};
use crate::gui::i18n::I18n;
use crate::gui::kind::Games;
use crate::gui::msg::Msg;
use crate::gui::theme::palette;
use crate::gui::theme::widgets::{spawn_button, text};
use crate::online::discovery::{Browser, LanGame};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LanGames>()
        .add_systems(OnEnter(Screen::Online), listen)
        .add_systems(OnExit(Screen::Online), stop)
        .add_systems(Update, list.run_if(in_state(Screen::Online)));
}

/// The games heard while Play online is open.
#[derive(Resource, Default)]
pub struct LanGames {
    pub browser: Option<Browser>,
    /// As listed on the screen, in order: a click names one by its place.
    pub shown: Vec<LanGame>,
}

impl LanGames {
    /// The listed game at `index`.
    pub fn get(&self, index: usize) -> Option<&LanGame> {
        self.shown.get(index)
    }
}

/// Where the buttons go.
#[derive(Component)]
pub(super) struct LanList;

fn listen(mut lan: ResMut<LanGames>) {
    // The tests list games of their own (`Browser::with_games`): nothing in them goes out
    // on a network.
    if cfg!(test) || lan.browser.is_some() {
        return;
    }
    match Browser::start() {
        Ok(browser) => lan.browser = Some(browser),
        Err(e) => warn!("online: not listening for games on the network: {e}"),
    }
}

fn stop(mut lan: ResMut<LanGames>) {
    if !cfg!(test) {
        lan.browser = None;
    }
    lan.shown.clear();
}

/// What was heard since the last frame, as the list's buttons.
fn list(
    mut commands: Commands,
    mut lan: ResMut<LanGames>,
    games: Res<Games>,
    i18n: Res<I18n>,
    holders: Query<Entity, With<LanList>>,
    added: Query<(), Added<LanList>>,
) {
    let lan = &mut *lan;
    let heard = lan.browser.as_mut().map(Browser::poll).unwrap_or(false);
    let now: Vec<LanGame> = lan.browser.as_ref().map(Browser::games).unwrap_or_default();
    if !heard && added.is_empty() && now == lan.shown {
        return;
    }
    lan.shown = now;
    for holder in &holders {
        commands.entity(holder).despawn_children();
        commands.entity(holder).with_children(|p| {
            if lan.shown.is_empty() {
                p.spawn(text(i18n.t("online-lan-none"), 14.0, palette::TEXT_DIM));
            }
            for (i, game) in lan.shown.iter().enumerate() {
                let label = format!("{} · {}", game.name, describe(game, &games, &i18n));
                spawn_button(
                    p,
                    label,
                    "",
                    Action::Online(OnlineAction::JoinLan(i)),
                    Node {
                        min_height: px(34),
                        ..default()
                    },
                );
            }
        });
    }
}

/// The game's kind and settings in the player's words, and where it is.
fn describe(game: &LanGame, games: &Games, i18n: &I18n) -> String {
    let what = games.iter().find_map(|k| {
        let options = k
            .def()
            .online()?
            .options(&game.settings.kind, game.settings.opening)?;
        Some(i18n.msg(&k.def().new_game(&options).subtitle()))
    });
    let what = what.unwrap_or_else(|| i18n.msg(&Msg::key("online-unknown-game")));
    format!("{what} · {}", game.address)
}
