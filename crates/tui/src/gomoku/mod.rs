//! Gomoku in the terminal: two local players or you against a simple bot, under any rule set
//! and board size the `gomoku` crate supports.
//!
//! The board shows coordinates, stones as `●`/`○` (`X`/`O` with `--ascii`), Black's forbidden
//! points under renju (`×`, `*` in ASCII), the last move and the winning line. Cursor keys or
//! the mouse place stones; `:` types a coordinate (`h8` or `7,7`).

pub mod cli;

use std::fmt::Write as _;

use ::gomoku::opening::{CannotStart, Opening, OpeningRule, Phase, Player, Swap2Choice};
use ::gomoku::{Bot, Color as Stone, Game, IllegalMove, Point, PointSet, Rule, Settings};
use crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Wrap};

use crate::app::{Action, Screen};
use crate::launcher::LaunchOptions;
use crate::widgets;

/// Board sizes `s` cycles through.
const SIZES: [u8; 4] = [15, 19, 20, 9];

/// Who the bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Two people at one keyboard.
    Human,
    /// The bot plays this colour.
    Bot(Stone),
}

impl Opponent {
    fn next(self) -> Opponent {
        match self {
            Opponent::Human => Opponent::Bot(Stone::White),
            Opponent::Bot(Stone::White) => Opponent::Bot(Stone::Black),
            Opponent::Bot(Stone::Black) => Opponent::Human,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Opponent::Human => "two players",
            Opponent::Bot(Stone::White) => "you (black) vs bot (white)",
            Opponent::Bot(Stone::Black) => "bot (black) vs you (white)",
        }
    }
}

/// Start-up options of the gomoku screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Rule settings.
    pub settings: Settings,
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// ASCII drawing.
    pub ascii: bool,
    /// Seed for the bot's tie-breaks.
    pub seed: u64,
    /// Opening rule played before the game (two players only).
    pub opening: Option<OpeningRule>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            settings: Settings::new(Rule::Freestyle),
            width: 15,
            height: 15,
            opponent: Opponent::Bot(Stone::White),
            ascii: false,
            seed: 0,
            opening: None,
        }
    }
}

/// Builds the screen for the launcher.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(
        App::new(Options {
            ascii: options.style.is_ascii(),
            seed: options.seed_or_random(),
            ..Options::default()
        })
        .expect("the default options start a game"),
    )
}

const KEYS: &[(&str, &str)] = &[
    ("← ↑ → ↓ / h j k l", "move the cursor"),
    ("Enter / Space / click", "place a stone"),
    (":", "type a coordinate (h8 or 7,7), then Enter"),
    ("u", "undo (against the bot: back to your turn)"),
    ("n", "new game"),
    ("r", "next rule set (new game)"),
    ("s", "next board size: 15, 19, 20, 9 (new game)"),
    ("b", "opponent: bot white / bot black / two players"),
    ("? / F1", "this help"),
    ("q / Esc", "quit (Esc closes a prompt first)"),
];

const RULES: &[&str] = &[
    "Black moves first. Make a row of five to win; a full board is a draw.",
    "freestyle: five or more wins. standard: exactly five; an overline does not win.",
    "renju: Black wins only with exactly five and may not play a forbidden point (marked ×):",
    "  overline, double-four, double-three (RIF). White wins with five or more.",
    "caro: a five blocked by the opponent at both ends does not win; caro-overline: overlines win.",
];

/// The gomoku screen.
#[derive(Debug)]
pub struct App {
    options: Options,
    game: Game,
    cursor: Point,
    forbidden: PointSet,
    bot: Bot,
    message: Option<(String, Color)>,
    input: Option<String>,
    help: bool,
    wait: u8,
    /// Top-left cell of the board at the last render, and the cell width, for the mouse.
    board_origin: Option<(u16, u16, u16)>,
    /// The opening in progress, if any.
    opening: Option<Opening>,
    /// Who holds Black after the opening.
    black_player: Option<Player>,
}

