//! The terminal table client against a real server: the server runs in-process on an
//! ephemeral loopback port, three client screens play a whole Dou Dizhu deal through their
//! keys, and the server restarts from its SQLite file mid-deal so every client resumes.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use netplay::{ClientMessage, SeatKind};
use parlor_tui::app::{Screen, key, keys};
use parlor_tui::net::{Link, NetScreen};

mod common;

use common::{PATIENCE, Running, link, serve, temp_dir, until};

/// One move by whichever screen is to act: ann takes the first action with Enter, bob types
/// the last action's text, carl moves the selection down once.
fn act(screens: &mut [NetScreen]) {
    for (i, s) in screens.iter_mut().enumerate() {
        if !s.state.my_turn() {
            continue;
        }
        match i {
            0 => {}
            1 => {
                let text = s.state.legal().last().unwrap().text.clone();
                for event in keys(&text) {
                    s.handle_event(&event);
                }
            }
            _ => {
                s.handle_event(&key(KeyCode::Down));
            }
        }
        s.handle_event(&key(KeyCode::Enter));
    }
}

#[test]
fn three_clients_play_a_whole_doudizhu_deal_through_a_server_restart() {
    let dir = temp_dir("net-table");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    let mut screens = vec![link(
        &url,
        "ann",
        ClientMessage::Create {
            game: "doudizhu".into(),
            settings: serde_json::Value::Null,
            name: Some("ann".into()),
            token: None,
        },
    )];
    until(&mut screens, "the table", |s| s[0].state.seat == Some(0));
    let code: netplay::TableCode = s_code(&screens[0]).parse().unwrap();
    for name in ["bob", "carl"] {
        let join = ClientMessage::Join {
            code: code.clone(),
            name: name.into(),
        };
        screens.push(link(&url, name, join));
    }
    until(&mut screens, "three humans", |s| {
        s[0].state.table.as_ref().is_some_and(|t| {
            t.seats
                .iter()
                .all(|seat| seat.kind == SeatKind::Human && seat.connected)
        })
    });
    screens[0].run_command(parlor_tui::net::Command::Start);
    until(&mut screens, "the deal", |s| {
        s.iter().all(|s| s.state.state.is_some())
    });
    let hands: Vec<String> = screens
        .iter()
        .map(|s| s.state.state.as_ref().unwrap().view["hand"].to_string())
        .collect();
    assert!(hands[0] != hands[1] && hands[1] != hands[2], "{hands:?}");

    let mut running = Some(running);
    let start = Instant::now();
    loop {
        for s in &mut screens {
            s.tick();
        }
        if screens.iter().all(|s| s.state.result.is_some()) {
            break;
        }
        let ply = screens[0].state.state.as_ref().map_or(0, |s| s.ply);
        if let Some(Running { stop, thread }) = running.take_if(|_| ply >= 6) {
            stop.send(()).unwrap();
            thread.join().unwrap();
            until(&mut screens, "the drop", |s| {
                s.iter().all(|s| matches!(s.state.link, Link::Lost(_)))
            });
            let (_, again) = serve(addr, &dir);
            std::mem::forget(again.stop); // the restarted server lives until the test ends
            until(&mut screens, "the resume", |s| {
                s.iter()
                    .all(|s| s.state.link == Link::Online && s.state.seat.is_some())
            });
        }
        act(&mut screens);
        assert!(start.elapsed() < PATIENCE * 4, "the deal did not finish");
        std::thread::sleep(Duration::from_millis(5));
    }
    let results: Vec<_> = screens.iter().map(|s| s.state.result.unwrap()).collect();
    assert!(results.iter().all(|r| *r == results[0]));
    let sum: f64 = results[0].returns[..3].iter().sum();
    assert!(
        sum.abs() < 1e-9,
        "dou dizhu settles to zero: {:?}",
        results[0].returns
    );
    assert!(!results[0].winners.is_empty());
    let text = screens[0].state.result_text().unwrap();
    assert!(text.starts_with("result: ann "), "{text}");
    for s in &screens {
        assert!(
            s.state.log.iter().any(|n| n.text == "reconnected"),
            "{:?}",
            s.state.log
        );
    }
}

fn s_code(screen: &NetScreen) -> String {
    screen.state.code.clone().unwrap()
}
