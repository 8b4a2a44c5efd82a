//! Files: where they live, settings, per-level statistics and the autosaved unfinished game.
//!
//! Every file is written atomically (temporary file, then rename). A file that cannot be read
//! or parsed never stops the game: it is renamed to `<name>.corrupt-<time>`, defaults are
//! used, and a [`Notices`] line tells the player.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use serde::de::DeserializeOwned;

use super::msg::Msg;
use serde::{Deserialize, Serialize};

pub use super::clock::TimeControl;

/// Environment variable that puts all files under one folder (tests, the demo, portable use).
pub const HOME_ENV: &str = "GOMOKU_HOME";

/// Where the game keeps its files. Insert one before adding the plugins to override.
#[derive(Resource, Clone, Debug)]
pub struct Paths {
    pub config_dir: PathBuf,
    pub data_dir: PathBuf,
}

impl Paths {
    /// `$GOMOKU_HOME` if set, else the platform's folders (XDG on Linux, Application Support
    /// on macOS, AppData on Windows).
    pub fn from_env() -> Paths {
        if let Some(home) = std::env::var_os(HOME_ENV).filter(|h| !h.is_empty()) {
            return Paths::under(PathBuf::from(home));
        }
        match directories::ProjectDirs::from("", "", "Gomoku") {
            Some(dirs) => Paths {
                config_dir: dirs.config_dir().to_path_buf(),
                data_dir: dirs.data_dir().to_path_buf(),
            },
            // No home folder at all: still start, keeping files for this session only.
            None => Paths::under(std::env::temp_dir().join("gomoku")),
        }
    }

    /// Config and data in two folders under `root`.
    pub fn under(root: impl Into<PathBuf>) -> Paths {
        let root = root.into();
        Paths {
            config_dir: root.join("config"),
            data_dir: root.join("data"),
        }
    }

    pub fn settings_file(&self) -> PathBuf {
        self.config_dir.join("settings.ron")
    }

    pub fn stats_file(&self) -> PathBuf {
        self.data_dir.join("stats.ron")
    }

    pub fn autosave_file(&self) -> PathBuf {
        self.data_dir.join("autosave.ron")
    }

    pub fn games_dir(&self) -> PathBuf {
        self.data_dir.join("games")
    }
}

/// Messages for the player about files (shown on the title screen, in the language in use).
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<Msg>);

impl Notices {
    pub fn push(&mut self, msg: impl Into<Msg>) {
        let msg = msg.into();
        warn!("{}", msg.english());
        self.0.push(msg);
    }
}

/// The person's colour against the AI.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColourChoice {
    #[default]
    Black,
    White,
    Random,
}

/// The last choices of the setup screen, remembered in the settings file: the game, the
/// colour, and per game its opponent and its own rows. Plain numbers and names, so a
/// hand-edited or older file still reads; the game layer repairs unknown values.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(default)]
pub struct SetupChoice {
    /// The game's id ("gomoku"); empty or unknown means the first game.
    pub kind: String,
    pub colour: ColourChoice,
    /// The game clock, for every game.
    pub clock: TimeControl,
    /// By game id.
    pub games: BTreeMap<String, GameSetup>,
    /// The last engine match's setup (the game, rule and size are the ones above).
    pub engine_match: MatchChoice,
}

/// A player of an engine match: one of the game's levels, or an external engine by its
/// path (as in [`Settings::engines`]).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum PlayerChoice {
    Level(u8),
    Engine(String),
}

/// An engine match's setup.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct MatchChoice {
    pub players: [PlayerChoice; 2],
    /// Games in all; each opening is played twice, colours swapped.
    pub games: u32,
    pub clock: TimeControl,
    /// The tournament opening rule per game (by id): the value of the game's opening row
    /// ([`GameDef::opening_key`](crate::gui::kind::GameDef::opening_key)), apart from New
    /// game's. None stored: its default, the balanced openings.
    pub opening: BTreeMap<String, u32>,
}

impl MatchChoice {
    /// The numbers of games offered.
    pub const GAMES: [u32; 6] = [2, 4, 10, 20, 50, 100];

    /// The clocks offered: the players' own pace, a fixed time a move, short Fischer clocks.
    pub const CLOCKS: [TimeControl; 6] = [
        TimeControl::NoClock,
        TimeControl::PerMove { seconds: 1 },
        TimeControl::PerMove { seconds: 2 },
        TimeControl::PerMove { seconds: 5 },
        TimeControl::Fischer {
            seconds: 60,
            increment: 0,
        },
        TimeControl::Fischer {
            seconds: 180,
            increment: 2,
        },
    ];
}

impl Default for MatchChoice {
    fn default() -> Self {
        MatchChoice {
            players: [PlayerChoice::Level(4), PlayerChoice::Level(5)],
            games: 10,
            clock: TimeControl::NoClock,
            opening: BTreeMap::new(),
        }
    }
}

