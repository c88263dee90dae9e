//! What both backends share: the statements, their parameters for each [`Write`], and the
//! values read back from result rows. A backend runs a [`Statement`] and hands back its rows
//! as a [`Row`]; nothing here knows which database it talks to.

use std::collections::HashMap;

use super::{SeatRow, StorageError, StoredGame, StoredTable, Write};
use crate::protocol::{BotChoice, LoggedAction, SeatKind};
use crate::token::{TableCode, TokenHash};

/// The statements, with parameters `$1, $2, …` in order of appearance (SQLite binds them by
/// position too).
pub mod sql {
    pub const TABLE: &str =
        "INSERT INTO parlor_tables (code, game, settings, host_token) VALUES ($1, $2, $3, $4)";
    pub const SEAT: &str = "INSERT INTO parlor_seats (code, seat, kind, name, token, bot) \
        VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code, seat) DO UPDATE \
        SET kind = excluded.kind, name = excluded.name, token = excluded.token, bot = excluded.bot";
    pub const GAME: &str =
        "INSERT INTO parlor_games (code, number, seed, started) VALUES ($1, $2, $3, 0)";
    pub const START: &str = "UPDATE parlor_games SET started = 1 WHERE code = $1 AND number = $2";
    pub const ACTION: &str = "INSERT INTO parlor_actions (code, number, ply, seat, action) \
        VALUES ($1, $2, $3, $4, $5)";
    pub const FINISH: &str = "UPDATE parlor_games SET outcome = $1 WHERE code = $2 AND number = $3";
    /// Databases made before bot seats had levels gain the column.
    pub const ADD_BOT: &str = "ALTER TABLE parlor_seats ADD COLUMN bot TEXT";

    /// Tables with at least one game: a table row without one was never announced (the
    /// server stopped between the two writes, or another server is writing it now).
    pub const TABLES: &str = "SELECT code, game, settings, host_token FROM parlor_tables t \
        WHERE EXISTS (SELECT 1 FROM parlor_games g WHERE g.code = t.code) ORDER BY code";
    /// Every seat of every table.
    pub const SEATS: &str =
        "SELECT code, seat, kind, name, token, bot FROM parlor_seats ORDER BY code, seat";
    /// The latest game of every table.
    pub const LATEST_GAMES: &str = "SELECT code, number, seed, started, outcome \
        FROM parlor_games g WHERE number = \
        (SELECT MAX(number) FROM parlor_games h WHERE h.code = g.code)";
    /// The actions of every table's latest game, in order.
    pub const LATEST_ACTIONS: &str = "SELECT code, seat, action FROM parlor_actions a \
        WHERE number = (SELECT MAX(number) FROM parlor_games g WHERE g.code = a.code) \
        ORDER BY code, ply";
    /// One game, with the columns of [`LATEST_GAMES`].
    pub const ONE_GAME: &str = "SELECT code, number, seed, started, outcome FROM parlor_games \
        WHERE code = $1 AND number = $2";
    /// One game's actions, with the columns of [`LATEST_ACTIONS`].
    pub const ACTIONS: &str = "SELECT code, seat, action FROM parlor_actions \
        WHERE code = $1 AND number = $2 ORDER BY ply";
}

/// A statement's parameter. `Int` binds a 32-bit `INTEGER`, `Big` a 64-bit `BIGINT`
/// (PostgreSQL tells them apart; SQLite stores both as 64 bits).
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    Text(String),
    OptText(Option<String>),
    Int(i32),
    Big(i64),
}

