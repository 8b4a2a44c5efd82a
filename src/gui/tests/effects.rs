//! Headless tests of the effects and the presentation settings: the same app as the game
//! without a window, on a manual clock (every frame is 16 ms), driven by the player's actions.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::{TestApp, fresh_home, p};
use crate::engine::gomoku::Pos;
use crate::engine::gomoku::Rule::Freestyle;
use crate::engine::gomoku::ai::{Level, Score, SearchResult};
use crate::engine::review::Outlook;
use crate::gui::ai_task::AiWorker;
use crate::gui::board::gomoku::BoardRoot;
use crate::gui::board::gomoku::fx::{BoardFx, Confetti, DropIn, Pulse, Ripple, Veil, WinMark};
use crate::gui::effects::ui::{EvalBar, FadeOverlay, eval_target, first_share};
use crate::gui::flow::{Action, PlayAction, ResultAction, Screen, SettingsAction, TitleAction};
use crate::gui::games::registered;
use crate::gui::kind::Verdict;
use crate::gui::kind::gomoku::search_info;
use crate::gui::kind::{Games, Side};
use crate::gui::persist::ColourChoice::Black;
use crate::gui::persist::{Notices, Paths, Settings};
use crate::gui::session::Session;
use crate::gui::theme::BoardTheme;
use crate::gui::theme::board::SLATE;
use crate::gui::theme::widgets::GameButton;

const FRAME: Duration = Duration::from_millis(16);

/// The game's app on a manual clock: every frame is 16 ms.
struct Fx(TestApp);

impl std::ops::Deref for Fx {
    type Target = TestApp;
    fn deref(&self) -> &TestApp {
        &self.0
    }
}

impl std::ops::DerefMut for Fx {
    fn deref_mut(&mut self) -> &mut TestApp {
        &mut self.0
    }
}

impl Fx {
    fn new() -> Fx {
        Fx::at(fresh_home())
    }

    fn at(home: PathBuf) -> Fx {
        let mut t = TestApp::at(home, None);
        t.app
            .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
        t.app.update();
        Fx(t)
    }

    /// Keeps the home folder for a restart.
    fn keep_home(&mut self) -> PathBuf {
        std::mem::replace(&mut self.0.home, fresh_home())
    }

    fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.app.update();
        }
    }

    fn settings(&mut self) -> Mut<'_, Settings> {
        self.app.world_mut().resource_mut::<Settings>()
    }

    fn all<C: Component + Clone>(&mut self) -> Vec<C> {
        self.app
            .world_mut()
            .query::<&C>()
            .iter(self.app.world())
            .cloned()
            .collect()
    }

    fn scales_of<C: Component>(&mut self) -> Vec<f32> {
        self.app
            .world_mut()
            .query_filtered::<&UiTransform, With<C>>()
            .iter(self.app.world())
            .map(|t| t.scale.x)
            .collect()
    }

    /// A new Gomoku game from the menu (0 = two people) with the person as Black.
    fn start(&mut self, opponent: u8) {
        self.0.start(opponent, Black, Freestyle);
    }

    fn place(&mut self, at: &str) {
        self.0.place(p(at));
    }
}

#[test]
fn a_new_stone_drops_in_with_a_ripple_then_rests() {
    let mut t = Fx::new();
    t.start(0);
    t.place("h8");
    let drops = t.all::<DropIn>();
    assert_eq!(drops.len(), 1, "the new stone is animating");
    let scale = t.scales_of::<DropIn>()[0];
    assert!(scale > 1.05, "it starts above the board (scale {scale})");
    assert_eq!(t.count::<Ripple>(), 1, "a ripple spreads from it");
    // 0.24 s for the drop, 0.65 s for the ripple, whatever the frame rate.
    t.frames(20);
    assert_eq!(t.count::<DropIn>(), 0, "the drop is over after 0.32 s");
    assert_eq!(t.count::<Ripple>(), 1, "the ripple is still spreading");
    t.frames(30);
    assert_eq!(t.count::<Ripple>(), 0, "the ripple is gone after 0.8 s");
    // The last-move marker pulses: its scale changes over time.
    let a = t.scales_of::<Pulse>();
    t.frames(20);
    let b = t.scales_of::<Pulse>();
    assert_eq!(a.len(), 1);
    assert_ne!(a, b, "the last-move marker pulses");
}

