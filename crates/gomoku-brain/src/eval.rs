//! The static evaluation: a small network over what the empty points hold for each side.
//!
//! Each empty point is read, for each colour, as its two strongest patterns (a row of 53
//! pattern pairs) and the threat kinds a stone there would make. The network's first layer
//! is linear in those points, so its hidden units' inputs are sums over the points (one
//! table for the colour to move, one for the colour waiting), which [`Totals`] keeps
//! incrementally as stones come and go, plus a term for each threat kind a side holds
//! anywhere. Each hidden unit is clipped to `0..=4` and weighed into the score: about 400
//! units to a logit of the side to move's win rate.
//!
//! The weights (`weights.rs`) were fitted, by cross-entropy, to the win rates Rapfi's
//! search gives 42,445 quiet positions (no five or winning four to play): 9,233 from
//! parlor's games against it, 4,491 of those after one to four random stones near the
//! others, for the odd positions a search reaches, and 28,721 more from 1,180 later
//! freestyle games against it. BENCHMARKS.md ("Session 19" and "Session 22" under
//! gomoku-brain) says how and what it changed. Only the numbers came from there: the
//! features are the brain's own patterns.
//!
//! Renju has a network of its own (`weights_renju.rs`): the freestyle one, its tables
//! split by colour (Black's fouls make the colours play differently), fitted further to
//! the win rates Rapfi's renju search gives 16,772 quiet positions of parlor's renju games
//! against it (BENCHMARKS.md, "Session 23").

use crate::patterns::{Pattern, Summary};
use crate::weights::{
    BIAS, CLIP, HIDDEN, KIND_MOVER, KIND_WAITER, MOVER, OUT, OUT_BIAS, PAIRS, SCALE, WAITER,
};
use crate::weights_renju as renju;
use gomoku::{Color, Rule};

/// A table of rows of what each hidden unit gets.
type Rows<const N: usize> = [[i16; HIDDEN]; N];

