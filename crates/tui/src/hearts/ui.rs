//! The Hearts widgets: your hand (a [`StatefulWidget`] that records where each card was
//! drawn, for clicks), the trick in the middle of the table, an opponent's panel, and the
//! screen that lays them out. Everything is drawn from your [`View`] (South's locally, your
//! seat's at a network table), you at the bottom.

use std::fmt::Write as _;

use ::hearts::{Phase, Seat, Settings, Trick, View, seat_letter};
use cards_core::{BySeat, CardSet};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, StatefulWidget, Widget};

use super::input;
use super::state::{Overlay, Popup as Window, Table, hand_number, names};
use crate::cards::{CardStyle, card_back_span, card_span};
use crate::hand::{HandCard, HandHits, HandWidget, NEW, PASS};
use crate::status::StatusLine;
use crate::theme;
use crate::widgets::Popup;
use crate::windows;

/// The smallest terminal the table fits: every card of a 13-card hand, the four seats and
/// the trick.
pub const MIN_SIZE: (u16, u16) = (60, 20);

/// `text` as drawn in `style`: unchanged, or in ASCII its suit symbols, arrows, dots and
/// minus signs spelled out.
pub fn text(style: CardStyle, text: &str) -> String {
    if style != CardStyle::Ascii {
        return text.to_owned();
    }
    text.replace('♣', "C")
        .replace('♦', "D")
        .replace('♥', "H")
        .replace('♠', "S")
        .replace("←→", "<- ->")
        .replace('←', "<-")
        .replace('→', "->")
        .replace('·', "|")
        .replace('−', "-")
        .replace('☾', "*")
}

/// The seats to your left, across and to your right (play goes left: North → East → South
/// → West).
pub const fn around(me: Seat) -> [Seat; 3] {
    let i = me.index();
    [
        Seat::ALL[(i + 1) % 4],
        Seat::ALL[(i + 2) % 4],
        Seat::ALL[(i + 3) % 4],
    ]
}

/// The trick on the table, each card in front of its player: across above, left and right
/// beside, you below, placed by column so the four line up at every width.
pub struct TrickWidget {
    /// The trick shown (the current one, or the last completed one between tricks).
    pub trick: Option<Trick>,
    /// Your seat (South locally).
    pub me: Seat,
    /// The card style.
    pub style: CardStyle,
}

impl Widget for TrickWidget {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let w = self.style.width();
        let box_width = 3 * w + 4;
        if area.width < box_width || area.height < 3 {
            return;
        }
        let left = area.x + (area.width - box_width) / 2;
        let centre = left + w + 2;
        let empty = if self.style == CardStyle::Ascii {
            "."
        } else {
            "·"
        };
        let [to_left, across, to_right] = around(self.me);
        for (seat, x, dy) in [
            (across, centre, 0),
            (to_left, left, 1),
            (to_right, left + 2 * w + 4, 1),
            (self.me, centre, 2),
        ] {
            let span = match self.trick.and_then(|t| t.card_of(seat)) {
                Some(card) => card_span(card, self.style),
                None => Span::styled(empty.repeat(w as usize), theme::DIM),
            };
            buf.set_span(x, area.y + dy, &span, w);
        }
    }
}

/// An opponent's panel: name, cards held, points this hand, game total and card backs.
pub struct SeatPanel<'a> {
    /// The seat.
    pub seat: Seat,
    /// Its name on screen ([`Table::names`]).
    pub name: &'a str,
    /// Your view (counts and points are public).
    pub view: &'a View,
    /// The game total before this hand.
    pub total: i32,
    /// The card style.
    pub style: CardStyle,
}

impl Widget for SeatPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered().border_set(self.style.border());
        let inner = block.inner(area);
        let n = self.view.hand_len(self.seat);
        // Room for the backs and a " +n" after them.
        let fit = (inner.width.saturating_sub(3) / (self.style.width() + 1)).max(1) as usize;
        let lines = vec![
            Line::styled(self.name.to_owned(), theme::TITLE),
            Line::raw(format!("{n} cards")),
            Line::raw(format!(
                "{} pts this hand",
                self.view.points_taken(self.seat)
            )),
            Line::raw(format!("total {}", self.total)),
            backs(n, fit.min(4), self.style),
        ];
        Paragraph::new(lines).block(block).render(area, buf);
    }
}

/// `n` card backs, at most `most` of them, then `+k` for the rest.
fn backs(n: usize, most: usize, style: CardStyle) -> Line<'static> {
    let mut spans = Vec::new();
    for _ in 0..n.min(most) {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(card_back_span(style));
    }
    if n > most {
        spans.push(Span::raw(format!(" +{}", n - most)));
    }
    Line::from(spans)
}

