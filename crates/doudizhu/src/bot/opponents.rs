//! What a seat knows of its opponents' hands, and the chance they beat a play.

use crate::{Combo, Counts, Kind, Rank, Seat, View, played_cards};

/// What a seat knows of its two opponents' hands: the cards it cannot see (held by one of
/// them) and how many cards each holds. The landlord's planner counts the plays they likely
/// cannot beat as keeping the lead ([`Decomposer::set_opponents`](crate::Decomposer::set_opponents)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opponents {
    /// The cards the opponents hold between them.
    pub cards: Counts,
    /// How many cards each opponent holds.
    pub hands: [u8; 2],
}

impl Opponents {
    /// A play the opponents beat with a chance under this keeps the lead.
    pub const KEEPS_LEAD: f64 = 0.5;

    /// The opponents of `view`'s seat, from its hand, its history and the card counts;
    /// `None` for a spectator or a view whose history does not account for the cards played
    /// ([`played_cards`]).
    pub fn of(view: &View) -> Option<Opponents> {
        let me = view.seat?;
        let played = Counts::from_cards(played_cards(view)?);
        let cards = Counts::FULL_DECK.minus(view.hand_counts)?.minus(played)?;
        let mut others = Seat::ALL.into_iter().filter(|&s| s != me);
        let mut size = || others.next().map_or(0, |s| view.card_counts[s]);
        Some(Opponents {
            cards,
            hands: [size(), size()],
        })
    }

    /// The chance that one opponent can beat `combo` with a play of the same kind and length
    /// (bombs aside, kickers assumed available), when each unseen card is in either hand with
    /// a chance in proportion to the hands' sizes, independently.
    pub fn chance_to_beat(&self, combo: Combo) -> f64 {
        let width = match combo.kind {
            Kind::Single | Kind::Chain => 1,
            Kind::Pair | Kind::PairChain => 2,
            Kind::Trio
            | Kind::TrioSingle
            | Kind::TrioPair
            | Kind::Airplane
            | Kind::AirplaneSingles
            | Kind::AirplanePairs => 3,
            Kind::FourSingles | Kind::FourPairs => 4,
            Kind::Bomb | Kind::Rocket => return 0.0,
        };
        let total = f64::from(self.hands[0]) + f64::from(self.hands[1]);
        if total == 0.0 {
            return 0.0;
        }
        let len = usize::from(combo.len);
        let last = if combo.kind.is_sequence() {
            Rank::Ace.index() + 1 - len
        } else {
            Rank::ALL.len() - 1
        };
        let share = f64::from(self.hands[0]) / total;
        let mut none_beats = 1.0;
        for start in combo.main.index() + 1..=last {
            // Each rank of the run: the first opponent holds `width` of its copies, the
            // second does, both do (the ranks are independent under the model).
            let (mut first, mut second, mut both) = (1.0, 1.0, 1.0);
            for &rank in &Rank::ALL[start..start + len] {
                let copies = i32::from(self.cards.get(rank));
                first *= between(copies, width, copies, share);
                second *= between(copies, 0, copies - width, share);
                both *= between(copies, width, copies - width, share);
            }
            none_beats *= 1.0 - (first + second - both);
        }
        1.0 - none_beats
    }
}

/// The chance that the first opponent gets from `low` to `high` of `copies` cards when it
/// gets each with chance `share`.
fn between(copies: i32, low: i32, high: i32, share: f64) -> f64 {
    (low.max(0)..=high.min(copies))
        .map(|k| binomial(copies, k) * share.powi(k) * (1.0 - share).powi(copies - k))
        .sum()
}

fn binomial(n: i32, k: i32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RuleSet, for_each_response};

    fn opponents(cards: &str, hands: [u8; 2]) -> Opponents {
        Opponents {
            cards: cards.parse().unwrap(),
            hands,
        }
    }

    fn combo(play: &str) -> Combo {
        play.parse::<crate::Play>().unwrap().combo
    }

    #[test]
    fn a_lone_unseen_two_surely_beats_an_ace_and_nothing_beats_the_top() {
        let them = opponents("34562", [3, 2]);
        assert!((them.chance_to_beat(combo("A")) - 1.0).abs() < 1e-12);
        assert!(them.chance_to_beat(combo("2")) < 1e-12);
        assert!(them.chance_to_beat(combo("TJQKA")) < 1e-12);
        assert!(them.chance_to_beat(combo("BR")) < 1e-12);
        // Both 2s in the only hand with cards: the pair of aces is beaten for sure.
        assert!((opponents("22", [2, 0]).chance_to_beat(combo("AA")) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn one_higher_run_matches_enumerating_every_split() {
        // Each card goes to the first opponent with chance 3/8, independently: summing over
        // all 2^n splits whether either hand can beat the combo (bombs aside) must give the
        // model's figure exactly when a single higher run is possible.
        let share: f64 = 3.0 / 8.0;
        for (cards, play) in [
            ("8899TTJJQ", "789TJ"),
            ("QQQKKK7", "JJJ"),
            ("999TTTJJ45", "888999"),
            ("AAA2", "KK"),
        ] {
            let cards: Counts = cards.parse().unwrap();
            let list: Vec<Rank> = cards
                .iter()
                .flat_map(|(rank, n)| std::iter::repeat_n(rank, usize::from(n)))
                .collect();
            let target = combo(play);
            let mut naive = 0.0;
            for split in 0u32..1 << list.len() {
                let (mut first, mut second) = (Counts::EMPTY, Counts::EMPTY);
                for (i, &rank) in list.iter().enumerate() {
                    let hand = if split >> i & 1 == 1 {
                        &mut first
                    } else {
                        &mut second
                    };
                    *hand = hand.plus(Counts::of(rank, 1));
                }
                let beats = |hand: Counts| {
                    let mut any = false;
                    for_each_response(hand, target, &RuleSet::DEFAULT, |p| {
                        any |= !p.combo.kind.is_bomb();
                    });
                    any
                };
                if beats(first) || beats(second) {
                    let k = split.count_ones() as i32;
                    naive += share.powi(k) * (1.0 - share).powi(list.len() as i32 - k);
                }
            }
            let model = Opponents {
                cards,
                hands: [3, 5],
            }
            .chance_to_beat(target);
            assert!(
                (model - naive).abs() < 1e-9,
                "{play} against {cards}: {model} vs {naive}"
            );
        }
    }
}
