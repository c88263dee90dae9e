//! Klondike in the terminal: the [`App`] screen (keyboard and mouse), its options and help.
//!
//! Everything here is plain state plus [`Screen`] methods, so the tests below drive it with
//! synthetic key and mouse events and render it into ratatui's `TestBackend`.

mod balance;
pub mod cli;

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ::klondike::{
    AutoMove, Deal, Draw, Game, IllegalMove, Klondike, Move, Options as GameOptions, PassLimit,
    Rules, Scoring, Status,
};
use cards_core::Suit;
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::app::{Action, Screen};
use crate::cards::{self, CardStyle};
use crate::launcher::LaunchOptions;
use crate::widgets;

/// How the app starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// ASCII card names instead of Unicode glyphs.
    pub ascii: bool,
    /// The seed of the first deal (ignored when `deal` is given).
    pub seed: u64,
    /// A deal given as a 52-card list, if any.
    pub deal: Option<Deal>,
    /// The rules.
    pub rules: Rules,
    /// Auto-moves, auto-finish, time bonus, cumulative Vegas.
    pub game: GameOptions,
    /// Deal only games the solver proved winnable (the first deal and `n`).
    pub winnable: bool,
    /// Where the cumulative Vegas balance is kept between sessions (none: not kept).
    pub balance_file: Option<PathBuf>,
}

impl Options {
    /// These options with the balance file in the user's data directory, for the real game.
    #[must_use]
    pub fn with_user_balance_file(self) -> Options {
        Options {
            balance_file: balance::default_file(),
            ..self
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            ascii: false,
            seed: 1,
            deal: None,
            rules: Rules::default(),
            game: GameOptions {
                time_bonus: true,
                ..GameOptions::default()
            },
            winnable: false,
            balance_file: None,
        }
    }
}

/// The solver's budget for hints and "can this still be won?": most positions take a
/// millisecond; the search runs beside the game (which stays playable) and the message line
/// counts the seconds past the first.
const SOLVER_BUDGET: ::klondike::solver::Budget =
    ::klondike::solver::Budget::time(Duration::from_secs(30)).with_memory(2 << 30);

/// A question put to the solver, answered on another thread.
struct Solving {
    /// Hint (`i`) or "can this still be won?" (`c`).
    question: Question,
    /// The position asked about: an answer for another position is dropped.
    position: Klondike,
    started: Instant,
    answer: mpsc::Receiver<::klondike::solver::Verdict>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Hint,
    CanWin,
}

/// Starts the game from the `play` launcher, with the play flags given after its name.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    let parsed = cli::parse_play_args(&options.args).and_then(|play| play.app_options());
    let (game_options, refused) = match parsed {
        Ok(game_options) => (game_options, None),
        Err(message) => (Options::default(), Some(message)),
    };
    let mut app = App::new(
        &Options {
            ascii: options.style.is_ascii(),
            seed: options.seed.unwrap_or(game_options.seed),
            ..game_options
        }
        .with_user_balance_file(),
    );
    if let Some(message) = refused {
        app.say(format!("Options not used: {message}"), true);
    }
    Box::new(app)
}

/// A place on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Stock,
    Waste,
    Foundation(Suit),
    Pile(u8),
}

/// Cards picked up, waiting to be dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Held {
    slot: Slot,
    /// Cards taken from a pile (1 elsewhere).
    count: usize,
    /// Whether the player chose the count (else any run that fits the target is tried).
    explicit: bool,
}

/// What a screen cell maps to, for the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hit {
    slot: Slot,
    /// For a pile: cards from the clicked card to the top (0 below the cards or on a back).
    count: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Mode {
    Play,
    Help,
    Settings { row: usize, draft: Draft },
    Seed(String),
}

/// The options being edited in the settings popup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Draft {
    rules: Rules,
    game: GameOptions,
    winnable: bool,
}

const SETTINGS: [&str; 9] = [
    "Draw",
    "Passes",
    "Scoring",
    "Auto-move",
    "Auto-finish",
    "Foundation to tableau",
    "Time bonus",
    "Cumulative Vegas",
    "Winnable deals only",
];

const PASS_CHOICES: [u8; 4] = [0, 1, 2, 3];

const KEYS: &[(&str, &str)] = &[
    (
        "← → ↑ ↓",
        "move the cursor (↑/↓ on a pile: take more/fewer cards)",
    ),
    (
        "Enter / Space",
        "pick up at the cursor, or drop there; on the stock: turn",
    ),
    (
        "1-7",
        "pick up pile N (the run that fits is found), or drop on it",
    ),
    ("w", "pick up the waste card"),
    (
        "f",
        "send the held card (or the card at the cursor) to its foundation",
    ),
    ("a", "send every card that can go up to the foundations"),
    (
        "s / d",
        "turn the stock (recycle the waste when it is empty)",
    ),
    ("u / r", "undo / redo (also Ctrl-Z / Ctrl-Y)"),
    (
        "n / g / R",
        "new random deal (proved winnable if that option is on) / deal by seed / restart",
    ),
    ("o", "options: draw, passes, scoring, auto-moves"),
    (
        "i",
        "hint: the next move of a winning line (solver, in the background)",
    ),
    (
        "c",
        "can this still be won? (solver, in the background; Esc stops waiting)",
    ),
    ("W", "new deal the solver proved winnable"),
    ("Esc", "put the held cards back"),
    ("? / h", "this help"),
    ("q", "quit"),
    (
        "mouse",
        "click the stock; click a card then a pile, or drag; double-click sends up",
    ),
];

