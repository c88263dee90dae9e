use std::time::Duration;

use ::gomoku::opening::{OpeningRule, Player};
use ::gomoku::{Color as Stone, Point, Rule, Settings};
use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

use super::App;
use super::state::{Opponent, Options, Popup, Sure};
use crate::app::{Action, Screen, key, keys, render_to_string};
use crate::overlay::Overlay;

fn options(opponent: Opponent) -> Options {
    Options {
        opponent,
        seed: 1,
        pace: Duration::ZERO,
        ..Options::default()
    }
}

fn two_players() -> App {
    App::new(options(Opponent::Human)).unwrap()
}

fn type_line(app: &mut App, text: &str) {
    app.handle_event(&key(KeyCode::Char(':')));
    for e in keys(text) {
        app.handle_event(&e);
    }
    app.handle_event(&key(KeyCode::Enter));
}

fn place_all(app: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        type_line(app, m);
    }
}

fn message(app: &App) -> Option<&str> {
    app.state().message()
}

#[test]
fn cursor_keys_and_enter_place_stones() {
    let mut app = two_players();
    assert_eq!(app.state().cursor(), Point::new(7, 7));
    app.handle_event(&key(KeyCode::Enter));
    app.handle_event(&key(KeyCode::Right));
    app.handle_event(&key(KeyCode::Up));
    app.handle_event(&key(KeyCode::Char(' ')));
    assert_eq!(app.state().game().record(), "h8 i9");
    // Occupied: refused with a message, nothing changes.
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(app.state().game().moves().len(), 2);
    assert_eq!(message(&app), Some("i9 is occupied"));
    app.handle_event(&key(KeyCode::Char('u')));
    assert_eq!(app.state().game().record(), "h8");
}

#[test]
fn typed_coordinates_and_bad_input() {
    let mut app = two_players();
    place_all(&mut app, "h8 8,8");
    assert_eq!(app.state().game().record(), "h8 i9");
    type_line(&mut app, "zz99");
    assert_eq!(
        message(&app),
        Some("coordinate \"zz99\" is beyond the largest board (32x32)")
    );
    type_line(&mut app, "p1");
    assert_eq!(message(&app), Some("p1 is off the board"));
    assert_eq!(app.state().game().moves().len(), 2);
}

fn renju_two_players() -> App {
    App::new(Options {
        settings: Settings::new(Rule::Renju),
        ..options(Opponent::Human)
    })
    .unwrap()
}

#[test]
fn forbidden_points_are_refused_or_lose_as_the_option_says() {
    let mut app = renju_two_players();
    place_all(&mut app, "f8 a1 g8 a2 i10 a3 i11 a4");
    type_line(&mut app, "i8");
    assert_eq!(
        message(&app),
        Some("i8 is forbidden for black (double-three)")
    );
    assert_eq!(app.state().game().moves().len(), 8);
    // Options: fouls is the fifth row; switching it takes effect from the next game.
    app.handle_event(&key(KeyCode::Char('o')));
    for _ in 0..4 {
        app.handle_event(&key(KeyCode::Down));
    }
    app.handle_event(&key(KeyCode::Right));
    assert_eq!(
        message(&app),
        Some("takes effect from the next game ('n' starts one)")
    );
    app.handle_event(&key(KeyCode::Esc));
    app.handle_event(&key(KeyCode::Char('n')));
    app.handle_event(&key(KeyCode::Char('y')));
    place_all(&mut app, "f8 a1 g8 a2 i10 a3 i11 a4 i8");
    assert_eq!(
        message(&app),
        Some("white wins: black foul at i8 (double-three)")
    );
}

#[test]
fn an_overline_that_does_not_win_says_so() {
    let mut app = App::new(Options {
        settings: Settings::new(Rule::Standard),
        ..options(Opponent::Human)
    })
    .unwrap();
    place_all(&mut app, "a1 a15 b1 b15 c1 c15 e1 e15 f1 o15 d1");
    assert_eq!(
        message(&app),
        Some("d1 makes 6 in a row: an overline does not win under standard")
    );
    assert!(!app.state().game().position().is_over());
    // Under freestyle the same row wins.
    let mut app = two_players();
    place_all(&mut app, "a1 a15 b1 b15 c1 c15 e1 e15 f1 o15 d1");
    assert_eq!(message(&app), Some("black wins by five (a1-f1)"));
}

