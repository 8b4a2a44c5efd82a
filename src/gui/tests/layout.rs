//! Layout at several window sizes: every screen is laid out by `bevy_ui` (taffy and the text
//! measurer, no renderer) in a window of the given size, and no node may stick out of the
//! window nor any text out of its box.

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::text::TextLayoutInfo;
use bevy::ui::CalculatedClip;
use bevy::window::{ExitCondition, WindowResolution};

use super::*;
use crate::engine::gomoku::ai::Level;
use crate::gui::flow::{AnalysisAction, LoadAction, ReplayAction, ResultAction, SettingsAction};
use crate::gui::review::Review;
use crate::gui::{CorePlugin, theme};

/// An app with the UI plugins and a window of `width` x `height` logical pixels that is never
/// shown: layout runs, rendering does not (no GPU backend).
fn sized_app(width: u32, height: u32) -> TestApp {
    // The AI plays down column a (Gomoku) or column 1 (Connect Four): never a block.
    let serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let home = fresh_home();
    let mut app = App::new();
    app.insert_resource(test_games());
    app.add_plugins(
        DefaultPlugins
            .build()
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::log::LogPlugin>()
            .set(RenderPlugin {
                render_creation: WgpuSettings {
                    backends: None,
                    ..default()
                }
                .into(),
                ..default()
            })
            .set(WindowPlugin {
                primary_window: Some(Window {
                    resolution: WindowResolution::new(width, height),
                    ..default()
                }),
                exit_condition: ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            }),
    )
    .insert_resource(crate::gui::persist::Paths::under(&home))
    .insert_resource(scripted(&["a1", "a2", "a3", "a4", "1"]))
    .add_plugins((CorePlugin, theme::assets_plugin))
    .add_systems(Startup, |mut commands: Commands| {
        commands.spawn(Camera2d);
    });
    app.update();
    app.update();
    TestApp {
        app,
        home,
        _serial: Some(serial),
    }
}

/// Window pixels per physical pixel of a node: the window's scale factor only, not the
/// UI scale (a UI scaled down for a short window must still fit the window's pixels).
fn px_per_unit(node: &ComputedNode) -> f32 {
    // `inverse_scale_factor` is 1 / (window scale factor x UI scale); the UI scale is
    // put back so sizes are in the window's own logical pixels.
    node.inverse_scale_factor() * UI_SCALE.with(|s| s.get())
}

thread_local! {
    /// The UI scale of the app being measured (set by [`overflows`] and the other checks).
    static UI_SCALE: std::cell::Cell<f32> = const { std::cell::Cell::new(1.0) };
}

fn remember_ui_scale(world: &World) {
    let scale = world.get_resource::<UiScale>().map_or(1.0, |s| s.0);
    UI_SCALE.with(|s| s.set(scale));
}

