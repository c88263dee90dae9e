use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use xiangqi::{Color, Position, RepetitionRule, Validation};

use super::state::{Options, Sure};
use super::{App, start};
use crate::app::{Action, Screen, key, keys, render_to_string};
use crate::launcher::LaunchOptions;
use crate::overlay::Overlay;
use crate::status::Level;

fn options(engine: Option<Color>) -> Options {
    Options {
        engine,
        seed: 1,
        pace: Duration::ZERO,
        ..Options::default()
    }
}

fn two_players() -> App {
    App::new(options(None))
}

fn from_fen(fen: &str) -> App {
    App::new(Options {
        start: Position::from_fen(fen).unwrap(),
        ..options(None)
    })
}

fn type_line(app: &mut App, text: &str) {
    app.handle_event(&key(KeyCode::Char(':')));
    for e in keys(text) {
        app.handle_event(&e);
    }
    app.handle_event(&key(KeyCode::Enter));
}

fn press(app: &mut App, path: &[KeyCode]) {
    for &code in path {
        app.handle_event(&key(code));
    }
}

/// The open question's "yes", if a question is open.
fn question(app: &App) -> Option<Sure> {
    match app.state().overlay() {
        Overlay::Confirm(c) => Some(c.yes),
        _ => None,
    }
}

fn message(app: &App) -> &str {
    app.state().message()
}

