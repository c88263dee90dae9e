//! The typed errors: one per fallible operation, each naming the rule that refused the input.

use cards_core::{Card, Suit};

use crate::{Phase, Seat, seat_name};

/// Why a move (a card played, a pass, a card picked for a pass) is refused. The round is left
/// exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// Cards are played only in the playing phase (not while passing, not after the last trick).
    #[error("wrong phase: cards cannot be played while the round is {phase}")]
    NotPlaying {
        /// The round's phase.
        phase: Phase,
    },
    /// Passes are chosen only in the passing phase (a hold hand has none).
    #[error("wrong phase: cards cannot be passed while the round is {phase}")]
    NotPassing {
        /// The round's phase.
        phase: Phase,
    },
    /// Another seat is to play.
    #[error("not your turn: {} plays next, not {}", seat_name(*.turn), seat_name(*.seat))]
    NotYourTurn {
        /// The seat that tried to play.
        seat: Seat,
        /// The seat whose turn it is.
        turn: Seat,
    },
    /// The card is not in the player's hand.
    #[error("card not in hand: {0} is not in the hand")]
    NotInHand(Card),
    /// "The holder of 2♣ leads it to the first trick."
    #[error("the first trick must be led with the two of clubs")]
    MustLeadTwoOfClubs,
    /// With [`Settings::any_club_leads`](crate::Settings::any_club_leads): any club, but a club.
    #[error("the first trick must be led with a club")]
    MustLeadClub,
    /// "Follow suit when able."
    #[error("must follow suit: {} was led and the hand holds {}", suit_name(*.suit), suit_name(*.suit))]
    MustFollowSuit {
        /// The suit led to the trick.
        suit: Suit,
    },
    /// "Hearts may not be led until broken unless the leader holds only hearts." The message
    /// states the rule in force: what breaks hearts, and that a hand of only hearts and Q♠ must
    /// lead Q♠ (unless [`Settings::lead_hearts_with_only_queen`](crate::Settings::lead_hearts_with_only_queen)).
    #[error("hearts not broken: {}", hearts_not_broken(*.queen_breaks_hearts, *.must_lead_queen))]
    HeartsNotBroken {
        /// Whether Q♠ breaks hearts ([`Settings::queen_breaks_hearts`](crate::Settings::queen_breaks_hearts)).
        queen_breaks_hearts: bool,
        /// Whether the hand holds only hearts and Q♠, so that Q♠ must be led.
        must_lead_queen: bool,
    },
    /// "First trick: a player void in clubs may not play a heart or Q♠ unless the hand holds
    /// nothing else."
    #[error("no points on the first trick: hearts and the queen of spades may not be played to it")]
    NoPointsOnFirstTrick,
    /// The seat has already chosen its three cards.
    #[error("{} has already chosen the cards to pass", seat_name(*.0))]
    AlreadyChosen(Seat),
    /// The card is already picked for the seat's pass.
    #[error("{0} is already picked to pass")]
    AlreadyPicked(Card),
    /// A pass is exactly three cards.
    #[error("a pass is exactly 3 cards, not {0}")]
    WrongCount(usize),
}

fn hearts_not_broken(queen_breaks_hearts: bool, must_lead_queen: bool) -> String {
    let breaks = if queen_breaks_hearts {
        "a heart or the queen of spades has been played"
    } else {
        "a heart has been played"
    };
    if must_lead_queen {
        format!(
            "the hand holds only hearts and the queen of spades, so the queen of spades must be led (a heart may not be led until {breaks})"
        )
    } else {
        format!("a heart may not be led until {breaks}")
    }
}

/// Why four hands do not make a Hearts deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Every seat holds exactly 13 cards.
    #[error("{} holds {len} cards, not 13", seat_name(*.seat))]
    HandSize {
        /// The seat.
        seat: Seat,
        /// How many cards it holds.
        len: usize,
    },
    /// Hearts uses the 52 standard cards, no jokers.
    #[error("{0} is not a card of the 52-card deck")]
    NotStandard(Card),
    /// A card is in two hands.
    #[error("{0} is dealt to two seats")]
    Repeated(Card),
}

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The deal is not valid.
    #[error("invalid deal: {0}")]
    Setup(#[from] SetupError),
    /// A recorded pass is refused.
    #[error("pass of {}: {error}", seat_name(*.seat))]
    Pass {
        /// The passing seat.
        seat: Seat,
        /// Why it is refused.
        error: IllegalMove,
    },
    /// The record passes although the direction is hold, or lacks a pass while others passed.
    #[error("the record's passes do not match the pass direction")]
    PassesMismatch,
    /// A recorded play is refused.
    #[error("play {index}: {error}")]
    Play {
        /// The index of the play in the record (0 = the first lead).
        index: usize,
        /// Why it is refused.
        error: IllegalMove,
    },
}

/// Why a game cannot move on to the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NextHandError {
    /// The current hand still has cards to pass or play.
    #[error("the current hand is not finished")]
    HandInProgress,
    /// A seat reached the target and the game has a winner.
    #[error("the game is over")]
    GameOver,
    /// The explicit deal is not valid.
    #[error("invalid deal: {0}")]
    Setup(#[from] SetupError),
}

pub(crate) const fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EAST, NORTH};

    #[test]
    fn messages_are_lowercase_and_name_the_rule() {
        let e = IllegalMove::MustFollowSuit { suit: Suit::Clubs };
        assert_eq!(
            e.to_string(),
            "must follow suit: clubs was led and the hand holds clubs"
        );
        let e = IllegalMove::NotYourTurn {
            seat: NORTH,
            turn: EAST,
        };
        assert_eq!(e.to_string(), "not your turn: East plays next, not North");
        let e = IllegalMove::HeartsNotBroken {
            queen_breaks_hearts: false,
            must_lead_queen: false,
        };
        assert_eq!(
            e.to_string(),
            "hearts not broken: a heart may not be led until a heart has been played"
        );
        assert!(
            IllegalMove::NoPointsOnFirstTrick
                .to_string()
                .starts_with("no points on the first")
        );
        let e = IllegalMove::NotPlaying {
            phase: Phase::Passing,
        };
        assert_eq!(
            e.to_string(),
            "wrong phase: cards cannot be played while the round is passing"
        );
    }
}
