//! Hash sets and maps keyed by Zobrist hashes. Those keys are uniformly random already, so a key
//! serves as its own hash (the standard hasher would spend more time than the lookup).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher that passes a `u64` key through unchanged.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A set of Zobrist keys.
pub type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;
/// A map from Zobrist keys.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
