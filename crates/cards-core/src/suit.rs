//! The four suits and the two card colours.

use std::fmt;

/// A card colour: the suit colour of a standard card, or the colour of a joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Clubs, spades and the black joker.
    Black,
    /// Diamonds, hearts and the red joker.
    Red,
}

impl Color {
    /// Both colours, black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::Red];

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::Red,
            Color::Red => Color::Black,
        }
    }
}

/// One of the four French suits.
///
/// The declaration order (clubs, diamonds, hearts, spades, as in bridge) is the canonical
/// order used for card indices and [`CardSet`](crate::CardSet) iteration; it is not a game
/// ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Suit {
    /// ♣
    Clubs = 0,
    /// ♦
    Diamonds = 1,
    /// ♥
    Hearts = 2,
    /// ♠
    Spades = 3,
}

impl Suit {
    /// All suits in canonical order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// The number of suits.
    pub const NUM: usize = 4;

    /// The suit's canonical index, 0..4 (clubs 0, spades 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with the given canonical index, if `index < 4`.
    pub const fn from_index(index: usize) -> Option<Suit> {
        match index {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's colour: diamonds and hearts are red.
    pub const fn color(self) -> Color {
        match self {
            Suit::Diamonds | Suit::Hearts => Color::Red,
            Suit::Clubs | Suit::Spades => Color::Black,
        }
    }

    /// The canonical ASCII letter: `C`, `D`, `H` or `S`.
    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit symbol: `♣`, `♦`, `♥` or `♠`.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// Reads a suit letter (either case) or symbol, black or white (`♤♡♢♧`).
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    /// Writes the ASCII letter; the alternate form (`{:#}`) writes the symbol.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(if f.alternate() {
            self.symbol()
        } else {
            self.char()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_alternate_between_suits() {
        assert_eq!(Suit::Hearts.color(), Color::Red);
        assert_eq!(Suit::Diamonds.color(), Color::Red);
        assert_eq!(Suit::Spades.color(), Color::Black);
        assert_eq!(Suit::Clubs.color().other(), Color::Red);
    }

    #[test]
    fn index_and_chars_round_trip() {
        for suit in Suit::ALL {
            assert_eq!(Suit::from_index(suit.index()), Some(suit));
            assert_eq!(Suit::from_char(suit.char()), Some(suit));
            assert_eq!(Suit::from_char(suit.symbol()), Some(suit));
            assert_eq!(
                Suit::from_char(suit.char().to_ascii_lowercase()),
                Some(suit)
            );
        }
        assert_eq!(Suit::from_index(4), None);
        assert_eq!(Suit::from_char('X'), None);
        assert_eq!(format!("{:#}", Suit::Spades), "♠");
    }
}
