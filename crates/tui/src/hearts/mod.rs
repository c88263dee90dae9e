//! Hearts in the terminal: you (South) against three computer players.
//!
//! [`App`] holds the game and all key handling, so tests drive it with synthetic events and
//! render it into a `TestBackend`. The computer players see only their seat's
//! [`View`](::hearts::View); the screen shows only South's cards.

pub mod cli;

use std::fmt::Write as _;

use ::hearts::{
    Bot, Game, HandSummary, Move, Phase, RandomBot, RuleBot, Seat, Settings, Trick, seat_letter,
    seat_name,
};
use cards_core::{Card, CardSet};
use clap::ValueEnum;
use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph};

use crate::app::{Action, Screen};
use crate::cards::{CardStyle, card_back_span, card_span};
use crate::launcher::LaunchOptions;
use crate::widgets;

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

    fn faster(self) -> Speed {
        match self {
            Speed::Slow => Speed::Normal,
            Speed::Normal => Speed::Fast,
            Speed::Fast | Speed::Instant => Speed::Instant,
        }
    }

    fn slower(self) -> Speed {
        match self {
            Speed::Instant => Speed::Fast,
            Speed::Fast => Speed::Normal,
            Speed::Normal | Speed::Slow => Speed::Slow,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }
}

/// Which computer players sit at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotKind {
    /// Rule-of-thumb players (pass the dangerous cards, duck, dump Q♠).
    Rule,
    /// Random legal players.
    Random,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Overlay {
    None,
    Help,
    Scores,
    HandOver,
}

/// The Hearts screen.
pub struct App {
    game: Game,
    seed: u64,
    style: CardStyle,
    bots: Vec<Box<dyn Bot>>,
    bot_kind: BotKind,
    speed: Speed,
    cursor: usize,
    chosen: CardSet,
    received: CardSet,
    message: Option<(String, Color)>,
    overlay: Overlay,
    wait: u32,
    hand_area: Option<Rect>,
    confirm_new: bool,
}

/// Builds the screen for the launcher.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(
        Settings::default(),
        options.seed_or_random(),
        options,
    ))
}

fn make_bots(kind: BotKind, seed: u64) -> Vec<Box<dyn Bot>> {
    (0..4u64)
        .map(|i| -> Box<dyn Bot> {
            match kind {
                BotKind::Rule => Box::new(RuleBot),
                BotKind::Random => Box::new(RandomBot::new(seed.wrapping_add(i))),
            }
        })
        .collect()
}

const KEYS: &[(&str, &str)] = &[
    ("← → / h l", "move between your cards (or click a card)"),
    (
        "Enter / Space",
        "play the card; while passing, pick or drop it",
    ),
    ("Enter", "with three cards picked: pass them"),
    ("s", "score table"),
    ("+ / -", "computer players faster / slower"),
    ("n n", "new game (next seed)"),
    ("? / F1", "this help"),
    ("q / Esc", "quit (Esc closes a window first)"),
];

