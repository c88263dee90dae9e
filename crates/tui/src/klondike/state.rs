//! The Klondike screen's state and what each [`Command`] does to it (no ratatui here).
//!
//! [`State::apply`] runs a command; [`State::tick`] takes solver answers and keeps the clock.
//! Everything a render needs is read through the accessors, and rendering never changes the
//! state.
//!
//! The game is here (a [`Game`] with its history, undo and the solver on a thread) or at a
//! network table (the server's [`View`], moves sent by their text, the server's solver):
//! [`State::view`] is what the table shows either way, so one screen serves both.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use ::klondike::solver::{self, Budget, Verdict};
use ::klondike::{
    AutoMove, Deal, Draw, Entry, Game, IllegalMove, Klondike, Move, Options as GameOptions,
    PassLimit, Rules, Scoring, Status, View,
};
use cards_core::Suit;
use game::{GameState, Viewer};
use netplay::{AssistAsk, TableAction};
use serde::{Deserialize, Serialize};

use super::hint::{self, Advice, Marks};
use super::input::{Command, Confirmed};
use super::view;
use crate::app::Action;
use crate::cards::CardStyle;
use crate::data::{DataDir, DataError};
use crate::launcher::random_seed;
use crate::line_input::{Edit, LineInput};
use crate::net::NetScreen;
use crate::net::remote::{HostCommand, Remote, TableKey};
use crate::overlay::{Outcome, Overlay};
use crate::save;
use crate::stats::{Finished, ScoreOrder, Stats};
use crate::status::Status as Message;

/// The name of Klondike's files in the data directory.
pub const GAME: &str = "klondike";

/// How the app starts: `App::new(&options)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// How cards, borders and arrows are drawn.
    pub style: CardStyle,
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
    /// Where statistics, the saved game and the cumulative Vegas balance are kept (none:
    /// nothing is kept).
    pub data: Option<DataDir>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            style: CardStyle::Glyph,
            seed: 1,
            deal: None,
            rules: Rules::default(),
            game: GameOptions {
                time_bonus: true,
                ..GameOptions::default()
            },
            winnable: false,
            data: None,
        }
    }
}

/// The solver's budget for hints and "can this still be won?": most positions take a
/// millisecond; the search runs beside the game (which stays playable) and the message line
/// counts the seconds past the first.
const SOLVER_BUDGET: Budget = Budget::time(Duration::from_secs(30)).with_memory(2 << 30);

/// Two clicks on one slot within this time are a double click.
const DOUBLE_CLICK: Duration = Duration::from_millis(450);

/// A place on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The face-down stock.
    Stock,
    /// The turned cards.
    Waste,
    /// A foundation.
    Foundation(Suit),
    /// A tableau pile, 0 to 6.
    Pile(u8),
}

/// What a screen cell shows, for the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The slot.
    pub slot: Slot,
    /// For a pile: cards from the clicked card to the top (0 below the cards or on a back).
    pub count: usize,
}

/// Cards picked up, waiting to be dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// Where they come from.
    pub slot: Slot,
    /// Cards taken from a pile (1 elsewhere).
    pub count: usize,
    /// Whether the player chose the count (else any run that fits the target is tried).
    pub explicit: bool,
}

/// The game's own popups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The options, being edited.
    Options {
        /// The chosen row.
        row: usize,
        /// The options as edited so far.
        draft: Draft,
    },
    /// A seed being typed.
    Seed(LineInput),
    /// A move being typed in its text form (`3-f`, `w-5`, `7:3-1`, `stock`).
    Move(LineInput),
}

/// The options being edited in the options popup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draft {
    /// The rules.
    pub rules: Rules,
    /// Auto-moves and the rest.
    pub game: GameOptions,
    /// Winnable deals only.
    pub winnable: bool,
}

/// The rows of the options popup.
pub const SETTINGS: [&str; 9] = [
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

/// The longest move text the move prompt takes (`7:13-1` is six characters).
const MOVE_TEXT: usize = 24;

/// A question put to the solver, answered on another thread.
struct Solving {
    question: Question,
    /// The position asked about: an answer for another position is dropped.
    position: Klondike,
    started: Instant,
    answer: mpsc::Receiver<Verdict>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Question {
    Hint,
    CanWin,
}

/// A solver's answer, from the search here or from the server's.
enum Answer {
    /// A winning line: its length (when known) and the advice for the next step.
    Win {
        moves: Option<usize>,
        advice: Option<Advice>,
    },
    /// Proved lost.
    Impossible,
    /// Out of budget.
    Unknown,
}

/// A seat (or a spectator's place) at a network table: the link, and what the screen keeps
/// between the server's views.
struct TableSeat {
    link: Remote<View>,
    /// The cards of the last stock turn still on the waste, as the views showed it.
    fan: usize,
    /// The question put to the server's solver, until it answers.
    asked: Option<Question>,
    /// While `a` sends every card that can go up, one per view: how many went so far.
    sending_up: Option<usize>,
    /// The player's auto-move and auto-finish options (as saved for the local game).
    options: GameOptions,
    /// The player's last move sent, and the automatic moves sent after it.
    last_sent: Option<String>,
    automatic: usize,
    /// No automatic move is sent after an undo or a refusal, until the player's next move
    /// (so that an undo sticks and a refused move is not sent again and again).
    auto_paused: bool,
}

/// Where the game is: here, or at a table server.
type Source = crate::shell::Source<Game, TableSeat>;

/// What Klondike keeps in its statistics besides the shared tally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Extra {
    /// The cumulative Vegas balance, in dollars (kept while cumulative Vegas is on).
    pub vegas_balance: i32,
}

/// A game in progress as saved on quit: the deal, the rules and the moves, replayed on resume.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The deal.
    pub deal: Deal,
    /// Its seed, if it came from one.
    pub seed: Option<u64>,
    /// The rules.
    pub rules: Rules,
    /// Auto-moves and the rest.
    pub options: GameOptions,
    /// The Vegas balance carried into the deal (before its ante).
    pub balance: i32,
    /// The moves up to the current position, auto-moves marked.
    pub moves: Vec<Entry>,
    /// Seconds played.
    pub seconds: u64,
    /// Winnable deals only.
    pub winnable: bool,
}

impl Saved {
    /// The game replayed: the player's moves again under the saved options (their auto-moves
    /// follow by themselves); if that does not give the saved history (the options changed
    /// during the game), every move is played as recorded.
    fn replay(&self) -> Result<Game, String> {
        let mut game = Game::with_balance(self.deal, self.rules, self.options, self.balance);
        let replayed = self
            .moves
            .iter()
            .filter(|e| !e.auto)
            .all(|e| game.play(e.mv).is_ok());
        if replayed && game.history() == self.moves.as_slice() {
            return Ok(game);
        }
        let manual = GameOptions {
            auto_move: AutoMove::None,
            auto_finish: false,
            ..self.options
        };
        let mut game = Game::with_balance(self.deal, self.rules, manual, self.balance);
        for entry in &self.moves {
            game.play(entry.mv)
                .map_err(|e| format!("the saved move {} does not replay: {e}", entry.mv))?;
        }
        game.set_options(self.options);
        Ok(game)
    }
}

