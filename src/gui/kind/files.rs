//! Each game's files behind one interface: the autosaved unfinished game, statistics and
//! finished records. Gomoku and Connect Four keep their own file names and formats (so older
//! files still load); the session and the screens call only what is here.
//!
//! Every file is written atomically; an unreadable one is moved aside to
//! `*.corrupt-<time>` and the player told through [`Notices`].

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::connect4::{C4Autosave, C4Stats};
use super::gomoku::{Autosave, GomokuStats};
use super::{AnyGame, AnyLevel, GameKind, Side, side_name};
use crate::engine::connect4::record::RECORD_EXT;
use crate::gui::persist::{self, Loaded, Notices, Paths, Tally, timestamp};

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
    /// Checks what both games' files need checked: the person's side and a game not over.
    pub fn checked(
        game: AnyGame,
        level: Option<AnyLevel>,
        human: &str,
        seed: u64,
        started: &str,
    ) -> Result<Saved, String> {
        let human = [Side::First, Side::Second]
            .into_iter()
            .find(|&s| side_name(game.kind(), s) == human)
            .ok_or_else(|| format!("unknown colour '{human}'"))?;
        if game.is_over() {
            return Err("the saved game is already over".into());
        }
        Ok(Saved {
            game,
            level,
            human,
            seed,
            started: started.to_string(),
        })
    }
}

/// A record opened for the replay: the position before the first move, the moves with who
/// played them, the players' names and the result in words.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub start: AnyGame,
    pub moves: Vec<(Side, super::Move)>,
    pub names: [String; 2],
    pub result: String,
}

/// "Alice vs Bob", with the colours for missing names.
pub fn players(names: &[String; 2], kind: GameKind) -> String {
    let name = |i: usize, side: Side| {
        if names[i].is_empty() {
            side_name(kind, side).to_string()
        } else {
            names[i].clone()
        }
    };
    format!("{} vs {}", name(0, Side::First), name(1, Side::Second))
}

pub fn autosave_file(paths: &Paths, kind: GameKind) -> PathBuf {
    match kind {
        GameKind::Gomoku => paths.data_dir.join("autosave.ron"),
        GameKind::ConnectFour => paths.data_dir.join("connect4-autosave.ron"),
    }
}

fn stats_file(paths: &Paths, kind: GameKind) -> PathBuf {
    match kind {
        GameKind::Gomoku => paths.data_dir.join("stats.ron"),
        GameKind::ConnectFour => paths.data_dir.join("connect4-stats.ron"),
    }
}

const KINDS: [GameKind; 2] = [GameKind::Gomoku, GameKind::ConnectFour];

/// Rewrites the autosave of `saved`'s game.
pub fn write_autosave(paths: &Paths, saved: &Saved) -> Result<(), String> {
    let path = autosave_file(paths, saved.game.kind());
    match &saved.game {
        AnyGame::Gomoku(g) => persist::write_ron(&path, &Autosave::new(g, saved)),
        AnyGame::ConnectFour(g) => persist::write_ron(&path, &C4Autosave::new(g, saved)),
    }
}

/// The autosaved game of `kind` if there is a valid one. An invalid one is moved aside and
/// reported.
pub fn load_autosave(paths: &Paths, kind: GameKind, notices: &mut Notices) -> Option<Saved> {
    let path = autosave_file(paths, kind);
    let what = match kind {
        GameKind::Gomoku => "autosaved game",
        GameKind::ConnectFour => "autosaved Connect Four game",
    };
    let restored = match kind {
        GameKind::Gomoku => match persist::read_ron::<Autosave>(&path, what, notices) {
            Loaded::Ok(save) => save.restore(),
            _ => return None,
        },
        GameKind::ConnectFour => match persist::read_ron::<C4Autosave>(&path, what, notices) {
            Loaded::Ok(save) => save.restore(),
            _ => return None,
        },
    };
    restored
        .map_err(|reason| {
            let moved = persist::move_aside(&path)
                .map(|p| format!(" It was moved to {}.", p.display()))
                .unwrap_or_default();
            let what = what.strip_prefix("autosaved ").unwrap_or(what);
            notices.push(format!(
                "The autosaved {what} could not be restored ({reason}).{moved}"
            ));
        })
        .ok()
}

pub fn remove_autosave(paths: &Paths, kind: GameKind) {
    let path = autosave_file(paths, kind);
    if let Err(e) = fs::remove_file(&path)
        && e.kind() != io::ErrorKind::NotFound
    {
        warn!("could not remove {}: {e}", path.display());
    }
}

/// The game whose autosave is the most recent (Continue), if any.
pub fn newest_autosave(paths: &Paths) -> Option<GameKind> {
    let modified = |k| {
        fs::metadata(autosave_file(paths, k))
            .and_then(|m| m.modified())
            .ok()
    };
    // On a tie Connect Four wins, as before the two were folded together.
    KINDS
        .into_iter()
        .filter_map(|k| modified(k).map(|t| (t, k)))
        .max_by_key(|&(t, k)| (t, k == GameKind::ConnectFour))
        .map(|(_, k)| k)
}

