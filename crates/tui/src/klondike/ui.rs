//! The Klondike widgets: the [`Table`] (header, message, stock, waste, foundations, tableau,
//! footer; recording the mouse areas in a [`HitMap`]) and the options popup. Rendering reads
//! the [`State`] and writes nothing but the hit map.

use std::time::Instant;

use ::klondike::Scoring;
use cards_core::Suit;
use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{StatefulWidget, Widget};

use super::input::{self, AT_TABLE, AT_TABLE_NOTE, KEYMAP};
use super::state::{
    Draft, Hit, Popup, SETTINGS, Slot, State, extra_rows, setting_value, suit_name,
};
use super::view;
use crate::cards::{self, CardStyle, Direction};
use crate::hitmap::HitMap;
use crate::keymap;
use crate::line_input::{LineInput, LineInputView};
use crate::net::remote::Remote;
use crate::overlay::Overlay;
use crate::status::StatusLine;
use crate::widgets::{ConfirmDialog, Help, Popup as PopupBox, StatsView};
use crate::{stats, theme};

/// The smallest terminal the table fits with its tallest possible piles (a King-to-Ace run
/// over face-down cards, which are then drawn as one row with their count), its help and
/// its options.
pub const MIN_SIZE: Size = Size::new(60, 20);

/// The rows above the tableau: header, two message rows, the top row, the pile numbers.
const TABLEAU_TOP: u16 = 5;

/// The rules text under the keys in the help.
pub const RULES: &[&str] = &[
    "Build the tableau down in alternating colours; move any face-up run whose bottom card fits. Only a King (or a run from a King) fills an empty pile. Foundations build up by suit from the Ace.",
    "Standard: +10 to a foundation, +5 waste to pile, +5 card turned, -15 foundation to pile, recycle -100 (draw 1) or -20 from the third recycle on (draw 3). Vegas: -$52 ante, +$5 per card up, 1 or 3 passes.",
    "The clock starts with your first move. Quitting a game in progress saves it; the next start offers to resume it.",
];

/// The whole Klondike screen for one frame.
pub struct Table<'a> {
    /// What to draw.
    pub state: &'a State,
    /// The time the clock shows.
    pub now: Instant,
}

impl StatefulWidget for Table<'_> {
    type State = HitMap<Hit>;

    fn render(self, area: Rect, buf: &mut Buffer, hits: &mut HitMap<Hit>) {
        let state = self.state;
        let style = state.style();
        hits.clear();
        put(
            buf,
            area,
            area.x,
            area.y,
            &Span::styled(header(state, self.now), theme::TITLE),
        );
        StatusLine(state.message()).render(
            Rect::new(area.x, area.y + 1, area.width, 2).intersection(area),
            buf,
        );
        draw_table(state, area, buf, hits);
        let footer = match state.table() {
            Some(table) => {
                let sep = style.separator();
                table.footer(&format!("d draw{sep}: move{sep}i hint{sep}u undo"), sep)
            }
            None => footer(style, area.width),
        };
        put(
            buf,
            area,
            area.x,
            area.bottom().saturating_sub(1),
            &Span::styled(footer, theme::DIM),
        );
        draw_overlay(state, area, buf);
    }
}

/// The key reminders of the bottom row, as many as fit in `width`.
fn footer(style: CardStyle, width: u16) -> String {
    const ITEMS: [&str; 8] = [
        "? help",
        "d draw",
        "i hint",
        "u undo",
        "n new",
        "o options",
        "s stats",
        "q quit",
    ];
    let sep = style.separator();
    let mut line = String::new();
    for item in ITEMS {
        let next = if line.is_empty() {
            item.to_owned()
        } else {
            format!("{line}{sep}{item}")
        };
        if next.chars().count() > width as usize {
            break;
        }
        line = next;
    }
    line
}

