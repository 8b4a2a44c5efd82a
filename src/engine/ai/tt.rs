//! The transposition table: a fixed-size array of entries indexed by Zobrist hash, shared
//! without locks by the threads of a parallel search.

use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// What a probe found.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    pub score: i32,
    pub best: Option<usize>,
    pub depth: i32,
    pub bound: Bound,
}

/// One slot: the data word and the key XOR the data, so that several search threads can
/// read and write without locks. A slot torn by two writers at once fails the key check
/// and reads as empty (the "lockless hashing" of parallel chess engines).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The transposition table, shared by every thread of a search.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// Packs score (32 bits), best move + 1 (16), depth (8) and bound (8).
fn pack(score: i32, best: u16, depth: i8, bound: u8) -> u64 {
    score as u32 as u64 | (best as u64) << 32 | (depth as u8 as u64) << 48 | (bound as u64) << 56
}

fn unpack(data: u64) -> (i32, u16, i8, u8) {
    (
        data as u32 as i32,
        (data >> 32) as u16,
        (data >> 48) as u8 as i8,
        (data >> 56) as u8,
    )
}

impl Table {
    /// A table of at most `bytes` bytes (rounded down to a power of two entries, at least 1024).
    pub fn new(bytes: usize) -> Table {
        let wanted = (bytes / SLOT_BYTES).max(1024);
        let n = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            slots: (0..n).map(|_| Slot::default()).collect(),
            mask: n - 1,
        }
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    pub fn clear(&mut self) {
        for s in &mut self.slots {
            *s = Slot::default();
        }
    }

    /// The slot's key and data if it holds a valid entry.
    #[inline]
    fn read(&self, key: u64) -> Option<(u64, u64)> {
        let s = &self.slots[key as usize & self.mask];
        let data = s.data.load(Ordering::Relaxed);
        let stored = s.check.load(Ordering::Relaxed) ^ data;
        (data != 0).then_some((stored, data))
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let (stored, data) = self.read(key)?;
        let (score, best, depth, bound) = unpack(data);
        if stored != key || bound == 0 {
            return None;
        }
        Some(Hit {
            score,
            best: (best > 0).then(|| best as usize - 1),
            depth: depth as i32,
            bound: match bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores a result; a deeper result for the same position is kept over a shallower one.
    #[inline]
    pub fn store(&self, key: u64, score: i32, best: Option<usize>, depth: i32, bound: Bound) {
        let old = self.read(key).filter(|&(stored, _)| stored == key);
        if let Some((_, data)) = old {
            let (_, _, old_depth, _) = unpack(data);
            if old_depth as i32 > depth + 2 && bound != Bound::Exact {
                return;
            }
        }
        let best = match best {
            Some(b) => b as u16 + 1,
            // Keep the old move of the same position when this search found none.
            None => old.map_or(0, |(_, data)| unpack(data).1),
        };
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = pack(score, best, depth.clamp(-100, 100) as i8, bound);
        let s = &self.slots[key as usize & self.mask];
        s.data.store(data, Ordering::Relaxed);
        s.check.store(key ^ data, Ordering::Relaxed);
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
        let t = Table::new(4096);
        t.store(12345, -77, Some(112), 5, Bound::Lower);
        let h = t.probe(12345).unwrap();
        assert_eq!(
            (h.score, h.best, h.depth, h.bound),
            (-77, Some(112), 5, Bound::Lower)
        );
        assert!(t.probe(12346).is_none());
    }

    /// Two threads writing and reading the same slots: a probe returns either nothing or an
    /// entry that really belongs to the key asked for, never a mix of two writes.
    #[test]
    fn concurrent_writers_never_yield_a_wrong_entry() {
        let t = Table::new(1 << 14);
        // The score is a function of the key, so a torn entry would show.
        let score_of = |k: u64| (k.wrapping_mul(0x9E37_79B9) >> 40) as i32 - 5000;
        std::thread::scope(|s| {
            for id in 0..2u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let k = (i * 2 + id).wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
                        t.store(k, score_of(k), Some((i % 200) as usize), 3, Bound::Exact);
                        let probe = (i * 2 + (1 - id)).wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
                        if let Some(h) = t.probe(probe) {
                            assert_eq!(h.score, score_of(probe));
                        }
                    }
                });
            }
        });
    }
}
