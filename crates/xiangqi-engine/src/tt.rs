//! The transposition table: one entry per slot, sized in MiB, replaced by depth and age, and
//! shared by every thread of a search (Lazy SMP) without locks.
//!
//! A slot is two atomic words: the data, and the position's key XORed with the data. A probe
//! accepts a slot only if the two words XOR back to the key it asks for, so a slot torn by two
//! threads writing at once reads as a miss instead of as another position's entry.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use xiangqi::{Move, Square};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact value (a PV node).
    Exact,
    /// At least the score (a fail high).
    Lower,
    /// At most the score (a fail low).
    Upper,
}

impl Bound {
    /// What a node's best score `best` says, searched in the window `alpha..beta`.
    pub(crate) fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One slot: `key` is the position's Zobrist key XOR `data`; `data` packs, from bit 0, the
/// move (16 bits), score (16), static eval (16), depth (8), bound (2: 0 for an empty slot,
/// else 1 + the [`Bound`]) and the search's age (6).
#[derive(Debug, Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// The age field's width.
const AGE_MASK: u8 = 63;

/// What a probe returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    pub(crate) mv: Option<Move>,
    pub(crate) score: i32,
    pub(crate) eval: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

fn pack(m: Option<Move>) -> u16 {
    m.map_or(0, |m| 1 + (m.from.index() * 90 + m.to.index()) as u16)
}

fn unpack(code: u16) -> Option<Move> {
    let i = usize::from(code.checked_sub(1)?);
    Some(Move::new(
        Square::from_index(i / 90)?,
        Square::from_index(i % 90)?,
    ))
}

/// A slot's data word, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Data {
    packed_move: u16,
    score: i16,
    eval: i16,
    depth: i8,
    bound: u8,
    age: u8,
}

impl Data {
    fn encode(self) -> u64 {
        u64::from(self.packed_move)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth as u8) << 48
            | u64::from(self.bound & 3) << 56
            | u64::from(self.age & AGE_MASK) << 58
    }

    fn decode(w: u64) -> Data {
        Data {
            packed_move: w as u16,
            score: (w >> 16) as u16 as i16,
            eval: (w >> 32) as u16 as i16,
            depth: (w >> 48) as u8 as i8,
            bound: (w >> 56) as u8 & 3,
            age: (w >> 58) as u8 & AGE_MASK,
        }
    }
}

/// The table.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Slot>,
    age: AtomicU8,
}

impl Table {
    /// A table of about `mib` MiB (at least one slot).
    pub(crate) fn new(mib: usize) -> Table {
        let n = (mib * 1024 * 1024 / size_of::<Slot>()).max(1);
        Table {
            slots: (0..n).map(|_| Slot::default()).collect(),
            age: AtomicU8::new(0),
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for s in &mut self.slots {
            *s = Slot::default();
        }
        *self.age.get_mut() = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub(crate) fn new_search(&mut self) {
        let age = self.age.get_mut();
        *age = age.wrapping_add(1) & AGE_MASK;
    }

    fn slot(&self, hash: u64) -> &Slot {
        // Multiply-shift maps the hash onto the table without a modulo bias.
        &self.slots[((u128::from(hash) * self.slots.len() as u128) >> 64) as usize]
    }

    /// The slot's data if it holds `hash`.
    fn read(&self, hash: u64) -> Option<Data> {
        let slot = self.slot(hash);
        let (key, data) = (slot.key.load(Relaxed), slot.data.load(Relaxed));
        let d = Data::decode(data);
        (key ^ data == hash && d.bound != 0).then_some(d)
    }

    pub(crate) fn probe(&self, hash: u64) -> Option<Hit> {
        let d = self.read(hash)?;
        Some(Hit {
            mv: unpack(d.packed_move),
            score: i32::from(d.score),
            eval: i32::from(d.eval),
            depth: i32::from(d.depth),
            bound: match d.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    pub(crate) fn store(
        &self,
        hash: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = self.slot(hash);
        let data = slot.data.load(Relaxed);
        let old = Data::decode(data);
        let same = slot.key.load(Relaxed) ^ data == hash;
        let age = self.age.load(Relaxed);
        let stale = old.age != age;
        if same || stale || depth >= i32::from(old.depth) - 2 || bound == Bound::Exact {
            let packed_move = if mv.is_none() && same {
                old.packed_move
            } else {
                pack(mv)
            };
            let new = Data {
                packed_move,
                score: score.clamp(-32_000, 32_000) as i16,
                eval: eval.clamp(-32_000, 32_000) as i16,
                depth: depth.clamp(-1, 127) as i8,
                bound: match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
                age,
            }
            .encode();
            slot.key.store(hash ^ new, Relaxed);
            slot.data.store(new, Relaxed);
        }
    }

    /// Permille of the first thousand slots used by the current search (UCI `hashfull`).
    pub(crate) fn hashfull(&self) -> u32 {
        let n = self.slots.len().min(1000);
        let age = self.age.load(Relaxed);
        let used = self.slots[..n]
            .iter()
            .map(|s| Data::decode(s.data.load(Relaxed)))
            .filter(|d| d.bound != 0 && d.age == age)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_is_sixteen_bytes() {
        assert_eq!(size_of::<Slot>(), 16);
        assert_eq!(Table::new(1).slots.len(), 1024 * 1024 / 16);
    }

    #[test]
    fn store_and_probe_round_trip() {
        let mut t = Table::new(1);
        let m: Move = "h2e2".parse().unwrap();
        let h = 0x1234_5678_9abc_def0;
        assert_eq!(t.probe(h), None);
        t.store(h, Some(m), -250, 30, 7, Bound::Lower);
        let hit = t.probe(h).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (Some(m), -250, 30, 7, Bound::Lower)
        );
        // Another key in the same slot does not match.
        assert_eq!(t.probe(h ^ (1 << 40)), None);
        t.clear();
        assert_eq!(t.probe(h), None);
        for code in [0u16, 1, 8099, 8100] {
            assert_eq!(pack(unpack(code)), code);
        }
    }

    #[test]
    fn data_word_round_trips_extremes() {
        for d in [
            Data {
                packed_move: 8100,
                score: -32_000,
                eval: 32_000,
                depth: -1,
                bound: 3,
                age: AGE_MASK,
            },
            Data {
                packed_move: 0,
                score: 1,
                eval: -1,
                depth: 127,
                bound: 1,
                age: 0,
            },
        ] {
            assert_eq!(Data::decode(d.encode()), d);
        }
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        // A slot whose words come from two different stores fails the XOR check.
        let t = Table::new(1);
        let (h1, h2) = (0x1111_2222_3333_4444, 0x1111_2222_3333_4444 ^ 0x10);
        t.store(h1, None, 5, 5, 3, Bound::Exact);
        let slot = t.slot(h1);
        let key1 = slot.key.load(Relaxed);
        t.store(h2, None, 9, 9, 9, Bound::Exact);
        slot.key.store(key1, Relaxed);
        assert_eq!(t.probe(h1), None);
        assert_eq!(t.probe(h2), None);
    }
}
