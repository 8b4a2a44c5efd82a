//! Connect Four's files, next to Gomoku's and handled the same way (written atomically; an
//! unreadable one is moved aside to `*.corrupt-<time>` and the player told):
//!
//! - `data/connect4-autosave.ron`: the unfinished game, rewritten after every move.
//! - `data/connect4-stats.ron`: wins, losses and draws per level.
//! - `data/games/*.c4`: every finished game, listed by Load game with the Gomoku records.
//!
//! A record is a small text file, one `Key: value` a line, the moves as a column string
//! (1 = leftmost), the notation of the engine and of `connect4-solve`:
//!
//! ```text
//! Connect Four
//! Size: 7x6
//! Red: Player
//! Yellow: Connect Four AI (Club)
//! Date: 2026-05-01
//! Result: Red won
//! Moves: 4455443
//! ```

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::{level_from_number, level_name, level_number, player_name};
use crate::engine::connect4::{BoardSize, Game, Level, Outcome, Player};
use crate::gui::persist::{self, Loaded, Notices, Paths, Tally};
use crate::gui::records;

/// Extension of Connect Four records.
pub const RECORD_EXT: &str = "c4";
/// First line of a record.
const RECORD_MAGIC: &str = "Connect Four";
/// A record is a few hundred bytes; anything much larger is not one.
const MAX_RECORD_BYTES: u64 = 64 * 1024;

pub(super) fn plugin(app: &mut App) {
    let world = app.world_mut();
    let Some(paths) = world.get_resource::<Paths>().cloned() else {
        // Only without `persist::plugin`, which the app always adds first.
        warn!("no file paths: Connect Four statistics are not kept");
        world.insert_resource(C4Stats::default());
        return;
    };
    let mut notices = world.remove_resource::<Notices>().unwrap_or_default();
    let stats = match persist::read_ron::<C4Stats>(
        &stats_file(&paths),
        "Connect Four statistics",
        &mut notices,
    ) {
        Loaded::Ok(s) => s,
        _ => C4Stats::default(),
    };
    // An autosave that does not restore is reported now, not when Continue is pressed.
    if has_autosave(&paths) {
        let _ = load_autosave(&paths, &mut notices);
    }
    world.insert_resource(notices);
    world.insert_resource(stats);
}

pub fn autosave_file(paths: &Paths) -> PathBuf {
    paths.data_dir.join("connect4-autosave.ron")
}

pub fn stats_file(paths: &Paths) -> PathBuf {
    paths.data_dir.join("connect4-stats.ron")
}

/// True for a Connect Four record file name (`.c4`, any case).
pub fn is_record(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case(RECORD_EXT))
}

/// The person's results against each level, and games between two people.
#[derive(Resource, Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default)]
pub struct C4Stats {
    /// Keyed by level name ("Casual", "Club", "Perfect").
    pub levels: BTreeMap<String, Tally>,
    pub two_player_games: u32,
}

impl C4Stats {
    pub fn tally(&self, level: Level) -> Tally {
        self.levels
            .get(level_name(level))
            .copied()
            .unwrap_or_default()
    }

    pub fn tally_mut(&mut self, level: Level) -> &mut Tally {
        self.levels
            .entry(level_name(level).to_string())
            .or_default()
    }
}

/// Columns as the notation writes them: one digit per move, 1 = leftmost.
pub fn column_string(columns: &[usize]) -> String {
    columns
        .iter()
        .map(|&c| char::from_digit(c as u32 + 1, 10).unwrap_or('?'))
        .collect()
}

/// The undone moves Redo would replay, in the order it would replay them.
pub fn redo_line(game: &Game) -> Vec<usize> {
    let mut g = game.clone();
    let mut line = Vec::new();
    while let Some(cell) = g.redo() {
        line.push(cell.col);
    }
    line
}

fn side_name(player: Player) -> String {
    player_name(player).to_string()
}

fn side_from_name(name: &str) -> Option<Player> {
    match name {
        "Red" => Some(Player::First),
        "Yellow" => Some(Player::Second),
        _ => None,
    }
}

fn board_size(width: usize, height: usize) -> Result<BoardSize, String> {
    BoardSize::new(width, height).map_err(|e| e.to_string())
}