impl App {
    /// A new game with `options`; refused, with the reason, when the board size is not
    /// 5..=32 each way or the opening rule cannot start on the board.
    pub fn new(options: Options) -> Result<App, CannotStart> {
        let game = Game::new(options.width, options.height, options.settings)?;
        let mut app = App {
            cursor: Point::center(options.width, options.height),
            options,
            game,
            forbidden: PointSet::new(),
            bot: Bot::new(options.seed),
            message: None,
            input: None,
            help: false,
            wait: 0,
            board_origin: None,
            opening: None,
            black_player: None,
        };
        app.new_game()?;
        if app.opening.is_none() {
            app.message = None;
        }
        Ok(app)
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The cursor position.
    pub fn cursor(&self) -> Point {
        self.cursor
    }

    /// The status message, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    fn refresh(&mut self) {
        self.forbidden = self.game.position().forbidden_points();
    }

    /// Starts a new game with the current options; nothing changes when it cannot start.
    fn new_game(&mut self) -> Result<(), CannotStart> {
        let o = self.options;
        let opening = o
            .opening
            .map(|rule| Opening::new(rule, o.width, o.height, o.settings))
            .transpose()?;
        self.game = Game::new(o.width, o.height, o.settings)?;
        self.cursor = Point::center(o.width, o.height);
        self.message = Some((
            format!(
                "new game: {} {}x{}, {}",
                o.settings.rule,
                o.width,
                o.height,
                o.opponent.describe()
            ),
            Color::Gray,
        ));
        self.wait = 0;
        self.black_player = None;
        self.opening = opening;
        if self.opening.is_some() {
            self.options.opponent = Opponent::Human;
            self.message = Some((self.phase_text(), Color::Cyan));
        }
        self.refresh();
        Ok(())
    }

    /// A new game with the current options (which always start: they started before).
    fn restart(&mut self) {
        if let Err(e) = self.new_game() {
            self.message = Some((e.to_string(), Color::Red));
        }
    }

    /// The next board size in [`SIZES`] on which the opening rule can start; the sizes it
    /// cannot start on are skipped, and the status line says why.
    fn next_size(&mut self) {
        let i = SIZES
            .iter()
            .position(|&s| s == self.options.width)
            .map_or(0, |i| i + 1);
        let mut skipped = None;
        for k in 0..SIZES.len() {
            let size = SIZES[(i + k) % SIZES.len()];
            let before = self.options;
            self.options.width = size;
            self.options.height = size;
            match self.new_game() {
                Ok(()) => break,
                Err(e) => {
                    self.options = before;
                    skipped = Some(e);
                }
            }
        }
        if let Some(e) = skipped {
            self.message = Some((format!("{e}: skipped"), Color::Yellow));
        }
    }

    /// What the opening expects next, in words, with the keys that do it.
    fn phase_text(&self) -> String {
        let Some(o) = &self.opening else {
            return String::new();
        };
        let phase = o.phase();
        let keys = match phase {
            Phase::Place { .. } => "Enter places".to_owned(),
            Phase::Swap { .. } => "x swaps, c keeps".to_owned(),
            Phase::Swap2Choice { .. } => "1 black, 2 white, 3 two more stones".to_owned(),
            Phase::Declare { max, .. } => format!("press 1..{max}"),
            Phase::Offer { or_place, .. } => format!(
                "Enter offers, {} so far{}",
                o.offers().len(),
                if or_place {
                    "; f for a single fifth"
                } else {
                    ""
                }
            ),
            Phase::Select { .. } => "Enter selects an offer (◇)".to_owned(),
            Phase::Done => String::new(),
        };
        format!("opening: {phase} ({keys})")
    }

