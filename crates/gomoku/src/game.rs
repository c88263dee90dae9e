//! [`Game`]: a position with its move history, undo and records.

use crate::board::SizeError;
use crate::illegal::IllegalMove;
use crate::point::{ParsePointError, Point};
use crate::position::{Outcome, Position, Setup, SetupError};
use crate::rule::Settings;

/// A game: the starting position, the moves played since, and the current position. Moves
/// placed by an opening rule ([`Opening::finish`](crate::opening::Opening::finish)) are part
/// of the record but cannot be undone.
///
/// ```
/// use gomoku::{Game, Rule, Color};
/// let mut game = Game::new(15, 15, Rule::Standard)?;
/// for m in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4"] {
///     game.play(m.parse()?)?;
/// }
/// let outcome = game.play("l8".parse()?)?.expect("five ends the game");
/// assert_eq!(outcome.winner(), Some(Color::Black));
/// assert_eq!(game.position().winning_line().unwrap().to_string(), "h8-l8");
/// game.undo();
/// assert!(!game.position().is_over());
/// assert_eq!(game.record(), "h8 a1 i8 a2 j8 a3 k8 a4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Point>,
    /// How many of the first moves the opening placed (undo stops there).
    opening: usize,
}

impl Game {
    /// A game on an empty `width`×`height` board.
    pub fn new(width: u8, height: u8, settings: impl Into<Settings>) -> Result<Game, SizeError> {
        Ok(Game::from_position(Position::new(width, height, settings)?))
    }

    /// A game starting from `position`.
    pub fn from_position(position: Position) -> Game {
        Game {
            start: position.clone(),
            position,
            moves: Vec::new(),
            opening: 0,
        }
    }

    /// A game starting from a validated [`Setup`].
    pub fn from_setup(setup: &Setup) -> Result<Game, SetupError> {
        Ok(Game::from_position(Position::from_setup(setup)?))
    }

    /// The current position.
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The starting position.
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played from the start, in order.
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The first moves, placed by an opening rule; empty without one.
    pub fn opening_moves(&self) -> &[Point] {
        &self.moves[..self.opening]
    }

    /// Marks the moves played so far as the opening's: undo no longer takes them back.
    pub(crate) fn end_opening(&mut self) {
        self.opening = self.moves.len();
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<Point> {
        self.moves.last().copied()
    }

    /// Plays `p` for the side to move (checked; nothing changes on error).
    pub fn play(&mut self, p: Point) -> Result<Option<Outcome>, IllegalMove> {
        let outcome = self.position.play(p)?;
        self.moves.push(p);
        Ok(outcome)
    }

    /// Plays `p` for the side to move without checks (see [`Position::play_unchecked`]).
    pub fn play_unchecked(&mut self, p: Point) -> Option<Outcome> {
        self.moves.push(p);
        self.position.play_unchecked(p)
    }

    /// Takes back the last move; returns it, or `None` at the start and once only the
    /// opening's stones are left.
    pub fn undo(&mut self) -> Option<Point> {
        if self.moves.len() <= self.opening {
            return None;
        }
        let p = self.moves.pop()?;
        self.position.unplay_unchecked(p);
        Some(p)
    }

    /// The moves as a space-separated list in `h8` form.
    pub fn record(&self) -> String {
        format_moves(&self.moves)
    }

    /// The current board as a text diagram.
    pub fn diagram(&self) -> String {
        self.position.diagram()
    }
}

/// Writes moves as a space-separated list in `h8` form.
pub fn format_moves(moves: &[Point]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move list that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ({text:?}): {source}")]
pub struct ParseMovesError {
    /// 0-based index of the bad entry.
    pub index: usize,
    /// Its text.
    pub text: String,
    /// What is wrong.
    pub source: ParsePointError,
}

/// Reads a move list: points in either form separated by whitespace or `;`
/// (`"h8 i9 j10"`, `"7,7; 8,8"`). Letter-form moves may also be run together (`"h8i9j10"`),
/// as RenLib and many sites write them.
pub fn parse_moves(text: &str) -> Result<Vec<Point>, ParseMovesError> {
    let mut out = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|t| !t.is_empty())
    {
        if token.contains(',') {
            out.push(token.parse().map_err(|source| ParseMovesError {
                index: out.len(),
                text: token.to_owned(),
                source,
            })?);
            continue;
        }
        // Split "h8i9" into "h8", "i9": a piece is letters followed by digits.
        let bytes = token.as_bytes();
        let mut start = 0;
        while start < bytes.len() {
            let mut i = start;
            while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                i += 1;
            }
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                // A character that is neither: take the rest of the token as one bad piece.
                i = bytes.len();
            }
            while !token.is_char_boundary(i) {
                i += 1;
            }
            let piece = &token[start..i];
            out.push(piece.parse().map_err(|source| ParseMovesError {
                index: out.len(),
                text: piece.to_owned(),
                source,
            })?);
            start = i;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_move_lists() {
        let m = parse_moves("h8 i9;j10  7,7\tH8i9").unwrap();
        assert_eq!(format_moves(&m), "h8 i9 j10 h8 h8 i9");
        let e = parse_moves("h8 zz9").unwrap_err();
        assert_eq!(e.index, 1);
        assert!(parse_moves("h8 ?").is_err());
        assert!(parse_moves("h8é").is_err());
        assert_eq!(parse_moves("  ").unwrap(), []);
    }

    #[test]
    fn undo_restores_everything() {
        let mut g = Game::new(15, 15, crate::Rule::Renju).unwrap();
        let before = g.position().clone();
        g.play(Point::new(7, 7)).unwrap();
        g.play(Point::new(8, 8)).unwrap();
        assert_eq!(g.undo(), Some(Point::new(8, 8)));
        assert_eq!(g.undo(), Some(Point::new(7, 7)));
        assert_eq!(g.undo(), None);
        assert_eq!(g.position(), &before);
    }
}
