//! The determinized Monte Carlo bot: sample the hidden hands, play each legal card out.

use cards_core::{BySeat, Card, CardSet, GameRng, Suit};

use crate::bot::{Bot, HeuristicBot};
use crate::{Move, PassDirection, Phase, Round, Seat, Setup, View};

/// Samples per decision by default: about 25 ms a decision early in a hand (release build).
pub const DEFAULT_SAMPLES: u32 = 24;

/// Tries to deal the hidden cards under the voids before giving up on a sample.
const DEAL_TRIES: u32 = 64;

/// Determinized Monte Carlo: for each decision it deals the cards it cannot see to the other
/// seats at random, consistently with its view (each seat's card count, the voids play has
/// shown, the cards it passed sitting with their receiver until played), and for every legal
/// card plays the hand out from that deal with [`HeuristicBot`] in every seat. It plays the
/// card with the fewest points for itself on average (moon scoring included), the same
/// sampled deals serving every card. Passing is [`HeuristicBot`]'s.
///
/// The sample budget is fixed ([`MonteCarloBot::with_samples`]), so a seed reproduces every
/// decision whatever the machine's speed.
#[derive(Clone, Debug)]
pub struct MonteCarloBot {
    rng: GameRng,
    samples: u32,
}

impl MonteCarloBot {
    /// A Monte Carlo bot with [`DEFAULT_SAMPLES`] samples a decision, drawing from
    /// [`cards_core::seeded_rng`]`(seed)`.
    pub fn new(seed: u64) -> MonteCarloBot {
        MonteCarloBot::with_samples(seed, DEFAULT_SAMPLES)
    }

    /// A Monte Carlo bot with `samples` sampled deals a decision (at least one).
    pub fn with_samples(seed: u64, samples: u32) -> MonteCarloBot {
        MonteCarloBot {
            rng: cards_core::seeded_rng(seed),
            samples: samples.max(1),
        }
    }
}

/// A deal of the cards `view` cannot see to the other seats, consistent with what it has
/// seen: every seat gets as many cards as it holds, none of a suit it has shown void in, and
/// the cards this seat passed stay with their receiver until played. `None` when the random
/// deal kept running into the voids.
pub fn sample_hands<R: rand::Rng + ?Sized>(view: &View, rng: &mut R) -> Option<BySeat<CardSet, 4>> {
    let me = view.seat()?;
    let mut hands = BySeat::from_fn(|s: Seat| if s == me { view.hand() } else { CardSet::EMPTY });
    let mut hidden = view.unseen();
    if let Some(passed) = view.passed().filter(|_| view.phase() == Phase::Playing) {
        let receiver = view.pass_direction().receiver(me);
        let kept = passed & hidden;
        hands[receiver] |= kept;
        hidden -= kept;
    }
    let need = BySeat::from_fn(|s: Seat| view.hand_len(s) - hands[s].len());
    // The most constrained cards first: a suit fewer seats may hold is dealt earlier.
    let mut cards: Vec<(usize, Card)> = hidden
        .iter()
        .map(|c| {
            let suit = c.suit().unwrap_or(Suit::Clubs);
            let open = Seat::ALL
                .into_iter()
                .filter(|&s| s != me && !view.is_void(s, suit))
                .count();
            (open, c)
        })
        .collect();
    cards.sort_by_key(|&(open, c)| (open, c.index()));
    'tries: for _ in 0..DEAL_TRIES {
        let mut dealt = hands;
        let mut left = need;
        for &(_, card) in &cards {
            let suit = card.suit().unwrap_or(Suit::Clubs);
            let room: u32 = Seat::ALL
                .into_iter()
                .filter(|&s| s != me && !view.is_void(s, suit))
                .map(|s| left[s] as u32)
                .sum();
            if room == 0 {
                continue 'tries;
            }
            // A seat with room, chosen in proportion to the cards it still needs.
            let mut pick = cards_core::below(rng, room);
            for seat in Seat::ALL {
                if seat == me || view.is_void(seat, suit) {
                    continue;
                }
                let n = left[seat] as u32;
                if pick < n {
                    dealt[seat].insert(card);
                    left[seat] -= 1;
                    break;
                }
                pick -= n;
            }
        }
        return Some(dealt);
    }
    None
}

/// The round `view` describes with `hands` as the hidden hands: dealt as each seat's hand
/// plus the cards it has played, with no passing, and every trick so far replayed.
fn determinize(view: &View, hands: BySeat<CardSet, 4>) -> Option<Round> {
    let mut dealt = hands;
    for trick in view.tricks() {
        for (seat, card) in trick.plays() {
            dealt[seat].insert(card);
        }
    }
    let mut round = Round::from_setup(Setup {
        settings: *view.settings(),
        direction: PassDirection::Hold,
        hands: dealt,
    })
    .ok()?;
    for trick in view.tricks() {
        for (seat, card) in trick.plays() {
            round.play(Move::Play(seat, card)).ok()?;
        }
    }
    Some(round)
}

/// The points `seat` ends the hand with when `card` is played now and every seat then plays
/// as [`HeuristicBot`].
fn playout(round: &Round, seat: Seat, card: Card) -> i32 {
    let mut round = round.clone();
    round.play_unchecked(Move::Play(seat, card));
    let result = crate::play_round(&mut round, &mut [HeuristicBot; 4]);
    result.points[seat]
}

impl Bot for MonteCarloBot {
    fn choose_pass(&mut self, view: &View) -> CardSet {
        HeuristicBot.choose_pass(view)
    }

    fn choose_play(&mut self, view: &View) -> Card {
        let legal = view.legal_moves();
        let prior = HeuristicBot.choose_play(view);
        let Some(me) = view.seat().filter(|_| legal.len() > 1) else {
            return prior;
        };
        let cards: Vec<Card> = legal.iter().collect();
        let mut totals = vec![0i64; cards.len()];
        let mut counted = 0;
        for _ in 0..self.samples {
            let Some(round) =
                sample_hands(view, &mut self.rng).and_then(|hands| determinize(view, hands))
            else {
                continue;
            };
            for (total, &card) in totals.iter_mut().zip(&cards) {
                *total += i64::from(playout(&round, me, card));
            }
            counted += 1;
        }
        if counted == 0 {
            return prior;
        }
        // Ties go to the heuristic's own choice.
        let best = (0..cards.len())
            .min_by_key(|&i| (totals[i], cards[i] != prior))
            .expect("two legal cards or more");
        cards[best]
    }
}
