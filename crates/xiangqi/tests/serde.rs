//! serde goes through the text forms: positions as FEN, moves as ICCS.
#![cfg(feature = "serde")]

use xiangqi::{Move, Outcome, Position, RuleSet, WinReason};

#[test]
fn positions_and_moves_serialize_as_text() {
    let p = Position::default();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{}\"", xiangqi::START_FEN));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"h2e2\"");
    assert_eq!(serde_json::from_str::<Move>("\"h2e2\"").unwrap(), m);
    assert!(serde_json::from_str::<Move>("\"h2\"").is_err());
    assert!(serde_json::from_str::<Position>("\"9/9 w\"").is_err());
    let o = Outcome::Win {
        winner: xiangqi::Color::Red,
        reason: WinReason::Stalemate,
    };
    let back: Outcome = serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
    assert_eq!(back, o);
    let r: RuleSet =
        serde_json::from_str(&serde_json::to_string(&RuleSet::SIMPLE).unwrap()).unwrap();
    assert_eq!(r, RuleSet::SIMPLE);
}
