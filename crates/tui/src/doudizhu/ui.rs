//! The Dou Dizhu widgets: a seat's line (role, cards left, its play in the current round, its
//! hand once the deal is settled), the card counter (记牌器), your hand (the shared
//! [`HandWidget`], recording where each card was drawn), and the screen that lays them out.
//! Everything is drawn from your [`View`] (and every hand once the deal is settled).

use ::doudizhu::{Action as TurnAction, BidMode, Counts, Phase, Rank, Seat, Settlement, View};
use cards_core::{BySeat, Card, CardSet};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, StatefulWidget, Widget};

use super::input;
use super::state::{Sort, Table, current_round, sorted, still_out};
use crate::cards::{CardStyle, card_back_span, card_span};
use crate::hand::{HandCard, HandHits, HandWidget, NEW, PICKED};
use crate::status::{StatusLine, plural};
use crate::theme;
use crate::widgets::Popup;
use crate::windows;

/// The smallest terminal the table fits: a 20-card hand (in ASCII, on two rows if need be),
/// the three seats, the counter and the input line.
pub const MIN_SIZE: (u16, u16) = (60, 20);

/// `cards` as spans, a space between two cards.
fn card_spans(cards: &[Card], style: CardStyle) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, &card) in cards.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(card_span(card, style));
    }
    spans
}

/// `cards`, weakest first, in the widest style no wider than `style` that fits `width`
/// cells; where even ASCII cards do not fit but their ranks do, the ranks only, run together
/// as the crate writes them (`33445TT2B`: suits play no part in Dou Dizhu).
fn fitting_spans(cards: CardSet, style: CardStyle, width: usize) -> Vec<Span<'static>> {
    let n = cards.len();
    let fitting = [CardStyle::Glyph, CardStyle::Symbol, CardStyle::Ascii]
        .into_iter()
        .filter(|s| s.width() <= style.width())
        .find(|s| (s.width() as usize + 1) * n <= width + 1);
    match fitting {
        None if n <= width => vec![Span::raw(Counts::from_cards(cards).to_string())],
        style => card_spans(
            &sorted(cards, Sort::Rank),
            style.unwrap_or(CardStyle::Ascii),
        ),
    }
}

/// One seat's line: name, role, cards left, whether it is to act, then its play or pass in
/// the current round (or its bid in the auction); once the deal is settled, the cards it
/// still held.
pub struct SeatLine<'a> {
    /// The seat.
    pub seat: Seat,
    /// Your view.
    pub view: &'a View,
    /// The seat's name on screen ([`Table::names`]).
    pub name: &'a str,
    /// The columns names take (the longest of the table's names, so the lines align).
    pub name_width: usize,
    /// The seat's cards once revealed (at the settlement).
    pub revealed: Option<CardSet>,
    /// The card style.
    pub style: CardStyle,
}

/// The columns the seat lines give names: the longest name, at least 5 and at most 20.
pub fn name_width(names: &BySeat<String, 3>) -> usize {
    Seat::ALL
        .iter()
        .map(|&seat| names[seat].chars().count())
        .max()
        .unwrap_or(0)
        .clamp(5, 20)
}

impl Widget for SeatLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let view = self.view;
        let seat = self.seat;
        let role = match view.landlord {
            Some(l) if l == seat => Span::styled("landlord", theme::LANDLORD),
            Some(_) => Span::styled(" farmer ", theme::FARMER),
            None => Span::raw("        "),
        };
        let to_act = view.to_move == seat && matches!(view.phase, Phase::Bidding | Phase::Playing);
        let mut spans = vec![
            Span::styled(
                format!("{:<width$} ", self.name, width = self.name_width),
                theme::TITLE,
            ),
            role,
            // Once the hand is shown its count is not needed, and a full hand of 17 needs the
            // room at 80 columns.
            Span::raw(match (self.revealed, view.card_counts[seat]) {
                (Some(_), _) => " ".to_owned(),
                (None, 1) => "  1 card  ".to_owned(),
                (None, n) => format!(" {n:>2} cards "),
            }),
            Span::styled(if to_act { "<  " } else { "   " }, theme::TURN),
        ];
        let used: usize = spans.iter().map(Span::width).sum();
        let room = (area.width as usize).saturating_sub(used + 8);
        if let Some(hand) = self.revealed {
            spans.push(Span::raw("held "));
            spans.extend(fitting_spans(hand, self.style, room));
        } else if let Some(turn) = current_round(&view.history)
            .iter()
            .rev()
            .find(|t| t.seat == seat)
        {
            match turn.action {
                TurnAction::Bid(_) => {}
                TurnAction::Pass => {
                    spans.push(Span::styled("pass", theme::DIM));
                }
                TurnAction::Play { cards, combo } => {
                    let room = room.saturating_sub(combo.to_string().len() + 2);
                    spans.extend(fitting_spans(cards, self.style, room));
                    spans.push(Span::styled(format!("  {combo}"), theme::DIM));
                }
            }
        } else if view.phase == Phase::Bidding {
            let bid = view.history.iter().rev().find(|t| t.seat == seat);
            if let Some(TurnAction::Bid(bid)) = bid.map(|t| t.action) {
                spans.push(Span::raw(format!("bid {bid}")));
            }
        }
        Line::from(spans).render(area, buf);
    }
}

