use ::hearts::{Phase, Settings, Trick};
use cards_core::{Card, CardSet};
use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::{StatefulWidget, Widget};

use super::input::{self, BINDINGS};
use super::state::{Overlay, Popup};
use super::ui::{MIN_SIZE, SeatPanel, TrickWidget};
use super::*;
use crate::app::{Action, Screen, key, plain, render_plain, render_to_string};
use crate::cards::CardStyle;
use crate::hand::{HandCard, HandHits, HandWidget, NEW, PASS};
use crate::status::Level;

fn options(seed: u64) -> Options {
    Options {
        settings: Settings::default(),
        seed,
        bots: BotKind::Heuristic,
        speed: Speed::Instant,
        style: CardStyle::Ascii,
        data: None,
    }
}

fn app(seed: u64) -> App {
    App::new(&options(seed))
}

fn cards(text: &str) -> Vec<Card> {
    cards_core::parse_cards(text).unwrap()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

fn press(app: &mut App, code: KeyCode) {
    assert_eq!(app.handle_event(&key(code)), Action::Continue);
}

fn screen(app: &mut App, width: u16, height: u16) -> Buffer {
    render_plain(app, width, height)
}

/// Picks the first three cards and passes them, if this hand passes.
fn pass_first_three(app: &mut App) {
    if app.table().game().unwrap().round().phase() != Phase::Passing {
        return;
    }
    press(app, KeyCode::Home);
    for _ in 0..3 {
        press(app, KeyCode::Char(' '));
        press(app, KeyCode::Right);
    }
    press(app, KeyCode::Enter);
}

fn until_my_turn(app: &mut App) {
    for _ in 0..200 {
        let round = app.table().game().unwrap().round();
        if round.to_move() == Some(HUMAN) || round.phase() == Phase::Over {
            return;
        }
        app.tick();
    }
    panic!("the bots never gave the turn back");
}

/// Plays your first legal card.
fn play_legal(app: &mut App) {
    let legal = app.table().view().legal_moves();
    let index = app
        .table()
        .hand()
        .iter()
        .position(|&c| legal.contains(c))
        .unwrap();
    app.table_mut().apply(Command::Click(index));
}

#[test]
fn hand_widget_marks_picks_and_received_cards_and_records_hits() {
    let look = |text: &str, mark, raised, dim| HandCard {
        card: text.parse().unwrap(),
        mark,
        raised,
        dim,
    };
    let hand = [
        look("2C", None, false, false),
        look("5C", None, false, false),
        look("QS", Some(PASS), true, true),
        look("AH", Some(NEW), false, false),
    ];
    let mut hits = HandHits::default();
    let mut buffer = Buffer::empty(Rect::new(0, 0, 14, 2));
    HandWidget {
        cards: &hand,
        cursor: Some(1),
        style: CardStyle::Ascii,
    }
    .render(buffer.area, &mut buffer, &mut hits);
    assert_eq!(
        plain(buffer.clone()),
        Buffer::with_lines(["2C 5C QS AH   ", "   ^  ** ++   "])
    );
    assert!(
        buffer[(3, 0)].modifier.contains(Modifier::UNDERLINED),
        "cursor"
    );
    assert!(
        buffer[(6, 0)].modifier.contains(Modifier::DIM),
        "Q♠ is not playable"
    );
    assert!(
        buffer[(6, 0)].modifier.contains(Modifier::REVERSED),
        "and picked"
    );
    assert!(!buffer[(0, 0)].modifier.contains(Modifier::DIM));
    assert_eq!(hits.card_at(0, 0), Some(0));
    assert_eq!(hits.card_at(4, 1), Some(1));
    assert_eq!(hits.card_at(5, 0), None, "the gap between cards");
    assert_eq!(hits.card_at(12, 0), None);
}

#[test]
fn hand_widget_falls_back_to_narrower_labels_then_wraps() {
    let hand: Vec<HandCard> = set("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
        .iter()
        .map(HandCard::plain)
        .collect();
    let mut hits = HandHits::default();
    // 13 glyph cards need 64 cells; symbols (3 + 1 each) fit in 52.
    let mut buffer = Buffer::empty(Rect::new(0, 0, 56, 2));
    let widget = |cursor| HandWidget {
        cards: &hand,
        cursor,
        style: CardStyle::Glyph,
    };
    widget(Some(0)).render(buffer.area, &mut buffer, &mut hits);
    assert_eq!(
        plain(buffer),
        Buffer::with_lines([
            "2♣  3♣  4♣  5♣  6♣  7♣  8♣  9♣  10♣ J♣  Q♣  K♣  A♣      ",
            " ^                                                      ",
        ])
    );
    assert_eq!(hits.card_at(49, 0), Some(12), "every card is clickable");
    // Too narrow even for ASCII in one row: two rows of cards, each over its marks.
    let mut buffer = Buffer::empty(Rect::new(0, 0, 20, 4));
    widget(None).render(buffer.area, &mut buffer, &mut hits);
    assert_eq!(
        plain(buffer),
        Buffer::with_lines([
            "2C 3C 4C 5C 6C 7C 8C",
            "                    ",
            "9C TC JC QC KC AC   ",
            "                    ",
        ])
    );
    assert_eq!(hits.card_at(0, 2), Some(7));
}

#[test]
fn trick_widget_puts_each_card_in_front_of_its_player() {
    // North led 2♣, East 5♣, South K♣; West still to play.
    let trick = Trick::new(::hearts::NORTH, &cards("2C 5C KC"));
    let mut buffer = Buffer::empty(Rect::new(0, 0, 14, 3));
    TrickWidget {
        trick: Some(trick),
        me: HUMAN,
        style: CardStyle::Ascii,
    }
    .render(buffer.area, &mut buffer);
    assert_eq!(
        plain(buffer),
        Buffer::with_lines(["      2C      ", "  ..      5C  ", "      KC      "])
    );
}

#[test]
fn seat_panel_counts_cards_and_points() {
    let table = Table::new(&options(1));
    let view = table.view();
    let mut buffer = Buffer::empty(Rect::new(0, 0, 18, 7));
    SeatPanel {
        seat: ::hearts::WEST,
        name: "West",
        view: &view,
        total: 12,
        style: CardStyle::Ascii,
    }
    .render(buffer.area, &mut buffer);
    assert_eq!(
        plain(buffer),
        Buffer::with_lines([
            "+----------------+",
            "|West            |",
            "|13 cards        |",
            "|0 pts this hand |",
            "|total 12        |",
            "|## ## ## ## +9  |",
            "+----------------+",
        ])
    );
}

#[test]
fn the_table_at_80x24() {
    let mut a = app(4);
    assert_eq!(
        screen(&mut a, 80, 24),
        Buffer::with_lines([
            "+ Hearts | hand 1 | pass left | seed 4 | heuristic bots, instant --------------+",
            "|                  North  13 cards | 0 pts this hand | total 0                 |",
            "|                          ## ## ## ## ## ## ## ## +5                          |",
            "|                                                                              |",
            "|                                                                              |",
            "|                                                                              |",
            "|                                                                              |",
            "|+------------------------+            ..            +------------------------+|",
            "||West                    |        ..      ..        |East                    ||",
            "||13 cards                |            ..            |13 cards                ||",
            "||0 pts this hand         |                          |0 pts this hand         ||",
            "||total 0                 |         passing          |total 0                 ||",
            "||## ## ## ## +9          |                          |## ## ## ## +9          ||",
            "|+------------------------+    hearts not broken     +------------------------+|",
            "|                                                                              |",
            "|                                                                              |",
            "|                                                                              |",
            "|You (South)  13 cards | 0 pts this hand | total 0                             |",
            "|2C 4C 6C 9C KC AC 5D 6D KD 6H TH TS KS                                        |",
            "|^                                                                             |",
            "|passing left: pick 3 cards for West                                           |",
            "|Hand 1: pick 3 cards to pass left to West, then Enter                         |",
            "|Enter play  u undo  t last trick  p points  ? help  q quit                    |",
            "+------------------------------------------------------------------------------+",
        ])
    );
}

#[test]
fn the_table_at_the_minimum_size() {
    let mut a = app(4);
    let (w, h) = MIN_SIZE;
    assert_eq!(
        screen(&mut a, w, h),
        Buffer::with_lines([
            "+ Hearts | hand 1 | pass left | seed 4 | heuristic bots, in+",
            "|        North  13 cards | 0 pts this hand | total 0       |",
            "|                ## ## ## ## ## ## ## ## +5                |",
            "|                                                          |",
            "|                                                          |",
            "|+----------------+          ..          +----------------+|",
            "||West            |      ..      ..      |East            ||",
            "||13 cards        |          ..          |13 cards        ||",
            "||0 pts this hand |                      |0 pts this hand ||",
            "||total 0         |       passing        |total 0         ||",
            "||## ## ## ## +9  |                      |## ## ## ## +9  ||",
            "|+----------------+  hearts not broken   +----------------+|",
            "|                                                          |",
            "|You (South)  13 cards | 0 pts this hand | total 0         |",
            "|2C 4C 6C 9C KC AC 5D 6D KD 6H TH TS KS                    |",
            "|^                                                         |",
            "|passing left: pick 3 cards for West                       |",
            "|Hand 1: pick 3 cards to pass left to West, then Enter     |",
            "|Enter play  u undo  t last trick  p points  ? help  q quit|",
            "+----------------------------------------------------------+",
        ])
    );
}

#[test]
fn passing_picks_three_cards_and_shows_the_exchange_all_hand() {
    let mut a = app(1);
    let before = a.table().game().unwrap().round().hand(HUMAN);
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.table().chosen().len(),
        1,
        "Enter picks while < 3 are picked"
    );
    press(&mut a, KeyCode::Char(' '));
    assert!(a.table().chosen().is_empty(), "and Space drops it again");
    let passed: CardSet = before.iter().take(3).collect();
    pass_first_three(&mut a);
    let view = a.table().view();
    assert_eq!(view.phase(), Phase::Playing);
    let received = view.received().unwrap();
    assert_eq!(view.hand(), (before - passed) | received);
    let exchange = format!(
        "passed {} to West | received {} from East",
        state::names(passed),
        state::names(received)
    );
    let exchange = ui::text(CardStyle::Ascii, &exchange);
    until_my_turn(&mut a);
    play_legal(&mut a);
    until_my_turn(&mut a);
    let shown = render_to_string(&mut a, 80, 24);
    assert!(
        shown.lines().any(|l| l.contains(&exchange)),
        "the exchange is still shown after a trick:\n{shown}"
    );
}

#[test]
fn a_refused_card_shows_the_rule_and_changes_nothing() {
    for seed in 0..20 {
        let mut a = app(seed);
        pass_first_three(&mut a);
        until_my_turn(&mut a);
        let round = a.table().game().unwrap().round().clone();
        let legal = round.legal_moves();
        let hand = a.table().hand();
        let Some(index) = hand.iter().position(|&c| !legal.contains(c)) else {
            continue;
        };
        a.table_mut().apply(Command::Click(index));
        let expected = round
            .check(::hearts::Move::Play(HUMAN, hand[index]))
            .unwrap_err()
            .to_string();
        let status = a.table().status();
        assert!(status.text().contains(&expected), "{}", status.text());
        assert_eq!(status.level(), Level::Error);
        assert_eq!(
            a.table().game().unwrap().round(),
            &round,
            "nothing was played"
        );
        return;
    }
    panic!("no seed gave a refusable card");
}

#[test]
fn undo_takes_back_your_card_and_the_bots_cards_after_it() {
    let mut a = app(3);
    pass_first_three(&mut a);
    until_my_turn(&mut a);
    let before = a.table().game().unwrap().clone();
    play_legal(&mut a);
    until_my_turn(&mut a);
    assert_ne!(a.table().game().unwrap(), &before);
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.table().game().unwrap(), &before);
    assert!(a.table().status().text().contains("took back"));
    // Once more: the pass comes back, with its three cards picked again.
    press(&mut a, KeyCode::Char('u'));
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(a.table().game().unwrap().round().phase(), Phase::Passing);
    assert_eq!(a.table().chosen().len(), 3);
    press(&mut a, KeyCode::Char('u'));
    assert_eq!(
        a.table().status().text(),
        "nothing of yours to take back in this hand"
    );
}

