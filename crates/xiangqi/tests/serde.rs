//! serde goes through the text forms: positions as FEN (strictly validated), moves as ICCS;
//! settings take their defaults for missing fields.

use xiangqi::{Move, Outcome, Position, RepetitionRule, RuleSet, Settings, Validation, WinReason};

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
    let json = serde_json::to_string(&o).unwrap();
    assert_eq!(json, r#"{"win":{"winner":"red","reason":"stalemate"}}"#);
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), o);
    let r: RuleSet =
        serde_json::from_str(&serde_json::to_string(&RuleSet::SIMPLE).unwrap()).unwrap();
    assert_eq!(r, RuleSet::SIMPLE);
}

#[test]
fn serde_positions_are_strictly_validated() {
    // A composed position (three chariots) was accepted by serde without asking.
    let composed = "\"3k5/9/9/9/9/RRR6/9/9/9/4K4 w - - 0 1\"";
    let err = serde_json::from_str::<Position>(composed).unwrap_err();
    assert!(err.to_string().contains("chariot"), "{err}");
    // Permissive positions come through the settings, which say so.
    let settings: Settings = serde_json::from_str(&format!(
        r#"{{"validation": "permissive", "fen": {composed}}}"#
    ))
    .unwrap();
    assert_eq!(settings.validation, Validation::Permissive);
    assert!(settings.new_game().is_ok());
    let strict = Settings {
        validation: Validation::Strict,
        ..settings
    };
    assert!(strict.new_game().is_err());
}

#[test]
fn settings_fields_default_when_missing() {
    assert_eq!(
        serde_json::from_str::<Settings>("{}").unwrap(),
        Settings::default()
    );
    let s: Settings =
        serde_json::from_str(r#"{"rules": {"repetition": "simple", "move_limit": null}}"#).unwrap();
    assert_eq!(
        s.rules,
        RuleSet {
            repetition: RepetitionRule::Simple,
            move_limit: None,
            ..RuleSet::ASIAN
        }
    );
    assert!(serde_json::from_str::<Settings>(r#"{"rulez": {}}"#).is_err());
    assert!(serde_json::from_str::<RuleSet>(r#"{"move_limt": 3}"#).is_err());
    let back: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
}
