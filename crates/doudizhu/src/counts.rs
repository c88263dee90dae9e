//! Rank-count multisets: how many cards of each of the 15 ranks, packed four bits a rank.

use std::fmt;
use std::str::FromStr;

use cards_core::CardSet;

use crate::Rank;

/// One bit at the bottom of each of the 15 rank nibbles.
const LOW: u64 = 0x0111_1111_1111_1111;
/// Nibble values 0..=4 for the 13 standard ranks and 0..=1 for the jokers.
const FULL: u64 = 0x0114_4444_4444_4444;

/// A multiset of ranks: the count (0..=4) of each [`Rank`], four bits per rank in one `u64`
/// (rank `r` in bits `4r..4r+4`). Suits play no part in the rules, so every classification
/// and generation in this crate works on `Counts`; the game layer maps them back to cards.
///
/// The text form is RLCard's rank notation, weakest first: `33344455`, `BR`, `TJQKA`.
/// Parsing also accepts lowercase, `10` for ten, and ignores spaces, commas and
/// any order; it rejects more copies of a rank than a 54-card deck holds.
///
/// ```
/// use doudizhu::{Counts, Rank};
///
/// let counts: Counts = "5 3 4 3 3 4 4 5".parse()?;
/// assert_eq!(counts.to_string(), "33344455");
/// assert_eq!(counts.get(Rank::Three), 3);
/// assert_eq!(counts.len(), 8);
/// assert!("33333".parse::<Counts>().is_err());
/// # Ok::<(), doudizhu::ParseCountsError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Counts(u64);

/// Why a rank string is not a multiset of Dou Dizhu ranks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCountsError {
    /// A character is not a rank (`3456789TJQKA2BR`, `10`, lowercase allowed).
    #[error("unknown rank {0:?} at byte {1}: use 3456789TJQKA2 and B/R for the black/red joker")]
    BadRank(char, usize),
    /// More copies of a rank than a 54-card deck holds.
    #[error("too many {0}s: a deck holds {1}")]
    TooMany(Rank, u8),
}

/// Gathers the bits at positions `4i` into bits `i` (15 ranks to a 15-bit mask).
#[inline]
const fn compress(mut x: u64) -> u16 {
    x &= LOW;
    x = (x | (x >> 3)) & 0x0303_0303_0303_0303;
    x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
    x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
    x = (x | (x >> 24)) & 0xFFFF;
    x as u16
}

impl Counts {
    /// The cards of `hand` that make up these ranks (for each rank, its lowest-indexed
    /// cards), or `None` if `hand` does not hold them.
    ///
    /// ```
    /// use doudizhu::Counts;
    /// let hand: cards_core::CardSet = "3S 3H 4D".parse().unwrap();
    /// let pair: Counts = "33".parse().unwrap();
    /// assert_eq!(pair.cards_in(hand), Some("3S 3H".parse().unwrap()));
    /// assert_eq!("44".parse::<Counts>().unwrap().cards_in(hand), None);
    /// ```
    pub fn cards_in(self, hand: CardSet) -> Option<CardSet> {
        let mut cards = CardSet::EMPTY;
        for (rank, n) in self.iter() {
            let mut of_rank = hand & rank.cards();
            for _ in 0..n {
                cards.insert(of_rank.pop_first()?);
            }
        }
        Some(cards)
    }

    /// The empty multiset.
    pub const EMPTY: Counts = Counts(0);
    /// A full 54-card deck: four of every standard rank and one of each joker.
    pub const FULL_DECK: Counts = Counts(FULL);

    /// The raw packed value (rank `r` in bits `4r..4r+4`).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Builds counts from a packed value, if every count fits a 54-card deck.
    pub const fn from_bits(bits: u64) -> Option<Counts> {
        let counts = Counts(bits);
        if counts.is_subset(Counts::FULL_DECK) && bits >> 60 == 0 {
            Some(counts)
        } else {
            None
        }
    }

    /// `n` cards of one rank (`n` must be at most the deck's copies; not checked).
    pub const fn of(rank: Rank, n: u8) -> Counts {
        Counts((n as u64) << (4 * rank as u32))
    }

    /// The ranks of a set of cards.
    pub fn from_cards(cards: CardSet) -> Counts {
        let mut bits = 0;
        for rank in Rank::ALL {
            bits |= (cards.intersection(rank.cards()).len() as u64) << (4 * rank as u32);
        }
        Counts(bits)
    }

    /// How many cards of `rank`.
    #[inline]
    pub const fn get(self, rank: Rank) -> u8 {
        ((self.0 >> (4 * rank as u32)) & 0xF) as u8
    }

    /// The total number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        let pairs = (self.0 & 0x0F0F_0F0F_0F0F_0F0F) + ((self.0 >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
        (pairs.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
    }

    /// Whether there are no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every count of `self` is at most the same count of `other`.
    #[inline]
    pub const fn is_subset(self, other: Counts) -> bool {
        // Counts are at most 4, so setting bit 3 of every nibble of `other` keeps each
        // nibble's subtraction from borrowing into the next one.
        const HIGH: u64 = LOW << 3;
        ((other.0 | HIGH) - self.0) & HIGH == HIGH
    }

