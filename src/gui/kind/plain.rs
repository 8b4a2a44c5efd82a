//! A game's files as a capability, [`GameFiles`], and the files of a game that needs nothing
//! special: its defaults. The autosave, the statistics and the record are RON files, moves
//! kept as the app's move codes, so a new game has working files without writing any. Gomoku
//! (SGF, PSQ) and Connect Four (`.c4`) keep their own formats and older names by
//! implementing the capability ([`GameDef::files`]).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{AnyGame, GameDef, GameKind, LevelTallies, Move, Options, RecordEnd, Side, Standing};
use super::{Recorded, Saved};
use crate::gui::msg::Msg;
use crate::gui::persist::{self, Loaded, Notices};

/// A game's own file names and formats, an optional capability ([`GameDef::files`]). Each
/// method has the plain RON file as its default, so a game overrides only what it keeps in
/// its own way; a game without the capability gets [`PlainFiles`].
pub trait GameFiles: Send + Sync {
    /// The game these are the files of.
    fn kind(&self) -> GameKind;
    /// File names under the data folder.
    fn autosave_name(&self) -> String {
        format!("{}-autosave.ron", self.kind().id())
    }
    fn stats_name(&self) -> String {
        format!("{}-stats.ron", self.kind().id())
    }
    /// The unfinished game in `path`: `None` when missing or unreadable (then reported in
    /// `notices` and moved aside), else whether it restores.
    fn load_autosave(&self, path: &Path, notices: &mut Notices) -> Option<Result<Saved, Msg>> {
        load_autosave(self.kind().def(), path, notices)
    }
    fn write_autosave(&self, path: &Path, saved: &Saved) -> Result<(), String> {
        write_autosave(path, saved)
    }
    fn load_stats(&self, path: &Path, notices: &mut Notices) -> LevelTallies {
        load_stats(path, notices)
    }
    fn write_stats(&self, path: &Path, stats: &LevelTallies) -> Result<(), String> {
        persist::write_ron(path, stats)
    }
    /// Record file extensions this game opens; the first is the one it writes.
    fn record_extensions(&self) -> Vec<String> {
        vec![self.kind().id().to_string()]
    }
    /// Put before the person's name in a saved record's file name ("connect4-").
    fn record_prefix(&self) -> &'static str {
        ""
    }
    /// Writes a finished game's record.
    fn save_record(
        &self,
        path: &Path,
        game: &AnyGame,
        names: &[String; 2],
        date: &str,
        end: &RecordEnd,
    ) -> Result<(), String> {
        save_record(path, game, names, date, end)
    }
    /// A record to replay; the error says why not (the engine's parser speaks English).
    fn open_record(&self, path: &Path) -> Result<Recorded, Msg> {
        open_record(self.kind().def(), path)
    }
    /// One line for the Load game list.
    fn record_summary(&self, path: &Path) -> Result<Msg, Msg> {
        record_summary(self.kind().def(), path)
    }
}

/// The files of a game without its own ([`GameFiles`]'s defaults).
pub struct PlainFiles(pub GameKind);

impl GameFiles for PlainFiles {
    fn kind(&self) -> GameKind {
        self.0
    }
}

