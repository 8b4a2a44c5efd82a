//! Checks each game's puzzle tests share.

use super::{PuzzleRules, parse};

/// A shipped set is exactly what the writer produces from what the reader reads (so it
/// round-trips), and the set survives writing and reading without its header.
pub(crate) fn round_trip<R: PuzzleRules>(text: &str) {
    let set = parse::<R>(text).unwrap();
    assert!(!set.puzzles.is_empty() && set.others == 0, "{set:?}");
    let header: Vec<String> = text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches("# ").to_string())
        .collect();
    assert_eq!(set.to_text(&header), text);
    let again = parse::<R>(&set.to_text(&[])).unwrap();
    assert_eq!(again, set);
}
