//! The transposition table: one entry per slot, replaced when the new search is at least as
//! deep or the slot holds another position.

use crate::board::Cell;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    key: u64,
    /// The best move found, if any.
    pub best: Option<Cell>,
    /// The score, with win distances counted from this node.
    pub score: i32,
    /// The remaining depth it was searched to.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

/// A fixed-size, direct-mapped table.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table using about `bytes` of memory (at least 1,024 slots, a power of two).
    pub fn new(bytes: usize) -> Table {
        let n = (bytes / size_of::<Option<Entry>>()).max(1024);
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        Table {
            slots: vec![None; n],
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    /// Stores a result for `key`.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Cell>) {
        let i = self.index(key);
        if let Some(old) = self.slots[i]
            && old.key == key
            && old.depth > depth
        {
            return;
        }
        self.slots[i] = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
        });
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_keeps_the_deeper_result() {
        let mut t = Table::new(1 << 16);
        assert!(t.slots.len().is_power_of_two());
        assert_eq!(t.probe(42), None);
        t.store(42, 3, 10, Bound::Exact, Some(7));
        t.store(42, 1, -5, Bound::Upper, None);
        let e = t.probe(42).unwrap();
        assert_eq!((e.depth, e.score, e.best), (3, 10, Some(7)));
        assert_eq!(
            t.probe(42 + t.slots.len() as u64),
            None,
            "same slot, other key"
        );
        t.clear();
        assert_eq!(t.probe(42), None);
    }
}
