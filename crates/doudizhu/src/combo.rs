//! Combinations: a play's kind, main rank and length, the exact ranks played, and comparison.

use std::fmt;

use crate::{Counts, Rank};

/// The kind of a combination, in RLCard's type order (which is also the action-id order).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// One card.
    Single,
    /// Two cards of a rank (never the jokers: they are the rocket).
    Pair,
    /// Three cards of a rank.
    Trio,
    /// A trio and one single of another rank (`3334`).
    TrioSingle,
    /// A trio and a pair of another rank (`33344`).
    TrioPair,
    /// At least five consecutive singles from 3 to A (`34567`).
    Chain,
    /// At least three consecutive pairs from 3 to A (`334455`).
    PairChain,
    /// At least two consecutive trios from 3 to A, bare (`333444`).
    Airplane,
    /// An airplane with one single per trio as wings (`33344456`, `33344455`).
    AirplaneSingles,
    /// An airplane with one pair per trio as wings, pairs of distinct ranks (`3334445566`).
    AirplanePairs,
    /// Four of a rank with two singles (`333345`, `333355`); not a bomb.
    FourSingles,
    /// Four of a rank with two pairs of distinct ranks (`33334455`); not a bomb.
    FourPairs,
    /// Four of a rank alone: beats every non-bomb; higher bombs beat lower ones.
    Bomb,
    /// Both jokers: beats everything.
    Rocket,
}

impl Kind {
    /// Every kind, in order.
    pub const ALL: [Kind; 14] = [
        Kind::Single,
        Kind::Pair,
        Kind::Trio,
        Kind::TrioSingle,
        Kind::TrioPair,
        Kind::Chain,
        Kind::PairChain,
        Kind::Airplane,
        Kind::AirplaneSingles,
        Kind::AirplanePairs,
        Kind::FourSingles,
        Kind::FourPairs,
        Kind::Bomb,
        Kind::Rocket,
    ];
    /// The number of kinds.
    pub const NUM: usize = 14;

    /// A short English name (`"airplane with singles"`).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Trio => "trio",
            Kind::TrioSingle => "trio with single",
            Kind::TrioPair => "trio with pair",
            Kind::Chain => "chain",
            Kind::PairChain => "pair chain",
            Kind::Airplane => "airplane",
            Kind::AirplaneSingles => "airplane with singles",
            Kind::AirplanePairs => "airplane with pairs",
            Kind::FourSingles => "four with two singles",
            Kind::FourPairs => "four with two pairs",
            Kind::Bomb => "bomb",
            Kind::Rocket => "rocket",
        }
    }

    /// Whether the kind has a variable length (chains and airplanes).
    pub const fn is_sequence(self) -> bool {
        matches!(
            self,
            Kind::Chain
                | Kind::PairChain
                | Kind::Airplane
                | Kind::AirplaneSingles
                | Kind::AirplanePairs
        )
    }

    /// The lengths a play of this kind may have (in body ranks), within a 54-card deck and a
    /// 20-card hand: chains 5..=12, pair chains 3..=10, airplanes 2..=6, with singles 2..=5,
    /// with pairs 2..=4; 1 for every other kind.
    pub const fn lengths(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Kind::Chain => 5..=12,
            Kind::PairChain => 3..=10,
            Kind::Airplane => 2..=6,
            Kind::AirplaneSingles => 2..=5,
            Kind::AirplanePairs => 2..=4,
            _ => 1..=1,
        }
    }

    /// Whether a play of this kind is a bomb or the rocket (doubling the stake).
    pub const fn is_bomb(self) -> bool {
        matches!(self, Kind::Bomb | Kind::Rocket)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A reading of a play: its kind, main rank and length. Two plays compare through their
/// readings ([`Combo::beats`]).
///
/// The main rank is the rank that decides comparisons: the single, pair, trio or four's rank,
/// and the *lowest* rank of a chain's or airplane's body (never a kicker). The length counts
/// body ranks (5 for `34567`, 2 for `33344456`) and is 1 for kinds without a length.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Combo {
    /// The kind.
    pub kind: Kind,
    /// The rank that decides comparison (the lowest body rank for sequences).
    pub main: Rank,
    /// The number of body ranks (1 for kinds without a length).
    pub len: u8,
}

impl Combo {
    /// A reading with length 1.
    pub const fn new(kind: Kind, main: Rank) -> Combo {
        Combo { kind, main, len: 1 }
    }

