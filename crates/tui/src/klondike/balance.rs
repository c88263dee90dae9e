//! The cumulative Vegas balance kept between sessions: one number in a text file in the
//! user's data directory (`~/.local/share/parlor/klondike-vegas-balance` on Linux).

use std::io;
use std::path::{Path, PathBuf};

/// The balance file in the user's data directory, if the platform has one.
pub fn default_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "parlor")
        .map(|dirs| dirs.data_dir().join("klondike-vegas-balance"))
}

/// The balance saved in `path`: 0 when there is none yet.
pub fn load(path: &Path) -> io::Result<i32> {
    match std::fs::read_to_string(path) {
        Ok(text) => text.trim().parse().map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} does not hold a balance: {e}", path.display()),
            )
        }),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(e),
    }
}

/// Saves `balance` in `path`, creating its directory.
pub fn save(path: &Path, balance: i32) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, format!("{balance}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_balance_survives_a_save_and_load() {
        let dir = std::env::temp_dir().join(format!("parlor-balance-{}", std::process::id()));
        let path = dir.join("sub").join("balance");
        assert_eq!(load(&path).unwrap(), 0, "no file yet");
        save(&path, -156).unwrap();
        assert_eq!(load(&path).unwrap(), -156);
        std::fs::write(&path, "lots").unwrap();
        assert!(
            load(&path)
                .unwrap_err()
                .to_string()
                .contains("does not hold a balance")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
