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
use crate::keep::Keeper;
use crate::net::remote::{HostCommand, Remote};
use crate::net::{NetScreen, NetState};
use crate::overlay;
use crate::shell::{Flow, TableState};
use crate::stats::{Finished, ScoreOrder, Stats};
use crate::status::{Level, Status};

/// The name of the game's files in the data directory.
const FILES: &str = "doudizhu";

/// What is saved on quit, in messages.
const WHAT: &str = "match";

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
    /// Next difficulty (the kind of computer players); at a network table, the host's next
    /// bot for the empty seats.
    Difficulty,
    /// At a network table: a host command (seat bots, start, rematch).
    Host(HostCommand),
    /// The next deal, once this one is settled (at a network table, the host's rematch).
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

/// Where the deal comes from: a match against bots in this process, or a seat at a network
/// table.
type Source = crate::shell::Source<Local, RemoteDeal>;

/// The local match: the deals, the computer players and what is saved.
pub struct Local {
    deals: Match,
    bot_kind: BotKind,
    bots: Vec<Box<dyn Bot>>,
    seed: u64,
    wait: u32,
    finished: Vec<Record>,
}

impl Local {
    /// The match: the deals, their totals and settlements.
    pub fn deals(&self) -> &Match {
        &self.deals
    }

    /// The current deal.
    pub fn game(&self) -> &Game {
        self.deals.game()
    }

    /// The computer players' kind.
    pub const fn bot_kind(&self) -> BotKind {
        self.bot_kind
    }
}

/// A seat at a network table: the link, and the finished deal replayed from its record
/// (every hand and the settlement, once the server has settled it).
struct RemoteDeal {
    link: Remote<View>,
    over: Option<Game>,
}

/// The Dou Dizhu table: the deal's source and everything around it that is not drawing.
pub struct Table {
    source: Source,
    sort: Sort,
    cursor: usize,
    selected: CardSet,
    input: String,
    hints: Vec<Move>,
    hint: usize,
    status: Status,
    overlay: Overlay,
    keep: Keeper<Saved, Standings>,
}

impl Table {
    /// A new match.
    pub fn new(options: &Options) -> Table {
        let local = Local {
            deals: Match::new(options.settings, options.seed),
            bot_kind: options.bots,
            bots: make_bots(options.bots, options.seed),
            seed: options.seed,
            wait: 0,
            finished: Vec::new(),
        };
        let mut table = Table::around(Source::Local(Box::new(local)));
        table.greet();
        table.keep = Keeper::open(options.data.clone(), FILES, &mut table.status);
        if table.keep.has_saved() {
            table.overlay = Overlay::confirm("resume the saved match?", Command::Resume);
        }
        table
    }

    /// A seat at a network table, over an open link (nothing is saved or counted in the
    /// statistics: the server keeps the game).
    pub fn remote(link: NetScreen) -> Table {
        let mut table = Table::around(Source::Remote(Box::new(RemoteDeal {
            link: Remote::new(link),
            over: None,
        })));
        table.tick();
        table
    }

    fn around(source: Source) -> Table {
        Table {
            source,
            sort: Sort::Rank,
            cursor: 0,
            selected: CardSet::EMPTY,
            input: String::new(),
            hints: Vec::new(),
            hint: 0,
            status: Status::default(),
            overlay: Overlay::None,
            keep: Keeper::default(),
        }
    }

    /// The local match (`None` at a network table).
    pub fn local(&self) -> Option<&Local> {
        self.source.local()
    }

    /// The network table (`None` for a local match).
    pub fn remote_link(&self) -> Option<&Remote<View>> {
        self.source.remote().map(|remote| &remote.link)
    }

    /// Whether this is a seat at a network table.
    pub const fn is_remote(&self) -> bool {
        self.source.is_remote()
    }

    /// The match to save: `None` while nothing of yours is in it (and at a network table).
    pub fn to_save(&self) -> Option<Saved> {
        let local = self.local()?;
        let acted = local.game().history().iter().any(|t| t.seat == HUMAN);
        (acted || !local.finished.is_empty()).then(|| Saved {
            seed: local.seed,
            bots: local.bot_kind,
            settings: self.settings(),
            finished: local.finished.clone(),
            current: local.game().record(),
        })
    }

