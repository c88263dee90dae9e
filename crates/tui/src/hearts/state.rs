//! The Hearts table without a terminal: the game, the computer players, your cursor and picks,
//! the status message and the open window, changed only by [`Command`]s and [`Table::tick`].
//!
//! What the screen draws comes from [`Table::view`], South's own [`View`]: no other seat's
//! hand or pass is reachable from here.

use ::hearts::{
    Bot, Game, HeuristicBot, Move, Phase, RandomBot, RuleBot, Seat, Settings, View, seat_name,
};
use cards_core::{Card, CardSet};
use clap::ValueEnum;

/// The human's seat (in Windows Hearts the player sits South).
pub const HUMAN: Seat = ::hearts::SOUTH;

/// How fast the computer players play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum BotKind {
    /// Random legal players.
    Random,
    /// Rule-of-thumb players (pass the dangerous cards, duck, dump Q♠).
    Rule,
    /// The heuristic bot: guarded passing, ducking, moon blocking and shooting.
    #[default]
    Heuristic,
}

impl BotKind {
    /// The next kind in the difficulty cycle (after the strongest comes the weakest).
    const fn next(self) -> BotKind {
        match self {
            BotKind::Random => BotKind::Rule,
            BotKind::Rule => BotKind::Heuristic,
            BotKind::Heuristic => BotKind::Random,
        }
    }

    /// The name, as on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Rule => "rule",
            BotKind::Heuristic => "heuristic",
        }
    }

    /// A bot of this kind; `seed` feeds the random one.
    pub fn make(self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Rule => Box::new(RuleBot),
            BotKind::Heuristic => Box::new(HeuristicBot),
        }
    }
}

/// How the table starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rules.
    pub settings: Settings,
    /// The game seed.
    pub seed: u64,
    /// The computer players.
    pub bots: BotKind,
    /// Their pace.
    pub speed: Speed,
}

/// What a status message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// News: what happened, what to do next.
    Info,
    /// A refusal: why a key did nothing.
    Error,
}

/// The window drawn over the table, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// None: the table.
    None,
    /// The keys and the rules in force.
    Help,
    /// The score table.
    Scores,
    /// The last completed trick, on request.
    LastTrick,
    /// The summary of a finished hand.
    HandOver,
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
    /// Abandon this game and deal a new one (asked twice).
    NewGame,
    /// Close the window; from the hand summary, deal the next hand.
    Close,
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
    message: Option<(String, Level)>,
    overlay: Overlay,
    wait: u32,
    confirm_new: bool,
}

impl Table {
    /// A new game.
    pub fn new(options: Options) -> Table {
        let mut table = Table {
            game: Game::new(options.settings, options.seed),
            seed: options.seed,
            bot_kind: options.bots,
            bots: make_bots(options.bots, options.seed),
            speed: options.speed,
            cursor: 0,
            chosen: CardSet::EMPTY,
            message: None,
            overlay: Overlay::None,
            wait: 0,
            confirm_new: false,
        };
        table.start_hand();
        table
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

    /// The status message, if any.
    pub fn message(&self) -> Option<(&str, Level)> {
        self.message.as_ref().map(|(m, l)| (m.as_str(), *l))
    }

    /// The open window.
    pub const fn overlay(&self) -> Overlay {
        self.overlay
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
        // The computer players choose their passes at once; nothing is revealed until yours.
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
        self.message = Some((text.into(), Level::Info));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Level::Error));
    }

    fn new_game(&mut self) {
        self.confirm_new = false;
        self.seed = self.seed.wrapping_add(1);
        self.game = Game::new(*self.game.settings(), self.seed);
        self.bots = make_bots(self.bot_kind, self.seed);
        self.start_hand();
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command) {
        if command != Command::NewGame {
            self.confirm_new = false;
        }
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
            Command::Scores => self.overlay = Overlay::Scores,
            Command::Help => self.overlay = Overlay::Help,
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
            Command::NewGame if self.confirm_new => self.new_game(),
            Command::NewGame => {
                self.confirm_new = true;
                self.info("press n again to abandon this game and start a new one");
            }
            Command::Close => self.close(),
        }
    }

    fn close(&mut self) {
        match self.overlay {
            Overlay::HandOver => self.next_hand(),
            Overlay::None if self.game.round().phase() == Phase::Over => {
                self.overlay = Overlay::HandOver;
            }
            _ => self.overlay = Overlay::None,
        }
    }

    fn show_last_trick(&mut self) {
        if self.game.round().completed_tricks().len() == 0 {
            self.error("no trick has been completed yet this hand");
        } else {
            self.overlay = Overlay::LastTrick;
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
                        self.message = None;
                        self.after_play();
                        self.cursor = self.cursor.min(self.hand().len().saturating_sub(1));
                    }
                    Err(err) => {
                        self.error(format!("you cannot play {}: {err}", card.symbol_text()));
                    }
                }
            }
            Phase::Over => self.overlay = Overlay::HandOver,
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
        if self.overlay == Overlay::HandOver {
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
        }
    }

    /// Advances the clock by one tick: a computer card when its pause is over, or the hand
    /// summary once the last trick has been on the table for a moment.
    pub fn tick(&mut self) {
        if self.overlay != Overlay::None {
            return;
        }
        if self.wait > 0 {
            self.wait -= 1;
            return;
        }
        if self.game.round().phase() == Phase::Over {
            self.overlay = Overlay::HandOver;
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
