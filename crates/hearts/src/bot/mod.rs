//! Bots that see only a [`View`]: a random legal player, a rule-of-thumb player and the
//! heuristic player ([`HeuristicBot`]) and the determinized Monte Carlo player
//! ([`MonteCarloBot`]).

mod heuristic;
mod monte_carlo;

pub use heuristic::HeuristicBot;
pub use monte_carlo::{DEFAULT_SAMPLES, MonteCarloBot, sample_hands};

use cards_core::{Card, CardSet, GameRng, Rank, Suit};
use rand::Rng;

use crate::{Game, Move, Phase, QUEEN_OF_SPADES, View};

/// A Hearts player. It is handed a [`View`] (its own cards and the public play) and must
/// answer with three cards of its hand to pass, or a card from [`View::legal_moves`].
pub trait Bot {
    /// The three cards to pass (called only when [`View::must_pass`]).
    fn choose_pass(&mut self, view: &View) -> CardSet;
    /// The card to play (called only when [`View::is_my_turn`]).
    fn choose_play(&mut self, view: &View) -> Card;
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn choose_pass(&mut self, view: &View) -> CardSet {
        (**self).choose_pass(view)
    }
    fn choose_play(&mut self, view: &View) -> Card {
        (**self).choose_play(view)
    }
}

/// `SELECT_IN_BYTE[byte][r]`: the position of the `r`-th set bit of `byte` (0 when absent).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        let mut rank = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][rank] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The `n`-th card (0-based, canonical order) of `set`; `n < set.len()`.
///
/// Branch-free broadword select: byte popcounts, their prefix sums by one multiplication, the
/// target byte found by a SWAR comparison, then a table lookup inside that byte.
pub(crate) fn nth(set: CardSet, n: u32) -> Card {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    debug_assert!((n as usize) < set.len());
    let x = set.bits();
    let mut counts = x - ((x >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i of `prefix` holds the number of set bits in bytes 0..=i (at most 64).
    let prefix = counts.wrapping_mul(ONES);
    // A byte's high bit is set where prefix <= n: their count is the index of the target byte.
    let at_or_below = ((u64::from(n) * ONES) | HIGHS).wrapping_sub(prefix) & HIGHS;
    let byte = at_or_below.count_ones();
    let before = ((prefix << 8) >> (8 * byte)) & 0xff;
    let bits = ((x >> (8 * byte)) & 0xff) as usize;
    let bit = SELECT_IN_BYTE[bits][(u64::from(n) - before) as usize & 7];
    Card::from_index(8 * byte as usize + bit as usize).expect("n < set.len()")
}

/// The same as [`nth`], one bit at a time: the reference the fast version is tested against.
#[cfg(test)]
fn nth_naive(set: CardSet, n: u32) -> Card {
    set.iter().nth(n as usize).expect("n < set.len()")
}

/// A uniformly random card of a non-empty set.
pub(crate) fn random_card<R: Rng + ?Sized>(set: CardSet, rng: &mut R) -> Card {
    nth(set, cards_core::below(rng, set.len() as u32))
}

/// Three distinct uniformly random cards of a hand of at least three.
pub(crate) fn random_three<R: Rng + ?Sized>(hand: CardSet, rng: &mut R) -> CardSet {
    let mut chosen = CardSet::EMPTY;
    for _ in 0..3 {
        chosen.insert(random_card(hand - chosen, rng));
    }
    chosen
}

/// Plays uniformly at random among the legal cards (and passes three random cards).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot drawing from [`cards_core::seeded_rng`]`(seed)`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: cards_core::seeded_rng(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose_pass(&mut self, view: &View) -> CardSet {
        random_three(view.hand(), &mut self.rng)
    }

    fn choose_play(&mut self, view: &View) -> Card {
        random_card(view.legal_moves(), &mut self.rng)
    }
}

/// A rule-of-thumb player, deterministic:
/// - passes Q♠, A♠, K♠ and high hearts first, then its highest cards;
/// - leads its lowest safe card;
/// - following suit, ducks under the winning card with its highest card that still loses; when
///   it cannot, plays its highest card if it is last to play, else its lowest;
/// - when void in the led suit, dumps Q♠, then its highest heart, then A♠/K♠ while Q♠ is out,
///   then its highest card.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleBot;

pub(crate) fn value(card: Card) -> u8 {
    card.rank().map_or(0, Rank::ace_high)
}

fn is_high_spade(card: Card) -> bool {
    card.suit() == Some(Suit::Spades) && value(card) > 12
}

/// How much the bot wants to get rid of a card when passing.
fn pass_priority(card: Card) -> u8 {
    if card == QUEEN_OF_SPADES {
        100
    } else if is_high_spade(card) {
        90 + value(card)
    } else if card.suit() == Some(Suit::Hearts) && value(card) >= 10 {
        60 + value(card)
    } else {
        value(card)
    }
}

pub(crate) fn highest(set: CardSet) -> Option<Card> {
    set.iter().max_by_key(|&c| (value(c), c.index()))
}

pub(crate) fn lowest(set: CardSet) -> Option<Card> {
    set.iter().min_by_key(|&c| (value(c), c.index()))
}

impl Bot for RuleBot {
    fn choose_pass(&mut self, view: &View) -> CardSet {
        let mut cards: Vec<Card> = view.hand().iter().collect();
        cards.sort_by_key(|&c| std::cmp::Reverse((pass_priority(c), c.index())));
        cards.into_iter().take(3).collect()
    }

