//! The typed errors: one per fallible operation, each naming the rule that refused the input.

use cards_core::{Card, Seat, Suit};

use crate::{Phase, seat_name};

/// Why a card may not be played. The round is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlay {
    /// Cards are played only in the playing phase (not while passing, not after the last trick).
    #[error("wrong phase: cards cannot be played while the round is {phase}")]
    WrongPhase {
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
    /// "Hearts may not be led until broken unless the leader holds only hearts."
    #[error("hearts not broken: a heart may not be led until a heart has been played")]
    HeartsNotBroken,
    /// "First trick: a player void in clubs may not play a heart or Q♠ unless the hand holds
    /// nothing else."
    #[error("no points on the first trick: hearts and the queen of spades may not be played to it")]
    NoPointsOnFirstTrick,
}

/// Why a pass may not be made. The round is left exactly as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPass {
    /// Passes are chosen only in the passing phase (a hold hand has none).
    #[error("wrong phase: cards cannot be passed while the round is {phase}")]
    WrongPhase {
        /// The round's phase.
        phase: Phase,
    },
    /// The seat has already chosen its three cards.
    #[error("{} has already chosen the cards to pass", seat_name(*.0))]
    AlreadyChosen(Seat),
    /// A pass is exactly three cards.
    #[error("a pass is exactly 3 cards, not {0}")]
    WrongCount(usize),
    /// The card is not in the seat's hand.
    #[error("card not in hand: {0} is not in the hand")]
    NotInHand(Card),
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
        error: IllegalPass,
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
        error: IllegalPlay,
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
        let e = IllegalPlay::MustFollowSuit { suit: Suit::Clubs };
        assert_eq!(
            e.to_string(),
            "must follow suit: clubs was led and the hand holds clubs"
        );
        let e = IllegalPlay::NotYourTurn {
            seat: NORTH,
            turn: EAST,
        };
        assert_eq!(e.to_string(), "not your turn: East plays next, not North");
        assert!(
            IllegalPlay::HeartsNotBroken
                .to_string()
                .starts_with("hearts not broken")
        );
        assert!(
            IllegalPlay::NoPointsOnFirstTrick
                .to_string()
                .starts_with("no points on the first")
        );
        let e = IllegalPlay::WrongPhase {
            phase: Phase::Passing,
        };
        assert_eq!(
            e.to_string(),
            "wrong phase: cards cannot be played while the round is passing"
        );
    }
}