#[test]
fn the_brain_replies_off_the_input_thread_and_undo_returns_to_the_player() {
    let mut app = App::new(Options {
        level: 1,
        ..options(Opponent::Bot(Stone::White))
    })
    .unwrap();
    app.handle_event(&key(KeyCode::Enter));
    app.tick();
    assert!(app.state().thinking());
    app.handle_event(&key(KeyCode::Char('e')));
    app.state.finish_thinking();
    assert_eq!(app.state().game().moves().len(), 2, "the brain replied");
    let a = app.state().analysis.as_ref().expect("an evaluation");
    assert_eq!(a.side, Stone::White);
    assert_eq!(
        a.thought.pv.first(),
        app.state().game().last_move().as_ref()
    );
    app.handle_event(&key(KeyCode::Char('u')));
    assert_eq!(app.state().game().moves().len(), 0);
}

#[test]
fn level_one_is_the_threat_bot() {
    let mut app = App::new(Options {
        level: 0,
        ..options(Opponent::Bot(Stone::Black))
    })
    .unwrap();
    app.state.finish_thinking();
    assert_eq!(app.state().game().record(), "h8");
    assert!(app.state().analysis.is_none());
}

#[test]
fn a_new_game_against_the_computer_asks_for_a_colour() {
    let mut app = App::new(options(Opponent::Bot(Stone::White))).unwrap();
    app.handle_event(&key(KeyCode::Char('n')));
    assert!(matches!(
        app.state().overlay(),
        Overlay::Game(Popup::ChooseColor)
    ));
    app.handle_event(&key(KeyCode::Char('w')));
    assert_eq!(app.state().options().opponent, Opponent::Bot(Stone::Black));
    app.state.finish_thinking();
    assert_eq!(
        app.state().game().moves().len(),
        1,
        "the computer opened as Black"
    );
    // In progress: q asks first.
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Continue);
    assert!(matches!(app.state().overlay(), Overlay::Confirm(c) if c.yes == Sure::Quit));
    assert_eq!(app.handle_event(&key(KeyCode::Char('y'))), Action::Quit);
}