    fn choose_play(&mut self, view: &View) -> Card {
        let legal = view.legal_moves();
        let queen_out = view.unseen().contains(QUEEN_OF_SPADES);
        let current = view
            .current_trick()
            .copied()
            .unwrap_or_else(|| crate::Trick::new(view.seat().unwrap_or(crate::NORTH), &[]));
        let Some((_, winning)) = current.winning() else {
            // Leading: the lowest card, keeping Q♠ (and A♠/K♠ while Q♠ is out) back.
            let risky: CardSet = legal
                .iter()
                .filter(|&c| c == QUEEN_OF_SPADES || (queen_out && is_high_spade(c)))
                .collect();
            let safe = legal - risky;
            let pool = if safe.is_empty() { legal } else { safe };
            let non_hearts = pool - crate::HEARTS;
            return lowest(if non_hearts.is_empty() {
                pool
            } else {
                non_hearts
            })
            .unwrap_or(QUEEN_OF_SPADES);
        };
        let led = current.led_suit();
        let following = legal.iter().all(|c| c.suit() == led);
        if following {
            let under: CardSet = legal
                .iter()
                .filter(|c| c.index() < winning.index())
                .collect();
            if let Some(card) = highest(under) {
                return card;
            }
            let no_queen = if legal == CardSet::single(QUEEN_OF_SPADES) {
                legal
            } else {
                legal.without(QUEEN_OF_SPADES)
            };
            let pick = if current.len() == 3 {
                highest(no_queen)
            } else {
                lowest(no_queen)
            };
            return pick.unwrap_or(QUEEN_OF_SPADES);
        }
        if legal.contains(QUEEN_OF_SPADES) {
            return QUEEN_OF_SPADES;
        }
        if let Some(card) = highest(legal & crate::HEARTS) {
            return card;
        }
        if queen_out
            && let Some(card) = highest(legal.iter().filter(|&c| is_high_spade(c)).collect())
        {
            return card;
        }
        highest(legal).unwrap_or(QUEEN_OF_SPADES)
    }
}

/// Lets the bots take the next action of the game's current hand: the first seat still to
/// pass chooses its pass, or the seat to move plays. Each bot sees only its seat's view.
/// Returns the move, or `None` when the hand is over.
///
/// # Panics
/// If a bot answers with a card or pass the rules refuse (a bug in the bot).
pub fn play_step<B: Bot>(game: &mut Game, bots: &mut [B; 4]) -> Option<Move> {
    let mv = match game.round().phase() {
        Phase::Passing => {
            let seat = game.round().awaiting_pass().next()?;
            Move::Pass(seat, bots[seat.index()].choose_pass(&game.view(seat)))
        }
        Phase::Playing => {
            let seat = game.round().to_move()?;
            Move::Play(seat, bots[seat.index()].choose_play(&game.view(seat)))
        }
        Phase::Over => return None,
    };
    game.play(mv).expect("bot moves are legal");
    Some(mv)
}

/// Plays `round` to its end, passes included, each bot seeing only its seat's view, and
/// returns the result. The duplicate arena's driver.
///
/// # Panics
/// If a bot answers with a card or pass the rules refuse (a bug in the bot).
pub fn play_round<B: Bot>(round: &mut crate::Round, bots: &mut [B; 4]) -> crate::HandResult {
    loop {
        let mv = match round.phase() {
            Phase::Passing => {
                let seat = round.awaiting_pass().next().expect("passing awaits a seat");
                Move::Pass(seat, bots[seat.index()].choose_pass(&round.view(seat)))
            }
            Phase::Playing => {
                let seat = round.to_move().expect("a seat plays");
                Move::Play(seat, bots[seat.index()].choose_play(&round.view(seat)))
            }
            Phase::Over => return round.result().expect("the hand is over"),
        };
        round.play(mv).expect("bot moves are legal");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PassDirection, Round, Settings, Trick};

    fn set(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn nth_matches_the_naive_select_on_random_sets() {
        let mut rng = cards_core::seeded_rng(5);
        for _ in 0..2000 {
            let bits = rand::RngCore::next_u64(&mut rng) & CardSet::STANDARD.bits();
            let set = CardSet::from_bits(bits);
            for n in 0..set.len() as u32 {
                assert_eq!(nth(set, n), nth_naive(set, n));
            }
        }
        assert_eq!(nth(CardSet::ALL, 53), Card::RED_JOKER);
    }

    #[test]
    fn nth_walks_the_set_in_order() {
        let s = set("2C 9D QS");
        let cards: Vec<Card> = (0..3).map(|n| nth(s, n)).collect();
        assert_eq!(cards, s.iter().collect::<Vec<_>>());
    }

    #[test]
    fn rule_bot_passes_the_dangerous_cards() {
        let round = Round::deal(Settings::default(), PassDirection::Left, 0);
        for seat in cards_core::Seat::ALL {
            let hand = round.hand(seat);
            let pass = RuleBot.choose_pass(&round.view(seat));
            assert_eq!(pass.len(), 3);
            assert!(pass.is_subset(hand));
            if hand.contains(QUEEN_OF_SPADES) {
                assert!(pass.contains(QUEEN_OF_SPADES));
            }
        }
    }

    #[test]
    fn rule_bot_ducks_and_dumps() {
        let _ = Trick::new(crate::NORTH, &[]);
        // Play a hand with rule bots and check every card they pick is legal.
        let mut game = Game::new(Settings::default(), 9);
        let mut bots = [RuleBot; 4];
        while play_step(&mut game, &mut bots).is_some() {}
        assert_eq!(game.round().phase(), Phase::Over);
    }
}
