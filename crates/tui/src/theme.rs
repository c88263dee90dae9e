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
/// Whose turn it is, or what waits for the player ("your turn", the seat to act): bold and
/// underlined in the terminal's own colours.
pub const TURN: Style = Style::new().add_modifier(Modifier::BOLD.union(Modifier::UNDERLINED));
/// Dou Dizhu's landlord badge: black on yellow.
pub const LANDLORD: Style = Style::new().fg(Color::Black).bg(Color::Yellow);
/// Dou Dizhu's farmer badge: black on green.
pub const FARMER: Style = Style::new().fg(Color::Black).bg(Color::Green);

/// Every named style with its name, for tests and for a theme preview.
pub const ALL: [(&str, Style); 19] = [
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
    ("turn", TURN),
    ("landlord", LANDLORD),
    ("farmer", FARMER),
];

/// Whether `style` reads on both a light and a dark background (the rule in the module docs).
pub fn is_legible(style: Style) -> bool {
    // `Reset` is the terminal's own colour, as if none were set.
    let own = |color: Option<Color>| color.filter(|&c| c != Color::Reset);
    match (own(style.fg), own(style.bg)) {
        (None, None) => true,
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

    /// The bug this pins: Hearts and Dou Dizhu drew their own colours (grey and yellow text
    /// that disappears on one background or the other) instead of the theme's styles.
    #[test]
    fn every_game_screen_draws_legible_styles_at_80_by_24() {
        use crate::launcher::LaunchOptions;
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        let options = LaunchOptions {
            seed: Some(1),
            ..LaunchOptions::default()
        };
        for game in crate::launcher::GAMES {
            let name = game.name;
            let mut screen = (game.start)(&options);
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
            terminal
                .draw(|frame| crate::app::draw(frame, screen.as_mut()))
                .unwrap();
            let buffer = terminal.backend().buffer();
            for (i, cell) in buffer.content.iter().enumerate() {
                let style = Style::new().fg(cell.fg).bg(cell.bg);
                assert!(
                    cell.symbol().trim().is_empty() || is_legible(style),
                    "{name}: {:?} at ({}, {}) in {style:?}",
                    cell.symbol(),
                    i % 80,
                    i / 80
                );
            }
        }
    }

    #[test]
    fn the_legibility_rule_refuses_yellow_and_grey_text() {
        assert!(!is_legible(Style::new().fg(Color::Yellow)));
        assert!(!is_legible(Style::new().fg(Color::DarkGray)));
        assert!(!is_legible(Style::new().bg(Color::Blue)));
        assert!(!is_legible(Style::new().fg(Color::Blue).bg(Color::Blue)));
        assert!(is_legible(Style::new().fg(Color::Yellow).bg(Color::Black)));
        assert!(
            !is_legible(Style::new().fg(Color::DarkGray).bg(Color::Reset)),
            "Reset is the terminal's own background"
        );
    }
}
