//! Reading cards from text: single cards and lists of cards.
//!
//! Accepted forms for one card (case-insensitive, surrounding whitespace ignored):
//!
//! | form | examples |
//! |---|---|
//! | rank then suit letter | `AS`, `as`, `TD`, `10d`, `2c` |
//! | rank then suit symbol | `A♠`, `10♥`, `Q♢` (white symbols too) |
//! | suit then rank | `♠A`, `S10`, `hq` |
//! | jokers | `BJ` (black), `RJ` (red) |
//! | Unicode card glyph | `🂡` (U+1F0A1) … `🃞` (U+1F0DE); jokers `🃏` (U+1F0CF, black), `🂿` (U+1F0BF, red), `🃟` (U+1F0DF, white, read as black) |
//!
//! A list is a sequence of such tokens separated by whitespace, commas or semicolons
//! (`"AS KD 10H"`, `"AS,KD"`); see [`parse_cards`].

use std::str::FromStr;

use crate::{Card, Rank, Suit};

/// Why a piece of text is not a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseCardError {
    /// The text was empty or only whitespace.
    #[error("empty card text")]
    Empty,
    /// The text is not any accepted card form.
    #[error(
        "unrecognized card {0:?}: expected rank and suit like `AS`, `10h`, `♠Q`, a joker `BJ`/`RJ`, or a card glyph"
    )]
    Unrecognized(String),
}

/// Why a list of cards could not be read. Token numbers count from 0; offsets are byte offsets
/// into the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseListError {
    /// One token is not a card.
    #[error("card {index} (at byte {offset}): {source}")]
    BadCard {
        /// Which token, from 0.
        index: usize,
        /// Its byte offset in the input.
        offset: usize,
        /// What is wrong with it.
        source: ParseCardError,
    },
    /// A card appears twice where a set of distinct cards is expected.
    #[error("card {index} (at byte {offset}): {card} appears twice")]
    Duplicate {
        /// Which token, from 0.
        index: usize,
        /// Its byte offset in the input.
        offset: usize,
        /// The repeated card.
        card: Card,
    },
    /// More cards than the container holds.
    #[error("too many cards: {count} (at most {capacity})")]
    TooMany {
        /// How many tokens were given.
        count: usize,
        /// How many fit.
        capacity: usize,
    },
}

fn parse_rank(text: &str) -> Option<Rank> {
    if text == "10" {
        return Some(Rank::Ten);
    }
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Rank::from_char(c),
        _ => None,
    }
}

fn parse_suit(text: &str) -> Option<Suit> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Suit::from_char(c),
        _ => None,
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let text = s.trim();
        let mut chars = text.chars();
        let Some(first) = chars.next() else {
            return Err(ParseCardError::Empty);
        };
        if chars.as_str().is_empty()
            && let Some(card) = Card::from_glyph(first)
        {
            return Ok(card);
        }
        if text.eq_ignore_ascii_case("BJ") {
            return Ok(Card::BLACK_JOKER);
        }
        if text.eq_ignore_ascii_case("RJ") {
            return Ok(Card::RED_JOKER);
        }
        // Rank then suit: the suit is the last character.
        if let Some((split, _)) = text.char_indices().last()
            && let (Some(rank), Some(suit)) =
                (parse_rank(&text[..split]), parse_suit(&text[split..]))
        {
            return Ok(Card::new(rank, suit));
        }
        // Suit then rank: the suit is the first character.
        let rest = &text[first.len_utf8()..];
        if let (Some(suit), Some(rank)) = (Suit::from_char(first), parse_rank(rest)) {
            return Ok(Card::new(rank, suit));
        }
        Err(ParseCardError::Unrecognized(text.to_owned()))
    }
}

/// Splits a list into `(byte offset, token)` pairs at whitespace, commas and semicolons.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|token| !token.is_empty())
        .map(move |token| (token.as_ptr() as usize - text.as_ptr() as usize, token))
}

