//! Widgets every game screen uses: a centred [`Popup`], the scrollable [`Help`], the
//! [`ConfirmDialog`] ("quit this game? y/n"), the [`StatsView`] and the [`TooSmall`] guard.
//!
//! A game draws its board first and then, if its [`Overlay`](crate::overlay::Overlay) is
//! open, the matching widget over it: `Help` from its key bindings
//! ([`keymap::help_rows`](crate::keymap::help_rows)) and rules text, `ConfirmDialog` for a
//! pending question, `StatsView` from [`Tally::rows`](crate::stats::Tally::rows) and its own
//! rows. Each takes the game's [`CardStyle`] so that `--ascii` draws ASCII borders.
//! `TooSmall` needs no call: the event loop draws it when the terminal is smaller than
//! [`Screen::min_size`](crate::app::Screen::min_size).

use std::cell::Cell;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect, Size};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Padding, Paragraph, StatefulWidget, Widget, Wrap};

use crate::cards::CardStyle;
use crate::theme;

/// A `width`×`height` rectangle centred in `area`, clipped to it.
pub fn centered_rect(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [rect] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    rect
}

/// A bordered box with a title, centred over whatever is below it, sized to its lines.
#[derive(Clone, Debug)]
pub struct Popup<'a> {
    /// The title on the top border.
    pub title: &'a str,
    /// The content.
    pub lines: Vec<Line<'a>>,
    /// Borders in this style's characters.
    pub style: CardStyle,
}

impl Popup<'_> {
    /// The outer size the popup wants: its widest line (or title) and its lines, plus borders.
    pub fn size(&self) -> Size {
        let width = self
            .lines
            .iter()
            .map(Line::width)
            .max()
            .unwrap_or(0)
            .max(self.title.chars().count() + 2);
        Size::new(width as u16 + 4, self.lines.len() as u16 + 2)
    }
}

/// A block with `title` and borders in `style`'s characters.
pub fn bordered(title: &str, style: CardStyle) -> Block<'_> {
    Block::bordered()
        .border_set(style.border())
        .border_style(theme::BORDER)
        .title(Span::styled(format!(" {title} "), theme::TITLE))
}

impl Widget for Popup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let size = self.size();
        let rect = centered_rect(area, size.width, size.height);
        Clear.render(rect, buf);
        let block = bordered(self.title, self.style).padding(Padding::horizontal(1));
        Paragraph::new(self.lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .render(rect, buf);
    }
}

/// Where the help is scrolled to, and how far it can scroll.
///
/// The [`Help`] widget records the last line it can scroll to when it draws (the text's
/// length depends on the terminal's size), the way a board records its mouse areas: that is
/// the one thing drawing writes, through a shared reference, so a game draws from `&State`.
/// Scrolling stops there, so the first key up after scrolling past the end moves up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpState {
    /// The first line shown.
    pub offset: u16,
    /// The largest offset at the last draw (`u16::MAX` before the first).
    end: Cell<u16>,
}

impl Default for HelpState {
    fn default() -> HelpState {
        HelpState::at(0)
    }
}

impl HelpState {
    /// Scrolled to line `offset`, not drawn yet.
    pub fn at(offset: u16) -> HelpState {
        HelpState {
            offset,
            end: Cell::new(u16::MAX),
        }
    }

    /// Scrolls by `lines` (negative: up), within the text as last drawn.
    pub fn scroll(&mut self, lines: i32) {
        let end = i32::from(self.end.get());
        self.offset = (i32::from(self.offset) + lines).clamp(0, end) as u16;
    }
}

/// The help screen: key rows in two aligned columns, then paragraphs of rules, in a popup
/// that fits the screen and scrolls (↑/↓, PgUp/PgDn) when the text is longer.
#[derive(Clone, Debug)]
pub struct Help<'a> {
    /// The title, e.g. "Klondike: help".
    pub title: &'a str,
    /// (keys, what they do), usually from [`crate::keymap::help_rows`].
    pub keys: &'a [(String, &'a str)],
    /// Rules and notes, one paragraph a string, wrapped to the popup.
    pub text: &'a [&'a str],
    /// Borders and arrows in this style.
    pub style: CardStyle,
}