#[test]
fn the_last_trick_on_request() {
    let mut a = app(5);
    press(&mut a, KeyCode::Char('t'));
    assert_eq!(a.table().popup(), None, "no trick yet");
    pass_first_three(&mut a);
    for _ in 0..4 {
        until_my_turn(&mut a);
        play_legal(&mut a);
    }
    until_my_turn(&mut a);
    let view = a.table().view();
    let last = *view.last_trick().unwrap();
    press(&mut a, KeyCode::Char('t'));
    assert_eq!(a.table().popup(), Some(Popup::LastTrick));
    let shown = render_to_string(&mut a, 80, 24);
    let line: String = last
        .plays()
        .map(|(seat, card)| format!("{} {card}", ::hearts::seat_letter(seat)))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(shown.contains(&line), "{line} in\n{shown}");
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(a.table().popup(), None);
}

#[test]
fn the_hand_summary_waits_and_shows_the_final_trick() {
    let mut a = app(6);
    pass_first_three(&mut a);
    while a.table().game().unwrap().round().phase() != Phase::Over {
        until_my_turn(&mut a);
        if a.table().game().unwrap().round().phase() == Phase::Playing {
            play_legal(&mut a);
        }
    }
    // The final trick stays on the table a moment before the summary opens.
    assert_eq!(a.table().popup(), None);
    let last = *a.table().view().last_trick().unwrap();
    let table = render_to_string(&mut a, 80, 24);
    for card in last.cards() {
        assert!(table.contains(&card.to_string()), "{card} on\n{table}");
    }
    for _ in 0..10 {
        a.tick();
    }
    assert_eq!(a.table().popup(), Some(Popup::HandOver));
    let summary = render_to_string(&mut a, 80, 24);
    let final_line = summary
        .lines()
        .find(|l| l.contains("final trick:"))
        .unwrap_or_else(|| panic!("no final trick in\n{summary}"));
    for card in last.cards() {
        assert!(final_line.contains(&card.to_string()), "{final_line}");
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.table().game().unwrap().hand_number(), 1);
}

