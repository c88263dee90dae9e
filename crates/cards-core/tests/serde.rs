//! serde: cards as canonical text, sets and piles as lists of it, seats as numbers.

use cards_core::{BySeat, Card, CardSet, Pile, Seat};

#[test]
fn cards_serialize_as_text() {
    let card: Card = "10h".parse().unwrap();
    assert_eq!(serde_json::to_string(&card).unwrap(), "\"TH\"");
    assert_eq!(
        serde_json::from_str::<Card>("\"A♠\"").unwrap().to_string(),
        "AS"
    );
    assert!(serde_json::from_str::<Card>("\"1X\"").is_err());
}

#[test]
fn sets_and_piles_serialize_as_lists() {
    let set: CardSet = "KD AS BJ".parse().unwrap();
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, r#"["KD","AS","BJ"]"#);
    assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
    assert!(serde_json::from_str::<CardSet>(r#"["AS","AS"]"#).is_err());
    let pile: Pile = "QS QS 2C".parse().unwrap();
    let json = serde_json::to_string(&pile).unwrap();
    assert_eq!(serde_json::from_str::<Pile>(&json).unwrap(), pile);
}

#[test]
fn seats_serialize_as_numbers() {
    let seat = Seat::<3>::ALL[2];
    assert_eq!(serde_json::to_string(&seat).unwrap(), "2");
    assert_eq!(serde_json::from_str::<Seat<3>>("2").unwrap(), seat);
    assert!(
        serde_json::from_str::<Seat<3>>("3").is_err(),
        "a 3-seat table has no seat 3"
    );
    assert!(serde_json::from_str::<Seat<4>>("7").is_err());
    assert!(serde_json::from_str::<Seat<4>>("-1").is_err());
    let table = BySeat::new([1, 2, 3]);
    let json = serde_json::to_string(&table).unwrap();
    assert_eq!(json, "[1,2,3]");
    assert_eq!(
        serde_json::from_str::<BySeat<i32, 3>>(&json).unwrap(),
        table
    );
    assert!(serde_json::from_str::<BySeat<i32, 3>>("[1,2]").is_err());
}
