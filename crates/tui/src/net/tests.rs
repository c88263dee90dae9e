//! The table client without a server: messages into [`NetState`], keys into commands, and
//! whole-screen renders into ratatui's `TestBackend`.

use game::{Outcome, SeatSet, Turn, Viewer};
use netplay::{
    ActionRef, ClientMessage, LegalAction, Phase, SeatInfo, SeatKind, ServerMessage, StateUpdate,
    TableInfo,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use serde_json::json;

use super::state::{Command, NetEvent, NetState, view_lines};
use super::ui::TableView;

fn seat(name: &str, connected: bool) -> SeatInfo {
    SeatInfo {
        kind: SeatKind::Human,
        name: Some(name.into()),
        connected,
        bot: None,
    }
}

fn table() -> TableInfo {
    TableInfo {
        code: "K7MQ2X".parse().unwrap(),
        game: "doudizhu".into(),
        settings: json!(null),
        phase: Phase::Playing,
        game_number: 1,
        seats: vec![seat("ann", true), seat("bob", false), seat("carl", true)],
        spectators: 0,
    }
}

fn update(legal: &[&str]) -> StateUpdate {
    StateUpdate {
        code: "K7MQ2X".parse().unwrap(),
        game_number: 1,
        ply: 4,
        turn: Turn::Seat(0),
        viewer: Viewer::Seat(0),
        view: json!({"hand": "3345TTJQKA2BR", "landlord": 2, "trick": [2, "345678"],
                     "history": ["bid 1", "bid 2", "bid 3", "345678"], "settings": {"x": 1}}),
        legal: legal
            .iter()
            .enumerate()
            .map(|(id, text)| LegalAction {
                id: id + 10,
                text: (*text).into(),
            })
            .collect(),
        draw_offer: None,
        table_actions: Vec::new(),
    }
}

fn playing() -> NetState {
    let mut state = NetState::new("ws://127.0.0.1:7878", "ann");
    state.receive(NetEvent::Connected(Vec::new()));
    for message in [
        ServerMessage::Joined {
            code: "K7MQ2X".parse().unwrap(),
            seat: 0,
            token: netplay::Token::generate(),
        },
        ServerMessage::Table(table()),
        ServerMessage::State(update(&["pass", "TJQKA", "2", "BR"])),
    ] {
        state.receive(NetEvent::Message(message));
    }
    state
}

#[test]
fn the_filter_narrows_the_list_and_enter_sends_the_selected_id() {
    let mut state = playing();
    for c in "k".chars() {
        state.command(Command::Type(c));
    }
    assert_eq!(state.filtered().len(), 1);
    let sent = state.command(Command::Submit);
    assert_eq!(
        sent,
        Some(ClientMessage::Action {
            action: ActionRef::Id(11)
        })
    );
    assert_eq!(state.command(Command::Submit), None, "one Enter plays once");
}

#[test]
fn text_matching_no_action_is_sent_as_typed() {
    let mut state = playing();
    for c in "33".chars() {
        state.command(Command::Type(c));
    }
    assert_eq!(
        state.command(Command::Submit),
        Some(ClientMessage::Action {
            action: ActionRef::Text("33".into())
        })
    );
    state.receive(NetEvent::Message(ServerMessage::Error {
        code: "illegal".into(),
        message: "33 does not beat 345678".into(),
    }));
    assert!(state.my_turn(), "an error hands the turn back");
    assert_eq!(
        state.log.last().unwrap().text,
        "error illegal: 33 does not beat 345678"
    );
}

#[test]
fn views_read_hand_first_settings_left_out_long_lists_cut() {
    let mut view = update(&[]).view;
    view["history"] = json!([
        ["bid", 1],
        ["bid", 2],
        ["play", "33"],
        ["pass"],
        ["play", "44"]
    ]);
    assert_eq!(
        view_lines(&view),
        [
            ("hand".to_owned(), "3345TTJQKA2BR".to_owned()),
            (
                "history".to_owned(),
                r#"(1 earlier) ["bid",2] · ["play","33"] · ["pass"] · ["play","44"]"#.to_owned()
            ),
            ("landlord".to_owned(), "2".to_owned()),
            ("trick".to_owned(), "2 345678".to_owned()),
        ]
    );
}

fn render(state: &NetState) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(TableView(state), frame.area()))
        .unwrap();
    terminal.backend().buffer().clone()
}

