//! Classification: every reading of a multiset of ranks under a rule set.

use crate::{Combo, Counts, Kind, Rank, RuleSet};

/// Ranks 3..=A, the ones a chain or airplane may use.
pub(crate) const CHAIN_MASK: u16 = (1 << 12) - 1;
/// The two jokers.
pub(crate) const JOKERS: u16 = 0b11 << 13;

/// The readings of one multiset, in kind order then main rank. At most [`Readings::CAPACITY`]
/// (no multiset has more under any flags; a test checks every play of every preset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readings {
    len: u8,
    items: [Combo; Readings::CAPACITY],
}

impl Readings {
    /// The most readings any multiset has under any rule set (three, for `333444555666`
    /// with adjacent wings: bare four-trio airplane, and two three-trio airplanes with wings).
    pub const CAPACITY: usize = 4;

    const fn new() -> Readings {
        Readings {
            len: 0,
            items: [Combo::new(Kind::Single, Rank::Three); Readings::CAPACITY],
        }
    }

    #[inline]
    fn push(&mut self, combo: Combo) {
        if (self.len as usize) < Readings::CAPACITY {
            self.items[self.len as usize] = combo;
            self.len += 1;
        }
    }

    /// The readings as a slice.
    pub fn as_slice(&self) -> &[Combo] {
        &self.items[..self.len as usize]
    }

    /// The readings.
    pub fn iter(&self) -> std::slice::Iter<'_, Combo> {
        self.as_slice().iter()
    }

    /// The number of readings.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the multiset is no combination.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first reading.
    pub fn first(&self) -> Option<Combo> {
        self.as_slice().first().copied()
    }
}

