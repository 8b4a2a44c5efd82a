//! Where online games are kept: a small [`Store`] interface (a later PostgreSQL store for
//! several server instances would implement the same), its SQLite implementation and an
//! in-memory one for tests.
//!
//! The server writes every decided action here before it tells anyone, so what a client
//! has seen acknowledged survives a crash of the server.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::game::SeatInfo;
use super::protocol::{Clocks, GameResult, PlayedMove, Seat, Settings};

/// A store failure, in words (the server answers `internal` and plays nothing).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("store: {0}")]
pub struct StoreError(pub String);

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// A game as stored: enough to rebuild it with [`super::game::OnlineGame::restore`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub code: String,
    pub settings: Settings,
    pub seats: [Option<SeatInfo>; 2],
    /// Every acknowledged move with both clocks after it.
    pub moves: Vec<(PlayedMove, Option<Clocks>)>,
    /// The clocks an undo back to the very start left (no move carries them then).
    pub clocks: Option<Clocks>,
    pub result: Option<GameResult>,
}

/// The server's storage. Each call is durable when it returns `Ok`.
pub trait Store: Send {
    /// A new game with its host seated.
    fn create(
        &mut self,
        code: &str,
        settings: &Settings,
        seat: Seat,
        host: &SeatInfo,
    ) -> StoreResult<()>;
    /// The second player sits down.
    fn sit(&mut self, code: &str, seat: Seat, info: &SeatInfo) -> StoreResult<()>;
    /// Move number `ply` (from 1) with the clocks after it.
    fn add_move(
        &mut self,
        code: &str,
        ply: u32,
        played: &PlayedMove,
        clocks: Option<Clocks>,
    ) -> StoreResult<()>;
    /// An accepted undo: every move after ply `moves_left` goes, and `clocks` (as they
    /// stood at the undo) become the clocks after move `moves_left`, or the game's own
    /// when no move is left, so that a restart gives no time back.
    fn take_back(&mut self, code: &str, moves_left: u32, clocks: Option<Clocks>)
    -> StoreResult<()>;
    /// The game ended: its result and its record (SGF or Connect Four text).
    fn finish(&mut self, code: &str, result: &GameResult, record: &str) -> StoreResult<()>;
    /// Every game not yet finished, for a server starting up.
    fn in_progress(&mut self) -> StoreResult<Vec<StoredGame>>;
    /// A finished game's record.
    fn record(&mut self, code: &str) -> StoreResult<Option<String>>;
}

/// Games in memory: nothing survives the process (tests, and a LAN game that needs no disk).
#[derive(Default, Debug)]
pub struct MemoryStore {
    games: BTreeMap<String, StoredGame>,
    records: BTreeMap<String, String>,
}

impl MemoryStore {
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    fn game(&mut self, code: &str) -> StoreResult<&mut StoredGame> {
        self.games
            .get_mut(code)
            .ok_or_else(|| StoreError(format!("no game {code}")))
    }
}

impl Store for MemoryStore {
    fn create(
        &mut self,
        code: &str,
        settings: &Settings,
        seat: Seat,
        host: &SeatInfo,
    ) -> StoreResult<()> {
        let mut seats = [None, None];
        seats[seat.index()] = Some(host.clone());
        self.games.insert(
            code.to_string(),
            StoredGame {
                code: code.to_string(),
                settings: settings.clone(),
                seats,
                moves: Vec::new(),
                clocks: None,
                result: None,
            },
        );
        Ok(())
    }

    fn sit(&mut self, code: &str, seat: Seat, info: &SeatInfo) -> StoreResult<()> {
        self.game(code)?.seats[seat.index()] = Some(info.clone());
        Ok(())
    }

    fn add_move(
        &mut self,
        code: &str,
        ply: u32,
        played: &PlayedMove,
        clocks: Option<Clocks>,
    ) -> StoreResult<()> {
        let game = self.game(code)?;
        if game.moves.len() + 1 != ply as usize {
            return Err(StoreError(format!("{code}: move {ply} out of order")));
        }
        game.moves.push((*played, clocks));
        Ok(())
    }

