//! Bots that see only their seat's [`View`]: uniformly random, greedy, and the planner
//! ([`PlannerBot`]: fewest-plays decomposition, farmer cooperation, bidding by strength).

mod decompose;
mod endgame;
mod opponents;
mod planner;
mod sample;

pub use decompose::{Decomposer, breaks_bomb};
pub use endgame::{Endgame, EndgameError, EndgameSolver, Solution};
pub use opponents::Opponents;
pub use planner::PlannerBot;
pub use sample::{played_cards, sample_endgame};

use cards_core::{GameRng, below, seeded_rng};
use rand::Rng;

use crate::{
    Bid, BidMode, Counts, Deal, Kind, Move, Phase, Play, Rank, Settings, Settlement, State, View,
    for_each_lead, for_each_response,
};

/// A player that sees only its [`View`].
pub trait Bot {
    /// Chooses a bid (called only when `view` is bidding and it is the bot's turn).
    fn bid(&mut self, view: &View) -> Bid;
    /// Chooses a move (called only when `view` is playing and it is the bot's turn).
    fn play(&mut self, view: &View) -> Move;
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn bid(&mut self, view: &View) -> Bid {
        (**self).bid(view)
    }
    fn play(&mut self, view: &View) -> Move {
        (**self).play(view)
    }
}

/// The card play of `deal` with `landlord` fixed (it takes the bottom and leads at base 1, no
/// auction): the duplicate arena's start, so each role is played from the same cards.
pub fn landlord_start(settings: Settings, deal: &Deal, landlord: crate::Seat) -> State {
    let mut hands = deal.hands;
    hands[landlord] |= deal.bottom;
    State::from_setup(crate::Setup {
        settings,
        hands,
        bottom: deal.bottom,
        landlord,
        base: 1,
        to_move: landlord,
        trick: None,
        bombs: 0,
        plays: cards_core::BySeat::default(),
    })
    .expect("a valid deal gives a valid start")
}

/// Plays `state`'s card play to its end, each bot seeing only its seat's view (with the card
/// play's history), and returns the settlement (`None` if the state is not in card play).
///
/// # Panics
/// If a bot answers with a move the rules refuse (a bug in the bot).
pub fn play_out<B: Bot>(state: &mut State, bots: &mut [B; 3]) -> Option<Settlement> {
    let mut history = Vec::new();
    while state.phase() == Phase::Playing {
        let seat = state.to_move();
        let mv = bots[seat.index()].play(&state.view_with_history(Some(seat), history.clone()));
        let action = match mv {
            Move::Pass => crate::Action::Pass,
            Move::Play(play) => crate::Action::Play {
                cards: state.cards_for(play),
                combo: play.combo,
            },
        };
        state.play(mv).expect("bot moves are legal");
        history.push(crate::Turn { seat, action });
    }
    state.settlement()
}

/// Picks uniformly among the legal bids and moves (pass counts as one move).
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
    buffer: Vec<Move>,
}

impl RandomBot {
    /// A random bot with its own seeded stream.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: seeded_rng(seed),
            buffer: Vec::new(),
        }
    }
}

impl Bot for RandomBot {
    fn bid(&mut self, view: &View) -> Bid {
        let mut bids = [Bid::Pass; 4];
        let mut n = 0;
        for bid in view.legal_bids() {
            bids[n] = bid;
            n += 1;
        }
        if n == 0 {
            Bid::Pass
        } else {
            bids[below(&mut self.rng, n as u32) as usize]
        }
    }

    fn play(&mut self, view: &View) -> Move {
        view.legal_moves(&mut self.buffer);
        if self.buffer.is_empty() {
            return Move::Pass;
        }
        self.buffer[below(&mut self.rng, self.buffer.len() as u32) as usize]
    }
}

/// Greedy: responds with the smallest play that beats (lowest main rank, fewest cards), keeps
/// bombs and the rocket whole and unplayed unless that empties its hand, never beats its
/// partner farmer's play, and leads its lowest rank with as many cards as possible (a play
/// that empties the hand comes first). It bids by a simple count of high cards.
#[derive(Clone, Debug, Default)]
pub struct GreedyBot {
    buffer: Vec<Play>,
}

