//! Board coordinates: [`Point`], its two text forms and [`Color`].

use std::fmt;
use std::str::FromStr;

/// The largest board side supported (columns and rows are numbered `0..MAX_SIDE`).
pub const MAX_SIDE: u8 = 32;
/// The smallest board side supported.
pub const MIN_SIDE: u8 = 5;

/// A stone colour. Black moves first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// The first player (`X` in diagrams, `●` in the frontend).
    Black,
    /// The second player (`O` in diagrams, `○` in the frontend).
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];
    /// Number of colours.
    pub const NUM: usize = 2;

    /// The opponent's colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The diagram letter: `X` for Black, `O` for White.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// `0` for Black, `1` for White.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// Error for a colour name that is not `black`/`white` (or `b`/`w`, `x`/`o`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour {0:?} (expected black or white)")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "b" | "x" => Ok(Color::Black),
            "white" | "w" | "o" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_owned())),
        }
    }
}

/// An intersection of the board: column `x` (0 = leftmost, column `a`) and row `y`
/// (0 = bottom, row `1`). Two bytes; both coordinates are below [`MAX_SIDE`].
///
/// Text forms (see [`FromStr`]): the renju/RenLib form `h8` (column letter from `a`, row number
/// from 1; columns past `z` are `aa`..`af`) and Gomocup's 0-based `x,y` (`7,7` is `h8`).
/// [`Display`](fmt::Display) writes the letter form; [`Point::gomocup`] writes the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    ///
    /// # Panics
    /// If a coordinate is not below [`MAX_SIDE`]; use [`Point::try_new`] for unchecked input.
    pub const fn new(x: u8, y: u8) -> Point {
        assert!(
            x < MAX_SIDE && y < MAX_SIDE,
            "point coordinate out of range"
        );
        Point { x, y }
    }

    /// The point at column `x`, row `y`, or `None` if a coordinate is not below [`MAX_SIDE`].
    pub const fn try_new(x: i32, y: i32) -> Option<Point> {
        if x >= 0 && y >= 0 && x < MAX_SIDE as i32 && y < MAX_SIDE as i32 {
            Some(Point {
                x: x as u8,
                y: y as u8,
            })
        } else {
            None
        }
    }

    /// Column, 0-based from the left.
    pub const fn x(self) -> u8 {
        self.x
    }

    /// Row, 0-based from the bottom.
    pub const fn y(self) -> u8 {
        self.y
    }

    /// The point moved by `(dx, dy)`, if still within `0..MAX_SIDE`.
    pub const fn offset(self, dx: i32, dy: i32) -> Option<Point> {
        Point::try_new(self.x as i32 + dx, self.y as i32 + dy)
    }

    /// A value that displays as Gomocup's `x,y` (`7,7`).
    pub const fn gomocup(self) -> Gomocup {
        Gomocup(self)
    }

    /// The centre of a `width`×`height` board (rounded down), where the first move usually goes.
    pub const fn center(width: u8, height: u8) -> Point {
        Point::new(width.saturating_sub(1) / 2, height.saturating_sub(1) / 2)
    }
}

/// Display adapter writing a [`Point`] in Gomocup's 0-based `x,y` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gomocup(pub Point);

impl fmt::Display for Gomocup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0.x, self.0.y)
    }
}

/// Writes the column letters of column `x`: `a`..`z`, then `aa`..`af`.
pub(crate) fn column_name(x: u8) -> String {
    if x < 26 {
        char::from(b'a' + x).to_string()
    } else {
        format!("a{}", char::from(b'a' + (x - 26)))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.x), self.y + 1)
    }
}

