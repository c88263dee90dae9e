//! Gomoku in the terminal: two local players or you against parlor's brain at a chosen level
//! (level 1 is the simple threat bot), under any rule set and board size the `gomoku` crate
//! supports.
//!
//! The board shows coordinates, stones as `●`/`○` (`X`/`O` with `--ascii`) or their move
//! numbers (`m`), Black's forbidden points under renju (`×`, `*` in ASCII), the last move and
//! the winning line. Cursor keys or the mouse place stones; `:` types a coordinate (`h8` or
//! `7,7`) or saves and loads records (the move list, or Gomocup `.psq`); `o` opens the
//! options (opponent, level, rule, size, renju foul policy); `e` shows the computer's
//! evaluation and line.
//!
//! - [`state`]: the game and everything a command does (no drawing).
//! - [`input`]: keys and clicks to commands, one table that also writes the help.
//! - [`ui`]: the widgets.

pub mod cli;
pub mod input;
pub mod state;
pub mod ui;

#[cfg(test)]
mod tests;

use ::gomoku::Color as Stone;
use ::gomoku::opening::CannotStart;
use crossterm::event::{Event, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Size;

use crate::app::{Action, Screen};
use crate::dialogs::{OptionsKey, options_key, shared_key};
use crate::launcher::LaunchOptions;
use crate::overlay::Overlay;
pub use state::{LEVELS, Opponent, Options, State};

/// Builds the screen for the launcher: you play Black against the brain.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    let options = Options {
        ascii: options.style.is_ascii(),
        seed: options.seed_or_random(),
        data: options.data.clone(),
        ..Options::default()
    };
    Box::new(App::new(options).expect("the default options start a game"))
}

/// The Gomoku screen: the state, and where the board was drawn for the mouse.
pub struct App {
    state: State,
    hits: input::BoardHits,
}

impl App {
    /// A new game with `options`; refused, with the reason, when the board size is not
    /// 5..=32 each way or the opening rule cannot start on the board.
    pub fn new(options: Options) -> Result<App, CannotStart> {
        Ok(App {
            state: State::new(options)?,
            hits: input::BoardHits::default(),
        })
    }

    /// A seat at a network table over an open link (see [`State::remote`]); refused when
    /// the table's board cannot be set up.
    pub fn remote(link: crate::net::NetScreen, ascii: bool) -> Result<App, CannotStart> {
        Ok(App {
            state: State::remote(link, ascii)?,
            hits: input::BoardHits::default(),
        })
    }

    /// The state, for reading.
    pub fn state(&self) -> &State {
        &self.state
    }

    fn key(&mut self, key: &KeyEvent) -> Action {
        match self.state.overlay() {
            Overlay::Game(state::Popup::Options(_)) => {
                match options_key(key.code) {
                    Some(OptionsKey::Move(rows)) => self.state.options_move(rows),
                    Some(OptionsKey::Change(step)) => self.state.options_change(step),
                    Some(OptionsKey::Close) => self.state.close_popup(),
                    None => {}
                }
                return Action::Continue;
            }
            Overlay::Game(state::Popup::ChooseColor) => {
                match key.code {
                    KeyCode::Char('b' | 'B') => self.state.choose_color(Stone::Black),
                    KeyCode::Char('w' | 'W') => self.state.choose_color(Stone::White),
                    KeyCode::Esc | KeyCode::Char('q') => self.state.close_popup(),
                    _ => {}
                }
                return Action::Continue;
            }
            _ => {}
        }
        if let Some(action) = shared_key(&mut self.state, key) {
            return action;
        }
        match input::key_command(key) {
            Some(command) => self.state.apply(command),
            None => Action::Continue,
        }
    }
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        ui::draw(frame, &self.state, &mut self.hits);
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        match event {
            Event::Key(key) => self.key(key),
            _ if !self.state.overlay().is_none() || self.state.prompt.is_some() => Action::Continue,
            _ => match input::command(event, &self.hits) {
                Some(command) => self.state.apply(command),
                None => Action::Continue,
            },
        }
    }

    fn min_size(&self) -> Size {
        let o = self.state.options();
        let (width, height) = ui::min_size(o.width, o.height);
        Size { width, height }
    }

    fn tick(&mut self) -> Action {
        self.state.tick();
        Action::Continue
    }
}