/// The card counter (记牌器): for each rank, how many cards are still out (neither in your
/// hand nor played), ranks with none left dimmed.
pub struct CounterWidget {
    /// The cards still out.
    pub out: Counts,
}

impl Widget for CounterWidget {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut ranks = vec![Span::raw("Out  ")];
        let mut counts = vec![Span::raw("     ")];
        for rank in Rank::ALL {
            let n = self.out.get(rank);
            let style = if n == 0 { theme::DIM } else { theme::TEXT };
            ranks.push(Span::styled(format!("{} ", rank.char()), style));
            counts.push(Span::styled(
                format!("{n} "),
                style.add_modifier(Modifier::BOLD),
            ));
        }
        let [top, bottom] =
            Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(area);
        Line::from(ranks).render(top, buf);
        Line::from(counts).render(bottom, buf);
    }
}

/// Your cards as the hand shows them: selected ones raised and marked, the bottom cards
/// marked `new` in the landlord's hand.
pub fn hand_cards(table: &Table, view: &View) -> Vec<HandCard> {
    let bottom = match view.bottom {
        Some(bottom) if view.landlord == view.seat => bottom,
        _ => CardSet::EMPTY,
    };
    table
        .hand()
        .into_iter()
        .map(|card| {
            let picked = table.selected().contains(card);
            HandCard {
                card,
                mark: if picked {
                    Some(PICKED)
                } else if bottom.contains(card) {
                    Some(NEW)
                } else {
                    None
                },
                raised: picked,
                dim: false,
            }
        })
        .collect()
}

fn info_lines(
    table: &Table,
    view: &View,
    names: &BySeat<String, 3>,
    style: CardStyle,
) -> [Line<'static>; 2] {
    let mut bottom = vec![Span::raw("Bottom: ")];
    match view.bottom {
        Some(cards) => bottom.extend(card_spans(&sorted(cards, Sort::Rank), style)),
        None => {
            for i in 0..3 {
                if i > 0 {
                    bottom.push(Span::raw(" "));
                }
                bottom.push(card_back_span(style));
            }
        }
    }
    let stakes = if view.landlord.is_some() {
        format!(
            "   Multiplier: ×{}   Bombs: {}",
            view.multiplier,
            table.bombs()
        )
    } else {
        match view.auction.leader() {
            Some((seat, _)) => format!(
                "   Auction, highest: {} (×{})",
                names[seat],
                view.auction.base()
            ),
            None => "   Auction".to_owned(),
        }
    };
    bottom.push(Span::styled(text(style, &stakes), theme::TITLE));
    let totals = table.totals();
    let me = table.me().index();
    let totals = format!(
        "Totals: you {:+}, right {:+}, left {:+}   deal {}",
        totals[Seat::ALL[me]],
        totals[Seat::ALL[(me + 1) % 3]],
        totals[Seat::ALL[(me + 2) % 3]],
        table.deal_number()
    );
    [Line::from(bottom), Line::styled(totals, theme::DIM)]
}

fn trick_line(view: &View, names: &BySeat<String, 3>) -> Line<'static> {
    let text = match view.trick {
        Some((seat, play)) => {
            format!("To beat: {play} by {} ({})", names[seat], play.combo)
        }
        None if view.phase == Phase::Playing => {
            if Some(view.to_move) == view.seat {
                "You lead a new round.".to_owned()
            } else {
                format!("{} leads a new round.", names[view.to_move])
            }
        }
        None => String::new(),
    };
    Line::styled(text, theme::TITLE)
}

/// `text` as drawn in `style`: in ASCII, the multiplication sign and arrows spelled out.
fn text(style: CardStyle, text: &str) -> String {
    crate::hearts::ui::text(style, text).replace('×', "x")
}

