//! Splitting a hand into the fewest plays, by search over decompositions.

use std::collections::HashMap;

use crate::{Counts, Kind, Opponents, Play, Rank, RuleSet, for_each_lead};

/// Whether `play` takes cards from a bomb or the rocket of `hand` without being that bomb or
/// rocket (a four with kickers built on a bomb counts as breaking it).
pub fn breaks_bomb(hand: Counts, play: Play) -> bool {
    if matches!(play.combo.kind, Kind::Bomb | Kind::Rocket) {
        return false;
    }
    let used = play.counts.mask_at_least(1);
    let mut kept = hand.mask_at_least(4);
    if hand.get(Rank::BlackJoker) == 1 && hand.get(Rank::RedJoker) == 1 {
        kept |= (1 << Rank::BlackJoker as u16) | (1 << Rank::RedJoker as u16);
    }
    used & kept != 0
}

/// The fewest-plays decomposition search, memoised over the remaining ranks.
///
/// A hand's cost is the number of plays it takes to empty it when every play wins its trick,
/// bombs and the rocket counting for nothing (they take the lead back). Told what its
/// opponents may hold ([`set_opponents`](Decomposer::set_opponents)), it also counts for
/// nothing each play they more likely than not cannot beat, so the cost is the number of
/// plays that may lose the lead; among decompositions of equal cost it takes one with the
/// fewest plays. Plays that break a bomb
/// or the rocket are only considered when they empty the hand. The search branches on the
/// plays holding the hand's lowest rank (every decomposition has exactly one group holding
/// that card), so it visits each sub-hand once.
#[derive(Clone, Debug)]
pub struct Decomposer {
    rules: RuleSet,
    opponents: Option<Opponents>,
    memo: HashMap<Counts, (u16, Option<Play>)>,
}

/// The search's score is the cost times this plus, with opponents set, the number of plays
/// (bombs aside): more than any hand's plays, so the cost decides first.
const PLAY_WEIGHT: u16 = 64;

/// Past this many memoised sub-hands the table is cleared (a few MB).
const MEMO_LIMIT: usize = 400_000;

impl Decomposer {
    /// A search for hands under `rules`.
    pub fn new(rules: RuleSet) -> Decomposer {
        Decomposer {
            rules,
            opponents: None,
            memo: HashMap::new(),
        }
    }

    /// From now on counts for nothing the plays `opponents` beat with a chance under
    /// [`Opponents::KEEPS_LEAD`] (`None`: only bombs and the rocket count for nothing).
    pub fn set_opponents(&mut self, opponents: Option<Opponents>) {
        if self.opponents != opponents {
            self.opponents = opponents;
            self.memo.clear();
        }
    }

    /// Whether `play` counts in a cost: it is not a bomb or the rocket, and the opponents set
    /// by [`set_opponents`](Decomposer::set_opponents), if any, may well beat it.
    pub fn loses_lead(&self, play: Play) -> bool {
        !play.combo.kind.is_bomb()
            && self
                .opponents
                .is_none_or(|o| o.chance_to_beat(play.combo) >= Opponents::KEEPS_LEAD)
    }

    /// The rules it decomposes under.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The number of plays `hand` needs (0 for an empty hand).
    pub fn cost(&mut self, hand: Counts) -> u8 {
        u8::try_from(self.search(hand).0 / PLAY_WEIGHT).expect("at most 54 plays")
    }

    /// The plays of a fewest-plays decomposition of `hand`, lowest rank first.
    pub fn plan(&mut self, hand: Counts) -> Vec<Play> {
        let mut plays = Vec::new();
        let mut rest = hand;
        while let (_, Some(play)) = self.search(rest) {
            plays.push(play);
            rest = rest
                .minus(play.counts)
                .expect("a planned play is in the hand");
        }
        plays
    }

