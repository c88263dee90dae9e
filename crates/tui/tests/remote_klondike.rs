//! Klondike's own screen at a network table: a real server in-process on loopback, ann's
//! Klondike screen (its state, driven by its keys, no terminal) and carl's, who joins the
//! started table and so watches it. Ann plays a deal the server proved winnable to the win
//! along the server solver's line, by keys, the mouse and typed moves; a refused move shows the
//! server's error and changes nothing; the local-only keys are off; carl's board is ann's
//! and never shows a card the server holds face down.

use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use klondike::{Klondike, Move};
use netplay::{AssistAsk, ClientMessage, GameRecord, RecordFormat};
use parlor_tui::app::{Screen, render_to_string};
use parlor_tui::cards::{CardStyle, card_label};
use parlor_tui::klondike::App;
use parlor_tui::net::{NetScreen, NetState};

mod common;

use common::{create, join, link, press, serve, temp_dir, type_line, until};

fn seat(server: &str, name: &str, first: ClientMessage) -> App {
    App::remote(link(server, name, first), CardStyle::Ascii)
}

fn net(app: &App) -> &NetState {
    app.state().table().unwrap().net()
}

fn ply(app: &App) -> Option<usize> {
    net(app).state.as_ref().map(|state| state.ply)
}

fn status(app: &App) -> &str {
    app.state().message().text()
}

