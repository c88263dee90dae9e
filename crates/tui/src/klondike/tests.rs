//! The Klondike screen driven by synthetic events and rendered into a `TestBackend`.

use ::klondike::{
    Deal, Draw, Game, Klondike, Move, MoveList, Options as GameOptions, Rules, Setup, Status,
};
use cards_core::{Pile, Suit};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::state::{Hit, Popup, Slot};
use super::{App, Options};
use crate::app::{Action, Screen, key, keys, render_to_string};
use crate::cards::CardStyle;
use crate::data::{DataDir, test_dir};
use crate::overlay::Overlay;

const W: u16 = 100;
const H: u16 = 34;

fn no_auto() -> GameOptions {
    GameOptions {
        auto_move: ::klondike::AutoMove::None,
        auto_finish: false,
        ..GameOptions::default()
    }
}

fn style(ascii: bool) -> CardStyle {
    if ascii {
        CardStyle::Ascii
    } else {
        CardStyle::Glyph
    }
}

fn app(seed: u64, ascii: bool) -> App {
    App::new(&Options {
        style: style(ascii),
        seed,
        game: no_auto(),
        ..Options::default()
    })
}

/// Ticks until the solver's answer has come in (as the event loop does ten times a second).
fn wait_for_solver(app: &mut App) {
    let start = std::time::Instant::now();
    while app.is_solving() {
        assert!(start.elapsed().as_secs() < 60, "the solver never answered");
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert_eq!(app.tick(), Action::Continue);
    }
}

/// Asserts that the message line says `text`.
fn assert_says(app: &App, text: &str) {
    assert!(app.message().contains(text), "{}", app.message());
}

