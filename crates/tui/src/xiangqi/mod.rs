//! Xiangqi in the terminal: two players at one keyboard, or against parlor's engine at a
//! chosen level (level 1 is the seeded baseline bot).
//!
//! The board is drawn with Chinese characters (red and black pieces on a wooden board, or
//! FEN letters with `--ascii`), with each side's file numbers (一…九 for Red, 1…9 for Black)
//! and the ICCS letters. Moves are made with the cursor or the mouse (select a piece, its
//! legal targets are marked, select a target) or typed in ICCS, WXF or Chinese notation after
//! `:`. The same prompt takes commands (`fen`, `save`, `load`, `resign`, `draw`, `level`, the
//! rules …); `o` opens the options, `e` shows the engine's evaluation and line, `[`/`]` step
//! through the moves.
//!
//! - [`state`]: the game and everything a command does (no drawing).
//! - [`input`]: keys and clicks to commands, one table that also writes the help.
//! - [`ui`]: the widgets.

pub mod cli;
pub mod input;
pub(crate) mod record;
pub mod state;
pub(crate) mod thinker;
pub mod ui;

#[cfg(test)]
mod tests;

use crossterm::event::{Event, KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::layout::Size;

use crate::app::{Action, Screen};
use crate::launcher::LaunchOptions;
use crate::line_input::Edit;
use crate::overlay::{Outcome, Overlay};
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
        let question = match self.state.overlay() {
            Overlay::Confirm(c) => Some(c.yes),
            _ => None,
        };
        match self.state.overlay.handle_key(key) {
            Outcome::Confirmed(sure) => return self.state.confirmed(sure),
            Outcome::Closed => {
                if let Some(sure) = question {
                    self.state.declined(sure);
                }
                return Action::Continue;
            }
            Outcome::ResetStatistics => {
                self.state.overlay =
                    Overlay::confirm("Reset the statistics?", state::Sure::ResetStatistics);
                return Action::Continue;
            }
            Outcome::Handled => return Action::Continue,
            Outcome::Unhandled => {}
        }
        if let Some(input) = self.state.prompt.as_mut() {
            match input.handle_key(key) {
                Edit::Submit(line) => {
                    self.state.prompt = None;
                    self.state.submit(&line);
                }
                Edit::Cancel => self.state.prompt = None,
                Edit::Editing => {}
            }
            return Action::Continue;
        }
        match input::key_command(key) {
            Some(command) => self.state.apply(command),
            None => Action::Continue,
        }
    }
}

/// What a key does in a game's options popup (shared by both board games).
pub(crate) enum OptionsKey {
    /// Highlight another row.
    Move(isize),
    /// The next or previous value.
    Change(isize),
    /// Close the popup.
    Close,
}

/// The options popup's keys: up/down choose a row, left/right (or Space) change its value,
/// Esc, Enter, `o` or `q` close.
pub(crate) fn options_key(code: KeyCode) -> Option<OptionsKey> {
    Some(match code {
        KeyCode::Up | KeyCode::Char('k') => OptionsKey::Move(-1),
        KeyCode::Down | KeyCode::Char('j') => OptionsKey::Move(1),
        KeyCode::Left | KeyCode::Char('h') => OptionsKey::Change(-1),
        KeyCode::Right | KeyCode::Char('l' | ' ') => OptionsKey::Change(1),
        KeyCode::Esc | KeyCode::Enter | KeyCode::Char('o' | 'q') => OptionsKey::Close,
        _ => return None,
    })
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