    fn take_back(
        &mut self,
        code: &str,
        moves_left: u32,
        clocks: Option<Clocks>,
    ) -> StoreResult<()> {
        let game = self.game(code)?;
        let left = moves_left as usize;
        if left > game.moves.len() {
            return Err(StoreError(format!(
                "{code}: take back to move {moves_left} of {}",
                game.moves.len()
            )));
        }
        game.moves.truncate(left);
        match game.moves.last_mut() {
            Some(last) => last.1 = clocks,
            None => game.clocks = clocks,
        }
        Ok(())
    }

    fn finish(&mut self, code: &str, result: &GameResult, record: &str) -> StoreResult<()> {
        self.game(code)?.result = Some(*result);
        self.records.insert(code.to_string(), record.to_string());
        Ok(())
    }

    fn in_progress(&mut self) -> StoreResult<Vec<StoredGame>> {
        Ok(self
            .games
            .values()
            .filter(|g| g.result.is_none())
            .cloned()
            .collect())
    }

    fn record(&mut self, code: &str) -> StoreResult<Option<String>> {
        Ok(self.records.get(code).cloned())
    }
}

/// What a committed move survives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// The server process killed (`kill -9`, a crash): the move is in the write-ahead log,
    /// written before the commit returns (`synchronous=NORMAL`). The default: the operating
    /// system writes it out, so moves never wait on the disk (online-bench: ~300 moves/s
    /// with an fsync each, thousands without).
    Process,
    /// A power cut or a crash of the whole machine too: every commit waits on an fsync
    /// (`synchronous=FULL`).
    Power,
}

/// Games in a SQLite file (`games.sqlite3` in the server's data folder).
pub struct SqliteStore {
    conn: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    result TEXT,
    record TEXT,
    finished_ms INTEGER,
    clocks TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES games(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES games(code),
    ply INTEGER NOT NULL,
    move TEXT NOT NULL,
    clocks TEXT,
    PRIMARY KEY (code, ply)
);
";

/// The moves stored for the game `code`.
fn move_count(tx: &rusqlite::Transaction, code: &str) -> StoreResult<i64> {
    Ok(
        tx.query_row("SELECT COUNT(*) FROM moves WHERE code = ?1", [code], |r| {
            r.get(0)
        })?,
    )
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

impl SqliteStore {
    /// Opens (or creates) the store in `dir`, creating the folder; see [`Durability`].
    pub fn open_dir(dir: &Path, durability: Durability) -> StoreResult<SqliteStore> {
        std::fs::create_dir_all(dir).map_err(|e| StoreError(format!("{}: {e}", dir.display())))?;
        SqliteStore::open(&dir.join("games.sqlite3"), durability)
    }

    pub fn open(path: &Path, durability: Durability) -> StoreResult<SqliteStore> {
        let conn = Connection::open(path)?;
        // WAL: a committed move is in the journal when the call returns, and a reader never
        // blocks the writer.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        let sync = match durability {
            Durability::Process => "NORMAL",
            Durability::Power => "FULL",
        };
        conn.pragma_update(None, "synchronous", sync)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.execute_batch(SCHEMA)?;
        // Stores made before undo had no games.clocks column.
        let has_clocks: i64 = conn.query_row(
            "SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'clocks'",
            [],
            |r| r.get(0),
        )?;
        if has_clocks == 0 {
            conn.execute_batch("ALTER TABLE games ADD COLUMN clocks TEXT")?;
        }
        Ok(SqliteStore { conn })
    }

    fn changed_one(&self, n: usize, what: &str) -> StoreResult<()> {
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError(format!("{what}: {n} rows changed")))
        }
    }
}