/// Why a coordinate string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePointError {
    /// Nothing to parse.
    #[error("empty coordinate")]
    Empty,
    /// Neither `h8` nor `x,y` form.
    #[error("invalid coordinate {0:?} (expected a form like h8 or 7,7)")]
    Syntax(String),
    /// Well formed, but beyond the largest board.
    #[error("coordinate {0:?} is beyond the largest board (32x32)")]
    OutOfRange(String),
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Accepts `h8`/`H8` (one or two column letters, row from 1) and `7,7` (0-based `x,y`,
    /// spaces allowed around the comma). Surrounding whitespace is ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.is_empty() {
            return Err(ParsePointError::Empty);
        }
        let syntax = || ParsePointError::Syntax(s.to_owned());
        let range = || ParsePointError::OutOfRange(s.to_owned());
        if let Some((a, b)) = t.split_once(',') {
            let parse = |v: &str| -> Result<u32, ParsePointError> {
                let v = v.trim();
                if v.is_empty() || v.len() > 3 || !v.bytes().all(|c| c.is_ascii_digit()) {
                    return Err(syntax());
                }
                v.parse::<u32>().map_err(|_| syntax())
            };
            let (x, y) = (parse(a)?, parse(b)?);
            if x >= u32::from(MAX_SIDE) || y >= u32::from(MAX_SIDE) {
                return Err(range());
            }
            return Ok(Point::new(x as u8, y as u8));
        }
        let letters = t.bytes().take_while(u8::is_ascii_alphabetic).count();
        let (col, row) = t.split_at(letters);
        if letters == 0
            || letters > 2
            || row.is_empty()
            || row.len() > 3
            || !row.bytes().all(|c| c.is_ascii_digit())
        {
            return Err(syntax());
        }
        let col = col.to_ascii_lowercase();
        let col = col.as_bytes();
        let x = if col.len() == 1 {
            u32::from(col[0] - b'a')
        } else {
            if col[0] != b'a' {
                return Err(range());
            }
            26 + u32::from(col[1] - b'a')
        };
        let y: u32 = row.parse().map_err(|_| syntax())?;
        if y == 0 {
            return Err(syntax());
        }
        if x >= u32::from(MAX_SIDE) || y > u32::from(MAX_SIDE) {
            return Err(range());
        }
        Ok(Point::new(x as u8, (y - 1) as u8))
    }
}

game::serde_as_text!(Point);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_is_two_bytes() {
        assert_eq!(std::mem::size_of::<Point>(), 2);
        assert_eq!(std::mem::size_of::<Option<Point>>(), 3);
    }

    #[test]
    fn parses_both_forms() {
        assert_eq!("h8".parse::<Point>(), Ok(Point::new(7, 7)));
        assert_eq!("H8".parse::<Point>(), Ok(Point::new(7, 7)));
        assert_eq!("7,7".parse::<Point>(), Ok(Point::new(7, 7)));
        assert_eq!(" 0 , 14 ".parse::<Point>(), Ok(Point::new(0, 14)));
        assert_eq!("a1".parse::<Point>(), Ok(Point::new(0, 0)));
        assert_eq!("z26".parse::<Point>(), Ok(Point::new(25, 25)));
        assert_eq!("af32".parse::<Point>(), Ok(Point::new(31, 31)));
        assert_eq!("aa1".parse::<Point>(), Ok(Point::new(26, 0)));
    }

    #[test]
    fn rejects_bad_forms() {
        for bad in [
            "", "h", "8", "h0", "hh", "ag1", "ba1", "32,0", "1,", ",1", "h8x", "-1,2", "é8",
        ] {
            assert!(bad.parse::<Point>().is_err(), "{bad:?}");
        }
        assert_eq!(
            "a33".parse::<Point>(),
            Err(ParsePointError::OutOfRange("a33".into()))
        );
    }

    #[test]
    fn display_round_trips() {
        for x in 0..MAX_SIDE {
            for y in 0..MAX_SIDE {
                let p = Point::new(x, y);
                assert_eq!(p.to_string().parse::<Point>(), Ok(p));
                assert_eq!(p.gomocup().to_string().parse::<Point>(), Ok(p));
            }
        }
        assert_eq!(Point::new(7, 7).to_string(), "h8");
        assert_eq!(Point::new(7, 7).gomocup().to_string(), "7,7");
    }

    #[test]
    fn colours() {
        assert_eq!(Color::Black.other(), Color::White);
        assert_eq!("W".parse::<Color>(), Ok(Color::White));
        assert!("red".parse::<Color>().is_err());
    }
}
