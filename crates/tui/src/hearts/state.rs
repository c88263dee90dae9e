//! The Hearts table without a terminal: the game, the computer players, your cursor and picks,
//! the status message and the open window, changed only by [`Command`]s and [`Table::tick`].
//! A game in progress is saved on quit and offered back on the next start; each finished
//! game goes into the statistics (`hearts-stats.json` in the data directory).
//!
//! What the screen draws comes from [`Table::view`], South's own [`View`]: no other seat's
//! hand or pass is reachable from here.

use ::hearts::{
    Bot, Game, HeuristicBot, MonteCarloBot, Move, Phase, RandomBot, RuleBot, Seat, Settings, View,
    seat_name,
};
use cards_core::{Card, CardSet};
use clap::ValueEnum;
use serde::{Deserialize, Serialize};

use crate::cards::CardStyle;
use crate::data::DataDir;
use crate::keep::Keeper;
use crate::overlay;
use crate::stats::{Finished, ScoreOrder, Stats};
use crate::status::Status;

/// The name of the game's files in the data directory.
const FILES: &str = "hearts";

/// The human's seat (in Windows Hearts the player sits South).
pub const HUMAN: Seat = ::hearts::SOUTH;

/// How fast the computer players play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
pub enum Speed {
    /// A card every 1.2 s.
    Slow,
    /// A card every 0.6 s.
    Normal,
    /// A card every 0.2 s.
    Fast,
    /// A card every tick (0.1 s).
    Instant,
}

impl Speed {
    /// Ticks (0.1 s) between two computer plays.
    pub const fn ticks(self) -> u32 {
        match self {
            Speed::Slow => 12,
            Speed::Normal => 6,
            Speed::Fast => 2,
            Speed::Instant => 0,
        }
    }

    const fn faster(self) -> Speed {
        match self {
            Speed::Slow => Speed::Normal,
            Speed::Normal => Speed::Fast,
            Speed::Fast | Speed::Instant => Speed::Instant,
        }
    }

    const fn slower(self) -> Speed {
        match self {
            Speed::Instant => Speed::Fast,
            Speed::Fast => Speed::Normal,
            Speed::Normal | Speed::Slow => Speed::Slow,
        }
    }

    /// The speed's name, as on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }
}

/// Which of the hearts crate's bots sit at the table, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
pub enum BotKind {
    /// Random legal players.
    Random,
    /// Rule-of-thumb players (pass the dangerous cards, duck, dump Q♠).
    Rule,
    /// The heuristic bot: guarded passing, ducking, moon blocking and shooting.
    Heuristic,
    /// The Monte Carlo bot: samples the hidden hands its view allows and plays each card out
    /// with heuristic players (the strongest).
    #[default]
    Mc,
}

impl BotKind {
    /// The next kind in the difficulty cycle (after the strongest comes the weakest).
    const fn next(self) -> BotKind {
        match self {
            BotKind::Random => BotKind::Rule,
            BotKind::Rule => BotKind::Heuristic,
            BotKind::Heuristic => BotKind::Mc,
            BotKind::Mc => BotKind::Random,
        }
    }

    /// The name, as on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Rule => "rule",
            BotKind::Heuristic => "heuristic",
            BotKind::Mc => "mc",
        }
    }

    /// A bot of this kind; `seed` feeds the random one.
    pub fn make(self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Rule => Box::new(RuleBot),
            BotKind::Heuristic => Box::new(HeuristicBot),
            BotKind::Mc => Box::new(MonteCarloBot::new(seed)),
        }
    }
}

/// How the table starts: `App::new(options)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rules.
    pub settings: Settings,
    /// The game seed.
    pub seed: u64,
    /// The computer players.
    pub bots: BotKind,
    /// Their pace.
    pub speed: Speed,
    /// How cards, borders and arrows are drawn.
    pub style: CardStyle,
    /// Where the saved game and the statistics live (`None`: nothing is kept).
    pub data: Option<DataDir>,
}

/// The game's own windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Popup {
    /// The score table.
    Scores,
    /// The last completed trick, on request.
    LastTrick,
    /// The summary of a finished hand.
    HandOver,
}

/// What is open over the table.
pub type Overlay = overlay::Overlay<Popup, Command>;

/// A game in progress as it is saved on quit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The game seed.
    pub seed: u64,
    /// The computer players.
    pub bots: BotKind,
    /// The game (its settings and every hand's moves).
    pub game: Game,
}

