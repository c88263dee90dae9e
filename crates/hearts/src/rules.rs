//! The trick-play rules as pure functions of a hand and the public state, shared by
//! [`Round`](crate::Round) (the full state) and [`View`](crate::View) (one seat's knowledge).

use cards_core::{Card, CardSet, Rank, Suit};

use crate::{IllegalMove, Settings};

/// 2♣, which leads the first trick.
pub const TWO_OF_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
/// Q♠, worth 13 points.
pub const QUEEN_OF_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);
/// J♦, worth −10 with [`Settings::jack_of_diamonds`].
pub const JACK_OF_DIAMONDS: Card = Card::new(Rank::Jack, Suit::Diamonds);
/// The thirteen hearts.
pub const HEARTS: CardSet = CardSet::suit(Suit::Hearts);
/// The fourteen cards that score: every heart and Q♠.
pub const POINT_CARDS: CardSet = HEARTS.with(QUEEN_OF_SPADES);

/// The penalty points in a set of cards: 1 per heart, 13 for Q♠.
///
/// ```
/// let taken: cards_core::CardSet = "QS 2H AH 3C".parse()?;
/// assert_eq!(hearts::penalty_points(taken), 15);
/// # Ok::<(), cards_core::ParseListError>(())
/// ```
pub const fn penalty_points(cards: CardSet) -> u32 {
    let hearts = cards.intersection(HEARTS).len() as u32;
    if cards.contains(QUEEN_OF_SPADES) {
        hearts + 13
    } else {
        hearts
    }
}

/// The public facts the legal set depends on, besides the hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TrickState {
    /// The suit led to the current trick, `None` when leading.
    pub led: Option<Suit>,
    /// Whether this is the first trick of the hand.
    pub first_trick: bool,
    /// Whether hearts have been broken.
    pub hearts_broken: bool,
}

/// The cards of `hand` that may be played.
pub(crate) fn legal_cards(settings: &Settings, hand: CardSet, state: TrickState) -> CardSet {
    if let Some(suit) = state.led {
        let follow = hand.of_suit(suit);
        if !follow.is_empty() {
            return follow;
        }
        if state.first_trick && !settings.points_on_first_trick {
            let safe = hand.difference(POINT_CARDS);
            if !safe.is_empty() {
                return safe;
            }
        }
        return hand;
    }
    if state.first_trick {
        return if settings.any_club_leads {
            hand.of_suit(Suit::Clubs)
        } else {
            hand.intersection(CardSet::single(TWO_OF_CLUBS))
        };
    }
    if settings.must_break_hearts && !state.hearts_broken {
        let others = hand.difference(HEARTS);
        if others.is_empty()
            || (settings.lead_hearts_with_only_queen && others == CardSet::single(QUEEN_OF_SPADES))
        {
            return hand;
        }
        return others;
    }
    hand
}

