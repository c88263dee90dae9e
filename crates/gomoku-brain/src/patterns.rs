//! Line patterns: what a stone of one colour on an empty point would make along one line,
//! read from a table indexed by the ten cells around the point (±5), and the summary of a
//! point over its four lines.
//!
//! The tables are built once per five definition (exactly five or five-or-more, caro's
//! blocked-ends rule) by a short recursion over the window itself: a *five* is read from the
//! run through the centre, a *four* is a window where one more stone makes a five through the
//! centre (an *open four* where two points do), a *three* one stone short of a four (an *open
//! three* where that stone makes an open four), and so on down to a *one*.

use crate::eval::point_features;
use gomoku::{Color, Rule};
use std::sync::OnceLock;

/// Cell codes in a window key, two bits each.
pub(crate) const EMPTY: u8 = 0;
/// The board's edge (and the padding beyond it).
pub(crate) const WALL: u8 = 3;

/// The code of a stone of `color` in a window key.
pub(crate) const fn stone_code(color: Color) -> u8 {
    color.index() as u8 + 1
}

/// Number of window keys: ten neighbours of two bits.
const KEYS: usize = 1 << 20;

/// The key slot of the neighbour at offset `k` (`-5..=5`, not 0).
pub(crate) const fn slot(k: i32) -> u32 {
    if k < 0 {
        (k + 5) as u32
    } else {
        (k + 4) as u32
    }
}

/// What a stone makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Pattern {
    /// No five is possible through the point along this line.
    #[default]
    None,
    /// Six or more in a row where only exactly five wins (renju: Black's overline foul).
    Overline,
    /// A five is still possible through the point.
    One,
    /// One stone short of a three.
    Two,
    /// One stone short of an open three.
    OpenTwo,
    /// One stone short of a four.
    Three,
    /// One stone short of an open four.
    OpenThree,
    /// One point left that makes a five.
    Four,
    /// Two points left that make a five: the opponent cannot stop both.
    OpenFour,
    /// A winning row.
    Five,
}

impl Pattern {
    /// Every pattern, weakest first.
    pub const ALL: [Pattern; 10] = [
        Pattern::None,
        Pattern::Overline,
        Pattern::One,
        Pattern::Two,
        Pattern::OpenTwo,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::OpenFour,
        Pattern::Five,
    ];

    /// What the pattern adds to a [`Summary`], one byte per count: fives, fours (open or
    /// not), open fours, open threes, overlines.
    const fn counts(self) -> u64 {
        // Arrays indexed in the order of `Pattern::ALL` (None, Overline, One, Two, OpenTwo,
        // Three, OpenThree, Four, OpenFour, Five): a `match` compiles to jump tables, the
        // hottest indirect branches of the search.
        const COUNTS: [u64; 10] = [0, 1 << 32, 0, 0, 0, 0, 1 << 24, 1 << 8, 1 << 8 | 1 << 16, 1];
        COUNTS[self as usize]
    }

    /// Weight of the pattern in move ordering (the evaluation has its own tables, `eval.rs`).
    pub const fn value(self) -> i32 {
        // In the order of `Pattern::ALL`, as `counts`.
        const VALUES: [i32; 10] = [0, 0, 1, 4, 12, 14, 45, 50, 250, 1200];
        VALUES[self as usize]
    }
}

/// Cells on each side of the point in a window key, and the keys of one side.
const HALF: u32 = 5;
const HALF_KEYS: usize = 1 << (2 * HALF);

/// From window key to the pattern a stone of one colour makes, small enough for the L1
/// cache. A pattern reads each side of the point only up to its first blocker (an opponent
/// stone or the edge; under any rule but caro the two block alike), so each side of the key
/// (five cells, 1,024 keys) falls into one of at most 94 classes, and the pattern is looked
/// up by the two classes (under 9,000 entries instead of the 1,048,576 window keys).
#[derive(Debug)]
pub(crate) struct Table {
    /// Class of the five cells before the point (key bits 0–9).
    before: [u8; HALF_KEYS],
    /// Class of the five cells after it (key bits 10–19).
    after: [u8; HALF_KEYS],
    /// Number of classes after the point.
    after_classes: usize,
    /// Pattern by `before class * after_classes + after class`.
    patterns: Box<[Pattern]>,
}

