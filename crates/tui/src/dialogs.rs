//! The dialogs of both board games (Xiangqi and Gomoku): key routing, where the open
//! question, help or statistics take a key first, then the `:` prompt, and what is left is
//! the game's; the keys of the options popup; and the drawing of all of them.
//!
//! A game's state implements [`Dialogs`] (with [`dialogs_for_state`]); its screen calls
//! [`shared_key`] on every key and maps the key to a command only when that returns `None`,
//! and its `ui` draws the open dialog with [`Windows`](crate::windows::Windows) and [`options_popup`].

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Frame;
use ratatui::text::Line;

use crate::app::Action;
use crate::cards::CardStyle;
use crate::line_input::{Edit, LineInput};
use crate::overlay::{Outcome, Overlay};
use crate::theme;
use crate::widgets::Popup;

/// What [`shared_key`] needs of a game's state.
pub(crate) trait Dialogs {
    /// The game's own popups.
    type Popup;
    /// What a "yes" does.
    type Sure: Copy;
    /// The "yes" of "reset the statistics?".
    const RESET: Self::Sure;
    /// What is open over the board.
    fn overlay_mut(&mut self) -> &mut Overlay<Self::Popup, Self::Sure>;
    /// The `:` prompt, when open.
    fn prompt_mut(&mut self) -> &mut Option<LineInput>;
    /// A question answered yes.
    fn confirmed(&mut self, sure: Self::Sure) -> Action;
    /// A question answered no.
    fn declined(&mut self, sure: Self::Sure);
    /// A line typed at the prompt.
    fn submit(&mut self, line: &str);
}

/// `impl Dialogs for State` in a board game's state module, where `State` keeps the fields
/// `overlay: Overlay<Popup, Sure>` and `prompt: Option<LineInput>` and has the methods
/// `confirmed`, `declined` and `submit` of the trait's signatures, and `Sure` has
/// `ResetStatistics`.
macro_rules! dialogs_for_state {
    () => {
        impl $crate::dialogs::Dialogs for State {
            type Popup = Popup;
            type Sure = Sure;
            const RESET: Sure = Sure::ResetStatistics;

            fn overlay_mut(&mut self) -> &mut $crate::overlay::Overlay<Popup, Sure> {
                &mut self.overlay
            }

            fn prompt_mut(&mut self) -> &mut Option<$crate::line_input::LineInput> {
                &mut self.prompt
            }

            fn confirmed(&mut self, sure: Sure) -> $crate::app::Action {
                State::confirmed(self, sure)
            }

            fn declined(&mut self, sure: Sure) {
                State::declined(self, sure);
            }

            fn submit(&mut self, line: &str) {
                State::submit(self, line);
            }
        }
    };
}
pub(crate) use dialogs_for_state;

/// Gives `key` to the shared overlays, then to the prompt; `None` when the key is the game's
/// (nothing shared is open, or the game's own popup is).
pub(crate) fn shared_key<D: Dialogs>(d: &mut D, key: &KeyEvent) -> Option<Action> {
    let question = match d.overlay_mut() {
        Overlay::Confirm(c) => Some(c.yes),
        _ => None,
    };
    match d.overlay_mut().handle_key(key) {
        Outcome::Confirmed(sure) => return Some(d.confirmed(sure)),
        Outcome::Closed => {
            if let Some(sure) = question {
                d.declined(sure);
            }
            return Some(Action::Continue);
        }
        Outcome::ResetStatistics => {
            *d.overlay_mut() = Overlay::confirm("Reset the statistics?", D::RESET);
            return Some(Action::Continue);
        }
        Outcome::Handled => return Some(Action::Continue),
        Outcome::Unhandled => {}
    }
    match d.prompt_mut().as_mut()?.handle_key(key) {
        Edit::Submit(line) => {
            *d.prompt_mut() = None;
            d.submit(&line);
        }
        Edit::Cancel => *d.prompt_mut() = None,
        Edit::Editing => {}
    }
    Some(Action::Continue)
}

/// What a key does in a game's options popup.
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

/// The index `step` places from `index` in a list of `len`, wrapping round (options cycle).
pub(crate) fn cycle(index: usize, step: isize, len: usize) -> usize {
    (index as isize + step).rem_euclid(len.max(1) as isize) as usize
}

/// The options popup: `(label, value)` rows, the highlighted one marked, and its keys.
pub(crate) fn options_popup(
    frame: &mut Frame,
    rows: &[(&str, String)],
    selected: usize,
    style: CardStyle,
) {
    let width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let lines = rows
        .iter()
        .enumerate()
        .map(|(i, (label, value))| {
            let text = format!("{label:<width$}  {value}");
            if i == selected {
                Line::styled(text, theme::SELECTED)
            } else {
                Line::raw(text)
            }
        })
        .chain([
            Line::raw(""),
            Line::styled("up/down choose, left/right change, Esc closes", theme::DIM),
        ])
        .collect();
    let popup = Popup {
        title: "Options",
        lines,
        style,
    };
    frame.render_widget(popup, frame.area());
}
