//! A one-line text field: a seed to deal, a move to type, a file name.
//!
//! A game keeps a [`LineInput`] inside its overlay (for example
//! `Overlay::Game(Prompt::Seed(LineInput))`), passes it every key with [`LineInput::handle_key`]
//! and acts on the [`Edit`] it returns: `Submit` carries the text, `Cancel` closes the field.
//! The [`LineInputView`] widget draws the prompt, the text and a cursor.
//!
//! ```
//! use crossterm::event::{KeyCode, KeyEvent};
//! use parlor_tui::line_input::{Edit, LineInput};
//! let mut input = LineInput::new("seed: ").digits_only().max_len(6);
//! for c in "4x2".chars() {
//!     input.handle_key(&KeyEvent::from(KeyCode::Char(c)));
//! }
//! assert_eq!(input.handle_key(&KeyEvent::from(KeyCode::Enter)), Edit::Submit("42".into()));
//! ```

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::theme;

/// A text field with a prompt and a cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineInput {
    prompt: &'static str,
    text: String,
    /// The cursor, in characters from the start.
    cursor: usize,
    max_len: usize,
    digits_only: bool,
}

/// What a key did to a [`LineInput`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The text or the cursor changed, or the key was ignored: keep editing.
    Editing,
    /// Enter: the text as typed.
    Submit(String),
    /// Esc: close the field without acting.
    Cancel,
}

impl LineInput {
    /// An empty field after `prompt`, taking up to 80 characters.
    pub fn new(prompt: &'static str) -> LineInput {
        LineInput {
            prompt,
            text: String::new(),
            cursor: 0,
            max_len: 80,
            digits_only: false,
        }
    }

    /// This field, taking at most `max_len` characters.
    #[must_use]
    pub fn max_len(self, max_len: usize) -> LineInput {
        LineInput { max_len, ..self }
    }

    /// This field, taking digits only.
    #[must_use]
    pub fn digits_only(self) -> LineInput {
        LineInput {
            digits_only: true,
            ..self
        }
    }

    /// The text typed so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Handles one key: characters insert at the cursor, ←/→/Home/End move it, Backspace and
    /// Delete erase, Ctrl-U clears, Enter submits, Esc cancels. Other keys are ignored.
    pub fn handle_key(&mut self, key: &KeyEvent) -> Edit {
        let len = self.text.chars().count();
        match key.code {
            KeyCode::Enter => return Edit::Submit(self.text.clone()),
            KeyCode::Esc => return Edit::Cancel,
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.text.clear();
                self.cursor = 0;
            }
            KeyCode::Char(c)
                if !key.modifiers.contains(KeyModifiers::CONTROL)
                    && len < self.max_len
                    && (!self.digits_only || c.is_ascii_digit()) =>
            {
                self.text.insert(self.byte_index(self.cursor), c);
                self.cursor += 1;
            }
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.text.remove(self.byte_index(self.cursor));
            }
            KeyCode::Delete if self.cursor < len => {
                self.text.remove(self.byte_index(self.cursor));
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(len),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = len,
            _ => {}
        }
        Edit::Editing
    }

    fn byte_index(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }
}

/// Draws a [`LineInput`] on one row: the prompt in the key style, the text, and the cursor as
/// a reversed cell.
#[derive(Clone, Copy, Debug)]
pub struct LineInputView<'a>(pub &'a LineInput);

impl Widget for LineInputView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let input = self.0;
        let at = input.byte_index(input.cursor);
        let (before, rest) = input.text.split_at(at);
        let mut chars = rest.chars();
        let under = chars.next().map_or_else(|| " ".to_owned(), String::from);
        let line = Line::from(vec![
            Span::styled(input.prompt, theme::KEY),
            Span::raw(before),
            Span::styled(under, theme::SELECTED),
            Span::raw(chars.as_str()),
        ]);
        Paragraph::new(line).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(input: &mut LineInput, keys: &[KeyCode]) {
        for &code in keys {
            assert_eq!(input.handle_key(&KeyEvent::from(code)), Edit::Editing);
        }
    }

    #[test]
    fn editing_moves_the_cursor_and_erases() {
        let mut input = LineInput::new("> ");
        typed(
            &mut input,
            &[
                KeyCode::Char('a'),
                KeyCode::Char('c'),
                KeyCode::Left,
                KeyCode::Char('♠'),
                KeyCode::End,
                KeyCode::Backspace,
                KeyCode::Home,
                KeyCode::Delete,
            ],
        );
        assert_eq!(input.text(), "♠");
        assert_eq!(
            input.handle_key(&KeyEvent::from(KeyCode::Esc)),
            Edit::Cancel
        );
        let ctrl_u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(input.handle_key(&ctrl_u), Edit::Editing);
        assert_eq!(input.text(), "");
    }

    #[test]
    fn limits_refuse_extra_and_wrong_characters() {
        let mut input = LineInput::new("").digits_only().max_len(2);
        typed(
            &mut input,
            &[
                KeyCode::Char('1'),
                KeyCode::Char('x'),
                KeyCode::Char('2'),
                KeyCode::Char('3'),
            ],
        );
        assert_eq!(input.text(), "12");
    }

    #[test]
    fn the_view_draws_prompt_text_and_cursor() {
        let mut input = LineInput::new("seed: ");
        typed(
            &mut input,
            &[KeyCode::Char('4'), KeyCode::Char('2'), KeyCode::Left],
        );
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 1));
        LineInputView(&input).render(buf.area, &mut buf);
        let mut expected = Buffer::with_lines(["seed: 42  "]);
        expected.set_style(Rect::new(0, 0, 6, 1), theme::KEY);
        expected.set_style(Rect::new(7, 0, 1, 1), theme::SELECTED);
        assert_eq!(buf, expected);
    }
}
