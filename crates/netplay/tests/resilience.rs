//! Reconnects, players who stay away, a game that panics, and a server killed with SIGKILL
//! and restarted from its SQLite file.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::*;
use netplay::{ClientMessage, Config, Phase, ServerMessage, TableTimes, codes};
use serde_json::json;

/// Both seats bid 1 (a tie: seat 0 moves first), then seat 0 takes 1: three actions, nine
/// stones left, seat 1 to move.
async fn play_some(ann: &mut netplay::Client, bob: &mut netplay::Client) {
    act(ann, "bid 1").await;
    state_at(ann, 1).await;
    act(bob, "bid 1").await;
    assert_eq!(state_at(bob, 2).await.turn, game::Turn::Seat(0));
    act(ann, "take 1").await;
    state_at(ann, 3).await;
    state_at(bob, 3).await;
}

#[tokio::test]
async fn a_dropped_seat_resumes_with_its_token_and_finishes() {
    let server = TestServer::start(&temp_dir("reconnect"), Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(10), Some("ann")).await;
    let mut bob = server.client().await;
    let (_, token) = join(&mut bob, &code, "bob").await;
    ann.send(&ClientMessage::Start).await.unwrap();
    let card = state(&mut bob).await.view["card"].clone();
    play_some(&mut ann, &mut bob).await;
    drop(bob);
    let offline = within(ann.recv_until(|m| match m {
        ServerMessage::Table(t) if !t.seats[1].connected => Some(()),
        _ => None,
    }))
    .await;
    assert!(offline.is_ok(), "the others see bob disconnected");

    let mut bob = server.client().await;
    bob.send(&ClientMessage::Resume { code, token })
        .await
        .unwrap();
    assert_eq!(joined(&mut bob).await.0, 1);
    let now = state(&mut bob).await;
    assert_eq!(
        (now.ply, &now.view["card"], now.view["stones"].as_u64()),
        (3, &card, Some(9))
    );
    assert_eq!(
        now.legal.first().map(|a| a.text.as_str()),
        Some("take 1"),
        "bob's turn again"
    );
    let (a, b) = tokio::join!(play_out(ann), async {
        act(&mut bob, "take 1").await;
        play_out(bob).await
    });
    assert_eq!(a.1.last(), b.1.last());
    server.stop().await;
}

#[tokio::test]
async fn a_seat_away_past_the_timeout_is_played_by_the_bot_until_it_returns() {
    let config = Config {
        times: TableTimes {
            bot_delay: Duration::ZERO,
            away_timeout: Duration::from_millis(100),
        },
        ..Config::default()
    };
    let server = TestServer::start(&temp_dir("away"), config).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(12), Some("ann")).await;
    let mut bob = server.client().await;
    let (_, token) = join(&mut bob, &code, "bob").await;
    ann.send(&ClientMessage::Start).await.unwrap();
    drop(bob);
    let (_, seen) = play_out(ann).await;
    assert!(matches!(seen.last(), Some(ServerMessage::Result { .. })));
    let mut bob = server.client().await;
    bob.send(&ClientMessage::Resume { code, token })
        .await
        .unwrap();
    joined(&mut bob).await;
    let table = within(bob.recv_until(|m| match m {
        ServerMessage::Table(t) => Some(t.clone()),
        _ => None,
    }))
    .await
    .unwrap();
    assert_eq!((table.phase, table.seats[1].connected), (Phase::Over, true));
    assert!(matches!(state(&mut bob).await.turn, game::Turn::Over));
    server.stop().await;
}