#[test]
fn a_second_stone_rebuild_does_not_restart_the_drop() {
    let mut t = Fx::new();
    t.start(0);
    t.place("h8");
    t.frames(5);
    let before = t.all::<DropIn>()[0].started;
    // Toggling a display setting rebuilds every stone; the drop keeps its start time.
    t.settings().show_move_numbers = true;
    t.frames(1);
    assert_eq!(t.all::<DropIn>()[0].started, before);
}

#[test]
fn reduced_motion_shows_final_states_at_once() {
    let mut t = Fx::new();
    t.settings().reduced_motion = true;
    t.frames(1);
    t.start(0);
    assert!(
        t.app
            .world_mut()
            .query_filtered::<&Visibility, With<FadeOverlay>>()
            .iter(t.app.world())
            .all(|v| *v == Visibility::Hidden),
        "no screen fade"
    );
    t.place("h8");
    assert_eq!(t.count::<DropIn>(), 0, "no drop");
    assert_eq!(t.count::<Ripple>(), 0, "no ripple");
    assert!(
        t.scales_of::<Pulse>().iter().all(|&s| s == 1.0),
        "a still last-move marker"
    );
    // A five: the whole line is lit at once and no confetti flies.
    for m in ["h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        t.place(m);
    }
    assert_eq!(t.screen(), Screen::Result);
    t.frames(2);
    let lit = t
        .app
        .world_mut()
        .query::<(&WinMark, &UiTransform)>()
        .iter(t.app.world())
        .count();
    assert_eq!(lit, 11, "five glows, five rings and the stroke");
    t.frames(120);
    assert_eq!(t.count::<Confetti>(), 0, "no confetti with reduced motion");
}

#[test]
fn a_win_lights_the_five_in_turn_then_throws_confetti() {
    let mut t = Fx::new();
    t.start(0);
    for m in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        t.place(m);
    }
    assert_eq!(t.screen(), Screen::Result);
    let fx = t.app.world().resource::<BoardFx>();
    assert_eq!(
        fx.end_kind(),
        Some(Verdict::Win),
        "a winner between two people"
    );
    assert_eq!(t.count::<Confetti>(), 0, "the line lights up first");
    assert_eq!(t.count::<Veil>(), 0, "a win does not dim the board");
    // 0.1 s pause, 5 x 0.12 s, then the burst.
    t.frames(60);
    let n = t.count::<Confetti>();
    assert!(n >= 32, "confetti after the line lit up ({n})");
    t.frames(200);
    assert_eq!(
        t.count::<Confetti>(),
        0,
        "the confetti falls and is removed"
    );
}

#[test]
fn a_loss_dims_the_board_and_no_confetti_flies() {
    let mut t = Fx::new();
    t.start(Level::Club.number());
    // Resign asks for a confirmation.
    t.act(Action::Play(PlayAction::Resign));
    t.act(Action::Play(PlayAction::Resign));
    assert_eq!(t.screen(), Screen::Result);
    t.frames(2);
    assert_eq!(
        t.app.world().resource::<BoardFx>().end_kind(),
        Some(Verdict::Loss)
    );
    let veil = t.all::<Veil>();
    assert_eq!(veil.len(), 1, "the board dims");
    let alpha = |t: &mut Fx| {
        t.app
            .world_mut()
            .query_filtered::<&BackgroundColor, With<Veil>>()
            .iter(t.app.world())
            .map(|c| c.0.alpha())
            .next()
            .unwrap()
    };
    let early = alpha(&mut t);
    t.frames(80);
    let late = alpha(&mut t);
    assert!(early < late, "the veil fades in ({early} -> {late})");
    assert!((late - veil[0].color.alpha()).abs() < 0.01);
    assert_eq!(t.count::<Confetti>(), 0);
    // Leaving the result clears the end effect.
    t.act(Action::Result(ResultAction::Menu));
    assert_eq!(t.app.world().resource::<BoardFx>().end_kind(), None);
}

