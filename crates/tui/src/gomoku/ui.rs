//! The Gomoku screen's widgets: the board (which records where it was drawn for the mouse),
//! the game panel with the move list and the computer's evaluation, and the dialogs.

use std::fmt::Write as _;

use gomoku::opening::{CanonicalOpening, Opening};
use gomoku::{Color as Stone, Point, Rule, View};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, StatefulWidget, Widget, Wrap};

use super::input::{BoardHits, KEYMAP};
use super::state::{Opponent, OptionRow, Popup, RULES_HELP, State, level_name};
use crate::cards::{CardStyle, ascii_only};
use crate::dialogs::options_popup;
use crate::keymap::help_rows_with_cursor;
use crate::line_input::LineInputView;
use crate::net::remote::Remote;
use crate::overlay::Overlay;
use crate::status::StatusLine;
use crate::theme;
use crate::widgets;
use crate::windows::Windows;

/// Columns of the panel beside the board, at least.
const PANEL_W: u16 = 26;
/// Rows above and below the board: the title, then the status and key rows.
const CHROME_H: u16 = 3;

/// Columns the board takes with `cell` columns per point: row numbers, then the points.
const fn board_width(width: u8, cell: u16) -> u16 {
    3 + width as u16 * cell
}

/// The smallest terminal a `width`×`height` board fits in (column letters above the board).
pub const fn min_size(width: u8, height: u8) -> (u16, u16) {
    (
        board_width(width, 2) + 1 + PANEL_W,
        height as u16 + 1 + CHROME_H,
    )
}

/// The board: coordinates, stones (or move numbers), forbidden points, offers, the last
/// move, the winning line and the cursor. Renders into a [`BoardHits`].
pub struct Board<'a> {
    /// The screen state.
    pub state: &'a State,
    /// Columns per point: 2, or 3 for move numbers and wide boards.
    pub cell: u16,
}

impl StatefulWidget for Board<'_> {
    type State = BoardHits;

    fn render(self, area: Rect, buf: &mut Buffer, hits: &mut BoardHits) {
        let s = self.state;
        let (w, h) = (s.options().width, s.options().height);
        let cw = usize::from(self.cell);
        let header = (0..w).fold(String::new(), |mut acc, x| {
            let name = Point::new(x, 0).to_string();
            let _ = write!(acc, "{:<cw$}", name.trim_end_matches('1'));
            acc
        });
        let gray = theme::DIM;
        let mut lines = vec![Line::styled(format!("   {header}"), gray)];
        let numbers = move_numbers(s);
        for y in (0..h).rev() {
            let mut spans = vec![Span::styled(format!("{:>2} ", y + 1), gray)];
            spans.extend((0..w).map(|x| cell(s, Point::new(x, y), self.cell, &numbers)));
            lines.push(Line::from(spans));
        }
        *hits = BoardHits {
            origin: Some((area.x + 3, area.y + 1)),
            cell: self.cell,
            size: (w, h),
        };
        Paragraph::new(lines).render(area, buf);
    }
}

/// The move number of each stone on the board (1-based, opening stones included).
fn move_numbers(s: &State) -> Vec<(Point, usize)> {
    if !s.numbers {
        return Vec::new();
    }
    s.game()
        .moves()
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i + 1))
        .collect()
}

fn cell(s: &State, p: Point, width: u16, numbers: &[(Point, usize)]) -> Span<'static> {
    let pos = s.game().position();
    let ascii = s.options().ascii;
    let width = usize::from(width);
    let number = numbers.iter().rev().find(|(q, _)| *q == p).map(|&(_, n)| n);
    let (text, mut style) = match (pos.board().get(p), number) {
        (Some(stone), Some(n)) => {
            // A numbered disc: dark digits on white, light digits on black.
            let n = if width < 3 { n % 100 } else { n };
            let style = match stone {
                Stone::Black => Style::default()
                    .fg(Color::White)
                    .bg(Color::Black)
                    .add_modifier(Modifier::BOLD),
                Stone::White => Style::default().fg(Color::Black).bg(Color::White),
            };
            (n.to_string(), style)
        }
        (Some(Stone::Black), None) => (
            if ascii { "X" } else { "●" }.to_owned(),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        (Some(Stone::White), None) => (if ascii { "O" } else { "○" }.to_owned(), Style::default()),
        (None, _) if s.opening.as_ref().is_some_and(|o| o.offers().contains(&p)) => (
            if ascii { "?" } else { "◇" }.to_owned(),
            theme::HINT.add_modifier(Modifier::BOLD),
        ),
        (None, _) if s.forbidden.contains(p) => (
            if ascii { "*" } else { "×" }.to_owned(),
            Style::default().fg(Color::Red),
        ),
        (None, _) if p == s.cursor() => ("+".to_owned(), Style::default()),
        (None, _) => (if ascii { "." } else { "·" }.to_owned(), theme::DIM),
    };
    if s.game().last_move() == Some(p) {
        style = style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
    }
    if pos.winning_line().is_some_and(|l| l.contains(p)) {
        style = style.fg(Color::Black).bg(Color::Green);
    }
    if p == s.cursor() {
        style = style.add_modifier(Modifier::REVERSED);
    }
    let pad = width.saturating_sub(text.chars().count());
    Span::styled(format!("{text}{:pad$}", ""), style)
}