impl Table {
    /// The pattern of a window key.
    #[inline]
    pub(crate) fn get(&self, key: u32) -> Pattern {
        let before = self.before[key as usize & (HALF_KEYS - 1)] as usize;
        let after = self.after[(key >> (2 * HALF)) as usize] as usize;
        self.patterns[before * self.after_classes + after]
    }

    /// Compresses the full table of window keys.
    fn new(full: &[Pattern], own: u8, caro: bool) -> Table {
        // Cell order from the point outwards: slots 4..0 before it, 0..4 after it.
        let (before, before_keys) = classes(own, caro, [4, 3, 2, 1, 0]);
        let (after, after_keys) = classes(own, caro, [0, 1, 2, 3, 4]);
        let patterns = before_keys
            .iter()
            .flat_map(|&b| {
                after_keys
                    .iter()
                    .map(move |&a| full[(b | a << (2 * HALF)) as usize])
            })
            .collect();
        Table {
            before,
            after,
            after_classes: after_keys.len(),
            patterns,
        }
    }
}

/// The class of every five-cell side key read outwards in `order`, and a representative key
/// of each class: cells beyond the first blocker are cleared and, outside caro, the blocker
/// is written as a wall.
fn classes(own: u8, caro: bool, order: [u32; 5]) -> ([u8; HALF_KEYS], Vec<u32>) {
    let mut class = [0; HALF_KEYS];
    let mut keys = Vec::new();
    for (side, class) in class.iter_mut().enumerate() {
        let mut canonical = 0;
        for &s in &order {
            let code = cell(side as u32, s);
            if code == own || code == EMPTY {
                canonical |= u32::from(code) << (2 * s);
            } else {
                let blocker = if caro { code } else { WALL };
                canonical |= u32::from(blocker) << (2 * s);
                break;
            }
        }
        let id = keys
            .iter()
            .position(|&k| k == canonical)
            .unwrap_or_else(|| {
                keys.push(canonical);
                keys.len() - 1
            });
        *class = u8::try_from(id).expect("at most 94 classes");
    }
    (class, keys)
}

/// The pattern table for `color` under `rule`.
pub(crate) fn table(rule: Rule, color: Color) -> &'static Table {
    static TABLES: [OnceLock<Table>; 8] = [const { OnceLock::new() }; 8];
    let black = color == Color::Black;
    let (exact, caro) = match rule {
        Rule::Freestyle => (false, false),
        Rule::Standard => (true, false),
        Rule::Renju => (black, false),
        Rule::Caro => (true, true),
        Rule::CaroOverline => (false, true),
    };
    let i = color.index() * 4 + usize::from(exact) * 2 + usize::from(caro);
    TABLES[i].get_or_init(|| {
        let own = stone_code(color);
        Table::new(&build(own, exact, caro), own, caro)
    })
}

/// The code of window cell `s` (0..10 in key order) of `key`.
#[inline]
const fn cell(key: u32, s: u32) -> u8 {
    ((key >> (2 * s)) & 3) as u8
}

/// The cell at offset `k` (`-5..=5`) with the centre holding `own`.
fn at(key: u32, k: i32, own: u8) -> u8 {
    if k == 0 { own } else { cell(key, slot(k)) }
}

/// `1` for a five through the centre (which holds `own`), `2` for an overline where only
/// exactly five wins, `0` otherwise.
fn five(key: u32, own: u8, exact: bool, caro: bool) -> u8 {
    let mut lo = 0;
    while lo > -5 && at(key, lo - 1, own) == own {
        lo -= 1;
    }
    let mut hi = 0;
    while hi < 5 && at(key, hi + 1, own) == own {
        hi += 1;
    }
    let len = hi - lo + 1;
    if len < 5 {
        return 0;
    }
    if exact && len > 5 {
        return 2;
    }
    if caro {
        let opponent = |k: i32| {
            (-5..=5).contains(&k)
                && !matches!(at(key, k, own), c if c == EMPTY || c == WALL || c == own)
        };
        if opponent(lo - 1) && opponent(hi + 1) {
            return 0;
        }
    }
    1
}

