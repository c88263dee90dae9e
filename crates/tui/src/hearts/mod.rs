//! Hearts in the terminal: you (South) against three computer players, or a seat at a
//! network table (`play --host hearts`, `play --join …`).
//!
//! - [`state`]: the [`Table`] (game, bots, cursor, picks, message, open window) and the
//!   [`Command`]s that change it, without a terminal;
//! - [`input`]: keys and clicks to commands, one table of bindings that also writes the help;
//! - [`ui`]: the widgets (hand, trick, seat panels) and the screen layout.
//!
//! The computer players see only their seat's [`View`](::hearts::View); the screen draws
//! only yours, locally and at a table alike.

pub mod cli;
pub mod input;
pub mod state;
pub mod ui;

#[cfg(test)]
mod tests;

use ::hearts::Settings;
use crossterm::event::Event;
use ratatui::Frame;

use crate::app::Screen;
use crate::hand::HandHits;
use crate::launcher::LaunchOptions;
use crate::net::NetScreen;
use crate::shell::CardTable;
pub use crate::shell::Flow;
pub use crate::shell::TableState;
pub use state::{BotKind, Command, HUMAN, Options, Speed, Table};

/// The Hearts screen: the table in the card games' shell.
pub type App = crate::shell::App<Table>;

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
        App::over(Table::new(options), options.style)
    }

    /// A seat at a network table, drawn in `style`.
    pub fn remote(link: NetScreen, style: crate::cards::CardStyle) -> App {
        App::over(Table::remote(link), style)
    }
}

impl CardTable for Table {
    const MIN_SIZE: (u16, u16) = ui::MIN_SIZE;

    fn command(&self, event: &Event, hits: &HandHits) -> Option<Command> {
        input::command(event, input::Context::of(self), hits)
    }

    fn draw(&self, frame: &mut Frame, style: crate::cards::CardStyle, hits: &mut HandHits) {
        ui::draw(frame, self, style, hits);
    }
}
