//! Legal-move generation on rank counts: every lead, every response, each play once.
//!
//! The generators work on a hand's [`Counts`] and emit [`Play`]s into a caller's closure or
//! buffer: no allocation per generated play. Every play is produced from its reading (kind,
//! main rank, length) and kicker multiset, so under the default rules, where each multiset has
//! one reading, no multiset is ever produced twice. Under permissive presets a multiset with
//! several readings appears once per reading that applies (each is a different [`Play`]).

use crate::classify::{CHAIN_MASK, JOKERS, adjacent, run_starts};
use crate::{Combo, Counts, Kind, Play, Rank, RuleSet};

/// `RUN[len]`: one card at each of the ranks `0..len` (shift left by `4 * start`).
const RUN: [u64; 13] = {
    let mut table = [0u64; 13];
    let mut len = 1;
    while len < 13 {
        table[len] = table[len - 1] | 1 << (4 * (len - 1));
        len += 1;
    }
    table
};

#[inline]
fn body(start: u32, len: u32, width: u64) -> Counts {
    Counts::from_bits((RUN[len as usize] * width) << (4 * start)).unwrap_or(Counts::EMPTY)
}

#[inline]
fn bit_at_least(mask: u16, lo: u32) -> u16 {
    if lo >= 16 { 0 } else { mask & (u16::MAX << lo) }
}

struct Gen<'a, F> {
    hand: Counts,
    rules: &'a RuleSet,
    ge1: u16,
    ge2: u16,
    ge3: u16,
    ge4: u16,
    emit: F,
}

