//! Every kind of bad input gets an error naming the problem and changes nothing.

mod common;

use std::time::Duration;

use common::*;
use futures_util::{SinkExt, StreamExt};
use netplay::{ClientMessage, Config, Limits, ServerMessage, Token, codes};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

/// A started two-seat table: (server, ann at seat 0 and host, bob at seat 1).
async fn started(
    name: &str,
    config: Config,
) -> (
    TestServer,
    netplay::Client,
    netplay::Client,
    netplay::TableCode,
) {
    let server = TestServer::start(&temp_dir(name), config).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(10), Some("ann")).await;
    let mut bob = server.client().await;
    join(&mut bob, &code, "bob").await;
    ann.send(&ClientMessage::Start).await.unwrap();
    state(&mut ann).await;
    state(&mut bob).await;
    (server, ann, bob, code)
}

/// After the refusals, the game is where it was: seat 0 bids and the ply is 1.
async fn unchanged(ann: &mut netplay::Client) {
    act(ann, "bid 1").await;
    let ply = within(ann.recv_until(|m| match m {
        ServerMessage::Ack { ply, .. } => Some(*ply),
        ServerMessage::Error { code, message } => panic!("{code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap();
    assert_eq!(ply, 1, "refused messages changed the game");
}

#[tokio::test]
async fn malformed_unknown_and_mistyped_messages_are_named() {
    let (server, mut ann, _bob, _) = started("malformed", Config::default()).await;
    for (text, code) in [
        ("{\"type\":\"action\"", codes::MALFORMED_JSON),
        ("[1,2,3]", codes::UNKNOWN_MESSAGE),
        ("{\"type\":\"fly\"}", codes::UNKNOWN_MESSAGE),
        ("{\"type\":\"action\",\"action\":[1]}", codes::BAD_MESSAGE),
        (
            "{\"type\":\"join\",\"code\":\"nope\",\"name\":\"x\"}",
            codes::BAD_MESSAGE,
        ),
    ] {
        ann.send_raw(text).await.unwrap();
        assert_eq!(error_code(&mut ann).await, code, "{text}");
    }
    unchanged(&mut ann).await;
    server.stop().await;
}

/// A WebSocket without the client library (which says hello by itself).
type Raw =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn raw_socket(server: &TestServer) -> Raw {
    let url = format!("{}/ws", server.url());
    tokio_tungstenite::connect_async(url.as_str())
        .await
        .unwrap()
        .0
}

/// Sends one frame and reads the error code of the reply (`None` for a non-error).
async fn raw_exchange(raw: &mut Raw, frame: Message) -> Option<String> {
    raw.send(frame).await.unwrap();
    let reply = within(raw.next()).await.unwrap().unwrap();
    match serde_json::from_str(reply.to_text().unwrap()).unwrap() {
        ServerMessage::Error { code, .. } => Some(code),
        _ => None,
    }
}

#[tokio::test]
async fn greetings_come_first_and_name_the_version() {
    let server = TestServer::start(&temp_dir("hello"), Config::default()).await;
    let mut raw = raw_socket(&server).await;
    let lobby = Message::text(r#"{"type":"lobby"}"#);
    assert_eq!(
        raw_exchange(&mut raw, lobby).await.as_deref(),
        Some(codes::HELLO_FIRST)
    );
    let future = Message::text(r#"{"type":"hello","protocol":2}"#);
    assert_eq!(
        raw_exchange(&mut raw, future).await.as_deref(),
        Some(codes::VERSION)
    );
    let hello = Message::text(r#"{"type":"hello","protocol":1}"#);
    assert_eq!(raw_exchange(&mut raw, hello).await, None);
    server.stop().await;
}

#[tokio::test]
async fn out_of_turn_illegal_unreadable_and_unknown_ids_are_refused() {
    let (server, mut ann, mut bob, _) = started("illegal", Config::default()).await;
    act(&mut ann, "take 1").await;
    assert_eq!(
        error_code(&mut ann).await,
        "illegal",
        "a take while bidding"
    );
    act(&mut ann, "bid 4").await;
    assert_eq!(error_code(&mut ann).await, "illegal");
    act(&mut ann, "fly away").await;
    assert_eq!(error_code(&mut ann).await, "not_an_action");
    ann.send(&ClientMessage::Action {
        action: netplay::ActionRef::Id(99),
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut ann).await, "no_such_id");
    unchanged(&mut ann).await;
    act(&mut ann, "bid 2").await;
    assert_eq!(
        error_code(&mut ann).await,
        "not_your_turn",
        "seat 0 has bid already"
    );
    act(&mut bob, "bid 3").await;
    state(&mut bob).await;
    act(&mut ann, "take 1").await;
    assert_eq!(
        error_code(&mut ann).await,
        "not_your_turn",
        "bob bid higher and moves first"
    );
    server.stop().await;
}

#[tokio::test]
async fn spectators_hosts_and_strangers_cannot_act_for_a_seat() {
    let (server, mut ann, _bob, code) = started("other-seat", Config::default()).await;
    let mut eve = server.client().await;
    eve.send(&ClientMessage::Spectate { code: code.clone() })
        .await
        .unwrap();
    act(&mut eve, "bid 1").await;
    assert_eq!(error_code(&mut eve).await, codes::NOT_SEATED);
    eve.send(&ClientMessage::Start).await.unwrap();
    assert_eq!(error_code(&mut eve).await, codes::NOT_HOST);
    eve.send(&ClientMessage::Resume {
        code: code.clone(),
        token: Token::generate(),
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut eve).await, codes::BAD_TOKEN);

    // A real token from another table proves nothing here.
    let mut zed = server.client().await;
    let (_, other_token) = create(&mut zed, "nim", nim(3), Some("zed")).await;
    zed.send(&ClientMessage::Resume {
        code: code.clone(),
        token: other_token,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut zed).await, codes::BAD_TOKEN);
    act(&mut zed, "bid 1").await;
    assert_eq!(
        error_code(&mut zed).await,
        codes::NOT_STARTED,
        "zed is still at its own table"
    );

    let mut lost = server.client().await;
    act(&mut lost, "bid 1").await;
    assert_eq!(error_code(&mut lost).await, codes::NOT_AT_TABLE);
    unchanged(&mut ann).await;
    server.stop().await;
}

#[tokio::test]
async fn joining_names_what_is_wrong() {
    let (server, _ann, _bob, code) = started("joining", Config::default()).await;
    let mut cal = server.client().await;
    join_error(&mut cal, &code, "cal", codes::ALREADY_STARTED).await;
    let (waiting, _) = create(&mut cal, "nim", nim(3), Some("cal")).await;
    let mut dan = server.client().await;
    join_error(&mut dan, &waiting, "", codes::BAD_NAME).await;
    join_error(&mut dan, &waiting, &"x".repeat(33), codes::BAD_NAME).await;
    join_error(&mut dan, &waiting, "a\u{7}b", codes::BAD_NAME).await;
    join(&mut dan, &waiting, "dan").await;
    let mut fay = server.client().await;
    join_error(&mut fay, &waiting, "fay", codes::TABLE_FULL).await;
    join_error(
        &mut fay,
        &"ZZZZZZ".parse().unwrap(),
        "fay",
        codes::NO_SUCH_TABLE,
    )
    .await;
    fay.send(&ClientMessage::Create {
        game: "chess".into(),
        settings: json!(null),
        name: None,
        token: None,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut fay).await, codes::UNKNOWN_GAME);
    fay.send(&ClientMessage::Create {
        game: "nim".into(),
        settings: json!({"stones": 0}),
        name: None,
        token: None,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut fay).await, codes::BAD_SETTINGS);
    fay.send(&ClientMessage::Create {
        game: "nim".into(),
        settings: json!({"stones": "many"}),
        name: None,
        token: None,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut fay).await, codes::BAD_SETTINGS);
    server.stop().await;
}

async fn join_error(
    client: &mut netplay::Client,
    code: &netplay::TableCode,
    name: &str,
    expected: &str,
) {
    client
        .send(&ClientMessage::Join {
            code: code.clone(),
            name: name.into(),
        })
        .await
        .unwrap();
    assert_eq!(error_code(client).await, expected, "joining as {name:?}");
}

#[tokio::test]
async fn hosts_start_only_full_tables_and_rematch_only_finished_games() {
    let server = TestServer::start(&temp_dir("host"), Config::default()).await;
    let mut ann = server.client().await;
    create(&mut ann, "nim", nim(3), Some("ann")).await;
    ann.send(&ClientMessage::Start).await.unwrap();
    assert_eq!(error_code(&mut ann).await, codes::SEATS_EMPTY);
    ann.send(&ClientMessage::Rematch).await.unwrap();
    assert_eq!(error_code(&mut ann).await, codes::NOT_OVER);
    act(&mut ann, "bid 1").await;
    assert_eq!(error_code(&mut ann).await, codes::NOT_STARTED);
    server.stop().await;
}

#[tokio::test]
async fn oversize_messages_are_refused_and_huge_ones_close_the_connection() {
    let config = Config {
        limits: Limits {
            max_message_bytes: 256,
            ..Limits::default()
        },
        ..Config::default()
    };
    let (server, mut ann, _bob, _) = started("oversize", config).await;
    let padded = format!(r#"{{"type":"action","action":"{}"}}"#, "x".repeat(300));
    ann.send_raw(&padded).await.unwrap();
    assert_eq!(error_code(&mut ann).await, codes::TOO_LARGE);
    unchanged(&mut ann).await;
    let huge = format!(r#"{{"type":"action","action":"{}"}}"#, "x".repeat(2000));
    ann.send_raw(&huge).await.unwrap();
    let closed = within(ann.recv_until(|_| None::<()>)).await;
    assert!(
        matches!(
            closed,
            Err(netplay::ClientError::Closed { .. } | netplay::ClientError::WebSocket(_))
        ),
        "{closed:?}"
    );
    server.stop().await;
}

#[tokio::test]
async fn floods_are_rate_limited_per_connection() {
    let config = Config {
        limits: Limits {
            messages_per_second: 0,
            burst: 5,
            ..Limits::default()
        },
        ..Config::default()
    };
    let server = TestServer::start(&temp_dir("rate"), config).await;
    let mut ann = server.client().await; // hello took one token; none come back at rate 0
    for _ in 0..10 {
        ann.send(&ClientMessage::Lobby).await.unwrap();
    }
    let mut answers = Vec::new();
    for _ in 0..10 {
        answers.push(match next(&mut ann).await {
            ServerMessage::Lobby { .. } => "lobby".to_owned(),
            ServerMessage::Error { code, .. } => code,
            other => panic!("{other:?}"),
        });
    }
    assert_eq!(
        answers.iter().filter(|a| *a == "lobby").count(),
        4,
        "{answers:?}"
    );
    assert_eq!(
        answers.iter().filter(|a| *a == codes::RATE_LIMITED).count(),
        6
    );
    // Another connection is not affected.
    let mut bob = server.client().await;
    bob.send(&ClientMessage::Lobby).await.unwrap();
    assert!(matches!(next(&mut bob).await, ServerMessage::Lobby { .. }));
    server.stop().await;
}

#[tokio::test]
async fn connections_per_address_are_bounded() {
    let config = Config {
        limits: Limits {
            connections_per_address: 2,
            ..Limits::default()
        },
        ..Config::default()
    };
    let server = TestServer::start(&temp_dir("per-address"), config).await;
    let first = server.client().await;
    let _second = server.client().await;
    let refused = netplay::Client::connect(&server.url()).await;
    match refused {
        Err(netplay::ClientError::WebSocket(tokio_tungstenite::tungstenite::Error::Http(
            response,
        ))) => {
            assert_eq!(response.status(), 429);
        }
        other => panic!("a third connection was not refused: {other:?}"),
    }
    first.close().await.unwrap();
    // The slot comes back once the server has seen the close.
    let mut again = None;
    for _ in 0..50 {
        if let Ok(client) = netplay::Client::connect(&server.url()).await {
            again = Some(client);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "the freed slot was not given back");
    server.stop().await;
}

#[tokio::test]
async fn binary_frames_are_refused() {
    let server = TestServer::start(&temp_dir("binary"), Config::default()).await;
    let mut raw = raw_socket(&server).await;
    let binary = Message::binary(vec![1, 2, 3]);
    assert_eq!(
        raw_exchange(&mut raw, binary).await.as_deref(),
        Some(codes::BINARY)
    );
    server.stop().await;
}