/// Wins, losses and draws of both games, each in its own file.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub gomoku: GomokuStats,
    pub connect4: C4Stats,
}

/// The end of a game as the person against the AI sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PersonResult {
    Won,
    Lost,
    Draw,
}

impl Stats {
    /// Reads both files; bad ones are moved aside and reported.
    pub fn load(paths: &Paths, notices: &mut Notices) -> Stats {
        let gomoku = stats_file(paths, GameKind::Gomoku);
        let connect4 = stats_file(paths, GameKind::ConnectFour);
        Stats {
            gomoku: match persist::read_ron(&gomoku, "statistics", notices) {
                Loaded::Ok(s) => s,
                _ => GomokuStats::default(),
            },
            connect4: match persist::read_ron(&connect4, "Connect Four statistics", notices) {
                Loaded::Ok(s) => s,
                _ => C4Stats::default(),
            },
        }
    }

    pub fn tally(&self, level: AnyLevel) -> Tally {
        match level {
            AnyLevel::Gomoku(l) => self.gomoku.tally(l),
            AnyLevel::ConnectFour(l) => self.connect4.tally(l),
        }
    }

    /// Counts a finished game of `kind` and saves that game's file.
    pub fn count(
        &mut self,
        paths: &Paths,
        kind: GameKind,
        level: Option<AnyLevel>,
        result: Option<PersonResult>,
    ) -> Result<(), String> {
        let tally = match (level, result) {
            (Some(AnyLevel::Gomoku(l)), Some(r)) => {
                Some((self.gomoku.levels.entry(l.number()).or_default(), r))
            }
            (Some(AnyLevel::ConnectFour(l)), Some(r)) => Some((self.connect4.tally_mut(l), r)),
            _ => None,
        };
        match tally {
            Some((t, PersonResult::Won)) => t.wins += 1,
            Some((t, PersonResult::Lost)) => t.losses += 1,
            Some((t, PersonResult::Draw)) => t.draws += 1,
            None if kind == GameKind::Gomoku => self.gomoku.two_player_games += 1,
            None => self.connect4.two_player_games += 1,
        }
        let path = stats_file(paths, kind);
        match kind {
            GameKind::Gomoku => persist::write_ron(&path, &self.gomoku),
            GameKind::ConnectFour => persist::write_ron(&path, &self.connect4),
        }
    }
}

/// Saves a finished game in the games folder under a fresh name
/// (`<time>-<who>.sgf`, `<time>-connect4-<who>.c4`).
pub fn save_record(
    paths: &Paths,
    game: &AnyGame,
    names: &[String; 2],
    started: &str,
    resigned: Option<Side>,
    who: &str,
) -> Result<PathBuf, String> {
    let (prefix, ext) = match game {
        AnyGame::Gomoku(_) => ("", "sgf"),
        AnyGame::ConnectFour(_) => ("connect4-", RECORD_EXT),
    };
    let dir = paths.games_dir();
    let stamp = timestamp().file;
    let mut path = dir.join(format!("{stamp}-{prefix}{who}.{ext}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stamp}-{prefix}{who}-{n}.{ext}"));
        n += 1;
    }
    match game {
        AnyGame::Gomoku(g) => {
            super::gomoku::save_sgf(&path, &super::gomoku::record(g, names, started, resigned))?
        }
        AnyGame::ConnectFour(g) => {
            let record = super::connect4::record(g, names, started, resigned);
            persist::save_atomic(&path, record.to_text().as_bytes())?
        }
    }
    Ok(path)
}

fn is_connect4(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(RECORD_EXT))
}

/// The extensions of the records the games folder lists.
pub const RECORD_EXTENSIONS: [&str; 3] = ["sgf", "psq", RECORD_EXT];

/// Opens any record file for the replay. An unreadable file is moved aside; the error says
/// so.
pub fn open_record(path: &Path) -> Result<Recorded, String> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let opened = if is_connect4(path) {
        super::connect4::open(path)
    } else {
        super::gomoku::open(path)
    };
    opened.map_err(|reason| {
        let moved = persist::move_aside(path)
            .map(|to| format!(" It was moved to {}.", to.display()))
            .unwrap_or_default();
        format!("{name} could not be read: {reason}.{moved}")
    })
}

/// One line about a record for the Load game list (or why it cannot be read).
pub fn summary(path: &Path) -> String {
    let line = if is_connect4(path) {
        super::connect4::summary(path)
    } else {
        super::gomoku::summary(path)
    };
    line.unwrap_or_else(|e| format!("Unreadable: {e}"))
}

/// Reports a bad autosave at start, not when Continue is pressed.
pub fn check_autosaves(paths: &Paths, notices: &mut Notices) {
    for kind in KINDS {
        if autosave_file(paths, kind).is_file() {
            let _ = load_autosave(paths, kind, notices);
        }
    }
}

pub fn has_autosave(paths: &Paths) -> bool {
    newest_autosave(paths).is_some()
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
