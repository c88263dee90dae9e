//! The PostgreSQL backend: the same schema and statements as SQLite, for sites where several
//! server instances share one database (see `ARCHITECTURE.md`).

use std::sync::Arc;

use tokio_postgres::{Client, NoTls};

use super::{
    BoxFuture, SCHEMA, Storage, StorageError, StoredGame, StoredTable, Write, bot_text, index,
    json_from_text, kind_text, seat_row, sql, token_from_text,
};
use crate::protocol::LoggedAction;
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

async fn apply(client: &Client, write: Write) -> Result<(), StorageError> {
    match write {
        Write::Table {
            code,
            game,
            settings,
            host_token,
        } => {
            client
                .execute(
                    sql::TABLE,
                    &[
                        &code.as_str(),
                        &game,
                        &settings.to_string(),
                        &host_token.to_stored(),
                    ],
                )
                .await
        }
        Write::Seat { code, seat, row } => {
            client
                .execute(
                    sql::SEAT,
                    &[
                        &code.as_str(),
                        &(seat as i32),
                        &kind_text(row.kind),
                        &row.name,
                        &row.token.map(|t| t.to_stored()),
                        &bot_text(row.bot.as_ref()),
                    ],
                )
                .await
        }
        Write::Game { code, number, seed } => {
            client
                .execute(
                    sql::GAME,
                    &[&code.as_str(), &(number as i32), &(seed as i64)],
                )
                .await
        }
        Write::Start { code, number } => {
            client
                .execute(sql::START, &[&code.as_str(), &(number as i32)])
                .await
        }
        Write::Action {
            code,
            number,
            ply,
            seat,
            action,
        } => {
            client
                .execute(
                    sql::ACTION,
                    &[
                        &code.as_str(),
                        &(number as i32),
                        &(ply as i32),
                        &(seat as i32),
                        &action,
                    ],
                )
                .await
        }
        Write::Finish {
            code,
            number,
            outcome,
        } => {
            let outcome = serde_json::to_string(&outcome)
                .map_err(|e| StorageError::Corrupt(e.to_string()))?;
            client
                .execute(sql::FINISH, &[&outcome, &code.as_str(), &(number as i32)])
                .await
        }
    }?;
    Ok(())
}

async fn load_game(
    client: &Client,
    code: &TableCode,
    number: u32,
) -> Result<Option<StoredGame>, StorageError> {
    let Some(row) = client
        .query_opt(sql::ONE_GAME, &[&code.as_str(), &(number as i32)])
        .await?
    else {
        return Ok(None);
    };
    let (seed, started, outcome): (i64, i32, Option<String>) = (row.get(0), row.get(1), row.get(2));
    let actions = client
        .query(sql::ACTIONS, &[&code.as_str(), &(number as i32)])
        .await?
        .iter()
        .map(|row| {
            Ok(LoggedAction {
                seat: index(i64::from(row.get::<_, i32>(0)), "seat")?,
                action: row.get(1),
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

async fn load_tables(client: &Client) -> Result<Vec<StoredTable>, StorageError> {
    let mut out = Vec::new();
    for row in client.query(sql::TABLES, &[]).await? {
        let code: TableCode = row
            .get::<_, String>(0)
            .parse()
            .map_err(|e: crate::token::ParseCodeError| StorageError::Corrupt(e.to_string()))?;
        let seats = client
            .query(sql::SEATS, &[&code.as_str()])
            .await?
            .iter()
            .map(|seat| {
                Ok((
                    index(i64::from(seat.get::<_, i32>(0)), "seat")?,
                    seat_row(seat.get(1), seat.get(2), seat.get(3), seat.get(4))?,
                ))
            })
            .collect::<Result<Vec<_>, StorageError>>()?;
        let number: i32 = client
            .query_one(sql::LATEST, &[&code.as_str()])
            .await?
            .get(0);
        let number = u32::try_from(number)
            .map_err(|_| StorageError::Corrupt(format!("game number {number}")))?;
        let current = load_game(client, &code, number)
            .await?
            .ok_or_else(|| StorageError::Corrupt(format!("table {code} has no game")))?;
        out.push(StoredTable {
            code,
            game: row.get(1),
            settings: json_from_text(row.get(2))?,
            host_token: token_from_text(row.get(3))?,
            seats,
            current,
        });
    }
    Ok(out)
}

impl Storage for PostgresStorage {
    fn write(&self, write: Write) -> BoxFuture<Result<(), StorageError>> {
        let client = Arc::clone(&self.client);
        Box::pin(async move { apply(&client, write).await })
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
