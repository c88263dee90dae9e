//! The fifteen Dou Dizhu ranks, weakest first: 3 < 4 < … < K < A < 2 < black joker < red joker.

use std::fmt;

use cards_core::{Card, CardSet};

/// A Dou Dizhu rank. The derived `Ord` is the game's strength order:
/// `3 < 4 < … < K < A < 2 < B < R` (`B` the black joker, `R` the red joker).
///
/// The text form is RLCard's one-character notation `3456789TJQKA2BR`; [`Rank::from_char`]
/// also accepts lowercase letters.
///
/// ```
/// use doudizhu::Rank;
///
/// assert!(Rank::Two > Rank::Ace && Rank::RedJoker > Rank::BlackJoker);
/// assert_eq!(Rank::Ten.to_string(), "T");
/// assert_eq!(Rank::from_char('b'), Some(Rank::BlackJoker));
/// assert!(Rank::Ace.is_chainable() && !Rank::Two.is_chainable());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 3, the lowest rank.
    Three = 0,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10, written `T`.
    Ten,
    /// Jack, `J`.
    Jack,
    /// Queen, `Q`.
    Queen,
    /// King, `K`.
    King,
    /// Ace, `A`: the highest rank a chain may reach.
    Ace,
    /// 2: above the ace, never in a chain.
    Two,
    /// The black (little) joker, `B`.
    BlackJoker,
    /// The red (big) joker, `R`.
    RedJoker,
}

impl Rank {
    /// Every rank, weakest first.
    pub const ALL: [Rank; 15] = [
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
        Rank::Two,
        Rank::BlackJoker,
        Rank::RedJoker,
    ];
    /// The number of ranks.
    pub const NUM: usize = 15;

    /// The index in strength order: 3 is 0, the red joker 14.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with the given strength index, if `index < 15`.
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < Rank::NUM {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// Whether the rank may appear in a chain or airplane (3 to A).
    pub const fn is_chainable(self) -> bool {
        (self as u8) <= Rank::Ace as u8
    }

    /// Whether the rank is a joker.
    pub const fn is_joker(self) -> bool {
        (self as u8) >= Rank::BlackJoker as u8
    }

    /// How many cards of this rank a 54-card deck holds: 4, or 1 for a joker.
    pub const fn copies(self) -> u8 {
        if self.is_joker() { 1 } else { 4 }
    }

    /// The rank of a card (suits play no part in Dou Dizhu).
    pub const fn of_card(card: Card) -> Rank {
        let index = card.index();
        if index >= 52 {
            Rank::ALL[index - 52 + Rank::BlackJoker as usize]
        } else {
            // cards-core ranks run 2, 3, …, A (index 0..13); ours run 3, …, A, 2.
            Rank::ALL[(index % 13 + 12) % 13]
        }
    }

    /// Every card of this rank in a 54-card deck.
    pub const fn cards(self) -> CardSet {
        match self {
            Rank::BlackJoker => CardSet::single(Card::BLACK_JOKER),
            Rank::RedJoker => CardSet::single(Card::RED_JOKER),
            _ => {
                let standard = (self as usize + 1) % 13;
                match cards_core::Rank::from_index(standard) {
                    Some(rank) => CardSet::rank(rank),
                    None => CardSet::EMPTY,
                }
            }
        }
    }

    /// RLCard's character: `3`–`9`, `T`, `J`, `Q`, `K`, `A`, `2`, `B`, `R`.
    pub const fn char(self) -> char {
        b"3456789TJQKA2BR"[self as usize] as char
    }

    /// Reads RLCard's character, in either case.
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c.to_ascii_uppercase() {
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            'A' => Rank::Ace,
            '2' => Rank::Two,
            'B' => Rank::BlackJoker,
            'R' => Rank::RedJoker,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    /// Writes RLCard's character (`T` for ten, `B`/`R` for the jokers).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.char())
    }
}

impl serde::Serialize for Rank {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Rank {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let mut chars = text.chars();
        match (chars.next().and_then(Rank::from_char), chars.next()) {
            (Some(rank), None) => Ok(rank),
            _ => Err(serde::de::Error::custom(format!("not a rank: {text:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_maps_to_a_rank_holding_it() {
        let mut seen = [0u8; 15];
        for card in Card::all() {
            let rank = Rank::of_card(card);
            assert!(rank.cards().contains(card), "{card} not in cards of {rank}");
            seen[rank.index()] += 1;
        }
        for rank in Rank::ALL {
            assert_eq!(seen[rank.index()], rank.copies());
            assert_eq!(rank.cards().len(), rank.copies() as usize);
        }
    }

    #[test]
    fn order_and_notation() {
        for (i, rank) in Rank::ALL.iter().enumerate() {
            assert_eq!(rank.index(), i);
            assert_eq!(Rank::from_index(i), Some(*rank));
            assert_eq!(Rank::from_char(rank.char()), Some(*rank));
        }
        assert!(Rank::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Rank::from_index(15), None);
        assert_eq!(Rank::from_char('1'), None);
        assert_eq!(Rank::of_card("3C".parse().unwrap()), Rank::Three);
        assert_eq!(Rank::of_card("2S".parse().unwrap()), Rank::Two);
        assert_eq!(Rank::of_card("AH".parse().unwrap()), Rank::Ace);
        assert_eq!(Rank::of_card(Card::RED_JOKER), Rank::RedJoker);
    }
}