/// The unfinished game, rewritten after every move.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct C4Autosave {
    pub version: u32,
    /// 0 = a second person, 1..=3 = Casual, Club, Perfect.
    pub opponent: u8,
    /// "Red" or "Yellow": the person's discs against the AI.
    pub human: String,
    pub width: usize,
    pub height: usize,
    /// The moves played, as a column string.
    pub moves: String,
    /// Undone moves Redo can replay, in replay order.
    pub redo: String,
    pub seed: u64,
    pub started: String,
}

pub const AUTOSAVE_VERSION: u32 = 1;

impl C4Autosave {
    pub fn from_game(
        game: &Game,
        level: Option<Level>,
        human: Player,
        seed: u64,
        started: &str,
    ) -> C4Autosave {
        C4Autosave {
            version: AUTOSAVE_VERSION,
            opponent: level.map_or(0, level_number),
            human: side_name(human),
            width: game.width(),
            height: game.height(),
            moves: game.to_move_string(),
            redo: column_string(&redo_line(game)),
            seed,
            started: started.to_string(),
        }
    }

    /// Rebuilds the game with its redo moves; says what is wrong otherwise.
    pub fn to_game(&self) -> Result<(Game, Option<Level>, Player), String> {
        if self.version != AUTOSAVE_VERSION {
            return Err(format!("unknown autosave version {}", self.version));
        }
        let level = match self.opponent {
            0 => None,
            n => Some(level_from_number(n).ok_or_else(|| format!("unknown level {n}"))?),
        };
        let human = side_from_name(&self.human)
            .ok_or_else(|| format!("unknown colour '{}'", self.human))?;
        let size = board_size(self.width, self.height)?;
        // Play the whole line, then take the redo part back so Redo finds it again.
        let line = format!("{}{}", self.moves, self.redo);
        let mut game = Game::from_moves(size, &line).map_err(|e| e.to_string())?;
        for _ in 0..self.redo.chars().count() {
            game.undo();
        }
        if game.is_over() {
            return Err("the saved game is already over".into());
        }
        Ok((game, level, human))
    }
}

pub fn has_autosave(paths: &Paths) -> bool {
    autosave_file(paths).is_file()
}