fn press(app: &mut App, text: &str) {
    for event in keys(text) {
        assert_eq!(app.handle_event(&event), Action::Continue);
    }
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// The screen cell of the first hit for `slot` showing `count` cards (rendering first).
fn cell(app: &mut App, slot: Slot, count: usize) -> (u16, u16) {
    render_to_string(app, W, H);
    let (rect, _): &(_, Hit) = app
        .hits
        .areas()
        .iter()
        .find(|(_, hit)| hit.slot == slot && hit.count == count)
        .expect("a hit area");
    (rect.x, rect.y)
}

/// Drags the top card of pile `from` onto pile `to`.
fn drag_from_pile_to_pile(app: &mut App, from: u8, to: u8) {
    let source = cell(app, Slot::Pile(from), 1);
    let target = cell(app, Slot::Pile(to), 1);
    let button = MouseButton::Left;
    app.handle_event(&mouse(MouseEventKind::Down(button), source.0, source.1));
    app.handle_event(&mouse(MouseEventKind::Drag(button), target.0, target.1));
    app.handle_event(&mouse(MouseEventKind::Up(button), target.0, target.1));
}

fn click(app: &mut App, at: (u16, u16)) {
    app.handle_event(&mouse(MouseEventKind::Down(MouseButton::Left), at.0, at.1));
    app.handle_event(&mouse(MouseEventKind::Up(MouseButton::Left), at.0, at.1));
}

/// A seed whose opening position offers a move matching `want`, and that move.
fn seed_with(want: impl Fn(&Move) -> bool) -> (u64, Move) {
    let mut moves = MoveList::new();
    for seed in 0..500 {
        Klondike::from_seed(seed, Rules::default()).legal_moves(&mut moves);
        if let Some(&mv) = moves.iter().find(|m| want(m)) {
            return (seed, mv);
        }
    }
    panic!("no seed offers the move");
}

/// The whole table of seed 7 in ASCII, at 80×24 and at the minimum size, 60×20.
#[test]
fn the_table_at_80x24_and_at_the_minimum_size() {
    let mut app = app(7, true);
    let expected = |w: usize, h: usize| -> String {
        let mut lines: Vec<&str> = vec![
            "draw 1 | standard | pass 1 | score 0 | 0:00 | seed 7",
            "? help | d draws | 1-7 pick a pile then 1-7 drop | i hint",
            "",
            "  ##24 ..        C    D    H    S",
            "  1    2    3    4    5    6    7",
        ];
        lines.extend(TABLEAU_7);
        while lines.len() < h - 1 {
            lines.push("");
        }
        lines.push(if w == 80 { FOOTER_80 } else { FOOTER_60 });
        lines
            .iter()
            .flat_map(|l| [format!("{l:<w$}"), "\n".into()])
            .collect()
    };
    assert_eq!(render_to_string(&mut app, 80, 24), expected(80, 24));
    assert_eq!(render_to_string(&mut app, 60, 20), expected(60, 20));
    let short = render_to_string(&mut app, 60, 19);
    assert!(
        short.contains("terminal too small: needs 60x20 (now 60x19)"),
        "{short}"
    );
}

/// Seed 7's tableau in ASCII, the cursor on pile 1.
const TABLEAU_7: [&str; 7] = [
    " >TD   ##   ##   ##   ##   ##   ##",
    "       QH   ##   ##   ##   ##   ##",
    "            AC   ##   ##   ##   ##",
    "                 5H   ##   ##   ##",
    "                      QC   ##   ##",
    "                           7C   ##",
    "                                TH",
];
/// The key reminders that fit 80 and 60 columns.
const FOOTER_80: &str = "? help | d draw | i hint | u undo | n new | o options | s stats | q quit";
const FOOTER_60: &str = "? help | d draw | i hint | u undo | n new | o options";

#[test]
fn the_glyph_style_draws_card_glyphs_and_backs() {
    let mut app = app(7, false);
    let screen = render_to_string(&mut app, W, H);
    assert!(screen.contains('🂠'), "card backs");
    let top = Klondike::from_seed(7, Rules::default()).pile(0)[0];
    assert!(screen.contains(top.glyph()));
}

/// The bug this pins: `--ascii` still drew `▶`, `↺`, `◀ ▶`, `·` and rounded borders.
#[test]
fn ascii_mode_prints_ascii_only_in_every_screen() {
    let mut app = app(7, true);
    press(&mut app, "1");
    let mut screens = vec![render_to_string(&mut app, W, H)];
    for keys in ["?", "o", "s", "g"] {
        press(&mut app, keys);
        screens.push(render_to_string(&mut app, 80, 24));
        app.handle_event(&key(KeyCode::Esc));
    }
    for _ in 0..25 {
        press(&mut app, "d");
    }
    screens.push(render_to_string(&mut app, 80, 24));
    press(&mut app, "q");
    screens.push(render_to_string(&mut app, 80, 24));
    for screen in &screens {
        assert!(screen.is_ascii(), "{screen}");
    }
    assert!(screens[1].contains("Klondike: help"), "{}", screens[1]);
    assert!(screens.last().unwrap().contains("y/n"));
}

#[test]
fn stock_key_turns_and_undo_redo_restore() {
    let mut app = app(3, false);
    press(&mut app, "d");
    assert_eq!(app.game().unwrap().position().waste().len(), 1);
    press(&mut app, "u");
    assert_eq!(app.game().unwrap().position().waste().len(), 0);
    assert_eq!(
        app.message(),
        "Undid stock",
        "the message names the move taken back"
    );
    press(&mut app, "r");
    assert_eq!(app.game().unwrap().position().waste().len(), 1);
    assert_eq!(app.message(), "Redid stock");
    app.handle_event(&Event::Key(KeyEvent::new(
        KeyCode::Char('z'),
        KeyModifiers::CONTROL,
    )));
    assert_eq!(app.game().unwrap().position().waste().len(), 0);
    press(&mut app, "u");
    assert!(app.message().contains("Nothing to undo"));
}

#[test]
fn digits_pick_and_drop_a_run() {
    let (seed, mv) = seed_with(|m| matches!(m, Move::PileToPile { .. }));
    let Move::PileToPile { from, to, .. } = mv else {
        unreachable!()
    };
    let mut app = app(seed, false);
    let before = *app.game().unwrap().position();
    press(&mut app, &format!("{}{}", from + 1, to + 1));
    assert_played(&app, &before, mv);
}

/// Asserts that the game's position is `before` with `mv` played.
fn assert_played(app: &App, before: &Klondike, mv: Move) {
    let mut expected = *before;
    expected.play(mv).unwrap();
    assert_eq!(
        *app.game().unwrap().position(),
        expected,
        "{}",
        app.message()
    );
}

#[test]
fn a_typed_move_is_played_and_bad_text_or_an_illegal_move_changes_nothing() {
    let (seed, mv) = seed_with(|m| matches!(m, Move::PileToPile { .. }));
    let mut app = app(seed, true);
    let before = *app.game().unwrap().position();
    let enter = key(KeyCode::Enter);
    press(&mut app, ":");
    assert!(matches!(
        app.state().overlay(),
        Overlay::Game(Popup::Move(_))
    ));
    let prompt = render_to_string(&mut app, 80, 24);
    assert!(prompt.contains("Type a move"), "{prompt}");
    press(&mut app, "seven");
    app.handle_event(&enter);
    assert!(app.state().overlay().is_none());
    assert_eq!(*app.game().unwrap().position(), before);
    assert!(app.message().starts_with("seven: "), "{}", app.message());
    press(&mut app, ":fS-1");
    app.handle_event(&enter);
    assert_eq!(*app.game().unwrap().position(), before);
    assert!(app.message().starts_with("The "), "{}", app.message());
    press(&mut app, &format!(":{mv}"));
    app.handle_event(&enter);
    assert_played(&app, &before, mv);
    assert_eq!(app.message(), format!("Played {mv}"));
}

#[test]
fn an_illegal_drop_says_why_and_changes_nothing() {
    let mut app = app(5, false);
    let before = *app.game().unwrap().position();
    // Pile 1's single card onto pile 1 is "put back"; onto a pile it cannot go gives a reason.
    let mut moves = MoveList::new();
    before.legal_moves(&mut moves);
    let target = (1..7u8).find(|&to| {
        !moves
            .iter()
            .any(|m| matches!(m, Move::PileToPile { from: 0, to: t, .. } if *t == to))
    });
    let Some(to) = target else { return };
    press(&mut app, &format!("1{}", to + 1));
    assert_eq!(*app.game().unwrap().position(), before);
    assert!(
        app.message().contains("does not fit") || app.message().contains("king"),
        "{}",
        app.message()
    );
}

#[test]
fn mouse_click_on_the_stock_turns_it() {
    let mut app = app(11, false);
    let at = cell(&mut app, Slot::Stock, 1);
    click(&mut app, at);
    assert_eq!(app.game().unwrap().position().waste().len(), 1);
}

#[test]
fn mouse_drag_moves_a_card() {
    let (seed, mv) = seed_with(|m| matches!(m, Move::PileToPile { count: 1, .. }));
    let Move::PileToPile { from, to, .. } = mv else {
        unreachable!()
    };
    let mut app = app(seed, false);
    drag_from_pile_to_pile(&mut app, from, to);
    assert_eq!(
        app.game().unwrap().history().last().map(|e| e.mv),
        Some(mv),
        "{}",
        app.message()
    );
}

/// The bug this pins: a press on a pile (or the waste) soon after dragging a card off it
/// read as a double click and sent the new top card up instead of picking it up.
#[test]
fn a_press_after_a_drag_is_not_a_double_click() {
    // From a pile with face-down cards: a card turns up to be pressed next.
    let (seed, mv) = seed_with(|m| {
        matches!(
            m,
            Move::PileToPile {
                count: 1,
                from: 1..,
                ..
            }
        )
    });
    let Move::PileToPile { from, to, .. } = mv else {
        unreachable!()
    };
    let mut app = app(seed, false);
    drag_from_pile_to_pile(&mut app, from, to);
    assert_eq!(app.game().unwrap().history().last().map(|e| e.mv), Some(mv));
    let turned = cell(&mut app, Slot::Pile(from), 1);
    app.handle_event(&mouse(
        MouseEventKind::Down(MouseButton::Left),
        turned.0,
        turned.1,
    ));
    assert_eq!(
        app.state().held().map(|held| held.slot),
        Some(Slot::Pile(from)),
        "the press picks the turned card up: {}",
        app.message()
    );
}

#[test]
fn click_then_click_moves_and_double_click_sends_up() {
    let (seed, mv) = seed_with(|m| matches!(m, Move::PileToFoundation(_)));
    let Move::PileToFoundation(pile) = mv else {
        unreachable!()
    };
    let mut app = app(seed, false);
    let at = cell(&mut app, Slot::Pile(pile), 1);
    click(&mut app, at);
    click(&mut app, at);
    assert_eq!(
        app.game().unwrap().history().last().map(|e| e.mv),
        Some(mv),
        "{}",
        app.message()
    );
    assert_eq!(app.game().unwrap().position().foundation_total(), 1);

    // Click a card, then click the foundation row: the same move by two clicks.
    let mut app = super::App::new(&Options {
        seed,
        game: no_auto(),
        ..Options::default()
    });
    let at = cell(&mut app, Slot::Pile(pile), 1);
    click(&mut app, at);
    let card = app
        .game()
        .unwrap()
        .position()
        .pile(pile as usize)
        .last()
        .copied()
        .unwrap();
    let foundation = cell(&mut app, Slot::Foundation(card.suit().unwrap()), 1);
    click(&mut app, foundation);
    assert_eq!(
        app.game().unwrap().position().foundation_total(),
        1,
        "{}",
        app.message()
    );
}

#[test]
fn f_key_sends_the_card_at_the_cursor_up() {
    let (seed, mv) = seed_with(|m| matches!(m, Move::PileToFoundation(_)));
    let Move::PileToFoundation(pile) = mv else {
        unreachable!()
    };
    let mut app = app(seed, false);
    press(&mut app, &format!("{}f", pile + 1));
    assert_eq!(
        app.game().unwrap().position().foundation_total(),
        1,
        "{}",
        app.message()
    );
    press(&mut app, "u");
    press(&mut app, "a");
    assert!(app.game().unwrap().position().foundation_total() >= 1);
}

#[test]
fn help_and_options_popups() {
    let mut app = app(2, false);
    press(&mut app, "?");
    assert!(matches!(app.state().overlay(), Overlay::Help(_)));
    let screen = render_to_string(&mut app, 80, 24);
    assert!(screen.contains("Klondike: help"), "{screen}");
    assert!(
        screen.contains("(line 1 of"),
        "the help scrolls at 80x24:\n{screen}"
    );
    app.handle_event(&key(KeyCode::Down));
    assert!(render_to_string(&mut app, 80, 24).contains("(line 2 of"));
    press(&mut app, "x");
    assert!(app.state().overlay().is_none());

    press(&mut app, "o");
    assert!(matches!(
        app.state().overlay(),
        Overlay::Game(Popup::Options { .. })
    ));
    // Draw 1 -> 3, then down twice to scoring: standard -> vegas.
    app.handle_event(&key(KeyCode::Right));
    app.handle_event(&key(KeyCode::Down));
    app.handle_event(&key(KeyCode::Down));
    app.handle_event(&key(KeyCode::Right));
    app.handle_event(&key(KeyCode::Enter));
    let rules = *app.game().unwrap().rules();
    assert_eq!(rules.draw, Draw::THREE);
    assert_eq!(rules.scoring, ::klondike::Scoring::Vegas);
    assert_eq!(app.game().unwrap().position().score(), -52);
    assert_eq!(
        app.game().unwrap().deal(),
        Some(&Deal::from_seed(2)),
        "the same deal restarted"
    );
    let screen = render_to_string(&mut app, W, H);
    assert!(
        screen.starts_with("draw 3 · vegas · pass 1/3 · $-52 · 0:00 · seed 2"),
        "{screen}"
    );
}

/// The options show the pass limit the rules apply: Vegas caps unlimited passes.
#[test]
fn options_show_the_effective_pass_limit() {
    let mut app = app(2, true);
    press(&mut app, "o");
    let screen = render_to_string(&mut app, 80, 24);
    assert!(
        screen.contains("Passes                 < unlimited >"),
        "{screen}"
    );
    app.handle_event(&key(KeyCode::Down));
    app.handle_event(&key(KeyCode::Down));
    app.handle_event(&key(KeyCode::Right)); // standard -> vegas
    let screen = render_to_string(&mut app, 80, 24);
    assert!(
        screen.contains("Passes                 < unlimited (vegas: 1) >"),
        "{screen}"
    );
}

#[test]
fn new_deal_by_seed() {
    let mut app = app(2, false);
    press(&mut app, "g42");
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(app.seed(), Some(42));
    assert_eq!(app.game().unwrap().deal(), Some(&Deal::from_seed(42)));
    press(&mut app, "d");
    press(&mut app, "R");
    assert_eq!(
        app.game().unwrap().position().waste().len(),
        1,
        "R asks first"
    );
    press(&mut app, "y");
    assert_eq!(app.game().unwrap().position().waste().len(), 0, "restart");
    assert_eq!(
        app.handle_event(&key(KeyCode::Char('q'))),
        Action::Quit,
        "no game in progress"
    );
}

/// One card from a win: the last King on pile 1.
fn one_card_from_a_win(style: CardStyle) -> App {
    let setup = Setup {
        tableau: std::array::from_fn(|i| {
            if i == 0 {
                "KS".parse().unwrap()
            } else {
                Pile::new()
            }
        }),
        face_down: [0; 7],
        stock: Pile::new(),
        waste: Pile::new(),
        foundations: [13, 13, 13, 12],
        rules: Rules::default(),
        pass: 1,
        score: 0,
    };
    let position = Klondike::from_setup(&setup).unwrap();
    App::with_game(Game::from_position(&position, no_auto()), None, style)
}

#[test]
fn won_and_lost_messages() {
    let mut app = one_card_from_a_win(CardStyle::Glyph);
    press(&mut app, "1f");
    assert_eq!(app.game().unwrap().status(), Status::Won);
    assert!(render_to_string(&mut app, W, H).contains("You won!"));
    assert_eq!(
        app.game().unwrap().position().foundation_len(Suit::Spades),
        13
    );

    // A stuck layout: seven red tops over buried Aces, a useless stock.
    let down = [
        "AC AD AH", "AS QC QS", "JC JS TC", "TS 9C 9S", "TD 5H 5D", "4H 4D 3H", "3D 2H 2D",
    ];
    let tops = ["KH", "QH", "JH", "TH", "KD", "QD", "JD"];
    let setup = Setup {
        tableau: std::array::from_fn(|i| format!("{} {}", down[i], tops[i]).parse().unwrap()),
        face_down: [3; 7],
        stock: "KC KS 8C 8S 7C 7S 6C 6S 5C 5S 4C 4S 3C 3S 2C 2S 9H 9D 8H 8D 7H 7D 6H 6D"
            .parse()
            .unwrap(),
        waste: Pile::new(),
        foundations: [0; 4],
        rules: Rules::default(),
        pass: 1,
        score: 0,
    };
    let position = Klondike::from_setup(&setup).unwrap();
    let app = App::with_game(
        Game::from_position(&position, no_auto()),
        None,
        CardStyle::Ascii,
    );
    assert!(
        app.message().starts_with("No moves left"),
        "{}",
        app.message()
    );
}

/// The bug this pins: on a short terminal the bottom cards of a tall pile were dropped
/// without a word. Now face-down cards share one row (with their count) when the piles are
/// taller than the room, every face-up card stays in sight down to the minimum size, and
/// below it the screen says what it needs.
#[test]
fn a_king_to_ace_run_over_six_face_down_cards_fits_the_minimum_size() {
    let run = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS";
    let setup = Setup {
        tableau: std::array::from_fn(|i| {
            if i == 6 {
                format!("2C 3C 4C 5C 6C 7C {run}").parse().unwrap()
            } else {
                Pile::new()
            }
        }),
        face_down: [0, 0, 0, 0, 0, 0, 6],
        stock: "8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AH 3H 5H 7H 9H JH KH"
            .parse()
            .unwrap(),
        waste: "AC QS TS 8S 6S 4S 2S".parse().unwrap(),
        foundations: [0, 0, 0, 0],
        rules: Rules::default(),
        pass: 1,
        score: 0,
    };
    let position = Klondike::from_setup(&setup).expect("a valid setup");
    let mut app = App::with_game(
        Game::from_position(&position, no_auto()),
        None,
        CardStyle::Ascii,
    );
    let screen = render_to_string(&mut app, 60, 20);
    let pile7: Vec<String> = screen
        .lines()
        .skip(5)
        .take(14)
        .map(|l| l[32..36].trim_end().to_owned())
        .collect();
    let mut expected = vec!["##6".to_owned()];
    expected.extend(run.split(' ').map(str::to_owned));
    assert_eq!(pile7, expected, "{screen}");
    let tall = render_to_string(&mut app, 60, 26);
    assert_eq!(
        tall.lines().nth(5).map(|l| &l[32..34]),
        Some("##"),
        "{tall}"
    );
    assert!(
        !tall.contains("##6"),
        "no squeeze when there is room:\n{tall}"
    );
}

#[test]
fn tiny_terminals_do_not_panic() {
    for ascii in [false, true] {
        let mut app = app(4, ascii);
        press(&mut app, "d?");
        for (w, h) in [(1, 1), (10, 3), (30, 8), (45, 12), (200, 60)] {
            render_to_string(&mut app, w, h);
        }
        press(&mut app, "x1");
        for (w, h) in [(1, 1), (10, 3), (30, 8)] {
            render_to_string(&mut app, w, h);
            // Clicks anywhere on a tiny screen are harmless.
            for x in 0..w {
                click(&mut app, (x, h - 1));
            }
        }
    }
}

#[test]
fn draw_three_fans_the_cards_of_the_last_turn() {
    let rules = Rules {
        draw: Draw::THREE,
        ..Rules::default()
    };
    let mut app = App::new(&Options {
        style: CardStyle::Ascii,
        seed: 12,
        rules,
        game: no_auto(),
        ..Options::default()
    });
    press(&mut app, "d");
    assert_eq!(app.state().fan_len(), 3);
    let waste = app.game().unwrap().position().waste().to_vec();
    let screen = render_to_string(&mut app, W, H);
    let row = screen.lines().nth(3).unwrap();
    let fan = format!("{} {} {}", waste[0], waste[1], waste[2]);
    assert!(row.contains(&fan), "{row:?} should show {fan:?}");
    // Playing the top card leaves two of that turn fanned; a new turn fans three again.
    let mut moves = MoveList::new();
    let found = (0..500).find_map(|seed| {
        let mut game = Game::new(Deal::from_seed(seed), rules, no_auto());
        game.play(Move::Stock).unwrap();
        game.position().legal_moves(&mut moves);
        let mv = *moves
            .iter()
            .find(|m| matches!(m, Move::WasteToPile(_) | Move::WasteToFoundation))?;
        game.play(mv).unwrap();
        Some(game)
    });
    let mut app = App::with_game(
        found.expect("some seed plays from the waste"),
        None,
        CardStyle::Ascii,
    );
    assert_eq!(
        app.state().fan_len(),
        2,
        "the top card of the turn was played"
    );
    press(&mut app, "d");
    assert_eq!(app.state().fan_len(), 3);
    press(&mut app, "ddddddddd");
    assert!((1..=3).contains(&app.state().fan_len()));
}

#[test]
fn solver_keys_hint_answer_and_deal_winnable_games() {
    // `W` deals a game the solver proved winnable; `c` then says so; `i` gives a legal move.
    let mut app = app(7, true);
    press(&mut app, "W");
    assert_says(&app, "proved winnable");
    let seed = app.seed().unwrap();
    assert!(
        ::klondike::solver::deal_winnable(seed, Draw::ONE, ::klondike::PassLimit::UNLIMITED)
            .is_some_and(|found| found.seed == seed)
    );
    press(&mut app, "c");
    wait_for_solver(&mut app);
    assert!(app.message().starts_with("Yes"), "{}", app.message());
    press(&mut app, "i");
    wait_for_solver(&mut app);
    assert!(app.message().starts_with("Hint: "), "{}", app.message());
    let marks = app
        .state()
        .hint_marks()
        .expect("the hint marks the table")
        .clone();
    assert!(marks.stock || !marks.cards.is_empty(), "{marks:?}");
    press(&mut app, "d");
    assert_eq!(
        app.state().hint_marks(),
        None,
        "the marks go with the position"
    );
}

#[test]
fn winnable_deals_only_starts_and_deals_proved_winnable_games() {
    let proved = |app: &App| {
        let seed = app.seed().unwrap();
        ::klondike::solver::deal_winnable_with(seed, *app.game().unwrap().rules())
            .is_some_and(|found| found.seed == seed)
    };
    // The option from the start: the first deal is proved winnable.
    let rules = Rules {
        draw: Draw::THREE,
        ..Rules::default()
    };
    let first = App::new(&Options {
        seed: 2, // draw 3 seed 2 is lost: the next winnable seed is dealt instead
        rules,
        game: no_auto(),
        winnable: true,
        ..Options::default()
    });
    assert_ne!(first.seed(), Some(2));
    assert!(proved(&first));
    // Switched on in the options (the last row): `n` then deals winnable games.
    let mut app = app(3, true);
    press(&mut app, "o");
    app.handle_event(&key(KeyCode::Up));
    app.handle_event(&key(KeyCode::Right));
    app.handle_event(&key(KeyCode::Enter));
    press(&mut app, "n");
    assert_says(&app, "proved winnable");
    assert!(proved(&app));
}

#[test]
fn seed_prompt_accepts_any_u64_of_20_digits() {
    let mut app = app(1, false);
    press(&mut app, "g18446744073709551615");
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(app.seed(), Some(u64::MAX));
    assert_eq!(app.message(), format!("New deal (seed {})", u64::MAX));
    press(&mut app, "g99999999999999999999");
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(
        app.seed(),
        Some(u64::MAX),
        "a seed past u64::MAX deals nothing"
    );
    assert!(app.message().contains("too large"), "{}", app.message());
}

#[test]
fn winnable_never_deals_an_unproved_deal_without_saying_so() {
    // Draw 3 seed 2 is lost: with one candidate only, nothing is proved winnable.
    let options = Options {
        seed: 2,
        rules: Rules::draw(Draw::THREE),
        winnable: true,
        ..Options::default()
    };
    let (game, seed, message) = super::state::first_deal(&options, 0, 1);
    assert_eq!(seed, Some(2));
    assert_eq!(*game.start(), Klondike::from_seed(2, options.rules));
    let message = message.expect("the unproved deal is announced");
    assert!(message.contains("not proved winnable"), "{message}");
    let (_, proved_seed, none) = super::state::first_deal(&options, 0, 10_000);
    assert_ne!(proved_seed, Some(2));
    assert_eq!(none, None);
    let app = App::new(&options);
    assert_says(&app, "proved winnable");
}

#[test]
fn winnable_rules_change_does_not_keep_the_old_proved_seed() {
    let proved_under = |app: &App| {
        let seed = app.seed().unwrap();
        ::klondike::solver::solve(
            &Klondike::from_seed(seed, *app.game().unwrap().rules()),
            ::klondike::solver::Budget::nodes(::klondike::solver::WINNABLE_BUDGET),
        )
        .verdict
        .line()
        .is_some()
    };
    // Seed 2 is proved winnable in draw 1 and lost in draw 3.
    let mut app = App::new(&Options {
        seed: 2,
        game: no_auto(),
        winnable: true,
        ..Options::default()
    });
    assert_eq!(app.seed(), Some(2));
    assert!(proved_under(&app));
    press(&mut app, "o");
    app.handle_event(&key(KeyCode::Right)); // draw 1 -> 3
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(app.game().unwrap().rules().draw, Draw::THREE);
    assert_ne!(app.seed(), Some(2), "seed 2 is lost in draw 3");
    assert!(proved_under(&app), "{}", app.message());
    assert_says(&app, "proved winnable");
}

/// Seed 4 with cumulative Vegas scoring, the balance kept in `data`.
fn cumulative_vegas(data: Option<DataDir>) -> Options {
    Options {
        seed: 4,
        rules: Rules {
            scoring: ::klondike::Scoring::Vegas,
            ..Rules::default()
        },
        game: GameOptions {
            cumulative_vegas: true,
            ..no_auto()
        },
        data,
        ..Options::default()
    }
}

#[test]
fn vegas_balance_survives_a_rules_change() {
    let mut app = App::new(&cumulative_vegas(None));
    assert_eq!(app.game().unwrap().position().score(), -52);
    press(&mut app, "o");
    app.handle_event(&key(KeyCode::Right)); // draw 1 -> 3
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(
        app.game().unwrap().position().score(),
        -104,
        "the balance carries and the redeal pays a new ante"
    );
}

#[test]
fn vegas_balance_survives_a_restart() {
    let dir = test_dir("klondike-vegas");
    let options = cumulative_vegas(Some(dir.clone()));
    let mut app = App::new(&options);
    assert_eq!(app.game().unwrap().position().score(), -52);
    press(&mut app, "n");
    assert_eq!(app.game().unwrap().position().score(), -104);
    drop(app);
    // A new session: the balance is read back and the first deal pays its ante from it.
    let mut app = App::new(&options);
    assert_eq!(app.game().unwrap().position().score(), -156);
    press(&mut app, "s");
    let screen = render_to_string(&mut app, 80, 24);
    assert!(screen.contains("Vegas balance           $-156"), "{screen}");
    std::fs::remove_dir_all(dir.path()).unwrap();
}

#[test]
fn the_solver_runs_off_the_input_thread() {
    // `c` returns at once; the game takes moves meanwhile, and an answer about a position
    // left behind is dropped instead of shown.
    let mut app = app(7, false);
    press(&mut app, "c");
    assert!(app.is_solving());
    assert_says(&app, "Solving");
    press(&mut app, "d");
    assert_eq!(
        app.game().unwrap().position().waste().len(),
        1,
        "the game still plays"
    );
    wait_for_solver(&mut app);
    assert_eq!(app.message(), "Played stock", "the stale answer is dropped");
    // Esc stops waiting.
    press(&mut app, "i");
    app.handle_event(&key(KeyCode::Esc));
    assert!(!app.is_solving());
    assert_says(&app, "Stopped waiting");
}

/// Options with a data directory for statistics and the saved game.
fn with_data(seed: u64, dir: &DataDir) -> Options {
    Options {
        style: CardStyle::Ascii,
        seed,
        game: no_auto(),
        data: Some(dir.clone()),
        ..Options::default()
    }
}

#[test]
fn q_and_esc_ask_before_leaving_a_game_in_progress() {
    let mut fresh = app(3, true);
    assert_eq!(
        fresh.handle_event(&key(KeyCode::Esc)),
        Action::Quit,
        "nothing played yet"
    );
    let mut app = app(3, true);
    press(&mut app, "d");
    for leave in [KeyCode::Char('q'), KeyCode::Esc] {
        assert_eq!(app.handle_event(&key(leave)), Action::Continue);
        let question = render_to_string(&mut app, 80, 24);
        assert!(question.contains("Quit this game? y/n"), "{question}");
        assert_eq!(app.handle_event(&key(KeyCode::Char('n'))), Action::Continue);
        assert!(app.state().overlay().is_none());
    }
    press(&mut app, "q");
    assert_eq!(app.handle_event(&key(KeyCode::Char('y'))), Action::Quit);
}

#[test]
fn new_game_asks_first_and_counts_the_abandoned_game_as_lost() {
    let dir = test_dir("klondike-abandon");
    let mut app = App::new(&with_data(3, &dir));
    press(&mut app, "dn");
    assert_eq!(app.seed(), Some(3), "n asks first");
    press(&mut app, "n");
    assert_eq!(app.seed(), Some(3), "no keeps the game");
    press(&mut app, "ny");
    assert_ne!(app.seed(), Some(3));
    let tally = app.state().stats().tally;
    assert_eq!((tally.played, tally.won, tally.streak), (1, 0, -1));
    std::fs::remove_dir_all(dir.path()).unwrap();
}

#[test]
fn quitting_saves_the_game_and_the_next_start_offers_to_resume_it() {
    let dir = test_dir("klondike-resume");
    let mut app = App::new(&with_data(5, &dir));
    press(&mut app, "ddd");
    let (position, history) = (
        *app.game().unwrap().position(),
        app.game().unwrap().history().to_vec(),
    );
    press(&mut app, "q");
    assert!(
        render_to_string(&mut app, 80, 24)
            .contains("Quit? This game is saved and offered next time. y/n")
    );
    assert_eq!(app.handle_event(&key(KeyCode::Char('y'))), Action::Quit);
    assert!(dir.file("klondike-save.json").exists());

    let mut again = App::new(&with_data(99, &dir));
    let offer = render_to_string(&mut again, 80, 24);
    assert!(
        offer.contains("Resume the saved game (seed 5, 3 moves)? y/n"),
        "{offer}"
    );
    press(&mut again, "y");
    assert_eq!(*again.game().unwrap().position(), position);
    assert_eq!(again.game().unwrap().history(), history.as_slice());
    assert_eq!(again.seed(), Some(5));
    assert!(
        !dir.file("klondike-save.json").exists(),
        "a resumed save is consumed"
    );
    press(&mut again, "u");
    assert_eq!(
        again.game().unwrap().position().waste().len(),
        2,
        "undo reaches into the saved moves"
    );
    std::fs::remove_dir_all(dir.path()).unwrap();
}

#[test]
fn declining_the_saved_game_deals_anew_and_counts_it_lost() {
    let dir = test_dir("klondike-decline");
    let mut app = App::new(&with_data(5, &dir));
    press(&mut app, "dq");
    assert_eq!(app.handle_event(&key(KeyCode::Char('y'))), Action::Quit);
    let mut again = App::new(&with_data(6, &dir));
    press(&mut again, "n");
    assert_eq!(again.seed(), Some(6));
    assert!(again.state().overlay().is_none());
    assert!(!dir.file("klondike-save.json").exists());
    assert_eq!(again.state().stats().tally.played, 1);
    std::fs::remove_dir_all(dir.path()).unwrap();
}

#[test]
fn a_damaged_save_is_reported_and_the_game_starts_anew() {
    let dir = test_dir("klondike-damaged");
    dir.store("klondike-save.json", &"not a game").unwrap();
    let app = App::new(&with_data(6, &dir));
    assert!(
        app.message().starts_with("saved game not resumed: "),
        "{}",
        app.message()
    );
    assert!(app.state().overlay().is_none());
    std::fs::remove_dir_all(dir.path()).unwrap();
}

#[test]
fn a_win_is_counted_once_with_its_score_and_time() {
    let mut app = one_card_from_a_win(CardStyle::Ascii);
    press(&mut app, "1f");
    assert_eq!(app.game().unwrap().status(), Status::Won);
    let tally = app.state().stats().tally;
    assert_eq!(
        (tally.played, tally.won, tally.best_score),
        (1, 1, Some(10))
    );
    press(&mut app, "u1f");
    assert_eq!(
        app.state().stats().tally.played,
        1,
        "winning again after undo is one game"
    );
    press(&mut app, "s");
    let screen = render_to_string(&mut app, 80, 24);
    assert!(screen.contains("Win rate                100%"), "{screen}");
    press(&mut app, "r");
    assert!(render_to_string(&mut app, 80, 24).contains("Reset the Klondike statistics? y/n"));
    press(&mut app, "y");
    assert_eq!(app.state().stats().tally.played, 0);
}

#[test]
fn the_clock_starts_with_the_first_move() {
    let app_at = std::time::Instant::now();
    let mut app = app(3, true);
    let later = app_at + std::time::Duration::from_secs(90);
    assert_eq!(app.state().elapsed(later).as_secs(), 0, "no move yet");
    press(&mut app, "d");
    let start = std::time::Instant::now();
    assert_eq!(
        app.state()
            .elapsed(start + std::time::Duration::from_secs(65))
            .as_secs(),
        65
    );
}

#[test]
fn the_launcher_passes_the_play_flags() {
    let options = crate::launcher::LaunchOptions {
        style: CardStyle::Ascii,
        seed: Some(8),
        args: ["--draw", "3", "--scoring", "vegas", "--auto", "none"]
            .map(String::from)
            .to_vec(),
        ..crate::launcher::LaunchOptions::default()
    };
    let mut screen = super::start(&options);
    let text = render_to_string(screen.as_mut(), 80, 24);
    assert!(
        text.starts_with("draw 3 | vegas | pass 1/3 | $-52 | 0:00 | seed 8"),
        "{text}"
    );
    let refused = super::cli::check_play_args(&["--draw".into(), "0".into()]).unwrap_err();
    assert!(refused.contains("--draw"), "{refused}");
}

#[test]
fn a_deal_by_seed_asks_first_while_a_game_is_in_progress() {
    let mut app = app(3, true);
    press(&mut app, "dg42");
    app.handle_event(&key(KeyCode::Enter));
    assert_eq!(app.seed(), Some(3));
    let question = render_to_string(&mut app, 80, 24);
    assert!(
        question.contains("Abandon this game for seed 42? y/n"),
        "{question}"
    );
    press(&mut app, "y");
    assert_eq!(app.seed(), Some(42));
}

#[test]
fn the_symbol_style_draws_rank_and_suit_without_card_glyphs() {
    let mut app = App::new(&Options {
        style: CardStyle::Symbol,
        seed: 7,
        game: no_auto(),
        ..Options::default()
    });
    let screen = render_to_string(&mut app, 80, 24);
    assert!(
        !screen
            .chars()
            .any(|c| ('\u{1F0A0}'..='\u{1F0FF}').contains(&c)),
        "{screen}"
    );
    let top = Klondike::from_seed(7, Rules::default()).pile(0)[0];
    let label = crate::cards::card_name(top, CardStyle::Symbol);
    assert!(
        screen.lines().nth(5).unwrap().contains(&label),
        "{label}:\n{screen}"
    );
}

/// The bug this pins: with the cursor on the waste, its marker covered the second digit of
/// the stock count in the glyph and symbol styles ("2▶" for 23 cards left).
#[test]
fn the_waste_cursor_never_covers_the_stock_count() {
    for style in [CardStyle::Glyph, CardStyle::Symbol, CardStyle::Ascii] {
        let mut app = App::new(&Options {
            style,
            seed: 7,
            game: no_auto(),
            ..Options::default()
        });
        press(&mut app, "dw");
        let screen = render_to_string(&mut app, 80, 24);
        let row = screen.lines().nth(3).unwrap();
        assert!(
            row.contains("23") && row.contains(style.pointer()),
            "{style:?}:\n{screen}"
        );
    }
}