/// The keys with one more `own` stone on an empty cell within ±4.
fn plus_one(key: u32, own: u8) -> impl Iterator<Item = u32> {
    (-4..=4)
        .filter(|&k| k != 0)
        .map(slot)
        .filter(move |&s| cell(key, s) == EMPTY)
        .map(move |s| key | u32::from(own) << (2 * s))
}

/// Whether some five-cell window through the centre holds no opponent stone and no wall.
fn room(key: u32, own: u8) -> bool {
    (-4..=0).any(|start| {
        (start..start + 5).all(|k| matches!(at(key, k, own), c if c == own || c == EMPTY))
    })
}

fn build(own: u8, exact: bool, caro: bool) -> Box<[Pattern]> {
    let fives: Vec<u8> = (0..KEYS as u32)
        .map(|k| five(k, own, exact, caro))
        .collect();
    let fours: Vec<u8> = (0..KEYS as u32)
        .map(|k| {
            if fives[k as usize] != 0 {
                return 0;
            }
            plus_one(k, own).filter(|&n| fives[n as usize] == 1).count() as u8
        })
        .collect();
    // 2: open three, 1: three, 0: neither.
    let threes: Vec<u8> = (0..KEYS as u32)
        .map(|k| {
            if fives[k as usize] != 0 || fours[k as usize] != 0 {
                return 0;
            }
            plus_one(k, own)
                .map(|n| fours[n as usize].min(2))
                .max()
                .unwrap_or(0)
        })
        .collect();
    (0..KEYS as u32)
        .map(|k| {
            let i = k as usize;
            match (fives[i], fours[i], threes[i]) {
                (1, _, _) => Pattern::Five,
                (2, _, _) => Pattern::Overline,
                (_, 2.., _) => Pattern::OpenFour,
                (_, 1, _) => Pattern::Four,
                (_, _, 2) => Pattern::OpenThree,
                (_, _, 1) => Pattern::Three,
                _ => match plus_one(k, own).map(|n| threes[n as usize]).max() {
                    Some(2) => Pattern::OpenTwo,
                    Some(1) => Pattern::Two,
                    _ if room(k, own) => Pattern::One,
                    _ => Pattern::None,
                },
            }
        })
        .collect()
}

/// Patterns a line can hold: the digits of a [`summary_key`].
const LINE_PATTERNS: usize = Pattern::ALL.len();
/// Keys of four line patterns.
const SUMMARY_KEYS: usize = LINE_PATTERNS.pow(4);

/// The key of four line patterns: one digit per line, the first line the lowest.
fn summary_key(patterns: [Pattern; 4]) -> usize {
    patterns
        .iter()
        .rev()
        .fold(0, |key, &p| key * LINE_PATTERNS + p as usize)
}

/// The four line patterns of a key below [`SUMMARY_KEYS`] (`summary_key`'s inverse).
fn key_patterns(key: usize) -> [Pattern; 4] {
    [0, 1, 2, 3].map(|d| Pattern::ALL[key / LINE_PATTERNS.pow(d) % LINE_PATTERNS])
}

/// A point's patterns for one colour over its four lines, summed up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Sum of the pattern values plus the bonus of a combination (double four, four-three,
    /// double three): how the search and the threat searches order moves.
    pub score: i32,
    /// Lines where the stone makes a five.
    pub fives: u8,
    /// Lines where it makes a four or an open four.
    pub fours: u8,
    /// Lines where it makes an open four.
    pub open_fours: u8,
    /// Lines where it makes an open three.
    pub open_threes: u8,
    /// Whether some line becomes an overline where only exactly five wins.
    pub overline: bool,
    /// The point's pattern pair, a row of the evaluation's tables.
    pub(crate) pair: u8,
    /// The threat kinds of the point, for the evaluation (bits of `eval`'s kinds).
    pub(crate) kinds: u8,
}

