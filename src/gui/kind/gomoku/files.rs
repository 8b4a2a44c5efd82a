//! Gomoku's files (the autosave `data/autosave.ron`, the
//! statistics `data/stats.ron`, finished games as SGF in `data/games/`, and any SGF or PSQ
//! record to replay) on top of `engine::record`.

use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{GOMOKU, kind, point, side};
use crate::engine::gomoku::{Game, Pos, Rule};
use crate::engine::record::{self, Format, GameRecord, RecordResult, WinBy};
use crate::gui::kind::files::{Recorded, Saved};
use crate::gui::kind::{AnyGame, GameDef, RecordEnd};
use crate::gui::msg::Msg;
use crate::gui::persist;

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
    pub fn new(game: &Game, saved: &Saved) -> Autosave {
        let size = game.size();
        let human = |moves: &[crate::engine::gomoku::game::Move]| {
            moves.iter().map(|m| m.pos.to_human(size)).collect()
        };
        Autosave {
            version: AUTOSAVE_VERSION,
            opponent: saved.opponent_number(),
            // The colour's English name: a file format, the same in every language.
            human: GOMOKU.side_name(saved.human).english(),
            rule: game.rule().name().to_string(),
            size,
            moves: human(game.history()),
            redo: human(game.redo_stack()),
            seed: saved.seed,
            started: saved.started.clone(),
        }
    }

    /// Rebuilds the game with its redo stack; says what is wrong otherwise.
    pub fn restore(&self) -> Result<Saved, Msg> {
        if self.version != AUTOSAVE_VERSION {
            return Err(Msg::key("autosave-bad-version").with("version", self.version));
        }
        let rule = Rule::from_name(&self.rule)
            .ok_or_else(|| Msg::key("autosave-bad-rule").with("rule", self.rule.clone()))?;
        let level = Saved::level_of(kind(), self.opponent)?;
        // The engine's parser and rules explain bad moves (in English).
        let parse = |text: &String| {
            Pos::from_human(text, self.size).map_err(|e| Msg::verbatim(e.to_string()))
        };
        let mut line = self
            .moves
            .iter()
            .map(parse)
            .collect::<Result<Vec<_>, _>>()?;
        let redo = self.redo.iter().map(parse).collect::<Result<Vec<_>, _>>()?;
        // The redo stack's last entry is the next move: play the whole line, then undo.
        line.extend(redo.iter().rev());
        let game =
            Game::from_moves(self.size, rule, &line).map_err(|e| Msg::verbatim(e.to_string()))?;
        Saved::checked(
            AnyGame::new(game),
            redo.len(),
            level,
            &self.human,
            self.seed,
            &self.started,
        )
    }
}

/// The record of a finished `game`, with the date and, for a resignation, the result.
pub fn record(game: &Game, names: &[String; 2], date: &str, end: &RecordEnd) -> GameRecord {
    let mut record = GameRecord::from_game(game, &names[0], &names[1]);
    if !date.is_empty() {
        record.date = Some(date.to_string());
    }
    if let Some(c) = &end.comment {
        record.comment = Some(c.clone());
    }
    let early = match (end.forfeited, end.resigned, end.lost_on_time) {
        (Some(loser), _, _) => Some((loser, WinBy::Forfeit)),
        (None, Some(loser), _) => Some((loser, WinBy::Resignation)),
        (None, None, Some(loser)) => Some((loser, WinBy::Time)),
        (None, None, None) => None,
    };
    if let Some((loser, by)) = early {
        record.result = Some(RecordResult::Win {
            winner: super::stone(loser.other()),
            by,
        });
    }
    let ms = |d: std::time::Duration| u32::try_from(d.as_millis()).unwrap_or(u32::MAX);
    for (m, &(spent, left)) in record.moves.iter_mut().zip(&end.times) {
        m.time_ms = Some(ms(spent));
        m.time_left_ms = Some(ms(left));
    }
    record
}

pub fn save_sgf(path: &Path, record: &GameRecord) -> Result<(), String> {
    persist::make_parent(path)?;
    record::save(path, record, Format::Sgf).map_err(|e| e.to_string())
}

/// A line for people: "Black won", "White won by resignation", "Draw", "Unfinished".
pub fn result_text(result: Option<RecordResult>) -> Msg {
    match result {
        None | Some(RecordResult::Void) => Msg::key("record-result-unfinished"),
        Some(RecordResult::Unknown) => Msg::key("record-result-unknown"),
        Some(RecordResult::Draw) => Msg::key("record-result-draw"),
        Some(RecordResult::Win { winner, by }) => {
            let how = match by {
                WinBy::Unspecified => "won",
                WinBy::Resignation => "resignation",
                WinBy::Time => "time",
                WinBy::Forfeit => "forfeit",
            };
            Msg::key("record-result-won")
                .with("winner", GOMOKU.side_name(super::side(winner)))
                .with("how", Msg::verbatim(how))
        }
    }
}