/// The Klondike screen's state.
pub struct State {
    source: Source,
    seed: Option<u64>,
    style: CardStyle,
    cursor: Slot,
    /// Cards under the cursor on a pile (1 = the top card).
    depth: usize,
    held: Option<Held>,
    overlay: Overlay<Popup, Confirmed>,
    /// Whether `n` deals only games the solver proved winnable.
    winnable: bool,
    data: Option<DataDir>,
    stats: Stats<Extra>,
    /// Whether this game has been counted in the statistics.
    counted: bool,
    /// A saved game waiting for "resume it?".
    resume: Option<Saved>,
    solving: Option<Solving>,
    /// What the last hint points at, while the table shows the view it was given for.
    hint: Option<(View, Marks)>,
    message: Message,
    /// Time played before this session (a resumed game).
    played_before: Duration,
    /// When the first move of this session was made: the clock starts there.
    first_move: Option<Instant>,
    /// Time played when the game ended.
    finished: Option<Duration>,
    last_click: Option<(Instant, Hit)>,
    drag: Option<Hit>,
}

impl State {
    /// A new game with `options`; offers to resume a saved game if the data directory has one.
    pub fn new(options: &Options) -> State {
        let mut notes = Vec::new();
        let stats: Stats<Extra> = match options.data.as_ref().map(|d| Stats::load(d, GAME)) {
            Some(Ok(stats)) => stats,
            Some(Err(e)) => {
                notes.push(format!("statistics not read ({e}): starting afresh"));
                Stats::default()
            }
            None => Stats::default(),
        };
        let (game, seed, unproved) =
            first_deal(options, stats.extra.vegas_balance, solver::WINNABLE_TRIES);
        let mut state = State::with_game(game, seed, options.style);
        state.winnable = options.winnable;
        state.data.clone_from(&options.data);
        state.stats = stats;
        // The first deal's ante comes off the balance now, as a deal does in Windows.
        state.keep_balance();
        notes.extend(unproved);
        if let (true, Some(seed), true) = (options.winnable, seed, notes.is_empty()) {
            state.message.info(format!("Seed {seed}: proved winnable"));
        }
        match options.data.as_ref().map(|d| save::load::<Saved>(d, GAME)) {
            Some(Ok(Some(saved))) => {
                let moves = saved.moves.iter().filter(|e| !e.auto).count();
                let deal = saved
                    .seed
                    .map_or_else(|| "a given deal".to_owned(), |s| format!("seed {s}"));
                state.overlay = Overlay::confirm(
                    format!(
                        "Resume the saved game ({deal}, {moves} move{})?",
                        if moves == 1 { "" } else { "s" }
                    ),
                    Confirmed::Resume,
                );
                state.resume = Some(saved);
            }
            Some(Err(e)) => notes.push(format!("saved game not resumed: {e}")),
            _ => {}
        }
        if !notes.is_empty() {
            state.message.warn(notes.join("; "));
        }
        state
    }

    /// A screen over an existing game (any position: see [`Game::from_position`]); nothing
    /// is kept on disk.
    pub fn with_game(game: Game, seed: Option<u64>, style: CardStyle) -> State {
        let playing = game.status() == Status::Playing;
        let mut state = State::around(Source::Local(Box::new(game)), seed, style);
        state.after_change();
        if playing {
            let sep = style.separator();
            state.message.info(format!(
                "? help{sep}d draws{sep}1-7 pick a pile then 1-7 drop{sep}i hint"
            ));
        }
        state
    }

    /// A seat at a network table (or a spectator's place), over an open link: nothing is
    /// kept on disk, the server keeps the game. The player's cards go up by themselves as
    /// `options` say (auto-move and auto-finish, as in the local game).
    pub fn remote(link: NetScreen, style: CardStyle, options: GameOptions) -> State {
        let seat = TableSeat {
            link: Remote::new(link),
            fan: 0,
            asked: None,
            sending_up: None,
            options,
            last_sent: None,
            automatic: 0,
            auto_paused: false,
        };
        let mut state = State::around(Source::Remote(Box::new(seat)), None, style);
        state.tick(Instant::now());
        state
    }

    fn around(source: Source, seed: Option<u64>, style: CardStyle) -> State {
        State {
            source,
            seed,
            style,
            cursor: Slot::Pile(0),
            depth: 1,
            held: None,
            overlay: Overlay::None,
            winnable: false,
            data: None,
            stats: Stats::default(),
            counted: false,
            resume: None,
            solving: None,
            hint: None,
            message: Message::default(),
            played_before: Duration::ZERO,
            first_move: None,
            finished: None,
            last_click: None,
            drag: None,
        }
    }

    /// The local game (`None` at a network table).
    pub fn game(&self) -> Option<&Game> {
        self.source.local()
    }

    /// The seat at a network table (`None` for a local game).
    pub fn table(&self) -> Option<&Remote<View>> {
        self.source.remote().map(|seat| &seat.link)
    }

    /// What the table shows: the local position's view, or the server's last one (`None`
    /// before a network table's first game starts).
    pub fn view(&self) -> Option<View> {
        match &self.source {
            Source::Local(game) => Some(game.position().view(Viewer::Seat(0))),
            Source::Remote(seat) => seat.link.view().cloned(),
        }
    }

    /// Won, lost or playing: the local game's status (lost: only futile moves remain), or
    /// at a network table the server's result (lost: no legal move left).
    pub fn status(&self) -> Status {
        match &self.source {
            Source::Local(game) => game.status(),
            Source::Remote(seat) => match &seat.link.net().result {
                Some(outcome) if seat.link.over() && outcome.winners.contains(0) => Status::Won,
                Some(_) if seat.link.over() => Status::Lost,
                _ => Status::Playing,
            },
        }
    }

    fn position(&self) -> Option<&Klondike> {
        self.game().map(Game::position)
    }

    /// The seed of the current deal, if it came from one.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The card style.
    pub fn style(&self) -> CardStyle {
        self.style
    }

    /// The status message.
    pub fn message(&self) -> &Message {
        &self.message
    }

    /// The status message, to set.
    pub fn message_mut(&mut self) -> &mut Message {
        &mut self.message
    }

    /// The cursor and how many cards it takes on a pile.
    pub fn cursor(&self) -> (Slot, usize) {
        (self.cursor, self.depth)
    }

    /// The cards held, if any.
    pub fn held(&self) -> Option<Held> {
        self.held
    }

    /// What is open over the table.
    pub fn overlay(&self) -> &Overlay<Popup, Confirmed> {
        &self.overlay
    }

    /// The overlay, for the help widget's scroll state.
    pub fn overlay_mut(&mut self) -> &mut Overlay<Popup, Confirmed> {
        &mut self.overlay
    }

    /// The statistics.
    pub fn stats(&self) -> &Stats<Extra> {
        &self.stats
    }

    /// What the hint highlights, while the position is the one it was given for.
    pub fn hint_marks(&self) -> Option<&Marks> {
        let view = self.view()?;
        self.hint
            .as_ref()
            .filter(|(at, _)| *at == view)
            .map(|(_, marks)| marks)
    }