const RULES: &[&str] = &[
    "Build the tableau down in alternating colours; move any face-up run whose bottom",
    "card fits. Only a King (or a run from a King) fills an empty pile. Foundations",
    "build up by suit from the Ace. Standard: +10 to a foundation, +5 waste to pile,",
    "+5 card turned, -15 foundation to pile, recycle -100 (draw 1) or -20 from the",
    "third recycle on (draw 3). Vegas: -$52 ante, +$5 per card up, 1 or 3 passes.",
];

const DOUBLE_CLICK: Duration = Duration::from_millis(450);

/// The Klondike screen.
pub struct App {
    game: Game,
    seed: Option<u64>,
    style: CardStyle,
    cursor: Slot,
    /// Cards under the cursor on a pile (1 = the top card).
    depth: usize,
    held: Option<Held>,
    mode: Mode,
    /// Whether `n` deals only games the solver proved winnable.
    winnable: bool,
    /// Where the cumulative Vegas balance is saved.
    balance_file: Option<PathBuf>,
    /// A solver question waiting for its answer.
    solving: Option<Solving>,
    message: String,
    error: bool,
    status: Status,
    started: Instant,
    finished: Option<Duration>,
    hits: Vec<(Rect, Hit)>,
    last_click: Option<(Instant, Hit)>,
    drag: Option<Hit>,
}

impl App {
    /// A new game with `options`.
    pub fn new(options: &Options) -> App {
        let (balance, unread) = match options.balance_file.as_deref().map(balance::load) {
            Some(Err(e)) => (
                0,
                Some(format!("Vegas balance not read ({e}): starting from 0")),
            ),
            Some(Ok(balance)) => (balance, None),
            None => (0, None),
        };
        let (game, seed, unproved) =
            first_deal(options, balance, ::klondike::solver::WINNABLE_TRIES);
        let mut app = App::with_game(game, seed, options.ascii);
        app.winnable = options.winnable;
        app.balance_file.clone_from(&options.balance_file);
        if let Some(message) = unread.or(unproved) {
            app.say(message, true);
        } else if let (true, Some(seed)) = (options.winnable, seed) {
            app.say(format!("Seed {seed}: proved winnable"), false);
        }
        app
    }

