//! The Hearts table without a terminal: the game and the computer players (or a seat at a
//! network table), your cursor and picks, the status message and the open window, changed
//! only by [`Command`]s and [`Table::tick`]. A local game in progress is saved on quit and
//! offered back on the next start; each finished one goes into the statistics
//! (`hearts-stats.json` in the data directory).
//!
//! What the screen draws comes from [`Table::view`], your own [`View`] (South's locally, the
//! server's view of your seat at a table): no other seat's hand or pass is reachable from
//! here.

use ::hearts::{
    Bot, Game, HeuristicBot, MonteCarloBot, Move, Phase, RandomBot, RuleBot, Seat, Settings, Trick,
    View, seat_name,
};
use cards_core::{BySeat, Card, CardSet};
use clap::ValueEnum;
use serde::{Deserialize, Serialize};

use crate::cards::CardStyle;
use crate::data::DataDir;
use crate::keep::Keeper;
use crate::net::NetScreen;
use crate::net::remote::{HostCommand, Remote};
use crate::overlay;
use crate::shell::{Flow, TableState};
use crate::stats::{Finished, ScoreOrder, Stats};
use crate::status::{Level, Status};

/// The name of the game's files in the data directory.
const FILES: &str = "hearts";

/// What is saved on quit, in messages.
const WHAT: &str = "game";

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
    /// Next difficulty (the kind of computer players); at a network table, the host's next
    /// bot for the empty seats.
    Difficulty,
    /// At a network table: a host command (seat bots, start, rematch).
    Host(HostCommand),
    /// Abandon this game and deal a new one (asks first while a game is in progress).
    NewGame,
    /// Deal a new game now (the answer to [`Command::NewGame`]'s question).
    StartNewGame,
    /// Close the window; from the hand summary, deal the next hand (at a network table, once
    /// the game is over, the host's rematch).
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

/// The local game: the game, its seed and the computer players.
pub struct Local {
    game: Game,
    seed: u64,
    bot_kind: BotKind,
    bots: Vec<Box<dyn Bot>>,
}

/// A seat at a network table: the link, and the picks of a pass still to send (the server
/// takes them one card at a time).
struct RemoteHand {
    link: Remote<View>,
    sending: Vec<Card>,
}

/// Where the game comes from: a game against bots in this process, or a seat at a network
/// table.
type Source = crate::shell::Source<Local, RemoteHand>;