/// The autosaved game if there is a valid one. An invalid one is moved aside and reported.
pub fn load_autosave(
    paths: &Paths,
    notices: &mut Notices,
) -> Option<(C4Autosave, Game, Option<Level>, Player)> {
    let path = autosave_file(paths);
    match persist::read_ron::<C4Autosave>(&path, "autosaved Connect Four game", notices) {
        Loaded::Ok(save) => match save.to_game() {
            Ok((game, level, human)) => Some((save, game, level, human)),
            Err(reason) => {
                let moved = persist::move_aside(&path);
                notices.push(format!(
                    "The autosaved Connect Four game could not be restored ({reason}).{}",
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

pub fn remove_autosave(paths: &Paths) {
    let path = autosave_file(paths);
    if let Err(e) = fs::remove_file(&path)
        && e.kind() != io::ErrorKind::NotFound
    {
        warn!("could not remove {}: {e}", path.display());
    }
}

/// Whether Continue should offer the Connect Four game rather than the Gomoku one: it exists
/// and is at least as recent.
pub fn prefer_autosave(paths: &Paths) -> bool {
    let modified = |p: PathBuf| fs::metadata(p).and_then(|m| m.modified()).ok();
    let Some(ours) = modified(autosave_file(paths)) else {
        return false;
    };
    modified(paths.autosave_file()).is_none_or(|gomoku| ours >= gomoku)
}

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordResult {
    Win { winner: Player, resignation: bool },
    Draw,
    Unfinished,
}

/// A line for people: "Red won", "Yellow won by resignation", "Draw", "Unfinished".
pub fn result_text(result: RecordResult) -> String {
    match result {
        RecordResult::Win {
            winner,
            resignation: false,
        } => format!("{} won", player_name(winner)),
        RecordResult::Win {
            winner,
            resignation: true,
        } => format!("{} won by resignation", player_name(winner)),
        RecordResult::Draw => "Draw".into(),
        RecordResult::Unfinished => "Unfinished".into(),
    }
}

fn parse_result(text: &str) -> Option<RecordResult> {
    let t = text.trim().to_ascii_lowercase();
    if t == "draw" {
        return Some(RecordResult::Draw);
    }
    if t == "unfinished" {
        return Some(RecordResult::Unfinished);
    }
    let (who, how) = t.split_once(" won")?;
    let winner = match who {
        "red" => Player::First,
        "yellow" => Player::Second,
        _ => return None,
    };
    Some(RecordResult::Win {
        winner,
        resignation: how.contains("resign"),
    })
}

/// A finished (or loaded) Connect Four game.
#[derive(Clone, Debug, PartialEq)]
pub struct C4Record {
    pub size: BoardSize,
    pub red: String,
    pub yellow: String,
    pub date: Option<String>,
    pub result: RecordResult,
    /// 0-based columns.
    pub moves: Vec<usize>,
}

impl C4Record {
    /// The record of `game`; `resigned` is who resigned, if someone did.
    pub fn from_game(
        game: &Game,
        red: &str,
        yellow: &str,
        date: &str,
        resigned: Option<Player>,
    ) -> C4Record {
        let result = match (game.outcome(), resigned) {
            (Outcome::Win { player, .. }, _) => RecordResult::Win {
                winner: player,
                resignation: false,
            },
            (Outcome::Draw, _) => RecordResult::Draw,
            (Outcome::Ongoing, Some(loser)) => RecordResult::Win {
                winner: loser.other(),
                resignation: true,
            },
            (Outcome::Ongoing, None) => RecordResult::Unfinished,
        };
        C4Record {
            size: game.size(),
            red: red.to_string(),
            yellow: yellow.to_string(),
            date: (!date.is_empty()).then(|| date.to_string()),
            result,
            moves: game.moves().to_vec(),
        }
    }

    pub fn to_text(&self) -> String {
        // Values are single lines.
        let clean = |s: &str| s.replace(['\n', '\r'], " ");
        let mut text = format!(
            "{RECORD_MAGIC}\nSize: {}x{}\nRed: {}\nYellow: {}\n",
            self.size.width(),
            self.size.height(),
            clean(&self.red),
            clean(&self.yellow)
        );
        if let Some(date) = &self.date {
            text.push_str(&format!("Date: {}\n", clean(date)));
        }
        text.push_str(&format!(
            "Result: {}\nMoves: {}\n",
            result_text(self.result),
            column_string(&self.moves)
        ));
        text
    }

    /// Reads a record; every move is checked, and a four or a full board decides the result
    /// whatever the `Result` line says.
    pub fn parse(text: &str) -> Result<C4Record, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        if !lines
            .next()
            .is_some_and(|l| l.eq_ignore_ascii_case(RECORD_MAGIC))
        {
            return Err(format!(
                "not a Connect Four record (no '{RECORD_MAGIC}' line)"
            ));
        }
        let mut fields = BTreeMap::new();
        for line in lines {
            if line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(format!("'{line}' is not 'Key: value'"));
            };
            fields.insert(key.trim().to_ascii_lowercase(), value.trim().to_string());
        }
        let size_text = fields.get("size").ok_or("no Size line")?;
        let (w, h) = size_text
            .split_once(['x', 'X', '×'])
            .ok_or_else(|| format!("size '{size_text}' is not like 7x6"))?;
        let parse = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| format!("size '{size_text}' is not like 7x6"))
        };
        let size = board_size(parse(w)?, parse(h)?)?;
        let moves_text: String = fields
            .get("moves")
            .ok_or("no Moves line")?
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let game = Game::from_moves(size, &moves_text).map_err(|e| e.to_string())?;
        let stated = match fields.get("result") {
            Some(r) => Some(parse_result(r).ok_or_else(|| format!("unknown result '{r}'"))?),
            None => None,
        };
        let result = match game.outcome() {
            Outcome::Win { player, .. } => RecordResult::Win {
                winner: player,
                resignation: false,
            },
            Outcome::Draw => RecordResult::Draw,
            // Only a resignation ends a game early.
            Outcome::Ongoing => match stated {
                Some(
                    r @ RecordResult::Win {
                        resignation: true, ..
                    },
                ) => r,
                _ => RecordResult::Unfinished,
            },
        };
        let field = |k: &str| fields.get(k).cloned().unwrap_or_default();
        Ok(C4Record {
            size,
            red: field("red"),
            yellow: field("yellow"),
            date: fields.get("date").cloned(),
            result,
            moves: game.moves().to_vec(),
        })
    }
}

/// Reads a record file (at most [`MAX_RECORD_BYTES`]).
pub fn load_record(path: &Path) -> Result<C4Record, String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err("the file is too large for a Connect Four record".into());
    }
    let text = String::from_utf8(bytes).map_err(|_| "the file is not text".to_string())?;
    C4Record::parse(&text)
}

