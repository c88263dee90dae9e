//! The named styles every game draws with, readable on light and dark terminal backgrounds.
//!
//! A game never picks a colour itself: it writes `theme::ERROR`, `theme::CURSOR`,
//! `theme::KEY` … so that all five games look alike and stay legible whatever the terminal's
//! colours. The rule that keeps them legible (and that [`is_legible`] checks): a style either keeps
//! the terminal's own foreground and background (only modifiers such as bold or dim), or sets
//! both a foreground and a background, or sets only a foreground among the mid-tone ink
//! colours ([`Color::Red`], [`Color::Green`], [`Color::Magenta`]) that read on white and on
//! black alike. Yellow, white, grey or blue text on the default background is what goes
//! unread on one of the two.
//!
//! ```
//! use parlor_tui::theme;
//! use ratatui::text::Span;
//! let warning = Span::styled("no moves left", theme::WARN);
//! assert_eq!(warning.style, theme::WARN);
//! ```

use ratatui::style::{Color, Modifier, Style};

/// Ordinary text: the terminal's own colours.
pub const TEXT: Style = Style::new();
/// Secondary text (hints about keys, seeds, footers): dimmed, never grey on grey.
pub const DIM: Style = Style::new().add_modifier(Modifier::DIM);
/// Titles of popups and panels.
pub const TITLE: Style = Style::new().add_modifier(Modifier::BOLD);
/// The key names in help and footers.
pub const KEY: Style = Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD);
/// The element under the cursor: black on yellow, whatever the background.
pub const CURSOR: Style = Style::new().fg(Color::Black).bg(Color::Yellow);
/// A chosen or held element (a selected card, a picked-up run): reversed and bold.
pub const SELECTED: Style = Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD));
/// What a hint points at: black on cyan.
pub const HINT: Style = Style::new().fg(Color::Black).bg(Color::Cyan);
/// An informational message on the status line.
pub const INFO: Style = Style::new();
/// A warning on the status line (a move refused, a game lost).
pub const WARN: Style = Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD);
/// An error on the status line (a file not saved, a bot that failed).
pub const ERROR: Style = Style::new().fg(Color::Red).add_modifier(Modifier::BOLD);
/// Good news (a win).
pub const SUCCESS: Style = Style::new().fg(Color::Green).add_modifier(Modifier::BOLD);
/// The face of a card with black ink.
pub const CARD_BLACK: Style = Style::new().fg(Color::Black).bg(Color::White);
/// The face of a card with red ink.
pub const CARD_RED: Style = Style::new().fg(Color::Red).bg(Color::White);
/// The back of a card.
pub const CARD_BACK: Style = Style::new().fg(Color::White).bg(Color::Blue);
/// An empty place where a card may go.
pub const EMPTY_SLOT: Style = Style::new().add_modifier(Modifier::DIM);
/// Borders of panels and popups.
pub const BORDER: Style = Style::new();

/// Every named style with its name, for tests and for a theme preview.
pub const ALL: [(&str, Style); 16] = [
    ("text", TEXT),
    ("dim", DIM),
    ("title", TITLE),
    ("key", KEY),
    ("cursor", CURSOR),
    ("selected", SELECTED),
    ("hint", HINT),
    ("info", INFO),
    ("warn", WARN),
    ("error", ERROR),
    ("success", SUCCESS),
    ("card_black", CARD_BLACK),
    ("card_red", CARD_RED),
    ("card_back", CARD_BACK),
    ("empty_slot", EMPTY_SLOT),
    ("border", BORDER),
];

/// Whether `style` reads on both a light and a dark background (the rule in the module docs).
pub fn is_legible(style: Style) -> bool {
    match (style.fg, style.bg) {
        (None | Some(Color::Reset), None | Some(Color::Reset)) => true,
        (Some(fg), Some(bg)) => fg != bg,
        (Some(fg), None) => matches!(fg, Color::Red | Color::Green | Color::Magenta),
        (None, Some(_)) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_style_reads_on_light_and_dark_backgrounds() {
        for (name, style) in ALL {
            assert!(is_legible(style), "{name}: {style:?}");
        }
    }

    #[test]
    fn the_legibility_rule_refuses_yellow_and_grey_text() {
        assert!(!is_legible(Style::new().fg(Color::Yellow)));
        assert!(!is_legible(Style::new().fg(Color::DarkGray)));
        assert!(!is_legible(Style::new().bg(Color::Blue)));
        assert!(!is_legible(Style::new().fg(Color::Blue).bg(Color::Blue)));
        assert!(is_legible(Style::new().fg(Color::Yellow).bg(Color::Black)));
    }
}