/// The rules in force, one line each, for the help window.
fn rule_lines(settings: &Settings) -> Vec<String> {
    use ::hearts::{MoonScoring, PassSchedule, TieRule};
    let mut lines = vec![match settings.pass_schedule {
        PassSchedule::Cycle => {
            "Pass three cards: hand 1 left, 2 right, 3 across, 4 none, then again.".to_owned()
        }
        PassSchedule::Fixed(direction) => format!("Pass three cards {direction} every hand."),
        PassSchedule::NoPassing => "No passing.".to_owned(),
    }];
    lines.push(if settings.any_club_leads {
        "The holder of 2♣ leads any club to the first trick.".to_owned()
    } else {
        "The holder of 2♣ leads it to the first trick.".to_owned()
    });
    lines.push("Follow suit when you can; the highest card of the led suit wins the trick.".into());
    if !settings.points_on_first_trick {
        lines.push("No hearts or Q♠ on the first trick unless you hold nothing else.".into());
    }
    if settings.must_break_hearts {
        let queen = if settings.queen_breaks_hearts {
            " (Q♠ breaks them too)"
        } else {
            ""
        };
        let only_queen = if settings.lead_hearts_with_only_queen {
            " or hearts and Q♠"
        } else {
            ""
        };
        lines.push(format!(
            "Hearts may not be led until one has been played{queen}, unless you hold only hearts{only_queen}."
        ));
    }
    lines.push(match settings.moon {
        MoonScoring::OthersAdd26 => {
            "Each heart scores 1, Q♠ 13. Take all 26 to shoot the moon: everyone else gets 26."
                .into()
        }
        MoonScoring::ShooterMinus26 => {
            "Each heart scores 1, Q♠ 13. Take all 26 to shoot the moon: you score −26.".into()
        }
    });
    if settings.jack_of_diamonds {
        lines.push("Taking J♦ scores −10.".into());
    }
    if settings.no_tricks_bonus {
        lines.push("Taking no trick scores −5.".into());
    }
    lines.push(format!(
        "The game ends when someone reaches {}; the lowest total wins{}.",
        settings.target,
        match settings.tie {
            TieRule::Share => " (a tie shares the win)",
            TieRule::PlayOn => " (a tie plays on)",
        }
    ));
    lines
}

impl App {
    /// A new game from `seed`, with rule-of-thumb bots at normal speed.
    pub fn new(settings: Settings, seed: u64, options: &LaunchOptions) -> App {
        let mut app = App {
            game: Game::new(settings, seed),
            seed,
            style: options.style,
            bots: make_bots(BotKind::Rule, seed),
            bot_kind: BotKind::Rule,
            speed: Speed::Normal,
            cursor: 0,
            chosen: CardSet::EMPTY,
            received: CardSet::EMPTY,
            message: None,
            overlay: Overlay::None,
            wait: 0,
            hand_area: None,
            confirm_new: false,
        };
        app.start_hand();
        app
    }

    /// Sets the computer players' speed.
    pub fn set_speed(&mut self, speed: Speed) {
        self.speed = speed;
    }

