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
pub mod remote;
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

    /// Waits (at most [`PATIENCE`]) until the table is announced, and returns its game; the
    /// server's refusal (a wrong code, a full table) or a lost link is the error.
    pub fn await_table(&mut self) -> Result<String, String> {
        let start = std::time::Instant::now();
        while start.elapsed() < PATIENCE {
            if let Some(event) = self.connection.wait(crate::app::TICK) {
                self.state.receive(event);
            }
            if let Some(table) = &self.state.table {
                return Ok(table.game.clone());
            }
            if let Link::Lost(reason) = &self.state.link {
                return Err(format!("no connection to {}: {reason}", self.state.server));
            }
            if let Some(alarm) = self.state.alarm() {
                return Err(alarm.to_owned());
            }
        }
        Err(format!(
            "no table from {} in {PATIENCE:?}",
            self.state.server
        ))
    }

    /// Queues `message` for the server.
    pub fn send(&self, message: netplay::ClientMessage) {
        self.connection.send(message);
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

/// How long `play --host`/`--join` waits for the table before giving up.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// Runs `play --host …` or `play --join …`: the table's game on its own screen (Dou Dizhu,
/// Hearts, Xiangqi, Gomoku, Klondike), any other game on the generic table client.
pub fn main(cli: &crate::launcher::Cli) -> std::process::ExitCode {
    let style = cli.style.style();
    let opened = open(cli).and_then(|mut link| {
        let game = link.await_table()?;
        let mut screen = game_screen(&game, link, style)?;
        crate::app::run(screen.as_mut()).map_err(|e| e.to_string())
    });
    match opened {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("play: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The screen for a table of `game`: the game's own where it has one; refused when the
/// table's settings do not set up the game's screen.
pub fn game_screen(
    game: &str,
    link: NetScreen,
    style: crate::cards::CardStyle,
) -> Result<Box<dyn Screen>, String> {
    Ok(match game {
        <::doudizhu::Game as game::GameState>::NAME => {
            Box::new(crate::doudizhu::App::remote(link, style))
        }
        <::hearts::Game as game::GameState>::NAME => {
            Box::new(crate::hearts::App::remote(link, style))
        }
        <::xiangqi::Game as game::GameState>::NAME => {
            Box::new(crate::xiangqi::App::remote(link, style.is_ascii()))
        }
        <::gomoku::Gomoku as game::GameState>::NAME => {
            Box::new(crate::gomoku::App::remote(link, style.is_ascii()).map_err(|e| e.to_string())?)
        }
        <::klondike::Klondike as game::GameState>::NAME => {
            let options =
                crate::klondike::remembered_options(crate::data::DataDir::user().as_ref());
            Box::new(crate::klondike::App::remote(link, style, options))
        }
        _ => Box::new(link),
    })
}

/// The screen `--host` or `--join` asks for, connected.
fn open(cli: &crate::launcher::Cli) -> Result<NetScreen, String> {
    let name = cli.name.clone().unwrap_or_default();
    let (server, first) = if let Some(url) = &cli.join {
        let url: netplay::JoinUrl = url
            .parse()
            .map_err(|e: netplay::ClientError| e.to_string())?;
        let join = netplay::ClientMessage::Join {
            code: url.code,
            name: name.clone(),
        };
        (url.server, join)
    } else {
        let settings = match &cli.settings {
            Some(text) => serde_json::from_str(text).map_err(|e| format!("--settings: {e}"))?,
            None => serde_json::Value::Null,
        };
        let create = netplay::ClientMessage::Create {
            game: cli.host.clone().unwrap_or_default(),
            settings,
            name: Some(name.clone()),
            // Sent again on every reconnect until `created` arrives: the server answers a
            // repeat with the table it already made.
            token: Some(netplay::Token::generate()),
        };
        (cli.server.clone(), create)
    };
    let connection = Connection::open(&server, first).map_err(|e| e.to_string())?;
    Ok(NetScreen::new(NetState::new(&server, &name), connection))
}
