//! The Hearts screen at a network table: a real server in-process on loopback, two Hearts
//! tables (the screen's state, driven by its keys, no terminal) and two of the server's bots
//! playing a whole hand, passing included. A refused play shows in the status line; bob's
//! 80×24 screen never shows a card of ann's hand (other than those bob passed her).

use std::time::{Duration, Instant};

use cards_core::CardSet;
use crossterm::event::KeyCode;
use netplay::ClientMessage;
use parlor_tui::app::{Screen, render_to_string};
use parlor_tui::cards::{CardStyle, card_label};
use parlor_tui::hearts::App;
use parlor_tui::hearts::state::Popup;
use parlor_tui::hearts::state::names;
use parlor_tui::hearts::ui::text as text_of;
use parlor_tui::net::NetState;

mod common;

use common::{PATIENCE, create, join, link, press, serve, temp_dir, until, words};

fn seat(server: &str, name: &str, first: ClientMessage) -> App {
    App::remote(link(server, name, first), CardStyle::Ascii)
}

fn net(app: &App) -> &NetState {
    app.table().remote_link().unwrap().net()
}

/// Clicks (by the cursor) the card at `index` of the hand and plays or picks it.
fn choose(app: &mut App, index: usize) {
    press(app, KeyCode::Home);
    for _ in 0..index {
        press(app, KeyCode::Right);
    }
    press(app, KeyCode::Char(' '));
}

