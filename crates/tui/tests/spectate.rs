//! Spectators in the terminal: a `--join` of a table that has started watches it (the
//! connection turns the refused join into `spectate`). A real server in-process on loopback;
//! the spectator's Hearts screen shows the public view and, checked at every action against
//! the finished game's record from the server, never a card of any hand; its Gomoku screen
//! (ann against the server's bot) shows the player's board; neither sends anything, and
//! leaving only stops watching.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use game::{GameState, Viewer};
use netplay::{ClientMessage, GameRecord, RecordFormat};
use parlor_tui::app::{Screen, render_to_string};
use parlor_tui::cards::{CardStyle, card_label};
use parlor_tui::net::{Command, NetState};

mod common;

use common::{PATIENCE, create, join, link, press, serve, temp_dir, type_line, until, words};

/// The keys a player acts with on each screen: Enter, Space, a digit, the cursor, a move.
const ACTING: [KeyCode; 5] = [
    KeyCode::Enter,
    KeyCode::Char(' '),
    KeyCode::Char('1'),
    KeyCode::Left,
    KeyCode::Char('b'),
];

/// Dave's view of the Hearts table.
fn dave_net(dave: &[parlor_tui::hearts::App]) -> &NetState {
    dave[0].table().remote_link().unwrap().net()
}

/// Whether a note on the spectator's screen reports a problem (a refusal of what it sent).
fn refused(net: &NetState) -> bool {
    net.log.iter().any(|note| note.alarm)
}

