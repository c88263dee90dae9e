//! The Xiangqi screen's widgets: the board (which records where it was drawn for the mouse),
//! the game panel with the move list, the engine's evaluation, and the dialogs.

use std::fmt::Write as _;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as TColor, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, StatefulWidget, Widget, Wrap};
use xiangqi::{Color, Piece, Position, Square, View, file_number};

use super::input::{BoardHits, KEYMAP};
use super::state::{
    OptionRow, Popup, State, level_name, notation_name, prompt_help, rules_text, score_text,
    side_name,
};
use crate::cards::{CardStyle, ascii_only};
use crate::dialogs::options_popup;
use crate::keymap::help_rows_with_cursor;
use crate::line_input::LineInputView;
use crate::net::Link;
use crate::net::remote::Remote;
use crate::overlay::Overlay;
use crate::status::StatusLine;
use crate::theme;
use crate::windows::Windows;

/// Columns between two board points.
const CELL_W: u16 = 4;
/// Left margin for the rank numbers.
const MARGIN: u16 = 3;
/// The board drawing: rank numbers, nine files, the last file's glyph.
pub const BOARD_W: u16 = MARGIN + 8 * CELL_W + 2;
/// File numbers above, ten ranks with the lines between, file numbers and letters below.
pub const BOARD_H: u16 = 1 + 10 + 9 + 1 + 1;
/// The compact board for short terminals: file numbers above, ten ranks with only the river
/// between, file numbers and letters below (the files' and the palace's lines are left out;
/// the crossings `┼ ┬ ┴` still show the files).
pub const COMPACT_BOARD_H: u16 = 1 + 10 + 1 + 1 + 1;
/// The smallest terminal that shows the full board, with the status and key rows.
pub const FULL_SIZE: (u16, u16) = (MIN_SIZE.0, BOARD_H + 2);
/// The smallest terminal the screen fits (the compact board below [`FULL_SIZE`]): the board,
/// a 23-column panel, two status rows, and room for the options popup.
pub const MIN_SIZE: (u16, u16) = (BOARD_W + 23, 20);

/// Red's file numbers, from its right.
const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The board with pieces, the selection and its targets, the last move, check and the
/// cursor. Renders into a [`BoardHits`] where each point was drawn.
pub struct Board<'a> {
    /// The screen state.
    pub state: &'a State,
    /// The compact board ([`COMPACT_BOARD_H`] rows) instead of the full one.
    pub compact: bool,
}

impl StatefulWidget for Board<'_> {
    type State = BoardHits;

    fn render(self, area: Rect, buf: &mut Buffer, hits: &mut BoardHits) {
        let s = self.state;
        *hits = BoardHits {
            origin: Some((area.x + MARGIN, area.y + 1)),
            step: (CELL_W, if self.compact { 1 } else { 2 }),
            river: u16::from(self.compact),
            flipped: s.flipped,
        };
        Paragraph::new(board_lines(s, self.compact)).render(area, buf);
    }
}

/// The columns left to right: file indices.
fn columns(flipped: bool) -> impl Iterator<Item = u8> {
    (0..9u8).map(move |c| if flipped { 8 - c } else { c })
}

/// One side's file numbers, each under (or over) its file.
fn file_numbers(color: Color, flipped: bool, ascii: bool) -> Line<'static> {
    let mut text = " ".repeat(MARGIN as usize);
    for file in columns(flipped) {
        let sq = Square::new(file, 0).expect("on board");
        let n = file_number(sq, color);
        match (color, ascii) {
            (Color::Red, false) => {
                text.push(RED_NUMERALS[usize::from(n - 1)]);
                text.push_str("  ");
            }
            _ => {
                let _ = write!(text, "{n:<4}");
            }
        }
    }
    let style = match color {
        Color::Red => Style::default().fg(TColor::Red),
        Color::Black => Style::default(),
    };
    Line::styled(text.trim_end().to_owned(), style)
}

