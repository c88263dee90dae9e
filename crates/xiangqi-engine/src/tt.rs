//! The transposition table: one entry per slot, sized in MiB, replaced by depth and age.

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

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    key: u32,
    packed_move: u16,
    score: i16,
    eval: i16,
    depth: i8,
    /// 0 for an empty slot, else 1 + the [`Bound`] as stored.
    bound: u8,
    age: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    packed_move: 0,
    score: 0,
    eval: 0,
    depth: 0,
    bound: 0,
    age: 0,
};

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

/// The table.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    age: u8,
}

impl Table {
    /// A table of about `mib` MiB (at least one entry).
    pub(crate) fn new(mib: usize) -> Table {
        let n = (mib * 1024 * 1024 / size_of::<Entry>()).max(1);
        Table {
            entries: vec![EMPTY; n],
            age: 0,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.age = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn slot(&self, hash: u64) -> usize {
        // Multiply-shift maps the hash onto the table without a modulo bias.
        ((u128::from(hash) * self.entries.len() as u128) >> 64) as usize
    }

    pub(crate) fn probe(&self, hash: u64) -> Option<Hit> {
        let e = self.entries[self.slot(hash)];
        let bound = match e.bound {
            _ if e.key != (hash >> 32) as u32 => return None,
            0 => return None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: unpack(e.packed_move),
            score: i32::from(e.score),
            eval: i32::from(e.eval),
            depth: i32::from(e.depth),
            bound,
        })
    }

    pub(crate) fn store(
        &mut self,
        hash: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let slot = self.slot(hash);
        let old = self.entries[slot];
        let key = (hash >> 32) as u32;
        let stale = old.age != self.age;
        if old.key == key || stale || depth >= i32::from(old.depth) - 2 || bound == Bound::Exact {
            let mv = if mv.is_none() && old.key == key {
                unpack(old.packed_move)
            } else {
                mv
            };
            let b = match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            };
            self.entries[slot] = Entry {
                key,
                packed_move: pack(mv),
                score: score.clamp(-32_000, 32_000) as i16,
                eval: eval.clamp(-32_000, 32_000) as i16,
                depth: depth.clamp(-1, 127) as i8,
                bound: b,
                age: self.age,
            };
        }
    }

    /// Permille of the first thousand slots used by the current search (UCI `hashfull`).
    pub(crate) fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.bound != 0 && e.age == self.age)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_is_sixteen_bytes() {
        assert_eq!(size_of::<Entry>(), 16);
        assert_eq!(Table::new(1).entries.len(), 1024 * 1024 / 16);
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
}