#[test]
fn screens_fade_in() {
    let mut t = Fx::new();
    t.frames(30);
    t.act(Action::Title(TitleAction::Settings));
    let overlay = |t: &mut Fx| {
        t.app
            .world_mut()
            .query_filtered::<(&Visibility, &BackgroundColor), With<FadeOverlay>>()
            .iter(t.app.world())
            .map(|(v, c)| (*v, c.0.alpha()))
            .next()
            .unwrap()
    };
    let (visible, alpha) = overlay(&mut t);
    assert_eq!(visible, Visibility::Inherited);
    assert!(alpha > 0.3, "the new screen starts covered ({alpha})");
    t.frames(20);
    assert_eq!(overlay(&mut t).0, Visibility::Hidden, "and is uncovered");
}

#[test]
fn buttons_lift_on_hover_unless_motion_is_reduced() {
    let mut t = Fx::new();
    let button = t
        .app
        .world_mut()
        .query_filtered::<Entity, With<GameButton>>()
        .iter(t.app.world())
        .next()
        .unwrap();
    t.app
        .world_mut()
        .entity_mut(button)
        .insert(Interaction::Hovered);
    t.frames(30);
    let scale = |t: &mut Fx| t.app.world().get::<UiTransform>(button).unwrap().scale.x;
    assert!((scale(&mut t) - 1.025).abs() < 0.002, "{}", scale(&mut t));
    t.app
        .world_mut()
        .entity_mut(button)
        .insert(Interaction::Pressed);
    t.frames(30);
    assert!(scale(&mut t) < 1.0, "pressed in");
    t.settings().reduced_motion = true;
    t.frames(1);
    assert_eq!(scale(&mut t), 1.0);
}

#[test]
fn theme_switch_applies_and_persists() {
    let mut t = Fx::new();
    let home = t.keep_home();
    t.act(Action::Title(TitleAction::Settings));
    t.act(Action::Settings(SettingsAction::Theme(BoardTheme::Dark)));
    t.act(Action::Settings(SettingsAction::ToggleReducedMotion));
    let selected: Vec<(String, bool)> = t
        .app
        .world_mut()
        .query::<(&crate::gui::theme::widgets::ButtonAction, &GameButton)>()
        .iter(t.app.world())
        .filter_map(|(a, b)| match &a.0 {
            Action::Settings(SettingsAction::Theme(theme)) => {
                Some((theme.key().to_string(), b.selected))
            }
            _ => None,
        })
        .collect();
    assert_eq!(selected.len(), 2);
    assert!(
        selected.contains(&("theme-dark".into(), true)),
        "{selected:?}"
    );
    assert!(selected.contains(&("theme-classic".into(), false)));
    t.app.update();
    let text = std::fs::read_to_string(Paths::under(&home).settings_file()).unwrap();
    assert!(text.contains("theme: Dark"), "{text}");
    drop(t);

    let mut t = Fx::at(home);
    let s = t.app.world().resource::<Settings>().clone();
    assert_eq!(s.theme, BoardTheme::Dark);
    assert!(s.reduced_motion);
    t.start(0);
    let image = t
        .app
        .world_mut()
        .query_filtered::<&ImageNode, With<BoardRoot>>()
        .single(t.app.world())
        .unwrap()
        .image
        .clone();
    assert_eq!(image, SLATE, "the board shows the dark surface");
}

#[test]
fn old_settings_files_still_load_and_volumes_persist() {
    let home = fresh_home();
    let paths = Paths::under(&home);
    std::fs::create_dir_all(&paths.config_dir).unwrap();
    // A settings file from before the music channel, themes and reduced motion.
    std::fs::write(
        paths.settings_file(),
        "(volume: 0.3, muted: true, show_coordinates: false, show_move_numbers: true, \
         show_forbidden: true, setup: (game: Gomoku, opponent: 2, colour: White, \
         rule: \"Renju\", size: 19))",
    )
    .unwrap();
    let mut t = Fx::at(home.clone());
    t.keep_home();
    assert!(
        t.app.world().resource::<Notices>().0.is_empty(),
        "not reported as corrupt"
    );
    let s = t.app.world().resource::<Settings>().clone();
    assert_eq!((s.volume, s.muted, s.show_coordinates), (0.3, true, false));
    // Setup's own rows of files this old go back to their defaults (they are per game now).
    assert_eq!(s.setup.colour, crate::gui::persist::ColourChoice::White);
    let defaults = Settings::default();
    assert_eq!(s.music_volume, defaults.music_volume);
    assert_eq!(s.theme, BoardTheme::Classic);
    assert!(!s.reduced_motion && !s.ambient);

    t.act(Action::Title(TitleAction::Settings));
    t.act(Action::Settings(SettingsAction::MusicUp));
    t.act(Action::Settings(SettingsAction::MusicUp));
    t.act(Action::Settings(SettingsAction::VolumeDown));
    t.act(Action::Settings(SettingsAction::ToggleAmbient));
    drop(t);
    let t = Fx::at(home);
    let s = t.app.world().resource::<Settings>();
    assert!((s.music_volume - 0.7).abs() < 1e-6, "{}", s.music_volume);
    assert!((s.volume - 0.2).abs() < 1e-6, "{}", s.volume);
    assert!(s.ambient);
    assert!(s.muted, "untouched values stay");
}