impl<F: FnMut(Play)> Gen<'_, F> {
    #[inline]
    fn push(&mut self, kind: Kind, main: u32, len: u32, counts: Counts) {
        (self.emit)(Play {
            combo: Combo {
                kind,
                main: Rank::ALL[main as usize],
                len: len as u8,
            },
            counts,
        });
    }

    fn simple(&mut self, kind: Kind, mask: u16, width: u8, lo: u32) {
        let mut m = bit_at_least(mask, lo);
        while m != 0 {
            let r = m.trailing_zeros();
            m &= m - 1;
            self.push(kind, r, 1, Counts::of(Rank::ALL[r as usize], width));
        }
    }

    fn trio_with(&mut self, kind: Kind, lo: u32) {
        let kickers = if kind == Kind::TrioSingle {
            self.ge1
        } else {
            self.ge2
        };
        let width = if kind == Kind::TrioSingle { 1 } else { 2 };
        let mut trios = bit_at_least(self.ge3, lo);
        while trios != 0 {
            let t = trios.trailing_zeros();
            trios &= trios - 1;
            let trio = Counts::of(Rank::ALL[t as usize], 3);
            let mut k = kickers & !(1 << t);
            while k != 0 {
                let r = k.trailing_zeros();
                k &= k - 1;
                self.push(
                    kind,
                    t,
                    1,
                    trio.plus(Counts::of(Rank::ALL[r as usize], width)),
                );
            }
        }
    }

    /// Chains, pair chains and airplanes (bare or with wings) of the given length, or of every
    /// length when `only_len` is `None`, with main rank at least `lo`.
    fn sequences(&mut self, kind: Kind, lo: u32, only_len: Option<u32>) {
        let (mask, width) = match kind {
            Kind::Chain => (self.ge1, 1),
            Kind::PairChain => (self.ge2, 2),
            _ => (self.ge3, 3),
        };
        let mask = mask & CHAIN_MASK;
        let lengths = kind.lengths();
        let (min, max) = match only_len {
            Some(len) => (len, len),
            None => (u32::from(*lengths.start()), u32::from(*lengths.end())),
        };
        let total = self.hand.len() as u32;
        // Starts of runs of `len` ranks (at least `lo`), built up one length at a time: a run
        // of `len + 1` contains a run of `len` at the same start, so once none is left, stop.
        let mut runs = bit_at_least(run_starts(mask, min), lo);
        for len in min..=max {
            if len > min {
                runs &= mask >> (len - 1);
            }
            let cards = Combo {
                kind,
                main: Rank::Three,
                len: len as u8,
            }
            .card_count() as u32;
            if runs == 0 || cards > total {
                break;
            }
            let mut starts = runs;
            while starts != 0 {
                let start = starts.trailing_zeros();
                starts &= starts - 1;
                let counts = body(start, len, width);
                let combo = Combo {
                    kind,
                    main: Rank::ALL[start as usize],
                    len: len as u8,
                };
                let body_mask = ((1u16 << len) - 1) << start;
                match kind {
                    Kind::AirplaneSingles => {
                        let adj = if self.rules.adjacent_wings {
                            0
                        } else {
                            adjacent(start, len)
                        };
                        self.single_wings(self.ge1 & !body_mask, adj, len, counts, combo);
                    }
                    Kind::AirplanePairs => {
                        self.pair_wings(self.ge2 & !body_mask, len, counts, combo);
                    }
                    _ => (self.emit)(Play { combo, counts }),
                }
            }
        }
    }

    /// Every multiset of `need` single kickers from the ranks in `avail`, within the rules:
    /// counts limited by the hand, at most 3 of a rank (4 with `bomb_kicker`), at most 1 with
    /// `distinct_singles`, never exactly 3 of a rank in `adj`, not both jokers unless
    /// `rocket_kicker`.
    fn single_wings(&mut self, avail: u16, adj: u16, need: u32, acc: Counts, combo: Combo) {
        if need == 0 {
            (self.emit)(Play { combo, counts: acc });
            return;
        }
        if avail == 0 {
            return;
        }
        let r = avail.trailing_zeros();
        let rest = avail & (avail - 1);
        let rank = Rank::ALL[r as usize];
        let mut cap = u32::from(self.hand.get(rank)).min(need);
        if self.rules.distinct_singles {
            cap = cap.min(1);
        }
        if !self.rules.bomb_kicker {
            cap = cap.min(3);
        }
        if rank == Rank::RedJoker && !self.rules.rocket_kicker && acc.get(Rank::BlackJoker) > 0 {
            cap = 0;
        }
        for c in 0..=cap {
            if c == 3 && adj & (1 << r) != 0 {
                continue;
            }
            self.single_wings(
                rest,
                adj,
                need - c,
                acc.plus(Counts::of(rank, c as u8)),
                combo,
            );
        }
    }

    /// Every set of `need` distinct pair kickers from the ranks in `avail`.
    fn pair_wings(&mut self, avail: u16, need: u32, acc: Counts, combo: Combo) {
        if need == 0 {
            (self.emit)(Play { combo, counts: acc });
            return;
        }
        if avail.count_ones() < need {
            return;
        }
        let r = avail.trailing_zeros();
        let rest = avail & (avail - 1);
        self.pair_wings(
            rest,
            need - 1,
            acc.plus(Counts::of(Rank::ALL[r as usize], 2)),
            combo,
        );
        self.pair_wings(rest, need, acc, combo);
    }

    fn four_with_two(&mut self, kind: Kind, lo: u32) {
        if !self.rules.four_with_two {
            return;
        }
        let mut fours = bit_at_least(self.ge4, lo);
        while fours != 0 {
            let q = fours.trailing_zeros();
            fours &= fours - 1;
            let combo = Combo::new(kind, Rank::ALL[q as usize]);
            let four = Counts::of(combo.main, 4);
            if kind == Kind::FourSingles {
                self.single_wings(self.ge1 & !(1 << q), 0, 2, four, combo);
            } else {
                self.pair_wings(self.ge2 & !(1 << q), 2, four, combo);
            }
        }
    }

    fn rocket(&mut self) {
        if self.ge1 & JOKERS == JOKERS {
            self.push(
                Kind::Rocket,
                Rank::BlackJoker as u32,
                1,
                Counts::of(Rank::BlackJoker, 1).plus(Counts::of(Rank::RedJoker, 1)),
            );
        }
    }

    fn kind(&mut self, kind: Kind, lo: u32, len: Option<u32>) {
        match kind {
            Kind::Single => self.simple(kind, self.ge1, 1, lo),
            Kind::Pair => self.simple(kind, self.ge2, 2, lo),
            Kind::Trio => self.simple(kind, self.ge3, 3, lo),
            Kind::Bomb => self.simple(kind, self.ge4, 4, lo),
            Kind::TrioSingle | Kind::TrioPair => self.trio_with(kind, lo),
            Kind::FourSingles | Kind::FourPairs => self.four_with_two(kind, lo),
            Kind::Rocket => self.rocket(),
            _ => self.sequences(kind, lo, len),
        }
    }
}

fn generator<F: FnMut(Play)>(hand: Counts, rules: &RuleSet, emit: F) -> Gen<'_, F> {
    Gen {
        hand,
        rules,
        ge1: hand.mask_at_least(1),
        ge2: hand.mask_at_least(2),
        ge3: hand.mask_at_least(3),
        ge4: hand.mask_at_least(4),
        emit,
    }
}

/// Calls `emit` with every play a hand may lead, in kind order ([`Kind::ALL`]).
pub fn for_each_lead(hand: Counts, rules: &RuleSet, emit: impl FnMut(Play)) {
    let mut g = generator(hand, rules, emit);
    for kind in Kind::ALL {
        g.kind(kind, 0, None);
    }
}

