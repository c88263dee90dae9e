//! Dou Dizhu in the terminal: you against two computer players.
//!
//! [`App`] holds the game and all key and mouse handling, so tests drive it with synthetic
//! events and render it into a `TestBackend`. The computer players see only their seat's
//! [`View`](::doudizhu::View); the screen shows only your cards (and the bottom cards once the
//! landlord has taken them).

pub mod cli;

use std::fmt::Write as _;

use ::doudizhu::{
    Action as TurnAction, Bid, BidMode, Bot, Counts, Game, GreedyBot, Match, Move, Phase,
    RandomBot, Rank, Seat, Settings, Settlement, readings,
};
use cards_core::{Card, CardSet};
use clap::ValueEnum;
use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph};

use crate::app::{Action, Screen};
use crate::cards::{CardStyle, card_back_span, card_span, selected_card_span};
use crate::launcher::LaunchOptions;
use crate::widgets;

/// Your seat. Play goes 0 → 1 → 2: the right-hand bot plays after you.
pub const HUMAN: Seat = Seat::ALL[0];

/// The computer players' strategy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum BotKind {
    /// The smallest play that beats; keeps bombs.
    #[default]
    Greedy,
    /// Uniformly random legal moves.
    Random,
}

/// Ticks (tenths of a second) a bot waits before acting.
const BOT_DELAY: u32 = 7;

/// A seat's name on screen.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat.index() {
        0 => "You",
        1 => "Right bot",
        _ => "Left bot",
    }
}

/// The terminal game.
pub struct App {
    table: Match,
    settings: Settings,
    style: CardStyle,
    bots: Vec<Box<dyn Bot>>,
    cursor: usize,
    selected: CardSet,
    input: String,
    message: Option<(String, Color)>,
    help: bool,
    quit_armed: bool,
    wait: u32,
    hand_area: Option<Rect>,
    card_cells: u16,
}

/// Builds the game from the launcher.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(
        Settings::default(),
        options.seed_or_random(),
        options.style.is_ascii(),
        BotKind::Greedy,
    ))
}

/// Your cards in display order: by Dou Dizhu rank, then suit.
fn sorted(cards: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = cards.iter().collect();
    v.sort_by_key(|&c| (Rank::of_card(c), c.index()));
    v
}

/// Ranks of a set of cards in RLCard notation (`33344455`).
fn ranks_text(cards: CardSet) -> String {
    Counts::from_cards(cards).to_string()
}

impl App {
    /// A new game.
    pub fn new(settings: Settings, seed: u64, ascii: bool, bots: BotKind) -> App {
        let make = |i: u64| -> Box<dyn Bot> {
            match bots {
                BotKind::Greedy => Box::new(GreedyBot::new()),
                BotKind::Random => Box::new(RandomBot::new(seed.wrapping_add(i))),
            }
        };
        let mut app = App {
            table: Match::new(settings, seed),
            settings,
            style: CardStyle::from_ascii_flag(ascii),
            bots: vec![make(0), make(1), make(2)],
            cursor: 0,
            selected: CardSet::EMPTY,
            input: String::new(),
            message: None,
            help: false,
            quit_armed: false,
            wait: 0,
            hand_area: None,
            card_cells: 0,
        };
        app.greet();
        app
    }

    fn greet(&mut self) {
        let text = match self.settings.bidding {
            BidMode::Points => "Bidding: 1/2/3 to bid points, p to pass. ? for help.",
            BidMode::Rob => "Bidding: c to call the landlord, r to rob, p to pass. ? for help.",
        };
        self.say(text, Color::Gray);
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        self.table.game()
    }

    /// The cards currently selected.
    pub fn selected(&self) -> CardSet {
        self.selected
    }