/// A game's files: its own or the plain ones ([`GameKind::files`]).
pub enum Files {
    Own(&'static dyn GameFiles),
    Plain(PlainFiles),
}

impl std::ops::Deref for Files {
    type Target = dyn GameFiles;
    fn deref(&self) -> &(dyn GameFiles + 'static) {
        match self {
            Files::Own(own) => *own,
            Files::Plain(plain) => plain,
        }
    }
}

/// The unfinished game: the setup options it began from, its moves and redo line.
#[derive(Serialize, Deserialize)]
struct Autosave {
    game: String,
    options: Options,
    /// 0: a second person, else the level's number.
    opponent: u8,
    /// The person's side by its English name.
    human: String,
    moves: Vec<u32>,
    /// Moves Redo replays, the next one first.
    redo: Vec<u32>,
    seed: u64,
    started: String,
}

/// A finished game.
#[derive(Serialize, Deserialize)]
struct Record {
    game: String,
    options: Options,
    first: String,
    second: String,
    date: String,
    moves: Vec<u32>,
    /// Who resigned or ran out of time ("first", "second"), when one did.
    resigned: Option<String>,
    lost_on_time: Option<String>,
}

fn side_word(side: Side) -> String {
    match side {
        Side::First => "first".into(),
        Side::Second => "second".into(),
    }
}

/// What is wrong in a file, in English as the engine's file errors are.
#[derive(Debug, thiserror::Error)]
enum FileError {
    #[error("'{0}' is no side (first or second)")]
    Side(String),
    #[error("move {index} ({code}): {why}")]
    Move {
        index: usize,
        code: u32,
        why: String,
    },
    #[error("a file of '{0}'")]
    OtherGame(String),
}

impl From<FileError> for Msg {
    fn from(e: FileError) -> Msg {
        Msg::verbatim(e.to_string())
    }
}

fn side_of(word: &str) -> Result<Side, Msg> {
    match word {
        "first" => Ok(Side::First),
        "second" => Ok(Side::Second),
        _ => Err(FileError::Side(word.into()).into()),
    }
}

/// The game from its options and moves, every move checked by its rules.
fn replay(def: &(impl GameDef + ?Sized), options: &Options, moves: &[u32]) -> Result<AnyGame, Msg> {
    let mut game = def.new_game(options);
    for (i, &code) in moves.iter().enumerate() {
        game.play(Move(code)).map_err(|why| FileError::Move {
            index: i + 1,
            code,
            why: why.english(),
        })?;
    }
    Ok(game)
}

fn load_autosave(
    def: &(impl GameDef + ?Sized),
    path: &Path,
    notices: &mut Notices,
) -> Option<Result<Saved, Msg>> {
    let Loaded::Ok(save) = persist::read_ron::<Autosave>(path, Msg::key("file-autosave"), notices)
    else {
        return None;
    };
    Some((|| {
        if save.game != def.id() {
            return Err(FileError::OtherGame(save.game).into());
        }
        let mut all = save.moves.clone();
        all.extend(&save.redo);
        let game = replay(def, &save.options, &all)?;
        let level = Saved::level_of(game.kind(), save.opponent)?;
        let redo = save.redo.len();
        Saved::checked(game, redo, level, &save.human, save.seed, &save.started)
    })())
}

fn write_autosave(path: &Path, saved: &Saved) -> Result<(), String> {
    let game = &saved.game;
    let mut ahead = game.clone();
    while ahead.redo() {}
    let redo = ahead.moves()[game.ply()..].iter().map(|m| m.0).collect();
    let save = Autosave {
        game: game.kind().id().into(),
        options: game.options(),
        opponent: saved.opponent_number(),
        human: game.side_name(saved.human).english(),
        moves: game.moves().iter().map(|m| m.0).collect(),
        redo,
        seed: saved.seed,
        started: saved.started.clone(),
    };
    persist::write_ron(path, &save)
}

fn load_stats(path: &Path, notices: &mut Notices) -> LevelTallies {
    match persist::read_ron(path, Msg::key("file-statistics"), notices) {
        Loaded::Ok(s) => s,
        _ => LevelTallies::default(),
    }
}

fn save_record(
    path: &Path,
    game: &AnyGame,
    names: &[String; 2],
    date: &str,
    end: &RecordEnd,
) -> Result<(), String> {
    let record = Record {
        game: game.kind().id().into(),
        options: game.options(),
        first: names[0].clone(),
        second: names[1].clone(),
        date: date.into(),
        moves: game.moves().iter().map(|m| m.0).collect(),
        resigned: end.resigned.map(side_word),
        lost_on_time: end.lost_on_time.map(side_word),
    };
    persist::write_ron(path, &record)
}

fn read_record(def: &(impl GameDef + ?Sized), path: &Path) -> Result<(Record, AnyGame), Msg> {
    let text = std::fs::read_to_string(path).map_err(|e| Msg::verbatim(e.to_string()))?;
    let record: Record = ron::from_str(&text).map_err(|e| Msg::verbatim(e.to_string()))?;
    if record.game != def.id() {
        return Err(FileError::OtherGame(record.game).into());
    }
    let game = replay(def, &record.options, &record.moves)?;
    Ok((record, game))
}

/// "Black won by resignation", from the record's end and the final position.
fn result(def: &(impl GameDef + ?Sized), record: &Record, game: &AnyGame) -> Result<Msg, Msg> {
    let won = |winner: Side, how: &str| {
        Msg::key("record-result-won")
            .with("winner", def.side_name(winner))
            .with("how", Msg::verbatim(how))
    };
    Ok(
        match (&record.resigned, &record.lost_on_time, game.standing()) {
            (Some(loser), _, _) => won(side_of(loser)?.other(), "resignation"),
            (None, Some(loser), _) => won(side_of(loser)?.other(), "time"),
            (None, None, Standing::Won { winner, .. }) => won(winner, "won"),
            (None, None, Standing::Draw) => Msg::key("record-result-draw"),
            (None, None, Standing::Ongoing) => Msg::key("record-result-unfinished"),
        },
    )
}

fn open_record(def: &(impl GameDef + ?Sized), path: &Path) -> Result<Recorded, Msg> {
    let (record, game) = read_record(def, path)?;
    Ok(Recorded {
        start: def.new_game(&record.options),
        moves: game.placed(),
        result: result(def, &record, &game)?,
        names: [record.first, record.second],
        times: Vec::new(),
        opening: None,
    })
}

/// "Tic-tac-toe · You vs Perfect (AI) · X won", for the Load game list.
fn record_summary(def: &(impl GameDef + ?Sized), path: &Path) -> Result<Msg, Msg> {
    let (record, game) = read_record(def, path)?;
    let players =
        super::files::players(&[record.first.clone(), record.second.clone()], game.kind());
    Ok(Msg::Join(
        vec![def.name(), players, result(def, &record, &game)?],
        " · ",
    ))
}

#[cfg(test)]
mod tests {
    use super::super::files::assert_same;
    use super::super::tictactoe::{TicTacToe, kind, perfect};
    use super::*;
    use crate::gui::kind::Rules;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = crate::gui::tests::fresh_home();
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn the_default_autosave_keeps_moves_redo_line_and_players() {
        let mut game = TicTacToe::default();
        for cell in [4, 0, 8, 2] {
            Rules::play(&mut game, cell).unwrap();
        }
        Rules::undo(&mut game);
        Rules::undo(&mut game);
        let saved = Saved {
            game: AnyGame::new(game),
            level: Some(perfect()),
            human: Side::Second,
            seed: 7,
            started: "2026-11-26 19:00".into(),
        };
        let files = kind().files();
        let path = scratch(&files.autosave_name());
        files.write_autosave(&path, &saved).unwrap();
        let mut notices = Notices::default();
        let back = files
            .load_autosave(&path, &mut notices)
            .expect("read")
            .expect("restores");
        assert_same(&saved, &back);
        assert_eq!((back.game.ply(), back.game.redo_len()), (2, 2));
        assert!(notices.0.is_empty());
        // A move the rules refuse (the centre twice) does not restore, and says which move.
        let broken = r#"(game: "tictactoe", options: {}, opponent: 1, human: "O",
            moves: [4, 4], redo: [], seed: 1, started: "today")"#;
        std::fs::write(&path, broken).unwrap();
        let refused = files.load_autosave(&path, &mut notices).expect("read");
        let why = refused.expect_err("an illegal move").english();
        assert!(why.starts_with("move 2 (4)"), "{why}");
    }