#[test]
fn a_whole_game_can_be_played_with_keys() {
    let mut a = app(3);
    for _ in 0..2000 {
        match a.table().popup() {
            Some(Popup::HandOver) if a.table().game().unwrap().is_over() => break,
            Some(Popup::HandOver) => press(&mut a, KeyCode::Enter),
            _ => {}
        }
        pass_first_three(&mut a);
        until_my_turn(&mut a);
        if a.table().game().unwrap().round().to_move() == Some(HUMAN) {
            play_legal(&mut a);
        }
        a.tick();
    }
    assert!(a.table().game().unwrap().is_over());
    let shown = render_to_string(&mut a, 80, 24);
    assert!(shown.contains("Game over"), "{shown}");
    press(&mut a, KeyCode::Enter);
    assert_eq!(
        a.table().game().unwrap().hand_number(),
        0,
        "Enter starts a new game"
    );
    assert_eq!(a.table().seed(), Some(4));
}

#[test]
fn help_lists_every_binding_and_the_variants_in_force() {
    let settings = Settings {
        jack_of_diamonds: true,
        target: 50,
        ..Settings::default()
    };
    let mut a = App::new(&Options {
        settings,
        style: CardStyle::Glyph,
        ..options(6)
    });
    press(&mut a, KeyCode::Char('?'));
    assert!(matches!(a.table().overlay(), Overlay::Help(_)));
    let shown = render_to_string(&mut a, 100, 40);
    for binding in BINDINGS.iter().filter(|b| b.scope.holds(false, false)) {
        assert!(
            shown
                .lines()
                .any(|l| l.contains(binding.label) && l.contains(binding.help)),
            "{} missing from\n{shown}",
            binding.label
        );
    }
    assert!(shown.contains("J♦ scores −10") && shown.contains("reaches 50"));
    press(&mut a, KeyCode::Char('x'));
    assert_eq!(a.table().popup(), None, "any key closes");
}