/// What the statistics keep besides the shared tally: how often you finished first to
/// fourth, the hands played and the moons you shot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Standings {
    /// Games finished in each place (a tie shares the better place).
    pub places: [u32; 4],
    /// Hands in which you shot the moon.
    pub moons: u32,
    /// Hands finished.
    pub hands: u32,
}

impl Standings {
    /// The statistics screen's rows for these standings.
    pub fn rows(&self) -> Vec<(String, String)> {
        let [first, second, third, fourth] = self.places;
        vec![
            (
                "places 1st/2nd/3rd/4th".to_owned(),
                format!("{first}/{second}/{third}/{fourth}"),
            ),
            ("hands played".to_owned(), self.hands.to_string()),
            ("moons shot".to_owned(), self.moons.to_string()),
        ]
    }
}

/// What a command asks of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep playing.
    Continue,
    /// Leave the game.
    Quit,
}

/// Everything a key or a click can ask of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Cursor one card left.
    Left,
    /// Cursor one card right.
    Right,
    /// Cursor to the first card.
    First,
    /// Cursor to the last card.
    Last,
    /// Play the card under the cursor, or pick/drop it while passing.
    Toggle,
    /// As [`Command::Toggle`], but with three cards picked: pass them.
    Confirm,
    /// The card at this index (a click): cursor there, then [`Command::Toggle`].
    Click(usize),
    /// Take back your last card (and the computer players' cards after it) or your pass.
    Undo,
    /// Show the last completed trick.
    LastTrick,
    /// Show the score table.
    Scores,
    /// Show the help.
    Help,
    /// Computer players faster.
    Faster,
    /// Computer players slower.
    Slower,
    /// Next difficulty (the kind of computer players).
    Difficulty,
    /// Abandon this game and deal a new one (asks first while a game is in progress).
    NewGame,
    /// Deal a new game now (the answer to [`Command::NewGame`]'s question).
    StartNewGame,
    /// Close the window; from the hand summary, deal the next hand.
    Close,
    /// Show the statistics.
    Statistics,
    /// Ask before resetting the statistics.
    AskResetStatistics,
    /// Reset the statistics (the answer).
    ResetStatistics,
    /// Play on from the saved game (the answer to the question at start).
    Resume,
    /// Leave (asks first while a game is in progress; the game is saved).
    Quit,
    /// Save the game in progress and leave (the answer).
    SaveAndQuit,
}

/// The Hearts table: the game and everything around it that is not drawing.
pub struct Table {
    game: Game,
    seed: u64,
    bot_kind: BotKind,
    bots: Vec<Box<dyn Bot>>,
    speed: Speed,
    cursor: usize,
    chosen: CardSet,
    status: Status,
    overlay: Overlay,
    wait: u32,
    keep: Keeper<Saved, Standings>,
}

impl Table {
    /// A new game; with a data directory, its statistics, and a question whether to resume
    /// the game saved there.
    pub fn new(options: &Options) -> Table {
        let mut table = Table {
            game: Game::new(options.settings, options.seed),
            seed: options.seed,
            bot_kind: options.bots,
            bots: make_bots(options.bots, options.seed),
            speed: options.speed,
            cursor: 0,
            chosen: CardSet::EMPTY,
            status: Status::default(),
            overlay: Overlay::None,
            wait: 0,
            keep: Keeper::default(),
        };
        table.start_hand();
        table.keep = Keeper::open(options.data.clone(), FILES, &mut table.status);
        if table.keep.has_saved() {
            table.overlay = Overlay::confirm("resume the saved game?", Command::Resume);
        }
        table
    }

    /// The game to save: `None` before your first move and once the game is over.
    pub fn to_save(&self) -> Option<Saved> {
        let started =
            self.game.hand_number() > 0 || self.game.moves().iter().any(|m| m.seat() == HUMAN);
        (started && !self.game.is_over()).then(|| Saved {
            seed: self.seed,
            bots: self.bot_kind,
            game: self.game.clone(),
        })
    }

    /// The statistics.
    pub const fn stats(&self) -> &Stats<Standings> {
        &self.keep.stats
    }

    /// The open window, to hand it a key.
    pub fn overlay_mut(&mut self) -> &mut Overlay {
        &mut self.overlay
    }