/// The trick to show: the current one, or the last completed one while the next is empty.
fn shown_trick(view: &View) -> Option<(Trick, bool)> {
    match view.current_trick() {
        Some(trick) if !trick.is_empty() => Some((*trick, false)),
        _ => view.last_trick().map(|t| (*t, true)),
    }
}

/// What the screen calls a seat: `you`, or its name.
fn player(seat: Seat, me: Seat, names: &BySeat<String, 4>) -> &str {
    if seat == me { "you" } else { &names[seat] }
}

/// `N 2♣  E 5♣  S K♣  W 3♣  → you (0 pts)`, a trick in a line.
fn trick_line(
    trick: Trick,
    me: Seat,
    names: &BySeat<String, 4>,
    style: CardStyle,
) -> Line<'static> {
    let mut spans = Vec::new();
    for (seat, card) in trick.plays() {
        spans.push(Span::raw(format!("{} ", seat_letter(seat))));
        spans.push(card_span(card, style));
        spans.push(Span::raw(" "));
    }
    if let Some(winner) = trick.winner() {
        spans.push(Span::raw(text(
            style,
            &format!("→ {} ({} pts)", player(winner, me, names), trick.points()),
        )));
    }
    Line::from(spans)
}

/// The score table from `view`'s hand scores: one row per finished hand (☾ marks the seat
/// that shot the moon), then the totals.
fn score_lines(view: &View, names: &BySeat<String, 4>, style: CardStyle) -> Vec<Line<'static>> {
    let mut header = format!("{:<6}", "hand");
    for seat in Seat::ALL {
        let name: String = names[seat].chars().take(7).collect();
        let _ = write!(header, "{name:>8}");
    }
    let mut lines = vec![Line::styled(header, theme::TITLE)];
    for (i, points) in view.hand_scores().iter().enumerate() {
        let mut row = format!("{:<6}", i + 1);
        for seat in Seat::ALL {
            let moon = if view.hand_moons().get(i) == Some(&Some(seat)) {
                "☾"
            } else {
                ""
            };
            let _ = write!(row, "{:>8}", format!("{moon}{}", points[seat]));
        }
        lines.push(Line::raw(text(style, &row)));
    }
    let totals = view.totals().unwrap_or_default();
    let mut total = format!("{:<6}", "total");
    for seat in Seat::ALL {
        let _ = write!(total, "{:>8}", totals[seat]);
    }
    lines.push(Line::styled(total, theme::TITLE));
    lines
}

/// The rules in force, one line each, for the help window.
pub fn rule_lines(settings: &Settings) -> Vec<String> {
    use ::hearts::{MoonScoring, PassSchedule, TieRule};
    let mut lines = vec![match settings.pass_schedule {
        PassSchedule::Cycle => {
            "Pass three cards: hand 1 left, 2 right, 3 across, 4 none, then again.".to_owned()
        }
        PassSchedule::Fixed(direction) => format!("Pass three cards {direction} every hand."),
        PassSchedule::NoPassing => "No passing.".to_owned(),
    }];
    lines.push(if settings.any_club_leads {
        "The holder of 2♣ leads any club to the first trick.".to_owned()
    } else {
        "The holder of 2♣ leads it to the first trick.".to_owned()
    });
    lines.push("Follow suit when you can; the highest card of the led suit wins.".into());
    if !settings.points_on_first_trick {
        lines.push("No hearts or Q♠ on the first trick unless you hold nothing else.".into());
    }
    if settings.must_break_hearts {
        let queen = if settings.queen_breaks_hearts {
            " (Q♠ breaks them too)"
        } else {
            ""
        };
        let only_queen = if settings.lead_hearts_with_only_queen {
            " or hearts and Q♠"
        } else {
            ""
        };
        lines.push(format!(
            "Hearts may not be led until one is played{queen}, unless you hold only hearts{only_queen}."
        ));
    }
    lines.push(match settings.moon {
        MoonScoring::OthersAdd26 => {
            "Hearts score 1, Q♠ 13. Take all 26 to shoot the moon: the others get 26.".into()
        }
        MoonScoring::ShooterMinus26 => {
            "Hearts score 1, Q♠ 13. Take all 26 to shoot the moon: you score −26.".into()
        }
    });
    if settings.jack_of_diamonds {
        lines.push("Taking J♦ scores −10.".into());
    }
    if settings.no_tricks_bonus {
        lines.push("Taking no trick scores −5.".into());
    }
    lines.push(format!(
        "The game ends when someone reaches {}; the lowest total wins{}.",
        settings.target,
        match settings.tie {
            TieRule::Share => " (a tie shares the win)",
            TieRule::PlayOn => " (a tie plays on)",
        }
    ));
    lines
}