    /// The statistics.
    pub const fn stats(&self) -> &Stats<Standings> {
        &self.keep.stats
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
                let resumed = saved.finished.len() + 1;
                self.source = Source::Local(Box::new(Local {
                    deals,
                    bot_kind: saved.bots,
                    bots: make_bots(saved.bots, saved.seed),
                    seed: saved.seed,
                    wait: 0,
                    finished: saved.finished,
                }));
                self.overlay = Overlay::None;
                self.say(format!("resumed: deal {resumed}"), Level::Info);
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

    /// The settings.
    pub fn settings(&self) -> Settings {
        match &self.source {
            Source::Local(local) => *local.deals.settings(),
            Source::Remote(remote) => remote.link.view().map_or_else(
                || remote.link.settings().unwrap_or_default(),
                |view| view.settings,
            ),
        }
    }

    /// Your seat: the first locally, the one the server gave at a network table.
    pub fn me(&self) -> Seat {
        match &self.source {
            Source::Local(_) => HUMAN,
            Source::Remote(remote) => remote.link.net().seat.and_then(Seat::new).unwrap_or(HUMAN),
        }
    }

    /// What you may see. At a network table before the first deal: the table's settings,
    /// no cards.
    pub fn view(&self) -> View {
        match &self.source {
            Source::Local(local) => local.game().view(HUMAN),
            Source::Remote(remote) => remote.link.view().cloned().unwrap_or_else(|| {
                let mut view = Game::new(self.settings(), 0).public_view();
                view.seat = Some(self.me());
                view.card_counts = BySeat::default();
                view
            }),
        }
    }

    /// The deal's phase.
    pub fn phase(&self) -> Phase {
        match &self.source {
            Source::Local(local) => local.game().state().phase(),
            Source::Remote(_) => self.view().phase,
        }
    }

    /// The finished deal with every hand: the local one, or the network table's replayed
    /// from its record.
    fn settled_game(&self) -> Option<&Game> {
        let game = match &self.source {
            Source::Local(local) => local.game(),
            Source::Remote(remote) => remote.over.as_ref()?,
        };
        (game.state().phase() == Phase::Finished).then_some(game)
    }

    /// Every hand, once the deal is settled (the cards left unplayed); `None` before.
    pub fn revealed_hands(&self) -> Option<BySeat<CardSet, 3>> {
        let state = self.settled_game()?.state();
        Some(BySeat::from_fn(|s| state.hand(s)))
    }

    /// The settlement, once the deal is settled.
    pub fn settlement(&self) -> Option<Settlement> {
        self.settled_game()?.state().settlement()
    }

    /// Each seat's points over the match (over the games at a network table).
    pub fn totals(&self) -> BySeat<i64, 3> {
        match &self.source {
            Source::Local(local) => local.deals.totals(),
            Source::Remote(remote) => {
                let totals = remote.link.totals(Seat::COUNT);
                BySeat::from_fn(|s| totals[s.index()])
            }
        }
    }

    /// Which deal of the match (game of the network table) this is, from 1.
    pub fn deal_number(&self) -> usize {
        match &self.source {
            Source::Local(local) => local.deals.history().len() + 1,
            Source::Remote(remote) => remote.link.game_number() as usize,
        }
    }

    /// The bombs and rockets played this deal.
    pub fn bombs(&self) -> usize {
        self.view()
            .history
            .iter()
            .filter(|turn| matches!(turn.action, TurnAction::Play { combo, .. } if combo.kind.is_bomb()))
            .count()
    }

    /// Each seat's name on screen: `You`, `Right`, `Left` locally; the display names (and
    /// whether a player is away or a bot) at a network table.
    pub fn names(&self, view: &View) -> BySeat<String, 3> {
        match &self.source {
            Source::Local(_) => BySeat::from_fn(|seat| capitalised(view.seat_name(seat))),
            Source::Remote(remote) => BySeat::from_fn(|seat| remote.link.seat_label(seat.index())),
        }
    }

    /// Where the deal comes from, for the title: its seed, or the table and the link.
    pub fn origin(&self) -> String {
        match &self.source {
            Source::Local(local) => format!("seed {}", local.deals.deal_seed()),
            Source::Remote(remote) => remote.link.origin(),
        }
    }

    /// Who the other players are, for the title: the bots locally, nothing at a table (the
    /// seat lines name them).
    pub fn opponents(&self) -> Option<String> {
        self.local()
            .map(|local| format!("{} bots", local.bot_kind.name()))
    }

    /// The window shown at a network table until the first deal starts.
    pub fn waiting_lines(&self) -> Option<Vec<String>> {
        match &self.source {
            Source::Remote(remote) if remote.link.view().is_none() => {
                Some(remote.link.waiting_lines())
            }
            _ => None,
        }
    }

    /// The settlement's last line: what comes next.
    pub fn after_settlement(&self) -> &'static str {
        match &self.source {
            Source::Local(_) => "n: next deal   q: quit",
            Source::Remote(remote) if remote.link.net().host => "n: rematch   q: leave",
            Source::Remote(_) => "waiting for the host's rematch   q: leave",
        }
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

    fn say(&mut self, text: impl Into<String>, level: Level) {
        self.status.set(level, text);
    }

    /// Whether it is your turn to bid or play.
    pub fn my_turn(&self) -> bool {
        match &self.source {
            Source::Local(_) => self.view().is_my_turn(),
            Source::Remote(remote) => remote.link.my_turn(),
        }
    }

    /// Your cards in display order.
    pub fn hand(&self) -> Vec<Card> {
        sorted(self.view().hand, self.sort)
    }

    fn difficulty(&mut self) {
        let Source::Local(local) = &mut self.source else {
            return self.host(HostCommand::NextBot);
        };
        local.bot_kind = local.bot_kind.next();
        local.bots = make_bots(local.bot_kind, local.seed);
        let text = format!("computer players: {}", local.bot_kind.name());
        self.say(text, Level::Info);
    }

    fn host(&mut self, command: HostCommand) {
        let Source::Remote(remote) = &mut self.source else {
            return;
        };
        remote.link.host_on(command, &mut self.status);
    }

    /// The next deal once this one is settled: locally at once, at a table the host's
    /// rematch.
    fn next_deal(&mut self) {
        if self.phase() != Phase::Finished {
            return;
        }
        let Source::Local(local) = &mut self.source else {
            return self.host(HostCommand::Rematch);
        };
        local.finished.push(local.game().record());
        local.deals.next_deal();
        self.selected = CardSet::EMPTY;
        self.input.clear();
        self.cursor = 0;
        self.greet();
    }

    /// Takes `intent` for your seat: locally on the match, at a table by sending its text
    /// (the server's answer, a new view or a refusal, comes with a later tick).
    fn act(&mut self, intent: Intent) {
        let result = match &mut self.source {
            Source::Local(local) => {
                let game = local.deals.game_mut();
                let result = match intent {
                    Intent::Bid(bid) => game.bid(bid).map_err(|e| {
                        let legal: Vec<String> = game
                            .view(HUMAN)
                            .legal_bids()
                            .map(|b| b.to_string())
                            .collect();
                        format!("{e} (legal: {})", legal.join(", "))
                    }),
                    Intent::Pass => game.play(Move::Pass).map_err(|e| e.to_string()),
                    Intent::Cards(cards) => game
                        .play_cards(cards)
                        .map(|_| ())
                        .map_err(|e| e.to_string()),
                };
                local.wait = 0;
                result
            }
            Source::Remote(remote) => {
                let text = match intent {
                    Intent::Bid(bid) => bid.to_string(),
                    Intent::Pass => "pass".to_owned(),
                    Intent::Cards(cards) => remote_play(remote.link.net(), cards),
                };
                remote.link.act(&text);
                Ok(())
            }
        };
        match result {
            Ok(()) => {
                self.selected = CardSet::EMPTY;
                self.input.clear();
                if !self.is_remote() {
                    self.after_action(HUMAN);
                }
            }
            Err(e) => self.say(e, Level::Error),
        }
    }

    fn bid(&mut self, bid: Bid) {
        if !self.my_turn() || self.phase() != Phase::Bidding {
            return self.say("It is not your turn to bid.", Level::Warn);
        }
        self.act(Intent::Bid(bid));
    }

    /// Plays the typed ranks, or else the selected cards; with neither, passes when the hint
    /// shown (`pass_hinted`) was to pass.
    fn submit(&mut self, pass_hinted: bool) {
        if !self.my_turn() || self.phase() != Phase::Playing {
            return self.say("It is not your turn to play.", Level::Warn);
        }
        let cards = if self.input.trim().is_empty() {
            if self.selected.is_empty() {
                if pass_hinted {
                    return self.act(Intent::Pass);
                }
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
            match counts.cards_in(self.view().hand) {
                Some(cards) => cards,
                None => return self.say(format!("You do not hold {counts}."), Level::Error),
            }
        };
        self.act(Intent::Cards(cards));
    }

    fn pass(&mut self) {
        match self.phase() {
            Phase::Bidding => self.bid(Bid::Pass),
            Phase::Playing if self.my_turn() => self.act(Intent::Pass),
            _ => {}
        }
    }

    /// Takes back your last bid or move and every bot action after it.
    fn undo(&mut self) {
        let Source::Local(local) = &mut self.source else {
            return self.say("No undo at a network table.", Level::Warn);
        };
        if !matches!(
            local.game().state().phase(),
            Phase::Bidding | Phase::Playing
        ) {
            return;
        }
        if !local.game().history().iter().any(|t| t.seat == HUMAN) {
            return self.say("Nothing of yours to take back.", Level::Warn);
        }
        while let Some(last) = local.game().history().last() {
            let mine = last.seat == HUMAN;
            if local.deals.game_mut().undo().is_none() || mine {
                break;
            }
        }
        local.wait = 0;
        self.selected = CardSet::EMPTY;
        self.input.clear();
        self.say("Took back your last action.", Level::Info);
    }

    /// Selects the next candidate play: the strongest bot's choice first, then every other
    /// legal play that breaks no bomb or rocket, lowest first, bombs and the rocket last;
    /// passing closes the cycle when you need not lead.
    fn hint(&mut self) {
        if !self.my_turn() || self.phase() != Phase::Playing {
            return;
        }
        let view = self.view();
        if self.hints.is_empty() {
            self.hints = candidates(&view);
            self.hint = 0;
        } else {
            self.hint = (self.hint + 1) % self.hints.len();
        }
        let n = self.hints.len();
        match self.hints[self.hint] {
            Move::Pass => {
                self.selected = CardSet::EMPTY;
                self.say(
                    format!("Hint {}/{n}: pass (Enter or p).", self.hint + 1),
                    Level::Info,
                );
            }
            Move::Play(play) => {
                if let Some(cards) = play.counts.cards_in(view.hand) {
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

    /// Says what happened after `seat` acted (or, at a network table, after a new view came):
    /// the settlement, the landlord, whose turn it is.
    fn after_action(&mut self, seat: Seat) {
        let view = self.view();
        let me = self.me();
        let names = self.names(&view);
        match view.phase {
            Phase::AllPassed => self.say("Everybody passed: redealing.", Level::Warn),
            Phase::Finished => match self.settlement() {
                Some(result) => {
                    if !self.is_remote() {
                        self.record(&result);
                    }
                    // The next keys are in the settlement box and the key bar; repeated
                    // here, they made the line too long for 60 columns.
                    let mut text = format!("{} won: every hand is shown.", result.winning_side());
                    text[..1].make_ascii_uppercase();
                    self.say(text, Level::Info);
                }
                None => self.say("The deal is over: the hands are coming.", Level::Info),
            },
            Phase::Playing if seat != me || view.to_move == me => {
                let last = view.history.last().map(|t| t.action);
                if let (Some(TurnAction::Bid(_)), Some(landlord)) = (last, view.landlord) {
                    let verb = if landlord == me { "are" } else { "is" };
                    let who = if landlord == me {
                        "You".to_owned()
                    } else {
                        names[landlord].clone()
                    };
                    self.say(
                        format!("{who} {verb} the landlord (×{}).", view.multiplier),
                        Level::Info,
                    );
                    return;
                }
                if view.to_move == me {
                    let text = if view.trick.is_none() {
                        "Your lead."
                    } else {
                        "Your turn: beat it or pass (p)."
                    };
                    self.say(text, Level::Info);
                }
            }
            Phase::Bidding if view.to_move == me => {
                let legal: Vec<String> = view.legal_bids().map(|b| b.to_string()).collect();
                self.say(format!("Your bid: {}.", legal.join(", ")), Level::Info);
            }
            _ => {}
        }
    }

    /// Takes in what the server sent: a new view (a new deal resets the selection), the
    /// finished deal's record, refusals and changes of the link.
    fn tick_remote(&mut self) {
        let Source::Remote(remote) = &mut self.source else {
            return;
        };
        let game = remote.link.game_number();
        let pumped = remote.link.pump();
        if remote.link.game_number() != game {
            remote.over = None;
        }
        let finished = remote
            .link
            .view()
            .is_some_and(|v| v.phase == Phase::Finished);
        if finished {
            remote.link.ask_record();
        }
        let mut settled = false;
        if finished
            && remote.over.is_none()
            && let Some(text) = remote.link.record()
        {
            match serde_json::from_str::<Record>(text).map(|record| record.replay()) {
                Ok(Ok(game)) => {
                    remote.over = Some(game);
                    settled = true;
                }
                Ok(Err(e)) => self
                    .status
                    .error(format!("the deal's record does not replay: {e}")),
                Err(e) => self
                    .status
                    .error(format!("the deal's record does not read: {e}")),
            }
        }
        let new_deal = pumped.view && self.deal_number() as u32 != game;
        if new_deal {
            self.selected = CardSet::EMPTY;
            self.input.clear();
            self.cursor = 0;
        }
        if pumped.view || settled {
            let last = self.view().history.last().map(|t| t.seat);
            match last {
                Some(seat) => self.after_action(seat),
                None => self.greet(),
            }
        }
        pumped.tell(&mut self.status);
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

impl TableState for Table {
    type Command = Command;
    type Popup = ();
    const ASK_RESET_STATISTICS: Command = Command::AskResetStatistics;

    /// Carries out one command; says whether to leave.
    fn apply(&mut self, command: Command) -> Flow {
        let pass_hinted = self.hints.get(self.hint) == Some(&Move::Pass);
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
            Command::Submit => self.submit(pass_hinted),
            Command::Type(c) => {
                if self.phase() == Phase::Playing {
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
            Command::Difficulty => self.difficulty(),
            Command::NextDeal => self.next_deal(),
            Command::Host(host) => self.host(host),
            Command::Help => self.overlay = Overlay::help(),
            Command::Statistics => self.overlay = Overlay::Statistics,
            Command::AskResetStatistics => {
                self.overlay =
                    Overlay::confirm("reset the Dou Dizhu statistics?", Command::ResetStatistics);
            }
            Command::ResetStatistics => self.keep.reset_stats(&mut self.status),
            Command::Resume => self.resume(),
            Command::Quit => {
                let (leave, in_progress) = (
                    self.remote_link().map(Remote::leave_question),
                    self.to_save().is_some(),
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
        }
        Flow::Continue
    }

    /// Advances the clock by one tick: locally one bot action (or a redeal) when its pause is
    /// over; at a network table, whatever the server sent.
    fn tick(&mut self) {
        let Source::Local(local) = &mut self.source else {
            return self.tick_remote();
        };
        let state = *local.game().state();
        match state.phase() {
            Phase::Finished => return,
            Phase::AllPassed => {
                if local.wait < BOT_DELAY {
                    local.wait += 1;
                    return;
                }
                local.wait = 0;
                local.deals.game_mut().redeal();
                self.greet();
                return;
            }
            Phase::Bidding | Phase::Playing => {}
        }
        let seat = state.to_move();
        if seat == HUMAN {
            return;
        }
        if local.wait < BOT_DELAY {
            local.wait += 1;
            return;
        }
        local.wait = 0;
        let view = local.game().view(seat);
        let bot = &mut local.bots[seat.index()];
        let result = if state.phase() == Phase::Bidding {
            let bid = bot.bid(&view);
            local.deals.game_mut().bid(bid).map_err(|e| e.to_string())
        } else {
            let mv = bot.play(&view);
            local.deals.game_mut().play(mv).map_err(|e| e.to_string())
        };
        match result {
            Ok(()) => self.after_action(seat),
            Err(e) => self.say(
                format!("the {} bot chose badly: {e}", view.seat_name(seat)),
                Level::Error,
            ),
        }
    }

    /// The open window, to hand it a key.
    fn overlay_mut(&mut self) -> &mut Overlay {
        &mut self.overlay
    }

    /// A question was answered no: a declined resume discards the saved match.
    fn declined(&mut self) {
        self.keep.decline(WHAT, &mut self.status);
    }
}

/// What you ask to do, before it becomes the match's action or the text sent to a server.
#[derive(Clone, Copy, Debug)]
enum Intent {
    Bid(Bid),
    Pass,
    Cards(CardSet),
}

/// The text of a play of `cards` at a network table: the legal action of those ranks (the
/// first reading, when the rules read them more than one way), else the ranks (the server
/// then says why they do not play).
fn remote_play(net: &NetState, cards: CardSet) -> String {
    let ranks = Counts::from_cards(cards).to_string();
    net.legal()
        .iter()
        .map(|action| action.text.as_str())
        .find(|text| text.split('/').next() == Some(ranks.as_str()))
        .unwrap_or(&ranks)
        .to_owned()
}

/// `name` with a capital first letter.
fn capitalised(name: &str) -> String {
    let mut name = name.to_owned();
    name[..1].make_ascii_uppercase();
    name
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