/// Draws the whole screen: title, bottom cards and stakes, totals, the three seats with their
/// plays this round, the play to beat, the card counter, your hand, the typed ranks, the
/// status line and the footer; then the settlement or the help.
pub fn draw(frame: &mut Frame, table: &Table, style: CardStyle, hits: &mut HandHits) {
    let area = frame.area();
    let view = table.view();
    let names = table.names(&view);
    let settings = table.settings();
    let opponents = table
        .opponents()
        .map_or_else(String::new, |who| format!("— {who} "));
    let title = format!(
        " Dou Dizhu — {} — rules {} — {} bidding {opponents}",
        table.origin(),
        settings.rules,
        match settings.bidding {
            BidMode::Points => "points",
            BidMode::Rob => "call-and-rob",
        },
    );
    let block = Block::bordered()
        .border_set(style.border())
        .title(Span::styled(
            text(style, &title).replace('—', "-"),
            theme::TITLE,
        ));
    let inner = block.inner(area);
    let buf = frame.buffer_mut();
    block.render(area, buf);
    let [
        info,
        seats,
        trick,
        counter,
        _,
        hand_label,
        hand,
        input_row,
        status,
        keys,
    ] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(4),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);

    let [bottom, totals] = info_lines(table, &view, &names, style);
    let [bottom_row, totals_row] =
        Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(info);
    bottom.render(bottom_row, buf);
    totals.render(totals_row, buf);

    let revealed = table.revealed_hands();
    let rows = Layout::vertical([Constraint::Length(1); 3]).split(seats);
    let me = table.me();
    let order = [2, 1, 0].map(|k| Seat::ALL[(me.index() + k) % 3]);
    let name_width = name_width(&names);
    for (&seat, &row) in order.iter().zip(rows.iter()) {
        SeatLine {
            seat,
            view: &view,
            name: &names[seat],
            name_width,
            revealed: revealed.map(|hands| hands[seat]).filter(|_| seat != me),
            style,
        }
        .render(row, buf);
    }
    trick_line(&view, &names).render(trick, buf);
    CounterWidget {
        out: still_out(&view),
    }
    .render(counter, buf);

    let sort = match table.sort() {
        Sort::Rank => "by rank",
        Sort::Count => "by count",
    };
    Line::styled(
        format!(
            "Your hand ({} card{}, {sort}, ranks {}):",
            view.hand.len(),
            plural(view.hand.len()),
            view.hand_counts
        ),
        theme::TITLE,
    )
    .render(hand_label, buf);
    HandWidget {
        cards: &hand_cards(table, &view),
        cursor: Some(table.cursor()),
        style,
    }
    .render(hand, buf, hits);
    Line::raw(format!("Type ranks > {}", table.input())).render(input_row, buf);
    StatusLine(&table.status().spelled(|t| text(style, t))).render(status, buf);
    Line::styled(
        text(style, &input::footer(input::Context::of(table))),
        theme::DIM,
    )
    .render(keys, buf);

    windows::draw_waiting(frame, table.waiting_lines(), style, |t| text(style, t));
    if let (Some(result), Some(hands)) = (table.settlement(), revealed) {
        let lines = settlement_lines(table, &names, &result, hands)
            .into_iter()
            .map(|l| Line::raw(text(style, &l)))
            .collect();
        frame.render_widget(
            Popup {
                title: "Settlement",
                lines,
                style,
            },
            frame.area(),
        );
    }
    let rules: Vec<String> = RULES.iter().map(|&r| r.to_owned()).collect();
    let mut stats = table.stats().tally.rows();
    stats.extend(table.stats().extra.rows());
    let shown = windows::Shared {
        game: "Dou Dizhu",
        keys: &input::help_rows(table.is_remote()),
        rules: &rules,
        stats: &stats,
        style,
    };
    windows::draw_shared(frame, table.overlay(), &shown, |t| text(style, t));
}

/// The rules, for the help window.
const RULES: &[&str] = &[
    "Ranks: 3 < 4 < … < K < A < 2 < B (black joker) < R (red joker).",
    "Plays: single, pair, trio, trio+1, trio+pair, chain of 5+ (3..A), 3+ pairs in a row,",
    "airplanes (2+ trios in a row, bare / +1 single / +1 pair each), four+2 singles or pairs,",
    "bomb (four of a rank) and rocket (BR). Beat the last play with the same kind and length",
    "and a higher rank, or with a bomb; the rocket beats everything.",
    "The landlord (with the 3 bottom cards) plays alone against the two farmers.",
];

/// The settlement: who won and how the stake was made, each seat's payout and total, and
/// the cards each seat still held.
fn settlement_lines(
    table: &Table,
    names: &BySeat<String, 3>,
    result: &Settlement,
    hands: cards_core::BySeat<CardSet, 3>,
) -> Vec<String> {
    let winner = if result.landlord_won {
        "landlord"
    } else {
        "farmers"
    };
    let mut lines = vec![
        format!("Landlord: {}   winner: {winner}", names[result.landlord]),
        result.to_string(),
        String::new(),
        format!(
            "{:<6} {:>6} {:>6}  {}",
            "seat", "deal", "total", "cards left"
        ),
    ];
    let totals = table.totals();
    for seat in Seat::ALL {
        let left = Counts::from_cards(hands[seat]);
        let left = if left.is_empty() {
            "-".to_owned()
        } else {
            left.to_string()
        };
        lines.push(format!(
            "{:<6} {:>+6} {:>+6}  {left}",
            names[seat], result.payouts[seat], totals[seat]
        ));
    }
    lines.push(String::new());
    lines.push(table.after_settlement().to_owned());
    lines
}
