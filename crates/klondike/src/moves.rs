//! `Move`, its text form, and `MoveList`, the fixed-capacity buffer legal moves go into.
//!
//! # Text form
//!
//! | text | move |
//! |---|---|
//! | `stock` | turn the next N cards (the draw) from the stock to the waste |
//! | `recycle` | turn the waste back over into the stock |
//! | `w-3` | the waste's top card to tableau pile 3 |
//! | `w-f` | the waste's top card to its foundation |
//! | `2-f` | the top card of pile 2 to its foundation |
//! | `5:3-1` | the top three cards of pile 5 (a face-up run) onto pile 1 |
//! | `5-1` | shorthand for `5:1-1`, one card |
//! | `fH-3` | the top card of the hearts foundation to pile 3 (suit letter `C`, `D`, `H`, `S`) |
//!
//! Piles are numbered 1 to 7 from the left. Parsing ignores case and surrounding whitespace
//! and also accepts suit symbols (`f♥-3`) and `5:1-1`; printing is canonical: lowercase
//! words, `w`, `f`, an uppercase suit letter, and `5-1` for a one-card move.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use cards_core::Suit;

/// One move. Pile numbers inside are 0-based (`0..7`); the text form prints them 1-based.
///
/// ```
/// use klondike::Move;
/// let mv: Move = "5:3-1".parse()?;
/// assert_eq!(mv, Move::PileToPile { from: 4, count: 3, to: 0 });
/// assert_eq!(mv.to_string(), "5:3-1");
/// assert_eq!("5:1-1".parse::<Move>()?.to_string(), "5-1");
/// assert_eq!("Fh-3".parse::<Move>()?.to_string(), "fH-3");
/// # Ok::<(), klondike::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Turn the next cards of the stock onto the waste.
    Stock,
    /// Turn the waste back into the stock (starts a new pass).
    Recycle,
    /// The waste's top card to a tableau pile.
    WasteToPile(u8),
    /// The waste's top card to its foundation.
    WasteToFoundation,
    /// A tableau pile's top card to its foundation.
    PileToFoundation(u8),
    /// The top `count` cards of pile `from` (a face-up run) onto pile `to`.
    PileToPile {
        /// Source pile, 0-based.
        from: u8,
        /// Cards moved, 1 or more.
        count: u8,
        /// Target pile, 0-based.
        to: u8,
    },
    /// The top card of a foundation back onto a tableau pile.
    FoundationToPile {
        /// The foundation's suit.
        suit: Suit,
        /// Target pile, 0-based.
        to: u8,
    },
}

/// Why a text is not a move (syntax only; legality is checked by
/// [`Klondike::play`](crate::Klondike::play)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid move {text:?}: {reason}")]
pub struct ParseMoveError {
    text: String,
    reason: &'static str,
}

impl ParseMoveError {
    fn new(text: &str, reason: &'static str) -> ParseMoveError {
        ParseMoveError {
            text: text.to_owned(),
            reason,
        }
    }

    /// What was wrong with the text.
    pub fn reason(&self) -> &'static str {
        self.reason
    }
}

const FORMS: &str = "expected stock, recycle, w-3, w-f, 2-f, 5:3-1, 5-1 or fH-3";