    /// Seats new computer players of this kind.
    pub fn set_bots(&mut self, kind: BotKind) {
        self.bot_kind = kind;
        self.bots = make_bots(kind, self.seed);
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The message on the status line, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    /// Your cards in display order.
    fn hand(&self) -> Vec<Card> {
        self.game.round().hand(HUMAN).iter().collect()
    }

    fn start_hand(&mut self) {
        self.cursor = 0;
        self.chosen = CardSet::EMPTY;
        self.received = CardSet::EMPTY;
        self.overlay = Overlay::None;
        self.wait = self.speed.ticks();
        let direction = self.game.round().pass_direction();
        self.info(&if direction.passes() {
            format!(
                "Hand {}: pick three cards to pass {direction} to {}, then press Enter",
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
                self.error(&format!("{} passed badly: {err}", seat_name(seat)));
            }
        }
    }

    fn info(&mut self, text: &str) {
        self.message = Some((self.text(text), Color::Cyan));
    }

    fn error(&mut self, text: &str) {
        self.message = Some((self.text(text), Color::Red));
    }

    /// `text` as drawn: unchanged, or with `--ascii` its suit symbols, arrows, dots and minus
    /// signs spelled in ASCII.
    fn text(&self, text: &str) -> String {
        if self.style != CardStyle::Ascii {
            return text.to_owned();
        }
        text.replace('♣', "C")
            .replace('♦', "D")
            .replace('♥', "H")
            .replace('♠', "S")
            .replace("←→", "<- ->")
            .replace("← →", "<- ->")
            .replace('→', "->")
            .replace('·', "|")
            .replace('−', "-")
            .replace('☾', "*")
    }

    fn new_game(&mut self) {
        self.confirm_new = false;
        self.seed = self.seed.wrapping_add(1);
        self.game = Game::new(*self.game.settings(), self.seed);
        self.bots = make_bots(self.bot_kind, self.seed);
        self.start_hand();
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
                    self.info(&format!("{} cards picked", self.chosen.len()));
                } else if self.chosen.len() == 3 {
                    self.error("three cards are picked: drop one first (Enter passes them)");
                } else {
                    self.chosen.insert(card);
                    let n = self.chosen.len();
                    self.info(&if n == 3 {
                        "three cards picked: press Enter to pass them".to_owned()
                    } else {
                        format!("{n} of 3 cards picked")
                    });
                }
            }
            Phase::Playing => {
                if let Some(turn) = self.game.round().to_move().filter(|&t| t != HUMAN) {
                    self.info(&format!("wait: {} is to play", seat_name(turn)));
                    return;
                }
                match self.game.play(Move::Play(HUMAN, card)) {
                    Ok(()) => {
                        self.received = CardSet::EMPTY;
                        self.message = None;
                        self.after_play();
                        self.cursor = self.cursor.min(self.hand().len().saturating_sub(1));
                    }
                    Err(err) => {
                        self.error(&format!("you cannot play {}: {err}", card.symbol_text()));
                    }
                }
            }
            Phase::Over => self.overlay = Overlay::HandOver,
        }
    }

    fn pass(&mut self) {
        match self.game.play(Move::Pass(HUMAN, self.chosen)) {
            Ok(()) => {
                let view = self.game.view(HUMAN);
                self.received = view.received().unwrap_or(CardSet::EMPTY);
                let names = |set: CardSet| {
                    set.iter()
                        .map(Card::symbol_text)
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let direction = self.game.round().pass_direction();
                self.info(&format!(
                    "you passed {} to {} and received {} from {}",
                    names(self.chosen),
                    seat_name(direction.receiver(HUMAN)),
                    names(self.received),
                    seat_name(direction.giver(HUMAN))
                ));
                self.chosen = CardSet::EMPTY;
                self.cursor = 0;
                self.wait = self.speed.ticks();
            }
            Err(err) => self.error(&format!("cannot pass: {err}")),
        }
    }

    fn after_play(&mut self) {
        let round = self.game.round();
        if round.phase() == Phase::Over {
            self.overlay = Overlay::HandOver;
            return;
        }
        let trick_done = round.cards_played().is_multiple_of(4);
        self.wait = if trick_done {
            self.speed.ticks() * 2 + 2
        } else {
            self.speed.ticks()
        };
    }

    /// One computer action if it is a computer's turn and the pause is over.
    fn bot_step(&mut self) {
        if self.overlay != Overlay::None {
            return;
        }
        if self.wait > 0 {
            self.wait -= 1;
            return;
        }
        let Some(seat) = self.game.round().to_move().filter(|&s| s != HUMAN) else {
            return;
        };
        let card = self.bots[seat.index()].choose_play(&self.game.view(seat));
        match self.game.play(Move::Play(seat, card)) {
            Ok(()) => self.after_play(),
            Err(err) => self.error(&format!("{} played badly: {err}", seat_name(seat))),
        }
    }

    fn next_hand(&mut self) {
        if self.game.is_over() {
            self.new_game();
        } else if self.game.next_hand().is_ok() {
            self.start_hand();
        }
    }

    fn handle_key(&mut self, key: &KeyEvent) -> Action {
        if self.overlay != Overlay::None {
            let closes = matches!(key.code, KeyCode::Esc | KeyCode::Enter | KeyCode::Char(' '));
            match self.overlay {
                Overlay::HandOver if closes => self.next_hand(),
                Overlay::HandOver if key.code == KeyCode::Char('q') => return Action::Quit,
                Overlay::HandOver if key.code == KeyCode::Char('n') => self.new_game(),
                Overlay::HandOver => {}
                _ => self.overlay = Overlay::None,
            }
            return Action::Continue;
        }
        let len = self.hand().len();
        if key.code != KeyCode::Char('n') {
            self.confirm_new = false;
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return Action::Quit,
            KeyCode::Left | KeyCode::Char('h') => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right | KeyCode::Char('l') => {
                self.cursor = (self.cursor + 1).min(len.saturating_sub(1));
            }
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = len.saturating_sub(1),
            KeyCode::Enter => self.activate(true),
            KeyCode::Char(' ') => self.activate(false),
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Overlay::Help,
            KeyCode::Char('s') => self.overlay = Overlay::Scores,
            KeyCode::Char('+' | '=') => {
                self.speed = self.speed.faster();
                self.info(&format!("computer speed: {}", self.speed.name()));
            }
            KeyCode::Char('-') => {
                self.speed = self.speed.slower();
                self.info(&format!("computer speed: {}", self.speed.name()));
            }
            KeyCode::Char('n') if self.confirm_new => self.new_game(),
            KeyCode::Char('n') => {
                self.confirm_new = true;
                self.info("press n again to abandon this game and start a new one");
                return Action::Continue;
            }
            _ => {}
        }
        Action::Continue
    }

    fn click(&mut self, column: u16, row: u16) {
        if self.overlay != Overlay::None {
            if self.overlay == Overlay::HandOver {
                self.next_hand();
            } else {
                self.overlay = Overlay::None;
            }
            return;
        }
        let Some(area) = self.hand_area else { return };
        if row != area.y || column < area.x {
            return;
        }
        let step = self.style.width() + 1;
        let index = ((column - area.x) / step) as usize;
        if index < self.hand().len() {
            self.cursor = index;
            self.activate(false);
        }
    }

    fn seat_label(&self, seat: Seat) -> String {
        let round = self.game.round();
        let who = if seat == HUMAN {
            "You (South)".to_owned()
        } else {
            seat_name(seat).to_owned()
        };
        self.text(&format!(
            "{who}  {} cards · {} pts this hand · total {}",
            round.hand(seat).len(),
            round.points_taken(seat),
            self.game.totals()[seat]
        ))
    }

    /// The trick to show: the current one, or the last completed one while the next is empty.
    fn shown_trick(&self) -> Option<(Trick, bool)> {
        let round = self.game.round();
        match round.current_trick() {
            Some(trick) if !trick.is_empty() => Some((trick, false)),
            _ => round.completed_tricks().last().map(|t| (t, true)),
        }
    }

    fn render_table(&self, frame: &mut Frame, area: Rect) {
        let slot = |seat: Seat| -> Span<'static> {
            match self.shown_trick().and_then(|(t, _)| t.card_of(seat)) {
                Some(card) => card_span(card, self.style),
                None => Span::styled(
                    if self.style == CardStyle::Ascii {
                        "."
                    } else {
                        "·"
                    }
                    .repeat(self.style.width() as usize),
                    Style::default().fg(Color::DarkGray),
                ),
            }
        };
        let gap = " ".repeat(self.style.width() as usize + 4);
        let mut lines = vec![
            Line::from(slot(::hearts::NORTH)).alignment(Alignment::Center),
            Line::from(vec![
                slot(::hearts::WEST),
                Span::raw(gap),
                slot(::hearts::EAST),
            ])
            .alignment(Alignment::Center),
            Line::from(slot(HUMAN)).alignment(Alignment::Center),
            Line::raw(""),
        ];
        let caption = match (self.game.round().phase(), self.shown_trick()) {
            (Phase::Passing, _) => {
                let direction = self.game.round().pass_direction();
                format!(
                    "passing {direction}: pick 3 cards for {}",
                    seat_name(direction.receiver(HUMAN))
                )
            }
            (_, Some((trick, true))) => {
                let winner = trick.winner().unwrap_or(HUMAN);
                let who = if winner == HUMAN {
                    "you take".to_owned()
                } else {
                    format!("{} takes", seat_name(winner))
                };
                format!("{who} the trick ({} pts)", trick.points())
            }
            _ => String::new(),
        };
        lines.push(
            Line::styled(caption, Style::default().fg(Color::Gray)).alignment(Alignment::Center),
        );
        let turn = match self.game.round().to_move() {
            Some(HUMAN) => Line::styled(
                "your turn",
                Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
            ),
            Some(seat) => Line::styled(
                format!("{} to play", seat_name(seat)),
                Style::default().fg(Color::Gray),
            ),
            None => Line::raw(""),
        };
        lines.push(turn.alignment(Alignment::Center));
        let broken = if self.game.round().hearts_broken() {
            "hearts broken"
        } else {
            "hearts not broken"
        };
        lines.push(
            Line::styled(broken, Style::default().fg(Color::DarkGray)).alignment(Alignment::Center),
        );
        if let Some(last) = self.game.round().completed_tricks().last() {
            let mut spans = vec![Span::styled(
                "last trick: ",
                Style::default().fg(Color::DarkGray),
            )];
            for (seat, card) in last.plays() {
                spans.push(Span::raw(format!("{} ", seat_letter(seat))));
                spans.push(card_span(card, self.style));
                spans.push(Span::raw("  "));
            }
            let winner = last.winner().map_or('?', seat_letter);
            spans.push(Span::styled(
                self.text(&format!("→ {winner}")),
                Style::default().fg(Color::DarkGray),
            ));
            lines.push(Line::from(spans).alignment(Alignment::Center));
        }
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn render_hand(&mut self, frame: &mut Frame, area: Rect) {
        let round = self.game.round();
        let legal = if round.to_move() == Some(HUMAN) {
            round.legal_moves()
        } else {
            CardSet::EMPTY
        };
        let mut cards = Vec::new();
        let mut marks = Vec::new();
        let width = self.style.width() as usize;
        for (i, card) in self.hand().into_iter().enumerate() {
            let mut span = card_span(card, self.style);
            if round.to_move() == Some(HUMAN) && !legal.contains(card) {
                span.style = span.style.add_modifier(Modifier::DIM).fg(Color::DarkGray);
            }
            if i == self.cursor {
                span.style = span.style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            cards.push(span);
            cards.push(Span::raw(" "));
            // Marks fit the card width: two cells in ASCII, four with glyphs.
            let narrow = width < 4;
            let mark = if self.chosen.contains(card) {
                if narrow { "**" } else { "pass" }
            } else if self.received.contains(card) {
                if narrow { "++" } else { "new" }
            } else if i == self.cursor {
                "^"
            } else {
                ""
            };
            marks.push(Span::styled(
                format!("{mark:^width$} "),
                Style::default().fg(Color::Yellow),
            ));
        }
        let [title, hand, mark] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(Line::styled(
                self.seat_label(HUMAN),
                Style::default().add_modifier(Modifier::BOLD),
            )),
            title,
        );
        frame.render_widget(Paragraph::new(Line::from(cards)), hand);
        frame.render_widget(Paragraph::new(Line::from(marks)), mark);
        self.hand_area = Some(hand);
    }

    fn score_lines(&self) -> Vec<Line<'static>> {
        let header = format!(
            "{:<6}{:>8}{:>8}{:>8}{:>8}",
            "hand", "North", "East", "South", "West"
        );
        let mut lines = vec![Line::styled(
            header,
            Style::default().add_modifier(Modifier::BOLD),
        )];
        for (i, HandSummary { result, .. }) in self.game.history().iter().enumerate() {
            let mut row = format!("{:<6}", i + 1);
            for seat in Seat::ALL {
                let moon = if result.moon == Some(seat) { "☾" } else { "" };
                let _ = write!(row, "{:>8}", format!("{moon}{}", result.points[seat]));
            }
            lines.push(Line::raw(self.text(&row)));
        }
        let mut total = format!("{:<6}", "total");
        for seat in Seat::ALL {
            let _ = write!(total, "{:>8}", self.game.totals()[seat]);
        }
        lines.push(Line::styled(
            total,
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
        ));
        lines
    }

    fn render_overlay(&self, frame: &mut Frame) {
        match self.overlay {
            Overlay::None => {}
            Overlay::Help => {
                let rules: Vec<String> = rule_lines(self.game.settings())
                    .iter()
                    .map(|r| self.text(r))
                    .collect();
                let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
                let keys: Vec<(String, String)> = KEYS
                    .iter()
                    .map(|(k, what)| (self.text(k), self.text(what)))
                    .collect();
                let keys: Vec<(&str, &str)> =
                    keys.iter().map(|(k, w)| (k.as_str(), w.as_str())).collect();
                widgets::help(frame, "Hearts: help", &keys, &rules);
            }
            Overlay::Scores => {
                let mut lines = self.score_lines();
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    "press any key to close",
                    Style::default().fg(Color::DarkGray),
                ));
                widgets::popup(frame, "Scores", lines);
            }
            Overlay::HandOver => {
                let mut lines = self.score_lines();
                lines.push(Line::raw(""));
                if let Some(shooter) = self.game.history().last().and_then(|h| h.result.moon) {
                    let who = if shooter == HUMAN {
                        "You".to_owned()
                    } else {
                        seat_name(shooter).to_owned()
                    };
                    lines.push(Line::styled(
                        format!("{who} shot the moon!"),
                        Style::default().fg(Color::Magenta),
                    ));
                }
                if let Some(winners) = self.game.winners() {
                    let names: Vec<&str> = winners
                        .iter()
                        .map(|&w| if w == HUMAN { "You" } else { seat_name(w) })
                        .collect();
                    let verb = if winners.len() > 1 {
                        "share the win"
                    } else if winners[0] == HUMAN {
                        "win"
                    } else {
                        "wins"
                    };
                    lines.push(Line::styled(
                        format!("Game over: {} {verb}!", names.join(" and ")),
                        Style::default()
                            .fg(Color::Green)
                            .add_modifier(Modifier::BOLD),
                    ));
                    lines.push(Line::raw("Enter: new game · q: quit"));
                } else {
                    lines.push(Line::raw("Enter: next hand · q: quit"));
                }
                widgets::popup(frame, "End of hand", lines);
            }
        }
    }
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        let round = self.game.round();
        let title = self.text(&format!(
            " Hearts · hand {} · pass {} · seed {} · bots {} ",
            self.game.hand_number() + 1,
            round.pass_direction(),
            self.seed,
            self.speed.name()
        ));
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(title);
        let inner = block.inner(frame.area());
        frame.render_widget(block, frame.area());
        let [north, middle, hand, status, keys] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(8),
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(inner);
        let backs = |seat: Seat, most: usize| -> Line<'static> {
            let n = round.hand(seat).len();
            let mut spans = Vec::new();
            for _ in 0..n.min(most) {
                if self.style == CardStyle::Ascii && !spans.is_empty() {
                    spans.push(Span::raw(" "));
                }
                spans.push(card_back_span(self.style));
            }
            if n > most {
                spans.push(Span::raw(format!(" +{}", n - most)));
            }
            Line::from(spans)
        };
        frame.render_widget(
            Paragraph::new(vec![
                Line::raw(self.seat_label(::hearts::NORTH)).alignment(Alignment::Center),
                backs(::hearts::NORTH, 8).alignment(Alignment::Center),
            ]),
            north,
        );
        let [_, middle, _] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(10),
            Constraint::Fill(1),
        ])
        .areas(middle);
        let [west, table, east] = Layout::horizontal([
            Constraint::Length(26),
            Constraint::Min(20),
            Constraint::Length(26),
        ])
        .areas(middle);
        for (seat, area) in [(::hearts::WEST, west), (::hearts::EAST, east)] {
            let name = Line::styled(
                seat_name(seat),
                Style::default().add_modifier(Modifier::BOLD),
            );
            let lines = vec![
                name,
                Line::raw(format!("{} cards", round.hand(seat).len())),
                Line::raw(format!("{} pts this hand", round.points_taken(seat))),
                Line::raw(format!("total {}", self.game.totals()[seat])),
                backs(seat, 4),
            ];
            frame.render_widget(
                Paragraph::new(lines).block(Block::bordered().border_type(BorderType::Plain)),
                area,
            );
        }
        self.render_table(frame, table);
        self.render_hand(frame, hand);
        if let Some((text, color)) = &self.message {
            widgets::status_line(frame, status, text, *color);
        }
        widgets::status_line(
            frame,
            keys,
            &self
                .text("←→ move · Enter play/pick · s scores · +/- speed · ? help · n new · q quit"),
            Color::DarkGray,
        );
        self.render_overlay(frame);
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
    use crate::app::{key, render_to_string};

    fn app(seed: u64) -> App {
        let mut app = App::new(Settings::default(), seed, &LaunchOptions::default());
        app.set_speed(Speed::Instant);
        app
    }

    fn press(app: &mut App, code: KeyCode) {
        assert_eq!(app.handle_event(&key(code)), Action::Continue);
    }

    /// Picks the first three cards and passes them, if this hand passes.
    fn pass_first_three(app: &mut App) {
        if app.game().round().phase() != Phase::Passing {
            return;
        }
        press(app, KeyCode::Home);
        for _ in 0..3 {
            press(app, KeyCode::Char(' '));
            press(app, KeyCode::Right);
        }
        press(app, KeyCode::Enter);
    }

    fn until_my_turn(app: &mut App) {
        for _ in 0..100 {
            if app.game().round().to_move() == Some(HUMAN)
                || app.game().round().phase() == Phase::Over
            {
                return;
            }
            app.tick();
        }
        panic!("the bots never gave the turn back");
    }

    #[test]
    fn passing_picks_three_cards_and_reveals_what_came_back() {
        let mut a = app(1);
        let before = a.game().round().hand(HUMAN);
        assert_eq!(a.game().round().phase(), Phase::Passing);
        press(&mut a, KeyCode::Enter);
        assert_eq!(
            a.chosen.len(),
            1,
            "Enter picks while fewer than three are picked"
        );
        press(&mut a, KeyCode::Char(' '));
        assert!(a.chosen.is_empty(), "and Space drops it again");
        pass_first_three(&mut a);
        assert_eq!(a.game().round().phase(), Phase::Playing);
        let received = a.game().view(HUMAN).received().unwrap();
        assert!(a.message().unwrap().contains("received"));
        assert_eq!(
            a.game().round().hand(HUMAN),
            (before - before.iter().take(3).collect()) | received
        );
    }

    #[test]
    fn a_refused_card_shows_the_rule() {
        let mut a = app(2);
        pass_first_three(&mut a);
        until_my_turn(&mut a);
        let round = a.game().round().clone();
        let legal = round.legal_moves();
        let hand = a.hand();
        let Some(index) = hand.iter().position(|&c| !legal.contains(c)) else {
            return; // every card legal here; other seeds cover the refusal
        };
        a.cursor = index;
        press(&mut a, KeyCode::Enter);
        let expected = round
            .check(Move::Play(HUMAN, hand[index]))
            .unwrap_err()
            .to_string();
        assert!(
            a.message().unwrap().contains(&expected),
            "{:?}",
            a.message()
        );
        assert_eq!(a.game().round(), &round, "nothing was played");
        let screen = render_to_string(&mut a, 120, 40);
        assert!(screen.contains("you cannot play"));
    }

    #[test]
    fn a_whole_game_can_be_played_with_keys() {
        let mut a = app(3);
        for _ in 0..2000 {
            match a.overlay {
                Overlay::HandOver if a.game().is_over() => break,
                Overlay::HandOver => press(&mut a, KeyCode::Enter),
                _ => {}
            }
            pass_first_three(&mut a);
            until_my_turn(&mut a);
            if a.game().round().to_move() == Some(HUMAN) {
                let legal = a.game().round().legal_moves();
                a.cursor = a.hand().iter().position(|&c| legal.contains(c)).unwrap();
                press(&mut a, KeyCode::Enter);
            }
        }
        assert!(a.game().is_over());
        let screen = render_to_string(&mut a, 100, 40);
        assert!(screen.contains("Game over"), "{screen}");
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.game().hand_number(), 0, "Enter starts a new game");
    }

    #[test]
    fn renders_at_small_and_large_sizes_and_overlays_close() {
        for ascii in [false, true] {
            let mut a = App::new(
                Settings::default(),
                4,
                &LaunchOptions {
                    style: CardStyle::from_flags(ascii, false),
                    ..LaunchOptions::default()
                },
            );
            for (w, h) in [(120, 40), (80, 24), (40, 12)] {
                let screen = render_to_string(&mut a, w, h);
                assert!(screen.contains("Hearts"));
            }
            let screen = render_to_string(&mut a, 120, 40);
            assert!(screen.contains("You (South)"));
            if ascii {
                assert!(
                    screen.is_ascii()
                        || screen
                            .chars()
                            .all(|c| c.is_ascii() || "╭╮╰╯─│┌┐└┘".contains(c)),
                    "{screen}"
                );
            }
            press(&mut a, KeyCode::Char('?'));
            assert!(render_to_string(&mut a, 120, 40).contains("help"));
            press(&mut a, KeyCode::Char('x'));
            press(&mut a, KeyCode::Char('s'));
            assert!(render_to_string(&mut a, 120, 40).contains("total"));
            press(&mut a, KeyCode::Esc);
            assert_eq!(a.overlay, Overlay::None);
            press(&mut a, KeyCode::Char('+'));
            assert_eq!(a.speed, Speed::Fast);
            assert_eq!(a.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
        }
    }

    #[test]
    fn new_game_needs_a_second_n_and_help_lists_the_variants() {
        let settings = Settings {
            jack_of_diamonds: true,
            target: 50,
            ..Settings::default()
        };
        let mut a = App::new(settings, 6, &LaunchOptions::default());
        pass_first_three(&mut a);
        press(&mut a, KeyCode::Char('n'));
        assert_eq!(a.game().round().phase(), Phase::Playing, "one n only asks");
        press(&mut a, KeyCode::Char('n'));
        assert_eq!(
            a.game().round().phase(),
            Phase::Passing,
            "the second starts a new game"
        );
        assert_eq!(a.seed, 7);
        press(&mut a, KeyCode::Char('?'));
        let screen = render_to_string(&mut a, 120, 40);
        assert!(
            screen.contains("J♦ scores −10") && screen.contains("reaches 50"),
            "{screen}"
        );
    }

    #[test]
    fn launcher_entry_starts_a_game() {
        let entry = crate::launcher::GAMES
            .iter()
            .find(|g| g.example == "hearts")
            .unwrap();
        let start = entry.start;
        let mut screen = start(&LaunchOptions {
            seed: Some(8),
            ..LaunchOptions::default()
        });
        assert!(render_to_string(screen.as_mut(), 100, 30).contains("seed 8"));
    }

    #[test]
    fn clicking_a_card_picks_it() {
        let mut a = app(5);
        render_to_string(&mut a, 120, 40);
        let area = a.hand_area.unwrap();
        let event = Event::Mouse(crossterm::event::MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: area.x + (a.style.width() + 1) * 2,
            row: area.y,
            modifiers: crossterm::event::KeyModifiers::NONE,
        });
        a.handle_event(&event);
        assert_eq!(a.cursor, 2);
        assert_eq!(a.chosen.len(), 1);
    }
}
