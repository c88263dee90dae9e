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
pub mod state;
pub(crate) mod thinker;
pub mod ui;

#[cfg(test)]
mod tests;

use crossterm::event::{Event, KeyCode, KeyModifiers};
use ratatui::Frame;

use crate::app::{Action, Screen};
use crate::launcher::LaunchOptions;
pub use state::{LEVELS, Options, State};

/// Builds the Xiangqi screen for the launcher: you play Red against the engine.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    Box::new(App::new(Options {
        seed: options.seed_or_random(),
        ascii: options.ascii,
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

    fn prompt_key(&mut self, code: KeyCode, modifiers: KeyModifiers) {
        let Some(text) = self.state.prompt.as_mut() else {
            return;
        };
        match code {
            KeyCode::Enter => {
                let line = std::mem::take(text);
                self.state.prompt = None;
                self.state.submit(&line);
            }
            KeyCode::Esc => self.state.prompt = None,
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Char(c) if !modifiers.contains(KeyModifiers::CONTROL) => text.push(c),
            _ => {}
        }
    }

    fn dialog_key(&mut self, dialog: state::Dialog, code: KeyCode) -> Action {
        use state::Dialog;
        match dialog {
            Dialog::Help => self.state.close_dialog(),
            Dialog::Options(_) => match code {
                KeyCode::Up | KeyCode::Char('k') => self.state.options_move(-1),
                KeyCode::Down | KeyCode::Char('j') => self.state.options_move(1),
                KeyCode::Left | KeyCode::Char('h') => self.state.options_change(-1),
                KeyCode::Right | KeyCode::Char('l' | ' ') => self.state.options_change(1),
                KeyCode::Esc | KeyCode::Enter | KeyCode::Char('o' | 'q') => {
                    self.state.close_dialog();
                }
                _ => {}
            },
            _ => {
                return self
                    .state
                    .answer(matches!(code, KeyCode::Char('y' | 'Y') | KeyCode::Enter));
            }
        }
        Action::Continue
    }
}

impl Screen for App {
    fn render(&mut self, frame: &mut Frame) {
        ui::draw(frame, &self.state, &mut self.hits);
    }

    fn handle_event(&mut self, event: &Event) -> Action {
        if let Event::Key(k) = event {
            if let Some(dialog) = self.state.dialog() {
                return self.dialog_key(dialog, k.code);
            }
            if self.state.prompt.is_some() {
                self.prompt_key(k.code, k.modifiers);
                return Action::Continue;
            }
        } else if self.state.dialog().is_some() || self.state.prompt.is_some() {
            return Action::Continue;
        }
        match input::command(event, &self.hits) {
            Some(command) => self.state.apply(command),
            None => Action::Continue,
        }
    }

    fn tick(&mut self) -> Action {
        self.state.tick();
        Action::Continue
    }
}
