//! The Dou Dizhu table without a terminal: the match, the computer players, your cursor,
//! selection and typed ranks, the hint cycle, the status message, changed only by
//! [`Command`]s and [`Table::tick`].
//!
//! A match with something to keep is saved on quit and offered back on the next start;
//! each settled deal goes into the statistics (`doudizhu-stats.json` in the data directory).
//!
//! The screen draws from [`Table::view`], your own [`View`]; the other hands are reachable only
//! through [`Table::revealed_hands`], which gives them once the deal is settled.

use ::doudizhu::{
    Action as TurnAction, Bid, BidMode, Bot, Counts, Game, GreedyBot, Match, Move, Phase,
    PlannerBot, RandomBot, Rank, Record, Seat, Settings, Settlement, Turn, View, breaks_bomb,
    readings,
};
use cards_core::{BySeat, Card, CardSet};
use clap::ValueEnum;
use serde::{Deserialize, Serialize};

use crate::cards::CardStyle;
use crate::data::DataDir;
use crate::hearts::keep::Keeper;
use crate::overlay;
use crate::stats::{Finished, ScoreOrder, Stats};
use crate::status::{Level, Status};

/// The name of the game's files in the data directory.
const FILES: &str = "doudizhu";

/// Your seat. Play goes 0 → 1 → 2: the right-hand player plays after you.
pub const HUMAN: Seat = Seat::ALL[0];

/// Ticks (tenths of a second) a bot waits before acting.
const BOT_DELAY: u32 = 7;

/// Which of the doudizhu crate's bots sit at the table, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
pub enum BotKind {
    /// Uniformly random legal moves.
    Random,
    /// The smallest play that beats; keeps bombs.
    Greedy,
    /// The planner: fewest-plays decomposition, farmer cooperation, bidding by strength.
    #[default]
    Planner,
}

impl BotKind {
    /// The next kind in the difficulty cycle (after the strongest comes the weakest).
    const fn next(self) -> BotKind {
        match self {
            BotKind::Random => BotKind::Greedy,
            BotKind::Greedy => BotKind::Planner,
            BotKind::Planner => BotKind::Random,
        }
    }

    /// The name, as on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Planner => "planner",
        }
    }

    fn make(self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(GreedyBot::new()),
            BotKind::Planner => Box::new(PlannerBot::new()),
        }
    }
}

/// How your hand is ordered on screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// By rank, low to high.
    #[default]
    Rank,
    /// By how many of a rank you hold (bombs and trios first), then by rank.
    Count,
}

/// How the table starts: `App::new(options)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rules, bidding and cap.
    pub settings: Settings,
    /// The match seed.
    pub seed: u64,
    /// The computer players.
    pub bots: BotKind,
    /// How cards, borders and arrows are drawn.
    pub style: CardStyle,
    /// Where the saved match and the statistics live (`None`: nothing is kept).
    pub data: Option<DataDir>,
}

/// What is open over the table (Dou Dizhu has no windows of its own: the settlement is
/// drawn while a deal is settled).
pub type Overlay = overlay::Overlay<(), Command>;

/// A match as it is saved on quit: its seed and players, and the record of every deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    /// The match seed.
    pub seed: u64,
    /// The computer players.
    pub bots: BotKind,
    /// The rules, bidding and cap.
    pub settings: Settings,
    /// The settled deals, oldest first.
    pub finished: Vec<Record>,
    /// The deal in progress.
    pub current: Record,
}

/// What the statistics keep besides the shared tally (a deal won counts as a win): deals and
/// wins as landlord and as farmer, and the points won in all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Standings {
    /// Deals played as landlord.
    pub landlord_deals: u32,
    /// Of those, won.
    pub landlord_wins: u32,
    /// Deals played as a farmer.
    pub farmer_deals: u32,
    /// Of those, won.
    pub farmer_wins: u32,
    /// The points won (lost, if negative) over every deal.
    pub points: i64,
}