#[test]
fn eval_bar_follows_the_search_and_glides() {
    let mut t = Fx::new();
    t.start(Level::Club.number());
    let bar = |t: &mut Fx| t.all::<EvalBar>()[0];
    assert_eq!(bar(&mut t).target, 0.5, "even before any search");
    // The AI (White) found a strong attack: the bar leans to White.
    let search = |score| {
        let mut r = SearchResult::instant(Some(Pos::new(0, 0)), score);
        r.depth = 4;
        search_info(
            &crate::engine::gomoku::Game::new(15, Freestyle).unwrap(),
            Level::Club,
            &r,
        )
    };
    let info = search(Score::Eval(600));
    t.app.world_mut().resource_mut::<Session>().last_search = Some(info.clone());
    t.frames(1);
    let b = bar(&mut t);
    let expected = first_share(Outlook::Eval(600), Side::Second);
    assert!((b.target - expected).abs() < 1e-6);
    assert!(b.target < 0.2, "{}", b.target);
    assert!(
        b.shown < 0.5 && b.shown > b.target + 0.1,
        "it moves, not jumps ({})",
        b.shown
    );
    t.frames(90);
    assert!((bar(&mut t).shown - expected).abs() < 0.01, "it arrives");
    // A forced win for the AI fills the bar with White.
    t.app.world_mut().resource_mut::<Session>().last_search = Some(search(Score::Win(3)));
    t.settings().reduced_motion = true;
    t.frames(1);
    let b = bar(&mut t);
    assert_eq!((b.target, b.shown), (0.0, 0.0), "reduced motion: no glide");
}

#[test]
fn eval_share_is_blacks_side() {
    assert_eq!(first_share(Outlook::Eval(0), Side::First), 0.5);
    assert!(first_share(Outlook::Eval(300), Side::First) > 0.6);
    assert!(first_share(Outlook::Eval(300), Side::Second) < 0.4);
    assert_eq!(first_share(Outlook::Loss(2), Side::First), 0.0);
    assert!(first_share(Outlook::Eval(100_000), Side::First) < 1.0);
    // A proven draw or an unknown outlook is even.
    assert_eq!(first_share(Outlook::Draw, Side::Second), 0.5);
    // Between two people there is no evaluation.
    let session = Session::idle(&Games(registered()));
    assert_eq!(eval_target(&session, &AiWorker::default()), 0.5);
}

#[test]
fn effects_do_not_depend_on_the_frame_rate() {
    use crate::gui::board::gomoku::fx::{DROP_SECS, drop_look};
    use crate::gui::effects::{approach, progress};
    // The same instant reached in 3 or in 30 frames looks the same.
    let shadow = Color::BLACK;
    let at = |frames: u32| {
        let dt = 0.12 / frames as f64;
        let now = (0..frames).fold(10.0, |t, _| t + dt);
        drop_look(progress(now, 10.0, DROP_SECS, false), shadow).0
    };
    assert!((at(3) - at(30)).abs() < 1e-4);
    let smooth = |frames: u32| {
        let dt = 1.0 / frames as f32;
        (0..frames).fold(0.0, |v, _| approach(v, 1.0, 5.0, dt))
    };
    assert!((smooth(10) - smooth(240)).abs() < 1e-4);
}
