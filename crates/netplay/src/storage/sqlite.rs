//! The embedded backend: one SQLite file in the data directory, in WAL mode so that a
//! committed write survives the process being killed the moment it returns.
//!
//! Writes go to one writer thread that commits every write waiting for it in one transaction
//! (group commit, each write in a savepoint of its own so that one refused write fails
//! alone), and answers each only once that transaction is committed: every action is still
//! stored before it is acknowledged, with one commit per batch instead of one per action.
//! Reads run on tokio's blocking pool over a second connection.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};

use rusqlite::Connection;
use rusqlite::types::{ToSqlOutput, Value as SqlValue, ValueRef};
use tokio::sync::oneshot;

use super::rows::{self, Param, Row, Statement, sql};
use super::{BoxFuture, SCHEMA, Storage, StorageError, StoredGame, StoredTable, Write};
use crate::token::TableCode;

/// The most writes one transaction takes.
const MAX_BATCH: usize = 512;

/// One write for the writer thread, and where its result goes.
type Job = (Statement, oneshot::Sender<Result<(), StorageError>>);

/// Tables in a SQLite file.
#[derive(Clone, Debug)]
pub struct SqliteStorage {
    writes: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
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

    /// Opens (creating if needed) the database at `path` and its tables, and starts its
    /// writer thread (it ends when the last clone of the storage is dropped).
    pub fn open(path: &Path) -> Result<SqliteStorage, StorageError> {
        let writer = Connection::open(path)?;
        // WAL with NORMAL sync: a committed transaction is in the log file before COMMIT
        // returns, which is what surviving SIGKILL needs (power loss may lose the last ones).
        writer.pragma_update(None, "journal_mode", "WAL")?;
        writer.pragma_update(None, "synchronous", "NORMAL")?;
        writer.execute_batch(SCHEMA)?;
        if writer
            .prepare("SELECT bot FROM parlor_seats LIMIT 0")
            .is_err()
        {
            writer.execute_batch(sql::ADD_BOT)?;
        }
        let reader = Connection::open(path)?;
        let (writes, jobs) = mpsc::channel();
        std::thread::Builder::new()
            .name("parlor-sqlite-writer".into())
            .spawn(move || write_batches(&writer, &jobs))?;
        Ok(SqliteStorage {
            writes,
            reader: Arc::new(Mutex::new(reader)),
            path: path.to_owned(),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn read<T: Send + 'static>(
        &self,
        job: impl FnOnce(&Connection) -> Result<T, StorageError> + Send + 'static,
    ) -> BoxFuture<Result<T, StorageError>> {
        let connection = Arc::clone(&self.reader);
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                // Reads change nothing: a panic while holding the lock leaves nothing behind.
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

/// The writer thread: waits for a write, takes every other one already waiting, and commits
/// them together.
fn write_batches(connection: &Connection, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let statements: Vec<&Statement> = batch.iter().map(|(s, _)| s).collect();
        let results = commit(connection, &statements);
        for ((_, reply), result) in batch.into_iter().zip(results) {
            let _ = reply.send(result);
        }
    }
}

/// Runs `statements` in one transaction, each in a savepoint: the result of each, all
/// failed if the transaction could not commit.
fn commit(connection: &Connection, statements: &[&Statement]) -> Vec<Result<(), StorageError>> {
    let run = || -> Result<Vec<Result<(), StorageError>>, rusqlite::Error> {
        connection.execute_batch("BEGIN IMMEDIATE")?;
        let mut results = Vec::with_capacity(statements.len());
        for (sql, params) in statements {
            connection.execute_batch("SAVEPOINT one")?;
            let done = connection
                .prepare_cached(sql)
                .and_then(|mut s| s.execute(rusqlite::params_from_iter(params.iter())));
            match done {
                Ok(_) => connection.execute_batch("RELEASE one")?,
                Err(_) => connection.execute_batch("ROLLBACK TO one; RELEASE one")?,
            }
            results.push(done.map(drop).map_err(StorageError::from));
        }
        connection.execute_batch("COMMIT")?;
        Ok(results)
    };
    run().unwrap_or_else(|e| {
        let _ = connection.execute_batch("ROLLBACK");
        let failed = e.to_string();
        statements
            .iter()
            .map(|_| Err(StorageError::Commit(failed.clone())))
            .collect()
    })
}

impl rusqlite::ToSql for Param {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self {
            Param::Text(text) | Param::OptText(Some(text)) => {
                ToSqlOutput::Borrowed(ValueRef::Text(text.as_bytes()))
            }
            Param::OptText(None) => ToSqlOutput::Owned(SqlValue::Null),
            Param::Int(n) => ToSqlOutput::Owned(SqlValue::Integer(i64::from(*n))),
            Param::Big(n) => ToSqlOutput::Owned(SqlValue::Integer(*n)),
        })
    }
}

impl Row for Vec<SqlValue> {
    fn int(&self, column: usize) -> Result<i64, StorageError> {
        match self.get(column) {
            Some(SqlValue::Integer(n)) => Ok(*n),
            other => Err(StorageError::Corrupt(format!("column {column}: {other:?}"))),
        }
    }

