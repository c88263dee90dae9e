//! The heuristic bot: [`RuleBot`]'s ducking and dumping, plus guarded passing, void making,
//! moon blocking, moon shooting from a safe hand and the J♦ variant.

use cards_core::{Card, CardSet, Suit};

use crate::bot::{Bot, RuleBot, highest, lowest, value};
use crate::{HEARTS, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, Seat, View};

/// A seat that has taken every point so far, at least this many, is trying to shoot the moon.
const MOON_THREAT: u32 = 14;

/// Spades that guard Q♠, A♠ and K♠ well enough to keep them: this many or more in hand.
const GUARDED_SPADES: usize = 5;

/// Plays like [`RuleBot`] with these additions:
/// - passes Q♠, A♠, K♠ unless it holds five spades or more, then high hearts, then the cards of
///   its shortest side suit (making a void), then its highest cards;
/// - when one other seat has taken every point so far (at least 14), blocks the moon: wins a
///   trick holding points when it can, never dumps a heart on that seat, and gives its hearts
///   to the others;
/// - shoots the moon when no other seat has points and every card it holds is the highest left
///   in its suit (so it wins every remaining trick);
/// - with the J♦ variant on, wins a trick holding J♦ (and no Q♠) when it can, and never dumps
///   J♦ on another seat.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

fn suit_of(set: CardSet, suit: Suit) -> CardSet {
    set.iter().filter(|c| c.suit() == Some(suit)).collect()
}

/// The cards of `hand` higher than every unseen card of their suit.
fn sure_winners(view: &View, hand: CardSet) -> CardSet {
    let unseen = view.unseen();
    hand.iter()
        .filter(|&c| {
            let suit = c.suit().expect("standard card");
            suit_of(unseen, suit).iter().all(|u| value(u) < value(c))
        })
        .collect()
}

/// The seat trying to shoot the moon, if one other seat has taken every point (at least 14).
fn moon_threat(view: &View, me: Seat) -> Option<Seat> {
    let scorers: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|&s| view.points_taken(s) > 0)
        .collect();
    match scorers[..] {
        [s] if s != me && view.points_taken(s) >= MOON_THREAT => Some(s),
        _ => None,
    }
}

fn others_scored(view: &View, me: Seat) -> bool {
    Seat::ALL
        .into_iter()
        .any(|s| s != me && view.points_taken(s) > 0)
}

impl HeuristicBot {
    fn shoot(view: &View, legal: CardSet, leading: bool) -> Option<Card> {
        if leading {
            return highest(legal);
        }
        let trick = view.current_trick()?;
        let (_, winning) = trick.winning()?;
        let led = trick.led_suit()?;
        let follow = suit_of(legal, led);
        if follow.is_empty() {
            // Cannot win this one: throw a card that gives no points.
            return lowest(legal - HEARTS - CardSet::single(QUEEN_OF_SPADES)).or(lowest(legal));
        }
        highest(follow)
            .filter(|&c| value(c) > value(winning))
            .or(lowest(follow))
    }

    fn block(view: &View, legal: CardSet, shooter: Seat) -> Option<Card> {
        let Some(trick) = view.current_trick().filter(|t| !t.is_empty()) else {
            // Leading: a high heart wins points back, or hands them to another seat.
            return highest(legal & HEARTS);
        };
        let (winner, winning) = trick.winning()?;
        let led = trick.led_suit()?;
        let follow = suit_of(legal, led);
        if follow.is_empty() {
            return if winner == shooter {
                highest(legal - HEARTS - CardSet::single(QUEEN_OF_SPADES))
            } else {
                highest(legal & HEARTS)
                    .or(legal.contains(QUEEN_OF_SPADES).then_some(QUEEN_OF_SPADES))
            };
        }
        let has_points = trick.points() > 0 || led == Suit::Hearts;
        let winners: CardSet = follow
            .iter()
            .filter(|&c| value(c) > value(winning))
            .collect();
        if has_points && winner == shooter {
            // Last to play: the cheapest winner will do; else the highest, to hold the trick.
            return if trick.len() == 3 {
                lowest(winners)
            } else {
                highest(winners)
            };
        }
        None
    }

    fn jack(view: &View, legal: CardSet) -> Option<Card> {
        let trick = view.current_trick().filter(|t| !t.is_empty())?;
        let holds_jack = trick.cards().contains(&JACK_OF_DIAMONDS);
        let holds_queen = trick.cards().contains(&QUEEN_OF_SPADES);
        let (_, winning) = trick.winning()?;
        let led = trick.led_suit()?;
        if !holds_jack || holds_queen {
            return None;
        }
        let winners: CardSet = suit_of(legal, led)
            .iter()
            .filter(|&c| value(c) > value(winning) && c != QUEEN_OF_SPADES)
            .collect();
        highest(winners)
    }
}

impl Bot for HeuristicBot {
    fn choose_pass(&mut self, view: &View) -> CardSet {
        let hand = view.hand();
        let spades = suit_of(hand, Suit::Spades).len();
        let guarded = spades >= GUARDED_SPADES;
        let shortest = [Suit::Clubs, Suit::Diamonds]
            .into_iter()
            .map(|s| suit_of(hand, s))
            .filter(|s| !s.is_empty())
            .min_by_key(|s| s.len());
        let priority = |c: Card| -> u32 {
            let v = u32::from(value(c));
            let high_spade = c.suit() == Some(Suit::Spades) && v >= 12;
            if high_spade && !guarded {
                200 + v
            } else if view.settings().jack_of_diamonds && c == JACK_OF_DIAMONDS {
                0
            } else if c.suit() == Some(Suit::Hearts) && v >= 10 {
                150 + v
            } else if shortest.is_some_and(|s| s.len() <= 3 && s.contains(c)) {
                100 + v
            } else if high_spade {
                0
            } else {
                v
            }
        };
        let mut cards: Vec<Card> = hand.iter().collect();
        cards.sort_by_key(|&c| std::cmp::Reverse((priority(c), c.index())));
        cards.into_iter().take(3).collect()
    }

    fn choose_play(&mut self, view: &View) -> Card {
        let legal = view.legal_moves();
        let Some(me) = view.seat() else {
            return RuleBot.choose_play(view);
        };
        let leading = view.current_trick().is_none_or(crate::Trick::is_empty);
        let hand = view.hand();
        let choice = if !others_scored(view, me) && sure_winners(view, hand) == hand {
            HeuristicBot::shoot(view, legal, leading)
        } else if let Some(shooter) = moon_threat(view, me) {
            HeuristicBot::block(view, legal, shooter)
        } else if view.settings().jack_of_diamonds {
            HeuristicBot::jack(view, legal)
        } else {
            None
        };
        let card = choice.filter(|&c| legal.contains(c));
        card.unwrap_or_else(|| {
            let plain = RuleBot.choose_play(view);
            let jack_gift = view.settings().jack_of_diamonds && plain == JACK_OF_DIAMONDS;
            match lowest(legal.without(JACK_OF_DIAMONDS)) {
                Some(other) if jack_gift && !leading => other,
                _ => plain,
            }
        })
    }
}