#[test]
fn a_hearts_spectator_sees_the_public_view_and_never_a_hand_card() {
    let dir = temp_dir("spectate-hearts");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    // Ann hosts one hand, on the generic client, with the server's bots in the other seats.
    let create = create("hearts", serde_json::json!({"max_hands": 1}), "ann");
    let mut ann = vec![link(&url, "ann", create)];
    until(&mut ann, "the table", |a| a[0].state.seat.is_some());
    let code = ann[0].state.code.clone().unwrap();
    ann[0].run_command(Command::FillBots);
    until(&mut ann, "the bots", |a| {
        a[0].state
            .table
            .as_ref()
            .is_some_and(|t| t.seats.iter().all(|s| s.name.is_some()))
    });
    ann[0].run_command(Command::Start);
    until(&mut ann, "ann's first pick", |a| a[0].state.my_turn());
    let mut ann = ann.pop().unwrap();

    // Dave's join of the started table opens the Hearts screen, watching.
    let mut dave = vec![parlor_tui::hearts::App::remote(
        link(&url, "dave", join(&code, "dave")),
        CardStyle::Ascii,
    )];
    until(&mut dave, "dave watching", |d| {
        dave_net(d).state.is_some() && dave_net(d).table.is_some()
    });
    assert_eq!(dave_net(&dave).seat, None);
    assert!(
        dave[0].table().view().hand().is_empty(),
        "a spectator holds no hand"
    );
    let screen = render_to_string(&mut dave[0], 80, 24);
    assert!(screen.contains("ann"), "{screen}");
    // Regression: a spectator's screen drew him as the bottom seat's player.
    for seated in ["You (", "pick 3", "Enter play"] {
        assert!(
            !screen.contains(seated),
            "a spectator sees {seated:?}:\n{screen}"
        );
    }
    // Dave cannot act: his keys send nothing (the game waits for ann meanwhile, once the
    // bots' passes, which may still be arriving, are in).
    until(&mut dave, "the bots' passes", |d| {
        let view = d[0].table().view();
        hearts::Seat::ALL
            .iter()
            .filter(|s| view.awaiting_pass(**s))
            .count()
            == 1
    });
    let ply = |net: &NetState| net.state.as_ref().map(|s| s.ply);
    let before = ply(dave_net(&dave));
    for code in ACTING {
        press(&mut dave[0], code);
    }
    type_line(&mut dave[0], "2C");
    std::thread::sleep(Duration::from_millis(200));
    until(&mut dave, "a quiet moment", |_| true);
    assert!(!refused(dave_net(&dave)), "{:?}", dave_net(&dave).log);
    assert_eq!(ply(dave_net(&dave)), before);
    assert!(ann.state.my_turn(), "still ann's pick");
    press(&mut dave[0], KeyCode::Char('q'));
    let leaving = render_to_string(&mut dave[0], 80, 24);
    assert!(leaving.contains("Stop watching this table?"), "{leaving}");
    press(&mut dave[0], KeyCode::Esc);

    // Ann plays the first legal action each turn; dave's screen at every action he sees.
    let mut seen: Vec<(usize, Vec<String>)> = Vec::new();
    let start = Instant::now();
    while ann.state.result.is_none() || dave_net(&dave).result.is_none() {
        ann.tick();
        dave[0].tick();
        if let Some(at) = ply(dave_net(&dave))
            && seen.last().is_none_or(|(last, _)| *last != at)
        {
            seen.push((at, words(&mut dave[0])));
        }
        if ann.state.my_turn() {
            ann.run_command(Command::Submit);
        }
        assert!(start.elapsed() < PATIENCE, "the hand did not finish");
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(seen.len() > 10, "dave saw the hand go by: {}", seen.len());

    // The server's record: every seat's hand at each of those actions.
    ann.send(ClientMessage::Record {
        game_number: Some(1),
        format: RecordFormat::Log,
    });
    let mut ann = vec![ann];
    until(&mut ann, "the record", |a| a[0].state.record.is_some());
    let record: GameRecord =
        serde_json::from_str(&ann[0].state.record.as_ref().unwrap().text).unwrap();
    let settings: hearts::Settings = serde_json::from_value(record.settings.clone()).unwrap();
    let mut game = <hearts::Game as GameState>::new(&settings, record.seed).unwrap();
    let mut checked = 0;
    for (ply, logged) in record.actions.iter().enumerate() {
        if let Some((_, shown)) = seen.iter().find(|(at, _)| *at == ply) {
            for seat in 0..4 {
                for card in GameState::view(&game, Viewer::Seat(seat)).hand() {
                    let label = card_label(card, CardStyle::Ascii);
                    assert!(
                        !shown.contains(&label),
                        "ply {ply}: dave sees seat {seat}'s {label}"
                    );
                }
            }
            checked += 1;
        }
        let action = game.parse_action(logged.seat, &logged.action).unwrap();
        GameState::play(&mut game, logged.seat, action).unwrap();
    }
    assert!(checked > 10, "{checked} views checked");
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}

fn gomoku(server: &str, name: &str, first: ClientMessage) -> parlor_tui::gomoku::App {
    parlor_tui::gomoku::App::remote(link(server, name, first), true).unwrap()
}

#[test]
fn a_gomoku_spectator_sees_the_players_board_and_cannot_place_a_stone() {
    let dir = temp_dir("spectate-gomoku");
    let (addr, running) = serve("127.0.0.1:0".parse().unwrap(), &dir);
    let url = format!("ws://{addr}");
    // Ann against the server's quick bot (chosen with d, as a host would), on 9x9.
    let settings = serde_json::json!({"width": 9, "height": 9});
    let mut apps = vec![gomoku(&url, "ann", create("gomoku", settings, "ann"))];
    let net = |app: &parlor_tui::gomoku::App| app.state().table().unwrap().net().clone();
    until(&mut apps, "the table", |a| {
        let net = net(&a[0]);
        net.host && net.seat == Some(0) && !net.offers.is_empty()
    });
    for _ in 0..net(&apps[0]).bot_choices().len() {
        if apps[0].state().status().text().contains("threat") {
            break;
        }
        press(&mut apps[0], KeyCode::Char('d'));
    }
    let chosen = apps[0].state().status().text();
    assert_eq!(chosen, "b seats: threat level 1");
    press(&mut apps[0], KeyCode::Char('b'));
    until(&mut apps, "the bot", |a| {
        let table = net(&a[0]).table;
        table.is_some_and(|t| t.seats.iter().all(|s| s.name.is_some()))
    });
    press(&mut apps[0], KeyCode::Char('g'));
    until(&mut apps, "the game", |a| {
        a[0].state().remote_view().is_some()
    });
    let code = net(&apps[0]).code.unwrap();
    apps.push(gomoku(&url, "carl", join(&code, "carl")));
    until(&mut apps, "carl watching", |a| {
        a[1].state().remote_view().is_some()
    });
    assert_eq!(net(&apps[1]).seat, None);
    let moves = |app: &parlor_tui::gomoku::App| app.state().game().moves().to_vec();

    // Ann's stones on the first free points of a row; the bot answers each.
    let mut points = ["e5", "d4", "c3", "f6", "g7"].into_iter();
    while moves(&apps[0]).len() < 4 {
        until(&mut apps, "ann's turn", |a| {
            moves(&a[1]) == moves(&a[0]) && a[0].state().table().unwrap().my_turn()
        });
        let taken = moves(&apps[0]);
        let point = points
            .find(|p| !taken.contains(&p.parse().unwrap()))
            .unwrap();
        type_line(&mut apps[0], point);
        until(&mut apps, "the stone", |a| moves(&a[0]).len() > taken.len());
    }
    until(&mut apps, "carl's board", |a| moves(&a[1]) == moves(&a[0]));
    let board = |screen: &str| -> Vec<String> {
        screen
            .lines()
            .filter(|l| l.contains(" . "))
            .map(str::to_owned)
            .collect()
    };
    let watched = render_to_string(&mut apps[1], 80, 24);
    let played = render_to_string(&mut apps[0], 80, 24);
    assert_eq!(board(&watched), board(&played), "{watched}\n{played}");

    // Carl cannot place a stone (the game waits for ann): nothing is sent, the board stays.
    until(&mut apps, "ann's turn", |a| {
        moves(&a[1]) == moves(&a[0]) && a[0].state().table().unwrap().my_turn()
    });
    let before = moves(&apps[0]);
    for code in ACTING {
        press(&mut apps[1], code);
    }
    type_line(&mut apps[1], "a1");
    std::thread::sleep(Duration::from_millis(200));
    until(&mut apps, "a quiet moment", |_| true);
    assert!(!refused(&net(&apps[1])), "{:?}", net(&apps[1]).log);
    assert_eq!((moves(&apps[0]), moves(&apps[1])), (before.clone(), before));
    press(&mut apps[1], KeyCode::Char('q'));
    let leaving = render_to_string(&mut apps[1], 80, 24);
    assert!(leaving.contains("Stop watching this table?"), "{leaving}");
    running.stop.send(()).unwrap();
    running.thread.join().unwrap();
}
