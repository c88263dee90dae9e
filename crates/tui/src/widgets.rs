//! Small pieces every game screen uses: centred popups, the help screen, a status line.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

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

/// Draws a bordered popup with `title` and `lines` centred over whatever is below.
pub fn popup(frame: &mut Frame, title: &str, lines: Vec<Line<'_>>) {
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(title.len() + 4) as u16
        + 4;
    let height = lines.len() as u16 + 2;
    let area = centered_rect(frame.area(), width, height);
    frame.render_widget(Clear, area);
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(
            format!(" {title} "),
            Style::default().add_modifier(Modifier::BOLD),
        ));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// Draws the help popup: `(keys, what they do)` pairs in two aligned columns, then `rules`
/// paragraphs. Closes on any key by convention (the game handles that).
pub fn help(frame: &mut Frame, title: &str, keys: &[(&str, &str)], rules: &[&str]) {
    let key_width = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line> = keys
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(
                    format!("{k:<key_width$}  "),
                    Style::default().fg(Color::Yellow),
                ),
                Span::raw(*what),
            ])
        })
        .collect();
    if !rules.is_empty() {
        lines.push(Line::raw(""));
        lines.extend(rules.iter().map(|r| Line::raw(*r)));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "press any key to close",
        Style::default().fg(Color::DarkGray),
    ));
    popup(frame, title, lines);
}

/// A one-line status bar: `message` in `color` on the left.
pub fn status_line(frame: &mut Frame, area: Rect, message: &str, color: Color) {
    frame.render_widget(
        Paragraph::new(Line::styled(message.to_owned(), Style::default().fg(color))),
        area,
    );
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
}