    /// The highest body rank (equal to `main` except for sequences).
    pub const fn top(self) -> Rank {
        match Rank::from_index(self.main as usize + self.len as usize - 1) {
            Some(rank) => rank,
            None => self.main,
        }
    }

    /// The number of cards a play of this reading holds.
    pub const fn card_count(self) -> usize {
        let len = self.len as usize;
        match self.kind {
            Kind::Single => 1,
            Kind::Pair | Kind::Rocket => 2,
            Kind::Trio => 3,
            Kind::TrioSingle | Kind::Bomb => 4,
            Kind::TrioPair => 5,
            Kind::Chain => len,
            Kind::PairChain => 2 * len,
            Kind::Airplane => 3 * len,
            Kind::AirplaneSingles => 4 * len,
            Kind::AirplanePairs => 5 * len,
            Kind::FourSingles => 6,
            Kind::FourPairs => 8,
        }
    }

    /// Whether a play of this reading beats a play of `other`: the rocket beats everything; a
    /// bomb beats every non-bomb and lower bombs; otherwise only the same kind and length
    /// compare, by main rank.
    ///
    /// ```
    /// use doudizhu::{Combo, Kind, Rank};
    ///
    /// let bomb = Combo::new(Kind::Bomb, Rank::Three);
    /// let pair = Combo::new(Kind::Pair, Rank::Two);
    /// assert!(bomb.beats(pair) && !pair.beats(bomb));
    /// assert!(Combo::new(Kind::Rocket, Rank::BlackJoker).beats(Combo::new(Kind::Bomb, Rank::Two)));
    /// ```
    pub const fn beats(self, other: Combo) -> bool {
        match (self.kind, other.kind) {
            (_, Kind::Rocket) => false,
            (Kind::Bomb, Kind::Bomb) => self.main as u8 > other.main as u8,
            (Kind::Rocket | Kind::Bomb, _) => true,
            (_, Kind::Bomb) => false,
            (a, b) => {
                a as u8 == b as u8 && self.len == other.len && self.main as u8 > other.main as u8
            }
        }
    }
}

impl fmt::Display for Combo {
    /// `pair 7`, `chain 3-7`, `airplane with singles 3-4`, `rocket`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Rocket => f.write_str("rocket"),
            kind if kind.is_sequence() => write!(f, "{kind} {}-{}", self.main, self.top()),
            kind => write!(f, "{kind} {}", self.main),
        }
    }
}

/// A play: a reading ([`Combo`]) and the exact ranks played ([`Counts`]). 16 bytes, `Copy`.
///
/// Build plays with [`Play::parse`] / `FromStr` (default rules), [`crate::readings`] or the
/// move generators; [`Play::new`] checks that the reading is one of the ranks' readings.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Play {
    /// The reading.
    pub combo: Combo,
    /// The ranks played.
    pub counts: Counts,
}

impl Play {
    /// The play of `counts` read as `combo`, if that is one of its readings under `rules`.
    pub fn new(combo: Combo, counts: Counts, rules: &crate::RuleSet) -> Option<Play> {
        crate::readings(counts, rules)
            .iter()
            .any(|&c| c == combo)
            .then_some(Play { combo, counts })
    }

    /// The kind.
    pub const fn kind(self) -> Kind {
        self.combo.kind
    }

    /// Whether this play beats `other` ([`Combo::beats`]).
    pub const fn beats(self, other: Play) -> bool {
        self.combo.beats(other.combo)
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.combo.card_count()
    }

    /// Always `false`: a play holds at least one card (pass is [`Move::Pass`]).
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Reads a play from RLCard rank notation under `rules`, taking its first reading.
    ///
    /// ```
    /// use doudizhu::{Kind, Play, Rank, RuleSet};
    ///
    /// let play = Play::parse("5 4 4 4 3 3 3 5", &RuleSet::DEFAULT)?;
    /// assert_eq!(play.kind(), Kind::AirplaneSingles);
    /// assert_eq!(play.combo.main, Rank::Three);
    /// assert_eq!(play.to_string(), "33344455");
    /// assert!(Play::parse("JQKA2", &RuleSet::DEFAULT).is_err());
    /// # Ok::<(), doudizhu::ParsePlayError>(())
    /// ```
    pub fn parse(text: &str, rules: &crate::RuleSet) -> Result<Play, ParsePlayError> {
        let counts: Counts = text.parse()?;
        match crate::classify(counts, rules) {
            Some(combo) => Ok(Play { combo, counts }),
            None if counts.is_empty() => Err(ParsePlayError::Empty),
            None => Err(ParsePlayError::NotCombination(counts)),
        }
    }
}