/// One game's setup choices.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(default)]
pub struct GameSetup {
    /// 0 = a second person, else the level's number; `None` = the game's default.
    pub opponent: Option<u8>,
    /// An external engine as the opponent instead (its path, as in [`Settings::engines`]).
    pub engine: Option<String>,
    /// The game's own rows by key ("rule", "size", "rows").
    pub options: BTreeMap<String, u32>,
}

/// Chosen in Settings; saved by name in the settings file.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum BoardTheme {
    /// Kaya-like wood with dark ink.
    #[default]
    Classic,
    /// Dark slate with light lines, easy on the eyes at night.
    Dark,
}

impl BoardTheme {
    pub const ALL: [BoardTheme; 2] = [BoardTheme::Classic, BoardTheme::Dark];

    /// Its name's key in the catalogs (`assets/locales/`).
    pub fn key(self) -> &'static str {
        match self {
            BoardTheme::Classic => "theme-classic",
            BoardTheme::Dark => "theme-dark",
        }
    }
}

#[derive(Resource, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct Settings {
    /// Sound effects volume, 0..=1 (the name predates the music channel).
    pub volume: f32,
    pub muted: bool,
    pub show_coordinates: bool,
    pub show_move_numbers: bool,
    pub show_forbidden: bool,
    /// The game review looks longer at each position (Settings: Fast / Deep).
    pub review_deep: bool,
    pub setup: SetupChoice,
    /// Music channel volume (the ambient loop), 0..=1.
    pub music_volume: f32,
    /// The quiet ambient loop on the music channel.
    pub ambient: bool,
    pub theme: BoardTheme,
    /// No animations: stones, markers, transitions and the result appear in their final state.
    pub reduced_motion: bool,
    /// The language picked in Settings (a tag of `i18n::LANGUAGES`: "en", "zh-Hans", ...);
    /// `None`: the system's language, English if the game does not speak it.
    pub language: Option<String>,
    /// External (Gomocup protocol) engines the player added, in the order added.
    pub engines: Vec<EngineEntry>,
    /// Play online: the name and the server last used.
    pub online: OnlineChoice,
}

/// What Play online remembers: the name shown to the other player and the server typed.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(default)]
pub struct OnlineChoice {
    pub name: String,
    pub server: String,
}

/// An external engine in Settings: its file, the name it gave, what it accepted when it was
/// added, and what it is told to use. An entry whose file is gone stays (shown as missing).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct EngineEntry {
    pub path: String,
    /// From its `ABOUT` (the file's name when it gave none).
    pub name: String,
    /// Time per move without a game clock, in seconds.
    pub turn_secs: u32,
    /// `INFO max_memory`, in MiB.
    pub memory_mib: u32,
    /// `INFO thread_num`.
    pub threads: u32,
    /// The `INFO rule` numbers it accepted (0 freestyle, 1 exactly five, 4 Renju).
    pub rules: Vec<u32>,
    /// The board sizes it accepted (`START`), of those the game offers.
    pub sizes: Vec<u32>,
    /// What it said to `YXNBEST` (several best lines) when it was added.
    pub nbest: crate::protocol::client::NBest,
}

impl Default for EngineEntry {
    fn default() -> Self {
        EngineEntry {
            path: String::new(),
            name: String::new(),
            turn_secs: 5,
            memory_mib: 350,
            threads: 1,
            rules: vec![0],
            sizes: vec![15],
            nbest: crate::protocol::client::NBest::NotAsked,
        }
    }
}

/// How long past its time an engine analysing on the analysis board may answer.
pub const ANALYSIS_GRACE: std::time::Duration = std::time::Duration::from_secs(30);

impl EngineEntry {
    /// Whether its file is still there.
    pub fn present(&self) -> bool {
        Path::new(&self.path).is_file()
    }

    /// Its name as every screen shows it: the `ABOUT` name, and when another engine of
    /// `all` gives the same name (two builds of Rapfi), the part of its path that tells
    /// them apart: "Rapfi 0.43.02 (rapfi-fitted)".
    pub fn shown_name(&self, all: &[EngineEntry]) -> String {
        let mine: Vec<&str> = path_parts(&self.path);
        // How far from the file's end the first difference from each namesake lies; the
        // farthest of those tells this one apart from all of them.
        let depth = all
            .iter()
            .filter(|o| o.name == self.name && o.path != self.path)
            .map(|o| {
                let theirs = path_parts(&o.path);
                (0..mine.len())
                    .find(|&i| theirs.get(i) != mine.get(i))
                    .unwrap_or(mine.len().saturating_sub(1))
            })
            .max();
        match depth.and_then(|d| mine.get(d)) {
            Some(part) => format!("{} ({part})", self.name),
            None => self.name.clone(),
        }
    }

