//! The launcher: a menu of every game that starts the chosen one in-process.
//!
//! `cargo run --release --example play` runs [`main`]. Each game registers itself in
//! [`GAMES`] with a function that builds its screen from the shared [`LaunchOptions`]: the
//! card style, the seed, the data directory, and the game's own play flags
//! (`play klondike --draw 3`), which the game reads with its own parser. The launcher keeps
//! the last game chosen and each game's flags in `launcher.json` in the data directory, so
//! the menu opens on the last game with its flags. A key typed in the menu never reaches the
//! game: digits only select, Enter starts, and pending input is dropped between screens.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Parser;
use crossterm::event::{Event, KeyCode, MouseButton, MouseEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use serde::{Deserialize, Serialize};

use crate::app::{self, Action, Screen};
use crate::cards::{CardStyle, StyleArgs};
use crate::data::DataDir;
use crate::status::{Status, StatusLine};
use crate::{theme, widgets};

/// Options every game accepts when started from the launcher: `App::new` of each game takes
/// its own options, which its `start` builds from these.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchOptions {
    /// How cards, borders and arrows are drawn (`--ascii`, `--symbols`).
    pub style: CardStyle,
    /// The deal or game seed; `None` picks one from the clock (and the game shows it).
    pub seed: Option<u64>,
    /// Where statistics and saved games are kept; `None` keeps nothing (tests).
    pub data: Option<DataDir>,
    /// The game's own play flags, as typed after its name (`--draw 3`), already accepted by
    /// the game's [`GameEntry::check_args`].
    pub args: Vec<String>,
}

impl LaunchOptions {
    /// The given seed, or one taken from the clock.
    pub fn seed_or_random(&self) -> u64 {
        self.seed.unwrap_or_else(random_seed)
    }
}

/// A seed from the clock, below a billion so that it is easy to note and type.
pub fn random_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        % 1_000_000_000
}

/// Checks a game's play flags before the terminal is taken, so a typo prints the parser's
/// message; `Ok` means the game's `start` will read them.
pub type CheckArgsFn = fn(&[String]) -> Result<(), String>;

/// The [`CheckArgsFn`] of a game that reads no play flags from the launcher.
pub fn no_args(args: &[String]) -> Result<(), String> {
    match args.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "this game takes no options from the launcher ({first:?} given); its own example takes them"
        )),
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
    /// Checks the play flags given after the game's name.
    pub check_args: CheckArgsFn,
}

/// Every game, in menu order.
pub const GAMES: &[GameEntry] = &[
    GameEntry {
        name: "Klondike",
        example: "klondike",
        summary: "Solitaire: draw 1 or 3, Standard or Vegas scoring",
        start: crate::klondike::start,
        check_args: crate::klondike::cli::check_play_args,
    },
    GameEntry {
        name: "Dou Dizhu",
        example: "doudizhu",
        summary: "Fight the landlord against two bots: bids, bombs",
        start: crate::doudizhu::start,
        check_args: no_args,
    },
    GameEntry {
        name: "Xiangqi",
        example: "xiangqi",
        summary: "Chinese chess for two players or against a bot",
        start: crate::xiangqi::start,
        check_args: no_args,
    },
    GameEntry {
        name: "Gomoku",
        example: "gomoku",
        summary: "Five in a row: freestyle, standard, renju, caro",
        start: crate::gomoku::start,
        check_args: no_args,
    },
    GameEntry {
        name: "Hearts",
        example: "hearts",
        summary: "Microsoft-style Hearts against three bots",
        start: crate::hearts::start,
        check_args: no_args,
    },
];

/// What the launcher remembers between runs: the last game started and each game's flags.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Memory {
    /// The example name of the last game started.
    pub last: Option<String>,
    /// The play flags each game was last started with, by example name.
    pub args: BTreeMap<String, Vec<String>>,
}

impl Memory {
    const FILE: &str = "launcher.json";