fn click(app: &App, sq: &str) -> Event {
    // Where the board widget drew the point, as recorded at the last render.
    let hits = app.hits;
    let target: xiangqi::Square = sq.parse().unwrap();
    let (ox, oy) = hits.origin.expect("rendered");
    let (c, r) = if hits.flipped {
        (8 - target.file(), target.rank())
    } else {
        (target.file(), 9 - target.rank())
    };
    Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: ox + u16::from(c) * hits.step.0,
        row: oy + u16::from(r) * hits.step.1,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn cursor_select_and_move() {
    let mut app = two_players();
    assert_eq!(app.state().cursor().to_string(), "e0");
    // Move the cursor to h2 (3 right, 2 up) and select the cannon, then to e2.
    press(
        &mut app,
        &[
            KeyCode::Right,
            KeyCode::Right,
            KeyCode::Right,
            KeyCode::Up,
            KeyCode::Up,
        ],
    );
    assert_eq!(app.state().cursor().to_string(), "h2");
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(message(&app), "Selected h2: 12 legal moves.");
    press(&mut app, &[KeyCode::Left; 3]);
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(
        app.state().game().last_move().map(|m| m.to_string()),
        Some("h2e2".into())
    );
    assert_eq!(message(&app), "Red played 炮二平五 (h2e2).");
    assert_eq!(app.state().game().position().turn(), Color::Black);
}

#[test]
fn typed_moves_in_every_notation_and_errors() {
    let mut app = two_players();
    type_line(&mut app, "炮二平五");
    type_line(&mut app, "H8+7");
    type_line(&mut app, "h0g2");
    assert_eq!(app.state().game().len(), 3);
    type_line(&mut app, "xyz");
    assert!(
        message(&app).starts_with("not valid move notation"),
        "{}",
        message(&app)
    );
    type_line(&mut app, "C3.5");
    assert!(
        message(&app).starts_with("illegal here"),
        "{}",
        message(&app)
    );
    type_line(&mut app, "a9a5");
    assert_eq!(message(&app), "a9a5 is illegal: a piece stands in the way.");
    assert_eq!(app.state().game().len(), 3);
    app.handle_event(&key(KeyCode::Char('u')));
    assert_eq!(app.state().game().len(), 2);
    type_line(&mut app, "fen");
    assert!(message(&app).starts_with("FEN: "), "{}", message(&app));
    type_line(&mut app, "fen 3k5/9/9/9/9/9/9/9/9/4K4 w");
    assert_eq!(message(&app), "Position loaded.");
    type_line(&mut app, "fen nonsense");
    assert!(message(&app).starts_with("Bad FEN"), "{}", message(&app));
}

#[test]
fn black_file_numbers_are_typed_as_wxf() {
    // Black's file numbers (1…9 from its right, printed over the board) are what WXF uses.
    let mut app = two_players();
    type_line(&mut app, "C2.5");
    type_line(&mut app, "H2+3");
    assert_eq!(
        app.state().game().last_move().map(|m| m.to_string()),
        Some("b9c7".into())
    );
}

#[test]
fn save_and_load_pgn_and_fen() {
    let dir = std::env::temp_dir().join(format!("parlor-xiangqi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("g.pgn");
    let fen = dir.join("p.fen");
    let mut app = two_players();
    type_line(&mut app, "h2e2");
    type_line(&mut app, "h9g7");
    type_line(&mut app, &format!("save {}", pgn.display()));
    type_line(&mut app, &format!("save {}", fen.display()));
    let mut other = two_players();
    type_line(&mut other, &format!("load {}", pgn.display()));
    assert_eq!(other.state().game().len(), 2, "{}", message(&other));
    let mut third = two_players();
    type_line(&mut third, &format!("load {}", fen.display()));
    assert_eq!(
        third.state().game().position(),
        app.state().game().position()
    );
    type_line(&mut third, "load /nonexistent/file.pgn");
    assert!(message(&third).starts_with("Cannot read"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_engine_replies_off_the_input_thread_and_undo_takes_back_both() {
    let mut app = App::new(Options {
        level: 1,
        ..options(Some(Color::Black))
    });
    type_line(&mut app, "h2e2");
    app.tick();
    assert!(app.state().thinking(), "the search runs in the background");
    // The screen still takes keys while the engine thinks.
    app.handle_event(&key(KeyCode::Char('e')));
    app.state.finish_thinking();
    assert_eq!(app.state().game().len(), 2, "the engine answered");
    let analysis = app.state().analysis.as_ref().expect("an evaluation");
    assert_eq!(analysis.info.depth, 2);
    assert!(!analysis.info.pv.is_empty());
    let screen = render_to_string(&mut app, 80, 24);
    assert!(screen.contains("Engine depth 2 "), "{screen}");
    app.handle_event(&key(KeyCode::Char('u')));
    assert_eq!(app.state().game().len(), 0);
    assert_eq!(app.state().game().position().turn(), Color::Red);
}

#[test]
fn level_one_is_the_baseline_bot() {
    let mut app = App::new(Options {
        level: 0,
        ..options(Some(Color::Red))
    });
    app.state.finish_thinking();
    assert_eq!(app.state().game().len(), 1);
    assert!(
        app.state().analysis.is_none(),
        "the baseline bot has no evaluation"
    );
}

#[test]
fn mouse_clicks_select_and_move() {
    let mut app = two_players();
    let _ = render_to_string(&mut app, 80, 24);
    app.handle_event(&click(&app, "h2"));
    assert_eq!(
        app.state().selected().map(|s| s.to_string()),
        Some("h2".into())
    );
    app.handle_event(&click(&app, "e2"));
    assert_eq!(
        app.state().game().last_move().map(|m| m.to_string()),
        Some("h2e2".into())
    );
    // Flipped, the same clicks find the same points.
    app.handle_event(&key(KeyCode::Char('f')));
    let _ = render_to_string(&mut app, 80, 24);
    app.handle_event(&click(&app, "h7"));
    assert_eq!(
        app.state().selected().map(|s| s.to_string()),
        Some("h7".into())
    );
}

#[test]
fn launcher_entry_starts_against_the_engine() {
    let mut screen = start(&LaunchOptions {
        seed: Some(9),
        ..LaunchOptions::default()
    });
    let text = render_to_string(screen.as_mut(), 80, 24);
    let first = text.lines().next().unwrap().trim_end();
    assert!(first.ends_with("Xiangqi · computer plays Black"), "{text}");
}

#[test]
fn checkmate_is_announced_with_the_rule() {
    let mut app = from_fen("3k5/R8/9/9/1R7/9/9/9/9/4K4 w");
    type_line(&mut app, "b5b9");
    assert_eq!(
        message(&app),
        "Red played 車五進四 (b5b9). Game over: red wins by checkmate."
            .replace("車五進四", &app.state().move_texts()[0].1)
    );
    // The key row says what the keys do now; the message fits its one row at 80 columns.
    let screen = render_to_string(&mut app, 80, 24);
    let rows: Vec<&str> = screen.lines().collect();
    assert!(rows[23].starts_with("n new game"), "{screen}");
    assert!(
        rows[22]
            .trim_end()
            .ends_with("Game over: red wins by checkmate."),
        "{screen}"
    );
    // Over: q quits without asking.
    assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
}

#[test]
fn quit_and_new_game_ask_while_a_game_is_in_progress() {
    let mut app = two_players();
    assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
    type_line(&mut app, "h2e2");
    assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Continue);
    assert_eq!(question(&app), Some(Sure::Quit));
    assert_eq!(app.handle_event(&key(KeyCode::Char('n'))), Action::Continue);
    assert!(app.state().overlay().is_none());
    app.handle_event(&key(KeyCode::Char('n')));
    assert_eq!(question(&app), Some(Sure::NewGame));
    app.handle_event(&key(KeyCode::Char('y')));
    assert!(app.state().game().is_empty());
    type_line(&mut app, "h2e2");
    app.handle_event(&key(KeyCode::Char('q')));
    assert_eq!(app.handle_event(&key(KeyCode::Char('y'))), Action::Quit);
}

#[test]
fn an_illegal_target_shows_the_rule_it_breaks() {
    // The game guessed "the general may not be left attacked or facing" for any refusal.
    let mut app = two_players();
    // From e0: four left to a0 (the chariot), select, then one right and one up to b1.
    press(&mut app, &[KeyCode::Left; 4]);
    press(
        &mut app,
        &[KeyCode::Enter, KeyCode::Right, KeyCode::Up, KeyCode::Enter],
    );
    assert_eq!(
        message(&app),
        "a0b1 is illegal: a chariot does not move that way."
    );
    // The horse on b0 to d1 has its leg (c0) blocked.
    press(&mut app, &[KeyCode::Down, KeyCode::Enter, KeyCode::Right]);
    press(&mut app, &[KeyCode::Right, KeyCode::Up, KeyCode::Enter]);
    assert_eq!(
        message(&app),
        "b0d1 is illegal: the horse's leg is blocked."
    );
    assert!(app.state().game().is_empty());
}

/// Eight open chariots: 136 legal moves, more than the move list used to hold.
const EIGHT_CHARIOTS: &str = "4k4/8R/7R1/6R2/5R3/3R5/2R6/1R7/R8/3K5 w - - 0 1";

#[test]
fn fen_prompt_is_strict_unless_permissive() {
    let mut app = two_players();
    type_line(&mut app, &format!("fen {EIGHT_CHARIOTS}"));
    assert!(
        message(&app).starts_with("Bad FEN: red has 8 pieces of role chariot (at most 2)"),
        "{}",
        message(&app)
    );
    assert!(message(&app).ends_with("(composed positions: ':validation permissive')."));
    type_line(&mut app, "fen 9/9 w");
    assert_eq!(
        message(&app),
        "Bad FEN: fen board has 2 ranks, expected 10."
    );
    type_line(&mut app, "validation permissive");
    type_line(&mut app, &format!("fen {EIGHT_CHARIOTS}"));
    assert_eq!(message(&app), "Position loaded.");
    // Selecting a chariot lists its targets from the full move list (136 moves).
    press(&mut app, &[KeyCode::Up; 4]);
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(message(&app), "Selected d4: 16 legal moves.");
}

#[test]
fn rules_are_chosen_at_the_prompt_and_in_the_options() {
    let mut app = two_players();
    type_line(&mut app, "rules simple");
    assert_eq!(
        app.state().game().rules().repetition,
        RepetitionRule::Simple
    );
    assert_eq!(message(&app), "Rules: simple repetition · 60-move limit.");
    type_line(&mut app, "limit 40");
    assert_eq!(app.state().game().rules().move_limit, Some(40));
    type_line(&mut app, "limit off");
    assert_eq!(app.state().game().rules().move_limit, None);
    type_line(&mut app, "limit many");
    assert!(
        message(&app).starts_with("Usage: limit"),
        "{}",
        message(&app)
    );
    type_line(&mut app, "rules sometimes");
    assert!(
        message(&app).contains("unknown repetition rule"),
        "{}",
        message(&app)
    );
    // Options: down to the repetition rule, change it; down to the move limit, change it;
    // down to FEN checking, change it.
    app.handle_event(&key(KeyCode::Char('o')));
    press(&mut app, &[KeyCode::Down, KeyCode::Down, KeyCode::Right]);
    assert_eq!(app.state().game().rules().repetition, RepetitionRule::Off);
    press(&mut app, &[KeyCode::Down, KeyCode::Right]);
    assert_eq!(app.state().game().rules().move_limit, Some(30));
    press(&mut app, &[KeyCode::Down, KeyCode::Right]);
    assert_eq!(app.state().options().validation, Validation::Permissive);
    app.handle_event(&key(KeyCode::Esc));
    assert!(app.state().overlay().is_none());
    // A new game keeps the rules.
    app.handle_event(&key(KeyCode::Char('n')));
    assert_eq!(app.state().game().rules().repetition, RepetitionRule::Off);
}

#[test]
fn stepping_through_the_move_list_shows_earlier_positions() {
    let mut app = two_players();
    for m in ["h2e2", "h9g7", "h0g2"] {
        type_line(&mut app, m);
    }
    let now = *app.state().game().position();
    app.handle_event(&key(KeyCode::Char('[')));
    assert_eq!(
        app.state().shown(),
        app.state().game().position_at(2).unwrap()
    );
    app.handle_event(&key(KeyCode::Home));
    assert_eq!(*app.state().shown(), Position::default());
    app.handle_event(&key(KeyCode::Char(']')));
    assert_eq!(
        app.state().shown(),
        app.state().game().position_at(1).unwrap()
    );
    // No moves while browsing; the game is unchanged.
    type_line(&mut app, "i9h9");
    assert!(message(&app).starts_with("Browsing"), "{}", message(&app));
    app.handle_event(&key(KeyCode::End));
    assert_eq!(*app.state().shown(), now);
    type_line(&mut app, "i9h9");
    assert_eq!(app.state().game().len(), 4);
}

#[test]
fn resign_asks_then_ends_the_game() {
    let mut app = App::new(options(Some(Color::Black)));
    app.handle_event(&key(KeyCode::Char('r')));
    assert_eq!(question(&app), Some(Sure::Resign));
    app.handle_event(&key(KeyCode::Char('n')));
    assert_eq!(app.state().game().outcome(), None);
    app.handle_event(&key(KeyCode::Char('r')));
    app.handle_event(&key(KeyCode::Char('y')));
    assert_eq!(
        app.state().game().outcome().map(|o| o.to_string()),
        Some("black wins by resignation".into())
    );
}

#[test]
fn a_draw_offer_is_answered_by_the_other_player() {
    let mut app = two_players();
    type_line(&mut app, "h2e2");
    app.handle_event(&key(KeyCode::Char('d')));
    assert_eq!(question(&app), Some(Sure::AcceptDraw(Color::Black)));
    app.handle_event(&key(KeyCode::Char('n')));
    assert_eq!(message(&app), "Red declines the draw.");
    assert_eq!(app.state().status().level(), Level::Warn);
    app.handle_event(&key(KeyCode::Char('d')));
    app.handle_event(&key(KeyCode::Char('y')));
    assert_eq!(
        app.state().game().outcome().map(|o| o.to_string()),
        Some("draw by agreement".into())
    );
}

#[test]
fn the_engine_declines_a_draw_when_it_is_not_worse() {
    let mut app = App::new(Options {
        level: 1,
        ..options(Some(Color::Black))
    });
    type_line(&mut app, "h2e2");
    app.state.finish_thinking();
    app.handle_event(&key(KeyCode::Char('d')));
    assert!(
        message(&app).starts_with("The engine declines the draw: it judges the game "),
        "{}",
        message(&app)
    );
    assert_eq!(app.state().game().outcome(), None);
}

#[test]
fn a_repeated_position_warns_what_the_rule_will_decide() {
    // The red chariot checks from d1 and e1 in turn, the black general steps between d9 and
    // e9: perpetual check, which loses for Red when the position comes back a third time.
    let mut app = from_fen("3k5/9/9/9/9/9/9/9/R8/5K3 w");
    for m in ["a1d1", "d9e9", "d1e1", "e9d9"] {
        type_line(&mut app, m);
    }
    assert_eq!(app.state().status().level(), Level::Info);
    type_line(&mut app, "e1d1");
    assert_eq!(app.state().status().level(), Level::Warn);
    assert!(
        message(&app).ends_with(
            "Position repeated 2 times; at 3 (asian rule): black wins by perpetual check by the loser."
        ),
        "{}",
        message(&app)
    );
}

#[test]
fn the_board_at_80_by_24() {
    let mut app = two_players();
    let screen = render_to_string(&mut app, 80, 24);
    let expected = [
        "   1   2   3   4   5   6   7   8   9  Xiangqi · two players",
        "9  車──馬──象──士──將──士──象──馬──車 asian repetition · 60-move limit",
        "   │   │   │   │ ╲ │ ╱ │   │   │   │  Red to move",
        "8  ├───┼───┼───┼───┼───┼───┼───┼───┤  Moves (Chinese, traditional)",
        "   │   │   │   │ ╱ │ ╲ │   │   │   │",
        "7  ├───砲──┼───┼───┼───┼───┼───砲──┤",
        "   │   │   │   │   │   │   │   │   │",
        "6  卒──┼───卒──┼───卒──┼───卒──┼───卒",
        "   │   │   │   │   │   │   │   │   │",
        "5  ├───┴───┴───┴───┴───┴───┴───┴───┤",
        "   │    楚  河           漢  界    │",
        "4  ├───┬───┬───┬───┬───┬───┬───┬───┤",
        "   │   │   │   │   │   │   │   │   │",
        "3  兵──┼───兵──┼───兵──┼───兵──┼───兵",
        "   │   │   │   │   │   │   │   │   │",
        "2  ├───炮──┼───┼───┼───┼───┼───炮──┤",
        "   │   │   │   │ ╲ │ ╱ │   │   │   │",
        "1  ├───┼───┼───┼───┼───┼───┼───┼───┤",
        "   │   │   │   │ ╱ │ ╲ │   │   │   │",
        "0  俥──傌──相──仕──帥──仕──相──傌──俥",
        "   九  八  七  六  五  四  三  二  一",
        "   a   b   c   d   e   f   g   h   i",
        "Your move: arrows + Enter or the mouse, ':' to type; ? help.",
        "Enter move · : type · u undo · o options · ? help · q quit",
    ];
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    assert_eq!(lines, expected, "{screen}");
}

#[test]
fn the_board_in_ascii_at_the_minimum_size() {
    let mut app = App::new(Options {
        ascii: true,
        ..options(None)
    });
    let (w, h) = super::ui::MIN_SIZE;
    assert_eq!((w, h), (60, 20), "every game plays at 60x20");
    let screen = render_to_string(&mut app, w, h);
    let expected = [
        "   1   2   3   4   5   6   7   8   9  Xiangqi . two players",
        "9  r---n---b---a---k---a---b---n---r  asian repetition .",
        "8  +---+---+---+---+---+---+---+---+  60-move limit",
        "7  +---c---+---+---+---+---+---c---+  Red to move",
        "6  p---+---p---+---p---+---p---+---p  Moves (WXF)",
        "5  +---+---+---+---+---+---+---+---+",
        "   |     Chu He        Han Jie     |",
        "4  +---+---+---+---+---+---+---+---+",
        "3  P---+---P---+---P---+---P---+---P",
        "2  +---C---+---+---+---+---+---C---+",
        "1  +---+---+---+---+---+---+---+---+",
        "0  R---N---B---A---K---A---B---N---R",
        "   9   8   7   6   5   4   3   2   1",
        "   a   b   c   d   e   f   g   h   i",
        "",
        "",
        "",
        "",
        "Your move: arrows + Enter or the mouse, ':' to type; ? help.",
        "Enter move | : type | u undo | o options | ? help | q quit",
    ];
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    assert_eq!(lines, expected, "{screen}");
    let mut small = App::new(options(None));
    let screen = render_to_string(&mut small, w - 1, h);
    assert_eq!(
        screen.lines().map(str::trim).find(|l| !l.is_empty()),
        Some(format!("terminal too small: needs {w}x{h} (now {}x{h})", w - 1).as_str())
    );
}

/// The bug this pins: at 60x20 the screen said "terminal too small: needs 60x24"; it now
/// draws the compact board, with both sides' file numbers, and the mouse finds its points.
#[test]
fn the_compact_board_at_60_by_20_plays_by_mouse() {
    let mut app = two_players();
    let screen = render_to_string(&mut app, 60, 20);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    assert_eq!(
        lines[..14],
        [
            "   1   2   3   4   5   6   7   8   9  Xiangqi · two players",
            "9  車──馬──象──士──將──士──象──馬──車 asian repetition ·",
            "8  ├───┼───┼───┼───┼───┼───┼───┼───┤  60-move limit",
            "7  ├───砲──┼───┼───┼───┼───┼───砲──┤  Red to move",
            "6  卒──┼───卒──┼───卒──┼───卒──┼───卒 Moves (Chinese,",
            "5  ├───┴───┴───┴───┴───┴───┴───┴───┤  traditional)",
            "   │    楚  河           漢  界    │",
            "4  ├───┬───┬───┬───┬───┬───┬───┬───┤",
            "3  兵──┼───兵──┼───兵──┼───兵──┼───兵",
            "2  ├───炮──┼───┼───┼───┼───┼───炮──┤",
            "1  ├───┼───┼───┼───┼───┼───┼───┼───┤",
            "0  俥──傌──相──仕──帥──仕──相──傌──俥",
            "   九  八  七  六  五  四  三  二  一",
            "   a   b   c   d   e   f   g   h   i",
        ],
        "{screen}"
    );
    let at = |column, row| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    // The river's row is no point; h2 is on screen row 9, column 3 + 7 * 4.
    app.handle_event(&at(31, 6));
    assert_eq!(app.state().selected(), None);
    app.handle_event(&at(31, 9));
    assert_eq!(
        app.state().selected().map(|s| s.to_string()),
        Some("h2".into())
    );
    app.handle_event(&at(19, 9));
    assert_eq!(
        app.state().game().last_move().map(|m| m.to_string()),
        Some("h2e2".into())
    );
    // Black's rank 7 is above the river.
    app.handle_event(&at(7, 3));
    assert_eq!(
        app.state().selected().map(|s| s.to_string()),
        Some("b7".into())
    );
}

#[test]
fn help_and_options_fit_at_80_by_24() {
    let mut app = two_players();
    app.handle_event(&key(KeyCode::Char('?')));
    let screen = render_to_string(&mut app, 80, 24);
    assert!(screen.contains("Xiangqi: help"), "{screen}");
    assert!(screen.contains("step back through the moves"), "{screen}");
    app.handle_event(&key(KeyCode::Char('x')));
    assert!(app.state().overlay().is_none());
    app.handle_event(&key(KeyCode::Char('o')));
    let screen = render_to_string(&mut app, 80, 24);
    for row in [
        "computer plays",
        "level",
        "repetition rule",
        "move limit",
        "FEN checking",
    ] {
        assert!(screen.contains(row), "{row}:\n{screen}");
    }
}

#[test]
fn a_game_against_the_engine_is_counted_once_in_the_statistics() {
    let dir = std::env::temp_dir().join(format!("parlor-xiangqi-stats-{}", std::process::id()));
    let data = crate::data::DataDir::new(&dir);
    let with_data = || Options {
        data: Some(data.clone()),
        ..options(Some(Color::Black))
    };
    let mut app = App::new(with_data());
    type_line(&mut app, "h2e2");
    app.handle_event(&key(KeyCode::Char('r')));
    app.handle_event(&key(KeyCode::Char('y')));
    assert_eq!(app.state().record.played(), 1);
    // The game is over: a new game does not count it again.
    app.handle_event(&key(KeyCode::Char('n')));
    assert_eq!(app.state().record.played(), 1);
    assert_eq!(
        App::new(with_data()).state().record.played(),
        1,
        "read back"
    );
    // The statistics screen offers a reset, which asks first.
    app.handle_event(&key(KeyCode::Char('s')));
    assert!(render_to_string(&mut app, 80, 24).contains("Xiangqi: statistics"));
    app.handle_event(&key(KeyCode::Char('r')));
    assert_eq!(question(&app), Some(Sure::ResetStatistics));
    app.handle_event(&key(KeyCode::Char('y')));
    assert_eq!(app.state().record.played(), 0);
    assert_eq!(App::new(with_data()).state().record.played(), 0);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ascii_mode_hints_and_help_have_no_chinese() {
    let mut app = App::new(Options {
        ascii: true,
        ..options(None)
    });
    type_line(&mut app, "zz");
    assert!(
        message(&app).ends_with("Moves: h2e2, C2.5; commands: see '?'."),
        "{}",
        message(&app)
    );
    press(&mut app, &[KeyCode::Char('?')]);
    let screen = render_to_string(&mut app, 100, 80);
    assert!(screen.contains("a move (h2e2, C2.5)"), "{screen}");
    assert!(screen.contains("each side counts 1-9"), "{screen}");
    // A Chinese character stands in as "? " where only ASCII is shown.
    assert!(!screen.contains("? ?"), "{screen}");
    let mut unicode = two_players();
    type_line(&mut unicode, "zz");
    assert!(
        message(&unicode).contains("炮二平五"),
        "{}",
        message(&unicode)
    );
}
