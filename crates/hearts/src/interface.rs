//! [`game::GameState`] for [`Game`]: a whole game of Hearts to the target (or to
//! [`Settings::max_hands`]) through the interface every parlor game implements.
//!
//! - Seats `0..4` are North, East, South, West. Every action is a card.
//! - Passing is [`Turn::Simultaneous`] over the seats still to pass, one action per card, as in
//!   OpenSpiel: a seat picks its three cards one at a time ([`Move::Pick`]); its own view shows
//!   what it picked so far ([`View::picked`]), no other view does; the third pick of the fourth
//!   seat exchanges the cards.
//! - Action ids are OpenSpiel's `hearts` card ids: `rank * 4 + suit`, ranks 2…A as 0…12 and
//!   suits C, D, H, S as 0…3 (2♣ is 0, Q♠ is 43, A♠ is 51), 52 in all.
//! - When a hand ends and the game goes on, the next hand is dealt from the game seed at once.
//! - The outcome's returns are the negated totals (fewer points is better); the winners are
//!   [`Game::winners`].

use cards_core::{Card, ParseCardError, Rank, Suit};
use game::{GameState, InvalidSettings, Outcome, PlayError, SeatSet, Turn, Viewer};

use crate::{Game, IllegalMove, Move, Phase, Seat, Settings, View};

/// The OpenSpiel action id of a card: `rank * 4 + suit` (2♣ = 0, A♠ = 51).
///
/// ```
/// let queen: cards_core::Card = "QS".parse()?;
/// assert_eq!(hearts::interface::card_id(queen), 43);
/// assert_eq!(hearts::interface::card_from_id(43), Some(queen));
/// # Ok::<(), cards_core::ParseCardError>(())
/// ```
pub fn card_id(card: Card) -> usize {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => rank.index() * Suit::ALL.len() + suit.index(),
        // Jokers are not Hearts cards: ids past the 52 of the action space.
        _ => card.index(),
    }
}

/// The card with this OpenSpiel action id, if `id < 52`.
pub fn card_from_id(id: usize) -> Option<Card> {
    let suit = Suit::from_index(id % Suit::ALL.len())?;
    let rank = Rank::from_index(id / Suit::ALL.len())?;
    Some(Card::new(rank, suit))
}

impl Game {
    /// The move an interface action (a card) stands for now: a pick while passing, a play
    /// otherwise.
    fn interface_move(&self, seat: Seat, card: Card) -> Move {
        match self.round().phase() {
            Phase::Passing => Move::Pick(seat, card),
            Phase::Playing | Phase::Over => Move::Play(seat, card),
        }
    }

    /// After a move through the interface: a finished hand of a game that goes on is followed
    /// by the next one at once.
    fn deal_next_if_due(&mut self) {
        if self.round().phase() == Phase::Over && !self.is_over() {
            self.next_hand()
                .expect("a finished hand of a game that is not over");
        }
    }
}

impl GameState for Game {
    const NAME: &'static str = "hearts";
    type Settings = Settings;
    type Action = Card;
    type Error = IllegalMove;
    type ParseError = ParseCardError;
    type View = View;

    fn new(settings: &Settings, seed: u64) -> Result<Game, InvalidSettings> {
        if settings.max_hands == Some(0) {
            return Err(InvalidSettings::new("max_hands must be at least 1"));
        }
        Ok(Game::new(*settings, seed))
    }

    fn num_seats(&self) -> usize {
        Seat::COUNT
    }

    fn turn(&self) -> Turn {
        if self.is_over() {
            return Turn::Over;
        }
        match self.round().to_move() {
            Some(seat) => Turn::Seat(seat.index()),
            None => Turn::Simultaneous(self.round().awaiting_pass().map(Seat::index).collect()),
        }
    }

    fn legal_actions(&self, seat: usize, out: &mut Vec<Card>) {
        out.clear();
        let Some(seat) = Seat::new(seat) else { return };
        let cards = match self.round().phase() {
            Phase::Passing => self.round().legal_picks(seat),
            Phase::Playing if self.round().to_move() == Some(seat) => self.round().legal_moves(),
            Phase::Playing | Phase::Over => return,
        };
        out.extend(cards);
    }

    fn play(&mut self, seat: usize, card: Card) -> Result<(), PlayError<IllegalMove>> {
        PlayError::check_turn(GameState::turn(self), Seat::COUNT, seat)?;
        let seat = Seat::new(seat).expect("check_turn accepted the seat");
        Game::play(self, self.interface_move(seat, card)).map_err(PlayError::Illegal)?;
        self.deal_next_if_due();
        Ok(())
    }

    fn play_unchecked(&mut self, seat: usize, card: Card) {
        let seat = Seat::new(seat).expect("a seat of the table");
        Game::play_unchecked(self, self.interface_move(seat, card));
        self.deal_next_if_due();
    }

    fn parse_action(&self, _seat: usize, text: &str) -> Result<Card, ParseCardError> {
        text.parse()
    }

    fn num_actions(&self) -> usize {
        52
    }

    fn action_id(&self, card: Card) -> usize {
        card_id(card)
    }

    fn action_from_id(&self, id: usize) -> Option<Card> {
        card_from_id(id)
    }

    fn view(&self, viewer: Viewer) -> View {
        match viewer {
            Viewer::Seat(seat) => {
                Seat::new(seat).map_or_else(|| self.public_view(), |s| Game::view(self, s))
            }
            Viewer::Spectator => self.public_view(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let winners = self.winners()?;
        let returns = self.totals().into_array().map(|total| -f64::from(total));
        Some(Outcome::new(
            &returns,
            winners.iter().map(|s| s.index()).collect::<SeatSet>(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_ids_are_open_spiels() {
        // OpenSpiel hearts.h: "Cards are represented as rank * kNumSuits + suit", suits
        // kClubs, kDiamonds, kHearts, kSpades; `Card(Suit::kSpades, 10)` is the queen of spades.
        let ids: Vec<usize> = ["2C", "2D", "2S", "3C", "QS", "AS"]
            .iter()
            .map(|t| card_id(t.parse().unwrap()))
            .collect();
        assert_eq!(ids, [0, 1, 3, 4, 43, 51]);
        for id in 0..52 {
            assert_eq!(card_from_id(id).map(card_id), Some(id));
        }
        assert_eq!(card_from_id(52), None);
        assert!(card_id(Card::BLACK_JOKER) >= 52);
    }
}