impl Standings {
    /// The statistics screen's rows for these standings.
    pub fn rows(&self) -> Vec<(String, String)> {
        vec![
            (
                "as landlord: won / played".to_owned(),
                format!("{} / {}", self.landlord_wins, self.landlord_deals),
            ),
            (
                "as farmer: won / played".to_owned(),
                format!("{} / {}", self.farmer_wins, self.farmer_deals),
            ),
            ("points in all".to_owned(), format!("{:+}", self.points)),
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
    /// Make a bid.
    Bid(Bid),
    /// Pass (in the auction or in play).
    Pass,
    /// Select the next candidate play (cycles).
    Hint,
    /// Take back your last bid or move and the computer players' after it.
    Undo,
    /// Cursor one card left (wraps).
    Left,
    /// Cursor one card right (wraps).
    Right,
    /// Cursor to the first card.
    First,
    /// Cursor to the last card.
    Last,
    /// Select or drop the card under the cursor.
    Toggle,
    /// Select or drop the card at this index (a click).
    Click(usize),
    /// Play the typed ranks, or else the selected cards.
    Submit,
    /// Type a rank character.
    Type(char),
    /// Delete the last typed character.
    Backspace,
    /// Clear the typed ranks and the selection.
    Clear,
    /// Sort by rank or by count.
    Sort,
    /// Next difficulty (the kind of computer players).
    Difficulty,
    /// The next deal, once this one is settled.
    NextDeal,
    /// Show the help.
    Help,
    /// Show the statistics.
    Statistics,
    /// Ask before resetting the statistics.
    AskResetStatistics,
    /// Reset the statistics (the answer).
    ResetStatistics,
    /// Play on from the saved match (the answer to the question at start).
    Resume,
    /// Leave (asks first when the match has something to keep, which is saved).
    Quit,
    /// Save the match and leave (the answer).
    SaveAndQuit,
}

/// The Dou Dizhu table: the match and everything around it that is not drawing.
pub struct Table {
    deals: Match,
    bot_kind: BotKind,
    bots: Vec<Box<dyn Bot>>,
    seed: u64,
    sort: Sort,
    cursor: usize,
    selected: CardSet,
    input: String,
    hints: Vec<Move>,
    hint: usize,
    status: Status,
    overlay: Overlay,
    wait: u32,
    finished: Vec<Record>,
    keep: Keeper<Saved, Standings>,
}

impl Table {
    /// A new match.
    pub fn new(options: &Options) -> Table {
        let mut table = Table {
            deals: Match::new(options.settings, options.seed),
            bot_kind: options.bots,
            bots: make_bots(options.bots, options.seed),
            seed: options.seed,
            sort: Sort::Rank,
            cursor: 0,
            selected: CardSet::EMPTY,
            input: String::new(),
            hints: Vec::new(),
            hint: 0,
            status: Status::default(),
            overlay: Overlay::None,
            wait: 0,
            finished: Vec::new(),
            keep: Keeper::default(),
        };
        table.greet();
        table.keep = Keeper::open(options.data.clone(), FILES, &mut table.status);
        if table.keep.has_saved() {
            table.overlay = Overlay::confirm("resume the saved match?", Command::Resume);
        }
        table
    }
    /// The match to save: `None` while nothing of yours is in it.
    pub fn to_save(&self) -> Option<Saved> {
        let acted = self.game().history().iter().any(|t| t.seat == HUMAN);
        (acted || !self.finished.is_empty()).then(|| Saved {
            seed: self.seed,
            bots: self.bot_kind,
            settings: *self.settings(),
            finished: self.finished.clone(),
            current: self.game().record(),
        })
    }

    /// The statistics.
    pub const fn stats(&self) -> &Stats<Standings> {
        &self.keep.stats
    }

    /// A question was answered no: a declined resume discards the saved match.
    pub fn declined(&mut self) {
        if self.keep.take_saved().is_some() {
            self.keep.discard(&mut self.status);
            self.say("the saved match is discarded: a new match", Level::Info);
        }
    }

    fn save_and_quit(&mut self) -> Flow {
        if let Some(saved) = self.to_save()
            && let Err(e) = self.keep.store(&saved)
        {
            self.say(format!("the match was not saved: {e}"), Level::Error);
            return Flow::Continue;
        }
        Flow::Quit
    }

    /// Rebuilds the saved match by replaying every deal's record.
    fn resume(&mut self) {
        let Some(saved) = self.keep.take_saved() else {
            return;
        };
        let mut deals = Match::new(saved.settings, saved.seed);
        let replayed = saved.finished.iter().try_for_each(|record| {
            *deals.game_mut() = record.replay()?;
            deals.next_deal();
            Ok(())
        });
        match replayed.and_then(|()| saved.current.replay()) {
            Ok(current) => {
                *deals.game_mut() = current;
                self.deals = deals;
                self.seed = saved.seed;
                self.bot_kind = saved.bots;
                self.bots = make_bots(saved.bots, saved.seed);
                self.finished = saved.finished;
                self.overlay = Overlay::None;
                self.say(
                    format!("resumed: deal {}", self.finished.len() + 1),
                    Level::Info,
                );
            }
            Err(e) => {
                let e: ::doudizhu::ReplayError = e;
                self.say(
                    format!("the saved match does not replay: {e}"),
                    Level::Error,
                );
                self.keep.discard(&mut self.status);
            }
        }
    }

    /// Counts a settled deal in the statistics.
    fn record(&mut self, result: &Settlement) {
        let landlord = result.landlord == HUMAN;
        let won = landlord == result.landlord_won;
        let payout = result.payouts[HUMAN];
        self.keep.stats.tally.record(
            Finished {
                won,
                score: Some(payout),
                seconds: None,
            },
            ScoreOrder::Higher,
        );
        let extra = &mut self.keep.stats.extra;
        if landlord {
            extra.landlord_deals += 1;
            extra.landlord_wins += u32::from(won);
        } else {
            extra.farmer_deals += 1;
            extra.farmer_wins += u32::from(won);
        }
        extra.points += payout;
        self.keep.save_stats(&mut self.status);
    }

    fn greet(&mut self) {
        let text = match self.settings().bidding {
            BidMode::Points => "Bidding: 1/2/3 to bid points, p to pass. ? for help.",
            BidMode::Rob => "Bidding: c to call the landlord, r to rob, p to pass. ? for help.",
        };
        self.say(text, Level::Info);
    }

    /// The match: the deals, their totals and settlements.
    pub fn deals(&self) -> &Match {
        &self.deals
    }

    /// The current deal.
    pub fn game(&self) -> &Game {
        self.deals.game()
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        self.deals.settings()
    }

    /// What you may see.
    pub fn view(&self) -> View {
        self.game().view(HUMAN)
    }

    /// Every hand, once the deal is settled (the cards left unplayed); `None` before.
    pub fn revealed_hands(&self) -> Option<BySeat<CardSet, 3>> {
        let state = self.game().state();
        (state.phase() == Phase::Finished).then(|| BySeat::from_fn(|s| state.hand(s)))
    }

    /// The computer players' kind.
    pub const fn bot_kind(&self) -> BotKind {
        self.bot_kind
    }

    /// The hand order.
    pub const fn sort(&self) -> Sort {
        self.sort
    }

    /// The index of the card under the cursor (always within your hand).
    pub fn cursor(&self) -> usize {
        self.cursor.min(self.hand().len().saturating_sub(1))
    }

    /// The cards currently selected.
    pub const fn selected(&self) -> CardSet {
        self.selected
    }

    /// The typed ranks.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The status message.
    pub const fn status(&self) -> &Status {
        &self.status
    }

    /// The open window.
    pub const fn overlay(&self) -> &Overlay {
        &self.overlay
    }

    /// The open window, to hand it a key.
    pub fn overlay_mut(&mut self) -> &mut Overlay {
        &mut self.overlay
    }

    fn say(&mut self, text: impl Into<String>, level: Level) {
        self.status.set(level, text);
    }

    /// Whether it is your turn to bid or play.
    pub fn my_turn(&self) -> bool {
        self.view().is_my_turn()
    }

    /// Your cards in display order.
    pub fn hand(&self) -> Vec<Card> {
        sorted(self.game().state().hand(HUMAN), self.sort)
    }

    /// Carries out one command; says whether to leave.
    pub fn apply(&mut self, command: Command) -> Flow {
        if command != Command::Hint {
            self.hints.clear();
        }
        let len = self.hand().len();
        let cursor = self.cursor();
        match command {
            Command::Bid(bid) => self.bid(bid),
            Command::Pass => self.pass(),
            Command::Hint => self.hint(),
            Command::Undo => self.undo(),
            Command::Left if len > 0 => self.cursor = (cursor + len - 1) % len,
            Command::Right if len > 0 => self.cursor = (cursor + 1) % len,
            Command::Left | Command::Right => {}
            Command::First => self.cursor = 0,
            Command::Last => self.cursor = len.saturating_sub(1),
            Command::Toggle => self.toggle(cursor),
            Command::Click(index) => self.toggle(index),
            Command::Submit => self.submit(),
            Command::Type(c) => {
                if self.game().state().phase() == Phase::Playing {
                    self.input.push(c.to_ascii_uppercase());
                    self.describe_input();
                }
            }
            Command::Backspace => {
                self.input.pop();
            }
            Command::Clear => {
                self.input.clear();
                self.selected = CardSet::EMPTY;
            }
            Command::Sort => {
                self.sort = match self.sort {
                    Sort::Rank => Sort::Count,
                    Sort::Count => Sort::Rank,
                };
            }
            Command::Difficulty => {
                self.bot_kind = self.bot_kind.next();
                self.bots = make_bots(self.bot_kind, self.seed);
                self.say(
                    format!("computer players: {}", self.bot_kind.name()),
                    Level::Info,
                );
            }
            Command::NextDeal => {
                if self.game().state().phase() == Phase::Finished {
                    self.new_deal();
                }
            }
            Command::Help => self.overlay = Overlay::help(),
            Command::Statistics => self.overlay = Overlay::Statistics,
            Command::AskResetStatistics => {
                self.overlay =
                    Overlay::confirm("reset the Dou Dizhu statistics?", Command::ResetStatistics);
            }
            Command::ResetStatistics => self.keep.reset_stats(&mut self.status),
            Command::Resume => self.resume(),
            Command::Quit if self.to_save().is_some() => {
                let question = if self.keep.keeps() {
                    "quit? the match is saved"
                } else {
                    "quit this match?"
                };
                self.overlay = Overlay::confirm(question, Command::SaveAndQuit);
            }
            Command::Quit => return Flow::Quit,
            Command::SaveAndQuit => return self.save_and_quit(),
        }
        Flow::Continue
    }

    /// Starts the next deal (after a finished one).
    fn new_deal(&mut self) {
        self.finished.push(self.game().record());
        self.deals.next_deal();
        self.selected = CardSet::EMPTY;
        self.input.clear();
        self.cursor = 0;
        self.greet();
    }

    fn bid(&mut self, bid: Bid) {
        if !self.my_turn() || self.game().state().phase() != Phase::Bidding {
            return self.say("It is not your turn to bid.", Level::Warn);
        }
        match self.deals.game_mut().bid(bid) {
            Ok(()) => {
                self.wait = 0;
                self.after_action(HUMAN);
            }
            Err(e) => {
                let legal: Vec<String> = self.view().legal_bids().map(|b| b.to_string()).collect();
                self.say(format!("{e} (legal: {})", legal.join(", ")), Level::Error);
            }
        }
    }

    /// Plays the typed ranks, or else the selected cards.
    fn submit(&mut self) {
        if !self.my_turn() || self.game().state().phase() != Phase::Playing {
            return self.say("It is not your turn to play.", Level::Warn);
        }
        let cards = if self.input.trim().is_empty() {
            if self.selected.is_empty() {
                return self.say(
                    "Select cards (space) or type ranks (e.g. 33344), then Enter; p passes.",
                    Level::Warn,
                );
            }
            self.selected
        } else {
            let counts: Counts = match self.input.parse() {
                Ok(c) => c,
                Err(e) => return self.say(format!("{e}"), Level::Error),
            };
            match self.game().state().cards_in_hand(HUMAN, counts) {
                Some(cards) => cards,
                None => return self.say(format!("You do not hold {counts}."), Level::Error),
            }
        };
        match self.deals.game_mut().play_cards(cards) {
            Ok(_) => self.after_mine(),
            Err(e) => self.say(e.to_string(), Level::Error),
        }
    }

    fn after_mine(&mut self) {
        self.selected = CardSet::EMPTY;
        self.input.clear();
        self.wait = 0;
        self.after_action(HUMAN);
    }

    fn pass(&mut self) {
        match self.game().state().phase() {
            Phase::Bidding => self.bid(Bid::Pass),
            Phase::Playing if self.my_turn() => match self.deals.game_mut().play(Move::Pass) {
                Ok(()) => self.after_mine(),
                Err(e) => self.say(e.to_string(), Level::Error),
            },
            _ => {}
        }
    }

    /// Takes back your last bid or move and every bot action after it.
    fn undo(&mut self) {
        if !matches!(self.game().state().phase(), Phase::Bidding | Phase::Playing) {
            return;
        }
        if !self.game().history().iter().any(|t| t.seat == HUMAN) {
            return self.say("Nothing of yours to take back.", Level::Warn);
        }
        while let Some(last) = self.game().history().last() {
            let mine = last.seat == HUMAN;
            if self.deals.game_mut().undo().is_none() || mine {
                break;
            }
        }
        self.selected = CardSet::EMPTY;
        self.input.clear();
        self.wait = 0;
        self.say("Took back your last action.", Level::Info);
    }

    /// Selects the next candidate play: the strongest bot's choice first, then every other
    /// legal play that breaks no bomb or rocket, lowest first, bombs and the rocket last;
    /// passing closes the cycle when you need not lead.
    fn hint(&mut self) {
        if !self.my_turn() || self.game().state().phase() != Phase::Playing {
            return;
        }
        if self.hints.is_empty() {
            self.hints = candidates(&self.view());
            self.hint = 0;
        } else {
            self.hint = (self.hint + 1) % self.hints.len();
        }
        let n = self.hints.len();
        match self.hints[self.hint] {
            Move::Pass => {
                self.selected = CardSet::EMPTY;
                self.say(
                    format!("Hint {}/{n}: pass (p).", self.hint + 1),
                    Level::Info,
                );
            }
            Move::Play(play) => {
                if let Some(cards) = self.game().state().cards_in_hand(HUMAN, play.counts) {
                    self.selected = cards;
                    self.input.clear();
                    self.say(
                        format!(
                            "Hint {}/{n}: {play} ({}). Enter plays it, i the next.",
                            self.hint + 1,
                            play.combo
                        ),
                        Level::Info,
                    );
                }
            }
        }
    }

    fn after_action(&mut self, seat: Seat) {
        let state = *self.game().state();
        let view = self.view();
        match state.phase() {
            Phase::AllPassed => self.say("Everybody passed: redealing.", Level::Warn),
            Phase::Finished => {
                if let Some(result) = state.settlement() {
                    self.record(&result);
                    let mut text = format!(
                        "{} won: every hand is shown. n: next deal, q: quit.",
                        result.winning_side()
                    );
                    text[..1].make_ascii_uppercase();
                    self.say(text, Level::Info);
                }
            }
            Phase::Playing if seat != HUMAN || state.to_move() == HUMAN => {
                let last = self.game().history().last().map(|t| t.action);
                if let (Some(TurnAction::Bid(_)), Some(landlord)) = (last, state.landlord()) {
                    let mut who = view.seat_name(landlord).to_owned();
                    who[..1].make_ascii_uppercase();
                    let verb = if landlord == HUMAN { "are" } else { "is" };
                    self.say(
                        format!("{who} {verb} the landlord (×{}).", state.multiplier()),
                        Level::Info,
                    );
                    return;
                }
                if state.to_move() == HUMAN {
                    let text = if state.is_leading() {
                        "Your lead."
                    } else {
                        "Your turn: beat it or pass (p)."
                    };
                    self.say(text, Level::Info);
                }
            }
            Phase::Bidding if state.to_move() == HUMAN => {
                let legal: Vec<String> = view.legal_bids().map(|b| b.to_string()).collect();
                self.say(format!("Your bid: {}.", legal.join(", ")), Level::Info);
            }
            _ => {}
        }
    }

    /// Advances the clock by one tick: one bot action (or a redeal) when its pause is over.
    pub fn tick(&mut self) {
        let state = *self.game().state();
        match state.phase() {
            Phase::Finished => return,
            Phase::AllPassed => {
                if self.wait < BOT_DELAY {
                    self.wait += 1;
                    return;
                }
                self.wait = 0;
                self.deals.game_mut().redeal();
                self.greet();
                return;
            }
            Phase::Bidding | Phase::Playing => {}
        }
        let seat = state.to_move();
        if seat == HUMAN {
            return;
        }
        if self.wait < BOT_DELAY {
            self.wait += 1;
            return;
        }
        self.wait = 0;
        let view = self.game().view(seat);
        let bot = &mut self.bots[seat.index()];
        let result = if state.phase() == Phase::Bidding {
            let bid = bot.bid(&view);
            self.deals.game_mut().bid(bid).map_err(|e| e.to_string())
        } else {
            let mv = bot.play(&view);
            self.deals.game_mut().play(mv).map_err(|e| e.to_string())
        };
        match result {
            Ok(()) => self.after_action(seat),
            Err(e) => self.say(
                format!("the {} bot chose badly: {e}", view.seat_name(seat)),
                Level::Error,
            ),
        }
    }

    fn describe_input(&mut self) {
        match self.input.parse::<Counts>() {
            Ok(counts) => match readings(counts, &self.settings().rules).first() {
                Some(combo) => self.say(format!("{counts}: {combo}"), Level::Info),
                None => self.say(format!("{counts}: not a combination yet"), Level::Info),
            },
            Err(e) => self.say(e.to_string(), Level::Error),
        }
    }

    fn toggle(&mut self, index: usize) {
        let Some(&card) = self.hand().get(index) else {
            return;
        };
        self.cursor = index;
        if !self.selected.remove(card) {
            self.selected.insert(card);
        }
        self.input.clear();
        if !self.selected.is_empty() {
            let counts = Counts::from_cards(self.selected);
            match readings(counts, &self.settings().rules).first() {
                Some(combo) => self.say(format!("Selected {counts}: {combo}"), Level::Info),
                None => self.say(format!("Selected {counts}: not a combination"), Level::Info),
            }
        }
    }
}

fn make_bots(kind: BotKind, seed: u64) -> Vec<Box<dyn Bot>> {
    (0..3u64).map(|i| kind.make(seed.wrapping_add(i))).collect()
}

/// The hint cycle for `view`: see [`Table`]'s `h`.
fn candidates(view: &View) -> Vec<Move> {
    let first = PlannerBot::new().play(view);
    let mut moves = Vec::new();
    view.legal_moves(&mut moves);
    let hand = view.hand_counts;
    let mut plays: Vec<_> = moves
        .iter()
        .filter_map(|&m| match m {
            Move::Play(play)
                if m != first && (play.kind().is_bomb() || !breaks_bomb(hand, play)) =>
            {
                Some(play)
            }
            _ => None,
        })
        .collect();
    plays.sort_by_key(|p| (p.kind().is_bomb(), p.combo.main, p.len()));
    let mut out = vec![first];
    out.extend(plays.into_iter().map(Move::Play));
    if view.trick.is_some() && first != Move::Pass {
        out.push(Move::Pass);
    }
    out
}

/// `cards` in display order: by Dou Dizhu rank then suit, or by how many of the rank there
/// are (most first), then rank.
pub fn sorted(cards: CardSet, sort: Sort) -> Vec<Card> {
    let counts = Counts::from_cards(cards);
    let mut v: Vec<Card> = cards.iter().collect();
    match sort {
        Sort::Rank => v.sort_by_key(|&c| (Rank::of_card(c), c.index())),
        Sort::Count => v.sort_by_key(|&c| {
            let rank = Rank::of_card(c);
            (std::cmp::Reverse(counts.get(rank)), rank, c.index())
        }),
    }
    v
}

/// The turns of the current round of play: from the last lead on (a round ends when the two
/// other seats pass), bids left out. Between rounds, the round just ended.
pub fn current_round(history: &[Turn]) -> &[Turn] {
    let mut start = history.len();
    let mut passes = 0;
    for (i, turn) in history.iter().enumerate() {
        match turn.action {
            TurnAction::Bid(_) => start = i + 1,
            TurnAction::Pass => passes += 1,
            TurnAction::Play { .. } => {
                if passes >= 2 || start >= i {
                    start = i;
                }
                passes = 0;
            }
        }
    }
    &history[start.min(history.len())..]
}

/// What is still out: the ranks of every card not in your hand and not yet played (the
/// 记牌器, card counter).
pub fn still_out(view: &View) -> Counts {
    let mut played = CardSet::EMPTY;
    for turn in &view.history {
        if let TurnAction::Play { cards, .. } = turn.action {
            played |= cards;
        }
    }
    Counts::from_cards(CardSet::ALL - view.hand - played)
}
