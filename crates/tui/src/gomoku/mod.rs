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
use crossterm::event::{Event, KeyCode, KeyModifiers};
use ratatui::Frame;

use crate::app::{Action, Screen};
use crate::launcher::LaunchOptions;
pub use state::{LEVELS, Opponent, Options, State};

/// Builds the screen for the launcher: you play Black against the brain.
pub fn start(options: &LaunchOptions) -> Box<dyn Screen> {
    let options = Options {
        ascii: options.ascii,
        seed: options.seed_or_random(),
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
            KeyCode::Char(c) if !modifiers.contains(KeyModifiers::CONTROL) && text.len() < 200 => {
                text.push(c);
            }
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
            Dialog::ChooseColor => match code {
                KeyCode::Char('b' | 'B') => self.state.choose_color(Stone::Black),
                KeyCode::Char('w' | 'W') => self.state.choose_color(Stone::White),
                KeyCode::Esc | KeyCode::Char('q') => self.state.close_dialog(),
                _ => {}
            },
            Dialog::ConfirmQuit | Dialog::ConfirmNew => {
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
