//! `Deck`: the 52- and 54-card decks, shuffled reproducibly and dealt in order.

use std::ops::Deref;

use rand::Rng;

use crate::{Card, CardSet, Pile};

/// An ordered deck; `cards()[0]` is the first card dealt.
///
/// ```
/// use cards_core::Deck;
///
/// let mut deck = Deck::standard52().shuffled(42);
/// assert_eq!(deck, Deck::standard52().shuffled(42), "a seed reproduces the order");
/// let hand = deck.deal(13);
/// assert_eq!((hand.len(), deck.len()), (13, 39));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deck {
    cards: Pile,
}

/// The error for building a deck from a list that repeats a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} appears twice in the deck")]
pub struct DuplicateCard(pub Card);

impl Deck {
    /// The 52 standard cards in canonical order (clubs two first).
    pub fn standard52() -> Deck {
        Deck::from_set(CardSet::STANDARD)
    }

    /// The 52 standard cards and both jokers, in canonical order.
    pub fn with_jokers54() -> Deck {
        Deck::from_set(CardSet::ALL)
    }

    /// The cards of `set` in canonical order.
    pub fn from_set(set: CardSet) -> Deck {
        let mut cards = Pile::new();
        for card in set {
            cards.push(card);
        }
        Deck { cards }
    }

    /// A deck in the given order; every card must be distinct.
    pub fn from_cards(cards: &[Card]) -> Result<Deck, DuplicateCard> {
        let mut seen = CardSet::EMPTY;
        let mut pile = Pile::new();
        for &card in cards {
            if !seen.insert(card) {
                return Err(DuplicateCard(card));
            }
            pile.push(card);
        }
        Ok(Deck { cards: pile })
    }

    /// Shuffles in place with `rng` (Fisher–Yates, see [`shuffle`](crate::shuffle)).
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        crate::shuffle(self.cards.as_mut_slice(), rng);
    }

    /// This deck shuffled with [`seeded_rng(seed)`](crate::seeded_rng): the same seed gives
    /// the same order on every platform.
    #[must_use]
    pub fn shuffled(mut self, seed: u64) -> Deck {
        self.shuffle(&mut crate::seeded_rng(seed));
        self
    }

    /// The cards in dealing order.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The cards as a set.
    pub fn to_set(&self) -> CardSet {
        self.cards.to_set()
    }

    /// Removes and returns the next `n` cards (fewer if the deck runs out), in dealing order.
    pub fn deal(&mut self, n: usize) -> Pile {
        let mut rest = self.cards.split_off(n.min(self.cards.len()));
        std::mem::swap(&mut rest, &mut self.cards);
        rest
    }

    /// Removes and returns the next card.
    pub fn draw(&mut self) -> Option<Card> {
        self.deal(1).first().copied()
    }
}

impl Deref for Deck {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        &self.cards
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_have_every_card_once() {
        assert_eq!(Deck::standard52().to_set(), CardSet::STANDARD);
        assert_eq!(Deck::with_jokers54().to_set(), CardSet::ALL);
        assert_eq!(Deck::standard52().len(), 52);
    }

    #[test]
    fn from_cards_rejects_repeats() {
        let ace: Card = "AS".parse().unwrap();
        assert_eq!(Deck::from_cards(&[ace, ace]), Err(DuplicateCard(ace)));
        assert_eq!(Deck::from_cards(&[ace]).unwrap().cards(), &[ace]);
    }

    #[test]
    fn dealing_takes_from_the_front() {
        let mut deck = Deck::standard52();
        let first = deck.deal(2);
        assert_eq!(first.to_string(), "2C 3C");
        assert_eq!(deck.draw().unwrap().to_string(), "4C");
        let rest = deck.deal(100);
        assert_eq!(rest.len(), 49);
        assert!(deck.is_empty());
        assert_eq!(deck.draw(), None);
    }
}