    /// The sum of two multisets (the caller keeps counts within a deck).
    #[must_use]
    #[inline]
    pub const fn plus(self, other: Counts) -> Counts {
        Counts(self.0 + other.0)
    }

    /// `self` with `other` removed; `None` if `other` is not a subset.
    #[must_use]
    #[inline]
    pub const fn minus(self, other: Counts) -> Option<Counts> {
        if other.is_subset(self) {
            Some(Counts(self.0 - other.0))
        } else {
            None
        }
    }

    /// Ranks with at least one card, as a bitmask (bit `r` for rank index `r`).
    #[inline]
    pub const fn mask_at_least(self, n: u8) -> u16 {
        let x = self.0;
        match n {
            0 => (1 << Rank::NUM) - 1,
            1 => compress(x | (x >> 1) | (x >> 2)),
            2 => compress((x >> 1) | (x >> 2)),
            3 => compress((x & (x >> 1)) | (x >> 2)),
            4 => compress(x >> 2),
            _ => 0,
        }
    }

    /// Ranks with exactly `n` cards, as a bitmask.
    #[inline]
    pub const fn mask_exactly(self, n: u8) -> u16 {
        self.mask_at_least(n) & !self.mask_at_least(n + 1)
    }

    /// The ranks present, weakest first, each with its count.
    pub fn iter(self) -> impl Iterator<Item = (Rank, u8)> {
        Rank::ALL
            .into_iter()
            .filter_map(move |r| match self.get(r) {
                0 => None,
                n => Some((r, n)),
            })
    }

    /// The ranks one card at a time, weakest first (`33344455` yields 3, 3, 3, 4, …).
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        self.iter()
            .flat_map(|(r, n)| std::iter::repeat_n(r, n as usize))
    }
}

impl fmt::Display for Counts {
    /// RLCard notation, weakest first (`33344455`); the empty multiset writes nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for rank in self.ranks() {
            f.write_char(rank.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Counts({self})")
    }
}

impl FromStr for Counts {
    type Err = ParseCountsError;

    fn from_str(s: &str) -> Result<Counts, ParseCountsError> {
        let mut counts = [0u8; Rank::NUM];
        let mut chars = s.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            if c.is_whitespace() || c == ',' {
                continue;
            }
            let rank = if c == '1' && chars.peek().is_some_and(|&(_, d)| d == '0') {
                chars.next();
                Rank::Ten
            } else {
                Rank::from_char(c).ok_or(ParseCountsError::BadRank(c, at))?
            };
            counts[rank.index()] += 1;
            if counts[rank.index()] > rank.copies() {
                return Err(ParseCountsError::TooMany(rank, rank.copies()));
            }
        }
        let mut bits = 0;
        for rank in Rank::ALL {
            bits |= (counts[rank.index()] as u64) << (4 * rank as u32);
        }
        Ok(Counts(bits))
    }
}

game::serde_as_text!(Counts);

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Counts {
        s.parse().unwrap()
    }

    #[test]
    fn masks_agree_with_counts() {
        let counts = c("3 44 555 6666 8 BR 22");
        for n in 0..=5 {
            let mut at_least = 0u16;
            let mut exactly = 0u16;
            for rank in Rank::ALL {
                if counts.get(rank) >= n {
                    at_least |= 1 << rank.index();
                }
                if counts.get(rank) == n {
                    exactly |= 1 << rank.index();
                }
            }
            assert_eq!(counts.mask_at_least(n), at_least, "at least {n}");
            assert_eq!(counts.mask_exactly(n), exactly, "exactly {n}");
        }
    }

    #[test]
    fn len_subset_and_arithmetic() {
        assert_eq!(Counts::FULL_DECK.len(), 54);
        assert_eq!(Counts::from_cards(CardSet::ALL), Counts::FULL_DECK);
        let hand = c("33344455BR");
        assert_eq!(hand.len(), 10);
        assert!(c("3334").is_subset(hand));
        assert!(!c("3333").is_subset(hand));
        assert!(!c("6").is_subset(hand));
        assert_eq!(hand.minus(c("333")), Some(c("44455BR")));
        assert_eq!(hand.minus(c("66")), None);
        assert_eq!(c("34").plus(c("3")), c("334"));
        assert_eq!(Counts::from_bits(FULL + 1), None);
        assert_eq!(Counts::from_bits(hand.bits()), Some(hand));
    }

    #[test]
    fn parse_is_liberal_and_display_canonical() {
        assert_eq!(c("10 t j q k a").to_string(), "TTJQKA");
        assert_eq!(c("R,B,2").to_string(), "2BR");
        assert_eq!(c("").to_string(), "");
        assert_eq!(
            "BB".parse::<Counts>(),
            Err(ParseCountsError::TooMany(Rank::BlackJoker, 1))
        );
        assert_eq!(
            "3X".parse::<Counts>(),
            Err(ParseCountsError::BadRank('X', 1))
        );
        assert_eq!(
            "1".parse::<Counts>(),
            Err(ParseCountsError::BadRank('1', 0))
        );
    }
}
