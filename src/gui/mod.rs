//! The desktop game in Bevy: menus, the board, the AI as a background task, sound, saved
//! games and settings. It only calls `crate::engine`.
//!
//! Two plugin layers, so the logic is tested without a window:
//! - [`CorePlugin`]: screens (their UI entities included), the game session, the AI task,
//!   files, mouse and keyboard handling. Needs only `MinimalPlugins`, `StatesPlugin` and
//!   `InputPlugin` (see [`headless_app`]).
//! - [`GuiPlugin`]: `CorePlugin` plus what needs a window, a GPU or a sound card: camera,
//!   fonts and the wood texture, audio playback.

pub mod ai_task;
pub mod analysis;
pub mod audio;
pub mod board;
pub mod clock;
#[cfg(feature = "tools")]
pub mod demo;
pub mod effects;
pub mod engines;
pub mod flow;
pub mod frames;
pub mod games;
pub mod i18n;
pub mod job;
pub mod kind;
pub mod msg;
pub mod persist;
pub mod puzzles;
pub mod review;
pub mod screens;
#[cfg(any(test, feature = "tools"))]
pub mod script;
pub mod session;
pub mod theme;

#[cfg(test)]
mod tests;

use std::io::Write;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::WindowResizeConstraints;

pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<flow::Screen>().add_plugins((
            frames::plugin,
            persist::plugin,
            // After `persist`: the language follows the settings.
            i18n::plugin,
            // The games before anything that lists them; `kind` after `persist`: it adds
            // its files' notices to the same list.
            (board::plugin, games::plugin, kind::plugin),
            audio::core_plugin,
            theme::plugin,
            ai_task::plugin,
            engines::plugin,
            review::plugin,
            analysis::plugin,
            puzzles::plugin,
            session::plugin,
            screens::plugin,
            effects::plugin,
        ));
    }
}

pub struct GuiPlugin;

impl Plugin for GuiPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ClearColor(theme::palette::BACKGROUND_DEEP))
            .add_plugins((
                CorePlugin,
                frames::window_plugin,
                theme::assets_plugin,
                audio::plugin,
            ))
            .add_systems(Startup, |mut commands: Commands| {
                commands.spawn((Name::new("Camera"), Camera2d));
            });
    }
}

/// An app with the game's logic and no window, renderer or audio, for tests. All files go
/// under `home`.
pub fn headless_app(home: impl Into<PathBuf>) -> App {
    headless_app_with(home, kind::Games(games::registered()))
}

/// [`headless_app`] offering `games` (tests add a game of their own).
pub fn headless_app_with(home: impl Into<PathBuf>, games: kind::Games) -> App {
    let mut app = App::new();
    app.insert_resource(games);
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
    ))
    .insert_resource(persist::Paths::under(home))
    // English whatever the machine's language, so the tests' texts never depend on it.
    .insert_resource(i18n::SystemLanguage(0))
    .add_plugins(CorePlugin);
    app
}

#[cfg(feature = "tools")]
const USAGE: &str = "\
Usage: gomoku [--demo DIR | --demo-game ID DIR | --bench-frames | --bench-cpu]

  --demo DIR            play a scripted game, save screenshots of every screen into DIR, then exit
  --demo-game ID DIR    the same with the game ID's script (connect4: c4-*.png)
  --bench-frames        watch an AI-vs-AI game with effects on, print frame times, then exit
  --bench-cpu           print the game's CPU use idle and while the AI thinks, and the AI's
                        speed in the game, then exit
  -h, --help            show this help

Files go to the platform's config and data folders, or under $GOMOKU_HOME when it is set.";

#[cfg(not(feature = "tools"))]
const USAGE: &str = "\
Usage: gomoku

  -h, --help            show this help

Files go to the platform's config and data folders, or under $GOMOKU_HOME when it is set.
(The demo and the in-game benchmarks come with the `tools` feature.)";

/// What the command line asks for besides the game itself (the tools feature's modes).
#[derive(Default)]
struct Modes {
    #[cfg(feature = "tools")]
    demo: Option<(Option<String>, PathBuf)>,
    #[cfg(feature = "tools")]
    bench_frames: bool,
    #[cfg(feature = "tools")]
    bench_cpu: bool,
}