/// The problems of the current screen: a visible node (clipped by any scrolling ancestor)
/// outside the window, a text outside its parent's box, a text wider than its own box.
fn overflows(t: &mut TestApp, at: &str) -> Vec<String> {
    for _ in 0..3 {
        t.app.update();
    }
    let world = t.app.world_mut();
    remember_ui_scale(world);
    let window = world
        .query::<&Window>()
        .single(world)
        .map(|w| Vec2::new(w.width(), w.height()))
        .unwrap();
    let rect = |node: &ComputedNode, at: &UiGlobalTransform| {
        let s = px_per_unit(node);
        Rect::from_center_size(at.translation * s, node.size() * s)
    };
    // Each node's box, and whether it scrolls its content (a text may lie past a scrolling
    // box's edge: it is scrolled to, not cut off).
    let mut boxes = std::collections::HashMap::new();
    let mut q = world.query::<(Entity, &ComputedNode, &UiGlobalTransform, &Node)>();
    for (e, node, t, style) in q.iter(world) {
        let scrolls = style.overflow.y == OverflowAxis::Scroll;
        boxes.insert(e, (rect(node, t), scrolls));
    }
    let mut bad = Vec::new();
    let mut q = world.query::<(
        Entity,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        Option<&CalculatedClip>,
        Option<&Text>,
        Option<&TextLayoutInfo>,
        Option<&ChildOf>,
        Option<&Name>,
        &Node,
        Has<Button>,
    )>();
    let inside = |inner: Rect, outer: Rect| {
        inner.min.x >= outer.min.x - 1.0
            && inner.min.y >= outer.min.y - 1.0
            && inner.max.x <= outer.max.x + 1.0
            && inner.max.y <= outer.max.y + 1.0
    };
    let screen = Rect::from_corners(Vec2::ZERO, window);
    for (e, node, tr, visible, clip, text, info, parent, name, style, button) in q.iter(world) {
        let mut r = rect(node, tr);
        if !visible.get() || r.is_empty() {
            continue;
        }
        let what = match (text, name) {
            (Some(t), _) => format!("text {:?}", t.0),
            (_, Some(n)) => format!("node {n}"),
            _ => format!("node {e}"),
        };
        if let Some(c) = clip {
            let s = px_per_unit(node);
            r = r.intersect(Rect::from_corners(c.clip.min * s, c.clip.max * s));
            if r.is_empty() {
                continue; // scrolled out of its list
            }
        }
        // What a player reads or clicks must be in the window (a board's slots may
        // reach past its frame by a few pixels; nothing of them shows).
        if (text.is_some() || button) && !inside(r, screen) {
            bad.push(format!(
                "{at}: {what} at {r:?} is outside the window {window}"
            ));
        }
        if text.is_none() {
            continue;
        }
        if let (Some(info), Some(parent)) = (info, parent)
            && let Some(&(outer, scrolls)) = boxes.get(&parent.parent())
        {
            let own = rect(node, tr);
            let s = px_per_unit(node);
            // The text's measured size is in the UI's own units: scaled like the box.
            let ts = s * UI_SCALE.with(|u| u.get());
            // A box far taller than its lines (measured as if wrapped one character a
            // line, as a CJK label can be): a gap the player sees under it.
            let sized = style.min_height != Val::Auto || style.height != Val::Auto;
            if !sized && own.height() > info.size.y * ts + 12.0 {
                bad.push(format!(
                    "{at}: {what} is {:.0} tall for {:.0} of text",
                    own.height(),
                    info.size.y * ts
                ));
            }
            if info.size.x * ts > own.width() + 1.0 {
                bad.push(format!(
                    "{at}: {what} is {:.0} wide in a box of {:.0}",
                    info.size.x * ts,
                    own.width()
                ));
            }
            // Clipped or not: a text cut off by its own button or box is lost to the
            // player either way.
            if !scrolls && !inside(own, outer) {
                bad.push(format!(
                    "{at}: {what} at {own:?} spills out of its box {outer:?}"
                ));
            }
        }
    }
    bad.extend(overlapping_siblings(world, at));
    bad
}

/// The button labelled with catalog message `key` on the current screen, if not in sight
/// without scrolling (a side panel's Menu below the window's edge).
fn in_sight(t: &mut TestApp, key: &str, at: &str) -> Vec<String> {
    let label = t.app.world().resource::<crate::gui::i18n::I18n>().t(key);
    if fully_shown(t, &label) {
        Vec::new()
    } else {
        vec![format!("{at}: {label:?} is not in sight without scrolling")]
    }
}

/// Whether the text `label` is on screen whole: inside the window and not clipped by a
/// scrolling ancestor (a button the player would have to scroll to find).
fn fully_shown(t: &mut TestApp, label: &str) -> bool {
    let world = t.app.world_mut();
    remember_ui_scale(world);
    let window = world
        .query::<&Window>()
        .single(world)
        .map(|w| Rect::from_corners(Vec2::ZERO, Vec2::new(w.width(), w.height())))
        .unwrap();
    let mut q = world.query::<(
        &Text,
        &ComputedNode,
        &UiGlobalTransform,
        Option<&CalculatedClip>,
    )>();
    q.iter(world).any(|(text, node, tr, clip)| {
        let s = px_per_unit(node);
        let r = Rect::from_center_size(tr.translation * s, node.size() * s);
        let visible = match clip {
            Some(c) => Rect::from_corners(c.clip.min * s, c.clip.max * s),
            None => window,
        };
        let within = |outer: Rect| {
            r.min.x >= outer.min.x - 1.0
                && r.min.y >= outer.min.y - 1.0
                && r.max.x <= outer.max.x + 1.0
                && r.max.y <= outer.max.y + 1.0
        };
        text.0 == label && !r.is_empty() && within(window) && within(visible)
    })
}

