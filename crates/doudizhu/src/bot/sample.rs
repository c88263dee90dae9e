//! Dealing the cards a seat cannot see, consistently with its view.

use cards_core::{CardSet, shuffle};
use rand::Rng;

use crate::{Action, Counts, Endgame, Seat, View};

/// The cards played so far by `view`'s history, or `None` when the history does not account
/// for every card missing from the hands (a view without history, as
/// [`State::view`](crate::State::view) gives).
pub fn played_cards(view: &View) -> Option<CardSet> {
    let played: CardSet = view
        .history
        .iter()
        .filter_map(|turn| match turn.action {
            Action::Play { cards, .. } => Some(cards),
            _ => None,
        })
        .fold(CardSet::EMPTY, |a, c| a | c);
    let held: usize = view.card_counts.iter().map(|(_, &n)| usize::from(n)).sum();
    (held + played.len() == CardSet::ALL.len()).then_some(played)
}

/// A random deal of the cards `view`'s seat cannot see to the other two seats: each gets as
/// many cards as it holds, and a landlord keeps the bottom cards it has not played. The
/// result is the card play as an [`Endgame`] over all three hands. `None` when the view is
/// not its seat's turn in card play or its history is incomplete ([`played_cards`]).
pub fn sample_endgame<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Option<Endgame> {
    let me = view.seat.filter(|_| view.is_my_turn())?;
    let landlord = view.landlord?;
    let played = played_cards(view)?;
    let mut hidden = CardSet::ALL - view.hand - played;
    let mut hands = [CardSet::EMPTY; 3];
    hands[me.index()] = view.hand;
    if landlord != me {
        let kept = view.bottom.unwrap_or(CardSet::EMPTY) & hidden;
        hands[landlord.index()] = kept;
        hidden -= kept;
    }
    let mut cards: Vec<cards_core::Card> = hidden.iter().collect();
    shuffle(&mut cards, rng);
    let mut rest = cards.into_iter();
    for seat in Seat::ALL.into_iter().filter(|&s| s != me) {
        let need = usize::from(view.card_counts[seat]).checked_sub(hands[seat.index()].len())?;
        hands[seat.index()] |= rest.by_ref().take(need).collect::<CardSet>();
    }
    Some(Endgame {
        hands: hands.map(Counts::from_cards),
        seats: 3,
        landlord: landlord.index(),
        to_move: me.index(),
        trick: view.trick.map(|(seat, play)| (seat.index(), play.combo)),
    })
}
