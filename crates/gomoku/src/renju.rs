//! Renju fouls for Black, exactly as the RIF rules define them.
//!
//! Definitions (RIF International Rules of Renju), applied to the lines through the point `p`
//! Black is about to play:
//! - **five**: exactly five black stones in an unbroken row. A five takes precedence over every
//!   foul: a move that makes a five is never forbidden.
//! - **overline**: six or more black stones in an unbroken row.
//! - **four**: a row of four stones to which one more black stone can be added to make a five.
//!   Fours are counted by their stones, so `X.XXX.X`, `XX.XX.XX` and `XXX.X.XXX` are two fours
//!   on one line, while a straight four `.XXXX.` is one.
//! - **straight four**: a four with two points that each make a five.
//! - **three**: a row to which Black can add one stone, on a point that is not itself
//!   forbidden, to make a straight four. This is recursive: the completion point is checked
//!   with the whole foul definition on the board that includes `p`. A completion point that
//!   also makes a five does not make the row a three by default ([`ThreeAtFive::Ignored`], the
//!   Gomocup judges' reading); [`ThreeAtFive::Counts`] counts it.
//! - **double-four / double-three**: a move that makes two or more fours / threes at once.
//!   A line that holds a four is not also counted as a three.
//!
//! Each line is read from an 11-cell window (`p` ± 5) taken from the board's line bitboards
//! in a few shifts, so a check never rescans the board.

use crate::board::{Board, DIRECTIONS};
use crate::point::{Color, Point};
use crate::rule::{Foul, ThreeAtFive};
use crate::set::PointSet;

const CENTER: u32 = 5;

/// The run of set bits of `m` that contains bit `b` (which must be set): `(low, high)` bits.
#[inline]
const fn run(m: u32, b: u32) -> (u32, u32) {
    let up = (m >> (b + 1)).trailing_ones();
    let down = if b == 0 {
        0
    } else {
        (m << (32 - b)).leading_ones()
    };
    (b - down, b + up)
}

#[inline]
const fn span(lo: u32, hi: u32) -> u32 {
    ((1u32 << (hi - lo + 1)) - 1) << lo
}

/// Number of distinct fours through the centre of a window (`own` includes the centre).
#[inline]
fn fours(own: u32, empty: u32) -> u32 {
    // A four needs three more own stones within ±4.
    if (own & 0b011_1111_1110).count_ones() < 4 {
        return 0;
    }
    let mut sets = [0u32; 9];
    let mut n = 0;
    let mut cand = empty & 0b011_1111_1110;
    while cand != 0 {
        let q = cand.trailing_zeros();
        cand &= cand - 1;
        let o = own | 1 << q;
        let (lo, hi) = run(o, CENTER);
        if hi - lo == 4 && lo <= q && q <= hi {
            let stones = span(lo, hi) & !(1 << q);
            if !sets[..n].contains(&stones) {
                sets[n] = stones;
                n += 1;
            }
        }
    }
    n as u32
}

/// Window bits where one more stone makes a straight four through the centre.
#[inline]
fn three_completions(own: u32, empty: u32) -> u32 {
    if (own & 0b001_1111_1100).count_ones() < 3 {
        return 0;
    }
    let mut out = 0;
    let mut cand = empty & 0b001_1111_1100;
    while cand != 0 {
        let q = cand.trailing_zeros();
        cand &= cand - 1;
        let o = own | 1 << q;
        let e = empty & !(1 << q);
        let (lo, hi) = run(o, CENTER);
        if hi - lo == 3
            && lo <= q
            && q <= hi
            && (e >> (lo - 1)) & 1 == 1
            && (e >> (hi + 1)) & 1 == 1
            && (o >> (lo - 2)) & 1 == 0
            && (o >> (hi + 2)) & 1 == 0
        {
            out |= 1 << q;
        }
    }
    out
}

/// Whether the black stone on `p` is part of an exact five.
fn makes_five(board: &Board, p: Point) -> bool {
    (0..4).any(|d| {
        let (b, a) = board.run(p, Color::Black, d);
        b + a + 1 == 5
    })
}

