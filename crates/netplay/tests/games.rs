//! Whole games over loopback WebSockets: two clients, a client and a bot, spectators, a
//! rematch, the lobby and the downloadable record.

mod common;

use common::nim::{NimSettings, SecretNim};
use common::*;
use game::{GameState, Viewer};
use netplay::{ClientMessage, Config, GameRecord, Phase, SeatKind, ServerMessage};

#[test]
fn the_test_game_passes_the_conformance_suite() {
    game::conformance::check::<SecretNim>(
        &NimSettings::default(),
        &game::conformance::Config::default(),
    );
}

#[tokio::test]
async fn two_clients_play_a_whole_game_and_download_its_record() {
    let dir = temp_dir("two-clients");
    let server = TestServer::start(&dir, Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(7), Some("ann")).await;
    let mut bob = server.client().await;
    assert_eq!(join(&mut bob, &code, "bob").await.0, 1);
    ann.send(&ClientMessage::Start).await.unwrap();
    let (a, b) = tokio::join!(play_out(ann), play_out(bob));
    let results: Vec<_> = [&a.1, &b.1]
        .iter()
        .map(|seen| seen.last().cloned().unwrap())
        .collect();
    assert_eq!(results[0], results[1], "both seats get the same result");
    let ServerMessage::Result {
        outcome,
        game_number,
        ..
    } = &results[0]
    else {
        panic!("not a result")
    };
    assert_eq!(*game_number, 1);

    let url = format!("http://{}/tables/{code}/games/1", server.addr);
    let record: GameRecord = serde_json::from_str(&http_get(&url).await).unwrap();
    assert_eq!(
        record.seats,
        [Some("ann".to_owned()), Some("bob".to_owned())]
    );
    let mut replay = game::new_dyn::<SecretNim>(record.settings.clone(), record.seed).unwrap();
    for logged in &record.actions {
        replay.play_text(logged.seat, &logged.action).unwrap();
    }
    assert_eq!(
        replay.outcome().as_ref(),
        Some(outcome),
        "the record replays to the result"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_game_in_progress_is_not_downloadable() {
    let dir = temp_dir("no-download");
    let server = TestServer::start(&dir, Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(7), Some("ann")).await;
    let response = http_get(&format!("http://{}/tables/{code}/games/1", server.addr)).await;
    assert_eq!(response, format!("game 1 at {code} is not over yet\n"));
    server.stop().await;
}

#[tokio::test]
async fn one_client_against_a_bot_with_a_spectator_and_a_rematch() {
    let dir = temp_dir("bot");
    let server = TestServer::start(&dir, Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(9), Some("ann")).await;
    let mut eve = server.client().await;
    eve.send(&ClientMessage::Spectate { code: code.clone() })
        .await
        .unwrap();
    ann.send(&ClientMessage::FillBots).await.unwrap();
    let table = within(ann.recv_until(|m| match m {
        ServerMessage::Table(t) if t.seats[1].kind == SeatKind::Bot => Some(t.clone()),
        _ => None,
    }))
    .await
    .unwrap();
    assert_eq!(table.spectators, 1);
    ann.send(&ClientMessage::Start).await.unwrap();
    let watcher = tokio::spawn(watch(eve));
    let (mut ann, _) = play_out(ann).await;
    let (_eve, watched) = watcher.await.unwrap();
    for message in &watched {
        if let ServerMessage::State(state) = message {
            assert_eq!(state.viewer, Viewer::Spectator);
            assert!(state.legal.is_empty(), "spectators get no actions");
            assert_eq!(state.view["card"], serde_json::Value::Null);
        }
    }

    ann.send(&ClientMessage::Rematch).await.unwrap();
    let table = within(ann.recv_until(|m| match m {
        ServerMessage::Table(t) if t.game_number == 2 => Some(t.clone()),
        _ => None,
    }))
    .await
    .unwrap();
    assert_eq!(table.phase, Phase::Playing);
    assert_eq!(table.seats[0].name.as_deref(), Some("ann"));
    assert_eq!(table.seats[1].kind, SeatKind::Bot);
    let (_, seen) = play_out(ann).await;
    assert!(matches!(
        seen.last(),
        Some(ServerMessage::Result { game_number: 2, .. })
    ));
    server.stop().await;
}

#[tokio::test]
async fn the_lobby_lists_tables_with_their_seats() {
    let dir = temp_dir("lobby");
    let server = TestServer::start(&dir, Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(5), Some("ann")).await;
    let mut bob = server.client().await;
    bob.send(&ClientMessage::Lobby).await.unwrap();
    let tables = within(bob.recv_until(|m| match m {
        ServerMessage::Lobby { tables } => Some(tables.clone()),
        _ => None,
    }))
    .await
    .unwrap();
    assert_eq!(tables.len(), 1);
    assert_eq!((&tables[0].code, tables[0].phase), (&code, Phase::Waiting));
    assert_eq!(tables[0].seats[0].name.as_deref(), Some("ann"));
    assert_eq!(tables[0].seats[1].kind, SeatKind::Empty);
    let http: Vec<netplay::TableInfo> =
        serde_json::from_str(&http_get(&format!("http://{}/lobby", server.addr)).await).unwrap();
    assert_eq!(http, tables);
    server.stop().await;
}

#[test]
fn secret_nim_hides_the_other_card() {
    let game = SecretNim::new(&NimSettings::default(), 3).unwrap();
    let [zero, one] = game.cards();
    let view = serde_json::to_string(&game.view(Viewer::Seat(0))).unwrap();
    assert!(view.contains(&zero) && !view.contains(&one));
}
