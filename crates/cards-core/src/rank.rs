//! The thirteen ranks of a standard card.

use std::fmt;

/// A card rank, two to ace.
///
/// `Rank` deliberately has no `Ord`: every game orders ranks its own way. Use
/// [`Rank::ace_high`] (Hearts, bridge: 2 < … < K < A), [`Rank::ace_low`] (Klondike:
/// A < 2 < … < K) or a game-specific order (Dou Dizhu: 3 < … < A < 2). The declaration order
/// (two first) fixes only the canonical [`Rank::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 2
    Two = 0,
    /// 3
    Three,
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
    /// 10, written `T`
    Ten,
    /// Jack
    Jack,
    /// Queen
    Queen,
    /// King
    King,
    /// Ace
    Ace,
}

impl Rank {
    /// All ranks in canonical order, two to ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
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
    ];
    /// The number of ranks.
    pub const NUM: usize = 13;

    /// The canonical index: two is 0, ace is 12.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with the given canonical index, if `index < 13`.
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < Rank::NUM {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// The value with aces high: 2..=14.
    pub const fn ace_high(self) -> u8 {
        self as u8 + 2
    }

    /// The value with aces low: ace 1, two 2, …, king 13.
    pub const fn ace_low(self) -> u8 {
        match self {
            Rank::Ace => 1,
            r => r as u8 + 2,
        }
    }

    /// The rank whose [`ace_low`](Rank::ace_low) value is `value` (1..=13).
    pub const fn from_ace_low(value: u8) -> Option<Rank> {
        match value {
            1 => Some(Rank::Ace),
            2..=13 => Some(Rank::ALL[value as usize - 2]),
            _ => None,
        }
    }

    /// The canonical ASCII character: `2`–`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Reads a one-character rank (`2`–`9`, `T`, `J`, `Q`, `K`, `A`, either case).
    /// Ten written `10` is handled by the card parser.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            '2'..='9' => Some(Rank::ALL[c as usize - '2' as usize]),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    /// Writes the canonical character (`T` for ten).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        f.write_char(self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_each_order() {
        assert_eq!(Rank::Two.ace_high(), 2);
        assert_eq!(Rank::Ace.ace_high(), 14);
        assert_eq!(Rank::Ace.ace_low(), 1);
        assert_eq!(Rank::King.ace_low(), 13);
        for rank in Rank::ALL {
            assert_eq!(Rank::from_ace_low(rank.ace_low()), Some(rank));
            assert_eq!(Rank::from_index(rank.index()), Some(rank));
            assert_eq!(Rank::from_char(rank.char()), Some(rank));
        }
        assert_eq!(Rank::from_ace_low(0), None);
        assert_eq!(Rank::from_ace_low(14), None);
        assert_eq!(Rank::from_char('1'), None);
        assert_eq!(Rank::from_char('t'), Some(Rank::Ten));
    }
}
