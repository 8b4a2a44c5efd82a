//! Each game's files behind one interface: the autosaved unfinished game, statistics and
//! finished records. Gomoku and Connect Four keep their own file names and formats (so older
//! files still load); the session and the screens call only what is here.
//!
//! Every file is written atomically; an unreadable one is moved aside to
//! `*.corrupt-<time>` and the player told through [`Notices`].

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;

use super::{AnyGame, AnyLevel, GameKind, Games, LevelTallies, RecordEnd, Side, Verdict};
use crate::gui::clock::GameClock;
use crate::gui::msg::Msg;
use crate::gui::persist::{self, Notices, Paths, Tally, timestamp};

/// An unfinished game as the autosave keeps it.
#[derive(Clone, Debug)]
pub struct Saved {
    pub game: AnyGame,
    pub level: Option<AnyLevel>,
    pub human: Side,
    pub seed: u64,
    pub started: String,
}

impl Saved {
    /// The saved game from its whole line played out: the last `redo` moves are taken back
    /// onto the redo stack. Then what every game's autosave needs checked: the person's side
    /// (by its colour's name) and a game not over.
    pub fn checked(
        mut game: AnyGame,
        redo: usize,
        level: Option<AnyLevel>,
        human: &str,
        seed: u64,
        started: &str,
    ) -> Result<Saved, Msg> {
        for _ in 0..redo {
            game.undo();
        }
        // Files name the colour in English.
        let human = Side::BOTH
            .into_iter()
            .find(|&s| game.side_name(s).english() == human)
            .ok_or_else(|| Msg::key("autosave-bad-colour").with("colour", human.to_string()))?;
        if game.is_over() {
            return Err(Msg::key("autosave-over"));
        }
        Ok(Saved {
            game,
            level,
            human,
            seed,
            started: started.to_string(),
        })
    }

    /// The saved opponent: 0 = a second person, else the level's number.
    pub fn opponent_number(&self) -> u8 {
        self.level.map_or(0, AnyLevel::number)
    }

    /// The level with `number` (0 = a second person) of the saved game's kind.
    pub fn level_of(kind: GameKind, number: u8) -> Result<Option<AnyLevel>, Msg> {
        match number {
            0 => Ok(None),
            n => kind
                .level(n)
                .map(Some)
                .ok_or_else(|| Msg::key("autosave-bad-level").with("level", n)),
        }
    }
}

/// A record opened for the replay: the position before the first move, the moves with who
/// played them, the players' names and the result in words.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub start: AnyGame,
    pub moves: Vec<(Side, super::Move)>,
    pub names: [String; 2],
    pub result: Msg,
    /// Per move, when the record kept them: the thinking time and the mover's clock after
    /// the move (empty for records without times).
    pub times: Vec<(Option<Duration>, Option<Duration>)>,
    /// The tournament opening the game began with, as played (from the record's comment).
    pub opening: Option<Box<dyn super::OpeningPhase>>,
}

/// A recorded player's name for players: the game's own names ("You", "Club (AI)", "Player
/// 1"), which records keep in English, in the language in use; any other name as it is.
pub fn shown_name(name: &str, kind: GameKind) -> Msg {
    let ours = [Msg::key("player-you")]
        .into_iter()
        .chain(
            kind.def()
                .levels()
                .into_iter()
                .map(|l| Msg::key("player-ai").with("level", l.title())),
        )
        .chain(Side::BOTH.map(|s| kind.def().two_player_name(s)));
    ours.into_iter()
        .find(|m| m.english() == name)
        .unwrap_or_else(|| Msg::verbatim(name))
}

/// "Alice vs Bob", with the colours for missing names.
pub fn players(names: &[String; 2], kind: GameKind) -> Msg {
    let name = |i: usize, side: Side| {
        if names[i].is_empty() {
            kind.side_name(side)
        } else {
            shown_name(&names[i], kind)
        }
    };
    Msg::key("players-vs")
        .with("first", name(0, Side::First))
        .with("second", name(1, Side::Second))
}

pub fn autosave_file(paths: &Paths, kind: GameKind) -> PathBuf {
    paths.data_dir.join(kind.files().autosave_name())
}

fn stats_file(paths: &Paths, kind: GameKind) -> PathBuf {
    paths.data_dir.join(kind.files().stats_name())
}

/// Rewrites the autosave of `saved`'s game.
pub fn write_autosave(paths: &Paths, saved: &Saved) -> Result<(), String> {
    let kind = saved.game.kind();
    kind.files()
        .write_autosave(&autosave_file(paths, kind), saved)
}

/// The autosaved game of `kind` if there is a valid one. An invalid one is moved aside and
/// reported.
pub fn load_autosave(paths: &Paths, kind: GameKind, notices: &mut Notices) -> Option<Saved> {
    let path = autosave_file(paths, kind);
    let restored = kind.files().load_autosave(&path, notices)?;
    restored
        .map_err(|reason| {
            let msg = Msg::key("notice-autosave-unrestorable")
                .with("game", kind.name())
                .with("reason", reason);
            notices.push(match persist::move_aside(&path) {
                Some(to) => Msg::Join(vec![msg, moved_to(&to)], " "),
                None => msg,
            });
        })
        .ok()
}

