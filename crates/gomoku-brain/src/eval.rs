//! The static evaluation: what each empty point is worth to each side, read from the two
//! strongest patterns a stone there would make (one table for the side to move, one for the
//! side waiting), plus a term for each kind of threat point a side holds anywhere.
//!
//! The numbers were fitted by logistic regression (400 units to one logit of the win rate)
//! to the win rates Rapfi's search gives 13,724 quiet positions (no five or winning four to
//! play): 9,233 from parlor's games against it and 4,491 of those after one to four random
//! stones near the others, for the odd positions a search reaches. BENCHMARKS.md ("Session
//! 18" under gomoku-brain) says how and what it changed. Only the numbers came from there:
//! the features are the brain's own patterns.

use crate::patterns::{Pattern, Summary};
use gomoku::Color;

/// A point's worth to the side to move, by `[strongest pattern][second strongest]` (a
/// five or an open four for the side to move is a win the search sees first: 0).
const MOVER: [[i16; 10]; 10] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],            // None
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],            // Overline
    [2, 0, 2, 0, 0, 0, 0, 0, 0, 0],            // One
    [1, 0, -3, 6, 0, 0, 0, 0, 0, 0],           // Two
    [15, 0, -2, 6, 13, 0, 0, 0, 0, 0],         // OpenTwo
    [-7, 0, 3, 14, 38, 80, 0, 0, 0, 0],        // Three
    [-13, 0, 43, 46, 83, 118, 9, 0, 0, 0],     // OpenThree
    [26, 0, 115, 144, 243, 287, 553, 0, 0, 0], // Four
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],            // OpenFour
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],            // Five
];

/// A point's worth to the side waiting (counted for the side to move, so mostly negative).
const WAITER: [[i16; 10]; 10] = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],                       // None
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],                       // Overline
    [-5, 0, 0, 0, 0, 0, 0, 0, 0, 0],                      // One
    [5, 0, 1, -7, 0, 0, 0, 0, 0, 0],                      // Two
    [-11, 0, 4, -5, -6, 0, 0, 0, 0, 0],                   // OpenTwo
    [-2, 0, -6, -13, -23, -66, 0, 0, 0, 0],               // Three
    [12, 0, -23, -42, -54, -72, -56, 0, 0, 0],            // OpenThree
    [-30, 0, -106, -137, -180, -205, -599, -381, 0, 0],   // Four
    [118, 0, -162, -251, -213, -222, -304, 214, -578, 0], // OpenFour
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],                       // Five
];

/// Kinds of threat point, one bit each in [`Summary::kinds`].
pub(crate) const KINDS: usize = 6;
const OPEN_THREE: u8 = 1; // an open three and no four
const FOUR: u8 = 1 << 1;
const DOUBLE_FOUR: u8 = 1 << 2;
const FOUR_THREE: u8 = 1 << 3; // one four and an open three
const DOUBLE_THREE: u8 = 1 << 4; // two open threes and no four
const OPEN_FOUR: u8 = 1 << 5;
/// What holding at least one point of each kind is worth, to the side to move and to the
/// side waiting (in bit order).
const KIND_MOVER: [i32; KINDS] = [117, -101, 0, 813, 161, 0];
const KIND_WAITER: [i32; KINDS] = [-74, 184, -171, 138, -19, -320];

/// A point's worth to its colour as the side to move and as the side waiting, and its
/// threat kinds, from its four patterns and the counts already summed in `s`. A point
/// that may be a renju foul (`foul`) counts only its strongest pattern and no double threat.
pub(crate) fn point_worth(patterns: [Pattern; 4], s: &Summary, foul: bool) -> ([i16; 2], u8) {
    let (mut first, mut second) = (Pattern::None, Pattern::None);
    for p in patterns {
        if p > first {
            second = first;
            first = p;
        } else if p > second {
            second = p;
        }
    }
    let mut kinds = 0;
    for (kind, holds) in [
        (OPEN_THREE, s.open_threes > 0 && s.fours == 0),
        (FOUR, s.fours > 0),
        (DOUBLE_FOUR, s.fours >= 2),
        (FOUR_THREE, s.fours == 1 && s.open_threes > 0),
        (DOUBLE_THREE, s.open_threes >= 2 && s.fours == 0),
        (OPEN_FOUR, s.open_fours > 0),
    ] {
        if holds {
            kinds |= kind;
        }
    }
    if foul {
        second = Pattern::None;
        kinds &= !(DOUBLE_FOUR | DOUBLE_THREE);
    }
    let (a, b) = (first as usize, second as usize);
    ([MOVER[a][b], WAITER[a][b]], kinds)
}

