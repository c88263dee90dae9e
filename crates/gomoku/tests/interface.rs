//! The generic conformance suite of the game interface on [`Gomoku`], for the default game
//! and the variants that change the action space or the turn order: renju (forbidden points,
//! both foul policies), caro, small and rectangular boards, and each opening rule.

use game::conformance::{Config, check};
use game::{GameState, Turn, Viewer};
use gomoku::opening::OpeningRule;
use gomoku::{Action, FoulPolicy, GameSettings, Gomoku, Rule, Settings};

fn settings(rule: Rule, width: u8, height: u8, opening: Option<OpeningRule>) -> GameSettings {
    GameSettings {
        rules: Settings::new(rule),
        width,
        height,
        opening,
    }
}

fn config(seeds: u64) -> Config {
    Config {
        seeds: 0..seeds,
        ..Config::default()
    }
}

#[test]
fn default_settings_conform() {
    check::<Gomoku>(&GameSettings::default(), &Config::default());
}

#[test]
fn rules_and_board_sizes_conform() {
    for rule in Rule::ALL {
        check::<Gomoku>(&settings(rule, 9, 9, None), &config(20));
    }
    check::<Gomoku>(&settings(Rule::Standard, 7, 5, None), &config(20));
    let mut lose = settings(Rule::Renju, 15, 15, None);
    lose.rules.foul_policy = FoulPolicy::Lose;
    check::<Gomoku>(&lose, &config(10));
    check::<Gomoku>(&settings(Rule::Renju, 15, 15, None), &config(10));
}

#[test]
fn opening_rules_conform() {
    for opening in [
        OpeningRule::Swap,
        OpeningRule::Swap2,
        OpeningRule::Soosorv { n: 3 },
        OpeningRule::Taraguchi { n: 2 },
    ] {
        check::<Gomoku>(
            &settings(Rule::Renju, 15, 15, Some(opening)),
            &Config {
                max_steps: 20,
                ..config(40)
            },
        );
    }
}

#[test]
fn settings_read_from_json_with_defaults() {
    let s: GameSettings = serde_json::from_str("{}").unwrap();
    assert_eq!(s, GameSettings::default());
    let s: GameSettings =
        serde_json::from_str(r#"{"rule": "caro", "width": 19, "opening": "taraguchi-4"}"#).unwrap();
    assert_eq!(
        s,
        settings(Rule::Caro, 19, 15, Some(OpeningRule::Taraguchi { n: 4 }))
    );
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<GameSettings>(&json).unwrap(), s);
    assert!(serde_json::from_str::<GameSettings>(r#"{"opening": "yamaguchi"}"#).is_err());
}

#[test]
fn an_opening_that_cannot_start_is_refused_with_the_reason() {
    let err = game::new_dyn::<Gomoku>(
        serde_json::json!({"width": 20, "height": 20, "opening": "soosorv-2"}),
        0,
    )
    .err()
    .unwrap();
    assert_eq!(
        err.to_string(),
        "invalid settings: the opening soosorv-2 cannot start on a 20x20 board: it needs a square board with an odd side of at least 9"
    );
}

#[test]
fn swap2_through_the_object_safe_wrapper() {
    let mut table = game::new_dyn::<Gomoku>(serde_json::json!({"opening": "swap2"}), 0).unwrap();
    for text in ["h8", "h9", "i9"] {
        table.play_text(0, text).unwrap();
    }
    assert_eq!(
        table.legal_action_texts(1),
        ["take-black", "take-white", "place-two"]
    );
    assert_eq!(table.play_text(1, "h10").unwrap_err().code(), "illegal");
    table.play_text(1, "place-two").unwrap();
    table.play_text(1, "j10").unwrap();
    table.play_text(1, "g7").unwrap();
    assert_eq!(table.legal_action_texts(0), ["swap", "stay"]);
    table.play_text(0, "swap").unwrap();
    let view = table.view_json(Viewer::Spectator).unwrap();
    assert_eq!(view["black_seat"], 1);
    assert_eq!(view["opening"], serde_json::Value::Null);
    assert_eq!(
        table.turn(),
        Turn::Seat(0),
        "white (now seat 0) plays the sixth stone"
    );
    let ids = {
        let mut ids = Vec::new();
        table.legal_action_ids(0, &mut ids);
        ids
    };
    assert_eq!(ids.len(), 225 - 5);
}

#[test]
fn views_show_the_prompt_forbidden_points_and_the_winning_line() {
    let mut g = Gomoku::new(&settings(
        Rule::Renju,
        15,
        15,
        Some(OpeningRule::Soosorv { n: 2 }),
    ))
    .unwrap();
    let prompt = g.view(Viewer::Seat(1)).opening.unwrap().prompt;
    assert_eq!(
        prompt,
        "the first player places a black stone in the centre"
    );
    let mut g2 = Gomoku::new(&settings(Rule::Renju, 15, 15, None)).unwrap();
    for m in ["f8", "a1", "g8", "a2", "i10", "a3", "i11", "a4"] {
        let a = g2.parse_action(0, m).unwrap();
        let seat = match g2.turn() {
            Turn::Seat(s) => s,
            t => panic!("{t}"),
        };
        GameState::play(&mut g2, seat, a).unwrap();
    }
    let view = g2.view(Viewer::Spectator);
    assert!(view.forbidden.contains(&"i8".parse().unwrap()));
    assert_eq!(view.last_move, Some("a4".parse().unwrap()));
    let i8 = Action::Stone("i8".parse().unwrap());
    assert_eq!(
        GameState::play(&mut g2, 0, i8).unwrap_err().to_string(),
        "i8 is forbidden for black (double-three)"
    );
    g = g2;
    for (seat, m) in [(0, "b1"), (1, "a5")] {
        GameState::play(&mut g, seat, Action::Stone(m.parse().unwrap())).unwrap();
    }
    assert_eq!(
        g.view(Viewer::Spectator).winning_line.unwrap().to_string(),
        "a1-a5"
    );
    assert_eq!(
        GameState::outcome(&g)
            .unwrap()
            .winners
            .iter()
            .collect::<Vec<_>>(),
        [1]
    );
}
