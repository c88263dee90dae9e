//! Drawing cards: the Unicode playing-card glyphs with red and black suits, or plain ASCII.

use cards_core::{Card, Color as CardColor, Rank};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// How cards are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CardStyle {
    /// The Unicode card glyph followed by rank and suit symbol (`🂡A♠`), on a white card face
    /// with red suits in red.
    #[default]
    Glyph,
    /// Rank and suit symbol only (`A♠`, `10♥`), for fonts without the card glyphs.
    Symbol,
    /// Plain ASCII (`AS`, `TH`, `BJ`), for terminals without Unicode: `--ascii`.
    Ascii,
}

impl CardStyle {
    /// The style for a frontend's `--ascii` flag.
    pub fn from_ascii_flag(ascii: bool) -> CardStyle {
        if ascii {
            CardStyle::Ascii
        } else {
            CardStyle::Glyph
        }
    }

    /// The widest label this style draws, in terminal cells (`🂪10♠` is 4).
    pub const fn width(self) -> u16 {
        match self {
            CardStyle::Glyph => 4,
            CardStyle::Symbol => 3,
            CardStyle::Ascii => 2,
        }
    }
}

/// The card's label in `style`, padded to [`CardStyle::width`].
pub fn card_label(card: Card, style: CardStyle) -> String {
    let text = match style {
        CardStyle::Glyph => format!("{}{}", card.glyph(), short_text(card)),
        CardStyle::Symbol => short_text(card),
        CardStyle::Ascii => card.to_string(),
    };
    pad(&text, style.width())
}

fn short_text(card: Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(Rank::Ten), Some(suit)) => format!("10{}", suit.symbol()),
        (Some(rank), Some(suit)) => format!("{}{}", rank.char(), suit.symbol()),
        _ if card == Card::RED_JOKER => "RJ".into(),
        _ => "BJ".into(),
    }
}

fn pad(text: &str, width: u16) -> String {
    let used = Span::raw(text).width();
    format!(
        "{text}{}",
        " ".repeat((width as usize).saturating_sub(used))
    )
}

/// The style of a face-up card: a white face, red or black ink.
pub fn face_style(card: Card) -> Style {
    let ink = match card.color() {
        CardColor::Red => Color::Red,
        CardColor::Black => Color::Black,
    };
    Style::default().fg(ink).bg(Color::White)
}

/// A face-up card as a styled span.
pub fn card_span(card: Card, style: CardStyle) -> Span<'static> {
    Span::styled(card_label(card, style), face_style(card))
}

/// A face-up card drawn as selected (reversed colours, bold).
pub fn selected_card_span(card: Card, style: CardStyle) -> Span<'static> {
    Span::styled(
        card_label(card, style),
        face_style(card).add_modifier(Modifier::REVERSED | Modifier::BOLD),
    )
}

/// A face-down card: the card-back glyph `🂠` on blue, or `##` in ASCII.
pub fn card_back_span(style: CardStyle) -> Span<'static> {
    let text = match style {
        CardStyle::Glyph => pad("🂠", style.width()),
        CardStyle::Symbol | CardStyle::Ascii => "#".repeat(style.width() as usize),
    };
    Span::styled(text, Style::default().fg(Color::White).bg(Color::Blue))
}

/// An empty slot where a card may go (a foundation, an empty pile): `[  ]`-like dots.
pub fn empty_slot_span(style: CardStyle) -> Span<'static> {
    Span::styled(
        ".".repeat(style.width() as usize),
        Style::default().fg(Color::DarkGray),
    )
}

/// Cards side by side with one space between them, as a line (a hand, a trick, a play).
pub fn cards_line(cards: impl IntoIterator<Item = Card>, style: CardStyle) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, card) in cards.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(card_span(card, style));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn labels_have_a_fixed_width() {
        for style in [CardStyle::Glyph, CardStyle::Symbol, CardStyle::Ascii] {
            for c in Card::all() {
                assert_eq!(
                    card_span(c, style).width(),
                    style.width() as usize,
                    "{c} {style:?}"
                );
            }
            assert_eq!(card_back_span(style).width(), style.width() as usize);
        }
    }

    #[test]
    fn labels_read_as_expected() {
        assert_eq!(card_label(card("AS"), CardStyle::Glyph), "🂡A♠ ");
        assert_eq!(card_label(card("TH"), CardStyle::Symbol), "10♥");
        assert_eq!(card_label(card("TH"), CardStyle::Ascii), "TH");
        assert_eq!(card_label(Card::RED_JOKER, CardStyle::Ascii), "RJ");
    }

    #[test]
    fn red_suits_are_red() {
        assert_eq!(face_style(card("QH")).fg, Some(Color::Red));
        assert_eq!(face_style(card("QD")).fg, Some(Color::Red));
        assert_eq!(face_style(card("QS")).fg, Some(Color::Black));
        assert_eq!(face_style(Card::RED_JOKER).fg, Some(Color::Red));
        assert_eq!(
            cards_line([card("AS"), card("KD")], CardStyle::Ascii).width(),
            5
        );
    }
}