/// The evaluation's sums over the empty points, kept up to date as stones come and go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    /// `[colour][0 as the side to move, 1 waiting]`.
    worth: [[i32; 2]; 2],
    /// `[colour][kind]`: how many points of each threat kind the colour holds.
    kinds: [[u16; KINDS]; 2],
}

impl Totals {
    /// Adds the point whose summary for `color` is `s`.
    pub(crate) fn add(&mut self, color: Color, s: &Summary) {
        self.count(color, s, 1);
    }

    /// Removes the point whose summary for `color` is `s`.
    pub(crate) fn remove(&mut self, color: Color, s: &Summary) {
        self.count(color, s, -1);
    }

    fn count(&mut self, color: Color, s: &Summary, sign: i16) {
        let c = color.index();
        for role in 0..2 {
            self.worth[c][role] += i32::from(sign * s.worth[role]);
        }
        for k in 0..KINDS {
            if s.kinds & (1 << k) != 0 {
                self.kinds[c][k] = self.kinds[c][k].wrapping_add_signed(sign);
            }
        }
    }

    /// The evaluation for `me`, the side to move.
    pub(crate) fn score(&self, me: Color) -> i32 {
        let (m, o) = (me.index(), me.other().index());
        let mut score = self.worth[m][0] + self.worth[o][1];
        for k in 0..KINDS {
            if self.kinds[m][k] > 0 {
                score += KIND_MOVER[k];
            }
            if self.kinds[o][k] > 0 {
                score += KIND_WAITER[k];
            }
        }
        score
    }
}

/// The evaluation summed afresh over the board's empty points, each point's two strongest
/// patterns found by sorting its four (the board keeps [`Totals`] incrementally instead).
#[cfg(test)]
pub(crate) fn naive_score(b: &crate::SearchBoard) -> i32 {
    let me = b.to_move();
    let mut score = 0;
    let mut held = [[false; KINDS]; 2];
    for c in b.cells().filter(|&c| b.is_empty(c)) {
        for (role, color) in [me, me.other()].into_iter().enumerate() {
            let mut patterns: Vec<Pattern> = (0..4).map(|d| b.pattern(c, color, d)).collect();
            patterns.sort_unstable_by(|x, y| y.cmp(x));
            let s = b.summary(c, color);
            let foul = b.position().rule() == gomoku::Rule::Renju
                && color == Color::Black
                && s.may_be_foul();
            let second = if foul { Pattern::None } else { patterns[1] };
            let table = if role == 0 { &MOVER } else { &WAITER };
            score += i32::from(table[patterns[0] as usize][second as usize]);
            let kinds = [
                s.open_threes > 0 && s.fours == 0,
                s.fours > 0,
                s.fours >= 2 && !foul,
                s.fours == 1 && s.open_threes > 0,
                s.open_threes >= 2 && s.fours == 0 && !foul,
                s.open_fours > 0,
            ];
            for (k, holds) in kinds.into_iter().enumerate() {
                held[role][k] |= holds;
            }
        }
    }
    for k in 0..KINDS {
        score += [KIND_MOVER[k], KIND_WAITER[k]]
            .iter()
            .zip(held)
            .map(|(w, h)| if h[k] { *w } else { 0 })
            .sum::<i32>();
    }
    score
}

#[cfg(test)]
mod tests {
    use crate::SearchBoard;
    use gomoku::{Position, Rule, parse_moves};

    fn eval(moves: &str) -> i32 {
        let mut p = Position::new(15, 15, Rule::Freestyle).unwrap();
        for m in parse_moves(moves).unwrap() {
            p.play(m).unwrap();
        }
        SearchBoard::new(&p).evaluate()
    }

    #[test]
    fn threats_weigh_by_who_moves() {
        // Black's open three with White to move: White must answer it, and stands worse
        // than with a quiet Black two.
        let three = eval("h8 a1 i8 a15 j8");
        let two = eval("h8 a1 i8 a15 c3");
        assert!(three < two - 200, "{three} vs {two}");
        // Black's open two is worth more with Black to move.
        let black_moves = eval("h8 a1 i8 a15");
        let white_moves = -eval("h8 a1 i8 a15 o1");
        assert!(
            black_moves > white_moves + 50,
            "{black_moves} vs {white_moves}"
        );
    }
}
