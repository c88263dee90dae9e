//! The launcher: a menu of every game that starts the chosen one in-process.
//!
//! `cargo run --release --example play` runs [`main`]. Each game registers itself in
//! [`GAMES`] with a function that builds its screen from the shared [`LaunchOptions`].

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Parser;
use crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph};

use crate::app::{self, Action, Screen};
use crate::widgets;

/// Options every game accepts when started from the launcher.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaunchOptions {
    /// Draw with ASCII only (no card glyphs, suit symbols or Chinese characters).
    pub ascii: bool,
    /// The deal or game seed; `None` picks one from the clock (and the game shows it).
    pub seed: Option<u64>,
}

impl LaunchOptions {
    /// The given seed, or one taken from the clock.
    pub fn seed_or_random(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                % 1_000_000_000
        })
    }
}

/// Builds a game's screen from the launcher's options.
pub type StartFn = fn(&LaunchOptions) -> Box<dyn Screen>;

/// One game in the launcher menu.
pub struct GameEntry {
    /// The name shown in the menu.
    pub name: &'static str,
    /// The example that runs it directly (`cargo run --release --example <example>`).
    pub example: &'static str,
    /// One line about the game.
    pub summary: &'static str,
    /// Builds the game's screen.
    pub start: StartFn,
}

/// Every game, in menu order.
pub const GAMES: &[GameEntry] = &[
    GameEntry {
        name: "Klondike",
        example: "klondike",
        summary: "Windows-style solitaire: draw 1 or 3, Standard or Vegas scoring, undo",
        start: crate::klondike::start,
    },
    GameEntry {
        name: "Dou Dizhu",
        example: "doudizhu",
        summary: "Fight the landlord: you and two bots, bidding, bombs and rockets",
        start: crate::doudizhu::start,
    },
    GameEntry {
        name: "Xiangqi",
        example: "xiangqi",
        summary: "Chinese chess for two players or against a bot",
        start: crate::xiangqi::start,
    },
    GameEntry {
        name: "Gomoku",
        example: "gomoku",
        summary: "Five in a row: freestyle, standard, renju and caro rules",
        start: crate::gomoku::start,
    },
    GameEntry {
        name: "Hearts",
        example: "hearts",
        summary: "Microsoft-style Hearts against three computer players",
        start: crate::hearts::start,
    },
];

/// The menu screen. After it quits, [`Launcher::chosen`] says which game to start, if any.
#[derive(Debug, Default)]
pub struct Launcher {
    selected: usize,
    chosen: Option<usize>,
    /// Screen rows of the menu entries at the last render, for mouse clicks.
    rows: Vec<Rect>,
}

impl Launcher {
    /// A menu with the first game selected.
    pub fn new() -> Launcher {
        Launcher::default()
    }

    /// The index in [`GAMES`] of the game chosen when the menu quit.
    pub fn chosen(&self) -> Option<usize> {
        self.chosen
    }

    /// The highlighted entry.
    pub fn selected(&self) -> usize {
        self.selected
    }

    fn choose(&mut self, index: usize) -> Action {
        self.selected = index;
        self.chosen = Some(index);
        Action::Quit
    }
}

impl Screen for Launcher {
    fn render(&mut self, frame: &mut Frame) {
        let area = widgets::centered_rect(frame.area(), 78, GAMES.len() as u16 * 2 + 6);
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(Span::styled(
                " parlor ",
                Style::default().add_modifier(Modifier::BOLD),
            ));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [title, menu, footer] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(GAMES.len() as u16 * 2 + 1),
            Constraint::Length(1),
        ])
        .areas(inner);
        frame.render_widget(Paragraph::new("Choose a game:"), title);
        self.rows = Layout::vertical(GAMES.iter().map(|_| Constraint::Length(2)))
            .split(menu)
            .to_vec();
        for (i, (game, row)) in GAMES.iter().zip(&self.rows).enumerate() {
            let marker = if i == self.selected { "▶ " } else { "  " };
            let mut name_style = Style::default().add_modifier(Modifier::BOLD);
            if i == self.selected {
                name_style = name_style.fg(Color::Yellow);
            }
            let example = Span::styled(
                format!("  (--example {})", game.example),
                Style::default().fg(Color::DarkGray),
            );
            let lines = vec![
                Line::from(vec![
                    Span::raw(format!("{marker}{}. ", i + 1)),
                    Span::styled(game.name, name_style),
                    example,
                ]),
                Line::styled(
                    format!("     {}", game.summary),
                    Style::default().fg(Color::Gray),
                ),
            ];
            frame.render_widget(Paragraph::new(lines), *row);
        }
        frame.render_widget(
            Paragraph::new(Line::styled(
                "↑/↓ or 1-5 choose · Enter/click start · q quit (in a game, q comes back)",
                Style::default().fg(Color::DarkGray),
            )),
            footer,
        );
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        match event {
            Event::Key(key) => match key.code {
                KeyCode::Up | KeyCode::Char('k') => {
                    self.selected = (self.selected + GAMES.len() - 1) % GAMES.len();
                    Action::Continue
                }
                KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                    self.selected = (self.selected + 1) % GAMES.len();
                    Action::Continue
                }
                KeyCode::Enter | KeyCode::Char(' ') => self.choose(self.selected),
                KeyCode::Char(c @ '1'..='9') => match (c as usize) - ('1' as usize) {
                    i if i < GAMES.len() => self.choose(i),
                    _ => Action::Continue,
                },
                KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
                _ => Action::Continue,
            },
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                match self
                    .rows
                    .iter()
                    .position(|r| r.contains((mouse.column, mouse.row).into()))
                {
                    Some(i) => self.choose(i),
                    None => Action::Continue,
                }
            }
            _ => Action::Continue,
        }
    }
}

