//! The transposition table: a fixed-size array of entries indexed by Zobrist hash.

/// How a stored score bounds the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    key: u64,
    score: i32,
    /// Point index + 1; 0 for none.
    best: u16,
    depth: i8,
    bound: u8,
}

/// What a probe found.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    pub score: i32,
    pub best: Option<usize>,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table of at most `bytes` bytes (rounded down to a power of two entries, at least 1024).
    pub fn new(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES).max(1024);
        let n = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
        }
    }

    pub fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        if e.key != key || e.bound == 0 {
            return None;
        }
        Some(Hit {
            score: e.score,
            best: (e.best > 0).then(|| e.best as usize - 1),
            depth: e.depth as i32,
            bound: match e.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result; a deeper result for the same position is kept over a shallower one.
    #[inline]
    pub fn store(&mut self, key: u64, score: i32, best: Option<usize>, depth: i32, bound: Bound) {
        let e = &mut self.entries[key as usize & self.mask];
        if e.key == key && e.depth as i32 > depth + 2 && bound != Bound::Exact {
            return;
        }
        let best = match best {
            Some(b) => b as u16 + 1,
            // Keep the old move of the same position when this search found none.
            None if e.key == key => e.best,
            None => 0,
        };
        *e = Entry {
            key,
            score,
            best,
            depth: depth.clamp(-100, 100) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_bounded_and_entries_round_trip() {
        let t = Table::new(1 << 20);
        assert!(t.bytes() <= 1 << 20);
        assert!(t.bytes() > 1 << 19);
        let mut t = Table::new(4096);
        t.store(12345, -77, Some(112), 5, Bound::Lower);
        let h = t.probe(12345).unwrap();
        assert_eq!(
            (h.score, h.best, h.depth, h.bound),
            (-77, Some(112), 5, Bound::Lower)
        );
        assert!(t.probe(12346).is_none());
    }
}