/// An SGF or PSQ file as the replay shows it. Set-up stones (records of other programs) are
/// on the board before the first move; moves keep their recorded colours.
pub fn open(path: &Path) -> Result<Recorded, String> {
    let r = record::load(path).map_err(|e| e.to_string())?;
    let mut start = Game::new(r.size, r.rule).map_err(|e| e.to_string())?;
    for &(pos, stone) in &r.setup {
        start.place(pos, stone).map_err(|e| e.to_string())?;
    }
    Ok(Recorded {
        start: AnyGame::new(start),
        moves: r
            .moves
            .iter()
            .map(|m| (side(m.stone), point(m.pos)))
            .collect(),
        names: [r.black.clone(), r.white.clone()],
        result: result_text(r.result),
        opening: r
            .comment
            .as_deref()
            .and_then(|c| super::opening::from_comment(c, r.size, r.rule))
            .map(|o| Box::new(o) as Box<dyn crate::gui::kind::OpeningPhase>),
        times: r
            .moves
            .iter()
            .map(|m| {
                let ms = |t: Option<u32>| t.map(|t| Duration::from_millis(t as u64));
                (ms(m.time_ms), ms(m.time_left_ms))
            })
            .collect(),
    })
}

/// One line for the Load game list.
pub fn summary(path: &Path) -> Result<Msg, Msg> {
    let r = record::load(path).map_err(|e| Msg::verbatim(e.to_string()))?;
    Ok(Msg::key("summary-gomoku")
        .with("size", r.size)
        .with("rule", super::rule_title(r.rule))
        .with(
            "players",
            crate::gui::kind::files::players(&[r.black, r.white], kind()),
        )
        .with("result", result_text(r.result))
        .with("moves", r.moves.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::Stone;
    use crate::engine::gomoku::ai::Level;
    use crate::gui::kind::Side;
    use crate::gui::kind::files::assert_same;
    use crate::gui::kind::gomoku::{any_level, stone};

    fn p(s: &str) -> Pos {
        Pos::from_human(s, 15).unwrap()
    }

    #[test]
    fn finished_game_round_trips_through_sgf() {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
            game.play(p(m)).unwrap();
        }
        let dir = std::env::temp_dir().join(format!("gomoku-rec-{}", std::process::id()));
        let path = dir.join("g.sgf");
        let names = ["Player".to_string(), "Gomoku AI (Club)".to_string()];
        save_sgf(
            &path,
            &record(&game, &names, "2024-05-01", &RecordEnd::default()),
        )
        .unwrap();
        let back = open(&path).unwrap();
        assert_eq!(back.moves.len(), 9);
        assert_eq!(back.result.english(), "Black won");
        assert_eq!(back.names[1], "Gomoku AI (Club)");
        let none = [String::new(), String::new()];
        let resigned = record(
            &game,
            &none,
            "",
            &RecordEnd {
                resigned: Some(Side::Second),
                ..RecordEnd::default()
            },
        );
        assert_eq!(
            result_text(resigned.result).english(),
            "Black won by resignation"
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn autosave_round_trip_keeps_redo() {
        let mut game = Game::new(15, Rule::Renju).unwrap();
        for m in ["h8", "h9", "i8", "j9"] {
            game.play(p(m)).unwrap();
        }
        game.undo();
        game.undo();
        let saved = Saved {
            game: AnyGame::new(game.clone()),
            level: Some(any_level(Level::Expert)),
            human: Side::Second,
            seed: 7,
            started: "2024-01-01".into(),
        };
        let text = ron::ser::to_string(&Autosave::new(&game, &saved)).unwrap();
        let back: Autosave = ron::from_str(&text).unwrap();
        assert_same(&back.restore().unwrap(), &saved);
        assert_eq!(stone(Side::Second), Stone::White);
    }

    #[test]
    fn bad_autosave_is_an_error_not_a_panic() {
        let game = Game::new(15, Rule::Freestyle).unwrap();
        let saved = Saved {
            game: AnyGame::new(game.clone()),
            level: None,
            human: Side::First,
            seed: 1,
            started: String::new(),
        };
        let mut save = Autosave::new(&game, &saved);
        save.moves = vec!["h8".into(), "h8".into()];
        assert!(save.restore().is_err());
        save.moves = vec!["zz99".into()];
        assert!(save.restore().is_err());
        save.moves.clear();
        save.rule = "chess".into();
        assert!(save.restore().is_err());
    }
}