#[test]
fn the_footer_comes_from_the_bindings_and_follows_the_table() {
    let footer = |table| input::footer(input::Context { popup: None, table });
    let at = |waiting, host| {
        Some(crate::shell::AtTable {
            waiting,
            host,
            watching: false,
        })
    };
    assert_eq!(
        footer(None),
        "Enter play  u undo  t last trick  p points  ? help  q quit"
    );
    assert_eq!(
        footer(at(false, true)),
        "Enter play  t last trick  p points  ? help  q leave"
    );
    assert_eq!(
        footer(at(true, true)),
        "Enter play  t last trick  p points  d bot  b bots  g start  ? help  q leave"
    );
    assert_eq!(
        footer(at(true, false)),
        "Enter play  t last trick  p points  ? help  q leave"
    );
}

#[test]
fn the_help_at_a_table_lists_its_keys_and_what_it_leaves_out() {
    let local = input::help_rows(false);
    let remote = input::help_rows(true);
    let keys = |rows: &[(&str, &str)]| rows.iter().map(|r| r.0).collect::<Vec<_>>().join(" ");
    assert!(
        keys(&local).contains(" u t p s + - d n n "),
        "{}",
        keys(&local)
    );
    assert!(!keys(&remote).contains(" u "), "{}", keys(&remote));
    assert!(keys(&remote).contains(" t p d b g "), "{}", keys(&remote));
    assert_eq!(remote.last(), Some(&input::AT_A_TABLE));
}

