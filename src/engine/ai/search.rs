//! The search engine. (Work in progress: the interface is final, the body is being written.)

use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{InfoSink, Limits, SearchResult, novice};
use crate::engine::game::Game;

/// Default hash table size.
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

/// A search engine with its hash table, kept between moves of a game.
pub struct Engine {
    hash_bytes: usize,
}

impl Engine {
    pub fn new(hash_bytes: usize) -> Engine {
        Engine { hash_bytes }
    }

    /// Changes the hash table size (clears it).
    pub fn resize_hash(&mut self, bytes: usize) {
        self.hash_bytes = bytes;
    }

    pub fn hash_bytes(&self) -> usize {
        self.hash_bytes
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {}

    /// Searches the position for the side to move within `limits`; returns when a limit is
    /// reached, when `stop` is set, or when the result is certain.
    pub fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        sink: &mut dyn InfoSink,
    ) -> SearchResult {
        let _ = (limits, stop);
        let r = novice::choose(game, &mut StdRng::seed_from_u64(0), 0);
        sink.info(&r);
        r
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(DEFAULT_HASH_BYTES)
    }
}
