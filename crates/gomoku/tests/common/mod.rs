//! Shared test helpers: diagram positions and the slow, definition-driven renju reference.
// Coordinates read best as x, y, w, h; `get` distinguishes off-board from empty.
#![allow(dead_code, clippy::many_single_char_names, clippy::option_option)]

use gomoku::{Color, Foul, Point, PointSet, Position, Settings, Setup, ThreeAtFive};

/// Reads a diagram in which `*` marks the point under test (it is empty on the board).
pub fn marked(diagram: &str, settings: impl Into<Settings>) -> (Position, Point) {
    let mut star = None;
    let rows: Vec<&str> = diagram.lines().filter(|l| !l.trim().is_empty()).collect();
    for (r, line) in rows.iter().enumerate() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(x) = cells.iter().position(|&c| c == '*') {
            star = Some(Point::new(x as u8, (rows.len() - 1 - r) as u8));
        }
    }
    let pos = position(&diagram.replace('*', "."), settings);
    (pos, star.expect("diagram has a * mark"))
}

/// Reads a diagram (Black to move unless the counts say otherwise).
pub fn position(diagram: &str, settings: impl Into<Settings>) -> Position {
    let mut setup = Setup::from_diagram(diagram, settings).expect("valid diagram");
    setup.to_move = Some(Color::Black);
    Position::from_setup(&setup).expect("valid setup")
}

/// A plain grid, deliberately sharing no code with the crate's bitboards.
#[derive(Clone)]
pub struct Grid {
    pub w: i32,
    pub h: i32,
    pub cells: Vec<Option<Color>>,
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

impl Grid {
    pub fn from_position(pos: &Position) -> Grid {
        let b = pos.board();
        let (w, h) = (i32::from(b.width()), i32::from(b.height()));
        let mut cells = vec![None; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                cells[(y * w + x) as usize] = b.get(Point::new(x as u8, y as u8));
            }
        }
        Grid { w, h, cells }
    }

    pub fn get(&self, x: i32, y: i32) -> Option<Option<Color>> {
        (x >= 0 && y >= 0 && x < self.w && y < self.h)
            .then(|| self.cells[(y * self.w + x) as usize])
    }

    fn set(&mut self, x: i32, y: i32, c: Option<Color>) {
        self.cells[(y * self.w + x) as usize] = c;
    }

