//! The results of the leaf VCF searches, remembered by position: the same leaf is met again and
//! again (re-searches, deeper iterations, move orders that transpose), and its short VCF always
//! gives the same answer, so it is searched once.

/// How many results are kept (a power of two; a newer result takes an older one's slot).
const SLOTS: usize = 1 << 16;
/// The low bits of a slot hold the result; the rest hold the key's high bits.
const KEY_MASK: u64 = !0xFF;
const WON: u64 = 0x80;
const NODES: u64 = 0x7F;

/// A direct-mapped memory of leaf VCF results: whether the side to move won, and how many
/// nodes the search took (counted again on a hit, so node limits and node counts stay as if
/// it had been searched).
pub struct LeafMemo {
    slots: Box<[u64]>,
}

impl Default for LeafMemo {
    fn default() -> Self {
        LeafMemo { slots: vec![0; SLOTS].into_boxed_slice() }
    }
}

impl LeafMemo {
    /// The remembered result for the position of Zobrist key `key`: (won, nodes).
    pub fn get(&self, key: u64) -> Option<(bool, u64)> {
        let slot = self.slots[key as usize & (SLOTS - 1)];
        (slot != 0 && slot & KEY_MASK == key & KEY_MASK).then_some((slot & WON != 0, slot & NODES))
    }

    /// Remembers the result of a search that took `nodes` nodes (1 to 127).
    pub fn put(&mut self, key: u64, won: bool, nodes: u64) {
        debug_assert!((1..=NODES).contains(&nodes), "a leaf VCF of {nodes} nodes");
        let result = if won { WON } else { 0 } | nodes.min(NODES);
        self.slots[key as usize & (SLOTS - 1)] = (key & KEY_MASK) | result;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_found_under_its_own_key_only() {
        let mut memo = LeafMemo::default();
        let key = 0x1234_5678_9ABC_DEF0;
        assert_eq!(memo.get(key), None);
        memo.put(key, true, 5);
        assert_eq!(memo.get(key), Some((true, 5)));
        // The same slot, another key: not this result.
        assert_eq!(memo.get(key ^ (1 << 40)), None);
        memo.put(key ^ (1 << 40), false, 3);
        assert_eq!(memo.get(key ^ (1 << 40)), Some((false, 3)));
        assert_eq!(memo.get(key), None);
    }
}
