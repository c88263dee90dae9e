//! The planning bot: plays from a fewest-plays decomposition of its hand.

use cards_core::GameRng;

use crate::bot::{Bot, GreedyBot, owner_is_partner, sample_endgame};
use crate::{
    Bid, BidMode, Counts, Decomposer, EndgameSolver, Kind, Move, Opponents, Play, Seat, View,
    breaks_bomb, for_each_response,
};

/// An opponent holding this many cards or fewer is about to go out: answer at any cost.
const DANGER: u8 = 3;

/// The endgame search takes over when at most this many cards are left in the three hands.
const ENDGAME_CARDS: usize = 20;

/// Deals of the hidden cards the endgame search solves per decision.
const ENDGAME_SAMPLES: u32 = 10;

/// Positions the endgame solver may visit per move and deal before giving up on it.
const ENDGAME_BUDGET: u64 = 20_000;

/// Plans its hand as the fewest plays ([`Decomposer`]) and plays from the plan:
/// - leads the group with the lowest main rank (shedding its weakest groups first), a pair or
///   its highest single rather than a low single when an opponent is down to one card, and its
///   lowest single when its partner farmer is down to one card (feeding the partner);
/// - as the landlord plans against what the farmers may hold ([`Opponents`]): a play they
///   more likely than not cannot beat counts as keeping the lead, the plan has the fewest
///   plays that may lose it, and with at most one such play left it leads the others first;
/// - as a farmer answers with the cheapest play that does not lengthen its plan, or at any cost
///   when the trick's owner is about to go out; as the landlord answers whenever it can
///   without a bomb (the play leaving the shortest plan), keeping the lead from the farmers;
/// - keeps bombs and the rocket whole, and plays one only when it empties the hand, leaves at
///   most one more play, or stops an opponent about to go out;
/// - as a farmer never beats its partner (unless it goes out);
/// - bids by hand strength (high cards, bombs and the length of its plan), and robs only with a
///   strong hand;
/// - when few cards are left (at most 20 in the three hands), deals the cards it cannot see
///   at random a few times, consistently with its view (its history shows what was played,
///   the card counts what each seat holds, the revealed bottom what the landlord keeps), solves
///   each deal exactly ([`EndgameSolver`]) for every legal move, and plays the move that wins in
///   the most deals (its plan's move when it does as well). This needs the view's history, as
///   [`crate::Game::view`] and [`crate::play_out`] give; without it the plan decides.
#[derive(Clone, Debug)]
pub struct PlannerBot {
    search: Decomposer,
    solver: EndgameSolver,
    rng: GameRng,
    buffer: Vec<Play>,
    moves: Vec<Move>,
}

impl Default for PlannerBot {
    fn default() -> PlannerBot {
        PlannerBot::new()
    }
}

impl PlannerBot {
    /// A planning bot (its decomposition table is built for each game's rules on demand).
    pub fn new() -> PlannerBot {
        PlannerBot::with_seed(0)
    }

    /// A planning bot whose endgame deals are drawn from [`cards_core::seeded_rng`]`(seed)`.
    pub fn with_seed(seed: u64) -> PlannerBot {
        let mut solver = EndgameSolver::new(crate::RuleSet::DEFAULT);
        solver.set_budget(ENDGAME_BUDGET);
        PlannerBot {
            search: Decomposer::new(crate::RuleSet::DEFAULT),
            solver,
            rng: cards_core::seeded_rng(seed),
            buffer: Vec::new(),
            moves: Vec::new(),
        }
    }

    fn use_rules(&mut self, rules: crate::RuleSet) {
        if *self.search.rules() != rules {
            self.search = Decomposer::new(rules);
            self.solver = EndgameSolver::new(rules);
            self.solver.set_budget(ENDGAME_BUDGET);
        }
    }

    /// The move that wins the most sampled endgames, when it wins more than `planned`.
    fn endgame(&mut self, view: &View, planned: Move) -> Option<Move> {
        let left: usize = view.card_counts.iter().map(|(_, &n)| usize::from(n)).sum();
        if left > ENDGAME_CARDS {
            return None;
        }
        view.legal_moves(&mut self.moves);
        if self.moves.len() < 2 {
            return None;
        }
        let mut wins = vec![0u32; self.moves.len()];
        for _ in 0..ENDGAME_SAMPLES {
            let endgame = sample_endgame(view, &mut self.rng)?;
            for (won, &mv) in wins.iter_mut().zip(&self.moves) {
                *won += u32::from(self.solver.wins_with(&endgame, mv) == Ok(true));
            }
        }
        let best = (0..self.moves.len()).max_by_key(|&i| (wins[i], self.moves[i] == planned))?;
        (self.moves[best] != planned).then_some(self.moves[best])
    }

    /// The bidding score of a hand: [`GreedyBot::strength`] plus a point per play its plan is
    /// shorter than seven.
    pub fn strength(&mut self, hand: Counts) -> u32 {
        let plays = u32::from(self.search.cost(hand));
        GreedyBot::strength(hand) + 7u32.saturating_sub(plays)
    }