#[test]
fn records_save_and_load_as_move_lists_and_psq() {
    let dir = std::env::temp_dir().join(format!("parlor-gomoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = two_players();
    place_all(&mut app, "h8 i9 j10 a1");
    for name in ["game.psq", "game.txt"] {
        let path = dir.join(name);
        type_line(&mut app, &format!("save {}", path.display()));
        assert_eq!(
            message(&app),
            Some(format!("saved 4 moves to {}", path.display()).as_str())
        );
        let mut other = two_players();
        type_line(&mut other, &format!("load {}", path.display()));
        assert_eq!(other.state().game().record(), "h8 i9 j10 a1", "{name}");
    }
    let psq = std::fs::read_to_string(dir.join("game.psq")).unwrap();
    assert_eq!(
        psq,
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n10,10,0\n1,1,0\n-1\n"
    );
    // A record that does not replay changes nothing and says why.
    std::fs::write(dir.join("bad.txt"), "h8 h8").unwrap();
    type_line(&mut app, &format!("load {}", dir.join("bad.txt").display()));
    assert_eq!(
        message(&app).map(|m| m.rsplit(": ").take(2).collect::<Vec<_>>()),
        Some(vec!["h8 is occupied", "move 2 (h8)"])
    );
    assert_eq!(app.state().game().moves().len(), 4);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn mouse_click_places_at_the_clicked_point() {
    let mut app = two_players();
    render_to_string(&mut app, 80, 24);
    let hits = app.hits;
    let (x0, y0) = hits.origin.unwrap();
    // Column c (2), top row (15).
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x0 + 2 * hits.cell,
        row: y0,
        modifiers: KeyModifiers::NONE,
    });
    app.handle_event(&click);
    assert_eq!(app.state().game().record(), "c15");
}

/// Two players, renju on 15x15, with an opening rule.
fn renju_opening(rule: OpeningRule) -> App {
    App::new(Options {
        settings: Settings::new(Rule::Renju),
        opening: Some(rule),
        ..options(Opponent::Human)
    })
    .unwrap()
}

#[test]
fn soosorv_opening_flow() {
    let mut app = renju_opening(OpeningRule::Soosorv { n: 2 });
    assert!(
        message(&app).unwrap().contains("in the centre"),
        "{:?}",
        message(&app)
    );
    place_all(&mut app, "h8 h9 i9");
    assert!(message(&app).unwrap().ends_with("(x swaps, c keeps)"));
    assert!(render_to_string(&mut app, 80, 24).contains("Kagetsu (D4)"));
    app.handle_event(&key(KeyCode::Char('x')));
    type_line(&mut app, "j10");
    app.handle_event(&key(KeyCode::Char('2')));
    app.handle_event(&key(KeyCode::Char('c')));
    type_line(&mut app, "g7");
    type_line(&mut app, "g7");
    assert_eq!(message(&app), Some("g7 is already offered"));
    type_line(&mut app, "k7");
    assert!(render_to_string(&mut app, 80, 24).contains('◇'));
    type_line(&mut app, "k7");
    assert_eq!(
        message(&app),
        Some("opening done: the second player plays black")
    );
    assert_eq!(app.state().game().record(), "h8 h9 i9 j10 k7");
    type_line(&mut app, "a1");
    assert_eq!(
        app.state().game().moves().len(),
        6,
        "normal play after the opening"
    );
}

#[test]
fn an_opening_that_cannot_start_says_why_and_is_not_dropped() {
    let soosorv = |size| Options {
        width: size,
        height: size,
        opening: Some(OpeningRule::Soosorv { n: 2 }),
        ..options(Opponent::Human)
    };
    let why = "the opening soosorv-2 cannot start on a 20x20 board: it needs a square board \
               with an odd side of at least 9";
    assert_eq!(App::new(soosorv(20)).err().unwrap().to_string(), why);
    // The size option skips the sizes the opening cannot start on, and says so.
    let mut app = App::new(soosorv(19)).unwrap();
    app.handle_event(&key(KeyCode::Char('o')));
    for _ in 0..3 {
        app.handle_event(&key(KeyCode::Down));
    }
    app.handle_event(&key(KeyCode::Right));
    assert_eq!(app.state().options().width, 9);
    assert!(app.state().opening.is_some(), "the opening is still played");
    assert_eq!(message(&app), Some(format!("{why}: skipped").as_str()));
}

#[test]
fn taraguchi_single_fifth_with_f_then_enter() {
    let mut app = renju_opening(OpeningRule::Taraguchi { n: 2 });
    for m in ["h8", "i9", "j10", "e5"] {
        type_line(&mut app, m);
        app.handle_event(&key(KeyCode::Char('c')));
    }
    assert!(
        message(&app).unwrap().contains("f for a single fifth"),
        "{:?}",
        message(&app)
    );
    app.handle_event(&key(KeyCode::Char('f')));
    assert_eq!(
        message(&app),
        Some("opening: the first player places a black stone anywhere (Enter places)")
    );
    type_line(&mut app, "a1");
    app.handle_event(&key(KeyCode::Char('x')));
    assert_eq!(app.state().game().record(), "h8 i9 j10 e5 a1");
    assert_eq!(app.state().black_player, Some(Player::Second));
}

#[test]
fn undo_does_not_take_back_the_opening_stones() {
    let mut app = App::new(Options {
        opening: Some(OpeningRule::Swap),
        ..options(Opponent::Human)
    })
    .unwrap();
    place_all(&mut app, "h8 h9 i9");
    app.handle_event(&key(KeyCode::Char('c')));
    type_line(&mut app, "a1");
    app.handle_event(&key(KeyCode::Char('u')));
    assert_eq!(app.state().game().record(), "h8 h9 i9");
    app.handle_event(&key(KeyCode::Char('u')));
    assert_eq!(message(&app), Some("nothing to undo"));
    assert_eq!(app.state().game().record(), "h8 h9 i9");
}

#[test]
fn options_change_rule_and_size_of_a_fresh_game() {
    let mut app = two_players();
    app.handle_event(&key(KeyCode::Char('o')));
    press_down(&mut app, 2);
    app.handle_event(&key(KeyCode::Right));
    assert_eq!(app.state().options().settings.rule, Rule::Standard);
    press_down(&mut app, 1);
    app.handle_event(&key(KeyCode::Right));
    assert_eq!(app.state().options().width, 19);
    assert_eq!(app.state().game().position().board().width(), 19);
    app.handle_event(&key(KeyCode::Esc));
    assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
}

fn press_down(app: &mut App, n: usize) {
    for _ in 0..n {
        app.handle_event(&key(KeyCode::Down));
    }
}

#[test]
fn the_board_at_80_by_24_with_and_without_move_numbers() {
    let mut app = two_players();
    place_all(&mut app, "h8 i9 j10");
    let screen = render_to_string(&mut app, 80, 24);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    let expected: Vec<&str> = vec![
        "Gomoku · freestyle · 15x15 · ? help",
        "   a b c d e f g h i j k l m n o  two players",
        "15 · · · · · · · · · · · · · · ·  ○ white to move",
        "14 · · · · · · · · · · · · · · ·  cursor j10 (9,9)",
        "13 · · · · · · · · · · · · · · ·    1. h8   i9",
        "12 · · · · · · · · · · · · · · ·    2. j10",
        "11 · · · · · · · · · · · · · · ·",
        "10 · · · · · · · · · ● · · · · ·",
        " 9 · · · · · · · · ○ · · · · · ·",
        " 8 · · · · · · · ● · · · · · · ·",
        " 7 · · · · · · · · · · · · · · ·",
        " 6 · · · · · · · · · · · · · · ·",
        " 5 · · · · · · · · · · · · · · ·",
        " 4 · · · · · · · · · · · · · · ·",
        " 3 · · · · · · · · · · · · · · ·",
        " 2 · · · · · · · · · · · · · · ·",
        " 1 · · · · · · · · · · · · · · ·",
        "",
        "",
        "",
        "",
        "",
        "",
        "Enter place · : type · u undo · o options · ? help · q quit",
    ];
    assert_eq!(lines, expected, "{screen}");
    app.handle_event(&key(KeyCode::Char('m')));
    let screen = render_to_string(&mut app, 80, 24);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    let numbered: Vec<&str> = vec![
        "Gomoku · freestyle · 15x15 · ? help",
        "   a  b  c  d  e  f  g  h  i  j  k  l  m  n  o   two players",
        "15 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·   ○ white to move",
        "14 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·   cursor j10 (9,9)",
        "13 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·     1. h8   i9",
        "12 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·     2. j10",
        "11 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        "10 ·  ·  ·  ·  ·  ·  ·  ·  ·  3  ·  ·  ·  ·  ·",
        " 9 ·  ·  ·  ·  ·  ·  ·  ·  2  ·  ·  ·  ·  ·  ·",
        " 8 ·  ·  ·  ·  ·  ·  ·  1  ·  ·  ·  ·  ·  ·  ·",
        " 7 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        " 6 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        " 5 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        " 4 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        " 3 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        " 2 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        " 1 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·",
        "",
        "",
        "",
        "",
        "",
        "move numbers on",
        "Enter place · : type · u undo · o options · ? help · q quit",
    ];
    assert_eq!(lines, numbered, "{screen}");
}

#[test]
fn the_board_in_ascii_at_the_minimum_size() {
    let mut app = App::new(Options {
        ascii: true,
        ..options(Opponent::Human)
    })
    .unwrap();
    place_all(&mut app, "h8 i9");
    let (w, h) = super::ui::min_size(15, 15);
    assert_eq!((w, h), (60, 19));
    let screen = render_to_string(&mut app, w, h);
    assert!(screen.is_ascii(), "{screen}");
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    let expected: Vec<&str> = vec![
        "Gomoku | freestyle | 15x15 | ? help",
        "   a b c d e f g h i j k l m n o  two players",
        "15 . . . . . . . . . . . . . . .  X black to move",
        "14 . . . . . . . . . . . . . . .  cursor i9 (8,8)",
        "13 . . . . . . . . . . . . . . .    1. h8   i9",
        "12 . . . . . . . . . . . . . . .",
        "11 . . . . . . . . . . . . . . .",
        "10 . . . . . . . . . . . . . . .",
        " 9 . . . . . . . . O . . . . . .",
        " 8 . . . . . . . X . . . . . . .",
        " 7 . . . . . . . . . . . . . . .",
        " 6 . . . . . . . . . . . . . . .",
        " 5 . . . . . . . . . . . . . . .",
        " 4 . . . . . . . . . . . . . . .",
        " 3 . . . . . . . . . . . . . . .",
        " 2 . . . . . . . . . . . . . . .",
        " 1 . . . . . . . . . . . . . . .",
        "",
        "Enter place | : type | u undo | o options | ? help | q quit",
    ];
    assert_eq!(lines, expected, "{screen}");
    let screen = render_to_string(&mut app, w, h - 1);
    assert_eq!(
        screen.lines().map(str::trim).find(|l| !l.is_empty()),
        Some(format!("terminal too small: needs {w}x{h} (now {w}x{})", h - 1).as_str())
    );
}

#[test]
fn help_and_options_fit_at_80_by_24() {
    let mut app = two_players();
    app.handle_event(&key(KeyCode::Char('?')));
    let screen = render_to_string(&mut app, 80, 24);
    assert!(screen.contains("move numbers on the stones"), "{screen}");
    app.handle_event(&key(KeyCode::Char('x')));
    assert!(app.state().overlay().is_none());
    app.handle_event(&key(KeyCode::Char('o')));
    let screen = render_to_string(&mut app, 80, 24);
    assert!(
        screen.contains("renju fouls  refused (cannot be played)"),
        "{screen}"
    );
}

/// Against the computer with an opening rule, at the quick level 2 (brain depth 2).
fn opening_against_the_computer(rule: OpeningRule, computer: Stone) -> App {
    App::new(Options {
        opening: Some(rule),
        level: 1,
        ..options(Opponent::Bot(computer))
    })
    .unwrap()
}

/// The bug this pins: with an opening rule the screen turned the game into two players, so
/// a person alone had to make the computer's opening decisions too.
#[test]
fn the_computer_answers_a_swap2_opening_and_plays_on() {
    let mut app = opening_against_the_computer(OpeningRule::Swap2, Stone::White);
    assert_eq!(app.state().options().opponent, Opponent::Bot(Stone::White));
    assert_eq!(app.state().computer_player(), Some(Player::Second));
    place_all(&mut app, "h8 h9 i9");
    assert!(app.state().bot_to_move(), "the second player chooses");
    assert_eq!(
        message(&app),
        Some(
            "opening: the second player takes black, takes white, or places two more stones \
             (the computer is thinking…)"
        )
    );
    type_line(&mut app, "a1");
    assert_eq!(message(&app), Some("wait: the computer is thinking"));
    app.state.finish_thinking();
    assert!(app.state().opening.is_none(), "{:?}", message(&app));
    let text = message(&app).unwrap().to_owned();
    assert!(text.starts_with("the computer chose take-"), "{text}");
    // Whoever has the move now: the computer moves at once, or waits for the person.
    let computer = if text.contains("take-black") {
        Stone::Black
    } else {
        Stone::White
    };
    assert!(text.ends_with(&format!("opening done: you play {}", computer.other())));
    assert_eq!(app.state().bot_to_move(), computer == Stone::White);
    if app.state().bot_to_move() {
        app.state.finish_thinking();
        assert_eq!(
            app.state().game().moves().len(),
            4,
            "the computer played on"
        );
    } else {
        type_line(&mut app, "a1");
        assert_eq!(app.state().game().record(), "h8 h9 i9 a1");
    }
}

#[test]
fn the_computer_opens_a_swap_and_the_person_chooses() {
    let mut app = opening_against_the_computer(OpeningRule::Swap, Stone::Black);
    assert_eq!(app.state().computer_player(), Some(Player::First));
    for placed in 1..=3 {
        app.state.finish_thinking();
        assert_eq!(app.state().game().moves().len(), placed);
    }
    assert!(!app.state().bot_to_move());
    assert_eq!(
        message(&app).map(|m| m.split("; ").nth(1)),
        Some(Some(
            "opening: the second player swaps colours or keeps them (x swaps, c keeps)"
        ))
    );
    // Swap: the person takes Black, and White (the computer) has the fourth move.
    app.handle_event(&key(KeyCode::Char('x')));
    assert_eq!(message(&app), Some("opening done: you play black"));
    assert!(app.state().bot_to_move());
    app.state.finish_thinking();
    assert_eq!(app.state().game().moves().len(), 4);
    assert!(!app.state().bot_to_move());
    // Undo takes back the computer's reply but never the opening's stones.
    app.handle_event(&key(KeyCode::Char('u')));
    assert_eq!(app.state().game().moves().len(), 3);
    assert!(app.state().bot_to_move());
}

#[test]
fn a_new_game_with_an_opening_asks_which_player_you_are() {
    let mut app = opening_against_the_computer(OpeningRule::Swap2, Stone::White);
    app.handle_event(&key(KeyCode::Char('n')));
    let screen = render_to_string(&mut app, 80, 24);
    assert!(
        screen.contains("b first, w second, Esc cancels"),
        "{screen}"
    );
    app.handle_event(&key(KeyCode::Char('w')));
    assert_eq!(app.state().computer_player(), Some(Player::First));
    app.state.finish_thinking();
    assert_eq!(app.state().game().moves().len(), 1, "the computer opens");
}