/// Command-line options of the `play` launcher.
#[derive(Debug, Parser)]
#[command(
    name = "play",
    about = "parlor: choose a game and play it in the terminal"
)]
pub struct Cli {
    /// Draw with ASCII only, for terminals without Unicode card glyphs.
    #[arg(long)]
    pub ascii: bool,
    /// Seed for deals and bots (default: from the clock; each game shows its seed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start this game directly (its example name, e.g. `klondike`) instead of the menu.
    #[arg(value_parser = game_names())]
    pub game: Option<String>,
    /// Network play: create a table for this game (a server game name, e.g. `doudizhu`).
    #[arg(long, value_name = "GAME", conflicts_with_all = ["join", "game"], requires = "name")]
    pub host: Option<String>,
    /// The game's settings as JSON, with `--host` (default: the game's defaults).
    #[arg(long, value_name = "JSON", requires = "host")]
    pub settings: Option<String>,
    /// The table server, with `--host`.
    #[arg(long, value_name = "URL", default_value = "ws://127.0.0.1:7878")]
    pub server: String,
    /// Network play: join the table at `ws://HOST:PORT/CODE`.
    #[arg(long, value_name = "URL", conflicts_with = "game", requires = "name")]
    pub join: Option<String>,
    /// Your display name at the table.
    #[arg(long)]
    pub name: Option<String>,
}

fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(GAMES.iter().map(|g| g.example))
}

/// Runs the launcher until the player quits; games return to the menu when they quit.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.host.is_some() || cli.join.is_some() {
        return crate::net::main(&cli);
    }
    let options = LaunchOptions {
        ascii: cli.ascii,
        seed: cli.seed,
    };
    match run_menu(&options, cli.game.as_deref()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("play: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run_menu(options: &LaunchOptions, direct: Option<&str>) -> std::io::Result<()> {
    let mut terminal = app::init()?;
    let result = (|| {
        let mut direct = direct;
        loop {
            let index = if let Some(name) = direct.take() {
                GAMES.iter().position(|g| g.example == name)
            } else {
                let mut menu = Launcher::new();
                app::run_on(&mut terminal, &mut menu)?;
                menu.chosen()
            };
            let Some(index) = index else {
                return Ok(());
            };
            let mut game = (GAMES[index].start)(options);
            app::run_on(&mut terminal, game.as_mut())?;
        }
    })();
    app::restore()?;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{key, render_to_string};

    #[test]
    fn menu_lists_every_game() {
        let mut menu = Launcher::new();
        let screen = render_to_string(&mut menu, 90, 24);
        for game in GAMES {
            assert!(
                screen.contains(game.name),
                "{} missing:\n{screen}",
                game.name
            );
        }
    }

    #[test]
    fn arrows_wrap_and_digits_choose() {
        let mut menu = Launcher::new();
        assert_eq!(menu.handle_event(&key(KeyCode::Up)), Action::Continue);
        assert_eq!(menu.selected(), GAMES.len() - 1);
        assert_eq!(menu.handle_event(&key(KeyCode::Down)), Action::Continue);
        assert_eq!(menu.selected(), 0);
        for (i, game) in GAMES.iter().enumerate() {
            let digit = char::from_digit(i as u32 + 1, 10).unwrap();
            let mut menu = Launcher::new();
            let action = menu.handle_event(&key(KeyCode::Char(digit)));
            assert_eq!(
                (action, menu.chosen()),
                (Action::Quit, Some(i)),
                "{}",
                game.name
            );
        }
        assert_eq!(
            Launcher::new().handle_event(&key(KeyCode::Char('q'))),
            Action::Quit
        );
    }

    #[test]
    fn seed_is_kept_when_given() {
        let options = LaunchOptions {
            ascii: false,
            seed: Some(7),
        };
        assert_eq!(options.seed_or_random(), 7);
    }
}
