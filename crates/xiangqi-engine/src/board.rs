//! A mailbox copy of a position (one byte per point) with the geometry the evaluation and
//! the static exchange evaluation share: steps, rays and the attackers of a point.

use xiangqi::{Color, MoveList, Piece, Position, Role, Square};

/// The legal moves of `pos` as a list.
pub(crate) fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list
}

/// A point index `file + 9 * rank`, 0–89.
pub(crate) type Point = usize;

/// The four orthogonal steps as `(file, rank)` deltas.
pub(crate) const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The four diagonal steps as `(file, rank)` deltas.
pub(crate) const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The point `(df, dr)` away from `p`, if it is on the board.
#[inline]
pub(crate) fn step(p: Point, df: i32, dr: i32) -> Option<Point> {
    let f = (p % 9) as i32 + df;
    let r = (p / 9) as i32 + dr;
    ((0..9).contains(&f) && (0..10).contains(&r)).then(|| (f + 9 * r) as usize)
}

/// The rank of `p` counted from `color`'s back rank (0–9).
#[inline]
pub(crate) const fn relative_rank(p: Point, color: Color) -> usize {
    match color {
        Color::Red => p / 9,
        Color::Black => 9 - p / 9,
    }
}

/// The pieces of a position by point.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    cells: [Option<Piece>; 90],
    /// Each colour's points as a bitset, indexed by `Color::index()`.
    colors: [u128; 2],
}

impl Board {
    pub(crate) fn new(pos: &Position) -> Board {
        let mut cells = [None; 90];
        let colors = [pos.occupied_by(Color::Red), pos.occupied_by(Color::Black)];
        let mut bits = colors[0] | colors[1];
        while bits != 0 {
            let p = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            cells[p] = Square::from_index(p).and_then(|sq| pos.piece_at(sq));
        }
        Board { cells, colors }
    }

