//! A hand of face-up cards, shared by Hearts and Dou Dizhu: one row of cards with a row of
//! marks under it (`pass`, `new`, `^` for the cursor), in the widest card style that fits the
//! rows the area has (wrapping onto the next row pair when one row is not enough). Where each card was drawn is
//! recorded in [`HandHits`] (the widget's state) for mouse clicks.
//!
//! ```
//! use parlor_tui::cards::CardStyle;
//! use parlor_tui::hand::{HandCard, HandHits, HandWidget};
//! use ratatui::{buffer::Buffer, layout::Rect, widgets::StatefulWidget};
//!
//! let cards: Vec<HandCard> = cards_core::parse_cards("3C 4D").unwrap()
//!     .into_iter().map(HandCard::plain).collect();
//! let mut buffer = Buffer::empty(Rect::new(0, 0, 5, 2));
//! let mut hits = HandHits::default();
//! HandWidget { cards: &cards, cursor: Some(1), style: CardStyle::Ascii }
//!     .render(buffer.area, &mut buffer, &mut hits);
//! assert_eq!(hits.card_at(3, 0), Some(1));
//! ```

use cards_core::Card;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::widgets::StatefulWidget;

use crate::cards::{CardStyle, card_span};
use crate::theme;

/// A word under a card: four cells wide with glyphs, two in the narrower styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// With room for four cells.
    pub wide: &'static str,
    /// With two or three cells.
    pub narrow: &'static str,
}

/// Picked (Hearts: for the pass; Dou Dizhu: for the play).
pub const PICKED: Mark = Mark {
    wide: "pick",
    narrow: "**",
};
/// Picked for the pass.
pub const PASS: Mark = Mark {
    wide: "pass",
    narrow: "**",
};
/// Received: in the pass (Hearts) or with the bottom cards (Dou Dizhu).
pub const NEW: Mark = Mark {
    wide: "new",
    narrow: "++",
};

/// One card of the hand and how it looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandCard {
    /// The card.
    pub card: Card,
    /// Its mark, if any.
    pub mark: Option<Mark>,
    /// Drawn raised (reversed): picked.
    pub raised: bool,
    /// Drawn dimmed: not playable now.
    pub dim: bool,
}

impl HandCard {
    /// A card with no mark, neither raised nor dimmed.
    pub const fn plain(card: Card) -> HandCard {
        HandCard {
            card,
            mark: None,
            raised: false,
            dim: false,
        }
    }
}

/// Where the hand's cards were last drawn: one rectangle per card (the card and its mark),
/// in hand order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandHits {
    cards: Vec<Rect>,
}

impl HandHits {
    /// The index of the card drawn at (`column`, `row`), if any.
    pub fn card_at(&self, column: u16, row: u16) -> Option<usize> {
        self.cards.iter().position(|r| {
            (r.x..r.x + r.width).contains(&column) && (r.y..r.y + r.height).contains(&row)
        })
    }
}

/// The hand: cards left to right, each over its mark; the cursor bold and underlined with a
/// `^` when it has no other mark.
pub struct HandWidget<'a> {
    /// The cards, in display order.
    pub cards: &'a [HandCard],
    /// The cursor's index, if the hand has a cursor.
    pub cursor: Option<usize>,
    /// The card style asked for (a narrower one is used when the hand does not fit).
    pub style: CardStyle,
}

impl HandWidget<'_> {
    /// The style and cards per row used in `area`: the widest style, no wider than the one
    /// asked for, in which the hand fits the rows the area has (two lines each); else ASCII,
    /// cut short.
    pub fn layout(&self, area: Rect) -> (CardStyle, usize) {
        let n = self.cards.len();
        let rows = area.height.div_ceil(2).max(1) as usize;
        let per_row = |s: CardStyle| (area.width as usize + 1) / (s.width() as usize + 1);
        let style = [CardStyle::Glyph, CardStyle::Symbol, CardStyle::Ascii]
            .into_iter()
            .filter(|s| s.width() <= self.style.width())
            .find(|&s| per_row(s) * rows >= n)
            .unwrap_or(CardStyle::Ascii);
        (style, per_row(style).max(1))
    }
}

impl StatefulWidget for HandWidget<'_> {
    type State = HandHits;

    fn render(self, area: Rect, buf: &mut Buffer, hits: &mut HandHits) {
        hits.cards.clear();
        let (style, per_row) = self.layout(area);
        let width = style.width();
        for (i, hand_card) in self.cards.iter().enumerate() {
            let x = area.x + (i % per_row) as u16 * (width + 1);
            let y = area.y + (i / per_row) as u16 * 2;
            if y >= area.bottom() {
                break;
            }
            let cursor = self.cursor == Some(i);
            let mut span = card_span(hand_card.card, style);
            if hand_card.dim {
                span.style = span.style.add_modifier(Modifier::DIM).fg(Color::DarkGray);
            }
            if hand_card.raised {
                span.style = span.style.add_modifier(Modifier::REVERSED);
            }
            if cursor {
                span.style = span
                    .style
                    .add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            }
            buf.set_span(x, y, &span, width);
            let mark = match hand_card.mark {
                Some(mark) if width >= 4 => mark.wide,
                Some(mark) => mark.narrow,
                None if cursor => "^",
                None => "",
            };
            let rows = if y + 1 < area.bottom() {
                let mark = format!("{mark:^w$}", w = width as usize);
                buf.set_string(x, y + 1, mark, theme::KEY);
                2
            } else {
                1
            };
            hits.cards.push(Rect::new(x, y, width, rows));
        }
    }
}