/// Laid-out siblings (flex items of one parent, not placed on purpose with absolute
/// positions) that overlap: a label running into its neighbour.
fn overlapping_siblings(world: &mut World, at: &str) -> Vec<String> {
    let mut q = world.query::<(
        Entity,
        &Node,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        Option<&Children>,
        Option<&Text>,
        Option<&Name>,
    )>();
    let mut items = std::collections::HashMap::new();
    let mut parents = Vec::new();
    for (e, node, computed, tr, visible, children, text, name) in q.iter(world) {
        let s = px_per_unit(computed);
        let r = Rect::from_center_size(tr.translation * s, computed.size() * s);
        let flow = node.position_type != PositionType::Absolute && node.display != Display::None;
        if flow && visible.get() && !r.is_empty() {
            let what = match (text, name) {
                (Some(t), _) => format!("text {:?}", t.0),
                (_, Some(n)) => format!("node {n}"),
                _ => format!("node {e}"),
            };
            items.insert(e, (r, what));
        }
        if let Some(children) = children {
            parents.push(children.iter().collect::<Vec<Entity>>());
        }
    }
    let mut bad = Vec::new();
    for children in parents {
        let laid: Vec<&(Rect, String)> = children.iter().filter_map(|c| items.get(c)).collect();
        for (i, (a, what_a)) in laid.iter().enumerate() {
            for (b, what_b) in &laid[i + 1..] {
                let both = a.intersect(*b);
                if both.width() > 1.0 && both.height() > 1.0 {
                    bad.push(format!(
                        "{at}: {what_a} at {a:?} overlaps {what_b} at {b:?}"
                    ));
                }
            }
        }
    }
    bad
}

/// Visits every screen at `width` x `height` in the language `lang`, returning what does
/// not fit.
fn tour(width: u32, height: u32, lang: &str) -> Vec<String> {
    let mut t = sized_app(width, height);
    let index = crate::gui::i18n::index_of(lang).expect("a language of the game");
    t.app
        .world_mut()
        .resource_mut::<crate::gui::i18n::I18n>()
        .set(index);
    t.app.update();
    let size = format!("{lang} {width}x{height}");
    let mut bad = overflows(&mut t, &format!("{size} title"));
    t.act(Action::Title(TitleAction::NewGame));
    bad.extend(overflows(&mut t, &format!("{size} new game")));
    let start = t
        .app
        .world()
        .resource::<crate::gui::i18n::I18n>()
        .t("setup-start");
    if !fully_shown(&mut t, &start) {
        bad.push(format!(
            "{size} new game: {start:?} is not in sight without scrolling"
        ));
    }
    t.act(Action::Setup(SetupAction::Game(c4_kind::kind().id())));
    bad.extend(overflows(
        &mut t,
        &format!("{size} new game (connect four)"),
    ));
    t.act(Action::Setup(SetupAction::Back));
    t.act(Action::Title(TitleAction::Settings));
    bad.extend(overflows(&mut t, &format!("{size} settings")));
    t.act(Action::Settings(SettingsAction::Back));
    t.act(Action::Title(TitleAction::Analysis));
    bad.extend(overflows(&mut t, &format!("{size} analysis")));
    bad.extend(in_sight(
        &mut t,
        "analysis-menu",
        &format!("{size} analysis"),
    ));
    t.act(Action::Analysis(AnalysisAction::Menu));
    // The puzzle trainer: a Gomoku puzzle with a wrong try refuted, then a Connect Four one.
    t.act(Action::Title(TitleAction::Puzzles));
    t.act(Action::Play(PlayAction::Place(p("a1"))));
    t.run_until(|w| {
        w.resource::<crate::gui::puzzles::Trainer>().phase != crate::gui::puzzles::Phase::Checking
    });
    t.app.update();
    bad.extend(overflows(&mut t, &format!("{size} puzzle")));
    bad.extend(in_sight(
        &mut t,
        "puzzle-button-menu",
        &format!("{size} puzzle"),
    ));
    while t
        .app
        .world()
        .resource::<crate::gui::puzzles::Trainer>()
        .entry()
        .map(|e| e.family.as_str())
        != Some("game-connect4")
    {
        t.act(Action::Puzzle(crate::gui::flow::PuzzleAction::Family));
    }
    bad.extend(overflows(&mut t, &format!("{size} connect four puzzle")));
    t.act(Action::Puzzle(crate::gui::flow::PuzzleAction::Menu));

    // Gomoku against a scripted AI that never blocks: playing, the result, replay, review.
    t.start(Level::Club.number(), ColourChoice::Black, Rule::Renju);
    for m in ["h8", "i8", "j8", "k8"] {
        t.play_and_wait(p(m));
    }
    bad.extend(overflows(&mut t, &format!("{size} playing")));
    bad.extend(in_sight(&mut t, "play-menu", &format!("{size} playing")));
    t.play_and_wait(p("l8"));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    bad.extend(overflows(&mut t, &format!("{size} result")));
    bad.extend(in_sight(&mut t, "result-menu", &format!("{size} result")));
    t.act(Action::Result(ResultAction::Replay));
    bad.extend(overflows(&mut t, &format!("{size} replay")));
    bad.extend(in_sight(&mut t, "replay-menu", &format!("{size} replay")));
    t.act(Action::Replay(ReplayAction::Review));
    assert!(t.run_until(|w| w.resource::<Review>().result.is_some()));
    bad.extend(overflows(&mut t, &format!("{size} review")));
    bad.extend(in_sight(&mut t, "replay-menu", &format!("{size} review")));
    t.act(Action::Replay(ReplayAction::Menu));
    t.act(Action::Title(TitleAction::LoadGame));
    bad.extend(overflows(&mut t, &format!("{size} saved games")));

    // Connect Four to its result (Red wins up column 4).
    t.act(Action::Load(LoadAction::Back));
    t.start_game(c4_kind::kind(), 2, ColourChoice::Black, &[("rows", 6)]);
    for _ in 0..3 {
        t.play_and_wait(c4_kind::col(3));
    }
    bad.extend(overflows(&mut t, &format!("{size} connect four")));
    bad.extend(in_sight(
        &mut t,
        "play-menu",
        &format!("{size} connect four"),
    ));
    t.play_and_wait(c4_kind::col(3));
    assert!(t.run_until(|w| *w.resource::<State<Screen>>().get() == Screen::Result));
    bad.extend(overflows(&mut t, &format!("{size} connect four result")));
    bad
}

