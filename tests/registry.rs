//! Every game of the registry builds from its name, from default and from partial JSON
//! settings, and refuses settings of the wrong shape with the game's name in the error.

use parlor::registry::{GAMES, new_game};

#[test]
fn every_registered_game_builds_by_name() {
    assert!(!GAMES.is_empty());
    for &name in GAMES {
        let table = new_game(name, serde_json::Value::Null, 1).unwrap();
        assert_eq!(table.name(), name);
        assert!(table.num_seats() >= 1);
        let from_empty = new_game(name, serde_json::json!({}), 1).unwrap();
        assert_eq!(
            from_empty.view_json(game::Viewer::Spectator).unwrap(),
            table.view_json(game::Viewer::Spectator).unwrap(),
            "{name}: {{}} must mean the default settings"
        );
        match new_game(name, serde_json::json!([1, 2, 3]), 1) {
            Err(game::NewGameError::BadSettings { game, .. }) => assert_eq!(game, name),
            other => panic!(
                "{name}: a list as settings gave {:?}",
                other.map(|t| t.name())
            ),
        }
    }
}

#[test]
fn an_unknown_game_names_the_known_ones() {
    let error = new_game("chess", serde_json::Value::Null, 0)
        .map(|t| t.name())
        .unwrap_err();
    let text = error.to_string();
    assert!(text.contains("\"chess\""), "{text}");
    for name in GAMES {
        assert!(text.contains(name), "{text} does not list {name}");
    }
}
