//! `Deal`: the 52 cards in dealing order, from a seed or from a list, and how they are laid out.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardSet, Deck, ParseListError};

/// The 52 cards of a deal in dealing order.
///
/// Mapping (the order a dealer lays the cards, row by row):
/// - cards 0–27 go to the tableau row by row: card 0 is pile 1's face-up card, cards 1–6 go
///   face down on piles 2–7; card 7 is pile 2's face-up card, cards 8–12 go face down on piles
///   3–7; … card 27 is pile 7's face-up card. Row `r` (0-based) gives pile `r + 1` its face-up
///   card and piles `r + 2..=7` one face-down card each.
/// - cards 28–51 form the stock, card 28 turned over first.
///
/// ```
/// use klondike::Deal;
/// let deal = Deal::from_seed(7);
/// assert_eq!(deal, Deal::from_seed(7), "a seed reproduces the deal");
/// let text = deal.to_string();
/// assert_eq!(text.parse::<Deal>(), Ok(deal));
/// assert!("AS AS".parse::<Deal>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    cards: [Card; 52],
}

/// Why a list of cards is not a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// The text has a token that is not a card.
    #[error(transparent)]
    Parse(#[from] ParseListError),
    /// A joker is not part of a Klondike deck.
    #[error("{0} is a joker; klondike uses the 52 standard cards")]
    Joker(Card),
    /// A card appears twice.
    #[error("{0} appears twice in the deal")]
    Duplicate(Card),
    /// Fewer than 52 cards; `missing` is the first card (in canonical order) not given.
    #[error("the deal has {count} cards, not 52: {missing} is missing")]
    Missing {
        /// How many cards were given.
        count: usize,
        /// The first card not given.
        missing: Card,
    },
    /// More than 52 cards (all distinct standard cards cannot exceed 52, so this only
    /// reports the count).
    #[error("the deal has {0} cards, not 52")]
    TooMany(usize),
}

impl Deal {
    /// The number of tableau cards (`1 + 2 + … + 7`).
    pub const TABLEAU_CARDS: usize = 28;
    /// The number of stock cards.
    pub const STOCK_CARDS: usize = 24;

    /// The deal for `seed`: the 52 standard cards (canonical order) shuffled with
    /// [`cards_core::Deck::shuffled`], then dealt in the order above.
    pub fn from_seed(seed: u64) -> Deal {
        let deck = Deck::standard52().shuffled(seed);
        let mut cards = [Card::BLACK_JOKER; 52];
        cards.copy_from_slice(deck.cards());
        Deal { cards }
    }

    /// The deal with `cards` in dealing order; it must hold each standard card exactly once.
    pub fn from_cards(cards: &[Card]) -> Result<Deal, DealError> {
        let mut seen = CardSet::EMPTY;
        for &card in cards {
            if card.is_joker() {
                return Err(DealError::Joker(card));
            }
            if !seen.insert(card) {
                return Err(DealError::Duplicate(card));
            }
        }
        if cards.len() > 52 {
            return Err(DealError::TooMany(cards.len()));
        }
        if let Some(missing) = (CardSet::STANDARD - seen).first() {
            return Err(DealError::Missing {
                count: cards.len(),
                missing,
            });
        }
        let mut array = [Card::BLACK_JOKER; 52];
        array.copy_from_slice(cards);
        Ok(Deal { cards: array })
    }

    /// The cards in dealing order.
    pub fn cards(&self) -> &[Card; 52] {
        &self.cards
    }

    /// The dealing index of tableau pile `pile` (0-based), card `depth` from the bottom
    /// (`depth <= pile`; `depth == pile` is the face-up card).
    pub const fn tableau_index(pile: usize, depth: usize) -> usize {
        // Row `depth` starts after rows 0..depth, which hold 7, 6, … cards.
        depth * 7 - depth * (depth.saturating_sub(1)) / 2 + (pile - depth)
    }
}

impl fmt::Display for Deal {
    /// The 52 cards in dealing order, canonical form, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.cards.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(card, f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal({self})")
    }
}

impl FromStr for Deal {
    type Err = DealError;
    /// Reads 52 cards in any form [`cards_core::parse_cards`] accepts (`AS 10h K♦ …`).
    fn from_str(s: &str) -> Result<Deal, DealError> {
        Deal::from_cards(&cards_core::parse_cards(s)?)
    }
}

game::serde_as_text!(Deal);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tableau_index_follows_rows() {
        assert_eq!(Deal::tableau_index(0, 0), 0);
        assert_eq!(Deal::tableau_index(6, 0), 6);
        assert_eq!(Deal::tableau_index(1, 1), 7);
        assert_eq!(Deal::tableau_index(6, 1), 12);
        assert_eq!(Deal::tableau_index(2, 2), 13);
        assert_eq!(Deal::tableau_index(6, 6), 27);
        let mut seen = [false; 28];
        for pile in 0..7 {
            for depth in 0..=pile {
                let i = Deal::tableau_index(pile, depth);
                assert!(!seen[i]);
                seen[i] = true;
            }
        }
    }

    #[test]
    fn malformed_lists_name_the_problem() {
        let deal = Deal::from_seed(1);
        let cards = deal.cards();
        assert_eq!(
            Deal::from_cards(&cards[..51]),
            Err(DealError::Missing {
                count: 51,
                missing: cards[51]
            })
        );
        let mut dup = *cards;
        dup[5] = dup[0];
        assert_eq!(Deal::from_cards(&dup), Err(DealError::Duplicate(cards[0])));
        let mut joker = cards.to_vec();
        joker.push(Card::RED_JOKER);
        assert_eq!(
            Deal::from_cards(&joker),
            Err(DealError::Joker(Card::RED_JOKER))
        );
        assert!(matches!("AS XX".parse::<Deal>(), Err(DealError::Parse(_))));
        assert!(DealError::Duplicate(cards[0]).to_string().contains("twice"));
    }

    #[test]
    fn seeds_differ_and_hold_every_card() {
        let a = Deal::from_seed(1);
        assert_ne!(a, Deal::from_seed(2));
        assert_eq!(
            a.cards().iter().copied().collect::<CardSet>(),
            CardSet::STANDARD
        );
    }
}