    /// A question was answered no: a declined resume discards the saved game.
    pub fn declined(&mut self) {
        if self.keep.take_saved().is_some() {
            self.keep.discard(&mut self.status);
            self.info("the saved game is discarded: a new game");
        }
    }

    /// The game being played (public: its history and totals; hands through [`Table::view`]).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// What South may see.
    pub fn view(&self) -> View {
        self.game.view(HUMAN)
    }

    /// The game seed.
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// The computer players' kind.
    pub const fn bot_kind(&self) -> BotKind {
        self.bot_kind
    }

    /// The computer players' pace.
    pub const fn speed(&self) -> Speed {
        self.speed
    }

    /// Sets the computer players' pace.
    pub fn set_speed(&mut self, speed: Speed) {
        self.speed = speed;
    }

    /// The index of the card under the cursor.
    pub const fn cursor(&self) -> usize {
        self.cursor
    }

    /// The cards picked for the pass so far.
    pub const fn chosen(&self) -> CardSet {
        self.chosen
    }

    /// The status message.
    pub const fn status(&self) -> &Status {
        &self.status
    }

    /// The open window.
    pub const fn overlay(&self) -> &Overlay {
        &self.overlay
    }

    /// The game's own window, if one is open.
    pub const fn popup(&self) -> Option<Popup> {
        match self.overlay {
            Overlay::Game(popup) => Some(popup),
            _ => None,
        }
    }

    /// Your cards in display order (clubs, diamonds, spades, hearts; low to high).
    pub fn hand(&self) -> Vec<Card> {
        self.game.round().hand(HUMAN).iter().collect()
    }

    fn start_hand(&mut self) {
        self.cursor = 0;
        self.chosen = CardSet::EMPTY;
        self.overlay = Overlay::None;
        self.wait = self.speed.ticks();
        let direction = self.game.round().pass_direction();
        self.info(if direction.passes() {
            format!(
                "Hand {}: pick 3 cards to pass {direction} to {}, then Enter",
                self.game.hand_number() + 1,
                seat_name(direction.receiver(HUMAN))
            )
        } else {
            format!("Hand {}: no passing this hand", self.game.hand_number() + 1)
        });
        self.bot_passes();
    }

    /// The computer players choose their passes at once; nothing is revealed until yours.
    fn bot_passes(&mut self) {
        let waiting: Vec<Seat> = self
            .game
            .round()
            .awaiting_pass()
            .filter(|&s| s != HUMAN)
            .collect();
        for seat in waiting {
            let cards = self.bots[seat.index()].choose_pass(&self.game.view(seat));
            if let Err(err) = self.game.play(Move::Pass(seat, cards)) {
                self.error(format!("{} passed badly: {err}", seat_name(seat)));
            }
        }
    }

    fn info(&mut self, text: impl Into<String>) {
        self.status.info(text);
    }

    fn error(&mut self, text: impl Into<String>) {
        self.status.error(text);
    }

    fn in_progress(&self) -> bool {
        self.to_save().is_some()
    }

    fn new_game(&mut self) {
        if self.in_progress() {
            // Abandoned after the first move: it counts as played and lost.
            self.record(false);
        }
        self.keep.discard(&mut self.status);
        self.seed = self.seed.wrapping_add(1);
        self.game = Game::new(*self.game.settings(), self.seed);
        self.bots = make_bots(self.bot_kind, self.seed);
        self.start_hand();
    }