fn board_lines(s: &State, compact: bool) -> Vec<Line<'static>> {
    let pos = s.shown();
    let ascii = s.options().ascii;
    let wood = TColor::Rgb(0xe8, 0xc8, 0x8e);
    let base = if ascii {
        Style::default()
    } else {
        Style::default().bg(wood).fg(TColor::Rgb(0x5a, 0x3a, 0x1a))
    };
    let targets = s
        .selected()
        .map(|sq| s.legal_targets(sq))
        .unwrap_or_default();
    let last = match s.view {
        Some(0) => None,
        Some(ply) => s.game().moves().nth(ply - 1),
        None => s.game().last_move(),
    };
    let checked = pos.is_check().then(|| pos.general(pos.turn()));
    let (top, bottom) = if s.flipped {
        (Color::Red, Color::Black)
    } else {
        (Color::Black, Color::Red)
    };
    let mut lines = vec![file_numbers(top, s.flipped, ascii)];
    for row in 0..10u8 {
        let rank = if s.flipped { row } else { 9 - row };
        let mut spans = vec![Span::raw(format!("{rank:<2} "))];
        for (c, file) in columns(s.flipped).enumerate() {
            let sq = Square::new(file, rank).expect("on board");
            let right_edge = c == 8;
            let mut style = base;
            let text = match pos.piece_at(sq) {
                Some(p) => {
                    let fg = match (p.color, ascii) {
                        (Color::Red, _) => TColor::Red,
                        (Color::Black, true) => TColor::Reset,
                        (Color::Black, false) => TColor::Black,
                    };
                    style = style.fg(fg).add_modifier(Modifier::BOLD);
                    piece_text(p, right_edge, ascii)
                }
                None if targets.contains(&sq) => {
                    style = style.fg(TColor::Green).add_modifier(Modifier::BOLD);
                    let dot = if ascii { '*' } else { '●' };
                    let tail = match (right_edge, ascii) {
                        (true, _) => ' ',
                        (false, true) => '-',
                        (false, false) => '─',
                    };
                    format!("{dot}{tail}")
                }
                None => empty_point(sq, s.flipped, ascii),
            };
            if targets.contains(&sq) && pos.piece_at(sq).is_some() {
                style = style.bg(TColor::LightGreen);
            }
            if last.is_some_and(|m| m.from == sq || m.to == sq) {
                style = style.bg(TColor::LightBlue);
            }
            if checked == Some(sq) {
                style = style.bg(TColor::LightRed);
            }
            if s.selected() == Some(sq) {
                style = style.bg(TColor::Yellow);
            }
            if s.cursor() == sq {
                style = style.add_modifier(Modifier::REVERSED);
            }
            spans.push(Span::styled(text, style));
            if !right_edge {
                spans.push(Span::styled(if ascii { "--" } else { "──" }, base));
            }
        }
        lines.push(Line::from(spans));
        if row < 9 && (row == 4 || !compact) {
            lines.push(between_line(row, base, ascii));
        }
    }
    lines.push(file_numbers(bottom, s.flipped, ascii));
    let letters = columns(s.flipped).fold(String::new(), |mut acc, f| {
        let _ = write!(acc, "{:<4}", char::from(b'a' + f));
        acc
    });
    lines.push(Line::styled(
        format!("{:w$}{}", "", letters.trim_end(), w = MARGIN as usize),
        theme::DIM,
    ));
    lines
}

fn piece_text(p: Piece, right_edge: bool, ascii: bool) -> String {
    if ascii {
        format!("{}{}", p.fen_char(), if right_edge { ' ' } else { '-' })
    } else {
        p.chinese_traditional().to_string()
    }
}

/// The empty point symbol (two columns): grid crossings, edges and corners.
fn empty_point(sq: Square, flipped: bool, ascii: bool) -> String {
    let (f, r) = (sq.file(), sq.rank());
    let right = if flipped { f == 0 } else { f == 8 };
    if ascii {
        return if right { "+ ".into() } else { "+-".into() };
    }
    let left = if flipped { f == 8 } else { f == 0 };
    let top = if flipped { r == 0 } else { r == 9 };
    let bottom = if flipped { r == 9 } else { r == 0 };
    let river_top = if flipped { r == 4 } else { r == 5 };
    let river_bottom = if flipped { r == 5 } else { r == 4 };
    let ch = match (top, bottom, left, right) {
        // The river cuts the files: the points beside it have no line into it.
        _ if river_top && !left && !right => '┴',
        _ if river_bottom && !left && !right => '┬',
        (true, _, true, _) => '┌',
        (true, _, _, true) => '┐',
        (_, true, true, _) => '└',
        (_, true, _, true) => '┘',
        (true, ..) => '┬',
        (_, true, ..) => '┴',
        (_, _, true, _) => '├',
        (_, _, _, true) => '┤',
        _ => '┼',
    };
    let tail = if right { ' ' } else { '─' };
    format!("{ch}{tail}")
}