/// The rule a card in `hand` but outside the legal set breaks.
pub(crate) fn why_illegal(
    settings: &Settings,
    hand: CardSet,
    state: TrickState,
    card: Card,
) -> IllegalMove {
    match state.led {
        Some(suit) if !hand.of_suit(suit).is_empty() => IllegalMove::MustFollowSuit { suit },
        Some(_) => IllegalMove::NoPointsOnFirstTrick,
        None if state.first_trick && settings.any_club_leads => IllegalMove::MustLeadClub,
        None if state.first_trick => IllegalMove::MustLeadTwoOfClubs,
        None => {
            debug_assert_eq!(card.suit(), Some(Suit::Hearts));
            IllegalMove::HeartsNotBroken {
                queen_breaks_hearts: settings.queen_breaks_hearts,
                must_lead_queen: hand.difference(HEARTS) == CardSet::single(QUEEN_OF_SPADES),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    const LEADING: TrickState = TrickState {
        led: None,
        first_trick: false,
        hearts_broken: false,
    };

    #[test]
    fn point_values() {
        // "Scoring: 1 per heart, 13 for Q♠."
        assert_eq!(penalty_points(CardSet::STANDARD), 26);
        assert_eq!(penalty_points(POINT_CARDS), 26);
        assert_eq!(penalty_points(set("QS")), 13);
        assert_eq!(penalty_points(set("KS AS JD 2C")), 0);
        assert_eq!(POINT_CARDS.len(), 14);
    }

    #[test]
    fn follow_suit_when_able() {
        // "Follow suit when able."
        let s = Settings::default();
        let hand = set("2D 9D AS 5H");
        let state = TrickState {
            led: Some(Suit::Diamonds),
            first_trick: false,
            hearts_broken: false,
        };
        assert_eq!(legal_cards(&s, hand, state), set("2D 9D"));
        let state = TrickState {
            led: Some(Suit::Clubs),
            ..state
        };
        assert_eq!(legal_cards(&s, hand, state), hand, "void: anything");
    }

    #[test]
    fn leading_respects_unbroken_hearts_and_the_variants() {
        // "Hearts may not be led until broken unless the leader holds only hearts."
        let s = Settings::default();
        assert_eq!(legal_cards(&s, set("2H 3H QS"), LEADING), set("QS"));
        assert_eq!(legal_cards(&s, set("2H 3H"), LEADING), set("2H 3H"));
        let broken = TrickState {
            hearts_broken: true,
            ..LEADING
        };
        assert_eq!(legal_cards(&s, set("2H 3H QS"), broken), set("2H 3H QS"));
        // Variant: leading hearts when only Q♠ and hearts remain.
        let only_queen = Settings {
            lead_hearts_with_only_queen: true,
            ..s
        };
        assert_eq!(
            legal_cards(&only_queen, set("2H 3H QS"), LEADING),
            set("2H 3H QS")
        );
        assert_eq!(
            legal_cards(&only_queen, set("2H 3H KS"), LEADING),
            set("KS")
        );
        // Variant: hearts need not be broken at all.
        let free = Settings {
            must_break_hearts: false,
            ..s
        };
        assert_eq!(legal_cards(&free, set("2H 4C"), LEADING), set("2H 4C"));
    }

    #[test]
    fn first_trick_lead_and_discards() {
        // "The holder of 2♣ leads it to the first trick."
        let s = Settings::default();
        let first = TrickState {
            led: None,
            first_trick: true,
            hearts_broken: false,
        };
        assert_eq!(legal_cards(&s, set("2C 5C AD"), first), set("2C"));
        // Variant: any club may lead trick one.
        let any = Settings {
            any_club_leads: true,
            ..s
        };
        assert_eq!(legal_cards(&any, set("2C 5C AD"), first), set("2C 5C"));
        // "A player void in clubs may not play a heart or Q♠ unless the hand holds nothing else."
        let follow = TrickState {
            led: Some(Suit::Clubs),
            ..first
        };
        assert_eq!(legal_cards(&s, set("QS 4H 9D"), follow), set("9D"));
        assert_eq!(legal_cards(&s, set("QS 4H"), follow), set("QS 4H"));
        // Variant: points allowed on the first trick.
        let points = Settings {
            points_on_first_trick: true,
            ..s
        };
        assert_eq!(
            legal_cards(&points, set("QS 4H 9D"), follow),
            set("QS 4H 9D")
        );
    }

    #[test]
    fn illegal_cards_name_their_rule() {
        let s = Settings::default();
        let follow = TrickState {
            led: Some(Suit::Clubs),
            first_trick: true,
            hearts_broken: false,
        };
        assert_eq!(
            why_illegal(&s, set("QS 9D"), follow, QUEEN_OF_SPADES),
            IllegalMove::NoPointsOnFirstTrick
        );
        assert_eq!(
            why_illegal(&s, set("3C 9D"), follow, JACK_OF_DIAMONDS),
            IllegalMove::MustFollowSuit { suit: Suit::Clubs }
        );
        let first = TrickState {
            led: None,
            ..follow
        };
        assert_eq!(
            why_illegal(&s, set("2C 3C"), first, "3C".parse().unwrap()),
            IllegalMove::MustLeadTwoOfClubs
        );
        let any = Settings {
            any_club_leads: true,
            ..s
        };
        assert_eq!(
            why_illegal(&any, set("2C 3D"), first, "3D".parse().unwrap()),
            IllegalMove::MustLeadClub
        );
        assert_eq!(
            why_illegal(&s, set("2H 3D"), LEADING, "2H".parse().unwrap()),
            IllegalMove::HeartsNotBroken {
                queen_breaks_hearts: false,
                must_lead_queen: false
            }
        );
    }
}
