//! Klondike through the game interface: the generic conformance suite under the main rule
//! sets, the outcome of won and lost games, settings as JSON, and a view that hides the
//! face-down cards and the stock.

use cards_core::Pile;
use game::conformance::{Config, check};
use game::{GameState, Outcome, SeatSet, Turn, Viewer};
use klondike::solver::{self, Budget};
use klondike::{Draw, Klondike, Move, PassLimit, Rules, Scoring, Setup};

fn config(seeds: u64, max_steps: usize) -> Config {
    Config {
        seeds: 0..seeds,
        max_steps,
        ..Config::default()
    }
}

#[test]
fn default_rules_conform() {
    // Unlimited passes: random games rarely end, so each is followed for 300 steps.
    check::<Klondike>(&Rules::default(), &config(8, 300));
}

#[test]
fn vegas_draw_three_conforms() {
    // Three passes at most: random games end.
    let rules = Rules {
        draw: Draw::THREE,
        scoring: Scoring::Vegas,
        ..Rules::default()
    };
    check::<Klondike>(&rules, &config(8, 1_000));
}

#[test]
fn one_pass_without_foundation_moves_and_scores_conforms() {
    let rules = Rules {
        pass_limit: PassLimit::passes(1).unwrap(),
        scoring: Scoring::None,
        foundation_to_tableau: false,
        ..Rules::default()
    };
    check::<Klondike>(&rules, &config(8, 1_000));
}

#[test]
fn a_won_game_is_over_with_the_score_as_return() {
    let rules = Rules::default();
    let mut position = <Klondike as GameState>::new(&rules, 3).unwrap();
    let line = solver::solve(&position, Budget::nodes(1_000_000))
        .verdict
        .line()
        .expect("seed 3 is won in draw 1")
        .to_vec();
    for mv in line {
        assert_eq!(GameState::turn(&position), Turn::Seat(0));
        GameState::play(&mut position, 0, mv).unwrap();
    }
    assert_eq!(GameState::turn(&position), Turn::Over);
    let mut actions = vec![Move::Stock];
    position.legal_actions(0, &mut actions);
    assert!(
        actions.is_empty(),
        "kings could go down, but the game is over"
    );
    let score = f64::from(position.score());
    assert!(score > 0.0);
    assert_eq!(
        GameState::outcome(&position),
        Some(Outcome::new(&[score], SeatSet::EMPTY.with(0)))
    );
}

#[test]
fn a_game_without_moves_is_over_and_lost() {
    // Red tops over face-down cards, one pass used up, and a waste whose top fits nowhere.
    let down = [
        "AC AD AH", "AS QC QS", "JC JS TC", "TS 9C 9S", "TD 5H 5D", "4H 4D 3H", "3D 2H 2D",
    ];
    let tops = ["KH", "QH", "JH", "TH", "KD", "QD", "JD"];
    let rules = Rules {
        pass_limit: PassLimit::passes(1).unwrap(),
        scoring: Scoring::None,
        ..Rules::default()
    };
    let setup = Setup {
        tableau: std::array::from_fn(|i| format!("{} {}", down[i], tops[i]).parse().unwrap()),
        face_down: [3; 7],
        stock: Pile::new(),
        waste: "KC KS 8C 8S 7C 7S 6C 6S 5C 5S 4C 4S 3C 3S 2C 2S 9H 9D 8H 8D 7H 7D 6H 6D"
            .parse()
            .unwrap(),
        foundations: [0; 4],
        rules,
        pass: 1,
        score: 0,
    };
    let position = Klondike::try_from(setup).unwrap();
    assert!(!position.has_legal_move());
    assert_eq!(GameState::turn(&position), Turn::Over);
    assert_eq!(
        GameState::outcome(&position),
        Some(Outcome::new(&[0.0], SeatSet::EMPTY))
    );
    let mut playing = setup;
    playing.rules.pass_limit = PassLimit::UNLIMITED;
    let playing = Klondike::try_from(playing).unwrap();
    assert_eq!(
        GameState::turn(&playing),
        Turn::Seat(0),
        "a recycle is left"
    );
    assert_eq!(GameState::outcome(&playing), None);
}

#[test]
fn settings_come_from_json_with_defaults_for_missing_fields() {
    let mut table = game::new_dyn::<Klondike>(serde_json::json!({"draw": 3}), 5).unwrap();
    assert_eq!(table.name(), "klondike");
    assert_eq!(table.num_seats(), 1);
    assert_eq!(table.play_text(0, "stock").unwrap(), "stock");
    let view = table.view_json(Viewer::Seat(0)).unwrap();
    assert_eq!(view["waste"].as_array().unwrap().len(), 3, "{view}");
    assert_eq!(view["stock"], 21);
    assert_eq!(
        table.play_text(0, "recycle").unwrap_err().code(),
        "illegal",
        "the stock still has cards"
    );
    assert_eq!(
        table.play_text(0, "3-3").unwrap_err().code(),
        "not_an_action"
    );
    assert_eq!(
        table.play_text(1, "stock").unwrap_err().code(),
        "no_such_seat"
    );
    let default = game::new_dyn::<Klondike>(serde_json::json!({}), 5).unwrap();
    assert_eq!(
        default.view_json(Viewer::Spectator).unwrap()["rules"],
        serde_json::to_value(Rules::default()).unwrap()
    );
    assert!(game::new_dyn::<Klondike>(serde_json::json!({"draw": 0}), 5).is_err());
}

#[test]
fn the_view_hides_face_down_cards_and_the_stock() {
    let mut position = Klondike::from_seed(11, Rules::draw(Draw::THREE));
    position.play(Move::Stock).unwrap();
    for viewer in [Viewer::Seat(0), Viewer::Spectator] {
        let json = serde_json::to_string(&position.view(viewer)).unwrap();
        let [up, down, talon, _] = position.zones();
        for card in position.stock().iter().copied().chain(down) {
            assert!(
                !json.contains(&format!("\"{card}\"")),
                "{card} leaked: {json}"
            );
        }
        for card in up | (talon - position.stock().iter().copied().collect()) {
            assert!(
                json.contains(&format!("\"{card}\"")),
                "{card} missing: {json}"
            );
        }
    }
}