impl Store for SqliteStore {
    fn create(
        &mut self,
        code: &str,
        settings: &Settings,
        seat: Seat,
        host: &SeatInfo,
    ) -> StoreResult<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO games (code, settings, created_ms) VALUES (?1, ?2, ?3)",
            params![code, serde_json::to_string(settings)?, now_ms()],
        )?;
        tx.execute(
            "INSERT INTO seats (code, seat, name, token) VALUES (?1, ?2, ?3, ?4)",
            params![code, seat.index() as i64, host.name, host.token],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn sit(&mut self, code: &str, seat: Seat, info: &SeatInfo) -> StoreResult<()> {
        let n = self.conn.execute(
            "INSERT INTO seats (code, seat, name, token) VALUES (?1, ?2, ?3, ?4)",
            params![code, seat.index() as i64, info.name, info.token],
        )?;
        self.changed_one(n, "sit")
    }

    fn add_move(
        &mut self,
        code: &str,
        ply: u32,
        played: &PlayedMove,
        clocks: Option<Clocks>,
    ) -> StoreResult<()> {
        let clocks = clocks.map(|c| serde_json::to_string(&c)).transpose()?;
        let tx = self.conn.transaction()?;
        // Moves are numbered without gaps: a skipped number would replay the wrong game.
        let before = move_count(&tx, code)?;
        if before + 1 != i64::from(ply) {
            return Err(StoreError(format!("{code}: move {ply} out of order")));
        }
        tx.execute(
            "INSERT INTO moves (code, ply, move, clocks) VALUES (?1, ?2, ?3, ?4)",
            params![code, ply, serde_json::to_string(played)?, clocks],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn take_back(
        &mut self,
        code: &str,
        moves_left: u32,
        clocks: Option<Clocks>,
    ) -> StoreResult<()> {
        let clocks = clocks.map(|c| serde_json::to_string(&c)).transpose()?;
        // One transaction: a crash leaves the moves either all there or all taken back.
        let tx = self.conn.transaction()?;
        let count = move_count(&tx, code)?;
        if i64::from(moves_left) > count {
            return Err(StoreError(format!(
                "{code}: take back to move {moves_left} of {count}"
            )));
        }
        tx.execute(
            "DELETE FROM moves WHERE code = ?1 AND ply > ?2",
            params![code, moves_left],
        )?;
        let n = if moves_left == 0 {
            tx.execute(
                "UPDATE games SET clocks = ?2 WHERE code = ?1",
                params![code, clocks],
            )?
        } else {
            tx.execute(
                "UPDATE moves SET clocks = ?3 WHERE code = ?1 AND ply = ?2",
                params![code, moves_left, clocks],
            )?
        };
        if n != 1 {
            return Err(StoreError(format!("take_back: {n} rows changed")));
        }
        tx.commit()?;
        Ok(())
    }

    fn finish(&mut self, code: &str, result: &GameResult, record: &str) -> StoreResult<()> {
        let n = self.conn.execute(
            "UPDATE games SET result = ?2, record = ?3, finished_ms = ?4 WHERE code = ?1",
            params![code, serde_json::to_string(result)?, record, now_ms()],
        )?;
        self.changed_one(n, "finish")
    }

    fn in_progress(&mut self) -> StoreResult<Vec<StoredGame>> {
        let mut games = Vec::new();
        let mut stmt = self.conn.prepare(
            "SELECT code, settings, clocks FROM games WHERE result IS NULL ORDER BY code",
        )?;
        let rows: Vec<(String, String, Option<String>)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        for (code, settings, game_clocks) in rows {
            let mut seats = [None, None];
            let mut stmt = self
                .conn
                .prepare("SELECT seat, name, token FROM seats WHERE code = ?1")?;
            for row in
                stmt.query_map([&code], |r| Ok((r.get::<_, i64>(0)?, r.get(1)?, r.get(2)?)))?
            {
                let (seat, name, token) = row?;
                let slot = seats
                    .get_mut(seat as usize)
                    .ok_or_else(|| StoreError(format!("{code}: seat {seat}")))?;
                *slot = Some(SeatInfo { name, token });
            }
            let mut stmt = self
                .conn
                .prepare("SELECT ply, move, clocks FROM moves WHERE code = ?1 ORDER BY ply")?;
            let mut moves = Vec::new();
            for row in stmt.query_map([&code], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, Option<String>>(2)?,
                ))
            })? {
                let (ply, played, clocks) = row?;
                if ply != moves.len() as i64 + 1 {
                    return Err(StoreError(format!("{code}: move {ply} out of order")));
                }
                let clocks = clocks.map(|c| serde_json::from_str(&c)).transpose()?;
                moves.push((serde_json::from_str(&played)?, clocks));
            }
            games.push(StoredGame {
                code,
                settings: serde_json::from_str(&settings)?,
                seats,
                moves,
                clocks: game_clocks.map(|c| serde_json::from_str(&c)).transpose()?,
                result: None,
            });
        }
        Ok(games)
    }

    fn record(&mut self, code: &str) -> StoreResult<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT record FROM games WHERE code = ?1", [code], |r| {
                r.get::<_, Option<String>>(0)
            })
            .optional()?
            .flatten())
    }
}

