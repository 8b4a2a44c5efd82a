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
use serde::{Deserialize, Serialize};

use super::records;
use super::theme::BoardTheme;
use crate::engine::ai::Level;
use crate::engine::{Game, Pos, Rule, Stone};

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

/// Messages for the player about files (shown on the title screen).
#[derive(Resource, Default, Debug)]
pub struct Notices(pub Vec<String>);

impl Notices {
    pub fn push(&mut self, text: impl Into<String>) {
        let text = text.into();
        warn!("{text}");
        self.0.push(text);
    }
}

/// Which game the setup screen starts.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GameKind {
    #[default]
    Gomoku,
    ConnectFour,
}

/// The person's colour against the AI.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColourChoice {
    #[default]
    Black,
    White,
    Random,
}

/// The last choices of the setup screen, remembered in the settings file. Stored as plain
/// numbers and names so a hand-edited or older file still reads; [`SetupChoice::sanitized`]
/// repairs out-of-range values.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(default)]
pub struct SetupChoice {
    pub game: GameKind,
    /// 0 = a second person, 1..=5 = AI level.
    pub opponent: u8,
    pub colour: ColourChoice,
    pub rule: String,
    pub size: usize,
    /// Connect Four's opponent and board (the colour above is shared).
    pub connect4: super::connect4::Connect4Setup,
}

impl Default for SetupChoice {
    fn default() -> Self {
        SetupChoice {
            game: GameKind::Gomoku,
            opponent: Level::Club.number(),
            colour: ColourChoice::Black,
            rule: Rule::Freestyle.name().to_string(),
            size: 15,
            connect4: Default::default(),
        }
    }
}

pub const BOARD_SIZES: [usize; 3] = [13, 15, 19];

impl SetupChoice {
    pub fn level(&self) -> Option<Level> {
        Level::from_number(self.opponent)
    }

    pub fn rule(&self) -> Rule {
        Rule::from_name(&self.rule).unwrap_or_default()
    }

    pub fn sanitized(mut self) -> SetupChoice {
        if self.opponent > 5 {
            self.opponent = SetupChoice::default().opponent;
        }
        self.rule = self.rule().name().to_string();
        if !BOARD_SIZES.contains(&self.size) {
            self.size = 15;
        }
        self.connect4 = self.connect4.sanitized();
        self
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
    pub setup: SetupChoice,
    /// Music channel volume (the ambient loop), 0..=1.
    pub music_volume: f32,
    /// The quiet ambient loop on the music channel.
    pub ambient: bool,
    pub theme: BoardTheme,
    /// No animations: stones, markers, transitions and the result appear in their final state.
    pub reduced_motion: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            muted: false,
            show_coordinates: true,
            show_move_numbers: false,
            show_forbidden: true,
            setup: SetupChoice::default(),
            music_volume: 0.5,
            ambient: false,
            theme: BoardTheme::Classic,
            reduced_motion: false,
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
        self.setup = self.setup.sanitized();
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

#[derive(Resource, Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default)]
pub struct Stats {
    /// Keyed by level number 1..=5.
    pub levels: BTreeMap<u8, Tally>,
    pub two_player_games: u32,
}

impl Stats {
    pub fn tally(&self, level: Level) -> Tally {
        self.levels
            .get(&level.number())
            .copied()
            .unwrap_or_default()
    }
}

/// The unfinished game, rewritten after every move. Moves are in human notation (`h8`) so
/// the file stays readable.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Autosave {
    pub version: u32,
    /// 0 = a second person, 1..=5 = AI level.
    pub opponent: u8,
    /// "Black" or "White": the person's colour against the AI.
    pub human: String,
    pub rule: String,
    pub size: usize,
    pub moves: Vec<String>,
    /// Undone moves that Redo can replay, next one last (as [`Game::redo_stack`]).
    pub redo: Vec<String>,
    pub seed: u64,
    pub started: String,
}

pub const AUTOSAVE_VERSION: u32 = 1;

impl Autosave {
    pub fn from_game(
        game: &Game,
        opponent: Option<Level>,
        human: Stone,
        seed: u64,
        started: &str,
    ) -> Autosave {
        let size = game.size();
        Autosave {
            version: AUTOSAVE_VERSION,
            opponent: opponent.map_or(0, Level::number),
            human: human.name().to_string(),
            rule: game.rule().name().to_string(),
            size,
            moves: game
                .history()
                .iter()
                .map(|m| m.pos.to_human(size))
                .collect(),
            redo: game
                .redo_stack()
                .iter()
                .map(|m| m.pos.to_human(size))
                .collect(),
            seed,
            started: started.to_string(),
        }
    }