/// The line between board rows `row` and `row + 1` (top to bottom): verticals, the palace
/// diagonals and the river.
fn between_line(row: u8, base: Style, ascii: bool) -> Line<'static> {
    let margin = Span::raw(" ".repeat(MARGIN as usize));
    if row == 4 {
        let river = if ascii {
            "|     Chu He        Han Jie     |"
        } else {
            "│    楚  河           漢  界    │"
        };
        return Line::from(vec![margin, Span::styled(river, base)]);
    }
    let mut s = String::new();
    for c in 0..9u8 {
        s.push(if ascii { '|' } else { '│' });
        if c < 8 {
            // Palace diagonals between files d-e-f (columns 3-5) in rows 0-2 and 7-9.
            let palace_row = row <= 1 || row >= 7;
            let diag = if palace_row && (c == 3 || c == 4) {
                let down = (row == 0 || row == 7) == (c == 3);
                match (ascii, down) {
                    (true, true) => " \\ ",
                    (true, false) => " / ",
                    (false, true) => " ╲ ",
                    (false, false) => " ╱ ",
                }
            } else {
                "   "
            };
            s.push_str(diag);
        }
    }
    Line::from(vec![margin, Span::styled(s, base)])
}

/// The panel beside the board: players, rules, whose turn, the engine's evaluation (when
/// shown) and the move list, scrolled to the shown move.
pub struct Panel<'a> {
    /// The screen state.
    pub state: &'a State,
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let s = self.state;
        let o = s.options();
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut lines = match s.table() {
            Some(link) => table_lines(link, s.remote_view()),
            None => vec![Line::styled(
                match o.engine {
                    Some(c) => format!("Xiangqi · computer plays {}", side_name(c)),
                    None => "Xiangqi · two players".to_owned(),
                },
                bold,
            )],
        };
        if s.table().is_some() && s.remote_view().is_none() {
            return Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .render(area, buf);
        }
        if o.engine.is_some() {
            lines.push(Line::raw(format!("Level {}", level_name(o.level))));
        }
        lines.push(Line::raw(rules_text(s.game().rules())));
        lines.push(turn_line(s));
        if s.show_analysis {
            lines.extend(analysis_lines(s));
        }
        lines.push(Line::styled(
            format!("Moves ({})", notation_name(s.notation)),
            Style::default().add_modifier(Modifier::UNDERLINED),
        ));
        let rows_left = usize::from(area.height).saturating_sub(lines.len());
        lines.extend(move_rows(s, rows_left));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}

/// At a network table: the table and the link, then each colour's player (name and
/// presence, `(you)` for this seat) and a pending draw offer; before the first game, how
/// others join and the seats.
fn table_lines(link: &Remote<View>, view: Option<&View>) -> Vec<Line<'static>> {
    let net = link.net();
    let code = net.code.as_deref().unwrap_or("?");
    let link_style = match net.link {
        Link::Online => theme::SUCCESS,
        Link::Connecting => theme::WARN,
        Link::Lost(_) => theme::ERROR,
    };
    let mut lines = vec![
        Line::styled(
            format!("Xiangqi · table {code}"),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Line::styled(net.link.word(), link_style),
    ];
    if view.is_none() {
        lines.extend(link.waiting_lines().into_iter().map(Line::raw));
        return lines;
    }
    for color in [Color::Red, Color::Black] {
        let seat = color.index();
        lines.push(Line::raw(format!(
            "{}: {}",
            side_name(color),
            link.player(seat)
        )));
    }
    if let Some(by) = link.draw_offer() {
        lines.push(Line::styled(
            format!("{} offers a draw", net.seat_name(by)),
            theme::WARN,
        ));
    }
    lines
}

fn turn_line(s: &State) -> Line<'static> {
    let bold = Style::default().add_modifier(Modifier::BOLD);
    if let Some(o) = s.game().outcome() {
        return Line::styled(
            format!("Game over: {o} ({})", o.result_str()),
            theme::SUCCESS,
        );
    }
    let pos = s.game().position();
    let color = match pos.turn() {
        Color::Red => TColor::Red,
        Color::Black => TColor::Reset,
    };
    let check = if pos.is_check() { " — CHECK!" } else { "" };
    let thinking = if s.thinking() { " (thinking…)" } else { "" };
    Line::styled(
        format!("{} to move{check}{thinking}", side_name(pos.turn())),
        bold.fg(color),
    )
}

