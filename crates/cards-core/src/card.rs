//! A single playing card: one of the 52 standard cards or one of two jokers, in one byte.

use std::fmt;

use crate::{Color, Rank, Suit};

/// A playing card: a standard card (rank and suit) or the black or red joker.
///
/// A `Card` is one byte holding its canonical index: standard cards are
/// `suit.index() * 13 + rank.index()` (0..52, clubs two first, spades ace last), the black joker
/// is 52 and the red joker 53. The derived `Ord` follows that index; it is a canonical order for
/// sets and sorting, not any game's ranking.
///
/// ```
/// use cards_core::{Card, Rank, Suit};
///
/// let ace: Card = "A♠".parse()?;
/// assert_eq!(ace, Card::new(Rank::Ace, Suit::Spades));
/// assert_eq!(ace.to_string(), "AS");
/// assert_eq!(ace.glyph(), '🂡');
/// assert_eq!("10h".parse::<Card>()?.to_string(), "TH");
/// assert!("1X".parse::<Card>().is_err());
/// # Ok::<(), cards_core::ParseCardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The number of distinct cards (52 standard + 2 jokers).
    pub const NUM: usize = 54;
    /// The black (smaller, "little") joker.
    pub const BLACK_JOKER: Card = Card(52);
    /// The red (larger, "big") joker.
    pub const RED_JOKER: Card = Card(53);

    /// The standard card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8)
    }

    /// The card with the given canonical index, if `index < 54`.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Card::NUM {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// The canonical index, 0..54.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is one of the two jokers.
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The rank, or `None` for a joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Some(Rank::ALL[(self.0 % 13) as usize])
        }
    }

    /// The suit, or `None` for a joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Suit::from_index((self.0 / 13) as usize)
        }
    }

    /// The card's colour: its suit colour, or the joker's own colour.
    pub const fn color(self) -> Color {
        match self.0 {
            52 => Color::Black,
            53 => Color::Red,
            _ => match self.suit() {
                Some(suit) => suit.color(),
                None => Color::Black,
            },
        }
    }

    /// Every card in canonical order: 52 standard cards, then the black and red jokers.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator {
        (0..Card::NUM as u8).map(Card)
    }

    /// The 52 standard cards in canonical order.
    pub fn standard() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator {
        (0..52u8).map(Card)
    }

    /// The Unicode playing-card glyph (block U+1F0A0): `🂡` for the ace of spades, `🃏` for the
    /// black joker and `🂿` for the red joker. The knights (U+1F0AC, …) are never used.
    pub fn glyph(self) -> char {
        let code = match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => {
                let row = match suit {
                    Suit::Spades => 0x1F0A0,
                    Suit::Hearts => 0x1F0B0,
                    Suit::Diamonds => 0x1F0C0,
                    Suit::Clubs => 0x1F0D0,
                };
                let column = match rank {
                    Rank::Ace => 1,
                    Rank::Jack => 0xB,
                    Rank::Queen => 0xD,
                    Rank::King => 0xE,
                    r => r.ace_low() as u32,
                };
                row + column
            }
            _ if self == Card::RED_JOKER => 0x1F0BF,
            _ => 0x1F0CF,
        };
        char::from_u32(code).unwrap_or('?')
    }

    /// The card read from its Unicode glyph. The white joker (U+1F0DF) reads as the black joker.
    pub fn from_glyph(c: char) -> Option<Card> {
        let code = c as u32;
        if !(0x1F0A1..=0x1F0DF).contains(&code) {
            return None;
        }
        match code {
            0x1F0BF => return Some(Card::RED_JOKER),
            0x1F0CF | 0x1F0DF => return Some(Card::BLACK_JOKER),
            _ => {}
        }
        let suit = match code & 0xFFF0 {
            0xF0A0 => Suit::Spades,
            0xF0B0 => Suit::Hearts,
            0xF0C0 => Suit::Diamonds,
            _ => Suit::Clubs,
        };
        let rank = match code & 0xF {
            1 => Rank::Ace,
            v @ 2..=10 => Rank::from_ace_low(v as u8)?,
            0xB => Rank::Jack,
            0xD => Rank::Queen,
            0xE => Rank::King,
            _ => return None, // 0: card back, 0xC: knight, 0xF: trumps/jokers handled above
        };
        Some(Card::new(rank, suit))
    }

    /// A short human form: rank then suit symbol (`A♠`, `10♥`), jokers as `BJ`/`RJ`.
    pub fn symbol_text(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(Rank::Ten), Some(suit)) => format!("10{}", suit.symbol()),
            (Some(rank), Some(suit)) => format!("{}{}", rank.char(), suit.symbol()),
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for Card {
    /// The canonical ASCII form: rank then suit (`AS`, `TD`, `2C`), jokers `BJ` and `RJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => write!(f, "{}{}", rank.char(), suit.char()),
            _ if *self == Card::RED_JOKER => f.write_str("RJ"),
            _ => f.write_str("BJ"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

game::serde_as_text!(Card);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_is_one_byte() {
        assert_eq!(std::mem::size_of::<Card>(), 1);
        assert_eq!(std::mem::size_of::<Option<Card>>(), 2);
    }

    #[test]
    fn rank_suit_and_index_agree() {
        for (i, card) in Card::all().enumerate() {
            assert_eq!(card.index(), i);
            if let (Some(rank), Some(suit)) = (card.rank(), card.suit()) {
                assert_eq!(Card::new(rank, suit), card);
                assert_eq!(card.color(), suit.color());
            } else {
                assert!(card.is_joker());
            }
        }
        assert_eq!(Card::from_index(54), None);
        assert_eq!(Card::BLACK_JOKER.color(), Color::Black);
        assert_eq!(Card::RED_JOKER.color(), Color::Red);
    }

    #[test]
    fn glyphs_match_the_unicode_chart() {
        assert_eq!(Card::new(Rank::Ace, Suit::Spades).glyph(), '\u{1F0A1}');
        assert_eq!(Card::new(Rank::Ten, Suit::Hearts).glyph(), '\u{1F0BA}');
        assert_eq!(Card::new(Rank::Queen, Suit::Diamonds).glyph(), '\u{1F0CD}');
        assert_eq!(Card::new(Rank::King, Suit::Clubs).glyph(), '\u{1F0DE}');
        assert_eq!(Card::BLACK_JOKER.glyph(), '\u{1F0CF}');
        assert_eq!(Card::RED_JOKER.glyph(), '\u{1F0BF}');
        for card in Card::all() {
            assert_eq!(Card::from_glyph(card.glyph()), Some(card));
        }
        assert_eq!(Card::from_glyph('\u{1F0DF}'), Some(Card::BLACK_JOKER));
        assert_eq!(Card::from_glyph('\u{1F0AC}'), None, "knight");
        assert_eq!(Card::from_glyph('\u{1F0A0}'), None, "card back");
        assert_eq!(Card::from_glyph('A'), None);
    }

    #[test]
    fn display_forms() {
        assert_eq!(Card::new(Rank::Ten, Suit::Diamonds).to_string(), "TD");
        assert_eq!(Card::new(Rank::Ten, Suit::Diamonds).symbol_text(), "10♦");
        assert_eq!(Card::new(Rank::Two, Suit::Clubs).to_string(), "2C");
        assert_eq!(Card::BLACK_JOKER.to_string(), "BJ");
        assert_eq!(Card::RED_JOKER.symbol_text(), "RJ");
    }
}
