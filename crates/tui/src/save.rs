//! Save on quit, offer to resume on the next start.
//!
//! A game whose state is serde calls [`store`] when the player quits with a game in
//! progress, and [`load`] when it starts: if a saved game comes back, it opens a confirmation
//! ("resume the saved game? y/n") and either plays on from it or calls [`discard`]. The file
//! is `<game>-save.json` in the [`DataDir`], with a format version, so that a save from an
//! older parlor is refused with a message instead of misread.
//!
//! ```
//! use parlor_tui::{data::DataDir, save};
//! let dir = DataDir::new(std::env::temp_dir().join(format!("parlor-save-doc-{}", std::process::id())));
//! save::store(&dir, "demo", &(3, "moves")).unwrap();
//! assert_eq!(save::load::<(u8, String)>(&dir, "demo").unwrap(), Some((3, "moves".into())));
//! save::discard(&dir, "demo").unwrap();
//! assert_eq!(save::load::<(u8, String)>(&dir, "demo").unwrap(), None);
//! # std::fs::remove_dir_all(dir.path()).unwrap();
//! ```

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::data::{DataDir, DataError};

/// The version of the save format; a file of another version is not resumed.
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct SaveFile<T> {
    version: u32,
    game: String,
    state: T,
}

fn file_name(game: &str) -> String {
    format!("{game}-save.json")
}

/// Saves `state` as the game in progress of `game` (replacing an older save).
pub fn store<T: Serialize>(dir: &DataDir, game: &str, state: &T) -> Result<(), DataError> {
    dir.store(
        &file_name(game),
        &SaveFile {
            version: VERSION,
            game: game.to_owned(),
            state,
        },
    )
}

/// The saved game of `game`, if there is one. A file of another format version or game is a
/// [`DataError::Format`].
pub fn load<T: DeserializeOwned>(dir: &DataDir, game: &str) -> Result<Option<T>, DataError> {
    let Some(file) = dir.load::<SaveFile<serde_json::Value>>(&file_name(game))? else {
        return Ok(None);
    };
    let path = dir.file(&file_name(game));
    let wrong = |what: String| DataError::Format {
        path: path.clone(),
        source: serde::de::Error::custom(what),
    };
    if file.version != VERSION {
        return Err(wrong(format!(
            "save format {} (this parlor reads {VERSION})",
            file.version
        )));
    }
    if file.game != game {
        return Err(wrong(format!("a saved {} game, not {game}", file.game)));
    }
    serde_json::from_value(file.state)
        .map(Some)
        .map_err(|source| DataError::Format { path, source })
}

/// Deletes the saved game of `game` (after it was resumed or declined).
pub fn discard(dir: &DataDir, game: &str) -> Result<(), DataError> {
    dir.remove(&file_name(game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::test_dir;

    #[test]
    fn a_save_of_another_version_or_game_is_refused_with_a_reason() {
        let dir = test_dir("save-refused");
        dir.store(
            "hearts-save.json",
            &serde_json::json!({"version": 99, "game": "hearts", "state": 1}),
        )
        .unwrap();
        let err = load::<u8>(&dir, "hearts").unwrap_err().to_string();
        assert!(
            err.ends_with("save format 99 (this parlor reads 1)"),
            "{err}"
        );
        dir.store(
            "hearts-save.json",
            &serde_json::json!({"version": 1, "game": "gomoku", "state": 1}),
        )
        .unwrap();
        let err = load::<u8>(&dir, "hearts").unwrap_err().to_string();
        assert!(err.ends_with("a saved gomoku game, not hearts"), "{err}");
        store(&dir, "hearts", &"not a number").unwrap();
        assert!(matches!(
            load::<u8>(&dir, "hearts"),
            Err(DataError::Format { .. })
        ));
        std::fs::remove_dir_all(dir.path()).unwrap();
    }
}