/// The widest a help popup grows (fits 80 columns with a margin).
const HELP_WIDTH: u16 = 76;

impl Help<'_> {
    fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let key_width = self
            .keys
            .iter()
            .map(|(k, _)| Span::raw(k.as_str()).width())
            .max()
            .unwrap_or(0);
        let wrap_at = (width as usize).saturating_sub(key_width + 2).max(10);
        let mut lines = Vec::new();
        for (keys, what) in self.keys {
            for (i, part) in wrap(what, wrap_at).into_iter().enumerate() {
                let label = if i == 0 { keys.as_str() } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!("{label:<key_width$}  "), theme::KEY),
                    Span::raw(part),
                ]));
            }
        }
        for paragraph in self.text {
            lines.push(Line::raw(""));
            lines.extend(wrap(paragraph, width as usize).into_iter().map(Line::raw));
        }
        lines
    }
}

/// `text` broken into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() {
            line.push_str(word);
        } else if line.chars().count() + 1 + word.chars().count() <= width {
            line.push(' ');
            line.push_str(word);
        } else {
            lines.push(word.to_owned());
        }
    }
    lines
}

impl Help<'_> {
    /// Draws the help scrolled to `state`'s offset (kept within the text) and records in
    /// `state` how far it can scroll at this size.
    pub fn render_scrolled(self, area: Rect, buf: &mut Buffer, state: &HelpState) {
        let width = HELP_WIDTH.min(area.width);
        let inner_width = width.saturating_sub(4);
        let lines = self.lines(inner_width);
        let total = lines.len() as u16;
        let room = area.height.saturating_sub(3);
        let max_offset = total.saturating_sub(room);
        state.end.set(max_offset);
        let offset = state.offset.min(max_offset);
        let sep = self.style.separator();
        let footer = if max_offset > 0 {
            format!(
                "{}/{} scroll (line {} of {}){sep}any other key closes",
                self.style.arrow(crate::cards::Direction::Up),
                self.style.arrow(crate::cards::Direction::Down),
                offset + 1,
                total
            )
        } else {
            "any key closes".to_owned()
        };
        let height = total.min(room) + 3;
        let rect = centered_rect(area, width, height);
        Clear.render(rect, buf);
        let block = bordered(self.title, self.style);
        let inner = block.inner(rect).inner(ratatui::layout::Margin::new(1, 0));
        block.render(rect, buf);
        let [body, foot] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1)]).areas(inner);
        Paragraph::new(lines).scroll((offset, 0)).render(body, buf);
        Line::styled(footer, theme::DIM).render(foot, buf);
    }
}

impl StatefulWidget for Help<'_> {
    type State = HelpState;

    fn render(self, area: Rect, buf: &mut Buffer, state: &mut HelpState) {
        self.render_scrolled(area, buf, state);
        state.offset = state.offset.min(state.end.get());
    }
}

/// A question with a yes/no answer over the game: "quit this game? y/n".
#[derive(Clone, Copy, Debug)]
pub struct ConfirmDialog<'a> {
    /// The question, without the "y/n".
    pub question: &'a str,
    /// Borders in this style.
    pub style: CardStyle,
}

impl Widget for ConfirmDialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Popup {
            title: "Confirm",
            lines: vec![Line::from(vec![
                Span::raw(format!("{} ", self.question)),
                Span::styled("y/n", theme::KEY),
            ])],
            style: self.style,
        }
        .render(area, buf);
    }
}

/// The statistics screen: (label, value) rows, then "r resets · any other key closes".
#[derive(Clone, Debug)]
pub struct StatsView<'a> {
    /// The title, e.g. "Klondike: statistics".
    pub title: &'a str,
    /// The rows, from [`crate::stats::Tally::rows`] and the game.
    pub rows: &'a [(String, String)],
    /// Borders in this style.
    pub style: CardStyle,
}