    /// The whole line through (x, y) in direction d: cells in order, and the index of (x, y).
    fn line(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> (Vec<(i32, i32)>, usize) {
        let (mut sx, mut sy) = (x, y);
        while self.get(sx - dx, sy - dy).is_some() {
            sx -= dx;
            sy -= dy;
        }
        let mut cells = Vec::new();
        let (mut cx, mut cy) = (sx, sy);
        while self.get(cx, cy).is_some() {
            cells.push((cx, cy));
            cx += dx;
            cy += dy;
        }
        let i = cells.iter().position(|&c| c == (x, y)).unwrap();
        (cells, i)
    }

    fn black(&self, c: (i32, i32)) -> bool {
        self.get(c.0, c.1) == Some(Some(Color::Black))
    }

    fn empty(&self, c: (i32, i32)) -> bool {
        self.get(c.0, c.1) == Some(None)
    }

    /// Length of the black run through (x, y) (which is black) along d.
    fn run(&self, x: i32, y: i32, d: (i32, i32)) -> usize {
        let (cells, i) = self.line(x, y, d);
        let mut lo = i;
        while lo > 0 && self.black(cells[lo - 1]) {
            lo -= 1;
        }
        let mut hi = i;
        while hi + 1 < cells.len() && self.black(cells[hi + 1]) {
            hi += 1;
        }
        hi - lo + 1
    }

    /// Every way to make an exact five on the line through (x, y) with one more stone:
    /// (the four stones, the completion point), where the stones include (x, y).
    fn five_completions(&self, x: i32, y: i32, d: (i32, i32)) -> Vec<(Vec<usize>, usize)> {
        let (cells, i) = self.line(x, y, d);
        let mut out = Vec::new();
        if cells.len() < 5 {
            return out;
        }
        for s in 0..=cells.len() - 5 {
            if !(s..s + 5).contains(&i) {
                continue;
            }
            let blacks: Vec<usize> = (s..s + 5).filter(|&k| self.black(cells[k])).collect();
            let empties: Vec<usize> = (s..s + 5).filter(|&k| self.empty(cells[k])).collect();
            if blacks.len() != 4 || empties.len() != 1 {
                continue;
            }
            let before = s > 0 && self.black(cells[s - 1]);
            let after = s + 5 < cells.len() && self.black(cells[s + 5]);
            if !before && !after {
                out.push((blacks, empties[0]));
            }
        }
        out
    }

    /// Number of distinct fours through (x, y) along d.
    fn fours(&self, x: i32, y: i32, d: (i32, i32)) -> usize {
        let mut sets: Vec<Vec<usize>> = self
            .five_completions(x, y, d)
            .into_iter()
            .map(|c| c.0)
            .collect();
        sets.sort();
        sets.dedup();
        sets.len()
    }

    /// Whether a straight four (four stones with two distinct five points) contains both
    /// (x, y) and (qx, qy) along d.
    fn straight_four_with(&self, x: i32, y: i32, d: (i32, i32), q: (i32, i32)) -> bool {
        let (cells, _) = self.line(x, y, d);
        let qi = cells.iter().position(|&c| c == q).unwrap();
        let comps = self.five_completions(x, y, d);
        comps.iter().any(|(stones, e1)| {
            stones.contains(&qi) && comps.iter().any(|(s2, e2)| s2 == stones && e2 != e1)
        })
    }

    /// The reference foul check for Black on the empty point (x, y).
    pub fn foul(&mut self, x: i32, y: i32, reading: ThreeAtFive) -> Option<Foul> {
        assert!(self.empty((x, y)));
        self.set(x, y, Some(Color::Black));
        let r = self.foul_placed(x, y, reading);
        self.set(x, y, None);
        r
    }

    fn makes_five(&self, x: i32, y: i32) -> bool {
        DIRS.iter().any(|&d| self.run(x, y, d) == 5)
    }

    fn foul_placed(&mut self, x: i32, y: i32, reading: ThreeAtFive) -> Option<Foul> {
        if self.makes_five(x, y) {
            return None;
        }
        if DIRS.iter().any(|&d| self.run(x, y, d) >= 6) {
            return Some(Foul::Overline);
        }
        let fours: usize = DIRS.iter().map(|&d| self.fours(x, y, d)).sum();
        if fours >= 2 {
            return Some(Foul::DoubleFour);
        }
        let mut threes = 0;
        for d in DIRS {
            if self.fours(x, y, d) > 0 {
                continue;
            }
            let (cells, _) = self.line(x, y, d);
            let mut is_three = false;
            for q in cells {
                if !self.empty(q) {
                    continue;
                }
                self.set(q.0, q.1, Some(Color::Black));
                let straight = self.straight_four_with(x, y, d, q);
                let ok = straight
                    && if self.makes_five(q.0, q.1) {
                        reading == ThreeAtFive::Counts
                    } else {
                        self.foul_placed(q.0, q.1, reading).is_none()
                    };
                self.set(q.0, q.1, None);
                if ok {
                    is_three = true;
                    break;
                }
            }
            threes += usize::from(is_three);
        }
        (threes >= 2).then_some(Foul::DoubleThree)
    }

    /// Every empty point that is a foul for Black.
    pub fn forbidden(&mut self, reading: ThreeAtFive) -> PointSet {
        let mut out = PointSet::new();
        for y in 0..self.h {
            for x in 0..self.w {
                if self.empty((x, y)) && self.foul(x, y, reading).is_some() {
                    out.insert(Point::new(x as u8, y as u8));
                }
            }
        }
        out
    }
}
