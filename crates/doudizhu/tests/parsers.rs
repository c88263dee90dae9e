//! The parsers fed arbitrary text (issue 13): none panics, and whatever one accepts, its
//! canonical `Display` parses back to the same value.

use doudizhu::{Bid, Counts, Move, Play, RuleSet};
use proptest::prelude::*;

/// Text made mostly of the characters the rank parser knows, with some it does not.
const RANKISH: &str = "[3-9TtJjQqKkAa2BbRr10 ,xX/pas]{0,24}";

proptest! {
    #[test]
    fn arbitrary_text_never_panics_the_parsers(text in "\\PC{0,24}") {
        let _ = text.parse::<Counts>();
        let _ = text.parse::<Play>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Bid>();
        let _ = text.parse::<RuleSet>();
        for rules in [RuleSet::DEFAULT, RuleSet::DOUZERO, RuleSet::OPENSPIEL] {
            let _ = Play::parse(&text, &rules);
        }
    }

    #[test]
    fn parsers_round_trip_what_they_accept(text in RANKISH) {
        if let Ok(counts) = text.parse::<Counts>() {
            prop_assert_eq!(counts.to_string().parse::<Counts>(), Ok(counts));
        }
        if let Ok(play) = text.parse::<Play>() {
            prop_assert_eq!(play.to_string().parse::<Play>(), Ok(play));
        }
        if let Ok(mv) = text.parse::<Move>() {
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }
        if let Ok(bid) = text.parse::<Bid>() {
            prop_assert_eq!(bid.to_string().parse::<Bid>(), Ok(bid));
        }
        for rules in [RuleSet::DOUZERO, RuleSet::OPENSPIEL] {
            if let Ok(play) = Play::parse(&text, &rules) {
                prop_assert_eq!(Play::parse(&play.to_string(), &rules), Ok(play));
            }
        }
    }

    #[test]
    fn rule_set_names_round_trip(name in "(default|douzero|openspiel|distinct|rlcard|DouZero|x)") {
        if let Ok(rules) = name.parse::<RuleSet>() {
            prop_assert_eq!(rules.to_string().parse::<RuleSet>(), Ok(rules));
        }
    }
}