impl Widget for StatsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let label_width = self
            .rows
            .iter()
            .map(|(l, _)| l.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines: Vec<Line> = self
            .rows
            .iter()
            .map(|(label, value)| {
                Line::from(vec![
                    Span::raw(format!("{label:<label_width$}  ")),
                    Span::styled(value.as_str(), theme::TITLE),
                ])
            })
            .collect();
        lines.push(Line::raw(""));
        lines.push(Line::from(vec![
            Span::styled("r", theme::KEY),
            Span::styled(
                format!(" resets{}any other key closes", self.style.separator()),
                theme::DIM,
            ),
        ]));
        Popup {
            title: self.title,
            lines,
            style: self.style,
        }
        .render(area, buf);
    }
}

/// What a screen draws instead of its layout when the terminal is smaller than it needs:
/// "terminal too small: needs 80x24 (now 60x20)".
#[derive(Clone, Copy, Debug)]
pub struct TooSmall {
    /// The size the layout needs.
    pub needs: Size,
    /// The size there is.
    pub has: Size,
}

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let text = format!(
            "terminal too small: needs {}x{} (now {}x{})",
            self.needs.width, self.needs.height, self.has.width, self.has.height
        );
        let lines = (text.len() as u16).div_ceil(area.width.max(1));
        let [row] = Layout::vertical([Constraint::Length(lines)])
            .flex(Flex::Center)
            .areas(area);
        Paragraph::new(Line::styled(text, theme::WARN).centered())
            .wrap(Wrap { trim: true })
            .render(row, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centered_rect_is_centred_and_clipped() {
        let area = Rect::new(0, 0, 20, 10);
        assert_eq!(centered_rect(area, 10, 4), Rect::new(5, 3, 10, 4));
        assert_eq!(centered_rect(area, 50, 50), area);
    }

    /// `expected` with its styles reset, compared as text (the styled cells are checked apart).
    fn text_of(buf: &Buffer) -> Buffer {
        let mut plain = buf.clone();
        plain.set_style(plain.area, ratatui::style::Style::reset());
        let mut reset = Buffer::empty(buf.area);
        for (i, cell) in plain.content.iter().enumerate() {
            reset.content[i].set_symbol(cell.symbol());
        }
        reset
    }

    /// `widget` drawn into an empty `width`×`height` buffer.
    fn drawn(widget: impl Widget, width: u16, height: u16) -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
        widget.render(buf.area, &mut buf);
        buf
    }

    #[test]
    fn the_confirm_dialog_asks_in_ascii_borders() {
        let confirm = ConfirmDialog {
            question: "quit this game?",
            style: CardStyle::Ascii,
        };
        let buf = drawn(confirm, 30, 5);
        assert_eq!(
            text_of(&buf),
            Buffer::with_lines([
                "                              ",
                "    + Confirm ------------+   ",
                "    | quit this game? y/n |   ",
                "    +---------------------+   ",
                "                              ",
            ])
        );
        assert_eq!(
            buf[(22, 2)].style().fg,
            theme::KEY.fg,
            "y/n in the key style"
        );
    }

    fn help_keys() -> Vec<(String, &'static str)> {
        (1..=6).map(|i| (format!("k{i}"), "does a thing")).collect()
    }

    /// Six keys and a line of rules: eight lines of help.
    fn eight_lines<'a>(keys: &'a [(String, &'a str)]) -> Help<'a> {
        Help {
            title: "Help",
            keys,
            text: &["Rules here."],
            style: CardStyle::Ascii,
        }
    }

    #[test]
    fn help_scrolls_and_stops_at_the_end() {
        let keys = help_keys();
        let help = || eight_lines(&keys);
        let mut state = HelpState::at(100);
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, 8));
        help().render(buf.area, &mut buf, &mut state);
        assert_eq!(state.offset, 3, "8 lines, room for 5");
        assert_eq!(
            text_of(&buf),
            Buffer::with_lines([
                "+ Help --------------------------------+",
                "| k4  does a thing                     |",
                "| k5  does a thing                     |",
                "| k6  does a thing                     |",
                "|                                      |",
                "| Rules here.                          |",
                "| Up/Down scroll (line 4 of 8) | any o |",
                "+--------------------------------------+",
            ])
        );
        state.scroll(-10);
        assert_eq!(state.offset, 0);
    }

    /// The bug this pins: the games draw the help from a shared reference, so the offset
    /// kept growing past the end and the first keys up moved nothing on screen.
    #[test]
    fn help_scrolled_past_the_end_moves_up_at_the_first_key() {
        let keys = help_keys();
        let help = || eight_lines(&keys);
        let mut state = HelpState::default();
        let mut buf = Buffer::empty(Rect::new(0, 0, 40, 8));
        help().render_scrolled(buf.area, &mut buf, &state);
        for _ in 0..20 {
            state.scroll(1);
        }
        assert_eq!(state.offset, 3, "the end of 8 lines with room for 5");
        state.scroll(-1);
        help().render_scrolled(buf.area, &mut buf, &state);
        assert_eq!(
            text_of(&buf).content()[40..80],
            Buffer::with_lines(["| k3  does a thing                     |"]).content()[..]
        );
    }

    #[test]
    fn help_that_fits_does_not_scroll() {
        let keys = help_keys();
        let mut buf = Buffer::empty(Rect::new(0, 0, 30, 12));
        Help {
            title: "Help",
            keys: &keys[..2],
            text: &["A long rule that wraps onto a second line."],
            style: CardStyle::Glyph,
        }
        .render(buf.area, &mut buf, &mut HelpState::default());
        assert_eq!(
            text_of(&buf),
            Buffer::with_lines([
                "                              ",
                "                              ",
                "╭ Help ──────────────────────╮",
                "│ k1  does a thing           │",
                "│ k2  does a thing           │",
                "│                            │",
                "│ A long rule that wraps     │",
                "│ onto a second line.        │",
                "│ any key closes             │",
                "╰────────────────────────────╯",
                "                              ",
                "                              ",
            ])
        );
    }

    #[test]
    fn the_statistics_view_aligns_its_rows() {
        let rows = vec![
            ("Games played".to_owned(), "12".to_owned()),
            ("Won".to_owned(), "5".to_owned()),
        ];
        let stats = StatsView {
            title: "Stats",
            rows: &rows,
            style: CardStyle::Ascii,
        };
        let buf = drawn(stats, 40, 7);
        assert_eq!(
            text_of(&buf),
            Buffer::with_lines([
                "                                        ",
                "   + Stats --------------------------+  ",
                "   | Games played  12                |  ",
                "   | Won           5                 |  ",
                "   |                                 |  ",
                "   | r resets | any other key closes |  ",
                "   +---------------------------------+  ",
            ])
        );
    }

    #[test]
    fn too_small_names_both_sizes() {
        let too_small = TooSmall {
            needs: Size::new(80, 24),
            has: Size::new(24, 3),
        };
        let buf = drawn(too_small, 24, 3);
        assert_eq!(
            text_of(&buf),
            Buffer::with_lines([
                "                        ",
                "   terminal too small:  ",
                " needs 80x24 (now 24x3) ",
            ])
        );
    }

    /// Every game's help at 80x24 either fits or scrolls to its last line, where the
    /// footer counts the lines.
    #[test]
    fn every_games_help_fits_or_scrolls_to_its_end_at_80_by_24() {
        use crate::app::{key, render_to_string};
        use crossterm::event::KeyCode;
        let options = crate::launcher::LaunchOptions {
            seed: Some(1),
            ..crate::launcher::LaunchOptions::default()
        };
        for game in crate::launcher::GAMES {
            let mut screen = (game.start)(&options);
            screen.handle_event(&key(KeyCode::Char('?')));
            let _ = render_to_string(screen.as_mut(), 80, 24);
            screen.handle_event(&key(KeyCode::End));
            let text = render_to_string(screen.as_mut(), 80, 24);
            let footer = text
                .lines()
                .find(|l| l.contains("any other key closes") || l.contains("any key closes"))
                .unwrap_or_else(|| panic!("{}: no help footer\n{text}", game.name));
            if let Some(at) = footer.find("(line ") {
                let numbers: Vec<u16> = footer[at + 6..]
                    .split(|c: char| !c.is_ascii_digit())
                    .filter_map(|n| n.parse().ok())
                    .take(2)
                    .collect();
                let room = 24 - 3;
                assert_eq!(
                    numbers[0] + room - 1,
                    numbers[1],
                    "{}: End shows the last line\n{text}",
                    game.name
                );
            }
        }
    }
}
