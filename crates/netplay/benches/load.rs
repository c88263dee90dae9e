//! Load: 200 concurrent Dou Dizhu tables over loopback WebSockets, 1,000 clients (three seats
//! playing seeded random legal actions and two spectators per table), every game to its end.
//! Reports games per second, p50/p99 latency from sending an action to its `ack` (stored
//! first), and the process's peak memory (server and clients together: they share it).
//!
//! `cargo bench -p parlor-netplay --bench load` (`-- TABLES` for another table count,
//! `-- postgres://USER@HOST:PORT/DB` to store the tables in PostgreSQL instead of SQLite).

use std::sync::Arc;
use std::time::{Duration, Instant};

use netplay::{
    ActionRef, Client, ClientMessage, Config, Limits, PostgresStorage, Registry, Server,
    ServerMessage, SqliteStorage, Storage, TableTimes,
};

const SEATS: usize = 3;
const SPECTATORS: usize = 2;

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tables: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(200);
    let dir = std::env::temp_dir().join(format!("parlor-netplay-load-{}", std::process::id()));
    let storage: Arc<dyn Storage> = match args.iter().find(|a| a.starts_with("postgres://")) {
        Some(url) => Arc::new(PostgresStorage::connect(url).await.expect("postgres")),
        None => Arc::new(SqliteStorage::open_dir(&dir).expect("sqlite")),
    };
    let config = Config {
        limits: Limits {
            connections_per_address: 10 * tables * (SEATS + SPECTATORS),
            messages_per_second: 10_000,
            burst: 10_000,
            outbox: 4096,
            ..Limits::default()
        },
        times: TableTimes {
            bot_delay: Duration::ZERO,
            away_timeout: Duration::from_secs(3600),
            bot_deadline: Duration::from_secs(5),
        },
    };
    let server = Server::bind(
        "127.0.0.1:0".parse().unwrap(),
        config,
        Registry::parlor(),
        storage,
    )
    .await
    .expect("bind");
    let url = format!("ws://{}", server.local_addr().unwrap());
    tokio::spawn(server.run(std::future::pending()));

    // Seat every table first, then start them all at once.
    let mut hosts = Vec::new();
    let mut others = Vec::new();
    for _ in 0..tables {
        let mut host = Client::connect(&url).await.expect("connect");
        host.send(&ClientMessage::Create {
            game: "doudizhu".into(),
            settings: serde_json::Value::Null,
            name: Some("seat 0".into()),
            token: None,
        })
        .await
        .unwrap();
        let code = host
            .recv_until(|m| match m {
                ServerMessage::Created { code, .. } => Some(code.clone()),
                _ => None,
            })
            .await
            .unwrap();
        for seat in 1..SEATS + SPECTATORS {
            let mut client = Client::connect(&url).await.expect("connect");
            let message = if seat < SEATS {
                ClientMessage::Join {
                    code: code.clone(),
                    name: format!("seat {seat}"),
                }
            } else {
                ClientMessage::Spectate { code: code.clone() }
            };
            client.send(&message).await.unwrap();
            client
                .recv_until(|m| {
                    matches!(
                        m,
                        ServerMessage::Joined { .. } | ServerMessage::Watching { .. }
                    )
                    .then_some(())
                })
                .await
                .unwrap();
            others.push((seat < SEATS, client));
        }
        hosts.push(host);
    }
    println!(
        "{tables} tables, {} clients connected",
        hosts.len() + others.len()
    );

    let started = Instant::now();
    let mut tasks = Vec::new();
    for (index, mut host) in hosts.into_iter().enumerate() {
        host.send(&ClientMessage::Start).await.unwrap();
        tasks.push(tokio::spawn(play(host, true, index)));
    }
    for (index, (plays, client)) in others.into_iter().enumerate() {
        tasks.push(tokio::spawn(play(client, plays, index + tables)));
    }
    let mut latencies = Vec::new();
    let mut results = 0;
    for task in tasks {
        let (done, mut times) = tokio::time::timeout(Duration::from_secs(600), task)
            .await
            .expect("a client got stuck")
            .expect("client task");
        results += usize::from(done);
        latencies.append(&mut times);
    }
    let elapsed = started.elapsed();
    latencies.sort_unstable();
    let at = |percent: usize| latencies[(latencies.len() - 1) * percent / 100];
    assert_eq!(
        results,
        tables * (SEATS + SPECTATORS),
        "every client saw its game's result"
    );
    println!(
        "{tables} games in {:.2} s: {:.1} games/s; {} actions acknowledged, p50 {:?}, p99 {:?}; peak memory {}",
        elapsed.as_secs_f64(),
        f64::from(u32::try_from(tables).unwrap_or(u32::MAX)) / elapsed.as_secs_f64(),
        latencies.len(),
        at(50),
        at(99),
        peak_memory(),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays (or watches) to the result; returns whether the result came and the ack latencies.
async fn play(mut client: Client, plays: bool, seed: usize) -> (bool, Vec<Duration>) {
    let mut latencies = Vec::new();
    let mut sent: Option<Instant> = None;
    loop {
        let Ok(message) = client.recv().await else {
            return (false, latencies);
        };
        match message {
            ServerMessage::State(state) if plays && !state.legal.is_empty() && sent.is_none() => {
                let pick = (state.ply * 7919 + seed * 104_729) % state.legal.len();
                let action = ActionRef::Id(state.legal[pick].id);
                sent = Some(Instant::now());
                client
                    .send(&ClientMessage::Action { action })
                    .await
                    .unwrap();
            }
            ServerMessage::Ack { .. } => {
                if let Some(at) = sent.take() {
                    latencies.push(at.elapsed());
                }
            }
            ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
            ServerMessage::Result { .. } => return (true, latencies),
            _ => {}
        }
    }
}

/// The process's peak resident memory (`VmHWM` on Linux).
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_else(|| "unknown".into())
}
