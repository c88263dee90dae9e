//! The transposition table: a set of exact board keys with open addressing (linear probing).
//!
//! A key is stored whole in its slot, so a lookup costs one memory access in the common case,
//! and a deal's keys fit in 64 bits ([`Layout::key`](super::board::Layout::key)), so a slot is
//! 8 bytes; keys of hand-made positions that do not fit take 16-byte slots.

/// A key type the table can hold.
pub(crate) trait Key: Copy + Eq {
    /// The value no key takes: it marks an empty slot.
    const EMPTY: Self;
    /// A well-mixed 64-bit hash.
    fn hash(self) -> u64;
}

/// The SplitMix64 finalizer: a bijection of `u64` with full avalanche.
const fn fmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Key for u64 {
    const EMPTY: u64 = u64::MAX;
    fn hash(self) -> u64 {
        fmix(self)
    }
}

impl Key for u128 {
    const EMPTY: u128 = u128::MAX;
    fn hash(self) -> u64 {
        fmix(self as u64 ^ ((self >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

/// Slots in a fresh table (a power of two).
const INITIAL: usize = 1 << 12;

/// A set of keys of one type.
pub(crate) struct Slots<K> {
    keys: Vec<K>,
    len: usize,
    /// The most bytes the slots may take: a growth past it is refused and marks the set full.
    limit: usize,
    full: bool,
}

impl<K: Key> Slots<K> {
    fn new() -> Slots<K> {
        Slots {
            keys: vec![K::EMPTY; INITIAL],
            len: 0,
            limit: usize::MAX,
            full: false,
        }
    }

    /// Adds `key` (never [`Key::EMPTY`]); false if it was there already.
    ///
    /// When the set should grow but its memory limit forbids it, it stays as it is and is
    /// marked [`full`](Table::is_full): a search stops at the next board, a few dozen inserts
    /// later at most, so the slots never fill up.
    fn insert(&mut self, key: K) -> bool {
        // At most five slots in eight full, so probes stay short.
        if (self.len + 1) * 8 > self.keys.len() * 5 {
            if (self.keys.len() * 2).saturating_mul(size_of::<K>()) > self.limit {
                self.full = true;
            } else {
                self.grow();
            }
        }
        let mask = self.keys.len() - 1;
        let mut i = key.hash() as usize & mask;
        loop {
            let slot = self.keys[i];
            if slot == key {
                return false;
            }
            if slot == K::EMPTY {
                self.keys[i] = key;
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Reads `key`'s first slot, so that a following [`insert`](Slots::insert) finds it in
    /// the cache: touching the slots of several keys before inserting them lets the memory
    /// accesses overlap.
    fn touch(&self, key: K) {
        let mask = self.keys.len() - 1;
        std::hint::black_box(self.keys[key.hash() as usize & mask]);
    }

    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        let old = std::mem::replace(&mut self.keys, vec![K::EMPTY; size]);
        self.len = 0;
        for key in old {
            if key != K::EMPTY {
                self.insert(key);
            }
        }
    }
}

/// The set of board keys entered by one search.
pub(crate) enum Table {
    /// Every key fits in 64 bits.
    Narrow(Slots<u64>),
    /// Some keys need 128.
    Wide(Slots<u128>),
}

impl Default for Table {
    fn default() -> Table {
        Table::Narrow(Slots::new())
    }
}

impl Table {
    /// Empties the table for a search whose keys are `narrow` (64-bit) or not, giving back
    /// the memory of a large previous search.
    pub(crate) fn reset(&mut self, narrow: bool) {
        *self = if narrow {
            Table::Narrow(Slots::new())
        } else {
            Table::Wide(Slots::new())
        };
    }

    /// The memory the slots take, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        match self {
            Table::Narrow(slots) => slots.keys.len() * size_of::<u64>(),
            Table::Wide(slots) => slots.keys.len() * size_of::<u128>(),
        }
    }

    /// Forbids growing past `bytes`.
    pub(crate) fn set_limit(&mut self, bytes: usize) {
        match self {
            Table::Narrow(slots) => slots.limit = bytes,
            Table::Wide(slots) => slots.limit = bytes,
        }
    }

    /// Whether a growth was refused (see [`set_limit`](Table::set_limit)).
    pub(crate) fn is_full(&self) -> bool {
        match self {
            Table::Narrow(slots) => slots.full,
            Table::Wide(slots) => slots.full,
        }
    }

    /// Adds `key`; false if it was there already.
    pub(crate) fn insert(&mut self, key: u128) -> bool {
        match self {
            Table::Narrow(slots) => slots.insert(key as u64),
            Table::Wide(slots) => slots.insert(key),
        }
    }

    /// Brings `key`'s slot into the cache (see [`Slots::touch`]).
    pub(crate) fn touch(&self, key: u128) {
        match self {
            Table::Narrow(slots) => slots.touch(key as u64),
            Table::Wide(slots) => slots.touch(key),
        }
    }

    /// How many keys it holds.
    pub(crate) fn len(&self) -> usize {
        match self {
            Table::Narrow(slots) => slots.len,
            Table::Wide(slots) => slots.len,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{INITIAL, Table};

    #[test]
    fn a_memory_limit_stops_growth_and_marks_the_table_full() {
        let mut table = Table::default();
        table.reset(true);
        let bytes = table.bytes();
        assert_eq!(bytes, INITIAL * 8);
        table.set_limit(bytes);
        let mut key = 1u128;
        while !table.is_full() {
            table.insert(key);
            key += 1;
        }
        assert_eq!(table.bytes(), bytes, "the table did not grow");
        assert_eq!(
            table.len(),
            INITIAL * 5 / 8 + 1,
            "full past five slots in eight"
        );
    }

    #[test]
    fn holds_each_key_once_through_growth() {
        for narrow in [true, false] {
            let mut table = Table::default();
            table.reset(narrow);
            // Keys that share their low bits, past several doublings of the initial size.
            let keys = (0..20_000u128).map(|k| k << 20 | 7);
            for key in keys.clone() {
                assert!(table.insert(key));
            }
            for key in keys {
                assert!(!table.insert(key), "{key} was already in");
            }
            assert!(table.insert(5));
            assert_eq!(table.len(), 20_001);
            table.reset(narrow);
            assert_eq!(table.len(), 0);
            assert!(table.insert(5));
        }
    }
}
