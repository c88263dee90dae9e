//! The five parlor games over the network: whole games between real WebSocket clients (and
//! the server's bots), and a check of every message each client received against the crate's
//! own view for that receiver at that moment, so that a seat or a spectator gets exactly what
//! the crate lets it see (the crates' leak tests prove their views hide the rest).

mod common;

use common::*;
use game::{GameState, Viewer};
use netplay::{ClientMessage, Config, GameRecord, ServerMessage};
use serde_json::Value;

/// A whole game of `G` with `humans` clients (the rest bots) and a spectator; then every
/// state each received is compared with the crate's view, replayed from the record.
async fn whole_game<G: GameState>(settings: Value, humans: usize) -> GameRecord {
    let server = TestServer::start(&temp_dir(G::NAME), Config::default()).await;
    let mut host = server.client().await;
    let (code, _) = create(&mut host, G::NAME, settings, Some("seat 0")).await;
    let mut clients = vec![host];
    for seat in 1..humans {
        let mut client = server.client().await;
        assert_eq!(
            join(&mut client, &code, &format!("seat {seat}")).await.0,
            seat
        );
        clients.push(client);
    }
    let mut eve = server.client().await;
    eve.send(&ClientMessage::Spectate { code: code.clone() })
        .await
        .unwrap();
    clients[0].send(&ClientMessage::FillBots).await.unwrap();
    clients[0].send(&ClientMessage::Start).await.unwrap();
    let players: Vec<_> = clients
        .into_iter()
        .enumerate()
        .map(|(seat, c)| tokio::spawn(play_seeded(c, seat)))
        .collect();
    let watcher = tokio::spawn(watch(eve));
    let mut received = Vec::new();
    for (seat, player) in players.into_iter().enumerate() {
        received.push((Viewer::Seat(seat), player.await.unwrap().1));
    }
    received.push((Viewer::Spectator, watcher.await.unwrap().1));
    let url = format!("http://{}/tables/{code}/games/1", server.addr);
    let record: GameRecord = serde_json::from_str(&http_get(&url).await).unwrap();
    server.stop().await;

    // Replay the record and keep the crate's views at every ply.
    let settings = settings_of::<G>(&record);
    let mut replay = G::new(&settings, record.seed).unwrap();
    let views_at = |game: &G| -> Vec<Value> {
        (0..game.num_seats())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .map(|v| serde_json::to_value(game.view(v)).unwrap())
            .collect()
    };
    let mut views = vec![views_at(&replay)];
    for logged in &record.actions {
        let action = replay.parse_action(logged.seat, &logged.action).unwrap();
        replay.play(logged.seat, action).unwrap();
        views.push(views_at(&replay));
    }
    assert!(replay.outcome().is_some(), "the record replays to the end");
    for (viewer, seen) in &received {
        let column = match viewer {
            Viewer::Seat(s) => *s,
            Viewer::Spectator => replay.num_seats(),
        };
        let mut states = 0;
        for message in seen {
            if let ServerMessage::State(state) = message {
                assert_eq!(state.viewer, *viewer);
                assert_eq!(
                    state.view, views[state.ply][column],
                    "{viewer:?} at ply {}",
                    state.ply
                );
                assert!(matches!(viewer, Viewer::Seat(_)) || state.legal.is_empty());
                states += 1;
            }
        }
        assert!(states > 0, "{viewer:?} received no state");
    }
    record
}

/// A record's settings (`null` stands for the defaults, as in `create`).
fn settings_of<G: GameState>(record: &GameRecord) -> G::Settings {
    if record.settings.is_null() {
        G::Settings::default()
    } else {
        serde_json::from_value(record.settings.clone()).unwrap()
    }
}

#[tokio::test]
async fn doudizhu_with_three_clients() {
    let record = whole_game::<doudizhu::Game>(Value::Null, 3).await;
    assert_eq!(record.seats.len(), 3);
}

#[tokio::test]
async fn doudizhu_with_one_client_and_two_bots() {
    let record = whole_game::<doudizhu::Game>(Value::Null, 1).await;
    assert_eq!(record.seats[1].as_deref(), Some("planner bot 2"));
}

#[tokio::test]
async fn hearts_to_100_with_four_clients() {
    let record = whole_game::<hearts::Game>(Value::Null, 4).await;
    let settings = settings_of::<hearts::Game>(&record);
    let mut game = <hearts::Game as GameState>::new(&settings, record.seed).unwrap();
    for logged in &record.actions {
        let action = game.parse_action(logged.seat, &logged.action).unwrap();
        GameState::play(&mut game, logged.seat, action).unwrap();
    }
    assert!(
        game.totals().iter().any(|(_, &total)| total >= 100),
        "played to 100"
    );
}

#[tokio::test]
async fn xiangqi_between_two_clients() {
    // The default rules end a game after 60 moves without a capture.
    whole_game::<xiangqi::Game>(Value::Null, 2).await;
}

#[tokio::test]
async fn gomoku_between_two_clients() {
    whole_game::<gomoku::Gomoku>(Value::Null, 2).await;
}