impl GreedyBot {
    /// A greedy bot.
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }

    /// The hand-strength score behind the bids: 2s, jokers, aces and bombs.
    pub fn strength(hand: Counts) -> u32 {
        let mut score = 2 * u32::from(hand.get(Rank::Two)) + u32::from(hand.get(Rank::Ace));
        score +=
            3 * u32::from(hand.get(Rank::BlackJoker)) + 4 * u32::from(hand.get(Rank::RedJoker));
        score += 4 * hand.mask_at_least(4).count_ones();
        score
    }

    /// The greedy choice among `plays` for `hand` (`None`: pass).
    pub fn choose(hand: Counts, plays: &[Play], leading: bool) -> Option<Play> {
        let total = hand.len();
        if let Some(&win) = plays.iter().find(|p| p.len() == total) {
            return Some(win);
        }
        let key = |p: &&Play| {
            (
                p.combo.main,
                if leading {
                    usize::MAX - p.len()
                } else {
                    p.len()
                },
            )
        };
        let best = plays
            .iter()
            .filter(|p| !p.combo.kind.is_bomb() && !breaks_bomb(hand, **p))
            .min_by_key(key)
            .copied();
        match best {
            Some(play) => Some(play),
            // Only bombs left to lead with: lead the smallest.
            None if leading => plays
                .iter()
                .filter(|p| p.combo.kind.is_bomb())
                .min_by_key(|p| (p.combo.kind == Kind::Rocket, p.combo.main))
                .or(plays.first())
                .copied(),
            None => None,
        }
    }
}

impl Bot for GreedyBot {
    fn bid(&mut self, view: &View) -> Bid {
        let score = GreedyBot::strength(view.hand_counts);
        let wanted = match view.settings.bidding {
            BidMode::Points => match score {
                12.. => Bid::Points(3),
                8..=11 => Bid::Points(2),
                5..=7 => Bid::Points(1),
                _ => Bid::Pass,
            },
            BidMode::Rob if score >= 7 => {
                if view.legal_bids().any(|b| b == Bid::Call) {
                    Bid::Call
                } else {
                    Bid::Rob
                }
            }
            BidMode::Rob => Bid::Pass,
        };
        if view.legal_bids().any(|b| b == wanted) {
            wanted
        } else {
            Bid::Pass
        }
    }

    fn play(&mut self, view: &View) -> Move {
        self.buffer.clear();
        let rules = &view.settings.rules;
        let buffer = &mut self.buffer;
        match view.trick {
            None => for_each_lead(view.hand_counts, rules, |p| buffer.push(p)),
            Some((_, prev)) => {
                for_each_response(view.hand_counts, prev.combo, rules, |p| buffer.push(p));
            }
        }
        if let Some((owner, _)) = view.trick
            && owner_is_partner(view, owner)
        {
            let total = view.hand_counts.len();
            return self
                .buffer
                .iter()
                .find(|p| p.len() == total)
                .map_or(Move::Pass, |&p| Move::Play(p));
        }
        match GreedyBot::choose(view.hand_counts, &self.buffer, view.trick.is_none()) {
            Some(play) => Move::Play(play),
            None if view.trick.is_none() => {
                self.buffer.first().map_or(Move::Pass, |&p| Move::Play(p))
            }
            None => Move::Pass,
        }
    }
}

/// Whether the trick's `owner` is the viewer's partner farmer (not the viewer itself).
fn owner_is_partner(view: &View, owner: crate::Seat) -> bool {
    view.seat != Some(owner) && view.is_partner(owner)
}

/// Plays one complete random game on the fast path: random deals (redealt while every bid
/// passes), uniformly random bids and moves. `buffer` is reused between calls. Used by the
/// benchmarks and the property tests.
pub fn random_game<R: Rng + ?Sized>(
    settings: Settings,
    rng: &mut R,
    buffer: &mut Vec<Play>,
) -> (State, Settlement) {
    loop {
        let deal = Deal::shuffled(rng);
        let first = crate::Seat::ALL[below(rng, 3) as usize];
        let Ok(mut state) = State::new(settings, &deal, first) else {
            continue;
        };
        while state.phase() == Phase::Bidding {
            let mut bids = [Bid::Pass; 4];
            let mut n = 0;
            for bid in state.legal_bids() {
                bids[n] = bid;
                n += 1;
            }
            let bid = bids[below(rng, n as u32) as usize];
            if state.bid(bid).is_err() {
                break;
            }
        }
        if state.phase() != Phase::Playing {
            continue;
        }
        while state.phase() == Phase::Playing {
            let hand = state.hand_counts(state.to_move());
            buffer.clear();
            match state.trick() {
                None => for_each_lead(hand, &settings.rules, |p| buffer.push(p)),
                Some((_, prev)) => {
                    for_each_response(hand, prev.combo, &settings.rules, |p| buffer.push(p));
                }
            }
            let options = buffer.len() + usize::from(state.trick().is_some());
            let pick = below(rng, options as u32) as usize;
            let mv = buffer.get(pick).map_or(Move::Pass, |&p| Move::Play(p));
            state.play_unchecked(mv);
        }
        if let Some(result) = state.settlement() {
            return (state, result);
        }
    }
}