    fn text(&self, column: usize) -> Result<Option<String>, StorageError> {
        match self.get(column) {
            Some(SqlValue::Text(text)) => Ok(Some(text.clone())),
            Some(SqlValue::Null) => Ok(None),
            other => Err(StorageError::Corrupt(format!("column {column}: {other:?}"))),
        }
    }
}

/// The rows `sql` returns for `params`.
fn query(
    connection: &Connection,
    sql: &str,
    params: &[Param],
) -> Result<Vec<Vec<SqlValue>>, StorageError> {
    let mut statement = connection.prepare_cached(sql)?;
    let columns = statement.column_count();
    let rows = statement
        .query_map(rusqlite::params_from_iter(params.iter()), |row| {
            (0..columns).map(|i| row.get::<_, SqlValue>(i)).collect()
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

fn load_tables(connection: &Connection) -> Result<Vec<StoredTable>, StorageError> {
    rows::tables(
        &query(connection, sql::TABLES, &[])?,
        &query(connection, sql::SEATS, &[])?,
        &query(connection, sql::LATEST_GAMES, &[])?,
        &query(connection, sql::LATEST_ACTIONS, &[])?,
    )
}

fn load_game(
    connection: &Connection,
    code: &TableCode,
    number: u32,
) -> Result<Option<StoredGame>, StorageError> {
    let params = [
        Param::Text(code.as_str().to_owned()),
        Param::Big(i64::from(number)),
    ];
    let Some(game) = query(connection, sql::ONE_GAME, &params)?.pop() else {
        return Ok(None);
    };
    let mut actions = rows::logged_actions(&query(connection, sql::ACTIONS, &params)?)?;
    rows::stored_game(&game, actions.remove(code).unwrap_or_default()).map(Some)
}

impl Storage for SqliteStorage {
    fn write(&self, write: Write) -> BoxFuture<Result<(), StorageError>> {
        let (reply, answer) = oneshot::channel();
        let sent = rows::statement(&write).map(|statement| self.writes.send((statement, reply)));
        Box::pin(async move {
            match sent {
                Ok(Ok(())) => answer.await.unwrap_or_else(|_| Err(writer_gone())),
                Ok(Err(_)) => Err(writer_gone()),
                Err(e) => Err(e),
            }
        })
    }

    fn load_tables(&self) -> BoxFuture<Result<Vec<StoredTable>, StorageError>> {
        self.read(load_tables)
    }

    fn load_game(
        &self,
        code: TableCode,
        number: u32,
    ) -> BoxFuture<Result<Option<StoredGame>, StorageError>> {
        self.read(move |connection| load_game(connection, &code, number))
    }
}

fn writer_gone() -> StorageError {
    StorageError::Commit("the sqlite writer thread has stopped".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(ply: i32, text: &str) -> Statement {
        (
            sql::ACTION,
            vec![
                Param::Text("ABC234".into()),
                Param::Int(1),
                Param::Int(ply),
                Param::Int(0),
                Param::Text(text.into()),
            ],
        )
    }

    #[test]
    fn a_refused_write_fails_alone_and_the_rest_of_its_batch_commits() {
        let connection = Connection::open_in_memory().unwrap();
        connection.execute_batch(SCHEMA).unwrap();
        let batch = [
            action(0, "a"),
            action(1, "b"),
            action(0, "again"),
            action(2, "c"),
        ];
        let results = commit(&connection, &batch.iter().collect::<Vec<_>>());
        let ok: Vec<bool> = results.iter().map(Result::is_ok).collect();
        assert_eq!(ok, [true, true, false, true], "one action per ply");
        let stored = query(
            &connection,
            "SELECT action FROM parlor_actions ORDER BY ply",
            &[],
        )
        .unwrap()
        .iter()
        .map(|row| row.required(0).unwrap())
        .collect::<Vec<_>>();
        assert_eq!(stored, ["a", "b", "c"]);
    }
}
