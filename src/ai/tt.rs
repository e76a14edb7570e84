//! The transposition table: a fixed-size hash table of search results keyed by Zobrist hash.

use super::score::MATE_BOUND;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// Best move found (raw board index), 0 for none.
    pub best: u16,
    /// Score, with mates stored relative to this node.
    pub score: i16,
    /// Remaining depth of the search that stored it.
    pub depth: i8,
    /// What the score means.
    pub bound: Bound,
    generation: u8,
}

const EMPTY: Entry =
    Entry { key: 0, best: 0, score: 0, depth: -128, bound: Bound::Upper, generation: 0 };

impl Entry {
    /// The entry's fields but the key, in one word.
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.best)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth as u8) << 32
            | bound << 40
            | u64::from(self.generation) << 48
    }

    fn unpack(key: u64, data: u64) -> Entry {
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Entry {
            key,
            best: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8 as i8,
            bound,
            generation: (data >> 48) as u8,
        }
    }
}

/// One slot, shared by the threads of a parallel search without locks: the data and the key
/// XOR the data. A slot half written by another thread reads as another key, so it is ignored.
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn empty() -> Slot {
        let data = EMPTY.pack();
        Slot { check: AtomicU64::new(EMPTY.key ^ data), data: AtomicU64::new(data) }
    }

    fn read(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.check.load(Ordering::Relaxed) ^ data;
        Entry::unpack(key, data)
    }

    fn write(&self, entry: &Entry) {
        let data = entry.pack();
        self.data.store(data, Ordering::Relaxed);
        self.check.store(entry.key ^ data, Ordering::Relaxed);
    }
}

/// A transposition table whose size is a power of two, shared by the threads of a parallel
/// search (reads and writes take `&self`). Its memory is taken at the first search, not when it
/// is made: an engine that never searches (an app left at its start screen, a protocol session
/// that only sets up boards) costs nothing.
pub struct Table {
    slots: Vec<Slot>,
    /// Slots to allocate at the first search.
    count: usize,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table using at most `megabytes` MiB (at least 1 MiB).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let count = (bytes / std::mem::size_of::<Slot>()).next_power_of_two() / 2;
        let count = count.max(1024);
        Table { slots: Vec::new(), count, mask: count - 1, generation: 0 }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for slot in &self.slots {
            slot.write(&EMPTY);
        }
        self.generation = 0;
    }

    /// Marks the start of a new search so older entries are replaced first (and allocates the
    /// table before its first search).
    pub fn new_search(&mut self) {
        self.allocate();
        self.generation = self.generation.wrapping_add(1);
    }

    /// Takes the table's memory now if it was not taken yet (a first search then starts at
    /// once instead of first touching every page of the table).
    pub fn allocate(&mut self) {
        if self.slots.is_empty() {
            self.slots = (0..self.count).map(|_| Slot::empty()).collect();
        }
    }

    /// The entry for `key`, with a mate score made relative to a node `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = self.slots[key as usize & self.mask].read();
        (e.key == key).then(|| Entry { score: from_tt(e.score, ply), ..e })
    }

    /// Stores a result, keeping a deeper entry of the current search in its slot.
    pub fn store(&self, key: u64, ply: usize, best: usize, score: i32, depth: i32, bound: Bound) {
        let slot = &self.slots[key as usize & self.mask];
        let old = slot.read();
        let replace = old.key == key
            || old.generation != self.generation
            || i32::from(old.depth) <= depth
            || bound == Bound::Exact;
        if replace {
            let best = if best == 0 && old.key == key { old.best } else { best as u16 };
            slot.write(&Entry {
                key,
                best,
                score: to_tt(score, ply),
                depth: depth.clamp(-127, 127) as i8,
                bound,
                generation: self.generation,
            });
        }
    }
}

fn to_tt(score: i32, ply: usize) -> i16 {
    let s = if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    };
    s.clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16
}

fn from_tt(score: i16, ply: usize) -> i16 {
    let s = i32::from(score);
    let s = if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    };
    s as i16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::score::win_in;

    #[test]
    fn memory_is_taken_at_the_first_search() {
        let mut table = Table::new(4);
        assert!(table.slots.is_empty());
        table.clear();
        assert!(table.slots.is_empty(), "clearing an unused table allocates nothing");
        table.new_search();
        assert_eq!(table.slots.len() * std::mem::size_of::<Slot>(), 2 << 20);
    }

    #[test]
    fn allocating_ahead_takes_the_memory_once_and_keeps_entries() {
        let mut table = Table::new(1);
        table.allocate();
        assert_eq!(table.slots.len() * std::mem::size_of::<Slot>(), 1 << 19);
        table.store(42, 0, 7, 10, 3, Bound::Lower);
        table.allocate();
        table.new_search();
        assert_eq!(table.probe(42, 0).map(|e| e.best), Some(7), "a second call frees nothing");
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut table = Table::new(1);
        table.new_search();
        table.store(42, 3, 100, win_in(5), 4, Bound::Exact);
        let e = table.probe(42, 7).unwrap();
        assert_eq!(i32::from(e.score), win_in(9));
        assert_eq!(e.best, 100);
        assert!(table.probe(43, 0).is_none());
    }

    #[test]
    fn every_field_survives_packing() {
        for (bound, depth, score) in [
            (Bound::Exact, -127, i16::MIN + 1),
            (Bound::Lower, 0, -1),
            (Bound::Upper, 127, i16::MAX),
        ] {
            let e = Entry { key: 7, best: 0xBEEF, score, depth, bound, generation: 200 };
            let back = Entry::unpack(7, e.pack());
            assert_eq!((back.best, back.score, back.depth), (0xBEEF, score, depth));
            assert_eq!((back.bound, back.generation), (bound, 200));
        }
        let empty = Slot::empty().read();
        assert_eq!((empty.key, empty.depth), (0, -128), "an empty slot stays useless to any key");
    }
}