    /// Rebuilds the game with its redo stack; says what is wrong otherwise.
    pub fn to_game(&self) -> Result<(Game, Option<Level>, Stone), String> {
        if self.version != AUTOSAVE_VERSION {
            return Err(format!("unknown autosave version {}", self.version));
        }
        let rule =
            Rule::from_name(&self.rule).ok_or_else(|| format!("unknown rule '{}'", self.rule))?;
        let opponent = match self.opponent {
            0 => None,
            n => Some(Level::from_number(n).ok_or_else(|| format!("unknown level {n}"))?),
        };
        let human = match self.human.as_str() {
            "Black" => Stone::Black,
            "White" => Stone::White,
            other => return Err(format!("unknown colour '{other}'")),
        };
        let parse = |text: &String| Pos::from_human(text, self.size).map_err(|e| e.to_string());
        let mut line = self
            .moves
            .iter()
            .map(parse)
            .collect::<Result<Vec<_>, _>>()?;
        let redo = self.redo.iter().map(parse).collect::<Result<Vec<_>, _>>()?;
        // The redo stack's last entry is the next move: play the whole line, then undo.
        line.extend(redo.iter().rev());
        let mut game = Game::from_moves(self.size, rule, &line).map_err(|e| e.to_string())?;
        for _ in 0..redo.len() {
            game.undo();
        }
        if game.outcome().is_over() {
            return Err("the saved game is already over".into());
        }
        Ok((game, opponent, human))
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

/// Reads a RON file; a bad one is moved aside and reported in `notices` under `what`.
pub fn read_ron<T: DeserializeOwned>(path: &Path, what: &str, notices: &mut Notices) -> Loaded<T> {
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
                Some(to) => format!(
                    "The {what} file could not be read ({reason}). It was moved to {} and a fresh one is used.",
                    to.display()
                ),
                None => format!("The {what} file could not be read ({reason}); a fresh one is used."),
            });
            Loaded::Corrupt { reason }
        }
    }
}

/// Writes `value` as pretty RON, atomically.
pub fn write_ron<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| e.to_string())?;
    records::save_atomic(path, text.as_bytes())
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
    match read_ron::<Settings>(&paths.settings_file(), "settings", notices) {
        Loaded::Ok(s) => s.sanitized(),
        _ => Settings::default(),
    }
}

pub fn load_stats(paths: &Paths, notices: &mut Notices) -> Stats {
    match read_ron::<Stats>(&paths.stats_file(), "statistics", notices) {
        Loaded::Ok(s) => s,
        _ => Stats::default(),
    }
}

/// The autosaved game if there is a valid one. An invalid one is moved aside and reported.
pub fn load_autosave(
    paths: &Paths,
    notices: &mut Notices,
) -> Option<(Autosave, Game, Option<Level>, Stone)> {
    let path = paths.autosave_file();
    match read_ron::<Autosave>(&path, "autosaved game", notices) {
        Loaded::Ok(save) => match save.to_game() {
            Ok((game, level, human)) => Some((save, game, level, human)),
            Err(reason) => {
                let moved = move_aside(&path);
                notices.push(format!(
                    "The autosaved game could not be restored ({reason}).{}",
                    moved.map_or(String::new(), |p| format!(
                        " It was moved to {}.",
                        p.display()
                    ))
                ));
                None
            }
        },
        _ => None,
    }
}

/// Whether an autosave file exists (checked cheaply for the title screen).
pub fn has_autosave(paths: &Paths) -> bool {
    paths.autosave_file().is_file()
}

pub fn remove_autosave(paths: &Paths) {
    let path = paths.autosave_file();
    if let Err(e) = fs::remove_file(&path)
        && e.kind() != io::ErrorKind::NotFound
    {
        warn!("could not remove {}: {e}", path.display());
    }
}

/// A finished game in the games folder.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedFile {
    pub path: PathBuf,
    pub name: String,
    pub modified: SystemTime,
}

/// Record files in the games folder, newest first.
pub fn list_games(paths: &Paths) -> Vec<SavedFile> {
    let Ok(dir) = fs::read_dir(paths.games_dir()) else {
        return Vec::new();
    };
    let mut files: Vec<SavedFile> = dir
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            let ext = path.extension()?.to_str()?.to_ascii_lowercase();
            if ext != "sgf" && ext != "psq" && ext != super::connect4::files::RECORD_EXT {
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
    let stats = load_stats(&paths, &mut notices);
    // An autosave that does not restore is reported now, not when Continue is pressed.
    if has_autosave(&paths) {
        let _ = load_autosave(&paths, &mut notices);
    }
    info!(
        "files: config in {}, data in {}",
        paths.config_dir.display(),
        paths.data_dir.display()
    );
    app.insert_resource(settings)
        .insert_resource(stats)
        .insert_resource(notices)
        .add_systems(Last, save_settings_when_changed);
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
    fn autosave_round_trip_keeps_redo() {
        let mut game = Game::new(15, Rule::Renju).unwrap();
        for p in ["h8", "h9", "i8", "j9"] {
            game.play(Pos::from_human(p, 15).unwrap()).unwrap();
        }
        game.undo();
        game.undo();
        let save = Autosave::from_game(&game, Some(Level::Expert), Stone::White, 7, "2024-01-01");
        let text = ron::ser::to_string(&save).unwrap();
        let back: Autosave = ron::from_str(&text).unwrap();
        let (g, level, human) = back.to_game().unwrap();
        assert_eq!(g.history(), game.history());
        assert_eq!(g.redo_stack(), game.redo_stack());
        assert_eq!(g.rule(), Rule::Renju);
        assert_eq!((level, human), (Some(Level::Expert), Stone::White));
    }

    #[test]
    fn bad_autosave_is_an_error_not_a_panic() {
        let mut save = Autosave::from_game(
            &Game::new(15, Rule::Freestyle).unwrap(),
            None,
            Stone::Black,
            1,
            "",
        );
        save.moves = vec!["h8".into(), "h8".into()];
        assert!(save.to_game().is_err());
        save.moves = vec!["zz99".into()];
        assert!(save.to_game().is_err());
        save.moves.clear();
        save.rule = "chess".into();
        assert!(save.to_game().is_err());
    }
}
