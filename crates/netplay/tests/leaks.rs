//! Hidden information stays hidden: every message each client receives during whole games is
//! recorded, and none carries what its receiver may not know.

mod common;

use common::nim::SecretNim;
use common::*;
use game::GameState;
use netplay::{ClientMessage, Config, GameRecord, ServerMessage};

#[tokio::test]
async fn no_seat_or_spectator_ever_sees_another_seats_card_or_early_bid() {
    for game in 0..5u8 {
        let server = TestServer::start(&temp_dir("leaks"), Config::default()).await;
        let mut ann = server.client().await;
        let (code, _) = create(&mut ann, "nim", nim(6 + game), Some("ann")).await;
        let mut bob = server.client().await;
        join(&mut bob, &code, "bob").await;
        let mut eve = server.client().await;
        eve.send(&ClientMessage::Spectate { code: code.clone() })
            .await
            .unwrap();
        ann.send(&ClientMessage::Start).await.unwrap();
        let (a, b, e) = tokio::join!(play_out(ann), play_out(bob), watch(eve));
        let url = format!("http://{}/tables/{code}/games/1", server.addr);
        let record: GameRecord = serde_json::from_str(&http_get(&url).await).unwrap();
        server.stop().await;

        // The cards, from the game itself: the record's seed rebuilds the deal.
        let settings = serde_json::from_value(record.settings.clone()).unwrap();
        let cards = SecretNim::new(&settings, record.seed).unwrap().cards();
        for (seat, seen) in [&a.1, &b.1].into_iter().enumerate() {
            let text = to_text(seen);
            assert!(
                text.contains(&cards[seat]),
                "seat {seat} never saw its own card"
            );
            assert!(
                !text.contains(&cards[1 - seat]),
                "seat {seat} saw the other card"
            );
        }
        let watched = to_text(&e.1);
        assert!(
            !cards.iter().any(|c| watched.contains(c)),
            "the spectator saw a card"
        );

        // A bid is its bidder's secret until both are in: before that, a view shows only
        // the receiver's own bid, once made.
        let bid_ply = |seat: usize| {
            record
                .actions
                .iter()
                .position(|a| a.seat == seat && a.action.starts_with("bid"))
                .unwrap()
        };
        let bid_text = |seat: usize| record.actions[bid_ply(seat)].action.clone();
        for (viewer, seen) in [(Some(0), &a.1), (Some(1), &b.1), (None, &e.1)] {
            for message in seen {
                let ServerMessage::State(s) = message else {
                    continue;
                };
                if !s.view["bids"].is_null() {
                    assert!(s.ply >= 2, "bids public before both were in");
                    continue;
                }
                let expected = viewer
                    .filter(|&seat| bid_ply(seat) < s.ply)
                    .map(|seat| serde_json::json!(bid_text(seat)[4..].parse::<u8>().unwrap()));
                assert_eq!(
                    s.view["my_bid"],
                    expected.unwrap_or_default(),
                    "{viewer:?} at ply {}",
                    s.ply
                );
            }
        }
    }
}

fn to_text(messages: &[ServerMessage]) -> String {
    messages
        .iter()
        .map(|m| serde_json::to_string(m).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}