    fn lead(&mut self, view: &View, me: Seat) -> Play {
        let hand = view.hand_counts;
        let plan = self.search.plan(hand);
        if let [only] = plan[..] {
            return only;
        }
        let opponent_low = Seat::ALL
            .into_iter()
            .filter(|&s| !view.is_partner(s))
            .map(|s| view.card_counts[s])
            .min()
            .unwrap_or(u8::MAX);
        let partner_low = Seat::ALL
            .into_iter()
            .filter(|&s| s != me && view.is_partner(s))
            .any(|s| view.card_counts[s] == 1);
        if partner_low && opponent_low > 1 {
            // Feed the partner: the lowest single we hold.
            if let Some(rank) = hand.iter().next().map(|(rank, _)| rank) {
                return Play::new(
                    crate::Combo::new(Kind::Single, rank),
                    Counts::of(rank, 1),
                    self.search.rules(),
                )
                .expect("a single is a play");
            }
        }
        let groups: Vec<Play> = plan
            .iter()
            .copied()
            .filter(|p| !p.combo.kind.is_bomb())
            .collect();
        let weakest = |kinds: &dyn Fn(Kind) -> bool| {
            groups
                .iter()
                .filter(|p| kinds(p.combo.kind))
                .min_by_key(|p| (p.combo.main, std::cmp::Reverse(p.len())))
                .copied()
        };
        // At most one play that may lose the lead: the others first, it last.
        let choice = if self.search.cost(hand) <= 1 {
            groups
                .iter()
                .filter(|p| !self.search.loses_lead(**p))
                .min_by_key(|p| (p.combo.main, std::cmp::Reverse(p.len())))
                .or_else(|| groups.first())
                .copied()
        } else if opponent_low == 1 {
            weakest(&|k| k != Kind::Single)
                .or_else(|| groups.iter().max_by_key(|p| p.combo.main).copied())
        } else {
            weakest(&|_| true)
        };
        choice
            .or_else(|| plan.first().copied())
            .expect("a non-empty hand has a plan")
    }

    fn respond(&mut self, view: &View, owner: Seat, previous: Play) -> Move {
        let hand = view.hand_counts;
        let rules = *self.search.rules();
        self.buffer.clear();
        let buffer = &mut self.buffer;
        for_each_response(hand, previous.combo, &rules, |p| buffer.push(p));
        if let Some(&out) = self.buffer.iter().find(|p| p.len() == hand.len()) {
            return Move::Play(out);
        }
        if owner_is_partner(view, owner) {
            return Move::Pass;
        }
        let base = self.search.cost(hand);
        let danger = view.card_counts[owner] <= DANGER;
        let landlord = view.landlord == view.seat;
        let mut best: Option<(u8, Play)> = None;
        for &play in &self.buffer {
            let rest = hand.minus(play.counts).expect("a response is in the hand");
            let cost = self.search.cost(rest);
            let acceptable = if play.combo.kind.is_bomb() {
                danger || cost <= 1
            } else {
                !breaks_bomb(hand, play) && (landlord || cost <= base || danger)
            };
            let better = best.is_none_or(|(c, b)| (cost, play.combo.main) < (c, b.combo.main));
            if acceptable && better {
                best = Some((cost, play));
            }
        }
        best.map_or(Move::Pass, |(_, play)| Move::Play(play))
    }
}

impl Bot for PlannerBot {
    fn bid(&mut self, view: &View) -> Bid {
        self.use_rules(view.settings.rules);
        self.search.set_opponents(None);
        let score = self.strength(view.hand_counts);
        let wanted = match view.settings.bidding {
            BidMode::Points => match score {
                15.. => Bid::Points(3),
                11..=14 => Bid::Points(2),
                8..=10 => Bid::Points(1),
                _ => Bid::Pass,
            },
            BidMode::Rob => {
                let call = view.legal_bids().any(|b| b == Bid::Call);
                match score {
                    9.. if call => Bid::Call,
                    13.. => Bid::Rob,
                    _ => Bid::Pass,
                }
            }
        };
        if view.legal_bids().any(|b| b == wanted) {
            wanted
        } else {
            Bid::Pass
        }
    }

    fn play(&mut self, view: &View) -> Move {
        self.use_rules(view.settings.rules);
        let Some(me) = view.seat else {
            return Move::Pass;
        };
        // The landlord plans against what the farmers may hold; a farmer plans its hand alone.
        let opponents = (view.landlord == Some(me))
            .then(|| Opponents::of(view))
            .flatten();
        self.search.set_opponents(opponents);
        let planned = match view.trick {
            Some((owner, previous)) => self.respond(view, owner, previous),
            None => Move::Play(self.lead(view, me)),
        };
        self.endgame(view, planned).unwrap_or(planned)
    }
}