    /// Carries out one command; says whether to leave.
    pub fn apply(&mut self, command: Command) -> Flow {
        let len = self.hand().len();
        match command {
            Command::Left => self.cursor = self.cursor.saturating_sub(1),
            Command::Right => self.cursor = (self.cursor + 1).min(len.saturating_sub(1)),
            Command::First => self.cursor = 0,
            Command::Last => self.cursor = len.saturating_sub(1),
            Command::Toggle => self.activate(false),
            Command::Confirm => self.activate(true),
            Command::Click(index) if index < len => {
                self.cursor = index;
                self.activate(false);
            }
            Command::Click(_) => {}
            Command::Undo => self.undo(),
            Command::LastTrick => self.show_last_trick(),
            Command::Scores => self.overlay = Overlay::Game(Popup::Scores),
            Command::Help => self.overlay = Overlay::help(),
            Command::Statistics => self.overlay = Overlay::Statistics,
            Command::AskResetStatistics => {
                self.overlay =
                    Overlay::confirm("reset the Hearts statistics?", Command::ResetStatistics);
            }
            Command::ResetStatistics => self.keep.reset_stats(&mut self.status),
            Command::Resume => self.resume(),
            Command::Quit if self.in_progress() => {
                let question = if self.keep.keeps() {
                    "quit? the game is saved"
                } else {
                    "quit this game?"
                };
                self.overlay = Overlay::confirm(question, Command::SaveAndQuit);
            }
            Command::Quit => return Flow::Quit,
            Command::SaveAndQuit => return self.save_and_quit(),

            Command::Faster => {
                self.speed = self.speed.faster();
                self.info(format!("computer speed: {}", self.speed.name()));
            }
            Command::Slower => {
                self.speed = self.speed.slower();
                self.info(format!("computer speed: {}", self.speed.name()));
            }
            Command::Difficulty => {
                self.bot_kind = self.bot_kind.next();
                self.bots = make_bots(self.bot_kind, self.seed);
                self.info(format!("computer players: {}", self.bot_kind.name()));
            }
            Command::NewGame if self.in_progress() => {
                self.overlay = Overlay::confirm(
                    "abandon this game and deal a new one?",
                    Command::StartNewGame,
                );
            }
            Command::NewGame | Command::StartNewGame => self.new_game(),
            Command::Close => self.close(),
        }
        Flow::Continue
    }

    fn save_and_quit(&mut self) -> Flow {
        if let Some(saved) = self.to_save()
            && let Err(e) = self.keep.store(&saved)
        {
            self.error(format!("the game was not saved: {e}"));
            return Flow::Continue;
        }
        Flow::Quit
    }

    fn resume(&mut self) {
        let Some(saved) = self.keep.take_saved() else {
            return;
        };
        self.seed = saved.seed;
        self.bot_kind = saved.bots;
        self.bots = make_bots(saved.bots, saved.seed);
        self.game = saved.game;
        self.cursor = 0;
        self.chosen = CardSet::EMPTY;
        self.overlay = Overlay::None;
        self.wait = self.speed.ticks();
        self.info(format!(
            "resumed: hand {}, seed {}",
            self.game.hand_number() + 1,
            self.seed
        ));
        if self.game.round().phase() == Phase::Passing {
            self.bot_passes();
        }
    }

    /// Counts the game in the statistics: `finished` when it was played to the end, else
    /// abandoned (a loss).
    fn record(&mut self, finished: bool) {
        let totals = self.game.totals();
        let mine = totals[HUMAN];
        let place = Seat::ALL.iter().filter(|&&s| totals[s] < mine).count();
        let won = finished && self.game.winners().is_some_and(|w| w.contains(&HUMAN));
        self.keep.stats.tally.record(
            Finished {
                won,
                score: finished.then_some(i64::from(mine)),
                seconds: None,
            },
            ScoreOrder::Lower,
        );
        if finished {
            self.keep.stats.extra.places[place] += 1;
        }
        self.keep.save_stats(&mut self.status);
    }

    fn close(&mut self) {
        match self.overlay {
            Overlay::Game(Popup::HandOver) => self.next_hand(),
            Overlay::None if self.game.round().phase() == Phase::Over => {
                self.overlay = Overlay::Game(Popup::HandOver);
            }
            _ => self.overlay = Overlay::None,
        }
    }

    fn show_last_trick(&mut self) {
        if self.game.round().completed_tricks().len() == 0 {
            self.error("no trick has been completed yet this hand");
        } else {
            self.overlay = Overlay::Game(Popup::LastTrick);
        }
    }

    /// Acts on the card under the cursor: pick/drop it while passing, play it otherwise.
    fn activate(&mut self, enter: bool) {
        let hand = self.hand();
        let Some(&card) = hand.get(self.cursor) else {
            return;
        };
        match self.game.round().phase() {
            Phase::Passing => {
                if enter && self.chosen.len() == 3 {
                    self.pass();
                } else if self.chosen.contains(card) {
                    self.chosen.remove(card);
                    self.info(format!("{} of 3 cards picked", self.chosen.len()));
                } else if self.chosen.len() == 3 {
                    self.error("three cards are picked: drop one first (Enter passes them)");
                } else {
                    self.chosen.insert(card);
                    let n = self.chosen.len();
                    self.info(if n == 3 {
                        "three cards picked: press Enter to pass them".to_owned()
                    } else {
                        format!("{n} of 3 cards picked")
                    });
                }
            }
            Phase::Playing => {
                if let Some(turn) = self.game.round().to_move().filter(|&t| t != HUMAN) {
                    self.info(format!("wait: {} is to play", seat_name(turn)));
                    return;
                }
                match self.game.play(Move::Play(HUMAN, card)) {
                    Ok(()) => {
                        self.status.clear();
                        self.after_play();
                        self.cursor = self.cursor.min(self.hand().len().saturating_sub(1));
                    }
                    Err(err) => {
                        self.error(format!("you cannot play {}: {err}", card.symbol_text()));
                    }
                }
            }
            Phase::Over => self.overlay = Overlay::Game(Popup::HandOver),
        }
    }