fn parse_pile(text: &str) -> Option<u8> {
    match text.parse::<u8>() {
        Ok(n @ 1..=7) => Some(n - 1),
        _ => None,
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let text = s.trim().to_lowercase();
        match text.as_str() {
            "" => return Err(ParseMoveError::new(s, "empty move")),
            "stock" => return Ok(Move::Stock),
            "recycle" => return Ok(Move::Recycle),
            _ => {}
        }
        let Some((source, target)) = text.split_once('-') else {
            return Err(ParseMoveError::new(s, FORMS));
        };
        let to_foundation = target == "f";
        let to_pile = if to_foundation {
            0
        } else {
            parse_pile(target)
                .ok_or_else(|| ParseMoveError::new(s, "the target must be f or a pile 1-7"))?
        };
        if source == "w" {
            return Ok(if to_foundation {
                Move::WasteToFoundation
            } else {
                Move::WasteToPile(to_pile)
            });
        }
        if let Some(suit) = source.strip_prefix('f') {
            let mut chars = suit.chars();
            let suit = match (chars.next(), chars.next()) {
                (Some(c), None) => Suit::from_char(c),
                _ => None,
            }
            .ok_or_else(|| {
                ParseMoveError::new(s, "a foundation is f and a suit letter: fC, fD, fH, fS")
            })?;
            if to_foundation {
                return Err(ParseMoveError::new(
                    s,
                    "a card cannot move from a foundation to a foundation",
                ));
            }
            return Ok(Move::FoundationToPile { suit, to: to_pile });
        }
        let (from, count) = match source.split_once(':') {
            Some((from, count)) => {
                let Ok(count @ 1..=13) = count.parse::<u8>() else {
                    return Err(ParseMoveError::new(s, "the card count must be 1 to 13"));
                };
                (from, count)
            }
            None => (source, 1),
        };
        let from = parse_pile(from)
            .ok_or_else(|| ParseMoveError::new(s, "the source must be w, f<suit> or a pile 1-7"))?;
        if !to_foundation && from == to_pile {
            return Err(ParseMoveError::new(
                s,
                "a run cannot move onto its own pile",
            ));
        }
        if to_foundation {
            if count != 1 {
                return Err(ParseMoveError::new(
                    s,
                    "only one card at a time goes to a foundation",
                ));
            }
            return Ok(Move::PileToFoundation(from));
        }
        Ok(Move::PileToPile {
            from,
            count,
            to: to_pile,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Stock => f.write_str("stock"),
            Move::Recycle => f.write_str("recycle"),
            Move::WasteToPile(to) => write!(f, "w-{}", to + 1),
            Move::WasteToFoundation => f.write_str("w-f"),
            Move::PileToFoundation(from) => write!(f, "{}-f", from + 1),
            Move::PileToPile { from, count: 1, to } => write!(f, "{}-{}", from + 1, to + 1),
            Move::PileToPile { from, count, to } => write!(f, "{}:{}-{}", from + 1, count, to + 1),
            Move::FoundationToPile { suit, to } => write!(f, "f{}-{}", suit.char(), to + 1),
        }
    }
}

game::serde_as_text!(Move);

/// A fixed-capacity list of moves: what [`Klondike::legal_moves`](crate::Klondike::legal_moves)
/// fills. No allocation.
///
/// No position has more than [`MoveList::MAX_LEGAL`] = 30 legal moves, so the capacity of 32
/// always suffices. With `e` empty piles, `n = 7 - e` non-empty piles and `c` complete
/// foundations:
/// - stock turn or recycle: at most 1;
/// - to a foundation: at most `4 - c`, one per unfinished suit (its next card lies in one
///   place, the waste top or a pile);
/// - onto a non-empty pile: at most 2 per pile, one per card that fits on its top (the two
///   cards one rank lower in the other colour, each in one place), so `2n`;
/// - onto an empty pile: only a King or a run from a King. A movable King lies at the bottom
///   of a pile's face-up run (at most one per pile), on the waste top, or on a complete
///   foundation, so at most `min(4, n + 1 + c)` Kings, each to `e` piles.
///
/// The sum `1 + (4 - c) + 2n + e * min(4, n + 1 + c)` is largest, 30, at `n = 0`, `c = 3`:
/// seven empty piles, three complete foundations, the fourth up to its Queen, its King alone
/// on the waste (recycle, `w-f`, and four Kings to seven piles). The next best is 29 (`n = 1`,
/// `c = 2`). The test `move_list_holds_the_worst_case` plays that position.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: u8,
}

impl MoveList {
    /// The capacity: at least [`MAX_LEGAL`](MoveList::MAX_LEGAL).
    pub const CAPACITY: usize = 32;
    /// The most legal moves any position has (see the type's documentation).
    pub const MAX_LEGAL: usize = 30;

    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::Stock; MoveList::CAPACITY],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list is full, which the documented bound rules out for legal moves.
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len as usize] = mv;
        self.len += 1;
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

const _: () = assert!(MoveList::MAX_LEGAL <= MoveList::CAPACITY);

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_small() {
        assert!(
            std::mem::size_of::<Move>() <= 4,
            "{}",
            std::mem::size_of::<Move>()
        );
    }

    #[test]
    fn text_round_trips() {
        for text in [
            "stock", "recycle", "w-3", "w-f", "2-f", "5:3-1", "5-1", "fH-3", "fC-7", "7:13-1",
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        assert_eq!("  STOCK ".parse::<Move>(), Ok(Move::Stock));
        assert_eq!("W-F".parse::<Move>(), Ok(Move::WasteToFoundation));
        assert_eq!(
            "fs-1".parse::<Move>(),
            Ok(Move::FoundationToPile {
                suit: Suit::Spades,
                to: 0
            })
        );
        assert_eq!(
            "f♥-2".parse::<Move>(),
            Ok(Move::FoundationToPile {
                suit: Suit::Hearts,
                to: 1
            })
        );
        assert_eq!("3:1-f".parse::<Move>(), Ok(Move::PileToFoundation(2)));
    }

    #[test]
    fn bad_text_is_rejected_with_a_reason() {
        for text in [
            "", "draw", "8-1", "0-1", "1-8", "w-w", "f-1", "fX-1", "fH-f", "3:2-f", "3:0-1",
            "3:14-1", "1:-2", "x", "3-3", "2:4-2",
        ] {
            let err = text.parse::<Move>().unwrap_err();
            assert!(!err.reason().is_empty(), "{text}");
            assert!(err.to_string().starts_with("invalid move"), "{err}");
        }
    }

    #[test]
    fn list_pushes_and_derefs() {
        let mut list = MoveList::new();
        assert!(list.is_empty());
        list.push(Move::Stock);
        list.push(Move::Recycle);
        assert_eq!(list.as_slice(), &[Move::Stock, Move::Recycle]);
        list.clear();
        assert_eq!(list.len(), 0);
    }
}
