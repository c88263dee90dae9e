//! `Move`: one step of a hand — a card played, a pass chosen whole, or one card picked for a
//! pass.

use cards_core::{Card, CardSet};

use crate::Seat;

/// One move of a hand, made with [`Round::play`](crate::Round::play) (checked) or
/// [`Round::play_unchecked`](crate::Round::play_unchecked). Passing is simultaneous, so every
/// move names its seat; a play must come from the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Move {
    /// A seat chooses its three cards to pass at once.
    Pass(Seat, CardSet),
    /// A seat picks one card of its pass (as OpenSpiel's pass actions: one card at a time); the
    /// third pick chooses the pass.
    Pick(Seat, Card),
    /// A seat plays a card to the trick.
    Play(Seat, Card),
}

impl Move {
    /// The seat making the move.
    pub const fn seat(self) -> Seat {
        match self {
            Move::Pass(seat, _) | Move::Pick(seat, _) | Move::Play(seat, _) => seat,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_small() {
        // A seat and a 64-bit card set, with the tag: small enough to copy freely.
        assert!(std::mem::size_of::<Move>() <= 16);
    }
}
