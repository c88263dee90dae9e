//! The action space: 27,471 plays + pass under the default rules, their breakdown by kind, the
//! id bijection, and the one-reading property of the default rules.

use std::collections::HashSet;

use doudizhu::{
    ActionSpace, Counts, Kind, Move, PASS_ACTION, Readings, RuleSet, classify, readings,
};

/// Plays per kind from a full deck under the default rules.
/// Source: RLCard's Dou Dizhu action space (27,472 actions = these 27,471 plays + pass), as
/// tabulated in Zha et al., "DouZero: Mastering DouDizhu with Self-Play Deep Reinforcement
/// Learning", ICML 2021, Table 1 (solo 15, pair 13, trio 13, trio+solo 182, trio+pair 156,
/// solo chain 36, pair chain 52, trio chain 45, plane+solo 21,822, plane+pair 2,939,
/// quad+solo 1,326, quad+pair 858, bomb 13, rocket 1).
const RLCARD_BREAKDOWN: [(Kind, usize); 14] = [
    (Kind::Single, 15),
    (Kind::Pair, 13),
    (Kind::Trio, 13),
    (Kind::TrioSingle, 182),
    (Kind::TrioPair, 156),
    (Kind::Chain, 36),
    (Kind::PairChain, 52),
    (Kind::Airplane, 45),
    (Kind::AirplaneSingles, 21_822),
    (Kind::AirplanePairs, 2_939),
    (Kind::FourSingles, 1_326),
    (Kind::FourPairs, 858),
    (Kind::Bomb, 13),
    (Kind::Rocket, 1),
];

#[test]
fn default_space_has_27471_plays_and_pass() {
    let space = ActionSpace::default_rules();
    assert_eq!(space.plays().len(), 27_471);
    assert_eq!(space.len(), 27_472);
    assert_eq!(space.pass_id(), PASS_ACTION);
    for (kind, expected) in RLCARD_BREAKDOWN {
        let n = space
            .plays()
            .iter()
            .filter(|p| p.combo.kind == kind)
            .count();
        assert_eq!(n, expected, "{kind}");
    }
}

#[test]
fn ids_are_a_bijection_in_the_documented_order() {
    let space = ActionSpace::default_rules();
    for id in 0..space.len() as u16 {
        let mv = space.get(id).unwrap();
        assert_eq!(space.id(mv), Some(id));
        if let Move::Play(play) = mv {
            assert_eq!(space.id_of_counts(play.counts), Some(id));
        }
    }
    assert_eq!(space.get(space.len() as u16), None);
    for pair in space.plays().windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let key = |p: doudizhu::Play| (p.combo.kind, p.combo.len, p.combo.main);
        assert!(
            key(a) < key(b) || (key(a) == key(b) && a.counts.ranks().lt(b.counts.ranks())),
            "{a} before {b}"
        );
    }
}

#[test]
fn default_rules_read_every_play_one_way() {
    let space = ActionSpace::default_rules();
    let mut seen = HashSet::new();
    for play in space.plays() {
        assert!(seen.insert(play.counts), "{play} appears twice");
        let all = readings(play.counts, &RuleSet::DEFAULT);
        assert_eq!(all.as_slice(), [play.combo], "{play}");
        assert_eq!(classify(play.counts, &RuleSet::DEFAULT), Some(play.combo));
        assert_eq!(play.len(), play.counts.len());
    }
}

#[test]
fn presets_read_each_play_and_stay_within_capacity() {
    for (name, rules) in RuleSet::PRESETS {
        let space = ActionSpace::new(rules);
        let mut most = 0;
        for play in space.plays() {
            let all = readings(play.counts, &rules);
            assert!(all.iter().any(|&c| c == play.combo), "{name}: {play}");
            most = most.max(all.len());
        }
        assert!(most <= Readings::CAPACITY, "{name}: {most} readings");
        let expected_most = if rules.adjacent_wings { 3 } else { 1 };
        assert_eq!(most, expected_most, "{name}");
        for id in 0..space.len() as u16 {
            assert_eq!(space.id(space.get(id).unwrap()), Some(id), "{name}");
        }
    }
}

#[test]
fn preset_space_sizes() {
    // Derived from the flags by this crate's enumeration; pinned so that a change is deliberate.
    let size = |rules| ActionSpace::new(rules).plays().len();
    let sizes: Vec<usize> = RuleSet::PRESETS
        .iter()
        .map(|&(_, rules)| size(rules))
        .collect();
    assert_eq!(sizes, [27_471, 30_383, 26_053, 12_654]);
}

#[test]
fn counts_outside_the_space_never_classify() {
    // Every multiset of up to 5 ranks (with a deck's copies): classify agrees with membership.
    let space = ActionSpace::default_rules();
    let mut checked = 0;
    let mut stack = vec![(0usize, Counts::EMPTY)];
    while let Some((rank, counts)) = stack.pop() {
        if rank == 15 {
            let member = space.id_of_counts(counts).is_some();
            assert_eq!(
                classify(counts, &RuleSet::DEFAULT).is_some(),
                member,
                "{counts}"
            );
            checked += 1;
            continue;
        }
        let r = doudizhu::Rank::ALL[rank];
        for n in 0..=r.copies() {
            if counts.len() + n as usize <= 5 {
                stack.push((rank + 1, counts.plus(Counts::of(r, n))));
            }
        }
    }
    assert!(checked > 10_000);
}
