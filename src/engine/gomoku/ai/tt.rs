//! The transposition table: buckets of four entries indexed by Zobrist hash, shared without
//! locks by the threads of a parallel search. An entry keeps the score and its bound, the
//! best move, the depth, the node's static evaluation (so a revisit skips the evaluation)
//! and whether the node was on a principal variation (LMR reduces such nodes less).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// How a stored score bounds the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

impl Bound {
    /// The bound a search result `best` has for the window it was searched with.
    #[inline]
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What a probe found.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    pub score: i32,
    pub eval: i32,
    pub best: Option<usize>,
    pub depth: i32,
    pub bound: Bound,
    pub pv: bool,
}

impl Hit {
    /// The stored score (already adjusted to the ply) if its bound decides the window
    /// `alpha..beta`.
    #[inline]
    pub fn cutoff(&self, v: i32, alpha: i32, beta: i32) -> Option<i32> {
        match self.bound {
            Bound::Exact => Some(v),
            Bound::Lower if v >= beta => Some(v),
            Bound::Upper if v <= alpha => Some(v),
            _ => None,
        }
    }
}

/// One entry: the data word and the key XOR the data, so that several search threads can
/// read and write without locks. An entry torn by two writers at once fails the key check
/// and reads as empty (the "lockless hashing" of parallel chess engines).
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Entries a bucket holds: 4 x 16 bytes, one cache line.
const WAYS: usize = 4;

#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

/// The transposition table, shared by every thread of a search.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// Bumped once per search: entries of older searches are replaced first.
    generation: AtomicU8,
}

const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();

/// Packs score (16 bits), eval (16), best move + 1 (16), depth (8), bound (2), pv (1) and
/// generation (5).
fn pack(score: i32, eval: i32, best: u16, depth: i8, bound: u8, pv: bool, generation: u8) -> u64 {
    let clamp16 = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
    clamp16(score)
        | clamp16(eval) << 16
        | (best as u64) << 32
        | (depth as u8 as u64) << 48
        | (bound as u64) << 56
        | (pv as u64) << 58
        | ((generation & 31) as u64) << 59
}

struct Unpacked {
    score: i32,
    eval: i32,
    best: u16,
    depth: i8,
    bound: u8,
    pv: bool,
    generation: u8,
}

fn unpack(data: u64) -> Unpacked {
    Unpacked {
        score: data as u16 as i16 as i32,
        eval: (data >> 16) as u16 as i16 as i32,
        best: (data >> 32) as u16,
        depth: (data >> 48) as u8 as i8,
        bound: ((data >> 56) & 3) as u8,
        pv: (data >> 58) & 1 != 0,
        generation: (data >> 59) as u8 & 31,
    }
}