pub fn remove_autosave(paths: &Paths, kind: GameKind) {
    for path in [
        autosave_file(paths, kind),
        clock_file(paths, kind),
        opening_file(paths, kind),
        engine_file(paths, kind),
    ] {
        remove_quietly(&path);
    }
}

fn remove_quietly(path: &Path) {
    if let Err(e) = fs::remove_file(path)
        && e.kind() != io::ErrorKind::NotFound
    {
        warn!("could not remove {}: {e}", path.display());
    }
}

/// The autosaved game's clock, beside it in a file of its own (every game's autosave keeps
/// its own format; the clock is the same for all).
fn clock_file(paths: &Paths, kind: GameKind) -> PathBuf {
    let mut name = autosave_file(paths, kind).into_os_string();
    name.push(".clock.ron");
    PathBuf::from(name)
}

/// Saves the unfinished game's clock, or removes the file of a game without one.
pub fn write_clock(paths: &Paths, kind: GameKind, clock: Option<&GameClock>) -> Result<(), String> {
    let path = clock_file(paths, kind);
    match clock {
        Some(clock) => persist::write_ron(&path, clock),
        None => {
            remove_quietly(&path);
            Ok(())
        }
    }
}

/// The autosaved game's clock; `None` without one. A bad file is moved aside and reported:
/// the game then goes on without a clock.
pub fn load_clock(paths: &Paths, kind: GameKind, notices: &mut Notices) -> Option<GameClock> {
    match persist::read_ron(&clock_file(paths, kind), Msg::key("file-clock"), notices) {
        persist::Loaded::Ok(clock) => Some(clock),
        _ => None,
    }
}

/// The autosaved game's tournament opening (running or played): the setup options it came
/// from and its actions in text form, played again on Continue.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SavedOpening {
    pub options: super::Options,
    pub actions: Vec<String>,
    /// Whether the person is the opening's first player.
    pub first_player: bool,
}

fn opening_file(paths: &Paths, kind: GameKind) -> PathBuf {
    let mut name = autosave_file(paths, kind).into_os_string();
    name.push(".opening.ron");
    PathBuf::from(name)
}

/// Saves the unfinished game's opening, or removes the file of a game without one.
pub fn write_opening(
    paths: &Paths,
    kind: GameKind,
    opening: Option<&SavedOpening>,
) -> Result<(), String> {
    let path = opening_file(paths, kind);
    match opening {
        Some(opening) => persist::write_ron(&path, opening),
        None => {
            remove_quietly(&path);
            Ok(())
        }
    }
}

/// The autosaved game's opening; `None` without one. A bad file is moved aside and reported.
pub fn load_opening(paths: &Paths, kind: GameKind, notices: &mut Notices) -> Option<SavedOpening> {
    match persist::read_ron(
        &opening_file(paths, kind),
        Msg::key("file-opening"),
        notices,
    ) {
        persist::Loaded::Ok(opening) => Some(opening),
        _ => None,
    }
}

/// The external engine of the unfinished game, beside its autosave.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SavedEngine {
    /// As in `Settings::engines`.
    pub path: String,
    pub name: String,
}

fn engine_file(paths: &Paths, kind: GameKind) -> PathBuf {
    let mut name = autosave_file(paths, kind).into_os_string();
    name.push(".engine.ron");
    PathBuf::from(name)
}

/// Saves which engine plays the unfinished game, or removes the file of a game without one.
pub fn write_engine(
    paths: &Paths,
    kind: GameKind,
    engine: Option<&SavedEngine>,
) -> Result<(), String> {
    let path = engine_file(paths, kind);
    match engine {
        Some(engine) => persist::write_ron(&path, engine),
        None => {
            remove_quietly(&path);
            Ok(())
        }
    }
}

/// The autosaved game's engine; `None` without one. A bad file is moved aside and reported.
pub fn load_engine(paths: &Paths, kind: GameKind, notices: &mut Notices) -> Option<SavedEngine> {
    match persist::read_ron(&engine_file(paths, kind), Msg::key("file-engine"), notices) {
        persist::Loaded::Ok(engine) => Some(engine),
        _ => None,
    }
}

/// The game whose autosave is the most recent (Continue), if any.
pub fn newest_autosave(paths: &Paths, games: &Games) -> Option<GameKind> {
    let modified = |k| {
        fs::metadata(autosave_file(paths, k))
            .and_then(|m| m.modified())
            .ok()
    };
    // On a tie the game registered later wins (as Connect Four did before the games were
    // folded together).
    games
        .iter()
        .enumerate()
        .filter_map(|(i, k)| modified(k).map(|t| (t, i, k)))
        .max_by_key(|&(t, i, _)| (t, i))
        .map(|(_, _, k)| k)
}

