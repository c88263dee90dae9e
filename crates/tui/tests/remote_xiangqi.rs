//! The Xiangqi screen at a network table: a real server in-process on loopback, two Xiangqi
//! screens (the screen's state, driven by its keys, no terminal) playing a short game to
//! checkmate with the cursor and typed moves in three notations; a move the server refuses
//! is shown in the status line; after the host's rematch a draw offer is declined, then
//! another accepted; the local-only keys and commands are off.

use crossterm::event::KeyCode;
use netplay::ClientMessage;
use parlor_tui::app::render_to_string;
use parlor_tui::net::NetState;
use parlor_tui::xiangqi::App;
use xiangqi::{Color, DrawReason, Outcome, WinReason};

mod common;

use common::{Running, create, join, link, press, serve, temp_dir, type_line, until};

fn seat(server: &str, name: &str, first: ClientMessage) -> App {
    App::remote(link(server, name, first), true)
}

fn net(app: &App) -> &NetState {
    app.state().table().unwrap().net()
}

fn plies(app: &App) -> usize {
    app.state().game().len()
}

fn status(app: &App) -> &str {
    app.state().status().text()
}

fn my_turn(app: &App) -> bool {
    app.state().table().unwrap().my_turn()
}

/// Moves the cursor to `square` with the arrow keys (as seen on this seat's board).
fn cursor_to(app: &mut App, square: &str) {
    let target: xiangqi::Square = square.parse().unwrap();
    for _ in 0..20 {
        let at = app.state().cursor();
        let up = if net(app).seat == Some(1) {
            (KeyCode::Down, KeyCode::Up, KeyCode::Left, KeyCode::Right)
        } else {
            (KeyCode::Up, KeyCode::Down, KeyCode::Right, KeyCode::Left)
        };
        let code = match (at.file().cmp(&target.file()), at.rank().cmp(&target.rank())) {
            (std::cmp::Ordering::Less, _) => up.2,
            (std::cmp::Ordering::Greater, _) => up.3,
            (_, std::cmp::Ordering::Less) => up.0,
            (_, std::cmp::Ordering::Greater) => up.1,
            _ => return,
        };
        press(app, code);
    }
    panic!("the cursor did not reach {square}");
}

/// A server over `dir` and ann's screen at the Xiangqi table she created: the server's URL,
/// the server, the screens and the table's code.
fn host_table(dir: &std::path::Path) -> (String, Running, Vec<App>, String) {
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), dir);
    let url = format!("ws://{addr}");
    let create = create("xiangqi", serde_json::json!({}), "ann");
    let mut apps = vec![seat(&url, "ann", create)];
    until(&mut apps, "the table", |a| net(&a[0]).seat == Some(0));
    let code = net(&apps[0]).code.clone().unwrap();
    (url, running, apps, code)
}

#[test]
fn two_xiangqi_screens_play_to_mate_then_agree_a_draw_at_a_table() {
    let dir = temp_dir("remote-xiangqi");
    let (url, running, mut apps, code) = host_table(&dir);
    let waiting = render_to_string(&mut apps[0], 80, 24);
    assert!(waiting.contains(&format!("table {code}")), "{waiting}");
    assert!(
        waiting.contains("d bot | b seat bots | g start"),
        "{waiting}"
    );
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
    assert!(
        status(&apps[1]).starts_with("only the table's host"),
        "{}",
        status(&apps[1])
    );
    press(&mut apps[0], KeyCode::Char('g'));
    until(&mut apps, "the game", |a| {
        a.iter().all(|app| app.state().remote_view().is_some())
    });
    assert_eq!(status(&apps[1]), "The game begins: you play Black.");
    let shown = render_to_string(&mut apps[1], 80, 24);
    assert!(
        shown.contains("Red: ann") && shown.contains("Black: bob (you)"),
        "{shown}"
    );
    // Black's player sees the board from Black's side: Red's files 九…一 read 1…9 at the top.
    assert!(
        shown.lines().next().unwrap().starts_with("   1   2   3"),
        "{shown}"
    );
    // The local game's keys and commands are off at a table, and the status line says so.
    press(&mut apps[0], KeyCode::Char('u'));
    assert_eq!(status(&apps[0]), "undo is off at a network table");
    type_line(&mut apps[0], "level 3");
    assert_eq!(status(&apps[0]), ":level is off at a network table.");

    // A move the server refuses (the rook cannot jump its own soldier): the status line
    // shows the server's error and the board is unchanged.
    until(&mut apps, "red's turn", |a| my_turn(&a[0]));
    type_line(&mut apps[0], "a0a5");
    until(&mut apps, "the refusal", |a| {
        status(&a[0]).starts_with("error")
    });
    assert_eq!(plies(&apps[0]), 0);
    let screen = render_to_string(&mut apps[0], 80, 24);
    assert!(screen.contains("error"), "{screen}");

    // A helpmate in five plies (found by a brute-force search with the xiangqi crate):
    // b2b4 a6a5 b4c4 f9e8 c4c9. Red's first move with the cursor: select the cannon on b2,
    // then its target b4.
    cursor_to(&mut apps[0], "b2");
    press(&mut apps[0], KeyCode::Enter);
    cursor_to(&mut apps[0], "b4");
    press(&mut apps[0], KeyCode::Enter);
    // The rest typed, in every notation: WXF, Chinese, ICCS, WXF.
    let line: [(usize, &str); 4] = [(1, "P1+1"), (0, "炮八平七"), (1, "f9e8"), (0, "C7+5")];
    for (ply, (seat, text)) in line.into_iter().enumerate() {
        until(&mut apps, "the turn", |a| {
            plies(&a[0]) == ply + 1 && plies(&a[1]) == ply + 1 && my_turn(&a[seat])
        });
        type_line(&mut apps[seat], text);
    }
    until(&mut apps, "the mate", |a| {
        a.iter().all(|app| {
            app.state()
                .remote_view()
                .is_some_and(|v| v.outcome.is_some())
        })
    });
    for app in &apps {
        let outcome = app.state().game().outcome();
        assert_eq!(
            outcome,
            Some(Outcome::Win {
                winner: Color::Red,
                reason: WinReason::Checkmate
            })
        );
        assert!(
            status(app).contains("Game over: red wins by checkmate."),
            "{}",
            status(app)
        );
    }
    assert!(status(&apps[0]).ends_with("'n' rematch, 'q' leave."));
    assert!(status(&apps[1]).ends_with("'q' leaves the table."));

    // The host's rematch: a new game at the same seats.
    press(&mut apps[0], KeyCode::Char('n'));
    until(&mut apps, "the rematch", |a| {
        a.iter()
            .all(|app| app.state().table().unwrap().game_number() == 2)
    });
    assert_eq!(plies(&apps[1]), 0);
    // Red offers a draw and Black declines it.
    press(&mut apps[0], KeyCode::Char('d'));
    assert_eq!(status(&apps[0]), "Draw offered: waiting for the answer.");
    until(&mut apps, "the offer", |a| {
        a[1].state().table().unwrap().draw_offer() == Some(0)
    });
    assert_eq!(status(&apps[1]), "ann offers a draw: 'd' answers.");
    press(&mut apps[1], KeyCode::Char('n'));
    until(&mut apps, "the answer", |a| {
        status(&a[0]) == "Your draw offer was declined."
            && a[1].state().table().unwrap().draw_offer().is_none()
    });
    // Then Black offers one, and Red accepts.
    press(&mut apps[1], KeyCode::Char('d'));
    until(&mut apps, "the second offer", |a| {
        a[0].state().table().unwrap().draw_offer() == Some(1)
    });
    let offered = render_to_string(&mut apps[0], 80, 24);
    assert!(offered.contains("bob offers a draw. Accept?"), "{offered}");
    press(&mut apps[0], KeyCode::Char('y'));
    until(&mut apps, "the draw", |a| {
        a.iter().all(|app| app.state().game().outcome().is_some())
    });
    for app in &apps {
        assert_eq!(
            app.state().game().outcome(),
            Some(Outcome::Draw(DrawReason::Agreement))
        );
        assert!(
            status(app).starts_with("Game over: draw by agreement."),
            "{}",
            status(app)
        );
    }
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}