#[test]
fn new_game_asks_while_a_game_is_in_progress() {
    let mut a = app(6);
    pass_first_three(&mut a);
    press(&mut a, KeyCode::Char('n'));
    assert_eq!(
        a.table().game().unwrap().round().phase(),
        Phase::Playing,
        "n only asks"
    );
    assert!(matches!(a.table().overlay(), Overlay::Confirm(_)));
    press(&mut a, KeyCode::Char('y'));
    assert_eq!(a.table().game().unwrap().round().phase(), Phase::Passing);
    assert_eq!(a.table().seed(), Some(7));
}

#[test]
fn difficulty_cycles_through_the_crate_bots_strongest_first() {
    assert_eq!(BotKind::default(), BotKind::Mc);
    let mut a = app(1);
    let mut seen = Vec::new();
    for _ in 0..4 {
        press(&mut a, KeyCode::Char('d'));
        seen.push(a.table().bot_kind().unwrap());
    }
    assert_eq!(
        seen,
        [
            BotKind::Mc,
            BotKind::Random,
            BotKind::Rule,
            BotKind::Heuristic
        ]
    );
    assert_eq!(a.table().status().text(), "computer players: heuristic");
}

#[test]
fn speed_keys_change_the_pace() {
    let mut a = app(1);
    a.table_mut().set_speed(Speed::Normal);
    press(&mut a, KeyCode::Char('+'));
    assert_eq!(a.table().speed(), Speed::Fast);
    press(&mut a, KeyCode::Char('-'));
    press(&mut a, KeyCode::Char('-'));
    assert_eq!(a.table().speed(), Speed::Slow);
    assert_eq!(a.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
}

#[test]
fn clicking_a_card_picks_it() {
    let mut a = app(5);
    render_to_string(&mut a, 80, 24);
    let third = a.hits().card_at(0, 0);
    assert_eq!(third, None);
    // Find the hand row from the hits: the first card's cell.
    let column = (0..80)
        .flat_map(|x| (0..24).map(move |y| (x, y)))
        .find(|&(x, y)| a.hits().card_at(x, y) == Some(2))
        .unwrap();
    let event = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: column.0,
        row: column.1,
        modifiers: KeyModifiers::NONE,
    });
    a.handle_event(&event);
    assert_eq!(a.table().cursor(), 2);
    assert_eq!(a.table().chosen().len(), 1);
}