/// Draws the whole screen: title, the seat across, the left and right panels around the
/// trick, your hand, what you passed and received, the status line and the footer, then the
/// open window.
pub fn draw(frame: &mut Frame, table: &Table, style: CardStyle, hits: &mut HandHits) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let view = table.view();
    let names = table.names();
    let me = table.me();
    let [to_left, across, to_right] = around(me);
    let totals = view.totals().unwrap_or_default();
    let title = text(
        style,
        &format!(
            " Hearts · hand {} · pass {} · {} ",
            hand_number(&view) + 1,
            view.pass_direction(),
            table.origin()
        ),
    );
    let block = Block::bordered().border_set(style.border()).title(title);
    let inner = block.inner(area);
    block.render(area, buf);
    let [north, middle, hand, status, keys] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(7),
        Constraint::Length(4),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);

    Paragraph::new(vec![
        Line::raw(seat_label(
            &view,
            across,
            &names[across],
            totals[across],
            style,
        ))
        .centered(),
        backs(view.hand_len(across), 8, style).centered(),
    ])
    .render(north, buf);

    let [_, middle, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(7),
        Constraint::Fill(1),
    ])
    .areas(middle);
    let side = (inner.width.saturating_sub(22) / 2).min(26);
    let [west, centre, east] = Layout::horizontal([
        Constraint::Length(side),
        Constraint::Fill(1),
        Constraint::Length(side),
    ])
    .areas(middle);
    for (seat, area) in [(to_left, west), (to_right, east)] {
        SeatPanel {
            seat,
            name: &names[seat],
            view: &view,
            total: totals[seat],
            style,
        }
        .render(area, buf);
    }
    draw_centre(table, &view, &names, style, centre, buf);

    let [label, cards, passing] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(hand);
    let you = if table.watching() {
        names[me].clone()
    } else {
        format!("You ({})", names[me])
    };
    Line::styled(seat_label(&view, me, &you, totals[me], style), theme::TITLE).render(label, buf);
    HandWidget {
        cards: &hand_cards(table, &view),
        cursor: Some(table.cursor()),
        style,
    }
    .render(cards, buf, hits);
    Line::styled(
        text(style, &exchange_text(&view, &names, table.watching())),
        theme::DIM,
    )
    .render(passing, buf);

    StatusLine(&table.status().spelled(|t| text(style, t))).render(status, buf);
    let footer = input::footer(input::Context::of(table));
    Line::styled(text(style, &footer), theme::DIM).render(keys, buf);
    draw_overlay(frame, table, &view, &names, style);
}

/// Your cards as the hand shows them: picked for the pass (raised), received (`new`),
/// unplayable ones dimmed on your turn.
pub fn hand_cards(table: &Table, view: &View) -> Vec<HandCard> {
    let legal = view.is_my_turn().then(|| view.legal_moves());
    let received = view.received().unwrap_or(CardSet::EMPTY);
    let chosen = table.chosen();
    table
        .hand()
        .into_iter()
        .map(|card| {
            let picked = chosen.contains(card);
            HandCard {
                card,
                mark: if picked {
                    Some(PASS)
                } else if received.contains(card) {
                    Some(NEW)
                } else {
                    None
                },
                raised: picked,
                dim: legal.is_some_and(|legal| !legal.contains(card)),
            }
        })
        .collect()
}

/// What you passed and received this hand, in words.
fn exchange_text(view: &View, names: &BySeat<String, 4>, watching: bool) -> String {
    let direction = view.pass_direction();
    let me = view.seat().unwrap_or(super::HUMAN);
    match (view.passed(), view.received()) {
        _ if !direction.passes() => "no passing this hand".to_owned(),
        (Some(passed), Some(received)) => format!(
            "passed {} to {} · received {} from {}",
            self::names(passed),
            names[direction.receiver(me)],
            self::names(received),
            names[direction.giver(me)]
        ),
        (Some(passed), None) => format!(
            "passed {} to {} · waiting for the others",
            self::names(passed),
            names[direction.receiver(me)]
        ),
        _ if watching => format!("passing {direction}"),
        _ => format!(
            "passing {direction}: pick 3 cards for {}",
            names[direction.receiver(me)]
        ),
    }
}

fn seat_label(view: &View, seat: Seat, who: &str, total: i32, style: CardStyle) -> String {
    text(
        style,
        &format!(
            "{who}  {} cards · {} pts this hand · total {total}",
            view.hand_len(seat),
            view.points_taken(seat),
        ),
    )
}

