//! The solver's transposition table: one entry per slot, a prime number of slots, partial
//! keys where they are exact.

/// Fixed-size hash table keyed by [`Position::key`](super::position::Position::key)
/// (`key % size`, `size` prime), keeping the last entry on collision as in Pons's solver (the
/// benchmark node counts depend on it; a two-way depth-preferred variant saved only ~4% of
/// nodes on early positions and was slower).
/// Only part of the key is stored: with a prime size `p` and keys below `p * 2^32`,
/// `key % p` and `key mod 2^32` together identify the key (Chinese remainder theorem), so
/// 32-bit partial keys are exact; larger boards store whole keys.
pub(crate) struct TranspositionTable {
    keys: Keys,
    values: Vec<u8>,
    size: u64,
    /// `u64::MAX / size`, to replace the slow division in `key % size` by a multiplication.
    reciprocal: u64,
}

enum Keys {
    Partial(Vec<u32>),
    Full(Vec<u64>),
}

impl TranspositionTable {
    /// A table with the first prime >= 2^`bits` entries (bits clamped to 4..=30), for keys of
    /// `key_bits` bits.
    pub(crate) fn new(bits: u32, key_bits: u32) -> TranspositionTable {
        let size = next_prime(1u64 << bits.clamp(4, 30));
        let n = size as usize;
        // 2^32 * size > 2^(32 + bits) >= 2^key_bits makes partial keys exact.
        let keys = if key_bits <= 32 + bits.clamp(4, 30) {
            Keys::Partial(vec![0; n])
        } else {
            Keys::Full(vec![0; n])
        };
        TranspositionTable {
            keys,
            values: vec![0; n],
            size,
            reciprocal: u64::MAX / size,
        }
    }

    /// `key % size`: the estimated quotient is at most two below the true one.
    #[inline(always)]
    fn index(&self, key: u64) -> usize {
        let q = ((u128::from(key) * u128::from(self.reciprocal)) >> 64) as u64;
        let mut r = key - q * self.size;
        while r >= self.size {
            r -= self.size;
        }
        r as usize
    }

    /// Empties the table (0 means no entry).
    pub(crate) fn reset(&mut self) {
        match &mut self.keys {
            Keys::Partial(k) => k.fill(0),
            Keys::Full(k) => k.fill(0),
        }
        self.values.fill(0);
    }

    /// Stores a non-zero `value` for `key`.
    #[inline(always)]
    pub(crate) fn put(&mut self, key: u64, value: u8) {
        let i = self.index(key);
        match &mut self.keys {
            Keys::Partial(k) => k[i] = key as u32,
            Keys::Full(k) => k[i] = key,
        }
        self.values[i] = value;
    }

    /// Starts loading the slot of `key` into cache: the table is far larger than the caches,
    /// and the search is otherwise dominated by waiting for these loads.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let i = self.index(key);
            let slot = match &self.keys {
                Keys::Partial(k) => k.as_ptr().wrapping_add(i).cast::<i8>(),
                Keys::Full(k) => k.as_ptr().wrapping_add(i).cast::<i8>(),
            };
            // SAFETY: a prefetch is only a hint; it never faults or reads into the program,
            // whatever the address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored value, 0 if absent.
    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> u8 {
        let i = self.index(key);
        let hit = match &self.keys {
            Keys::Partial(k) => k[i] == key as u32,
            Keys::Full(k) => k[i] == key,
        };
        if hit { self.values[i] } else { 0 }
    }
}

fn next_prime(mut n: u64) -> u64 {
    let is_prime = |n: u64| {
        n >= 2
            && (2..)
                .take_while(|d| d * d <= n)
                .all(|d| !n.is_multiple_of(d))
    };
    while !is_prime(n) {
        n += 1;
    }
    n
}
