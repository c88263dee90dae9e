//! The generic conformance suite of `parlor-game` on `xiangqi::Game`, and the interface's
//! xiangqi specifics: action ids, texts, refusals with their reasons, settings as JSON.

use game::conformance::{Config, check};
use game::{GameState, PlayError, Turn, Viewer};
use xiangqi::{
    Game, IllegalMove, IllegalMoveReason, Move, RepetitionRule, RuleSet, Settings, Validation,
};

fn config(seeds: std::ops::Range<u64>) -> Config {
    Config {
        seeds,
        max_steps: 400,
        actions_applied: 8,
        illegal_probes: 4,
    }
}

#[test]
fn conformance_default_rules() {
    check::<Game>(&Settings::default(), &config(0..12));
}

#[test]
fn conformance_simple_repetition_and_a_short_move_limit() {
    let settings = Settings {
        rules: RuleSet {
            repetition: RepetitionRule::Simple,
            move_limit: Some(10),
            ..RuleSet::ASIAN
        },
        ..Settings::default()
    };
    check::<Game>(&settings, &config(0..12));
}

#[test]
fn conformance_composed_position_with_many_moves() {
    let settings = Settings {
        rules: RuleSet {
            repetition: RepetitionRule::Off,
            ..RuleSet::ASIAN
        },
        validation: Validation::Permissive,
        fen: Some("4k4/8R/7R1/6R2/5R3/3R5/2R6/1R7/R8/3K5 w - - 0 1".into()),
    };
    check::<Game>(&settings, &config(0..4));
}

#[test]
fn action_ids_are_from_to_pairs() {
    let game = Game::default();
    let h2e2: Move = "h2e2".parse().unwrap();
    assert_eq!(game.num_actions(), 8_100);
    assert_eq!(game.action_id(h2e2), 25 * 90 + 22);
    assert_eq!(game.action_from_id(25 * 90 + 22), Some(h2e2));
    assert_eq!(
        game.action_from_id(25 * 90 + 25),
        None,
        "from == to names no move"
    );
    assert_eq!(game.action_from_id(8_100), None);
}

#[test]
fn actions_read_in_every_notation_and_refusals_say_why() {
    let mut game = Game::default();
    let h2e2: Move = "h2e2".parse().unwrap();
    for text in ["h2e2", "H2-E2", "C2.5", "炮二平五"] {
        assert_eq!(game.parse_action(0, text), Ok(h2e2), "{text}");
    }
    assert!(game.parse_action(0, "nonsense").is_err());
    let before = game.clone();
    let h2h7: Move = "h2h7".parse().unwrap();
    assert_eq!(
        GameState::play(&mut game, 0, h2h7),
        Err(PlayError::Illegal(IllegalMove {
            mv: h2h7,
            reason: IllegalMoveReason::NoScreen
        }))
    );
    assert!(matches!(
        GameState::play(&mut game, 1, h2e2),
        Err(PlayError::NotYourTurn { seat: 1, .. })
    ));
    assert_eq!(game, before);
    GameState::play(&mut game, 0, h2e2).unwrap();
    assert_eq!(game.turn(), Turn::Seat(1));
    let view = game.view(Viewer::Spectator);
    assert_eq!((view.last_move, view.check), (Some(h2e2), false));
    assert_eq!(view, game.view(Viewer::Seat(0)), "nothing is hidden");
}

#[test]
fn a_table_from_json_settings() {
    let mut table = game::new_dyn::<Game>(serde_json::json!({}), 0).unwrap();
    assert_eq!(table.name(), "xiangqi");
    assert_eq!(table.play_text(0, "炮二平五").unwrap(), "h2e2");
    let err = table.play_text(1, "h9h8").unwrap_err();
    assert_eq!(
        (err.code(), err.to_string().as_str()),
        ("illegal", "h9h8 is illegal: a horse does not move that way")
    );
    let view = table.view_json(Viewer::Spectator).unwrap();
    assert_eq!(view["last_move"], "h2e2");
    assert_eq!(view["moves"], serde_json::json!(["h2e2"]));
    assert_eq!(view["start"], xiangqi::Position::default().fen());
    // A checkmate: the outcome names the rule, and the table is over.
    let mate = serde_json::json!({"fen": "3k5/R8/9/9/1R7/9/9/9/9/4K4 w"});
    let mut table = game::new_dyn::<Game>(mate, 0).unwrap();
    table.play_text(0, "b5b9").unwrap();
    assert_eq!(table.turn(), Turn::Over);
    let outcome = table.outcome().unwrap();
    assert_eq!((outcome.returns[0], outcome.returns[1]), (1.0, -1.0));
    assert_eq!(
        table.view_json(Viewer::Seat(1)).unwrap()["outcome"],
        serde_json::json!({"win": {"winner": "red", "reason": "checkmate"}})
    );
    // Settings that cannot start a game say why.
    let composed = serde_json::json!({"fen": "3k5/9/9/9/9/RRR6/9/9/9/4K4 w"});
    let err = game::new_dyn::<Game>(composed, 0).err().unwrap();
    assert!(err.to_string().contains("chariot"), "{err}");
    assert!(game::new_dyn::<Game>(serde_json::json!({"fen": 3}), 0).is_err());
}