impl Table {
    /// A table of at most `bytes` bytes (rounded down to a power of two buckets, at least 256).
    pub fn new(bytes: usize) -> Table {
        let wanted = (bytes / BUCKET_BYTES).max(256);
        let n = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            buckets: (0..n).map(|_| Bucket::default()).collect(),
            mask: n - 1,
            generation: AtomicU8::new(0),
        }
    }

    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
    }

    /// Marks the start of a new search: what earlier searches stored ages.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) & 31
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // The low bits pick the bucket; the key check uses all 64.
        &self.buckets[key as usize & self.mask]
    }

    /// The entry's data if slot `s` holds `key`.
    #[inline]
    fn read(s: &Slot, key: u64) -> Option<u64> {
        let data = s.data.load(Ordering::Relaxed);
        (data != 0 && s.check.load(Ordering::Relaxed) ^ data == key).then_some(data)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        let data = b.0.iter().find_map(|s| Table::read(s, key))?;
        let u = unpack(data);
        if u.bound == 0 {
            return None;
        }
        Some(Hit {
            score: u.score,
            eval: u.eval,
            best: (u.best > 0).then(|| u.best as usize - 1),
            depth: u.depth as i32,
            bound: match u.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            pv: u.pv,
        })
    }

    /// Stores a result. The slot is the entry of the same position, else the bucket's least
    /// valuable one (shallowest, of the oldest search). A shallower result for the same
    /// position does not replace a much deeper one unless it is exact.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        score: i32,
        eval: i32,
        best: Option<usize>,
        depth: i32,
        bound: Bound,
        pv: bool,
    ) {
        let generation = self.generation();
        let b = self.bucket(key);
        let mut target = &b.0[0];
        let mut old = None;
        let mut worst = i32::MAX;
        for s in &b.0 {
            if let Some(data) = Table::read(s, key) {
                target = s;
                old = Some(data);
                break;
            }
            let data = s.data.load(Ordering::Relaxed);
            let worth = if data == 0 {
                i32::MIN
            } else {
                let u = unpack(data);
                let age = (generation.wrapping_sub(u.generation) & 31) as i32;
                u.depth as i32 - 8 * age
            };
            if worth < worst {
                worst = worth;
                target = s;
            }
        }
        if let Some(data) = old {
            let u = unpack(data);
            if u.depth as i32 > depth + 2 && bound != Bound::Exact && u.generation == generation {
                return;
            }
        }
        let best = match best {
            Some(b) => b as u16 + 1,
            // Keep the old move of the same position when this search found none.
            None => old.map_or(0, |data| unpack(data).best),
        };
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = pack(
            score,
            eval,
            best,
            depth.clamp(-100, 100) as i8,
            bound,
            pv,
            generation,
        );
        target.data.store(data, Ordering::Relaxed);
        target.check.store(key ^ data, Ordering::Relaxed);
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
        t.store(12345, -77, 31, Some(112), 5, Bound::Lower, true);
        let h = t.probe(12345).unwrap();
        assert_eq!(
            (h.score, h.eval, h.best, h.depth, h.bound, h.pv),
            (-77, 31, Some(112), 5, Bound::Lower, true)
        );
        assert!(t.probe(12346).is_none());
        // Win scores near the 16-bit limit survive.
        t.store(999, 29_990, -29_000, None, -1, Bound::Exact, false);
        let h = t.probe(999).unwrap();
        assert_eq!(
            (h.score, h.eval, h.best, h.depth),
            (29_990, -29_000, None, -1)
        );
    }

    /// Positions that share a bucket live side by side; a fifth evicts the entry of an
    /// older search before any of the current one, even a shallower one.
    #[test]
    fn buckets_keep_entries_of_the_current_search() {
        let t = Table::new(256 * BUCKET_BYTES);
        let n = t.buckets.len() as u64;
        let key = |k: u64| 7 + k * n; // same bucket
        t.store(key(0), 1, 0, None, 5, Bound::Exact, false);
        t.new_search();
        for k in 1..4 {
            t.store(key(k), 1, 0, None, k as i32, Bound::Exact, false);
        }
        for k in 0..4 {
            assert!(t.probe(key(k)).is_some(), "entry {k}");
        }
        t.store(key(4), 1, 0, None, 2, Bound::Exact, false);
        assert!(t.probe(key(4)).is_some());
        assert!(t.probe(key(0)).is_none(), "the old entry goes first");
        for k in 1..4 {
            assert!(t.probe(key(k)).is_some(), "entry {k}");
        }
        // Within one search the shallowest goes.
        t.store(key(5), 1, 0, None, 4, Bound::Exact, false);
        assert!(t.probe(key(1)).is_none());
        assert!(t.probe(key(3)).is_some());
    }

    /// Two threads writing and reading the same slots: a probe returns either nothing or an
    /// entry that really belongs to the key asked for, never a mix of two writes.
    #[test]
    fn concurrent_writers_never_yield_a_wrong_entry() {
        let t = Table::new(1 << 14);
        // The score is a function of the key, so a torn entry would show.
        let score_of = |k: u64| (k.wrapping_mul(0x9E37_79B9) >> 50) as i32 - 5000;
        std::thread::scope(|s| {
            for id in 0..2u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let k = (i * 2 + id).wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
                        t.store(
                            k,
                            score_of(k),
                            0,
                            Some((i % 200) as usize),
                            3,
                            Bound::Exact,
                            false,
                        );
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