#[test]
fn ascii_screens_hold_only_ascii() {
    let mut a = app(4);
    pass_first_three(&mut a);
    until_my_turn(&mut a);
    for overlay in ['?', 's', 't'] {
        press(&mut a, KeyCode::Char(overlay));
        let shown = render_to_string(&mut a, 80, 24);
        let stray: String = shown
            .chars()
            .filter(|c| !c.is_ascii() && !"╭╮╰╯─│┌┐└┘".contains(*c))
            .collect();
        assert!(stray.is_empty(), "{stray:?} in\n{shown}");
        press(&mut a, KeyCode::Char('x'));
    }
}

#[test]
fn launcher_entry_starts_a_game() {
    let entry = crate::launcher::GAMES
        .iter()
        .find(|g| g.example == "hearts")
        .unwrap();
    let mut screen = (entry.start)(&LaunchOptions {
        seed: Some(8),
        ..LaunchOptions::default()
    });
    assert!(render_to_string(screen.as_mut(), 80, 24).contains("seed 8"));
}

#[test]
fn quitting_saves_the_game_and_the_next_start_offers_it_back() {
    let dir = crate::data::test_dir("hearts-save");
    let with_dir = Options {
        data: Some(dir.clone()),
        ..options(12)
    };
    let mut a = App::new(&with_dir);
    assert_eq!(
        press_action(&mut a, 'q'),
        Action::Quit,
        "nothing to lose yet"
    );
    let mut a = App::new(&with_dir);
    pass_first_three(&mut a);
    until_my_turn(&mut a);
    play_legal(&mut a);
    let game = a.table().game().unwrap().clone();
    assert_eq!(press_action(&mut a, 'q'), Action::Continue, "q asks first");
    assert_eq!(
        press_action(&mut a, 'n'),
        Action::Continue,
        "n keeps playing"
    );
    assert!(a.table().overlay().is_none());
    press_action(&mut a, 'q');
    assert_eq!(press_action(&mut a, 'y'), Action::Quit);
    // The next start asks; yes plays on from the saved game.
    let mut b = App::new(&Options {
        seed: 99,
        ..with_dir.clone()
    });
    assert!(matches!(b.table().overlay(), Overlay::Confirm(_)));
    press_action(&mut b, 'y');
    // The same position (serde keeps the four passes in seat order).
    assert_eq!(b.table().game().unwrap().round(), game.round());
    assert_eq!(b.table().seed(), Some(12));
    // Saved again and declined: a new game, and the save is gone.
    press_action(&mut b, 'q');
    press_action(&mut b, 'y');
    let mut c = App::new(&with_dir);
    press_action(&mut c, 'n');
    assert_eq!(
        c.table().game().unwrap().moves().len(),
        3,
        "a fresh deal (the bots' passes)"
    );
    assert!(
        App::new(&with_dir).table().overlay().is_none(),
        "nothing saved any more"
    );
    std::fs::remove_dir_all(dir.path()).unwrap();
}

fn press_action(app: &mut App, c: char) -> Action {
    app.handle_event(&key(KeyCode::Char(c)))
}

#[test]
fn a_finished_game_counts_in_the_statistics_with_its_place() {
    let dir = crate::data::test_dir("hearts-stats");
    let mut a = App::new(&Options {
        settings: Settings {
            target: 20,
            ..Settings::default()
        },
        data: Some(dir.clone()),
        ..options(3)
    });
    while !a.table().game().unwrap().is_over() {
        if a.table().popup() == Some(Popup::HandOver) {
            press(&mut a, KeyCode::Enter);
        }
        pass_first_three(&mut a);
        until_my_turn(&mut a);
        if a.table().game().unwrap().round().to_move() == Some(HUMAN) {
            play_legal(&mut a);
        }
        a.tick();
    }
    let stats = a.table().stats().clone();
    assert_eq!(stats.tally.played, 1);
    assert_eq!(stats.extra.places.iter().sum::<u32>(), 1);
    assert_eq!(
        stats.extra.hands as usize,
        a.table().game().unwrap().history().len()
    );
    press(&mut a, KeyCode::Char('s'));
    let shown = render_to_string(&mut a, 80, 24);
    assert!(shown.contains("places 1st/2nd/3rd/4th"), "{shown}");
    // The file holds the same: a new start reads it; r asks, y resets.
    let mut b = App::new(&Options {
        data: Some(dir.clone()),
        ..options(4)
    });
    assert_eq!(b.table().stats(), &stats);
    press(&mut b, KeyCode::Char('s'));
    press(&mut b, KeyCode::Char('r'));
    press(&mut b, KeyCode::Char('y'));
    assert_eq!(b.table().stats().tally.played, 0);
    std::fs::remove_dir_all(dir.path()).unwrap();
}

