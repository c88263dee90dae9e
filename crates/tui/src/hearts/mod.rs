//! Hearts in the terminal: you (South) against three computer players.
//!
//! - [`state`]: the [`Table`] (game, bots, cursor, picks, message, open window) and the
//!   [`Command`]s that change it, without a terminal;
//! - [`input`]: keys and clicks to commands, one table of bindings that also writes the help;
//! - [`ui`]: the widgets (hand, trick, seat panels) and the screen layout.
//!
//! The computer players see only their seat's [`View`](::hearts::View); the screen draws
//! only South's.

pub mod cli;
pub mod input;
pub mod state;
pub mod ui;

#[cfg(test)]
mod tests;

use ::hearts::Settings;
use crossterm::event::Event;
use ratatui::Frame;
use ratatui::layout::Size;

use crate::app::{Action, Screen};
use crate::hand::HandHits;
use crate::launcher::LaunchOptions;
use crate::overlay::Outcome;
pub use state::{BotKind, Command, Flow, HUMAN, Options, Speed, Table};

/// The Hearts screen: the table, the card style and where the hand was drawn.
pub struct App {
    table: Table,
    style: crate::cards::CardStyle,
    hits: HandHits,
}

/// Builds the screen for the launcher: the strongest bots, normal speed, the launcher's
/// style, seed and data directory.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(&Options {
        settings: Settings::default(),
        seed: options.seed_or_random(),
        bots: BotKind::default(),
        speed: Speed::Normal,
        style: options.style,
        data: options.data.clone(),
    }))
}

impl App {
    /// A new game (or the saved one, if the player says so).
    pub fn new(options: &Options) -> App {
        App {
            table: Table::new(options),
            style: options.style,
            hits: HandHits::default(),
        }
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The table, to drive it directly.
    pub fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    fn apply(&mut self, command: Command) -> Action {
        match self.table.apply(command) {
            Flow::Continue => Action::Continue,
            Flow::Quit => Action::Quit,
        }
    }
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        ui::draw(frame, &self.table, self.style, &mut self.hits);
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        if let Event::Key(key) = event {
            match self.table.overlay_mut().handle_key(key) {
                Outcome::Unhandled => {}
                Outcome::Confirmed(command) => return self.apply(command),
                Outcome::ResetStatistics => return self.apply(Command::AskResetStatistics),
                Outcome::Closed => {
                    self.table.declined();
                    return Action::Continue;
                }
                Outcome::Handled => return Action::Continue,
            }
        }
        match input::command(event, self.table.popup(), &self.hits) {
            Some(command) => self.apply(command),
            None => Action::Continue,
        }
    }

    fn tick(&mut self) -> Action {
        self.table.tick();
        Action::Continue
    }

    fn min_size(&self) -> Size {
        let (width, height) = ui::MIN_SIZE;
        Size::new(width, height)
    }
}