    /// Applies an opening action, then syncs the board and the phase message.
    fn opening_step(&mut self, step: impl FnOnce(&mut Opening) -> Result<(), IllegalMove>) {
        let Some(o) = self.opening.as_mut() else {
            return;
        };
        match step(o) {
            Ok(()) => {
                self.game = o.game().clone();
                if o.phase() == Phase::Done {
                    let done = self.opening.take().expect("opening present");
                    let (game, black) = done.finish().expect("the opening is done");
                    self.game = game;
                    self.black_player = Some(black);
                    self.message = Some((
                        format!("opening done: the {black} plays black"),
                        Color::Green,
                    ));
                } else {
                    self.message = Some((self.phase_text(), Color::Cyan));
                }
                self.refresh();
            }
            Err(e) => self.message = Some((e.to_string(), Color::Red)),
        }
    }

    fn opening_key(&mut self, c: char) -> bool {
        let Some(phase) = self.opening.as_ref().map(Opening::phase) else {
            return false;
        };
        match (phase, c) {
            (Phase::Swap { .. }, 'x' | 'c') => self.opening_step(|o| o.decide_swap(c == 'x')),
            (Phase::Swap2Choice { .. }, '1') => {
                self.opening_step(|o| o.swap2(Swap2Choice::TakeBlack));
            }
            (Phase::Swap2Choice { .. }, '2') => {
                self.opening_step(|o| o.swap2(Swap2Choice::TakeWhite));
            }
            (Phase::Swap2Choice { .. }, '3') => {
                self.opening_step(|o| o.swap2(Swap2Choice::PlaceTwo));
            }
            (Phase::Declare { .. }, '1'..='9') => {
                let n = c as u8 - b'0';
                self.opening_step(|o| o.declare(n));
            }
            (Phase::Offer { or_place: true, .. }, 'f') => self.opening_step(Opening::single_fifth),
            _ => return false,
        }
        true
    }

    fn bot_to_move(&self) -> bool {
        self.opening.is_none()
            && matches!(self.options.opponent, Opponent::Bot(c) if c == self.game.position().to_move())
            && !self.game.position().is_over()
    }

    /// Plays `p` for the side to move (a person), reporting errors in the status line.
    pub fn place(&mut self, p: Point) {
        if let Some(phase) = self.opening.as_ref().map(Opening::phase) {
            match phase {
                Phase::Place { .. } => self.opening_step(|o| o.place(p)),
                Phase::Offer { .. } => self.opening_step(|o| o.offer(p)),
                Phase::Select { .. } => self.opening_step(|o| o.select(p)),
                _ => self.message = Some((self.phase_text(), Color::Yellow)),
            }
            return;
        }
        if self.bot_to_move() {
            self.message = Some(("wait: the bot is thinking".into(), Color::Yellow));
            return;
        }
        self.play(p);
    }

    fn play(&mut self, p: Point) {
        match self.game.play(p) {
            Ok(outcome) => {
                self.message = outcome.map(|o| (o.to_string(), Color::Green));
                self.wait = 0;
                self.refresh();
            }
            Err(e) => {
                let text = match e {
                    IllegalMove::GameOver => {
                        "the game is over: n starts a new one, u undoes".to_owned()
                    }
                    other => other.to_string(),
                };
                self.message = Some((text, Color::Red));
            }
        }
    }

    /// Takes back moves: one in a two-player game, back to the person's turn against the bot.
    pub fn undo(&mut self) {
        if self.opening.is_some() {
            self.message = Some((
                "no undo during the opening (n restarts it)".into(),
                Color::Yellow,
            ));
            return;
        }
        if self.game.undo().is_none() {
            self.message = Some(("nothing to undo".into(), Color::Yellow));
            return;
        }
        if let Opponent::Bot(c) = self.options.opponent
            && self.game.position().to_move() == c
            && !self.game.moves().is_empty()
        {
            self.game.undo();
        }
        if let Some(p) = self.game.last_move() {
            self.cursor = p;
        }
        self.message = Some(("undone".into(), Color::Gray));
        self.wait = 0;
        self.refresh();
    }

    fn move_cursor(&mut self, dx: i32, dy: i32) {
        let (w, h) = (
            i32::from(self.options.width),
            i32::from(self.options.height),
        );
        let x = (i32::from(self.cursor.x()) + dx).rem_euclid(w);
        let y = (i32::from(self.cursor.y()) + dy).rem_euclid(h);
        self.cursor = Point::new(x as u8, y as u8);
    }

