//! Game records as the GUI uses them, on top of `engine::record` (SGF and PSQ reading and
//! writing, atomic saves): finished games are written as SGF, any record file can be replayed.

use std::path::Path;

use crate::engine::record::{self, Format};
pub use crate::engine::record::{GameRecord, RecordResult, WinBy, load};
use crate::engine::{Game, Stone};

/// The record of a finished `game`, with the date and, for a resignation, the result.
pub fn finished_record(
    game: &Game,
    black: &str,
    white: &str,
    date: &str,
    resigned: Option<Stone>,
) -> GameRecord {
    let mut record = GameRecord::from_game(game, black, white);
    if !date.is_empty() {
        record.date = Some(date.to_string());
    }
    if let Some(loser) = resigned {
        record.result = Some(RecordResult::Win {
            winner: loser.opponent(),
            by: WinBy::Resignation,
        });
    }
    record
}

pub fn save_sgf(path: &Path, record: &GameRecord) -> Result<(), String> {
    make_parent(path)?;
    record::save(path, record, Format::Sgf).map_err(|e| e.to_string())
}

/// `engine::record::save_atomic`, creating the folder first (a first start has none).
pub fn save_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    make_parent(path)?;
    record::save_atomic(path, bytes).map_err(|e| e.to_string())
}

fn make_parent(path: &Path) -> Result<(), String> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display())),
        _ => Ok(()),
    }
}

/// A line for people: "Black won", "White won by resignation", "Draw", "Unfinished".
pub fn result_text(result: Option<RecordResult>) -> String {
    match result {
        None | Some(RecordResult::Void) => "Unfinished".into(),
        Some(RecordResult::Unknown) => "Result unknown".into(),
        Some(RecordResult::Draw) => "Draw".into(),
        Some(RecordResult::Win { winner, by }) => match by {
            WinBy::Unspecified => format!("{winner} won"),
            WinBy::Resignation => format!("{winner} won by resignation"),
            WinBy::Time => format!("{winner} won on time"),
            WinBy::Forfeit => format!("{winner} won by forfeit"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Pos, Rule};

    #[test]
    fn finished_game_round_trips_through_sgf() {
        let mut game = Game::new(15, Rule::Freestyle).unwrap();
        for p in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
            game.play(Pos::from_human(p, 15).unwrap()).unwrap();
        }
        let dir = std::env::temp_dir().join(format!("gomoku-rec-{}", std::process::id()));
        let path = dir.join("g.sgf");
        let rec = finished_record(&game, "Player", "Gomoku AI (Club)", "2024-05-01", None);
        save_sgf(&path, &rec).unwrap();
        let back = load(&path).unwrap();
        assert_eq!(back.moves.len(), 9);
        assert_eq!(result_text(back.result), "Black won");
        assert_eq!(back.white, "Gomoku AI (Club)");
        let resigned = finished_record(&game, "", "", "", Some(Stone::White));
        assert_eq!(result_text(resigned.result), "Black won by resignation");
        let _ = std::fs::remove_dir_all(dir);
    }
}
