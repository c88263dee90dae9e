//! Persistence: every table's settings, seats, seeds and action log, written before an action
//! is acknowledged, so a restarted server rebuilds every table by replaying its log.
//!
//! One schema ([`SCHEMA`]), one set of statements and one mapping between rows and values
//! (`rows.rs`) serve both backends: SQLite ([`SqliteStorage`], embedded, the default, writes
//! grouped into one transaction per batch) and PostgreSQL ([`PostgresStorage`]). A backend
//! only runs statements and hands back rows.

mod postgres;
mod rows;
mod sqlite;

use std::future::Future;
use std::pin::Pin;

use game::Outcome;
use serde_json::Value;

use crate::protocol::{BotChoice, LoggedAction, SeatKind};
use crate::token::{TableCode, TokenHash};

pub use postgres::PostgresStorage;
pub use sqlite::SqliteStorage;

/// The tables of both backends. `INTEGER` is 32 bits and `BIGINT` 64 on PostgreSQL; SQLite
/// stores both as 64-bit integers. Seeds are `u64` stored bit for bit in a `BIGINT`. Tokens
/// are stored as their SHA-256 digests (`sha256:` and 64 hex digits), never as themselves; a
/// bot seat's `bot` is its [`BotChoice`] as JSON.
pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS parlor_tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    settings TEXT NOT NULL,
    host_token TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS parlor_seats (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT,
    token TEXT,
    bot TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS parlor_games (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    started INTEGER NOT NULL,
    outcome TEXT,
    PRIMARY KEY (code, number)
);
CREATE TABLE IF NOT EXISTS parlor_actions (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, number, ply)
);
";

/// A boxed future, so that [`Storage`] stays object-safe.
pub type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// One write. Each is durable when its future resolves.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// A new table.
    Table {
        /// Its code.
        code: TableCode,
        /// The game's name.
        game: String,
        /// The settings.
        settings: Value,
        /// The digest of the host's token.
        host_token: TokenHash,
    },
    /// A seat taken, given to a bot, or renamed.
    Seat {
        /// The table.
        code: TableCode,
        /// The seat.
        seat: usize,
        /// The stored seat.
        row: SeatRow,
    },
    /// A new game at a table (the first, or a rematch), not started yet.
    Game {
        /// The table.
        code: TableCode,
        /// Its number at the table, from 1.
        number: u32,
        /// The seed it is built from.
        seed: u64,
    },
    /// The host started the game.
    Start {
        /// The table.
        code: TableCode,
        /// The game.
        number: u32,
    },
    /// One action, at position `ply` (from 0) of the game's log.
    Action {
        /// The table.
        code: TableCode,
        /// The game.
        number: u32,
        /// Its place in the log.
        ply: usize,
        /// Who acted.
        seat: usize,
        /// The canonical text.
        action: String,
    },
    /// The game ended with this outcome.
    Finish {
        /// The table.
        code: TableCode,
        /// The game.
        number: u32,
        /// The result.
        outcome: Outcome,
    },
}

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// Who sits there.
    pub kind: SeatKind,
    /// The display name.
    pub name: Option<String>,
    /// The digest of the seat's token (humans only).
    pub token: Option<TokenHash>,
    /// The bot and its level (bots only).
    pub bot: Option<BotChoice>,
}

/// A table as loaded at start-up: enough to rebuild it by replaying `actions`.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    /// Its code.
    pub code: TableCode,
    /// The game's name.
    pub game: String,
    /// The settings.
    pub settings: Value,
    /// The digest of the host's token.
    pub host_token: TokenHash,
    /// The seats stored, by index (seats never written are absent).
    pub seats: Vec<(usize, SeatRow)>,
    /// The latest game at the table.
    pub current: StoredGame,
}

/// One game of a table's history.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// Its number at the table.
    pub number: u32,
    /// Its seed.
    pub seed: u64,
    /// Whether the host started it.
    pub started: bool,
    /// Its actions, in order.
    pub actions: Vec<LoggedAction>,
    /// The result, once finished.
    pub outcome: Option<Outcome>,
}

/// What went wrong talking to the database.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    /// SQLite refused.
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL refused.
    #[error("postgres: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    /// A stored value is not what this server writes.
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The transaction holding this write did not commit.
    #[error("the write did not commit: {0}")]
    Commit(String),
    /// The file or directory could not be used.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Where tables live between restarts.
pub trait Storage: Send + Sync {
    /// Makes `write` durable.
    fn write(&self, write: Write) -> BoxFuture<Result<(), StorageError>>;
    /// Every table, each with its latest game.
    fn load_tables(&self) -> BoxFuture<Result<Vec<StoredTable>, StorageError>>;
    /// One game of a table: `None` when there is no such game.
    fn load_game(
        &self,
        code: TableCode,
        number: u32,
    ) -> BoxFuture<Result<Option<StoredGame>, StorageError>>;
}
