//! The game interface on `doudizhu::Game`: the generic conformance suite under the important
//! settings, the id layout, and the leak test (no view, serialised, holds a card its seat cannot
//! know).

use cards_core::{Card, CardSet};
use doudizhu::interface::Action;
use doudizhu::{ActionSpace, Bid, BidMode, Game, Phase, RuleSet, Seat, Settings};
use game::conformance::{Config, check, random_playout, values_named_in};
use game::{GameState, Turn, Viewer};
use rand::SeedableRng;

fn config(seeds: std::ops::Range<u64>) -> Config {
    Config {
        seeds,
        ..Config::default()
    }
}

#[test]
fn conformance_default_rules_points_bidding() {
    check::<Game>(&Settings::default(), &config(0..12));
}

#[test]
fn conformance_rob_bidding_with_a_cap() {
    let settings = Settings {
        bidding: BidMode::Rob,
        cap: Some(16),
        ..Settings::default()
    };
    check::<Game>(&settings, &config(0..8));
}

#[test]
fn conformance_permissive_presets() {
    for rules in [RuleSet::DOUZERO, RuleSet::OPENSPIEL] {
        let settings = Settings {
            rules,
            ..Settings::default()
        };
        check::<Game>(&settings, &config(0..4));
    }
}

#[test]
fn ids_are_rlcards_then_the_bids() {
    let game = <Game as GameState>::new(&Settings::default(), 1).unwrap();
    assert_eq!(game.num_actions(), 27_472 + 6);
    let pass = game.action_from_id(27_471).unwrap();
    assert_eq!(pass.to_string(), "pass");
    assert!(matches!(pass, Action::Move(doudizhu::Move::Pass)));
    let bids: Vec<String> = (27_472..27_478)
        .map(|id| game.action_from_id(id).unwrap().to_string())
        .collect();
    assert_eq!(bids, ["pass", "1", "2", "3", "call", "rob"]);
    assert_eq!(game.action_from_id(27_478), None);
    assert_eq!(game.action_id(Action::Bid(Bid::Call)), 27_476);
    let rocket = game.action_from_id(27_470).unwrap();
    assert_eq!(rocket.to_string(), "BR");
}

#[test]
fn several_readings_have_distinct_texts_that_parse_back() {
    // Under DouZero's rules 333444555666 is a four-trio airplane and two three-trio airplanes
    // with wings: three actions, written 333444555666, …/1 and …/2.
    let settings = Settings {
        rules: RuleSet::DOUZERO,
        ..Settings::default()
    };
    let space = ActionSpace::of(&settings.rules);
    assert!(space.has_several_readings());
    assert!(!ActionSpace::default_rules().has_several_readings());
    let game = <Game as GameState>::new(&settings, 0).unwrap();
    let texts: Vec<String> = (0..space.len() - 1)
        .filter_map(|id| game.action_from_id(id))
        .map(|a| a.to_string())
        .filter(|t| t.starts_with("333444555666") && t.len() <= 14)
        .collect();
    assert_eq!(texts, ["333444555666", "333444555666/1", "333444555666/2"]);
}

#[test]
fn settings_default_from_empty_json() {
    let settings: Settings = serde_json::from_str("{}").unwrap();
    assert_eq!(settings, Settings::default());
    let rob: Settings = serde_json::from_str(r#"{"bidding": "rob"}"#).unwrap();
    assert_eq!(rob.bidding, BidMode::Rob);
    let table = game::new_dyn::<Game>(serde_json::json!({"rules": {"adjacent_wings": true}}), 3);
    assert!(table.is_ok());
    let zero_cap = <Game as GameState>::new(
        &Settings {
            cap: Some(0),
            ..Settings::default()
        },
        0,
    );
    assert!(zero_cap.is_err());
}

#[test]
fn everybody_declining_redeals_from_the_seed() {
    let mut game = <Game as GameState>::new(&Settings::default(), 5).unwrap();
    let first = game.deal().hands;
    for _ in 0..3 {
        let Turn::Seat(seat) = GameState::turn(&game) else {
            panic!("bidding")
        };
        GameState::play(&mut game, seat, Action::Bid(Bid::Pass)).unwrap();
    }
    assert_eq!(game.state().phase(), Phase::Bidding, "redealt at once");
    assert_eq!(game.redeals(), 1);
    assert_ne!(game.deal().hands, first);
    let mut again = <Game as GameState>::new(&Settings::default(), 5).unwrap();
    for _ in 0..3 {
        let Turn::Seat(seat) = GameState::turn(&again) else {
            panic!("bidding")
        };
        GameState::play(&mut again, seat, Action::Bid(Bid::Pass)).unwrap();
    }
    assert_eq!(again, game, "the redeal comes from the seed");
}

/// What a viewer may know now: the cards played, the bottom once the landlord took it, and for
/// a seat the cards it was dealt.
fn knowable(game: &Game, viewer: Option<Seat>) -> CardSet {
    let mut known = CardSet::EMPTY;
    for turn in game.history() {
        if let doudizhu::Action::Play { cards, .. } = turn.action {
            known |= cards;
        }
    }
    if game.state().landlord().is_some() {
        known |= game.deal().bottom;
    }
    if let Some(seat) = viewer {
        known |= game.deal().hands[seat];
    }
    known
}

#[test]
fn no_view_leaks_a_card_its_seat_cannot_know() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let mut buf = Vec::new();
    for seed in 0..60 {
        let bidding = if seed % 2 == 0 {
            BidMode::Points
        } else {
            BidMode::Rob
        };
        let settings = Settings {
            bidding,
            ..Settings::default()
        };
        let mut game = <Game as GameState>::new(&settings, seed).unwrap();
        loop {
            for viewer in (0..3).map(Some).chain([None]) {
                let seat = viewer.and_then(Seat::new);
                let view = GameState::view(&game, viewer.map_or(Viewer::Spectator, Viewer::Seat));
                let json = serde_json::to_value(&view).unwrap();
                let shown: CardSet = values_named_in::<Card>(&json).into_iter().collect();
                let leaked = shown - knowable(&game, seat);
                assert!(leaked.is_empty(), "seed {seed}: {viewer:?} sees {leaked}");
                if let Some(seat) = seat {
                    assert!(
                        game.state().hand(seat).is_subset(shown),
                        "a seat sees its own hand"
                    );
                }
            }
            if GameState::turn(&game) == Turn::Over {
                break;
            }
            random_playout(&mut game, &mut rng, &mut buf, 1);
        }
    }
}
