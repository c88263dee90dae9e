//! Reconnects, players who stay away, a game that panics, and a server killed with SIGKILL
//! and restarted from its SQLite file.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::*;
use netplay::{ClientMessage, Config, Phase, ServerMessage, TableTimes, Token, codes};
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
            bot_deadline: Duration::from_secs(5),
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

/// A `create` with a host token the client drew.
fn create_with(token: &Token) -> ClientMessage {
    ClientMessage::Create {
        game: "nim".into(),
        settings: nim(5),
        name: Some("ann".into()),
        token: Some(token.clone()),
    }
}

#[tokio::test]
async fn regression_a_create_sent_again_after_a_lost_connection_made_a_second_table() {
    let server = TestServer::start(&temp_dir("create-twice"), Config::default()).await;
    let token = Token::generate();
    // The first connection drops before it reads `created`.
    let mut lost = server.client().await;
    lost.send(&create_with(&token)).await.unwrap();
    drop(lost);
    // The reconnect sends the same create; another races it on a third connection.
    let (mut again, mut racer) = (server.client().await, server.client().await);
    again.send(&create_with(&token)).await.unwrap();
    racer.send(&create_with(&token)).await.unwrap();
    let mut codes = Vec::new();
    for client in [&mut again, &mut racer] {
        let (code, host_token) = within(client.recv_until(|m| match m {
            ServerMessage::Created { code, host_token } => Some((code.clone(), host_token.clone())),
            ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
            _ => None,
        }))
        .await
        .unwrap();
        assert_eq!(host_token, token);
        assert_eq!(
            joined(client).await,
            (0, token.clone()),
            "back at the host's seat"
        );
        codes.push(code);
    }
    assert_eq!(codes[0], codes[1]);
    let lobby: Vec<netplay::TableInfo> =
        serde_json::from_str(&http_get(&format!("http://{}/lobby", server.addr)).await).unwrap();
    assert_eq!(lobby.len(), 1, "one table: {lobby:?}");
    assert_eq!(lobby[0].seats[0].name.as_deref(), Some("ann"));
    // The host acts as host.
    let mut bob = server.client().await;
    join(&mut bob, &codes[0], "bob").await;
    again.send(&ClientMessage::Start).await.unwrap();
    assert!(!state(&mut again).await.legal.is_empty());
    server.stop().await;
}

#[tokio::test]
async fn a_proposed_host_token_must_be_64_hex_digits() {
    let server = TestServer::start(&temp_dir("weak-token"), Config::default()).await;
    let mut ann = server.client().await;
    for weak in ["1234", &"A".repeat(64), &"g".repeat(64)] {
        ann.send(&create_with(&Token::from_string(weak.to_owned())))
            .await
            .unwrap();
        assert_eq!(error_code(&mut ann).await, codes::BAD_TOKEN, "{weak}");
    }
    let lobby = http_get(&format!("http://{}/lobby", server.addr)).await;
    assert_eq!(lobby, "[]");
    server.stop().await;
}

#[tokio::test]
async fn tokens_are_stored_only_as_sha256_digests() {
    let dir = temp_dir("digests");
    let server = TestServer::start(&dir, Config::default()).await;
    let mut ann = server.client().await;
    let (code, host_token) = create(&mut ann, "nim", nim(5), Some("ann")).await;
    let mut bob = server.client().await;
    let (_, bob_token) = join(&mut bob, &code, "bob").await;
    ann.send(&ClientMessage::Start).await.unwrap();
    state(&mut ann).await;
    server.stop().await;
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        stored.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let stored = String::from_utf8_lossy(&stored);
    for token in [&host_token, &bob_token] {
        assert!(
            !stored.contains(token.as_str()),
            "a token is in the database"
        );
        assert!(stored.contains(&token.hash().to_stored()), "its digest is");
    }
    // The digests still let both come back after a restart.
    let server = TestServer::start(&dir, Config::default()).await;
    for (token, seat) in [(host_token, 0), (bob_token, 1)] {
        let mut client = server.client().await;
        client
            .send(&ClientMessage::Resume {
                code: code.clone(),
                token,
            })
            .await
            .unwrap();
        assert_eq!(joined(&mut client).await.0, seat);
    }
    server.stop().await;
}

#[tokio::test]
async fn regression_the_scripted_client_exited_when_the_server_restarted() {
    use clap::Parser;
    let dir = temp_dir("script-restart");
    let server = TestServer::start(&dir, Config::default()).await;
    let (addr, url) = (server.addr, server.url());
    let mut ann = server.client().await;
    let (code, ann_token) = create(&mut ann, "nim", nim(10), Some("ann")).await;
    let join = format!("{url}/{code}");
    let cli = netplay::cli::ClientCli::try_parse_from(["client", "--join", &join, "--name", "bob"])
        .unwrap();
    // Bob bids 1 and takes 1 each turn; so does ann: bob takes the last of the ten stones.
    let script = b"bid 1\ntake 1\ntake 1\ntake 1\ntake 1\ntake 1\n".as_slice();
    let bob = tokio::spawn(async move {
        let (mut out, mut log) = (Vec::new(), Vec::new());
        let done = netplay::cli::script(cli, script, &mut out, &mut log).await;
        let text = |bytes| String::from_utf8(bytes).unwrap();
        (done.map_err(|e| e.to_string()), text(out), text(log))
    });
    within(ann.recv_until(|m| match m {
        ServerMessage::Table(t) if t.seats[1].connected => Some(()),
        _ => None,
    }))
    .await
    .unwrap();
    ann.send(&ClientMessage::Start).await.unwrap();
    act(&mut ann, "bid 1").await;
    state_at(&mut ann, 2).await;
    act(&mut ann, "take 1").await;
    assert_eq!(
        state_at(&mut ann, 4).await.view["stones"],
        8,
        "bob took one"
    );

    server.stop().await;
    let server = TestServer::start_at(addr, &dir, Config::default()).await;
    let mut ann = server.client().await;
    ann.send(&ClientMessage::Resume {
        code,
        token: ann_token,
    })
    .await
    .unwrap();
    joined(&mut ann).await;
    loop {
        match next(&mut ann).await {
            ServerMessage::State(s) if !s.legal.is_empty() => act(&mut ann, "take 1").await,
            ServerMessage::Result { outcome, .. } => {
                assert!(outcome.winners.contains(1), "bob took the last stone");
                break;
            }
            _ => {}
        }
    }
    let (done, out, log) = within(bob).await.unwrap();
    assert_eq!(done, Ok(()), "{log}");
    let last: ServerMessage = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let over = match &last {
        ServerMessage::State(state) => state.turn == game::Turn::Over,
        other => matches!(other, ServerMessage::Result { .. }),
    };
    assert!(over, "the script played to the end: {out}");
    assert!(log.contains("client: connection lost"), "{log}");
    assert!(log.contains("client: reconnected"), "{log}");
    server.stop().await;
}
