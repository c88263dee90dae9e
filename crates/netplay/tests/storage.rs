//! The storage contract, on SQLite always and on PostgreSQL when `PARLOR_TEST_POSTGRES_URL`
//! names a database (`.ci/postgres.sh` starts one; `scripts/test-all` sets the variable).

mod common;

use std::sync::Arc;

use common::*;
use game::{Outcome, SeatSet};
use netplay::storage::{SeatRow, Write};
use netplay::{
    BotChoice, ClientMessage, Config, LoggedAction, PostgresStorage, SeatKind, ServerMessage,
    SqliteStorage, Storage, TableCode, Token,
};
use serde_json::json;

/// The PostgreSQL tests share one database, and a server started there resumes (and its bots
/// play on) every table it finds, the contract test's too: they run one at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The database URL and this test's turn at it, or `None` with a loud note on stderr.
async fn postgres_url() -> Option<(String, tokio::sync::MutexGuard<'static, ()>)> {
    match std::env::var("PARLOR_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some((url, ONE_AT_A_TIME.lock().await)),
        _ => {
            eprintln!(
                "!! PARLOR_TEST_POSTGRES_URL is not set: the PostgreSQL storage tests did NOT run \
                 (export PARLOR_TEST_POSTGRES_URL=$(.ci/postgres.sh) to run them)"
            );
            None
        }
    }
}

/// Writes a table's whole life and reads it back.
async fn storage_keeps_what_it_is_told(storage: &dyn Storage) {
    let code = TableCode::generate();
    let host_token = Token::generate();
    let seat_token = Token::generate();
    let outcome = Outcome::new(&[1.0, -1.0], SeatSet::EMPTY.with(0));
    let writes = [
        Write::Table {
            code: code.clone(),
            game: "nim".into(),
            settings: json!({"stones": 4}),
            host_token: host_token.hash(),
        },
        Write::Game {
            code: code.clone(),
            number: 1,
            seed: u64::MAX - 5,
        },
        Write::Seat {
            code: code.clone(),
            seat: 1,
            row: SeatRow {
                kind: SeatKind::Bot,
                name: Some("bot 2".into()),
                token: None,
                bot: Some(BotChoice {
                    kind: "engine".into(),
                    level: 3,
                }),
            },
        },
        Write::Seat {
            code: code.clone(),
            seat: 0,
            row: SeatRow {
                kind: SeatKind::Human,
                name: Some("ann".into()),
                token: Some(seat_token.hash()),
                bot: None,
            },
        },
        Write::Seat {
            code: code.clone(),
            seat: 0,
            row: SeatRow {
                kind: SeatKind::Human,
                name: Some("ann b.".into()),
                token: Some(seat_token.hash()),
                bot: None,
            },
        },
        Write::Start {
            code: code.clone(),
            number: 1,
        },
        Write::Action {
            code: code.clone(),
            number: 1,
            ply: 0,
            seat: 1,
            action: "bid 3".into(),
        },
        Write::Action {
            code: code.clone(),
            number: 1,
            ply: 1,
            seat: 0,
            action: "bid 2".into(),
        },
        Write::Finish {
            code: code.clone(),
            number: 1,
            outcome,
        },
        Write::Game {
            code: code.clone(),
            number: 2,
            seed: 7,
        },
        Write::Action {
            code: code.clone(),
            number: 2,
            ply: 0,
            seat: 0,
            action: "bid 1".into(),
        },
    ];
    for write in writes {
        storage.write(write).await.unwrap();
    }
    let duplicate = Write::Action {
        code: code.clone(),
        number: 2,
        ply: 0,
        seat: 1,
        action: "bid 2".into(),
    };
    assert!(
        storage.write(duplicate).await.is_err(),
        "one action per ply"
    );

    let tables = storage.load_tables().await.unwrap();
    let table = tables
        .iter()
        .find(|t| t.code == code)
        .expect("the table is stored");
    assert_eq!(
        (table.game.as_str(), &table.settings, &table.host_token),
        ("nim", &json!({"stones": 4}), &host_token.hash())
    );
    assert_eq!(table.seats.len(), 2);
    assert_eq!(
        table.seats[0],
        (
            0,
            SeatRow {
                kind: SeatKind::Human,
                name: Some("ann b.".into()),
                token: Some(seat_token.hash()),
                bot: None,
            }
        )
    );
    assert_eq!(table.seats[1].1.kind, SeatKind::Bot);
    assert_eq!(
        table.seats[1].1.bot,
        Some(BotChoice {
            kind: "engine".into(),
            level: 3
        })
    );
    assert_eq!(
        (
            table.current.number,
            table.current.seed,
            table.current.started
        ),
        (2, 7, false)
    );
    assert_eq!(
        table.current.actions,
        [LoggedAction {
            seat: 0,
            action: "bid 1".into()
        }]
    );

    let first = storage
        .load_game(code.clone(), 1)
        .await
        .unwrap()
        .expect("game 1");
    assert_eq!(
        (first.seed, first.started, first.outcome),
        (u64::MAX - 5, true, Some(outcome))
    );
    assert_eq!(
        first
            .actions
            .iter()
            .map(|a| a.action.as_str())
            .collect::<Vec<_>>(),
        ["bid 3", "bid 2"]
    );
    assert_eq!(storage.load_game(code, 3).await.unwrap(), None);
}

