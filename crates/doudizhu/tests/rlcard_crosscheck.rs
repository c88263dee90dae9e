//! Cross-check of every classification against RLCard's own table (not run by default: it
//! needs RLCard's data file). Run with
//! `RLCARD_CARD_TYPE=…/rlcard/games/doudizhu/jsondata/card_type.json cargo test -p parlor-doudizhu --test rlcard_crosscheck -- --ignored`
//! (`pip install rlcard`; the file is unzipped from `jsondata.zip` on first import).

use std::collections::{BTreeMap, HashMap};

use doudizhu::{Counts, Kind, RuleSet, readings};

fn kind_and_len(name: &str) -> (Kind, u8) {
    let (base, len) = match name.rsplit_once('_') {
        Some((base, n)) if n.chars().all(|c| c.is_ascii_digit()) => (base, n.parse().unwrap()),
        _ => (name, 1),
    };
    let kind = match base {
        "solo" => Kind::Single,
        "pair" => Kind::Pair,
        "trio" => Kind::Trio,
        "trio_solo" => Kind::TrioSingle,
        "trio_pair" => Kind::TrioPair,
        "solo_chain" => Kind::Chain,
        "pair_chain" => Kind::PairChain,
        "trio_chain" => Kind::Airplane,
        "trio_solo_chain" => Kind::AirplaneSingles,
        "trio_pair_chain" => Kind::AirplanePairs,
        "four_two_solo" => Kind::FourSingles,
        "four_two_pair" => Kind::FourPairs,
        "bomb" => Kind::Bomb,
        "rocket" => Kind::Rocket,
        other => panic!("unknown RLCard type {other}"),
    };
    (kind, len)
}

#[test]
#[ignore = "needs RLCard's card_type.json (see the module docs)"]
fn every_rlcard_action_classifies_as_rlcard_says() {
    let path = std::env::var("RLCARD_CARD_TYPE").expect("set RLCARD_CARD_TYPE");
    let text = std::fs::read_to_string(path).unwrap();
    let table: HashMap<String, Vec<(String, String)>> = serde_json::from_str(&text).unwrap();
    assert_eq!(table.len(), 27_471);
    // RLCard's rank field, relative to our main rank, per RLCard type name.
    let mut offsets: BTreeMap<String, BTreeMap<i32, usize>> = BTreeMap::new();
    for (action, types) in &table {
        let counts: Counts = action.parse().unwrap();
        let ours = readings(counts, &RuleSet::DEFAULT);
        assert_eq!(ours.len(), 1, "{action}");
        assert_eq!(types.len(), 1, "{action}");
        let combo = ours.as_slice()[0];
        let (name, rank) = &types[0];
        let (kind, len) = kind_and_len(name);
        assert_eq!(
            (combo.kind, combo.len),
            (kind, len),
            "{action}: RLCard says {name}"
        );
        let rank: i32 = rank.parse().unwrap();
        *offsets
            .entry(name.clone())
            .or_default()
            .entry(rank - combo.main as i32)
            .or_default() += 1;
    }
    // Within a type, RLCard's rank must be ours shifted by one constant (it orders by the same
    // body rank).
    for (name, by_offset) in &offsets {
        assert_eq!(by_offset.len(), 1, "{name}: {by_offset:?}");
    }
    println!("{offsets:?}");
}
