//! `Pile`: an ordered sequence of cards with a fixed capacity, where order matters.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use crate::{Card, CardSet, ParseListError};

/// An ordered sequence of at most 54 cards, stored inline (no allocation, `Copy`).
///
/// Index 0 is the bottom of the pile; [`top`](Pile::top) is the last card. It dereferences
/// to a slice, so `len`, `iter`, indexing and slice methods all work. Repeats are allowed; use
/// [`CardSet`] for sets.
///
/// ```
/// use cards_core::Pile;
///
/// let mut pile: Pile = "KS QH JC".parse()?;
/// assert_eq!(pile.top().map(|c| c.to_string()), Some("JC".into()));
/// let run = pile.split_off(1);
/// assert_eq!(run.to_string(), "QH JC");
/// assert_eq!(pile.len(), 1);
/// # Ok::<(), cards_core::ParseListError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Pile {
    cards: [Card; Pile::CAPACITY],
    len: u8,
}

/// The error for pushing onto a full [`Pile`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pile is full ({} cards)", Pile::CAPACITY)]
pub struct PileFull;

impl Pile {
    /// The most cards a pile holds: one of each card.
    pub const CAPACITY: usize = Card::NUM;

    /// An empty pile.
    pub const fn new() -> Pile {
        Pile {
            cards: [Card::BLACK_JOKER; Pile::CAPACITY],
            len: 0,
        }
    }

    /// The cards, bottom first.
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The cards, bottom first, mutably (for reordering; the length cannot change).
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len as usize]
    }

    /// The top card.
    pub fn top(&self) -> Option<Card> {
        self.as_slice().last().copied()
    }

    /// Puts `card` on top, or reports that the pile is full.
    pub fn try_push(&mut self, card: Card) -> Result<(), PileFull> {
        let slot = self.cards.get_mut(self.len as usize).ok_or(PileFull)?;
        *slot = card;
        self.len += 1;
        Ok(())
    }

    /// Puts `card` on top.
    ///
    /// # Panics
    /// When the pile already holds [`Pile::CAPACITY`] cards; use [`try_push`](Pile::try_push)
    /// where that can happen.
    pub fn push(&mut self, card: Card) {
        self.try_push(card).expect("Pile::push on a full pile");
    }

    /// Puts `cards` on top in order (the last becomes the top), or changes nothing and reports
    /// that they do not fit.
    pub fn try_extend_from_slice(&mut self, cards: &[Card]) -> Result<(), PileFull> {
        let start = self.len as usize;
        let end = start + cards.len();
        self.cards
            .get_mut(start..end)
            .ok_or(PileFull)?
            .copy_from_slice(cards);
        self.len = end as u8;
        Ok(())
    }

    /// Removes and returns the top card.
    pub fn pop(&mut self) -> Option<Card> {
        let card = self.top()?;
        self.len -= 1;
        Some(card)
    }

    /// Removes the cards from index `at` to the top and returns them in order. An `at` past
    /// the top returns an empty pile.
    #[must_use = "the removed cards are returned"]
    pub fn split_off(&mut self, at: usize) -> Pile {
        let at = at.min(self.len as usize);
        let mut rest = Pile::new();
        let moved = &self.cards[at..self.len as usize];
        rest.cards[..moved.len()].copy_from_slice(moved);
        rest.len = moved.len() as u8;
        self.len = at as u8;
        rest
    }

    /// Keeps the bottom `len` cards (all of them when `len` is at least the length).
    pub fn truncate(&mut self, len: usize) {
        if len < self.len as usize {
            self.len = len as u8;
        }
    }

    /// Removes every card.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Reverses the order of the cards in place (turning a pile over).
    pub fn reverse(&mut self) {
        self.cards[..self.len as usize].reverse();
    }

    /// The cards as a set (repeats collapse).
    pub fn to_set(&self) -> CardSet {
        self.iter().copied().collect()
    }
}

impl Default for Pile {
    fn default() -> Pile {
        Pile::new()
    }
}

impl Deref for Pile {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl TryFrom<&[Card]> for Pile {
    type Error = PileFull;
    fn try_from(cards: &[Card]) -> Result<Pile, PileFull> {
        let mut pile = Pile::new();
        pile.try_extend_from_slice(cards)?;
        Ok(pile)
    }
}

impl<'a> IntoIterator for &'a Pile {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Display for Pile {
    /// The cards bottom first in canonical form, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(card, f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromStr for Pile {
    type Err = ParseListError;
    /// Reads a list of cards bottom first; repeats are allowed, more than 54 cards are not.
    fn from_str(s: &str) -> Result<Pile, ParseListError> {
        let cards = crate::parse_cards(s)?;
        Pile::try_from(cards.as_slice()).map_err(|PileFull| ParseListError::TooMany {
            count: cards.len(),
            capacity: Pile::CAPACITY,
        })
    }
}

impl serde::Serialize for Pile {
    /// A list of canonical card strings, bottom first.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for Pile {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        Pile::try_from(cards.as_slice()).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_and_capacity() {
        let mut pile = Pile::new();
        assert_eq!(pile.pop(), None);
        for card in Card::all() {
            pile.push(card);
        }
        assert_eq!(pile.len(), 54);
        assert_eq!(pile.try_push(Card::RED_JOKER), Err(PileFull));
        assert_eq!(
            pile.try_extend_from_slice(&[Card::RED_JOKER]),
            Err(PileFull)
        );
        assert_eq!(pile.len(), 54, "a failed extend changes nothing");
        assert_eq!(pile.pop(), Some(Card::RED_JOKER));
        assert_eq!(pile.top(), Some(Card::BLACK_JOKER));
    }

    #[test]
    fn split_truncate_reverse() {
        let mut pile: Pile = "AS 2S 3S 4S".parse().unwrap();
        assert_eq!(pile.split_off(9).len(), 0);
        let top = pile.split_off(2);
        assert_eq!(top.to_string(), "3S 4S");
        assert_eq!(pile.to_string(), "AS 2S");
        pile.reverse();
        assert_eq!(pile.to_string(), "2S AS");
        pile.truncate(1);
        assert_eq!(pile.to_string(), "2S");
        pile.clear();
        assert!(pile.is_empty());
    }

    #[test]
    fn truncate_past_256_keeps_the_pile() {
        // Issue 13: `truncate(256)` emptied the pile (`256 as u8` is 0).
        let mut pile: Pile = "AS 2S 3S".parse().unwrap();
        for len in [3, 54, 255, 256, 257, 512, usize::MAX] {
            pile.truncate(len);
            assert_eq!(pile.len(), 3, "truncate({len})");
        }
        pile.truncate(1);
        assert_eq!(pile.to_string(), "AS");
    }

    #[test]
    fn too_many_cards_is_an_error() {
        let text = vec!["AS"; 55].join(" ");
        assert_eq!(
            text.parse::<Pile>(),
            Err(ParseListError::TooMany {
                count: 55,
                capacity: 54
            })
        );
        let text = vec!["AS"; 54].join(" ");
        assert_eq!(text.parse::<Pile>().map(|p| p.len()), Ok(54));
    }
}
