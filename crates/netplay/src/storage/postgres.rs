//! The PostgreSQL backend: the same schema and statements as SQLite, for sites where several
//! server instances share one database (see `ARCHITECTURE.md`).

use std::sync::Arc;

use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::{Client, NoTls};

use super::rows::{self, Param, Row, sql};
use super::{BoxFuture, SCHEMA, Storage, StorageError, StoredGame, StoredTable, Write};
use crate::token::TableCode;

/// The advisory lock key held while the schema is created ("parlor" in ASCII).
const SCHEMA_LOCK: i64 = 0x7061_726c_6f72;

/// Tables in a PostgreSQL database.
#[derive(Clone)]
pub struct PostgresStorage {
    client: Arc<Client>,
}

impl std::fmt::Debug for PostgresStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PostgresStorage")
    }
}

impl PostgresStorage {
    /// Connects to `url` (`postgres://user@host:port/db`) and creates the tables if needed.
    /// The connection is driven by a task on the current tokio runtime.
    pub async fn connect(url: &str) -> Result<PostgresStorage, StorageError> {
        let (client, connection) = tokio_postgres::connect(url, NoTls).await?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::error!("postgres connection lost: {e}");
            }
        });
        // Several servers (or tests) starting at once would race on CREATE TABLE IF NOT
        // EXISTS; a transaction-scoped advisory lock makes them take turns.
        let schema = format!(
            "BEGIN; SELECT pg_advisory_xact_lock({SCHEMA_LOCK}); {SCHEMA} \
             ALTER TABLE parlor_seats ADD COLUMN IF NOT EXISTS bot TEXT; COMMIT;"
        );
        client.batch_execute(&schema).await?;
        Ok(PostgresStorage {
            client: Arc::new(client),
        })
    }
}

/// The parameters as tokio-postgres binds them.
fn bind(params: &[Param]) -> Vec<&(dyn ToSql + Sync)> {
    params
        .iter()
        .map(|param| -> &(dyn ToSql + Sync) {
            match param {
                Param::Text(text) => text,
                Param::OptText(text) => text,
                Param::Int(n) => n,
                Param::Big(n) => n,
            }
        })
        .collect()
}

impl Row for tokio_postgres::Row {
    fn int(&self, column: usize) -> Result<i64, StorageError> {
        let ty = self.columns().get(column).map(|c| c.type_().clone());
        Ok(match ty {
            Some(Type::INT8) => self.try_get::<_, i64>(column)?,
            _ => i64::from(self.try_get::<_, i32>(column)?),
        })
    }

    fn text(&self, column: usize) -> Result<Option<String>, StorageError> {
        Ok(self.try_get(column)?)
    }
}

async fn query(
    client: &Client,
    sql: &str,
    params: &[Param],
) -> Result<Vec<tokio_postgres::Row>, StorageError> {
    Ok(client.query(sql, &bind(params)).await?)
}

async fn load_tables(client: &Client) -> Result<Vec<StoredTable>, StorageError> {
    rows::tables(
        &query(client, sql::TABLES, &[]).await?,
        &query(client, sql::SEATS, &[]).await?,
        &query(client, sql::LATEST_GAMES, &[]).await?,
        &query(client, sql::LATEST_ACTIONS, &[]).await?,
    )
}

async fn load_game(
    client: &Client,
    code: &TableCode,
    number: u32,
) -> Result<Option<StoredGame>, StorageError> {
    let number = i32::try_from(number)
        .map_err(|_| StorageError::Corrupt(format!("game number {number}")))?;
    let params = [Param::Text(code.as_str().to_owned()), Param::Int(number)];
    let Some(game) = query(client, sql::ONE_GAME, &params).await?.pop() else {
        return Ok(None);
    };
    let mut actions = rows::logged_actions(&query(client, sql::ACTIONS, &params).await?)?;
    rows::stored_game(&game, actions.remove(code).unwrap_or_default()).map(Some)
}

impl Storage for PostgresStorage {
    fn write(&self, write: Write) -> BoxFuture<Result<(), StorageError>> {
        let client = Arc::clone(&self.client);
        Box::pin(async move {
            let (sql, params) = rows::statement(&write)?;
            client.execute(sql, &bind(&params)).await?;
            Ok(())
        })
    }

    fn load_tables(&self) -> BoxFuture<Result<Vec<StoredTable>, StorageError>> {
        let client = Arc::clone(&self.client);
        Box::pin(async move { load_tables(&client).await })
    }

    fn load_game(
        &self,
        code: TableCode,
        number: u32,
    ) -> BoxFuture<Result<Option<StoredGame>, StorageError>> {
        let client = Arc::clone(&self.client);
        Box::pin(async move { load_game(&client, &code, number).await })
    }
}
