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
pub mod hand;
pub mod input;
pub mod state;
pub mod ui;

#[cfg(test)]
mod tests;

use ::hearts::Settings;
use crossterm::event::Event;
use ratatui::Frame;

use crate::app::{Action, Screen};
use crate::cards::CardStyle;
use crate::launcher::LaunchOptions;
use hand::HandHits;
use input::Input;
pub use state::{BotKind, Command, HUMAN, Options, Speed, Table};

/// The Hearts screen: the table, the card style and where the hand was drawn.
pub struct App {
    table: Table,
    style: CardStyle,
    hits: HandHits,
}

/// Builds the screen for the launcher.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(
        Options {
            settings: Settings::default(),
            seed: options.seed_or_random(),
            bots: BotKind::default(),
            speed: Speed::Normal,
        },
        CardStyle::from_ascii_flag(options.ascii),
    ))
}

impl App {
    /// A new game.
    pub fn new(options: Options, style: CardStyle) -> App {
        App {
            table: Table::new(options),
            style,
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
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        ui::draw(frame, &self.table, self.style, &mut self.hits);
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        match input::input(event, self.table.overlay(), &self.hits) {
            Some(Input::Quit) => Action::Quit,
            Some(Input::Table(command)) => {
                self.table.apply(command);
                Action::Continue
            }
            None => Action::Continue,
        }
    }

    fn tick(&mut self) -> Action {
        self.table.tick();
        Action::Continue
    }
}
