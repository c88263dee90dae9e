//! The Dou Dizhu table without a terminal: the match, the computer players, your cursor,
//! selection and typed ranks, the hint cycle, the status message, changed only by
//! [`Command`]s and [`Table::tick`].
//!
//! The screen draws from [`Table::view`], your own [`View`]; the other hands are reachable only
//! through [`Table::revealed_hands`], which gives them once the deal is settled.

use ::doudizhu::{
    Action as TurnAction, Bid, BidMode, Bot, Counts, Game, GreedyBot, Match, Move, Phase,
    PlannerBot, RandomBot, Rank, Seat, Settings, Turn, View, breaks_bomb, readings,
};
use cards_core::{BySeat, Card, CardSet};
use clap::ValueEnum;

/// Your seat. Play goes 0 → 1 → 2: the right-hand player plays after you.
pub const HUMAN: Seat = Seat::ALL[0];

/// Ticks (tenths of a second) a bot waits before acting.
const BOT_DELAY: u32 = 7;

/// Which of the doudizhu crate's bots sit at the table, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
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

/// How the table starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The rules, bidding and cap.
    pub settings: Settings,
    /// The match seed.
    pub seed: u64,
    /// The computer players.
    pub bots: BotKind,
}

/// What a status message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Quiet guidance.
    Note,
    /// News: what happened.
    Info,
    /// A warning: not now.
    Warn,
    /// A refusal, with the rule.
    Error,
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
    /// Show or hide the help.
    Help,
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
    message: Option<(String, Level)>,
    help: bool,
    wait: u32,
}

impl Table {
    /// A new match.
    pub fn new(options: Options) -> Table {
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
            message: None,
            help: false,
            wait: 0,
        };
        table.greet();
        table
    }

    fn greet(&mut self) {
        let text = match self.settings().bidding {
            BidMode::Points => "Bidding: 1/2/3 to bid points, p to pass. ? for help.",
            BidMode::Rob => "Bidding: c to call the landlord, r to rob, p to pass. ? for help.",
        };
        self.say(text, Level::Note);
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
    pub fn message(&self) -> Option<(&str, Level)> {
        self.message.as_ref().map(|(m, l)| (m.as_str(), *l))
    }

    /// Whether the help is open.
    pub const fn help(&self) -> bool {
        self.help
    }

    fn say(&mut self, text: impl Into<String>, level: Level) {
        self.message = Some((text.into(), level));
    }

    /// Whether it is your turn to bid or play.
    pub fn my_turn(&self) -> bool {
        self.view().is_my_turn()
    }

    /// Your cards in display order.
    pub fn hand(&self) -> Vec<Card> {
        sorted(self.game().state().hand(HUMAN), self.sort)
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command) {
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
            Command::Help => self.help = !self.help,
        }
    }

    /// Starts the next deal (after a finished one).
    fn new_deal(&mut self) {
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
                            "Hint {}/{n}: {play} ({}). Enter plays it, h the next.",
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
                    self.say(text, Level::Note);
                }
            }
            Phase::Bidding if state.to_move() == HUMAN => {
                let legal: Vec<String> = view.legal_bids().map(|b| b.to_string()).collect();
                self.say(format!("Your bid: {}.", legal.join(", ")), Level::Note);
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
                Some(combo) => self.say(format!("{counts}: {combo}"), Level::Note),
                None => self.say(format!("{counts}: not a combination yet"), Level::Note),
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
                Some(combo) => self.say(format!("Selected {counts}: {combo}"), Level::Note),
                None => self.say(format!("Selected {counts}: not a combination"), Level::Note),
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