/// The panel beside the board: the game's settings, whose turn, the computer's evaluation
/// (when shown) and the last moves.
pub struct Panel<'a> {
    /// The screen state.
    pub state: &'a State,
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let s = self.state;
        let o = s.options();
        let pos = s.game().position();
        let stone = |c: Stone| match (c, o.ascii) {
            (Stone::Black, false) => "● black",
            (Stone::White, false) => "○ white",
            (Stone::Black, true) => "X black",
            (Stone::White, true) => "O white",
        };
        let players = match (o.opening, s.computer_player()) {
            // The colours come from the opening: the rows below say who holds which.
            (Some(_), Some(_)) => "you vs computer",
            _ => o.opponent.describe(),
        };
        if let Some(table) = s.table()
            && s.remote_view().is_none()
        {
            let lines: Vec<Line> = table.waiting_lines().into_iter().map(Line::raw).collect();
            return Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .render(area, buf);
        }
        let mut lines = match (s.table(), s.remote_view()) {
            (Some(table), Some(view)) => seat_lines(table, view, stone),
            _ => vec![Line::raw(players)],
        };
        if matches!(o.opponent, Opponent::Bot(_)) {
            lines.push(Line::raw(format!("level {}", level_name(o.level))));
        }
        if let Some(rule) = o.opening {
            lines.push(Line::raw(format!("opening {rule}")));
        }
        let canonical = s.opening.as_ref().and_then(Opening::canonical).or_else(|| {
            let m = s.game().moves();
            (o.opening.is_some() && m.len() >= 3)
                .then(|| CanonicalOpening::identify(m[0], m[1], m[2]))
                .flatten()
        });
        if let Some(canon) = canonical {
            lines.push(Line::raw(format!("  {} ({})", canon.name, canon.code())));
        }
        if let (Some(_), Some(computer)) = (o.opening, s.computer_player()) {
            lines.push(Line::raw(format!("you: the {}", computer.other())));
        }
        if let Some(black) = s.black_player {
            lines.push(Line::raw(format!("black: {black}")));
        }
        let bold = Style::default().add_modifier(Modifier::BOLD);
        lines.push(match pos.outcome() {
            Some(outcome) => Line::styled(outcome.to_string(), bold.fg(Color::Green)),
            None => Line::styled(
                format!(
                    "{} to move{}",
                    stone(pos.to_move()),
                    if s.thinking() { " (thinking…)" } else { "" }
                ),
                bold,
            ),
        });
        let cursor = s.cursor();
        lines.push(Line::raw(format!("cursor {cursor} ({})", cursor.gomocup())));
        if o.settings.rule == Rule::Renju {
            let n = s.forbidden.len();
            let mark = if o.ascii { "*" } else { "×" };
            let red = Style::default().fg(Color::Red);
            lines.push(Line::styled(format!("forbidden {mark}: {n}"), red));
            if let Some(foul) = pos.foul_at(cursor) {
                lines.push(Line::styled(format!("{cursor}: {foul}"), red));
            }
        }
        if s.show_analysis {
            lines.extend(analysis_lines(s));
        }
        let moves = s.game().moves();
        let room = usize::from(area.height).saturating_sub(lines.len()) * 2;
        let start = moves.len().saturating_sub(room) / 2 * 2;
        for (i, pair) in moves[start..].chunks(2).enumerate() {
            let text = pair.iter().fold(String::new(), |mut acc, p| {
                let _ = write!(acc, "{:<5}", p.to_string());
                acc
            });
            lines.push(Line::styled(
                format!("{:>3}. {text}", start / 2 + i + 1),
                theme::DIM,
            ));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

/// At a network table: each colour's player (their name and presence, `(you)` for this
/// seat) and the opening in progress.
fn seat_lines(
    table: &Remote<View>,
    view: &View,
    stone: impl Fn(Stone) -> &'static str,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = [Stone::Black, Stone::White]
        .into_iter()
        .map(|color| {
            let seat = if color == Stone::Black {
                view.black_seat
            } else {
                1 - view.black_seat
            };
            Line::raw(format!("{}: {}", stone(color), table.player(seat)))
        })
        .collect();
    if let Some(opening) = &view.opening {
        lines.push(Line::raw(format!("opening {}", opening.rule)));
    }
    lines
}

/// The computer's last answer: how it found the move, its score and line.
fn analysis_lines(s: &State) -> Vec<Line<'static>> {
    let style = theme::TEXT;
    let Some(a) = &s.analysis else {
        return vec![Line::styled("computer: no search yet", style)];
    };
    let t = &a.thought;
    let score = t.score_text();
    let line: Vec<String> = t.pv.iter().take(8).map(ToString::to_string).collect();
    vec![
        Line::styled(
            format!(
                "{} depth {} {score} ({:?}) {} kn",
                a.side,
                t.depth,
                t.reason,
                t.nodes / 1000
            ),
            style,
        ),
        Line::styled(format!("line {}", line.join(" ")), style),
    ]
}

