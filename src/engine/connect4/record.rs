//! Connect Four game records: a small text file, one `Key: value` a line, the moves as a
//! column string (1 = leftmost), the notation of the engine and of `connect4-solve`:
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
//!
//! Reading checks every move with the rules and refuses what it cannot read with a message
//! that says why; a four on the board wins over what the Result line claims.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::{BoardSize, Game, Outcome, Player};

/// File extension of the records.
pub const RECORD_EXT: &str = "c4";
const RECORD_MAGIC: &str = "Connect Four";
/// Records are tiny; anything larger is not one (and is not read into memory whole).
const MAX_RECORD_BYTES: u64 = 64 * 1024;

/// The colour a player's discs have: the first player is Red.
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "Red",
        Player::Second => "Yellow",
    }
}

/// Columns as the notation writes them: one digit per move, 1 = leftmost.
pub fn column_string(columns: &[usize]) -> String {
    columns
        .iter()
        .map(|&c| char::from_digit(c as u32 + 1, 10).unwrap_or('?'))
        .collect()
}

fn board_size(width: usize, height: usize) -> Result<BoardSize, String> {
    BoardSize::new(width, height).map_err(|e| e.to_string())
}

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordResult {
    Win {
        winner: Player,
        resignation: bool,
    },
    /// The loser's game clock ran out.
    WinOnTime {
        winner: Player,
    },
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
        RecordResult::WinOnTime { winner } => format!("{} won on time", player_name(winner)),
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
    if how.contains("time") {
        return Some(RecordResult::WinOnTime { winner });
    }
    Some(RecordResult::Win {
        winner,
        resignation: how.contains("resign"),
    })
}

/// A finished (or loaded) Connect Four game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub size: BoardSize,
    pub red: String,
    pub yellow: String,
    pub date: Option<String>,
    pub result: RecordResult,
    /// 0-based columns.
    pub moves: Vec<usize>,
}

impl Record {
    /// The record of `game`; `resigned` is who resigned, if someone did.
    /// An unfinished game's result becomes a loss on time of `loser`.
    pub fn lost_on_time(mut self, loser: Player) -> Record {
        if self.result == RecordResult::Unfinished {
            self.result = RecordResult::WinOnTime {
                winner: loser.other(),
            };
        }
        self
    }

    pub fn from_game(
        game: &Game,
        red: &str,
        yellow: &str,
        date: &str,
        resigned: Option<Player>,
    ) -> Record {
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
        Record {
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
    pub fn parse(text: &str) -> Result<Record, String> {
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
            // Only a resignation or a fallen flag ends a game early.
            Outcome::Ongoing => match stated {
                Some(
                    r @ (RecordResult::Win {
                        resignation: true, ..
                    }
                    | RecordResult::WinOnTime { .. }),
                ) => r,
                _ => RecordResult::Unfinished,
            },
        };
        let field = |k: &str| fields.get(k).cloned().unwrap_or_default();
        Ok(Record {
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
pub fn load_record(path: &Path) -> Result<Record, String> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err("the file is too large for a Connect Four record".into());
    }
    let text = String::from_utf8(bytes).map_err(|_| "the file is not text".to_string())?;
    Record::parse(&text)
}

/// The moves Redo would replay, next one first.
pub fn redo_line(game: &Game) -> Vec<usize> {
    let mut g = game.clone();
    let mut line = Vec::new();
    while let Some(cell) = g.redo() {
        line.push(cell.col);
    }
    line
}

/// Moves of the winner until its four, for a solver `score` (its absolute value) of a
/// position with `moves_played` discs on a board of `cells`: the side to move's when
/// `to_move_wins`, else its opponent's. `None` for a score no game can have.
///
/// A win by the move played with `n` discs on the board scores `(cells + 1 - n) / 2`, so
/// `n` is one of two values; the one with the winner's parity is its move.
pub fn moves_to_end(
    score: i32,
    cells: usize,
    moves_played: usize,
    to_move_wins: bool,
) -> Option<u32> {
    let parity = if to_move_wins {
        moves_played
    } else {
        moves_played + 1
    };
    let a = (cells + 1).checked_sub(2 * score.unsigned_abs() as usize)?;
    let n = if a % 2 == parity % 2 {
        a
    } else {
        a.checked_sub(1)?
    };
    let first = if to_move_wins {
        moves_played
    } else {
        moves_played + 1
    };
    (n >= first).then(|| ((n - first) / 2 + 1) as u32)
}

/// Describes a solver score (side to move, `moves_played` discs on the board) in moves of
/// that side: "win in 3", "loss in 5", "draw".
pub fn describe_score(score: i32, cells: usize, moves_played: usize) -> String {
    match score {
        0 => "draw".into(),
        s if s > 0 => moves_to_end(s, cells, moves_played, true)
            .map_or_else(|| "win".into(), |n| format!("win in {n}")),
        s => moves_to_end(s, cells, moves_played, false)
            .map_or_else(|| "loss".into(), |n| format!("loss in {n}")),
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
        let rec = Record::from_game(&g, "Player", "Connect Four AI (Club)", "2026-05-01", None);
        let text = rec.to_text();
        assert!(text.contains("Moves: 4455667"), "{text}");
        assert!(text.contains("Result: Red won"), "{text}");
        let back = Record::parse(&text).unwrap();
        assert_eq!(back, rec);
    }

    #[test]
    fn resignation_is_kept_and_fours_win_over_the_result_line() {
        let rec = Record::from_game(&game("44"), "", "", "", Some(Player::First));
        let back = Record::parse(&rec.to_text()).unwrap();
        assert_eq!(
            back.result,
            RecordResult::Win {
                winner: Player::Second,
                resignation: true
            }
        );
        let lying = "Connect Four\nSize: 7x6\nResult: Yellow won\nMoves: 4455667\n";
        assert_eq!(
            Record::parse(lying).unwrap().result,
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
            assert!(Record::parse(text).is_err(), "{text:?} was accepted");
        }
    }

    #[test]
    fn scores_read_as_moves() {
        // Winning with the next disc on an empty 7x6 board scores (42 + 1 - 0) / 2 = 21.
        assert_eq!(describe_score(21, 42, 0), "win in 1");
        // After 10 stones, a win with the side's 3rd disc from now: n = 14, (43 - 14) / 2 = 14.
        assert_eq!(describe_score(14, 42, 10), "win in 3");
        // The opponent (moving at odd counts from 10) wins at n = 13: (43 - 13) / 2 = 15.
        assert_eq!(describe_score(-15, 42, 10), "loss in 2");
        assert_eq!(describe_score(0, 42, 10), "draw");
        // Nonsense scores do not panic.
        assert_eq!(describe_score(99, 42, 10), "win");
        assert_eq!(describe_score(-99, 42, 10), "loss");
    }
}