/// Calls `emit` with every play from `hand` that beats `previous`: the same kind and length
/// with a higher main rank, then bombs (higher ones only after a bomb), then the rocket. Pass
/// is always legal in response and is not emitted.
pub fn for_each_response(hand: Counts, previous: Combo, rules: &RuleSet, emit: impl FnMut(Play)) {
    let mut g = generator(hand, rules, emit);
    let above = previous.main as u32 + 1;
    match previous.kind {
        Kind::Rocket => {}
        Kind::Bomb => {
            g.kind(Kind::Bomb, above, None);
            g.rocket();
        }
        kind => {
            g.kind(kind, above, Some(u32::from(previous.len)));
            g.kind(Kind::Bomb, 0, None);
            g.rocket();
        }
    }
}

/// Fills `out` (cleared first) with every play `hand` may lead.
///
/// ```
/// use doudizhu::{legal_leads, RuleSet};
///
/// let mut plays = Vec::new();
/// legal_leads("33344BR".parse()?, &RuleSet::DEFAULT, &mut plays);
/// let texts: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
/// assert!(texts.contains(&"33344".to_string()) && texts.contains(&"BR".to_string()));
/// assert_eq!(plays.len(), 4 + 2 + 1 + 3 + 1 + 1); // singles, pairs, trio, 333+x, 33344, rocket
/// # Ok::<(), doudizhu::ParseCountsError>(())
/// ```
pub fn legal_leads(hand: Counts, rules: &RuleSet, out: &mut Vec<Play>) {
    out.clear();
    for_each_lead(hand, rules, |play| out.push(play));
}

/// Fills `out` (cleared first) with every play from `hand` that beats `previous` (pass, always
/// legal in response, is not included).
///
/// ```
/// use doudizhu::{legal_responses, Play, RuleSet};
///
/// let previous: Play = "345678".parse()?;
/// let mut plays = Vec::new();
/// legal_responses("456789TJ2222".parse()?, previous.combo, &RuleSet::DEFAULT, &mut plays);
/// let texts: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
/// assert_eq!(texts, ["456789", "56789T", "6789TJ", "2222"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn legal_responses(hand: Counts, previous: Combo, rules: &RuleSet, out: &mut Vec<Play>) {
    out.clear();
    for_each_response(hand, previous, rules, |play| out.push(play));
}

/// The number of plays `hand` may lead (no buffer needed).
pub fn count_leads(hand: Counts, rules: &RuleSet) -> usize {
    let mut n = 0;
    for_each_lead(hand, rules, |_| n += 1);
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::readings;

    #[allow(clippy::trivially_copy_pass_by_ref)]
    fn leads(hand: &str, rules: &RuleSet) -> Vec<String> {
        let mut out = Vec::new();
        legal_leads(hand.parse().unwrap(), rules, &mut out);
        let mut texts: Vec<String> = out.iter().map(ToString::to_string).collect();
        texts.sort();
        texts
    }

    #[test]
    fn small_hand_leads_exactly() {
        assert_eq!(leads("3", &RuleSet::DEFAULT), ["3"]);
        assert_eq!(leads("BR", &RuleSet::DEFAULT), ["B", "BR", "R"]);
        assert_eq!(
            leads("3334", &RuleSet::DEFAULT),
            ["3", "33", "333", "3334", "4"]
        );
        assert_eq!(
            leads("333345", &RuleSet::DEFAULT),
            ["3", "33", "333", "3333", "333345", "3334", "3335", "4", "5"]
        );
        assert_eq!(
            leads("333345", &RuleSet::OPENSPIEL),
            ["3", "33", "333", "3333", "3334", "3335", "4", "5"]
        );
    }

    #[test]
    fn every_generated_play_reads_as_itself() {
        for (_, rules) in RuleSet::PRESETS {
            let mut out = Vec::new();
            legal_leads("33344455566677BR2".parse().unwrap(), &rules, &mut out);
            assert!(out.len() > 100);
            for play in &out {
                assert!(
                    readings(play.counts, &rules)
                        .iter()
                        .any(|&c| c == play.combo),
                    "{play} {:?}",
                    play.combo
                );
            }
        }
    }

    #[test]
    fn responses_follow_kind_and_length() {
        let mut out = Vec::new();
        let prev: Play = "33344455".parse().unwrap();
        legal_responses(
            "444555666777BR".parse().unwrap(),
            prev.combo,
            &RuleSet::DEFAULT,
            &mut out,
        );
        for play in &out {
            assert!(play.beats(prev), "{play}");
        }
        let texts: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert!(texts.contains(&"44455566".to_string()));
        assert!(texts.contains(&"55566677".to_string()));
        assert!(
            texts.contains(&"44455577".to_string()),
            "repeated single wings"
        );
        assert!(texts.contains(&"BR".to_string()));
        let rocket: Play = "BR".parse().unwrap();
        legal_responses(Counts::FULL_DECK, rocket.combo, &RuleSet::DEFAULT, &mut out);
        assert!(out.is_empty());
        let bomb: Play = "KKKK".parse().unwrap();
        legal_responses(Counts::FULL_DECK, bomb.combo, &RuleSet::DEFAULT, &mut out);
        let texts: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["AAAA", "2222", "BR"]);
    }
}