/// The Hearts table: the game's source and everything around it that is not drawing.
pub struct Table {
    source: Source,
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
        let local = Local {
            game: Game::new(options.settings, options.seed),
            seed: options.seed,
            bot_kind: options.bots,
            bots: make_bots(options.bots, options.seed),
        };
        let mut table = Table::around(Source::Local(Box::new(local)), options.speed);
        table.start_hand();
        table.keep = Keeper::open(options.data.clone(), FILES, &mut table.status);
        if table.keep.has_saved() {
            table.overlay = Overlay::confirm("resume the saved game?", Command::Resume);
        }
        table
    }

    /// A seat at a network table, over an open link (nothing is saved or counted in the
    /// statistics: the server keeps the game).
    pub fn remote(link: NetScreen) -> Table {
        let remote = RemoteHand {
            link: Remote::new(link),
            sending: Vec::new(),
        };
        let mut table = Table::around(Source::Remote(Box::new(remote)), Speed::Normal);
        table.tick();
        table
    }

    fn around(source: Source, speed: Speed) -> Table {
        Table {
            source,
            speed,
            cursor: 0,
            chosen: CardSet::EMPTY,
            status: Status::default(),
            overlay: Overlay::None,
            wait: 0,
            keep: Keeper::default(),
        }
    }

    /// The game to save: `None` before your first move, once the game is over, and at a
    /// network table.
    pub fn to_save(&self) -> Option<Saved> {
        let local = self.source.local()?;
        let game = &local.game;
        let started = game.hand_number() > 0 || game.moves().iter().any(|m| m.seat() == HUMAN);
        (started && !game.is_over()).then(|| Saved {
            seed: local.seed,
            bots: local.bot_kind,
            game: game.clone(),
        })
    }

    /// The statistics.
    pub const fn stats(&self) -> &Stats<Standings> {
        &self.keep.stats
    }

    /// The local game (public: its history and totals; hands through [`Table::view`]);
    /// `None` at a network table.
    pub fn game(&self) -> Option<&Game> {
        self.source.local().map(|local| &local.game)
    }

    /// The network table (`None` for a local game).
    pub fn remote_link(&self) -> Option<&Remote<View>> {
        self.source.remote().map(|remote| &remote.link)
    }

    /// Whether this is a seat at a network table.
    pub const fn is_remote(&self) -> bool {
        self.source.is_remote()
    }

    /// Whether you watch a network table without a seat.
    pub fn watching(&self) -> bool {
        matches!(&self.source, Source::Remote(remote) if remote.link.net().seat.is_none())
    }

    /// Your seat: South locally, the one the server gave at a network table.
    pub fn me(&self) -> Seat {
        match &self.source {
            Source::Local(_) => HUMAN,
            Source::Remote(remote) => remote.link.net().seat.and_then(Seat::new).unwrap_or(HUMAN),
        }
    }

    /// What you may see. At a network table before the first game: the table's settings, no
    /// cards.
    pub fn view(&self) -> View {
        match &self.source {
            Source::Local(local) => local.game.view(HUMAN),
            Source::Remote(remote) => remote.link.view().cloned().unwrap_or_else(|| {
                Game::new(remote.link.settings().unwrap_or_default(), 0).public_view()
            }),
        }
    }

    /// Each seat's name on screen: North, East, South, West locally; the display names (and
    /// whether a player is away or a bot) at a network table.
    pub fn names(&self) -> BySeat<String, 4> {
        match &self.source {
            Source::Local(_) => BySeat::from_fn(|seat| seat_name(seat).to_owned()),
            Source::Remote(remote) => BySeat::from_fn(|seat| remote.link.seat_label(seat.index())),
        }
    }

    /// Where the game comes from, for the title: its seed and bots, or the table and the
    /// link.
    pub fn origin(&self) -> String {
        match &self.source {
            Source::Local(local) => format!(
                "seed {} · {} bots, {}",
                local.seed,
                local.bot_kind.name(),
                self.speed.name()
            ),
            Source::Remote(remote) => remote.link.origin(),
        }
    }

    /// The window shown at a network table until the first game starts.
    pub fn waiting_lines(&self) -> Option<Vec<String>> {
        match &self.source {
            Source::Remote(remote) if remote.link.view().is_none() => {
                Some(remote.link.waiting_lines())
            }
            _ => None,
        }
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> Option<Vec<Seat>> {
        match &self.source {
            Source::Local(local) => local.game.winners(),
            Source::Remote(remote) => {
                let outcome = remote.link.net().result.as_ref()?;
                let over = remote.link.view()?.phase() == Phase::Over;
                over.then(|| {
                    Seat::ALL
                        .into_iter()
                        .filter(|s| outcome.winners.contains(s.index()))
                        .collect()
                })
            }
        }
    }

    /// The last trick of the hand the summary is about, the last finished one: from the view,
    /// which keeps it once the next hand is dealt (at a network table, at once).
    pub fn final_trick(&self) -> Option<Trick> {
        self.view().last_hand_trick().copied()
    }

    /// What comes after the hand summary, for its last line.
    pub fn after_summary(&self) -> &'static str {
        let over = self.winners().is_some();
        match &self.source {
            Source::Local(_) if over => "Enter: new game · u: undo · q: quit",
            Source::Local(_) => "Enter: next hand · u: undo · q: quit",
            Source::Remote(remote) if over && remote.link.net().host => "Enter: rematch · q: leave",
            Source::Remote(_) if over => "waiting for the host's rematch · q: leave",
            Source::Remote(_) => "Enter: on to the next hand · q: leave",
        }
    }

    /// The game seed (`None` at a network table).
    pub fn seed(&self) -> Option<u64> {
        self.source.local().map(|local| local.seed)
    }

    /// The computer players' kind (`None` at a network table).
    pub fn bot_kind(&self) -> Option<BotKind> {
        self.source.local().map(|local| local.bot_kind)
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

    /// The cards picked for the pass so far (at a network table, with those the server has
    /// taken).
    pub fn chosen(&self) -> CardSet {
        self.chosen | self.view().picked()
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
        self.view().hand().iter().collect()
    }

    /// Says how the hand starts: where to pass, or that nobody passes.
    fn greet_hand(&mut self) {
        let view = self.view();
        let direction = view.pass_direction();
        let hand = hand_number(&view) + 1;
        let names = self.names();
        let watching =
            matches!(&self.source, Source::Remote(remote) if remote.link.net().seat.is_none());
        self.info(if watching {
            format!("Hand {hand}: you are watching")
        } else if direction.passes() {
            format!(
                "Hand {hand}: pick 3 cards to pass {direction} to {}, then Enter",
                names[direction.receiver(self.me())]
            )
        } else {
            format!("Hand {hand}: no passing this hand")
        });
    }

    fn start_hand(&mut self) {
        self.cursor = 0;
        self.chosen = CardSet::EMPTY;
        self.overlay = Overlay::None;
        self.wait = self.speed.ticks();
        self.greet_hand();
        self.bot_passes();
    }

    /// The computer players choose their passes at once; nothing is revealed until yours.
    fn bot_passes(&mut self) {
        let Source::Local(local) = &mut self.source else {
            return;
        };
        let waiting: Vec<Seat> = local
            .game
            .round()
            .awaiting_pass()
            .filter(|&s| s != HUMAN)
            .collect();
        for seat in waiting {
            let cards = local.bots[seat.index()].choose_pass(&local.game.view(seat));
            if let Err(err) = local.game.play(Move::Pass(seat, cards)) {
                self.status
                    .error(format!("{} passed badly: {err}", seat_name(seat)));
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
        let Source::Local(local) = &mut self.source else {
            return;
        };
        local.seed = local.seed.wrapping_add(1);
        local.game = Game::new(*local.game.settings(), local.seed);
        local.bots = make_bots(local.bot_kind, local.seed);
        self.keep.discard(&mut self.status);
        self.start_hand();
    }

    fn difficulty(&mut self) {
        let Source::Local(local) = &mut self.source else {
            return self.host(HostCommand::NextBot);
        };
        local.bot_kind = local.bot_kind.next();
        local.bots = make_bots(local.bot_kind, local.seed);
        let text = format!("computer players: {}", local.bot_kind.name());
        self.info(text);
    }

    fn host(&mut self, command: HostCommand) {
        if let Source::Remote(remote) = &mut self.source {
            remote.link.host_on(command, &mut self.status);
        }
    }

    fn resume(&mut self) {
        let Some(saved) = self.keep.take_saved() else {
            return;
        };
        let resumed = format!(
            "resumed: hand {}, seed {}",
            saved.game.hand_number() + 1,
            saved.seed
        );
        let passing = saved.game.round().phase() == Phase::Passing;
        self.source = Source::Local(Box::new(Local {
            bots: make_bots(saved.bots, saved.seed),
            seed: saved.seed,
            bot_kind: saved.bots,
            game: saved.game,
        }));
        self.cursor = 0;
        self.chosen = CardSet::EMPTY;
        self.overlay = Overlay::None;
        self.wait = self.speed.ticks();
        self.info(resumed);
        if passing {
            self.bot_passes();
        }
    }

    /// Counts the local game in the statistics: `finished` when it was played to the end,
    /// else abandoned (a loss).
    fn record(&mut self, finished: bool) {
        let Some(game) = self.game() else {
            return;
        };
        let totals = game.totals();
        let mine = totals[HUMAN];
        let place = Seat::ALL.iter().filter(|&&s| totals[s] < mine).count();
        let won = finished && game.winners().is_some_and(|w| w.contains(&HUMAN));
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
        let over = self.view().phase() == Phase::Over;
        match (self.overlay.clone(), &self.source) {
            (Overlay::Game(Popup::HandOver), Source::Local(_)) => self.next_hand(),
            (Overlay::Game(Popup::HandOver), Source::Remote(_)) if over => {
                self.overlay = Overlay::None;
                self.host(HostCommand::Rematch);
            }
            (Overlay::None, _) if over => self.overlay = Overlay::Game(Popup::HandOver),
            _ => self.overlay = Overlay::None,
        }
    }

    fn show_last_trick(&mut self) {
        if self.view().completed_tricks().is_empty() {
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
        let view = self.view();
        match view.phase() {
            Phase::Passing if !view.must_pass() || self.sending() => {
                self.info("your pass is chosen: waiting for the others");
            }
            Phase::Passing => {
                let chosen = self.chosen();
                if enter && chosen.len() == 3 {
                    self.pass();
                } else if chosen.contains(card) {
                    if view.picked().contains(card) {
                        return self.error("the server has that pick: it stays");
                    }
                    self.chosen.remove(card);
                    self.info(format!("{} of 3 cards picked", self.chosen().len()));
                } else if chosen.len() == 3 {
                    self.error("three cards are picked: drop one first (Enter passes them)");
                } else {
                    self.chosen.insert(card);
                    let n = self.chosen().len();
                    self.info(if n == 3 {
                        "three cards picked: press Enter to pass them".to_owned()
                    } else {
                        format!("{n} of 3 cards picked")
                    });
                }
            }
            Phase::Playing => {
                let me = self.me();
                if let Some(turn) = view.to_move().filter(|&t| t != me) {
                    let names = self.names();
                    self.info(format!("wait: {} is to play", names[turn]));
                    return;
                }
                self.play(card);
            }
            Phase::Over => self.overlay = Overlay::Game(Popup::HandOver),
        }
    }

    /// Plays `card`: on the local game, or sent to the server (its answer, a new view or a
    /// refusal, comes with a later tick).
    fn play(&mut self, card: Card) {
        match &mut self.source {
            Source::Local(local) => match local.game.play(Move::Play(HUMAN, card)) {
                Ok(()) => {
                    self.status.clear();
                    self.after_play();
                    self.cursor = self.cursor.min(self.hand().len().saturating_sub(1));
                }
                Err(err) => {
                    self.error(format!("you cannot play {}: {err}", card.symbol_text()));
                }
            },
            Source::Remote(remote) => {
                remote.link.act(&card.to_string());
                self.status.clear();
            }
        }
    }

    /// Whether picks of a pass are still on their way to the server.
    fn sending(&self) -> bool {
        self.source
            .remote()
            .is_some_and(|remote| !remote.sending.is_empty())
    }

    fn pass(&mut self) {
        let chosen = self.chosen();
        match &mut self.source {
            Source::Local(local) => match local.game.play(Move::Pass(HUMAN, chosen)) {
                Ok(()) => {
                    // The line under the hand shows the exchange all hand.
                    self.status.clear();
                    self.chosen = CardSet::EMPTY;
                    self.cursor = 0;
                    self.wait = self.speed.ticks();
                }
                Err(err) => self.error(format!("cannot pass: {err}")),
            },
            Source::Remote(remote) => {
                let picked = remote.link.view().map_or(CardSet::EMPTY, View::picked);
                // Sent last first: `sending` is a stack.
                remote.sending = (chosen - picked).iter().rev().collect();
                self.info(format!("passing {}…", names(chosen)));
                self.send_picks();
            }
        }
    }

    /// Sends the next pick of the pass, when the server waits for it.
    fn send_picks(&mut self) {
        let Source::Remote(remote) = &mut self.source else {
            return;
        };
        if remote.link.my_turn()
            && let Some(card) = remote.sending.pop()
        {
            remote.link.act(&card.to_string());
        }
    }

    /// Takes back moves up to and including your last one: your last card with every
    /// computer card after it, or your pass. The computer players' passes stay chosen.
    fn undo(&mut self) {
        if self.popup() == Some(Popup::HandOver) && !self.is_remote() {
            self.overlay = Overlay::None;
        }
        let Source::Local(local) = &mut self.source else {
            return self.status.warn("no undo at a network table");
        };
        if !local.game.moves().iter().any(|m| m.seat() == HUMAN) {
            return self.error("nothing of yours to take back in this hand");
        }
        while let Some(mv) = local.game.undo() {
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
        let Some(game) = self.game() else {
            return;
        };
        let trick_done = game.round().cards_played().is_multiple_of(4);
        let over = game.round().phase() == Phase::Over;
        let moon = game.history().last().and_then(|h| h.result.moon) == Some(HUMAN);
        let game_over = game.is_over();
        // A finished trick (the last one too) stays on the table for a moment.
        self.wait = if trick_done {
            self.speed.ticks() * 2 + 2
        } else {
            self.speed.ticks()
        };
        if over {
            self.info("hand over: Enter shows the summary");
            self.keep.stats.extra.hands += 1;
            if moon {
                self.keep.stats.extra.moons += 1;
            }
            if game_over {
                self.record(true);
                self.keep.discard(&mut self.status);
            }
        }
    }

    /// Takes in what the server sent: a new view (a new hand resets the picks and opens the
    /// last one's summary), refusals and changes of the link; sends the next pick of a pass.
    fn tick_remote(&mut self) {
        let before = self.view();
        let Source::Remote(remote) = &mut self.source else {
            return;
        };
        let pumped = remote.link.pump();
        if pumped.notes.iter().any(|note| note.alarm) {
            remote.sending.clear();
        }
        // The notes first (the acks of the picks and cards sent), then what the view says.
        let new_view = pumped.view;
        pumped.tell(&mut self.status);
        if new_view {
            self.on_new_view(&before, &self.view());
        }
        self.send_picks();
    }

    /// What a new view from the server changes: a new hand (or game) resets the cursor and
    /// the picks and, after a finished hand, opens its summary; the exchange and the end of
    /// the game are said.
    fn on_new_view(&mut self, before: &View, view: &View) {
        let new_hand = hand_number(view) != hand_number(before)
            || before.seat().is_none()
            || view.hand_scores().len() < before.hand_scores().len();
        if let Source::Remote(remote) = &mut self.source
            && new_hand
        {
            remote.sending.clear();
        }
        if new_hand {
            self.cursor = 0;
            self.chosen = CardSet::EMPTY;
            let finished = view.hand_scores().len() > before.hand_scores().len();
            if finished && before.seat().is_some() && self.overlay.is_none() {
                self.overlay = Overlay::Game(Popup::HandOver);
            }
            self.greet_hand();
        }
        // The line under the hand says what you passed (and received) from now on; the acks
        // of the picks go, a refusal stays.
        if before.passed().is_none()
            && view.passed().is_some()
            && self.status.level() != Level::Error
        {
            self.status.clear();
        }
        if before.received().is_none() && view.received().is_some() {
            self.chosen = CardSet::EMPTY;
        }
        if view.phase() == Phase::Over && self.overlay.is_none() {
            self.overlay = Overlay::Game(Popup::HandOver);
        }
        self.cursor = self.cursor.min(view.hand().len().saturating_sub(1));
    }

    fn next_hand(&mut self) {
        let Source::Local(local) = &mut self.source else {
            return;
        };
        if local.game.is_over() {
            self.new_game();
        } else if local.game.next_hand().is_ok() {
            self.start_hand();
        }
    }
}

impl TableState for Table {
    type Command = Command;
    type Popup = Popup;
    const ASK_RESET_STATISTICS: Command = Command::AskResetStatistics;

    /// Carries out one command; says whether to leave.
    fn apply(&mut self, command: Command) -> Flow {
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
            Command::Quit => {
                let (leave, in_progress) = (
                    self.remote_link().map(Remote::leave_question),
                    self.in_progress(),
                );
                return self.keep.ask_quit(
                    WHAT,
                    leave,
                    in_progress,
                    &mut self.overlay,
                    Command::SaveAndQuit,
                );
            }
            Command::SaveAndQuit => {
                let saved = self.to_save();
                return self
                    .keep
                    .save_and_quit(saved.as_ref(), WHAT, &mut self.status);
            }
            Command::Faster => {
                self.speed = self.speed.faster();
                self.info(format!("computer speed: {}", self.speed.name()));
            }
            Command::Slower => {
                self.speed = self.speed.slower();
                self.info(format!("computer speed: {}", self.speed.name()));
            }
            Command::Difficulty => self.difficulty(),
            Command::Host(host) => self.host(host),
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

    /// Advances the clock by one tick: locally a computer card when its pause is over, or
    /// the hand summary once the last trick has been on the table for a moment; at a network
    /// table, whatever the server sent.
    fn tick(&mut self) {
        if self.is_remote() {
            return self.tick_remote();
        }
        if !self.overlay.is_none() {
            return;
        }
        if self.wait > 0 {
            self.wait -= 1;
            return;
        }
        let Source::Local(local) = &mut self.source else {
            return;
        };
        if local.game.round().phase() == Phase::Over {
            self.overlay = Overlay::Game(Popup::HandOver);
            return;
        }
        let Some(seat) = local.game.round().to_move().filter(|&s| s != HUMAN) else {
            return;
        };
        let card = local.bots[seat.index()].choose_play(&local.game.view(seat));
        match local.game.play(Move::Play(seat, card)) {
            Ok(()) => self.after_play(),
            Err(err) => self.error(format!("{} played badly: {err}", seat_name(seat))),
        }
    }

    /// The open window, to hand it a key.
    fn overlay_mut(&mut self) -> &mut Overlay {
        &mut self.overlay
    }

    /// A question was answered no: a declined resume discards the saved game.
    fn declined(&mut self) {
        self.keep.decline(WHAT, &mut self.status);
    }
}

/// Which hand of the game `view` shows, from 0.
pub fn hand_number(view: &View) -> usize {
    view.hand_scores().len() - usize::from(view.phase() == Phase::Over)
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
