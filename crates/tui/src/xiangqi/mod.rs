//! Xiangqi in the terminal: two players at one keyboard, or against parlor's engine at a
//! chosen level (level 1 is the seeded baseline bot).
//!
//! The board is drawn with Chinese characters (red and black pieces on a wooden board, or
//! FEN letters with `--ascii`), with each side's file numbers (一…九 for Red, 1…9 for Black)
//! and the ICCS letters. Moves are made with the cursor or the mouse (select a piece, its
//! legal targets are marked, select a target) or typed in ICCS, WXF or Chinese notation after
//! `:`. The same prompt takes commands (`fen`, `save`, `load`, `resign`, `draw`, `level`, the
//! rules …); `o` opens the options, `e` shows the engine's evaluation and line, `[`/`]` step
//! through the moves. At a network table ([`App::remote`]) the server holds the game: the
//! screen replays its view, sends the moves, resignation and draw offers, and shows the
//! players, the link and the server's refusals.
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

use crossterm::event::{Event, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Size;

use crate::app::{Action, Screen};
use crate::dialogs::{OptionsKey, options_key, shared_key};
use crate::launcher::LaunchOptions;
use crate::overlay::Overlay;
pub use state::{LEVELS, Options, State};

/// Builds the Xiangqi screen for the launcher: you play Red against the engine.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(Options {
        seed: options.seed_or_random(),
        ascii: options.style.is_ascii(),
        data: options.data.clone(),
        ..Options::default()
    }))
}

/// The Xiangqi screen: the state, and where the board was drawn for the mouse.
pub struct App {
    state: State,
    hits: input::BoardHits,
}

impl App {
    /// A game with `options`.
    pub fn new(options: Options) -> App {
        App {
            state: State::new(options),
            hits: input::BoardHits::default(),
        }
    }

    /// A seat at a network table over an open link (see [`State::remote`]).
    pub fn remote(link: crate::net::NetScreen, ascii: bool) -> App {
        App {
            state: State::remote(link, ascii),
            hits: input::BoardHits::default(),
        }
    }

    /// The state, for reading.
    pub fn state(&self) -> &State {
        &self.state
    }

    fn key(&mut self, key: &KeyEvent) -> Action {
        if let Overlay::Game(state::Popup::Options(_)) = self.state.overlay() {
            match options_key(key.code) {
                Some(OptionsKey::Move(rows)) => self.state.options_move(rows),
                Some(OptionsKey::Change(step)) => self.state.options_change(step),
                Some(OptionsKey::Close) => self.state.close_options(),
                None => {}
            }
            return Action::Continue;
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
        let (width, height) = ui::MIN_SIZE;
        Size { width, height }
    }

    fn tick(&mut self) -> Action {
        self.state.tick();
        Action::Continue
    }
}
