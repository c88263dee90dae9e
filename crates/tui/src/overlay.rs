//! What is open over the game: nothing, the help, the statistics, a yes/no question, or one
//! of the game's own popups.
//!
//! A game keeps one `Overlay<G, C>` in its state, with `G` its own popups (options, a seed
//! prompt with a [`LineInput`](crate::line_input::LineInput), an end-of-hand summary) and `C`
//! its command enum. Every key goes first to [`Overlay::handle_key`]: the shared overlays
//! handle their keys themselves (help scrolls and closes, a question takes y/n), and the
//! game acts on the [`Outcome`]: `Confirmed(command)` runs the command the question was
//! about, `ResetStatistics` asks before clearing them, `Unhandled` means the key is the
//! game's (the overlay is `None` or the game's own). Drawing goes the other way: the game
//! draws the matching widget from [`crate::widgets`].
//!
//! ```
//! use crossterm::event::{KeyCode, KeyEvent};
//! use parlor_tui::overlay::{Outcome, Overlay};
//!
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Command { Quit }
//! let mut overlay: Overlay<(), Command> = Overlay::confirm("quit this game?", Command::Quit);
//! let y = KeyEvent::from(KeyCode::Char('y'));
//! assert_eq!(overlay.handle_key(&y), Outcome::Confirmed(Command::Quit));
//! assert!(overlay.is_none());
//! ```

use crossterm::event::{KeyCode, KeyEvent};

use crate::widgets::HelpState;

/// A pending yes/no question and the command a yes runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirm<C> {
    /// The question, e.g. "quit this game?" (the dialog adds "y/n").
    pub question: String,
    /// What `y` does.
    pub yes: C,
}

/// What is drawn over the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Overlay<G, C> {
    /// Nothing: keys go to the game.
    #[default]
    None,
    /// The help screen, scrolled.
    Help(HelpState),
    /// The statistics screen.
    Statistics,
    /// A yes/no question.
    Confirm(Confirm<C>),
    /// One of the game's own popups.
    Game(G),
}

/// What a key did to the overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<C> {
    /// The overlay took the key (scrolled, ignored a stray key); nothing for the game to do.
    Handled,
    /// The overlay closed.
    Closed,
    /// The question was answered yes: run this command.
    Confirmed(C),
    /// `r` on the statistics screen: the game asks before resetting them.
    ResetStatistics,
    /// No shared overlay is open: the key is the game's.
    Unhandled,
}

impl<G, C> Overlay<G, C> {
    /// The help, at its top.
    pub fn help() -> Overlay<G, C> {
        Overlay::Help(HelpState::default())
    }

    /// A yes/no question whose yes runs `yes`.
    pub fn confirm(question: impl Into<String>, yes: C) -> Overlay<G, C> {
        Overlay::Confirm(Confirm {
            question: question.into(),
            yes,
        })
    }

    /// Whether nothing is open.
    pub fn is_none(&self) -> bool {
        matches!(self, Overlay::None)
    }

    /// Closes whatever is open.
    pub fn close(&mut self) {
        *self = Overlay::None;
    }

    /// Handles `key` if a shared overlay is open.
    ///
    /// - Help: ↑/↓/`k`/`j` scroll a line, PgUp/PgDn/Space a page, Home/End to the ends; any
    ///   other key closes.
    /// - Statistics: `r` gives [`Outcome::ResetStatistics`]; any other key closes.
    /// - Confirm: `y` or Enter gives [`Outcome::Confirmed`], `n`, Esc or `q` closes; other
    ///   keys are ignored, so a stray key never answers.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Outcome<C> {
        match self {
            Overlay::None | Overlay::Game(_) => Outcome::Unhandled,
            Overlay::Help(state) => {
                let lines = match key.code {
                    KeyCode::Up | KeyCode::Char('k') => -1,
                    KeyCode::Down | KeyCode::Char('j') => 1,
                    KeyCode::PageUp => -10,
                    KeyCode::PageDown | KeyCode::Char(' ') => 10,
                    KeyCode::Home => -i32::from(u16::MAX),
                    KeyCode::End => i32::from(u16::MAX),
                    _ => {
                        self.close();
                        return Outcome::Closed;
                    }
                };
                state.scroll(lines);
                Outcome::Handled
            }
            Overlay::Statistics => {
                self.close();
                if key.code == KeyCode::Char('r') {
                    Outcome::ResetStatistics
                } else {
                    Outcome::Closed
                }
            }
            Overlay::Confirm(_) => match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter => {
                    match std::mem::replace(self, Overlay::None) {
                        Overlay::Confirm(confirm) => Outcome::Confirmed(confirm.yes),
                        other => {
                            *self = other;
                            Outcome::Handled
                        }
                    }
                }
                KeyCode::Char('n' | 'N' | 'q') | KeyCode::Esc => {
                    self.close();
                    Outcome::Closed
                }
                _ => Outcome::Handled,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Command {
        NewGame,
    }

    type Shared = Overlay<u8, Command>;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::from(code)
    }

    #[test]
    fn a_question_ignores_stray_keys_and_closes_on_no() {
        let mut overlay = Shared::confirm("deal again?", Command::NewGame);
        assert_eq!(
            overlay.handle_key(&press(KeyCode::Char('x'))),
            Outcome::Handled
        );
        assert!(matches!(overlay, Overlay::Confirm(_)));
        assert_eq!(overlay.handle_key(&press(KeyCode::Esc)), Outcome::Closed);
        assert!(overlay.is_none());
        let mut overlay = Shared::confirm("deal again?", Command::NewGame);
        assert_eq!(
            overlay.handle_key(&press(KeyCode::Enter)),
            Outcome::Confirmed(Command::NewGame)
        );
    }

    #[test]
    fn help_scrolls_then_closes_on_another_key() {
        let mut overlay = Shared::help();
        assert_eq!(overlay.handle_key(&press(KeyCode::Down)), Outcome::Handled);
        assert_eq!(
            overlay.handle_key(&press(KeyCode::PageDown)),
            Outcome::Handled
        );
        assert_eq!(overlay, Overlay::Help(HelpState::at(11)));
        assert_eq!(overlay.handle_key(&press(KeyCode::Home)), Outcome::Handled);
        assert_eq!(overlay, Overlay::Help(HelpState::at(0)));
        assert_eq!(
            overlay.handle_key(&press(KeyCode::Char('?'))),
            Outcome::Closed
        );
        assert!(overlay.is_none());
    }

    #[test]
    fn statistics_offer_a_reset_and_game_overlays_pass_keys_on() {
        let mut overlay = Shared::Statistics;
        assert_eq!(
            overlay.handle_key(&press(KeyCode::Char('r'))),
            Outcome::ResetStatistics
        );
        assert!(overlay.is_none());
        assert_eq!(
            overlay.handle_key(&press(KeyCode::Char('r'))),
            Outcome::Unhandled
        );
        let mut overlay = Shared::Game(3);
        assert_eq!(overlay.handle_key(&press(KeyCode::Esc)), Outcome::Unhandled);
        assert_eq!(overlay, Overlay::Game(3));
    }
}
