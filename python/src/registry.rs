//! The games by name, and their settings from JSON. The facade's `parlor::registry` gives
//! a `Box<dyn DynGame>`; the bindings need each game's concrete type (its encoder, and
//! batches monomorphised over it), so they dispatch on the name themselves.

use game::GameState;

use crate::table::Encoding;

/// Something done with one game type, chosen by name at run time ([`dispatch`]).
pub trait Visit {
    /// What it gives.
    type Out;
    /// Does it with game `G`.
    fn visit<G: Encoding>(self) -> Self::Out;
}

/// The names [`dispatch`] knows.
pub const GAMES: &[&str] = &[
    doudizhu::Game::NAME,
    gomoku::Gomoku::NAME,
    hearts::Game::NAME,
    klondike::Klondike::NAME,
    xiangqi::Game::NAME,
];

/// Runs `visitor` with the game called `name`.
pub fn dispatch<V: Visit>(name: &str, visitor: V) -> Result<V::Out, String> {
    match name {
        doudizhu::Game::NAME => Ok(visitor.visit::<doudizhu::Game>()),
        gomoku::Gomoku::NAME => Ok(visitor.visit::<gomoku::Gomoku>()),
        hearts::Game::NAME => Ok(visitor.visit::<hearts::Game>()),
        klondike::Klondike::NAME => Ok(visitor.visit::<klondike::Klondike>()),
        xiangqi::Game::NAME => Ok(visitor.visit::<xiangqi::Game>()),
        _ => Err(format!(
            "unknown game {name:?} (games: {})",
            GAMES.join(", ")
        )),
    }
}

/// `G`'s settings from a JSON object (`{}` or `null` for the defaults). A key the settings
/// do not have is refused, so a misspelt keyword argument is not silently ignored.
pub fn parse_settings<G: Encoding>(json: &str) -> Result<G::Settings, String> {
    let mut given: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("settings are not JSON: {e}"))?;
    if given.is_null() {
        return Ok(G::Settings::default());
    }
    G::resolve_names(&mut given)?;
    let settings: G::Settings = serde_json::from_value(given.clone())
        .map_err(|e| format!("invalid settings for {}: {e}", G::NAME))?;
    let known = serde_json::to_value(&settings).map_err(|e| e.to_string())?;
    if let (Some(given), Some(known)) = (given.as_object(), known.as_object())
        && let Some(key) = given.keys().find(|k| !known.contains_key(*k))
    {
        let names: Vec<&str> = known.keys().map(String::as_str).collect();
        return Err(format!(
            "{} has no setting {key:?} (settings: {})",
            G::NAME,
            names.join(", ")
        ));
    }
    Ok(settings)
}

/// `G`'s default settings as JSON (what the Python environments document).
pub fn default_settings<G: Encoding>() -> String {
    serde_json::to_string(&G::Settings::default()).unwrap_or_default()
}
