//! serde goes through the text forms (`"h8"`, `"renju"`).

use gomoku::{Point, Rule, Settings, Setup};

#[test]
fn points_and_setups_round_trip_through_text() {
    let p: Point = "h8".parse().unwrap();
    assert_eq!(serde_json::to_string(&p).unwrap(), "\"h8\"");
    assert_eq!(serde_json::from_str::<Point>("\"7,7\"").unwrap(), p);
    assert!(serde_json::from_str::<Point>("\"zz\"").is_err());
    let mut setup = Setup::empty(15, 15, Settings::new(Rule::Renju));
    setup.black.push(p);
    let json = serde_json::to_string(&setup).unwrap();
    assert!(json.contains("\"renju\""), "{json}");
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
}