#[test]
fn two_hearts_screens_and_two_server_bots_play_a_hand_seeing_only_their_own_hands() {
    let dir = temp_dir("remote-hearts");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    let create = create("hearts", serde_json::Value::Null, "ann");
    let mut apps = vec![seat(&url, "ann", create)];
    until(&mut apps, "the table", |a| net(&a[0]).seat.is_some());
    let code = net(&apps[0]).code.clone().unwrap();
    let waiting = render_to_string(&mut apps[0], 80, 24);
    let address = format!("{}/{code}", url.strip_prefix("ws://").unwrap());
    assert!(waiting.contains("play --name NAME --join"), "{waiting}");
    assert!(waiting.contains(&address), "{waiting}");
    let join = join(&code, "bob");
    apps.push(seat(&url, "bob", join));
    until(&mut apps, "bob", |a| {
        net(&a[0])
            .table
            .as_ref()
            .is_some_and(|t| t.seats.iter().filter(|s| s.connected).count() == 2)
    });
    // The host's keys are the host's: the guest's screen neither lists nor takes them.
    let guest = render_to_string(&mut apps[1], 80, 24);
    assert!(guest.contains("waiting for the host to start"), "{guest}");
    assert!(!guest.contains("g start"), "{guest}");
    press(&mut apps[1], KeyCode::Char('b'));
    press(&mut apps[0], KeyCode::Char('b'));
    until(&mut apps, "the bots", |a| {
        net(&a[0])
            .table
            .as_ref()
            .is_some_and(|t| t.seats.iter().all(|s| s.name.is_some()))
    });
    press(&mut apps[0], KeyCode::Char('g'));
    until(&mut apps, "the deal", |a| {
        a.iter().all(|app| app.table().waiting_lines().is_none())
    });
    let host = render_to_string(&mut apps[0], 80, 24);
    assert!(host.contains("bob"), "the seats are named: {host}");
    let hands: Vec<CardSet> = apps.iter().map(|a| a.table().view().hand()).collect();
    assert_eq!(hands.iter().map(|h| h.len()).collect::<Vec<_>>(), [13; 2]);
    assert!((hands[0] & hands[1]).is_empty());

    // Both pass their first three cards: picked here, sent one by one, exchanged.
    for app in &mut apps {
        for i in 0..3 {
            choose(app, i);
        }
        assert_eq!(app.table().chosen().len(), 3);
        press(app, KeyCode::Enter);
    }
    until(&mut apps, "the exchange", |a| {
        a.iter().all(|app| app.table().view().received().is_some())
    });
    for app in &mut apps {
        let view = app.table().view();
        let passed = view.passed().unwrap();
        assert!((passed & view.hand()).is_empty());
        // The line under the hand says what was passed and received; the status line does
        // not say it again, nor calls a pick a play.
        let status = app.table().status().text().to_owned();
        assert!(
            !status.contains("passed") && !status.contains("played"),
            "{status}"
        );
        let screen = render_to_string(app, 80, 24);
        let ascii = |text: String| text_of(CardStyle::Ascii, &text);
        let exchange = ascii(format!("passed {}", names(passed)));
        assert_eq!(screen.matches(&exchange).count(), 1, "{screen}");
        let received = ascii(format!("received {}", names(view.received().unwrap())));
        assert!(screen.contains(&received), "{screen}");
    }

    let mut refused = false;
    // Each screen's last card of the hand, to find in the summary's final trick.
    let mut last_cards = [None; 2];
    let start = Instant::now();
    while apps
        .iter()
        .any(|a| a.table().view().hand_scores().is_empty())
    {
        for app in &mut apps {
            app.tick();
        }
        // Bob never sees a card of ann's hand, but those he passed her: checked whenever
        // both have seen the same number of actions.
        let ply = |app: &App| net(app).state.as_ref().map(|s| (s.game_number, s.ply));
        let bob = apps[1].table().view();
        if ply(&apps[0]) == ply(&apps[1]) && bob.hand_scores().is_empty() {
            let hidden = apps[0].table().view().hand() - bob.passed().unwrap_or(CardSet::EMPTY);
            let shown = words(&mut apps[1]);
            for card in hidden {
                let label = card_label(card, CardStyle::Ascii);
                assert!(!shown.contains(&label), "bob sees ann's {label}");
            }
        }
        for (i, app) in apps.iter_mut().enumerate() {
            if !app.table().remote_link().unwrap().my_turn() || app.table().popup().is_some() {
                continue;
            }
            let view = app.table().view();
            let hand = app.table().hand();
            if let [last] = hand.as_slice() {
                last_cards[i] = Some(*last);
            }
            let legal = view.legal_moves();
            let illegal = hand.iter().position(|&c| !legal.contains(c));
            // Ann tries a card she may not play once: the server refuses it.
            if let (0, false, Some(index)) = (i, refused, illegal) {
                choose(app, index);
                until(std::slice::from_mut(app), "the refusal", |a| {
                    a[0].table().status().text().starts_with("error illegal")
                });
                let screen = render_to_string(app, 80, 24);
                assert!(screen.contains("error illegal"), "{screen}");
                assert_eq!(app.table().view(), view, "the refusal changes nothing");
                refused = true;
                continue;
            }
            let index = hand.iter().position(|&c| legal.contains(c)).unwrap();
            choose(app, index);
        }
        assert!(start.elapsed() < PATIENCE * 4, "the hand did not finish");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(refused, "ann never held a card she could not play");
    for (i, app) in apps.iter_mut().enumerate() {
        let view = app.table().view();
        assert_eq!(view.hand_scores().len(), 1);
        let scores = view.hand_scores()[0];
        let total: i32 = hearts::Seat::ALL.iter().map(|&s| scores[s]).sum();
        assert!(
            total == 26 || total == 78,
            "a hand scores 26 (or 78 for a moon)"
        );
        assert_eq!(view.hand().len(), 13, "the next hand is dealt");
        assert_eq!(app.table().popup(), Some(Popup::HandOver));
        let summary = render_to_string(app, 80, 24);
        assert!(summary.contains("End of hand"), "{summary}");
        assert!(summary.contains("final trick"), "{summary}");
        // The test server's bots act at once: views come several plays at a time, and the
        // next hand is dealt with the last card. The final trick comes whole with the view.
        let last = app.table().final_trick().unwrap();
        assert!(last.is_complete(), "{:?}", last.cards());
        assert!(
            last.cards().contains(&last_cards[i].unwrap()),
            "my last card is in it"
        );
        let final_line = summary.lines().find(|l| l.contains("final trick")).unwrap();
        for &card in last.cards() {
            let label = card_label(card, CardStyle::Ascii);
            assert!(final_line.contains(label.trim()), "{final_line}");
        }
        press(app, KeyCode::Enter);
        assert_eq!(app.table().popup(), None, "Enter goes on to the next hand");
    }
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}

/// The screen at `width`×`height` with the run's port written `PORT_` (the same width).
fn screen_at(app: &mut App, width: u16, height: u16, port: u16, code: &str) -> Vec<String> {
    render_to_string(app, width, height)
        .replace(&port.to_string(), "PORT_")
        .replace(code, "CODE42")
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn regression_the_join_command_wrapped_inside_the_url_and_presence_outlived_the_link() {
    let dir = temp_dir("remote-hearts-waiting");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    let mut apps = vec![seat(
        &url,
        "ann",
        create("hearts", serde_json::Value::Null, "ann"),
    )];
    until(&mut apps, "the table", |a| net(&a[0]).seat.is_some());
    let code = net(&apps[0]).code.clone().unwrap();
    let port = addr.port();
    assert_eq!(port.to_string().len(), 5, "an ephemeral port");
    assert_eq!(
        screen_at(&mut apps[0], 60, 20, port, &code),
        [
            "+ Hearts | hand 1 | pass left | table CODE42, online ------+",
            "|       (empty)  13 cards | 0 pts this hand | total 0      |",
            "|                ## ## ## ## ## ## ## ## +5                |",
            "|                                                          |",
            "|         + Waiting for players -----------------+         |",
            "|+--------| Table CODE42: others join with       |--------+|",
            "||(empty) | play --name NAME --join              |        ||",
            "||13 cards| 127.0.0.1:PORT_/CODE42               |        ||",
            "||0 pts th|                                      |is hand ||",
            "||total 0 | seat 0: ann - online  (you)          |        ||",
            "||## ## ##| seat 1: empty                        | ## +9  ||",
            "|+--------| seat 2: empty                        |--------+|",
            "|         | seat 3: empty                        |         |",
            "|You (ann)|                                      |         |",
            "|         | d choose a bot, b seat bots, g start |         |",
            "|         +--------------------------------------+         |",
            "|passing left: pick 3 cards for (empty)                    |",
            "|table CODE42 created: others join with --join             |",
            "|Enter play  t last trick  p points  d bot  b bots  g start|",
            "+----------------------------------------------------------+",
        ]
    );
    // Our own link goes down: nobody's presence is known until it is back.
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
    until(&mut apps, "the lost link", |a| {
        matches!(net(&a[0]).link, parlor_tui::net::Link::Lost(_))
    });
    assert_eq!(
        screen_at(&mut apps[0], 80, 24, port, &code),
        [
            "+ Hearts | hand 1 | pass left | table CODE42, reconnecting --------------------+",
            "|                 (empty)  13 cards | 0 pts this hand | total 0                |",
            "|                          ## ## ## ## ## ## ## ## +5                          |",
            "|                                                                              |",
            "|                                                                              |",
            "|                                                                              |",
            "|                   + Waiting for players -----------------+                   |",
            "|+------------------| Table CODE42: others join with       |------------------+|",
            "||(empty)           | play --name NAME --join              |)                 ||",
            "||13 cards          | 127.0.0.1:PORT_/CODE42               |ds                ||",
            "||0 pts this hand   |                                      |this hand         ||",
            "||total 0           | seat 0: ann - unknown  (you)         |0                 ||",
            "||## ## ## ## +9    | seat 1: empty                        |## ## +9          ||",
            "|+------------------| seat 2: empty                        |------------------+|",
            "|                   | seat 3: empty                        |                   |",
            "|                   |                                      |                   |",
            "|                   | d choose a bot, b seat bots, g start |                   |",
            "|You (ann (unknown))+--------------------------------------+                   |",
            "|                                                                              |",
            "|                                                                              |",
            "|passing left: pick 3 cards for (empty)                                        |",
            "|connection lost; retrying                                                     |",
            "|Enter play  t last trick  p points  d bot  b bots  g start  ? help  q leave   |",
            "+------------------------------------------------------------------------------+",
        ]
    );
}
