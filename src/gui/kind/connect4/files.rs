//! Connect Four's files (the
//! autosave `data/connect4-autosave.ron`, the statistics `data/connect4-stats.ron`, records
//! `data/games/*.c4` in the format of `engine::connect4::record`).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{CONNECT4, col, kind};
use crate::engine::connect4::record::{self, RecordResult, column_string, redo_line};
use crate::engine::connect4::{BoardSize, Game, Level, Player, Record};
use crate::gui::kind::files::{Recorded, Saved};
use crate::gui::kind::{AnyGame, GameDef, LevelTallies, RecordEnd, Side};
use crate::gui::msg::Msg;
use crate::gui::persist::Tally;

/// Wins, losses and draws per level, keyed by the level's name.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(default)]
pub struct C4Stats {
    pub levels: BTreeMap<String, Tally>,
    pub two_player_games: u32,
}

impl C4Stats {
    /// By level number, as the app counts; names of no level are dropped.
    pub fn tallies(&self) -> LevelTallies {
        LevelTallies {
            levels: Level::ALL
                .into_iter()
                .filter_map(|l| Some((l.number(), *self.levels.get(l.name())?)))
                .collect(),
            two_player_games: self.two_player_games,
        }
    }

    pub fn from_tallies(t: &LevelTallies) -> C4Stats {
        C4Stats {
            levels: t
                .levels
                .iter()
                .filter_map(|(&n, &tally)| Some((Level::from_number(n)?.name().to_string(), tally)))
                .collect(),
            two_player_games: t.two_player_games,
        }
    }
}

/// The unfinished game. Moves and the redo line are column strings ("4453"), the next move
/// to redo first.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct C4Autosave {
    pub version: u32,
    /// 0 = a second person, 1..=3 = Casual, Club, Perfect.
    pub opponent: u8,
    /// "Red" or "Yellow": the person's side against the AI.
    pub human: String,
    pub width: usize,
    pub height: usize,
    pub moves: String,
    pub redo: String,
    pub seed: u64,
    pub started: String,
}

pub const AUTOSAVE_VERSION: u32 = 1;

impl C4Autosave {
    pub fn new(game: &Game, saved: &Saved) -> C4Autosave {
        C4Autosave {
            version: AUTOSAVE_VERSION,
            opponent: saved.opponent_number(),
            // The colour's English name: a file format, the same in every language.
            human: CONNECT4.side_name(saved.human).english(),
            width: game.width(),
            height: game.height(),
            moves: game.to_move_string(),
            redo: column_string(&redo_line(game)),
            seed: saved.seed,
            started: saved.started.clone(),
        }
    }

    /// Rebuilds the game with its redo line; says what is wrong otherwise.
    pub fn restore(&self) -> Result<Saved, Msg> {
        if self.version != AUTOSAVE_VERSION {
            return Err(Msg::key("autosave-bad-version").with("version", self.version));
        }
        let level = Saved::level_of(kind(), self.opponent)?;
        // The engine explains a bad size or move (in English).
        let engine = |e: String| Msg::verbatim(e);
        let size = BoardSize::new(self.width, self.height).map_err(|e| engine(e.to_string()))?;
        let line = format!("{}{}", self.moves, self.redo);
        let game = Game::from_moves(size, &line).map_err(|e| engine(e.to_string()))?;
        Saved::checked(
            AnyGame::new(game),
            self.redo.chars().count(),
            level,
            &self.human,
            self.seed,
            &self.started,
        )
    }
}

/// The record of a finished game, in the engine's `.c4` format.
pub fn record(game: &Game, names: &[String; 2], date: &str, end: &RecordEnd) -> Record {
    let record = Record::from_game(game, &names[0], &names[1], date, end.resigned);
    match end.lost_on_time {
        Some(loser) => record.lost_on_time(loser),
        None => record,
    }
}

/// A record file as the replay shows it.
pub fn open(path: &Path) -> Result<Recorded, Msg> {
    let r = record::load_record(path)?;
    let names = [r.red.clone(), r.yellow.clone()];
    Ok(Recorded {
        start: AnyGame::new(Game::new(r.size)),
        moves: r
            .moves
            .iter()
            .enumerate()
            .map(|(i, &c)| (Side::of_ply(i), col(c)))
            .collect(),
        names,
        result: result_text(r.result),
        times: Vec::new(),
        opening: None,
    })
}

/// One line for the Load game list.
pub fn summary(path: &Path) -> Result<Msg, Msg> {
    let r = record::load_record(path)?;
    Ok(Msg::key("summary-connect4")
        .with("width", r.size.width())
        .with("height", r.size.height())
        .with(
            "players",
            crate::gui::kind::files::players(&[r.red, r.yellow], kind()),
        )
        .with("result", result_text(r.result))
        .with("moves", r.moves.len()))
}

/// A record's result for people ("Red won by resignation").
pub fn result_text(result: RecordResult) -> Msg {
    let won = |winner: Player, how: &str| {
        Msg::key("record-result-won")
            .with("winner", CONNECT4.side_name(winner))
            .with("how", Msg::verbatim(how))
    };
    match result {
        RecordResult::Win {
            winner,
            resignation,
        } => won(winner, if resignation { "resignation" } else { "won" }),
        RecordResult::WinOnTime { winner } => won(winner, "time"),
        RecordResult::Draw => Msg::key("record-result-draw"),
        RecordResult::Unfinished => Msg::key("record-result-unfinished"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kind::connect4::any_level;
    use crate::gui::kind::files::assert_same;

    fn saved(game: Game, level: Option<Level>, human: Side) -> Saved {
        Saved {
            game: AnyGame::new(game),
            level: level.map(any_level),
            human,
            seed: 7,
            started: "2026-01-01".into(),
        }
    }

    #[test]
    fn levels_round_trip() {
        for level in Level::ALL {
            assert_eq!(Level::from_number(level.number()), Some(level));
        }
        assert_eq!(Level::from_number(0), None);
        assert_eq!(Level::from_number(4), None);
    }

    #[test]
    fn autosave_round_trip_keeps_redo() {
        let mut g = Game::from_moves(BoardSize::SEVEN_BY_SEVEN, "4433").unwrap();
        g.undo();
        g.undo();
        let s = saved(g.clone(), Some(Level::Perfect), Side::Second);
        let save = C4Autosave::new(&g, &s);
        assert_eq!((save.moves.as_str(), save.redo.as_str()), ("44", "33"));
        let text = ron::ser::to_string(&save).unwrap();
        let back: C4Autosave = ron::from_str(&text).unwrap();
        assert_same(&back.restore().unwrap(), &s);
    }

    #[test]
    fn bad_autosave_is_an_error_not_a_panic() {
        let g = Game::from_moves(BoardSize::STANDARD, "44").unwrap();
        let good = C4Autosave::new(&g, &saved(g.clone(), None, Side::First));
        let mut bad = good.clone();
        bad.moves = "48".into();
        assert!(bad.restore().is_err());
        let mut bad = good.clone();
        bad.width = 0;
        assert!(bad.restore().is_err());
        let mut bad = good.clone();
        bad.human = "Blue".into();
        assert!(bad.restore().is_err());
        let mut bad = good.clone();
        bad.opponent = 9;
        assert!(bad.restore().is_err());
        let mut bad = good;
        bad.moves = "4455667".into();
        assert!(bad.restore().is_err(), "a finished game is not continued");
    }
}
