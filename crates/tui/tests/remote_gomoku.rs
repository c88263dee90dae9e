//! The Gomoku screen at a network table: a real server in-process on loopback, two Gomoku
//! screens (the screen's state, driven by its keys, no terminal) playing a quick five on a
//! 9×9 board. A move on an occupied point is refused by the server and shown in the status
//! line; the host's keys start the game; the local-only keys are off.

use crossterm::event::KeyCode;
use gomoku::{Color, Outcome};
use netplay::ClientMessage;
use parlor_tui::app::render_to_string;
use parlor_tui::gomoku::App;
use parlor_tui::net::NetState;

mod common;

use common::{create, join, link, press, serve, temp_dir, type_line, until};

fn seat(server: &str, name: &str, first: ClientMessage) -> App {
    App::remote(link(server, name, first), true).unwrap()
}

fn net(app: &App) -> &NetState {
    app.state().table().unwrap().net()
}

fn moves(app: &App) -> usize {
    app.state().game().moves().len()
}

#[test]
fn two_gomoku_screens_play_a_quick_five_at_a_table() {
    let dir = temp_dir("remote-gomoku");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    let create = create(
        "gomoku",
        serde_json::json!({"width": 9, "height": 9}),
        "ann",
    );
    let mut apps = vec![seat(&url, "ann", create)];
    until(&mut apps, "the table", |a| net(&a[0]).seat == Some(0));
    let code = net(&apps[0]).code.clone().unwrap();
    let waiting = render_to_string(&mut apps[0], 80, 24);
    let address = format!("{}/{code}", url.strip_prefix("ws://").unwrap());
    assert!(waiting.contains(&address), "{waiting}");
    assert!(waiting.contains(" 9 . . ."), "{waiting}");
    let join = join(&code, "bob");
    apps.push(seat(&url, "bob", join));
    until(&mut apps, "two players", |a| {
        net(&a[0])
            .table
            .as_ref()
            .is_some_and(|t| t.seats.iter().all(|s| s.connected && s.name.is_some()))
    });
    // Only the host starts; a guest's g is refused on its own screen.
    press(&mut apps[1], KeyCode::Char('g'));
    assert!(apps[1].state().remote_view().is_none());
    press(&mut apps[0], KeyCode::Char('g'));
    until(&mut apps, "the game", |a| {
        a.iter().all(|app| app.state().remote_view().is_some())
    });
    assert_eq!(apps[0].state().options().width, 9);
    let shown = render_to_string(&mut apps[1], 80, 24);
    assert!(
        shown.contains("ann") && shown.contains("bob (you)"),
        "{shown}"
    );
    // Undo is the local game's: off at a table, and the status line says so.
    press(&mut apps[0], KeyCode::Char('u'));
    assert!(
        apps[0]
            .state()
            .status()
            .text()
            .contains("off at a network table"),
        "{}",
        apps[0].state().status().text()
    );

    let black = apps[0].state().remote_view().unwrap().black_seat;
    let white = 1 - black;
    let line = [
        (black, "a1"),
        (white, "a2"),
        (black, "b1"),
        (white, "b2"),
        (black, "c1"),
        (white, "c2"),
        (black, "d1"),
    ];
    for (ply, (seat, point)) in line.into_iter().enumerate() {
        until(&mut apps, "the turn", |a| {
            moves(&a[0]) == ply && moves(&a[1]) == ply && a[seat].state().table().unwrap().my_turn()
        });
        type_line(&mut apps[seat], point);
    }
    // White's stone on an occupied point: the server refuses it, the board is unchanged.
    until(&mut apps, "white's turn", |a| {
        moves(&a[white]) == 7 && a[white].state().table().unwrap().my_turn()
    });
    type_line(&mut apps[white], "d1");
    until(&mut apps, "the refusal", |a| {
        a[white].state().status().text().starts_with("error")
    });
    let screen = render_to_string(&mut apps[white], 80, 24);
    assert!(screen.contains("error"), "{screen}");
    assert_eq!(moves(&apps[white]), 7);
    // The cursor keys and Enter place the stone on d2.
    let d2: gomoku::Point = "d2".parse().unwrap();
    for _ in 0..9 {
        let at = apps[white].state().cursor();
        let code = match (at.x().cmp(&d2.x()), at.y().cmp(&d2.y())) {
            (std::cmp::Ordering::Greater, _) => KeyCode::Left,
            (std::cmp::Ordering::Less, _) => KeyCode::Right,
            (_, std::cmp::Ordering::Greater) => KeyCode::Down,
            (_, std::cmp::Ordering::Less) => KeyCode::Up,
            _ => break,
        };
        press(&mut apps[white], code);
    }
    assert_eq!(apps[white].state().cursor(), d2);
    press(&mut apps[white], KeyCode::Enter);
    until(&mut apps, "black's last turn", |a| {
        moves(&a[black]) == 8 && a[black].state().table().unwrap().my_turn()
    });
    type_line(&mut apps[black], "e1");
    until(&mut apps, "the five", |a| {
        a.iter().all(|app| {
            app.state()
                .remote_view()
                .is_some_and(|v| v.outcome.is_some())
        })
    });
    for app in &mut apps {
        let outcome = app.state().remote_view().unwrap().outcome;
        assert!(
            matches!(
                outcome,
                Some(Outcome::Five {
                    winner: Color::Black,
                    ..
                })
            ),
            "{outcome:?}"
        );
        assert_eq!(app.state().game().position().winner(), Some(Color::Black));
        let status = app.state().status().text();
        assert!(status.starts_with("black wins"), "{status}");
    }
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}