/// A statement and its parameters.
pub type Statement = (&'static str, Vec<Param>);

fn int(value: impl TryInto<i32>, what: &str) -> Result<Param, StorageError> {
    value
        .try_into()
        .map(Param::Int)
        .map_err(|_| StorageError::Corrupt(format!("{what} out of range")))
}

/// The statement that makes `write` durable.
pub fn statement(write: &Write) -> Result<Statement, StorageError> {
    let code = |code: &TableCode| Param::Text(code.as_str().to_owned());
    Ok(match write {
        Write::Table {
            code: c,
            game,
            settings,
            host_token,
        } => (
            sql::TABLE,
            vec![
                code(c),
                Param::Text(game.clone()),
                Param::Text(settings.to_string()),
                Param::Text(host_token.to_stored()),
            ],
        ),
        Write::Seat { code: c, seat, row } => (
            sql::SEAT,
            vec![
                code(c),
                int(*seat, "seat")?,
                Param::Text(kind_text(row.kind).to_owned()),
                Param::OptText(row.name.clone()),
                Param::OptText(row.token.map(|t| t.to_stored())),
                Param::OptText(row.bot.as_ref().map(bot_text)),
            ],
        ),
        Write::Game {
            code: c,
            number,
            seed,
        } => (
            sql::GAME,
            // Seeds are u64 stored bit for bit in a BIGINT.
            vec![
                code(c),
                int(*number, "game number")?,
                Param::Big(*seed as i64),
            ],
        ),
        Write::Start { code: c, number } => {
            (sql::START, vec![code(c), int(*number, "game number")?])
        }
        Write::Action {
            code: c,
            number,
            ply,
            seat,
            action,
        } => (
            sql::ACTION,
            vec![
                code(c),
                int(*number, "game number")?,
                int(*ply, "ply")?,
                int(*seat, "seat")?,
                Param::Text(action.clone()),
            ],
        ),
        Write::Finish {
            code: c,
            number,
            outcome,
        } => (
            sql::FINISH,
            vec![
                Param::Text(
                    serde_json::to_string(outcome)
                        .map_err(|e| StorageError::Corrupt(e.to_string()))?,
                ),
                code(c),
                int(*number, "game number")?,
            ],
        ),
    })
}

/// One result row, its columns read by index, as either backend hands it back.
pub trait Row {
    /// An integer column (32 or 64 bits).
    fn int(&self, column: usize) -> Result<i64, StorageError>;
    /// A text column that may be `NULL`.
    fn text(&self, column: usize) -> Result<Option<String>, StorageError>;

    /// A text column that may not be `NULL`.
    fn required(&self, column: usize) -> Result<String, StorageError> {
        self.text(column)?
            .ok_or_else(|| StorageError::Corrupt(format!("column {column} is null")))
    }

    /// A table code column.
    fn code(&self, column: usize) -> Result<TableCode, StorageError> {
        self.required(column)?
            .parse()
            .map_err(|e: crate::token::ParseCodeError| StorageError::Corrupt(e.to_string()))
    }
}

/// Every stored table with its latest game, from the rows of [`sql::TABLES`],
/// [`sql::SEATS`], [`sql::LATEST_GAMES`] and [`sql::LATEST_ACTIONS`].
pub fn tables(
    tables: &[impl Row],
    seats: &[impl Row],
    games: &[impl Row],
    actions: &[impl Row],
) -> Result<Vec<StoredTable>, StorageError> {
    let mut seats_of: HashMap<TableCode, Vec<(usize, SeatRow)>> = HashMap::new();
    for seat in seats {
        let row = (index(seat.int(1)?, "seat")?, seat_row(seat)?);
        seats_of.entry(seat.code(0)?).or_default().push(row);
    }
    let mut actions_of = logged_actions(actions)?;
    let mut games_of = HashMap::new();
    for game in games {
        games_of.insert(game.code(0)?, game);
    }
    let mut out = Vec::with_capacity(tables.len());
    for row in tables {
        let code = row.code(0)?;
        let game = games_of
            .get(&code)
            .ok_or_else(|| StorageError::Corrupt(format!("table {code} has no game")))?;
        let current = stored_game(*game, actions_of.remove(&code).unwrap_or_default())?;
        out.push(StoredTable {
            host_token: token_from_text(&row.required(3)?)?,
            game: row.required(1)?,
            settings: json_from_text(&row.required(2)?)?,
            seats: seats_of.remove(&code).unwrap_or_default(),
            code,
            current,
        });
    }
    Ok(out)
}

/// Rows of [`sql::ACTIONS`] or [`sql::LATEST_ACTIONS`] (in order), by table.
pub fn logged_actions(
    actions: &[impl Row],
) -> Result<HashMap<TableCode, Vec<LoggedAction>>, StorageError> {
    let mut by_code: HashMap<TableCode, Vec<LoggedAction>> = HashMap::new();
    for action in actions {
        by_code
            .entry(action.code(0)?)
            .or_default()
            .push(LoggedAction {
                seat: index(action.int(1)?, "seat")?,
                action: action.required(2)?,
            });
    }
    Ok(by_code)
}

/// One game from a row of [`sql::ONE_GAME`] or [`sql::LATEST_GAMES`] and its actions.
pub fn stored_game(
    game: &impl Row,
    actions: Vec<LoggedAction>,
) -> Result<StoredGame, StorageError> {
    let number = game.int(1)?;
    Ok(StoredGame {
        number: u32::try_from(number)
            .map_err(|_| StorageError::Corrupt(format!("game number {number}")))?,
        seed: game.int(2)? as u64,
        started: game.int(3)? != 0,
        actions,
        outcome: game.text(4)?.as_deref().map(json_from_text).transpose()?,
    })
}

/// A seat from a row of [`sql::SEATS`].
fn seat_row(row: &impl Row) -> Result<SeatRow, StorageError> {
    Ok(SeatRow {
        kind: kind_from_text(&row.required(2)?)?,
        name: row.text(3)?,
        token: row.text(4)?.as_deref().map(token_from_text).transpose()?,
        bot: row.text(5)?.as_deref().map(json_from_text).transpose()?,
    })
}

fn kind_text(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Empty => "empty",
        SeatKind::Human => "human",
        SeatKind::Bot => "bot",
    }
}

fn kind_from_text(text: &str) -> Result<SeatKind, StorageError> {
    match text {
        "empty" => Ok(SeatKind::Empty),
        "human" => Ok(SeatKind::Human),
        "bot" => Ok(SeatKind::Bot),
        other => Err(StorageError::Corrupt(format!("seat kind {other:?}"))),
    }
}

fn bot_text(bot: &BotChoice) -> String {
    serde_json::to_string(bot).unwrap_or_default()
}

fn json_from_text<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StorageError> {
    serde_json::from_str(text).map_err(|e| StorageError::Corrupt(format!("{e}: {text}")))
}

fn index(value: i64, what: &str) -> Result<usize, StorageError> {
    usize::try_from(value).map_err(|_| StorageError::Corrupt(format!("{what} {value}")))
}

fn token_from_text(text: &str) -> Result<TokenHash, StorageError> {
    TokenHash::from_stored(text)
        .ok_or_else(|| StorageError::Corrupt(format!("token digest {text:?}")))
}