    /// The pieces on the board by point, in point order.
    pub(crate) fn pieces(&self) -> impl Iterator<Item = (Point, Piece)> + '_ {
        self.pieces_in(self.occupied())
    }

    /// The pieces on the points of `set`, in point order.
    pub(crate) fn pieces_in(&self, set: u128) -> impl Iterator<Item = (Point, Piece)> + '_ {
        let mut bits = set & self.occupied();
        std::iter::from_fn(move || {
            let p = (bits != 0).then(|| bits.trailing_zeros() as usize)?;
            bits &= bits - 1;
            self.cells[p].map(|piece| (p, piece))
        })
    }

    #[inline]
    pub(crate) fn get(&self, p: Point) -> Option<Piece> {
        self.cells[p]
    }

    /// The occupied points as a bitset over [`Point`]s.
    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        self.colors[0] | self.colors[1]
    }

    /// `color`'s points as a bitset over [`Point`]s.
    #[inline]
    pub(crate) fn occupied_by(&self, color: Color) -> u128 {
        self.colors[color.index()]
    }

    #[inline]
    pub(crate) fn set(&mut self, p: Point, piece: Option<Piece>) {
        let bit = 1 << p;
        if let Some(old) = self.cells[p] {
            self.colors[old.color.index()] &= !bit;
        }
        self.cells[p] = piece;
        if let Some(new) = piece {
            self.colors[new.color.index()] |= bit;
        }
    }

    /// The first two pieces along the ray from `p` in direction `(df, dr)` with the number of
    /// empty points before the first: `(empties, first, second)`.
    pub(crate) fn ray(
        &self,
        p: Point,
        (df, dr): (i32, i32),
    ) -> (u32, Option<Point>, Option<Point>) {
        let (f, r) = ((p % 9) as i32, (p / 9) as i32);
        let room = |at: i32, d: i32, last: i32| match d.signum() {
            1 => (last - at) / d,
            -1 => at / -d,
            _ => i32::MAX,
        };
        let steps = room(f, df, 8).min(room(r, dr, 9));
        let delta = df + 9 * dr;
        let mut empties = 0;
        let mut first = None;
        let mut at = p as i32;
        for _ in 0..steps {
            at += delta;
            let q = at as usize;
            if self.cells[q].is_some() {
                if first.is_none() {
                    first = Some(q);
                } else {
                    return (empties, first, Some(q));
                }
            } else if first.is_none() {
                empties += 1;
            }
        }
        (empties, first, None)
    }

    /// The points of `color`'s pieces that could capture on `target` (pins and the flying
    /// general aside), as `(point, role)`.
    pub(crate) fn attackers(&self, target: Point, color: Color, out: &mut Vec<(Point, Role)>) {
        out.clear();
        let own = |p: Point, role: Role| self.cells[p] == Some(Piece::new(color, role));
        for d in ORTHOGONAL {
            let (_, first, second) = self.ray(target, d);
            if let Some(f) = first {
                if own(f, Role::Chariot) {
                    out.push((f, Role::Chariot));
                }
                if own(f, Role::General) && step(target, d.0, d.1) == Some(f) {
                    out.push((f, Role::General));
                }
            }
            if let Some(s) = second
                && own(s, Role::Cannon)
            {
                out.push((s, Role::Cannon));
            }
        }
        let sq = Square::from_index(target).expect("a point of the board");
        let mut horses = xiangqi::horse_attackers(sq, self.occupied());
        while horses != 0 {
            let h = horses.trailing_zeros() as usize;
            horses &= horses - 1;
            if own(h, Role::Horse) {
                out.push((h, Role::Horse));
            }
        }
        let forward = if color == Color::Red { 1 } else { -1 };
        if let Some(s) = step(target, 0, -forward)
            && own(s, Role::Soldier)
        {
            out.push((s, Role::Soldier));
        }
        for df in [1, -1] {
            if let Some(s) = step(target, df, 0)
                && own(s, Role::Soldier)
                && relative_rank(s, color) >= 5
            {
                out.push((s, Role::Soldier));
            }
        }
        let in_palace = |p: Point| {
            let (f, r) = (p % 9, relative_rank(p, color));
            (3..=5).contains(&f) && r <= 2
        };
        if in_palace(target) {
            for (df, dr) in DIAGONAL {
                if let Some(a) = step(target, df, dr)
                    && own(a, Role::Advisor)
                {
                    out.push((a, Role::Advisor));
                }
            }
        }
        if relative_rank(target, color) <= 4 {
            for (df, dr) in [(2, 2), (2, -2), (-2, 2), (-2, -2)] {
                if let (Some(e), Some(eye)) = (step(target, df, dr), step(target, df / 2, dr / 2))
                    && own(e, Role::Elephant)
                    && self.cells[eye].is_none()
                {
                    out.push((e, Role::Elephant));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use xiangqi::{Move, Position, Validation};

    use super::*;

    /// The attackers found by the board agree with the legal captures of the rules crate
    /// wherever no pin or flying-general rule is involved (none in these positions).
    #[test]
    fn attackers_match_the_legal_captures() {
        for fen in [
            xiangqi::START_FEN,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "2bak4/4a4/4b1n2/p1C1p3p/2p3p2/9/P1P1P1r1P/2N1C4/4A4/2BAK1B2 w",
            "3k5/4P4/2n1b4/9/2R1c4/4C4/9/4B4/3NA4/4KA3 w",
        ] {
            let pos = Position::from_fen_with(fen, Validation::Permissive).unwrap();
            let board = Board::new(&pos);
            let mut found = Vec::new();
            for target in Square::all() {
                let Some(victim) = pos.piece_at(target) else {
                    continue;
                };
                if victim.color == pos.turn() {
                    continue;
                }
                board.attackers(target.index(), pos.turn(), &mut found);
                let mut mine: Vec<usize> = found.iter().map(|&(p, _)| p).collect();
                mine.sort_unstable();
                let mut legal: Vec<usize> = legal_moves(&pos)
                    .iter()
                    .filter(|m: &&Move| m.to == target)
                    .map(|m| m.from.index())
                    .collect();
                legal.sort_unstable();
                assert_eq!(mine, legal, "{fen}: captures on {target}");
            }
        }
    }
}