/// The words of the table's rows at 80x24 (the top row to the last tableau row, without the
/// header, the status line and the key row), the cursor's pointer left out, in order.
fn board(app: &mut App) -> Vec<String> {
    let screen = render_to_string(app, 80, 24);
    let rows: Vec<&str> = screen.lines().collect();
    rows[3..23]
        .iter()
        .flat_map(|row| {
            row.replace('>', " ")
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Presses the left button at `from` and lets it go at `to` (a click where they are one).
fn drag(app: &mut App, from: (u16, u16), to: (u16, u16)) {
    let button = MouseButton::Left;
    for (kind, (column, row)) in [
        (MouseEventKind::Down(button), from),
        (MouseEventKind::Up(button), to),
    ] {
        app.handle_event(&Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
    }
}

/// Where the 80x24 ASCII table draws the stock, the waste and pile `p`'s first row.
const STOCK: (u16, u16) = (2, 3);
const WASTE: (u16, u16) = (7, 3);
const fn pile_at(p: u8) -> (u16, u16) {
    (2 + 5 * p as u16, 5)
}

/// Plays `mv` the way a player would, by keys or (`mouse`) by the mouse: `d` or a click
/// turns the stock, a pile's digit or `w` picks up and `f` or a digit drops, a waste card is
/// dragged onto a pile; runs between piles and cards coming down from a foundation are
/// typed at `:`. The table must have been drawn (for the mouse areas).
fn play(app: &mut App, mv: Move, mouse: bool) {
    let pile = |p: u8| KeyCode::Char(char::from(b'1' + p));
    match mv {
        Move::Stock | Move::Recycle if mouse => drag(app, STOCK, STOCK),
        Move::WasteToPile(to) if mouse => drag(app, WASTE, pile_at(to)),
        Move::Stock | Move::Recycle => press(app, KeyCode::Char('d')),
        Move::WasteToFoundation => {
            press(app, KeyCode::Char('w'));
            press(app, KeyCode::Char('f'));
        }
        Move::WasteToPile(to) => {
            press(app, KeyCode::Char('w'));
            press(app, pile(to));
        }
        Move::PileToFoundation(from) => {
            press(app, pile(from));
            press(app, KeyCode::Char('f'));
        }
        Move::PileToPile { .. } | Move::FoundationToPile { .. } => {
            type_line(app, &mv.to_string());
        }
    }
}

/// A spectator's link for what the test asks the server itself (the solver's whole line,
/// the record): any member of a Klondike table may.
fn helper(server: &str, code: &str) -> NetScreen {
    let code = code.parse().unwrap();
    let mut helper = link(server, "", ClientMessage::Spectate { code });
    until(std::slice::from_mut(&mut helper), "the helper", |h| {
        h[0].state.state.is_some()
    });
    helper
}

#[test]
fn a_klondike_screen_wins_at_a_table_while_a_spectator_sees_only_the_face_up_cards() {
    let dir = temp_dir("remote-klondike");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    let create = create("klondike", serde_json::json!({"winnable": true}), "ann");
    let mut ann = vec![seat(&url, "ann", create)];
    until(&mut ann, "the table", |a| net(&a[0]).seat == Some(0));
    let code = net(&ann[0]).code.clone().unwrap();
    let waiting = render_to_string(&mut ann[0], 80, 24);
    let address = format!("{}/{code}", url.strip_prefix("ws://").unwrap());
    assert!(waiting.contains(&address), "{waiting}");
    // The one seat is the host's: no bots to seat, only the start.
    assert!(waiting.contains("g start"), "{waiting}");
    assert!(!waiting.contains("seat bots"), "{waiting}");
    press(&mut ann[0], KeyCode::Char('d'));
    assert_eq!(status(&ann[0]), "The game has not started yet");
    press(&mut ann[0], KeyCode::Char('g'));
    until(&mut ann, "the deal", |a| a[0].state().view().is_some());

    // Carl's join of the started table watches it.
    let join = join(&code, "carl");
    let mut apps = vec![ann.pop().unwrap(), seat(&url, "carl", join)];
    until(&mut apps, "carl watching", |a| {
        a[1].state().view().is_some()
            && net(&a[0]).table.as_ref().is_some_and(|t| t.spectators == 1)
    });
    assert_eq!(net(&apps[1]).seat, None);
    let header = render_to_string(&mut apps[0], 80, 24);
    assert!(
        header.starts_with("ann (you) | table ") && header.contains("1 watching"),
        "{header}"
    );
    let watched = render_to_string(&mut apps[1], 80, 24);
    assert!(watched.contains("you watch"), "{watched}");
    assert!(!watched.contains("d draw"), "a spectator's keys: {watched}");
    press(&mut apps[1], KeyCode::Char('d'));
    assert_eq!(status(&apps[1]), "You are watching: only the player moves");

    // The local game's keys are off at the table, and change nothing.
    let start = apps[0].state().view();
    for key in ['u', 'r', 'o', 's', 'R', 'W'] {
        press(&mut apps[0], KeyCode::Char(key));
        assert!(
            status(&apps[0]).ends_with("is off at a network table"),
            "{key}: {}",
            status(&apps[0])
        );
        assert_eq!(apps[0].state().view(), start, "{key}");
    }
    press(&mut apps[0], KeyCode::Char('?'));
    // Tall enough for the whole help.
    let help = render_to_string(&mut apps[0], 80, 80);
    assert!(help.contains("At a network table"), "{help}");
    assert!(!help.contains("restart this deal"), "{help}");
    press(&mut apps[0], KeyCode::Esc);

    // A move the rules refuse: the server's error in the status line, nothing changed.
    type_line(&mut apps[0], "fS-1");
    until(&mut apps, "the refusal", |a| {
        status(&a[0]).starts_with("error")
    });
    let refused = render_to_string(&mut apps[0], 80, 24);
    assert!(refused.contains("error illegal"), "{refused}");
    assert_eq!(apps[0].state().view(), start);
    assert_eq!(ply(&apps[0]), Some(0));

    // The server's solver: a hint, and "can it still be won?".
    press(&mut apps[0], KeyCode::Char('i'));
    until(&mut apps, "the hint", |a| {
        status(&a[0]).starts_with("Hint: ")
    });
    press(&mut apps[0], KeyCode::Char('c'));
    until(&mut apps, "the verdict", |a| {
        status(&a[0]).starts_with("Yes, this can still be won (")
    });

    // The solver's whole line, played by keys and by typed moves.
    let mut helper = helper(&url, &code);
    helper.send(ClientMessage::Assist {
        ask: AssistAsk::Solve,
    });
    until(std::slice::from_mut(&mut helper), "the line", |h| {
        h[0].state.assist.is_some()
    });
    let assisted = helper.state.assist.take().unwrap();
    assert_eq!(assisted.verdict, "win");
    let line: Vec<Move> = assisted
        .line
        .unwrap()
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
    let mut watched = Vec::with_capacity(line.len());
    for (i, &mv) in line.iter().enumerate() {
        until(&mut apps, "the turn", |a| {
            ply(&a[0]) == Some(i)
                && ply(&a[1]) == Some(i)
                && a[0].state().table().unwrap().my_turn()
        });
        let seen = board(&mut apps[1]);
        assert_eq!(seen, board(&mut apps[0]), "ply {i}: carl's board is ann's");
        watched.push(seen);
        play(&mut apps[0], mv, i % 2 == 1);
    }
    until(&mut apps, "the win", |a| {
        a.iter()
            .all(|app| ply(app) == Some(line.len()) && net(app).result.is_some())
    });
    assert!(
        status(&apps[0]).starts_with("You won! Final score"),
        "{}",
        status(&apps[0])
    );
    assert!(
        status(&apps[1]).starts_with("ann won!"),
        "{}",
        status(&apps[1])
    );
    let won = render_to_string(&mut apps[0], 80, 24);
    assert!(won.contains("n rematch"), "{won}");

    // What the server held face down (and in the stock) at each ply never showed on carl's
    // screen.
    helper.send(ClientMessage::Record {
        game_number: Some(1),
        format: RecordFormat::Log,
    });
    until(std::slice::from_mut(&mut helper), "the record", |h| {
        h[0].state.record.is_some()
    });
    let record: GameRecord = serde_json::from_str(&helper.state.record.unwrap().text).unwrap();
    let mut position: Klondike = netplay::assist::klondike(record.settings, record.seed).unwrap();
    assert_eq!(record.actions.len(), line.len());
    for (words, logged) in watched.iter().zip(&record.actions) {
        let [_, down, ..] = position.zones();
        let hidden = down.iter().chain(position.stock().iter().copied());
        for card in hidden {
            let label = card_label(card, CardStyle::Ascii);
            assert!(!words.contains(&label), "carl sees {label}: {words:?}");
        }
        position.play(logged.action.parse().unwrap()).unwrap();
    }
    assert!(position.is_won());

    // The host's rematch deals the next game at the same seat.
    press(&mut apps[0], KeyCode::Char('n'));
    until(&mut apps, "the rematch", |a| {
        a.iter().all(|app| {
            net(app).state.as_ref().is_some_and(|s| s.game_number == 2)
                && app.state().view().is_some_and(|v| v.foundations == [0; 4])
        })
    });
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}
