//! Helpers shared by the integration tests.
#![allow(dead_code)]

use cards_core::{BySeat, Card, CardSet};
use hearts::{Move, PassDirection, Round, Seat, Settings, Setup};

/// Four hands from partial specifications: each seat gets the cards listed for it, then the
/// remaining cards are dealt in canonical order (clubs two first) to N, E, S, W in turn until
/// each holds 13. With no cards listed, North gets the clubs, East the diamonds, South the
/// hearts and West the spades.
pub fn hands(spec: [&str; 4]) -> BySeat<CardSet, 4> {
    let mut hands: [CardSet; 4] = spec.map(|s| s.parse().expect("valid cards"));
    let used = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
    let mut rest = (CardSet::STANDARD - used).iter();
    for hand in &mut hands {
        while hand.len() < 13 {
            hand.insert(rest.next().expect("enough cards"));
        }
    }
    BySeat::new(hands)
}

/// A round from partial specifications (see [`hands`]).
pub fn round(settings: Settings, direction: PassDirection, spec: [&str; 4]) -> Round {
    Round::from_setup(Setup {
        settings,
        direction,
        hands: hands(spec),
    })
    .expect("a valid deal")
}

/// Parses one card.
pub fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

/// Parses a set of cards.
pub fn set(text: &str) -> CardSet {
    text.parse().expect("cards")
}

/// Plays the cards in order, each for the seat to move, panicking on a refused card.
pub fn play_all(round: &mut Round, cards: &str) {
    for c in cards.split_whitespace() {
        let seat = round.to_move().expect("someone to move");
        round
            .play(Move::Play(seat, card(c)))
            .unwrap_or_else(|e| panic!("{c} by {seat}: {e}"));
    }
}

/// Plays the lowest legal card for the seat to move until the hand ends.
pub fn play_lowest(round: &mut Round) {
    while let Some(seat) = round.to_move() {
        let card = round.legal_moves().first().expect("a legal card");
        round.play(Move::Play(seat, card)).expect("legal");
    }
}

/// The seats N, E, S, W.
pub const SEATS: [Seat; 4] = Seat::ALL;
