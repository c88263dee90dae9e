//! Key routing shared by both board games: the open question, help or statistics take a key
//! first, then the `:` prompt; what is left is the game's. Also the keys of the games'
//! options popups.
//!
//! A game's state implements [`Dialogs`]; its screen calls [`shared_key`] on every key and
//! maps the key to a command only when that returns `None`.

use crossterm::event::{KeyCode, KeyEvent};

use crate::app::Action;
use crate::line_input::{Edit, LineInput};
use crate::overlay::{Outcome, Overlay};

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