/// `draw 3 · vegas · pass 1/3 · $-52 · 1:05 · seed 42`; at a network table the player,
/// the table and its link, and the spectators first: `ann (you) · table ABC234, online · 1
/// watching · draw 3 · …`.
fn header(state: &State, now: Instant) -> String {
    let sep = state.style().separator();
    let Some(view) = state.view() else {
        return state.table().map(Remote::origin).unwrap_or_default();
    };
    let rules = view.rules;
    let passes = match rules.effective_pass_limit().get() {
        Some(k) => format!("pass {}/{k}", view.pass),
        None => format!("pass {}", view.pass),
    };
    let score = match rules.scoring {
        Scoring::None => String::new(),
        Scoring::Standard => format!("{sep}score {}", view.score),
        Scoring::Vegas => format!("{sep}${}", view.score),
    };
    let game = format!(
        "draw {}{sep}{}{sep}{passes}{score}",
        rules.draw, rules.scoring
    );
    if let Some(table) = state.table() {
        let net = table.net();
        let watching = match net.table.as_ref().map_or(0, |t| t.spectators) {
            _ if net.seat.is_none() => format!("{sep}you watch"),
            0 => String::new(),
            n => format!("{sep}{n} watching"),
        };
        return format!(
            "{}{sep}{}{watching}{sep}{game}",
            table.player(0),
            table.origin()
        );
    }
    let time = stats::clock_time(state.elapsed(now).as_secs());
    let deal = state
        .seed()
        .map_or_else(|| "given deal".to_owned(), |s| format!("seed {s}"));
    format!("{game}{sep}{time}{sep}{deal}")
}

fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, span: &Span) {
    if y < area.bottom() && x < area.right() {
        buf.set_span(x, y, span, area.right() - x);
    }
}