/// Draws the whole screen and what is open over it. The event loop draws "terminal too
/// small" below [`min_size`] instead.
pub fn draw(frame: &mut Frame, s: &State, hits: &mut BoardHits) {
    let area = frame.area();
    let o = s.options();
    let style = CardStyle::from_ascii_flag(o.ascii);
    let wide = o.width > 26 || (s.numbers && board_width(o.width, 3) + 1 + PANEL_W <= area.width);
    let cell = if wide { 3 } else { 2 };
    let [title, main, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(u16::from(o.height) + 1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, _, panel] = Layout::horizontal([
        Constraint::Length(board_width(o.width, cell)),
        Constraint::Length(1),
        Constraint::Min(PANEL_W),
    ])
    .areas(main);
    let sep = style.separator();
    // At a table the key row has `? help`, and the title the table and the link instead.
    let heading = format!(
        "Gomoku{sep}{}{sep}{}x{}{sep}{}",
        o.settings.rule,
        o.width,
        o.height,
        s.table()
            .map_or_else(|| "? help".to_owned(), Remote::origin)
    );
    frame.render_widget(Line::styled(heading, theme::TITLE), title);
    frame.render_stateful_widget(Board { state: s, cell }, board, hits);
    frame.render_widget(Panel { state: s }, panel);
    match &s.prompt {
        Some(input) => frame.render_widget(LineInputView(input), status),
        None => frame.render_widget(StatusLine(s.status()), status),
    }
    let footer = match s.table() {
        Some(table) => table.footer(&format!("Enter place{sep}: type"), sep),
        None => format!("Enter place{sep}: type{sep}u undo{sep}o options{sep}? help{sep}q quit"),
    };
    frame.render_widget(Line::styled(footer, theme::DIM), keys);
    let keys = help_rows_with_cursor(KEYMAP, style);
    let table_help = s.table().map(Remote::help_lines).unwrap_or_default();
    let rules: Vec<&str> = RULES_HELP
        .iter()
        .copied()
        .chain(table_help.iter().map(String::as_str))
        .collect();
    let shared = Windows {
        game: "Gomoku",
        keys: &keys,
        rules: &rules,
        stats: &s.record.rows(),
        style,
    };
    shared.draw(frame, s.overlay());
    match s.overlay() {
        Overlay::Game(Popup::Options(row)) => {
            let rows = OptionRow::ALL.map(|r| (r.label(), s.option_value(r)));
            options_popup(frame, &rows, *row, style);
        }
        Overlay::Game(Popup::ChooseColor) => {
            let popup = widgets::Popup {
                title: "New game",
                lines: match o.opening {
                    None => vec![
                        Line::raw("Play Black (moves first) or White?"),
                        Line::styled("b black, w white, Esc cancels", theme::KEY),
                    ],
                    Some(rule) => vec![
                        Line::raw(format!("Opening {rule}: be the first player")),
                        Line::raw("(the tentative Black) or the second?"),
                        Line::styled("b first, w second, Esc cancels", theme::KEY),
                    ],
                },
                style,
            };
            frame.render_widget(popup, area);
        }
        _ => {}
    }
    if style.is_ascii() {
        ascii_only(frame.buffer_mut());
    }
}