/// Wins, losses and draws of every game, each in its own file.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Stats(pub BTreeMap<&'static str, LevelTallies>);

impl Stats {
    /// Reads every game's file; bad ones are moved aside and reported.
    pub fn load(paths: &Paths, games: &Games, notices: &mut Notices) -> Stats {
        Stats(
            games
                .iter()
                .map(|k| (k.id(), k.files().load_stats(&stats_file(paths, k), notices)))
                .collect(),
        )
    }

    pub fn of(&self, kind: GameKind) -> LevelTallies {
        self.0.get(kind.id()).cloned().unwrap_or_default()
    }

    pub fn tally(&self, level: AnyLevel) -> Tally {
        self.0
            .get(level.game)
            .and_then(|t| t.levels.get(&level.number))
            .copied()
            .unwrap_or_default()
    }

    /// Counts a finished game of `kind` and saves that game's file.
    pub fn count(
        &mut self,
        paths: &Paths,
        kind: GameKind,
        level: Option<AnyLevel>,
        result: Option<Verdict>,
    ) -> Result<(), String> {
        let stats = self.0.entry(kind.id()).or_default();
        match (level, result) {
            (Some(l), Some(r)) => {
                let t = stats.levels.entry(l.number).or_default();
                match r {
                    Verdict::Win => t.wins += 1,
                    Verdict::Loss => t.losses += 1,
                    Verdict::Draw => t.draws += 1,
                }
            }
            _ => stats.two_player_games += 1,
        }
        kind.files().write_stats(&stats_file(paths, kind), stats)
    }
}

/// Saves a finished game in the games folder under a fresh name (`<time>-<prefix><who>.<ext>`).
pub fn save_record(
    paths: &Paths,
    game: &AnyGame,
    names: &[String; 2],
    started: &str,
    end: &RecordEnd,
    who: &str,
) -> Result<PathBuf, String> {
    let files = game.kind().files();
    let (prefix, exts) = (files.record_prefix(), files.record_extensions());
    let ext = exts.first().map_or("", String::as_str);
    let dir = paths.games_dir();
    let stamp = timestamp().file;
    let mut path = dir.join(format!("{stamp}-{prefix}{who}.{ext}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stamp}-{prefix}{who}-{n}.{ext}"));
        n += 1;
    }
    persist::make_parent(&path)?;
    files.save_record(&path, game, names, started, end)?;
    Ok(path)
}

/// The game whose records have `path`'s extension.
fn kind_of(path: &Path, games: &Games) -> Result<GameKind, Msg> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    games
        .iter()
        .find(|k| k.files().record_extensions().contains(&ext))
        .ok_or_else(|| Msg::key("record-unknown-extension").with("ext", ext))
}

/// The extensions of the records the games folder lists.
pub fn record_extensions(games: &Games) -> Vec<String> {
    games
        .iter()
        .flat_map(|k| k.files().record_extensions())
        .collect()
}

/// Opens any record file for the replay. An unreadable file is moved aside; the error says
/// so.
pub fn open_record(path: &Path, games: &Games) -> Result<Recorded, Msg> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let opened = kind_of(path, games).and_then(|k| k.files().open_record(path));
    opened.map_err(|reason| {
        let msg = Msg::key("notice-record-unreadable")
            .with("file", name)
            .with("reason", reason);
        match persist::move_aside(path) {
            Some(to) => Msg::Join(vec![msg, moved_to(&to)], " "),
            None => msg,
        }
    })
}

/// "It was moved to …", after a bad file's notice.
fn moved_to(to: &Path) -> Msg {
    Msg::key("notice-moved-to").with("path", to.display().to_string())
}

/// One line about a record for the Load game list (or why it cannot be read).
pub fn summary(path: &Path, games: &Games) -> Msg {
    kind_of(path, games)
        .and_then(|k| k.files().record_summary(path))
        .unwrap_or_else(|e| Msg::key("record-unreadable-line").with("reason", e))
}

/// Reports a bad autosave at start, not when Continue is pressed.
pub fn check_autosaves(paths: &Paths, games: &Games, notices: &mut Notices) {
    for kind in games.iter() {
        if autosave_file(paths, kind).is_file() {
            let _ = load_autosave(paths, kind, notices);
        }
    }
}

pub fn has_autosave(paths: &Paths, games: &Games) -> bool {
    newest_autosave(paths, games).is_some()
}

/// Two saved games are the same game (moves, redo line, rule, size) with the same players.
#[cfg(test)]
pub fn assert_same(a: &Saved, b: &Saved) {
    let line = |s: &Saved| {
        let mut g = s.game.clone();
        let redo = g.redo_len();
        while g.redo() {}
        (g.moves(), redo, g.subtitle())
    };
    assert_eq!(line(a), line(b));
    assert_eq!((a.level, a.human, a.seed), (b.level, b.human, b.seed));
    assert_eq!(a.started, b.started);
}