/// The engine's latest report: depth, score for the side it searched, nodes, and its line.
fn analysis_lines(s: &State) -> Vec<Line<'static>> {
    let style = theme::TEXT;
    let Some(a) = &s.analysis else {
        let why = if s.options().engine.is_none() {
            "Engine: off (two players)"
        } else {
            "Engine: no search yet"
        };
        return vec![Line::styled(why, style)];
    };
    let i = &a.info;
    let mut pv = String::new();
    let mut p: Position = a.root;
    for &m in i.pv.iter().take(6) {
        pv.push_str(&p.write_move(m, s.notation));
        pv.push(' ');
        p.play_unchecked(m);
    }
    vec![
        Line::styled(
            format!(
                "Engine depth {} {} for {} · {} kn",
                i.depth,
                score_text(i.score),
                side_name(a.root.turn()),
                i.nodes / 1000
            ),
            style,
        ),
        Line::styled(format!("Line: {}", pv.trim_end()), style),
    ]
}

/// The move list as `  1. 炮二平五  馬8進7` rows, the last `room` rows up to the shown move
/// (marked `▶`, or `>` in ASCII).
fn move_rows(s: &State, room: usize) -> Vec<Line<'static>> {
    let texts = s.move_texts();
    let shown = s.view.unwrap_or(texts.len());
    let mut rows: Vec<(String, bool)> = Vec::new();
    for (ply, (before, text)) in texts.iter().enumerate() {
        let current = ply + 1 == shown;
        let mark = match (current, s.options().ascii) {
            (true, false) => "▶",
            (true, true) => ">",
            (false, _) => " ",
        };
        if before.turn() == Color::Red || rows.is_empty() {
            let dots = if before.turn() == Color::Red {
                "."
            } else {
                "..."
            };
            rows.push((
                format!("{:>3}{dots}{mark}{text}", before.fullmoves()),
                current,
            ));
        } else if let Some((row, mark_row)) = rows.last_mut() {
            let _ = write!(row, " {mark}{text}");
            *mark_row |= current;
        }
    }
    let end = rows
        .iter()
        .rposition(|(_, current)| *current)
        .map_or(rows.len(), |i| i + 1);
    let start = end.saturating_sub(room.max(1));
    rows[start..end]
        .iter()
        .map(|(text, current)| {
            let style = if *current {
                Style::default().add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            Line::styled(text.clone(), style)
        })
        .collect()
}

/// Draws the whole screen: board, panel, status and key rows, and what is open over them.
/// Below [`FULL_SIZE`] the board is the compact one; the event loop draws "terminal too
/// small" below [`MIN_SIZE`] instead.
pub fn draw(frame: &mut Frame, s: &State, hits: &mut BoardHits) {
    let area = frame.area();
    let style = CardStyle::from_ascii_flag(s.options().ascii);
    let compact = area.height < FULL_SIZE.1;
    let [main, status, keys] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, _, panel] = Layout::horizontal([
        Constraint::Length(BOARD_W),
        Constraint::Length(1),
        Constraint::Min(20),
    ])
    .areas(main);
    frame.render_stateful_widget(Board { state: s, compact }, board, hits);
    frame.render_widget(Panel { state: s }, panel);
    match &s.prompt {
        Some(input) => frame.render_widget(LineInputView(input), status),
        None => frame.render_widget(StatusLine(s.status()), status),
    }
    let sep = style.separator();
    let footer = if let Some(link) = s.table() {
        link.footer(
            &format!("Enter move{sep}: type{sep}r resign{sep}d draw"),
            sep,
        )
    } else {
        let first = if s.game().outcome().is_some() {
            "n new game".to_owned()
        } else {
            format!("Enter move{sep}: type")
        };
        format!("{first}{sep}u undo{sep}o options{sep}? help{sep}q quit")
    };
    frame.render_widget(Line::styled(footer, theme::DIM), keys);
    let keys = help_rows_with_cursor(KEYMAP, style);
    let table_help = s.table().map(Remote::help_lines).unwrap_or_default();
    let prompt_help = prompt_help(style.is_ascii());
    let rules: Vec<&str> = prompt_help
        .iter()
        .chain(&table_help)
        .map(String::as_str)
        .collect();
    let shared = Windows {
        game: "Xiangqi",
        keys: &keys,
        rules: &rules,
        stats: &s.record.rows(),
        style,
    };
    shared.draw(frame, s.overlay());
    if let Overlay::Game(Popup::Options(row)) = s.overlay() {
        let rows = OptionRow::ALL.map(|r| (r.label(), s.option_value(r)));
        options_popup(frame, &rows, *row, style);
    }
    if style.is_ascii() {
        ascii_only(frame.buffer_mut());
    }
}
