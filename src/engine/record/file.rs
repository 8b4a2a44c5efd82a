//! Reading record files of either format (size, encoding and format checked first) and
//! saving them atomically.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use super::{Format, GameRecord, MAX_RECORD_BYTES, RecordError, psq, sgf};
use crate::engine::gomoku::rules::Rule;

/// Checks size, emptiness and encoding. A byte order mark stays in the text (the readers
/// skip it) so that byte offsets in errors count from the start of the file.
fn decode(bytes: &[u8]) -> Result<&str, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge {
            limit: MAX_RECORD_BYTES,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| RecordError::NotUtf8 {
        offset: e.valid_up_to(),
    })?;
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(RecordError::Empty);
    }
    Ok(text)
}

/// Reads a record of either format, detected from the content. PSQ records are replayed
/// under [`Rule::Freestyle`] (PSQ does not store the rule): set `rule` on the result and call
/// [`GameRecord::to_game`] to use another.
pub fn parse(bytes: &[u8]) -> Result<GameRecord, RecordError> {
    let text = decode(bytes)?;
    match Format::detect(text.as_bytes()) {
        Some(Format::Sgf) => sgf::parse(text),
        Some(Format::Psq) => psq::parse(text, Rule::Freestyle),
        None => Err(RecordError::UnknownFormat),
    }
}

/// Reads the record file at `path` (SGF or PSQ, detected from the content; see [`parse`]).
/// Reads at most [`MAX_RECORD_BYTES`] + 1 bytes, so a huge or endless file is refused quickly.
pub fn load(path: &Path) -> Result<GameRecord, RecordError> {
    let file = File::open(path).map_err(|e| RecordError::io(path, &e))?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RecordError::io(path, &e))?;
    parse(&bytes)
}

/// Writes `record` to `path` in `format` with [`save_atomic`].
pub fn save(path: &Path, record: &GameRecord, format: Format) -> Result<(), RecordError> {
    let text = record.to_format(format)?;
    save_atomic(path, text.as_bytes())
}

/// Distinguishes temporary files of one process.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Replaces the file at `path` with `bytes` so that a crash leaves either the old file or the
/// new one, never a mix: the bytes go to a temporary file in the same directory (a rename is
/// only atomic within one file system), which is flushed to disk and then renamed over
/// `path`. The temporary file is removed if anything fails.
pub fn save_atomic(path: &Path, bytes: &[u8]) -> Result<(), RecordError> {
    let file_name = path.file_name().ok_or_else(|| RecordError::Io {
        path: path.to_path_buf(),
        kind: io::ErrorKind::InvalidInput,
        message: "not a file name".to_string(),
    })?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // A few tries in case a stale file from an earlier process with the same id is in the way.
    let mut last_err = None;
    for _ in 0..8 {
        let mut name = OsString::from(".");
        name.push(file_name);
        name.push(format!(
            ".{}-{}.tmp",
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp = dir.join(name);
        let file = match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                last_err = Some(e);
                continue;
            }
            Err(e) => return Err(RecordError::io(path, &e)),
        };
        let written = write_and_rename(file, bytes, &tmp, path);
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(RecordError::io(path, &e));
        }
        sync_dir(dir);
        return Ok(());
    }
    let e = last_err.unwrap_or_else(|| io::Error::other("no temporary file name free"));
    Err(RecordError::io(path, &e))
}

fn write_and_rename(mut file: File, bytes: &[u8], tmp: &Path, path: &Path) -> io::Result<()> {
    file.write_all(bytes)?;
    // The data must be on disk before the rename makes it the file, or a crash could leave
    // an empty file under the real name.
    file.sync_all()?;
    drop(file);
    fs::rename(tmp, path)
}

/// Makes the rename itself durable. Best effort: not every platform can open a directory.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}
