//! The Hearts widgets: your hand (a [`StatefulWidget`] that records where each card was
//! drawn, for clicks), the trick in the middle of the table, an opponent's panel, and the
//! screen that lays them out. Everything is drawn from South's [`View`].

use std::fmt::Write as _;

use ::hearts::{Game, HandSummary, Phase, Seat, Settings, Trick, View, seat_letter, seat_name};
use cards_core::CardSet;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, StatefulWidget, Widget};

use super::input;
use super::state::{HUMAN, Overlay, Popup as Window, Table, names};
use crate::cards::{CardStyle, card_back_span, card_span};
use crate::hand::{HandCard, HandHits, HandWidget, NEW, PASS};
use crate::status::StatusLine;
use crate::theme;
use crate::widgets::Popup;
use crate::windows::Windows;

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

/// The trick on the table, each card in front of its player: North above, West and East
/// beside, South below, placed by column so the four line up at every width.
pub struct TrickWidget {
    /// The trick shown (the current one, or the last completed one between tricks).
    pub trick: Option<Trick>,
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
        for (seat, x, dy) in [
            (::hearts::NORTH, centre, 0),
            (::hearts::WEST, left, 1),
            (::hearts::EAST, left + 2 * w + 4, 1),
            (HUMAN, centre, 2),
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
    /// South's view (counts and points are public).
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
            Line::styled(seat_name(self.seat), theme::TITLE),
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

fn player(seat: Seat) -> &'static str {
    if seat == HUMAN {
        "you"
    } else {
        seat_name(seat)
    }
}

/// `N 2♣  E 5♣  S K♣  W 3♣  → S takes 0 pts`, a trick in a line.
fn trick_line(trick: Trick, style: CardStyle) -> Line<'static> {
    let mut spans = Vec::new();
    for (seat, card) in trick.plays() {
        spans.push(Span::raw(format!("{} ", seat_letter(seat))));
        spans.push(card_span(card, style));
        spans.push(Span::raw(" "));
    }
    if let Some(winner) = trick.winner() {
        spans.push(Span::raw(text(
            style,
            &format!("→ {} ({} pts)", player(winner), trick.points()),
        )));
    }
    Line::from(spans)
}