/// From the smallest window the game allows up to a large one, and a tall one whose board
/// screens put the panel below the board.
#[test]
fn every_screen_fits_the_window() {
    let mut bad = Vec::new();
    for (w, h) in [
        (800, 600),
        (1100, 620),
        (1200, 780),
        (1280, 800),
        (1920, 1080),
        (800, 1000),
    ] {
        bad.extend(tour(w, h, "en"));
    }
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The languages whose words run longest (Russian, Czech, Vietnamese) and the CJK ones, in the
/// usual window and the narrow one that puts the panel below the board: nothing spills.
#[test]
fn every_screen_fits_in_every_language() {
    let mut bad = Vec::new();
    for lang in ["ru", "cs", "vi", "zh-Hans", "zh-Hant", "ja", "ko"] {
        // The default window, the narrow one that puts the panel below the board, and (for
        // the longest words and the CJK fonts) the smallest the game allows.
        let mut sizes = vec![(1200, 780), (800, 1000)];
        if matches!(lang, "ru" | "ja") {
            sizes.push((800, 600));
        }
        for (w, h) in sizes {
            bad.extend(tour(w, h, lang));
        }
    }
    assert!(
        bad.is_empty(),
        "{} problems:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// New game says "More below" while its lower rows (the clock) are out of sight, and not
/// when everything fits.
#[test]
fn new_game_says_when_rows_lie_below() {
    let hint = |t: &mut TestApp| {
        for _ in 0..4 {
            t.app.update();
        }
        let label = t
            .app
            .world()
            .resource::<crate::gui::i18n::I18n>()
            .t("setup-more-below");
        let shown = fully_shown(t, &label);
        let world = t.app.world_mut();
        let mut q = world.query::<(&ComputedNode, &Node)>();
        let scrollers: Vec<String> = q
            .iter(world)
            .filter(|(_, n)| n.overflow.y == OverflowAxis::Scroll)
            .map(|(c, _)| format!("size {} content {}", c.size, c.content_size))
            .collect();
        (shown, scrollers)
    };
    let mut t = sized_app(1200, 720);
    t.act(Action::Title(TitleAction::NewGame));
    let (shown, scrollers) = hint(&mut t);
    assert!(shown, "1200x720: no hint; scrolling nodes: {scrollers:?}");
    drop(t);
    let mut t = sized_app(1280, 1600);
    t.act(Action::Title(TitleAction::NewGame));
    let (shown, scrollers) = hint(&mut t);
    assert!(
        !shown,
        "1280x1600: a hint with nothing below; {scrollers:?}"
    );
}
