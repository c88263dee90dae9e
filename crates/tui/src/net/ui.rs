//! Drawing the table client: a title bar, the seats, the seat's view, the filtered legal
//! actions, the messages, and the key help. Rendering reads the state and never changes it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use netplay::SeatKind;

use super::input;
use super::state::{Link, NetState, Presence, view_lines};
use crate::theme;

/// The whole client screen over a [`NetState`].
pub struct TableView<'a>(pub &'a NetState);

impl Widget for TableView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let state = self.0;
        let seats = state.table.as_ref().map_or(0, |t| t.seats.len()) as u16;
        let [title, top, middle, log, help] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(seats.max(1) + 2),
            Constraint::Min(6),
            Constraint::Length(4),
            Constraint::Length(1),
        ])
        .areas(area);
        title_line(state).render(title, buf);
        seats_panel(state).render(top, buf);
        let [view, actions] =
            Layout::horizontal([Constraint::Percentage(60), Constraint::Percentage(40)])
                .areas(middle);
        view_panel(state).render(view, buf);
        actions_panel(state, actions.height.saturating_sub(3)).render(actions, buf);
        log_panel(state, log.height.saturating_sub(2)).render(log, buf);
        Paragraph::new(input::help())
            .style(theme::DIM)
            .render(help, buf);
    }
}

fn title_line(state: &NetState) -> Line<'static> {
    let game = state.table.as_ref().map_or("…", |t| t.game.as_str());
    let code = state.code.as_deref().unwrap_or("……");
    let style = match &state.link {
        Link::Connecting => theme::WARN,
        Link::Online => theme::SUCCESS,
        Link::Lost(_) => theme::ERROR,
    };
    let link = Span::styled(state.link.word(), style);
    Line::from(vec![
        Span::styled(format!(" parlor · {game} · table {code} "), theme::TITLE),
        Span::raw(format!("· {} · ", state.server)),
        link,
    ])
}

fn seats_panel(state: &NetState) -> Paragraph<'static> {
    let mut lines = Vec::new();
    if let Some(table) = &state.table {
        for (i, seat) in table.seats.iter().enumerate() {
            let mover = state.state.as_ref().is_some_and(|s| s.turn.includes(i));
            let marker = if mover { "▶ " } else { "  " };
            let name = match seat.kind {
                SeatKind::Empty => "(empty)".to_owned(),
                _ => state.seat_name(i),
            };
            let status = match state.presence(i) {
                Presence::Empty => "",
                presence => presence.word(),
            };
            let you = if state.seat == Some(i) { " (you)" } else { "" };
            lines.push(Line::from(vec![
                Span::styled(marker, theme::KEY),
                Span::styled(format!("{i} {name}{you}"), theme::TITLE),
                Span::styled(format!("  {status}"), theme::DIM),
            ]));
        }
    }
    let phase = state.table.as_ref().map_or("…".to_owned(), |t| {
        format!("{:?}", t.phase).to_lowercase()
    });
    Paragraph::new(lines)
        .block(Block::bordered().title(format!(" seats · {phase} · {} ", state.turn_text())))
}

fn view_panel(state: &NetState) -> Paragraph<'static> {
    let mut lines: Vec<Line> = match &state.state {
        Some(update) => view_lines(&update.view)
            .into_iter()
            .map(|(key, value)| {
                Line::from(vec![
                    Span::styled(format!("{key}: "), theme::KEY),
                    Span::raw(value),
                ])
            })
            .collect(),
        None => vec![Line::raw("the game has not started")],
    };
    if let Some(result) = state.result_text() {
        lines.insert(0, Line::styled(result, theme::SUCCESS));
    }
    let title = match state.seat {
        Some(seat) => format!(" your view, seat {seat} "),
        None => " spectator view ".to_owned(),
    };
    Paragraph::new(lines)
        .block(Block::bordered().title(title))
        .wrap(Wrap { trim: false })
}

fn actions_panel(state: &NetState, rows: u16) -> Paragraph<'static> {
    let filtered = state.filtered();
    let mut lines = vec![Line::from(vec![
        Span::styled("> ", theme::KEY),
        Span::raw(state.filter.clone()),
        Span::styled("_", theme::DIM),
    ])];
    // Scroll so the selection stays on screen.
    let rows = usize::from(rows.max(1));
    let first = state.selected.saturating_sub(rows - 1);
    for (i, action) in filtered.iter().enumerate().skip(first).take(rows) {
        let style = if i == state.selected {
            theme::CURSOR
        } else {
            theme::TEXT
        };
        lines.push(Line::styled(format!(" {} ", action.text), style));
    }
    let title = if state.my_turn() {
        format!(
            " your move · {} of {} ",
            filtered.len(),
            state.legal().len()
        )
    } else {
        " not your turn ".to_owned()
    };
    Paragraph::new(lines).block(Block::bordered().title(title))
}

fn log_panel(state: &NetState, rows: u16) -> Paragraph<'static> {
    let skip = state.log.len().saturating_sub(usize::from(rows));
    let lines: Vec<Line> = state.log[skip..]
        .iter()
        .map(|note| {
            let style = if note.alarm {
                theme::ERROR
            } else {
                theme::TEXT
            };
            match &note.detail {
                Some(detail) => Line::styled(format!("{} ({detail})", note.text), style),
                None => Line::styled(note.text.clone(), style),
            }
        })
        .collect();
    Paragraph::new(lines).block(Block::bordered().title(" messages "))
}