#[cfg(test)]
mod tests {
    use super::super::protocol::{ClockSetting, EndReason, GameKind};
    use super::*;

    fn exercise(store: &mut dyn Store) {
        let settings = Settings {
            kind: GameKind::Connect4,
            clock: ClockSetting::None,
            opening: Default::default(),
        };
        let a = SeatInfo {
            name: "Ana".into(),
            token: "t1".into(),
        };
        let b = SeatInfo {
            name: "Bo".into(),
            token: "t2".into(),
        };
        store.create("G1", &settings, Seat::Second, &a).unwrap();
        store.sit("G1", Seat::First, &b).unwrap();
        let c = Clocks {
            first_ms: 5,
            second_ms: 6,
        };
        let m = PlayedMove::Drop { column: 3, row: 0 };
        store.add_move("G1", 1, &m, Some(c)).unwrap();
        assert!(store.add_move("G1", 3, &m, None).is_err());
        // An undo of two moves, then of everything: the clocks stay where the undo left them.
        let m2 = PlayedMove::Drop { column: 4, row: 0 };
        let m3 = PlayedMove::Drop { column: 5, row: 0 };
        store.add_move("G1", 2, &m2, None).unwrap();
        store.add_move("G1", 3, &m3, None).unwrap();
        let later = Clocks {
            first_ms: 4,
            second_ms: 3,
        };
        assert!(store.take_back("G1", 4, Some(later)).is_err());
        store.take_back("G1", 1, Some(later)).unwrap();
        assert_eq!(
            store.in_progress().unwrap()[0].moves,
            vec![(m, Some(later))]
        );
        store.take_back("G1", 0, Some(c)).unwrap();
        let g1 = &store.in_progress().unwrap()[0];
        assert!(g1.moves.is_empty());
        assert_eq!(g1.clocks, Some(c));
        store.add_move("G1", 1, &m, Some(c)).unwrap();
        store.create("G2", &settings, Seat::First, &a).unwrap();
        let games = store.in_progress().unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].seats, [Some(b), Some(a)]);
        assert_eq!(games[0].moves, vec![(m, Some(c))]);
        let result = GameResult {
            winner: None,
            reason: EndReason::Draw,
        };
        store.finish("G1", &result, "record text").unwrap();
        assert_eq!(store.in_progress().unwrap().len(), 1);
        assert_eq!(store.record("G1").unwrap().as_deref(), Some("record text"));
        assert_eq!(store.record("nope").unwrap(), None);
    }

    #[test]
    fn memory_store_keeps_games() {
        exercise(&mut MemoryStore::new());
    }

    #[test]
    fn sqlite_store_keeps_games_across_opens() {
        let dir = std::env::temp_dir().join(format!("gomoku-store-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        exercise(&mut SqliteStore::open_dir(&dir, Durability::Process).unwrap());
        let mut again = SqliteStore::open_dir(&dir, Durability::Process).unwrap();
        let games = again.in_progress().unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].code, "G2");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
