//! Klondike's own screen at a network table: a real server in-process on loopback, ann's
//! Klondike screen (its state, driven by its keys, no terminal) and carl's, who joins the
//! started table and so watches it. Ann plays a deal the server proved winnable to the win
//! along the server solver's line, by keys, the mouse and typed moves; `u` takes a move back
//! through the server; a refused move or undo shows the server's error and changes nothing;
//! the local-only keys are off; the leave question says what the server does with the seat;
//! carl's board is ann's and never shows a card the server holds face down.

use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use klondike::{AutoMove, Klondike, Move};
use netplay::{AssistAsk, ClientMessage, GameRecord, RecordFormat, TableAction};
use parlor_tui::app::{Screen, render_to_string};
use parlor_tui::cards::{CardStyle, card_label};
use parlor_tui::klondike::App;
use parlor_tui::net::{NetScreen, NetState};

mod common;

use common::{create, join, link, press, serve, serve_with, temp_dir, type_line, until};

/// A screen with auto-moves off: the solver's line is played move by move.
fn seat(server: &str, name: &str, first: ClientMessage) -> App {
    let manual = klondike::Options {
        auto_move: AutoMove::None,
        auto_finish: false,
        ..klondike::Options::default()
    };
    App::remote(link(server, name, first), CardStyle::Ascii, manual)
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
    // The player's key row, whole at 60 columns.
    let narrow = render_to_string(&mut apps[0], 60, 20);
    assert_eq!(
        narrow.lines().last().unwrap().trim_end(),
        "d draw | : move | i hint | u undo | ? help | q leave"
    );
    let watched = render_to_string(&mut apps[1], 80, 24);
    assert!(watched.contains("you watch"), "{watched}");
    assert!(!watched.contains("d draw"), "a spectator's keys: {watched}");
    press(&mut apps[1], KeyCode::Char('d'));
    assert_eq!(status(&apps[1]), "You are watching: only the player moves");
    press(&mut apps[1], KeyCode::Char('u'));
    assert_eq!(status(&apps[1]), "You are watching: only the player undoes");
    // Leaving only stops carl watching; ann's seat is played by the server's bot for
    // Klondike (the random one) once she has been away past its timeout.
    press(&mut apps[1], KeyCode::Char('q'));
    let leaving = render_to_string(&mut apps[1], 80, 24);
    assert!(leaving.contains("Stop watching this table?"), "{leaving}");
    press(&mut apps[1], KeyCode::Esc);
    press(&mut apps[0], KeyCode::Char('q'));
    let leaving = render_to_string(&mut apps[0], 80, 24);
    assert!(
        leaving.contains("Leave? The random bot plays on until you return y/n"),
        "{leaving}"
    );
    press(&mut apps[0], KeyCode::Esc);
    assert!(!render_to_string(&mut apps[0], 80, 24).contains("Leave?"));

    // The local game's keys are off at the table, and change nothing.
    let start = apps[0].state().view();
    for key in ['r', 'o', 's', 'R', 'W'] {
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

    // Nothing to take back yet: the server's refusal, nothing changed.
    press(&mut apps[0], KeyCode::Char('u'));
    until(&mut apps, "the refused undo", |a| {
        status(&a[0]).starts_with("error")
    });
    assert!(
        status(&apps[0]).contains("no move is left to take back"),
        "{}",
        status(&apps[0])
    );
    assert_eq!(apps[0].state().view(), start);

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

    // The line's first move, taken back with `u`: the server logs the undo, and both
    // screens redraw the deal as it was.
    let dealt = board(&mut apps[0]);
    play(&mut apps[0], line[0], false);
    until(&mut apps, "the first move", |a| ply(&a[0]) == Some(1));
    assert_ne!(board(&mut apps[0]), dealt);
    until(&mut apps, "ann's turn", |a| {
        a[0].state().table().unwrap().my_turn()
    });
    press(&mut apps[0], KeyCode::Char('u'));
    until(&mut apps, "the undo", |a| {
        ply(&a[0]) == Some(2) && ply(&a[1]) == Some(2)
    });
    assert_eq!(apps[0].state().view(), start);
    assert_eq!(board(&mut apps[0]), dealt);
    assert_eq!(board(&mut apps[1]), dealt);
    until(&mut apps, "the ack", |a| {
        status(&a[0]) == "you took back a move"
    });
    // The server keeps no redo.
    press(&mut apps[0], KeyCode::Char('r'));
    assert_eq!(status(&apps[0]), "redo is off at a network table");

    // The record holds the move and its undo first.
    let base = 2;
    let mut watched = Vec::with_capacity(line.len());
    for (i, &mv) in line.iter().enumerate() {
        until(&mut apps, "the turn", |a| {
            ply(&a[0]) == Some(base + i)
                && ply(&a[1]) == Some(base + i)
                && a[0].state().table().unwrap().my_turn()
        });
        let seen = board(&mut apps[1]);
        assert_eq!(seen, board(&mut apps[0]), "ply {i}: carl's board is ann's");
        watched.push(seen);
        play(&mut apps[0], mv, i % 2 == 1);
    }
    until(&mut apps, "the win", |a| {
        a.iter()
            .all(|app| ply(app) == Some(base + line.len()) && net(app).result.is_some())
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
    assert_eq!(record.actions.len(), base + line.len());
    assert_eq!(record.actions[1].action, TableAction::Undo.log_text());
    for (words, logged) in watched.iter().zip(&record.actions[base..]) {
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

/// The leave question says the random bot plays the game on: it does, once the player has
/// been away past the server's timeout (carl watches it move).
#[test]
fn the_leave_question_is_true_the_random_bot_plays_a_klondike_game_left_away() {
    let dir = temp_dir("remote-klondike-away");
    let mut config = netplay::Config::default();
    config.times.away_timeout = std::time::Duration::from_millis(100);
    config.times.bot_delay = std::time::Duration::from_millis(20);
    let (addr, running) = serve_with("127.0.0.1:0".parse().unwrap(), &dir, config);
    let url = format!("ws://{addr}");
    let mut ann = vec![seat(
        &url,
        "ann",
        create("klondike", serde_json::json!({}), "ann"),
    )];
    until(&mut ann, "the table", |a| net(&a[0]).seat == Some(0));
    press(&mut ann[0], KeyCode::Char('g'));
    until(&mut ann, "the deal", |a| a[0].state().view().is_some());
    let code = net(&ann[0]).code.clone().unwrap();
    let mut carl = vec![seat(&url, "carl", join(&code, "carl"))];
    until(&mut carl, "carl watching", |c| {
        c[0].state().view().is_some()
    });

    press(&mut ann[0], KeyCode::Char('q'));
    let leaving = render_to_string(&mut ann[0], 60, 20);
    assert!(
        leaving.contains("Leave? The random bot plays on until you return y/n"),
        "{leaving}"
    );
    assert_eq!(
        ann[0].handle_event(&parlor_tui::app::key(KeyCode::Char('y'))),
        parlor_tui::app::Action::Quit
    );
    drop(ann);
    until(&mut carl, "the bot's moves", |c| ply(&c[0]) > Some(2));
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}

/// With every card going up by itself, the screen sends the automatic moves one per view
/// after the player's stock turns (the server's ply counts them), and says so; the
/// spectator's screen sends nothing. The server deals from a seed the test cannot choose and
/// some deals move no card up in 24 stock turns (no ace among the stock cards it shows, say), so
/// such a table is left for a new one.
#[test]
fn auto_moves_at_a_klondike_table_follow_the_players_move() {
    let dir = temp_dir("remote-klondike-auto");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    let tables = 8;
    let mut apps = (0..tables)
        .find_map(|_| stock_until_automatic(&url))
        .unwrap_or_else(|| panic!("no card went up by itself at {tables} tables"));
    until(&mut apps, "carl following", |a| ply(&a[1]) == ply(&a[0]));
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}

/// Ann at a new table and carl watching it; ann turns the stock until a card goes up by
/// itself (both screens returned) or 24 turns have passed (`None`).
fn stock_until_automatic(url: &str) -> Option<Vec<App>> {
    let all = klondike::Options {
        auto_move: AutoMove::All,
        ..klondike::Options::default()
    };
    let create = create("klondike", serde_json::json!({}), "ann");
    let mut apps = vec![App::remote(link(url, "ann", create), CardStyle::Ascii, all)];
    until(&mut apps, "the table", |a| net(&a[0]).seat == Some(0));
    press(&mut apps[0], KeyCode::Char('g'));
    until(&mut apps, "the deal", |a| {
        a[0].state().view().is_some() && a[0].state().table().unwrap().my_turn()
    });
    let code = net(&apps[0]).code.clone().unwrap();
    apps.push(App::remote(
        link(url, "carl", join(&code, "carl")),
        CardStyle::Ascii,
        all,
    ));
    until(&mut apps, "carl watching", |a| {
        a[1].state().view().is_some()
    });
    let settle = |apps: &mut Vec<App>| {
        until(apps, "no card left to go up", |a| {
            let view = a[0].state().view().unwrap();
            a[0].state().table().unwrap().my_turn() && view.auto_move(AutoMove::All).is_none()
        });
    };
    settle(&mut apps);
    for _ in 0..24 {
        let before = ply(&apps[0]).unwrap();
        press(&mut apps[0], KeyCode::Char('d'));
        until(&mut apps, "the turn", |a| ply(&a[0]) > Some(before));
        settle(&mut apps);
        if ply(&apps[0]).unwrap() > before + 1 {
            assert!(
                status(&apps[0]).starts_with("Sent stock (+"),
                "{}",
                status(&apps[0])
            );
            return Some(apps);
        }
        assert!(
            !status(&apps[0]).contains("automatic"),
            "{}",
            status(&apps[0])
        );
    }
    None
}
