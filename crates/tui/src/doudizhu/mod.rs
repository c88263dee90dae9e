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

use crate::app::{Action, Screen};
use crate::cards::CardStyle;
use crate::hearts::hand::HandHits;
use crate::launcher::LaunchOptions;
use input::{Context, Input};
pub use state::{BotKind, Command, HUMAN, Options, Table};

/// The Dou Dizhu screen: the table, the card style and where the hand was drawn.
pub struct App {
    table: Table,
    style: CardStyle,
    hits: HandHits,
}

/// Builds the game from the launcher.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(
        Options {
            settings: Settings::default(),
            seed: options.seed_or_random(),
            bots: BotKind::default(),
        },
        CardStyle::from_ascii_flag(options.ascii),
    ))
}

impl App {
    /// A new match.
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
        let context = Context {
            phase: self.table.game().state().phase(),
            bidding: self.table.settings().bidding,
            help: self.table.help(),
            typing: !self.table.input().is_empty() || !self.table.selected().is_empty(),
        };
        match input::input(event, context, &self.hits) {
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
