//! Drawing cards, and the character set of everything else on screen.
//!
//! A game keeps one [`CardStyle`] (from `--ascii` / `--symbols`, see [`StyleArgs`]) and draws
//! every card with [`card_span`] and friends, and every border, pointer and arrow with the
//! style's methods ([`CardStyle::border`], [`CardStyle::pointer`], [`CardStyle::arrow`]), so
//! that `--ascii` prints ASCII only.
//!
//! ```
//! use parlor_tui::cards::{CardStyle, card_label};
//! let ace = "AS".parse().unwrap();
//! assert_eq!(card_label(ace, CardStyle::Symbol), "A♠ ");
//! assert_eq!(card_label(ace, CardStyle::Ascii), "AS");
//! assert_eq!(CardStyle::Ascii.pointer(), ">");
//! ```

use cards_core::{Card, Color as CardColor, Rank};
use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};

use crate::theme;

/// The `--ascii` and `--symbols` flags every game's command line takes (clap: flatten it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::Args)]
pub struct StyleArgs {
    /// Draw with ASCII only: card names like `AS`, plain borders and arrows.
    #[arg(long)]
    pub ascii: bool,
    /// Draw cards as rank and suit symbol (`A♠`), for fonts without playing-card glyphs.
    #[arg(long, conflicts_with = "ascii")]
    pub symbols: bool,
}

impl StyleArgs {
    /// The style these flags ask for.
    pub fn style(self) -> CardStyle {
        CardStyle::from_flags(self.ascii, self.symbols)
    }
}

/// A direction, for [`CardStyle::arrow`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// ←
    Left,
    /// →
    Right,
    /// ↑
    Up,
    /// ↓
    Down,
}

/// ASCII borders: `+`, `-` and `|`.
pub const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

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

    /// The style for the `--ascii` and `--symbols` flags (ASCII wins if both are given).
    pub fn from_flags(ascii: bool, symbols: bool) -> CardStyle {
        match (ascii, symbols) {
            (true, _) => CardStyle::Ascii,
            (false, true) => CardStyle::Symbol,
            (false, false) => CardStyle::Glyph,
        }
    }

    /// Whether this style draws ASCII only.
    pub const fn is_ascii(self) -> bool {
        matches!(self, CardStyle::Ascii)
    }

    /// The border set of panels and popups: rounded, or `+-|` in ASCII.
    pub const fn border(self) -> border::Set {
        if self.is_ascii() {
            ASCII_BORDER
        } else {
            border::ROUNDED
        }
    }

    /// The marker in front of the chosen line of a menu: `▶` or `>`.
    pub const fn pointer(self) -> &'static str {
        if self.is_ascii() { ">" } else { "▶" }
    }

    /// The marker that points back, left of a value to change: `◀` or `<`.
    pub const fn pointer_left(self) -> &'static str {
        if self.is_ascii() { "<" } else { "◀" }
    }

    /// The separator between items of a footer: ` · ` or ` | `.
    pub const fn separator(self) -> &'static str {
        if self.is_ascii() { " | " } else { " · " }
    }

    /// An arrow key's name: `←` or `Left`.
    pub const fn arrow(self, direction: Direction) -> &'static str {
        match (self.is_ascii(), direction) {
            (false, Direction::Left) => "←",
            (false, Direction::Right) => "→",
            (false, Direction::Up) => "↑",
            (false, Direction::Down) => "↓",
            (true, Direction::Left) => "Left",
            (true, Direction::Right) => "Right",
            (true, Direction::Up) => "Up",
            (true, Direction::Down) => "Down",
        }
    }

    /// The ellipsis that ends a message still in progress: `…` or `...`.
    pub const fn ellipsis(self) -> &'static str {
        if self.is_ascii() { "..." } else { "…" }
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

/// The card's name in running text (a message, a hint), unpadded: `10♥` (`TH` in ASCII).
pub fn card_name(card: Card, style: CardStyle) -> String {
    match style {
        CardStyle::Ascii => card.to_string(),
        CardStyle::Glyph | CardStyle::Symbol => short_text(card),
    }
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
    match card.color() {
        CardColor::Red => theme::CARD_RED,
        CardColor::Black => theme::CARD_BLACK,
    }
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
    Span::styled(text, theme::CARD_BACK)
}

/// An empty slot where a card may go (a foundation, an empty pile): `[  ]`-like dots.
pub fn empty_slot_span(style: CardStyle) -> Span<'static> {
    Span::styled(".".repeat(style.width() as usize), theme::EMPTY_SLOT)
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

/// With `--ascii`: every symbol the screen drew outside ASCII (separators, arrows, marks,
/// popup borders) replaced by an ASCII stand-in, after everything is drawn.
pub(crate) fn ascii_only(buf: &mut Buffer) {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            if cell.symbol().is_ascii() {
                continue;
            }
            let stand_in = match cell.symbol() {
                "·" => ".",
                "…" => "~",
                "—" | "─" | "━" | "═" => "-",
                "│" | "┃" | "║" | "▏" => "|",
                "▶" | "→" => ">",
                "←" => "<",
                "↑" => "^",
                "↓" => "v",
                "×" => "x",
                "╭" | "╮" | "╰" | "╯" | "┌" | "┐" | "└" | "┘" | "├" | "┤" | "┬" | "┴" | "┼" => {
                    "+"
                }
                _ => "?",
            };
            cell.set_symbol(stand_in);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

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
    fn the_ascii_style_draws_ascii_only() {
        let style = CardStyle::Ascii;
        let mut text: String = Card::all().map(|c| card_label(c, style)).collect();
        text.push_str(&card_back_span(style).content);
        let b = style.border();
        for part in [
            b.top_left,
            b.horizontal_top,
            b.vertical_left,
            style.pointer(),
        ] {
            text.push_str(part);
        }
        for d in [
            Direction::Left,
            Direction::Right,
            Direction::Up,
            Direction::Down,
        ] {
            text.push_str(style.arrow(d));
        }
        text.push_str(style.separator());
        text.push_str(style.ellipsis());
        assert!(text.is_ascii(), "{text}");
        assert!(!CardStyle::Symbol.pointer().is_ascii());
    }

    #[test]
    fn flags_choose_the_style() {
        assert_eq!(CardStyle::from_flags(false, false), CardStyle::Glyph);
        assert_eq!(CardStyle::from_flags(false, true), CardStyle::Symbol);
        assert_eq!(CardStyle::from_flags(true, false), CardStyle::Ascii);
        assert_eq!(CardStyle::from_flags(true, true), CardStyle::Ascii);
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