    /// The memory kept in `dir` (empty if none, or if the file cannot be read: the launcher
    /// then starts as on a first run, and says so).
    pub fn load(dir: Option<&DataDir>) -> (Memory, Option<String>) {
        match dir.map(|d| d.load(Memory::FILE)) {
            Some(Ok(Some(memory))) => (memory, None),
            Some(Err(e)) => (
                Memory::default(),
                Some(format!("last choice forgotten: {e}")),
            ),
            _ => (Memory::default(), None),
        }
    }

    /// The flags to start game `index` with.
    pub fn args_of(&self, index: usize) -> &[String] {
        self.args
            .get(GAMES[index].example)
            .map_or(&[], Vec::as_slice)
    }
}

/// The menu screen. After it quits, [`Launcher::chosen`] says which game to start, if any.
#[derive(Debug, Default)]
pub struct Launcher {
    selected: usize,
    chosen: Option<usize>,
    style: CardStyle,
    memory: Memory,
    status: Status,
    /// Screen rows of the menu entries at the last render, for mouse clicks.
    rows: Vec<Rect>,
}

impl Launcher {
    /// A menu drawn in `style`, opening on the last game in `memory`.
    pub fn new(style: CardStyle, memory: Memory) -> Launcher {
        let selected = memory
            .last
            .as_deref()
            .and_then(|name| GAMES.iter().position(|g| g.example == name))
            .unwrap_or(0);
        Launcher {
            selected,
            style,
            memory,
            ..Launcher::default()
        }
    }

    /// The index in [`GAMES`] of the game chosen when the menu quit.
    pub fn chosen(&self) -> Option<usize> {
        self.chosen
    }

    /// The highlighted entry.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Shows `message` under the menu (a file not read, a game's error).
    pub fn status_mut(&mut self) -> &mut Status {
        &mut self.status
    }

    fn choose(&mut self, index: usize) -> Action {
        self.selected = index;
        self.chosen = Some(index);
        Action::Quit
    }
}

/// The launcher's layout: five two-line entries, a title, a footer and a status line.
const MENU_SIZE: Size = Size::new(60, 18);