/// One network's weights. The tables are per colour (Black, White) and role (to move,
/// waiting): freestyle has one pair of tables for both colours; renju, where Black's fouls
/// make the colours play differently, has its own for each.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Net {
    /// Per pattern pair (`pair_index`), what a point adds.
    pairs: [[&'static Rows<PAIRS>; 2]; 2],
    /// Per threat kind held anywhere, what it adds.
    kinds: [[&'static Rows<KINDS>; 2]; 2],
    bias: [i32; HIDDEN],
    out: [i32; HIDDEN],
    out_bias: i32,
}

static FREESTYLE: Net = Net {
    pairs: [[&MOVER, &WAITER], [&MOVER, &WAITER]],
    kinds: [[&KIND_MOVER, &KIND_WAITER], [&KIND_MOVER, &KIND_WAITER]],
    bias: BIAS,
    out: OUT,
    out_bias: OUT_BIAS,
};

static RENJU: Net = Net {
    pairs: [
        [&renju::BLACK_MOVER, &renju::BLACK_WAITER],
        [&renju::WHITE_MOVER, &renju::WHITE_WAITER],
    ],
    kinds: [
        [&renju::KIND_BLACK_MOVER, &renju::KIND_BLACK_WAITER],
        [&renju::KIND_WHITE_MOVER, &renju::KIND_WHITE_WAITER],
    ],
    bias: renju::BIAS,
    out: renju::OUT,
    out_bias: renju::OUT_BIAS,
};

impl Net {
    /// The network that evaluates positions of `rule` (every rule but renju plays both
    /// colours alike).
    pub(crate) fn of(rule: Rule) -> &'static Net {
        if rule == Rule::Renju {
            &RENJU
        } else {
            &FREESTYLE
        }
    }
}

/// Kinds of threat point, one bit each in [`Summary::kinds`].
pub(crate) const KINDS: usize = 6;
const OPEN_THREE: u8 = 1; // an open three and no four
const FOUR: u8 = 1 << 1;
const DOUBLE_FOUR: u8 = 1 << 2;
const FOUR_THREE: u8 = 1 << 3; // one four and an open three
const DOUBLE_THREE: u8 = 1 << 4; // two open threes and no four
const OPEN_FOUR: u8 = 1 << 5;
/// A point's pattern pair for its colour (an index into the network's tables: 0 when no
/// pattern is One or stronger) and its threat kinds, from its four patterns and the counts
/// already summed in `s`. A point that may be a renju foul (`foul`) counts only its
/// strongest pattern and no double threat.
pub(crate) fn point_features(patterns: [Pattern; 4], s: &Summary, foul: bool) -> (u8, u8) {
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
    (pair_index(first, second), kinds)
}

/// The table row of a point whose strongest pattern is `first` and second strongest
/// `second` (0 below One).
fn pair_index(first: Pattern, second: Pattern) -> u8 {
    let (a, b) = (first as usize, second as usize);
    let i = if a < Pattern::One as usize {
        0
    } else {
        a * (a + 1) / 2 + b - 2
    };
    debug_assert!(i < PAIRS);
    i as u8
}

/// The evaluation's sums over the empty points, kept up to date as stones come and go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Totals {
    net: &'static Net,
    /// `[colour][0 as the side to move, 1 waiting]`: the hidden units' inputs summed over
    /// the colour's points.
    sums: [[[i32; HIDDEN]; 2]; 2],
    /// `[colour][kind]`: how many points of each threat kind the colour holds.
    kinds: [[u16; KINDS]; 2],
}

impl Totals {
    /// The totals of a board without empty points, for `net`.
    pub(crate) fn new(net: &'static Net) -> Totals {
        Totals {
            net,
            sums: [[[0; HIDDEN]; 2]; 2],
            kinds: [[0; KINDS]; 2],
        }
    }

    /// Adds the point whose summary for `color` is `s`.
    pub(crate) fn add(&mut self, color: Color, s: &Summary) {
        self.replace(color, &Summary::default(), s);
    }

    /// Removes the point whose summary for `color` is `s`.
    pub(crate) fn remove(&mut self, color: Color, s: &Summary) {
        self.replace(color, s, &Summary::default());
    }

    /// Counts the point whose summary for `color` was `old` as `new`: only the pattern pair
    /// and the threat kinds count, and only a change in them touches the sums (a pattern
    /// pair of 0 adds nothing: its rows are zero).
    pub(crate) fn replace(&mut self, color: Color, old: &Summary, new: &Summary) {
        let c = color.index();
        if old.pair != new.pair {
            let (from, to) = (usize::from(old.pair), usize::from(new.pair));
            for (sums, table) in self.sums[c].iter_mut().zip(self.net.pairs[c]) {
                // Rows copied first: read through the network's reference, the compiler
                // cannot rule out that they overlap the sums and would not vectorise.
                let (a, b) = (table[from], table[to]);
                for ((sum, a), b) in sums.iter_mut().zip(a).zip(b) {
                    *sum += i32::from(b) - i32::from(a);
                }
            }
        }
        let changed = old.kinds ^ new.kinds;
        for k in (0..KINDS).filter(|k| changed & (1 << k) != 0) {
            let held = &mut self.kinds[c][k];
            *held = if new.kinds & (1 << k) != 0 {
                held.wrapping_add(1)
            } else {
                held.wrapping_sub(1)
            };
        }
    }

    /// The evaluation for `me`, the side to move.
    pub(crate) fn score(&self, me: Color) -> i32 {
        let (m, o) = (me.index(), me.other().index());
        let net = self.net;
        let mut inputs = net.bias;
        for (h, input) in inputs.iter_mut().enumerate() {
            *input += self.sums[m][0][h] + self.sums[o][1][h];
        }
        for k in 0..KINDS {
            for (held, table) in [
                (self.kinds[m][k], net.kinds[m][0]),
                (self.kinds[o][k], net.kinds[o][1]),
            ] {
                if held > 0 {
                    add_row(&mut inputs, &table[k]);
                }
            }
        }
        network(net, inputs)
    }
}

/// Adds a table row to the hidden units' inputs.
fn add_row(inputs: &mut [i32; HIDDEN], row: &[i16; HIDDEN]) {
    for (input, &w) in inputs.iter_mut().zip(row) {
        *input += i32::from(w);
    }
}

/// The network's output for the hidden units' summed inputs: each clipped to `0..=CLIP`,
/// weighed and added up, in evaluation units.
fn network(net: &Net, inputs: [i32; HIDDEN]) -> i32 {
    let out: i32 = inputs
        .iter()
        .zip(&net.out)
        .map(|(&x, &w)| x.clamp(0, CLIP) * w)
        .sum();
    out / (SCALE * 16) + net.out_bias
}

/// The evaluation computed afresh over the board's empty points, each point's two
/// strongest patterns found by sorting its four (the board keeps [`Totals`] incrementally
/// instead).
#[cfg(test)]
pub(crate) fn naive_score(b: &crate::SearchBoard) -> i32 {
    let me = b.to_move();
    let net = Net::of(b.position().rule());
    let mut inputs = net.bias;
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
            let table = net.pairs[color.index()][role];
            add_row(
                &mut inputs,
                &table[usize::from(pair_index(patterns[0], second))],
            );
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
    for (role, color) in [me, me.other()].into_iter().enumerate() {
        for (&holds, row) in held[role].iter().zip(net.kinds[color.index()][role]) {
            if holds {
                add_row(&mut inputs, row);
            }
        }
    }
    network(net, inputs)
}

#[cfg(test)]
mod tests {
    use super::Net;
    use crate::SearchBoard;
    use gomoku::{Position, Rule, parse_moves};

    fn eval(moves: &str) -> i32 {
        eval_in(Rule::Freestyle, moves)
    }

    fn eval_in(rule: Rule, moves: &str) -> i32 {
        let mut p = Position::new(15, 15, rule).unwrap();
        for m in parse_moves(moves).unwrap() {
            p.play(m).unwrap();
        }
        SearchBoard::new(&p).evaluate()
    }

    /// [`Totals`] adds a point without patterns as nothing: its rows must be zero.
    #[test]
    fn the_rows_of_no_pattern_are_zero() {
        for net in [Net::of(Rule::Freestyle), Net::of(Rule::Renju)] {
            for table in net.pairs.iter().flatten() {
                assert!(table[0].iter().all(|&w| w == 0));
            }
        }
    }

    /// The evaluation orders these positions as Rapfi's search does (commit `3aedf3a`,
    /// classical evaluation, 50,000 nodes, 200 units to a logit): Black's open three with
    /// White to move is lost for White (`-M14`), a quiet Black two instead is not (`-382`);
    /// Black's open two with Black to move wins (`+M15`), with White to move after a wasted
    /// move it is only an edge (`-394` for White).
    #[test]
    fn threats_weigh_by_who_moves() {
        let three = eval("h8 a1 i8 a15 j8");
        let two = eval("h8 a1 i8 a15 c3");
        assert!(three < two && three < 0, "{three} vs {two}");
        let black_moves = eval("h8 a1 i8 a15");
        let white_moves = -eval("h8 a1 i8 a15 o1");
        assert!(
            black_moves > white_moves && white_moves > 0,
            "{black_moves} vs {white_moves}"
        );
    }

    /// Renju's network tells the colours apart as Rapfi's renju search does (rule 4, the
    /// same settings): White's open three with Black to move is lost for Black (`-M14`) and
    /// worse for Black than a quiet White stone instead (`-389`), while Black's open three
    /// with White to move is only bad for White (`-872`; Black's open four may yet be a
    /// foul). Not pinned: Rapfi also scores Black's three worse for White than a quiet Black
    /// stone (`-373`), which this network does not (-18 against -111 when fitted, session
    /// 23): positions with stones in the corners are far from the games it was fitted on.
    #[test]
    fn renju_threats_weigh_by_colour() {
        let white_three = eval_in(Rule::Renju, "a1 h8 a15 i8 o15 j8");
        let black_three = eval_in(Rule::Renju, "h8 a1 i8 a15 j8");
        let white_quiet = eval_in(Rule::Renju, "a1 h8 a15 i8 o15 c3");
        assert!(white_three < black_three, "{white_three} vs {black_three}");
        assert!(white_three < white_quiet, "{white_three} vs {white_quiet}");
    }
}
