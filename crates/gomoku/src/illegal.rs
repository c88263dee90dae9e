//! [`IllegalMove`]: why a stone or an opening choice was refused.

use crate::opening::{Phase, Region};
use crate::point::Point;
use crate::rule::Foul;

/// Why a move was refused; nothing changed. [`Position::play`](crate::Position::play) and
/// [`Game::play`](crate::Game::play) refuse with the first four reasons; an
/// [`Opening`](crate::opening::Opening) and the game interface also with the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The point is not on this board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// The point already holds a stone.
    #[error("{0} is occupied")]
    Occupied(Point),
    /// Renju: the point is forbidden for Black (and the policy is to refuse).
    #[error("{at} is forbidden for black ({foul})")]
    Forbidden {
        /// The point.
        at: Point,
        /// The foul it would be.
        foul: Foul,
    },
    /// Opening: the action is not the one this phase expects.
    #[error("not expected now: {expected}")]
    WrongPhase {
        /// What the opening expects.
        expected: Phase,
    },
    /// Opening: the stone is outside the area the rule allows now.
    #[error("{at} is outside the allowed area ({region})")]
    OutsideRegion {
        /// The point.
        at: Point,
        /// Where the stone must go.
        region: Region,
    },
    /// Opening: the fifth-move offer repeats an earlier offer.
    #[error("{0} is already offered")]
    DuplicateOffer(Point),
    /// Opening: the offer is symmetric to an earlier one (the same position after a board
    /// symmetry).
    #[error("{0} is symmetric to the offer {1}")]
    SymmetricOffer(Point, Point),
    /// Opening: the selected fifth move is not one of the offers.
    #[error("{0} is not one of the offers")]
    NotOffered(Point),
    /// Opening: the declared number of fifth-move offers is out of range.
    #[error("the number of fifth moves must be 1..={max}, not {got}")]
    BadCount {
        /// Declared.
        got: u8,
        /// Largest allowed.
        max: u8,
    },
}
