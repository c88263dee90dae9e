//! The parsers fed arbitrary text (issue 13): none panics, and whatever one accepts, its
//! canonical `Display` parses back to the same value.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use doudizhu::{Bid, Counts, Game, Move, Play, RuleSet, Settings};
use game::GameState;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// If `text` parses as a `T`, its canonical text parses back to the same value.
fn round_trips<T>(text: &str) -> Result<(), TestCaseError>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: PartialEq + Debug,
{
    if let Ok(value) = text.parse::<T>() {
        prop_assert_eq!(value.to_string().parse::<T>(), Ok(value));
    }
    Ok(())
}

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
        round_trips::<Counts>(&text)?;
        round_trips::<Play>(&text)?;
        round_trips::<Move>(&text)?;
        round_trips::<Bid>(&text)?;
        for rules in [RuleSet::DOUZERO, RuleSet::OPENSPIEL] {
            if let Ok(play) = Play::parse(&text, &rules) {
                prop_assert_eq!(Play::parse(&play.to_string(), &rules), Ok(play));
            }
        }
    }

    #[test]
    fn interface_action_text_round_trips(text in RANKISH, douzero in any::<bool>()) {
        // In the auction and in card play (after bidding 3), under one-reading and
        // several-reading rules.
        let rules = if douzero { RuleSet::DOUZERO } else { RuleSet::DEFAULT };
        let settings = Settings { rules, ..Settings::default() };
        let bidding = <Game as GameState>::new(&settings, 1).unwrap();
        let mut playing = bidding.clone();
        let seat = playing.state().to_move().index();
        let three = playing.parse_action(seat, "3").unwrap();
        GameState::play(&mut playing, seat, three).unwrap();
        for game in [&bidding, &playing] {
            let seat = game.state().to_move().index();
            if let Ok(action) = game.parse_action(seat, &text) {
                prop_assert_eq!(game.parse_action(seat, &action.to_string()), Ok(action));
            }
        }
    }

    #[test]
    fn rule_set_names_round_trip(name in "(default|douzero|openspiel|distinct|rlcard|DouZero|x)") {
        round_trips::<RuleSet>(&name)?;
    }
}