    fn search(&mut self, hand: Counts) -> (u16, Option<Play>) {
        if hand.is_empty() {
            return (0, None);
        }
        if let Some(&known) = self.memo.get(&hand) {
            return known;
        }
        let lowest = hand.iter().next().map(|(rank, _)| rank).expect("not empty");
        let mut candidates = Vec::new();
        for_each_lead(hand, &self.rules, |play| {
            if play.counts.get(lowest) > 0 && (play.len() == hand.len() || !breaks_bomb(hand, play))
            {
                candidates.push(play);
            }
        });
        let mut best = (u16::MAX, None);
        let count_plays = self.opponents.is_some();
        for play in candidates {
            let rest = hand.minus(play.counts).expect("a lead is in the hand");
            let step = PLAY_WEIGHT * u16::from(self.loses_lead(play))
                + u16::from(count_plays && !play.combo.kind.is_bomb());
            let cost = step.saturating_add(self.search(rest).0);
            if cost < best.0 {
                best = (cost, Some(play));
            }
        }
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo.insert(hand, best);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(text: &str) -> Counts {
        text.parse().unwrap()
    }

    fn plan(text: &str) -> Vec<String> {
        let mut search = Decomposer::new(RuleSet::DEFAULT);
        search
            .plan(counts(text))
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_chain_beats_singles_and_a_trio_takes_a_kicker() {
        // Worked by hand: 34567 + 999K is two plays; no split is shorter.
        assert_eq!(plan("34567999K"), ["34567", "999K"]);
    }

    #[test]
    fn bombs_and_the_rocket_are_kept_whole() {
        // Greedy leads this as "four with two pairs"; the plan keeps the bomb and pairs apart.
        let hand = counts("55667777BR");
        let mut search = Decomposer::new(RuleSet::DEFAULT);
        let plays = search.plan(hand);
        assert!(plays.iter().any(|p| p.combo.kind == Kind::Bomb));
        assert!(plays.iter().any(|p| p.combo.kind == Kind::Rocket));
        // 55, 66, then the bomb and the rocket for free.
        assert_eq!(search.cost(hand), 2);
    }

    #[test]
    fn cost_matches_a_brute_force_on_small_hands() {
        // Brute force over every lead (no lowest-rank restriction, no bomb rule when the
        // hand has no bomb): the restricted search must find the same minimum.
        fn naive(hand: Counts) -> u8 {
            if hand.is_empty() {
                return 0;
            }
            let mut leads = Vec::new();
            for_each_lead(hand, &RuleSet::DEFAULT, |p| leads.push(p));
            leads
                .into_iter()
                .map(|p| u8::from(!p.combo.kind.is_bomb()) + naive(hand.minus(p.counts).unwrap()))
                .min()
                .unwrap()
        }
        let mut rng = cards_core::seeded_rng(3);
        let mut search = Decomposer::new(RuleSet::DEFAULT);
        for _ in 0..60 {
            let deal = crate::Deal::shuffled(&mut rng);
            let cards: cards_core::CardSet = deal.hands.as_array()[0].iter().take(7).collect();
            let hand = Counts::from_cards(cards);
            if hand.mask_at_least(4) != 0
                || (hand.get(Rank::BlackJoker) + hand.get(Rank::RedJoker) == 2)
            {
                continue;
            }
            assert_eq!(search.cost(hand), naive(hand), "{hand}");
        }
    }

    #[test]
    fn plays_the_opponents_cannot_beat_cost_nothing() {
        let hand = counts("4TJQKA");
        let mut search = Decomposer::new(RuleSet::DEFAULT);
        assert_eq!(search.cost(hand), 2);
        // Against the rest of the deck the chain to the ace cannot be beaten; the 4 can.
        search.set_opponents(Some(Opponents {
            cards: Counts::FULL_DECK.minus(hand).unwrap(),
            hands: [17, 17],
        }));
        assert_eq!(search.cost(hand), 1);
        let losers: Vec<String> = search
            .plan(hand)
            .into_iter()
            .filter(|&p| search.loses_lead(p))
            .map(|p| p.to_string())
            .collect();
        assert_eq!(losers, ["4"]);
    }

    #[test]
    fn breaking_a_bomb_is_recognised() {
        let hand = counts("33334BR");
        let four_with_two: Play = "333345".parse().unwrap();
        let lone_joker: Play = "B".parse().unwrap();
        assert!(breaks_bomb(counts("3333455"), "3334".parse().unwrap()));
        assert!(breaks_bomb(hand, lone_joker));
        assert!(!breaks_bomb(hand, "3333".parse().unwrap()));
        assert!(!breaks_bomb(hand, "BR".parse().unwrap()));
        assert!(breaks_bomb(counts("3333455"), four_with_two));
    }
}
