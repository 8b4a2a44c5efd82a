//! Pascal Pons's benchmark sets (`<moves> <score>` per line), used by the tests and by
//! `connect4-bench`.

use std::path::{Path, PathBuf};

/// The five sets, easiest first, with the reference mean node count per position for a strong
/// solve without book.
pub const TEST_SETS: [(&str, u64); 5] = [
    ("Test_L3_R1", 51),
    ("Test_L2_R1", 450),
    ("Test_L2_R2", 39_900),
    ("Test_L1_R1", 3_300),
    ("Test_L1_R2", 1_200_000),
];

/// One benchmark position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// 1-based line number in the file.
    pub line: usize,
    /// Move string.
    pub moves: String,
    /// Exact score for the side to move.
    pub score: i32,
}

/// A test set file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TestSetError {
    // The I/O error is in the text, not exposed as a source (as before the derive).
    #[error("cannot read {}: {error}", .path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Line `line` (1-based) is not `<moves> <score>`.
    #[error("{}:{line}: expected `<moves> <score>`", .path.display())]
    BadLine { path: PathBuf, line: usize },
}

/// Where the sets live: `tests/data/connect4` in this repository (copied there with their
/// licence, so nothing outside the clone is ever read).
pub fn test_set_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/connect4")
}

/// The file called `name` in [`test_set_dir`], if it exists.
pub fn find_test_set(name: &str) -> Option<PathBuf> {
    Some(test_set_dir().join(name)).filter(|p| p.is_file())
}

/// Reads a set; blank lines are skipped.
pub fn read_test_set(path: &Path) -> Result<Vec<TestCase>, TestSetError> {
    let text = std::fs::read_to_string(path).map_err(|error| TestSetError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let mut parts = raw.split_whitespace();
        let Some(moves) = parts.next() else { continue };
        let bad = || TestSetError::BadLine {
            path: path.to_path_buf(),
            line,
        };
        let score = parts
            .next()
            .and_then(|s| s.parse::<i32>().ok())
            .ok_or_else(bad)?;
        if parts.next().is_some() {
            return Err(bad());
        }
        out.push(TestCase {
            line,
            moves: moves.to_string(),
            score,
        });
    }
    Ok(out)
}
