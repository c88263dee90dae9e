//! The embedded backend: one SQLite file in the data directory, in WAL mode so that a write
//! survives the process being killed the moment it returns.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, OptionalExtension, params};

use super::{
    BoxFuture, SCHEMA, Storage, StorageError, StoredGame, StoredTable, Write, bot_text, index,
    json_from_text, kind_text, seat_row, sql, token_from_text,
};
use crate::protocol::LoggedAction;
use crate::token::TableCode;

/// Tables in a SQLite file. Calls run on tokio's blocking pool, one at a time.
#[derive(Clone, Debug)]
pub struct SqliteStorage {
    connection: Arc<Mutex<Connection>>,
    path: PathBuf,
}

impl SqliteStorage {
    /// The file the server keeps in a data directory.
    pub const FILE: &'static str = "parlor.sqlite3";

    /// Opens (creating if needed) `dir/parlor.sqlite3` and its tables.
    pub fn open_dir(dir: &Path) -> Result<SqliteStorage, StorageError> {
        std::fs::create_dir_all(dir)?;
        SqliteStorage::open(&dir.join(SqliteStorage::FILE))
    }

    /// Opens (creating if needed) the database at `path` and its tables.
    pub fn open(path: &Path) -> Result<SqliteStorage, StorageError> {
        let connection = Connection::open(path)?;
        // WAL with NORMAL sync: a committed write is in the log file before `execute`
        // returns, which is what surviving SIGKILL needs (power loss may lose the last ones).
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.execute_batch(SCHEMA)?;
        if connection
            .prepare("SELECT bot FROM parlor_seats LIMIT 0")
            .is_err()
        {
            connection.execute_batch(sql::ADD_BOT)?;
        }
        Ok(SqliteStorage {
            connection: Arc::new(Mutex::new(connection)),
            path: path.to_owned(),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Connection) -> Result<T, StorageError> + Send + 'static,
    ) -> BoxFuture<Result<T, StorageError>> {
        let connection = Arc::clone(&self.connection);
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                // A panic while holding the lock cannot leave a half-written row: SQLite
                // rolls back the statement. Keep using the connection.
                let connection = connection
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                job(&connection)
            })
            .await
            .map_err(|e| StorageError::Io(std::io::Error::other(e)))?
        })
    }
}

fn apply(connection: &Connection, write: &Write) -> Result<(), StorageError> {
    match write {
        Write::Table {
            code,
            game,
            settings,
            host_token,
        } => connection.execute(
            sql::TABLE,
            params![
                code.as_str(),
                game,
                settings.to_string(),
                host_token.to_stored()
            ],
        ),
        Write::Seat { code, seat, row } => connection.execute(
            sql::SEAT,
            params![
                code.as_str(),
                *seat as i64,
                kind_text(row.kind),
                row.name,
                row.token.map(|t| t.to_stored()),
                bot_text(row.bot.as_ref())
            ],
        ),
        Write::Game { code, number, seed } => {
            connection.execute(sql::GAME, params![code.as_str(), number, *seed as i64])
        }
        Write::Start { code, number } => {
            connection.execute(sql::START, params![code.as_str(), number])
        }
        Write::Action {
            code,
            number,
            ply,
            seat,
            action,
        } => connection.execute(
            sql::ACTION,
            params![code.as_str(), number, *ply as i64, *seat as i64, action],
        ),
        Write::Finish {
            code,
            number,
            outcome,
        } => connection.execute(
            sql::FINISH,
            params![
                serde_json::to_string(outcome).map_err(|e| StorageError::Corrupt(e.to_string()))?,
                code.as_str(),
                number
            ],
        ),
    }?;
    Ok(())
}

fn load_game(
    connection: &Connection,
    code: &TableCode,
    number: u32,
) -> Result<Option<StoredGame>, StorageError> {
    let row = connection
        .query_row(sql::ONE_GAME, params![code.as_str(), number], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, Option<String>>(2)?,
            ))
        })
        .optional()?;
    let Some((seed, started, outcome)) = row else {
        return Ok(None);
    };
    let mut statement = connection.prepare_cached(sql::ACTIONS)?;
    let actions = statement
        .query_map(params![code.as_str(), number], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
        })?
        .map(|row| {
            let (seat, action) = row?;
            Ok(LoggedAction {
                seat: index(seat, "seat")?,
                action,
            })
        })
        .collect::<Result<Vec<_>, StorageError>>()?;
    Ok(Some(StoredGame {
        number,
        seed: seed as u64,
        started: started != 0,
        actions,
        outcome: outcome.as_deref().map(json_from_text).transpose()?,
    }))
}

fn load_tables(connection: &Connection) -> Result<Vec<StoredTable>, StorageError> {
    let mut statement = connection.prepare(sql::TABLES)?;
    let tables = statement
        .query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::with_capacity(tables.len());
    for (code, game, settings, host_token) in tables {
        let code: TableCode = code
            .parse()
            .map_err(|e: crate::token::ParseCodeError| StorageError::Corrupt(e.to_string()))?;
        let mut seats = connection.prepare_cached(sql::SEATS)?;
        let seats = seats
            .query_map(params![code.as_str()], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, Option<String>>(2)?,
                    row.get::<_, Option<String>>(3)?,
                    row.get::<_, Option<String>>(4)?,
                ))
            })?
            .map(|row| {
                let (seat, kind, name, token, bot) = row?;
                Ok((
                    index(seat, "seat")?,
                    seat_row(&kind, name, token.as_deref(), bot.as_deref())?,
                ))
            })
            .collect::<Result<Vec<_>, StorageError>>()?;
        let number: i64 =
            connection.query_row(sql::LATEST, params![code.as_str()], |r| r.get(0))?;
        let number = u32::try_from(number)
            .map_err(|_| StorageError::Corrupt(format!("game number {number}")))?;
        let current = load_game(connection, &code, number)?
            .ok_or_else(|| StorageError::Corrupt(format!("table {code} has no game")))?;
        out.push(StoredTable {
            code,
            game,
            settings: json_from_text(&settings)?,
            host_token: token_from_text(&host_token)?,
            seats,
            current,
        });
    }
    Ok(out)
}

impl Storage for SqliteStorage {
    fn write(&self, write: Write) -> BoxFuture<Result<(), StorageError>> {
        self.run(move |connection| apply(connection, &write))
    }

    fn load_tables(&self) -> BoxFuture<Result<Vec<StoredTable>, StorageError>> {
        self.run(load_tables)
    }

    fn load_game(
        &self,
        code: TableCode,
        number: u32,
    ) -> BoxFuture<Result<Option<StoredGame>, StorageError>> {
        self.run(move |connection| load_game(connection, &code, number))
    }
}