impl Screen for Launcher {
    fn render(&mut self, frame: &mut Frame) {
        let style = self.style;
        let height = GAMES.len() as u16 * 2 + 6;
        let area = widgets::centered_rect(frame.area(), 78, height);
        let block = widgets::bordered("parlor", style);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [title, menu, footer, status] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Length(GAMES.len() as u16 * 2),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(inner);
        frame.render_widget(Paragraph::new("Choose a game:"), title);
        self.rows = Layout::vertical(GAMES.iter().map(|_| Constraint::Length(2)))
            .split(menu)
            .to_vec();
        for (i, (game, row)) in GAMES.iter().zip(&self.rows).enumerate() {
            let chosen = i == self.selected;
            let marker = if chosen { style.pointer() } else { " " };
            let name_style = if chosen { theme::CURSOR } else { theme::TITLE };
            let args = self.memory.args_of(i);
            let flags = if args.is_empty() {
                String::new()
            } else {
                format!("  {}", args.join(" "))
            };
            let lines = vec![
                Line::from(vec![
                    Span::raw(format!("{marker} {}. ", i + 1)),
                    Span::styled(game.name, name_style),
                    Span::styled(flags, theme::KEY),
                ]),
                Line::styled(format!("     {}", game.summary), theme::DIM),
            ];
            frame.render_widget(Paragraph::new(lines), *row);
        }
        let sep = style.separator();
        let (up, down) = (
            style.arrow(crate::cards::Direction::Up),
            style.arrow(crate::cards::Direction::Down),
        );
        frame.render_widget(
            Paragraph::new(Line::styled(
                format!("{up}/{down} or 1-5 choose{sep}Enter/click start{sep}q quit"),
                theme::DIM,
            )),
            footer,
        );
        frame.render_widget(StatusLine(&self.status), status);
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
                KeyCode::Char(c @ '1'..='9') => {
                    let i = (c as usize) - ('1' as usize);
                    if i < GAMES.len() {
                        self.selected = i;
                    }
                    Action::Continue
                }
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

    fn min_size(&self) -> Size {
        MENU_SIZE
    }
}

/// Command-line options of the `play` launcher.
#[derive(Debug, Parser)]
#[command(
    name = "play",
    about = "parlor: choose a game and play it in the terminal",
    after_help = "Examples:\n  play\n  play --ascii\n  play klondike --draw 3 --scoring vegas\n\nFlags after a game's name are that game's own (see `cargo run --example klondike -- --help`); the menu remembers them."
)]
pub struct Cli {
    /// Card and border style.
    #[command(flatten)]
    pub style: StyleArgs,
    /// Seed for deals and bots (default: from the clock; each game shows its seed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Start this game directly (its example name, e.g. `klondike`) instead of the menu.
    #[arg(value_parser = game_names())]
    pub game: Option<String>,
    /// The game's own play flags, after its name.
    #[arg(requires = "game", trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
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
    let data = DataDir::user();
    let (mut memory, unread) = Memory::load(data.as_ref());
    let direct = cli
        .game
        .as_deref()
        .and_then(|name| GAMES.iter().position(|g| g.example == name));
    if let Some(index) = direct {
        if let Err(message) = (GAMES[index].check_args)(&cli.args) {
            eprintln!("play {}: {message}", GAMES[index].example);
            return ExitCode::from(2);
        }
        memory
            .args
            .insert(GAMES[index].example.to_owned(), cli.args.clone());
    }
    let options = LaunchOptions {
        style: cli.style.style(),
        seed: cli.seed,
        data,
        args: Vec::new(),
    };
    match run_menu(&options, memory, unread, direct) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("play: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The options game `index` starts with: the shared ones and its remembered flags.
fn options_for(options: &LaunchOptions, memory: &Memory, index: usize) -> LaunchOptions {
    LaunchOptions {
        args: memory.args_of(index).to_vec(),
        ..options.clone()
    }
}

fn run_menu(
    options: &LaunchOptions,
    mut memory: Memory,
    mut message: Option<String>,
    mut direct: Option<usize>,
) -> std::io::Result<()> {
    let mut terminal = app::init()?;
    let result = (|| {
        loop {
            let index = if let Some(index) = direct.take() {
                Some(index)
            } else {
                let mut menu = Launcher::new(options.style, memory.clone());
                if let Some(text) = message.take() {
                    menu.status_mut().warn(text);
                }
                app::run_on(&mut terminal, &mut menu)?;
                menu.chosen()
            };
            let Some(index) = index else {
                return Ok(());
            };
            memory.last = Some(GAMES[index].example.to_owned());
            if let Some(dir) = &options.data
                && let Err(e) = dir.store(Memory::FILE, &memory)
            {
                message = Some(format!("last choice not kept: {e}"));
            }
            let mut game = (GAMES[index].start)(&options_for(options, &memory, index));
            app::drain_events()?;
            app::run_on(&mut terminal, game.as_mut())?;
            app::drain_events()?;
        }
    })();
    app::restore()?;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{key, render_to_string};
    use crate::data::test_dir;

    #[test]
    fn the_menu_draws_every_game_in_ascii_at_its_minimum_size() {
        let memory = Memory {
            last: Some("gomoku".into()),
            args: [("klondike".into(), vec!["--draw".into(), "3".into()])].into(),
        };
        let mut menu = Launcher::new(CardStyle::Ascii, memory);
        let screen = render_to_string(&mut menu, 60, 18);
        assert_eq!(
            screen,
            [
                "",
                "+ parlor --------------------------------------------------+",
                "|Choose a game:                                            |",
                "|                                                          |",
                "|  1. Klondike  --draw 3                                   |",
                "|     Solitaire: draw 1 or 3, Standard or Vegas scoring    |",
                "|  2. Dou Dizhu                                            |",
                "|     Fight the landlord against two bots: bids, bombs     |",
                "|  3. Xiangqi                                              |",
                "|     Chinese chess for two players or against a bot       |",
                "|> 4. Gomoku                                               |",
                "|     Five in a row: freestyle, standard, renju, caro      |",
                "|  5. Hearts                                               |",
                "|     Microsoft-style Hearts against three bots            |",
                "|Up/Down or 1-5 choose | Enter/click start | q quit        |",
                "|                                                          |",
                "+----------------------------------------------------------+",
                "",
            ]
            .map(|l| format!("{l:<60}\n"))
            .concat()
        );
        assert!(screen.is_ascii());
        assert!(render_to_string(&mut menu, 59, 18).contains("terminal too small: needs 60x18"));
    }

    #[test]
    fn arrows_wrap_and_digits_only_select() {
        let mut menu = Launcher::new(CardStyle::Glyph, Memory::default());
        assert_eq!(menu.handle_event(&key(KeyCode::Up)), Action::Continue);
        assert_eq!(menu.selected(), GAMES.len() - 1);
        assert_eq!(menu.handle_event(&key(KeyCode::Down)), Action::Continue);
        assert_eq!(menu.selected(), 0);
        for (i, game) in GAMES.iter().enumerate() {
            let digit = char::from_digit(i as u32 + 1, 10).unwrap();
            let mut menu = Launcher::new(CardStyle::Glyph, Memory::default());
            let action = menu.handle_event(&key(KeyCode::Char(digit)));
            assert_eq!(
                (action, menu.chosen(), menu.selected()),
                (Action::Continue, None, i),
                "{}",
                game.name
            );
            assert_eq!(menu.handle_event(&key(KeyCode::Enter)), Action::Quit);
            assert_eq!(menu.chosen(), Some(i));
        }
        assert_eq!(
            Launcher::new(CardStyle::Glyph, Memory::default())
                .handle_event(&key(KeyCode::Char('q'))),
            Action::Quit
        );
    }

    /// The bug this pins: a digit started the game at once, so the Enter typed after it went
    /// to the game (in Dou Dizhu it passed the bid and the bot moved first).
    #[test]
    fn a_digit_then_enter_starts_the_game_with_no_key_left_over() {
        let mut menu = Launcher::new(CardStyle::Glyph, Memory::default());
        let mut actions = Vec::new();
        for event in [key(KeyCode::Char('2')), key(KeyCode::Enter)] {
            actions.push(menu.handle_event(&event));
        }
        assert_eq!(actions, [Action::Continue, Action::Quit]);
        assert_eq!(menu.chosen(), Some(1));
    }

    #[test]
    fn the_last_choice_and_flags_are_remembered() {
        let dir = test_dir("launcher-memory");
        assert_eq!(Memory::load(Some(&dir)), (Memory::default(), None));
        let memory = Memory {
            last: Some("hearts".into()),
            args: [("klondike".into(), vec!["--draw".into(), "3".into()])].into(),
        };
        dir.store(Memory::FILE, &memory).unwrap();
        let (loaded, message) = Memory::load(Some(&dir));
        assert_eq!((&loaded, message), (&memory, None));
        assert_eq!(
            Launcher::new(CardStyle::Glyph, loaded.clone()).selected(),
            4
        );
        let options = options_for(&LaunchOptions::default(), &loaded, 0);
        assert_eq!(options.args, ["--draw", "3"]);
        std::fs::write(dir.file(Memory::FILE), "{").unwrap();
        let (forgotten, message) = Memory::load(Some(&dir));
        assert_eq!(forgotten, Memory::default());
        assert!(message.unwrap().starts_with("last choice forgotten"));
        std::fs::remove_dir_all(dir.path()).unwrap();
    }

    #[test]
    fn games_without_launcher_flags_refuse_them() {
        assert_eq!(no_args(&[]), Ok(()));
        let err = no_args(&["--draw".into()]).unwrap_err();
        assert!(err.contains("\"--draw\" given"), "{err}");
    }

    #[test]
    fn seed_is_kept_when_given() {
        let options = LaunchOptions {
            seed: Some(7),
            ..LaunchOptions::default()
        };
        assert_eq!(options.seed_or_random(), 7);
    }
}
