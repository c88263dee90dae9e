//! [`Board`]: stones on a rectangular grid, kept as line bitboards in four directions.

use crate::point::{Color, MAX_SIDE, MIN_SIDE, Point};
use crate::set::PointSet;
use std::fmt;

/// Padding bits below each line so a window of ±5 cells around any point never underflows.
const PAD: u32 = 5;
/// Number of lines per direction kept (a 32×32 board has 63 diagonals).
const LINES: usize = 64;

/// The four line directions as `(dx, dy)`: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Why a board size was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board size {width}x{height} is not supported (each side must be 5..=32)")]
pub struct SizeError {
    /// Requested width.
    pub width: u32,
    /// Requested height.
    pub height: u32,
}

/// A rectangular board of 5..=32 columns and rows with black and white stones.
///
/// Each colour is stored as one bitmask per line in each of the four directions, so the
/// length of a run through a point, or the ±5-cell neighbourhood used by the renju checker,
/// costs a few shifts: placing or removing a stone updates four words, and no operation
/// rescans the board.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    width: u8,
    height: u8,
    count: [u16; 2],
    /// `[colour][direction][line]`, bit `pos + PAD`.
    stones: [[[u64; LINES]; 4]; 2],
    /// `[direction][line]`: the bits that are on the board.
    valid: [[u64; LINES]; 4],
}