/// The foul Black commits by playing the empty point `p`, or `None` if the move is allowed.
///
/// The board is borrowed mutably for scratch stones and is left exactly as it was.
pub(crate) fn foul_at(board: &mut Board, p: Point, reading: ThreeAtFive) -> Option<Foul> {
    debug_assert!(board.is_empty_at(p));
    board.place_unchecked(p, Color::Black);
    let foul = foul_placed(board, p, reading);
    board.remove_unchecked(p, Color::Black);
    foul
}

/// As [`foul_at`], with the black stone already on `p`.
fn foul_placed(board: &mut Board, p: Point, reading: ThreeAtFive) -> Option<Foul> {
    let mut windows = [(0u32, 0u32); 4];
    let mut overline = false;
    for (d, w) in windows.iter_mut().enumerate() {
        *w = board.window(p, Color::Black, d);
        let (lo, hi) = run(w.0, CENTER);
        match hi - lo + 1 {
            5 => return None,
            6.. => overline = true,
            _ => {}
        }
    }
    if overline {
        return Some(Foul::Overline);
    }
    let mut four_count = 0;
    let mut threes = [0u32; 4];
    let mut three_lines = 0;
    for (d, &(own, empty)) in windows.iter().enumerate() {
        let f = fours(own, empty);
        if f > 0 {
            four_count += f;
        } else {
            threes[d] = three_completions(own, empty);
            three_lines += u32::from(threes[d] != 0);
        }
    }
    if four_count >= 2 {
        return Some(Foul::DoubleFour);
    }
    if three_lines < 2 {
        return None;
    }
    let mut real = 0;
    for (d, &cand) in threes.iter().enumerate() {
        if cand == 0 {
            continue;
        }
        let (dx, dy) = DIRECTIONS[d];
        let mut c = cand;
        let mut is_three = false;
        while c != 0 {
            let k = c.trailing_zeros() as i32 - CENTER as i32;
            c &= c - 1;
            let Some(q) = p.offset(k * dx, k * dy) else {
                continue;
            };
            board.place_unchecked(q, Color::Black);
            let ok = if makes_five(board, q) {
                reading == ThreeAtFive::Counts
            } else {
                foul_placed(board, q, reading).is_none()
            };
            board.remove_unchecked(q, Color::Black);
            if ok {
                is_three = true;
                break;
            }
        }
        if is_three {
            real += 1;
            if real >= 2 {
                return Some(Foul::DoubleThree);
            }
        } else {
            // Not a real three after all; the remaining lines may still make two.
            three_lines -= 1;
            if three_lines < 2 {
                return None;
            }
        }
    }
    None
}

/// Every empty point of `board` where Black would commit a foul.
pub(crate) fn forbidden_points(board: &Board, reading: ThreeAtFive) -> PointSet {
    let mut scratch = board.clone();
    let black = board.points(Color::Black);
    let mut out = PointSet::new();
    for p in board.empty_points() {
        // A foul needs black stones nearby: at least two within the 9×9 box around `p`.
        if !near_black(&black, p, board) {
            continue;
        }
        if foul_at(&mut scratch, p, reading).is_some() {
            out.insert(p);
        }
    }
    out
}

/// Whether there are at least two black stones within four cells of `p` in rows and columns
/// (a cheap necessary condition for every foul).
fn near_black(black: &PointSet, p: Point, board: &Board) -> bool {
    let lo_y = p.y().saturating_sub(4);
    let hi_y = (p.y() + 4).min(board.height() - 1);
    let x = u32::from(p.x());
    let mask = if x >= 4 {
        0x1FFu32 << (x - 4)
    } else {
        0x1FFu32 >> (4 - x)
    };
    let mut n = 0;
    for y in lo_y..=hi_y {
        n += (black.row(y) & mask).count_ones();
        if n >= 2 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_helpers() {
        assert_eq!(run(0b0111_1100, 5), (2, 6));
        assert_eq!(run(0b10_0000, 5), (5, 5));
        // .XXXX. centred: one four (two completions, same stones).
        assert_eq!(fours(0b000_0111_1000, 0b111_1000_0111), 1);
        // X.XXX.X: two fours on one line.
        assert_eq!(fours(0b000_1011_1010, 0b111_0100_0101), 2);
        // .XXX.. : a three with completions on both sides.
        let (own, empty) = (0b000_0111_0000, 0b111_1000_1111);
        assert_eq!(three_completions(own, empty), (1 << 3) | (1 << 7));
    }
}