    /// A screen over an existing game (any position: see [`Game::from_position`]).
    pub fn with_game(game: Game, seed: Option<u64>, ascii: bool) -> App {
        let mut app = App {
            game,
            seed,
            style: CardStyle::from_ascii_flag(ascii),
            cursor: Slot::Pile(0),
            depth: 1,
            held: None,
            mode: Mode::Play,
            winnable: false,
            balance_file: None,
            solving: None,
            message: String::new(),
            error: false,
            status: Status::Playing,
            started: Instant::now(),
            finished: None,
            hits: Vec::new(),
            last_click: None,
            drag: None,
        };
        app.after_change();
        if app.status == Status::Playing {
            app.message = "? for help · s turns the stock · 1-7 pick a pile then 1-7 drop".into();
        }
        app
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seed of the current deal, if it came from one.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The message line (last error, result or hint).
    pub fn message(&self) -> &str {
        &self.message
    }

    fn position(&self) -> &Klondike {
        self.game.position()
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = text.into();
        self.error = error;
    }

    /// Puts `question` about the current position to the solver on another thread; the
    /// answer comes in on a later [`tick`](Screen::tick).
    fn ask_solver(&mut self, question: Question) {
        let position = *self.position();
        let (send, answer) = mpsc::channel();
        std::thread::spawn(move || {
            // The receiver may be gone (the player moved on): nothing to do then.
            let _ = send.send(::klondike::solver::solve(&position, SOLVER_BUDGET).verdict);
        });
        self.solving = Some(Solving {
            question,
            position,
            started: Instant::now(),
            answer,
        });
        self.say("Solving…", false);
    }

    /// Whether a solver question is waiting for its answer.
    pub fn is_solving(&self) -> bool {
        self.solving.is_some()
    }

    /// Takes the solver's answer if it has come, or shows how long it has been working.
    fn poll_solver(&mut self) {
        let Some(solving) = &self.solving else { return };
        match solving.answer.try_recv() {
            Ok(verdict) => {
                let (question, position) = (solving.question, solving.position);
                self.solving = None;
                if position == *self.position() {
                    self.answer(question, verdict);
                }
            }
            Err(mpsc::TryRecvError::Empty) => {
                let seconds = solving.started.elapsed().as_secs();
                if seconds > 0 {
                    self.say(format!("Solving… {seconds} s (Esc: stop waiting)"), false);
                }
            }
            Err(mpsc::TryRecvError::Disconnected) => {
                self.solving = None;
                self.say("The solver stopped without an answer", true);
            }
        }
    }

    /// Shows the solver's answer to `question`.
    fn answer(&mut self, question: Question, verdict: ::klondike::solver::Verdict) {
        use ::klondike::solver::Verdict;
        match (question, verdict) {
            (Question::Hint, Verdict::Win(line)) => match line.first() {
                Some(mv) => self.say(format!("Hint: {mv} ({} moves to a win)", line.len()), false),
                None => self.say("Already won", false),
            },
            (Question::Hint, Verdict::Impossible) => {
                self.say("No winning line left: this game is lost", true);
            }
            (Question::Hint, Verdict::Unknown) => {
                self.say("Hint: the solver could not decide in time", true);
            }
            (Question::CanWin, Verdict::Win(line)) => self.say(
                format!("Yes, this can still be won ({} moves)", line.len()),
                false,
            ),
            (Question::CanWin, Verdict::Impossible) => {
                self.say("No: no winning line is left", true);
            }
            (Question::CanWin, Verdict::Unknown) => {
                self.say("Unknown: the solver could not decide in time", true);
            }
        }
    }

    /// `W` (and `n` with "winnable deals only"): a new deal the solver proved winnable under
    /// the current rules.
    fn winnable_deal(&mut self) {
        let (rules, options) = (*self.game.rules(), *self.game.options());
        let seed = LaunchOptions::default().seed_or_random();
        if !self.deal_proved(seed, rules, options) {
            self.say(
                format!("No deal proved winnable found from seed {seed}: the deal is unchanged"),
                true,
            );
        }
    }

    /// Deals the first deal proved winnable under `rules` from `seed` (its own deal if it is);
    /// false, changing nothing, when none is found.
    fn deal_proved(&mut self, seed: u64, rules: Rules, options: GameOptions) -> bool {
        match ::klondike::solver::deal_winnable_with(seed, rules) {
            Some(found) => {
                let next = self.game.next_deal_with(found.deal, rules, options);
                self.new_game(next, Some(found.seed));
                self.say(format!("Seed {}: proved winnable", found.seed), false);
                true
            }
            None => false,
        }
    }

    fn after_change(&mut self) {
        self.save_balance();
        self.status = self.game.status();
        match self.status {
            Status::Won => {
                let elapsed = *self.finished.get_or_insert_with(|| self.started.elapsed());
                let score = self.game.final_score(elapsed.as_secs());
                let bonus = score - self.position().score();
                let bonus = if bonus > 0 {
                    format!(" (time bonus {bonus})")
                } else {
                    String::new()
                };
                self.say(
                    format!("You won! Final score {score}{bonus}. n: new deal"),
                    false,
                );
            }
            Status::Lost => {
                self.finished.get_or_insert_with(|| self.started.elapsed());
                self.say(
                    "No moves left: only futile moves remain. u: undo, n: new deal, R: restart",
                    true,
                );
            }
            Status::Playing => self.finished = None,
        }
        self.clamp_depth();
    }

    /// Keeps the cumulative Vegas balance in the balance file (after every change, so that
    /// quitting at any moment keeps it).
    fn save_balance(&mut self) {
        let options = self.game.options();
        if self.game.rules().scoring != Scoring::Vegas || !options.cumulative_vegas {
            return;
        }
        if let Some(path) = &self.balance_file
            && let Err(e) = balance::save(path, self.position().score())
        {
            self.say(format!("Vegas balance not saved: {e}"), true);
        }
    }

    fn face_up_len(&self, pile: u8) -> usize {
        self.position().face_up(pile as usize).len()
    }

    fn clamp_depth(&mut self) {
        if let Slot::Pile(p) = self.cursor {
            self.depth = self.depth.clamp(1, self.face_up_len(p).max(1));
        } else {
            self.depth = 1;
        }
    }

    fn new_game(&mut self, game: Game, seed: Option<u64>) {
        self.game = game;
        self.seed = seed;
        self.held = None;
        self.started = Instant::now();
        self.finished = None;
        self.after_change();
        if self.status == Status::Playing {
            let name = seed.map_or_else(|| "given deal".to_owned(), |s| format!("seed {s}"));
            self.say(format!("New deal ({name})"), false);
        }
    }

    fn new_deal(&mut self, seed: u64) {
        let next = self.game.next_deal(Deal::from_seed(seed));
        self.new_game(next, Some(seed));
    }

    /// Deals the current deal again under `rules` and `options` (a cumulative Vegas balance
    /// carries over and pays a new ante, as a redeal does in Windows).
    fn restart(&mut self, rules: Rules, options: GameOptions) {
        if let Some(deal) = self.game.deal() {
            let game = self.game.next_deal_with(*deal, rules, options);
            self.new_game(game, self.seed);
            return;
        }
        let start = *self.game.start();
        let mut setup = start.to_setup();
        setup.rules = rules;
        setup.pass = 1;
        let position = Klondike::from_setup(&setup).unwrap_or(start);
        self.new_game(Game::from_position(&position, options), None);
    }

    fn play(&mut self, mv: Move) -> bool {
        match self.game.play(mv) {
            Ok(played) => {
                self.held = None;
                let auto = if played > 1 {
                    format!(" (+{} automatic)", played - 1)
                } else {
                    String::new()
                };
                self.say(format!("Played {mv}{auto}"), false);
                self.after_change();
                true
            }
            Err(err) => {
                self.say(sentence(err), true);
                false
            }
        }
    }

    fn turn_stock(&mut self) {
        self.held = None;
        let mv = if self.position().stock().is_empty() {
            Move::Recycle
        } else {
            Move::Stock
        };
        self.play(mv);
    }

    /// The moves that drop `held` on `to`, best first.
    fn candidates(&self, held: Held, to: Slot) -> Vec<Move> {
        match (held.slot, to) {
            (Slot::Waste, Slot::Pile(p)) => vec![Move::WasteToPile(p)],
            (Slot::Waste, Slot::Foundation(_)) => vec![Move::WasteToFoundation],
            (Slot::Pile(p), Slot::Foundation(_)) => vec![Move::PileToFoundation(p)],
            (Slot::Pile(from), Slot::Pile(to)) => {
                let mut moves = vec![Move::PileToPile {
                    from,
                    count: held.count as u8,
                    to,
                }];
                if !held.explicit {
                    let face_up = self.face_up_len(from);
                    moves.extend((1..=face_up).rev().filter(|&n| n != held.count).map(|n| {
                        Move::PileToPile {
                            from,
                            count: n as u8,
                            to,
                        }
                    }));
                }
                moves
            }
            (Slot::Foundation(suit), Slot::Pile(to)) => vec![Move::FoundationToPile { suit, to }],
            _ => Vec::new(),
        }
    }

    fn drop_on(&mut self, to: Slot) {
        let Some(held) = self.held else { return };
        if held.slot == to {
            self.held = None;
            self.say("Put back", false);
            return;
        }
        let candidates = self.candidates(held, to);
        let Some(&first) = candidates.first() else {
            self.held = None;
            self.say("Cards cannot go there", true);
            return;
        };
        if let Some(&mv) = candidates.iter().find(|&&mv| self.position().is_legal(mv)) {
            self.play(mv);
        } else {
            let err = self.position().check(first).err();
            self.held = None;
            self.say(
                err.map_or_else(|| "Cards cannot go there".into(), sentence),
                true,
            );
        }
    }

    fn pick(&mut self, slot: Slot, count: usize, explicit: bool) {
        let position = self.position();
        let ok = match slot {
            Slot::Stock => false,
            Slot::Waste => position.waste_top().is_some(),
            Slot::Foundation(suit) => position.foundation_top(suit).is_some(),
            Slot::Pile(p) => count >= 1 && count <= self.face_up_len(p),
        };
        if ok {
            self.held = Some(Held {
                slot,
                count,
                explicit,
            });
            let what = match slot {
                Slot::Pile(p) if count > 1 => format!("{count} cards from pile {}", p + 1),
                Slot::Pile(p) => format!("pile {}", p + 1),
                Slot::Waste => "the waste card".into(),
                Slot::Foundation(suit) => format!("the {} foundation", suit.symbol()),
                Slot::Stock => String::new(),
            };
            self.say(
                format!("Holding {what}: choose where to drop it (1-7, f, or click)"),
                false,
            );
        } else {
            self.say("Nothing to pick up there", true);
        }
    }

    /// The top card at `slot` to its foundation.
    fn send_up(&mut self, slot: Slot) {
        let mv = match slot {
            Slot::Waste => Move::WasteToFoundation,
            Slot::Pile(p) => Move::PileToFoundation(p),
            _ => {
                self.say("Choose the waste or a pile to send a card up", true);
                return;
            }
        };
        self.held = None;
        self.play(mv);
    }

    fn send_all(&mut self) {
        self.held = None;
        let mut sent = 0;
        while let Some(mv) = self.position().auto_move(AutoMove::All) {
            if !self.play(mv) {
                break;
            }
            sent += 1;
        }
        if self.status == Status::Playing {
            self.say(
                if sent == 0 {
                    "No card can go up".to_owned()
                } else {
                    format!("Sent {sent} cards up")
                },
                sent == 0,
            );
        }
    }

    fn undo(&mut self) {
        self.held = None;
        if let Some(entry) = self.game.undo() {
            self.after_change();
            self.say(format!("Undid {}", entry.mv), false);
        } else {
            self.say("Nothing to undo", true);
        }
    }

    fn redo(&mut self) {
        self.held = None;
        if let Some(entry) = self.game.redo() {
            self.after_change();
            self.say(format!("Redid {}", entry.mv), false);
        } else {
            self.say("Nothing to redo", true);
        }
    }

    /// The cursor slots of the top row and the tableau, left to right.
    fn move_cursor(&mut self, dx: i32, dy: i32) {
        const TOP: [Slot; 6] = [
            Slot::Stock,
            Slot::Waste,
            Slot::Foundation(Suit::Clubs),
            Slot::Foundation(Suit::Diamonds),
            Slot::Foundation(Suit::Hearts),
            Slot::Foundation(Suit::Spades),
        ];
        let column = |slot: Slot| match slot {
            Slot::Stock => 0,
            Slot::Waste => 1,
            Slot::Foundation(suit) => 3 + suit.index() as i32,
            Slot::Pile(p) => p as i32,
        };
        if dx != 0 {
            self.cursor = match self.cursor {
                Slot::Pile(p) => Slot::Pile((p as i32 + dx).rem_euclid(7) as u8),
                slot => {
                    let i = TOP.iter().position(|&s| s == slot).unwrap_or(0) as i32;
                    TOP[(i + dx).rem_euclid(6) as usize]
                }
            };
            self.depth = 1;
        } else if dy < 0 {
            match self.cursor {
                Slot::Pile(p) if self.depth < self.face_up_len(p) => self.depth += 1,
                Slot::Pile(p) => {
                    let col = p as i32;
                    self.cursor = *TOP
                        .iter()
                        .rev()
                        .find(|&&s| column(s) <= col)
                        .unwrap_or(&Slot::Stock);
                    self.depth = 1;
                }
                _ => {}
            }
        } else if dy > 0 {
            match self.cursor {
                Slot::Pile(_) if self.depth > 1 => self.depth -= 1,
                Slot::Pile(_) => {}
                slot => {
                    self.cursor = Slot::Pile(column(slot) as u8);
                    self.depth = 1;
                }
            }
        }
        self.clamp_depth();
    }

    fn activate(&mut self) {
        if self.held.is_some() {
            self.drop_on(self.cursor);
        } else if self.cursor == Slot::Stock {
            self.turn_stock();
        } else {
            let explicit = self.depth > 1;
            self.pick(self.cursor, self.depth, explicit);
        }
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Action {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('z') if ctrl => self.undo(),
            KeyCode::Char('y') if ctrl => self.redo(),
            KeyCode::Char('q') => return Action::Quit,
            KeyCode::Esc if self.held.is_some() => {
                self.held = None;
                self.say("Put back", false);
            }
            KeyCode::Char('?' | 'h') | KeyCode::F(1) => self.mode = Mode::Help,
            KeyCode::Left => self.move_cursor(-1, 0),
            KeyCode::Right => self.move_cursor(1, 0),
            KeyCode::Up => self.move_cursor(0, -1),
            KeyCode::Down => self.move_cursor(0, 1),
            KeyCode::Enter | KeyCode::Char(' ') => self.activate(),
            KeyCode::Char(c @ '1'..='7') => {
                let pile = c as u8 - b'1';
                if self.held.is_some() {
                    self.drop_on(Slot::Pile(pile));
                } else {
                    self.cursor = Slot::Pile(pile);
                    self.depth = 1;
                    self.pick(Slot::Pile(pile), 1, false);
                }
            }
            KeyCode::Char('w') => {
                if self.held.is_some() {
                    self.held = None;
                }
                self.cursor = Slot::Waste;
                self.pick(Slot::Waste, 1, false);
            }
            KeyCode::Char('f') => match self.held {
                Some(held) => {
                    self.held = None;
                    self.send_up(held.slot);
                }
                None => self.send_up(self.cursor),
            },
            KeyCode::Char('a') => self.send_all(),
            KeyCode::Char('s' | 'd') => self.turn_stock(),
            KeyCode::Char('i') => self.ask_solver(Question::Hint),
            KeyCode::Char('c') => self.ask_solver(Question::CanWin),
            KeyCode::Esc if self.solving.is_some() => {
                self.solving = None;
                self.say("Stopped waiting for the solver", false);
            }
            KeyCode::Char('W') => self.winnable_deal(),
            KeyCode::Char('u') | KeyCode::Backspace => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('n') if self.winnable => self.winnable_deal(),
            KeyCode::Char('n') => {
                let seed = LaunchOptions::default().seed_or_random();
                self.new_deal(seed);
            }
            KeyCode::Char('g') => self.mode = Mode::Seed(String::new()),
            KeyCode::Char('R') => {
                let (rules, options) = (*self.game.rules(), *self.game.options());
                self.restart(rules, options);
            }
            KeyCode::Char('o') => {
                self.mode = Mode::Settings {
                    row: 0,
                    draft: Draft {
                        rules: *self.game.rules(),
                        game: *self.game.options(),
                        winnable: self.winnable,
                    },
                };
            }
            _ => {}
        }
        Action::Continue
    }

    fn handle_settings_key(&mut self, code: KeyCode) {
        let Mode::Settings { row, mut draft } = self.mode.clone() else {
            return;
        };
        let mut row = row;
        match code {
            KeyCode::Esc | KeyCode::Char('q' | 'o') => {
                self.mode = Mode::Play;
                return;
            }
            KeyCode::Up => row = (row + SETTINGS.len() - 1) % SETTINGS.len(),
            KeyCode::Down | KeyCode::Tab => row = (row + 1) % SETTINGS.len(),
            KeyCode::Left => change_setting(&mut draft, row, -1),
            KeyCode::Right | KeyCode::Char(' ') => change_setting(&mut draft, row, 1),
            KeyCode::Enter => {
                self.mode = Mode::Play;
                self.apply_settings(draft);
                return;
            }
            _ => {}
        }
        self.mode = Mode::Settings { row, draft };
    }

    /// Applies the options popup. A rules change restarts the deal; with winnable deals only,
    /// a rules change (or switching the option on) deals a game proved winnable under the new
    /// rules: the current deal again if it is, else the next proved one.
    fn apply_settings(&mut self, draft: Draft) {
        let rules_changed = draft.rules != *self.game.rules();
        let now_winnable = draft.winnable && !self.winnable;
        self.winnable = draft.winnable;
        if draft.winnable && (rules_changed || now_winnable) {
            let seed = self
                .seed
                .unwrap_or_else(|| LaunchOptions::default().seed_or_random());
            if !self.deal_proved(seed, draft.rules, draft.game) {
                self.restart(draft.rules, draft.game);
                self.say(
                    "Rules changed: no deal proved winnable under them was found; this deal is not proved winnable",
                    true,
                );
            }
        } else if rules_changed {
            self.restart(draft.rules, draft.game);
            self.say("Rules changed: the deal restarted", false);
        } else {
            self.game.set_options(draft.game);
            self.say("Options changed", false);
        }
    }

    fn handle_seed_key(&mut self, code: KeyCode) {
        let Mode::Seed(mut text) = self.mode.clone() else {
            return;
        };
        match code {
            KeyCode::Esc => {
                self.mode = Mode::Play;
                return;
            }
            // Twenty digits: every u64 (up to 18446744073709551615).
            KeyCode::Char(c) if c.is_ascii_digit() && text.len() < 20 => text.push(c),
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Enter => {
                self.mode = Mode::Play;
                match text.parse::<u64>() {
                    Ok(seed) => self.new_deal(seed),
                    Err(_) if text.is_empty() => self.say("Type a seed number, then Enter", true),
                    Err(_) => self.say(
                        format!("Seed {text} is too large: seeds go up to {}", u64::MAX),
                        true,
                    ),
                }
                return;
            }
            _ => {}
        }
        self.mode = Mode::Seed(text);
    }

    fn hit_at(&self, column: u16, row: u16) -> Option<Hit> {
        self.hits
            .iter()
            .find(|(rect, _)| rect.contains((column, row).into()))
            .map(|&(_, hit)| hit)
    }

    fn handle_mouse(&mut self, mouse: MouseEvent) {
        let hit = self.hit_at(mouse.column, mouse.row);
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let now = Instant::now();
                let double = matches!((self.last_click, hit), (Some((at, last)), Some(h))
                    if last.slot == h.slot && now.duration_since(at) < DOUBLE_CLICK);
                self.last_click = hit.map(|h| (now, h));
                let Some(hit) = hit else {
                    self.held = None;
                    return;
                };
                if double && matches!(hit.slot, Slot::Waste | Slot::Pile(_)) {
                    self.last_click = None;
                    self.drag = None;
                    self.send_up(hit.slot);
                    return;
                }
                self.cursor = hit.slot;
                self.depth = hit.count.max(1);
                if hit.slot == Slot::Stock {
                    self.turn_stock();
                } else if self.held.is_some() {
                    self.drop_on(hit.slot);
                } else if hit.count > 0 || !matches!(hit.slot, Slot::Pile(_)) {
                    let explicit = matches!(hit.slot, Slot::Pile(_));
                    self.pick(hit.slot, hit.count.max(1), explicit);
                    self.drag = self.held.map(|_| hit);
                }
            }
            MouseEventKind::Up(MouseButton::Left) => {
                if let (Some(from), Some(to)) = (self.drag.take(), hit)
                    && from.slot != to.slot
                    && self.held.is_some()
                {
                    self.cursor = to.slot;
                    self.drop_on(to.slot);
                }
            }
            MouseEventKind::Down(MouseButton::Right) => {
                if let Some(hit) = hit {
                    self.send_up(hit.slot);
                }
            }
            _ => {}
        }
    }

    /// How many waste cards to fan: those of the last stock turn not yet played (at least
    /// the top card, at most 3).
    fn fan_len(&self) -> usize {
        if self.position().waste().is_empty() {
            return 0;
        }
        let positions = self.game.positions();
        let mut removed = 0;
        for (i, entry) in self.game.history().iter().enumerate().rev() {
            match entry.mv {
                Move::WasteToPile(_) | Move::WasteToFoundation => removed += 1,
                Move::Stock => {
                    let before = &positions[i];
                    let turned = before.stock().len().min(before.rules().draw.get() as usize);
                    return turned.saturating_sub(removed).clamp(1, 3);
                }
                Move::Recycle => break,
                _ => {}
            }
        }
        1
    }

    fn elapsed(&self) -> Duration {
        self.finished.unwrap_or_else(|| self.started.elapsed())
    }

    fn header(&self) -> String {
        let position = self.position();
        let rules = position.rules();
        let passes = match rules.effective_pass_limit().get() {
            Some(k) => format!("pass {}/{k}", position.pass()),
            None => format!("pass {}", position.pass()),
        };
        let score = match rules.scoring {
            Scoring::None => String::new(),
            Scoring::Standard => format!(" · score {}", position.score()),
            Scoring::Vegas => format!(" · ${}", position.score()),
        };
        let secs = self.elapsed().as_secs();
        let deal = self
            .seed
            .map_or_else(|| "given deal".to_owned(), |s| format!("seed {s}"));
        format!(
            "Klondike · draw {} · {} · {passes}{score} · {:02}:{:02} · {deal}",
            rules.draw,
            rules.scoring,
            secs / 60,
            secs % 60
        )
    }
}