/// The middle of the table: the trick, who took the last one, whose turn, hearts broken.
fn draw_centre(
    table: &Table,
    view: &View,
    names: &BySeat<String, 4>,
    style: CardStyle,
    area: Rect,
    buf: &mut Buffer,
) {
    let me = table.me();
    let [trick, caption, turn, broken] = Layout::vertical([
        Constraint::Length(4),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let shown = shown_trick(view);
    TrickWidget {
        trick: shown.map(|(t, _)| t),
        me,
        style,
    }
    .render(trick, buf);
    let caption_text = match (view.phase(), shown) {
        (Phase::Passing, _) => "passing".to_owned(),
        (_, Some((done, true))) => {
            let winner = done.winner().unwrap_or(me);
            let who = if winner == me {
                "you take".to_owned()
            } else {
                format!("{} takes", names[winner])
            };
            format!("{who} the trick ({} pts)", done.points())
        }
        _ => String::new(),
    };
    Line::styled(caption_text, theme::DIM)
        .centered()
        .render(caption, buf);
    let turn_line = match (view.phase(), view.to_move()) {
        (_, Some(seat)) if seat == me => Line::styled("your turn", theme::TURN),
        (_, Some(seat)) => Line::styled(format!("{} to play", names[seat]), theme::DIM),
        (Phase::Over, None) if table.overlay().is_none() => {
            Line::styled("hand over: Enter for the summary", theme::TURN)
        }
        _ => Line::raw(""),
    };
    turn_line.centered().render(turn, buf);
    let broken_text = if view.hearts_broken() {
        "hearts broken"
    } else {
        "hearts not broken"
    };
    Line::styled(broken_text, theme::DIM)
        .centered()
        .render(broken, buf);
}

fn draw_overlay(
    frame: &mut Frame,
    table: &Table,
    view: &View,
    names: &BySeat<String, 4>,
    style: CardStyle,
) {
    let area = frame.area();
    let me = table.me();
    let popup = |title, lines| Popup {
        title,
        lines,
        style,
    };
    windows::draw_waiting(frame, table.waiting_lines(), style, |t| text(style, t));
    match table.overlay() {
        Overlay::Game(Window::Scores) => {
            let mut lines = score_lines(view, names, style);
            lines.push(Line::raw(""));
            lines.push(close_line());
            frame.render_widget(popup("Scores", lines), area);
        }
        Overlay::Game(Window::LastTrick) => {
            let mut lines = Vec::new();
            if let Some(last) = view.last_trick() {
                let number = view.completed_tricks().len();
                lines.push(Line::raw(format!("trick {number} of 13")));
                lines.push(trick_line(*last, me, names, style));
            }
            lines.push(Line::raw(""));
            lines.push(close_line());
            frame.render_widget(popup("Last trick", lines), area);
        }
        Overlay::Game(Window::HandOver) => {
            let lines = summary_lines(table, view, names, style);
            frame.render_widget(popup("End of hand", lines), area);
        }
        shared => {
            let mut stats = table.stats().tally.rows();
            stats.extend(table.stats().extra.rows());
            let shown = windows::Shared {
                game: "Hearts",
                keys: &input::help_rows(table.is_remote()),
                rules: &rule_lines(view.settings()),
                stats: &stats,
                style,
            };
            windows::draw_shared(frame, shared, &shown, |t| text(style, t));
        }
    }
}

fn close_line() -> Line<'static> {
    Line::styled("press any key to close", theme::DIM)
}

/// The hand summary: the final trick (so the popup hides nothing of it), the score table,
/// a moon, the winner once the game is over, and what the keys do next.
fn summary_lines(
    table: &Table,
    view: &View,
    names: &BySeat<String, 4>,
    style: CardStyle,
) -> Vec<Line<'static>> {
    let me = table.me();
    let mut lines = Vec::new();
    if let Some(last) = table.final_trick() {
        let mut final_trick = trick_line(last, me, names, style);
        final_trick.spans.insert(0, Span::raw("final trick: "));
        lines.push(final_trick);
        lines.push(Line::raw(""));
    }
    lines.extend(score_lines(view, names, style));
    lines.push(Line::raw(""));
    let who = |seat: Seat| {
        if seat == me {
            "You".to_owned()
        } else {
            names[seat].clone()
        }
    };
    if let Some(&Some(shooter)) = view.hand_moons().last() {
        lines.push(Line::styled(
            format!("{} shot the moon!", who(shooter)),
            theme::WARN,
        ));
    }
    if let Some(winners) = table.winners() {
        let winner_names: Vec<String> = winners.iter().map(|&w| who(w)).collect();
        let verb = if winners.len() > 1 {
            "share the win"
        } else if winners[0] == me {
            "win"
        } else {
            "wins"
        };
        lines.push(Line::styled(
            format!("Game over: {} {verb}!", winner_names.join(" and ")),
            theme::SUCCESS,
        ));
    }
    lines.push(Line::raw(text(style, table.after_summary())));
    lines
}