pub fn save_record(path: &Path, record: &C4Record) -> Result<(), String> {
    records::save_atomic(path, record.to_text().as_bytes())
}

/// One line for the Load game list.
pub fn summary(path: &Path) -> String {
    match load_record(path) {
        Ok(r) => format!(
            "Connect Four {} × {} · {} vs {} · {} · {} moves",
            r.size.width(),
            r.size.height(),
            if r.red.is_empty() { "Red" } else { &r.red },
            if r.yellow.is_empty() {
                "Yellow"
            } else {
                &r.yellow
            },
            result_text(r.result),
            r.moves.len()
        ),
        Err(e) => format!("Unreadable: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> Game {
        Game::from_moves(BoardSize::STANDARD, moves).unwrap()
    }

    #[test]
    fn record_round_trip() {
        let g = game("4455667");
        assert!(g.is_over());
        let rec = C4Record::from_game(&g, "Player", "Connect Four AI (Club)", "2026-05-01", None);
        let text = rec.to_text();
        assert!(text.contains("Moves: 4455667"), "{text}");
        assert!(text.contains("Result: Red won"), "{text}");
        let back = C4Record::parse(&text).unwrap();
        assert_eq!(back, rec);
    }

    #[test]
    fn resignation_is_kept_and_fours_win_over_the_result_line() {
        let rec = C4Record::from_game(&game("44"), "", "", "", Some(Player::First));
        let back = C4Record::parse(&rec.to_text()).unwrap();
        assert_eq!(
            back.result,
            RecordResult::Win {
                winner: Player::Second,
                resignation: true
            }
        );
        let lying = "Connect Four\nSize: 7x6\nResult: Yellow won\nMoves: 4455667\n";
        assert_eq!(
            C4Record::parse(lying).unwrap().result,
            RecordResult::Win {
                winner: Player::First,
                resignation: false
            }
        );
    }

    #[test]
    fn bad_records_are_errors_not_panics() {
        for text in [
            "",
            "Gomoku\nSize: 7x6\nMoves: 4",
            "Connect Four\nMoves: 4",
            "Connect Four\nSize: 7\nMoves: 4",
            "Connect Four\nSize: 70x6\nMoves: 4",
            "Connect Four\nSize: 7x6\nMoves: 8",
            "Connect Four\nSize: 7x6\nMoves: 4a",
            "Connect Four\nSize: 7x6\nMoves: 1111111",
            "Connect Four\nSize: 7x6\nMoves: 44556677",
            "Connect Four\nSize: 7x6\nResult: nobody\nMoves: 4",
            "Connect Four\nSize: 7x6\njunk\nMoves: 4",
        ] {
            assert!(C4Record::parse(text).is_err(), "{text:?} was accepted");
        }
    }

    #[test]
    fn autosave_round_trip_keeps_redo() {
        let mut g = Game::from_moves(BoardSize::SEVEN_BY_SEVEN, "4433").unwrap();
        g.undo();
        g.undo();
        let save = C4Autosave::from_game(&g, Some(Level::Perfect), Player::Second, 7, "2026-01-01");
        assert_eq!((save.moves.as_str(), save.redo.as_str()), ("44", "33"));
        let text = ron::ser::to_string(&save).unwrap();
        let back: C4Autosave = ron::from_str(&text).unwrap();
        let (restored, level, human) = back.to_game().unwrap();
        assert_eq!(restored, g);
        assert_eq!((level, human), (Some(Level::Perfect), Player::Second));
    }

    #[test]
    fn bad_autosave_is_an_error_not_a_panic() {
        let good = C4Autosave::from_game(&game("44"), None, Player::First, 1, "");
        let mut bad = good.clone();
        bad.moves = "48".into();
        assert!(bad.to_game().is_err());
        let mut bad = good.clone();
        bad.width = 0;
        assert!(bad.to_game().is_err());
        let mut bad = good.clone();
        bad.human = "Blue".into();
        assert!(bad.to_game().is_err());
        let mut bad = good.clone();
        bad.opponent = 9;
        assert!(bad.to_game().is_err());
        let mut bad = good;
        bad.moves = "4455667".into();
        assert!(bad.to_game().is_err(), "a finished game is not continued");
    }
}