    /// How the protocol client runs it.
    pub fn spec(&self) -> crate::protocol::client::EngineSpec {
        crate::protocol::client::EngineSpec {
            turn: std::time::Duration::from_secs(self.turn_secs.clamp(1, 3600) as u64),
            memory: self.memory_mib as u64 * 1024 * 1024,
            threads: self.threads,
            ..crate::protocol::client::EngineSpec::new(&self.path)
        }
    }

    /// How a game runs it: on a clock (`clocked`) at the game's own priority, since its
    /// thinking is on the clock and a lowered one loses that time to whatever else the
    /// machine runs (a 1 s move became 3 s beside two busy loops); otherwise lowered, so the
    /// interface stays smooth while it thinks on every core.
    pub fn game_spec(&self, clocked: bool) -> crate::protocol::client::EngineSpec {
        let spec = self.spec();
        crate::protocol::client::EngineSpec {
            nice: if clocked { None } else { spec.nice },
            ..spec
        }
    }

    /// How the analysis board runs it: no clock runs there, so a late answer (the machine
    /// busy with other work) is still shown, and only an engine silent for
    /// [`ANALYSIS_GRACE`] past its time is called hung.
    pub fn analysis_spec(&self) -> crate::protocol::client::EngineSpec {
        crate::protocol::client::EngineSpec {
            grace: ANALYSIS_GRACE,
            ..self.spec()
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            muted: false,
            show_coordinates: true,
            show_move_numbers: false,
            show_forbidden: true,
            review_deep: false,
            setup: SetupChoice::default(),
            music_volume: 0.5,
            ambient: false,
            theme: BoardTheme::Classic,
            reduced_motion: false,
            language: None,
            engines: Vec::new(),
            online: OnlineChoice::default(),
        }
    }
}

impl Settings {
    fn sanitized(mut self) -> Settings {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            0.7
        };
        self.music_volume = if self.music_volume.is_finite() {
            self.music_volume.clamp(0.0, 1.0)
        } else {
            0.5
        };
        self
    }
}

/// Wins, losses and draws of the person against one level.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(default)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// What reading a file gave.
#[derive(Debug)]
pub enum Loaded<T> {
    Missing,
    Ok(T),
    /// Unreadable or unparsable; the file was moved aside (when that worked).
    Corrupt {
        reason: String,
    },
}

/// Reads a RON file; a bad one is moved aside and reported in `notices`, which name it by
/// `what` (a message: "the statistics file").
pub fn read_ron<T: DeserializeOwned>(path: &Path, what: Msg, notices: &mut Notices) -> Loaded<T> {
    let result = match fs::read_to_string(path) {
        Ok(text) => ron::from_str::<T>(&text).map_err(|e| e.to_string()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Loaded::Missing,
        // Unreadable (permissions, not UTF-8, a folder): as bad as unparsable.
        Err(e) => Err(e.to_string()),
    };
    match result {
        Ok(v) => Loaded::Ok(v),
        Err(reason) => {
            let moved = move_aside(path);
            notices.push(match moved {
                Some(to) => Msg::key("notice-file-unreadable-moved")
                    .with("what", what)
                    .with("reason", reason.clone())
                    .with("path", to.display().to_string()),
                None => Msg::key("notice-file-unreadable")
                    .with("what", what)
                    .with("reason", reason.clone()),
            });
            Loaded::Corrupt { reason }
        }
    }
}

/// Writes `value` as pretty RON, atomically.
pub fn write_ron<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    save_atomic(path, text.as_bytes())
}

/// `engine::record::save_atomic`, creating the folder first (a first start has none).
pub fn save_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    make_parent(path)?;
    crate::engine::record::save_atomic(path, bytes).map_err(|e| e.to_string())
}

pub fn make_parent(path: &Path) -> Result<(), String> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => {
            fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
        }
        _ => Ok(()),
    }
}

/// Renames a bad file out of the way; returns the new name.
pub fn move_aside(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let to = path.with_file_name(format!("{name}.corrupt-{}", timestamp().file));
    match fs::rename(path, &to) {
        Ok(()) => Some(to),
        Err(e) => {
            warn!("could not move {} aside: {e}", path.display());
            // Best effort: get it out of the way so the next start is clean.
            let _ = fs::remove_file(path);
            None
        }
    }
}

pub fn load_settings(paths: &Paths, notices: &mut Notices) -> Settings {
    match read_ron::<Settings>(&paths.settings_file(), Msg::key("file-settings"), notices) {
        Loaded::Ok(s) => s.sanitized(),
        _ => Settings::default(),
    }
}

/// A finished game in the games folder.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedFile {
    pub path: PathBuf,
    pub name: String,
    pub modified: SystemTime,
}