impl Summary {
    /// Sums up the four line patterns. `restricted` (renju Black) gives no bonus to the
    /// combinations that are fouls.
    #[inline]
    pub fn new(patterns: [Pattern; 4], restricted: bool) -> Summary {
        // Branch-free: each pattern's counts are packed one per byte and added up.
        let (mut score, mut packed) = (0, 0_u64);
        for p in patterns {
            score += p.value();
            packed += p.counts();
        }
        let byte = |i: u32| (packed >> (8 * i)) as u8;
        let mut s = Summary {
            score,
            fives: byte(0),
            fours: byte(1),
            open_fours: byte(2),
            open_threes: byte(3),
            overline: byte(4) > 0,
            pair: 0,
            kinds: 0,
        };
        (s.pair, s.kinds) = point_features(patterns, &s, restricted && s.may_be_foul());
        if !restricted || s.fives > 0 {
            if s.fours >= 2 {
                s.score += 600;
            } else if s.fours == 1 && s.open_threes > 0 {
                s.score += 400;
            } else if s.open_threes >= 2 {
                s.score += 150;
            }
        }
        s
    }

    /// The summary of `patterns` from a table built once ([`Summary::new`] for every four
    /// patterns, renju Black apart): a pattern change costs one load instead of the sums.
    #[inline]
    pub(crate) fn lookup(patterns: [Pattern; 4], restricted: bool) -> Summary {
        static TABLE: OnceLock<Box<[Summary]>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            (0..2 * SUMMARY_KEYS)
                .map(|key| Summary::new(key_patterns(key), key >= SUMMARY_KEYS))
                .collect()
        });
        table[summary_key(patterns) + SUMMARY_KEYS * usize::from(restricted)]
    }

    /// Whether the stone makes a five.
    pub const fn is_five(&self) -> bool {
        self.fives > 0
    }

    /// Whether the stone makes a four that cannot be stopped by one block (an open four or
    /// two fours), before any renju foul check.
    pub const fn is_winning_four(&self) -> bool {
        self.open_fours > 0 || self.fours >= 2
    }

    /// Whether a renju foul is possible here for Black (the exact check is then needed).
    pub const fn may_be_foul(&self) -> bool {
        self.fives == 0
            && (self.overline || self.fours >= 2 || self.open_fours > 0 || self.open_threes >= 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds the key of a window written as 11 characters (`X` own, `O` opponent, `#` wall,
    /// `.` empty) with the centre (`_` or `.`) at index 5.
    fn key(w: &str, own: Color) -> u32 {
        let mut key = 0;
        for (i, ch) in w.chars().enumerate() {
            let k = i as i32 - 5;
            if k == 0 {
                continue;
            }
            let code = match ch {
                'X' => stone_code(own),
                'O' => stone_code(own.other()),
                '#' => WALL,
                _ => EMPTY,
            };
            key |= u32::from(code) << (2 * slot(k));
        }
        key
    }

    fn pat(rule: Rule, color: Color, w: &str) -> Pattern {
        table(rule, color).get(key(w, color))
    }

    #[test]
    fn the_compact_table_equals_the_full_one() {
        for (exact, caro) in [(false, false), (true, false), (true, true), (false, true)] {
            for color in Color::ALL {
                let own = stone_code(color);
                let full = build(own, exact, caro);
                let compact = Table::new(&full, own, caro);
                assert!(compact.patterns.len() <= 94 * 94);
                for k in 0..KEYS as u32 {
                    assert_eq!(compact.get(k), full[k as usize], "key {k:#x}");
                }
            }
        }
    }

    #[test]
    fn free_patterns() {
        let b = Color::Black;
        let f = Rule::Freestyle;
        assert_eq!(pat(f, b, "...XX_XX..."), Pattern::Five);
        assert_eq!(pat(f, b, "..XXX_XX..."), Pattern::Five, "overline wins");
        assert_eq!(pat(f, b, "....X_XX..."), Pattern::OpenFour);
        assert_eq!(pat(f, b, "...OX_XX..."), Pattern::Four);
        assert_eq!(pat(f, b, "...X._XX..."), Pattern::Four);
        assert_eq!(
            pat(f, b, "..X.X_X.X.."),
            Pattern::OpenFour,
            "two fives in one line"
        );
        assert_eq!(pat(f, b, "....._XX..."), Pattern::OpenThree);
        assert_eq!(pat(f, b, "....X_.X..."), Pattern::OpenThree);
        assert_eq!(pat(f, b, "....O_XX..."), Pattern::Three);
        assert_eq!(pat(f, b, "....#_XX..."), Pattern::Three);
        assert_eq!(pat(f, b, "....._X...."), Pattern::OpenTwo);
        assert_eq!(pat(f, b, "....O_X...."), Pattern::Two);
        assert_eq!(pat(f, b, "....._....."), Pattern::One);
        assert_eq!(pat(f, b, "..O.._.O..."), Pattern::None);
    }

    #[test]
    fn exact_caro_and_renju_patterns() {
        let b = Color::Black;
        let w = Color::White;
        assert_eq!(pat(Rule::Standard, w, "..XXX_XX..."), Pattern::Overline);
        assert_eq!(pat(Rule::Renju, b, "..XXX_XX..."), Pattern::Overline);
        assert_eq!(pat(Rule::Renju, w, "..XXX_XX..."), Pattern::Five);
        assert_eq!(
            pat(Rule::Renju, b, "..X.X_XX..."),
            Pattern::Four,
            "x.xxxx: no overline five"
        );
        assert_eq!(pat(Rule::Freestyle, b, "..X.X_XX..."), Pattern::OpenFour);
        assert!(
            pat(Rule::Caro, b, "..OXX_XXO..") < Pattern::Two,
            "a blocked five is no five"
        );
        assert_eq!(pat(Rule::Caro, b, "...XX_XXO.."), Pattern::Five);
        assert_eq!(
            pat(Rule::Caro, b, "#XXXX_....."),
            Pattern::Five,
            "the edge never blocks"
        );
        assert_eq!(pat(Rule::Caro, b, "..OXX_X...."), Pattern::Four);
    }

    #[test]
    fn packed_and_looked_up_summaries_equal_counting_each_pattern() {
        for key in 0..SUMMARY_KEYS {
            let patterns = key_patterns(key);
            assert_eq!(summary_key(patterns), key);
            let count = |p: Pattern| patterns.iter().filter(|&&q| q == p).count() as u8;
            for restricted in [false, true] {
                let s = Summary::new(patterns, restricted);
                assert_eq!(Summary::lookup(patterns, restricted), s);
                let fours = count(Pattern::Four) + count(Pattern::OpenFour);
                let naive = (
                    count(Pattern::Five),
                    fours,
                    count(Pattern::OpenFour),
                    count(Pattern::OpenThree),
                    count(Pattern::Overline) > 0,
                );
                let packed = (s.fives, s.fours, s.open_fours, s.open_threes, s.overline);
                assert_eq!(packed, naive, "{patterns:?}");
                let base: i32 = patterns.iter().map(|p| p.value()).sum();
                assert!(s.score >= base, "{patterns:?}");
            }
        }
    }

    #[test]
    fn summary_flags() {
        let s = Summary::new(
            [
                Pattern::Four,
                Pattern::OpenThree,
                Pattern::One,
                Pattern::None,
            ],
            false,
        );
        assert_eq!((s.fours, s.open_threes, s.is_winning_four()), (1, 1, false));
        let double_four = [Pattern::Four, Pattern::Four, Pattern::None, Pattern::None];
        assert!(Summary::new(double_four, false).is_winning_four());
        assert!(
            Summary::new(double_four, false).score > Summary::new(double_four, true).score,
            "no bonus for a renju foul"
        );
        assert!(
            Summary::new(
                [
                    Pattern::OpenFour,
                    Pattern::None,
                    Pattern::None,
                    Pattern::None
                ],
                true
            )
            .may_be_foul()
        );
        assert!(
            !Summary::new(
                [Pattern::Five, Pattern::Four, Pattern::Four, Pattern::None],
                true
            )
            .may_be_foul()
        );
    }
}