/// The first game of `options`: its deal, or the seed's; with winnable deals only, the first
/// deal proved winnable among `tries` candidates from the seed, or, when none is, the seed's
/// own deal and a message saying it is not proved.
fn first_deal(options: &Options, balance: i32, tries: u64) -> (Game, Option<u64>, Option<String>) {
    let game = |deal| Game::with_balance(deal, options.rules, options.game, balance);
    if let Some(deal) = options.deal {
        return (game(deal), None, None);
    }
    let seed = options.seed;
    if options.winnable {
        if let Some(found) = ::klondike::solver::deal_winnable_among(seed, options.rules, tries) {
            return (game(found.deal), Some(found.seed), None);
        }
        let message = format!(
            "No deal proved winnable found from seed {seed}: playing seed {seed}, not proved winnable"
        );
        return (game(Deal::from_seed(seed)), Some(seed), Some(message));
    }
    (game(Deal::from_seed(seed)), Some(seed), None)
}

/// An error message as a sentence.
fn sentence(err: IllegalMove) -> String {
    let text = err.to_string();
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

fn change_setting(draft: &mut Draft, row: usize, step: i32) {
    let cycle = |i: usize, n: usize| ((i as i32 + step).rem_euclid(n as i32)) as usize;
    match row {
        0 => {
            let choices = [Draw::ONE, Draw::THREE];
            let i = choices
                .iter()
                .position(|&d| d == draft.rules.draw)
                .unwrap_or(0);
            draft.rules.draw = choices[cycle(i, 2)];
        }
        1 => {
            let now = draft.rules.pass_limit.get().unwrap_or(0);
            let i = PASS_CHOICES.iter().position(|&k| k == now).unwrap_or(0);
            let k = PASS_CHOICES[cycle(i, PASS_CHOICES.len())];
            draft.rules.pass_limit = PassLimit::passes(k).unwrap_or(PassLimit::UNLIMITED);
        }
        2 => {
            let choices = [Scoring::Standard, Scoring::Vegas, Scoring::None];
            let i = choices
                .iter()
                .position(|&s| s == draft.rules.scoring)
                .unwrap_or(0);
            draft.rules.scoring = choices[cycle(i, 3)];
        }
        3 => {
            let choices = [AutoMove::None, AutoMove::Safe, AutoMove::All];
            let i = choices
                .iter()
                .position(|&a| a == draft.game.auto_move)
                .unwrap_or(0);
            draft.game.auto_move = choices[cycle(i, 3)];
        }
        4 => draft.game.auto_finish = !draft.game.auto_finish,
        5 => draft.rules.foundation_to_tableau = !draft.rules.foundation_to_tableau,
        6 => draft.game.time_bonus = !draft.game.time_bonus,
        7 => draft.game.cumulative_vegas = !draft.game.cumulative_vegas,
        _ => draft.winnable = !draft.winnable,
    }
}

fn setting_value(draft: Draft, row: usize) -> String {
    let on = |b: bool| if b { "on" } else { "off" }.to_owned();
    match row {
        0 => draft.rules.draw.to_string(),
        1 => draft.rules.pass_limit.to_string(),
        2 => draft.rules.scoring.to_string(),
        3 => draft.game.auto_move.to_string(),
        4 => on(draft.game.auto_finish),
        5 => on(draft.rules.foundation_to_tableau),
        6 => on(draft.game.time_bonus),
        7 => on(draft.game.cumulative_vegas),
        _ => on(draft.winnable),
    }
}

fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, span: &Span) {
    if y < area.bottom() && x < area.right() {
        buf.set_span(x, y, span, area.right() - x);
    }
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        let style = self.style;
        let w = style.width();
        // Glyph labels take 4 cells: 6-cell columns. ASCII labels take 2: 5-cell columns, so the
        // 3-card waste fan (3 cells a card) fits in two columns either way.
        let col_w = if style == CardStyle::Ascii { 5 } else { w + 2 };
        let fan_step = 3;
        let left = area.x + 2;
        let x_of = |col: u16| left + col * col_w;
        let position = *self.position();
        let held = self.held;
        let cursor = self.cursor;
        let depth = self.depth;
        let playing = self.mode == Mode::Play;
        let mut hits = Vec::new();
        let buf = frame.buffer_mut();

        put(
            buf,
            area,
            area.x,
            area.y,
            &Span::styled(self.header(), Style::default().add_modifier(Modifier::BOLD)),
        );
        let top = area.y + 2;
        let marker = |buf: &mut Buffer, x: u16, y: u16| {
            if playing && x > area.x {
                put(
                    buf,
                    area,
                    x - 1,
                    y,
                    &Span::styled("▶", Style::default().fg(Color::Yellow)),
                );
            }
        };

        // Stock.
        let stock_span = if position.stock().is_empty() {
            let text = if position.waste().is_empty() || position.recycles_left() == Some(0) {
                "  "
            } else {
                "↺ "
            };
            Span::styled(
                format!("{text:<width$}", width = w as usize),
                Style::default().fg(Color::DarkGray),
            )
        } else {
            cards::card_back_span(style)
        };
        put(buf, area, x_of(0), top, &stock_span);
        put(
            buf,
            area,
            x_of(0),
            top + 1,
            &Span::styled(
                format!("{}", position.stock().len()),
                Style::default().fg(Color::DarkGray),
            ),
        );
        hits.push((
            Rect::new(x_of(0), top, w, 2),
            Hit {
                slot: Slot::Stock,
                count: 1,
            },
        ));
        if cursor == Slot::Stock {
            marker(buf, x_of(0), top);
        }

        // Waste: the cards of the last turn still on it, fanned (at most 3), as Windows does.
        let waste = position.waste();
        let fan = self.fan_len().min(waste.len());
        if waste.is_empty() {
            put(buf, area, x_of(1), top, &cards::empty_slot_span(style));
        }
        for (i, &card) in waste[waste.len() - fan..].iter().enumerate() {
            let is_top = i + 1 == fan;
            let span = if is_top && held.is_some_and(|h| h.slot == Slot::Waste) {
                cards::selected_card_span(card, style)
            } else {
                cards::card_span(card, style)
            };
            put(buf, area, x_of(1) + i as u16 * fan_step, top, &span);
        }
        let waste_x = x_of(1) + fan.saturating_sub(1) as u16 * fan_step;
        hits.push((
            Rect::new(x_of(1), top, waste_x + w - x_of(1), 1),
            Hit {
                slot: Slot::Waste,
                count: 1,
            },
        ));
        if cursor == Slot::Waste {
            marker(buf, waste_x, top);
        }

        // Foundations.
        for suit in Suit::ALL {
            let x = x_of(3 + suit.index() as u16);
            let slot = Slot::Foundation(suit);
            let span = match position.foundation_top(suit) {
                Some(card) if held.is_some_and(|h| h.slot == slot) => {
                    cards::selected_card_span(card, style)
                }
                Some(card) => cards::card_span(card, style),
                None => Span::styled(
                    format!(
                        "{:^width$}",
                        if style == CardStyle::Ascii {
                            suit.char()
                        } else {
                            suit.symbol()
                        },
                        width = w as usize
                    ),
                    Style::default().fg(Color::DarkGray),
                ),
            };
            put(buf, area, x, top, &span);
            hits.push((Rect::new(x, top, w, 1), Hit { slot, count: 1 }));
            if cursor == slot {
                marker(buf, x, top);
            }
        }

        // Tableau.
        let numbers = top + 3;
        let first_row = numbers + 1;
        let bottom = area.bottom().saturating_sub(1);
        let room = bottom.saturating_sub(first_row) as usize;
        let tallest = (0..7).map(|p| position.pile(p).len()).max().unwrap_or(0);
        let compress = tallest > room;
        for pile in 0..7u8 {
            let x = x_of(pile as u16);
            put(
                buf,
                area,
                x,
                numbers,
                &Span::styled(
                    format!("{}", pile + 1),
                    Style::default().fg(Color::DarkGray),
                ),
            );
            let cards = position.pile(pile as usize);
            let down = position.face_down(pile as usize);
            let slot = Slot::Pile(pile);
            let mut y = first_row;
            if cards.is_empty() {
                put(buf, area, x, y, &cards::empty_slot_span(style));
            }
            if compress && down > 0 {
                let back = cards::card_back_span(style);
                put(buf, area, x, y, &back);
                put(
                    buf,
                    area,
                    x + w,
                    y,
                    &Span::styled(format!("{down}"), Style::default().fg(Color::DarkGray)),
                );
                y += 1;
            } else {
                for _ in 0..down {
                    put(buf, area, x, y, &cards::card_back_span(style));
                    y += 1;
                }
            }
            let len = cards.len();
            for (i, &card) in cards[down..].iter().enumerate() {
                let from_top = len - down - i;
                let is_held = held.is_some_and(|h| h.slot == slot && from_top <= h.count);
                let mut span = if is_held {
                    cards::selected_card_span(card, style)
                } else {
                    cards::card_span(card, style)
                };
                if playing && cursor == slot && from_top <= depth && !is_held {
                    span = span.patch_style(Style::default().add_modifier(Modifier::UNDERLINED));
                }
                put(buf, area, x, y, &span);
                if y < area.bottom() {
                    hits.push((
                        Rect::new(x, y, w, 1),
                        Hit {
                            slot,
                            count: from_top,
                        },
                    ));
                }
                if cursor == slot && from_top == depth {
                    marker(buf, x, y);
                }
                y += 1;
            }
            if cards.is_empty() && cursor == slot {
                marker(buf, x, first_row);
            }
            // Below the cards: a drop target for the whole pile.
            let below_top = y.max(first_row + u16::from(cards.is_empty()));
            if cards.is_empty() {
                hits.push((Rect::new(x, first_row, w, 1), Hit { slot, count: 0 }));
            }
            if below_top < bottom {
                hits.push((
                    Rect::new(x, below_top, w, bottom - below_top),
                    Hit { slot, count: 0 },
                ));
            }
            // Face-down rows: pick nothing, but count as the pile for drops.
            if down > 0 {
                let rows = if compress { 1 } else { down as u16 };
                hits.push((Rect::new(x, first_row, w, rows), Hit { slot, count: 0 }));
            }
        }

        let message_style = match (self.status, self.error) {
            (Status::Won, _) => Style::default()
                .fg(Color::Green)
                .add_modifier(Modifier::BOLD),
            (Status::Lost, _) => Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
            (_, true) => Style::default().fg(Color::Red),
            _ => Style::default(),
        };
        let message_row = area.y + 1;
        put(
            buf,
            area,
            area.x,
            message_row,
            &Span::styled(self.message.clone(), message_style),
        );
        put(
            buf,
            area,
            area.x,
            area.bottom().saturating_sub(1),
            &Span::styled(
                "s stock · 1-7/w pick & drop · f up · a all up · u/r undo/redo · n new · o options · ? help · q quit",
                Style::default().fg(Color::DarkGray),
            ),
        );
        self.hits = hits;

        match &self.mode {
            Mode::Play => {}
            Mode::Help => widgets::help(frame, "Klondike help", KEYS, RULES),
            Mode::Settings { row, draft } => {
                let mut lines: Vec<Line> = SETTINGS
                    .iter()
                    .enumerate()
                    .map(|(i, name)| {
                        let text = format!("{name:<22} ◀ {} ▶", setting_value(*draft, i));
                        if i == *row {
                            Line::styled(text, Style::default().add_modifier(Modifier::REVERSED))
                        } else {
                            Line::raw(text)
                        }
                    })
                    .collect();
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    "↑↓ choose · ←→ change · Enter apply (rule changes restart the deal) · Esc cancel",
                    Style::default().fg(Color::DarkGray),
                ));
                widgets::popup(frame, "Options", lines);
            }
            Mode::Seed(text) => widgets::popup(
                frame,
                "Deal by seed",
                vec![
                    Line::raw(format!("seed: {text}▏")),
                    Line::styled(
                        "digits, then Enter · Esc cancels",
                        Style::default().fg(Color::DarkGray),
                    ),
                ],
            ),
        }
    }

    fn tick(&mut self) -> Action {
        self.poll_solver();
        Action::Continue
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        match (&self.mode, event) {
            (Mode::Help, Event::Key(_)) => {
                self.mode = Mode::Play;
                Action::Continue
            }
            (Mode::Settings { .. }, Event::Key(key)) => {
                self.handle_settings_key(key.code);
                Action::Continue
            }
            (Mode::Seed(_), Event::Key(key)) => {
                self.handle_seed_key(key.code);
                Action::Continue
            }
            (Mode::Play, Event::Key(key)) => self.handle_key(key),
            (Mode::Play, Event::Mouse(mouse)) => {
                self.handle_mouse(*mouse);
                Action::Continue
            }
            _ => Action::Continue,
        }
    }
}

#[cfg(test)]
mod tests;
