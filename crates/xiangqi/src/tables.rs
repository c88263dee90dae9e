//! Precomputed move and attack tables, built at compile time.
//!
//! Squares are indices `file + 9 * rank` (0–89). Every table is a short list per square, so
//! move generation never tests board edges, palace walls or the river at run time.

// Board geometry reads best with f(ile), r(ank), s(quare), t(able), c(olour).
#![allow(clippy::many_single_char_names)]

/// Up to `N` squares, with an optional second square each (a horse leg or an elephant eye).
#[derive(Clone, Copy)]
pub(crate) struct List<const N: usize> {
    pub(crate) to: [u8; N],
    pub(crate) via: [u8; N],
    pub(crate) len: u8,
}

impl<const N: usize> List<N> {
    const EMPTY: Self = List {
        to: [0; N],
        via: [0; N],
        len: 0,
    };

    const fn push(mut self, to: u8, via: u8) -> Self {
        self.to[self.len as usize] = to;
        self.via[self.len as usize] = via;
        self.len += 1;
        self
    }
}

const fn sq(file: i32, rank: i32) -> Option<u8> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        Some((file + 9 * rank) as u8)
    } else {
        None
    }
}

const fn in_palace(s: u8, color: usize) -> bool {
    let f = s % 9;
    let r = s / 9;
    f >= 3 && f <= 5 && if color == 0 { r <= 2 } else { r >= 7 }
}

const fn red_side(s: u8) -> bool {
    s / 9 <= 4
}

