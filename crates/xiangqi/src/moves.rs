//! [`Move`] in ICCS coordinates and the fixed-capacity [`MoveList`].

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::str::FromStr;

use thiserror::Error;

use crate::types::Square;

/// A move from one point to another, written in ICCS coordinates (`h2e2`).
///
/// Two bytes; what moves and what is captured follow from the position it is played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece lands on (capturing whatever stands there).
    pub to: Square,
}

impl Move {
    /// Builds a move.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The move mirrored left-right.
    #[must_use]
    pub const fn flip_files(self) -> Move {
        Move {
            from: self.from.flip_files(),
            to: self.to.flip_files(),
        }
    }
}

/// A string that is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid ICCS move {0:?} (expected two squares like h2e2 or H2-E2)")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;
    /// Accepts `h2e2`, `H2E2`, `h2-e2` and `H2-E2` (surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let t = s.trim();
        let err = || ParseMoveError(s.to_owned());
        let (a, b) = match t.len() {
            4 if t.is_ascii() => (&t[..2], &t[2..]),
            5 if t.is_ascii() && t.as_bytes()[2] == b'-' => (&t[..2], &t[3..]),
            _ => return Err(err()),
        };
        let from = a.parse::<Square>().map_err(|_| err())?;
        let to = b.parse::<Square>().map_err(|_| err())?;
        if from == to {
            return Err(err());
        }
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

game::serde_as_text!(Move);

/// The most legal moves any position that validation accepts can have: the capacity of a
/// [`MoveList`].
///
/// No piece has more than 17 moves (a chariot or a cannon on an empty board: 8 along its rank
/// plus 9 along its file; a horse has at most 8, a soldier 3, an elephant, an advisor or a
/// general 4), and even [`Validation::Permissive`] allows at most [`MAX_PIECES_PER_SIDE`]
/// pieces a side, one of them the general: 15 × 17 + 4 = 259. Strictly valid positions stay
/// far below (at most 114 by the same count over the real piece set).
/// `tests::capacity_covers_every_piece` recomputes the per-piece maxima from the move tables.
///
/// [`Validation::Permissive`]: crate::Validation::Permissive
/// [`MAX_PIECES_PER_SIDE`]: crate::MAX_PIECES_PER_SIDE
pub const MAX_MOVES: usize = (crate::MAX_PIECES_PER_SIDE - 1) * 17 + 4;

/// A fixed-capacity list of moves (no allocation), as filled by
/// [`Position::legal_moves`](crate::Position::legal_moves); it holds [`MAX_MOVES`].
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

const NULL: Move = Move {
    from: Square::from_index_unchecked(0),
    to: Square::from_index_unchecked(0),
};

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// Beyond [`MAX_MOVES`] moves, which legal move generation never reaches (see there).
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` returns true.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if f(&self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables;

    #[test]
    fn move_is_two_bytes() {
        assert_eq!(std::mem::size_of::<Move>(), 2);
    }

    #[test]
    fn iccs_parses_and_prints() {
        let m: Move = "h2e2".parse().unwrap();
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!("H2-E2".parse::<Move>(), Ok(m));
        assert_eq!(" h2-e2 ".parse::<Move>(), Ok(m));
        for bad in [
            "",
            "h2",
            "h2e",
            "h2e2e",
            "h2h2",
            "j2e2",
            "h2+e2",
            "炮二平五",
            "h2e\u{e9}",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn capacity_covers_every_piece() {
        let max = |f: &dyn Fn(usize) -> usize| (0..90).map(f).max().unwrap_or(0);
        let slider = max(&|s| tables::RAYS[s].iter().map(|l| l.len as usize).sum());
        let horse = max(&|s| tables::HORSE_MOVES[s].len as usize);
        let soldier = max(&|s| tables::SOLDIER_MOVES[0][s].len as usize);
        let general = max(&|s| tables::GENERAL_MOVES[0][s].len as usize);
        // Two elephants/advisors: the best point plus the second best.
        let pair = |counts: Vec<usize>| {
            let mut c = counts;
            c.sort_unstable();
            c.iter().rev().take(2).sum::<usize>()
        };
        let red = |s: usize| s / 9 <= 4;
        let elephants = pair(
            (0..90)
                .filter(|&s| red(s) && tables::ELEPHANT_MOVES[0][s].len > 0)
                .filter(|&s| [2, 6, 18, 22, 26, 38, 42].contains(&s))
                .map(|s| tables::ELEPHANT_MOVES[0][s].len as usize)
                .collect(),
        );
        let advisors = pair(
            [3, 5, 13, 21, 23]
                .iter()
                .map(|&s| tables::ADVISOR_MOVES[0][s].len as usize)
                .collect(),
        );
        assert_eq!(
            (slider, horse, soldier, general, elephants, advisors),
            (17, 8, 3, 4, 6, 5)
        );
        let strict = 4 * slider + 2 * horse + 5 * soldier + general + elephants + advisors;
        assert_eq!(strict, 114);
        // Permissive: any roles on any points; the best single piece of each role.
        let elephant = max(&|s| tables::ELEPHANT_MOVES[0][s].len as usize);
        let advisor = max(&|s| tables::ADVISOR_MOVES[0][s].len as usize);
        let best = [slider, horse, soldier, elephant, advisor]
            .into_iter()
            .max();
        let permissive = (crate::MAX_PIECES_PER_SIDE - 1) * best.unwrap_or(0) + general;
        assert_eq!(permissive, MAX_MOVES);
    }
}
