//! The solver's move ordering for one node: at most one move per column, best first.

/// Moves sorted by score; equal scores come out in reverse insertion order (so inserting from
/// the edges toward the centre tries central columns first).
pub(crate) struct MoveSorter {
    len: usize,
    entries: [(u64, u32); 9],
}

impl MoveSorter {
    #[inline(always)]
    pub(crate) fn new() -> MoveSorter {
        MoveSorter {
            len: 0,
            entries: [(0, 0); 9],
        }
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, mv: u64, score: u32) {
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && self.entries[pos - 1].1 > score {
            self.entries[pos] = self.entries[pos - 1];
            pos -= 1;
        }
        self.entries[pos] = (mv, score);
    }

    #[inline(always)]
    pub(crate) fn next(&mut self) -> Option<u64> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.entries[self.len].0)
    }
}