/// The screen's text with the table's code and the server's port (which change from run to
/// run) written as `CODE` and `PORT`, each line trimmed.
fn screen_text(app: &mut App, width: u16, height: u16, url: &str, code: &str) -> Vec<String> {
    render_to_string(app, width, height)
        .replace(url.trim_start_matches("ws://"), "127.0.0.1:PORT")
        .replace(code, "CODE")
        .lines()
        .map(|line| line.trim_end().to_owned())
        .collect()
}

#[test]
fn a_lost_connection_fits_the_status_line_at_60_columns_and_the_help_says_why() {
    let dir = temp_dir("remote-xiangqi-lost");
    let (url, running, mut apps, code) = host_table(&dir);
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
    until(&mut apps, "the lost link", |a| {
        matches!(net(&a[0]).link, parlor_tui::net::Link::Lost(_))
    });
    // The whole screen at the minimum size: the join command wraps between words, the
    // address on a line of its own; nobody's presence is known while the link is down.
    let screen = screen_text(&mut apps[0], 60, 20, &url, &code);
    let expected = [
        "   1   2   3   4   5   6   7   8   9  Xiangqi . table CODE",
        "9  r---n---b---a---k---a---b---n---r  reconnecting",
        "8  +---+---+---+---+---+---+---+---+  Table CODE: others",
        "7  +---c---+---+---+---+---+---c---+  join with",
        "6  p---+---p---+---p---+---p---+---p  play --name NAME",
        "5  +---+---+---+---+---+---+---+---+  --join",
        "   |     Chu He        Han Jie     |  127.0.0.1:PORT/CODE",
        "4  +---+---+---+---+---+---+---+---+",
        "3  P---+---P---+---P---+---P---+---P  seat 0: ann - unknown",
        "2  +---C---+---+---+---+---+---C---+  (you)",
        "1  +---+---+---+---+---+---+---+---+  seat 1: empty",
        "0  R---N---B---A---K---A---B---N---R",
        "   9   8   7   6   5   4   3   2   1  d choose a bot, b seat",
        "   a   b   c   d   e   f   g   h   i  bots, g start",
        "",
        "",
        "",
        "",
        "connection lost; retrying",
        "d bot | b seat bots | g start | ? help | q leave",
    ];
    assert_eq!(screen, expected);
    // At 80 columns the status line holds the same words.
    let wide = screen_text(&mut apps[0], 80, 24, &url, &code);
    assert_eq!(wide[22], "connection lost; retrying");
    // The help names the reason, at its end.
    press(&mut apps[0], KeyCode::Char('?'));
    for _ in 0..60 {
        press(&mut apps[0], KeyCode::Down);
    }
    let help = render_to_string(&mut apps[0], 80, 24);
    assert!(
        help.contains(&format!("Table {code} at {url}, seat 0,")) && help.contains("reconnecting"),
        "{help}"
    );
    assert!(help.contains("The connection dropped ("), "{help}");
}