    fn submit_input(&mut self, text: &str) {
        match text.parse::<Point>() {
            Ok(p) if self.game.position().board().contains(p) => {
                self.place(p);
                if self.game.last_move() == Some(p) {
                    self.cursor = p;
                }
            }
            Ok(p) => self.message = Some((format!("{p} is off the board"), Color::Red)),
            Err(e) => self.message = Some((e.to_string(), Color::Red)),
        }
    }

    fn cell_width(&self) -> u16 {
        if self.options.width > 26 { 3 } else { 2 }
    }

    fn cell(&self, p: Point) -> Span<'static> {
        let pos = self.game.position();
        let ascii = self.options.ascii;
        let (mut text, mut style) = match pos.board().get(p) {
            Some(Stone::Black) => (
                if ascii { "X" } else { "●" },
                Style::default()
                    .fg(Color::White)
                    .add_modifier(Modifier::BOLD),
            ),
            Some(Stone::White) => (
                if ascii { "O" } else { "○" },
                Style::default().fg(Color::White),
            ),
            None if self
                .opening
                .as_ref()
                .is_some_and(|o| o.offers().contains(&p)) =>
            {
                (
                    if ascii { "?" } else { "◇" },
                    Style::default()
                        .fg(Color::Cyan)
                        .add_modifier(Modifier::BOLD),
                )
            }
            None if self.forbidden.contains(p) => (
                if ascii { "*" } else { "×" },
                Style::default().fg(Color::Red),
            ),
            None => (
                if ascii { "." } else { "·" },
                Style::default().fg(Color::DarkGray),
            ),
        };
        if self.game.last_move() == Some(p) {
            style = style.fg(Color::Yellow).add_modifier(Modifier::BOLD);
        }
        if pos.winning_line().is_some_and(|l| l.contains(p)) {
            style = style.fg(Color::Black).bg(Color::Green);
        }
        if p == self.cursor {
            style = style.add_modifier(Modifier::REVERSED);
            if text == "·" || text == "." {
                text = "+";
            }
        }
        let pad = " ".repeat(self.cell_width() as usize - 1);
        Span::styled(format!("{text}{pad}"), style)
    }

    fn render_board(&mut self, frame: &mut Frame, area: Rect) {
        let (w, h) = (self.options.width, self.options.height);
        let cw = self.cell_width() as usize;
        let mut lines = Vec::new();
        let header = (0..w).fold(String::new(), |mut acc, x| {
            let _ = write!(acc, "{:<cw$}", column_name(x));
            acc
        });
        lines.push(Line::styled(
            format!("   {header}"),
            Style::default().fg(Color::Gray),
        ));
        for y in (0..h).rev() {
            let mut spans = vec![Span::styled(
                format!("{:>2} ", y + 1),
                Style::default().fg(Color::Gray),
            )];
            spans.extend((0..w).map(|x| self.cell(Point::new(x, y))));
            spans.push(Span::styled(
                format!("{:<2}", y + 1),
                Style::default().fg(Color::Gray),
            ));
            lines.push(Line::from(spans));
        }
        lines.push(Line::styled(
            format!("   {header}"),
            Style::default().fg(Color::Gray),
        ));
        self.board_origin = Some((area.x + 3, area.y + 1, cw as u16));
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn render_panel(&self, frame: &mut Frame, area: Rect) {
        let pos = self.game.position();
        let o = &self.options;
        let stone = |c: Stone| match (c, o.ascii) {
            (Stone::Black, false) => "● black",
            (Stone::White, false) => "○ white",
            (Stone::Black, true) => "X black",
            (Stone::White, true) => "O white",
        };
        let mut lines = vec![
            Line::from(vec![
                Span::raw("rule   "),
                Span::styled(
                    o.settings.rule.to_string(),
                    Style::default().add_modifier(Modifier::BOLD),
                ),
            ]),
            Line::raw(format!("board  {}x{}", o.width, o.height)),
            Line::raw(format!("play   {}", o.opponent.describe())),
        ];
        if let Some(rule) = o.opening {
            lines.push(Line::raw(format!("opening {rule}")));
        }
        if let Some(canon) = self
            .opening
            .as_ref()
            .and_then(Opening::canonical)
            .or_else(|| {
                let m = self.game.moves();
                (o.opening.is_some() && m.len() >= 3)
                    .then(|| ::gomoku::opening::CanonicalOpening::identify(m[0], m[1], m[2]))
                    .flatten()
            })
        {
            lines.push(Line::raw(format!(
                "        {} ({})",
                canon.name,
                canon.code()
            )));
        }
        if let Some(black) = self.black_player {
            lines.push(Line::raw(format!("black: {black}")));
        }
        lines.push(Line::raw(""));
        match pos.outcome() {
            Some(outcome) => lines.push(Line::styled(
                outcome.to_string(),
                Style::default()
                    .fg(Color::Green)
                    .add_modifier(Modifier::BOLD),
            )),
            None => lines.push(Line::raw(format!(
                "{} to move{}",
                stone(pos.to_move()),
                if self.bot_to_move() { " (bot)" } else { "" }
            ))),
        }
        lines.push(Line::raw(format!(
            "cursor {}  ({})",
            self.cursor,
            self.cursor.gomocup()
        )));
        if let Some(p) = self.game.last_move() {
            lines.push(Line::raw(format!(
                "last   {p} (move {})",
                self.game.moves().len()
            )));
        }
        if o.settings.rule == Rule::Renju {
            let n = self.forbidden.len();
            lines.push(Line::styled(
                format!(
                    "forbidden for black: {n}{}",
                    if n > 0 {
                        if o.ascii { " (*)" } else { " (×)" }
                    } else {
                        ""
                    }
                ),
                Style::default().fg(Color::Red),
            ));
            if let Some(foul) = pos.foul_at(self.cursor) {
                lines.push(Line::styled(
                    format!("{}: {foul}", self.cursor),
                    Style::default().fg(Color::Red),
                ));
            }
        }
        lines.push(Line::raw(""));
        let moves = self.game.moves();
        let start = moves.len().saturating_sub(16);
        for (i, chunk) in moves[start..].chunks(2).enumerate() {
            let n = start / 2 + i + 1;
            let text = chunk.iter().fold(String::new(), |mut acc, p| {
                let _ = write!(acc, "{:<5}", p.to_string());
                acc
            });
            lines.push(Line::styled(
                format!("{n:>3}. {text}"),
                Style::default().fg(Color::Gray),
            ));
        }
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(Block::bordered().border_type(BorderType::Plain)),
            area,
        );
    }
}