    fn pass(&mut self) {
        match self.game.play(Move::Pass(HUMAN, self.chosen)) {
            Ok(()) => {
                let view = self.view();
                let direction = view.pass_direction();
                self.info(format!(
                    "you passed {} to {} and received {} from {}",
                    names(self.chosen),
                    seat_name(direction.receiver(HUMAN)),
                    names(view.received().unwrap_or(CardSet::EMPTY)),
                    seat_name(direction.giver(HUMAN))
                ));
                self.chosen = CardSet::EMPTY;
                self.cursor = 0;
                self.wait = self.speed.ticks();
            }
            Err(err) => self.error(format!("cannot pass: {err}")),
        }
    }

    /// Takes back moves up to and including your last one: your last card with every
    /// computer card after it, or your pass. The computer players' passes stay chosen.
    fn undo(&mut self) {
        if self.popup() == Some(Popup::HandOver) {
            self.overlay = Overlay::None;
        }
        if !self.game.moves().iter().any(|m| m.seat() == HUMAN) {
            return self.error("nothing of yours to take back in this hand");
        }
        while let Some(mv) = self.game.undo() {
            if mv.seat() == HUMAN {
                match mv {
                    Move::Pass(_, cards) => {
                        self.chosen = cards;
                        self.info("pass taken back: change your picks, Enter passes them");
                    }
                    Move::Play(_, card) | Move::Pick(_, card) => {
                        self.cursor = self.hand().iter().position(|&c| c == card).unwrap_or(0);
                        self.info(format!("took back your {}", card.symbol_text()));
                    }
                }
                break;
            }
        }
        self.wait = self.speed.ticks();
    }

    fn after_play(&mut self) {
        let trick_done = self.game.round().cards_played().is_multiple_of(4);
        // A finished trick (the last one too) stays on the table for a moment.
        self.wait = if trick_done {
            self.speed.ticks() * 2 + 2
        } else {
            self.speed.ticks()
        };
        if self.game.round().phase() == Phase::Over {
            self.info("hand over: Enter shows the summary");
            self.keep.stats.extra.hands += 1;
            if self.game.history().last().and_then(|h| h.result.moon) == Some(HUMAN) {
                self.keep.stats.extra.moons += 1;
            }
            if self.game.is_over() {
                self.record(true);
                self.keep.discard(&mut self.status);
            }
        }
    }

    /// Advances the clock by one tick: a computer card when its pause is over, or the hand
    /// summary once the last trick has been on the table for a moment.
    pub fn tick(&mut self) {
        if !self.overlay.is_none() {
            return;
        }
        if self.wait > 0 {
            self.wait -= 1;
            return;
        }
        if self.game.round().phase() == Phase::Over {
            self.overlay = Overlay::Game(Popup::HandOver);
            return;
        }
        let Some(seat) = self.game.round().to_move().filter(|&s| s != HUMAN) else {
            return;
        };
        let card = self.bots[seat.index()].choose_play(&self.game.view(seat));
        match self.game.play(Move::Play(seat, card)) {
            Ok(()) => self.after_play(),
            Err(err) => self.error(format!("{} played badly: {err}", seat_name(seat))),
        }
    }

    fn next_hand(&mut self) {
        if self.game.is_over() {
            self.new_game();
        } else if self.game.next_hand().is_ok() {
            self.start_hand();
        }
    }
}

fn make_bots(kind: BotKind, seed: u64) -> Vec<Box<dyn Bot>> {
    (0..4u64).map(|i| kind.make(seed.wrapping_add(i))).collect()
}

/// Cards by their symbols, `2♣ Q♠`.
pub fn names(set: CardSet) -> String {
    set.iter()
        .map(Card::symbol_text)
        .collect::<Vec<_>>()
        .join(" ")
}