/// The cards and slots, with the cursor, the held cards and the hint marked.
fn draw_table(state: &State, area: Rect, buf: &mut Buffer, hits: &mut HitMap<Hit>) {
    let style = state.style();
    let w = style.width();
    // Glyph labels take 4 cells: 6-cell columns. ASCII labels take 2: 5-cell columns, so the
    // 3-card waste fan (3 cells a card) fits in two columns either way.
    let col_w = if style.is_ascii() { 5 } else { w + 2 };
    let fan_step = 3;
    let left = area.x + 2;
    let x_of = |col: u16| left + col * col_w;
    let Some(view) = state.view() else {
        return;
    };
    let held = state.held();
    let (cursor, depth) = state.cursor();
    let playing = state.overlay().is_none();
    let marks = state.hint_marks();
    let hinted = |card| marks.is_some_and(|m| m.cards.contains(&card));
    let target = |slot| marks.is_some_and(|m| m.target == Some(slot));
    let face = |card, selected: bool| {
        if selected {
            cards::selected_card_span(card, style)
        } else if hinted(card) {
            Span::styled(cards::card_label(card, style), theme::HINT)
        } else {
            cards::card_span(card, style)
        }
    };
    let marker = |buf: &mut Buffer, x: u16, y: u16, slot: Slot| {
        if x <= area.x {
            return;
        }
        if playing && cursor == slot {
            put(
                buf,
                area,
                x - 1,
                y,
                &Span::styled(style.pointer(), theme::CURSOR),
            );
        } else if target(slot) {
            put(
                buf,
                area,
                x - 1,
                y,
                &Span::styled(style.pointer(), theme::HINT),
            );
        }
    };
    let top = area.y + 3;

    // Stock, with its count beside it.
    let stock_span = if view.stock == 0 {
        let text = if view.waste.is_empty() || view.recycles_left == Some(0) {
            ""
        } else if style.is_ascii() {
            "@"
        } else {
            "↺"
        };
        Span::styled(format!("{text:<width$}", width = w as usize), theme::DIM)
    } else if marks.is_some_and(|m| m.stock) {
        Span::styled(cards::card_back_span(style).content, theme::HINT)
    } else {
        cards::card_back_span(style)
    };
    put(buf, area, x_of(0), top, &stock_span);
    // The count ends a cell before the waste column, where the waste's cursor marker goes
    // (it overlaps the back's padding, never the marker).
    let count = view.stock.to_string();
    put(
        buf,
        area,
        (x_of(1) - 1)
            .saturating_sub(count.len() as u16)
            .max(x_of(0) + 1),
        top,
        &Span::styled(count, theme::DIM),
    );
    hits.push(
        Rect::new(x_of(0), top, w, 1).intersection(area),
        Hit {
            slot: Slot::Stock,
            count: 1,
        },
    );
    marker(buf, x_of(0), top, Slot::Stock);

    // Waste: the cards of the last turn still on it, fanned (at most 3), as Windows does.
    let waste = view.waste.as_slice();
    let fan = state.fan_len().min(waste.len());
    if waste.is_empty() {
        put(buf, area, x_of(1), top, &cards::empty_slot_span(style));
    }
    for (i, &card) in waste[waste.len() - fan..].iter().enumerate() {
        let is_top = i + 1 == fan;
        let selected = is_top && held.is_some_and(|h| h.slot == Slot::Waste);
        put(
            buf,
            area,
            x_of(1) + i as u16 * fan_step,
            top,
            &face(card, selected),
        );
    }
    let waste_x = x_of(1) + fan.saturating_sub(1) as u16 * fan_step;
    hits.push(
        Rect::new(x_of(1), top, waste_x + w - x_of(1), 1).intersection(area),
        Hit {
            slot: Slot::Waste,
            count: 1,
        },
    );
    marker(buf, waste_x, top, Slot::Waste);

    // Foundations.
    for suit in Suit::ALL {
        let x = x_of(3 + suit.index() as u16);
        let slot = Slot::Foundation(suit);
        let span = match view::foundation_top(&view, suit) {
            Some(card) => face(card, held.is_some_and(|h| h.slot == slot)),
            None => Span::styled(
                format!("{:^width$}", suit_name(suit, style), width = w as usize),
                theme::EMPTY_SLOT,
            ),
        };
        put(buf, area, x, top, &span);
        hits.push(
            Rect::new(x, top, w, 1).intersection(area),
            Hit { slot, count: 1 },
        );
        marker(buf, x, top, slot);
    }

    // Tableau.
    let numbers = top + 1;
    let first_row = area.y + TABLEAU_TOP;
    let bottom = area.bottom().saturating_sub(1);
    let room = bottom.saturating_sub(first_row) as usize;
    let tallest = (0..7).map(|p| view::pile_len(&view, p)).max().unwrap_or(0);
    let compress = tallest > room;
    for pile in 0..7u8 {
        let x = x_of(pile as u16);
        put(
            buf,
            area,
            x,
            numbers,
            &Span::styled(format!("{}", pile + 1), theme::DIM),
        );
        let up = &view.face_up[pile as usize];
        let down = usize::from(view.face_down[pile as usize]);
        let len = down + up.len();
        let slot = Slot::Pile(pile);
        let mut y = first_row;
        if len == 0 {
            put(buf, area, x, y, &cards::empty_slot_span(style));
            hits.push(
                Rect::new(x, y, w, 1).intersection(area),
                Hit { slot, count: 0 },
            );
            marker(buf, x, y, slot);
        }
        if compress && down > 0 {
            put(buf, area, x, y, &cards::card_back_span(style));
            put(
                buf,
                area,
                x + w,
                y,
                &Span::styled(down.to_string(), theme::DIM),
            );
            y += 1;
        } else {
            for _ in 0..down {
                put(buf, area, x, y, &cards::card_back_span(style));
                y += 1;
            }
        }
        // Face-down rows: pick nothing, but count as the pile for drops.
        if down > 0 {
            hits.push(
                Rect::new(x, first_row, w, y - first_row).intersection(area),
                Hit { slot, count: 0 },
            );
        }
        for (i, &card) in up.iter().enumerate() {
            let from_top = len - down - i;
            let is_held = held.is_some_and(|h| h.slot == slot && from_top <= h.count);
            let mut span = face(card, is_held);
            if playing && cursor == slot && from_top <= depth && !is_held {
                span = span.patch_style(Style::new().add_modifier(Modifier::UNDERLINED));
            }
            put(buf, area, x, y, &span);
            hits.push(
                Rect::new(x, y, w, 1).intersection(area),
                Hit {
                    slot,
                    count: from_top,
                },
            );
            if from_top == depth || (from_top == 1 && target(slot)) {
                marker(buf, x, y, slot);
            }
            y += 1;
        }
        // Below the cards: a drop target for the whole pile.
        if y < bottom && len > 0 {
            hits.push(Rect::new(x, y, w, bottom - y), Hit { slot, count: 0 });
        }
    }
}

