//! The transposition table: a fixed-size hash table of search results keyed by Zobrist hash.

use super::score::MATE_BOUND;

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

/// A transposition table whose size is a power of two. Its memory is taken at the first search,
/// not when it is made: an engine that never searches (an app left at its start screen, a
/// protocol session that only sets up boards) costs nothing.
pub struct Table {
    entries: Vec<Entry>,
    /// Entries to allocate at the first search.
    count: usize,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table using at most `megabytes` MiB (at least 1 MiB).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let count = (bytes / std::mem::size_of::<Entry>()).next_power_of_two() / 2;
        let count = count.max(1024);
        Table { entries: Vec::new(), count, mask: count - 1, generation: 0 }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.generation = 0;
    }

    /// Marks the start of a new search so older entries are replaced first (and allocates the
    /// table before its first search).
    pub fn new_search(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![EMPTY; self.count];
        }
        self.generation = self.generation.wrapping_add(1);
    }

    /// The entry for `key`, with a mate score made relative to a node `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key).then(|| Entry { score: from_tt(e.score, ply), ..e })
    }

    /// Stores a result, keeping a deeper entry of the current search in its slot.
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        best: usize,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = &mut self.entries[key as usize & self.mask];
        let replace = slot.key == key
            || slot.generation != self.generation
            || i32::from(slot.depth) <= depth
            || bound == Bound::Exact;
        if replace {
            let best = if best == 0 && slot.key == key { slot.best } else { best as u16 };
            *slot = Entry {
                key,
                best,
                score: to_tt(score, ply),
                depth: depth.clamp(-127, 127) as i8,
                bound,
                generation: self.generation,
            };
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
        assert!(table.entries.is_empty());
        table.clear();
        assert!(table.entries.is_empty(), "clearing an unused table allocates nothing");
        table.new_search();
        assert_eq!(table.entries.len() * std::mem::size_of::<Entry>(), 2 << 20);
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
}
