//! The game interface on `hearts::Game`: the generic conformance suite under the important
//! settings, and the leak test (no view, serialised, holds a card its seat cannot know).

use cards_core::{Card, CardSet};
use game::conformance::{Config, check, random_playout, values_named_in};
use game::{GameState, Turn, Viewer};
use hearts::{Game, PassSchedule, Phase, Seat, Settings};
use rand::SeedableRng;

fn config(seeds: std::ops::Range<u64>) -> Config {
    Config {
        seeds,
        max_steps: 5_000,
        ..Config::default()
    }
}

#[test]
fn conformance_whole_games_microsoft() {
    check::<Game>(&Settings::default(), &config(0..3));
}

#[test]
fn conformance_single_hands_open_spiel() {
    let settings = Settings {
        max_hands: Some(1),
        ..Settings::open_spiel()
    };
    check::<Game>(&settings, &config(0..12));
}

#[test]
fn conformance_variants() {
    let settings = Settings {
        pass_schedule: PassSchedule::NoPassing,
        any_club_leads: true,
        jack_of_diamonds: true,
        no_tricks_bonus: true,
        target: 40,
        tie: hearts::TieRule::PlayOn,
        ..Settings::default()
    };
    check::<Game>(&settings, &config(0..3));
}

#[test]
fn settings_default_from_empty_json_and_refuse_zero_hands() {
    let settings: Settings = serde_json::from_str("{}").unwrap();
    assert_eq!(settings, Settings::default());
    let single: Settings = serde_json::from_str(r#"{"max_hands": 1}"#).unwrap();
    assert_eq!(single.max_hands, Some(1));
    let error = <Game as GameState>::new(
        &Settings {
            max_hands: Some(0),
            ..Settings::default()
        },
        0,
    );
    assert!(error.unwrap_err().to_string().contains("max_hands"));
    let table = game::new_dyn::<Game>(serde_json::json!({"max_hands": 1}), 5).unwrap();
    assert_eq!(table.num_actions(), 52);
}

/// What a viewer may know now: the cards played this hand and the last finished hand's final
/// trick (its last four plays), and for a seat its dealt hand and, once the cards are
/// exchanged, the cards it received.
fn knowable(game: &Game, viewer: Option<Seat>) -> CardSet {
    let round = game.round();
    let last_hand = game.history().last().map(|h| &h.record.plays[48..]);
    let played: CardSet = round
        .plays()
        .iter()
        .chain(last_hand.into_iter().flatten())
        .copied()
        .collect();
    match viewer {
        None => played,
        Some(seat) => played | round.dealt(seat) | round.received(seat).unwrap_or(CardSet::EMPTY),
    }
}

#[test]
fn no_view_leaks_a_card_its_seat_cannot_know() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    let mut buf = Vec::new();
    let mut seen_picks = 0;
    for seed in 0..40 {
        let settings = Settings {
            max_hands: Some(2),
            ..Settings::default()
        };
        let mut game = <Game as GameState>::new(&settings, seed).unwrap();
        loop {
            for viewer in (0..4).map(Some).chain([None]) {
                let seat = viewer.and_then(Seat::new);
                let view = GameState::view(&game, viewer.map_or(Viewer::Spectator, Viewer::Seat));
                let json = serde_json::to_value(&view).unwrap();
                let shown: CardSet = values_named_in::<Card>(&json).into_iter().collect();
                let leaked = shown - knowable(&game, seat);
                assert!(leaked.is_empty(), "seed {seed}: {viewer:?} sees {leaked}");
                if let Some(seat) = seat {
                    assert!(
                        game.round().hand(seat).is_subset(shown),
                        "a seat sees its own hand"
                    );
                    if game.round().phase() == Phase::Passing {
                        assert_eq!(view.picked(), game.round().picked(seat));
                        seen_picks += usize::from(!view.picked().is_empty());
                    }
                }
            }
            if GameState::turn(&game) == Turn::Over {
                break;
            }
            random_playout(&mut game, &mut rng, &mut buf, 1);
        }
    }
    assert!(
        seen_picks > 0,
        "views were taken while seats had picked part of a pass"
    );
}
