//! Dou Dizhu in the terminal: you against two computer players.
//!
//! - [`state`]: the [`Table`] (match, bots, cursor, selection, typed ranks, hint cycle,
//!   message) and the [`Command`]s that change it, without a terminal;
//! - [`input`]: keys and clicks to commands, one table of bindings that also writes the help;
//! - [`ui`]: the widgets (seat lines, card counter, hand) and the screen layout.
//!
//! The computer players see only their seat's [`View`](::doudizhu::View); the screen draws
//! only yours, and every hand once a deal is settled.

pub mod cli;
pub mod input;
pub mod state;
pub mod ui;

#[cfg(test)]
mod tests;

use ::doudizhu::Settings;
use crossterm::event::Event;
use ratatui::Frame;

use crate::app::Screen;
use crate::hand::HandHits;
use crate::launcher::LaunchOptions;
use crate::net::NetScreen;
use crate::shell::CardTable;
pub use crate::shell::Flow;
pub use crate::shell::TableState;
use input::Context;
pub use state::{BotKind, Command, HUMAN, Options, Table};

/// The Dou Dizhu screen: the table in the card games' shell.
pub type App = crate::shell::App<Table>;

/// Builds the game from the launcher: the strongest bots, the launcher's style, seed and
/// data directory.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(&Options {
        settings: Settings::default(),
        seed: options.seed_or_random(),
        bots: BotKind::default(),
        style: options.style,
        data: options.data.clone(),
    }))
}

impl App {
    /// A new match (or the saved one, if the player says so).
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
        input::command(event, Context::of(self), hits)
    }

    fn draw(&self, frame: &mut Frame, style: crate::cards::CardStyle, hits: &mut HandHits) {
        ui::draw(frame, self, style, hits);
    }
}
