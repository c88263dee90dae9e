//! What the screen reads from a [`View`]: the face-up cards on the table, whether the view
//! is of the local game (`GameState::view` of its position) or from a table server. Only
//! where the cards lie, no rules.

use ::klondike::View;
use cards_core::{Card, Rank, Suit};

/// The top card of pile `pile` (the last of its face-up run), if the pile holds any.
pub fn pile_top(view: &View, pile: usize) -> Option<Card> {
    view.face_up[pile].last().copied()
}

/// How many cards pile `pile` holds, face down and face up.
pub fn pile_len(view: &View, pile: usize) -> usize {
    usize::from(view.face_down[pile]) + view.face_up[pile].len()
}

/// The top card of the waste.
pub fn waste_top(view: &View) -> Option<Card> {
    view.waste.last().copied()
}

/// The top card of the foundation of `suit` (its count read as a rank: 1 is the Ace).
pub fn foundation_top(view: &View, suit: Suit) -> Option<Card> {
    Rank::from_ace_low(view.foundations[suit.index()]).map(|rank| Card::new(rank, suit))
}

#[cfg(test)]
mod tests {
    use ::klondike::{Klondike, Move, Rules};
    use game::{GameState, Viewer};

    use super::*;

    #[test]
    fn the_view_shows_the_cards_the_position_shows() {
        let mut position = Klondike::from_seed(5, Rules::default());
        for _ in 0..200 {
            let view = position.view(Viewer::Seat(0));
            assert_eq!(waste_top(&view), position.waste_top());
            for pile in 0..7 {
                assert_eq!(pile_top(&view, pile), position.pile(pile).last().copied());
                assert_eq!(pile_len(&view, pile), position.pile(pile).len());
            }
            for suit in Suit::ALL {
                assert_eq!(foundation_top(&view, suit), position.foundation_top(suit));
            }
            let mv = position
                .auto_move(::klondike::AutoMove::All)
                .unwrap_or(Move::Stock);
            if position.play(mv).is_err() && position.play(Move::Recycle).is_err() {
                break;
            }
        }
    }
}