/// The score table: one row per finished hand (☾ marks a moon), then the totals.
fn score_lines(game: &Game, style: CardStyle) -> Vec<Line<'static>> {
    let header = format!(
        "{:<6}{:>8}{:>8}{:>8}{:>8}",
        "hand", "North", "East", "South", "West"
    );
    let mut lines = vec![Line::styled(header, theme::TITLE)];
    for (i, HandSummary { result, .. }) in game.history().iter().enumerate() {
        let mut row = format!("{:<6}", i + 1);
        for seat in Seat::ALL {
            let moon = if result.moon == Some(seat) { "☾" } else { "" };
            let _ = write!(row, "{:>8}", format!("{moon}{}", result.points[seat]));
        }
        lines.push(Line::raw(text(style, &row)));
    }
    let mut total = format!("{:<6}", "total");
    for seat in Seat::ALL {
        let _ = write!(total, "{:>8}", game.totals()[seat]);
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

/// Draws the whole screen: title, North, West and East panels around the trick, your hand,
/// what you passed and received, the status line and the footer, then the open window.
pub fn draw(frame: &mut Frame, table: &Table, style: CardStyle, hits: &mut HandHits) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let game = table.game();
    let view = table.view();
    let totals = game.totals();
    let title = text(
        style,
        &format!(
            " Hearts · hand {} · pass {} · seed {} · {} bots, {} ",
            game.hand_number() + 1,
            view.pass_direction(),
            table.seed(),
            table.bot_kind().name(),
            table.speed().name()
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

    let north_count = view.hand_len(::hearts::NORTH);
    Paragraph::new(vec![
        Line::raw(seat_label(
            &view,
            ::hearts::NORTH,
            totals[::hearts::NORTH],
            style,
        ))
        .centered(),
        backs(north_count, 8, style).centered(),
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
    for (seat, area) in [(::hearts::WEST, west), (::hearts::EAST, east)] {
        SeatPanel {
            seat,
            view: &view,
            total: totals[seat],
            style,
        }
        .render(area, buf);
    }
    draw_centre(table, &view, style, centre, buf);

    let [label, cards, passing] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(hand);
    Line::styled(seat_label(&view, HUMAN, totals[HUMAN], style), theme::TITLE).render(label, buf);
    HandWidget {
        cards: &hand_cards(table, &view),
        cursor: Some(table.cursor()),
        style,
    }
    .render(cards, buf, hits);
    Line::styled(text(style, &exchange_text(&view)), theme::DIM).render(passing, buf);

    let mut shown = table.status().clone();
    shown.set(table.status().level(), text(style, table.status().text()));
    StatusLine(&shown).render(status, buf);
    Line::styled(text(style, &input::footer()), theme::DIM).render(keys, buf);
    draw_overlay(frame, table, &view, style);
}

/// South's cards as the hand shows them: picked for the pass (raised), received (`new`),
/// unplayable ones dimmed on your turn.
pub fn hand_cards(table: &Table, view: &View) -> Vec<HandCard> {
    let legal = view.is_my_turn().then(|| view.legal_moves());
    let received = view.received().unwrap_or(CardSet::EMPTY);
    table
        .hand()
        .into_iter()
        .map(|card| {
            let picked = table.chosen().contains(card);
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

/// What South passed and received this hand, in words.
fn exchange_text(view: &View) -> String {
    let direction = view.pass_direction();
    match (view.passed(), view.received()) {
        _ if !direction.passes() => "no passing this hand".to_owned(),
        (Some(passed), Some(received)) => format!(
            "passed {} to {} · received {} from {}",
            names(passed),
            seat_name(direction.receiver(HUMAN)),
            names(received),
            seat_name(direction.giver(HUMAN))
        ),
        _ => format!(
            "passing {direction}: pick 3 cards for {}",
            seat_name(direction.receiver(HUMAN))
        ),
    }
}

fn seat_label(view: &View, seat: Seat, total: i32, style: CardStyle) -> String {
    let who = if seat == HUMAN {
        "You (South)"
    } else {
        seat_name(seat)
    };
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
fn draw_centre(table: &Table, view: &View, style: CardStyle, area: Rect, buf: &mut Buffer) {
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
        style,
    }
    .render(trick, buf);
    let caption_text = match (view.phase(), shown) {
        (Phase::Passing, _) => "passing".to_owned(),
        (_, Some((done, true))) => {
            let winner = done.winner().unwrap_or(HUMAN);
            let who = if winner == HUMAN {
                "you take".to_owned()
            } else {
                format!("{} takes", seat_name(winner))
            };
            format!("{who} the trick ({} pts)", done.points())
        }
        _ => String::new(),
    };
    Line::styled(caption_text, theme::DIM)
        .centered()
        .render(caption, buf);
    let turn_line = match (view.phase(), view.to_move()) {
        (_, Some(HUMAN)) => Line::styled("your turn", theme::TURN),
        (_, Some(seat)) => Line::styled(format!("{} to play", seat_name(seat)), theme::DIM),
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

fn draw_overlay(frame: &mut Frame, table: &Table, view: &View, style: CardStyle) {
    let game = table.game();
    let area = frame.area();
    let popup = |title, lines| Popup {
        title,
        lines,
        style,
    };
    match table.overlay() {
        Overlay::Game(Window::Scores) => {
            let mut lines = score_lines(game, style);
            lines.push(Line::raw(""));
            lines.push(close_line());
            frame.render_widget(popup("Scores", lines), area);
        }
        Overlay::Game(Window::LastTrick) => {
            let mut lines = Vec::new();
            if let Some(last) = view.last_trick() {
                let number = view.completed_tricks().len();
                lines.push(Line::raw(format!("trick {number} of 13")));
                lines.push(trick_line(*last, style));
            }
            lines.push(Line::raw(""));
            lines.push(close_line());
            frame.render_widget(popup("Last trick", lines), area);
        }
        Overlay::Game(Window::HandOver) => {
            frame.render_widget(popup("End of hand", summary_lines(game, view, style)), area);
        }
        shared => {
            let rules: Vec<String> = rule_lines(game.settings())
                .iter()
                .map(|r| text(style, r))
                .collect();
            let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
            let rows = input::help_rows();
            let whats: Vec<String> = rows.iter().map(|(_, what)| text(style, what)).collect();
            let keys: Vec<(String, &str)> = rows
                .iter()
                .zip(&whats)
                .map(|((k, _), what)| (text(style, k), what.as_str()))
                .collect();
            let mut stats = table.stats().tally.rows();
            stats.extend(table.stats().extra.rows());
            Windows {
                game: "Hearts",
                keys: &keys,
                rules: &rules,
                stats: &stats,
                style,
            }
            .draw(frame, shared);
        }
    }
}

fn close_line() -> Line<'static> {
    Line::styled("press any key to close", theme::DIM)
}

/// The hand summary: the final trick (so the popup hides nothing of it), the score table,
/// a moon, the winner once the game is over, and what the keys do next.
fn summary_lines(game: &Game, view: &View, style: CardStyle) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(last) = view.last_trick() {
        let mut final_trick = trick_line(*last, style);
        final_trick.spans.insert(0, Span::raw("final trick: "));
        lines.push(final_trick);
        lines.push(Line::raw(""));
    }
    lines.extend(score_lines(game, style));
    lines.push(Line::raw(""));
    if let Some(shooter) = game.history().last().and_then(|h| h.result.moon) {
        let who = if shooter == HUMAN {
            "You"
        } else {
            seat_name(shooter)
        };
        lines.push(Line::styled(format!("{who} shot the moon!"), theme::WARN));
    }
    let next = if let Some(winners) = game.winners() {
        let names: Vec<&str> = winners
            .iter()
            .map(|&w| if w == HUMAN { "You" } else { seat_name(w) })
            .collect();
        let verb = if winners.len() > 1 {
            "share the win"
        } else if winners[0] == HUMAN {
            "win"
        } else {
            "wins"
        };
        lines.push(Line::styled(
            format!("Game over: {} {verb}!", names.join(" and ")),
            theme::SUCCESS,
        ));
        "Enter: new game · u: undo · q: quit"
    } else {
        "Enter: next hand · u: undo · q: quit"
    };
    lines.push(Line::raw(text(style, next)));
    lines
}