#[tokio::test]
async fn sqlite_keeps_what_it_is_told() {
    let storage = SqliteStorage::open_dir(&temp_dir("sqlite-contract")).unwrap();
    storage_keeps_what_it_is_told(&storage).await;
}

#[tokio::test]
async fn postgres_keeps_what_it_is_told() {
    let Some((url, _turn)) = postgres_url().await else {
        return;
    };
    let storage = PostgresStorage::connect(&url).await.unwrap();
    storage_keeps_what_it_is_told(&storage).await;
}

#[tokio::test]
async fn a_server_on_postgres_resumes_its_tables_after_a_restart() {
    let Some((url, _turn)) = postgres_url().await else {
        return;
    };
    let storage: Arc<dyn Storage> = Arc::new(PostgresStorage::connect(&url).await.unwrap());
    let server = TestServer::start_on(Arc::clone(&storage), Config::default()).await;
    let mut ann = server.client().await;
    let (code, token) = create(&mut ann, "nim", nim(5), Some("ann")).await;
    ann.send(&ClientMessage::FillBots).await.unwrap();
    ann.send(&ClientMessage::Start).await.unwrap();
    act(&mut ann, "bid 3").await; // the highest bid: ann moves first (seat 0 wins ties)
    within(ann.recv_until(|m| matches!(m, ServerMessage::Ack { .. }).then_some(())))
        .await
        .unwrap();
    server.stop().await;

    let storage: Arc<dyn Storage> = Arc::new(PostgresStorage::connect(&url).await.unwrap());
    let server = TestServer::start_on(storage, Config::default()).await;
    let mut ann = server.client().await;
    ann.send(&ClientMessage::Resume { code, token })
        .await
        .unwrap();
    joined(&mut ann).await;
    let now = state(&mut ann).await;
    assert!(now.ply >= 1, "the stored bid came back");
    assert_eq!(now.view["my_bid"], json!(3));
    let (_, seen) = if now.legal.is_empty() {
        play_out(ann).await
    } else {
        act(&mut ann, &now.legal[0].text).await;
        play_out(ann).await
    };
    assert!(matches!(seen.last(), Some(ServerMessage::Result { .. })));
    server.stop().await;
}

#[tokio::test]
async fn a_database_from_before_digests_and_bot_levels_still_loads() {
    // The schema and rows an earlier version wrote: no `bot` column, tokens as plain text.
    let dir = temp_dir("old-schema");
    let token = Token::generate();
    {
        let old = rusqlite::Connection::open(dir.join(SqliteStorage::FILE)).unwrap();
        old.execute_batch(&format!(
            "CREATE TABLE parlor_tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, \
                 settings TEXT NOT NULL, host_token TEXT NOT NULL);
             CREATE TABLE parlor_seats (code TEXT NOT NULL, seat INTEGER NOT NULL, \
                 kind TEXT NOT NULL, name TEXT, token TEXT, PRIMARY KEY (code, seat));
             INSERT INTO parlor_tables VALUES ('ABC234', 'nim', '{{\"stones\":4}}', '{t}');
             INSERT INTO parlor_seats VALUES ('ABC234', 0, 'human', 'ann', '{t}');
             INSERT INTO parlor_seats VALUES ('ABC234', 1, 'bot', 'bot 2', NULL);",
            t = token.as_str()
        ))
        .unwrap();
    }
    let storage = SqliteStorage::open_dir(&dir).unwrap();
    storage
        .write(Write::Game {
            code: "ABC234".parse().unwrap(),
            number: 1,
            seed: 9,
        })
        .await
        .unwrap();
    let tables = storage.load_tables().await.unwrap();
    assert_eq!(tables.len(), 1);
    assert!(tables[0].host_token.matches(&token));
    let seats = &tables[0].seats;
    assert!(seats[0].1.token.is_some_and(|t| t.matches(&token)));
    assert_eq!((seats[1].1.kind, &seats[1].1.bot), (SeatKind::Bot, &None));
}