fn text_of(buffer: &Buffer) -> Vec<String> {
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

#[test]
fn a_seat_to_act_sees_seats_view_actions_and_messages() {
    let mut state = playing();
    state.command(Command::Down);
    let expected = [
        " parlor · doudizhu · table K7MQ2X · ws://127.0.0.1:7878 · online                ",
        "┌ seats · playing · ann (you) to act ──────────────────────────────────────────┐",
        "│▶ 0 ann (you)  online                                                         │",
        "│  1 bob  away                                                                 │",
        "│  2 carl  online                                                              │",
        "└──────────────────────────────────────────────────────────────────────────────┘",
        "┌ your view, seat 0 ───────────────────────────┐┌ your move · 4 of 4 ──────────┐",
        "│hand: 3345TTJQKA2BR                           ││> _                           │",
        "│history: bid 1 bid 2 bid 3 345678             ││ pass                         │",
        "│landlord: 2                                   ││ TJQKA                        │",
        "│trick: 2 345678                               ││ 2                            │",
        "│                                              ││ BR                           │",
        "│                                              ││                              │",
        "│                                              ││                              │",
        "│                                              ││                              │",
        "│                                              ││                              │",
        "│                                              ││                              │",
        "│                                              ││                              │",
        "└──────────────────────────────────────────────┘└──────────────────────────────┘",
        "┌ messages ────────────────────────────────────────────────────────────────────┐",
        "│                                                                              │",
        "│                                                                              │",
        "└──────────────────────────────────────────────────────────────────────────────┘",
        "↑↓ pick · Enter play · Esc clear · ^B bots · ^S start · ^R rematch · ^Q quit    ",
    ];
    let buffer = render(&state);
    assert_eq!(text_of(&buffer), expected);
    // The selection (moved down once, to TJQKA) is the highlighted row.
    assert_eq!(buffer[(49, 9)].bg, ratatui::style::Color::Yellow);
    assert_eq!(buffer[(49, 8)].bg, ratatui::style::Color::Reset);
}

#[test]
fn the_result_and_a_lost_connection_are_shown() {
    let mut state = playing();
    let mut over = update(&[]);
    over.turn = Turn::Over;
    state.receive(NetEvent::Message(ServerMessage::State(over)));
    state.receive(NetEvent::Message(ServerMessage::Result {
        code: "K7MQ2X".parse().unwrap(),
        game_number: 1,
        outcome: Outcome::new(&[2.0, -1.0, -1.0], SeatSet::EMPTY.with(0)),
    }));
    state.receive(NetEvent::Disconnected("reset by peer".into()));
    let screen = text_of(&render(&state));
    assert_eq!(
        screen[0],
        " parlor · doudizhu · table K7MQ2X · ws://127.0.0.1:7878 · reconnecting          "
    );
    assert_eq!(
        screen[1],
        "┌ seats · playing · game over ─────────────────────────────────────────────────┐"
    );
    assert_eq!(
        screen[7],
        "│result: ann +2 (won) · bob -1 · carl -1       ││> _                           │"
    );
    assert_eq!(
        screen[20],
        "│connection lost; retrying (reset by peer)                                     │"
    );
}

#[test]
fn presence_and_acting_by_text_for_the_game_screens() {
    let mut state = playing();
    let mut info = table();
    info.seats[2].kind = SeatKind::Bot;
    info.seats.push(SeatInfo {
        kind: SeatKind::Empty,
        name: None,
        connected: false,
        bot: None,
    });
    state.receive(NetEvent::Message(ServerMessage::Table(info)));
    assert_eq!(
        (0..5).map(|s| state.presence(s).word()).collect::<Vec<_>>(),
        ["online", "away", "bot", "empty", "empty"]
    );
    state.receive(NetEvent::Message(ServerMessage::State(update(&[
        "pass", "99",
    ]))));
    // A legal text goes by its id, any other as typed; a second action waits for the first.
    assert_eq!(
        state.act("99"),
        Some(ClientMessage::Action {
            action: ActionRef::Id(11)
        })
    );
    assert_eq!(state.act("pass"), None);
    state.awaiting = false;
    assert_eq!(
        state.act("33"),
        Some(ClientMessage::Action {
            action: ActionRef::Text("33".into())
        })
    );
    let noted = state.noted;
    state.receive(NetEvent::Message(ServerMessage::Error {
        code: "illegal".into(),
        message: "33 does not beat 99".into(),
    }));
    assert_eq!(state.noted, noted + 1);
    assert_eq!(state.alarm(), Some("error illegal: 33 does not beat 99"));
}

#[test]
fn regression_the_seats_showed_the_last_presence_while_the_link_was_down() {
    let mut state = playing();
    state.receive(NetEvent::Disconnected("reset by peer".into()));
    assert_eq!(
        (0..3).map(|s| state.presence(s).word()).collect::<Vec<_>>(),
        ["unknown"; 3],
        "nobody's connection is known while ours is down"
    );
    let screen = text_of(&render(&state));
    assert_eq!(
        screen[2..5],
        [
            "│▶ 0 ann (you)  unknown                                                        │",
            "│  1 bob  unknown                                                              │",
            "│  2 carl  unknown                                                             │",
        ]
    );
    state.receive(NetEvent::Connected(Vec::new()));
    assert_eq!(
        (0..3).map(|s| state.presence(s).word()).collect::<Vec<_>>(),
        ["online", "away", "online"],
        "the last announcement holds again once the link is back (a new one follows)"
    );
}

#[test]
fn regression_a_pass_pick_was_acknowledged_as_a_play() {
    let mut state = playing();
    let ack = |action: &str| {
        NetEvent::Message(ServerMessage::Ack {
            ply: 5,
            action: action.into(),
        })
    };
    state.receive(ack("TJQKA"));
    assert_eq!(state.log.last().unwrap().text, "you played TJQKA");
    let mut choosing = update(&["2C", "3C"]);
    choosing.turn = Turn::Simultaneous(SeatSet::EMPTY.with(0).with(1));
    state.receive(NetEvent::Message(ServerMessage::State(choosing)));
    state.receive(ack("2C"));
    assert_eq!(state.log.last().unwrap().text, "you chose 2C");
}
