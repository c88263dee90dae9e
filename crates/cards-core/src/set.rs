//! `CardSet`: a set of cards in one `u64`, like a chess bitboard.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};
use std::str::FromStr;

use crate::{Card, ParseListError, Rank, Suit};

/// A set of cards: bit `i` is set when the card with [`Card::index`] `i` is present.
///
/// All 54 cards fit. Set algebra uses the usual operators (`|` union, `&` intersection,
/// `-` difference, `^` symmetric difference, `!` complement within the 54 cards); [`len`] is a
/// popcount and iteration runs in canonical card order (clubs two first, jokers last).
///
/// ```
/// use cards_core::{Card, CardSet, Rank, Suit};
///
/// let hand: CardSet = "AS KS 2H 2C BJ".parse()?;
/// assert_eq!(hand.len(), 5);
/// assert_eq!(hand.of_suit(Suit::Spades).len(), 2);
/// assert_eq!(hand.count_rank(Rank::Two), 2);
/// assert_eq!((hand & CardSet::JOKERS).iter().next(), Some(Card::BLACK_JOKER));
/// assert_eq!(hand.to_string(), "2C 2H KS AS BJ");
/// # Ok::<(), cards_core::ParseListError>(())
/// ```
///
/// [`len`]: CardSet::len
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

const SUIT_MASK: u64 = (1 << 13) - 1;
/// Bit pattern of one rank across the four suits (the rank-two bits).
const RANK_MASK: u64 = 1 | (1 << 13) | (1 << 26) | (1 << 39);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 standard cards.
    pub const STANDARD: CardSet = CardSet((1 << 52) - 1);
    /// The two jokers.
    pub const JOKERS: CardSet = CardSet(0b11 << 52);
    /// All 54 cards.
    pub const ALL: CardSet = CardSet((1 << 54) - 1);

    /// The empty set.
    pub const fn new() -> CardSet {
        CardSet(0)
    }

    /// The set with the given bits; bits above 53 are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::ALL.0)
    }

    /// The raw bits (bit `i` is the card with index `i`).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding exactly `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The 13 cards of a suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_MASK << (13 * suit as u32))
    }

    /// The four cards of a rank.
    pub const fn rank(rank: Rank) -> CardSet {
        CardSet(RANK_MASK << rank as u32)
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds `card`; returns whether it was absent.
    pub fn insert(&mut self, card: Card) -> bool {
        let absent = !self.contains(card);
        self.0 |= 1 << card.index();
        absent
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.index());
        present
    }

    /// The set with `card` added.
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The set with `card` removed.
    #[must_use]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    /// Cards in either set.
    #[must_use]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in both sets.
    #[must_use]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    #[must_use]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The cards of one suit in this set.
    #[must_use]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersection(CardSet::suit(suit))
    }

    /// The cards of one rank in this set.
    #[must_use]
    pub const fn of_rank(self, rank: Rank) -> CardSet {
        self.intersection(CardSet::rank(rank))
    }

    /// How many cards of `rank` the set holds (0..=4).
    pub const fn count_rank(self, rank: Rank) -> usize {
        self.of_rank(rank).len()
    }

    /// How many cards of each rank, indexed by [`Rank::index`].
    pub fn rank_counts(self) -> [u8; 13] {
        let mut counts = [0; 13];
        for rank in Rank::ALL {
            counts[rank.index()] = self.count_rank(rank) as u8;
        }
        counts
    }

    /// The cards of a suit as a 13-bit mask indexed by [`Rank::index`] (bit 0 = two).
    pub const fn suit_mask(self, suit: Suit) -> u16 {
        ((self.0 >> (13 * suit as u32)) & SUIT_MASK) as u16
    }

    /// The lowest card in canonical order.
    pub fn first(self) -> Option<Card> {
        Card::from_index(self.0.trailing_zeros() as usize)
    }

    /// The highest card in canonical order.
    pub fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(63 - self.0.leading_zeros() as usize)
        }
    }

    /// Removes and returns the lowest card.
    pub fn pop_first(&mut self) -> Option<Card> {
        let card = self.first()?;
        self.0 &= self.0 - 1;
        Some(card)
    }

    /// The cards in canonical order.
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

/// Iterator over a [`CardSet`] in canonical order, from either end.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << index);
        Card::from_index(index)
    }
}

impl ExactSizeIterator for Iter {}
impl FusedIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.insert(card);
        }
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl $trait for CardSet {
            type Output = CardSet;
            fn $method(self, rhs: CardSet) -> CardSet {
                CardSet(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for CardSet {
            fn $assign(&mut self, rhs: CardSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        self.difference(rhs)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within all 54 cards.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::ALL.0)
    }
}

impl fmt::Display for CardSet {
    /// The cards in canonical order and canonical form, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(&card, f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromStr for CardSet {
    type Err = ParseListError;

    /// Reads a list of distinct cards in any accepted form; a repeated card is an error.
    fn from_str(s: &str) -> Result<CardSet, ParseListError> {
        Ok(crate::parse::parse_distinct(s)?.into_iter().collect())
    }
}

impl serde::Serialize for CardSet {
    /// A list of canonical card strings.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let mut set = CardSet::EMPTY;
        for card in cards {
            if !set.insert(card) {
                return Err(serde::de::Error::custom(format!("{card} appears twice")));
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_have_the_right_sizes() {
        assert_eq!(CardSet::ALL.len(), 54);
        assert_eq!(CardSet::STANDARD.len(), 52);
        assert_eq!(CardSet::JOKERS.len(), 2);
        for suit in Suit::ALL {
            assert_eq!(CardSet::suit(suit).len(), 13);
            assert!(CardSet::suit(suit).iter().all(|c| c.suit() == Some(suit)));
        }
        for rank in Rank::ALL {
            assert_eq!(CardSet::rank(rank).len(), 4);
            assert!(CardSet::rank(rank).iter().all(|c| c.rank() == Some(rank)));
        }
        assert_eq!(!CardSet::STANDARD, CardSet::JOKERS);
    }

    #[test]
    fn masks_and_counts() {
        let set: CardSet = "2C 3C AC 2D 2S".parse().unwrap();
        assert_eq!(set.suit_mask(Suit::Clubs), 0b1_0000_0000_0011);
        assert_eq!(set.rank_counts()[Rank::Two.index()], 3);
        assert_eq!(set.first().unwrap().to_string(), "2C");
        assert_eq!(set.last().unwrap().to_string(), "2S");
        assert_eq!(set.iter().next_back(), set.last());
        assert_eq!(CardSet::EMPTY.first(), None);
        assert_eq!(CardSet::EMPTY.last(), None);
    }

    #[test]
    fn parse_rejects_repeats() {
        assert!("AS as".parse::<CardSet>().is_err());
        assert_eq!("".parse::<CardSet>(), Ok(CardSet::EMPTY));
    }
}
