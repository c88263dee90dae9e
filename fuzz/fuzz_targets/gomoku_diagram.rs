//! Gomoku board diagrams under each rule: a position read is written back as a diagram that
//! reads back to it.
#![no_main]

use gomoku::{Position, Rule, Setup};
use parlor_fuzz::text;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&rule, data)) = data.split_first() else {
        return;
    };
    let rules = Rule::ALL;
    let rule = rules[usize::from(rule) % rules.len()];
    let text = text(data);
    let Ok(setup) = Setup::from_diagram(&text, rule) else {
        return;
    };
    let Ok(position) = Position::from_setup(&setup) else {
        return;
    };
    let diagram = position.diagram();
    let back = Setup::from_diagram(&diagram, rule)
        .and_then(|s| Ok(Position::from_setup(&s)))
        .unwrap_or_else(|e| panic!("{text:?} is drawn {diagram:?}, which does not read: {e}"));
    assert!(
        back.as_ref() == Ok(&position),
        "{text:?} is drawn {diagram:?}, which reads differently"
    );
    let _ = position.forbidden_points();
    let _ = position.legal_moves();
});
