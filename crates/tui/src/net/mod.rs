//! Network play: a terminal client for any game at a parlor table server
//! (`crates/netplay`). It draws a generic table from what the server sends (the seats, the
//! seat's JSON view, the legal action texts) and holds no rules of its own.
//!
//! - [`state`]: the connection, table, view, legal actions, filter and messages
//!   ([`NetState`]); no terminal code.
//! - [`input`]: keys to commands, and the help line from the same table.
//! - [`ui`]: the [`TableView`](ui::TableView) widget.
//! - [`connection`]: the WebSocket on its own thread, resuming the seat after a drop.
//!
//! `play --host GAME --name NAME` creates a table and shows its code;
//! `play --join ws://HOST:PORT/CODE --name NAME` joins it.

pub mod connection;
pub mod input;
pub mod state;
pub mod ui;

#[cfg(test)]
mod tests;

use crossterm::event::Event;
use ratatui::Frame;

use crate::app::{Action, Screen};
pub use connection::Connection;
pub use state::{Command, Link, NetEvent, NetState};

/// The client screen: the state and the connection that feeds it.
#[derive(Debug)]
pub struct NetScreen {
    /// What the client knows.
    pub state: NetState,
    connection: Connection,
}

impl NetScreen {
    /// A screen over an open connection.
    pub fn new(state: NetState, connection: Connection) -> NetScreen {
        NetScreen { state, connection }
    }

    /// Takes in everything the connection delivered since the last call.
    pub fn pump(&mut self) {
        for event in self.connection.drain() {
            self.state.receive(event);
        }
    }

    /// Applies `command`, sending what it asks the server for.
    pub fn run_command(&mut self, command: Command) -> Action {
        if command == Command::Quit {
            return Action::Quit;
        }
        if let Some(message) = self.state.command(command) {
            self.connection.send(message);
        }
        Action::Continue
    }
}

impl Screen for NetScreen {
    fn render(&mut self, frame: &mut Frame) {
        frame.render_widget(ui::TableView(&self.state), frame.area());
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        self.pump();
        input::command(event).map_or(Action::Continue, |command| self.run_command(command))
    }

    fn tick(&mut self) -> Action {
        self.pump();
        Action::Continue
    }
}