/// Record files (with one of `extensions`) in the games folder, newest first.
pub fn list_games(paths: &Paths, extensions: &[String]) -> Vec<SavedFile> {
    let Ok(dir) = fs::read_dir(paths.games_dir()) else {
        return Vec::new();
    };
    let mut files: Vec<SavedFile> = dir
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            let ext = path.extension()?.to_str()?.to_ascii_lowercase();
            if !extensions.contains(&ext) {
                return None;
            }
            let meta = entry.metadata().ok()?;
            let name = path.file_name()?.to_string_lossy().into_owned();
            meta.is_file().then(|| SavedFile {
                name,
                modified: meta.modified().unwrap_or(UNIX_EPOCH),
                path,
            })
        })
        .collect();
    // Newest first; names carry the time too, which breaks ties within a second.
    files.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.name.cmp(&a.name)));
    files
}

/// A UTC time in the two forms the files use.
pub struct Stamp {
    /// `2026-05-01` for SGF `DT`.
    pub date: String,
    /// `20260501-141502` for file names.
    pub file: String,
}

pub fn timestamp() -> Stamp {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = crate::engine::record::civil_date((secs / 86_400) as i64);
    let rem = secs % 86_400;
    let (hh, mm, ss) = (rem / 3600, rem / 60 % 60, rem % 60);
    Stamp {
        date: format!("{y:04}-{m:02}-{d:02}"),
        file: format!("{y:04}{m:02}{d:02}-{hh:02}{mm:02}{ss:02}"),
    }
}

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Paths>() {
        app.insert_resource(Paths::from_env());
    }
    let paths = app.world().resource::<Paths>().clone();
    let mut notices = Notices::default();
    let settings = load_settings(&paths, &mut notices);
    info!(
        "files: config in {}, data in {}",
        paths.config_dir.display(),
        paths.data_dir.display()
    );
    app.insert_resource(settings)
        .insert_resource(notices)
        .add_systems(Last, save_settings_when_changed);
}

/// A path's parts from its end: the file's name first, then its folders.
fn path_parts(path: &str) -> Vec<&str> {
    path.rsplit(['/', '\\']).filter(|p| !p.is_empty()).collect()
}

/// Saves the settings whenever they change (setup choices, the settings screen).
fn save_settings_when_changed(
    settings: Res<Settings>,
    paths: Res<Paths>,
    mut last_saved: Local<Option<Settings>>,
) {
    if !settings.is_changed() {
        return;
    }
    if last_saved.is_none() {
        // The value just loaded: nothing new to write.
        *last_saved = Some(settings.clone());
        return;
    }
    if last_saved.as_ref() == Some(&*settings) {
        return;
    }
    match write_ron(&paths.settings_file(), &*settings) {
        Ok(()) => *last_saved = Some(settings.clone()),
        Err(e) => warn!("could not save settings: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(crate::engine::record::civil_date(0), (1970, 1, 1));
        assert_eq!(crate::engine::record::civil_date(19_723), (2024, 1, 1));
        assert_eq!(crate::engine::record::civil_date(19_782), (2024, 2, 29));
    }

    #[test]
    fn engines_of_one_name_are_told_apart_by_their_paths() {
        let entry = |path: &str, name: &str| EngineEntry {
            path: path.into(),
            name: name.into(),
            ..EngineEntry::default()
        };
        let all = [
            entry("/opt/rapfi-fitted/pbrain-rapfi", "Rapfi 0.43"),
            entry("/src/rapfi/build/pbrain-rapfi", "Rapfi 0.43"),
            entry("/src/rapfi/build/pbrain-embryo", "Embryo"),
            entry("/a/b/pbrain-x", "X"),
            entry("/a/c/pbrain-y", "X"),
        ];
        let shown: Vec<String> = all.iter().map(|e| e.shown_name(&all)).collect();
        assert_eq!(
            shown,
            [
                "Rapfi 0.43 (rapfi-fitted)",
                "Rapfi 0.43 (build)",
                "Embryo",
                "X (pbrain-x)",
                "X (pbrain-y)"
            ]
        );
        // Alone, a name is shown as it is.
        assert_eq!(all[0].shown_name(&all[..1]), "Rapfi 0.43");
    }

    #[test]
    fn settings_of_an_older_version_keep_what_still_means_something() {
        // Before the games were registered by name: `game` was an enum and the Gomoku rows
        // sat at the top level. The rest of the file must survive.
        let old = "(volume: 0.3, setup: (game: ConnectFour, opponent: 4, colour: White, \
                   rule: \"Renju\", size: 19, connect4: (opponent: 3, rows: 7)), \
                   theme: Dark)";
        let s: Settings = ron::from_str(old).unwrap();
        assert_eq!((s.volume, s.theme), (0.3, BoardTheme::Dark));
        assert_eq!(s.setup.colour, ColourChoice::White);
        assert!(s.setup.games.is_empty());
    }
}