#[tokio::test]
async fn a_game_that_panics_refuses_that_action_and_no_other_table_notices() {
    let server = TestServer::start(&temp_dir("panic"), Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(
        &mut ann,
        "nim",
        json!({"stones": 10, "explode_at": 7}),
        Some("ann"),
    )
    .await;
    let mut bob = server.client().await;
    join(&mut bob, &code, "bob").await;
    ann.send(&ClientMessage::Start).await.unwrap();

    let mut cal = server.client().await;
    let (other, _) = create(&mut cal, "nim", nim(6), Some("cal")).await;
    let mut dan = server.client().await;
    join(&mut dan, &other, "dan").await;
    cal.send(&ClientMessage::Start).await.unwrap();

    play_some(&mut ann, &mut bob).await; // 9 stones left, bob to move
    act(&mut bob, "take 2").await; // 7 left: the game panics
    assert_eq!(error_code(&mut bob).await, codes::GAME_FAILED);
    act(&mut bob, "take 1").await;
    let s = state(&mut bob).await;
    assert_eq!(
        (s.ply, s.view["stones"].as_u64()),
        (4, Some(8)),
        "the panic changed nothing"
    );

    let (c, d) = tokio::join!(play_out(cal), play_out(dan));
    assert!(matches!(c.1.last(), Some(ServerMessage::Result { .. })));
    assert_eq!(c.1.last(), d.1.last());
    server.stop().await;
}

/// Not a test of its own: the server process that
/// `a_server_killed_mid_game_restarts_from_its_sqlite_file` starts and kills. It runs only
/// when that test starts it, with `PARLOR_NETPLAY_CHILD_DIR` set.
#[test]
#[ignore = "started as a child process by the restart test"]
fn child_server() {
    let Ok(dir) = std::env::var("PARLOR_NETPLAY_CHILD_DIR") else {
        return;
    };
    // The parent holds our stdin: when it goes away (even failing), so do we.
    std::thread::spawn(|| {
        let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());
        std::process::exit(0);
    });
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let server = TestServer::start(dir.as_ref(), Config::default()).await;
        println!("listening {}", server.addr);
        std::future::pending::<()>().await;
    });
}

#[tokio::test]
async fn a_server_killed_mid_game_restarts_from_its_sqlite_file() {
    let dir = temp_dir("sigkill");
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["child_server", "--exact", "--ignored", "--nocapture"])
        .env("PARLOR_NETPLAY_CHILD_DIR", &dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = lines
        .find_map(|line| line.ok()?.strip_prefix("listening ").map(str::to_owned))
        .expect("the child server prints its address");
    let url = format!("ws://{addr}");

    let mut ann = within(netplay::Client::connect(&url)).await.unwrap();
    let (code, ann_token) = create(&mut ann, "nim", nim(10), Some("ann")).await;
    let mut bob = within(netplay::Client::connect(&url)).await.unwrap();
    let (_, bob_token) = join(&mut bob, &code, "bob").await;
    ann.send(&ClientMessage::Start).await.unwrap();
    let card = state(&mut ann).await.view["card"].clone();
    play_some(&mut ann, &mut bob).await;
    act(&mut bob, "take 2").await;
    within(bob.recv_until(|m| matches!(m, ServerMessage::Ack { .. }).then_some(())))
        .await
        .unwrap();

    child.kill().unwrap(); // SIGKILL: no shutdown, no flush
    child.wait().unwrap();

    let server = TestServer::start(&dir, Config::default()).await;
    let mut ann = server.client().await;
    ann.send(&ClientMessage::Resume {
        code: code.clone(),
        token: ann_token,
    })
    .await
    .unwrap();
    assert_eq!(joined(&mut ann).await.0, 0);
    let now = state(&mut ann).await;
    assert_eq!(
        (now.ply, now.view["stones"].as_u64(), &now.view["card"]),
        (4, Some(7), &card)
    );
    let mut bob = server.client().await;
    bob.send(&ClientMessage::Resume {
        code,
        token: bob_token,
    })
    .await
    .unwrap();
    joined(&mut bob).await;
    act(&mut ann, "take 1").await;
    let (a, b) = tokio::join!(play_out(ann), play_out(bob));
    assert!(matches!(a.1.last(), Some(ServerMessage::Result { .. })));
    assert_eq!(a.1.last(), b.1.last());
    server.stop().await;
}