    #[test]
    fn the_default_record_reads_back_with_its_result() {
        let mut game = TicTacToe::default();
        for cell in [4, 0, 8] {
            Rules::play(&mut game, cell).unwrap();
        }
        let game = AnyGame::new(game);
        let files = kind().files();
        let path = scratch("game.ttt");
        let end = RecordEnd {
            resigned: Some(Side::Second),
            ..RecordEnd::default()
        };
        let names = ["You".to_string(), "Perfect (AI)".to_string()];
        files
            .save_record(&path, &game, &names, "2026-11-26", &end)
            .unwrap();
        let recorded = files.open_record(&path).unwrap();
        assert_eq!(recorded.moves, game.placed());
        assert_eq!(recorded.names, names);
        assert_eq!(recorded.result.english(), "X won by resignation");
        assert_eq!(recorded.start.ply(), 0);
        let summary = files.record_summary(&path).unwrap().english();
        assert!(summary.contains("X won by resignation"), "{summary}");
        // Another game's record is refused by name.
        let other = std::fs::read_to_string(&path)
            .unwrap()
            .replace("\"tictactoe\"", "\"chess\"");
        std::fs::write(&path, other).unwrap();
        let err = files.open_record(&path).unwrap_err().english();
        assert!(err.contains("chess"), "{err}");
        // The game's own capability names its records; the rest are the plain files.
        assert_eq!(files.record_extensions(), ["ttt"]);
    }
}
