//! The status line: one message at a time, of one of three kinds (info, warning, error).
//!
//! A game keeps a [`Status`] in its state, sets it with [`Status::info`], [`Status::warn`] or
//! [`Status::error`] after each command, and draws it with the [`StatusLine`] widget on its
//! bottom row(s). The kind picks the style from [`crate::theme`]; tests read the
//! text with [`Status::text`] and the kind with [`Status::level`].
//!
//! ```
//! use parlor_tui::status::{Level, Status};
//! let mut status = Status::default();
//! status.warn("that card cannot go there");
//! assert_eq!((status.level(), status.text()), (Level::Warn, "that card cannot go there"));
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::theme;

/// The kind of a status message.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Level {
    /// What happened, what to do next.
    #[default]
    Info,
    /// A command refused or a game lost: the player's doing, nothing broken.
    Warn,
    /// Something failed (a file not saved, a bot that stopped).
    Error,
}

impl Level {
    /// The theme style of this kind.
    pub const fn style(self) -> Style {
        match self {
            Level::Info => theme::INFO,
            Level::Warn => theme::WARN,
            Level::Error => theme::ERROR,
        }
    }
}

/// The current status message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    level: Level,
    text: String,
}

impl Status {
    /// Shows `text` as information.
    pub fn info(&mut self, text: impl Into<String>) {
        self.set(Level::Info, text);
    }

    /// Shows `text` as a warning.
    pub fn warn(&mut self, text: impl Into<String>) {
        self.set(Level::Warn, text);
    }

    /// Shows `text` as an error.
    pub fn error(&mut self, text: impl Into<String>) {
        self.set(Level::Error, text);
    }

    /// Shows `text` with `level`.
    pub fn set(&mut self, level: Level, text: impl Into<String>) {
        self.level = level;
        self.text = text.into();
    }

    /// Clears the message.
    pub fn clear(&mut self) {
        *self = Status::default();
    }

    /// The message.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The kind of the message.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The same message with its text put through `spell` (a game's ASCII spelling).
    #[must_use]
    pub fn spelled(&self, spell: impl Fn(&str) -> String) -> Status {
        Status {
            level: self.level,
            text: spell(&self.text),
        }
    }
}

/// Draws a [`Status`]: the message in its kind's style, wrapped over the area's rows.
#[derive(Clone, Copy, Debug)]
pub struct StatusLine<'a>(pub &'a Status);

impl Widget for StatusLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Paragraph::new(Line::styled(self.0.text.as_str(), self.0.level.style()))
            .wrap(Wrap { trim: true })
            .render(area, buf);
    }
}

/// The `s` a count's noun takes in a message: "1 card", "2 cards".
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_line_draws_the_message_in_its_kind_style() {
        let mut status = Status::default();
        status.error("not saved: disk full");
        let mut buf = Buffer::empty(Rect::new(0, 0, 24, 2));
        StatusLine(&status).render(buf.area, &mut buf);
        let mut expected =
            Buffer::with_lines(["not saved: disk full    ", "                        "]);
        expected.set_style(Rect::new(0, 0, 20, 1), theme::ERROR);
        assert_eq!(buf, expected);
    }

    #[test]
    fn a_long_message_wraps_and_clear_empties_it() {
        let mut status = Status::default();
        status.info("one two three four");
        let mut buf = Buffer::empty(Rect::new(0, 0, 10, 2));
        StatusLine(&status).render(buf.area, &mut buf);
        assert_eq!(buf, Buffer::with_lines(["one two   ", "three four"]));
        status.clear();
        assert_eq!((status.level(), status.text()), (Level::Info, ""));
    }
}
