//! The user's data directory, where statistics, saved games and the launcher's last choice
//! are kept as small JSON files.
//!
//! The games get an `Option<DataDir>` in their options (the launcher passes
//! [`DataDir::user`]; tests pass a temporary directory or `None`, which keeps nothing) and
//! hand it to [`crate::stats`] and [`crate::save`], which build on [`DataDir::load`] and
//! [`DataDir::store`]. `PARLOR_DATA_DIR` overrides the platform's directory
//! (`~/.local/share/parlor` on Linux), for trying things without touching your records.
//!
//! ```
//! use parlor_tui::data::DataDir;
//! let dir = DataDir::new(std::env::temp_dir().join(format!("parlor-doc-{}", std::process::id())));
//! dir.store("example.json", &vec![1, 2, 3]).unwrap();
//! assert_eq!(dir.load::<Vec<u8>>("example.json").unwrap(), Some(vec![1, 2, 3]));
//! dir.remove("example.json").unwrap();
//! assert_eq!(dir.load::<Vec<u8>>("example.json").unwrap(), None);
//! # std::fs::remove_dir_all(dir.path()).unwrap();
//! ```

use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Why a data file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file system refused.
    #[error("cannot use {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file holds something else than expected (an older version, a hand edit).
    #[error("{path} is not readable: {source}")]
    Format {
        /// The file.
        path: PathBuf,
        /// What the JSON reader said.
        source: serde_json::Error,
    },
}

/// A directory of JSON data files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    path: PathBuf,
}

impl DataDir {
    /// The directory at `path` (created on the first write).
    pub fn new(path: impl Into<PathBuf>) -> DataDir {
        DataDir { path: path.into() }
    }

    /// `PARLOR_DATA_DIR` if set, else the platform's data directory for parlor, if it has one.
    pub fn user() -> Option<DataDir> {
        match std::env::var_os("PARLOR_DATA_DIR") {
            Some(path) if !path.is_empty() => Some(DataDir::new(path)),
            _ => directories::ProjectDirs::from("", "", "parlor")
                .map(|dirs| DataDir::new(dirs.data_dir())),
        }
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path of the file `name` in this directory.
    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// The value in the file `name`: `None` when there is no such file.
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, DataError> {
        let path = self.file(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|source| DataError::Format { path, source }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(DataError::Io { path, source }),
        }
    }

    /// Writes `value` to the file `name`, creating the directory. The file is replaced in one
    /// step (written beside it, then renamed), so a crash never leaves half a file.
    pub fn store<T: Serialize + ?Sized>(&self, name: &str, value: &T) -> Result<(), DataError> {
        let path = self.file(name);
        let text = serde_json::to_string_pretty(value).map_err(|source| DataError::Format {
            path: path.clone(),
            source,
        })?;
        let temporary = self.file(&format!(".{name}.tmp"));
        std::fs::create_dir_all(&self.path)
            .and_then(|()| std::fs::write(&temporary, text + "\n"))
            .and_then(|()| std::fs::rename(&temporary, &path))
            .map_err(|source| DataError::Io { path, source })
    }

    /// Deletes the file `name`; a file that is not there is fine.
    pub fn remove(&self, name: &str) -> Result<(), DataError> {
        let path = self.file(name);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(DataError::Io { path, source: e }),
            _ => Ok(()),
        }
    }
}

/// A fresh, empty data directory under the system's temporary directory, for tests; `tag`
/// keeps tests apart. Remove it with `std::fs::remove_dir_all` at the end.
#[cfg(test)]
pub(crate) fn test_dir(tag: &str) -> DataDir {
    let path = std::env::temp_dir().join(format!("parlor-tui-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    DataDir::new(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_file_is_a_format_error_naming_the_file() {
        let dir = test_dir("data-damaged");
        dir.store("n.json", &7).unwrap();
        std::fs::write(dir.file("n.json"), "seven").unwrap();
        let err = dir.load::<u32>("n.json").unwrap_err();
        assert!(matches!(err, DataError::Format { .. }), "{err:?}");
        assert!(
            err.to_string()
                .starts_with(&format!("{} is not readable", dir.file("n.json").display()))
        );
        dir.remove("n.json").unwrap();
        dir.remove("n.json").unwrap();
        std::fs::remove_dir_all(dir.path()).unwrap();
    }

    #[test]
    fn writing_where_a_file_blocks_the_directory_is_an_io_error() {
        let blocker = test_dir("data-blocked");
        std::fs::write(blocker.path(), "a file, not a directory").unwrap();
        let err = blocker.store("x.json", &1).unwrap_err();
        assert!(matches!(err, DataError::Io { .. }), "{err:?}");
        std::fs::remove_file(blocker.path()).unwrap();
    }
}