impl Board {
    /// An empty board.
    pub fn new(width: u8, height: u8) -> Result<Board, SizeError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(SizeError {
                width: width.into(),
                height: height.into(),
            });
        }
        let mut b = Board {
            width,
            height,
            count: [0; 2],
            stones: [[[0; LINES]; 4]; 2],
            valid: [[0; LINES]; 4],
        };
        for y in 0..height {
            for x in 0..width {
                let p = Point::new(x, y);
                for d in 0..4 {
                    let (l, bit) = b.locate(p, d);
                    b.valid[d][l] |= 1 << bit;
                }
            }
        }
        Ok(b)
    }

    /// An empty square board of side `size`.
    pub fn square(size: u8) -> Result<Board, SizeError> {
        Board::new(size, size)
    }

    /// Number of columns.
    pub const fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    pub const fn height(&self) -> u8 {
        self.height
    }

    /// Number of intersections.
    pub const fn area(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `p` lies on this board.
    pub const fn contains(&self, p: Point) -> bool {
        p.x() < self.width && p.y() < self.height
    }

    /// The stone on `p`, if any (`None` also off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.contains(p) {
            return None;
        }
        let bit = 1u64 << (p.x() as u32 + PAD);
        let row = p.y() as usize;
        if self.stones[0][0][row] & bit != 0 {
            Some(Color::Black)
        } else if self.stones[1][0][row] & bit != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.contains(p) && self.get(p).is_none()
    }

    /// Number of stones of `color`.
    pub const fn count(&self, color: Color) -> usize {
        self.count[color.index()] as usize
    }

    /// Number of stones of both colours.
    pub const fn stones(&self) -> usize {
        self.count[0] as usize + self.count[1] as usize
    }

    /// Whether every intersection holds a stone.
    pub const fn is_full(&self) -> bool {
        self.stones() == self.area()
    }

    /// The points holding stones of `color`.
    pub fn points(&self, color: Color) -> PointSet {
        let mut s = PointSet::new();
        for y in 0..self.height {
            let row = (self.stones[color.index()][0][y as usize] >> PAD) as u32;
            let mut r = row;
            while r != 0 {
                s.insert(Point::new(r.trailing_zeros() as u8, y));
                r &= r - 1;
            }
        }
        s
    }

    /// The empty intersections.
    pub fn empty_points(&self) -> PointSet {
        let all = PointSet::full(self.width, self.height);
        all.difference(&self.points(Color::Black).union(&self.points(Color::White)))
    }

    /// Line index and bit of `p` in direction `d`.
    #[inline]
    const fn locate(&self, p: Point, d: usize) -> (usize, u32) {
        let (x, y) = (p.x() as usize, p.y() as usize);
        let line = match d {
            0 => y,
            1 => x,
            2 => x + self.height as usize - 1 - y,
            _ => x + y,
        };
        let pos = if d == 1 { y } else { x };
        (line, pos as u32 + PAD)
    }

    /// Puts a stone of `color` on `p`.
    ///
    /// # Panics
    /// In debug builds, if `p` is off the board or occupied (the caller's contract).
    #[inline]
    pub fn place_unchecked(&mut self, p: Point, color: Color) {
        debug_assert!(
            self.is_empty_at(p),
            "place_unchecked on {p}: not an empty point"
        );
        let c = color.index();
        for d in 0..4 {
            let (l, bit) = self.locate(p, d);
            self.stones[c][d][l] |= 1 << bit;
        }
        self.count[c] += 1;
    }

    /// Removes the stone of `color` from `p`.
    ///
    /// # Panics
    /// In debug builds, if `p` does not hold a stone of `color`.
    #[inline]
    pub fn remove_unchecked(&mut self, p: Point, color: Color) {
        debug_assert_eq!(self.get(p), Some(color), "remove_unchecked on {p}");
        let c = color.index();
        for d in 0..4 {
            let (l, bit) = self.locate(p, d);
            self.stones[c][d][l] &= !(1 << bit);
        }
        self.count[c] -= 1;
    }

    /// The run of `color` stones through `p` in direction `d` (index into [`DIRECTIONS`]),
    /// counting `p` itself as such a stone: `(behind, ahead)` = stones before and after `p`.
    #[inline]
    pub fn run(&self, p: Point, color: Color, d: usize) -> (u32, u32) {
        let (l, bit) = self.locate(p, d);
        let m = self.stones[color.index()][d][l];
        let ahead = (m >> (bit + 1)).trailing_ones();
        let behind = (m << (64 - bit)).leading_ones();
        (behind, ahead)
    }

    /// Whether the cells just past a run `(behind, ahead)` through `p` in direction `d` both
    /// hold stones of `opponent` (the board edge never blocks).
    #[inline]
    pub fn blocked_both(&self, p: Point, opponent: Color, d: usize, run: (u32, u32)) -> bool {
        let (l, bit) = self.locate(p, d);
        let m = self.stones[opponent.index()][d][l];
        (m >> (bit + run.1 + 1)) & 1 == 1 && (m >> (bit - run.0 - 1)) & 1 == 1
    }

    /// The ±5 neighbourhood of `p` in direction `d` as two 11-bit masks (bit 5 is `p`,
    /// bit 5+k is `p + k·d`): cells with a stone of `color`, and empty cells on the board.
    #[inline]
    pub(crate) fn window(&self, p: Point, color: Color, d: usize) -> (u32, u32) {
        let (l, bit) = self.locate(p, d);
        let shift = bit - PAD;
        let own = self.stones[color.index()][d][l];
        let other = self.stones[color.other().index()][d][l];
        let empty = self.valid[d][l] & !(own | other);
        (
            ((own >> shift) & 0x7FF) as u32,
            ((empty >> shift) & 0x7FF) as u32,
        )
    }

    /// A text diagram: row numbers on the left (top row first), `X` black, `O` white, `.`
    /// empty, column letters underneath. [`Setup::from_diagram`](crate::Setup::from_diagram)
    /// reads it back.
    pub fn diagram(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wide = self.width > 26;
        for y in (0..self.height).rev() {
            write!(f, "{:>2}", y + 1)?;
            for x in 0..self.width {
                let c = match self.get(Point::new(x, y)) {
                    Some(c) => c.letter(),
                    None => '.',
                };
                if wide {
                    write!(f, "  {c}")?;
                } else {
                    write!(f, " {c}")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "  ")?;
        for x in 0..self.width {
            let name = crate::point::column_name(x);
            if wide {
                write!(f, " {name:>2}")?;
            } else {
                write!(f, " {name}")?;
            }
        }
        writeln!(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.width, self.height)?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert!(Board::new(4, 15).is_err());
        assert!(Board::new(15, 33).is_err());
        assert!(Board::new(5, 32).is_ok());
        assert_eq!(Board::new(20, 7).unwrap().area(), 140);
    }

    #[test]
    fn runs_and_windows_respect_edges() {
        let mut b = Board::new(7, 5).unwrap();
        for x in 0..7 {
            b.place_unchecked(Point::new(x, 0), Color::Black);
        }
        assert_eq!(b.run(Point::new(0, 0), Color::Black, 0), (0, 6));
        assert_eq!(b.run(Point::new(3, 0), Color::Black, 0), (3, 3));
        assert_eq!(b.run(Point::new(3, 0), Color::Black, 1), (0, 0));
        let (own, empty) = b.window(Point::new(0, 0), Color::Black, 0);
        assert_eq!(own, 0b111_1110_0000);
        assert_eq!(empty, 0);
        let (_, empty) = b.window(Point::new(6, 4), Color::Black, 2);
        assert_eq!(
            empty, 0b11_1100,
            "p and three empty cells down-left, then a1 (black), then the edge"
        );
        b.remove_unchecked(Point::new(3, 0), Color::Black);
        assert_eq!(b.run(Point::new(3, 0), Color::Black, 0), (3, 3));
        assert_eq!(b.run(Point::new(2, 0), Color::Black, 0), (2, 0));
        assert_eq!(b.count(Color::Black), 6);
    }

    #[test]
    fn points_and_diagram() {
        let mut b = Board::new(5, 5).unwrap();
        b.place_unchecked(Point::new(0, 0), Color::Black);
        b.place_unchecked(Point::new(4, 4), Color::White);
        assert_eq!(
            b.points(Color::White).iter().collect::<Vec<_>>(),
            [Point::new(4, 4)]
        );
        assert_eq!(b.empty_points().len(), 23);
        assert_eq!(
            b.diagram(),
            " 5 . . . . O\n 4 . . . . .\n 3 . . . . .\n 2 . . . . .\n 1 X . . . .\n   a b c d e\n"
        );
    }
}