    /// Whether `n` deals only proved-winnable games.
    pub fn winnable(&self) -> bool {
        self.winnable
    }

    /// Whether a solver question is waiting for its answer.
    pub fn is_solving(&self) -> bool {
        self.solving.is_some()
    }

    /// Whether a local game is under way: a move made, and not won.
    pub fn in_progress(&self) -> bool {
        self.moves_made() > 0 && self.status() != Status::Won
    }

    fn moves_made(&self) -> usize {
        self.game()
            .map_or(0, |game| game.history().iter().filter(|e| !e.auto).count())
    }

    /// Time played: from the first move (0 before it) to now or to the end of the game.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.finished.unwrap_or_else(|| {
            self.played_before
                + self
                    .first_move
                    .map_or(Duration::ZERO, |at| now.saturating_duration_since(at))
        })
    }

    /// How many waste cards to fan: those of the last stock turn not yet played (at least
    /// the top card, at most 3).
    pub fn fan_len(&self) -> usize {
        let game = match &self.source {
            Source::Local(game) => game,
            Source::Remote(seat) => return seat.fan,
        };
        if game.position().waste().is_empty() {
            return 0;
        }
        let positions = game.positions();
        let mut removed = 0;
        for (i, entry) in game.history().iter().enumerate().rev() {
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

    /// Runs `command` at time `now`.
    pub fn apply(&mut self, command: Command, now: Instant) -> Action {
        if self.source.is_remote()
            && let Some(action) = self.apply_at_table(command)
        {
            return action;
        }
        match command {
            Command::Left => self.move_cursor(-1, 0),
            Command::Right => self.move_cursor(1, 0),
            Command::Up => self.move_cursor(0, -1),
            Command::Down => self.move_cursor(0, 1),
            Command::Act => self.activate(now),
            Command::Pile(pile) => {
                if self.held.is_some() {
                    self.drop_on(Slot::Pile(pile), now);
                } else {
                    self.cursor = Slot::Pile(pile);
                    self.depth = 1;
                    self.pick(Slot::Pile(pile), 1, false);
                }
            }
            Command::Waste => {
                self.held = None;
                self.cursor = Slot::Waste;
                self.pick(Slot::Waste, 1, false);
            }
            Command::Foundation => {
                let from = self.held.take().map_or(self.cursor, |h| h.slot);
                self.send_up(from, now);
            }
            Command::AllUp => self.send_all(now),
            Command::Draw => self.turn_stock(now),
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::NewGame => {
                self.ask("Abandon this game for a new deal?", Confirmed::NewGame, now);
            }
            Command::WinnableDeal => self.ask(
                "Abandon this game for a deal proved winnable?",
                Confirmed::WinnableDeal,
                now,
            ),
            Command::Restart => self.ask("Restart this deal?", Confirmed::Restart, now),
            Command::DealBySeed => {
                self.overlay = Overlay::Game(Popup::Seed(
                    // Twenty digits: every u64 (up to 18446744073709551615).
                    LineInput::new("seed: ").digits_only().max_len(20),
                ));
            }
            Command::Options => {
                if let Some(game) = self.game() {
                    let draft = Draft {
                        rules: *game.rules(),
                        game: *game.options(),
                        winnable: self.winnable,
                    };
                    self.overlay = Overlay::Game(Popup::Options { row: 0, draft });
                }
            }
            Command::TypeMove => {
                self.overlay =
                    Overlay::Game(Popup::Move(LineInput::new("move: ").max_len(MOVE_TEXT)));
            }
            Command::Hint => self.ask_solver(Question::Hint, now),
            Command::CanWin => self.ask_solver(Question::CanWin, now),
            Command::Help => self.overlay = Overlay::help(),
            Command::Statistics => self.overlay = Overlay::Statistics,
            Command::Back => {
                if self.held.take().is_some() {
                    self.message.info("Put back");
                } else if self.solving.take().is_some() {
                    self.message.info("Stopped waiting for the solver");
                } else {
                    return self.quit(now);
                }
            }
            Command::Quit => return self.quit(now),
            Command::Click(hit) => self.click(hit, now),
            Command::Release(hit) => self.release(hit, now),
            Command::RightClick(hit) => self.send_up(hit.slot, now),
        }
        Action::Continue
    }

    /// A command at a network table, where it differs from the local game: `None` lets the
    /// local meaning stand (the cursor, picking up and dropping, moves, help, leaving).
    fn apply_at_table(&mut self, command: Command) -> Option<Action> {
        let key = match command {
            Command::Undo => return Some(self.undo_at_table()),
            Command::Redo => TableKey::Off("redo"),
            Command::Restart | Command::WinnableDeal => TableKey::Off("a new deal"),
            Command::Options => TableKey::Off("the options"),
            Command::Statistics => TableKey::Off("the statistics"),
            Command::NewGame => TableKey::Rematch,
            Command::DealBySeed => TableKey::Host(HostCommand::Start),
            Command::Hint => return Some(self.ask_server(Question::Hint)),
            Command::CanWin => return Some(self.ask_server(Question::CanWin)),
            Command::Help | Command::Back | Command::Quit => return None,
            _ if self.view().is_none() => {
                self.message.warn("The game has not started yet");
                return Some(Action::Continue);
            }
            _ => return None,
        };
        if let Source::Remote(seat) = &mut self.source {
            seat.link.at_table(key, &mut self.message);
        }
        Some(Action::Continue)
    }

    /// Asks the server to take back the last move (it does at a one-player table); the
    /// next view redraws the table, a refusal comes back as the server's error.
    fn undo_at_table(&mut self) -> Action {
        self.held = None;
        let Source::Remote(seat) = &mut self.source else {
            return Action::Continue;
        };
        if seat.link.net().seat.is_none() {
            self.message
                .warn("You are watching: only the player undoes");
            return Action::Continue;
        }
        seat.sending_up = None;
        seat.auto_paused = true;
        seat.link.table_action(TableAction::Undo);
        self.message.info(format!(
            "Asking the server to take back the last move{}",
            self.style.ellipsis()
        ));
        Action::Continue
    }

    /// Puts `question` to the server's solver (the server knows the face-down cards); the
    /// answer comes with a later tick.
    fn ask_server(&mut self, question: Question) -> Action {
        let Source::Remote(seat) = &mut self.source else {
            return Action::Continue;
        };
        if seat.link.view().is_none() || seat.link.over() {
            self.message.warn("The solver answers about a game in play");
            return Action::Continue;
        }
        seat.asked = Some(question);
        seat.link.assist(match question {
            Question::Hint => AssistAsk::Hint,
            Question::CanWin => AssistAsk::Solve,
        });
        self.message.info(format!(
            "Asking the server's solver{}",
            self.style.ellipsis()
        ));
        Action::Continue
    }

    /// Handles a key while an overlay is open; `None` when no overlay takes keys.
    pub fn overlay_key(
        &mut self,
        key: &crossterm::event::KeyEvent,
        now: Instant,
    ) -> Option<Action> {
        let outcome = self.overlay.handle_key(key);
        let resuming = self.resume.is_some();
        match outcome {
            Outcome::Unhandled => {}
            Outcome::Handled => return Some(Action::Continue),
            Outcome::Closed => {
                if resuming {
                    self.decline_resume();
                }
                return Some(Action::Continue);
            }
            Outcome::Confirmed(yes) => return Some(self.confirmed(yes, now)),
            Outcome::ResetStatistics => {
                self.overlay =
                    Overlay::confirm("Reset the Klondike statistics?", Confirmed::ResetStatistics);
                return Some(Action::Continue);
            }
        }
        let typing_seed = matches!(self.overlay, Overlay::Game(Popup::Seed(_)));
        match &mut self.overlay {
            Overlay::Game(Popup::Seed(input) | Popup::Move(input)) => {
                match input.handle_key(key) {
                    Edit::Editing => {}
                    Edit::Cancel => self.overlay.close(),
                    Edit::Submit(text) => {
                        self.overlay.close();
                        if typing_seed {
                            self.seed_typed(&text, now);
                        } else {
                            self.play_text(text.trim(), now);
                        }
                    }
                }
                Some(Action::Continue)
            }
            Overlay::Game(Popup::Options { .. }) => {
                self.options_key(key.code);
                Some(Action::Continue)
            }
            _ => None,
        }
    }

    /// Deals the seed typed as `text` (asking first while a game is in progress).
    fn seed_typed(&mut self, text: &str, now: Instant) {
        match text.parse::<u64>() {
            Ok(seed) => self.ask(
                &format!("Abandon this game for seed {seed}?"),
                Confirmed::Seed(seed),
                now,
            ),
            Err(_) if text.is_empty() => {
                self.message.warn("Type a seed number, then Enter");
            }
            Err(_) => self.message.warn(format!(
                "Seed {text} is too large: seeds go up to {}",
                u64::MAX
            )),
        }
    }

    /// Takes the solver's answer if it has come, or shows how long it has been working; at
    /// a network table, what the server sent.
    pub fn tick(&mut self, now: Instant) {
        if self.source.is_remote() {
            return self.tick_table();
        }
        let Some(solving) = &self.solving else { return };
        match solving.answer.try_recv() {
            Ok(verdict) => {
                let (question, position) = (solving.question, solving.position);
                self.solving = None;
                if Some(&position) == self.position() {
                    let answer = match &verdict {
                        Verdict::Win(line) => Answer::Win {
                            moves: Some(line.len()),
                            advice: hint::advice(&position, line, self.style),
                        },
                        Verdict::Impossible => Answer::Impossible,
                        Verdict::Unknown => Answer::Unknown,
                    };
                    self.answer(question, answer);
                }
            }
            Err(mpsc::TryRecvError::Empty) => {
                let seconds = now.saturating_duration_since(solving.started).as_secs();
                if seconds > 0 {
                    let dots = self.style.ellipsis();
                    self.message
                        .info(format!("Solving{dots} {seconds} s (Esc: stop waiting)"));
                }
            }
            Err(mpsc::TryRecvError::Disconnected) => {
                self.solving = None;
                self.message.error("The solver stopped without an answer");
            }
        }
    }

    /// Takes in what the server sent: the notes (refusals, the link) in the status line,
    /// a new view (the waste's fan, the next card `a` sends up), the result, the solver's
    /// answer.
    fn tick_table(&mut self) {
        let before = self.view();
        let Source::Remote(seat) = &mut self.source else {
            return;
        };
        let pumped = seat.link.pump();
        let (new_view, result) = (pumped.view, pumped.result);
        if pumped.notes.iter().any(|note| note.alarm) {
            seat.sending_up = None;
            seat.auto_paused = true;
        }
        pumped.tell(&mut self.message);
        if new_view && let Some(after) = seat.link.view() {
            seat.fan = fan_after(before.as_ref(), after, seat.fan);
        }
        let assisted = seat.link.take_assist();
        if new_view {
            self.clamp_depth();
            self.send_next_up();
            self.send_auto_move();
            self.say_automatic();
        }
        if result.is_some() {
            self.say_result();
        }
        if let Some(assisted) = assisted {
            self.take_answer(&assisted);
        }
    }

    /// The end of the game at a network table, in the status line.
    fn say_result(&mut self) {
        let Source::Remote(seat) = &self.source else {
            return;
        };
        let score = seat.link.view().map_or(0, |view| view.score);
        let who = match seat.link.net().seat {
            Some(_) => "You".to_owned(),
            None => seat.link.seat_label(0),
        };
        let rematch = if seat.link.net().host {
            " n: rematch"
        } else {
            ""
        };
        let text = match self.status() {
            Status::Won => format!("{who} won! Final score {score}.{rematch}"),
            _ => format!("No moves left: the game is over, score {score}.{rematch}"),
        };
        self.message.info(text);
    }

    /// The server solver's answer, for the question asked at this view.
    fn take_answer(&mut self, assisted: &crate::net::state::Assisted) {
        let Source::Remote(seat) = &mut self.source else {
            return;
        };
        let Some(question) = seat.asked.take() else {
            return;
        };
        if seat.link.net().state.as_ref().map(|s| s.ply) != Some(assisted.ply) {
            self.message
                .warn("The game moved on before the solver answered: ask again");
            return;
        }
        let answer = match assisted.verdict.as_str() {
            "win" => {
                let texts = match (&assisted.line, &assisted.hint) {
                    (Some(line), _) => line.as_slice(),
                    (None, hint) => hint.as_slice(),
                };
                let line: Vec<Move> = texts.iter().filter_map(|text| text.parse().ok()).collect();
                Answer::Win {
                    moves: assisted.line.as_ref().map(Vec::len),
                    advice: self
                        .view()
                        .and_then(|view| hint::first_step(&view, &line, self.style)),
                }
            }
            "impossible" => Answer::Impossible,
            _ => Answer::Unknown,
        };
        self.answer(question, answer);
    }

    /// Saves the game in progress (on quit), if there is one and a data directory.
    pub fn save_in_progress(&self, now: Instant) -> Result<(), DataError> {
        let (Some(dir), Some(game)) = (&self.data, self.game()) else {
            return Ok(());
        };
        let Some(&deal) = game.deal() else {
            return Ok(());
        };
        if !self.in_progress() {
            return Ok(());
        }
        let start = game.start();
        let saved = Saved {
            deal,
            seed: self.seed,
            rules: *game.rules(),
            options: *game.options(),
            balance: start.score() - start.rules().initial_score(),
            moves: game.history().to_vec(),
            seconds: self.elapsed(now).as_secs(),
            winnable: self.winnable,
        };
        save::store(dir, GAME, &saved)
    }

    fn ask(&mut self, question: &str, yes: Confirmed, now: Instant) {
        if self.in_progress() {
            self.overlay = Overlay::confirm(question, yes);
        } else {
            self.confirmed(yes, now);
        }
    }

    fn quit(&mut self, now: Instant) -> Action {
        if let Source::Remote(seat) = &self.source {
            self.overlay = Overlay::confirm(seat.link.leave_question(), Confirmed::QuitUnsaved);
            Action::Continue
        } else if self.in_progress() && self.data.is_some() {
            self.overlay = Overlay::confirm(
                "Quit? This game is saved and offered next time.",
                Confirmed::Quit,
            );
            Action::Continue
        } else if self.in_progress() {
            self.overlay = Overlay::confirm("Quit this game?", Confirmed::Quit);
            Action::Continue
        } else {
            self.confirmed(Confirmed::Quit, now)
        }
    }

    fn confirmed(&mut self, yes: Confirmed, now: Instant) -> Action {
        self.overlay.close();
        match yes {
            Confirmed::Quit => match self.save_in_progress(now) {
                Ok(()) => return Action::Quit,
                Err(e) => {
                    self.overlay = Overlay::confirm(
                        format!("The game was not saved ({e}). Quit anyway?"),
                        Confirmed::QuitUnsaved,
                    );
                }
            },
            Confirmed::QuitUnsaved => return Action::Quit,
            Confirmed::NewGame if self.winnable => {
                self.count_abandoned(now);
                self.winnable_deal();
            }
            Confirmed::NewGame => {
                self.count_abandoned(now);
                self.new_deal(random_seed());
            }
            Confirmed::WinnableDeal => {
                self.count_abandoned(now);
                self.winnable_deal();
            }
            Confirmed::Restart => {
                self.count_abandoned(now);
                if let Some(game) = self.game() {
                    let (rules, options) = (*game.rules(), *game.options());
                    self.restart(rules, options);
                }
            }
            Confirmed::Seed(seed) => {
                self.count_abandoned(now);
                self.new_deal(seed);
            }
            Confirmed::Resume => self.resume(),
            Confirmed::ResetStatistics => {
                self.stats = Stats::default();
                let result = self
                    .data
                    .as_ref()
                    .map_or(Ok(()), |dir| self.stats.reset(dir, GAME));
                self.stats.extra.vegas_balance = self.vegas_balance();
                match result {
                    Ok(()) => self.message.info("Statistics reset"),
                    Err(e) => self.message.error(format!("statistics not reset: {e}")),
                }
            }
        }
        Action::Continue
    }

    fn resume(&mut self) {
        let Some(saved) = self.resume.take() else {
            return;
        };
        self.discard_save();
        match saved.replay() {
            Ok(game) => {
                self.source = Source::Local(Box::new(game));
                self.seed = saved.seed;
                self.winnable = saved.winnable;
                self.held = None;
                self.played_before = Duration::from_secs(saved.seconds);
                self.first_move = None;
                self.finished = None;
                self.counted = false;
                self.after_change();
                self.message.info("Resumed the saved game");
            }
            Err(e) => self.message.error(format!("saved game not resumed: {e}")),
        }
    }

    fn decline_resume(&mut self) {
        if let Some(saved) = self.resume.take() {
            self.discard_save();
            // An abandoned game counts as lost, as Windows counts it.
            if saved.moves.iter().any(|e| !e.auto) {
                self.record(Finished {
                    won: false,
                    score: None,
                    seconds: None,
                });
            }
            self.message.info("The saved game is set aside; a new deal");
        }
    }

    fn discard_save(&mut self) {
        if let Some(dir) = &self.data
            && let Err(e) = save::discard(dir, GAME)
        {
            self.message.error(format!("saved game not removed: {e}"));
        }
    }

    /// Counts the current game as lost if it is abandoned in progress.
    fn count_abandoned(&mut self, now: Instant) {
        if self.in_progress() && !self.counted {
            let score = self.position().map_or(0, Klondike::score);
            self.counted = true;
            self.record(Finished {
                won: false,
                score: Some(i64::from(score)),
                seconds: Some(self.elapsed(now).as_secs()),
            });
        }
    }

    fn record(&mut self, finished: Finished) {
        self.stats.tally.record(finished, ScoreOrder::Higher);
        self.save_stats();
    }

    fn save_stats(&mut self) {
        if let Some(dir) = &self.data
            && let Err(e) = self.stats.save(dir, GAME)
        {
            self.message.error(format!("statistics not saved: {e}"));
        }
    }

    /// The Vegas balance to keep: the current score when cumulative Vegas is on, else the
    /// balance kept so far.
    fn vegas_balance(&self) -> i32 {
        match self.game() {
            Some(game)
                if game.rules().scoring == Scoring::Vegas && game.options().cumulative_vegas =>
            {
                game.position().score()
            }
            _ => self.stats.extra.vegas_balance,
        }
    }

    /// Puts `question` about the current position to the solver on another thread; the
    /// answer comes in on a later [`tick`](State::tick).
    fn ask_solver(&mut self, question: Question, now: Instant) {
        let Some(&position) = self.position() else {
            return;
        };
        let (send, answer) = mpsc::channel();
        std::thread::spawn(move || {
            // The receiver may be gone (the player moved on): nothing to do then.
            let _ = send.send(solver::solve(&position, SOLVER_BUDGET).verdict);
        });
        self.solving = Some(Solving {
            question,
            position,
            started: now,
            answer,
        });
        self.message
            .info(format!("Solving{}", self.style.ellipsis()));
    }

    /// Shows the solver's answer to `question`.
    fn answer(&mut self, question: Question, answer: Answer) {
        match (question, answer) {
            (Question::Hint, Answer::Win { moves, advice }) => match advice {
                Some(advice) => {
                    let mut text = advice.text;
                    if let Some(first) = text.get_mut(0..1) {
                        first.make_ascii_uppercase();
                    }
                    let moves =
                        moves.map_or_else(String::new, |n| format!(" ({n} moves to a win)"));
                    self.message.info(format!("Hint: {text}{moves}"));
                    self.hint = self.view().map(|view| (view, advice.marks));
                }
                None => self.message.info("Already won"),
            },
            (Question::Hint, Answer::Impossible) => {
                self.message.warn("No winning line left: this game is lost");
            }
            (Question::Hint, Answer::Unknown) => {
                self.message
                    .warn("Hint: the solver could not decide in time");
            }
            (Question::CanWin, Answer::Win { moves, .. }) => {
                let moves = moves.map_or_else(String::new, |n| format!(" ({n} moves)"));
                self.message
                    .info(format!("Yes, this can still be won{moves}"));
            }
            (Question::CanWin, Answer::Impossible) => {
                self.message.warn("No: no winning line is left");
            }
            (Question::CanWin, Answer::Unknown) => {
                self.message
                    .warn("Unknown: the solver could not decide in time");
            }
        }
    }

    /// A new deal the solver proved winnable under the current rules.
    fn winnable_deal(&mut self) {
        let Some(game) = self.game() else {
            return;
        };
        let (rules, options) = (*game.rules(), *game.options());
        let seed = random_seed();
        if !self.deal_proved(seed, rules, options) {
            self.message.warn(format!(
                "No deal proved winnable found from seed {seed}: the deal is unchanged"
            ));
        }
    }

    /// Deals the first deal proved winnable under `rules` from `seed` (its own deal if it is);
    /// false, changing nothing, when none is found.
    fn deal_proved(&mut self, seed: u64, rules: Rules, options: GameOptions) -> bool {
        let found = solver::deal_winnable_with(seed, rules);
        let next = found.and_then(|found| {
            let next = self.game()?.next_deal_with(found.deal, rules, options);
            Some((found, next))
        });
        match next {
            Some((found, next)) => {
                self.new_game(next, Some(found.seed));
                self.message
                    .info(format!("Seed {}: proved winnable", found.seed));
                true
            }
            None => false,
        }
    }

    /// Keeps the cumulative Vegas balance in the statistics file (after every change, so that
    /// quitting at any moment keeps it).
    fn keep_balance(&mut self) {
        let balance = self.vegas_balance();
        if balance != self.stats.extra.vegas_balance {
            self.stats.extra.vegas_balance = balance;
            self.save_stats();
        }
    }

    fn after_change(&mut self) {
        self.keep_balance();
        let Some(game) = self.game() else {
            return;
        };
        match game.status() {
            Status::Won => {
                let now = Instant::now();
                let elapsed = self.elapsed(now);
                let score = game.final_score(elapsed.as_secs());
                let bonus = score - game.position().score();
                self.finished.get_or_insert(elapsed);
                if !self.counted {
                    self.counted = true;
                    self.record(Finished {
                        won: true,
                        score: Some(i64::from(score)),
                        seconds: Some(elapsed.as_secs()),
                    });
                }
                let bonus = if bonus > 0 {
                    format!(" (time bonus {bonus})")
                } else {
                    String::new()
                };
                self.message
                    .info(format!("You won! Final score {score}{bonus}. n: new deal"));
            }
            Status::Lost => {
                self.message.warn(
                    "No moves left: only futile moves remain. u: undo, n: new deal, R: restart",
                );
            }
            Status::Playing => self.finished = None,
        }
        self.clamp_depth();
    }

    fn face_up_len(&self, pile: u8) -> usize {
        self.view()
            .map_or(0, |view| view.face_up[pile as usize].len())
    }

    fn clamp_depth(&mut self) {
        if let Slot::Pile(p) = self.cursor {
            self.depth = self.depth.clamp(1, self.face_up_len(p).max(1));
        } else {
            self.depth = 1;
        }
    }

    fn new_game(&mut self, game: Game, seed: Option<u64>) {
        self.source = Source::Local(Box::new(game));
        self.seed = seed;
        self.held = None;
        self.played_before = Duration::ZERO;
        self.first_move = None;
        self.finished = None;
        self.counted = false;
        self.after_change();
        if self.status() == Status::Playing {
            let name = seed.map_or_else(|| "given deal".to_owned(), |s| format!("seed {s}"));
            self.message.info(format!("New deal ({name})"));
        }
    }

    fn new_deal(&mut self, seed: u64) {
        if let Some(next) = self
            .game()
            .map(|game| game.next_deal(Deal::from_seed(seed)))
        {
            self.new_game(next, Some(seed));
        }
    }

    /// Deals the current deal again under `rules` and `options` (a cumulative Vegas balance
    /// carries over and pays a new ante, as a redeal does in Windows).
    fn restart(&mut self, rules: Rules, options: GameOptions) {
        let Some(game) = self.game() else {
            return;
        };
        if let Some(&deal) = game.deal() {
            let game = game.next_deal_with(deal, rules, options);
            self.new_game(game, self.seed);
            return;
        }
        let start = *game.start();
        let mut setup = start.to_setup();
        setup.rules = rules;
        setup.pass = 1;
        let position = Klondike::from_setup(&setup).unwrap_or(start);
        self.new_game(Game::from_position(&position, options), None);
    }

    /// Plays `mv`: here, or sent to the server (see [`State::send`]). False when it is
    /// refused (or not sent).
    fn play(&mut self, mv: Move, now: Instant) -> bool {
        let Source::Local(game) = &mut self.source else {
            self.held = None;
            return self.send(&mv.to_string());
        };
        match game.play(mv) {
            Ok(played) => {
                self.held = None;
                self.first_move.get_or_insert(now);
                let auto = if played > 1 {
                    format!(" (+{} automatic)", played - 1)
                } else {
                    String::new()
                };
                self.message.info(format!("Played {mv}{auto}"));
                self.after_change();
                true
            }
            Err(err) => {
                self.message.warn(sentence(err));
                false
            }
        }
    }

    /// Sends the move written `text` to the server; its answer, the next view or a refusal
    /// in the status line, comes with a later tick. False when nothing is sent.
    fn send(&mut self, text: &str) -> bool {
        let Source::Remote(seat) = &mut self.source else {
            return false;
        };
        let refused = if seat.link.net().seat.is_none() {
            Some("You are watching: only the player moves")
        } else if seat.link.over() {
            Some("The game is over")
        } else if !seat.link.my_turn() {
            Some("A move is on its way: wait for the server")
        } else {
            None
        };
        if let Some(why) = refused {
            self.message.warn(why);
            return false;
        }
        seat.link.act(text);
        seat.last_sent = Some(text.to_owned());
        seat.automatic = 0;
        seat.auto_paused = false;
        self.message.info(format!("Sent {text}"));
        true
    }

    /// Plays the move typed as `text`: here read and played, at a network table sent as
    /// typed (the server reads it, and names what is wrong with it).
    fn play_text(&mut self, text: &str, now: Instant) {
        if text.is_empty() {
            self.message
                .warn("Type a move: 3-f, w-5, 7:3-1, fH-2, stock or recycle");
        } else if self.source.is_remote() {
            self.held = None;
            self.send(text);
        } else {
            match text.parse::<Move>() {
                Ok(mv) => {
                    self.held = None;
                    self.play(mv, now);
                }
                Err(err) => self.message.warn(format!("{text}: {err}")),
            }
        }
    }

    fn turn_stock(&mut self, now: Instant) {
        self.held = None;
        let Some(view) = self.view() else {
            return;
        };
        let mv = if view.stock == 0 {
            Move::Recycle
        } else {
            Move::Stock
        };
        self.play(mv, now);
    }

    /// The moves that drop `held` on `to`, best first.
    fn candidates(&self, held: Held, to: Slot) -> Vec<Move> {
        match (held.slot, to) {
            (Slot::Waste, Slot::Pile(p)) => vec![Move::WasteToPile(p)],
            (Slot::Waste, Slot::Foundation(_)) => vec![Move::WasteToFoundation],
            (Slot::Pile(p), Slot::Foundation(_)) => vec![Move::PileToFoundation(p)],
            (Slot::Pile(from), Slot::Pile(to)) => {
                let run = |n: usize| Move::PileToPile {
                    from,
                    count: n as u8,
                    to,
                };
                let mut moves = vec![run(held.count)];
                if !held.explicit {
                    let face_up = self.face_up_len(from);
                    moves.extend((1..=face_up).rev().filter(|&n| n != held.count).map(run));
                }
                moves
            }
            (Slot::Foundation(suit), Slot::Pile(to)) => vec![Move::FoundationToPile { suit, to }],
            _ => Vec::new(),
        }
    }

    fn drop_on(&mut self, to: Slot, now: Instant) {
        let Some(held) = self.held else { return };
        if held.slot == to {
            self.held = None;
            self.message.info("Put back");
            return;
        }
        let candidates = self.candidates(held, to);
        let Some(&first) = candidates.first() else {
            self.held = None;
            self.message.warn("Cards cannot go there");
            return;
        };
        let chosen = match &self.source {
            Source::Local(game) => {
                let position = game.position();
                let legal = candidates.iter().find(|&&mv| position.is_legal(mv));
                legal.copied().ok_or_else(|| position.check(first).err())
            }
            // The first the server lists, or else the first: the server names what is wrong.
            Source::Remote(seat) => {
                let legal = seat.link.net().legal();
                let listed = |mv: &&Move| legal.iter().any(|a| a.text == mv.to_string());
                Ok(*candidates.iter().find(listed).unwrap_or(&first))
            }
        };
        match chosen {
            Ok(mv) => {
                self.play(mv, now);
            }
            Err(err) => {
                self.held = None;
                self.message
                    .warn(err.map_or_else(|| "Cards cannot go there".into(), sentence));
            }
        }
    }

    fn pick(&mut self, slot: Slot, count: usize, explicit: bool) {
        let Some(view) = self.view() else {
            return;
        };
        let ok = match slot {
            Slot::Stock => false,
            Slot::Waste => view::waste_top(&view).is_some(),
            Slot::Foundation(suit) => view::foundation_top(&view, suit).is_some(),
            Slot::Pile(p) => count >= 1 && count <= view.face_up[p as usize].len(),
        };
        if !ok {
            self.message.warn("Nothing to pick up there");
            return;
        }
        self.held = Some(Held {
            slot,
            count,
            explicit,
        });
        let what = match slot {
            Slot::Pile(p) if count > 1 => format!("{count} cards from pile {}", p + 1),
            Slot::Pile(p) => format!("pile {}", p + 1),
            Slot::Waste => "the waste card".into(),
            Slot::Foundation(suit) => format!("the {} foundation", suit_name(suit, self.style)),
            Slot::Stock => String::new(),
        };
        self.message.info(format!(
            "Holding {what}: choose where to drop it (1-7, f, or click)"
        ));
    }

    /// The top card at `slot` to its foundation.
    fn send_up(&mut self, slot: Slot, now: Instant) {
        let mv = match slot {
            Slot::Waste => Move::WasteToFoundation,
            Slot::Pile(p) => Move::PileToFoundation(p),
            _ => {
                self.message
                    .warn("Choose the waste or a pile to send a card up");
                return;
            }
        };
        self.held = None;
        self.play(mv, now);
    }

    fn send_all(&mut self, now: Instant) {
        self.held = None;
        if let Source::Remote(seat) = &mut self.source {
            seat.sending_up = Some(0);
            return self.send_next_up();
        }
        let mut sent = 0;
        while let Some(mv) = self.position().and_then(|p| p.auto_move(AutoMove::All)) {
            if !self.play(mv, now) {
                break;
            }
            sent += 1;
        }
        if self.status() == Status::Playing {
            self.say_sent_up(sent);
        }
    }

    /// How many cards `a` sent up (a warning when none could go).
    fn say_sent_up(&mut self, sent: usize) {
        if sent == 0 {
            self.message.warn("No card can go up");
        } else {
            self.message.info(format!("Sent {sent} cards up"));
        }
    }

    /// At a network table, while `a` sends every card that can go up: the next one the
    /// server lists, or how many went up once none is left.
    fn send_next_up(&mut self) {
        let Source::Remote(seat) = &mut self.source else {
            return;
        };
        let Some(sent) = seat.sending_up else {
            return;
        };
        if seat.link.net().seat.is_none() || seat.link.over() {
            seat.sending_up = None;
            return;
        }
        if !seat.link.my_turn() {
            return;
        }
        let up = seat.link.net().legal().iter().find_map(|action| {
            let mv = action.text.parse::<Move>().ok()?;
            matches!(mv, Move::WasteToFoundation | Move::PileToFoundation(_)).then_some(mv)
        });
        if let Some(mv) = up {
            seat.sending_up = Some(sent + 1);
            seat.link.act(&mv.to_string());
        } else {
            seat.sending_up = None;
            self.say_sent_up(sent);
        }
    }

    /// At a network table, after a new view in the player's turn: the one move the player's
    /// auto-move options make by themselves there, sent like the player's own.
    fn send_auto_move(&mut self) {
        let Source::Remote(seat) = &mut self.source else {
            return;
        };
        let idle = seat.sending_up.is_none() && !seat.auto_paused;
        if !idle || seat.link.net().seat.is_none() || seat.link.over() || !seat.link.my_turn() {
            return;
        }
        let Some(view) = seat.link.view() else {
            return;
        };
        let Some(mv) = view.auto_move(seat.options.policy(view.can_auto_finish())) else {
            return;
        };
        seat.automatic += 1;
        seat.link.act(&mv.to_string());
    }

    /// After the automatic moves that followed the player's last move: "Sent 3-f (+2
    /// automatic)" in the status line, as the local game says it (over the server's acks).
    fn say_automatic(&mut self) {
        let Source::Remote(seat) = &self.source else {
            return;
        };
        let n = seat.automatic;
        if n > 0 && !seat.auto_paused {
            let text = seat.last_sent.as_deref().unwrap_or("the deal");
            self.message.info(format!("Sent {text} (+{n} automatic)"));
        }
    }

    fn undo(&mut self) {
        self.held = None;
        let Source::Local(game) = &mut self.source else {
            return;
        };
        if let Some(entry) = game.undo() {
            self.after_change();
            self.message.info(format!("Undid {}", entry.mv));
        } else {
            self.message.warn("Nothing to undo");
        }
    }

    fn redo(&mut self) {
        self.held = None;
        let Source::Local(game) = &mut self.source else {
            return;
        };
        if let Some(entry) = game.redo() {
            self.after_change();
            self.message.info(format!("Redid {}", entry.mv));
        } else {
            self.message.warn("Nothing to redo");
        }
    }

    /// Moves the cursor over the top row and the tableau, left to right.
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

    fn activate(&mut self, now: Instant) {
        if self.held.is_some() {
            self.drop_on(self.cursor, now);
        } else if self.cursor == Slot::Stock {
            self.turn_stock(now);
        } else {
            let explicit = self.depth > 1;
            self.pick(self.cursor, self.depth, explicit);
        }
    }

    fn click(&mut self, hit: Option<Hit>, now: Instant) {
        let double = matches!((self.last_click, hit), (Some((at, last)), Some(h))
            if last.slot == h.slot && now.saturating_duration_since(at) < DOUBLE_CLICK);
        self.last_click = hit.map(|h| (now, h));
        let Some(hit) = hit else {
            self.held = None;
            return;
        };
        if double && matches!(hit.slot, Slot::Waste | Slot::Pile(_)) {
            self.last_click = None;
            self.drag = None;
            self.send_up(hit.slot, now);
            return;
        }
        self.cursor = hit.slot;
        self.depth = hit.count.max(1);
        if hit.slot == Slot::Stock {
            self.turn_stock(now);
        } else if self.held.is_some() {
            self.drop_on(hit.slot, now);
        } else if hit.count > 0 || !matches!(hit.slot, Slot::Pile(_)) {
            let explicit = matches!(hit.slot, Slot::Pile(_));
            self.pick(hit.slot, hit.count.max(1), explicit);
            self.drag = self.held.map(|_| hit);
        }
    }

    fn release(&mut self, hit: Option<Hit>, now: Instant) {
        if let (Some(from), Some(to)) = (self.drag.take(), hit)
            && from.slot != to.slot
            && self.held.is_some()
        {
            // A drag is no click: the next press on its source is not a double click.
            self.last_click = None;
            self.cursor = to.slot;
            self.drop_on(to.slot, now);
        }
    }

    fn options_key(&mut self, code: crossterm::event::KeyCode) {
        use crossterm::event::KeyCode;
        let Overlay::Game(Popup::Options { row, draft }) = &mut self.overlay else {
            return;
        };
        match code {
            KeyCode::Esc | KeyCode::Char('q' | 'o') => self.overlay.close(),
            KeyCode::Up | KeyCode::Char('k') => *row = (*row + SETTINGS.len() - 1) % SETTINGS.len(),
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => *row = (*row + 1) % SETTINGS.len(),
            KeyCode::Left | KeyCode::Char('h') => change_setting(draft, *row, -1),
            KeyCode::Right | KeyCode::Char('l' | ' ') => change_setting(draft, *row, 1),
            KeyCode::Enter => {
                let draft = *draft;
                self.overlay.close();
                self.apply_settings(draft);
            }
            _ => {}
        }
    }

    /// Applies the options popup. A rules change restarts the deal; with winnable deals only,
    /// a rules change (or switching the option on) deals a game proved winnable under the new
    /// rules: the current deal again if it is, else the next proved one.
    fn apply_settings(&mut self, draft: Draft) {
        let rules_changed = self.game().is_some_and(|game| draft.rules != *game.rules());
        let now_winnable = draft.winnable && !self.winnable;
        self.winnable = draft.winnable;
        if rules_changed {
            self.count_abandoned(Instant::now());
        }
        if draft.winnable && (rules_changed || now_winnable) {
            let seed = self.seed.unwrap_or_else(random_seed);
            if !self.deal_proved(seed, draft.rules, draft.game) {
                self.restart(draft.rules, draft.game);
                self.message.warn(
                    "Rules changed: no deal proved winnable under them was found; this deal is not proved winnable",
                );
            }
        } else if rules_changed {
            self.restart(draft.rules, draft.game);
            self.message.info("Rules changed: the deal restarted");
        } else {
            if let Source::Local(game) = &mut self.source {
                game.set_options(draft.game);
            }
            self.message.info("Options changed");
        }
    }
}

/// The first game of `options`: its deal, or the seed's; with winnable deals only, the first
/// deal proved winnable among `tries` candidates from the seed, or, when none is, the seed's
/// own deal and a message saying it is not proved.
pub(super) fn first_deal(
    options: &Options,
    balance: i32,
    tries: u64,
) -> (Game, Option<u64>, Option<String>) {
    let game = |deal| Game::with_balance(deal, options.rules, options.game, balance);
    if let Some(deal) = options.deal {
        return (game(deal), None, None);
    }
    let seed = options.seed;
    if options.winnable {
        if let Some(found) = solver::deal_winnable_among(seed, options.rules, tries) {
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

/// A suit as the style writes it: `♥` or `H`.
pub fn suit_name(suit: Suit, style: CardStyle) -> String {
    if style.is_ascii() {
        suit.char().to_string()
    } else {
        suit.symbol().to_string()
    }
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

/// The value shown for option `row`. The pass limit shows what the rules make of it: Vegas
/// caps unlimited passes (1 for draw 1, 3 otherwise), so "unlimited (Vegas: 1)".
pub fn setting_value(draft: Draft, row: usize) -> String {
    let on = |b: bool| if b { "on" } else { "off" }.to_owned();
    match row {
        0 => draft.rules.draw.to_string(),
        1 => {
            let chosen = draft.rules.pass_limit;
            let effective = draft.rules.effective_pass_limit();
            if effective == chosen {
                chosen.to_string()
            } else {
                format!("{chosen} ({}: {effective})", draft.rules.scoring)
            }
        }
        2 => draft.rules.scoring.to_string(),
        3 => draft.game.auto_move.to_string(),
        4 => on(draft.game.auto_finish),
        5 => on(draft.rules.foundation_to_tableau),
        6 => on(draft.game.time_bonus),
        7 => on(draft.game.cumulative_vegas),
        _ => on(draft.winnable),
    }
}

/// The rows Klondike adds to the statistics screen.
pub fn extra_rows(extra: &Extra) -> Vec<(String, String)> {
    vec![("Vegas balance".into(), format!("${}", extra.vegas_balance))]
}

/// How many waste cards to fan once the view `before` became `after`: those a stock turn
/// put on the waste less those played off it since, at least the top card and at most 3 (the
/// top card alone from an unknown start).
fn fan_after(before: Option<&View>, after: &View, fan: usize) -> usize {
    let fan = match before {
        Some(before) if after.stock < before.stock => {
            after.waste.len().saturating_sub(before.waste.len())
        }
        Some(before) => fan.saturating_sub(before.waste.len().saturating_sub(after.waste.len())),
        None => 1,
    };
    fan.clamp(1, 3).min(after.waste.len())
}

#[cfg(test)]
mod tests {
    use ::klondike::{Draw, Klondike, Move, Rules};
    use game::{GameState, Viewer};

    use super::fan_after;
    use crate::cards::CardStyle;

    /// The fan followed from view to view matches the local game's, counted from its
    /// history, along a draw-3 game of stock turns and waste plays.
    #[test]
    fn the_fan_followed_across_views_is_the_one_the_history_gives() {
        let rules = Rules::draw(Draw::THREE);
        for seed in 0..20 {
            let mut game = ::klondike::Game::new(
                ::klondike::Deal::from_seed(seed),
                rules,
                ::klondike::Options::default(),
            );
            let mut view = Klondike::view(game.position(), Viewer::Seat(0));
            let mut fan = fan_after(None, &view, 0);
            for step in 0..60 {
                let waste_play = [Move::WasteToFoundation]
                    .into_iter()
                    .chain((0..7).map(Move::WasteToPile))
                    .find(|&mv| game.position().is_legal(mv));
                let mv = match waste_play {
                    Some(mv) if step % 2 == 0 => mv,
                    _ if game.position().stock().is_empty() => Move::Recycle,
                    _ => Move::Stock,
                };
                if game.play(mv).is_err() {
                    break;
                }
                let next = Klondike::view(game.position(), Viewer::Seat(0));
                fan = fan_after(Some(&view), &next, fan);
                view = next;
                let local = super::State::with_game(game.clone(), None, CardStyle::Ascii);
                assert_eq!(fan, local.fan_len(), "seed {seed}, step {step} ({mv})");
            }
        }
    }
}
