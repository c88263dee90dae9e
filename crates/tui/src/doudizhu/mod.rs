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
use ratatui::layout::Size;

use crate::app::{Action, Screen};
use crate::hand::HandHits;
use crate::launcher::LaunchOptions;
use crate::net::NetScreen;
use crate::overlay::Outcome;
use input::Context;
pub use state::{BotKind, Command, Flow, HUMAN, Options, Table};

/// The Dou Dizhu screen: the table, the card style and where the hand was drawn.
pub struct App {
    table: Table,
    style: crate::cards::CardStyle,
    hits: HandHits,
}

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
        App {
            table: Table::new(options),
            style: options.style,
            hits: HandHits::default(),
        }
    }

    /// A seat at a network table, drawn in `style`.
    pub fn remote(link: NetScreen, style: crate::cards::CardStyle) -> App {
        App {
            table: Table::remote(link),
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
        match input::command(event, Context::of(&self.table), &self.hits) {
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
