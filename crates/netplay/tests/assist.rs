//! The `assist` message over a real connection: the solver's line for a winnable Klondike
//! deal wins the table's hidden deal when played move by move, a hint is the next move of a
//! winning line, and every misuse is refused with its code.

mod common;

use common::*;
use netplay::{AssistAsk, Client, ClientMessage, Config, ServerMessage};
use serde_json::{Value, json};

/// Asks `ask` and waits for the answer: (ply, verdict, hint, line).
async fn assist(
    client: &mut Client,
    ask: AssistAsk,
) -> (usize, String, Option<String>, Option<Vec<String>>) {
    client.send(&ClientMessage::Assist { ask }).await.unwrap();
    within(client.recv_until(|m| match m {
        ServerMessage::Assist {
            ply,
            verdict,
            hint,
            line,
            ..
        } => Some((*ply, verdict.clone(), hint.clone(), line.clone())),
        ServerMessage::Error { code, message } => panic!("assist refused: {code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap()
}

/// The code of the refusal an `assist` asking `ask` gets.
async fn refusal(client: &mut Client, ask: AssistAsk) -> String {
    client.send(&ClientMessage::Assist { ask }).await.unwrap();
    error_code(client).await
}

#[tokio::test]
async fn the_solvers_line_wins_a_winnable_table_and_hints_follow_it() {
    let server = TestServer::start(&temp_dir("assist-win"), Config::default()).await;
    let mut ann = server.client().await;
    create(
        &mut ann,
        "klondike",
        json!({"winnable": true, "draw": 3}),
        Some("ann"),
    )
    .await;
    ann.send(&ClientMessage::Start).await.unwrap();
    state(&mut ann).await;
    let (ply, verdict, hint, line) = assist(&mut ann, AssistAsk::Solve).await;
    let line = line.expect("a winning line");
    assert_eq!((ply, verdict.as_str()), (0, "win"));
    assert_eq!(hint.as_ref(), line.first());
    for (i, mv) in line.iter().enumerate() {
        if i == line.len() / 2 {
            let (ply, verdict, hint, sent) = assist(&mut ann, AssistAsk::Hint).await;
            assert_eq!((ply, verdict.as_str(), sent), (i, "win", None));
            assert!(hint.is_some(), "a hint while the game is not won");
        }
        act(&mut ann, mv).await;
        state_at(&mut ann, i + 1).await;
    }
    let outcome = within(ann.recv_until(|m| match m {
        ServerMessage::Result { outcome, .. } => Some(*outcome),
        _ => None,
    }))
    .await
    .unwrap();
    assert!(outcome.winners.iter().eq([0]), "ann won");
    server.stop().await;
}

#[tokio::test]
async fn assist_is_refused_away_from_a_klondike_game_in_play() {
    let server = TestServer::start(&temp_dir("assist-refused"), Config::default()).await;
    let mut bob = server.client().await;
    assert_eq!(refusal(&mut bob, AssistAsk::Hint).await, "not_at_table");

    create(&mut bob, "klondike", Value::Null, Some("bob")).await;
    assert_eq!(refusal(&mut bob, AssistAsk::Hint).await, "not_started");

    create(&mut bob, "nim", nim(5), Some("bob")).await;
    assert_eq!(refusal(&mut bob, AssistAsk::Solve).await, "no_assist");

    bob.send_raw(r#"{"type":"assist","ask":"undo"}"#)
        .await
        .unwrap();
    assert_eq!(error_code(&mut bob).await, "bad_message");
    server.stop().await;
}

#[tokio::test]
async fn bad_winnable_settings_are_refused_at_create() {
    let server = TestServer::start(&temp_dir("assist-settings"), Config::default()).await;
    let mut cy = server.client().await;
    cy.send(&ClientMessage::Create {
        game: "klondike".into(),
        settings: json!({"winnable": "yes"}),
        name: Some("cy".into()),
        token: None,
    })
    .await
    .unwrap();
    assert_eq!(error_code(&mut cy).await, "bad_settings");
    server.stop().await;
}

#[tokio::test]
async fn xiangqi_moves_come_in_every_notation() {
    let server = TestServer::start(&temp_dir("assist-moves"), Config::default()).await;
    let mut ann = server.client().await;
    create(&mut ann, "xiangqi", Value::Null, Some("ann")).await;
    ann.send(&ClientMessage::FillBots).await.unwrap();
    ann.send(&ClientMessage::Start).await.unwrap();
    state(&mut ann).await;
    act(&mut ann, "h2e2").await;
    state_at(&mut ann, 2).await;
    ann.send(&ClientMessage::Assist {
        ask: AssistAsk::Moves,
    })
    .await
    .unwrap();
    let (ply, moves) = within(ann.recv_until(|m| match m {
        ServerMessage::Moves { ply, moves } => Some((*ply, moves.clone())),
        ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap();
    assert_eq!((ply, moves.len()), (2, 2));
    assert_eq!(
        (
            moves[0].iccs.as_str(),
            moves[0].wxf.as_str(),
            moves[0].chinese.as_str()
        ),
        ("h2e2", "C2.5", "炮二平五")
    );
    assert_eq!(refusal(&mut ann, AssistAsk::Hint).await, "no_assist");
    server.stop().await;
}