fn column_name(x: u8) -> String {
    let p = Point::new(x, 0).to_string();
    p.trim_end_matches('1').to_owned()
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        let o = self.options;
        let title = format!(
            " Gomoku · {} · {}x{} · ? help ",
            o.settings.rule, o.width, o.height
        );
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(title);
        let inner = block.inner(frame.area());
        frame.render_widget(block, frame.area());
        let board_w = 3 + u16::from(o.width) * self.cell_width() + 2;
        let [main, status, keys] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(inner);
        let [board, panel] =
            Layout::horizontal([Constraint::Length(board_w + 1), Constraint::Max(44)]).areas(main);
        self.render_board(frame, board);
        self.render_panel(frame, panel);
        if let Some(text) = &self.input {
            widgets::status_line(
                frame,
                status,
                &format!("move: {text}_  (Enter plays, Esc cancels)"),
                Color::Cyan,
            );
        } else if let Some((text, color)) = &self.message {
            widgets::status_line(frame, status, text, *color);
        }
        widgets::status_line(
            frame,
            keys,
            "arrows move · Enter place · : type move · u undo · n new · r rule · s size · b bot · ? help · q quit",
            Color::DarkGray,
        );
        if self.help {
            widgets::help(frame, "Gomoku: help", KEYS, RULES);
        }
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        match event {
            Event::Key(key) => {
                if self.help {
                    self.help = false;
                    return Action::Continue;
                }
                if let Some(text) = &mut self.input {
                    match key.code {
                        KeyCode::Esc => self.input = None,
                        KeyCode::Backspace => {
                            text.pop();
                        }
                        KeyCode::Enter => {
                            let text = std::mem::take(text);
                            self.input = None;
                            self.submit_input(&text);
                        }
                        KeyCode::Char(c) if text.len() < 8 => text.push(c),
                        _ => {}
                    }
                    return Action::Continue;
                }
                if let KeyCode::Char(c) = key.code
                    && self.opening_key(c)
                {
                    return Action::Continue;
                }
                match key.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Action::Quit,
                    KeyCode::Left | KeyCode::Char('h') => self.move_cursor(-1, 0),
                    KeyCode::Right | KeyCode::Char('l') => self.move_cursor(1, 0),
                    KeyCode::Up | KeyCode::Char('k') => self.move_cursor(0, 1),
                    KeyCode::Down | KeyCode::Char('j') => self.move_cursor(0, -1),
                    KeyCode::Enter | KeyCode::Char(' ') => self.place(self.cursor),
                    KeyCode::Char(':') => self.input = Some(String::new()),
                    KeyCode::Char('u') => self.undo(),
                    KeyCode::Char('n') => self.restart(),
                    KeyCode::Char('r') => {
                        let i = Rule::ALL
                            .iter()
                            .position(|&r| r == self.options.settings.rule)
                            .unwrap_or(0);
                        self.options.settings.rule = Rule::ALL[(i + 1) % Rule::ALL.len()];
                        self.restart();
                    }
                    KeyCode::Char('s') => self.next_size(),
                    KeyCode::Char('b') => {
                        self.options.opponent = self.options.opponent.next();
                        self.message = Some((
                            format!("now {}", self.options.opponent.describe()),
                            Color::Gray,
                        ));
                        self.wait = 0;
                    }
                    KeyCode::Char('?') | KeyCode::F(1) => self.help = true,
                    _ => {}
                }
                Action::Continue
            }
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                if let Some((x0, y0, cw)) = self.board_origin
                    && mouse.column >= x0
                    && mouse.row >= y0
                {
                    let col = (mouse.column - x0) / cw;
                    let row = mouse.row - y0;
                    let (w, h) = (
                        u16::from(self.options.width),
                        u16::from(self.options.height),
                    );
                    if col < w && row < h {
                        let p = Point::new(col as u8, (h - 1 - row) as u8);
                        self.cursor = p;
                        self.place(p);
                    }
                }
                Action::Continue
            }
            _ => Action::Continue,
        }
    }

    fn tick(&mut self) -> Action {
        if self.bot_to_move() {
            self.wait += 1;
            if self.wait >= 3 {
                self.wait = 0;
                if let Some(p) = self.bot.choose(self.game.position()) {
                    self.play(p);
                }
            }
        }
        Action::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{key, keys, render_to_string};

    fn two_players() -> App {
        App::new(Options {
            opponent: Opponent::Human,
            seed: 1,
            ..Options::default()
        })
        .unwrap()
    }

    #[test]
    fn cursor_keys_and_enter_place_stones() {
        let mut app = two_players();
        assert_eq!(app.cursor(), Point::new(7, 7));
        app.handle_event(&key(KeyCode::Enter));
        app.handle_event(&key(KeyCode::Right));
        app.handle_event(&key(KeyCode::Up));
        app.handle_event(&key(KeyCode::Char(' ')));
        assert_eq!(app.game().record(), "h8 i9");
        // Occupied: refused with a message, nothing changes.
        app.handle_event(&key(KeyCode::Enter));
        assert_eq!(app.game().moves().len(), 2);
        assert_eq!(app.message(), Some("i9 is occupied"));
        app.handle_event(&key(KeyCode::Char('u')));
        assert_eq!(app.game().record(), "h8");
    }

    #[test]
    fn typed_coordinates_and_bad_input() {
        let mut app = two_players();
        for e in keys(":h8") {
            app.handle_event(&e);
        }
        app.handle_event(&key(KeyCode::Enter));
        for e in keys(":8,8") {
            app.handle_event(&e);
        }
        app.handle_event(&key(KeyCode::Enter));
        assert_eq!(app.game().record(), "h8 i9");
        for e in keys(":zz99") {
            app.handle_event(&e);
        }
        app.handle_event(&key(KeyCode::Enter));
        assert!(
            app.message().unwrap().contains("invalid") || app.message().unwrap().contains("beyond")
        );
        for e in keys(":p1") {
            app.handle_event(&e);
        }
        app.handle_event(&key(KeyCode::Enter));
        assert_eq!(app.message(), Some("p1 is off the board"));
        assert_eq!(app.game().moves().len(), 2);
    }

    #[test]
    fn renders_board_forbidden_points_and_win() {
        let mut app = App::new(Options {
            settings: Settings::new(Rule::Renju),
            opponent: Opponent::Human,
            ..Options::default()
        })
        .unwrap();
        for m in ["f8", "a1", "g8", "a2", "i10", "a3", "i11", "a4"] {
            app.place(m.parse().unwrap());
        }
        let screen = render_to_string(&mut app, 100, 24);
        assert!(screen.contains('×'), "{screen}");
        assert!(screen.contains("forbidden for black: "), "{screen}");
        app.place("i8".parse().unwrap());
        assert_eq!(
            app.message(),
            Some("i8 is forbidden for black (double-three)")
        );
        let mut app = two_players();
        for m in ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"] {
            app.place(m.parse().unwrap());
        }
        assert_eq!(app.message(), Some("black wins by five (a1-e1)"));
        let screen = render_to_string(&mut app, 100, 24);
        assert!(screen.contains("black wins by five"), "{screen}");
        app.options.ascii = true;
        let screen = render_to_string(&mut app, 100, 24);
        assert!(screen.contains("X X X X X"), "{screen}");
    }

    #[test]
    fn bot_answers_and_undo_returns_to_the_player() {
        let mut app = App::new(Options {
            seed: 3,
            ..Options::default()
        })
        .unwrap();
        app.handle_event(&key(KeyCode::Enter));
        for _ in 0..3 {
            app.tick();
        }
        assert_eq!(app.game().moves().len(), 2, "the bot replied");
        app.handle_event(&key(KeyCode::Char('u')));
        assert_eq!(app.game().moves().len(), 0);
    }

    #[test]
    fn mouse_click_places_at_the_clicked_point() {
        use crossterm::event::{KeyModifiers, MouseEvent};
        let mut app = two_players();
        render_to_string(&mut app, 100, 24);
        let (x0, y0, cw) = app.board_origin.unwrap();
        // Column c (2), top row (15).
        let click = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x0 + 2 * cw,
            row: y0,
            modifiers: KeyModifiers::NONE,
        });
        app.handle_event(&click);
        assert_eq!(app.game().record(), "c15");
    }

    /// Two players, renju on 15x15, with an opening rule.
    fn renju_opening(rule: OpeningRule) -> App {
        App::new(Options {
            settings: Settings::new(Rule::Renju),
            opponent: Opponent::Human,
            opening: Some(rule),
            ..Options::default()
        })
        .unwrap()
    }

    #[test]
    fn soosorv_opening_flow() {
        let mut app = renju_opening(OpeningRule::Soosorv { n: 2 });
        assert!(
            app.message().unwrap().contains("in the centre"),
            "{:?}",
            app.message()
        );
        for m in ["h8", "h9", "i9"] {
            app.place(m.parse().unwrap());
        }
        assert!(app.message().unwrap().contains("x swaps"));
        assert!(render_to_string(&mut app, 100, 24).contains("Kagetsu (D4)"));
        app.handle_event(&key(KeyCode::Char('x')));
        app.place("j10".parse().unwrap());
        app.handle_event(&key(KeyCode::Char('2')));
        app.handle_event(&key(KeyCode::Char('c')));
        app.place("g7".parse().unwrap());
        app.place("g7".parse().unwrap());
        assert_eq!(app.message(), Some("g7 is already offered"));
        app.place("k7".parse().unwrap());
        assert!(render_to_string(&mut app, 100, 24).contains('◇'));
        app.place("k7".parse().unwrap());
        assert_eq!(
            app.message(),
            Some("opening done: the second player plays black")
        );
        assert_eq!(app.game().record(), "h8 h9 i9 j10 k7");
        app.place("a1".parse().unwrap());
        assert_eq!(app.game().moves().len(), 6, "normal play after the opening");
    }

    #[test]
    fn an_opening_that_cannot_start_says_why_and_is_not_dropped() {
        let soosorv = |size| Options {
            width: size,
            height: size,
            opponent: Opponent::Human,
            opening: Some(OpeningRule::Soosorv { n: 2 }),
            ..Options::default()
        };
        let why = "the opening soosorv-2 cannot start on a 20x20 board: it needs a square board \
                   with an odd side of at least 9";
        assert_eq!(App::new(soosorv(20)).unwrap_err().to_string(), why);
        // The size key skips the sizes the opening cannot start on, and says so.
        let mut app = App::new(soosorv(19)).unwrap();
        app.handle_event(&key(KeyCode::Char('s')));
        assert_eq!(app.options.width, 9);
        assert!(app.opening.is_some(), "the opening is still played");
        assert_eq!(app.message(), Some(format!("{why}: skipped").as_str()));
    }

    #[test]
    fn taraguchi_single_fifth_with_f_then_enter() {
        let mut app = renju_opening(OpeningRule::Taraguchi { n: 2 });
        for m in ["h8", "i9", "j10", "e5"] {
            app.place(m.parse().unwrap());
            app.handle_event(&key(KeyCode::Char('c')));
        }
        assert!(
            app.message().unwrap().contains("f for a single fifth"),
            "{:?}",
            app.message()
        );
        app.handle_event(&key(KeyCode::Char('f')));
        assert_eq!(
            app.message(),
            Some("opening: the first player places a black stone anywhere (Enter places)")
        );
        app.place("a1".parse().unwrap());
        app.handle_event(&key(KeyCode::Char('x')));
        assert_eq!(app.game().record(), "h8 i9 j10 e5 a1");
        assert_eq!(app.black_player, Some(Player::Second));
    }

    #[test]
    fn undo_does_not_take_back_the_opening_stones() {
        let mut app = App::new(Options {
            opponent: Opponent::Human,
            opening: Some(OpeningRule::Swap),
            ..Options::default()
        })
        .unwrap();
        for m in ["h8", "h9", "i9"] {
            app.place(m.parse().unwrap());
        }
        app.handle_event(&key(KeyCode::Char('c')));
        app.place("a1".parse().unwrap());
        app.handle_event(&key(KeyCode::Char('u')));
        assert_eq!(app.game().record(), "h8 h9 i9");
        app.handle_event(&key(KeyCode::Char('u')));
        assert_eq!(app.message(), Some("nothing to undo"));
        assert_eq!(app.game().record(), "h8 h9 i9");
    }

    #[test]
    fn options_keys_start_new_games() {
        let mut app = two_players();
        app.handle_event(&key(KeyCode::Char('r')));
        assert_eq!(app.options.settings.rule, Rule::Standard);
        app.handle_event(&key(KeyCode::Char('s')));
        assert_eq!(app.options.width, 19);
        app.handle_event(&key(KeyCode::Char('?')));
        assert!(render_to_string(&mut app, 110, 40).contains("Gomoku: help"));
        app.handle_event(&key(KeyCode::Char('x')));
        assert!(!app.help);
        assert_eq!(app.handle_event(&key(KeyCode::Char('q'))), Action::Quit);
    }
}
