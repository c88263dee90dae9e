//! `Trick`: up to four cards played in turn from a leader, and who wins them.

use std::fmt;

use cards_core::{Card, Rank, Suit};

use crate::{Seat, penalty_points, seat_letter};

/// One trick: its leader and the cards played so far (at most four, in play order).
///
/// ```
/// use hearts::{Trick, NORTH, EAST};
///
/// let trick = Trick::new(NORTH, &["2C".parse()?, "AC".parse()?, "QS".parse()?, "KC".parse()?]);
/// assert_eq!(trick.winner(), Some(EAST), "the highest club wins");
/// assert_eq!(trick.points(), 13);
/// assert_eq!(trick.to_string(), "N: 2C AC QS KC");
/// # Ok::<(), cards_core::ParseCardError>(())
/// ```
///
/// Serialised as its leader and the cards played (`{"leader": 0, "cards": ["2C", "AC"]}`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "TrickData", try_from = "TrickData")]
pub struct Trick {
    leader: Seat,
    cards: [Card; 4],
    len: u8,
}

const FILLER: Card = Card::new(Rank::Two, Suit::Clubs);

impl Trick {
    /// A trick led by `leader` with `cards` played in turn (only the first four are kept).
    pub fn new(leader: Seat, cards: &[Card]) -> Trick {
        let mut trick = Trick {
            leader,
            cards: [FILLER; 4],
            len: 0,
        };
        for &card in cards.iter().take(4) {
            trick.cards[trick.len as usize] = card;
            trick.len += 1;
        }
        trick
    }

    /// The seat that led.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards played, in play order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// `(seat, card)` pairs in play order.
    pub fn plays(&self) -> impl ExactSizeIterator<Item = (Seat, Card)> + '_ {
        self.cards()
            .iter()
            .enumerate()
            .map(|(i, &card)| (self.leader.offset(i), card))
    }

    /// The card `seat` played to this trick, if it has played.
    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        let i = (seat.index() + 4 - self.leader.index()) % 4;
        self.cards().get(i).copied()
    }

    /// The number of cards played.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card has been played yet.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether all four cards are in.
    pub const fn is_complete(&self) -> bool {
        self.len == 4
    }

    /// The suit led, once a card is played.
    pub fn led_suit(&self) -> Option<Suit> {
        self.cards().first().and_then(|c| c.suit())
    }

    /// The seat and card currently winning: the highest card of the led suit.
    pub fn winning(&self) -> Option<(Seat, Card)> {
        let cards = self.cards();
        let led = cards.first()?.suit();
        let mut best = 0;
        for (i, card) in cards.iter().enumerate().skip(1) {
            // Within one suit the canonical index follows rank, aces high.
            if card.suit() == led && card.index() > cards[best].index() {
                best = i;
            }
        }
        Some((self.leader.offset(best), cards[best]))
    }

    /// The winner of a complete trick (`None` until four cards are in).
    pub fn winner(&self) -> Option<Seat> {
        if self.is_complete() {
            self.winning().map(|(seat, _)| seat)
        } else {
            None
        }
    }

    /// The penalty points in the trick so far.
    pub fn points(&self) -> u32 {
        penalty_points(self.cards().iter().copied().collect())
    }
}

/// A trick's serialised form: only the cards played, never the filler of the empty slots.
#[derive(serde::Serialize, serde::Deserialize)]
struct TrickData {
    leader: Seat,
    cards: Vec<Card>,
}

impl From<Trick> for TrickData {
    fn from(trick: Trick) -> TrickData {
        TrickData {
            leader: trick.leader,
            cards: trick.cards().to_vec(),
        }
    }
}

impl TryFrom<TrickData> for Trick {
    type Error = String;
    fn try_from(data: TrickData) -> Result<Trick, String> {
        if data.cards.len() > 4 {
            return Err(format!(
                "a trick holds at most 4 cards, not {}",
                data.cards.len()
            ));
        }
        Ok(Trick::new(data.leader, &data.cards))
    }
}

impl fmt::Display for Trick {
    /// The leader's letter, a colon, then the cards in play order: `N: 2C AC QS KC`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", seat_letter(self.leader))?;
        for card in self.cards() {
            write!(f, " {card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Trick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SOUTH, WEST};

    fn cards(text: &str) -> Vec<Card> {
        cards_core::parse_cards(text).unwrap()
    }

    #[test]
    fn sizes_are_pinned() {
        // A move is one `Card` (one byte); a trick is six bytes; a whole round stays small
        // enough to clone freely in search.
        assert_eq!(std::mem::size_of::<Card>(), 1);
        assert_eq!(std::mem::size_of::<Trick>(), 6);
        assert!(
            std::mem::size_of::<crate::Round>() <= 240,
            "{}",
            std::mem::size_of::<crate::Round>()
        );
    }

    #[test]
    fn highest_card_of_the_led_suit_wins() {
        // "The highest card of the led suit wins."
        let trick = Trick::new(SOUTH, &cards("5D AH 9D 2D"));
        assert_eq!(
            trick.winner(),
            Some(Seat::ALL[0]),
            "9D, played third from South, is North"
        );
        assert_eq!(trick.card_of(WEST), Some("AH".parse().unwrap()));
        let partial = Trick::new(SOUTH, &cards("5D AS"));
        assert_eq!(partial.winner(), None);
        assert_eq!(partial.winning().map(|w| w.0), Some(SOUTH));
        assert_eq!(Trick::new(SOUTH, &[]).winning(), None);
    }
}