    /// The status message.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    fn say(&mut self, text: impl Into<String>, color: Color) {
        self.message = Some((text.into(), color));
    }

    fn my_turn(&self) -> bool {
        let state = self.table.game().state();
        matches!(state.phase(), Phase::Bidding | Phase::Playing) && state.to_move() == HUMAN
    }

    fn hand(&self) -> Vec<Card> {
        sorted(self.table.game().state().hand(HUMAN))
    }

    /// Starts the next deal (after a finished one).
    pub fn new_deal(&mut self) {
        self.table.next_deal();
        self.selected = CardSet::EMPTY;
        self.input.clear();
        self.cursor = 0;
        self.greet();
    }

    fn bid(&mut self, bid: Bid) {
        if !self.my_turn() || self.table.game().state().phase() != Phase::Bidding {
            return self.say("It is not your turn to bid.", Color::Yellow);
        }
        match self.table.game_mut().bid(bid) {
            Ok(()) => {
                self.wait = 0;
                self.after_action(HUMAN);
            }
            Err(e) => {
                let legal: Vec<String> = self
                    .table
                    .game()
                    .state()
                    .legal_bids()
                    .map(|b| b.to_string())
                    .collect();
                self.say(format!("{e} (legal: {})", legal.join(", ")), Color::Red);
            }
        }
    }

    /// Plays the typed ranks, or else the selected cards.
    fn submit(&mut self) {
        if !self.my_turn() || self.table.game().state().phase() != Phase::Playing {
            return self.say("It is not your turn to play.", Color::Yellow);
        }
        let cards = if self.input.trim().is_empty() {
            if self.selected.is_empty() {
                return self.say(
                    "Select cards (space) or type ranks (e.g. 33344), then Enter; p passes.",
                    Color::Yellow,
                );
            }
            self.selected
        } else {
            let counts: Counts = match self.input.parse() {
                Ok(c) => c,
                Err(e) => return self.say(format!("{e}"), Color::Red),
            };
            match self.cards_for(counts) {
                Some(cards) => cards,
                None => return self.say(format!("You do not hold {counts}."), Color::Red),
            }
        };
        match self.table.game_mut().play_cards(cards) {
            Ok(_) => {
                self.selected = CardSet::EMPTY;
                self.input.clear();
                self.wait = 0;
                self.after_action(HUMAN);
            }
            Err(e) => self.say(e.to_string(), Color::Red),
        }
    }

    /// Your lowest-indexed cards of each rank in `counts`, if you hold them.
    fn cards_for(&self, counts: Counts) -> Option<CardSet> {
        self.table.game().state().cards_in_hand(HUMAN, counts)
    }

    fn pass(&mut self) {
        match self.table.game().state().phase() {
            Phase::Bidding => self.bid(Bid::Pass),
            Phase::Playing if self.my_turn() => match self.table.game_mut().play(Move::Pass) {
                Ok(()) => {
                    self.selected = CardSet::EMPTY;
                    self.input.clear();
                    self.wait = 0;
                    self.after_action(HUMAN);
                }
                Err(e) => self.say(e.to_string(), Color::Red),
            },
            _ => {}
        }
    }

    /// Takes back your last bid or move and every bot action after it.
    fn undo(&mut self) {
        if !matches!(
            self.table.game().state().phase(),
            Phase::Bidding | Phase::Playing
        ) {
            return;
        }
        if !self.table.game().history().iter().any(|t| t.seat == HUMAN) {
            return self.say("Nothing of yours to take back.", Color::Yellow);
        }
        while let Some(last) = self.table.game().history().last() {
            let mine = last.seat == HUMAN;
            if self.table.game_mut().undo().is_none() || mine {
                break;
            }
        }
        self.selected = CardSet::EMPTY;
        self.input.clear();
        self.wait = 0;
        self.say("Took back your last action.", Color::Cyan);
    }

    fn hint(&mut self) {
        if !self.my_turn() || self.table.game().state().phase() != Phase::Playing {
            return;
        }
        let view = self.table.game().view(HUMAN);
        match GreedyBot::new().play(&view) {
            Move::Pass => self.say("Hint: pass.", Color::Cyan),
            Move::Play(play) => {
                if let Some(cards) = self.cards_for(play.counts) {
                    self.selected = cards;
                    self.input.clear();
                    self.say(
                        format!("Hint: {play} ({}). Enter plays it.", play.combo),
                        Color::Cyan,
                    );
                }
            }
        }
    }

    fn after_action(&mut self, seat: Seat) {
        let state = *self.table.game().state();
        match state.phase() {
            Phase::AllPassed => self.say("Everybody passed: redealing.", Color::Yellow),
            Phase::Finished => {
                if let Some(result) = state.settlement() {
                    let mut text = format!("{} won. n: next deal, q: quit.", result.winning_side());
                    text[..1].make_ascii_uppercase();
                    self.say(text, Color::Green);
                }
            }
            Phase::Playing if seat != HUMAN || state.to_move() == HUMAN => {
                let last = self.table.game().history().last().map(|t| t.action);
                if let (Some(TurnAction::Bid(_)), Some(landlord)) = (last, state.landlord()) {
                    let who = seat_name(landlord);
                    self.say(
                        format!("{who} became the landlord (×{}).", state.multiplier()),
                        Color::Cyan,
                    );
                    return;
                }
                if state.to_move() == HUMAN {
                    let text = if state.is_leading() {
                        "Your lead."
                    } else {
                        "Your turn: beat it or pass (p)."
                    };
                    self.say(text, Color::Gray);
                }
            }
            Phase::Bidding if state.to_move() == HUMAN => {
                let legal: Vec<String> = state.legal_bids().map(|b| b.to_string()).collect();
                self.say(format!("Your bid: {}.", legal.join(", ")), Color::Gray);
            }
            _ => {}
        }
    }

    /// One bot action (or a redeal) if it is due. Returns whether something happened.
    pub fn bot_step(&mut self) -> bool {
        let state = *self.table.game().state();
        match state.phase() {
            Phase::Finished => return false,
            Phase::AllPassed => {
                if self.wait < BOT_DELAY {
                    self.wait += 1;
                    return false;
                }
                self.wait = 0;
                self.table.game_mut().redeal();
                self.greet();
                return true;
            }
            _ => {}
        }
        let seat = state.to_move();
        if seat == HUMAN {
            return false;
        }
        if self.wait < BOT_DELAY {
            self.wait += 1;
            return false;
        }
        self.wait = 0;
        let view = self.table.game().view(seat);
        let bot = &mut self.bots[seat.index()];
        let ok = if state.phase() == Phase::Bidding {
            let bid = bot.bid(&view);
            self.table.game_mut().bid(bid).is_ok()
        } else {
            let mv = bot.play(&view);
            self.table.game_mut().play(mv).is_ok()
        };
        if !ok {
            // A bot's choice comes from the legal list; fall back to the first legal action.
            if state.phase() == Phase::Bidding {
                let _ = self.table.game_mut().bid(Bid::Pass);
            } else {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                if let Some(&mv) = moves.first() {
                    let _ = self.table.game_mut().play(mv);
                }
            }
        }
        self.after_action(seat);
        true
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Action {
        if key.code != KeyCode::Esc {
            self.quit_armed = false;
        }
        if self.help {
            self.help = false;
            return Action::Continue;
        }
        let phase = self.table.game().state().phase();
        let hand_len = self.table.game().state().hand(HUMAN).len();
        match key.code {
            // While playing, `q` types a queen: leave with Esc twice instead.
            KeyCode::Char('q' | 'Q') if phase != Phase::Playing => return Action::Quit,
            KeyCode::Char('?') | KeyCode::F(1) => self.help = true,
            KeyCode::Char('n') if phase == Phase::Finished => self.new_deal(),
            KeyCode::Char(c @ '1'..='3') if phase == Phase::Bidding => {
                self.bid(Bid::Points(c as u8 - b'0'));
            }
            KeyCode::Char('c') if phase == Phase::Bidding => self.bid(Bid::Call),
            KeyCode::Char('r') if phase == Phase::Bidding => self.bid(Bid::Rob),
            KeyCode::Char('p' | 'P') => self.pass(),
            KeyCode::Char('h' | 'H') => self.hint(),
            KeyCode::Char('u' | 'U') => self.undo(),
            KeyCode::Left if hand_len > 0 => self.cursor = (self.cursor + hand_len - 1) % hand_len,
            KeyCode::Right if hand_len > 0 => self.cursor = (self.cursor + 1) % hand_len,
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = hand_len.saturating_sub(1),
            KeyCode::Char(' ') | KeyCode::Up | KeyCode::Down => self.toggle(self.cursor),
            KeyCode::Enter => self.submit(),
            KeyCode::Esc => {
                if self.input.is_empty() && self.selected.is_empty() {
                    if self.quit_armed {
                        return Action::Quit;
                    }
                    self.quit_armed = true;
                    self.say("Press Esc again to leave the game.", Color::Yellow);
                    return Action::Continue;
                }
                self.input.clear();
                self.selected = CardSet::EMPTY;
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Char(c)
                if phase == Phase::Playing
                    && (Rank::from_char(c).is_some() || c == '0' || c == '1') =>
            {
                self.input.push(c.to_ascii_uppercase());
                self.describe_input();
            }
            _ => {}
        }
        Action::Continue
    }

    fn describe_input(&mut self) {
        match self.input.parse::<Counts>() {
            Ok(counts) => {
                let all = readings(counts, &self.settings.rules);
                match all.first() {
                    Some(combo) => self.say(format!("{counts}: {combo}"), Color::Gray),
                    None => self.say(format!("{counts}: not a combination yet"), Color::DarkGray),
                }
            }
            Err(e) => self.say(e.to_string(), Color::Red),
        }
    }

    fn toggle(&mut self, index: usize) {
        if let Some(&card) = self.hand().get(index) {
            self.cursor = index;
            if !self.selected.remove(card) {
                self.selected.insert(card);
            }
            self.input.clear();
            if !self.selected.is_empty() {
                let counts = Counts::from_cards(self.selected);
                match readings(counts, &self.settings.rules).first() {
                    Some(combo) => self.say(format!("Selected {counts}: {combo}"), Color::Gray),
                    None => self.say(
                        format!("Selected {counts}: not a combination"),
                        Color::DarkGray,
                    ),
                }
            }
        }
    }

    fn click(&mut self, column: u16, row: u16) {
        let Some(area) = self.hand_area else { return };
        if row != area.y || column < area.x || self.card_cells == 0 {
            return;
        }
        let index = ((column - area.x) / self.card_cells) as usize;
        self.toggle(index);
    }

    fn seat_line(&self, seat: Seat) -> Line<'static> {
        let state = self.table.game().state();
        let role = match state.landlord() {
            Some(l) if l == seat => Span::styled(
                " landlord ",
                Style::default().fg(Color::Black).bg(Color::Yellow),
            ),
            Some(_) => Span::styled(
                " farmer ",
                Style::default().fg(Color::Black).bg(Color::Green),
            ),
            None => Span::raw(""),
        };
        let mut spans = vec![
            Span::styled(
                format!("{:<10}", seat_name(seat)),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            role,
            Span::raw(match state.hand(seat).len() {
                1 => "  1 card   ".to_owned(),
                n => format!(" {n:>2} cards  "),
            }),
        ];
        if matches!(state.phase(), Phase::Bidding | Phase::Playing) && state.to_move() == seat {
            spans.push(Span::styled(
                "◀ to act  ",
                Style::default().fg(Color::Yellow),
            ));
        }
        if let Some(turn) = self
            .table
            .game()
            .history()
            .iter()
            .rev()
            .find(|t| t.seat == seat)
        {
            match turn.action {
                TurnAction::Bid(bid) => spans.push(Span::raw(format!("bid: {bid}"))),
                TurnAction::Pass => {
                    spans.push(Span::styled("pass", Style::default().fg(Color::DarkGray)));
                }
                TurnAction::Play { cards, combo } => {
                    spans.push(Span::raw("played "));
                    for (i, card) in sorted(cards).into_iter().enumerate() {
                        if i > 0 {
                            spans.push(Span::raw(" "));
                        }
                        spans.push(card_span(card, self.style));
                    }
                    spans.push(Span::styled(
                        format!("  {combo}"),
                        Style::default().fg(Color::DarkGray),
                    ));
                }
            }
        }
        Line::from(spans)
    }

    fn settlement_lines(&self, result: &Settlement) -> Vec<Line<'static>> {
        let winner = if result.landlord_won {
            "landlord"
        } else {
            "farmers"
        };
        let mut lines = vec![
            Line::raw(format!(
                "Landlord: {}   winner: {winner}",
                seat_name(result.landlord)
            )),
            Line::raw(result.to_string()),
            Line::raw(""),
            Line::styled(
                format!("{:<10} {:>8} {:>8}", "seat", "deal", "total"),
                Style::default().add_modifier(Modifier::BOLD),
            ),
        ];
        for seat in Seat::ALL {
            lines.push(Line::raw(format!(
                "{:<10} {:>+8} {:>+8}",
                seat_name(seat),
                result.payouts[seat],
                self.table.totals()[seat]
            )));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "n: next deal   q: quit",
            Style::default().fg(Color::DarkGray),
        ));
        lines
    }
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(
                format!(
                    " Dou Dizhu — seed {} — rules {} — {} bidding ",
                    self.table.deal_seed(),
                    self.settings.rules,
                    match self.settings.bidding {
                        BidMode::Points => "points",
                        BidMode::Rob => "call-and-rob",
                    }
                ),
                Style::default().add_modifier(Modifier::BOLD),
            ));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [
            info,
            seats,
            trick,
            _,
            hand_label,
            hand_row,
            cursor_row,
            input_row,
            status,
            keys,
        ] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(3),
            Constraint::Length(2),
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(inner);
        let state = *self.table.game().state();

        // Bottom cards and multiplier.
        let mut bottom = vec![Span::raw("Bottom: ")];
        let bottom_cards = sorted(state.bottom());
        for (i, &card) in bottom_cards.iter().enumerate() {
            if i > 0 {
                bottom.push(Span::raw(" "));
            }
            bottom.push(if state.landlord().is_some() {
                card_span(card, self.style)
            } else {
                card_back_span(self.style)
            });
        }
        let multiplier = if state.landlord().is_some() {
            format!(
                "   Multiplier: ×{}   Bombs: {}",
                state.multiplier(),
                state.bombs()
            )
        } else {
            let leader = match state.auction().leader() {
                Some((seat, _)) => format!(
                    "   Highest: {} (×{})",
                    seat_name(seat),
                    state.auction().base()
                ),
                None => String::new(),
            };
            format!("   Auction{leader}")
        };
        bottom.push(Span::styled(multiplier, Style::default().fg(Color::Cyan)));
        let totals = format!(
            "Totals: you {:+}, right {:+}, left {:+}",
            self.table.totals()[Seat::ALL[0]],
            self.table.totals()[Seat::ALL[1]],
            self.table.totals()[Seat::ALL[2]]
        );
        frame.render_widget(
            Paragraph::new(vec![
                Line::from(bottom),
                Line::styled(totals, Style::default().fg(Color::DarkGray)),
            ]),
            info,
        );

        let seat_lines: Vec<Line> = [Seat::ALL[2], Seat::ALL[1], HUMAN]
            .iter()
            .map(|&s| self.seat_line(s))
            .collect();
        frame.render_widget(Paragraph::new(seat_lines), seats);

        let trick_line = match state.trick() {
            Some((seat, play)) => {
                format!("To beat: {} by {} ({})", play, seat_name(seat), play.combo)
            }
            None if state.phase() == Phase::Playing => {
                if state.to_move() == HUMAN {
                    "You lead a new trick.".to_owned()
                } else {
                    format!("{} leads a new trick.", seat_name(state.to_move()))
                }
            }
            None => String::new(),
        };
        frame.render_widget(
            Paragraph::new(Line::styled(
                trick_line,
                Style::default().add_modifier(Modifier::BOLD),
            )),
            trick,
        );

        // Your hand, cursor and selection.
        let hand = self.hand();
        if self.cursor >= hand.len() {
            self.cursor = hand.len().saturating_sub(1);
        }
        // Narrow terminals: fall back to shorter card labels until the hand fits.
        let fits =
            |s: CardStyle| (s.width() + 1) as usize * hand.len() <= hand_row.width as usize + 1;
        let style = [self.style, CardStyle::Symbol, CardStyle::Ascii]
            .into_iter()
            .filter(|&s| s.width() <= self.style.width())
            .find(|&s| fits(s))
            .unwrap_or(CardStyle::Ascii);
        self.card_cells = style.width() + 1;
        self.hand_area = Some(hand_row);
        let mut spans = Vec::new();
        let mut marks = String::new();
        for (i, &card) in hand.iter().enumerate() {
            let span = if self.selected.contains(card) {
                selected_card_span(card, style)
            } else {
                card_span(card, style)
            };
            spans.push(span);
            spans.push(Span::raw(" "));
            let mark = if i == self.cursor { "^" } else { " " };
            let _ = write!(marks, "{mark:<width$}", width = self.card_cells as usize);
        }
        frame.render_widget(
            Paragraph::new(Line::styled(
                format!(
                    "Your hand ({} cards, ranks {}):",
                    hand.len(),
                    ranks_text(state.hand(HUMAN))
                ),
                Style::default().add_modifier(Modifier::BOLD),
            )),
            hand_label,
        );
        frame.render_widget(Paragraph::new(Line::from(spans)), hand_row);
        frame.render_widget(
            Paragraph::new(Line::styled(marks, Style::default().fg(Color::Yellow))),
            cursor_row,
        );
        frame.render_widget(
            Paragraph::new(format!("Type ranks > {}", self.input)),
            input_row,
        );
        if let Some((text, color)) = &self.message {
            widgets::status_line(frame, status, text, *color);
        }
        let key_help = match state.phase() {
            Phase::Bidding => match self.settings.bidding {
                BidMode::Points => "1/2/3 bid  p pass  ? help  q quit",
                BidMode::Rob => "c call  r rob  p pass  ? help  q quit",
            },
            Phase::Playing => {
                "type 3-9 T J Q K A 2 B R or ←/→ space to select; Enter play  p pass  h hint  u undo  Esc clear  Esc Esc quit  ? help"
            }
            Phase::Finished => "n next deal  q quit",
            Phase::AllPassed => "redealing…",
        };
        widgets::status_line(frame, keys, key_help, Color::DarkGray);

        if let (Phase::Finished, Some(result)) = (state.phase(), state.settlement()) {
            widgets::popup(frame, "Settlement", self.settlement_lines(&result));
        }
        if self.help {
            widgets::help(
                frame,
                "Dou Dizhu — help",
                &[
                    ("1 2 3 / c r / p", "bid points / call, rob / pass"),
                    (
                        "3…9 T J Q K A 2 B R",
                        "type a play by ranks (10 for ten), e.g. 33344 or BR",
                    ),
                    ("← → space, click", "move the cursor, select cards"),
                    ("Enter", "play the typed ranks, else the selected cards"),
                    ("p", "pass"),
                    ("h", "hint: select the greedy bot's choice"),
                    ("u", "undo your last bid or move (and the bots' replies)"),
                    (
                        "Esc / Backspace",
                        "clear the input and selection / delete a rank",
                    ),
                    ("n", "next deal (after the settlement)"),
                    ("q / Esc Esc", "quit (while playing, q types a queen)"),
                ],
                &[
                    "Ranks: 3 < 4 < … < K < A < 2 < B (black joker) < R (red joker).",
                    "Plays: single, pair, trio, trio+1, trio+pair, chain of 5+ (3..A), 3+ pairs in a row,",
                    "airplanes (2+ trios in a row, bare / +1 single / +1 pair each), four+2 singles or pairs,",
                    "bomb (four of a rank) and rocket (BR). Beat the last play with the same kind and length",
                    "and a higher rank, or with a bomb; the rocket beats everything.",
                    "The landlord (with the 3 bottom cards) plays alone against the two farmers.",
                ],
            );
        }
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        match event {
            Event::Key(key) => self.handle_key(key),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                self.click(mouse.column, mouse.row);
                Action::Continue
            }
            _ => Action::Continue,
        }
    }

    fn tick(&mut self) -> Action {
        self.bot_step();
        Action::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{key, keys, render_to_string};

    fn app(seed: u64) -> App {
        App::new(Settings::default(), seed, true, BotKind::Greedy)
    }

    /// Runs bots until it is the human's turn (or the deal ends).
    fn settle(app: &mut App) {
        for _ in 0..10_000 {
            if app.my_turn() || app.game().state().phase() == Phase::Finished {
                return;
            }
            app.tick();
        }
        panic!("bots never yielded");
    }

    #[test]
    fn bidding_three_makes_you_landlord() {
        let mut app = app(3);
        settle(&mut app);
        assert_eq!(app.game().state().phase(), Phase::Bidding);
        app.handle_event(&key(KeyCode::Char('3')));
        assert_eq!(app.game().state().landlord(), Some(HUMAN));
        assert_eq!(app.game().state().hand(HUMAN).len(), 20);
        let screen = render_to_string(&mut app, 120, 30);
        assert!(screen.contains("landlord"), "{screen}");
        assert!(screen.contains("Multiplier: ×3"), "{screen}");
    }

    #[test]
    fn typed_plays_are_checked_and_explained() {
        let mut app = app(3);
        settle(&mut app);
        app.handle_event(&key(KeyCode::Char('3')));
        let before = *app.game().state();
        // Two different single ranks are never a combination (you hold at least two ranks).
        let hand = app.game().state().hand_counts(HUMAN);
        let two: String = hand.iter().take(2).map(|(r, _)| r.char()).collect();
        for event in keys(&two) {
            app.handle_event(&event);
        }
        app.handle_event(&key(KeyCode::Enter));
        assert!(
            app.message().unwrap().contains("not a combination"),
            "{:?}",
            app.message()
        );
        assert_eq!(app.game().state(), &before);
        app.handle_event(&key(KeyCode::Esc));
        // Passing while leading is refused.
        app.handle_event(&key(KeyCode::Char('p')));
        assert!(app.message().unwrap().contains("cannot pass"));
        // A single of the lowest rank is fine.
        let low = hand.iter().next().unwrap().0;
        app.handle_event(&key(KeyCode::Char(low.char())));
        app.handle_event(&key(KeyCode::Enter));
        assert_eq!(app.game().state().hand(HUMAN).len(), 19);
    }

    #[test]
    fn selecting_with_keys_and_mouse() {
        let mut app = app(5);
        settle(&mut app);
        app.handle_event(&key(KeyCode::Char('3')));
        render_to_string(&mut app, 120, 30);
        app.handle_event(&key(KeyCode::Char(' ')));
        assert_eq!(app.selected().len(), 1);
        let area = app.hand_area.unwrap();
        let click = Event::Mouse(crossterm::event::MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: area.x + app.card_cells * 2,
            row: area.y,
            modifiers: crossterm::event::KeyModifiers::NONE,
        });
        app.handle_event(&click);
        assert_eq!(app.selected().len(), 2);
        app.handle_event(&key(KeyCode::Esc));
        assert!(app.selected().is_empty());
    }

    #[test]
    fn a_whole_deal_with_hints_reaches_the_settlement() {
        let mut app = app(9);
        for _ in 0..2_000 {
            settle(&mut app);
            let state = *app.game().state();
            match state.phase() {
                Phase::Finished => break,
                Phase::Bidding => {
                    app.handle_event(&key(KeyCode::Char('p')));
                }
                _ => {
                    app.handle_event(&key(KeyCode::Char('h')));
                    if app.message().is_some_and(|m| m.contains("pass")) && !state.is_leading() {
                        app.handle_event(&key(KeyCode::Char('p')));
                    } else {
                        app.handle_event(&key(KeyCode::Enter));
                    }
                }
            }
        }
        assert_eq!(app.game().state().phase(), Phase::Finished);
        let screen = render_to_string(&mut app, 120, 30);
        assert!(screen.contains("Settlement"), "{screen}");
        app.handle_event(&key(KeyCode::Char('n')));
        assert_eq!(app.game().state().phase(), Phase::Bidding);
        assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
    }

    #[test]
    fn undo_takes_back_your_move_and_the_bots_replies() {
        let mut app = app(3);
        settle(&mut app);
        app.handle_event(&key(KeyCode::Char('3')));
        let before = *app.game().state();
        let low = before.hand_counts(HUMAN).iter().next().unwrap().0;
        app.handle_event(&key(KeyCode::Char(low.char())));
        app.handle_event(&key(KeyCode::Enter));
        settle(&mut app);
        assert_ne!(app.game().state(), &before);
        app.handle_event(&key(KeyCode::Char('u')));
        assert_eq!(app.game().state(), &before);
        assert!(app.my_turn());
    }

    #[test]
    fn a_twenty_card_hand_fits_an_80_column_terminal() {
        let mut app = App::new(Settings::default(), 3, false, BotKind::Greedy);
        settle(&mut app);
        app.handle_event(&key(KeyCode::Char('3')));
        assert_eq!(app.game().state().hand(HUMAN).len(), 20);
        let screen = render_to_string(&mut app, 80, 24);
        let last = sorted(app.game().state().hand(HUMAN)).pop().unwrap();
        assert!(screen.contains(&last.to_string()), "{screen}");
    }

    #[test]
    fn q_types_a_queen_while_playing_and_esc_twice_quits() {
        let mut app = app(3);
        settle(&mut app);
        app.handle_event(&key(KeyCode::Char('3')));
        assert_eq!(app.game().state().phase(), Phase::Playing);
        assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Continue);
        assert_eq!(app.input, "Q");
        assert_eq!(app.handle_event(&key(KeyCode::Esc)), Action::Continue);
        assert!(app.input.is_empty());
        assert_eq!(app.handle_event(&key(KeyCode::Esc)), Action::Continue);
        assert_eq!(app.handle_event(&key(KeyCode::Esc)), Action::Quit);
    }
}