fn draw_overlay(state: &State, area: Rect, buf: &mut Buffer) {
    let style = state.style();
    match state.overlay() {
        Overlay::None => {}
        Overlay::Help(scroll) => {
            let mut keys = keymap::help_rows(KEYMAP, style);
            let mut text: Vec<&str> = vec![input::MOUSE];
            text.extend(RULES);
            let table_lines = state.table().map(Remote::help_lines);
            if let Some(lines) = &table_lines {
                let same: Vec<_> = KEYMAP
                    .iter()
                    .copied()
                    .filter(|b| input::same_at_table(b.command))
                    .collect();
                keys = keymap::help_rows(&same, style);
                keys.extend(AT_TABLE.iter().map(|&(k, what)| (k.to_owned(), what)));
                text.push(AT_TABLE_NOTE);
                text.extend(lines.iter().map(String::as_str));
            }
            Help {
                title: "Klondike: help",
                keys: &keys,
                text: &text,
                style,
            }
            .render_scrolled(area, buf, scroll);
        }
        Overlay::Statistics => {
            let mut rows = state.stats().tally.rows();
            rows.extend(extra_rows(&state.stats().extra));
            StatsView {
                title: "Klondike: statistics",
                rows: &rows,
                style,
            }
            .render(area, buf);
        }
        Overlay::Confirm(confirm) => {
            ConfirmDialog {
                question: &confirm.question,
                style,
            }
            .render(area, buf);
        }
        Overlay::Game(Popup::Options { row, draft }) => {
            options_popup(*row, *draft, style).render(area, buf);
        }
        Overlay::Game(Popup::Seed(input)) => {
            prompt(
                "Deal by seed",
                "digits, then Enter; Esc cancels",
                input,
                style,
                area,
                buf,
            );
        }
        Overlay::Game(Popup::Move(input)) => {
            let hint = "3-f  w-5  7:3-1  fH-2  stock; Esc cancels";
            prompt("Type a move", hint, input, style, area, buf);
        }
    }
}

/// A popup around a one-line field, with a line on what to type under it.
fn prompt(
    title: &'static str,
    hint: &'static str,
    input: &LineInput,
    style: CardStyle,
    area: Rect,
    buf: &mut Buffer,
) {
    let popup = PopupBox {
        title,
        // The first line is the field's place: the input is drawn over it.
        lines: vec![Line::raw(" ".repeat(32)), Line::styled(hint, theme::DIM)],
        style,
    };
    let size = popup.size();
    let rect = crate::widgets::centered_rect(area, size.width, size.height);
    popup.render(area, buf);
    let field = Rect::new(rect.x + 2, rect.y + 1, rect.width.saturating_sub(4), 1);
    LineInputView(input).render(field.intersection(area), buf);
}

fn options_popup(row: usize, draft: Draft, style: CardStyle) -> PopupBox<'static> {
    let (less, more) = (style.pointer_left(), style.pointer());
    let mut lines: Vec<Line> = SETTINGS
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let text = format!("{name:<22} {less} {} {more}", setting_value(draft, i));
            if i == row {
                Line::styled(text, theme::CURSOR)
            } else {
                Line::raw(text)
            }
        })
        .collect();
    let (up, down) = (style.arrow(Direction::Up), style.arrow(Direction::Down));
    let (left, right) = (style.arrow(Direction::Left), style.arrow(Direction::Right));
    let sep = style.separator();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("{up}{down} choose{sep}{left}{right} change{sep}Esc cancel"),
        theme::DIM,
    ));
    lines.push(Line::styled(
        "Enter applies (a rules change restarts the deal)",
        theme::DIM,
    ));
    PopupBox {
        title: "Options",
        lines,
        style,
    }
}