impl fmt::Display for Play {
    /// The ranks in RLCard notation, weakest first (`33344455`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.counts, f)
    }
}

impl std::str::FromStr for Play {
    type Err = ParsePlayError;

    /// [`Play::parse`] under [`crate::RuleSet::DEFAULT`].
    fn from_str(s: &str) -> Result<Play, ParsePlayError> {
        Play::parse(s, &crate::RuleSet::DEFAULT)
    }
}

/// Why text is not a play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePlayError {
    /// The text is not a rank multiset.
    #[error(transparent)]
    Ranks(#[from] crate::ParseCountsError),
    /// No ranks at all (write `pass` for a pass).
    #[error("no cards given")]
    Empty,
    /// The ranks form no combination under the rules.
    #[error("{0} is not a combination")]
    NotCombination(Counts),
}

/// A turn in the card-play phase: pass, or a play.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// Pass (not allowed when leading).
    Pass,
    /// A play.
    Play(Play),
}

impl Move {
    /// The play, if this is not a pass.
    pub const fn play(self) -> Option<Play> {
        match self {
            Move::Pass => None,
            Move::Play(play) => Some(play),
        }
    }
}

impl From<Play> for Move {
    fn from(play: Play) -> Move {
        Move::Play(play)
    }
}

impl fmt::Display for Move {
    /// `pass`, or the play's ranks.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Play(play) => fmt::Display::fmt(play, f),
        }
    }
}

impl std::str::FromStr for Move {
    type Err = ParsePlayError;

    /// `pass` (any case) or a play under the default rules.
    fn from_str(s: &str) -> Result<Move, ParsePlayError> {
        if s.trim().eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            s.parse().map(Move::Play)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_pinned() {
        assert_eq!(std::mem::size_of::<Combo>(), 3);
        assert_eq!(std::mem::size_of::<Play>(), 16);
        assert_eq!(std::mem::size_of::<Move>(), 16);
    }

    #[test]
    fn rocket_and_bombs() {
        let rocket = Combo::new(Kind::Rocket, Rank::BlackJoker);
        let bomb3 = Combo::new(Kind::Bomb, Rank::Three);
        let bomb2 = Combo::new(Kind::Bomb, Rank::Two);
        let chain = Combo {
            kind: Kind::Chain,
            main: Rank::Ten,
            len: 5,
        };
        assert!(rocket.beats(bomb2) && rocket.beats(chain));
        assert!(!rocket.beats(rocket));
        assert!(!bomb2.beats(rocket));
        assert!(bomb2.beats(bomb3) && !bomb3.beats(bomb2) && !bomb3.beats(bomb3));
        assert!(bomb3.beats(chain) && !chain.beats(bomb3));
        let four = Combo::new(Kind::FourSingles, Rank::Two);
        assert!(bomb3.beats(four) && !four.beats(bomb3));
    }

    #[test]
    fn same_kind_and_length_only() {
        let c5 = Combo {
            kind: Kind::Chain,
            main: Rank::Three,
            len: 5,
        };
        let c6 = Combo {
            kind: Kind::Chain,
            main: Rank::Four,
            len: 6,
        };
        let c5b = Combo {
            kind: Kind::Chain,
            main: Rank::Four,
            len: 5,
        };
        assert!(!c6.beats(c5) && !c5.beats(c6));
        assert!(c5b.beats(c5) && !c5.beats(c5b));
        let single = Combo::new(Kind::Single, Rank::Two);
        let pair = Combo::new(Kind::Pair, Rank::Three);
        assert!(!single.beats(pair) && !pair.beats(single));
        assert_eq!(c6.top(), Rank::Nine);
        assert_eq!(c6.to_string(), "chain 4-9");
        assert_eq!(pair.to_string(), "pair 3");
        assert_eq!(c6.card_count(), 6);
    }

    #[test]
    fn move_text() {
        assert_eq!("PASS".parse::<Move>(), Ok(Move::Pass));
        assert_eq!("33344455".parse::<Move>().unwrap().to_string(), "33344455");
        assert_eq!(Move::Pass.to_string(), "pass");
        assert!(matches!("".parse::<Move>(), Err(ParsePlayError::Empty)));
        assert!(matches!(
            "34".parse::<Move>(),
            Err(ParsePlayError::NotCombination(_))
        ));
    }
}
