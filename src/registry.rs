//! Every game by name: what a server, an arena or a binding uses to create a table from a
//! game's name, its settings as JSON and a seed.

use game::{DynGame, GameState, NewGameError};

/// The games this build knows, by the name their [`GameState`] gives ([`GameState::NAME`]).
pub const GAMES: &[&str] = &[
    #[cfg(feature = "klondike")]
    klondike::Klondike::NAME,
    #[cfg(feature = "doudizhu")]
    doudizhu::Game::NAME,
    #[cfg(feature = "xiangqi")]
    xiangqi::Game::NAME,
    #[cfg(feature = "gomoku")]
    gomoku::Gomoku::NAME,
    #[cfg(feature = "hearts")]
    hearts::Game::NAME,
];

/// A new game called `name`, with its settings as JSON (`null` or `{}` for the defaults:
/// missing fields take their default values) and a seed for every random choice.
///
/// ```
/// let table = parlor::registry::new_game("klondike", serde_json::json!({"draw": 3}), 7)?;
/// assert_eq!(table.name(), "klondike");
/// assert!(parlor::registry::new_game("chess", serde_json::Value::Null, 7).is_err());
/// # Ok::<(), game::NewGameError>(())
/// ```
pub fn new_game(
    name: &str,
    settings: serde_json::Value,
    seed: u64,
) -> Result<Box<dyn DynGame>, NewGameError> {
    match name {
        #[cfg(feature = "klondike")]
        klondike::Klondike::NAME => game::new_dyn::<klondike::Klondike>(settings, seed),
        #[cfg(feature = "doudizhu")]
        doudizhu::Game::NAME => game::new_dyn::<doudizhu::Game>(settings, seed),
        #[cfg(feature = "xiangqi")]
        xiangqi::Game::NAME => game::new_dyn::<xiangqi::Game>(settings, seed),
        #[cfg(feature = "gomoku")]
        gomoku::Gomoku::NAME => game::new_dyn::<gomoku::Gomoku>(settings, seed),
        #[cfg(feature = "hearts")]
        hearts::Game::NAME => game::new_dyn::<hearts::Game>(settings, seed),
        _ => Err(NewGameError::UnknownGame {
            name: name.to_owned(),
            known: GAMES.join(", "),
        }),
    }
}