/// Reads a list of cards in order, such as `"AS KD 10H"` or `"AS,KD"`. Repeats are allowed
/// (use [`CardSet`](crate::CardSet)'s `FromStr` to reject them); an empty input is an empty
/// list.
///
/// ```
/// use cards_core::{parse_cards, ParseListError};
///
/// let cards = parse_cards("AS, kd 10♥")?;
/// assert_eq!(cards.len(), 3);
/// let err = parse_cards("AS 1X KD").unwrap_err();
/// assert!(matches!(err, ParseListError::BadCard { index: 1, offset: 3, .. }));
/// # Ok::<(), ParseListError>(())
/// ```
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseListError> {
    tokens(text)
        .enumerate()
        .map(|(index, (offset, token))| {
            token.parse().map_err(|source| ParseListError::BadCard {
                index,
                offset,
                source,
            })
        })
        .collect()
}

/// Reads a list of distinct cards, reporting the first repeat.
pub(crate) fn parse_distinct(text: &str) -> Result<Vec<Card>, ParseListError> {
    let mut seen = crate::CardSet::EMPTY;
    let cards = parse_cards(text)?;
    for ((index, (offset, _)), &card) in tokens(text).enumerate().zip(&cards) {
        if !seen.insert(card) {
            return Err(ParseListError::Duplicate {
                index,
                offset,
                card,
            });
        }
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn every_card_parses_in_every_form() {
        for c in Card::all() {
            let mut forms = vec![
                c.to_string(),
                c.to_string().to_lowercase(),
                c.glyph().to_string(),
            ];
            if let (Some(rank), Some(suit)) = (c.rank(), c.suit()) {
                let ranks: Vec<String> = if rank == Rank::Ten {
                    vec!["10".into(), "T".into(), "t".into()]
                } else {
                    vec![
                        rank.char().to_string(),
                        rank.char().to_ascii_lowercase().to_string(),
                    ]
                };
                for r in &ranks {
                    for s in [suit.char(), suit.char().to_ascii_lowercase(), suit.symbol()] {
                        forms.push(format!("{r}{s}"));
                        forms.push(format!("{s}{r}"));
                    }
                }
                forms.push(c.symbol_text());
            }
            for form in forms {
                assert_eq!(form.parse::<Card>(), Ok(c), "{form:?}");
                assert_eq!(
                    format!("  {form}\t").parse::<Card>(),
                    Ok(c),
                    "{form:?} padded"
                );
            }
        }
    }

    #[test]
    fn white_suit_symbols_are_accepted() {
        assert_eq!(card("A♤"), card("AS"));
        assert_eq!(card("♡10"), card("TH"));
        assert_eq!(card("Q♢"), card("QD"));
        assert_eq!(card("2♧"), card("2C"));
    }

    #[test]
    fn bad_cards_are_errors() {
        for bad in [
            "1X", "1S", "11H", "AX", "A", "S", "ASS", "BJJ", "🂬", "🂠", "J", "10", "0S",
        ] {
            assert!(
                matches!(bad.parse::<Card>(), Err(ParseCardError::Unrecognized(_))),
                "{bad:?} parsed"
            );
        }
        assert_eq!("".parse::<Card>(), Err(ParseCardError::Empty));
        assert_eq!("  ".parse::<Card>(), Err(ParseCardError::Empty));
    }

    #[test]
    fn list_reports_the_bad_token() {
        assert_eq!(parse_cards("").unwrap(), vec![]);
        assert_eq!(parse_cards("AS,KD;2c  th").unwrap().len(), 4);
        let err = parse_cards("AS KD ♠Z").unwrap_err();
        assert_eq!(
            err,
            ParseListError::BadCard {
                index: 2,
                offset: 6,
                source: ParseCardError::Unrecognized("♠Z".into())
            }
        );
        let err = parse_distinct("AS KD as").unwrap_err();
        assert_eq!(
            err,
            ParseListError::Duplicate {
                index: 2,
                offset: 6,
                card: card("AS")
            }
        );
        assert!(err.to_string().contains("AS appears twice"));
    }
}
