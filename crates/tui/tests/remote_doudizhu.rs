//! The Dou Dizhu screen at a network table: a real server in-process on loopback, three
//! Dou Dizhu tables (the screen's state, driven by its keys, no terminal) playing a whole deal
//! to its settlement. Each seat's screen shows only its own hand until the settlement (bob's
//! screen is checked against carl's hand after every action); a
//! refused bid shows in the status line; the server restarts from its SQLite file mid-deal
//! and every seat resumes.

use std::time::{Duration, Instant};

use cards_core::CardSet;
use crossterm::event::KeyCode;
use doudizhu::Phase;
use netplay::ClientMessage;
use parlor_tui::app::{Screen, render_to_string};
use parlor_tui::cards::{CardStyle, card_label};
use parlor_tui::doudizhu::App;
use parlor_tui::net::{Link, NetState};

mod common;

use common::{PATIENCE, Running, create, link, press, serve, temp_dir, until, words};

fn seat(server: &str, name: &str, first: ClientMessage) -> App {
    App::remote(link(server, name, first), CardStyle::Ascii)
}

fn net(app: &App) -> &NetState {
    app.table().remote_link().unwrap().net()
}

#[test]
fn three_dou_dizhu_screens_play_a_deal_at_a_table_seeing_only_their_own_hands() {
    let dir = temp_dir("remote-doudizhu");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    let create = create("doudizhu", serde_json::Value::Null, "ann");
    let mut apps = vec![seat(&url, "ann", create)];
    until(&mut apps, "the table", |a| net(&a[0]).seat == Some(0));
    let code: netplay::TableCode = net(&apps[0]).code.clone().unwrap().parse().unwrap();
    let waiting = render_to_string(&mut apps[0], 80, 24);
    assert!(waiting.contains("play --name NAME --join"), "{waiting}");
    let address = format!("{}/{code}", url.strip_prefix("ws://").unwrap());
    assert!(waiting.contains(&address), "{waiting}");
    for name in ["bob", "carl"] {
        let join = ClientMessage::Join {
            code: code.clone(),
            name: name.into(),
        };
        apps.push(seat(&url, name, join));
    }
    until(&mut apps, "three players", |a| {
        net(&a[0])
            .table
            .as_ref()
            .is_some_and(|t| t.seats.iter().all(|s| s.connected && s.name.is_some()))
    });
    // The host's keys are the host's: a guest's screen neither lists nor takes them.
    assert!(
        apps[0]
            .table()
            .status()
            .text()
            .starts_with(&format!("table {code} created")),
        "{}",
        apps[0].table().status().text()
    );
    let guest = render_to_string(&mut apps[1], 80, 24);
    assert!(guest.contains("waiting for the host to start"), "{guest}");
    assert!(!guest.contains("g start"), "{guest}");
    press(&mut apps[1], KeyCode::Char('g'));
    assert!(apps[1].table().waiting_lines().is_some());
    press(&mut apps[0], KeyCode::Char('g'));
    until(&mut apps, "the deal", |a| {
        a.iter().all(|app| app.table().waiting_lines().is_none())
    });
    let hands: Vec<CardSet> = apps.iter().map(|a| a.table().view().hand).collect();
    assert_eq!(hands.iter().map(|h| h.len()).collect::<Vec<_>>(), [17; 3]);
    assert!((hands[0] & hands[1]).is_empty() && (hands[1] & hands[2]).is_empty());

    // The first bidder bids 1; the next one's 1 is refused by the server, shown in its
    // status line, and changes nothing.
    until(&mut apps, "the first bidder", |a| {
        a.iter().any(|app| app.table().my_turn())
    });
    let first = (0..3).find(|&i| apps[i].table().my_turn()).unwrap();
    press(&mut apps[first], KeyCode::Char('1'));
    until(&mut apps, "the second bidder", |a| {
        (0..3).any(|i| i != first && a[i].table().my_turn())
    });
    let second = (0..3).find(|&i| apps[i].table().my_turn()).unwrap();
    press(&mut apps[second], KeyCode::Char('1'));
    until(&mut apps, "the refusal", |a| {
        a[second]
            .table()
            .status()
            .text()
            .starts_with("error illegal")
    });
    let screen = render_to_string(&mut apps[second], 80, 24);
    assert!(screen.contains("error illegal"), "{screen}");
    assert!(apps[second].table().my_turn());
    press(&mut apps[second], KeyCode::Char('3'));

    let mut running = Some(running);
    let start = Instant::now();
    while apps.iter().any(|a| a.table().settlement().is_none()) {
        for app in &mut apps {
            app.tick();
        }
        // Bob's screen never shows a card of carl's hand (the bottom, public once the
        // landlord takes it, aside) before the settlement: checked whenever both have seen
        // the same number of actions.
        let view = apps[1].table().view();
        let ply = |app: &App| net(app).state.as_ref().map(|s| (s.game_number, s.ply));
        if view.phase != Phase::Finished && ply(&apps[1]) == ply(&apps[2]) {
            let hidden = apps[2].table().view().hand - view.bottom.unwrap_or(CardSet::EMPTY);
            let shown = words(&mut apps[1]);
            for card in hidden {
                let label = card_label(card, CardStyle::Ascii);
                assert!(!shown.contains(&label), "bob sees carl's {label}");
            }
        }
        let ply = net(&apps[0]).state.as_ref().map_or(0, |s| s.ply);
        if let Some(Running { stop, thread }) = running.take_if(|_| ply >= 8) {
            stop.send(()).unwrap();
            thread.join().unwrap();
            until(&mut apps, "the drop", |a| {
                a.iter().all(|app| matches!(net(app).link, Link::Lost(_)))
            });
            let screen = render_to_string(&mut apps[0], 80, 24);
            assert!(screen.contains("reconnecting"), "{screen}");
            let (_, again) = serve(addr, &dir);
            std::mem::forget(again.stop); // the restarted server lives until the test ends
            until(&mut apps, "the resume", |a| {
                a.iter().all(|app| net(app).link == Link::Online)
            });
        }
        for app in &mut apps {
            if !app.table().my_turn() {
                continue;
            }
            // The hint selects the planner's play (or the pass); Enter or p sends it.
            press(app, KeyCode::Char('i'));
            if app.table().selected().is_empty() {
                press(app, KeyCode::Char('p'));
            } else {
                press(app, KeyCode::Enter);
            }
        }
        assert!(start.elapsed() < PATIENCE * 4, "the deal did not finish");
        std::thread::sleep(Duration::from_millis(5));
    }
    let result = apps[0].table().settlement().unwrap();
    for app in &apps {
        assert_eq!(app.table().settlement(), Some(result));
        assert_eq!(app.table().totals(), result.payouts);
    }
    let shown = render_to_string(&mut apps[1], 80, 24);
    assert!(shown.contains("Settlement"), "{shown}");
    assert!(shown.contains("bob") && shown.contains("carl"), "{shown}");
    let carl = doudizhu::Seat::new(net(&apps[2]).seat.unwrap()).unwrap();
    let left: CardSet = apps[1].table().revealed_hands().unwrap()[carl];
    if let Some(card) = left.iter().next() {
        let label = card_label(card, CardStyle::Ascii);
        let screen = render_to_string(&mut apps[1], 80, 24);
        assert!(
            screen.split_whitespace().any(|w| w == label),
            "{label} of {left:?}\n{screen}"
        );
    }
}