/// Reads the command line: `Ok(None)` when help was asked for (and printed).
// Without the tools there is no mode to set: every argument ends the loop.
#[cfg_attr(not(feature = "tools"), allow(clippy::never_loop))]
fn parse_args() -> Result<Option<Modes>, lexopt::Error> {
    use lexopt::prelude::*;
    #[cfg_attr(not(feature = "tools"), allow(unused_mut))]
    let mut modes = Modes::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            #[cfg(feature = "tools")]
            Long("demo") if modes.demo.is_none() => {
                modes.demo = Some((None, PathBuf::from(parser.value()?)));
            }
            #[cfg(feature = "tools")]
            Long("demo-game") if modes.demo.is_none() => {
                let id = parser.value()?.string()?;
                modes.demo = Some((Some(id), PathBuf::from(parser.value()?)));
            }
            #[cfg(feature = "tools")]
            Long("bench-frames") => modes.bench_frames = true,
            #[cfg(feature = "tools")]
            Long("bench-cpu") => modes.bench_cpu = true,
            Short('h') | Long("help") => {
                // Not println!: a closed pipe (`gomoku --help | head`) must not panic.
                let _ = writeln!(std::io::stdout(), "{USAGE}");
                return Ok(None);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    #[cfg(feature = "tools")]
    if [modes.demo.is_some(), modes.bench_frames, modes.bench_cpu]
        .iter()
        .filter(|&&m| m)
        .count()
        > 1
    {
        return Err("a demo, --bench-frames and --bench-cpu run one at a time".into());
    }
    Ok(Some(modes))
}

/// Bevy's log filter, less ICU4X's data warnings: the text layout asks its word segmenter
/// for a dictionary of Chinese and Japanese words it does not ship, and ICU4X warns on every
/// such line laid out (about 1,200 times in a few minutes in zh or ja). Lines still break
/// correctly (by UAX #14, which needs no dictionary), so the warning says nothing to a
/// player.
fn log_filter() -> String {
    format!("{},icu_provider=error", bevy::log::DEFAULT_FILTER)
}

/// Runs the game (the `gomoku` binary).
pub fn run() -> AppExit {
    let modes = match parse_args() {
        Ok(Some(modes)) => modes,
        Ok(None) => return AppExit::Success,
        Err(e) => {
            eprintln!("gomoku: {e}\n\n{USAGE}");
            return AppExit::error();
        }
    };
    #[cfg(feature = "tools")]
    if let Some((_, dir)) = &modes.demo
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("cannot create {}: {e}", dir.display());
        return AppExit::error();
    }

    let mut app = App::new();
    #[cfg(feature = "tools")]
    if (modes.bench_frames || modes.bench_cpu) && std::env::var_os(persist::HOME_ENV).is_none() {
        // The benchmark's game must not land in the player's statistics and saved games.
        app.insert_resource(persist::Paths::under(games::bench_home()));
    }
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Gomoku".into(),
                    // The X11 class and Wayland app id: desktops match the window to the
                    // desktop entry (StartupWMClass) for its icon and name.
                    name: Some("gomoku".into()),
                    resolution: (1200, 780).into(),
                    // A smaller monitor shrinks it (`screens::layout::fit_window`).
                    resize_constraints: WindowResizeConstraints {
                        min_width: screens::layout::MIN_WINDOW.x,
                        min_height: screens::layout::MIN_WINDOW.y,
                        ..default()
                    },
                    ..default()
                }),
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: log_filter(),
                ..default()
            }),
    )
    .add_plugins(bevy_kira_audio::AudioPlugin)
    .add_plugins(GuiPlugin);
    #[cfg(feature = "tools")]
    {
        if let Some((game, dir)) = modes.demo {
            app.add_plugins(demo::DemoPlugin { dir, game });
        }
        if modes.bench_frames {
            app.add_plugins(games::FrameBenchPlugin);
        }
        if modes.bench_cpu {
            app.add_plugins(games::CpuBenchPlugin);
        }
    }
    #[cfg(not(feature = "tools"))]
    let Modes {} = modes;
    app.run()
}