impl<'a> IntoIterator for &'a Readings {
    type Item = &'a Combo;
    type IntoIter = std::slice::Iter<'a, Combo>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[inline]
fn rank_at(bit: u32) -> Rank {
    Rank::ALL[bit as usize]
}

/// Whether `mask` is one run of consecutive bits.
#[inline]
const fn is_run(mask: u16) -> bool {
    let m = mask >> mask.trailing_zeros();
    mask != 0 && m & (m + 1) == 0
}

/// Starting bits of the runs of `len` consecutive bits inside `mask`.
#[inline]
pub(crate) const fn run_starts(mask: u16, len: u32) -> u16 {
    let mut starts = mask;
    let mut i = 1;
    while i < len {
        starts &= mask >> i;
        i += 1;
    }
    starts
}

/// The bits just below and just above a body run that could extend it (3..=A only).
#[inline]
pub(crate) const fn adjacent(start: u32, len: u32) -> u16 {
    let below = if start > 0 { 1u16 << (start - 1) } else { 0 };
    let above = (1u16 << (start + len)) & CHAIN_MASK;
    below | above
}

/// Every reading of `counts` under `rules`, in kind order then ascending main rank.
///
/// Under [`RuleSet::DEFAULT`] (and [`RuleSet::DISTINCT_KICKERS`]) there is at most one.
///
/// ```
/// use doudizhu::{readings, Counts, Kind, RuleSet};
///
/// let counts: Counts = "333444555666".parse()?;
/// assert_eq!(readings(counts, &RuleSet::DEFAULT).len(), 1);
/// let kinds: Vec<Kind> = readings(counts, &RuleSet::DOUZERO).iter().map(|c| c.kind).collect();
/// assert_eq!(kinds, [Kind::Airplane, Kind::AirplaneSingles, Kind::AirplaneSingles]);
/// # Ok::<(), doudizhu::ParseCountsError>(())
/// ```
pub fn readings(counts: Counts, rules: &RuleSet) -> Readings {
    let mut out = Readings::new();
    classify_into(counts, *rules, &mut out, false);
    out
}

/// The first reading of `counts` under `rules`: the only one under the default rules, or
/// `None` if the ranks form no combination. Input order never matters: `counts` is a multiset.
///
/// ```
/// use doudizhu::{classify, Counts, Kind, Rank, RuleSet};
///
/// let combo = classify("3456789TJQKA".parse()?, &RuleSet::DEFAULT).unwrap();
/// assert_eq!((combo.kind, combo.main, combo.len), (Kind::Chain, Rank::Three, 12));
/// assert_eq!(classify("JQKA2".parse()?, &RuleSet::DEFAULT), None);
/// assert_eq!(classify("44445555".parse()?, &RuleSet::DEFAULT), None);
/// # Ok::<(), doudizhu::ParseCountsError>(())
/// ```
#[inline]
pub fn classify(counts: Counts, rules: &RuleSet) -> Option<Combo> {
    let mut out = Readings::new();
    classify_into(counts, *rules, &mut out, true);
    out.first()
}

#[inline]
fn classify_into(counts: Counts, rules: RuleSet, out: &mut Readings, first_only: bool) {
    if !counts.is_subset(Counts::FULL_DECK) || counts.bits() >> 60 != 0 {
        return;
    }
    let n = counts.len() as u32;
    let any = counts.mask_at_least(1);
    let ge2 = counts.mask_at_least(2);
    let ge3 = counts.mask_at_least(3);
    let eq4 = counts.mask_at_least(4);
    let eq3 = ge3 & !eq4;
    let eq2 = ge2 & !ge3;
    let eq1 = any & !ge2;
    let low = any.trailing_zeros();
    let distinct = any.count_ones();
    match n {
        0 => return,
        1 => return out.push(Combo::new(Kind::Single, rank_at(low))),
        2 => {
            if eq2 != 0 {
                out.push(Combo::new(Kind::Pair, rank_at(low)));
            } else if any == JOKERS {
                out.push(Combo::new(Kind::Rocket, Rank::BlackJoker));
            }
            return;
        }
        3 => {
            if eq3 != 0 {
                out.push(Combo::new(Kind::Trio, rank_at(low)));
            }
            return;
        }
        4 => {
            if eq4 != 0 {
                out.push(Combo::new(Kind::Bomb, rank_at(low)));
            } else if eq3 != 0 {
                out.push(Combo::new(Kind::TrioSingle, rank_at(eq3.trailing_zeros())));
            }
            return;
        }
        5 if eq3 != 0 && eq2 != 0 => {
            return out.push(Combo::new(Kind::TrioPair, rank_at(eq3.trailing_zeros())));
        }
        _ => {}
    }
    // Five cards or more. Sequences first (kind order).
    let chainable = any & !CHAIN_MASK == 0 && is_run(any);
    if chainable {
        if eq1 == any && n >= 5 {
            return out.push(Combo {
                kind: Kind::Chain,
                main: rank_at(low),
                len: n as u8,
            });
        }
        if eq2 == any && distinct >= 3 {
            return out.push(Combo {
                kind: Kind::PairChain,
                main: rank_at(low),
                len: distinct as u8,
            });
        }
        if eq3 == any && distinct >= 2 {
            out.push(Combo {
                kind: Kind::Airplane,
                main: rank_at(low),
                len: distinct as u8,
            });
            if first_only || !rules.adjacent_wings {
                return;
            }
        }
    }
    let bodies = eq3 & CHAIN_MASK;
    if n.is_multiple_of(4) && n >= 8 && bodies.count_ones() >= n / 4 {
        let len = n / 4;
        let mut starts = run_starts(bodies, len);
        while starts != 0 {
            let start = starts.trailing_zeros();
            starts &= starts - 1;
            let body = ((1u16 << len) - 1) << start;
            let wings = any & !body;
            let ok = (rules.rocket_kicker || wings & JOKERS != JOKERS)
                && (rules.bomb_kicker || eq4 & wings == 0)
                && (rules.adjacent_wings || eq3 & adjacent(start, len) == 0)
                && (!rules.distinct_singles || ge2 & wings == 0);
            if ok {
                out.push(Combo {
                    kind: Kind::AirplaneSingles,
                    main: rank_at(start),
                    len: len as u8,
                });
                if first_only {
                    return;
                }
            }
        }
    }
    if n.is_multiple_of(5) && n >= 10 && bodies.count_ones() >= n / 5 {
        let len = n / 5;
        let mut starts = run_starts(bodies, len);
        while starts != 0 {
            let start = starts.trailing_zeros();
            starts &= starts - 1;
            let body = ((1u16 << len) - 1) << start;
            if any & !body == eq2 & !body {
                out.push(Combo {
                    kind: Kind::AirplanePairs,
                    main: rank_at(start),
                    len: len as u8,
                });
                if first_only {
                    return;
                }
            }
        }
    }
    if rules.four_with_two && eq4 != 0 {
        let four = eq4.trailing_zeros();
        let rest = any & !(1 << four);
        if n == 6 {
            let ok = (rules.rocket_kicker || rest != JOKERS)
                && (!rules.distinct_singles || rest.count_ones() == 2);
            if ok {
                out.push(Combo::new(Kind::FourSingles, rank_at(four)));
            }
        } else if n == 8 && rest == eq2 && eq2.count_ones() == 2 {
            out.push(Combo::new(Kind::FourPairs, rank_at(four)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[allow(clippy::trivially_copy_pass_by_ref)]
    fn read(text: &str, rules: &RuleSet) -> Vec<String> {
        readings(text.parse().unwrap(), rules)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn one(text: &str) -> Option<String> {
        classify(text.parse().unwrap(), &RuleSet::DEFAULT).map(|c| c.to_string())
    }

    #[test]
    fn every_kind_with_boundaries() {
        assert_eq!(one("3").as_deref(), Some("single 3"));
        assert_eq!(one("R").as_deref(), Some("single R"));
        assert_eq!(one("22").as_deref(), Some("pair 2"));
        assert_eq!(one("BR").as_deref(), Some("rocket"));
        assert_eq!(one("34"), None);
        assert_eq!(one("KKK").as_deref(), Some("trio K"));
        assert_eq!(one("3334").as_deref(), Some("trio with single 3"));
        assert_eq!(one("333R").as_deref(), Some("trio with single 3"));
        assert_eq!(one("22255").as_deref(), Some("trio with pair 2"));
        assert_eq!(one("333BR"), None, "jokers are never a pair");
        assert_eq!(one("34567").as_deref(), Some("chain 3-7"));
        assert_eq!(one("3456789TJQKA").as_deref(), Some("chain 3-A"));
        assert_eq!(one("TJQKA").as_deref(), Some("chain T-A"));
        assert_eq!(one("JQKA2"), None, "2 never chains");
        assert_eq!(one("3456"), None, "chains need five");
        assert_eq!(one("34578"), None, "gap");
        assert_eq!(one("334455").as_deref(), Some("pair chain 3-5"));
        assert_eq!(one("3344"), None);
        assert_eq!(one("QQKKAA22"), None);
        assert_eq!(one("333444").as_deref(), Some("airplane 3-4"));
        assert_eq!(one("KKKAAA222"), None);
        assert_eq!(one("AAA222"), None);
        assert_eq!(
            one("33344456").as_deref(),
            Some("airplane with singles 3-4")
        );
        assert_eq!(
            one("33344455").as_deref(),
            Some("airplane with singles 3-4")
        );
        assert_eq!(
            one("3334445566").as_deref(),
            Some("airplane with pairs 3-4")
        );
        assert_eq!(one("333444BR"), None, "rocket is not a kicker by default");
        assert_eq!(one("333444555666").as_deref(), Some("airplane 3-6"));
        assert_eq!(
            one("333444555999").as_deref(),
            Some("airplane with singles 3-5")
        );
        assert_eq!(one("3334445555"), None, "pairs are distinct ranks");
        assert_eq!(one("333345").as_deref(), Some("four with two singles 3"));
        assert_eq!(one("333355").as_deref(), Some("four with two singles 3"));
        assert_eq!(one("3333BR"), None);
        assert_eq!(one("33334455").as_deref(), Some("four with two pairs 3"));
        assert_eq!(one("44445555"), None, "not a legal play");
        assert_eq!(one("3333").as_deref(), Some("bomb 3"));
        assert_eq!(one("33334"), None);
        assert_eq!(one(""), None);
    }

    #[test]
    fn airplane_wings_with_repeated_ranks() {
        // Two trios with a repeated single kicker; three trios with three singles of one
        // non-adjacent rank; five trios with wings that include a pair and a trio.
        assert_eq!(
            one("33344477").as_deref(),
            Some("airplane with singles 3-4")
        );
        assert_eq!(
            one("444555666222").as_deref(),
            Some("airplane with singles 4-6")
        );
        assert_eq!(one("3334445556667778889TT").as_deref(), None, "21 cards");
        assert_eq!(
            one("33344455566677799922").as_deref(),
            Some("airplane with singles 3-7")
        );
        assert_eq!(
            one("3334445556667778889T"),
            None,
            "either body leaves an adjacent trio as wings"
        );
        // An adjacent trio may not be wings by default, but 2 is never adjacent to A.
        assert_eq!(one("333444555666777888").as_deref(), Some("airplane 3-8"));
        assert_eq!(
            one("TTTJJJQQQKKKAAA22257").as_deref(),
            Some("airplane with singles T-A")
        );
        assert_eq!(
            one("JJJQQQKKKAAA2223").as_deref(),
            Some("airplane with singles J-A")
        );
        assert_eq!(
            one("QQQKKKAAA222").as_deref(),
            Some("airplane with singles Q-A")
        );
        assert_eq!(
            one("33344455566677778888"),
            None,
            "adjacent trio and bomb as wings"
        );
        assert_eq!(one("3334445556667777").as_deref(), None, "bomb as wings");
    }

    #[test]
    fn preset_differences() {
        let douzero = RuleSet::DOUZERO;
        let openspiel = RuleSet::OPENSPIEL;
        let distinct = RuleSet::DISTINCT_KICKERS;
        assert_eq!(read("333444BR", &douzero), ["airplane with singles 3-4"]);
        assert_eq!(read("3333BR", &douzero), ["four with two singles 3"]);
        assert_eq!(
            read("3334445556667777", &douzero),
            ["airplane with singles 3-6"]
        );
        assert_eq!(
            read("333444555666", &douzero),
            [
                "airplane 3-6",
                "airplane with singles 3-5",
                "airplane with singles 4-6"
            ]
        );
        assert_eq!(
            read("333444555666", &openspiel),
            [
                "airplane 3-6",
                "airplane with singles 3-5",
                "airplane with singles 4-6"
            ]
        );
        assert_eq!(read("333444BR", &openspiel), Vec::<String>::new());
        assert_eq!(read("333345", &openspiel), Vec::<String>::new());
        assert_eq!(read("33334455", &openspiel), Vec::<String>::new());
        assert_eq!(read("33344455", &distinct), Vec::<String>::new());
        assert_eq!(read("33344456", &distinct), ["airplane with singles 3-4"]);
        assert_eq!(read("333355", &distinct), Vec::<String>::new());
        assert_eq!(read("333356", &distinct), ["four with two singles 3"]);
        assert_eq!(
            read("3334445556667778", &openspiel),
            ["airplane with singles 3-6", "airplane with singles 4-7"]
        );
        assert_eq!(
            read("3334445556667778889T", &openspiel),
            ["airplane with singles 3-7", "airplane with singles 4-8"]
        );
        // Pair wings are distinct ranks under every preset.
        assert_eq!(read("3334445555", &douzero), Vec::<String>::new());
        assert_eq!(read("44445555", &douzero), Vec::<String>::new());
    }

    #[test]
    fn invalid_counts_never_classify() {
        let five = Counts::from_bits(5).unwrap_or(Counts::EMPTY);
        assert_eq!(classify(five, &RuleSet::DEFAULT), None);
    }
}