#[test]
fn below_the_minimum_size_the_screen_says_so() {
    let mut a = app(1);
    let shown = render_to_string(&mut a, 59, 20);
    assert!(shown.contains("terminal too small: needs 60x20"), "{shown}");
}

/// A game whose first hand, played by four heuristic bots, ended with a moon; the next hand
/// is dealt, as a network table deals it at once.
fn game_after_a_moon() -> ::hearts::Game {
    for seed in 0..2000 {
        let mut game = ::hearts::Game::new(Settings::default(), seed);
        let mut bots = [::hearts::HeuristicBot; 4];
        while ::hearts::bot::play_step(&mut game, &mut bots).is_some() {}
        if game.history()[0].result.moon.is_some() {
            game.next_hand().unwrap();
            return game;
        }
    }
    panic!("no moon in 2,000 deals");
}

#[test]
fn regression_moon_marks_showed_only_in_local_games() {
    use std::fmt::Write;

    use crate::net::{Connection, NetEvent, NetScreen, NetState};
    use netplay::{ClientMessage, SeatInfo, SeatKind, ServerMessage, StateUpdate, TableInfo};
    let game = game_after_a_moon();
    let shooter = game.history()[0].result.moon.unwrap();
    let seat = ::hearts::EAST;
    // What a table's server sends East after the moon hand: East's view as JSON.
    let code: netplay::TableCode = "K7MQ2X".parse().unwrap();
    let mut state = NetState::new("ws://127.0.0.1:9", "bea");
    let names = ["ann", "bea", "cy", "dee"];
    let messages = [
        ServerMessage::Joined {
            code: code.clone(),
            seat: seat.index(),
            token: netplay::Token::generate(),
        },
        ServerMessage::Table(TableInfo {
            code: code.clone(),
            game: "hearts".into(),
            settings: serde_json::Value::Null,
            phase: netplay::Phase::Playing,
            game_number: 1,
            seats: names
                .iter()
                .map(|name| SeatInfo {
                    kind: SeatKind::Human,
                    name: Some((*name).into()),
                    connected: true,
                    bot: None,
                })
                .collect(),
            spectators: 0,
        }),
        ServerMessage::State(StateUpdate {
            code,
            game_number: 1,
            ply: 52,
            turn: game::Turn::Simultaneous(game::SeatSet::EMPTY.with(seat.index())),
            viewer: game::Viewer::Seat(seat.index()),
            view: serde_json::to_value(game.view(seat)).unwrap(),
            legal: Vec::new(),
            draw_offer: None,
            table_actions: Vec::new(),
        }),
    ];
    for message in messages {
        state.receive(NetEvent::Message(message));
    }
    // Nothing listens on port 9: the link only ever says it is lost, which this test ignores.
    let first = ClientMessage::Spectate {
        code: "K7MQ2X".parse().unwrap(),
    };
    let link = NetScreen::new(state, Connection::open("ws://127.0.0.1:9", first).unwrap());
    let mut remote = App::remote(link, CardStyle::Ascii);
    press(&mut remote, KeyCode::Char('p'));
    let scores = render_to_string(&mut remote, 80, 24);
    let points = game.history()[0].result.points;
    let mut row = format!("{:<6}", 1);
    for s in ::hearts::Seat::ALL {
        let moon = if s == shooter { "*" } else { "" };
        let _ = write!(row, "{:>8}", format!("{moon}{}", points[s]));
    }
    assert!(
        scores.lines().any(|line| line.contains(&row)),
        "{row:?} marks the moon in\n{scores}"
    );
}