/// Orthogonal directions: north (towards Black), south, east (towards file i), west.
pub(crate) const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// Squares along each of the four directions, nearest first.
pub(crate) static RAYS: [[List<9>; 4]; 90] = {
    let mut t = [[List::EMPTY; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let mut f = (s % 9) as i32 + df;
            let mut r = (s / 9) as i32 + dr;
            while let Some(x) = sq(f, r) {
                t[s][d] = t[s][d].push(x, 0);
                f += df;
                r += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// The squares of each ray of [`RAYS`] as a bitset over square indices.
pub(crate) static RAY_MASKS: [[u128; 4]; 90] = {
    let mut t = [[0u128; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = RAYS[s][d];
            let mut i = 0;
            while i < ray.len as usize {
                t[s][d] |= 1u128 << ray.to[i];
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

const HORSE_STEPS: [(i32, i32, i32, i32); 8] = [
    // (df, dr, leg df, leg dr)
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// Horse moves from a square: destination and leg.
pub(crate) static HORSE_MOVES: [List<8>; 90] = {
    let mut t = [List::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_STEPS[i];
            if let (Some(to), Some(leg)) = (sq(f + df, r + dr), sq(f + lf, r + lr)) {
                t[s] = t[s].push(to, leg);
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Horses attacking a square: the horse's square and its leg.
pub(crate) static HORSE_ATTACKERS: [List<8>; 90] = {
    let mut t = [List::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let m = HORSE_MOVES[s];
        let mut i = 0;
        while i < m.len as usize {
            let to = m.to[i] as usize;
            t[to] = t[to].push(s as u8, m.via[i]);
            i += 1;
        }
        s += 1;
    }
    t
};

/// Elephant moves per color: destination and eye; the destination is always on the own side
/// of the river (an elephant set up across the river, in permissive positions, can only move
/// back), so an elephant never attacks the enemy general.
pub(crate) static ELEPHANT_MOVES: [[List<4>; 90]; 2] = {
    let mut t = [[List::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let f = (s % 9) as i32;
            let r = (s / 9) as i32;
            let mut i = 0;
            while i < 4 {
                let df = if i & 1 == 0 { 1 } else { -1 };
                let dr = if i & 2 == 0 { 1 } else { -1 };
                if let (Some(to), Some(eye)) = (sq(f + 2 * df, r + 2 * dr), sq(f + df, r + dr))
                    && red_side(to) == (c == 0)
                {
                    t[c][s] = t[c][s].push(to, eye);
                }
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
};

const fn palace_steps(diagonal: bool) -> [[List<4>; 90]; 2] {
    let mut t = [[List::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let f = (s % 9) as i32;
            let r = (s / 9) as i32;
            let mut i = 0;
            while i < 4 {
                let (df, dr) = if diagonal {
                    (
                        if i & 1 == 0 { 1 } else { -1 },
                        if i & 2 == 0 { 1 } else { -1 },
                    )
                } else {
                    DIRS[i]
                };
                if let Some(to) = sq(f + df, r + dr)
                    && in_palace(to, c)
                {
                    t[c][s] = t[c][s].push(to, 0);
                }
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// General moves per color: one orthogonal step into the own palace.
pub(crate) static GENERAL_MOVES: [[List<4>; 90]; 2] = palace_steps(false);

/// Advisor moves per color: one diagonal step into the own palace.
pub(crate) static ADVISOR_MOVES: [[List<4>; 90]; 2] = palace_steps(true);

/// Soldier moves per color: forward, and sideways once across the river.
pub(crate) static SOLDIER_MOVES: [[List<3>; 90]; 2] = {
    let mut t = [[List::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let f = (s % 9) as i32;
            let r = (s / 9) as i32;
            let fwd = if c == 0 { 1 } else { -1 };
            if let Some(to) = sq(f, r + fwd) {
                t[c][s] = t[c][s].push(to, 0);
            }
            let crossed = red_side(s as u8) == (c == 1);
            if crossed {
                if let Some(to) = sq(f - 1, r) {
                    t[c][s] = t[c][s].push(to, 0);
                }
                if let Some(to) = sq(f + 1, r) {
                    t[c][s] = t[c][s].push(to, 0);
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// Squares from which a soldier of the given color attacks a square.
pub(crate) static SOLDIER_ATTACKERS: [[List<3>; 90]; 2] = {
    let mut t = [[List::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let m = SOLDIER_MOVES[c][s];
            let mut i = 0;
            while i < m.len as usize {
                let to = m.to[i] as usize;
                t[c][to] = t[c][to].push(s as u8, 0);
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
};

/// The four diagonal neighbours of each square (the legs of horses that attack it).
pub(crate) static DIAGONAL_NEIGHBOURS: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i32;
        let r = (s / 9) as i32;
        let mut i = 0;
        while i < 4 {
            let df = if i & 1 == 0 { 1 } else { -1 };
            let dr = if i & 2 == 0 { 1 } else { -1 };
            if let Some(x) = sq(f + df, r + dr) {
                t[s] |= 1u128 << x;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_the_rules() {
        // Corner chariot sees 8 + 9 squares; a central horse has 8 moves.
        let a0 = 0;
        assert_eq!(RAYS[a0].iter().map(|l| l.len as usize).sum::<usize>(), 17);
        let e4 = 4 + 9 * 4;
        assert_eq!(HORSE_MOVES[e4].len, 8);
        assert_eq!(HORSE_ATTACKERS[e4].len, 8);
        // Elephant on e2 (c0? no: e2 is the centre elephant point) reaches c0, g0, c4, g4.
        let e2 = 4 + 9 * 2;
        assert_eq!(ELEPHANT_MOVES[0][e2].len, 4);
        // Elephant on c4 cannot cross the river: only a2 and e2.
        let c4 = 2 + 9 * 4;
        assert_eq!(ELEPHANT_MOVES[0][c4].len, 2);
        // A red elephant set up across the river may only go back: c6 reaches a4 and e4.
        assert_eq!(ELEPHANT_MOVES[0][2 + 9 * 6].len, 2);
        assert_eq!(ELEPHANT_MOVES[1][2 + 9 * 6].len, 2, "black from c6: a8, e8");
        // General in the palace centre has 4 moves, in a corner 2.
        let e1 = 4 + 9;
        assert_eq!(GENERAL_MOVES[0][e1].len, 4);
        assert_eq!(GENERAL_MOVES[0][3].len, 2);
        assert_eq!(ADVISOR_MOVES[0][e1].len, 4);
        assert_eq!(ADVISOR_MOVES[1][4 + 9 * 8].len, 4);
        // Soldiers: one move before the river, three after, never backwards.
        assert_eq!(SOLDIER_MOVES[0][4 + 9 * 3].len, 1);
        assert_eq!(SOLDIER_MOVES[0][4 + 9 * 5].len, 3);
        assert_eq!(
            SOLDIER_MOVES[0][9 * 9].len,
            1,
            "red soldier on a9: only sideways to b9"
        );
        assert_eq!(SOLDIER_MOVES[1][4 + 9 * 6].len, 1);
        assert_eq!(SOLDIER_MOVES[1][4 + 9 * 4].len, 3);
    }
}
