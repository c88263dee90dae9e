//! [`PointSet`]: a bitset of board points (one `u32` per row).

use crate::point::{MAX_SIDE, Point};
use std::fmt;

/// A set of points on a board up to 32×32: one `u32` per row, bit `x` of row `y`.
///
/// Used for legal-move lists and forbidden-point maps, so the hot paths never allocate.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PointSet {
    rows: [u32; MAX_SIDE as usize],
}

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet {
        rows: [0; MAX_SIDE as usize],
    };

    /// The empty set.
    pub const fn new() -> PointSet {
        PointSet::EMPTY
    }

    /// Every point of a `width`×`height` board.
    pub fn full(width: u8, height: u8) -> PointSet {
        let mut s = PointSet::EMPTY;
        let row = if width >= 32 {
            u32::MAX
        } else {
            (1u32 << width) - 1
        };
        for r in s.rows.iter_mut().take(height as usize) {
            *r = row;
        }
        s
    }

    /// Whether `p` is in the set.
    pub const fn contains(&self, p: Point) -> bool {
        self.rows[p.y() as usize] >> p.x() & 1 == 1
    }

    /// Adds `p`; returns whether it was absent.
    pub fn insert(&mut self, p: Point) -> bool {
        let had = self.contains(p);
        self.rows[p.y() as usize] |= 1 << p.x();
        !had
    }

    /// Removes `p`; returns whether it was present.
    pub fn remove(&mut self, p: Point) -> bool {
        let had = self.contains(p);
        self.rows[p.y() as usize] &= !(1 << p.x());
        had
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// The bits of row `y` (bit `x` is column `x`).
    pub const fn row(&self, y: u8) -> u32 {
        self.rows[y as usize]
    }

    /// Points in row-major order (row 1 first, then column `a` first).
    pub fn iter(&self) -> Iter {
        Iter { set: *self, y: 0 }
    }

    /// Points in both sets.
    #[must_use]
    pub fn intersection(&self, other: &PointSet) -> PointSet {
        let mut s = *self;
        for (a, b) in s.rows.iter_mut().zip(other.rows) {
            *a &= b;
        }
        s
    }

    /// Points in either set.
    #[must_use]
    pub fn union(&self, other: &PointSet) -> PointSet {
        let mut s = *self;
        for (a, b) in s.rows.iter_mut().zip(other.rows) {
            *a |= b;
        }
        s
    }

    /// Points in `self` but not in `other`.
    #[must_use]
    pub fn difference(&self, other: &PointSet) -> PointSet {
        let mut s = *self;
        for (a, b) in s.rows.iter_mut().zip(other.rows) {
            *a &= !b;
        }
        s
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.to_string()))
            .finish()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut s = PointSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// Iterator over a [`PointSet`] in row-major order.
#[derive(Clone, Debug)]
pub struct Iter {
    set: PointSet,
    y: u8,
}

impl Iterator for Iter {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        while self.y < MAX_SIDE {
            let row = &mut self.set.rows[self.y as usize];
            if *row != 0 {
                let x = row.trailing_zeros() as u8;
                *row &= *row - 1;
                return Some(Point::new(x, self.y));
            }
            self.y += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = PointSet::new();
        assert!(s.insert(Point::new(3, 4)));
        assert!(!s.insert(Point::new(3, 4)));
        s.insert(Point::new(31, 31));
        s.insert(Point::new(0, 0));
        assert_eq!(s.len(), 3);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [Point::new(0, 0), Point::new(3, 4), Point::new(31, 31)]
        );
        assert!(s.remove(Point::new(3, 4)));
        assert!(!s.contains(Point::new(3, 4)));
        assert_eq!(PointSet::full(32, 32).len(), 1024);
        assert_eq!(PointSet::full(15, 7).len(), 105);
    }
}
